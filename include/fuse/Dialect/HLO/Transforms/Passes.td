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

def OutlineProductsPass : Pass<"hlo-outline-products"> {
  let summary = "Move float products out of their output fusions, for a library to run";
  let description = [{
    Where a library runs matrix products (cuBLASLt on the GPU), a product
    fused with its epilogue would be generated instead. This pass moves each
    f32, f64, f16 or bf16 `dot_general` (or `dot`) of an output fusion in
    front of the fusion, which keeps the epilogue and reads the product as a
    new input: an elementwise loop fusion after the library call, as XLA's
    GPU backend does around cuBLAS. Inputs that only the product read leave
    the fusion; a fusion left with nothing to compute disappears. A product
    whose operands are computed inside the fusion stays.

    ```mlir
    %r = hlo.fusion output(%x, %w) : (...) -> tensor<64x16xf32> {
    ^bb0(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>):
      %p = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : ...
      %e = hlo.exponential %p : tensor<64x16xf32>
      hlo.yield %e : tensor<64x16xf32>
    }
    // becomes
    %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : ...
    %r = hlo.fusion loop(%p) : (tensor<64x16xf32>) -> tensor<64x16xf32> {
    ^bb0(%c: tensor<64x16xf32>):
      %e = hlo.exponential %c : tensor<64x16xf32>
      hlo.yield %e : tensor<64x16xf32>
    }
    ```
  }];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def OutlineFusionsPass : Pass<"hlo-outline-fusions", "::mlir::ModuleOp"> {
  let summary = "Give every fusion and product a function, one per distinct body";
  let description = [{
    A model's step repeats its kernels: the layers of a transformer, the
    optimizer's update of each parameter of one shape, the gradient of each
    layer. Lowered in one function, every copy is tiled, bufferized and
    compiled again. This pass moves each `hlo.fusion`, `dot_general`, `dot`
    and `convolution` of a function's body into a private function and
    calls it. Kernels of loop and branch bodies stay, since the lowering
    hoists their loop-invariant work (a product's packed weights) out of
    the loop. Kernels whose functions print the same
    (without locations) share one function, so the rest of the pipeline
    lowers each distinct kernel once.

    Splat constants and constants of at most 64 bytes that a kernel reads
    are copied into its function, so that the lowering still sees their
    values; other values become arguments. A kernel stays in place when a
    result of it is returned by its function (directly or through a
    reshape), so that the entry's results are still computed into the
    caller's buffers rather than copied there.

    ```mlir
    func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
      %a = hlo.fusion loop(%x) ... { exp, negate }
      %b = hlo.fusion loop(%y) ... { exp, negate }
      %s = hlo.add %a, %b : tensor<8xf32>
      return %s : tensor<8xf32>
    }
    // becomes
    func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
      %a = call @main_fusion0(%x) : (tensor<8xf32>) -> tensor<8xf32>
      %b = call @main_fusion0(%y) : (tensor<8xf32>) -> tensor<8xf32>
      %s = hlo.add %a, %b : tensor<8xf32>
      return %s : tensor<8xf32>
    }
    func.func private @main_fusion0(%x: tensor<8xf32>) -> tensor<8xf32> {
      %a = hlo.fusion loop(%x) ... { exp, negate }
      return %a : tensor<8xf32>
    }
    ```
  }];
  let dependentDialects = ["::fuse::hlo::HLODialect",
                           "::mlir::func::FuncDialect"];
}

def FuseElementwisePass : Pass<"fuse-elementwise", "mlir::ModuleOp"> {
  let summary = "Group hlo ops into hlo.fusion kernels, as XLA's fusion does";
  let description = [{
    Forms `hlo.fusion` ops that each lower to one loop nest, so the values
    inside a fusion are never written to memory. Every elementwise op and
    reduction starts as a fusion of its own; a fusion then pulls in its
    producers while that is legal and worth it:

    - loop fusion: elementwise ops, with `broadcast_in_dim`, `reshape`,
      `transpose`, `slice`, `iota` and constants fused into every consumer
      as indexing;
    - input fusion: elementwise producers of an `hlo.reduce` (full, row or
      column), plus elementwise epilogues on its results (`mean` is one
      fusion);
    - row fusion: reductions over rows together with the ops that read
      their results broadcast along those rows, computed one row at a time
      while the row is in cache (softmax and layer norm are one fusion);
    - output fusion: an elementwise epilogue on a `dot_general`;
    - multi-output fusion: a producer also used outside becomes an extra
      result of its consumer, and fusions over the same iteration space that
      read a common input merge, so the input is read once.

    A cheap producer with several users is duplicated into each, where the
    copies read no more memory than computing it once would; an
    expensive one (exp, log, tanh, divide, power, ...) is fused only where
    all its users are, or as an extra result, and never recomputed per
    element of a broadcast. No fusion creates a cycle, exceeds
    `max-operands` inputs or `max-results` results, or raises the estimated
    peak memory of its block.
    Fusions of a single op are dissolved. Fused ops keep their locations and
    each fusion gets a fused location of its sources.

    `explain` emits a remark, at the producer, for every producer/consumer
    pair left unfused, with the reason. `report` prints each fusion's kind,
    ops and estimated memory traffic saved to stderr; `dump-dot` writes the
    program with fusions as Graphviz clusters.

    ```mlir
    %xx = hlo.multiply %x, %x : tensor<1024xf32>
    %s = hlo.add %xx, %y : tensor<1024xf32>
    %t = hlo.reduce add(%s init %zero) dims = [0] : (tensor<1024xf32>, tensor<f32>) -> tensor<f32>
    // becomes
    %t = hlo.fusion input(%x, %y) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<f32> {
    ^bb0(%a: tensor<1024xf32>, %b: tensor<1024xf32>):
      %xx = hlo.multiply %a, %a : tensor<1024xf32>
      %s = hlo.add %xx, %b : tensor<1024xf32>
      %zero = hlo.constant dense<0.0> : tensor<f32>
      %t = hlo.reduce add(%s init %zero) dims = [0] : (tensor<1024xf32>, tensor<f32>) -> tensor<f32>
      hlo.yield %t : tensor<f32>
    }
    ```
  }];
  let options = [
    Option<"maxOperands", "max-operands", "unsigned", /*default=*/"64",
           "Most inputs a fusion may have">,
    Option<"maxResults", "max-results", "unsigned", /*default=*/"64",
           "Most results a multi-output fusion may have">,
    Option<"allowDuplication", "allow-duplication", "bool", /*default=*/"true",
           "Copy cheap producers into each consumer fusion">,
    Option<"fuseReductions", "fuse-reductions", "bool", /*default=*/"true",
           "Fuse producers into reductions (input fusion)">,
    Option<"fuseDotEpilogues", "fuse-dot-epilogues", "bool",
           /*default=*/"true",
           "Fuse elementwise epilogues into dot_general (output fusion)">,
    Option<"multiOutput", "multi-output", "bool", /*default=*/"true",
           "Form multi-output fusions (extra results, sibling merges)">,
    Option<"rowFusion", "row-fusion", "bool", /*default=*/"true",
           "Fuse row reductions with the consumers that read their results "
           "row by row">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark with the reason for each pair left unfused">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Print each fusion's kind, ops and estimated bytes saved to "
           "stderr">,
    Option<"dumpDot", "dump-dot", "std::string", /*default=*/"\"\"",
           "Write the program with fusion clusters as Graphviz to this file">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def AlgebraicSimplifyPass : Pass<"algebraic-simplify"> {
  let summary = "Algebraic rewrites that shrink work and memory";
  let description = [{
    Rewrites that change how a value is computed, not what it is:

    - broadcast simplification: an elementwise op whose operands are
      broadcasts of one shape with the same dimensions (or splat constants)
      runs before the broadcast, on the operand's elements
      (`broadcast(a) + broadcast(b)` becomes `broadcast(a + b)`); broadcasts
      of broadcasts merge; a max, min, and or or reduction over dimensions
      a broadcast added gives the broadcast operand. Sums and products over
      such dimensions stay: n copies of x do not add up to exactly n * x.
    - squared distances: `sum_k (a[i, k] - b[j, k])^2`, written as the
      subtraction of two broadcasts of the matrices (directly or through a
      reshape that inserts a unit dimension, as NumPy's `a[:, None, :]`
      traces), squared by a multiply or a power of 2 and reduce-added from 0
      over the shared dimension, becomes `|a_i|^2 + |b_j|^2 - 2 a_i . b_j`:
      one `dot_general` and two row norms instead of an N x M x K tensor.
      The factor 2 scales the smaller matrix (exact in binary floating
      point), and the result is clamped at 0. This changes rounding: where a distance is
      small next to the norms the subtraction cancels, and the absolute
      error grows to about `eps * (|a_i|^2 + |b_j|^2)`.

    `explain` emits a remark, at the reduction, for each distance or
    reduction of a broadcast that matched in part but was not rewritten,
    with the reason.

    ```mlir
    %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<128x16xf32>) -> tensor<128x64x16xf32>
    %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<64x16xf32>) -> tensor<128x64x16xf32>
    %d = hlo.subtract %ab, %bb : tensor<128x64x16xf32>
    %sq = hlo.multiply %d, %d : tensor<128x64x16xf32>
    %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<128x64x16xf32>, tensor<f32>) -> tensor<128x64xf32>
    // becomes
    %a2 = hlo.multiply %a, %a : tensor<128x16xf32>
    %na = hlo.reduce add(%a2 init %zero) dims = [1] : (tensor<128x16xf32>, tensor<f32>) -> tensor<128xf32>
    %b2 = hlo.multiply %b, %b : tensor<64x16xf32>
    %nb = hlo.reduce add(%b2 init %zero) dims = [1] : (tensor<64x16xf32>, tensor<f32>) -> tensor<64xf32>
    %b2x = hlo.multiply %b, %two : tensor<64x16xf32>    // 2 b, exact
    %ab2 = hlo.dot_general %a, %b2x, contracting_dims = [1] x [1] : (tensor<128x16xf32>, tensor<64x16xf32>) -> tensor<128x64xf32>
    %n = hlo.add %nab, %nbb : tensor<128x64xf32>   // broadcasts of %na, %nb
    %d2 = hlo.subtract %n, %ab2 : tensor<128x64xf32>
    %r = hlo.maximum %d2, %zeros : tensor<128x64xf32>
    ```
  }];
  let options = [
    Option<"broadcasts", "broadcasts", "bool", /*default=*/"true",
           "Simplify broadcasts">,
    Option<"squaredDistances", "squared-distances", "bool",
           /*default=*/"true",
           "Rewrite naive squared distances into a matrix product">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark with the reason for each near miss">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def DotOrderPass : Pass<"dot-order"> {
  let summary = "Reorder chains of matrix products to the cheapest order";
  let description = [{
    Finds maximal chains of matrix products, `dot` and `dot_general` with
    one contracting dimension (matrix-matrix, matrix-vector, vector-matrix,
    with leading batching dimensions the whole chain shares), and evaluates
    each in the order that costs least, found by dynamic programming over
    the chain. A transpose of the two matrix dimensions folds into the
    dimension numbers of the products that read it, and a transposed
    product expands as (A B)^T = B^T A^T, so chains grow across transposes.
    A reduce-add from 0 over one matrix dimension of a product joins the
    chain as a product with a vector of ones (a column sum of A B is
    1^T A B, computed as (1^T A) B). An intermediate product with users
    outside the chain stays materialised: the chain ends there and the
    intermediate is one of its factors.

    The cost of an order is its multiply-adds and the bytes of the
    intermediate products; `cost-model` says which counts first, and the
    other breaks ties. A chain is rebuilt only when its best order is
    strictly cheaper than the current one; the rebuilt products are
    `dot_general`s with a fused location of the products they replace.
    `debug` prints every chain with its current and best cost to stderr.

    For A of 2048x2048, B of 2048x2048 and v of 2048 elements, (A B) v
    costs 2048^3 + 2048^2 multiply-adds and A (B v) 2 * 2048^2:

    ```mlir
    %ab = hlo.dot %a, %b : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    %c = hlo.dot %ab, %v : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048xf32>
    // becomes
    %bv = hlo.dot_general %b, %v, contracting_dims = [1] x [0] : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048xf32>
    %c = hlo.dot_general %a, %bv, contracting_dims = [1] x [0] : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048xf32>
    ```
  }];
  let options = [
    Option<"costModel", "cost-model", "::fuse::hlo::ChainCostModel",
           /*default=*/"::fuse::hlo::ChainCostModel::MultiplyAdds",
           "What an order costs first",
           [{::llvm::cl::values(
             clEnumValN(::fuse::hlo::ChainCostModel::MultiplyAdds,
                        "multiply-adds",
                        "fewest multiply-adds, then fewest intermediate bytes"),
             clEnumValN(::fuse::hlo::ChainCostModel::IntermediateBytes,
                        "intermediate-bytes",
                        "fewest intermediate bytes, then fewest multiply-adds"))}]>,
    Option<"debug", "debug", "bool", /*default=*/"false",
           "Print each chain with its current and best order and cost to "
           "stderr">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def ExpandLinearAlgebraPass : Pass<"hlo-expand-linear-algebra"> {
  let summary = "Turn Cholesky factorizations and triangular solves into "
                "blocked products, and LU factorizations into loops";
  let description = [{
    Rewrites `hlo.cholesky` and `hlo.triangular_solve` into hlo ops that
    do their work in `hlo.dot_general`, which the pipelines compile at
    their products' speed. The matrices are split in two, recursively, at
    compile time (their sizes are static):

    - `chol([A11 . ; A21 A22]) = [L11 0; L21 L22]` with `L11 = chol(A11)`,
      `L21 = A21 L11^-T` (a solve) and `L22 = chol(A22 - L21 L21^T)`;
    - `solve([L11 0; L21 L22], [B1; B2]) = [X1; X2]` with
      `X1 = solve(L11, B1)` and `X2 = solve(L22, B2 - L21 X1)`; upper,
      transposed and right-side systems the same way, each solving first
      the half of X that needs no other, and reading a transposed matrix's
      blocks through the products' dimension numbers rather than copying
      it.

    The first half takes a multiple of `block-size` rows. A Cholesky block
    of `block-size` or fewer rows is factored column by column in an
    `hlo.while`; a triangular block of that size is inverted so (an upper
    one with its rows and columns reversed) and applied as one product, as
    XLA's expanders do. An upper factor is the transposed lower factor of
    the transposed matrix. Only the triangle that the op names is read.
    `hlo.lu` becomes one loop over the columns (pivot search, row swap by
    masks, rank-1 update of the trailing matrix); it is not yet blocked.
    The CPU and GPU pipelines run it first; run it before
    `--fuse-elementwise` for its ops to be fused (`fuse_hlo` does).

    ```mlir
    %l = hlo.cholesky %a {lower} : tensor<512x512xf32>
    // becomes, with block-size=256: the 256x256 leading block factored in
    // a loop, a solve for the 256x256 panel below it (one product with the
    // block's inverse), the trailing block less the panel's product with
    // itself factored the same way, and the pieces concatenated.
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"128",
           "Rows of the blocks factored or inverted in a loop">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def SignlessIntegersPass
    : Pass<"hlo-signless-integers", "::mlir::ModuleOp"> {
  let summary = "Give unsigned integer values signless types, keeping their "
                "meaning";
  let description = [{
    The lowerings below hlo (arith, linalg, LLVM) know only signless
    integers, whose signedness is in the ops. This pass gives every value
    of unsigned element type (`ui8` .. `ui64`), function signatures
    included, the signless type of its width, with the bits unchanged.
    First it rewrites the ops whose meaning depends on the sign into ops
    with that meaning on signless values: `compare` reads them as
    `UNSIGNED`; `maximum`, `minimum` and `clamp` become selects of such
    compares; `abs` is the value and `sign` is `x != 0`; `divide`,
    `remainder`, `power` and the conversions from 8- to 32-bit unsigned
    values work on them zero-extended to i64; conversions of floats to them
    saturate to their range; `topk` becomes a sort by an `UNSIGNED`
    compare; unsigned indices of gather, scatter and the dynamic slices are
    zero-extended. The other ops (add, multiply, bitwise ops, shifts,
    popcnt, ...) mean the same on the bits. `u64` division, remainder and
    power are rejected with an error at the op: there is no wider type.
    The CPU and GPU pipelines run it first.

    ```mlir
    %m = hlo.maximum %a, %b : tensor<4xui32>
    // becomes
    %gt = hlo.compare GT, %a, %b, UNSIGNED : tensor<4xi32>
    %m = hlo.select %gt, %a, %b : tensor<4xi1>, tensor<4xi32>
    ```
  }];
  let dependentDialects = [
    "::fuse::hlo::HLODialect",
    "::mlir::func::FuncDialect",
  ];
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
    included (`multiply.3`); fusions are numbered across the module as the
    fusion report numbers them (`fusion.0`); its `op`; its source `location`;
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

def SplitTensorsPass : Pass<"split-tensors"> {
  let summary = "Compute ops that read tensors over a size threshold slice "
                "by slice (the Gambit tensor splitter)";
  let description = [{
    Frameworks materialise every tensor in full, so a program whose result
    is small can still need more memory than the machine has: a kernel
    matrix `K(X, Y)` that is only multiplied by a vector, a distance matrix
    that is only reduced to its row minima. This pass evaluates such
    programs map-reduce style, one slice at a time, under a memory
    threshold.

    A start point is a `dot_general`, `dot` or `reduce` (also variadic, such
    as an argmax of value/index pairs) whose results fit under
    `tensor-size-threshold` while an operand does not. From there the pass
    walks up the producers of the big operands through elementwise ops,
    `broadcast_in_dim`, `transpose`, `reshape` (where the dimension
    survives), `concatenate`, `pad` and `reverse` (along other dimensions),
    nested reductions and intermediate products, to leaves that are cheap
    to slice: function arguments and small tensors (read with
    `dynamic_slice`), `iota` (rebuilt for the slice, plus its offset),
    splat constants, broadcasts of small tensors. A small tensor computed
    from a big one on the path and read back by the path (a softmax's row
    maximum and row sum) is computed per slice too, when the big one has no
    other reader then: attention splits by rows of its queries. It picks the dimension,
    present along the whole path and not a batch dimension, that needs the
    fewest slices for every tensor of a slice to fit in `split-size` (a
    parallel dimension on a tie), and emits an `scf.for` whose body is the
    path on one slice. Slices of a parallel dimension are written into the
    result with `dynamic_update_slice`; partial results over a contracted or
    reduced dimension are added (products) or combined with the reduction's
    own body. A size that does not divide leaves a last, smaller slice,
    computed after the loop. Start points inside the new loops are split in
    turn.

    The body is ordinary hlo: run `--fuse-elementwise` afterwards so that
    each slice is one kernel. Top-k is not split: the dialect has no sort.

    Each op left that reads or makes a tensor over the threshold gets a
    remark with the reason it was not split (an error, and the pass fails,
    with `fail-on-unsplittable`). `explain` adds a remark for each split:
    the dimension, the number and size of the slices.

    ```mlir
    // K = exp(-|x_i - y_j|^2 / 2) for 100000 points x and y of 10 features,
    // in f64: the differences are 100000 x 100000 x 10 (80 GB), K is
    // 100000 x 100000 (80 GB), K v is 800 kB.
    %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0]
        : (tensor<100000x100000xf64>, tensor<100000x1xf64>) -> tensor<100000x1xf64>
    // with tensor-size-threshold=1GB: 800 slices of 125 rows, each with
    // differences of 125 x 100000 x 10 (1 GB) and a kernel of 125 x 100000:
    %r:2 = scf.for %i = %c0 to %c800 step %c1
        iter_args(%off = %zero, %acc = %init) -> (tensor<i64>, tensor<100000x1xf64>) {
      %xs = hlo.dynamic_slice %x[%off, %c0] sizes = [125, 10] ...
      ...   // the kernel of the slice, 125 x 100000
      %p = hlo.dot_general %ks, %v, ... -> tensor<125x1xf64>
      %acc2 = hlo.dynamic_update_slice %acc[%off, %c0], %p ...
      scf.yield %next, %acc2 : tensor<i64>, tensor<100000x1xf64>
    }
    ```
  }];
  let options = [
    Option<"tensorSizeThreshold", "tensor-size-threshold", "std::string",
           /*default=*/"\"1GB\"",
           "Split ops that read tensors larger than this: bytes, or with a "
           "unit B, kB, MB, GB, TB (powers of 1000), KiB, MiB, GiB, TiB or "
           "K, M, G, T (powers of 1024)">,
    Option<"splitSize", "split-size", "std::string", /*default=*/"\"\"",
           "The most bytes of a tensor in a slice, with the same units "
           "(default: tensor-size-threshold)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for each split: dimension, slices and their size">,
    Option<"failOnUnsplittable", "fail-on-unsplittable", "bool",
           /*default=*/"false",
           "Make each op that cannot be split an error, not a remark">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def DistributeSplitsPass : Pass<"distribute-splits", "mlir::ModuleOp"> {
  let summary = "Deal the slices of split loops out to MPI ranks";
  let description = [{
    Runs each slice loop of `--split-tensors` on `ranks` processes at once:
    every rank computes its share of the slices, then the ranks combine
    their values so that each holds the result of the whole loop. Run the
    program with `mpirun -np <ranks> fuse-run ...`.

    The outermost loops of a function are considered (a nested split runs
    inside its rank's slices). A loop qualifies when it runs from 0 by 1 to a
    constant, carries the slice offset as `--split-tensors` emits it (a
    rank-0 i64 tensor moved by a constant), and folds each slice's result
    into its other carried values in one of three ways, each combined
    across ranks differently:
    - a block written with `dynamic_update_slice` at the offset (a parallel
      split): the ranks' blocks are put together;
    - an elementwise `add` or `multiply` of partial results of f32, f64,
      i32 or i64 (a contracting or reduced split): each rank starts from
      the identity, `shard.all_reduce` sum or product combines them, and the
      loop's initial value enters once;
    - any other elementwise fold (`maximum`, `minimum`, `and`, `or`, other
      types) or a reduce over the pair (accumulator, partial) such as an
      argmax: the ranks' values are gathered and folded in rank order with
      the loop's own combiner, which keeps hlo's NaN rules and tie-breaking.
    Every other loop gets a remark with the reason.

    The combinations are `shard.all_reduce` ops on a one-dimensional grid
    `@fuse_ranks` of `ranks` processes; `convert-shard-to-mpi` lowers them
    to MPI. Gathers are all-reduces of bit patterns with `bitwise_or` (each
    rank's values, zeros elsewhere), which are exact for every element type:
    MLIR 22 lowers no `shard.all_gather` to MPI, and its `mpi` dialect has
    no user-defined reductions.

    ```mlir
    // 24 slices of 4 rows, on 2 ranks (blocked): rank r runs iterations
    // [12 r, 12 r + 12) from offset 48 r.
    %r = shard.process_linear_index on @fuse_ranks : index
    %lo = arith.divui (arith.muli %r, %c24), %c2
    %hi = arith.divui (arith.muli (arith.addi %r, %c1), %c24), %c2
    %res:2 = scf.for %i = %lo to %hi step %c1
        iter_args(%off = <4 * lo>, %acc = %zeros) -> (tensor<i64>, tensor<98x1xf32>) {
      ...
      %acc2 = hlo.dynamic_update_slice %acc[%off, %c0], %p ...
    }
    // the blocks of both ranks, exact in their bits
    %bits = hlo.bitcast_convert %res#1 : (tensor<98x1xf32>) -> tensor<98x1xi32>
    %mine = hlo.select %rows_of_rank_r, %bits, %zero_bits ...
    %all = shard.all_reduce %mine on @fuse_ranks grid_axes = [0]
        reduction = bitwise_or : tensor<98x1xi32> -> tensor<98x1xi32>
    ```
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", /*default=*/"0",
           "The number of MPI ranks the program will run on (required; "
           "checked against the communicator when it runs)">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"blocked\"",
           "How iterations are dealt out: 'blocked' (contiguous shares) or "
           "'cyclic' (rank r takes r, r + ranks, ...)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark for each distributed loop: iterations per rank and "
           "how each carried value is combined">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD
