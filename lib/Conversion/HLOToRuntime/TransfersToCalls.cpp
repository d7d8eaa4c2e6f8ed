//===- TransfersToCalls.cpp - hlo.infeed and hlo.outfeed as calls ---------===//
//
// Each tensor of a transfer's record becomes one call of the host runtime,
// with its type as the program writes it and its elements in a buffer of
// bytes (docs/Passes/HLOToRuntimePasses.md).
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuffers.h"
#include "fuse/Conversion/HLOToRuntime/HLOToRuntime.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

namespace fuse {
#define GEN_PASS_DEF_CONVERTHLOTRANSFERSTOCALLSPASS
#include "fuse/Conversion/HLOToRuntime/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse;

namespace {

/// How the rest of the pipeline stores the elements of `type`: unsigned
/// integers as signless ones, complex numbers as a trailing pair of parts.
RankedTensorType getStorageType(RankedTensorType type) {
  Type element = type.getElementType();
  if (auto complex = dyn_cast<ComplexType>(element)) {
    SmallVector<int64_t> shape(type.getShape());
    shape.push_back(2);
    return RankedTensorType::get(shape, complex.getElementType());
  }
  if (element.isUnsignedInteger())
    return type.clone(
        IntegerType::get(type.getContext(), element.getIntOrFloatBitWidth()));
  return type;
}

/// Complex numbers from `pairs`, whose trailing dimension of 2 holds their
/// real and imaginary parts.
Value joinParts(OpBuilder &b, Location loc, Value pairs,
                RankedTensorType type) {
  auto storage = cast<RankedTensorType>(pairs.getType());
  auto parts = RankedTensorType::get(type.getShape(), storage.getElementType());
  int64_t rank = storage.getRank();
  auto part = [&](int64_t index) -> Value {
    SmallVector<int64_t> starts(rank, 0), limits(storage.getShape());
    starts.back() = index;
    limits.back() = index + 1;
    Value slice = hlo::SliceOp::create(b, loc, pairs, starts, limits,
                                       SmallVector<int64_t>(rank, 1));
    return hlo::ReshapeOp::create(b, loc, parts, slice);
  };
  Value real = part(0);
  Value imag = part(1);
  return hlo::ComplexOp::create(b, loc, real, imag);
}

/// The parts of the complex numbers `value` side by side in a trailing
/// dimension of 2, as `storage`.
Value splitParts(OpBuilder &b, Location loc, Value value,
                 RankedTensorType storage) {
  SmallVector<int64_t> columnShape(storage.getShape());
  columnShape.back() = 1;
  auto column = storage.clone(columnShape, storage.getElementType());
  Value real = hlo::ReshapeOp::create(b, loc, column,
                                      hlo::RealOp::create(b, loc, value));
  Value imag = hlo::ReshapeOp::create(b, loc, column,
                                      hlo::ImagOp::create(b, loc, value));
  return hlo::ConcatenateOp::create(b, loc, ValueRange{real, imag},
                                    storage.getRank() - 1);
}

/// `value` as a tensor of `type`, where one of the two types is the other's
/// storage type.
Value convertStorage(OpBuilder &b, Location loc, Value value,
                     RankedTensorType type) {
  auto given = cast<RankedTensorType>(value.getType());
  if (given == type)
    return value;
  if (isa<ComplexType>(type.getElementType()))
    return joinParts(b, loc, value, type);
  if (isa<ComplexType>(given.getElementType()))
    return splitParts(b, loc, value, type);
  return hlo::BitcastConvertOp::create(b, loc, type, value);
}

/// A constant global holding `text`, shared by the transfers of one type.
Value getTextGlobal(OpBuilder &b, Location loc, SymbolTable &symbols,
                    StringRef text) {
  std::string name = "__fuse_transfer_type_";
  for (char c : text)
    name += llvm::isAlnum(c) ? c : '_';
  auto type =
      MemRefType::get({static_cast<int64_t>(text.size())}, b.getI8Type());
  auto value = DenseElementsAttr::get(
      RankedTensorType::get(type.getShape(), b.getI8Type()),
      llvm::ArrayRef(reinterpret_cast<const int8_t *>(text.data()),
                     text.size()));
  auto global = symbols.lookup<memref::GlobalOp>(name);
  if (!global || global.getInitialValue() != value) {
    OpBuilder atModule(symbols.getOp()->getRegion(0));
    global = memref::GlobalOp::create(atModule, loc, name,
                                      atModule.getStringAttr("private"), type,
                                      value, /*constant=*/true,
                                      /*alignment=*/IntegerAttr());
    // Renamed if another symbol has the name.
    symbols.insert(global);
  }
  return memref::GetGlobalOp::create(b, loc, type, global.getSymName());
}

/// Calls `function` for tensor `position` of a record of `count` on the
/// queue of `op`, with the type text and the bytes of the tensor.
template <typename OpTy>
void callRuntime(OpBuilder &b, SymbolTable &symbols, OpTy op,
                 StringRef function, unsigned position, unsigned count,
                 RankedTensorType type, Value bytes) {
  Location loc = op.getLoc();
  std::string text;
  llvm::raw_string_ostream(text) << type;
  std::optional<uint64_t> channel = op.getChannelId();
  auto i64 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, value, 64);
  };
  Value typeText = getTextGlobal(b, loc, symbols, text);
  func::CallOp::create(
      b, loc, function, TypeRange{},
      ValueRange{i64(channel ? static_cast<int64_t>(*channel) : -1),
                 i64(position), i64(count), asBytes(b, loc, typeText),
                 asBytes(b, loc, bytes)});
}

