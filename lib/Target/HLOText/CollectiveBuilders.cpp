//===- CollectiveBuilders.cpp - XLA's collectives as hlo collectives ------===//
//
// XLA names a device by its replica and its partition, and each collective
// reads its groups as replica ids, partition ids, both, or flattened ids
// (replica * partitions + partition), depending on `channel_id` and
// `use_global_device_ids`. hlo collectives name devices by flattened id only,
// so the groups are resolved here, with the module header's replica_count and
// num_partitions. A header that gives neither makes the devices one axis: the
// replica id and the partition id are both the device's id.
//
// Variadic forms become one op per operand; `-start` computes the operation
// and `-done` takes its result.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/ReplicaGroups.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace fuse::hlo_text {

GroupMode getGroupMode(const ParsedInstruction &instruction) {
  StringRef opcode = instruction.opcode;
  // A send's or recv's pairs name the program's devices (partitions), with
  // a channel or, in XLA's newer HLO, without one.
  if (opcode == "send" || opcode == "recv")
    return GroupMode::CrossPartition;
  if (!instruction.attributes.count("channel_id"))
    return GroupMode::CrossReplica;
  // Only these have a `use_global_device_ids` field.
  if (!opcode.starts_with("all-reduce") && !opcode.starts_with("all-gather") &&
      opcode != "reduce-scatter")
    return GroupMode::CrossPartition;
  return instruction.flag("use_global_device_ids")
             ? GroupMode::Flat
             : GroupMode::ReplicaAndPartition;
}

namespace {

/// The module's replica and partition counts; std::nullopt for one axis.
std::optional<std::pair<int64_t, int64_t>>
deviceGrid(const InstructionEmission &e) {
  const ParsedModule &module = e.emitter.getModule();
  if (!module.replicaCount && !module.partitionCount)
    return std::nullopt;
  return std::make_pair(module.replicaCount.value_or(1),
                        module.partitionCount.value_or(1));
}

/// Checks that `id` is below `count`, the number of `what`s.
LogicalResult checkId(const InstructionEmission &e, int64_t id, int64_t count,
                      StringRef what) {
  if (id >= 0 && id < count)
    return success();
  return e.emitError() << what << " id " << id << " is outside the module's "
                       << count << " " << what << (count == 1 ? "" : "s");
}

/// The groups of `key` as groups of flattened device ids.
FailureOr<hlo::ReplicaGroupList> resolveGroups(const InstructionEmission &e,
                                               StringRef key) {
  auto it = e.instruction.attributes.find(key);
  hlo::ReplicaGroupList groups;
  if (it != e.instruction.attributes.end())
    for (const auto &group : it->second.groups)
      groups.emplace_back(group.begin(), group.end());
  auto grid = deviceGrid(e);
  GroupMode mode = getGroupMode(e.instruction);
  // Without a channel the groups are replica ids, which the flag would
  // contradict; XLA's verifier refuses the pair.
  if (e.instruction.flag("use_global_device_ids") &&
      !e.instruction.attributes.count("channel_id"))
    return e.emitError() << "use_global_device_ids=true needs a channel_id";
  if (!grid || mode == GroupMode::Flat)
    return groups;
  auto [replicas, partitions] = *grid;
  // Members are replica ids (inner = partition) or partition ids.
  bool byReplica = mode != GroupMode::CrossPartition;
  int64_t members = byReplica ? replicas : partitions;
  int64_t others = byReplica ? partitions : replicas;
  // No pairs means no transfers; no groups, one group of every device.
  if (groups.empty()) {
    if (key != "replica_groups" || mode == GroupMode::ReplicaAndPartition ||
        others == 1)
      return groups;
    groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, members)));
  }
  for (const auto &group : groups)
    for (int64_t id : group)
      if (failed(checkId(e, id, members, byReplica ? "replica" : "partition")))
        return failure();
  auto flat = [&, partitions = partitions](int64_t member, int64_t other) {
    return byReplica ? member * partitions + other
                     : other * partitions + member;
  };
  hlo::ReplicaGroupList resolved;
  if (mode == GroupMode::ReplicaAndPartition) {
    for (const auto &group : groups) {
      auto &devices = resolved.emplace_back();
      for (int64_t replica : group)
        for (int64_t partition = 0; partition < partitions; ++partition)
          devices.push_back(flat(replica, partition));
    }
    return resolved;
  }
  for (int64_t other = 0; other < others; ++other)
    for (const auto &group : groups)
      resolved.push_back(llvm::map_to_vector(
          group, [&](int64_t member) { return flat(member, other); }));
  return resolved;
}

