//===- Passes.td - hlo transformation passes ---------------*- tablegen -*-===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD
#define FUSE_DIALECT_HLO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def InlineFusionsPass : Pass<"hlo-inline-fusions"> {
  let summary = "Dissolve hlo.fusion ops into their parent block";
  let description = [{
    Replaces every `hlo.fusion` with the ops of its body, wired to the
    fusion's inputs: the inverse of fusion, giving the unfused program to
    compare a fused one against.

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
    Where a library runs matrix products (cuBLASLt on the GPU), this pass
    moves each float `dot_general`, `dot` or `convolution` of an output
    fusion in front of it, keeping the epilogue as a loop fusion reading the
    product, as XLA's GPU backend does around cuBLAS. A fusion left with
    nothing to compute disappears; a product whose operands are computed
    inside the fusion stays.

    ```mlir
    %r = hlo.fusion output(%x, %w) ... { dot_general, exponential }
    // becomes
    %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : ...
    %r = hlo.fusion loop(%p) ... { exponential }
    ```
  }];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def OutlineFusionsPass : Pass<"hlo-outline-fusions", "::mlir::ModuleOp"> {
  let summary = "Give every fusion and product a function, one per distinct body";
  let description = [{
    A model's step repeats its kernels (a transformer's layers, the
    optimizer's update of each parameter of one shape). This pass moves each
    `hlo.fusion`, `dot_general`, `dot` and `convolution` into a private
    function and calls it; kernels whose functions print the same (without
    locations) share one, so the rest of the pipeline lowers each distinct
    kernel once. A loop body's kernel stays if it reads state the loop
    updates (updated in place) or could be hoisted from: a product with an
    invariant operand (packed once), a fusion of invariant values alone.

    Constants of at most 64 bytes (and splats) are copied into the kernel's
    function, so the lowering still sees their values; other values become
    arguments. A kernel whose result its function returns as it is moves too:
    the CPU pipeline makes that result the caller's buffer, which the kernel's
    function then fills (`buffer-results-to-out-params`, run for the private
    functions first). One whose result is returned through a reshape stays, so
    that it still computes into the caller's buffer rather than into one
    copied there. (Kept in the entry, the ResNet step's optimizer updates
    built their results aside and copied them: 51 MB at peak, 27 MB now.)

    ```mlir
    %a = hlo.fusion loop(%x) ... { exp, negate }
    %b = hlo.fusion loop(%y) ... { exp, negate }
    // become, in @main
    %a = call @main_fusion0(%x) : (tensor<8xf32>) -> tensor<8xf32>
    %b = call @main_fusion0(%y) : (tensor<8xf32>) -> tensor<8xf32>
    // with
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

    - loop: elementwise ops, with broadcasts, reshapes, transposes, slices,
      `iota` and constants fused into every consumer as indexing;
    - input: the producers and epilogues of a reduction (`mean`);
    - row: row reductions with the ops that read their results along those
      rows, one row at a time while it is in cache (softmax, layer norm);
    - output: an elementwise epilogue on a `dot_general` or `convolution`;
    - multi-output: a producer used outside becomes an extra result, and
      fusions that read a common input merge.

    A cheap producer is copied into each user where the copies read no
    more than computing it once; an expensive one is fused only where all
    its users are, or as an extra result. No fusion creates a cycle,
    exceeds `max-operands` or `max-results`, or raises the estimated peak
    memory of its block. `explain` gives the reason for every pair left
    unfused; `report` and `dump-dot` show the fusions. docs/fuse-elementwise.md
    has the rules.

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
           "Fuse epilogues into dot_general and convolution (output fusion)">,
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
    - broadcasts: an elementwise op on broadcasts of one shape runs before
      the broadcast (`broadcast(a) + broadcast(b)` becomes
      `broadcast(a + b)`); broadcasts of broadcasts merge; a max, min, and
      or or reduction over broadcast dimensions gives the operand (sums
      stay: n copies of x do not add up to exactly n * x);
    - squared distances: `sum_k (a[i, k] - b[j, k])^2` over broadcasts
      becomes `|a_i|^2 + |b_j|^2 - 2 a_i . b_j`, clamped at 0: one
      `dot_general` instead of an N x M x K tensor. Where a distance is small
      next to the norms the subtraction cancels: the absolute error grows to
      about `eps * (|a_i|^2 + |b_j|^2)`;
    - gathered products: a gather of rows is a product with a selection
      matrix, so where there are more indices than rows (a graph network's
      E edges of N nodes), `dot(gather(T, idx), W)` becomes
      `gather(dot(T, W), idx)`, a product contracting gathered rows
      becomes a product of `T` with a scatter-add into N rows, and a
      scatter-add of a product's rows becomes a product of the scatter-add:
      N x D x F multiply-adds instead of E x D x F. Concatenations and
      slices between them are split. Sums run in another order.

    `explain` gives the reason for each near miss. docs/algebraic-simplify.md
    has the patterns.

    ```mlir
    %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<128x16xf32>) -> tensor<128x64x16xf32>
    %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<64x16xf32>) -> tensor<128x64x16xf32>
    %d = hlo.subtract %ab, %bb : tensor<128x64x16xf32>
    %sq = hlo.multiply %d, %d : tensor<128x64x16xf32>
    %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<128x64x16xf32>, tensor<f32>) -> tensor<128x64xf32>
    // becomes
    // %na, %nb: the row sums of %a * %a and %b * %b
    %ab2 = hlo.dot_general %a, %b2x, contracting_dims = [1] x [1] : (tensor<128x16xf32>, tensor<64x16xf32>) -> tensor<128x64xf32>   // %b2x = 2 b
    %n = hlo.add %nab, %nbb : tensor<128x64xf32>   // broadcasts of %na, %nb
    %r = hlo.maximum (hlo.subtract %n, %ab2), %zeros : tensor<128x64xf32>
    ```
  }];
  let options = [
    Option<"broadcasts", "broadcasts", "bool", /*default=*/"true",
           "Simplify broadcasts">,
    Option<"squaredDistances", "squared-distances", "bool",
           /*default=*/"true",
           "Rewrite naive squared distances into a matrix product">,
    Option<"gatheredProducts", "gathered-products", "bool",
           /*default=*/"true",
           "Move gathers of rows after products and scatter-adds of rows "
           "before them, where there are more indices than rows">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark with the reason for each near miss">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def UnrollLoopsPass : Pass<"hlo-unroll-loops"> {
  let summary = "Unroll while loops that count a few trips";
  let description = [{
    A `hlo.while` whose condition is `i < bound` (and constants) on a
    carried integer that starts at a constant, with a constant bound, and
    that its body adds one to, runs a known number of trips. When that is
    at most `max-trips` and the unrolled body at most `max-ops` ops, the
    loop becomes that many copies of its body, in order. JAX's random bits
    (threefry, as dropout draws them) are such a loop of 5 trips, each an
    elementwise pass over the whole tensor: rolled, each trip is kernels
    of its own; unrolled, `fuse-elementwise` fuses the trips into one (and
    keeps so long a chain out of fusions with several reductions, which
    would compute it in each pass). `fuse_hlo.DEFAULT_PASSES` runs it.

    ```mlir
    %r:2 = hlo.while(%i = %zero, %x = %init) : tensor<i32>, tensor<4xf32>
    cond {
      %p = hlo.compare LT, %i, %two : tensor<i32>
      hlo.return %p : tensor<i1>
    } do {
      %next = hlo.add %i, %one : tensor<i32>
      %y = hlo.multiply %x, %x : tensor<4xf32>
      hlo.return %next, %y : tensor<i32>, tensor<4xf32>
    }
    // becomes
    %i1 = hlo.add %zero, %one : tensor<i32>
    %y1 = hlo.multiply %init, %init : tensor<4xf32>
    %i2 = hlo.add %i1, %one : tensor<i32>
    %y2 = hlo.multiply %y1, %y1 : tensor<4xf32>
    ```
  }];
  let options = [
    Option<"maxTrips", "max-trips", "int64_t", /*default=*/"8",
           "Most trips of a loop that is unrolled">,
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"1024",
           "Most ops of the unrolled loop (its body's ops times its trips)">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def DotOrderPass : Pass<"dot-order"> {
  let summary = "Reorder chains of matrix products to the cheapest order";
  let description = [{
    Finds maximal chains of matrix products (`dot`, `dot_general` with one
    contracting dimension and shared batch dimensions), growing across
    transposes ((A B)^T = B^T A^T) and column sums (a product with a vector
    of ones), and evaluates each in the order that costs least, by dynamic
    programming. An intermediate with users outside the chain ends it. The
    cost is multiply-adds and intermediate bytes, in the order `cost-model`
    says; a chain is rebuilt only when strictly cheaper. `debug` prints
    every chain's costs. docs/dot-order.md has the details.

    ```mlir
    // (A B) v costs 2048^3 + 2048^2 multiply-adds, A (B v) 2 * 2048^2
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

def SignlessIntegersPass
    : Pass<"hlo-signless-integers", "::mlir::ModuleOp"> {
  let summary = "Give unsigned integer values signless types, keeping their "
                "meaning";
  let description = [{
    The lowerings below hlo know only signless integers. This pass gives
    every value of unsigned element type (`ui8` .. `ui64`), signatures
    included, the signless type of its width, after rewriting the ops whose
    meaning depends on the sign: `compare` reads them as `UNSIGNED`; max,
    min and clamp become selects of such compares; `abs` is the value and
    `sign` is `x != 0`; divide, remainder, power and conversions of 8- to
    32-bit values work zero-extended to i64; float conversions to them
    saturate; `topk` sorts by an `UNSIGNED` compare; unsigned indices are
    zero-extended. `u64` division, remainder and power are errors at the op
    (there is no wider type). The pipelines run it first.

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
    Brackets every kernel of every function body (an `hlo.fusion`, or any
    other hlo op but `hlo.constant`) with calls of `fuse_trace_begin(id)`
    and `fuse_trace_end(id)`, which the runtime that times the program
    provides (`fuse-run --trace`). The calls are opaque, so they stay around
    the loops the kernel becomes.

    Element `id` of the module attribute `fuse.kernels` describes kernel
    `id`: its `name` as XLA names instructions (`multiply.3`, `fusion.0`,
    numbered as the fusion report does), its `op`, its source `location`,
    and for a fusion its `fusion_kind` and `fused_ops`.

    ```mlir
    %m = hlo.multiply %x, %x : tensor<4xf32>
    // becomes, with %c0 = arith.constant 0 : i64
    call @fuse_trace_begin(%c0) : (i64) -> ()
    %m = hlo.multiply %x, %x : tensor<4xf32>
    call @fuse_trace_end(%c0) : (i64) -> ()
    // with, on the module, fuse.kernels = [{location = "prog.mlir:2:6",
    //   name = "multiply.0", op = "hlo.multiply"} ]
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
    A program whose result is small can still need more memory than the
    machine has (a kernel matrix only multiplied by a vector). This pass
    evaluates such programs one slice at a time, under a memory threshold.

    A start point is a `dot_general`, `dot` or `reduce` whose results fit
    under `tensor-size-threshold` while an operand does not. From there the pass walks up the big operands' producers
    (elementwise ops, broadcasts, transposes, reshapes, concatenations,
    pads, nested reductions and products) to leaves that are cheap to
    slice: arguments and small tensors (`dynamic_slice`), `iota`, splats.
    It picks the dimension that needs the fewest slices for every tensor of
    a slice to fit in `split-size`, and emits an `scf.for` whose body is the
    path on one slice: parallel slices are written into the result with
    `dynamic_update_slice`, partial results over a contracted or reduced
    dimension are combined with the reduction's own body. Run
    `--fuse-elementwise` afterwards so that each slice is one kernel.

    Each op left over the threshold gets a remark with the reason (an error
    with `fail-on-unsplittable`). docs/split-tensors.md has the rules.

    ```mlir
    // K v for K = exp(-|x_i - y_j|^2 / 2), 100000 points of 10 features
    // in f64: K is 80 GB, K v 800 kB.
    %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0]
        : (tensor<100000x100000xf64>, tensor<100000x1xf64>) -> tensor<100000x1xf64>
    // with tensor-size-threshold=1GB: 800 slices of 125 rows:
    %r:2 = scf.for %i = %c0 to %c800 step %c1 iter_args(%off = %zero, %acc = %init) ... {
      %xs = hlo.dynamic_slice %x[%off, %c0] sizes = [125, 10] ...
      %p = hlo.dot_general %ks, %v, ... -> tensor<125x1xf64>
      %acc2 = hlo.dynamic_update_slice %acc[%off, %c0], %p ...
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
    Runs each slice loop of `--split-tensors` on `ranks` processes (`mpirun
    -np <ranks> fuse-run ...`): every rank computes its share of the slices,
    then the ranks combine their values into the whole loop's result.

    A loop qualifies when it runs from 0 by 1 to a constant, carries the
    slice offset as `--split-tensors` emits it, and folds each slice's
    result into its other carried values: blocks written at the offset are
    put together; partial sums or products (f32, f64, i32, i64) are
    combined by `shard.all_reduce`; any other fold gathers the ranks' values
    (all-reduces of bit patterns with `bitwise_or`, exact for every type)
    and folds them in rank order with the loop's own combiner. Every other
    loop gets a remark with the reason; docs/distribute-splits.md has more.

    ```mlir
    // 24 slices of 4 rows, on 2 ranks (blocked): rank r runs [12 r, 12 r + 12)
    %r = shard.process_linear_index on @fuse_ranks : index
    %res:2 = scf.for %i = %lo to %hi step %c1 iter_args(...) { ... }
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
