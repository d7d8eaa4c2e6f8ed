// Found by fuse-opt-fuzzer (scripts/fuzz.sh, 2026-11-26); a bug of MLIR 22,
// not of fuse: linalg.reduce's parser stores the result of parsing its
// `dimensions` array without checking it, so any malformed array (here `[a]`) crashes
// the parser (a null attribute in NamedAttrList::set) after the error.
// `mlir-opt` itself crashes on this file; fuse-opt does too, as it uses the
// same parser. Expected: an error at the array and exit 1.
//
//   /usr/lib/llvm-22/bin/mlir-opt utils/fuzz/upstream-bugs/linalg-reduce-bad-dimensions.mlir
func.func @f(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4xf32>) outs(%init : tensor<f32>) dimensions = [a]
  return %r : tensor<f32>
}
