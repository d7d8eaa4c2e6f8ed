//===- LiveTensorTracker.cpp - a block's live bytes, kept up to date ------===//

#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace fuse::hlo;

LiveTensorTracker::LiveTensorTracker(Block &block,
                                     LiveTensorSchedule::BytesFn bytesOf)
    : block(block) {
  int64_t index = 0;
  for (Operation &op : block)
    slots[&op] = index++;
  size = std::max<int64_t>(index, 1);
  maxBytes.assign(4 * size, 0);
  addedBytes.assign(4 * size, 0);
  for (Operation &op : block) {
    int64_t first = slots.lookup(&op);
    for (Value result : op.getResults()) {
      Interval interval{first, first, bytesOf(result), {}};
      for (Operation *user : result.getUsers())
        if (std::optional<int64_t> slot = slotOfUser(user)) {
          interval.readers.insert(*slot);
          interval.last = std::max(interval.last, *slot);
        }
      addBytes(interval.first, interval.last, interval.bytes);
      intervals[result] = std::move(interval);
    }
  }
}

std::optional<int64_t> LiveTensorTracker::slotOfUser(Operation *user) const {
  Operation *ancestor = block.findAncestorOpInBlock(*user);
  if (!ancestor)
    return std::nullopt;
  auto it = slots.find(ancestor);
  if (it == slots.end())
    return std::nullopt;
  return it->second;
}

std::optional<LiveTensorTracker::Merge>
LiveTensorTracker::planMerge(Operation *removed, Operation *consumer,
                             ArrayRef<Value> reads) const {
  auto consumerSlot = slots.find(consumer);
  if (consumerSlot == slots.end() || (removed && !slots.count(removed)))
    return std::nullopt;
  llvm::SetVector<Value> touched;
  auto touch = [&](Value value) { touched.insert(value); };
  if (removed) {
    touched.insert(removed->result_begin(), removed->result_end());
    forEachRead(removed, touch);
  }
  forEachRead(consumer, touch);
  touched.insert(reads.begin(), reads.end());
  llvm::DenseSet<Value> readByMerge(reads.begin(), reads.end());

  Merge merge{removed, consumer, llvm::to_vector(reads), {}, {}};
  int64_t consumerAt = consumerSlot->second;
  int64_t removedAt = removed ? slots.lookup(removed) : -1;
  for (Value value : touched) {
    auto it = intervals.find(value);
    if (it == intervals.end())
      continue;
    const Interval &interval = it->second;
    merge.touched.push_back(value);
    // -1: the value leaves the block with the producer.
    int64_t last = -1;
    if (!removed || value.getDefiningOp() != removed) {
      last = interval.first;
      for (auto reader = interval.readers.rbegin();
           reader != interval.readers.rend(); ++reader) {
        ++readersVisited;
        if (*reader != consumerAt && *reader != removedAt) {
          last = std::max(last, *reader);
          break;
        }
      }
      if (readByMerge.contains(value))
        last = std::max(last, consumerAt);
    }
    if (last != interval.last)
      merge.changes.push_back(
          {value, interval.first, interval.last, last, interval.bytes});
  }
  return merge;
}

void LiveTensorTracker::addBytes(size_t node, int64_t low, int64_t high,
                                 int64_t first, int64_t last, int64_t bytes) {
  if (last < low || high < first)
    return;
  if (first <= low && high <= last) {
    maxBytes[node] += bytes;
    addedBytes[node] += bytes;
    return;
  }
  int64_t middle = low + (high - low) / 2;
  addBytes(2 * node, low, middle, first, last, bytes);
  addBytes(2 * node + 1, middle + 1, high, first, last, bytes);
  maxBytes[node] =
      std::max(maxBytes[2 * node], maxBytes[2 * node + 1]) + addedBytes[node];
}

void LiveTensorTracker::addBytes(int64_t first, int64_t last, int64_t bytes) {
  if (bytes != 0)
    addBytes(1, 0, size - 1, first, last, bytes);
}

void LiveTensorTracker::apply(ArrayRef<Change> changes, int sign) {
  for (const Change &change : changes) {
    addBytes(change.first, change.oldLast, -sign * change.bytes);
    if (change.newLast >= 0)
      addBytes(change.newFirst, change.newLast, sign * change.bytes);
  }
}

int64_t LiveTensorTracker::peakBytesAfter(ArrayRef<Change> changes) {
  apply(changes, 1);
  int64_t peak = peakBytes();
  apply(changes, -1);
  return peak;
}

std::optional<LiveTensorTracker::Reorder>
LiveTensorTracker::planReorder(Operation *from, Operation *to,
                               ArrayRef<Step> steps) const {
  auto fromSlot = slots.find(from), toSlot = slots.find(to);
  if (fromSlot == slots.end() || toSlot == slots.end() ||
      fromSlot->second > toSlot->second)
    return std::nullopt;
  Reorder reorder{
      fromSlot->second, toSlot->second, llvm::to_vector(steps), {}, {}, {}, {}};
  llvm::SetVector<Value> touched;
  auto touch = [&](Value value) { touched.insert(value); };
  SmallVector<int64_t> oldSlots;
  for (Operation *op = from;; op = op->getNextNode()) {
    auto slot = slots.find(op);
    if (slot == slots.end())
      return std::nullopt;
    reorder.ops.push_back(op);
    oldSlots.push_back(slot->second);
    touched.insert(op->result_begin(), op->result_end());
    forEachRead(op, touch);
    if (op == to)
      break;
  }
  if (steps.size() > oldSlots.size())
    return std::nullopt;
  reorder.stepSlots.assign(oldSlots.begin(), oldSlots.begin() + steps.size());

  // Where each value is defined and read within the stretch afterwards.
  llvm::DenseMap<Value, int64_t> definedAt, lastReadAt;
  for (auto [step, slot] : llvm::zip_equal(steps, reorder.stepSlots)) {
    for (Value value : step.defines) {
      definedAt[value] = slot;
      touched.insert(value);
    }
    for (Value value : step.reads) {
      int64_t &last = lastReadAt.try_emplace(value, slot).first->second;
      last = std::max(last, slot);
      touched.insert(value);
    }
  }
  for (Value value : touched) {
    auto it = intervals.find(value);
    if (it == intervals.end())
      continue;
    const Interval &interval = it->second;
    reorder.touched.push_back(value);
    bool inside =
        interval.first >= reorder.low && interval.first <= reorder.high;
    auto defined = definedAt.find(value);
    Change change{value, interval.first, interval.last, -1, interval.bytes};
    if (inside && defined == definedAt.end()) {
      // Defined by an op that leaves the block.
      reorder.changes.push_back(change);
      continue;
    }
    change.newFirst = inside ? defined->second : interval.first;
    // The last reader outside the stretch, then the stretch's own.
    int64_t last = change.newFirst;
    const std::set<int64_t> &readers = interval.readers;
    ++readersVisited;
    if (!readers.empty() && *readers.rbegin() > reorder.high) {
      last = std::max(last, *readers.rbegin());
    } else {
      auto before = readers.lower_bound(reorder.low);
      if (before != readers.begin())
        last = std::max(last, *std::prev(before));
    }
    if (auto read = lastReadAt.find(value); read != lastReadAt.end())
      last = std::max(last, read->second);
    change.newLast = last;
    if (change.newFirst != change.first || change.newLast != change.oldLast)
      reorder.changes.push_back(change);
  }
  return reorder;
}

void LiveTensorTracker::commit(const Reorder &reorder, Operation *created) {
  apply(reorder.changes, 1);
  for (Value value : reorder.touched) {
    std::set<int64_t> &readers = intervals[value].readers;
    readers.erase(readers.lower_bound(reorder.low),
                  readers.upper_bound(reorder.high));
  }
  for (auto [step, slot] : llvm::zip_equal(reorder.steps, reorder.stepSlots))
    for (Value value : step.reads)
      if (auto it = intervals.find(value); it != intervals.end())
        it->second.readers.insert(slot);
  for (const Change &change : reorder.changes) {
    if (change.newLast < 0) {
      intervals.erase(change.value);
      continue;
    }
    Interval &interval = intervals[change.value];
    interval.first = change.newFirst;
    interval.last = change.newLast;
  }
  for (Operation *op : reorder.ops)
    slots.erase(op);
  for (auto [step, slot] : llvm::zip_equal(reorder.steps, reorder.stepSlots)) {
    Operation *op = step.op ? step.op : created;
    slots[op] = slot;
    if (!step.op)
      rekey(step.defines, created->getResults());
  }
}

void LiveTensorTracker::rekey(ValueRange values, ValueRange replacement) {
  for (auto [value, replaced] : llvm::zip(values, replacement)) {
    auto it = intervals.find(value);
    if (it == intervals.end())
      continue;
    Interval interval = std::move(it->second);
    intervals.erase(it);
    intervals[replaced] = std::move(interval);
  }
}

void LiveTensorTracker::commit(const Merge &merge, Operation *replacement) {
  apply(merge.changes, 1);
  int64_t consumerAt = slots.lookup(merge.consumer);
  int64_t removedAt = merge.removed ? slots.lookup(merge.removed) : -1;
  llvm::DenseSet<Value> readByMerge(merge.reads.begin(), merge.reads.end());
  for (Value value : merge.touched) {
    std::set<int64_t> &readers = intervals[value].readers;
    readers.erase(consumerAt);
    readers.erase(removedAt);
    if (readByMerge.contains(value))
      readers.insert(consumerAt);
  }
  for (const Change &change : merge.changes) {
    if (change.newLast < 0)
      intervals.erase(change.value);
    else
      intervals[change.value].last = change.newLast;
  }
  if (merge.removed)
    slots.erase(merge.removed);
  replace(merge.consumer, replacement);
}

void LiveTensorTracker::replace(Operation *op, Operation *replacement) {
  slots[replacement] = slots.lookup(op);
  slots.erase(op);
  rekey(op->getResults(), replacement->getResults());
}
