//===- HLOCollectiveOps.td - ops between devices -----------*- tablegen -*-===//
//
// The collectives of an SPMD program: every device runs the same function,
// and these ops exchange tensors between them. Devices are named by their
// global id (XLA's flattened replica and partition); the importer resolves
// XLA's replica and partition modes into those ids. Included by HLOOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_HLOCOLLECTIVEOPS_TD
#define FUSE_DIALECT_HLO_IR_HLOCOLLECTIVEOPS_TD

// Collectives neither read nor write memory, so unused ones may be erased
// and equal ones merged: every device runs the same passes and does the same.
// They are not speculatable: moved into or out of a branch, a collective
// would meet a different set of devices.
class HLO_CollectiveOp<string mnemonic, list<Trait> traits = []> :
    HLO_Op<mnemonic, !listconcat([NoMemoryEffect], traits)>;

// A 2-D i64 tensor of device ids.
class HLO_DeviceIdTable<string description> : Attr<
    And<[CPred<"::llvm::isa<::mlir::DenseIntElementsAttr>($_self)">,
         CPred<"::llvm::cast<::mlir::DenseIntElementsAttr>($_self)"
               ".getType().getRank() == 2">,
         CPred<"::llvm::cast<::mlir::DenseIntElementsAttr>($_self)"
               ".getType().getElementType().isSignlessInteger(64)">]>,
    description> {
  let storageType = [{ ::mlir::DenseIntElementsAttr }];
  let returnType = [{ ::mlir::DenseIntElementsAttr }];
  let convertFromStorage = "$_self";
}

// The replica groups: one row per group of device ids, shorter groups padded
// with -1 at the end; `dense<> : tensor<0x0xi64>` makes one group of every
// device.
def HLO_ReplicaGroups : HLO_DeviceIdTable<
    "replica groups: a 2-D i64 tensor of device ids">;

def HLO_DeviceIdOp : HLO_CollectiveOp<"device_id"> {
  let summary = "the global id of the device running the program";
  let description = [{
    The id, in [0, devices), of the device that runs this copy of an SPMD
    program: under `mpirun`, the rank. XLA's `replica-id` and `partition-id`
    are imported as this id, divided by or modulo the partition count. See
    [docs/HLO.md](../HLO.md#collectives).

    ```mlir
    %id = hlo.device_id : tensor<ui32>
    ```
  }];
  // ui32 as XLA's ids; i32 once hlo-signless-integers has run.
  let results = (outs 0DTensorOf<[UI32, I32]>:$id);
  let assemblyFormat = "attr-dict `:` type($id)";
}

def HLO_AllReduceOp : HLO_CollectiveOp<"all_reduce",
    [AllTypesMatch<["operand", "result"]>]> {
  let summary = "combine a tensor elementwise over each group of devices";
  let description = [{
    Every device of a replica group receives the elementwise combination of
    the group's operands by `computation`, a binary scalar computation that
    is associative and commutative. fuse combines in the order of the group
    as written. See [docs/HLO.md](../HLO.md#all_reduce).

    ```mlir
    %sum = hlo.all_reduce %x, groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>
        : tensor<4xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ReplicaGroups:$groups);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let assemblyFormat = [{
    $operand `,` `groups` `=` $groups attr-dict `:` type($operand)
    $computation
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_AllGatherOp : HLO_CollectiveOp<"all_gather"> {
  let summary = "concatenate the group's tensors along a dimension";
  let description = [{
    Every device of a replica group receives the group's operands,
    concatenated along `dimension` in the group's order. See
    [docs/HLO.md](../HLO.md#all_gather).

    ```mlir
    %all = hlo.all_gather %x, dim = 0, groups = dense<> : tensor<0x0xi64>
        : (tensor<2x8xf32>) -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension,
                       HLO_ReplicaGroups:$groups);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension `,` `groups` `=` $groups attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

def HLO_ReduceScatterOp : HLO_CollectiveOp<"reduce_scatter"> {
  let summary = "combine over the group, and keep this device's block";
  let description = [{
    The group's operands are combined as by `hlo.all_reduce`, then split
    along `dimension` into as many blocks as the group has devices: the
    i-th device of the group receives block i. See
    [docs/HLO.md](../HLO.md#reduce_scatter).

    ```mlir
    %part = hlo.reduce_scatter %x, dim = 0, groups = dense<[[0, 1]]> : tensor<1x2xi64>
        : (tensor<4x8xf32>) -> tensor<2x8xf32> { ... }
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension,
                       HLO_ReplicaGroups:$groups);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension `,` `groups` `=` $groups attr-dict `:`
    functional-type($operand, $result) $computation
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_AllToAllOp : HLO_CollectiveOp<"all_to_all"> {
  let summary = "send block i of a dimension to the i-th device of the group";
  let description = [{
    Each device splits its operand along `split_dimension` into as many
    blocks as the group has devices, and sends block i to the group's i-th
    device. Each device concatenates the blocks it receives along
    `concat_dimension`, in the group's order. See
    [docs/HLO.md](../HLO.md#all_to_all).

    ```mlir
    %t = hlo.all_to_all %x, split_dim = 1, concat_dim = 0,
        groups = dense<[[0, 1]]> : tensor<1x2xi64>
        : (tensor<2x4xf32>) -> tensor<4x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$split_dimension,
                       I64Attr:$concat_dimension, HLO_ReplicaGroups:$groups);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `split_dim` `=` $split_dimension `,` `concat_dim` `=`
    $concat_dimension `,` `groups` `=` $groups attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

def HLO_CollectivePermuteOp : HLO_CollectiveOp<"collective_permute",
    [AllTypesMatch<["operand", "result"]>]> {
  let summary = "send each device's tensor to another device";
  let description = [{
    For each pair (source, target) of `pairs`, the target receives the
    source's operand. A device that is no pair's target receives zeros.
    Sources are distinct, and so are targets. See
    [docs/HLO.md](../HLO.md#collective_permute).

    ```mlir
    %next = hlo.collective_permute %x, pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
        : tensor<8xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
      HLO_DeviceIdTable<"(source, target) pairs of device ids">:$pairs);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `pairs` `=` $pairs attr-dict `:` type($operand)
  }];
  let hasVerifier = 1;
}

#endif // FUSE_DIALECT_HLO_IR_HLOCOLLECTIVEOPS_TD