FailureOr<DenseIntElementsAttr> groupsAttr(const InstructionEmission &e) {
  FailureOr<hlo::ReplicaGroupList> groups = resolveGroups(e, "replica_groups");
  if (failed(groups))
    return failure();
  return hlo::getReplicaGroupsAttr(e.builder.getContext(), *groups);
}

/// The single integer of `dimensions={d}`.
FailureOr<int64_t> dimensionOf(const InstructionEmission &e) {
  FailureOr<ArrayRef<int64_t>> dims = e.integers("dimensions");
  if (failed(dims))
    return failure();
  if (dims->size() != 1)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes one dimension in 'dimensions'";
  return dims->front();
}

/// The operands, one tensor each.
FailureOr<SmallVector<Value>> arrayOperands(const InstructionEmission &e) {
  if (e.operands.empty())
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes at least one operand";
  return e.tensorOperands(e.operands.size());
}

/// The last `count` tensor types of the shape: the results of a collective
/// whose `-start` shape also holds its operands.
FailureOr<SmallVector<Type>> resultTypesOf(const InstructionEmission &e,
                                           size_t count) {
  SmallVector<Type> types;
  if (failed(e.resultTypes(types)))
    return failure();
  if (types.size() < count)
    return e.emitError() << "the shape of '" << e.instruction.opcode
                         << "' holds fewer than " << count << " arrays";
  return SmallVector<Type>(ArrayRef<Type>(types).take_back(count));
}

/// The values of `tensors`, one each.
SmallVector<HloValue> valuesOf(ArrayRef<Value> tensors) {
  return llvm::map_to_vector(tensors,
                             [](Value tensor) { return HloValue{tensor, {}}; });
}

/// The element type `to_apply` combines in: its parameters' when they are
/// floats of another width than `operand`'s (XLA's mixed precision, a bf16
/// all-reduce summed in f32), else `operand`'s.
Type getCombinerElementType(const InstructionEmission &e, Type operand) {
  Type element = cast<RankedTensorType>(operand).getElementType();
  FailureOr<const ParsedComputation *> computation =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(computation) || !isa<FloatType>(element))
    return element;
  for (const ParsedInstruction &instruction : (*computation)->instructions)
    if (instruction.parameterNumber == 0) {
      auto shape = dyn_cast_or_null<RankedTensorType>(instruction.shape);
      if (shape && isa<FloatType>(shape.getElementType()))
        return shape.getElementType();
    }
  return element;
}

/// Emits the combiner `to_apply` into `op`'s computation region.
LogicalResult emitComputation(const InstructionEmission &e, Operation *op,
                              Type operand) {
  FailureOr<const ParsedComputation *> computation =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(computation))
    return failure();
  auto scalar = RankedTensorType::get(
      {}, cast<RankedTensorType>(operand).getElementType());
  return e.emitCombiner(op->getRegion(0), {scalar, scalar}, **computation,
                        /*numResults=*/1);
}

/// One op per operand, which `build` makes and the instruction's result
/// groups: the variadic forms. A `-start` gives its done what its shape
/// holds.
FailureOr<HloValue>
buildPerOperand(InstructionEmission &e, ArrayRef<Value> operands,
                function_ref<FailureOr<Operation *>(Value, size_t)> build) {
  SmallVector<Value> results;
  for (auto [index, operand] : llvm::enumerate(operands)) {
    FailureOr<Operation *> op = build(operand, index);
    if (failed(op) || failed(e.finish(*op)))
      return failure();
    results.push_back((*op)->getResult(0));
  }
  if (isStart(e))
    return startValue(e, valuesOf(operands), valuesOf(results));
  return HloValue::of(results);
}

} // namespace

HloValue startValue(const InstructionEmission &e, ArrayRef<HloValue> operands,
                    ArrayRef<HloValue> results) {
  MLIRContext *context = e.builder.getContext();
  auto group = [&](ArrayRef<HloValue> values, Type type) {
    if (values.size() == 1 && (!type || values[0].getType(context) == type))
      return values[0];
    HloValue tuple;
    tuple.elements.assign(values.begin(), values.end());
    return tuple;
  };
  auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
  if (!shape || shape.size() < 2)
    return group(results, e.instruction.shape);
  HloValue start;
  start.elements.push_back(group(operands, shape.getType(0)));
  start.elements.push_back(group(results, shape.getType(1)));
  for (Type context : shape.getTypes().drop_front(2)) {
    if (auto type = dyn_cast<RankedTensorType>(context))
      start.elements.push_back(HloValue{e.splat(type, 0.0), {}});
  }
  return start;
}

