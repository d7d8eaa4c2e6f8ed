//===- Passes.td - passes every target runs after bufferizing -*- tablegen -*-===//
//
// Passes that fuse's CPU and GPU pipelines both run after bufferization. Their flags
// start with `fuse-codegen-`.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_PASSES_TD
#define FUSE_CODEGEN_COMMON_PASSES_TD

include "mlir/Pass/PassBase.td"

def DistinctResultBuffersPass
    : Pass<"fuse-codegen-distinct-result-buffers", "::mlir::func::FuncOp"> {
  let summary = "Give every result of a bufferized function its own buffer";
  let description = [{
    A function that returns one buffer as several results gets a copy of it
    for each repeat, so that every result can be built in a buffer of its
    own. `buffer-results-to-out-params` with `hoist-static-allocs` needs
    this: it replaces a returned allocation by the caller's buffer, which
    cannot be done for two results at once.

    ```mlir
    %alloc = memref.alloc() : memref<4xf32>
    return %alloc, %alloc : memref<4xf32>, memref<4xf32>
    ```
    becomes
    ```mlir
    %alloc = memref.alloc() : memref<4xf32>
    %copy = memref.alloc() : memref<4xf32>
    memref.copy %alloc, %copy : memref<4xf32> to memref<4xf32>
    return %alloc, %copy : memref<4xf32>, memref<4xf32>
    ```

    A result that views a buffer through reshapes that undo each other (a
    product computed in its batched form and collapsed back) is returned as
    that buffer, so that its allocation, too, becomes the caller's buffer
    instead of being copied into it.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // FUSE_CODEGEN_COMMON_PASSES_TD
