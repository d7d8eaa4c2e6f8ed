//===- Passes.td - code generation for the host CPU --------*- tablegen -*-===//
//
// Passes on linalg, scf and the LLVM dialect that make the host's code:
// reductions split into vector lanes and pairwise leaves, register-tiled
// products, OpenMP loops, loops LLVM vectorizes. They know nothing of hlo;
// their flags start with `fuse-cpu-`.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_CPU_PASSES_TD
#define FUSE_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def SplitReductionsPass : Pass<"fuse-cpu-split-reductions"> {
  let summary = "Split long reductions into leaves, blocks and vector lanes, "
                "combined pairwise";
  let description = [{
    A reduction summed one element after another loses accuracy (an f32 sum
    of 16.7 M values is 0.2% off) and runs on one core with no vectors.
    This pass rewrites each long linalg reduction on tensors into blocks (a
    parallel loop) of steps (in order) of lanes (a contiguous loop LLVM
    vectorizes; along the columns of a column reduction). Float sums and
    products sum in leaves of at most `leaf-steps` steps, combined
    pairwise: an error bound of about (leaf-steps + log2(n / leaf-steps))
    ulps. Exact combiners (max, min, integers) make up to `blocks` blocks;
    arg-min and arg-max split into lanes. Reductions inside loops get
    `reassoc` combiners, and leaves when long. `explain` reports every
    reduction left in order, with the reason (docs/split-reductions.md).

    ```mlir
    // a column sum tensor<8192x64xf32> -> tensor<64xf32> becomes
    //   tensor<128x64x64xf32> -> tensor<128x64xf32> (leaves of 64 rows),
    //   7 halvings over the leaves (4 + 3 per generic), then the init
    ```
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"32",
           "Partial results per block (a multiple of the vector width)">,
    Option<"blocks", "blocks", "int64_t", /*default=*/"64",
           "Independent blocks of a long reduction whose combiner is exact">,
    Option<"leafSteps", "leaf-steps", "int64_t", /*default=*/"64",
           "Steps a lane of a rounding combiner accumulates in order">,
    Option<"minSize", "min-size", "int64_t", /*default=*/"128",
           "Reductions outside loops over fewer elements keep their order">,
    Option<"stackBytes", "stack-bytes", "int64_t", /*default=*/"16384",
           "Partial results of at most this many bytes live on the stack">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Remark on every reduction that keeps an order it could split, "
           "with the reason">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect"];
}

def TileContractionsPass : Pass<"fuse-cpu-tile-contractions"> {
  let summary = "Generate packed, cache-tiled, register-tiled vector kernels "
                "for matrix products";
  let description = [{
    Rewrites every linalg product on tensors whose body is a
    multiply-accumulate (`acc + cast(a) * cast(b)`, casts optional) and whose
    loops form batch, M, N and K groups (any `dot_general`: matmul, batch
    matmul, transposed operands, several contracted dimensions, f16/bf16
    widened to f32, f64, integers) into the structure of a fast GEMM:
    packed, zero-padded operand panels; one `scf.forall` (OpenMP threads)
    over `row-block x col-block` result tiles, each looping over
    `depth-block` steps of K; `rows x cols` register accumulators, one
    broadcast `vector.fma` per row and step of K, masked at the edges; and
    the product's only elementwise user run on each finished tile. `x + A B`
    becomes the product started from x. The left operand may instead be
    packed in each tile or read in place (`pack-left`).

    Tile sizes come from the host (AVX2 f32: 6 x 16; AVX-512: 14 x 32);
    options other than 0 override them. A matrix-vector product (M or N of
    1) gets a kernel that reads the matrix once. `explain` reports every
    product left as it is, with the reason. docs/tile-contractions.md
    describes each step and the policy, with measurements.

    ```mlir
    %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
                       outs(%zero : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // becomes
    %pa = scf.forall (%i, %p) in (1, 171) shared_outs(%o = %ea) -> tensor<1x171x1024x6xf32>
    %pb = scf.forall (%i, %p) in (1, 64) shared_outs(%o = %eb) -> tensor<1x64x1024x16xf32>
    %c = scf.forall (%i, %ti, %tj) in (1, 5, 2) shared_outs(%o = %c3) {
      scf.for %kb ... step 256 { scf.for %jr ... step 16 { scf.for %ir ... step 6 {
        // 6 rows of vector<16xf32> accumulators; per step of K, for each row:
        %s = vector.fma %a0, %b, %acc0 : vector<16xf32> ...
    ```
  }];
  let options = [
    Option<"registerRows", "register-rows", "int64_t", /*default=*/"0",
           "Rows of the register tile (0: from the host's registers)">,
    Option<"registerCols", "register-cols", "int64_t", /*default=*/"0",
           "Columns of the register tile (0: two vectors)">,
    Option<"depthBlock", "depth-block", "int64_t", /*default=*/"0",
           "Steps of K per cache block (0: from the L2 size)">,
    Option<"rowBlock", "row-block", "int64_t", /*default=*/"0",
           "Result rows per parallel tile (0: from the L2 size)">,
    Option<"colBlock", "col-block", "int64_t", /*default=*/"0",
           "Result columns per parallel tile (0: from the depth block)">,
    Option<"packLeft", "pack-left", "fuse::LeftPacking",
           "fuse::LeftPacking::Policy",
           "Where the left operand is packed",
           "fuse::leftPackingValues()">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for every product left as it is, with the reason">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::vector::VectorDialect",
  ];
}

def KeepInnerLoopsPass : Pass<"fuse-cpu-keep-inner-loops"> {
  let summary = "Keep LLVM from fully unrolling loops nested in loops";
  let description = [{
    LLVM fully unrolls a short inner loop, then may vectorize the loop
    around it: across rows, with gathers (a bias added to 8x32x32x16: 35 us,
    5 us with 16 channels a vector), or a reduction's selects (min/max) in
    exponential time (`test/Integration/CPU/inner-loop-unrolling.mlir`).
    Each innermost `scf.for` nested in another loop, of constant trip count
    at most `max-trip-count` and at least `min-trip-count` (or whose body
    selects), gets `unroll = <disable = true>`, with its parallel accesses.
    Shorter loops (3 channels) unroll: their rows are a few elements apart.

    ```mlir
    scf.for %j = %c0 to %c32 step %c1 { ... }
    // becomes
    scf.for %j = %c0 to %c32 step %c1 { ... }
        {llvm.loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
    ```
  }];
  let options = [
    Option<"maxTripCount", "max-trip-count", "int64_t", /*default=*/"256",
           "Inner loops of at most this many iterations are kept">,
    Option<"minTripCount", "min-trip-count", "int64_t", /*default=*/"8",
           "Shorter inner loops are kept only when they select">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SerializeNestedParallelLoopsPass
    : Pass<"fuse-cpu-serialize-nested-parallel-loops"> {
  let summary = "Keep only the outermost scf.parallel of each loop nest";
  let description = [{
    A parallel loop nested in another (or in a sequential loop within one)
    would fork the threads again for every iteration of the enclosing
    loops. This pass turns every
    `scf.parallel` that has an `scf.parallel` ancestor, and every one nested
    in an `scf.for`, into nested `scf.for` loops. The innermost ones stay
    contiguous loops that LLVM vectorizes. Reductions (`scf.reduce`) become
    values the loops carry, combined in iteration order. Like the other
    serializations' loops, each names its independent iterations' access
    group in its `llvm.loop_annotation` (`fuse-cpu-parallel-access-groups`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def HoistLoopAllocasPass : Pass<"fuse-cpu-hoist-loop-allocas"> {
  let summary = "Allocate a loop body's stack buffers once per thread";
  let description = [{
    A `memref.alloca` in a loop body takes new stack on every iteration
    until the function returns (a `memref.alloca_scope` cannot hold the
    blocks its inner loops lower to). These buffers are temporaries of one
    iteration, so this pass moves every alloca of static shape that no
    terminator receives (directly or through a view) to the start of the
    enclosing `omp.parallel` region, which each thread runs once, or else
    of the function; the loops it leaves lose their parallel accesses.

    ```mlir
    omp.parallel { omp.wsloop { omp.loop_nest (%i) : index = ... {
      memref.alloca_scope { %m = memref.alloca() : memref<1xf32> ...
    // becomes
    omp.parallel { %m = memref.alloca() : memref<1xf32>
      omp.wsloop { omp.loop_nest (%i) : index = ... { memref.alloca_scope {
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SerializeInnermostParallelDimPass
    : Pass<"fuse-cpu-serialize-innermost-parallel-dim"> {
  let summary = "Run the innermost dimension of a parallel loop as a "
                "sequential loop in each thread";
  let description = [{
    `convert-scf-to-openmp` runs a multi-dimensional `scf.parallel` as one
    collapsed loop whose indices are recovered with a division and a
    remainder per dimension and iteration; LLVM then cannot vectorize the
    innermost dimension either. A 6-D copy (a convolution's patches) ran at
    about 1.4 GB/s that way. When the other dimensions of an outermost
    `scf.parallel` make at least `min-iterations` iterations (a dimension of
    unknown size counts as enough), this pass turns its innermost dimension
    into an `scf.for` inside it: the divisions are paid once per row, and
    the row is a loop LLVM vectorizes (the patch copy: 3.3 ms instead of
    21 ms; serializing more dimensions gained nothing and cost compile
    time). Loops with reductions are left alone.

    With fewer outer iterations, a static innermost dimension is cut into
    pieces of at least 16 elements, one more parallel dimension (an LSTM
    step's 32 x 128 gates: 111 us collapsed, less as 32 x 8 pieces of 16).

    ```mlir
    scf.parallel (%b, %h, %c) = (%c0, %c0, %c0) to (%c128, %c14, %c32)
        step (%c1, %c1, %c1) { ... }
    // becomes
    scf.parallel (%b, %h) = (%c0, %c0) to (%c128, %c14) step (%c1, %c1) {
      scf.for %c = %c0 to %c32 step %c1 { ... } }
    ```
  }];
  let options = [
    Option<"minIterations", "min-iterations", "int64_t", /*default=*/"256",
           "Iterations the outer dimensions must make for the threads">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def ScheduleParallelLoopsPass : Pass<"fuse-cpu-schedule-parallel-loops"> {
  let summary = "Hand out the iterations of OpenMP loops as threads ask";
  let description = [{
    `convert-scf-to-openmp` gives every `omp.wsloop` OpenMP's default
    static schedule: each thread gets an equal, fixed share of the
    iterations. When another process takes part of a core, the thread that
    shares it finishes its share late and every other thread waits for it
    at the loop's end, so each parallel loop takes as long as its slowest
    share. This pass sets the schedule of every `omp.wsloop` to
    `schedule`:
    - `guided` (the pass's default): chunks of the remaining iterations
      over twice the threads, shrinking as the loop ends, so a thread that
      runs takes the work of one that does not;
    - `dynamic`: chunks of one iteration, each an atomic dispatch;
    - `static`: OpenMP's default, as the conversion leaves it.

    Beside a `nice -n 19` busy loop on 2 cores, guided ran a fused layer
    norm in 16.2 ms against 20.5 ms static, but on a quiet machine it cost
    the scan RNN's gradient 10% (each step's small loops changed threads),
    so the CPU pipeline keeps `static` (`parallel-schedule`).

    ```mlir
    omp.wsloop { omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {...} }
    // becomes
    omp.wsloop schedule(guided) { omp.loop_nest ... }
    ```
  }];
  let options = [
    Option<"schedule", "schedule", "std::string", /*default=*/"\"guided\"",
           "The schedule of every OpenMP loop: guided, dynamic or static">,
  ];
  let dependentDialects = ["::mlir::omp::OpenMPDialect"];
}

def OutlineKernelsPass : Pass<"fuse-cpu-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Give every kernel a function of its own, one per distinct body";
  let description = [{
    After bufferization a program is one function that runs its kernels in
    turn. Translating each `omp.parallel` to LLVM IR scans the whole
    enclosing function (a 4-layer transformer's step, about 300 parallel
    loops, took 17.8 s to translate), and LLVM optimizes one function on one
    thread, however many kernels it holds.

    This pass moves every kernel into a private function and calls it:
    each outermost `omp.parallel`, and each outermost sequential loop
    (`scf.for`, `scf.parallel`, `affine.for`) that forks no threads. Loops
    that contain parallel loops (a `while` body's steps) stay where they
    are, and their kernels are outlined in turn. The values a kernel reads
    from outside become arguments, except constants and
    `memref.get_global`s, which are copied in: their values (shapes,
    strides, bounds) stay known to LLVM, as do the static shapes of the
    memref arguments. Kernels whose functions print the same (without
    locations) share one function: the layers of a model with the same
    shapes compile once. The functions are `noinline`: LLVM keeps them
    apart, and the parts of the module it compiles on each core stay small.

    ```mlir
    func.func @main(%a: memref<1024xf32>, %b: memref<1024xf32>) {
      %c0 = arith.constant 0 : index
      ...
      omp.parallel { omp.wsloop { omp.loop_nest (%i) : index = (%c0) ... {
        ... memref.load %a[%i] ... memref.store %v, %b[%i] ... } } }
      return
    }
    // becomes, in @main: call @main_kernel0(%a, %b), and
    func.func private @main_kernel0(%a: memref<1024xf32>, %b: memref<1024xf32>)
        attributes {passthrough = ["noinline"]} { %c0 = ... omp.parallel { ... } }
    ```
  }];
  let options = [
    Option<"mergeIdentical", "merge-identical", "bool", /*default=*/"true",
           "Let kernels with the same body share one function">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def MarkLightKernelsPass : Pass<"fuse-cpu-mark-light-kernels", "::mlir::ModuleOp"> {
  let summary = "Mark kernels of little work for LLVM to compile unoptimized";
  let description = [{
    LLVM's IR optimizer costs as much per instruction for a loop over 16
    channels as for one over an image. This pass counts the operations each
    function with a loop runs per call of the program: loops' constant trip
    counts times their bodies' operations, times its calls (public functions
    run once, a call in a loop per iteration, call sites summed; unknown trip
    counts, call cycles and uncalled private functions count as more). A
    function of at most `max-ops` gets the LLVM attribute `fuse-light-kernel`
    and the host JIT compiles it without LLVM's IR optimizer.

    ```mlir
    func.func private @main_kernel3(%b: memref<64xf32>) attributes {passthrough = ["noinline"]} {
      scf.for %i = %c0 to %c64 step %c1 { ... 4 ops ... }   // 1 + 64 * 4 ops: gains
    // passthrough = ["noinline", "fuse-light-kernel"]
    ```
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"20000",
           "Functions that run at most this many operations per call of "
           "the program are compiled without LLVM's optimizer (0: none)">,
  ];
}

def SerializeSmallParallelLoopsPass
    : Pass<"fuse-cpu-serialize-small-parallel-loops"> {
  let summary = "Run parallel loops over little memory on one thread";
  let description = [{
    Forking and joining the threads of an OpenMP parallel loop costs a few
    microseconds, more than a kernel over a few kilobytes takes on one core:
    a training step on small batches is mostly fork/join. This pass turns
    each outermost `scf.parallel` whose buffers add up to fewer than
    `min-bytes` into nested `scf.for` loops, as
    `fuse-cpu-serialize-nested-parallel-loops` does for nested ones.

    The footprint is the sum of the sizes of the distinct memrefs the
    loop's ops use (a view made inside the loop counts through its base),
    times one plus the math operations and divisions in its body. So a copy
    of 64 KiB into 64 KiB (2 us on one thread, 5 us forked) runs on one
    thread, and a softmax over the same bytes (7 us forked, 12 us on one)
    forks. A loop over a memref of dynamic shape stays parallel.
    With `min-bytes=0` the pass does nothing.

    ```mlir
    scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
      %v = memref.load %in[%i] : memref<128xf32>
      memref.store %v, %out[%i] : memref<128xf32>
    }
    // touches 1 KiB and becomes
    scf.for %i = %c0 to %c128 step %c1 { ... }
    ```
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"131072",
           "Loops whose memrefs hold fewer bytes than this, weighed by "
           "their math operations, run on one thread">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def ParallelAccessGroupsPass
    : Pass<"fuse-cpu-parallel-access-groups", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Put the loads and stores of loops serialized from parallel "
                "ones into the loops' access groups";
  let description = [{
    A loop serialized from an `scf.parallel` names an access group as its
    parallel accesses (`scf-to-cf` carries it to the back edge); this pass
    adds the group to every memory access of the loop's blocks. LLVM then
    knows that iterations do not depend on each other through memory, and
    vectorizes the loop without checking at run time that its buffers do
    not overlap: an LSTM step's gate fusion (4 buffers read, 12 written)
    needed more checks than LLVM makes, and ran scalar.

    ```mlir
    ^body: %v = llvm.load %p : !llvm.ptr -> f32 ...
      llvm.br ^header {loop_annotation = #llvm.loop_annotation<parallelAccesses = #group>}
    // becomes
    ^body: %v = llvm.load %p {access_groups = [#group]} : !llvm.ptr -> f32 ...
    ```
  }];
}

def BoolsAsBytesPass : Pass<"fuse-cpu-bools-as-bytes"> {
  let summary = "Load and store i1 in memory as the bytes that hold them";
  let description = [{
    LLVM's loop vectorizer does not widen a scalar `load i1` (a vector of
    `i1` in memory is packed bits), so loops reading a mask ran scalar (a
    GNN's masked gather: 0.31 ms, 0.07 ms after this pass). Every `i1` load
    in the op becomes a load of `i8` and `llvm.trunc`, every store
    `llvm.zext` and a store of `i8`, all at once.
  }];
}

def StridedCopiesToLoopsPass
    : Pass<"fuse-cpu-strided-copies-to-loops", "::mlir::func::FuncOp"> {
  let summary = "Copy between strided buffers in loops, not in the runtime";
  let description = [{
    Bufferization writes a tensor into part of a larger one (`hlo.pad`,
    `hlo.concatenate`, `hlo.dynamic_update_slice`) as a `memref.copy` into
    a strided view, which becomes a call of the runtime's `memrefCopy`: one
    element at a time on one thread (a convolution's 25 MB padded input
    took longer to copy than to read ten times). This pass
    rewrites each copy that is not between two identity layouts as a
    `linalg.copy`, which lowers to parallel loops whose innermost
    dimension LLVM vectorizes.

    ```mlir
    memref.copy %x, %view : memref<2x3xf32> to memref<2x3xf32, strided<[5, 1], offset: 6>>
    // becomes
    linalg.copy ins(%x : memref<2x3xf32>) outs(%view : memref<2x3xf32, strided<[5, 1], offset: 6>>)
    ```

    Copies of zero-ranked or empty buffers are left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def VectorizableMathPass : Pass<"fuse-cpu-vectorizable-math"> {
  let summary = "Rewrite math functions and float min/max into forms LLVM "
                "vectorizes";
  let description = [{
    LLVM turns `math.exp`, `math.log` and `math.tanh` into calls of the C
    library, one element at a time, and does not vectorize the NaN-propagating
    `llvm.maximum`/`llvm.minimum` on x86. This pass replaces them with code
    made of plain arithmetic that loops vectorize:
    - `exp`, `log` and `tanh` on f32 (f16/bf16 computed in f32) by MLIR's
      polynomial approximations, a few ulp, exact on the special values;
    - on f64 by our own expansions (F64Math.cpp; exponents by bit
      operations, as AVX2 has no f64-i64 conversion), within 2 ulp and
      exact on the special values and the subnormal range;
    - `arith.maximumf`/`minimumf` by compares and selects with the same
      semantics: NaN if either side is NaN, `+0.0` above `-0.0`.

    Run it after reduction splitting, which reads `maximumf`'s neutral element.

    ```mlir
    %m = arith.maximumf %a, %b : f32
    // becomes
    %gt = arith.cmpf ogt, %a, %b : f32
    %larger = arith.select %gt, %a, %b : f32
    ... ties between -0.0 and +0.0 go to +0.0, a NaN operand gives NaN
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect", "::mlir::vector::VectorDialect"];
}

#endif // FUSE_CODEGEN_CPU_PASSES_TD
