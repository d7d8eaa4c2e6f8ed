//===- PartitionCount.cpp - partitions that the shapes imply --------------===//
//
// XLA's C++ tests often give a module's replica and partition counts in the
// test's configuration, not in the header. An all-gather or reduce-scatter
// with a `channel_id` and without `use_global_device_ids` gathers over the
// replicas of its group times every partition, so its shapes say how many
// partitions there are. When the header gives no `num_partitions` and such
// a collective's shapes contradict one partition, the partition count its
// shapes give is taken, if every such collective agrees, with a warning.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// The partitions that `instruction`'s shapes give, when it is a gather or
/// scatter over replicas and partitions with groups of one size; 1 where
/// they fit one partition.
std::optional<int64_t>
impliedPartitions(const ParsedInstruction &instruction,
                  const llvm::StringMap<const ParsedInstruction *> &byName) {
  StringRef opcode = instruction.opcode;
  bool gathers = opcode == "all-gather" || opcode == "all-gather-start";
  if (!gathers && opcode != "reduce-scatter")
    return std::nullopt;
  const auto &attributes = instruction.attributes;
  auto groups = attributes.find("replica_groups");
  auto dimensions = attributes.find("dimensions");
  if (getGroupMode(instruction) != GroupMode::ReplicaAndPartition ||
      groups == attributes.end() || groups->second.groups.empty() ||
      dimensions == attributes.end() ||
      dimensions->second.integers.size() != 1 ||
      instruction.operands.size() != 1)
    return std::nullopt;
  size_t groupSize = groups->second.groups.front().size();
  for (const auto &group : groups->second.groups)
    if (group.size() != groupSize)
      return std::nullopt;

  const ParsedInstruction *operand =
      byName.lookup(instruction.operands.front().name);
  auto operandType =
      operand ? dyn_cast_if_present<RankedTensorType>(operand->shape) : nullptr;
  auto resultType = dyn_cast_if_present<RankedTensorType>(instruction.shape);
  int64_t dimension = dimensions->second.integers.front();
  if (!operandType || !resultType || dimension < 0 ||
      dimension >= operandType.getRank() ||
      operandType.getRank() != resultType.getRank())
    return std::nullopt;
  int64_t small = (gathers ? operandType : resultType).getDimSize(dimension);
  int64_t large = (gathers ? resultType : operandType).getDimSize(dimension);
  if (small <= 0 || large % small != 0 ||
      (large / small) % static_cast<int64_t>(groupSize) != 0)
    return std::nullopt;
  return large / small / static_cast<int64_t>(groupSize);
}

/// Whether `instruction`'s groups hold replica ids.
bool namesReplicas(const ParsedInstruction &instruction) {
  if (!instruction.attributes.count("replica_groups"))
    return false;
  GroupMode mode = getGroupMode(instruction);
  return mode == GroupMode::CrossReplica ||
         mode == GroupMode::ReplicaAndPartition;
}

} // namespace

void inferPartitionCount(ParsedModule &module) {
  if (module.partitionCount)
    return;
  std::optional<int64_t> partitions;
  const ParsedInstruction *witness = nullptr;
  int64_t largestReplica = 0;
  for (const ParsedComputation &computation : module.computations) {
    llvm::StringMap<const ParsedInstruction *> byName;
    for (const ParsedInstruction &instruction : computation.instructions)
      byName[instruction.name] = &instruction;
    for (const ParsedInstruction &instruction : computation.instructions) {
      if (namesReplicas(instruction))
        for (const auto &group :
             instruction.attributes.find("replica_groups")->second.groups)
          for (int64_t id : group)
            largestReplica = std::max(largestReplica, id);
      std::optional<int64_t> implied = impliedPartitions(instruction, byName);
      if (!implied)
        continue;
      // Collectives that disagree leave the module as it is: the verifiers
      // then say what does not fit.
      if (partitions && *partitions != *implied)
        return;
      partitions = implied;
      if (!witness)
        witness = &instruction;
    }
  }
  if (!partitions || *partitions == 1)
    return;
  module.partitionCount = *partitions;
  if (!module.replicaCount)
    module.replicaCount = largestReplica + 1;
  emitWarning(witness->opcodeLoc)
      << "the header gives no num_partitions; the shapes of '" << witness->name
      << "' say " << *partitions << " partitions, with " << *module.replicaCount
      << (*module.replicaCount == 1 ? " replica" : " replicas");
}

} // namespace fuse::hlo_text
