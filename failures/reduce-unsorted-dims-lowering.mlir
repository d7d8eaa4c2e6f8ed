// Found by utils/fuzz/split_fuzz.py (--unsorted-dims). Not a --split-tensors
// bug: the lowering to the CPU rejects an hlo.reduce whose dimensions are not
// in increasing order, which the hlo verifier accepts (docs/HLO.md, reduce C4:
// only no repeats) and the interpreter runs.
//
//   fuse-run failures/reduce-unsorted-dims-lowering.mlir --random-inputs=1 --interpret   # -1.828...
//   fuse-run failures/reduce-unsorted-dims-lowering.mlir --random-inputs=1
//   error: 'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint:
//          i64 dense array attribute should be in increasing order
//   fuse-run: error: lowering to the CPU failed
//
// The HLO-to-linalg pattern for reduce passes `dimensions` through as given;
// sorting them (the result shape does not depend on their order) would fix it,
// or the verifier should require increasing order.
func.func @f(%x: tensor<3x4xf64>) -> tensor<f64> {
  %z = hlo.constant dense<0.0> : tensor<f64>
  %s = hlo.reduce add(%x init %z) dims = [1, 0] : (tensor<3x4xf64>, tensor<f64>) -> tensor<f64>
  return %s : tensor<f64>
}
