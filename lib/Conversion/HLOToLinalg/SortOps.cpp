//===- SortOps.cpp - sort and topk ----------------------------------------===//
//
// hlo.sort becomes an scf.forall over the lines along the sorted dimension,
// each sorted by one of two algorithms:
// - When the comparator is `key(lhs) LT key(rhs)` (or GT) for a key computed
//   from one input's element alone, in an order that is a strict weak order
//   (TOTALORDER on floats, SIGNED or UNSIGNED on integers of 8 to 64 bits),
//   an LSD radix sort on the key mapped to an unsigned integer of the same
//   order: one pass counts the digits of every byte, and one stable scatter
//   per byte moves every input between two buffers, computing the key again
//   from its element. Stable, n * bytes steps, and what JAX's comparators
//   (canonical NaN and zero, then TOTALORDER) are. A sort of one long line
//   runs in parts, in parallel: before each byte's scatter every part counts
//   that byte in its source, and the scan gives each part its own first
//   position of every digit, after the earlier parts' elements of the digit.
// - Otherwise a bottom-up merge sort of the line's positions, which calls the
//   comparator on the elements and takes the right one only when it goes
//   strictly first (stable, n log n comparisons, the interpreter's
//   algorithm), then gathers every input through the sorted positions.
// hlo.topk with k up to 64 scans every line once, keeping the best k in
// order (see selectTopKLine); a larger k becomes a stable descending (or
// ascending) sort of the operand with its positions, whose first k are
// kept. The parallel lowerings (the GPU's) sort in a bitonic network
// instead (BitonicSort.cpp), and always sort for topk.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

constexpr int64_t kRadixBits = 8;
constexpr int64_t kRadix = int64_t(1) << kRadixBits;
/// The most parts a radix sort splits a line into: finer parts gain no
/// threads and cost a row of counts each.
constexpr int64_t kMaxRadixParts = 64;
/// The largest k that topk selects in one scan rather than by sorting: the
/// scan's worst case (an ascending line) shifts k elements per element.
constexpr int64_t kMaxSelectedK = 64;

/// A comparator of the form `key(lhs) <direction> key(rhs)`, where the key
/// depends on the elements of one input only.
struct SortKey {
  /// The input the key is computed from.
  unsigned input;
  /// The key of the comparator's lhs element, a value in the comparator.
  Value key;
  /// The comparator's block argument for that input's lhs element.
  BlockArgument element;
  ComparisonType order;
  bool descending;
};

