//===- Passes.td - code generation for NVIDIA GPUs ---------*- tablegen -*-===//
//
// Passes on linalg, scf and gpu that make kernels and their launches: block and
// thread loop nests, 16-byte access, cuBLASLt products, device memory and
// streams. They know nothing of hlo; their flags start with `fuse-gpu-`.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_GPU_PASSES_TD
#define FUSE_CODEGEN_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GPULibraryProductsPass : Pass<"fuse-gpu-library-products", "::mlir::ModuleOp"> {
  let summary = "Run the matrix products of a bufferized GPU program through cuBLASLt";
  let description = [{
    Replaces each contraction of a bufferized program (a `linalg.matmul`,
    `batch_matmul`, `matvec`, `dot`, or a `linalg.generic` that multiplies
    and adds, as `dot_general` lowers) by a call of the runtime's
    `fuseCudaMatmul`, which runs it with cuBLASLt on tensor cores where the
    types allow. Before `fuse-gpu-tile-kernels`, so that what remains is
    kernels.

    Every `dot_general` layout is a batch of matrix products once its loops
    are grouped into batch, row, column and contracting loops: each group
    must be one strided dimension of every operand that has it (its
    dimensions adjacent in memory, in the same order in each: a
    convolution's window on its patches, whatever its loops' order). Inputs
    that no matrix walks (the kernel as the input gradient reads it,
    attention's heads between its rows) are first copied, by a kernel, into
    the order that one does, where the product makes at least 16
    multiply-adds per element copied. One of the two matrix
    dimensions of each input must be contiguous (a transposed operand is read
    in place, with cuBLASLt's transpose flag), and the result's columns must
    be contiguous. A zero fill of the result just before the product is
    folded into the call (beta = 0). Types: f32, f64, and f16 or bf16 inputs
    accumulated into f32 (the form `dot_general` lowers to). f32 products
    keep full precision unless `allow-tf32` is set.

    An elementwise op right after an overwritten f32 product that adds a
    bias per column, and maybe takes the maximum with zero or GELU's tanh
    form (0.5 x (1 + tanh(0.79788456 (x + 0.044715 x^3))), in any
    association) after, is done by the call too (cuBLASLt's BIAS, RELU_BIAS
    and GELU_BIAS epilogues, applied before the store): the call writes
    that op's result, and the product's own buffer goes. Likewise an op that
    only rounds an overwritten f32 product of f16 or bf16 inputs back to the
    inputs' type (`arith.truncf`, as a `dot_general` of f16 or bf16 results
    lowers) becomes the call's output type: cuBLASLt rounds its f32
    accumulator as it stores, with no f32 buffer and no kernel after it.
    `hlo-outline-products` brings such epilogues next to their product.

    A product that does not qualify stays a generated kernel; `explain`
    says why at its location, and why an epilogue stays a kernel:

    ```mlir
    linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>)
                  outs(%c : memref<64x16xf32>)
    // becomes
    func.call @fuseCudaMatmul(%f32, %f32, %options, %epilogue, %c1, %c64,
        %c16, %c32, %pa, %c2048, %c32, %c1, %pb, ...) : (...) -> ()
    ```

    The workspace cuBLASLt may use (`workspace-bytes`) is one buffer per
    function, allocated at its entry, so that the memory plan counts it.
  }];
  let options = [
    Option<"allowTF32", "allow-tf32", "bool", /*default=*/"false",
           "Let f32 products round their inputs to TF32 on tensor cores">,
    Option<"workspaceBytes", "workspace-bytes", "int64_t",
           /*default=*/"33554432",
           "Device memory cuBLASLt may use as workspace, per function">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Remark on each product left to a generated kernel, with the "
           "reason">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def GPUTileKernelsPass : Pass<"fuse-gpu-tile-kernels"> {
  let summary = "Write every kernel as a loop nest over GPU blocks and threads";
  let description = [{
    Rewrites each kernel of a bufferized program (a linalg op not inside
    another kernel, a `memref.copy`, or the `scf.forall` of a row fusion)
    into one `scf.parallel` over blocks (`mapping = [block_x]`) whose body
    holds `scf.parallel` loops over the `block-size` threads of a block
    (`mapping = [thread_x]`). `fuse-gpu-launch-kernels` turns each nest into
    one `gpu.launch`. How the work is spread:

    - elementwise ops: every thread takes the points `block * block-size +
      thread`, then every `grid * block-size` after; the innermost dimension
      varies fastest, so a warp reads 32 neighbouring elements;
    - row reductions (the innermost loop reduces) and reductions with too
      few outputs to give each thread one: a block per output, its threads
      striding over the row and combining their partial results in the
      thread loop's `scf.reduce` (warp shuffles and shared memory on the
      GPU);
    - full reductions: a grid of blocks writes one partial result each, and
      a second one-block kernel combines them;
    - column reductions with few outputs (fewer than 16 blocks' worth)
      over many reduced elements (at least 16 blocks' worth), e.g. a
      16384x8 column sum: each block takes a tile of up to `block-size`
      outputs and a share of the reduced positions, its threads covering
      the tile (consecutive threads on consecutive outputs) as many times
      as fit, each writing one partial result; a second kernel, a block per
      output, combines the partials;
    - other column reductions and combiners that cannot be reordered (a
      two-value arg-max): a thread per output, looping over the reduction;
    - row fusions: a block per row (the grid strides over the rows); every
      linalg op of the row is one of the thread loops above, and the
      buffers of one row become one buffer per block;
    - other `scf.forall` loops, whose iterations are scalar code (a
      scatter's atomic update) or run a loop that carries values (a scan
      along a line, the window choice of `select_and_scatter`), or have
      ops of dynamic size: a thread per iteration, the grid striding over
      them, the buffers of one iteration one per thread.

    Block reductions need a single combiner with a neutral element (add,
    mul, max, min, and, or, ...) for every reduced output.

    Float sums and products keep the CPU's error bound: each thread folds
    at most `leaf-steps` elements in order into a leaf (or more, up to
    `row-vectors` vectors, when it takes its whole share at once), from the
    neutral element, and combines its leaves pairwise (a loop of two
    iterations per level of a balanced tree); the threads of a block
    combine in a tree,
    and the partial results of blocks in the same way. f16 and bf16 ones
    accumulate in f32 everywhere (thread partials, the block's tree, the
    partial results between kernels) and round once, into the output.
    Without a combiner threads can reorder (a two-value arg-max), a thread
    folds its output's elements in order.

    Vector accesses: in elementwise loops and in the strided loops of block
    and full reductions, a thread takes `vector-bytes` worth of neighbouring
    elements of the innermost loop at once (4 f32, 2 f64), when every buffer
    that loop walks has it as its last, unit-stride index and the loop's size
    is a multiple of the lanes. Each such buffer is read with one
    `vector.load` and written with one `vector.store`; buffers the loop does
    not walk are read once for all lanes; the body runs once per lane, a
    reduction folding the lanes into its partial result in order. A thread
    with several vectors to do takes up to 4 per iteration when they divide
    evenly, their loads (8 vectors at most) before the first store or fold,
    so that they are in flight together; in a block-level loop (a row
    fusion's ops, a block reduction) its whole share at once, without a
    loop, when that is at most `row-vectors` vectors. Every op of a row
    fusion then reads the same points of the row in each thread, and
    `fuse-gpu-reuse-loads` keeps the row in registers instead of reading it
    again. With
    `aligned-buffers` the accesses claim their size as alignment wherever
    every view on the way keeps it (offsets and row strides multiples of
    the lanes), which the GPU needs for `ld.global.v4.f32`.

    The nest is plain parallel-loop IR: the CPU pipeline runs it when
    `emulate-gpu-tiling` is set, which checks its index arithmetic against
    the interpreter on machines without a GPU.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"maxBlocks", "max-blocks", "int64_t", /*default=*/"2048",
           "Largest grid; bigger problems are strided over it">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes a thread reads or writes of one buffer at once (the "
           "widest element decides the lanes); 0 keeps accesses scalar">,
    Option<"alignedBuffers", "aligned-buffers", "bool", /*default=*/"false",
           "Buffers start at addresses aligned to vector-bytes (device "
           "allocations), so vector accesses claim their size as alignment "
           "(what 16-byte GPU loads need)">,
    Option<"rowVectors", "row-vectors", "int64_t", /*default=*/"16",
           "A thread of a block-level loop (row fusions, block reductions) "
           "takes its whole share at once when that is at most this many "
           "vectors: all its loads in flight together, and the same points "
           "in every op of a row fusion">,
    Option<"leafSteps", "leaf-steps", "int64_t", /*default=*/"64",
           "Elements a thread of a float sum or product folds in order "
           "before its leaf is combined pairwise with its others">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def GPULaunchKernelsPass : Pass<"fuse-gpu-launch-kernels"> {
  let summary = "Turn block/thread loop nests into gpu.launch";
  let description = [{
    Each `scf.parallel` mapped to `block_x` (as `fuse-gpu-tile-kernels`
    writes them) becomes a `gpu.launch` with one block per iteration and as
    many threads as its thread loops have iterations. Inside:
    - a thread loop becomes its body run by every thread with its
      `gpu.thread_id`; its `scf.reduce` becomes `gpu.all_reduce` over the
      block, combined with the loop's initial value;
    - `gpu.barrier` separates thread loops from the code around them, so
      values one thread wrote are seen by the others;
    - block-level code runs on every thread (the same values), and its
      stores only on thread 0.

    Unlike upstream `convert-parallel-loops-to-gpu`, a block may hold
    several thread loops one after the other.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def GPURecomputeIntermediatesPass
    : Pass<"fuse-gpu-recompute-intermediates"> {
  let summary = "Recompute a row's elementwise intermediates instead of "
                "reading them back";
  let description = [{
    In a row fusion (the body of an `scf.forall`, on tensors), a generic
    often writes an elementwise value of the row beside a reduction of it,
    and the next generic reads the value back: softmax's `exp(x - max)`
    beside its sum, then divided by the sum. On the GPU that is a store and
    a load of the whole row. This pass makes the reader compute the value
    itself from the producer's inputs, when the value depends on those
    inputs only (not on the producer's outputs), through at most `max-ops`
    pure ops, at every point of the producer's loops, and the reader is its
    only user. The producer's result, now unread, is dropped, and the
    reader writes into the producer's destination.

    ```mlir
    %e, %sum = linalg.generic ins(%x, %max) outs(%row, %zero) {
      ... %ex = math.exp(%x - %max); yield %ex, %sum + %ex }
    %y = linalg.generic ins(%sum) outs(%e) { yield %e / %sum }
    // becomes
    %sum = linalg.generic ins(%x, %max) outs(%zero) { ... yield %sum + %ex }
    %y = linalg.generic ins(%sum, %x, %max) outs(%row) {
      %ex = math.exp(%x - %max); yield %ex / %sum }
    ```

    With `fuse-gpu-reuse-loads`, every op of the row then loads `%x` at the
    same points once, and the row is written once.
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"8",
           "The most ops a recomputed value may take">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def GPUReuseLoadsPass : Pass<"fuse-gpu-reuse-loads"> {
  let summary = "Reuse a kernel's loads of memory it never writes";
  let description = [{
    Inside each `gpu.launch`, a `memref.load` or `vector.load` that repeats
    an earlier load dominating it (the same buffer value, the same index
    values and type) takes that load's value instead, when no write of the
    kernel may reach the buffer: no op of the kernel writes a buffer with
    the same root (the allocation or argument under its views), nor one
    that may alias it (two function arguments may; fresh allocations alias
    nothing else). Barriers and block reductions between the two loads do
    not matter then: the memory cannot change while the kernel runs.

    Row fusions are what this is for. `fuse-gpu-tile-kernels` gives every
    op of a row the same points in each thread, and `fuse-gpu-launch-kernels`
    runs the ops one after the other in the kernel, so softmax's maximum,
    sum and quotient load the same vectors of the row three times. After
    this pass (and CSE of the index arithmetic before it) the row is read
    once and kept in registers:

    ```mlir
    %a = vector.load %row[%c0, %i] : memref<1x16384xf32, ...>, vector<4xf32>
    gpu.barrier
    %b = vector.load %row[%c0, %i] : memref<1x16384xf32, ...>, vector<4xf32>
    // %b is replaced by %a when no op of the kernel writes %row's buffer
    ```

    A kernel with an op whose writes cannot be told (no memory effects
    interface, or a write of no particular buffer) is left as it is.
  }];
}

def GPUStreamLoopsPass : Pass<"fuse-gpu-stream-loops", "::mlir::func::FuncOp"> {
  let summary = "Run a loop's launches on one stream, waited for once after the loop";
  let description = [{
    `gpu-async-region` threads async tokens through each block on its own:
    every iteration of a host loop that launches kernels starts a stream,
    and the iteration ends by waiting for it. A bitonic sort of 10^6
    elements runs 210 such iterations, and the host's wait for each kernel
    cost more than the kernels did.

    Runs after `gpu-async-region`, just before `gpu-to-llvm`, which puts
    every op of a token chain on the stream of the chain's first token, in
    the order the host issues them. Each outermost op with regions (a loop,
    an `scf.if`) that launches a kernel goes on one stream: that of the GPU
    work just before it, whose wait goes, or else a new one. Every GPU op
    inside takes that stream's token as its only dependency and the waits
    inside are erased. After the op, GPU work that would start a new
    stream with nothing of the host in between continues this one instead;
    otherwise a `gpu.wait` waits for it there. The device still runs the
    iterations in order; the host no longer waits for each.

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %0 = gpu.wait async
      %1 = gpu.launch_func async [%0] @k::@k ...
      gpu.wait [%1]
    }
    // becomes (no GPU work around the loop)
    %s = gpu.wait async
    scf.for %i = %c0 to %n step %c1 {
      %1 = gpu.launch_func async [%s] @k::@k ...
    }
    gpu.wait [%s]
    ```

    A call of the runtime's cuBLASLt product (`fuse-gpu-library-products`)
    runs on the legacy default stream, which waits for the work submitted
    before it to every stream the runtime makes, and which their later work
    waits for. So the host's wait before such a call goes too, and the
    stream goes on after it where the next GPU work would start a new one:
    a step of dense layers waits once rather than before each product. In
    a loop, such a call is no reason to keep the host waiting.

    A region that the host code must see the device's work in is left as
    it is: one with an op that reads or writes memory on the host (a loop's
    predicate copied back, another call), a synchronous GPU op, a GPU op
    that depends on work from outside the region, or a token that leaves
    it; the ops with regions inside it are tried in turn. `explain` reports
    each region left as it is, with the reason.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "report every region of launches left waiting per iteration, "
           "with the reason">,
  ];
}

def GPUDeviceMemoryPass : Pass<"fuse-gpu-device-memory", "::mlir::ModuleOp"> {
  let summary = "Allocate the host code's buffers on the GPU";
  let description = [{
    After `fuse-gpu-launch-kernels`, the host code only allocates, frees and
    passes buffers to kernels; the caller passes device pointers. This pass
    turns `memref.alloc`/`memref.dealloc` outside kernels into
    `gpu.alloc`/`gpu.dealloc`, and every `memref.get_global` (a constant
    tensor) into a device buffer filled by `gpu.memcpy` from the host
    global, freed at the end of its block unless returned. A rank-0 tensor
    that the host reads (the predicate of a loop, the index of a branch) is
    copied into a host slot first; a read of the same buffer later in the
    block takes that value when nothing between may write the buffer (a
    scan's step index, read for each slice of the step: the LSTM step's
    host copies went from 22 to 10, each a wait for the device per
    iteration). A rank-0 tensor that the host
    writes (a rank's first slice offset) is written through a host slot. Buffers of host bookkeeping (the base
    pointers and ownership flags of lowered deallocations, which no kernel
    touches) stay on the host. An MPI all-reduce (a distributed program's
    collective) goes through two host buffers, copied from the device
    before and back after: MPI libraries built without CUDA read host
    memory only. Host code that still reads or writes tensor data (a
    `memref.load` of a dynamic index) is an error at its location.

    ```mlir
    %p = memref.load %flag[] : memref<i1>
    // becomes
    %slot = memref.alloca() : memref<i1>
    gpu.memcpy %slot, %flag : memref<i1>, memref<i1>
    %p = memref.load %slot[] : memref<i1>
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GPUModulesToBinariesPass
    : Pass<"fuse-gpu-modules-to-binaries", "::mlir::ModuleOp"> {
  let summary = "Compile the kernels' gpu.modules to binaries, on every core";
  let description = [{
    Upstream's `gpu-module-to-binary`, with the modules compiled at once:
    each `gpu.module` becomes a `gpu.binary` with an object per target
    (PTX and, unless `format=isa`, ptxas's cubin). Each kernel has a
    module of its own, so a program's hundreds of kernels are compiled on
    MLIR's threads instead of one after another; the first module is
    compiled alone, so that what the translation loads into the context is
    loaded before the threads start. The objects are the same as upstream's.

    ```mlir
    gpu.module @k [#nvvm.target<chip = "sm_90">] { ... }
    // becomes
    gpu.binary @k [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "...">]
    ```
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"fatbin\"",
           "what each object holds: isa (PTX), bin (cubin) or fatbin">,
    Option<"toolkit", "toolkit", "std::string", /*default=*/"\"\"",
           "the CUDA toolkit's directory (ptxas, fatbinary, libdevice)">,
  ];
}

#endif // FUSE_CODEGEN_GPU_PASSES_TD
