//===- Passes.td - hlo to linalg conversion ----------------*- tablegen -*-===//

#ifndef FUSE_CONVERSION_HLOTOLINALG_PASSES_TD
#define FUSE_CONVERSION_HLOTOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertHLOToLinalgPass : Pass<"convert-hlo-to-linalg"> {
  let summary = "Lower hlo ops to linalg, tensor, arith and math";
  let description = [{
    A dialect conversion of hlo ops on tensors into linalg structured ops
    whose bodies spell XLA's element semantics in arith and math (see
    `ScalarOps.h`). Elementwise ops become one `linalg.generic` each, with
    rank-0 operands of `select` and `clamp` broadcast by their indexing
    maps; `hlo.constant` becomes `arith.constant`.

    Work in progress: shape, reduction, contraction and fusion ops are not
    lowered yet; the pass reports each one it cannot legalize and fails.

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
