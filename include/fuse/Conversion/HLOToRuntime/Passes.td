//===- Passes.td - hlo ops that call fuse's runtime --------*- tablegen -*-===//

#ifndef FUSE_CONVERSION_HLOTORUNTIME_PASSES_TD
#define FUSE_CONVERSION_HLOTORUNTIME_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertHLOTransfersToCallsPass
    : Pass<"convert-hlo-transfers-to-calls", "::mlir::ModuleOp"> {
  let summary = "Transfer records with the outside of the program through "
                "calls to the host's runtime";
  let description = [{
    Rewrites each `hlo.infeed` and `hlo.outfeed`
    ([HLO.md](../HLO.md#infeed-and-outfeed)) into calls of the host
    runtime, one per tensor of the record:

    ```c
    void fuse_transfer_receive(int64_t channel, int64_t position,
                               int64_t count, memref<?xi8> type,
                               memref<?xi8> data);
    void fuse_transfer_send(/* the same */);
    ```

    (through their C interfaces, `_mlir_ciface_fuse_transfer_*`, which
    take the two memrefs by descriptor). `channel` is -1 for XLA's infeed
    and outfeed queues; the tensor is number `position` of the record's
    `count`; `type` holds the tensor's type as the program writes it
    (`tensor<4x8xui32>`), so that the outside sees the record's types
    whatever later passes make of them; `data` holds its elements,
    row-major. A received tensor is a fresh buffer that the runtime fills;
    a sent one is copied into a fresh buffer first.

    The buffers hold the elements as the rest of the pipeline stores them:
    unsigned integers as signless ones (`hlo.bitcast_convert`), complex
    numbers as their real and imaginary parts side by side in a trailing
    dimension of 2. The pass runs first, on hlo: the conversions it adds are
    hlo ops that the later passes lower.

    ```mlir
    %x = hlo.infeed {channel_id = 3 : i64} : tensor<4xui32>
    // becomes
    %bytes = memref.alloc() : memref<16xi8>
    %view = memref.view %bytes[%c0][] : memref<16xi8> to memref<4xi32>
    func.call @fuse_transfer_receive(%c3, %c0_i64, %c1_i64, %type, %data)
    %t = bufferization.to_tensor %view restrict writable : ...
    %x = hlo.bitcast_convert %t : (tensor<4xi32>) -> tensor<4xui32>
    ```
  }];
  let dependentDialects = [
    "::fuse::hlo::HLODialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ConvertHLOSpectralToCallsPass
    : Pass<"convert-hlo-spectral-to-calls", "::mlir::ModuleOp"> {
  let summary = "Eigenvalues and singular values through calls to LAPACK";
  let description = [{
    Rewrites each `hlo.eigh` and `hlo.svd` ([HLO.md](../HLO.md#eigh)) into
    one call of the host runtime for the whole batch, which calls LAPACK's
    `syevd` or `gesdd` on each matrix (include/fuse/Runtime/Lapack.h):

    ```c
    void fuse_lapack_eigh(memref<?xi8> matrices, memref<?xi8> values,
                          memref<?xi8> info, int64_t batch, int64_t n,
                          int64_t lower, int64_t f64);
    void fuse_lapack_svd(memref<?xi8> matrices, memref<?xi8> values,
                         memref<?xi8> u, memref<?xi8> vt, memref<?xi8> info,
                         int64_t batch, int64_t m, int64_t n, int64_t full,
                         int64_t vectors, int64_t f64);
    ```

    (through their C interfaces, `_mlir_ciface_fuse_lapack_*`). The
    operand is copied into a fresh buffer, which LAPACK overwrites (with
    the eigenvectors, for `eigh`); each other result is a fresh buffer the
    call fills. Where an `hlo.svd`'s `u` and `vt` have no uses, `vectors`
    is 0 and LAPACK computes the values only. The CPU pipeline runs it
    first, unless `lapack=false`, which expands the ops into Jacobi sweeps
    (`--hlo-expand-spectral`) instead; fuse's JIT refuses a program that
    calls these when LAPACK cannot be loaded, with the reason.

    ```mlir
    %v, %w, %info = hlo.eigh %a {lower} : (tensor<8x8xf32>) -> (...)
    // becomes
    %bytes = memref.alloc() : memref<256xi8>
    %view = memref.view %bytes[%c0][] : memref<256xi8> to memref<8x8xf32>
    bufferization.materialize_in_destination %a in restrict writable %view
    ... (buffers for %w and %info)
    func.call @fuse_lapack_eigh(%matrices, %values, %infos, %c1, %c8, %c1, %c0)
    %v = bufferization.to_tensor %view restrict writable : ...
    ```
  }];
  let dependentDialects = [
    "::fuse::hlo::HLODialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // FUSE_CONVERSION_HLOTORUNTIME_PASSES_TD