bool isStart(const InstructionEmission &e) {
  return StringRef(e.instruction.opcode).ends_with("-start");
}

FailureOr<DenseIntElementsAttr> permutePairs(const InstructionEmission &e,
                                             StringRef key) {
  FailureOr<hlo::ReplicaGroupList> pairs = resolveGroups(e, key);
  if (failed(pairs))
    return failure();
  // resolveGroups maps each id of a pair; a pair stays a pair.
  for (const auto &pair : *pairs)
    if (pair.size() != 2)
      return e.emitError() << key << " must hold {source,target} pairs";
  SmallVector<int64_t> ids;
  for (const auto &pair : *pairs)
    llvm::append_range(ids, pair);
  auto pairsType = RankedTensorType::get(
      {static_cast<int64_t>(pairs->size()), 2}, e.builder.getI64Type());
  return DenseIntElementsAttr::get(pairsType, ids);
}

FailureOr<HloValue> buildAllReduce(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = arrayOperands(e);
  FailureOr<DenseIntElementsAttr> groups = groupsAttr(e);
  if (failed(operands) || failed(groups))
    return failure();
  SmallVector<Value> results;
  for (auto [index, original] : llvm::enumerate(*operands)) {
    // In the combiner's type, converted back to the declared one.
    Type combined = getCombinerElementType(e, original.getType());
    Value operand = convertElements(e, original, combined);
    auto op = hlo::AllReduceOp::create(e.builder, e.loc, operand.getType(),
                                       operand, *groups);
    if (failed(emitComputation(e, op, operand.getType())) ||
        failed(e.finish(op)))
      return failure();
    Type declared = getElementTypeOrSelf(original.getType());
    if (auto shape = dyn_cast_or_null<RankedTensorType>(e.instruction.shape))
      declared = shape.getElementType();
    else if (auto tuple = dyn_cast_or_null<TupleType>(e.instruction.shape);
             tuple && !isStart(e) && index < tuple.size())
      declared = getElementTypeOrSelf(tuple.getType(index));
    results.push_back(convertElements(e, op.getResult(), declared));
  }
  // all-reduce-start's shape holds its results, or (operands, results).
  auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
  if (isStart(e) && shape && shape.size() == 2 * operands->size())
    return startValue(e, valuesOf(*operands), valuesOf(results));
  return HloValue::of(results);
}

FailureOr<HloValue> buildCollectiveDone(InstructionEmission &e) {
  if (e.operands.size() != 1)
    return e.emitError() << "'" << e.instruction.opcode << "' takes its start";
  // all-reduce-start gives its results or (operands, results), which the
  // done's shape tells apart; the other starts a tuple (operands, results,
  // ...), or their results alone.
  const HloValue &start = e.operands[0];
  if (!start.isTuple())
    return start;
  if (e.instruction.opcode == "all-reduce-done") {
    MLIRContext *context = e.builder.getContext();
    Type shape = e.instruction.shape;
    bool pair = shape && start.elements.size() == 2 &&
                start.getType(context) != shape &&
                start.elements[1].getType(context) == shape;
    return pair ? start.elements[1] : start;
  }
  if (start.elements.size() < 2)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes the tuple of its start";
  return start.elements[1];
}

namespace {

/// all-gather and reduce-scatter, and their starts: one `Op` per operand
/// along `dimensions={d}`, combining by `to_apply` where `Op` does.
template <typename Op>
FailureOr<HloValue> buildAlongDimension(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = arrayOperands(e);
  FailureOr<DenseIntElementsAttr> groups = groupsAttr(e);
  FailureOr<int64_t> dimension = dimensionOf(e);
  if (failed(operands) || failed(groups) || failed(dimension))
    return failure();
  FailureOr<SmallVector<Type>> types = resultTypesOf(e, operands->size());
  if (failed(types))
    return failure();
  return buildPerOperand(e, *operands, [&](Value operand, size_t index) {
    auto type = cast<RankedTensorType>((*types)[index]);
    // A reduce-scatter combines in its computation's type (XLA's mixed
    // precision) and gives the declared type.
    Type declared = type.getElementType();
    if (Op::template hasTrait<OpTrait::OneRegion>()) {
      Type combined = getCombinerElementType(e, operand.getType());
      operand = convertElements(e, operand, combined);
      type = type.clone(combined);
    }
    auto op =
        Op::create(e.builder, e.loc, Type(type), operand, *dimension, *groups);
    if (op->getNumRegions() != 0 &&
        (failed(emitComputation(e, op, operand.getType())) ||
         failed(e.finish(op))))
      return FailureOr<Operation *>(failure());
    Value result = convertElements(e, op->getResult(0), declared);
    return FailureOr<Operation *>(result.getDefiningOp());
  });
}

} // namespace

