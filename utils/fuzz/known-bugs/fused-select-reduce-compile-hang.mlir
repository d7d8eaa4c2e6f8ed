// Found by utils/fuzz/split_fuzz.py (seed 3, a split program with a
// select-based maximum as start op, fused). Not a --split-tensors bug: the
// program below has no split at all. After --fuse-elementwise puts the
// broadcast and the reduce into one input fusion, fuse-run never finishes:
// the JIT compile hangs in LLVM's loop vectorizer (the main thread recurses
// in llvm::vputils::isSingleScalar, libLLVM 22), presumably exponential on
// the fully unrolled chain of 32 compare/select steps.
//
//   fuse-run utils/fuzz/known-bugs/fused-select-reduce-compile-hang.mlir --random-inputs=1 --check        # ok
//   fuse-opt utils/fuzz/known-bugs/fused-select-reduce-compile-hang.mlir --fuse-elementwise \
//     | fuse-run - --random-inputs=1                                                     # hangs
//   ... | fuse-run - --random-inputs=1 --pipeline-options=parallel=0                     # ok
//   ... | fuse-run - --random-inputs=1 --interpret                                        # ok
//
// What matters: a single-input reduce whose body is a compare + select (not a
// single op: `hlo.reduce maximum` is fine, so is the variadic argmax body),
// fused with a broadcast that varies along the reduced dimension (an
// elementwise producer is fine), a reduced length of 32 or more (17 is
// fine), f32 or f64, and the default parallel lowering (scf.forall over the
// kept dimension, the reduction inside; parallel=0 is fine).
func.func @f(%a: tensor<32xf32>) -> tensor<4xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
  %m = hlo.reduce(%b init %ninf) dims = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %p = hlo.compare GT, %e, %acc : tensor<f32>
    %s = hlo.select %p, %e, %acc : tensor<i1>, tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %m : tensor<4xf32>
}