/// Whether `lhs`, computed in `region` from `lhsArg`, and `rhs`, from
/// `rhsArg`, are the same computation, with no other block argument used.
bool isMirror(Region &region, Value lhs, Value rhs, Value lhsArg,
              Value rhsArg) {
  if (lhs == lhsArg || rhs == rhsArg)
    return lhs == lhsArg && rhs == rhsArg;
  bool lhsInside = lhs.getParentRegion() == &region;
  bool rhsInside = rhs.getParentRegion() == &region;
  if (!lhsInside || !rhsInside)
    return lhs == rhs;
  Operation *a = lhs.getDefiningOp(), *b = rhs.getDefiningOp();
  if (!a || !b)
    return false;
  // A shared op (a constant) is the same on both sides if it uses nothing.
  if (a == b)
    return a->getNumOperands() == 0;
  return OperationEquivalence::isEquivalentTo(
      a, b,
      [&](Value x, Value y) {
        return success(isMirror(region, x, y, lhsArg, rhsArg));
      },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// The key of `op`'s comparator, when it has one that radix sorting can
/// use.
std::optional<SortKey> findSortKey(SortOp op) {
  Region &region = op.getComparator();
  Block &block = region.front();
  auto ret = cast<ReturnOp>(block.getTerminator());
  auto compare = ret.getResults().front().getDefiningOp<CompareOp>();
  if (!compare || compare->getParentRegion() != &region)
    return std::nullopt;
  ComparisonDirection direction = compare.getComparisonDirection();
  if (direction != ComparisonDirection::LT &&
      direction != ComparisonDirection::GT)
    return std::nullopt;
  ComparisonType order = compare.getEffectiveCompareType();
  Type keyType = compare.getLhs().getType().getElementType();
  unsigned width = keyType.getIntOrFloatBitWidth();
  // FLOAT is no strict weak order (NaN), and i1 has no whole byte.
  if (order == ComparisonType::FLOAT || width % kRadixBits != 0)
    return std::nullopt;
  for (unsigned input = 0, e = op.getInputs().size(); input < e; ++input) {
    BlockArgument lhsArg = block.getArgument(2 * input);
    BlockArgument rhsArg = block.getArgument(2 * input + 1);
    bool ascending = direction == ComparisonDirection::LT;
    if (isMirror(region, compare.getLhs(), compare.getRhs(), lhsArg, rhsArg))
      return SortKey{input, compare.getLhs(), lhsArg, order, !ascending};
    // key(rhs) LT key(lhs): lhs goes first when its key is the larger.
    if (isMirror(region, compare.getRhs(), compare.getLhs(), lhsArg, rhsArg))
      return SortKey{input, compare.getRhs(), lhsArg, order, ascending};
  }
  return std::nullopt;
}

struct LoopBuilder {
  OpBuilder &b;
  Location loc;

  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value integer(Type type, int64_t value) {
    return arith::ConstantIntOp::create(b, loc, type, value);
  }
  Value toIndex(Value value) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
  }
  Value toI32(Value value) {
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), value);
  }
  Value extract(Value tensor, Value at) {
    return tensor::ExtractOp::create(b, loc, tensor, at);
  }
  /// The element at `n` of a 1-D tensor or buffer.
  Value elementAt(Value line, Value n) {
    if (isa<MemRefType>(line.getType()))
      return memref::LoadOp::create(b, loc, line, n);
    return extract(line, n);
  }
  /// Adds one to the integer at `at` of `buffer`; returns it as it was.
  Value increment(Value buffer, ValueRange at) {
    Value count = memref::LoadOp::create(b, loc, buffer, at);
    memref::StoreOp::create(b, loc, add(count, integer(count.getType(), 1)),
                            buffer, at);
    return count;
  }
  Value insert(Value value, Value tensor, Value at) {
    return tensor::InsertOp::create(b, loc, value, tensor, at);
  }
  Value empty(int64_t size, Type element) {
    return tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{size}, element);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }

  /// `key` as an unsigned integer of its width whose unsigned order is the
  /// key's order.
  Value radixKey(Value key, ComparisonType order, bool descending) {
    unsigned width = key.getType().getIntOrFloatBitWidth();
    Type bitsType = b.getIntegerType(width);
    // A signed key (floats in total order) with its sign bit flipped orders
    // as unsigned the way the signed key orders as signed.
    Value bits = order == ComparisonType::TOTALORDER
                     ? fuse::emitTotalOrderKey(b, loc, key)
                     : key;
    if (order != ComparisonType::UNSIGNED)
      bits = arith::XOrIOp::create(
          b, loc, bits,
          integer(bitsType, static_cast<int64_t>(uint64_t(1) << (width - 1))));
    if (descending)
      bits = arith::XOrIOp::create(b, loc, bits, integer(bitsType, -1));
    return bits;
  }

  /// Byte `pass` of the unsigned key, as an index.
  Value digit(Value key, int64_t pass) {
    Type type = key.getType();
    Value shifted =
        arith::ShRUIOp::create(b, loc, key, integer(type, pass * kRadixBits));
    Value byte = arith::AndIOp::create(b, loc, shifted, integer(type, 255));
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), byte);
  }
};

/// How many parts of at least `partLength` elements a radix sort splits a
/// line of `length` elements into when it is the sort's only line (several
/// lines sort in parallel already).
int64_t chooseRadixParts(int64_t length, int64_t partLength) {
  return std::clamp<int64_t>(length / std::max<int64_t>(partLength, 1), 1,
                             kMaxRadixParts);
}

/// Turns the digit counts of passes [firstPass, endPass) in `counts` (a row
/// of kRadix counts per pass for each of `parts` parts) into each part's
/// first position of every digit: digit by digit and, within a digit, part
/// by part.
void scanDigitCounts(OpBuilder &b, Location loc, Value counts, int64_t parts,
                     int64_t firstPass, int64_t endPass) {
  LoopBuilder build{b, loc};
  Value zero = build.index(0), one = build.index(1);
  SmallVector<Value> firstStarts(endPass - firstPass,
                                 build.integer(b.getI32Type(), 0));
  scf::ForOp::create(
      b, loc, zero, build.index(kRadix), one, firstStarts,
      [&](OpBuilder &db, Location, Value d, ValueRange digitStarts) {
        auto partLoop = scf::ForOp::create(
            db, loc, zero, arith::ConstantIndexOp::create(db, loc, parts), one,
            digitStarts,
            [&](OpBuilder &cb, Location, Value part, ValueRange starts) {
              LoopBuilder in{cb, loc};
              SmallVector<Value> next;
              for (auto [pass, start] :
                   llvm::zip_equal(llvm::seq(firstPass, endPass), starts)) {
                SmallVector<Value, 2> at{part,
                                         in.add(in.index(pass * kRadix), d)};
                Value count = memref::LoadOp::create(cb, loc, counts, at);
                memref::StoreOp::create(cb, loc, start, counts, at);
                next.push_back(in.add(start, count));
              }
              scf::YieldOp::create(cb, loc, next);
            });
        scf::YieldOp::create(db, loc, partLoop.getResults());
      });
}

/// Radix-sorts the 1-D `lines` of a sort by `key` in `parts` consecutive
/// parts of the lines (see the file comment): the digit counts of each part
/// are a row of one buffer, which the scan turns into the part's first
/// position of every digit, and the part's scatters move its elements there
/// in order, so that the parts can count and scatter in parallel.
FailureOr<SmallVector<Value>>
radixSortLine(OpBuilder &b, Location loc, SortOp op, const SortKey &key,
              ValueRange lines, const IRMapping &outerScalars, int64_t parts) {
  LoopBuilder build{b, loc};
  int64_t length =
      cast<RankedTensorType>(lines.front().getType()).getDimSize(0);
  int64_t partLength = llvm::divideCeil(length, parts);
  parts = llvm::divideCeil(length, partLength);
  int64_t passes =
      getElementTypeOrSelf(key.key.getType()).getIntOrFloatBitWidth() /
      kRadixBits;
  Value zero = build.index(0), one = build.index(1);
  Type i32 = b.getI32Type();

  // The unsigned key of `element` of the key's input. Each loop computes it
  // again from the element: cheaper than moving the keys along with the
  // inputs.
  bool keyFailed = false;
  auto radixKeyOf = [&](LoopBuilder &in, Value element) -> Value {
    IRMapping scalars;
    scalars.map(key.element, element);
    FailureOr<Value> value = fuse::emitScalarValue(
        in.b, op.getComparator(), key.key, scalars,
        [&](Value outer) { return outerScalars.lookup(outer); });
    if (failed(value)) {
      keyFailed = true;
      return {};
    }
    return in.radixKey(*value, key.order, key.descending);
  };
  // Calls `body` with every part's index and bounds: in an scf.forall when
  // there are several parts.
  auto forEachPart =
      [&](function_ref<void(LoopBuilder &, Value, Value, Value)> body) {
        auto emit = [&](OpBuilder &nb, Value part) {
          LoopBuilder in{nb, loc};
          Value begin =
              arith::MulIOp::create(nb, loc, part, in.index(partLength));
          Value end = arith::MinSIOp::create(
              nb, loc, in.add(begin, in.index(partLength)), in.index(length));
          body(in, part, begin, end);
        };
        if (parts == 1)
          return emit(b, zero);
        auto loop = scf::ForallOp::create(b, loc, {b.getIndexAttr(parts)},
                                          ValueRange{}, std::nullopt);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(loop.getTerminator());
        emit(b, loop.getInductionVar(0));
      };
  auto forRange = [&](LoopBuilder &in, Value begin, Value end,
                      function_ref<void(LoopBuilder &, Value)> body) {
    scf::ForOp::create(in.b, loc, begin, end, one, ValueRange{},
                       [&](OpBuilder &nb, Location, Value n, ValueRange) {
                         LoopBuilder inner{nb, loc};
                         body(inner, n);
                         scf::YieldOp::create(nb, loc);
                       });
  };

  // The count of every digit of every pass, a row per part, turned into the
  // part's first position of every digit: digit by digit and, within a
  // digit, part by part. A part's counts depend on the order that the pass
  // before left, so with several parts every pass counts its own digit in
  // its source; one part counts every pass in the input at once.
  Value counts = memref::AllocOp::create(
      b, loc, MemRefType::get({parts, passes * kRadix}, i32));
  auto countDigits = [&](int64_t firstPass, int64_t endPass, Value keyLine) {
    auto counted = llvm::seq(firstPass, endPass);
    forEachPart([&](LoopBuilder &in, Value part, Value begin, Value end) {
      forRange(in, in.index(firstPass * kRadix), in.index(endPass * kRadix),
               [&](LoopBuilder &z, Value d) {
                 memref::StoreOp::create(z.b, loc, z.integer(i32, 0), counts,
                                         ValueRange{part, d});
               });
      forRange(in, begin, end, [&](LoopBuilder &c, Value n) {
        Value radixKey = radixKeyOf(c, c.elementAt(keyLine, n));
        if (!radixKey)
          return;
        for (int64_t pass : counted)
          c.increment(counts, {part, c.add(c.index(pass * kRadix),
                                           c.digit(radixKey, pass))});
      });
    });
    scanDigitCounts(b, loc, counts, parts, firstPass, endPass);
  };
  if (parts == 1)
    countDigits(0, passes, lines[key.input]);
  if (keyFailed)
    return failure();
  // One stable scatter of every input per byte, from the lowest, between
  // two buffers per input taking turns.
  SmallVector<Value> buffers[2];
  auto buffersFor = [&](int64_t turn) {
    if (buffers[turn].empty())
      for (Value line : lines)
        buffers[turn].push_back(memref::AllocOp::create(
            b, loc,
            MemRefType::get(
                {length},
                cast<RankedTensorType>(line.getType()).getElementType())));
    return buffers[turn];
  };
  SmallVector<Value> source(lines);
  for (int64_t pass = 0; pass < passes; ++pass) {
    SmallVector<Value> destination = buffersFor(pass % 2);
    if (parts > 1)
      countDigits(pass, pass + 1, source[key.input]);
    forEachPart([&](LoopBuilder &in, Value part, Value begin, Value end) {
      forRange(in, begin, end, [&](LoopBuilder &s, Value n) {
        // Each input's element is read once, the key's for its key too.
        SmallVector<Value> elements = llvm::map_to_vector(
            source, [&](Value from) { return s.elementAt(from, n); });
        Value radixKey = radixKeyOf(s, elements[key.input]);
        if (!radixKey)
          return;
        Value position = s.increment(
            counts,
            {part, s.add(s.index(pass * kRadix), s.digit(radixKey, pass))});
        Value to = s.toIndex(position);
        for (auto [element, into] : llvm::zip_equal(elements, destination))
          memref::StoreOp::create(s.b, loc, element, into, to);
      });
    });
    if (keyFailed)
      return failure();
    source = destination;
  }
  return llvm::map_to_vector(llvm::zip_equal(source, lines), [&](auto pair) {
    auto [sorted, line] = pair;
    return Value(bufferization::ToTensorOp::create(
        b, loc, line.getType(), sorted, /*restrict=*/true, /*writable=*/true));
  });
}

/// Merge-sorts the positions of the 1-D `lines` with the comparator, then
/// gathers every line through them; see the file comment.
FailureOr<SmallVector<Value>> mergeSortLine(OpBuilder &b, Location loc,
                                            SortOp op, ValueRange lines,
                                            const IRMapping &outerScalars) {
  LoopBuilder build{b, loc};
  int64_t length =
      cast<RankedTensorType>(lines.front().getType()).getDimSize(0);
  int64_t passes = llvm::Log2_64_Ceil(length);
  Value zero = build.index(0), one = build.index(1);
  Value end = build.index(length);
  Type i32 = b.getI32Type();

  // Both halves of `positions` take turns as the source of a pass.
  auto identity = scf::ForOp::create(
      b, loc, zero, end, one, ValueRange{build.empty(2 * length, i32)},
      [&](OpBuilder &nb, Location nloc, Value n, ValueRange state) {
        LoopBuilder in{nb, nloc};
        scf::YieldOp::create(nb, nloc, in.insert(in.toI32(n), state[0], n));
      });
  bool comparatorFailed = false;
  auto sortPasses = scf::ForOp::create(
      b, loc, zero, build.index(passes), one, ValueRange{identity.getResult(0)},
      [&](OpBuilder &pb, Location ploc, Value pass, ValueRange passState) {
        Value width = arith::ShLIOp::create(pb, ploc, one, pass);
        Value odd = arith::AndIOp::create(pb, ploc, pass, one);
        Value from = arith::MulIOp::create(pb, ploc, odd, end);
        Value to = arith::SubIOp::create(pb, ploc, end, from);
        Value step = arith::AddIOp::create(pb, ploc, width, width);
        auto runs = scf::ForOp::create(
            pb, ploc, zero, end, step, passState,
            [&](OpBuilder &rb, Location rloc, Value low, ValueRange runState) {
              LoopBuilder r{rb, rloc};
              Value mid =
                  arith::MinSIOp::create(rb, rloc, r.add(low, width), end);
              Value high =
                  arith::MinSIOp::create(rb, rloc, r.add(low, step), end);
              Value lastLeft = arith::SubIOp::create(rb, rloc, mid, one);
              Value lastRight = arith::SubIOp::create(rb, rloc, high, one);
              auto merge = scf::ForOp::create(
                  rb, rloc, low, high, one, ValueRange{low, mid, runState[0]},
                  [&](OpBuilder &mb, Location mloc, Value k, ValueRange state) {
                    LoopBuilder m{mb, mloc};
                    Value i = state[0], j = state[1], positions = state[2];
                    // Past the end of a run, its last element is read, and
                    // not taken.
                    Value left = m.extract(
                        positions, m.add(from, arith::MinSIOp::create(
                                                   mb, mloc, i, lastLeft)));
                    Value right = m.extract(
                        positions, m.add(from, arith::MinSIOp::create(
                                                   mb, mloc, j, lastRight)));
                    SmallVector<Value> arguments;
                    for (Value line : lines) {
                      arguments.push_back(m.extract(line, m.toIndex(right)));
                      arguments.push_back(m.extract(line, m.toIndex(left)));
                    }
                    FailureOr<SmallVector<Value>> before =
                        fuse::emitScalarRegion(mb, op.getComparator(),
                                               arguments, [&](Value outer) {
                                                 return outerScalars.lookup(
                                                     outer);
                                               });
                    if (failed(before)) {
                      comparatorFailed = true;
                      scf::YieldOp::create(mb, mloc, state);
                      return;
                    }
                    Value leftDone = arith::CmpIOp::create(
                        mb, mloc, arith::CmpIPredicate::sge, i, mid);
                    Value rightLeft = arith::CmpIOp::create(
                        mb, mloc, arith::CmpIPredicate::slt, j, high);
                    Value takeRight = arith::AndIOp::create(
                        mb, mloc, rightLeft,
                        arith::OrIOp::create(mb, mloc, leftDone,
                                             before->front()));
                    Value taken = arith::SelectOp::create(mb, mloc, takeRight,
                                                          right, left);
                    Value merged = m.insert(taken, positions, m.add(to, k));
                    Value nextI = arith::SelectOp::create(mb, mloc, takeRight,
                                                          i, m.add(i, one));
                    Value nextJ = arith::SelectOp::create(mb, mloc, takeRight,
                                                          m.add(j, one), j);
                    scf::YieldOp::create(mb, mloc,
                                         ValueRange{nextI, nextJ, merged});
                  });
              scf::YieldOp::create(rb, rloc, merge.getResult(2));
            });
        scf::YieldOp::create(pb, ploc, runs.getResults());
      });
  if (comparatorFailed)
    return failure();

  Value positions = sortPasses.getResult(0);
  Value sortedHalf = build.index(passes % 2 == 0 ? 0 : length);
  SmallVector<Value> destinations;
  for (Value line : lines)
    destinations.push_back(build.empty(
        length, cast<RankedTensorType>(line.getType()).getElementType()));
  auto gather = scf::ForOp::create(
      b, loc, zero, end, one, destinations,
      [&](OpBuilder &nb, Location nloc, Value n, ValueRange state) {
        LoopBuilder in{nb, nloc};
        Value source = in.toIndex(in.extract(positions, in.add(sortedHalf, n)));
        SmallVector<Value> yielded;
        for (auto [line, into] : llvm::zip_equal(lines, state))
          yielded.push_back(in.insert(in.extract(line, source), into, n));
        scf::YieldOp::create(nb, nloc, yielded);
      });
  return llvm::to_vector_of<Value>(gather.getResults());
}

/// The `k` largest elements of the 1-D `line` (the smallest unless
/// `largest`) and their positions, by one scan that keeps the best k seen
/// in order: an element that beats the k-th is inserted where it belongs,
/// after the equal ones, which came first. Random inputs insert about
/// k log(n / k) times, so the scan costs about n comparisons.
SmallVector<Value> selectTopKLine(OpBuilder &b, Location loc, Value line,
                                  int64_t k, bool largest) {
  LoopBuilder build{b, loc};
  auto lineType = cast<RankedTensorType>(line.getType());
  Type element = lineType.getElementType();
  Type keyType = b.getIntegerType(element.getIntOrFloatBitWidth());
  Type i32 = b.getI32Type();
  Value zero = build.index(0), one = build.index(1), kIndex = build.index(k);
  // A signed key of the element's order, flipped for the smallest.
  auto orderKey = [&](LoopBuilder &in, Value value) {
    Value key = value;
    if (isa<FloatType>(element))
      key = fuse::emitTotalOrderKey(in.b, in.loc, value);
    if (!largest)
      key = arith::XOrIOp::create(in.b, in.loc, key, in.integer(keyType, -1));
    return key;
  };
  auto greater = [&](LoopBuilder &in, Value x, Value y) {
    return arith::CmpIOp::create(in.b, in.loc, arith::CmpIPredicate::sgt, x, y);
  };
  Value keys = fuse::detail::createFilledTensor(
      b, loc, RankedTensorType::get({k}, keyType), build.integer(keyType, 0));
  Value positions = fuse::detail::createFilledTensor(
      b, loc, RankedTensorType::get({k}, i32), build.integer(i32, 0));
  auto scan = scf::ForOp::create(
      b, loc, zero, build.index(lineType.getDimSize(0)), one,
      ValueRange{keys, positions, zero},
      [&](OpBuilder &nb, Location nloc, Value n, ValueRange state) {
        LoopBuilder in{nb, nloc};
        Value key = orderKey(in, in.extract(line, n));
        Value count = state[2];
        Value full = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq,
                                           count, kIndex);
        Value kth = in.extract(state[0], in.index(k - 1));
        Value enters = arith::OrIOp::create(
            nb, nloc,
            arith::XOrIOp::create(nb, nloc, full,
                                  in.integer(nb.getI1Type(), 1)),
            greater(in, key, kth));
        auto insert = scf::IfOp::create(
            nb, nloc, enters,
            [&](OpBuilder &tb, Location tloc) {
              LoopBuilder t{tb, tloc};
              // Shift the worse kept elements down by one, from the end.
              Value last = arith::SelectOp::create(tb, tloc, full,
                                                   t.index(k - 1), count);
              auto shift = scf::WhileOp::create(
                  tb, tloc,
                  TypeRange{tb.getIndexType(), state[0].getType(),
                            state[1].getType()},
                  ValueRange{last, state[0], state[1]},
                  [&](OpBuilder &cb, Location cloc, ValueRange args) {
                    LoopBuilder c{cb, cloc};
                    Value j = args[0];
                    Value above = arith::MaxSIOp::create(
                        cb, cloc, arith::SubIOp::create(cb, cloc, j, one),
                        zero);
                    Value moves = arith::AndIOp::create(
                        cb, cloc,
                        arith::CmpIOp::create(
                            cb, cloc, arith::CmpIPredicate::sgt, j, zero),
                        greater(c, key, c.extract(args[1], above)));
                    scf::ConditionOp::create(cb, cloc, moves, args);
                  },
                  [&](OpBuilder &ab, Location aloc, ValueRange args) {
                    LoopBuilder a{ab, aloc};
                    Value j = args[0];
                    Value above = arith::SubIOp::create(ab, aloc, j, one);
                    Value movedKeys =
                        a.insert(a.extract(args[1], above), args[1], j);
                    Value movedPositions =
                        a.insert(a.extract(args[2], above), args[2], j);
                    scf::YieldOp::create(
                        ab, aloc, ValueRange{above, movedKeys, movedPositions});
                  });
              Value j = shift.getResult(0);
              Value newKeys = t.insert(key, shift.getResult(1), j);
              Value newPositions = t.insert(t.toI32(n), shift.getResult(2), j);
              Value newCount = arith::MinSIOp::create(
                  tb, tloc, t.add(count, one), t.index(k));
              scf::YieldOp::create(tb, tloc,
                                   ValueRange{newKeys, newPositions, newCount});
            },
            [&](OpBuilder &eb, Location eloc) {
              scf::YieldOp::create(eb, eloc, state);
            });
        scf::YieldOp::create(nb, nloc, insert.getResults());
      });
  Value kept = scan.getResult(1);
  auto values = scf::ForOp::create(
      b, loc, zero, kIndex, one, ValueRange{build.empty(k, element)},
      [&](OpBuilder &nb, Location nloc, Value j, ValueRange state) {
        LoopBuilder in{nb, nloc};
        Value value = in.extract(line, in.toIndex(in.extract(kept, j)));
        scf::YieldOp::create(nb, nloc, in.insert(value, state[0], j));
      });
  return {values.getResult(0), kept};
}

/// Radix-sorts `inputs`, shaped as one line, as vectors split into parts
/// that count and scatter in parallel when the line is long; see
/// chooseRadixParts.
FailureOr<SmallVector<Value>> radixSortOneLine(OpBuilder &b, Location loc,
                                               SortOp op, const SortKey &key,
                                               ValueRange inputs,
                                               const IRMapping &outerScalars,
                                               int64_t partLength) {
  auto type = cast<RankedTensorType>(inputs.front().getType());
  int64_t length = type.getNumElements();
  SmallVector<ReassociationIndices> allDims{
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()))};
  SmallVector<Value> lines;
  for (Value input : inputs)
    lines.push_back(type.getRank() == 1 ? input
                                        : tensor::CollapseShapeOp::create(
                                              b, loc, input, allDims));
  FailureOr<SmallVector<Value>> sorted =
      radixSortLine(b, loc, op, key, lines, outerScalars,
                    chooseRadixParts(length, partLength));
  if (failed(sorted) || type.getRank() == 1)
    return sorted;
  return llvm::map_to_vector(llvm::zip_equal(*sorted, inputs), [&](auto pair) {
    auto [line, input] = pair;
    return Value(
        tensor::ExpandShapeOp::create(b, loc, input.getType(), line, allDims));
  });
}