FailureOr<HloValue> buildAllGather(InstructionEmission &e) {
  return buildAlongDimension<hlo::AllGatherOp>(e);
}

FailureOr<HloValue> buildReduceScatter(InstructionEmission &e) {
  return buildAlongDimension<hlo::ReduceScatterOp>(e);
}

FailureOr<HloValue> buildAllToAll(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = arrayOperands(e);
  FailureOr<DenseIntElementsAttr> groups = groupsAttr(e);
  if (failed(operands) || failed(groups))
    return failure();
  if (e.instruction.attributes.count("dimensions")) {
    FailureOr<int64_t> dimension = dimensionOf(e);
    FailureOr<RankedTensorType> type = e.resultType();
    if (failed(dimension) || failed(type))
      return failure();
    if (operands->size() != 1)
      return e.emitError() << "'all-to-all' with 'dimensions' takes one "
                              "operand";
    auto op =
        hlo::AllToAllOp::create(e.builder, e.loc, *type, operands->front(),
                                *dimension, *dimension, *groups);
    return e.finish(op);
  }
  // The tuple form: operand i goes to the group's i-th device, and result j
  // comes from its j-th. Stacked along a new leading dimension, that is an
  // all_to_all of the stack along it.
  auto type = cast<RankedTensorType>(operands->front().getType());
  if (llvm::any_of(*operands,
                   [&](Value operand) { return operand.getType() != type; }))
    return e.emitError() << "'all-to-all' without 'dimensions' needs operands "
                            "of one type";
  int64_t count = operands->size();
  // Without groups, the tuple's N operands go to the job's N devices.
  if (groups->empty())
    *groups = hlo::getReplicaGroupsAttr(
        e.builder.getContext(),
        {llvm::to_vector(llvm::seq<int64_t>(0, count))});
  SmallVector<int64_t> rowShape{1};
  llvm::append_range(rowShape, type.getShape());
  auto rowType = RankedTensorType::get(rowShape, type.getElementType());
  SmallVector<Value> rows;
  for (Value operand : *operands)
    rows.push_back(hlo::ReshapeOp::create(e.builder, e.loc, rowType, operand));
  SmallVector<int64_t> stackShape(rowShape);
  stackShape[0] = count;
  auto stackType = RankedTensorType::get(stackShape, type.getElementType());
  Value stack =
      hlo::ConcatenateOp::create(e.builder, e.loc, stackType, rows, 0);
  auto exchange = hlo::AllToAllOp::create(e.builder, e.loc, stackType, stack, 0,
                                          0, *groups);
  if (failed(e.finish(exchange)))
    return failure();
  SmallVector<Value> results;
  SmallVector<int64_t> strides(stackShape.size(), 1);
  for (int64_t index = 0; index < count; ++index) {
    SmallVector<int64_t> starts(stackShape.size(), 0), limits(stackShape);
    starts[0] = index;
    limits[0] = index + 1;
    Value row = hlo::SliceOp::create(e.builder, e.loc, exchange, starts, limits,
                                     strides);
    results.push_back(
        hlo::ReshapeOp::create(e.builder, e.loc, type, row).getResult());
  }
  // The shape's tuple stays a tuple, also of one array.
  if (isa_and_nonnull<TupleType>(e.instruction.shape))
    return HloValue::tupleOf(results);
  return HloValue::of(results);
}

namespace {

/// `value` with every array permuted by `pairs`, in the same nesting.
FailureOr<HloValue> permuteEach(InstructionEmission &e, const HloValue &value,
                                DenseIntElementsAttr pairs) {
  if (!value.isTuple()) {
    auto op = hlo::CollectivePermuteOp::create(
        e.builder, e.loc, value.tensor.getType(), value.tensor, pairs);
    if (failed(e.finish(op)))
      return failure();
    return HloValue{op.getResult(), {}};
  }
  HloValue tuple;
  for (const HloValue &element : value.elements) {
    FailureOr<HloValue> permuted = permuteEach(e, element, pairs);
    if (failed(permuted))
      return failure();
    tuple.elements.push_back(*permuted);
  }
  return tuple;
}

/// A collective-permute of tuples (XLA's combined form): each array is
/// permuted, and the results keep the operands' nesting.
FailureOr<HloValue> buildTuplePermute(InstructionEmission &e,
                                      DenseIntElementsAttr pairs) {
  SmallVector<HloValue> results;
  for (const HloValue &operand : e.operands) {
    FailureOr<HloValue> permuted = permuteEach(e, operand, pairs);
    if (failed(permuted))
      return failure();
    results.push_back(*permuted);
  }
  if (isStart(e))
    return startValue(e, e.operands, results);
  if (results.size() == 1)
    return results.front();
  HloValue tuple;
  tuple.elements.assign(results.begin(), results.end());
  return tuple;
}

} // namespace

FailureOr<HloValue> buildCollectivePermute(InstructionEmission &e) {
  FailureOr<DenseIntElementsAttr> pairs =
      permutePairs(e, "source_target_pairs");
  if (failed(pairs))
    return failure();
  // With `slice_sizes`, the operands are an input, an output buffer and
  // the offsets of slices in both; without, one permutation per operand.
  if (e.instruction.attributes.count("slice_sizes"))
    return buildSlicePermute(e, *pairs);
  if (llvm::any_of(e.operands,
                   [](const HloValue &operand) { return operand.isTuple(); }))
    return buildTuplePermute(e, *pairs);
  FailureOr<SmallVector<Value>> operands = arrayOperands(e);
  if (failed(operands))
    return failure();
  return buildPerOperand(e, *operands, [&](Value operand, size_t) {
    return FailureOr<Operation *>(hlo::CollectivePermuteOp::create(
        e.builder, e.loc, operand.getType(), operand, *pairs));
  });
}

FailureOr<HloValue> buildCollectiveBroadcast(InstructionEmission &e) {
  // Every device of a group gets the operand of the group's first device:
  // the group's operands gathered along a new leading dimension, row 0.
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<DenseIntElementsAttr> groups = groupsAttr(e);
  if (failed(operands) || failed(groups))
    return failure();
  std::optional<int64_t> size = hlo::getUniformGroupSize(*groups);
  if (!size)
    return e.emitError() << "'collective-broadcast' needs named groups of one "
                            "size";
  auto type = cast<RankedTensorType>(operands->front().getType());
  SmallVector<int64_t> rowShape{1};
  llvm::append_range(rowShape, type.getShape());
  Value row = hlo::ReshapeOp::create(e.builder, e.loc, type.clone(rowShape),
                                     operands->front());
  SmallVector<int64_t> stackShape(rowShape);
  stackShape[0] = *size;
  auto gather = hlo::AllGatherOp::create(
      e.builder, e.loc, type.clone(stackShape), row, 0, *groups);
  if (failed(e.finish(gather)))
    return failure();
  SmallVector<int64_t> starts(rowShape.size(), 0), strides(rowShape.size(), 1);
  Value first =
      hlo::SliceOp::create(e.builder, e.loc, gather, starts, rowShape, strides);
  return HloValue{hlo::ReshapeOp::create(e.builder, e.loc, type, first), {}};
}

namespace {

/// hlo ops at the emission's builder for the ragged all-to-all.
struct RaggedEmitter {
  InstructionEmission &e;

  RankedTensorType i64(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, e.builder.getI64Type());
  }
  Value constant(int64_t value) { return e.splat(i64({}), double(value)); }
  Value convertToI64(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return hlo::ConvertOp::create(e.builder, e.loc, i64(type.getShape()),
                                  value);
  }
  Value reshape(Value value, RankedTensorType type) {
    return hlo::ReshapeOp::create(e.builder, e.loc, type, value);
  }
  /// `value` stacked over the group: [G, shape...].
  FailureOr<Value> gather(Value value, DenseIntElementsAttr groups,
                          int64_t size) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape{1};
    llvm::append_range(shape, type.getShape());
    Value row = reshape(value, type.clone(shape));
    shape[0] = size;
    auto op = hlo::AllGatherOp::create(e.builder, e.loc, type.clone(shape), row,
                                       0, groups);
    if (failed(e.finish(op)))
      return failure();
    return op.getResult();
  }
  /// `stack`[index...] with the leading dimensions `index` addresses
  /// dropped.
  Value at(Value stack, ArrayRef<Value> index) {
    auto type = cast<RankedTensorType>(stack.getType());
    SmallVector<Value> starts(index);
    SmallVector<int64_t> sizes(index.size(), 1);
    for (int64_t dim : type.getShape().drop_front(index.size())) {
      starts.push_back(constant(0));
      sizes.push_back(dim);
    }
    Value slice = hlo::DynamicSliceOp::create(
        e.builder, e.loc, type.clone(sizes), stack, starts, sizes);
    return reshape(slice, type.clone(type.getShape().drop_front(index.size())));
  }
  Value compare(hlo::ComparisonDirection direction, Value lhs, Value rhs) {
    return hlo::CompareOp::create(e.builder, e.loc, direction, lhs, rhs,
                                  hlo::ComparisonTypeAttr());
  }
};

} // namespace

FailureOr<HloValue> buildRaggedAllToAll(InstructionEmission &e) {
  // Device d sends rows [input_offsets[j, u], + send_sizes[j, u]) of its
  // input to the group's j-th device, which writes them at rows
  // output_offsets[j, u] of its output, for each of the u chunks per peer
  // (one when the offsets have one element per peer). Here every device
  // gathers the group's inputs and offsets, then for each sender i and
  // chunk copies the rows meant for it: the sender's input shifted by (its
  // input offset - its output offset) and chosen where the output rows fall
  // in the chunk.
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(6);
  FailureOr<DenseIntElementsAttr> groups = groupsAttr(e);
  if (failed(operands) || failed(groups))
    return failure();
  Value input = (*operands)[0], output = (*operands)[1];
  auto inputType = cast<RankedTensorType>(input.getType());
  auto outputType = cast<RankedTensorType>(output.getType());
  auto offsetsType = cast<RankedTensorType>((*operands)[2].getType());
  if (offsetsType.getRank() < 1 || offsetsType.getRank() > 2)
    return e.emitError() << "'ragged-all-to-all' takes offsets and sizes of "
                            "rank 1 or 2, not "
                         << offsetsType.getRank();
  if (inputType.getRank() < 1 || outputType.getRank() != inputType.getRank() ||
      inputType.getElementType() != outputType.getElementType() ||
      inputType.getShape().drop_front() != outputType.getShape().drop_front())
    return e.emitError() << "'ragged-all-to-all' needs an input and an output "
                            "of rows of one shape and element type";
  // Without groups, the offsets' first dimension names the devices.
  if (hlo::getReplicaGroups(*groups).empty())
    *groups = hlo::getReplicaGroupsAttr(
        e.builder.getContext(),
        {llvm::to_vector(llvm::seq<int64_t>(0, offsetsType.getDimSize(0)))});
  // The offsets and sizes hold, per peer, `updates` chunks in row-major
  // order: [peers] or [peers, updates], or [peers * updates] flat.
  std::optional<int64_t> groupSize = hlo::getUniformGroupSize(*groups);
  int64_t total = offsetsType.getNumElements();
  if (!groupSize || total % *groupSize != 0 ||
      (offsetsType.getRank() == 2 && offsetsType.getDimSize(0) != *groupSize))
    return e.emitError() << "'ragged-all-to-all' needs groups whose size "
                            "divides its offsets (of "
                         << total << " elements) by peer";
  int64_t size = *groupSize, updates = total / size;
  RaggedEmitter emit{e};
  // This device's place in its group, from a table by device id.
  int64_t largest = hlo::getLargestDeviceId(*groups);
  SmallVector<int64_t> positions(largest + 1, 0);
  for (const auto &group : hlo::getReplicaGroups(*groups))
    for (auto [place, device] : llvm::enumerate(group))
      positions[device] = place;
  Value table = hlo::ConstantOp::create(
      e.builder, e.loc,
      DenseElementsAttr::get(emit.i64({largest + 1}), ArrayRef(positions)));
  Value device = emit.convertToI64(hlo::DeviceIdOp::create(
      e.builder, e.loc,
      RankedTensorType::get({}, e.builder.getIntegerType(32, false))));
  Value place = emit.at(emit.reshape(table, emit.i64({largest + 1})), {device});

  FailureOr<Value> inputs = emit.gather(input, *groups, size);
  SmallVector<Value> tables;
  for (int index : {2, 3, 4}) {
    Value byPeer = emit.reshape(emit.convertToI64((*operands)[index]),
                                emit.i64({size, updates}));
    FailureOr<Value> gathered = emit.gather(byPeer, *groups, size);
    if (failed(gathered))
      return failure();
    tables.push_back(*gathered);
  }
  if (failed(inputs))
    return failure();
  int64_t rows = outputType.getDimSize(0);
  Value rowIndex = hlo::IotaOp::create(e.builder, e.loc, emit.i64({rows}), 0);
  auto broadcastRows = [&](Value scalar) {
    return hlo::BroadcastInDimOp::create(e.builder, e.loc, emit.i64({rows}),
                                         scalar, ArrayRef<int64_t>{})
        .getResult();
  };
  // Zero rows around each sender's input, so that any shift reads inside.
  SmallVector<int64_t> low(inputType.getRank(), 0), high(low), interior(low);
  low[0] = high[0] = rows;
  SmallVector<int64_t> paddedShape(inputType.getShape());
  paddedShape[0] += 2 * rows;
  Value zero =
      e.splat(RankedTensorType::get({}, inputType.getElementType()), 0.0);
  // Loops over the senders and their chunks keep the IR the same size for
  // any group (64 peers of 16 chunks are 1024 copies).
  FailureOr<SmallVector<Value>> result = emitCountedLoop(
      e, size, {output},
      [&](Value from, ValueRange sent) -> FailureOr<SmallVector<Value>> {
        Value padded = hlo::PadOp::create(
            e.builder, e.loc, inputType.clone(paddedShape),
            emit.at(*inputs, {from}), zero, low, high, interior);
        return emitCountedLoop(
            e, updates, sent,
            [&](Value update,
                ValueRange copied) -> FailureOr<SmallVector<Value>> {
              SmallVector<Value> index{from, place, update};
              Value inputOffset = emit.at(tables[0], index);
              Value count = emit.at(tables[1], index);
              Value outputOffset = emit.at(tables[2], index);
              Value end =
                  hlo::AddOp::create(e.builder, e.loc, outputOffset, count);
              Value inChunk = hlo::AndOp::create(
                  e.builder, e.loc,
                  emit.compare(hlo::ComparisonDirection::GE, rowIndex,
                               broadcastRows(outputOffset)),
                  emit.compare(hlo::ComparisonDirection::LT, rowIndex,
                               broadcastRows(end)));
              Value start = hlo::AddOp::create(
                  e.builder, e.loc,
                  hlo::SubtractOp::create(e.builder, e.loc, inputOffset,
                                          outputOffset),
                  emit.constant(rows));
              SmallVector<Value> starts{start};
              for (size_t dim = 1; dim < paddedShape.size(); ++dim)
                starts.push_back(emit.constant(0));
              Value shifted = hlo::DynamicSliceOp::create(
                  e.builder, e.loc, outputType, padded, starts,
                  outputType.getShape());
              Value choose = hlo::BroadcastInDimOp::create(
                  e.builder, e.loc, outputType.clone(e.builder.getI1Type()),
                  inChunk, ArrayRef<int64_t>{0});
              return SmallVector<Value>{
                  hlo::SelectOp::create(e.builder, e.loc, outputType, choose,
                                        shifted, copied.front())};
            });
      });
  if (failed(result))
    return failure();
  return HloValue{result->front(), {}};
}

FailureOr<HloValue> buildDeviceId(InstructionEmission &e) {
  if (!e.operands.empty())
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes no operands";
  auto type = RankedTensorType::get({}, e.builder.getIntegerType(32, false));
  Value device = hlo::DeviceIdOp::create(e.builder, e.loc, type);
  auto grid = deviceGrid(e);
  if (!grid)
    return HloValue{device, {}};
  bool replica = e.instruction.opcode == "replica-id";
  Value partitions = e.splat(type, static_cast<double>(grid->second));
  Value id =
      replica
          ? hlo::DivOp::create(e.builder, e.loc, device, partitions).getResult()
          : hlo::RemOp::create(e.builder, e.loc, device, partitions)
                .getResult();
  return HloValue{id, {}};
}

} // namespace fuse::hlo_text
