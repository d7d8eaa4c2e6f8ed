//===- Passes.td - code generation for the host CPU --------*- tablegen -*-===//
//
// Passes on linalg and scf that make the host's code: reductions split into
// vector lanes and pairwise leaves, register-tiled products, OpenMP loops.
// They know nothing of hlo; their flags start with `fuse-cpu-`.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_CPU_PASSES_TD
#define FUSE_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def SplitReductionsPass : Pass<"fuse-cpu-split-reductions"> {
  let summary = "Split long reductions into leaves, blocks and vector lanes, "
                "combined pairwise";
  let description = [{
    A reduction over many elements, summed one after the other, loses
    accuracy (a sequential f32 sum of 16.7 M values is 0.2% off; a column
    sum of 8192 rows is 10x further from float64 than a pairwise one) and
    runs on one core with no vectors. This pass rewrites each linalg
    reduction on tensors whose single reduction loop (adjacent reduction
    loops are first collapsed into one) is long into partial reductions:
    blocks (a parallel loop the CPU pipeline runs on several threads) of
    steps (in order) of lanes (a contiguous parallel loop the compiler
    vectorizes; only when the reduction loop is innermost: a column
    reduction's vectors run along its columns). Each partial starts from
    the combiner's neutral element on its first step (no separate fill).
    The partials sit where the reduction loop was among the output's
    dimensions, so a column reduction's partials are rows of columns.

    Combiners that round (a float add or multiply) sum in leaves: each lane
    of a block accumulates at most `leaf-steps` steps (the largest divisor
    of the size within that; a size with no divisor near it, a prime, takes
    the smallest one above), and the blocks are as many as that takes.
    Other combiners (max, min, integer adds, which are exact) make up to
    `blocks` blocks of at least 64 steps. The partials of every output are
    then combined pairwise: while more than one is left, the first half is
    combined in place with the second, so the result is a balanced tree of
    leaves. A float sum of n elements thus keeps an error bound of about
    (leaf-steps + log2(n / leaf-steps)) ulps (docs/HLO.md, reduce).
    Partials live on the stack when they take at most `stack-bytes` (an
    alloca at the function's entry). The tree's last partial is combined
    into the original init, or with the fill value when the init is a fill.
    Several reduced outputs (sibling sums) split together, and outputs
    written at every point of the loops (an intermediate an input fusion
    also yields) are written through expanded views. Only combiners linalg
    recognizes (one add, multiply, max, min, and, or, ... of the
    accumulator) are split; others keep their order.

    Reductions inside loops (the per-row reductions of a fused loop nest)
    get the `reassoc` flag on their float combiners (HLO leaves the order
    of a reduction unspecified), which lets LLVM keep vector partial
    results of each row in registers: taken to be 8 lanes (or `lanes` when
    fewer), whatever the row's length (an odd one runs its remainder after
    them). Those that round and
    whose lanes would take more than `leaf-steps` steps (a fused column sum,
    a long row) are split into leaves too, with their partials allocated per
    iteration; a row splits into blocks of `lanes` leaves alone, whose lanes
    stay in registers.

    `explain` reports every reduction outside loops left in order, and
    every one inside a loop that needed leaves, with the reason.

    ```mlir
    // linalg.reduce { arith.addf } over tensor<16777216xf32> becomes
    //   tensor<8192x64x32xf32> -> tensor<8192x32xf32>  (blocks x lanes)
    //   tensor<262144xf32>: 18 halvings, each partials[0:h] += partials[h:2h]
    //   tensor<f32> = init + partials[0]
    // and a column sum tensor<8192x64xf32> -> tensor<64xf32> becomes
    //   tensor<128x64x64xf32> -> tensor<128x64xf32> (leaves of 64 rows)
    //   7 halvings over the leaves, then the init
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
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
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
    0. **Sums into the product.** `x + A B`, where the product starts from
       zeros and x has the result's shape and type, becomes the product
       started from x. The gradient of a weight summed over a loop's steps
       is then written into the loop-carried tensor, which bufferization
       updates in place instead of copying it on every iteration.
    1. **Packing.** The left operand is copied into zero-padded panels
       `[batch, M/rows, K, rows]` and the right one into
       `[batch, N/cols, K, cols]`, so the kernel reads both contiguously.
       Transposed operands are read in their own layout (a K-contiguous
       operand is transposed in registers, a square block of vectors at a
       time, in rounds of two-source shuffles); interleaved dimension groups
       are transposed first. An operand that does not change in the sequential
       loops (`scf.for`, `scf.while`) around the product, such as a weight
       read by every step of a scan, is packed once, before the outermost
       of them. With `pack-left=in-tiles` (the policy's choice when one
       column block covers N and the left operand is larger than L2), each
       result tile instead packs its rows of the left operand one depth
       block at a time, into a buffer carried through the depth loop that
       stays in L2: the packed copy never goes to memory and back. With
       `pack-left=in-place` (the policy's choice there when N is at most 4
       register tiles wide, as in the attention block's `P v`), the left
       operand is not packed: each element is read at most 4 times, and the
       kernel reads it where it is.
    2. **Cache tiling.** One `scf.forall` (OpenMP threads) runs over
       `row-block x col-block` tiles of the result (and the batch). In each,
       a loop over `depth-block` slices of K keeps a packed panel of the
       right operand in L1 and the row block of the left one in L2.
    3. **Register tiling.** For each `rows x cols` register tile and depth
       block, the accumulators start from zero, are updated by one
       broadcast `vector.fma` per row and step of K (integer multiply-add
       for integers), and are then added to the tile's sums so far, loaded
       once (or, on the first depth block, to the value of a fill, named or
       a generic yielding one scalar, that only the product reads, and
       which is then erased), and stored once, masked at the edges. A long
       K (a weight gradient's batch x height x width) thus rounds in two
       levels, depth blocks and their sum, as a blocked sum does.
    4. **Epilogue fusion.** When the product's only user is an elementwise
       generic over its shape (bias, activation, scaling, a narrowing
       conversion), that generic runs on each finished tile while it is in
       cache, inside the same parallel loop: no second pass over the result.
       Its other operands may be read through unit dimensions (a `[1, n]`
       bias).

    Tile sizes come from the host: two vectors of the accumulator type per
    row of the register tile (AVX2 f32: 6 x 16; AVX-512: 14 x 32), the
    depth block from 1/8 of L2, the row block from L2 (and, with an
    epilogue, a result tile of at most a quarter of L2); blocks are
    then split evenly over the product and shrunk until there are a few
    tiles per thread. Options other than 0 override them. A matrix-vector
    product (M or N of 1) is bound by memory and is left to the loop path;
    `explain` reports every product left as it is, with the reason.

    ```mlir
    %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
                       outs(%zero : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    // becomes
    %pa = scf.forall (%i, %p) in (1, 171) shared_outs(%o = %ea) -> tensor<1x171x1024x6xf32>
    %pb = scf.forall (%i, %p) in (1, 64) shared_outs(%o = %eb) -> tensor<1x64x1024x16xf32>
    %c = scf.forall (%i, %ti, %tj) in (1, 5, 2) shared_outs(%o = %c3) {
      scf.for %kb ... step 256 { scf.for %jr ... step 16 { scf.for %ir ... step 6 {
        // 6 rows of vector<16xf32> accumulators, then per step of K:
        %a = vector.transfer_read %pa[...] : vector<6xf32>
        %b = vector.transfer_read %pb[...] : vector<16xf32>
        %s = vector.fma %a0, %b, %acc0 : vector<16xf32>   // x 6 rows
    ...
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
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def KeepInnerLoopsPass : Pass<"fuse-cpu-keep-inner-loops"> {
  let summary = "Keep LLVM from fully unrolling short loops nested in "
                "other loops";
  let description = [{
    LLVM fully unrolls an inner loop with a short constant trip count, then
    may vectorize the loop around it; on a reduction the unrolled body is a
    long chain of compares and selects (or min/max), and LLVM 22's loop
    vectorizer takes exponential time on it (the compile never ends: the two
    programs once kept in `utils/fuzz/known-bugs/`, now
    `test/Integration/CPU/inner-loop-unrolling.mlir`). This pass marks every
    innermost `scf.for` nested in another loop (`scf.for`, `scf.parallel`,
    `scf.forall`, `omp.loop_nest`) whose constant trip count is at most
    `max-trip-count` and whose body selects or takes a minimum or maximum
    (sums and products unroll and vectorize well, and the unrolled short
    loops matter: the squared distances over 10 dimensions of the splitter's
    kernel run 1.5x slower kept rolled) with `llvm.loop_annotation`
    `unroll = <disable = true>`:
    it stays a loop, which the vectorizer handles on its own, and the loop
    around it stays a loop nest, which the vectorizer leaves alone.
    `scf-to-cf` carries the annotation to the loop's back edge.

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
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SerializeNestedParallelLoopsPass
    : Pass<"fuse-cpu-serialize-nested-parallel-loops"> {
  let summary = "Keep only the outermost scf.parallel of each loop nest";
  let description = [{
    Threads are forked once per outermost parallel loop; a parallel loop
    nested in another (or in a sequential loop within one) would fork again
    for every iteration of the enclosing loops. This pass turns every
    `scf.parallel` that has an `scf.parallel` ancestor, and every one nested
    in an `scf.for`, into nested `scf.for` loops. The innermost ones stay
    contiguous loops that LLVM vectorizes. Reductions (`scf.reduce`) become
    values the loops carry, combined in iteration order.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def HoistLoopAllocasPass : Pass<"fuse-cpu-hoist-loop-allocas"> {
  let summary = "Allocate a loop body's stack buffers once per thread";
  let description = [{
    A `memref.alloca` in a loop body takes new stack on every iteration
    until the function returns. After `promote-buffers-to-stack` has turned
    the small buffers of a row fusion's rows (a row's maximum, its sum, its
    shifted values) into allocas, a fusion over a million rows would need
    the stack of a million rows. A `memref.alloca_scope` around the body
    would release it, but the scope cannot hold the blocks that its inner
    loops lower to. The buffers are temporaries of one iteration, so this
    pass moves every alloca of static shape that no terminator receives
    (directly or through a view) to the start of the enclosing `omp.parallel`
    region, which each thread runs once, or else of the function: each
    thread allocates it once and reuses it in every iteration.

    ```mlir
    omp.parallel {
      omp.wsloop { omp.loop_nest (%i) : index = (%c0) to (%c128) step (%c1) {
        memref.alloca_scope {
          %m = memref.alloca() : memref<1xf32>
          ...
    // becomes
    omp.parallel {
      %m = memref.alloca() : memref<1xf32>
      omp.wsloop { omp.loop_nest (%i) : index = (%c0) to (%c128) step (%c1) {
        memref.alloca_scope {
          ...
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
    21 ms). Serializing more dimensions gained nothing there and cost
    compile time, as LLVM unrolls the short loops around the row. Loops with
    reductions are left alone.

    When the outer dimensions make fewer iterations, a static innermost
    dimension is cut into equal pieces of at least 16 elements, as few as
    make `min-iterations` with the outer ones (else as many as keep 16), and
    the pieces are shared as one more parallel dimension: an LSTM step's
    32 x 128 gate fusion took 111 us as one collapsed loop and (see the
    pass's test) runs as 32 x 8 pieces of 16.

    ```mlir
    scf.parallel (%b, %h, %c) = (%c0, %c0, %c0) to (%c128, %c14, %c32)
        step (%c1, %c1, %c1) { ... }
    ```
    becomes
    ```mlir
    scf.parallel (%b, %h) = (%c0, %c0) to (%c128, %c14) step (%c1, %c1) {
      scf.for %c = %c0 to %c32 step %c1 { ... }
    }
    ```
  }];
  let options = [
    Option<"minIterations", "min-iterations", "int64_t", /*default=*/"256",
           "Iterations the outer dimensions must make for the threads">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
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
    - `guided` (the pass's default): chunks of the remaining iterations divided by
      twice the threads, shrinking as the loop ends, so a thread that runs
      takes the work of one that does not, at a few dispatches per thread;
    - `dynamic`: chunks of one iteration, each an atomic dispatch;
    - `static`: OpenMP's default, as the conversion leaves it.

    Measured on 2 cores, 2 threads, with a `nice -n 19` busy loop in the
    same session (one run each): a fused layer norm 8192x4096 took 20.5 ms
    static and 16.2 ms guided (17.9 and 17.4 quiet), a ResNet block's
    gradient step 40.6 and 34.6 ms (35.5 and 29.0 quiet). But on a quiet
    machine guided costs the scan RNN's gradient (`bench/jax_programs.py`,
    small loops in every step of a `while`) 10%: 54.5-60.0 against
    49.3-52.8 ms static, alternated three times, as each step's rows no
    longer stay with the thread that has them in cache. So the CPU
    pipeline keeps `static` (`parallel-schedule`) and guided is there to
    choose. A busy loop in another session (its own scheduler group) takes
    a whole core's share whatever its priority, and no schedule helps: both
    run at one thread's speed.

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
    turn: the `omp.parallel` of each parallel loop nest and the sequential
    loop nests between them. Two costs grow faster than the program there.
    Translating an `omp.parallel` to LLVM IR extracts its region into a
    function of its own, and the extraction scans the whole enclosing
    function: a 4-layer transformer's training step (about 300 parallel
    loops in one function) took 17.8 s to translate. And LLVM optimizes
    one huge function on one thread, however many kernels it holds.

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
    shapes compile once. The functions are `noinline`, so that LLVM keeps
    them apart and the parts of the module it compiles on each core stay
    small.

    ```mlir
    func.func @main(%a: memref<1024xf32>, %b: memref<1024xf32>) {
      %c0 = arith.constant 0 : index
      ...
      omp.parallel { omp.wsloop { omp.loop_nest (%i) : index = (%c0) ... {
        ... memref.load %a[%i] ... memref.store %v, %b[%i] ... } } }
      return
    }
    // becomes
    func.func @main(%a: memref<1024xf32>, %b: memref<1024xf32>) {
      call @main_kernel0(%a, %b) : (memref<1024xf32>, memref<1024xf32>) -> ()
      return
    }
    func.func private @main_kernel0(%a: memref<1024xf32>,
        %b: memref<1024xf32>) attributes {passthrough = ["noinline"]} {
      %c0 = arith.constant 0 : index
      omp.parallel { ... }
      return
    }
    ```
  }];
  let options = [
    Option<"mergeIdentical", "merge-identical", "bool", /*default=*/"true",
           "Let kernels with the same body share one function">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
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
    `fuse-serialize-nested-parallel-loops` does for nested ones.

    The footprint is the sum of the sizes of the distinct memrefs that the
    loop's ops use; a view made inside the loop counts through its base
    alone, one made outside it as a whole. It is weighed by the loop's work
    per byte: times one plus the number of math-dialect operations and
    divisions in its body (an exponential expands into about ten). So a
    copy of 64 KiB into 64 KiB (a product's operand packed into panels: 2 us
    on one thread, 5 us forked on this machine) runs on one thread, and a
    softmax over the same bytes (7 us forked, 12 us on one) forks. A loop
    that uses a memref of dynamic shape stays parallel: its size is not
    known. With `min-bytes=0` the pass does nothing.

    ```mlir
    scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
      %v = memref.load %in[%i] : memref<128xf32>
      memref.store %v, %out[%i] : memref<128xf32>
    }
    ```
    touches 1 KiB and becomes
    ```mlir
    scf.for %i = %c0 to %c128 step %c1 {
      %v = memref.load %in[%i] : memref<128xf32>
      memref.store %v, %out[%i] : memref<128xf32>
    }
    ```
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"131072",
           "Loops whose memrefs hold fewer bytes than this, weighed by "
           "their math operations, run on one thread">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def StridedCopiesToLoopsPass
    : Pass<"fuse-cpu-strided-copies-to-loops", "::mlir::func::FuncOp"> {
  let summary = "Copy between strided buffers in loops, not in the runtime";
  let description = [{
    Bufferization writes a tensor into part of a larger one (`hlo.pad`,
    `hlo.concatenate`, `hlo.dynamic_update_slice`) as a `memref.copy` into
    a strided view. A copy between two contiguous buffers becomes one
    `memcpy`; any other becomes a call of the runtime's `memrefCopy`, which
    moves one element at a time on one thread (a convolution's 25 MB
    padded input took longer to copy than to read ten times). This pass
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
    - `exp`, `log` and `tanh` on f32 (and on f16/bf16, computed in f32) by
      MLIR's polynomial approximations, accurate to a few ulp and exact on
      the special values (NaN, infinities, zero, overflow);
    - `exp`, `log` and `tanh` on f64 by our own expansions (F64Math.cpp:
      range reduction and polynomials; exponents through bit operations,
      not f64<->i64 conversions, which AVX2 lacks), within 2 ulp and exact
      on the special values and the subnormal range;
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

#endif // FUSE_CODEGEN_CPU_PASSES_TD
