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

def InstrumentKernelsPass
    : Pass<"hlo-instrument-kernels", "::mlir::ModuleOp"> {
  let summary = "Call timing hooks around every kernel";
  let description = [{
    Brackets every kernel of every function body with calls of
    `fuse_trace_begin(id)` and `fuse_trace_end(id)`, declared private here
    and provided by the runtime that times the program (`fuse-run
    --trace`). A kernel is an op of the function body that does work: an
    `hlo.fusion` as a whole, or any other hlo op but `hlo.constant`. Ops
    keep their order in a block through the CPU pipeline, and the work of an
    op writes memory the opaque calls may read, so the calls stay around the
    loops the kernel becomes.

    Element `id` of the module attribute `fuse.kernels` describes kernel
    `id`: its `name` the way XLA names instructions, the op's mnemonic and
    its number among the function's ops counted in order, fusion bodies
    included (`multiply.3`, `fusion.0`); its `op`; its source `location`;
    and for a fusion its `fusion_kind` and the names of the `fused_ops`.

    ```mlir
    %m = hlo.multiply %x, %x : tensor<4xf32>
    // becomes
    %c0 = arith.constant 0 : i64
    call @fuse_trace_begin(%c0) : (i64) -> ()
    %m = hlo.multiply %x, %x : tensor<4xf32>
    call @fuse_trace_end(%c0) : (i64) -> ()
    // with, on the module, fuse.kernels = [
    //   {location = "prog.mlir:2:6", name = "multiply.0", op = "hlo.multiply"}
    // ]
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
  ];
}

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD
