//===- Passes.td - hlo transformation passes ---------------*- tablegen -*-===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD
#define FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InlineFusionsPass : Pass<"hlo-inline-fusions"> {
  let summary = "Dissolve hlo.fusion ops into their parent block";
  let description = [{
    Replaces every `hlo.fusion` with the ops of its body, wired to the
    fusion's inputs, so the program computes the same values op by op. This
    is the inverse of fusion: it gives the unfused program to compare a fused
    one against, and lets a consumer that does not understand fusions run a
    fused module.

    ```mlir
    %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<4xf32>):
      %e = hlo.exponential %a : tensor<4xf32>
      hlo.yield %e : tensor<4xf32>
    }
    // becomes
    %r = hlo.exponential %x : tensor<4xf32>
    ```
  }];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD
