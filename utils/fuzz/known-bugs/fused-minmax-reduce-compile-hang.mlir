// Found by utils/fuzz/split_fuzz.py (--seed 4 --count 200 --known-bugs,
// @s9_14: a reduce minimum split into 38 slices of 10x10x1, then fused). Not
// a --split-tensors bug: the program below has no split, and the split
// program runs fine unfused. After --fuse-elementwise puts the broadcasts,
// the add and the reduce into one input fusion, fuse-run never finishes: the
// JIT compile hangs in LLVM's loop vectorizer (the main thread recurses in
// llvm::vputils::isUniformAcrossVFsAndUFs, libLLVM 22), a sibling of
// fused-select-reduce-compile-hang.mlir.
//
//   fuse-run utils/fuzz/known-bugs/fused-minmax-reduce-compile-hang.mlir --random-inputs=1 --check     # ok
//   fuse-opt utils/fuzz/known-bugs/fused-minmax-reduce-compile-hang.mlir --fuse-elementwise \
//     | fuse-run - --random-inputs=1                                                  # hangs
//   ... | fuse-run - --random-inputs=1 --pipeline-options=parallel=0                  # ok
//   ... | fuse-run - --random-inputs=1 --interpret                                     # ok
//
// What matters: reduce minimum or maximum (add is fine) over dimension 0 of
// a fused N x N x 1 tensor made of two broadcasts, with N from 10 to 13 (2-9,
// 16, 20, 24, 30 are fine); longer elementwise chains (the fuzzer's had
// subtract, minimum, multiply and exponential) hang too, though some small
// changes to them make it compile; 10 x 10 x 2 is fine; f32 or f64; the
// default parallel lowering.
func.func @f(%c: tensor<10xf64>, %x: tensor<10x1xf64>) -> tensor<10x1xf64> {
  %a = hlo.broadcast_in_dim %c, dims = [0] : (tensor<10xf64>) -> tensor<10x10x1xf64>
  %b = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<10x1xf64>) -> tensor<10x10x1xf64>
  %m = hlo.add %a, %b : tensor<10x10x1xf64>
  %init = hlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %r = hlo.reduce minimum(%m init %init) dims = [0] : (tensor<10x10x1xf64>, tensor<f64>) -> tensor<10x1xf64>
  return %r : tensor<10x1xf64>
}
