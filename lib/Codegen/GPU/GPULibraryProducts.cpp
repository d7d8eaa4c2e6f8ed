//===- GPULibraryProducts.cpp - products as cuBLASLt calls ----------------===//
//
// Legality (`analyzeProduct`) finds the batch, row, column and contracting
// loops of a contraction and, for each operand, the size and element stride
// of each group as one dimension; it refuses with a reason. The rewrite
// (`callLibrary`) passes those numbers and the operands' addresses to the
// runtime's fuseCudaMatmul (include/fuse/Runtime/CudaRuntime.h).
//
//===----------------------------------------------------------------------===//

#include "GPULibraryProducts.h"

#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Runtime/CudaRuntime.h"
#include "fuse/Support/Decision.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Support/DebugStringHelper.h"

namespace fuse {
#define GEN_PASS_DEF_GPULIBRARYPRODUCTSPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using fuse::Decision;

namespace {

constexpr StringLiteral kMatmulFunction = "fuseCudaMatmul";

/// One group of loops (batch, rows, columns or depth) seen as one dimension
/// of an operand.
struct Extent {
  int64_t size = 1;
  int64_t stride = 0;
};

/// A product as fuseCudaMatmul takes it.
struct ProductShape {
  int32_t inputType, outputType;
  int64_t batch, rows, cols, depth;
  Extent lhsBatch, lhsRows, lhsDepth;
  Extent rhsBatch, rhsDepth, rhsCols;
  Extent outBatch, outRows, outCols;
};

std::optional<int32_t> libraryType(Type type) {
  if (type.isF32())
    return FUSE_CUDA_F32;
  if (type.isF64())
    return FUSE_CUDA_F64;
  if (type.isF16())
    return FUSE_CUDA_F16;
  if (type.isBF16())
    return FUSE_CUDA_BF16;
  return std::nullopt;
}

/// The extent of `loops` in the operand that `map` indexes, whose element
/// strides are `strides`: the loops' dimensions must be adjacent in memory
/// in the order given, outermost first. Loops of one iteration are left out.
FailureOr<Extent> groupExtent(ArrayRef<unsigned> loops, AffineMap map,
                              ArrayRef<int64_t> strides,
                              ArrayRef<int64_t> ranges) {
  Extent extent;
  int64_t innerStride = -1, innerSize = 1;
  for (unsigned loop : llvm::reverse(loops)) {
    if (ranges[loop] == 1)
      continue;
    std::optional<unsigned> position =
        map.getResultPosition(getAffineDimExpr(loop, map.getContext()));
    if (!position)
      return failure();
    int64_t stride = strides[*position];
    if (innerStride < 0)
      extent.stride = stride;
    else if (stride != innerStride * innerSize)
      return failure();
    innerStride = stride;
    innerSize = ranges[loop];
    extent.size *= ranges[loop];
  }
  return extent;
}

/// Whether cuBLASLt reads a matrix of `outer` x `inner` in place: one of the
/// two is contiguous, and the other's stride leaves room for it (the rule of
/// the runtime's asOperand).
bool isReadableMatrix(Extent outer, Extent inner) {
  if (inner.size == 1 || inner.stride == 1)
    return outer.size == 1 || outer.stride >= inner.size;
  if (outer.size == 1 || outer.stride == 1)
    return inner.stride >= outer.size;
  return false;
}

/// Whether `op` multiplies two buffers and adds the products into a third.
bool isProduct(linalg::LinalgOp op) {
  return op.hasPureBufferSemantics() && op.getNumDpsInputs() == 2 &&
         op.getNumDpsInits() == 1 && linalg::isaContractionOpInterface(op);
}

/// Legality: the shape of `op` as a batch of matrix products, or why it
/// cannot be one.
Decision analyzeProduct(linalg::LinalgOp op, ProductShape &shape) {
  // A product inside a loop nest is part of a fused kernel.
  if (op->getParentOfType<scf::ForallOp>() ||
      op->getParentOfType<scf::ParallelOp>())
    return Decision::forbid("it is part of a fused loop nest");
  auto lhsType = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto rhsType = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
  auto outType = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!lhsType || !rhsType || !outType)
    return Decision::forbid("an operand is not a ranked memref");
  Type input = lhsType.getElementType(), output = outType.getElementType();
  std::optional<int32_t> inputType = libraryType(input);
  std::optional<int32_t> outputType = libraryType(output);
  bool supported =
      inputType && outputType && rhsType.getElementType() == input &&
      (input == output ? !input.isF16() && !input.isBF16()
                       : (input.isF16() || input.isBF16()) && output.isF32());
  if (!supported)
    return Decision::forbid("cuBLASLt has no product of " +
                            llvm::Twine(debugString(input)) + " into " +
                            debugString(output) + " here");

  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return Decision::forbid("its shape is dynamic");
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return Decision::forbid("its loops are not batch, row, column and "
                            "contracting loops");

  std::optional<std::array<SmallVector<int64_t>, 3>> strides =
      fuse::gpu_products::staticStrides(op);
  if (!strides)
    return Decision::forbid("an operand has dynamic strides");
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // Each group of loops becomes one dimension, flattened in the same order
  // in every operand: the order of the first operand that has them.
  auto extent = [&](int operand, ArrayRef<unsigned> loops, int orderedBy,
                    Extent &result) {
    SmallVector<unsigned> ordered = fuse::gpu_products::memoryOrder(
        loops, maps[orderedBy], (*strides)[orderedBy]);
    if (ordered.size() != loops.size())
      return false;
    FailureOr<Extent> found =
        groupExtent(ordered, maps[operand], (*strides)[operand], ranges);
    if (succeeded(found))
      result = *found;
    return succeeded(found);
  };
  if (!extent(0, dims->batch, 2, shape.lhsBatch) ||
      !extent(1, dims->batch, 2, shape.rhsBatch) ||
      !extent(2, dims->batch, 2, shape.outBatch))
    return Decision::forbid("its batch dimensions are not one strided "
                            "dimension of every operand");
  if (!extent(0, dims->m, 0, shape.lhsRows) ||
      !extent(2, dims->m, 0, shape.outRows))
    return Decision::forbid("its row dimensions are not one strided "
                            "dimension of the lhs and the result");
  if (!extent(1, dims->n, 1, shape.rhsCols) ||
      !extent(2, dims->n, 1, shape.outCols))
    return Decision::forbid("its column dimensions are not one strided "
                            "dimension of the rhs and the result");
  if (!extent(0, dims->k, 0, shape.lhsDepth) ||
      !extent(1, dims->k, 0, shape.rhsDepth))
    return Decision::forbid("its contracting dimensions are not one strided "
                            "dimension of both inputs");
  if (!isReadableMatrix(shape.lhsRows, shape.lhsDepth))
    return Decision::forbid("neither matrix dimension of the lhs is "
                            "contiguous");
  if (!isReadableMatrix(shape.rhsDepth, shape.rhsCols))
    return Decision::forbid("neither matrix dimension of the rhs is "
                            "contiguous");
  if (!(shape.outCols.size == 1 || shape.outCols.stride == 1) ||
      !(shape.outRows.size == 1 || shape.outRows.stride >= shape.outCols.size))
    return Decision::forbid("the result's columns are not contiguous");
  if (shape.outBatch.size > 1 && shape.outBatch.stride == 0)
    return Decision::forbid("the result repeats one matrix over the batch");

  shape.inputType = *inputType;
  shape.outputType = *outputType;
  shape.batch = shape.outBatch.size;
  shape.rows = shape.outRows.size;
  shape.cols = shape.outCols.size;
  shape.depth = shape.lhsDepth.size;
  return Decision::allow();
}

/// The zero fill of `op`'s result just before it, which the call replaces by
/// overwriting the result (beta = 0).
linalg::FillOp findZeroFill(linalg::LinalgOp op) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits()[0] != op.getDpsInits()[0])
    return nullptr;
  Value value = fill.getDpsInputs()[0];
  if (!matchPattern(value, m_AnyZeroFloat()) && !matchPattern(value, m_Zero()))
    return nullptr;
  return fill;
}

/// What the call does to the product before its store, in place of the op
/// `op` after it: a bias per column, maybe followed by a ReLU or GELU
/// (cuBLASLt's BIAS, RELU_BIAS and GELU_BIAS epilogues), or the rounding of
/// an f32 result to its f16 or bf16 inputs' type (cuBLASLt's output type).
struct Epilogue {
  linalg::GenericOp op;
  Value bias;
  int32_t kind = FUSE_CUDA_EPILOGUE_NONE;
  /// The library type of the call's result: the product's unless rounded.
  std::optional<int32_t> outputType;
};

/// The first op after `op` that touches memory, other than an allocation.
Operation *nextMemoryOp(Operation *op) {
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
    if (!isa<memref::AllocOp>(next) && !isMemoryEffectFree(next))
      return next;
  return nullptr;
}

/// The leaves of the tree of `Op`s (addf or mulf) rooted at `value`, down
/// to `x`, counting the ops in `ops`: a sum or product in any association.
template <typename Op>
SmallVector<Value> flatten(Value value, Value x, unsigned &ops) {
  auto op = value.getDefiningOp<Op>();
  if (!op || value == x)
    return {value};
  ++ops;
  SmallVector<Value> leaves = flatten<Op>(op.getLhs(), x, ops);
  llvm::append_range(leaves, flatten<Op>(op.getRhs(), x, ops));
  return leaves;
}

/// Whether `value` is a float constant within 1e-6 of `expected`.
bool isConstant(Value value, double expected) {
  FloatAttr attr;
  return matchPattern(value, m_Constant(&attr)) &&
         std::abs(attr.getValueAsDouble() - expected) <= 1e-6;
}

/// Removes one leaf of `leaves` that `matches`; false when none does.
bool take(SmallVector<Value> &leaves, function_ref<bool(Value)> matches) {
  auto *found = llvm::find_if(leaves, matches);
  if (found == leaves.end())
    return false;
  leaves.erase(found);
  return true;
}

/// Whether `value` is GELU's tanh form of `x`, 0.5 x (1 + tanh(sqrt(2/pi)
/// (x + 0.044715 x^3))), in any association of its sums and products (as
/// cuBLASLt's GELU epilogue computes it); counts the ops in `ops`.
bool isTanhGelu(Value value, Value x, unsigned &ops) {
  auto isX = [&](Value leaf) { return leaf == x; };
  SmallVector<Value> outer = flatten<arith::MulFOp>(value, x, ops);
  if (outer.size() != 3 || !take(outer, isX) ||
      !take(outer, [](Value leaf) { return isConstant(leaf, 0.5); }))
    return false;
  SmallVector<Value> onePlus = flatten<arith::AddFOp>(outer.front(), x, ops);
  if (onePlus.size() != 2 ||
      !take(onePlus, [](Value leaf) { return isConstant(leaf, 1.0); }))
    return false;
  auto tanh = onePlus.front().getDefiningOp<math::TanhOp>();
  if (!tanh)
    return false;
  ++ops;
  SmallVector<Value> scaled = flatten<arith::MulFOp>(tanh.getOperand(), x, ops);
  if (scaled.size() != 2 || !take(scaled, [](Value leaf) {
        return isConstant(leaf, 0.7978845608028654);
      }))
    return false;
  SmallVector<Value> inner = flatten<arith::AddFOp>(scaled.front(), x, ops);
  if (inner.size() != 2 || !take(inner, isX))
    return false;
  SmallVector<Value> cube = flatten<arith::MulFOp>(inner.front(), x, ops);
  return cube.size() == 4 &&
         take(cube, [](Value leaf) { return isConstant(leaf, 0.044715); }) &&
         llvm::all_of(cube, isX);
}

/// Whether `generic`'s body yields `add(product, bias)`, its maximum with
/// zero, or its tanh-form GELU, and nothing else; sets `kind` to match.
bool isBiasBody(linalg::GenericOp generic, unsigned productIndex,
                int32_t &kind) {
  Block &body = generic.getRegion().front();
  Value product = body.getArgument(productIndex);
  Value bias = body.getArgument(1 - productIndex);
  Value yielded = body.getTerminator()->getOperand(0);
  // The bias sum: the only addf of the product and the bias.
  arith::AddFOp add;
  for (auto candidate : body.getOps<arith::AddFOp>())
    if ((candidate.getLhs() == product && candidate.getRhs() == bias) ||
        (candidate.getLhs() == bias && candidate.getRhs() == product))
      add = candidate;
  if (!add)
    return false;
  // Ops the activation takes, the bias sum and the yield included.
  unsigned ops = 2;
  kind = FUSE_CUDA_EPILOGUE_BIAS;
  if (auto max = yielded.getDefiningOp<arith::MaximumFOp>()) {
    if (matchPattern(max.getRhs(), m_AnyZeroFloat()))
      yielded = max.getLhs();
    else if (matchPattern(max.getLhs(), m_AnyZeroFloat()))
      yielded = max.getRhs();
    else
      return false;
    kind = FUSE_CUDA_EPILOGUE_BIAS_RELU;
    ++ops;
  } else if (yielded != add.getResult()) {
    if (!isTanhGelu(yielded, add.getResult(), ops))
      return false;
    kind = FUSE_CUDA_EPILOGUE_BIAS_GELU;
    yielded = add.getResult();
  }
  // Constants the body defines are not part of the activation's ops.
  unsigned constants = llvm::count_if(
      body, [](Operation &op) { return op.hasTrait<OpTrait::ConstantLike>(); });
  return yielded == add.getResult() &&
         body.getOperations().size() == ops + constants;
}

/// The generic right after `product` that reads its result: the candidate
/// epilogue, or null.
linalg::GenericOp findEpilogueCandidate(linalg::LinalgOp product) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(nextMemoryOp(product));
  if (!generic ||
      !llvm::is_contained(generic.getDpsInputs(), product.getDpsInits()[0]))
    return nullptr;
  return generic;
}

/// Whether nothing but `epilogue` reads `product`'s buffer (its fill and
/// dealloc aside), so that the call may leave the buffer unwritten.
bool isOnlyReadBy(linalg::LinalgOp product, linalg::GenericOp epilogue) {
  return llvm::all_of(product.getDpsInits()[0].getUsers(),
                      [&](Operation *user) {
                        return user == product || user == epilogue ||
                               isa<linalg::FillOp, memref::DeallocOp>(user);
                      });
}

/// Whether `generic`, the candidate epilogue of `product` (whose result is
/// f32 and overwritten: a zero fill before it), is a bias epilogue.
Decision matchBiasEpilogue(linalg::LinalgOp product, linalg::GenericOp generic,
                           Epilogue &epilogue) {
  Value result = product.getDpsInits()[0];
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0)
    return Decision::forbid("the next op is not elementwise on two inputs");
  auto type = cast<MemRefType>(result.getType());
  Value out = generic.getDpsInits()[0];
  if (out.getType() != type || !type.getLayout().isIdentity() ||
      !type.getElementType().isF32())
    return Decision::forbid("the epilogue's result is not a dense f32 buffer "
                            "of the product's shape");
  unsigned productIndex = generic.getDpsInputs()[0] == result ? 0 : 1;
  Value bias = generic.getDpsInputs()[1 - productIndex];
  auto biasType = dyn_cast<MemRefType>(bias.getType());
  int64_t rank = type.getRank();
  MLIRContext *context = product.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);
  AffineMap perColumn =
      AffineMap::get(rank, 0, getAffineDimExpr(rank - 1, context));
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (!biasType || biasType.getRank() != 1 ||
      !biasType.getLayout().isIdentity() ||
      biasType.getElementType() != type.getElementType() ||
      maps[productIndex] != identity || maps[2] != identity ||
      maps[1 - productIndex] != perColumn)
    return Decision::forbid("the epilogue's other input is not a bias per "
                            "column");
  int32_t kind;
  if (!isBiasBody(generic, productIndex, kind))
    return Decision::forbid("the epilogue computes more than a bias and a "
                            "ReLU or a tanh-form GELU");
  // The library writes the epilogue's result only.
  if (!isOnlyReadBy(product, generic))
    return Decision::forbid("the product is read after its epilogue");
  epilogue = {generic, bias, kind, std::nullopt};
  return Decision::allow();
}

/// Whether `generic`, the candidate epilogue of `product` (an overwritten f32
/// product of f16 or bf16 inputs), only rounds the product to the inputs'
/// type: the library then writes that type itself.
Decision matchRoundingEpilogue(linalg::LinalgOp product,
                               linalg::GenericOp generic, Epilogue &epilogue) {
  Value result = product.getDpsInits()[0];
  auto resultType = cast<MemRefType>(result.getType());
  Type input =
      cast<MemRefType>(product.getDpsInputs()[0].getType()).getElementType();
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0 ||
      generic.getDpsInputs()[0] != result)
    return Decision::forbid("the next op is not elementwise on the product "
                            "alone");
  auto outType = dyn_cast<MemRefType>(generic.getDpsInits()[0].getType());
  if (!outType || outType.getShape() != resultType.getShape() ||
      !outType.getLayout().isIdentity() || outType.getElementType() != input ||
      !resultType.getLayout().isIdentity())
    return Decision::forbid("the rounded result is not a dense buffer of the "
                            "product's shape and its inputs' type");
  if (!llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return Decision::forbid("the rounding does not read the product "
                            "elementwise");
  Block &body = generic.getRegion().front();
  auto truncate =
      body.getTerminator()->getOperand(0).getDefiningOp<arith::TruncFOp>();
  if (body.getOperations().size() != 2 || !truncate ||
      truncate.getIn() != body.getArgument(0) || truncate.getRoundingmodeAttr())
    return Decision::forbid("the op after the product computes more than "
                            "rounding to the inputs' type");
  if (!isOnlyReadBy(product, generic))
    return Decision::forbid("the product is read after its rounding");
  epilogue = {generic, Value(), FUSE_CUDA_EPILOGUE_NONE, libraryType(input)};
  return Decision::allow();
}

func::FuncOp getOrDeclareMatmul(ModuleOp module, OpBuilder &builder) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(kMatmulFunction))
    return existing;
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  SmallVector<Type> arguments(4, i32);
  arguments.append(18, i64);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto function =
      func::FuncOp::create(builder, module.getLoc(), kMatmulFunction,
                           builder.getFunctionType(arguments, {}));
  function.setPrivate();
  return function;
}

/// The address of `buffer`'s first element, as an i64.
Value firstElementAddress(OpBuilder &builder, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
  auto [strides, offset] = type.getStridesAndOffset();
  if (offset != 0) {
    Value elements;
    if (ShapedType::isDynamic(offset))
      elements = memref::ExtractStridedMetadataOp::create(builder, loc, buffer)
                     .getOffset();
    else
      elements = arith::ConstantIndexOp::create(builder, loc, offset);
    Value elementBytes = arith::ConstantIndexOp::create(
        builder, loc, type.getElementTypeBitWidth() / 8);
    address = arith::AddIOp::create(
        builder, loc, address,
        arith::MulIOp::create(builder, loc, elements, elementBytes));
  }
  return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                    address);
}

/// Policy: a product whose inputs no matrix walks (a convolution's kernel
/// in the input gradient, attention's heads between its rows) copies the
/// rhs, the lhs or both into layouts that one does, where that is worth it
/// (copyIntoMatrixLayout); the first choice that makes it a call stays.
Decision copyInputsForLibrary(linalg::GenericOp op, ProductShape &shape) {
  static const unsigned rhs[] = {1}, lhs[] = {0}, both[] = {0, 1};
  for (ArrayRef<unsigned> inputs :
       {ArrayRef<unsigned>(rhs), ArrayRef<unsigned>(lhs),
        ArrayRef<unsigned>(both)}) {
    SmallVector<fuse::gpu_products::OperandCopy> copies;
    for (unsigned input : inputs) {
      FailureOr<fuse::gpu_products::OperandCopy> copy =
          fuse::gpu_products::copyIntoMatrixLayout(op, input);
      if (failed(copy))
        break;
      copies.push_back(*copy);
    }
    if (copies.size() == inputs.size())
      if (Decision copied = analyzeProduct(op, shape))
        return copied;
    for (const auto &copy : llvm::reverse(copies))
      fuse::gpu_products::undoCopy(op, copy);
  }
  return Decision::forbid("no copy of its inputs makes it a call");
}

