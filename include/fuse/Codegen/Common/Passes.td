//===- Passes.td - passes every target runs after bufferizing -*- tablegen -*-===//
//
// Passes around bufferization that do not depend on the target (the CPU
// pipeline runs both; the GPU pipeline, distinct-result-buffers). Their flags
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

def ReuseInputBuffersPass : Pass<"fuse-codegen-reuse-input-buffers"> {
  let summary = "Let elementwise ops write into an input they alone read";
  let description = [{
    A `linalg.generic` whose loops are all parallel and whose result starts
    as a `tensor.empty` it does not read may write its result where an input
    of the same type and indexing map was, when it is that input's only
    user: each element is read before the same element is written.
    Bufferization then updates the input's buffer in place instead of
    allocating a new one. The input must be a loop's carried value (an
    `scf.for` or `scf.while` block argument) or a linalg op's result,
    buffers the program owns and may write; a function argument or a
    constant would be copied first. In a loop, a carried accumulator
    (`acc + x`) then stays in one buffer instead of being copied into the
    loop's buffer at every iteration: an LSTM step's backward loop copied
    416 KB of gradient accumulators per iteration.

    ```mlir
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {...} ins(%acc, %x : ...) outs(%e : tensor<4xf32>)
    // becomes
    %r = linalg.generic {...} ins(%acc, %x : ...) outs(%acc : tensor<4xf32>)
    ```
  }];
}

#endif // FUSE_CODEGEN_COMMON_PASSES_TD
