//===- Passes.td - hlo to linalg conversion ----------------*- tablegen -*-===//

#ifndef FUSE_CONVERSION_HLOTOLINALG_PASSES_TD
#define FUSE_CONVERSION_HLOTOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertHLOToLinalgPass : Pass<"convert-hlo-to-linalg"> {
  let summary = "Lower hlo ops to linalg, tensor, arith and math";
  let description = [{
    A dialect conversion of every hlo op on tensors into linalg, tensor,
    arith and math. Element semantics follow XLA (see `ScalarOps.h`).

    - Elementwise ops become one all-parallel `linalg.generic` each (rank-0
      operands of `select`/`clamp` broadcast by their maps); `iota` a generic
      of `linalg.index`; `constant` an `arith.constant`, or a `linalg.fill`
      for splats, so no large constant is stored.
    - `broadcast_in_dim` and `transpose` become `linalg.broadcast` and
      `linalg.transpose` (a generic when size-1 dimensions expand or the
      broadcast permutes); `reshape` a collapse and/or expand; `slice`,
      `dynamic_slice`, `dynamic_update_slice`, `concatenate` and `pad`
      tensor slices (offsets clamped as XLA does); `reverse` a generic.
    - `reduce` becomes `linalg.reduce` over destinations filled with the
      init values, with any body in scalar form.
    - `dot`/`dot_general` become `linalg.matmul`, `batch_matmul`, `matvec`,
      `vecmat` or `dot` where the layout matches, a contraction generic
      otherwise; f16/bf16 accumulate in f32.
    - The body of each `hlo.fusion` is lowered in place, made one loop nest
      and inlined; ops outside fusions are never merged (one nest per op).
      linalg's elementwise fusion merges producers into consumers; a value
      also yielded or read later stays a result of the fused generic
      (computed once); reshapes fold into the loops (a reshape that only
      regroups dimensions, like 4x6 to 2x12, goes through the shape both
      group); slices read slices of the inputs; generics over the same
      loops (sibling results, sibling reductions) merge into one. An
      elementwise epilogue of a reduction's or contraction's result
      overwrites it (no intermediate buffer). What is still more than one
      nest (a row reduction and the fill of its init; a contraction, its
      fill and its epilogue, unless `products-by-rows=false`) is tiled
      into one `scf.forall` over rows of the root, the producers of its destination computed per row. A rank-0
      (full) reduction stays one generic that `--fuse-split-reductions`
      parallelizes, its epilogue scalar code after it. See
      `FusionOps.cpp`.

    An op inside a reduce body that has no scalar form is reported, and the
    pass fails.

    ```mlir
    %r = hlo.add %a, %b : tensor<4xf32>
    // becomes
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    ```
  }];
  let options = [
    Option<"productsByRows", "products-by-rows", "bool", /*default=*/"true",
           "Tile an output fusion (a product, its fill and its epilogue) into "
           "one scf.forall over rows of the result; off, they stay three ops "
           "for fuse-tile-contractions (the CPU pipeline) to generate a "
           "packed kernel with the epilogue on each tile">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FUSE_CONVERSION_HLOTOLINALG_PASSES_TD
