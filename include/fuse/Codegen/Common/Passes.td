//===- Passes.td - passes of every target -----------------*- tablegen -*-===//
//
// Passes that do not depend on the target (the CPU pipeline runs them all;
// the GPU pipeline, compute-into-slices, split-deallocs and
// emulate-narrow-floats).
// Their flags start with `fuse-codegen-`.
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

    With `private-only`, public functions are left as they are: the pipeline
    then gives only private functions out-parameters.
  }];
  let options = [
    Option<"privateOnly", "private-only", "bool", /*default=*/"false",
           "Leave public functions, whose results stay returned, alone">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SplitDeallocsPass
    : Pass<"fuse-codegen-split-deallocs", "::mlir::func::FuncOp"> {
  let summary = "Split deallocs by the allocations their buffers view";
  let description = [{
    Ownership-based deallocation frees the buffers a block owns with one
    `bufferization.dealloc` at its end: for a training step, one op over
    thousands of buffers, retaining the function's results. Upstream's
    `buffer-deallocation-simplification` splits it by asking, for every
    pair of buffers, whether they may be the same allocation: quadratic in
    the buffers (0.37 s of a 4,000-op program's compile, 42 s for a ResNet
    step whose kernels returned their buffers).

    This pass answers the common case in one pass over the operands. When
    each buffer a dealloc frees or retains views either the result of an
    allocating op or an argument of its function, buffers of different
    allocations cannot alias (a function's arguments existed before
    anything it allocates). Then
    - an allocation that nothing retains gets a dealloc of its own, with
      its buffers' conditions;
    - an allocation that a retained value views is not freed: that value's
      updated condition becomes the disjunction of its buffers' conditions;
    - the arguments, which may alias one another, stay together in one
      dealloc that retains the retained arguments;
    - a retained value that views no freed allocation gets `false`.
    A dealloc with a buffer of unknown origin (a call's result, a loop's
    carried buffer) is left to upstream's simplification.

    ```mlir
    %r:2 = bufferization.dealloc (%a, %b, %view_of_a, %arg0 : ...)
        if (%c0, %c1, %c2, %c3) retain (%b, %arg1 : ...)
    // becomes
    bufferization.dealloc (%a, %view_of_a : ...) if (%c0, %c2)
    %s = bufferization.dealloc (%arg0 : ...) if (%c3) retain (%arg1 : ...)
    // %r#0 -> %c1, %r#1 -> %s
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect"];
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

def ComputeIntoSlicesPass : Pass<"fuse-codegen-compute-into-slices"> {
  let summary = "Let the producer of an inserted slice compute into it";
  let description = [{
    A concatenation lowers to a chain of `tensor.insert_slice` into a
    `tensor.empty`. Bufferized, each operand computed by a linalg op gets a
    buffer of its own, and the insert copies it into the result. When such
    an operand (a linalg op's result, into a `tensor.empty` it does not
    read, inserted at static offsets and read by nothing else) is computed
    in the insert's block, the op writes into that slice of the
    destination instead, and the insert moves to just after it, so that
    the next operand's slice is taken from it; bufferization then writes
    every such operand in place. An operand whose destination is computed
    after it, or that is an argument or a call's result, is copied as
    before. Unlike upstream's `eliminate-empty-tensors`, nothing is
    analyzed: the pass visits each insert once (0.6 s of analysis for a
    ResNet step there).

    ```mlir
    %g = linalg.generic ... outs(%empty : tensor<8x4xf32>)
    %dest = tensor.empty() : tensor<8x12xf32>
    %r = tensor.insert_slice %g into %dest[0, 0] [8, 4] [1, 1]
    // becomes
    %dest = tensor.empty() : tensor<8x12xf32>
    %slice = tensor.extract_slice %dest[0, 0] [8, 4] [1, 1]
    %g = linalg.generic ... outs(%slice : tensor<8x4xf32>)
    %r = tensor.insert_slice %g into %dest[0, 0] [8, 4] [1, 1]
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def EmulateNarrowFloatsPass : Pass<"fuse-codegen-emulate-narrow-floats"> {
  let summary = "Compute on 8-bit floats in f32, and convert them with bits";
  let description = [{
    LLVM has no 8-bit float types: memory holds their bytes, and nothing
    computes on them. Every arith op on an 8-bit float (`f8E4M3FN`,
    `f8E5M2`, ...) becomes the f32 op between `arith.extf` and
    `arith.truncf`, and every math op the same, as XLA's CPU backend does.
    Because f32 has more than twice their precision plus two bits, rounding
    the f32 result of `+ - * /` and `sqrt` to 8 bits gives the correctly
    rounded 8-bit result.

    The conversions between an 8-bit float and f32 then become integer
    code on its bits, for scalars and vectors alike, read from the
    format's semantics (exponent bias, subnormals, which bits are NaN and
    infinity):

    - extension: normal numbers move their exponent and mantissa into f32's
      fields; subnormals are their mantissa times the smallest subnormal;
      NaN, infinity and the sign are kept;
    - truncation: round to nearest, ties to even (on the bits for normal
      results, with f32 arithmetic for subnormal ones); a magnitude beyond
      the largest finite value becomes infinity, or NaN in the formats
      without infinity (the `FN` and `FNUZ` ones), as APFloat and XLA do;
      the `FNUZ` formats have no -0.

    Constants of 8-bit floats become their bytes and a bitcast.

    ```mlir
    %s = arith.addf %a, %b : f8E4M3FN
    // becomes (the conversions then integer code)
    %a32 = arith.extf %a : f8E4M3FN to f32
    %b32 = arith.extf %b : f8E4M3FN to f32
    %s32 = arith.addf %a32, %b32 : f32
    %s = arith.truncf %s32 : f32 to f8E4M3FN
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def DropUnusedArgumentsPass
    : Pass<"fuse-codegen-drop-unused-arguments", "::mlir::ModuleOp"> {
  let summary = "Drop the arguments a private LLVM function never reads";
  let description = [{
    A memref argument becomes its descriptor's fields: two pointers, an
    offset, and a size and a stride per dimension. A kernel of static shapes
    reads only the aligned pointer; the rest are passed at every call for
    nothing (the ResNet step's kernels and fusions read 3,927 of their
    13,352 arguments). Each private `llvm.func` whose every use is a direct
    `llvm.call` loses the arguments its body never uses, and its calls lose
    the operands; the caller's code that built them is then dead. Public
    functions, declarations, variadic functions and functions whose address
    is taken keep their signatures.

    ```mlir
    llvm.func @kernel(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64)
        attributes {sym_visibility = "private"} { ... reads %aligned ... }
    llvm.call @kernel(%a, %b, %c) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    // becomes
    llvm.func @kernel(%aligned: !llvm.ptr) ...
    llvm.call @kernel(%b) : (!llvm.ptr) -> ()
    ```
  }];
}

def MergeSimilarFunctionsPass
    : Pass<"fuse-codegen-merge-similar-functions", "::mlir::ModuleOp"> {
  let summary = "One function for private LLVM functions that differ only "
                "in integer constants";
  let description = [{
    Kernels of the same code on tensors of different shapes differ, once
    lowered, only in the integer constants of their loop bounds, strides
    and offsets: a ResNet step's convolutions and normalizations compile
    the same kernel for each stage. Private `llvm.func`s whose every use is
    a direct `llvm.call` and whose bodies are the same but for integer
    constants become one function, which takes the constants that differ
    as arguments; each call passes its own. LLVM then optimizes and
    compiles the body once.

    A constant stays in the body, and functions that differ in it stay
    apart, where a value known only at run time would cost more than the
    compilation it saves: anything read in a loop LLVM is to vectorize (its
    back edge lists parallel accesses: its trip count and strides decide
    how it vectorizes), a divisor (a shift or a multiplication would become
    a division), an element position of `llvm.extractelement` or
    `llvm.insertelement`, the size of an `llvm.alloca` or of a copy or
    fill, an operand of an intrinsic call or inline assembly (it may have
    to be an immediate) or of an op of another dialect than LLVM's and
    OpenMP's, and an `i1`. Functions that would take more than
    `max-parameters` new arguments stay apart too. Access groups are
    distinct attributes, one set per function: functions are compared with
    their groups named in the order first met, and keep their own.

    ```mlir
    llvm.func @kernel0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
      %n = llvm.mlir.constant(64 : i64) : i64
      ... loops to %n ...
    }
    llvm.func @kernel1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
      %n = llvm.mlir.constant(128 : i64) : i64
      ... the same loops to %n ...
    }
    llvm.call @kernel0(%a) : (!llvm.ptr) -> ()
    llvm.call @kernel1(%b) : (!llvm.ptr) -> ()
    // becomes
    llvm.func @kernel0(%p: !llvm.ptr, %n: i64) ... { ... loops to %n ... }
    %c64 = llvm.mlir.constant(64 : i64) : i64
    llvm.call @kernel0(%a, %c64) : (!llvm.ptr, i64) -> ()
    %c128 = llvm.mlir.constant(128 : i64) : i64
    llvm.call @kernel0(%b, %c128) : (!llvm.ptr, i64) -> ()
    ```

    Callers that become alike once their callees are merged are merged in
    turn, until nothing changes.
  }];
  let options = [
    Option<"maxParameters", "max-parameters", "unsigned", /*default=*/"16",
           "Functions that would take more new arguments than this stay "
           "apart">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every function merged into another, and for "
           "every group of one shape kept apart, with the reason">,
  ];
}

def MarkCapturedReadsPass : Pass<"fuse-codegen-mark-captured-reads"> {
  let summary = "Mark the loads in linalg ops' bodies of buffers the ops do "
                "not write";
  let description = [{
    A linalg op on buffers writes only its outputs, and bufferization gives
    them buffers that no read inside the op sees written. A load in the
    op's body of a buffer defined outside it (a gather's table and indices)
    gets the unit attribute `fuse.captured_read`, which survives the op's
    conversion to loops; `fuse-codegen-hoist-captured-reads` reads and
    drops it.

    ```mlir
    linalg.generic {...} ins(%b : memref<64xf32>) outs(%out : memref<8x64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %row = memref.load %indices[%i] : memref<8xindex>
      %v = memref.load %table[%row, %j] : memref<100x64xf32>
      ...
    // both loads get {fuse.captured_read}
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def HoistCapturedReadsPass : Pass<"fuse-codegen-hoist-captured-reads"> {
  let summary = "Hoist marked loads, and the pure ops on them, out of loops "
                "that do not write their buffers";
  let description = [{
    A gather fused into a loop nest reads its row index once per element;
    LLVM cannot hoist the load past the loop's stores, which might alias
    it, so the loop over a row's columns stays scalar (a GNN's messages,
    three gathers of 64 columns: 0.33 ms hot where a copy of the rows takes
    a third of it). A load marked by `fuse-codegen-mark-captured-reads`
    whose indices are defined outside an `scf.for` that runs at least once
    (constant bounds), of a buffer that no op in the loop writes (looking
    through views; a write to an unknown buffer stops the loop's hoisting),
    moves before the loop, with the side-effect-free speculatable ops that
    then depend only on values outside it (the index's cast and clamp).
    Innermost loops go first. The marks are dropped.

    ```mlir
    scf.for %j = %c0 to %c64 step %c1 {
      %i = memref.load %indices[%r] {fuse.captured_read} : memref<8192xi32>
      %k = arith.index_cast %i : i32 to index
      %v = memref.load %table[%k, %j] {fuse.captured_read} : memref<1024x64xf32>
      memref.store %v, %out[%r, %j] : memref<8192x64xf32>
    }
    // becomes
    %i = memref.load %indices[%r] : memref<8192xi32>
    %k = arith.index_cast %i : i32 to index
    scf.for %j = %c0 to %c64 step %c1 {
      %v = memref.load %table[%k, %j] : memref<1024x64xf32>
      memref.store %v, %out[%r, %j] : memref<8192x64xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def BufferizeInParallelPass
    : Pass<"fuse-codegen-bufferize-in-parallel", "::mlir::ModuleOp"> {
  let summary = "One-Shot Bufferize across function boundaries, each "
                "read-only kernel on a thread of its own";
  let description = [{
    Upstream's `one-shot-bufferize` with `bufferize-function-boundaries`
    analyzes and rewrites a module's functions one after the other, on one
    thread: a ResNet training step's 67 functions took 0.74 s, 0.45 s of it
    in the outlined kernels. Function boundaries are given identity layouts,
    as `function-boundary-type-conversion=identity-layout-map` gives them.

    A private function that calls nothing, refers to no other symbol, never
    writes a buffer its arguments may alias and returns none of them (an
    outlined kernel, most often) is bufferized alone, in a module of its
    own, on any free thread. Its callers see a stand-in meanwhile, which
    reads the same arguments and returns new tensors, so the rest of the
    module is bufferized at the same time, with the same decisions as
    upstream's pass would take. The kernels then replace their stand-ins,
    and the `memref.global`s bufferization made for their constants join
    the module's, renamed where names clash and shared where they are the
    same. Other functions (a kernel that updates its argument in place, the
    entry) are bufferized with the module.

    One-Shot's analysis visits, for each operand, every read of the
    operand's aliases: a value that N ops read costs N^2 (an entry argument
    that every kernel of an unrolled loop reads: 0.68 s for 900 readers).
    An argument marked `bufferization.writable = false` is never written
    in place, so each op that only reads it reads its own `restrict`
    `to_tensor` of one read-only `to_buffer` of it meanwhile; all of them
    bufferize back to the argument's buffer.

    ```mlir
    func.func private @kernel(%x: tensor<4xf32>) -> tensor<4xf32> { ... }
    func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = call @kernel(%a) : (tensor<4xf32>) -> tensor<4xf32>
      ...
    // as upstream's pass would, with @kernel bufferized on another thread:
    func.func private @kernel(%x: memref<4xf32>) -> memref<4xf32> { ... }
    func.func @main(%a: memref<4xf32>) -> memref<4xf32> {
      %0 = call @kernel(%a) : (memref<4xf32>) -> memref<4xf32>
    ```
  }];
  let options = [
    Option<"analysisHeuristic", "analysis-heuristic", "std::string",
           /*default=*/"\"bottom-up\"",
           "The order in which One-Shot's analysis visits ops: bottom-up, "
           "top-down or bottom-up-from-terminators">,
    Option<"allowReturnAllocsFromLoops", "allow-return-allocs-from-loops",
           "bool", /*default=*/"false",
           "Let loops yield new allocations (as upstream's option)">,
  ];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

def ConvertToLLVMInParallelPass
    : Pass<"fuse-codegen-convert-to-llvm-in-parallel", "::mlir::ModuleOp"> {
  let summary = "Upstream's conversions to the LLVM dialect, each private "
                "function on a thread of its own";
  let description = [{
    Runs `convert-math-to-libm`, `finalize-memref-to-llvm`,
    `convert-to-llvm` and `reconcile-unrealized-casts`, as upstream's
    passes in that order would, but not on one thread. Those that declare
    functions (libm's, `malloc` and `free`) or convert them take the whole
    module, so they visit every function in turn: a ResNet training step's
    kernels took 0.49 s of its 3.6 s compile on one of two cores.

    A private function whose every symbol reference names an op of the
    module (an outlined kernel or fusion) is converted alone, in a module
    of its own that holds declarations of the functions it refers to and
    copies of the other symbols it refers to (globals, OpenMP reductions),
    on any free thread. Its callers see a declaration of it meanwhile, and
    the rest of the module is converted at the same time. The converted
    function then replaces its declaration, and the declarations its
    conversion made (`malloc`, `erff`) join the module's: once when they
    are the same, and renamed where a name clashes with something else.

    ```mlir
    func.func private @kernel(%x: memref<4xf32>) { ... math.erf ... }
    func.func @main(%a: memref<4xf32>) {
      call @kernel(%a) : (memref<4xf32>) -> ()
      ...
    // as upstream's passes would, with @kernel converted on another thread:
    llvm.func @erff(f32) -> f32
    llvm.func @kernel(%allocated: !llvm.ptr, %aligned: !llvm.ptr, ...) {
      ... llvm.call @erff ...
    }
    llvm.func @main(...) {
      llvm.call @kernel(...) : (...) -> ()
    ```
  }];
  let options = [
    Option<"useGenericFunctions", "use-generic-functions", "bool",
           /*default=*/"false",
           "Allocate and free through _mlir_memref_to_llvm_alloc and "
           "_mlir_memref_to_llvm_free, as finalize-memref-to-llvm's option">,
  ];
}

#endif // FUSE_CODEGEN_COMMON_PASSES_TD
