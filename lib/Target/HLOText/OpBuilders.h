//===- OpBuilders.h - one builder per HLO opcode ----------------*- C++ -*-===//
//
// Each supported opcode has a function that emits its hlo ops from an
// instruction whose operands are already values. The builders check what
// the text must say (operand counts, attributes) and leave the shape rules
// to the hlo verifiers, which run on every op as it is made.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_TARGET_HLOTEXT_OPBUILDERS_H
#define FUSE_LIB_TARGET_HLOTEXT_OPBUILDERS_H

#include "Emitter.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/BuiltinTypes.h"

namespace fuse::hlo_text {

/// The `window={size=... stride=... pad=... lhs_dilate=... rhs_dilate=...
/// rhs_reversal=...}` of a convolution or a window op, per dimension; absent
/// fields are 1, or 0 for the padding and the reversal.
struct ParsedWindow {
  llvm::SmallVector<int64_t> sizes, strides, low, high, lhsDilation,
      rhsDilation, rhsReversal;

  /// Whether a convolution's kernel is applied reversed along any dimension.
  bool reversesKernel() const {
    return llvm::any_of(rhsReversal, [](int64_t flag) { return flag != 0; });
  }
};

/// Appends the tensor types of a value of `shape` (a tensor type or a
/// tuple of shapes), depth first.
void flattenShape(mlir::Type shape, llvm::SmallVectorImpl<mlir::Type> &types);

/// A value of `shape` made of the leading tensors of `tensors`, which are
/// dropped from it.
HloValue regroup(mlir::Type shape, llvm::ArrayRef<mlir::Value> &tensors);

/// An instruction on its way to hlo ops, and helpers for its builder.
struct InstructionEmission {
  const ParsedInstruction &instruction;
  llvm::ArrayRef<HloValue> operands;
  /// The arguments of the computation being emitted, for `parameter`.
  llvm::ArrayRef<HloValue> parameters;
  mlir::Location loc;
  Emitter &emitter;
  mlir::OpBuilder &builder;

  mlir::InFlightDiagnostic emitError() const;
  /// The operands, which must be `count` tensors.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  tensorOperands(unsigned count) const;
  /// The shape, which must not be a tuple. Where the text leaves it out,
  /// the type `infer` gives from the operands; without `infer`, an error.
  mlir::FailureOr<mlir::RankedTensorType> resultType(
      llvm::function_ref<mlir::FailureOr<mlir::RankedTensorType>()> infer =
          nullptr) const;
  /// Appends the tensor types of the shape, which the text must give.
  mlir::LogicalResult
  resultTypes(llvm::SmallVectorImpl<mlir::Type> &types) const;
  /// The attribute `key`, or an error if it is missing.
  mlir::FailureOr<const AttributeValue *> attribute(llvm::StringRef key) const;
  /// The integers of attribute `key`; empty when `optional` and missing.
  mlir::FailureOr<llvm::ArrayRef<int64_t>>
  integers(llvm::StringRef key, bool optional = false) const;
  /// The single integer of attribute `key`.
  mlir::FailureOr<int64_t> integer(llvm::StringRef key) const;
  /// Whether `key=true` is given (a hint or an option that defaults to false).
  bool flag(llvm::StringRef key) const;
  /// Makes `region` the body of a combiner (reduce, scatter): a block taking
  /// `scalars` into which `computation` is emitted, ending in hlo.return of
  /// its `numResults` results.
  mlir::LogicalResult emitCombiner(mlir::Region &region,
                                   mlir::TypeRange scalars,
                                   const ParsedComputation &computation,
                                   size_t numResults) const;
  /// The `window=` attribute over `rank` dimensions.
  mlir::FailureOr<ParsedWindow> window(int64_t rank) const;
  /// Verifies `op`, then returns its results grouped into `shape`, or into
  /// the instruction's (possibly nested) tuple shape.
  mlir::FailureOr<HloValue> finishRegrouped(mlir::Operation *op,
                                            mlir::Type shape = {}) const;
  /// Verifies `op`, then returns its result, or a tuple of its results.
  mlir::FailureOr<HloValue> finish(mlir::Operation *op) const;
  /// An hlo.constant of `type` with every element `scalar`.
  mlir::Value splat(mlir::RankedTensorType type, mlir::Attribute scalar) const;
  /// An hlo.constant of `type` with every element `value`, a float or an
  /// integer as the element type is.
  mlir::Value splat(mlir::RankedTensorType type, double value) const;
};

/// XLA's dot dimension numbers, `lhs_batch_dims` and the others, each
/// optional (empty).
struct DotDimensionNumbers {
  llvm::ArrayRef<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;

