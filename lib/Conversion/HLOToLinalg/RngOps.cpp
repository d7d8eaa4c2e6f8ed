//===- RngOps.cpp - hlo.rng_bit_generator ---------------------------------===//
//
// The output is a linalg.generic over its elements: each finds its block
// and word (RngBitLayout), runs the generator on the counter plus the block
// with 32-bit arith ops, and keeps its word. Every element runs its own
// call, which vectorizes and needs no buffer of words; neighbours that
// share a block repeat it (at most four times). The new state is the old
// one with the counter advanced past the blocks.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/RngBitGenerator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <array>

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Integer arithmetic at one insertion point, with the generators.
struct BitEmitter {
  OpBuilder &b;
  Location loc;

  Value constant(Type type, uint64_t value) {
    return arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
  }
  Value i32(uint32_t value) { return constant(b.getI32Type(), value); }
  Value i64(uint64_t value) { return constant(b.getI64Type(), value); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value xorOf(Value x, Value y) { return arith::XOrIOp::create(b, loc, x, y); }
  Value low32(Value x) {
    return arith::TruncIOp::create(b, loc, b.getI32Type(), x);
  }
  Value high32(Value x) {
    return low32(arith::ShRUIOp::create(b, loc, x, i64(32)));
  }
  Value join64(Value low, Value high) {
    Value wideLow = arith::ExtUIOp::create(b, loc, b.getI64Type(), low);
    Value wideHigh = arith::ExtUIOp::create(b, loc, b.getI64Type(), high);
    return arith::OrIOp::create(
        b, loc, wideLow, arith::ShLIOp::create(b, loc, wideHigh, i64(32)));
  }
  Value rotateLeft(Value x, unsigned bits) {
    return arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, x, i32(bits)),
        arith::ShRUIOp::create(b, loc, x, i32(32 - bits)));
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
  /// `high` plus the carry out of `sum`, a 64-bit sum of `base` and
  /// another value.
  Value addCarry(Value high, Value sum, Value base) {
    Value carry =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, sum, base);
    return add(high, arith::ExtUIOp::create(b, loc, b.getI64Type(), carry));
  }
  Value equals(Value x, uint64_t value) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x,
                                 constant(x.getType(), value));
  }

  /// Threefry-2x32, 20 rounds.
  std::array<Value, 2> threeFry(std::array<Value, 2> key,
                                std::array<Value, 2> x) {
    static constexpr unsigned rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    Value schedule[3] = {key[0], key[1],
                         xorOf(xorOf(key[0], key[1]), i32(0x1BD11BDA))};
    x = {add(x[0], schedule[0]), add(x[1], schedule[1])};
    for (unsigned group = 0; group < 5; ++group) {
      for (unsigned round = 0; round < 4; ++round) {
        x[0] = add(x[0], x[1]);
        x[1] =
            xorOf(rotateLeft(x[1], rotations[(group % 2) * 4 + round]), x[0]);
      }
      x[0] = add(x[0], schedule[(group + 1) % 3]);
      x[1] = add(add(x[1], schedule[(group + 2) % 3]), i32(group + 1));
    }
    return x;
  }

  /// Philox-4x32, 10 rounds.
  std::array<Value, 4> philox(std::array<Value, 2> key,
                              std::array<Value, 4> x) {
    for (unsigned round = 0; round < 10; ++round) {
      auto first =
          arith::MulUIExtendedOp::create(b, loc, i32(0xD2511F53), x[0]);
      auto second =
          arith::MulUIExtendedOp::create(b, loc, i32(0xCD9E8D57), x[2]);
      x = {xorOf(xorOf(second.getHigh(), x[1]), key[0]), second.getLow(),
           xorOf(xorOf(first.getHigh(), x[3]), key[1]), first.getLow()};
      if (round + 1 < 10)
        key = {add(key[0], i32(0x9E3779B9)), add(key[1], i32(0xBB67AE85))};
    }
    return x;
  }
};

