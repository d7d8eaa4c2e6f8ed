//===- Passes.td - hlo to linalg conversion ----------------*- tablegen -*-===//

#ifndef FUSE_CONVERSION_HLOTOLINALG_PASSES_TD
#define FUSE_CONVERSION_HLOTOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertHLOToLinalgPass : Pass<"convert-hlo-to-linalg"> {
  let summary = "Lower hlo ops to linalg, tensor, arith and math";
  let description = [{
    A dialect conversion of every hlo op on tensors into linalg, tensor,
    arith and math. Element semantics follow XLA (see `ScalarOps.h`).

    - Elementwise ops become one all-parallel `linalg.generic` each (rank-0
      operands of `select`/`clamp` broadcast by their maps); `iota` a generic
      of `linalg.index`; `constant` an `arith.constant`, or a `linalg.fill`
      for splats, so no large constant is stored.
    - `broadcast_in_dim` and `transpose` become `linalg.broadcast` and
      `linalg.transpose` (a generic when size-1 dimensions expand or the
      broadcast permutes); `reshape` a collapse and/or expand; `slice`,
      `dynamic_slice`, `dynamic_update_slice`, `concatenate` and `pad`
      tensor slices (offsets clamped as XLA does); `reverse` a generic.
    - `reduce` becomes `linalg.reduce` over destinations filled with the
      init values, with any body in scalar form.
    - `dot`/`dot_general` become `linalg.matmul`, `batch_matmul`, `matvec`,
      `vecmat` or `dot` where the layout matches, a contraction generic
      otherwise; f16/bf16 accumulate in f32.
    - `hlo.fusion` is replaced by its body, converted like the rest: one
      loop nest per op. Run `--convert-hlo-fusions-to-loop-nests` first to
      make each fusion one loop nest, as the pipelines do.

    - `gather` becomes a generic that reads through its indices;
      `scatter` a sequential loop nest over the updates that combines each
      into the loop-carried result, or, with `parallel-lowerings` (the GPU
      pipeline's), an `scf.forall` over the updates that combines each into
      a buffer with one `memref.atomic_rmw` when the body is one add, min,
      max, and, or, or a replace (other bodies keep the loop nest).
    - `select_and_scatter` is a loop nest over the source, or with
      `parallel-lowerings` an `scf.forall` whose iterations add atomically.
    - `sort` sorts every line with an LSD radix sort (a comparator that
      compares one key in a strict weak order) or a merge sort. A sort of
      one long line (`jnp.sort` of a vector) splits the radix sort into
      parts of at least `sort-part-length` elements, at most 64: for every
      byte, each part counts its digits and, after a scan of all parts'
      counts, moves its elements, in an `scf.forall` over the parts; `topk`
      scans every line for k up to 64 and sorts otherwise. With
      `parallel-lowerings`, `sort` is a bitonic sorting network of the
      positions of every line (padded to a power of two): a sequential
      loop over its stages, each an `scf.forall` of compare-exchanges in a
      buffer, ties broken by position so that it is stable; the positions
      then gather the inputs. `topk` is then always a sort.

    - The collectives of an SPMD program run on one device: `device_id` is
      0 and a collective over the group {0} returns its operand; a group
      naming another device is reported.

    An op inside a reduce body that has no scalar form is reported, and the
    pass fails.

    ```mlir
    %r = hlo.add %a, %b : tensor<4xf32>
    // becomes
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    ```
  }];
  let options = [
    Option<"parallelLowerings", "parallel-lowerings", "bool", "false",
           "for the GPU: scatter and select_and_scatter as parallel loops "
           "of atomic updates, sort and topk as bitonic sorting networks, "
           "instead of sequential loops">,
    Option<"sortPartLength", "sort-part-length", "int64_t", "65536",
           "the shortest part of a sort's only line that one iteration of "
           "the radix sort's parallel loops counts and scatters; a line "
           "shorter than two parts is sorted in one piece">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertHLOFusionsToLoopNestsPass
    : Pass<"convert-hlo-fusions-to-loop-nests"> {
  let summary = "Lower the body of each hlo.fusion to one loop nest";
  let description = [{
    Converts the ops inside each `hlo.fusion` with `--convert-hlo-to-linalg`'s
    patterns, makes the body one loop nest, inside that body only, and puts
    the nest in the fusion's place. Ops outside fusions are not touched (a
    fusion boundary is the unit of one kernel); `--convert-hlo-to-linalg`
    converts them afterwards.

    linalg's elementwise fusion merges producers into consumers; a value
    also yielded or read later stays a result of the fused generic
    (computed once). Expensive producers (a division, a math function) are
    not merged into a consumer that reads them broadcast; a producer that
    reads no tensor and only does cheap integer or float arithmetic on its
    indices (an iota, a causal mask) is merged into every consumer instead. Reshapes fold into
    the loops (a reshape that only regroups dimensions, like 4x6 to 2x12,
    goes through the shape both group); slices read slices of the inputs;
    generics over the same loops (sibling results, sibling reductions) merge
    into one. An elementwise epilogue of a reduction's or contraction's
    result overwrites it (no intermediate buffer). A row fusion (nests that
    read a row reduction's result) becomes one `scf.forall` over rows, each
    row read once (an index of the rows inside a nest is the row's). What is still more than one nest (a reduction and the
    fill of its init; a contraction, its fill and its epilogue, unless
    `products-by-rows=false`) is tiled into one `scf.forall` over rows of
    the root, the producers of its destination computed per row. A rank-0
    (full) reduction stays one generic that `--fuse-cpu-split-reductions`
    parallelizes, its epilogue scalar code after it. A fusion whose every
    value holds one element (JAX's threefry on a PRNG key) needs no loop:
    it becomes its scalar ops, between `tensor.extract` of its inputs and
    `tensor.from_elements` of its results. See `FusionsToLoopNests.cpp` and
    `FusionsToScalars.cpp`.

    ```mlir
    %r = hlo.fusion loop(%x, %y) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
      %s = hlo.add %a, %b : tensor<8xf32>
      %e = hlo.exponential %s : tensor<8xf32>
      hlo.yield %e : tensor<8xf32>
    }
    // becomes one generic that adds and exponentiates:
    %r = linalg.generic ... ins(%x, %y : tensor<8xf32>, tensor<8xf32>) ... {
    ^bb0(%u: f32, %v: f32, %out: f32):
      %s = arith.addf %u, %v : f32
      %e = math.exp %s : f32
      linalg.yield %e : f32
    } -> tensor<8xf32>
    ```
  }];
  let options = [
    Option<"productsByRows", "products-by-rows", "bool", /*default=*/"true",
           "Tile an output fusion (a product, its fill and its epilogue) into "
           "one scf.forall over rows of the result; off, they stay three ops "
           "for fuse-cpu-tile-contractions (the CPU pipeline) to generate a "
           "packed kernel with the epilogue on each tile">,
    Option<"scalarFusions", "scalar-fusions", "bool", /*default=*/"true",
           "Make a fusion whose values hold one element scalar code, not a "
           "loop nest (host code: the GPU pipeline keeps loop nests, which "
           "run as kernels)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FUSE_CONVERSION_HLOTOLINALG_PASSES_TD
