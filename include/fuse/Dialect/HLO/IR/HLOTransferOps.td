//===- HLOTransferOps.td - transfers with the outside ------*- tablegen -*-===//
//
// Transfers between the program and what runs outside it: XLA's infeed and
// outfeed queues, and `send`/`recv` with the host or with another program.
// Included by HLOOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_HLOTRANSFEROPS_TD
#define FUSE_DIALECT_HLO_IR_HLOTRANSFEROPS_TD

// The queues between the program and its outside. A transfer takes one
// record off a queue or puts one on: it reads and writes them, so transfers
// keep their order and are never erased, even when nothing reads what they
// give.
def HLO_TransferQueues : Resource<"::fuse::hlo::TransferQueuesResource">;

// XLA's channel id of a `send` or `recv`; absent for infeed and outfeed.
def HLO_TransferChannel : OptionalAttr<ConfinedAttr<I64Attr,
                                                    [IntNonNegative]>>;

class HLO_TransferOp<string mnemonic> : HLO_Op<mnemonic,
    [MemoryEffects<[MemRead<HLO_TransferQueues>,
                    MemWrite<HLO_TransferQueues>]>]> {
  let hasVerifier = 1;
}

def HLO_InfeedOp : HLO_TransferOp<"infeed"> {
  let summary = "receive tensors from outside the program";
  let description = [{
    Takes the next record off a queue that the outside of the program
    fills, and gives its tensors. Without `channel_id` the queue is XLA's
    infeed; with it, the records that XLA's `recv` on that channel gets from
    the host (`host`) or from another program. The outside decides what the
    record holds: `fuse-run` draws it from its seed, the same for the
    compiled program and the interpreter. See
    [docs/HLO.md](../HLO.md#infeed-and-outfeed).

    ```mlir
    %x, %n = hlo.infeed : tensor<4x8xf32>, tensor<i32>
    %y = hlo.infeed {channel_id = 3 : i64, host} : tensor<16xf32>
    ```
  }];
  let arguments = (ins HLO_TransferChannel:$channel_id,
                       UnitAttr:$host,
                       DefaultValuedStrAttr<StrAttr, "">:$config);
  let results = (outs Variadic<HLO_AnyTensor>:$records);
  let assemblyFormat = "attr-dict (`:` type($records)^)?";
}

def HLO_OutfeedOp : HLO_TransferOp<"outfeed"> {
  let summary = "send tensors to outside the program";
  let description = [{
    Puts `operands` as one record on a queue that the outside of the program
    empties. Without `channel_id` the queue is XLA's outfeed; with it, the
    records that XLA's `send` on that channel gives to the host (`host`) or
    to another program. `fuse-run` prints the records after the results,
    and `--check` compares them with the interpreter's. See
    [docs/HLO.md](../HLO.md#infeed-and-outfeed).

    ```mlir
    hlo.outfeed %x, %n : tensor<4x8xf32>, tensor<i32>
    hlo.outfeed %y {channel_id = 4 : i64, host} : tensor<16xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       HLO_TransferChannel:$channel_id,
                       UnitAttr:$host,
                       DefaultValuedStrAttr<StrAttr, "">:$config);
  let assemblyFormat = "$operands attr-dict (`:` type($operands)^)?";
}

#endif // FUSE_DIALECT_HLO_IR_HLOTRANSFEROPS_TD