/// A transfer's rewrite, which adds the type texts to the module's symbols.
template <typename OpTy> struct TransferToCalls : OpRewritePattern<OpTy> {
  TransferToCalls(MLIRContext *context, SymbolTable &symbols)
      : OpRewritePattern<OpTy>(context), symbols(symbols) {}

  SymbolTable &symbols;
};

struct InfeedToCalls : TransferToCalls<hlo::InfeedOp> {
  using TransferToCalls::TransferToCalls;

  LogicalResult matchAndRewrite(hlo::InfeedOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> received;
    unsigned count = op.getNumResults();
    for (auto [position, result] : llvm::enumerate(op.getResults())) {
      auto type = cast<RankedTensorType>(result.getType());
      RankedTensorType storage = getStorageType(type);
      auto [bytes, view] = allocateStorage(rewriter, loc, storage);
      callRuntime(rewriter, symbols, op, kTransferReceiveFunction, position,
                  count, type, bytes);
      Value stored = filledTensor(rewriter, loc, view);
      received.push_back(convertStorage(rewriter, loc, stored, type));
    }
    rewriter.replaceOp(op, received);
    return success();
  }
};

struct OutfeedToCalls : TransferToCalls<hlo::OutfeedOp> {
  using TransferToCalls::TransferToCalls;

  LogicalResult matchAndRewrite(hlo::OutfeedOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned count = op.getNumOperands();
    for (auto [position, operand] : llvm::enumerate(op.getOperands())) {
      auto type = cast<RankedTensorType>(operand.getType());
      RankedTensorType storage = getStorageType(type);
      auto [bytes, view] = allocateStorage(rewriter, loc, storage);
      Value stored = convertStorage(rewriter, loc, operand, storage);
      copyInto(rewriter, loc, stored, view);
      callRuntime(rewriter, symbols, op, kTransferSendFunction, position, count,
                  type, bytes);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertHLOTransfersToCallsPass
    : fuse::impl::ConvertHLOTransfersToCallsPassBase<
          ConvertHLOTransfersToCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool transfers = false;
    module.walk([&](Operation *op) {
      transfers |= isa<hlo::InfeedOp, hlo::OutfeedOp>(op);
      return transfers ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!transfers)
      return;
    declareTransferFunctions(module);
    SymbolTable symbols(module);
    RewritePatternSet patterns(&getContext());
    populateHLOTransfersToCallsPatterns(patterns, symbols);
    // Each pattern applies once per op and makes no op it matches.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(module, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void fuse::populateHLOTransfersToCallsPatterns(RewritePatternSet &patterns,
                                               SymbolTable &moduleSymbols) {
  patterns.add<InfeedToCalls, OutfeedToCalls>(patterns.getContext(),
                                              moduleSymbols);
}

void fuse::declareTransferFunctions(ModuleOp module) {
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto bytes = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  auto type = b.getFunctionType(
      {b.getI64Type(), b.getI64Type(), b.getI64Type(), bytes, bytes}, {});
  for (StringRef name : {kTransferReceiveFunction, kTransferSendFunction}) {
    if (module.lookupSymbol(name))
      continue;
    auto function = func::FuncOp::create(b, module.getLoc(), name, type);
    function.setPrivate();
    function->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  }
}
