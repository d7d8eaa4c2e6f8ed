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
    - The body of each `hlo.fusion` is lowered in place and merged by
      linalg's elementwise fusion into as few loop nests as it allows (one
      for elementwise bodies, one reduction nest for input fusions), then
      inlined. Ops outside fusions are never merged.

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
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FUSE_CONVERSION_HLOTOLINALG_PASSES_TD