  static mlir::FailureOr<DotDimensionNumbers> read(InstructionEmission &e);
};

/// `value` with elements of `element`, converted where they differ. XLA
/// may ask a product for a type wider than its operands' (bf16 x bf16 ->
/// f32); hlo.dot_general computes in one type, and the widening conversion
/// is exact.
mlir::Value convertElements(InstructionEmission &e, mlir::Value value,
                            mlir::Type element);

using OpBuilderFn = mlir::FailureOr<HloValue> (*)(InstructionEmission &);

/// `cholesky` and `triangular-solve`, and the LAPACK custom calls JAX emits
/// for them (LinearAlgebraBuilders.cpp).
mlir::FailureOr<HloValue> buildCholesky(InstructionEmission &e);
mlir::FailureOr<HloValue> buildTriangularSolve(InstructionEmission &e);
/// Where the row index of `type`'s matrices compares with the column index
/// as `direction` says: the lower triangle (GE), the upper (LE), the
/// diagonal (EQ).
mlir::Value compareRowWithColumn(InstructionEmission &e,
                                 mlir::RankedTensorType type,
                                 hlo::ComparisonDirection direction);
/// The character LAPACK takes for option `key` of a LAPACK call's backend
/// config, one of `allowed`.
mlir::FailureOr<char> lapackOption(InstructionEmission &e, llvm::StringRef key,
                                   llvm::StringRef allowed);
/// What a LAPACK call of one matrix gives its builder: the matrix, its
/// type and the call's result types.
struct LapackCall {
  mlir::Value matrix;
  mlir::RankedTensorType type;
  llvm::SmallVector<mlir::Type> resultTypes;
};
/// The call's one matrix operand and result types; with `realRoutine`, the
/// matrices must also be f32 or f64 (realMatrices).
mlir::FailureOr<LapackCall> readLapackCall(InstructionEmission &e,
                                           llvm::StringRef realRoutine = {});
/// `a`'s type if it holds f32 or f64 matrices, or an error naming `what`.
mlir::FailureOr<mlir::RankedTensorType>
realMatrices(InstructionEmission &e, mlir::Value a, llvm::StringRef what);
/// LAPACK's `geqrf` and `orgqr` (JAX's QR) as loops of Householder
/// reflections (HouseholderBuilders.cpp).
mlir::FailureOr<HloValue> buildGeqrf(InstructionEmission &e);
mlir::FailureOr<HloValue> buildOrgqr(InstructionEmission &e);
/// LAPACK's `syevd` (JAX's eigh) and `gesdd` (JAX's SVD) as hlo.eigh and
/// hlo.svd (SpectralBuilders.cpp).
mlir::FailureOr<HloValue> buildSyevd(InstructionEmission &e);
mlir::FailureOr<HloValue> buildGesdd(InstructionEmission &e);
bool isLapackCall(llvm::StringRef target);
mlir::FailureOr<HloValue> buildLapackCall(InstructionEmission &e,
                                          llvm::StringRef target);

/// XLA's builder library calls (`xla_builder.math.Acos`, ...): their
/// computation inlined, or the elementary ones by formula
/// (MathCallBuilders.cpp).
bool isBuilderLibraryCall(llvm::StringRef target);
mlir::FailureOr<HloValue> buildBuilderLibraryCall(InstructionEmission &e,
                                                  llvm::StringRef target);

/// `batch-norm-training`, `batch-norm-inference` and `batch-norm-grad`, as
/// the reductions and elementwise ops of their formulas
/// (BatchNormBuilders.cpp).
mlir::FailureOr<HloValue> buildBatchNormTraining(InstructionEmission &e);
mlir::FailureOr<HloValue> buildBatchNormInference(InstructionEmission &e);
mlir::FailureOr<HloValue> buildBatchNormGrad(InstructionEmission &e);

/// `stochastic-convert` of floats to signed integers
/// (StochasticConvertBuilder.cpp).
mlir::FailureOr<HloValue> buildStochasticConvert(InstructionEmission &e);
/// `rng`, uniform or normal, from Philox bits (RngBuilder.cpp).
mlir::FailureOr<HloValue> buildRng(InstructionEmission &e);

/// The async pairs as their synchronous forms: `async-start`, `call-start`,
/// `copy-start`, their `-update` and `-done` (AsyncBuilders.cpp).
mlir::FailureOr<HloValue> buildAsyncStart(InstructionEmission &e);
mlir::FailureOr<HloValue> buildCopyStart(InstructionEmission &e);
mlir::FailureOr<HloValue> buildAsyncUpdate(InstructionEmission &e);
mlir::FailureOr<HloValue> buildAsyncDone(InstructionEmission &e);
mlir::FailureOr<HloValue> buildCopyDone(InstructionEmission &e);
/// The async form of any other op: `abs-start`, `abs-update`, `abs-done`.
mlir::FailureOr<HloValue> buildOpStart(InstructionEmission &e);
mlir::FailureOr<HloValue> buildOpUpdate(InstructionEmission &e);
mlir::FailureOr<HloValue> buildOpDone(InstructionEmission &e);
/// The collectives, their groups resolved to device ids, and their async
/// pairs; `replica-id` and `partition-id` (CollectiveBuilders.cpp).
mlir::FailureOr<HloValue> buildAllReduce(InstructionEmission &e);
mlir::FailureOr<HloValue> buildCollectiveDone(InstructionEmission &e);
mlir::FailureOr<HloValue> buildAllGather(InstructionEmission &e);
mlir::FailureOr<HloValue> buildReduceScatter(InstructionEmission &e);
mlir::FailureOr<HloValue> buildAllToAll(InstructionEmission &e);
mlir::FailureOr<HloValue> buildCollectivePermute(InstructionEmission &e);
mlir::FailureOr<HloValue> buildCollectiveBroadcast(InstructionEmission &e);
mlir::FailureOr<HloValue> buildRaggedAllToAll(InstructionEmission &e);
mlir::FailureOr<HloValue> buildDeviceId(InstructionEmission &e);
/// How a collective's ids name devices (XLA's CollectiveOpGroupMode), by
/// its opcode, `channel_id` and `use_global_device_ids`.
enum class GroupMode {
  CrossReplica,
  CrossPartition,
  ReplicaAndPartition,
  Flat
};
GroupMode getGroupMode(const ParsedInstruction &instruction);
/// The (source, target) pairs of attribute `key`, resolved to device ids
/// as a collective permute's `pairs`.
mlir::FailureOr<mlir::DenseIntElementsAttr>
permutePairs(const InstructionEmission &e, llvm::StringRef key);
/// What an `-start` gives its `-done`, as the instruction's shape says: a
/// tuple (operands, results, contexts...), the contexts zeros, or the
/// results alone. A group of one value stays that value where the shape
/// holds its type there, and is a tuple of it where the shape has a tuple.
HloValue startValue(const InstructionEmission &e,
                    llvm::ArrayRef<HloValue> operands,
                    llvm::ArrayRef<HloValue> results);
/// Whether the instruction is an async collective's `-start`.
bool isStart(const InstructionEmission &e);
/// XLA's in-place collective-permute of slices into an output buffer, with
/// its resolved `pairs` (SlicePermuteBuilder.cpp).
mlir::FailureOr<HloValue> buildSlicePermute(InstructionEmission &e,
                                            mlir::DenseIntElementsAttr pairs);
/// `send` and `recv` between the devices of one program, and their
/// `-done`s, as collective permutes (SendRecvBuilders.cpp).
mlir::FailureOr<HloValue> buildSend(InstructionEmission &e);
mlir::FailureOr<HloValue> buildRecv(InstructionEmission &e);
mlir::FailureOr<HloValue> buildSendDone(InstructionEmission &e);
mlir::FailureOr<HloValue> buildRecvDone(InstructionEmission &e);
/// `(data, u32[] context, token[])`, what `send` and `recv` give their
/// `-done`.
HloValue transferContext(InstructionEmission &e, HloValue data);

/// `infeed`, `outfeed`, and `send` and `recv` with the host or another
/// program, as hlo.infeed and hlo.outfeed (OutsideTransferBuilders.cpp).
bool isOutsideTransfer(const InstructionEmission &e);
mlir::FailureOr<HloValue> buildInfeed(InstructionEmission &e);
mlir::FailureOr<HloValue> buildOutfeed(InstructionEmission &e);
mlir::FailureOr<HloValue> buildOutsideSend(InstructionEmission &e);
mlir::FailureOr<HloValue> buildOutsideRecv(InstructionEmission &e);

/// Fails, naming one, when a `send` or `recv` of `computation` has no
/// other half there.
mlir::LogicalResult checkTransfersMatched(const PendingTransfers &transfers,
                                          const ParsedComputation &computation);
/// `bitcast` by the layouts, and `bitcast-convert` between any widths
/// (BitcastBuilder.cpp).
mlir::FailureOr<HloValue> buildBitcast(InstructionEmission &e);
mlir::FailureOr<HloValue> buildBitcastConvert(InstructionEmission &e);
/// `convolution`, its window read from `window=` (ConvolutionBuilder.cpp).
mlir::FailureOr<HloValue> buildConvolution(InstructionEmission &e);
/// The convolution of `input` and `kernel` into `type` that the
/// instruction's `dim_labels`, `window` and group counts describe.
mlir::FailureOr<mlir::Value> emitConvolution(InstructionEmission &e,
                                             mlir::Value input,
                                             mlir::Value kernel,
                                             mlir::RankedTensorType type);
/// XLA's GPU library calls in optimized dumps: cuBLAS products
/// (`__cublas$gemm`, `__cublas$lt$matmul`) and cuDNN convolutions
/// (`__cudnn$convForward`, `__cudnn$convBiasActivationForward`), read
/// from their JSON backend configs (GpuLibraryCallBuilders.cpp).
bool isGpuLibraryCall(llvm::StringRef target);
mlir::FailureOr<HloValue> buildGpuLibraryCall(InstructionEmission &e,
                                              llvm::StringRef target);
/// `ragged-dot` as a dot_general masked by group (RaggedDotBuilder.cpp).
mlir::FailureOr<HloValue> buildRaggedDot(InstructionEmission &e);
/// `fusion`, its body the `calls` computation (FusionBuilder.cpp).
mlir::FailureOr<HloValue> buildFusion(InstructionEmission &e);
/// `gather` and `scatter`, with their dimension numbers
/// (GatherScatterBuilders.cpp).
mlir::FailureOr<HloValue> buildGather(InstructionEmission &e);
mlir::FailureOr<HloValue> buildScatter(InstructionEmission &e);
/// `reduce-window` and `select-and-scatter` (WindowBuilders.cpp).
mlir::FailureOr<HloValue> buildReduceWindow(InstructionEmission &e);
mlir::FailureOr<HloValue> buildSelectAndScatter(InstructionEmission &e);
/// `sort` with its comparator, and `topk` (SortBuilders.cpp).
mlir::FailureOr<HloValue> buildSort(InstructionEmission &e);
mlir::FailureOr<HloValue> buildTopK(InstructionEmission &e);
/// `while` as hlo.while, the tuple state flattened into loop-carried values
/// (ControlFlowBuilders.cpp).
mlir::FailureOr<HloValue> buildWhile(InstructionEmission &e);
/// An hlo.while over a counter j in [0, count) (an i64 tensor) that
/// carries `state`: `step` emits the next state from j and the current one.
/// With `unfinished`, the loop also ends early once that i1 scalar of the
/// state is false. Returns the final state.
mlir::FailureOr<llvm::SmallVector<mlir::Value>> emitCountedLoop(
    InstructionEmission &e, int64_t count, mlir::ValueRange state,
    llvm::function_ref<mlir::FailureOr<llvm::SmallVector<mlir::Value>>(
        mlir::Value, mlir::ValueRange)>
        step,
    llvm::function_ref<mlir::Value(mlir::ValueRange)> unfinished = nullptr);
/// `conditional`, on a branch index or a predicate, as hlo.case
/// (ControlFlowBuilders.cpp).
mlir::FailureOr<HloValue> buildConditional(InstructionEmission &e);
/// `scan` as an hlo.while over the scanned dimension (ScanBuilder.cpp).
mlir::FailureOr<HloValue> buildScan(InstructionEmission &e);

/// `custom-call` to a target that `isSupportedCustomCall` accepts: hints
/// that pass their operand through, and `TopK` (CustomCallBuilders.cpp).
mlir::FailureOr<HloValue> buildCustomCall(InstructionEmission &e);
/// The one computation of a custom call's `called_computations`, inlined
/// on its operands.
mlir::FailureOr<HloValue> inlineCalledComputation(InstructionEmission &e,
                                                  llvm::StringRef target);
bool isSupportedCustomCall(llvm::StringRef target);

/// The builder of `opcode`, or null when the importer does not support it.
OpBuilderFn lookupOpBuilder(llvm::StringRef opcode);

inline bool isSupportedOpcode(llvm::StringRef opcode) {
  return lookupOpBuilder(opcode) != nullptr;
}

} // namespace fuse::hlo_text

#endif // FUSE_LIB_TARGET_HLOTEXT_OPBUILDERS_H
