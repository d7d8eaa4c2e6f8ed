//===- Passes.td - target-side loop transformations --------*- tablegen -*-===//
//
// Passes on linalg and scf that fuse's CPU pipeline runs after the hlo
// lowering. They know nothing of hlo.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_TRANSFORMS_PASSES_TD
#define FUSE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SplitReductionsPass : Pass<"fuse-split-reductions"> {
  let summary = "Split long reductions into blocks and vector lanes";
  let description = [{
    A reduction over many elements, summed one after the other, loses
    accuracy (a sequential f32 sum of 16.7 M values is 0.2% off) and runs on
    one core with no vectors. This pass rewrites each linalg reduction on
    tensors whose single reduction loop (adjacent reduction loops are first
    collapsed into one) covers at least `min-size` elements into partial
    reductions: up to `blocks` independent blocks of at least 64 steps (a
    parallel loop the CPU pipeline runs on several threads), each
    accumulating into `lanes` independent partial results (a contiguous
    parallel loop the compiler vectorizes). The partials start from the
    combiner's neutral element on their first step (no separate fill) and
    live on the stack when they take at most `stack-bytes` (an alloca at the
    function's entry). One more reduction combines blocks and lanes of every
    partial into the original init, starting from the fill value when the
    init is a fill; for a full reduction it is a short sequential loop after
    the parallel one, so the whole reduction is one kernel. Several reduced
    outputs (sibling sums) split together, and outputs written at every
    point of the loops (an intermediate an input fusion also yields) are
    written through expanded views. Only combiners linalg recognizes (one
    add, multiply, max, min, and, or, ... of the accumulator) are split, and
    only by ratios that divide the size; others keep their order.

    Reductions inside loops (the per-row reductions of a fused loop nest)
    are not split: their partials would be buffers allocated on every
    iteration. Their float combiners get the `reassoc` flag instead (HLO
    leaves the order of a reduction unspecified), which lets LLVM keep
    vector partial results of each row in registers.

    ```mlir
    // linalg.reduce over tensor<16777216xf32> becomes
    //   tensor<64x8192x32xf32> -> tensor<64x32xf32>  (blocks x lanes partials)
    //   tensor<64x32xf32> -> tensor<f32>
    ```
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"32",
           "Partial results per block (a multiple of the vector width)">,
    Option<"blocks", "blocks", "int64_t", /*default=*/"64",
           "Independent blocks of a long reduction">,
    Option<"minSize", "min-size", "int64_t", /*default=*/"128",
           "Reductions over fewer elements keep their order">,
    Option<"stackBytes", "stack-bytes", "int64_t", /*default=*/"16384",
           "Partial results of at most this many bytes live on the stack">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def SerializeNestedParallelLoopsPass
    : Pass<"fuse-serialize-nested-parallel-loops"> {
  let summary = "Keep only the outermost scf.parallel of each loop nest";
  let description = [{
    Threads are forked once per outermost parallel loop; a parallel loop
    nested in another (or in a sequential loop within one) would fork again
    for every iteration of the enclosing loops. This pass turns every
    `scf.parallel` that has an `scf.parallel` ancestor, and every one nested
    in an `scf.for`, into nested `scf.for` loops. The innermost ones stay
    contiguous loops that LLVM vectorizes.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def VectorizableMathPass : Pass<"fuse-vectorizable-math"> {
  let summary = "Rewrite math functions and float min/max into forms LLVM "
                "vectorizes";
  let description = [{
    LLVM turns `math.exp`, `math.log` and `math.tanh` into calls of the C
    library, one element at a time, and does not vectorize the NaN-propagating
    `llvm.maximum`/`llvm.minimum` on x86. This pass replaces them with code
    made of plain arithmetic that loops vectorize:
    - `exp`, `log` and `tanh` on f32 (and on f16/bf16, computed in f32) by
      MLIR's polynomial approximations, accurate to a few ulp and exact on
      the special values (NaN, infinities, zero, overflow);
    - `arith.maximumf`/`minimumf` by compares and selects with the same
      semantics: NaN if either side is NaN, `+0.0` above `-0.0`.

    Run it after passes that need to recognise the original ops (reduction
    splitting looks for `maximumf` to find the neutral element).

    ```mlir
    %m = arith.maximumf %a, %b : f32
    // becomes
    %gt = arith.cmpf ogt, %a, %b : f32
    %larger = arith.select %gt, %a, %b : f32
    ... ties between -0.0 and +0.0 go to +0.0, a NaN operand gives NaN
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // FUSE_TRANSFORMS_PASSES_TD
