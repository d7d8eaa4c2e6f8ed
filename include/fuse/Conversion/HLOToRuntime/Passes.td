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

#endif // FUSE_CONVERSION_HLOTORUNTIME_PASSES_TD