struct RngBitGeneratorLowering : OpConversionPattern<RngBitGeneratorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RngBitGeneratorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RngBitLayout layout = RngBitLayout::get(op);
    bool threeFry = layout.algorithm == RngAlgorithm::THREE_FRY;
    Value state = adaptor.getInitialState();
    auto stateType = cast<RankedTensorType>(state.getType());
    int64_t stateSize = stateType.getDimSize(0);
    // The state is read inside the generics, where a GPU kernel runs them.
    auto read = [&](OpBuilder &b, Location readLoc, int64_t i) -> Value {
      return tensor::ExtractOp::create(
          b, readLoc, state,
          ValueRange{arith::ConstantIndexOp::create(b, readLoc, i)});
    };

    auto outputType = cast<RankedTensorType>(op.getOutput().getType());
    int64_t rank = outputType.getRank();
    ArrayRef<int64_t> shape = outputType.getShape();
    auto buildBody = [&](OpBuilder &b, Location bodyLoc, ValueRange) {
      BitEmitter emit{b, bodyLoc};
      SmallVector<Value> index;
      for (int64_t dim = 0; dim < rank; ++dim)
        index.push_back(arith::IndexCastOp::create(
            b, bodyLoc, b.getI64Type(),
            linalg::IndexOp::create(b, bodyLoc, dim)));
      auto [block, word] = locate(emit, layout, index, shape);
      Value key = read(b, bodyLoc, 0), counter = read(b, bodyLoc, 1);
      Value low = emit.add(counter, block);
      std::array<Value, 2> keyWords = {emit.low32(key), emit.high32(key)};
      Value bits;
      if (threeFry) {
        auto x = emit.threeFry(keyWords, {emit.low32(low), emit.high32(low)});
        bits = layout.wideElements
                   ? emit.join64(x[0], x[1])
                   : emit.select(emit.equals(word, 0), x[0], x[1]);
      } else {
        Value counterHigh = read(b, bodyLoc, stateSize == 3 ? 2 : 0);
        Value high = emit.addCarry(counterHigh, low, counter);
        auto x = emit.philox(keyWords, {emit.low32(low), emit.high32(low),
                                        emit.low32(high), emit.high32(high)});
        if (layout.wideElements) {
          Value first = emit.equals(word, 0);
          bits = emit.join64(emit.select(first, x[0], x[2]),
                             emit.select(first, x[1], x[3]));
        } else {
          bits = emit.select(
              emit.equals(word, 0), x[0],
              emit.select(emit.equals(word, 1), x[1],
                          emit.select(emit.equals(word, 2), x[2], x[3])));
        }
      }
      Type element = outputType.getElementType();
      if (element.getIntOrFloatBitWidth() < 32)
        bits = arith::TruncIOp::create(b, bodyLoc, element, bits);
      linalg::YieldOp::create(b, bodyLoc, bits);
    };
    auto output = linalg::GenericOp::create(
        rewriter, loc, TypeRange{outputType}, ValueRange{},
        ValueRange{fuse::detail::createEmptyTensor(rewriter, loc, outputType)},
        SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
        fuse::detail::parallelIterators(rank), buildBody);

    // The counter advances past the blocks; a three-word Philox state
    // carries into its high half.
    auto advance = [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
      BitEmitter emit{b, bodyLoc};
      Value position = linalg::IndexOp::create(b, bodyLoc, 0);
      auto isAt = [&](int64_t i) {
        return arith::CmpIOp::create(
            b, bodyLoc, arith::CmpIPredicate::eq, position,
            arith::ConstantIndexOp::create(b, bodyLoc, i));
      };
      Value counter = read(b, bodyLoc, 1);
      Value advanced = emit.add(counter, emit.i64(layout.numBlocks));
      Value value = emit.select(isAt(1), advanced, args[0]);
      if (!threeFry && stateSize == 3) {
        Value high = emit.addCarry(args[0], advanced, counter);
        value = emit.select(isAt(2), high, value);
      }
      linalg::YieldOp::create(b, bodyLoc, value);
    };
    AffineMap identity = rewriter.getMultiDimIdentityMap(1);
    Value newState = linalg::GenericOp::create(
                         rewriter, loc, TypeRange{stateType}, ValueRange{state},
                         ValueRange{fuse::detail::createEmptyTensor(
                             rewriter, loc, stateType)},
                         SmallVector<AffineMap>{identity, identity},
                         fuse::detail::parallelIterators(1), advance)
                         .getResult(0);
    rewriter.replaceOp(op, {newState, output.getResult(0)});
    return success();
  }

  /// The block and word of the element at `index`, as RngBitLayout::locate
  /// computes them.
  static std::pair<Value, Value> locate(BitEmitter &emit,
                                        const RngBitLayout &layout,
                                        ArrayRef<Value> index,
                                        ArrayRef<int64_t> shape) {
    OpBuilder &b = emit.b;
    Location loc = emit.loc;
    auto divide = [&](Value x, int64_t by) {
      return arith::DivUIOp::create(b, loc, x, emit.i64(by)).getResult();
    };
    auto remainder = [&](Value x, int64_t by) {
      return arith::RemUIOp::create(b, loc, x, emit.i64(by)).getResult();
    };
    auto linearize = [&](ArrayRef<Value> positions, ArrayRef<int64_t> sizes) {
      Value linear = emit.i64(0);
      for (auto [position, size] : llvm::zip_equal(positions, sizes))
        linear = emit.add(arith::MulIOp::create(b, loc, linear, emit.i64(size)),
                          position);
      return linear;
    };
    if (layout.wordDim >= 0) {
      if (index.empty())
        return {emit.i64(0), emit.i64(0)};
      SmallVector<Value> blockIndex(index);
      blockIndex[layout.wordDim] = divide(index[layout.wordDim], 2);
      return {linearize(blockIndex, layout.blockShape),
              remainder(index[layout.wordDim], 2)};
    }
    Value linear = linearize(index, shape);
    if (layout.algorithm == RngAlgorithm::THREE_FRY)
      return {linear, emit.i64(0)};
    int64_t perBlock = layout.wideElements ? 2 : 4;
    Value word = remainder(linear, perBlock);
    if (layout.wideElements)
      word = arith::MulIOp::create(b, loc, word, emit.i64(2));
    return {divide(linear, perBlock), word};
  }
};

} // namespace

void fuse::detail::populateRngLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<RngBitGeneratorLowering>(patterns.getContext());
}