struct GPULibraryProductsPass
    : fuse::impl::GPULibraryProductsPassBase<GPULibraryProductsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    workspaces.clear();
    SmallVector<Product> products;
    module.walk([&](linalg::LinalgOp op) {
      if (!isProduct(op))
        return;
      ProductShape shape;
      Decision decision = analyzeProduct(op, shape);
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!decision && generic) {
        if (Decision copied = copyInputsForLibrary(generic, shape)) {
          decision = copied;
          if (explain)
            op.emitRemark("inputs copied into matrix layouts for cuBLASLt");
        }
      }
      if (!decision) {
        if (explain)
          op.emitRemark("product left to a generated kernel: ")
              << decision.reason();
        return;
      }
      Epilogue epilogue;
      linalg::GenericOp candidate = findEpilogueCandidate(op);
      if (candidate && findZeroFill(op)) {
        // One input: the rounding of f16 or bf16 products; two: a bias.
        bool rounds = shape.inputType != shape.outputType &&
                      candidate.getNumDpsInputs() == 1;
        Decision fused = rounds ? matchRoundingEpilogue(op, candidate, epilogue)
                                : matchBiasEpilogue(op, candidate, epilogue);
        if (!fused && explain)
          op.emitRemark("epilogue left to a kernel: ") << fused.reason();
      }
      products.push_back({op, shape, epilogue});
    });
    OpBuilder builder(&getContext());
    for (Product &product : products)
      callLibrary(builder, product);
  }

  /// The function's workspace buffer, allocated at its entry and freed
  /// before it returns.
  Value getWorkspace(OpBuilder &builder, func::FuncOp function) {
    auto [it, inserted] = workspaces.try_emplace(function);
    if (!inserted)
      return it->second;
    OpBuilder::InsertionGuard guard(builder);
    Location loc = function.getLoc();
    builder.setInsertionPointToStart(&function.getBody().front());
    auto type = MemRefType::get({workspaceBytes}, builder.getI8Type());
    Value workspace = memref::AllocOp::create(builder, loc, type);
    function.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      memref::DeallocOp::create(builder, loc, workspace);
    });
    return it->second = workspace;
  }

  /// A product to rewrite, and the epilogue the call applies.
  struct Product {
    linalg::LinalgOp op;
    ProductShape shape;
    Epilogue epilogue;
  };

  /// Rewrite: the product, with its epilogue, becomes a call of
  /// fuseCudaMatmul.
  void callLibrary(OpBuilder &builder, const Product &product) {
    linalg::LinalgOp op = product.op;
    const ProductShape &shape = product.shape;
    Epilogue epilogue = product.epilogue;
    Location loc = op.getLoc();
    auto function = op->getParentOfType<func::FuncOp>();
    func::FuncOp callee =
        getOrDeclareMatmul(op->getParentOfType<ModuleOp>(), builder);
    Value workspace = getWorkspace(builder, function);

    // With an epilogue the call replaces it, writing its result.
    builder.setInsertionPoint(epilogue.op ? epilogue.op.getOperation() : op);
    int32_t options = allowTF32 ? FUSE_CUDA_MATMUL_ALLOW_TF32 : 0;
    if (linalg::FillOp fill = findZeroFill(op))
      fill.erase();
    else
      options |= FUSE_CUDA_MATMUL_ACCUMULATE;
    // Each constant once: the call's arguments repeat sizes and strides.
    llvm::DenseMap<std::pair<int64_t, unsigned>, Value> constants;
    auto constant = [&](int64_t value, unsigned width) {
      Value &result = constants[{value, width}];
      if (!result)
        result = arith::ConstantIntOp::create(builder, loc, value, width);
      return result;
    };
    auto i32 = [&](int32_t value) { return constant(value, 32); };
    auto i64 = [&](int64_t value) { return constant(value, 64); };
    Value lhs = firstElementAddress(builder, loc, op.getDpsInputs()[0]);
    Value rhs = firstElementAddress(builder, loc, op.getDpsInputs()[1]);
    Value result = op.getDpsInits()[0];
    Value out = firstElementAddress(
        builder, loc, epilogue.op ? epilogue.op.getDpsInits()[0] : result);
    Value bias = epilogue.bias
                     ? firstElementAddress(builder, loc, epilogue.bias)
                     : i64(0);
    SmallVector<Value> arguments = {
        i32(shape.inputType),
        i32(epilogue.outputType.value_or(shape.outputType)),
        i32(options),
        i32(epilogue.kind),
        i64(shape.batch),
        i64(shape.rows),
        i64(shape.cols),
        i64(shape.depth),
        lhs,
        i64(shape.lhsBatch.stride),
        i64(shape.lhsRows.stride),
        i64(shape.lhsDepth.stride),
        rhs,
        i64(shape.rhsBatch.stride),
        i64(shape.rhsDepth.stride),
        i64(shape.rhsCols.stride),
        out,
        i64(shape.outBatch.stride),
        i64(shape.outRows.stride),
        bias,
        firstElementAddress(builder, loc, workspace),
        i64(workspaceBytes)};
    func::CallOp::create(builder, loc, callee, arguments);
    op->erase();
    if (!epilogue.op)
      return;
    epilogue.op->erase();
    // The product's own buffer is no longer written or read.
    if (auto alloc = result.getDefiningOp<memref::AllocOp>();
        alloc && llvm::all_of(alloc->getUsers(), [](Operation *user) {
          return isa<memref::DeallocOp>(user);
        })) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        user->erase();
      alloc.erase();
    }
  }

  llvm::DenseMap<func::FuncOp, Value> workspaces;
};

} // namespace