/// A sort with nothing to order (lines of at most one element, or no lines)
/// returns its inputs, before any lowering makes buffers for it.
struct SortOfOrderedLines : OpConversionPattern<SortOp> {
  SortOfOrderedLines(MLIRContext *context)
      : OpConversionPattern(context, /*benefit=*/3) {}

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs();
    auto type = cast<RankedTensorType>(inputs.front().getType());
    if (type.getDimSize(op.getDimension()) > 1 && type.getNumElements() != 0)
      return rewriter.notifyMatchFailure(op, "lines of two or more elements");
    rewriter.replaceOp(op, inputs);
    return success();
  }
};

struct SortLowering : OpConversionPattern<SortOp> {
  SortLowering(MLIRContext *context, int64_t partLength)
      : OpConversionPattern(context), partLength(partLength) {}

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    int64_t dim = op.getDimension();
    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);
    std::optional<SortKey> key = findSortKey(op);
    auto type = cast<RankedTensorType>(inputs.front().getType());
    int64_t length = type.getDimSize(dim);
    FailureOr<SmallVector<Value>> sorted =
        key && type.getNumElements() == length
            ? radixSortOneLine(rewriter, loc, op, *key, inputs, outerScalars,
                               partLength)
            : fuse::detail::mapLines(
                  rewriter, loc, inputs, dim, inputs.getTypes(),
                  [&](OpBuilder &b, Location lineLoc, ValueRange lines) {
                    return key ? radixSortLine(b, lineLoc, op, *key, lines,
                                               outerScalars, /*parts=*/1)
                               : mergeSortLine(b, lineLoc, op, lines,
                                               outerScalars);
                  });
    if (failed(sorted))
      return failure();
    rewriter.replaceOp(op, *sorted);
    return success();
  }

  /// See chooseRadixParts.
  int64_t partLength;
};

struct TopKLowering : OpConversionPattern<TopKOp> {
  TopKLowering(MLIRContext *context, bool alwaysSort)
      : OpConversionPattern(context), alwaysSort(alwaysSort) {}

  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t last = type.getRank() - 1, k = op.getK();
    if (k == 0 || type.getNumElements() == 0) {
      SmallVector<Value> empty;
      for (Type resultType : op.getResultTypes())
        empty.push_back(fuse::detail::createEmptyTensor(
            rewriter, loc, cast<RankedTensorType>(resultType)));
      rewriter.replaceOp(op, empty);
      return success();
    }
    if (k <= kMaxSelectedK && !alwaysSort) {
      FailureOr<SmallVector<Value>> selected = fuse::detail::mapLines(
          rewriter, loc, operand, last, op.getResultTypes(),
          [&](OpBuilder &b, Location lineLoc,
              ValueRange lines) -> FailureOr<SmallVector<Value>> {
            return selectTopKLine(b, lineLoc, lines.front(), k,
                                  op.getLargest());
          });
      if (failed(selected))
        return failure();
      rewriter.replaceOp(op, *selected);
      return success();
    }
    ComparisonType order = isa<FloatType>(type.getElementType())
                               ? ComparisonType::TOTALORDER
                               : ComparisonType::SIGNED;
    rewriter.replaceOp(op, op.buildSortedForm(rewriter, operand, order));
    return success();
  }

  /// Whether every topk is a sort: the parallel lowerings' choice, where a
  /// line's scan would run in one thread and a sort is a parallel network.
  bool alwaysSort;
};

} // namespace

void fuse::detail::populateSortLoweringPatterns(RewritePatternSet &patterns,
                                                bool parallelLowerings,
                                                int64_t sortPartLength) {
  patterns.add<SortOfOrderedLines>(patterns.getContext());
  patterns.add<SortLowering>(patterns.getContext(), sortPartLength);
  patterns.add<TopKLowering>(patterns.getContext(),
                             /*alwaysSort=*/parallelLowerings);
  if (parallelLowerings)
    fuse::detail::populateBitonicSortLoweringPatterns(patterns);
}
