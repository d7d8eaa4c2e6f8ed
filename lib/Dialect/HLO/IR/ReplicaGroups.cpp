//===- ReplicaGroups.cpp - the device groups of hlo collectives -----------===//

#include "fuse/Dialect/HLO/IR/ReplicaGroups.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;

namespace fuse::hlo {

ReplicaGroupList getReplicaGroups(DenseIntElementsAttr groups) {
  ReplicaGroupList list;
  auto type = cast<RankedTensorType>(groups.getType());
  int64_t width = type.getDimSize(1);
  auto ids = groups.getValues<int64_t>();
  for (int64_t row = 0; row < type.getDimSize(0); ++row) {
    llvm::SmallVector<int64_t> &group = list.emplace_back();
    for (int64_t column = 0; column < width; ++column)
      if (int64_t id = ids[row * width + column]; id >= 0)
        group.push_back(id);
  }
  return list;
}

DenseIntElementsAttr getReplicaGroupsAttr(MLIRContext *context,
                                          const ReplicaGroupList &list) {
  size_t width = 0;
  for (const auto &group : list)
    width = std::max(width, group.size());
  SmallVector<int64_t> ids;
  for (const auto &group : list) {
    llvm::append_range(ids, group);
    ids.append(width - group.size(), -1);
  }
  auto type = RankedTensorType::get(
      {static_cast<int64_t>(list.size()), static_cast<int64_t>(width)},
      IntegerType::get(context, 64));
  return DenseIntElementsAttr::get(type, ids);
}

LogicalResult
verifyReplicaGroups(DenseIntElementsAttr groups,
                    llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto type = cast<RankedTensorType>(groups.getType());
  if (type.getNumElements() == 0) {
    if (type.getDimSize(0) != 0)
      return emitError() << "groups has an empty group";
    return success();
  }
  int64_t width = type.getDimSize(1);
  auto ids = groups.getValues<int64_t>();
  llvm::SmallSet<int64_t, 16> seen;
  for (int64_t row = 0; row < type.getDimSize(0); ++row) {
    bool padded = false;
    for (int64_t column = 0; column < width; ++column) {
      int64_t id = ids[row * width + column];
      if (id == -1) {
        if (column == 0)
          return emitError() << "group " << row << " is empty";
        padded = true;
        continue;
      }
      if (id < 0)
        return emitError() << "groups holds the negative device id " << id;
      if (padded)
        return emitError() << "group " << row
                           << " has a device id after its padding (-1)";
      if (!seen.insert(id).second)
        return emitError() << "device " << id << " is in two groups";
    }
  }
  return success();
}

std::optional<int64_t> getUniformGroupSize(DenseIntElementsAttr groups) {
  ReplicaGroupList list = getReplicaGroups(groups);
  if (list.empty())
    return std::nullopt;
  for (const auto &group : list)
    if (group.size() != list.front().size())
      return std::nullopt;
  return list.front().size();
}

std::optional<SmallVector<int64_t>>
findReplicaGroup(DenseIntElementsAttr groups, int64_t device, int64_t devices) {
  ReplicaGroupList list = getReplicaGroups(groups);
  if (list.empty())
    return llvm::to_vector(llvm::seq<int64_t>(0, devices));
  for (auto &group : list)
    if (llvm::is_contained(group, device))
      return std::move(group);
  return std::nullopt;
}

int64_t getLargestDeviceId(DenseIntElementsAttr groups) {
  int64_t largest = -1;
  for (int64_t id : groups.getValues<int64_t>())
    largest = std::max(largest, id);
  return largest;
}

} // namespace fuse::hlo
