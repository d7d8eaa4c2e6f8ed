//===- GpuLibraryCallBuilders.cpp - cuBLAS and cuDNN calls of GPU dumps ---===//
//
// XLA's GPU compiler replaces products and convolutions by calls into
// cuBLAS and cuDNN, so HLO dumped after its optimizations holds custom
// calls whose JSON backend config says what they compute. They import as
// the hlo ops of that meaning:
//
//   __cublas$gemm, __cublas$lt$matmul (gemm_backend_config):
//     alpha * dot(a, b) [+ beta * c] [+ bias over the last dimension]
//     [then relu], with the config's dot_dimension_numbers; operands
//     a, b, then c (where XLA gives one), then the bias for the BIAS
//     epilogues.
//   __cudnn$convForward, __cudnn$convBiasActivationForward
//     (cudnn_conv_backend_config): the instruction's convolution
//     (window, dim_labels, group counts) times conv_result_scale,
//     [+ side_input_scale * side input] [+ bias over the output features]
//     [then relu]; operands input, filter, then bias and side input. A
//     call without a config is the plain convolution.
//
// The scratch buffer each call also returns (`s8[N]`, `u8[0]`) is zeros.
// Other epilogues and activations, and configs without these fields'
// types, are refused with the reason.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/ConvDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/JSON.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

enum class GpuCall { Gemm, Convolution, ConvolutionBiasActivation };

std::optional<GpuCall> gpuCallOf(StringRef target) {
  return llvm::StringSwitch<std::optional<GpuCall>>(target)
      .Cases({"__cublas$gemm", "__cublas$lt$matmul"}, GpuCall::Gemm)
      .Case("__cudnn$convForward", GpuCall::Convolution)
      .Case("__cudnn$convBiasActivationForward",
            GpuCall::ConvolutionBiasActivation)
      .Default(std::nullopt);
}

/// The object `section` of the instruction's JSON backend config; an empty
/// one where the call has no config and `optional`.
FailureOr<llvm::json::Object> configSection(InstructionEmission &e,
                                            StringRef target, StringRef section,
                                            bool optional = false) {
  auto config = e.instruction.attributes.find("backend_config");
  if (config == e.instruction.attributes.end()) {
    if (optional)
      return llvm::json::Object();
    return e.emitError() << "custom call '" << target
                         << "' needs its backend_config (" << section << ")";
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse(config->second.word);
  if (!json)
    return e.emitError() << "the backend_config of '" << target
                         << "' is not JSON: "
                         << llvm::toString(json.takeError());
  const llvm::json::Object *root = json->getAsObject();
  const llvm::json::Object *found = root ? root->getObject(section) : nullptr;
  if (!found)
    return e.emitError() << "the backend_config of '" << target
                         << "' has no object '" << section << "'";
  return *found;
}

/// Number `key` of `object`, or `otherwise` when it is missing.
FailureOr<double> numberField(InstructionEmission &e,
                              const llvm::json::Object &object, StringRef key,
                              double otherwise) {
  const llvm::json::Value *value = object.get(key);
  if (!value)
    return otherwise;
  if (std::optional<double> number = value->getAsNumber())
    return *number;
  return e.emitError() << "backend_config field '" << key
                       << "' is not a number";
}

/// Integer list `key` of `object` (proto JSON writes 64-bit integers as
/// strings); empty when missing.
FailureOr<SmallVector<int64_t>> integerList(InstructionEmission &e,
                                            const llvm::json::Object &object,
                                            StringRef key) {
  SmallVector<int64_t> integers;
  const llvm::json::Value *value = object.get(key);
  if (!value)
    return integers;
  const llvm::json::Array *array = value->getAsArray();
  if (!array)
    return e.emitError() << "backend_config field '" << key
                         << "' is not a list";
  for (const llvm::json::Value &element : *array) {
    int64_t integer = 0;
    if (std::optional<int64_t> number = element.getAsInteger())
      integer = *number;
    else if (std::optional<StringRef> text = element.getAsString();
             !text || text->getAsInteger(10, integer))
      return e.emitError() << "backend_config field '" << key
                           << "' holds something other than integers";
    integers.push_back(integer);
  }
  return integers;
}

/// Elementwise ops on tensors of the result's type.
struct Epilogue {
  InstructionEmission &e;
  RankedTensorType type;

  Value scaled(Value value, double scale) const {
    if (scale == 1)
      return value;
    return hlo::MulOp::create(e.builder, e.loc, value, e.splat(type, scale));
  }
  Value add(Value a, Value b) const {
    return hlo::AddOp::create(e.builder, e.loc, a, b);
  }
  /// `vector` added along dimension `dim` of `value`.
  Value addAlong(Value value, Value vector, int64_t dim) const {
    return add(value, hlo::BroadcastInDimOp::create(
                          e.builder, e.loc, type, vector,
                          e.builder.getDenseI64ArrayAttr({dim})));
  }
  Value relu(Value value) const {
    return hlo::MaxOp::create(e.builder, e.loc, value, e.splat(type, 0.0));
  }
  /// `value` in the result's element type.
  Value converted(Value value) const {
    return convertElements(e, value, type.getElementType());
  }
};

/// The call's result (and its zero scratch buffer, where the shape has
/// one) as the instruction's value.
FailureOr<HloValue> withScratch(InstructionEmission &e, Value result) {
  if (failed(e.finish(result.getDefiningOp())))
    return failure();
  auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
  if (!shape)
    return HloValue{result, {}};
  if (shape.size() != 2 || shape.getType(0) != result.getType() ||
      !isa<RankedTensorType>(shape.getType(1)))
    return e.emitError() << "the shape " << shape << " is not the result "
                         << result.getType() << " and a scratch buffer";
  auto scratch = cast<RankedTensorType>(shape.getType(1));
  return HloValue::tupleOf({result, e.splat(scratch, 0.0)});
}

/// The result type: the shape, or its first element.
FailureOr<RankedTensorType> callResultType(InstructionEmission &e) {
  Type shape = e.instruction.shape;
  if (auto tuple = dyn_cast_or_null<TupleType>(shape))
    shape = tuple.size() ? tuple.getType(0) : Type();
  if (auto type = dyn_cast_or_null<RankedTensorType>(shape))
    return type;
  return e.emitError() << "a cuBLAS or cuDNN call needs an array shape, or a "
                          "tuple of its result and a scratch buffer";
}

FailureOr<HloValue> buildGemm(InstructionEmission &e, StringRef target) {
  FailureOr<llvm::json::Object> config =
      configSection(e, target, "gemm_backend_config");
  FailureOr<RankedTensorType> type = callResultType(e);
  if (failed(config) || failed(type))
    return failure();
  FailureOr<double> alpha = numberField(e, *config, "alpha_real", 1);
  FailureOr<double> alphaImag = numberField(e, *config, "alpha_imag", 0);
  FailureOr<double> beta = numberField(e, *config, "beta", 0);
  if (failed(alpha) || failed(alphaImag) || failed(beta))
    return failure();
  const llvm::json::Object *dims = config->getObject("dot_dimension_numbers");
  if (!dims || *alphaImag != 0)
    return e.emitError() << "'" << target << "' needs dot_dimension_numbers "
                         << "and a real alpha in its gemm_backend_config";
  FailureOr<SmallVector<int64_t>> lhsBatch =
      integerList(e, *dims, "lhs_batch_dimensions");
  FailureOr<SmallVector<int64_t>> rhsBatch =
      integerList(e, *dims, "rhs_batch_dimensions");
  FailureOr<SmallVector<int64_t>> lhsContracting =
      integerList(e, *dims, "lhs_contracting_dimensions");
  FailureOr<SmallVector<int64_t>> rhsContracting =
      integerList(e, *dims, "rhs_contracting_dimensions");
  if (failed(lhsBatch) || failed(rhsBatch) || failed(lhsContracting) ||
      failed(rhsContracting))
    return failure();
  std::string epilogue = "DEFAULT";
  if (std::optional<StringRef> name = config->getString("epilogue"))
    epilogue = name->str();
  bool bias = epilogue == "BIAS" || epilogue == "BIAS_RELU";
  bool relu = epilogue == "RELU" || epilogue == "BIAS_RELU";
  if (!bias && !relu && epilogue != "DEFAULT")
    return e.emitError() << "'" << target << "' with epilogue '" << epilogue
                         << "' is not supported (DEFAULT, BIAS, RELU and "
                            "BIAS_RELU are)";
  // C is there where XLA gives one; a config with beta but no C scales an
  // output that starts as zeros.
  size_t count = e.operands.size();
  bool addend = count == 3 + bias;
  if (count != 2 + bias && !addend)
    return e.emitError() << "'" << target << "' takes a, b, C (with beta) "
                         << (bias ? "and the bias, " : "") << "not " << count
                         << " operands";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(count);
  if (failed(operands))
    return failure();
  Epilogue f{e, *type};
  Value product = hlo::DotGeneralOp::create(
      e.builder, e.loc, Type(*type), f.converted((*operands)[0]),
      f.converted((*operands)[1]), *lhsBatch, *rhsBatch, *lhsContracting,
      *rhsContracting);
  Value result = f.scaled(product, *alpha);
  if (addend && *beta != 0)
    result = f.add(result, f.scaled(f.converted((*operands)[2]), *beta));
  if (bias)
    result =
        f.addAlong(result, f.converted(operands->back()), type->getRank() - 1);
  if (relu)
    result = f.relu(result);
  return withScratch(e, result);
}

FailureOr<HloValue> buildCudnnConvolution(InstructionEmission &e,
                                          StringRef target,
                                          bool biasActivation) {
  FailureOr<llvm::json::Object> config =
      configSection(e, target, "cudnn_conv_backend_config",
                    /*optional=*/true);
  FailureOr<RankedTensorType> type = callResultType(e);
  FailureOr<const AttributeValue *> labels = e.attribute("dim_labels");
  if (failed(config) || failed(type) || failed(labels))
    return failure();
  FailureOr<double> scale = numberField(e, *config, "conv_result_scale", 1);
  FailureOr<double> sideScale = numberField(e, *config, "side_input_scale", 0);
  if (failed(scale) || failed(sideScale))
    return failure();
  std::string activation = "kNone";
  if (std::optional<StringRef> name = config->getString("activation_mode"))
    activation = name->str();
  if (activation != "kNone" && activation != "kRelu")
    return e.emitError() << "'" << target << "' with activation '" << activation
                         << "' is not supported (kNone and "
                         << "kRelu are)";
  size_t count = e.operands.size();
  bool fits = biasActivation ? (count == 3 || count == 4) : count == 2;
  if (!fits)
    return e.emitError() << "'" << target << "' takes "
                         << (biasActivation ? "3 or 4" : "2")
                         << " operands, not " << count;
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(count);
  if (failed(operands))
    return failure();
  Epilogue f{e, *type};
  FailureOr<Value> convolution = emitConvolution(
      e, f.converted((*operands)[0]), f.converted((*operands)[1]), *type);
  if (failed(convolution))
    return failure();
  Value result = f.scaled(*convolution, *scale);
  if (count == 4 && *sideScale != 0)
    result = f.add(result, f.scaled(f.converted((*operands)[3]), *sideScale));
  if (biasActivation) {
    std::string error;
    FailureOr<hlo::ConvDimensions> dims =
        hlo::ConvDimensions::parse((*labels)->word, error);
    if (failed(dims))
      return emitError((*labels)->loc) << error;
    result =
        f.addAlong(result, f.converted((*operands)[2]), dims->outputFeature);
  }
  if (activation == "kRelu")
    result = f.relu(result);
  return withScratch(e, result);
}

} // namespace

bool isGpuLibraryCall(StringRef target) {
  return gpuCallOf(target).has_value();
}

FailureOr<HloValue> buildGpuLibraryCall(InstructionEmission &e,
                                        StringRef target) {
  switch (*gpuCallOf(target)) {
  case GpuCall::Gemm:
    return buildGemm(e, target);
  case GpuCall::Convolution:
    return buildCudnnConvolution(e, target, /*biasActivation=*/false);
  case GpuCall::ConvolutionBiasActivation:
    return buildCudnnConvolution(e, target, /*biasActivation=*/true);
  }
  llvm_unreachable("a GPU library call");
}

} // namespace fuse::hlo_text
