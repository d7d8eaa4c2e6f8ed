//===- SlicePermuteBuilder.cpp - collective-permute of slices -------------===//
//
// XLA's in-place collective-permute has four operands: an input, an output
// buffer (arrays, or tuples of arrays alike), and for each array the offsets
// of a slice in the input and in the output (tuples of scalars). Each
// source sends the slice of `slice_sizes` at its input offsets; each target
// writes what it receives at its own output offsets into its output
// buffer; a device that is no pair's target returns its buffer unchanged.
// Offsets are clamped so that the slice fits, as in dynamic-slice.
//
// It becomes a dynamic slice, a permute of the slice, and a dynamic update
// of the buffer, kept where a permuted `true` says the device received.
// Several slices per array (offsets given as tuples of tuples, a source in
// several pairs) are refused: no XLA backend that runs outside a TPU
// implements them, and nothing says which pair moves which slice.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/BuiltinOps.h"

#include <array>

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// How deeply `value` nests tuples: 0 for an array.
int getTupleDepth(const HloValue &value) {
  int depth = 0;
  for (const HloValue &element : value.elements)
    depth = std::max(depth, getTupleDepth(element));
  return value.isTuple() ? depth + 1 : 0;
}

/// The arrays of `value`: itself, or the elements of a flat tuple.
FailureOr<SmallVector<Value>> getArrays(InstructionEmission &e,
                                        const HloValue &value, StringRef what) {
  if (getTupleDepth(value) > 1)
    return e.emitError() << "the " << what << " of '" << e.instruction.opcode
                         << "' is a tuple of tuples; it takes arrays";
  SmallVector<Value> arrays;
  value.flatten(arrays);
  return arrays;
}

/// The offsets of one array's slice: a tuple of `rank` integer scalars.
FailureOr<SmallVector<Value>> getOffsets(InstructionEmission &e,
                                         const HloValue &offsets, int64_t rank,
                                         StringRef what) {
  if (!offsets.isTuple())
    return e.emitError() << "the " << what << " offsets of '"
                         << e.instruction.opcode
                         << "' must be a tuple of scalars";
  SmallVector<Value> scalars;
  for (const HloValue &element : offsets.elements) {
    if (element.isTuple())
      return e.emitError() << "the " << what << " offsets of '"
                           << e.instruction.opcode
                           << "' must be a tuple of scalars";
    auto type = cast<RankedTensorType>(element.tensor.getType());
    if (type.getRank() != 0 || !type.getElementType().isInteger())
      return e.emitError() << "the " << what << " offsets of '"
                           << e.instruction.opcode
                           << "' must be integer scalars";
    scalars.push_back(element.tensor);
  }
  if (static_cast<int64_t>(scalars.size()) != rank)
    return e.emitError() << "'" << e.instruction.opcode << "' gives "
                         << scalars.size() << " " << what
                         << " offsets for an array of rank " << rank;
  return scalars;
}

/// The offsets of each of `count` arrays: one tuple each, or the one
/// tuple itself for a single array.
FailureOr<SmallVector<const HloValue *>>
getOffsetTuples(InstructionEmission &e, const HloValue &offsets, size_t count,
                bool arraysInTuple, StringRef what) {
  if (!arraysInTuple)
    return SmallVector<const HloValue *>{&offsets};
  if (!offsets.isTuple() || offsets.elements.size() != count)
    return e.emitError() << "'" << e.instruction.opcode << "' needs one "
                         << what << " offset tuple per array (" << count << ")";
  return llvm::map_to_vector(offsets.elements,
                             [](const HloValue &tuple) { return &tuple; });
}

/// `slice_sizes` for each of `count` arrays: one list each, or one list
/// for them all.
FailureOr<SmallVector<SmallVector<int64_t>>>
getSliceSizes(InstructionEmission &e, size_t count) {
  FailureOr<const AttributeValue *> attribute = e.attribute("slice_sizes");
  if (failed(attribute))
    return failure();
  SmallVector<SmallVector<int64_t>> lists((*attribute)->groups);
  if (lists.empty())
    lists.push_back((*attribute)->integers);
  if (lists.size() == 1)
    lists.resize(count, lists.front());
  if (lists.size() != count)
    return e.emitError() << "'" << e.instruction.opcode << "' gives "
                         << lists.size() << " slice sizes for " << count
                         << " arrays";
  return lists;
}

/// Array `index`: the slice of `size` at `offsets[0]` in `arrays[0]` (the
/// input) sent along `pairs`, and written at `offsets[1]` into `arrays[1]`
/// (the output buffer) where `received`.
FailureOr<Value> permuteSlice(InstructionEmission &e, size_t index,
                              std::array<Value, 2> arrays,
                              std::array<const HloValue *, 2> offsets,
                              ArrayRef<int64_t> size,
                              DenseIntElementsAttr pairs, Value received) {
  auto [input, output] = arrays;
  auto inputType = cast<RankedTensorType>(input.getType());
  auto outputType = cast<RankedTensorType>(output.getType());
  if (inputType.getRank() != outputType.getRank() ||
      inputType.getElementType() != outputType.getElementType())
    return e.emitError() << "array " << index << " of the input of '"
                         << e.instruction.opcode
                         << "' and of its output buffer differ in rank or "
                            "element type";
  if (static_cast<int64_t>(size.size()) != inputType.getRank())
    return e.emitError() << "slice " << index << " of '" << e.instruction.opcode
                         << "' has " << size.size()
                         << " sizes for an array of rank "
                         << inputType.getRank();
  for (auto [dim, extent] : llvm::enumerate(size))
    if (extent < 0 || extent > inputType.getDimSize(dim) ||
        extent > outputType.getDimSize(dim))
      return e.emitError() << "slice " << index << " of '"
                           << e.instruction.opcode << "' is " << extent
                           << " long in dimension " << dim
                           << ", more than the input ("
                           << inputType.getDimSize(dim)
                           << ") or the output buffer ("
                           << outputType.getDimSize(dim) << ") holds";
  FailureOr<SmallVector<Value>> from =
      getOffsets(e, *offsets[0], inputType.getRank(), "input");
  if (failed(from))
    return failure();
  FailureOr<SmallVector<Value>> to =
      getOffsets(e, *offsets[1], outputType.getRank(), "output");
  if (failed(to))
    return failure();

  auto slice = hlo::DynamicSliceOp::create(
      e.builder, e.loc, inputType.clone(size), input, *from, size);
  if (failed(e.finish(slice)))
    return failure();
  auto permuted = hlo::CollectivePermuteOp::create(
      e.builder, e.loc, slice.getType(), slice.getResult(), pairs);
  if (failed(e.finish(permuted)))
    return failure();
  SmallVector<Value> updateOperands = {output, permuted.getResult()};
  llvm::append_range(updateOperands, *to);
  auto update = hlo::DynamicUpdateSliceOp::create(
      e.builder, e.loc, TypeRange{outputType}, ValueRange{updateOperands});
  if (failed(e.finish(update)))
    return failure();
  auto kept = hlo::SelectOp::create(e.builder, e.loc, outputType, received,
                                    update->getResult(0), output);
  if (failed(e.finish(kept)))
    return failure();
  return kept.getResult();
}

} // namespace

FailureOr<HloValue> buildSlicePermute(InstructionEmission &e,
                                      DenseIntElementsAttr pairs) {
  if (e.operands.size() != 4)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' with slice_sizes needs an input, an output "
                            "buffer and the offsets of both";
  const HloValue &input = e.operands[0], &output = e.operands[1];
  // A tuple of scalars per array; a tuple deeper still holds several.
  int offsetDepth = input.isTuple() ? 2 : 1;
  if (getTupleDepth(e.operands[2]) > offsetDepth ||
      getTupleDepth(e.operands[3]) > offsetDepth)
    return e.emitError()
           << "'" << e.instruction.opcode
           << "' with several slices per array (offsets given as tuples of "
              "tuples) is not supported: which source-target pair moves "
              "which slice is not defined";
  FailureOr<SmallVector<Value>> inputs = getArrays(e, input, "input");
  if (failed(inputs))
    return failure();
  FailureOr<SmallVector<Value>> outputs = getArrays(e, output, "output");
  if (failed(outputs))
    return failure();
  if (input.isTuple() != output.isTuple() || inputs->size() != outputs->size())
    return e.emitError() << "the input and the output buffer of '"
                         << e.instruction.opcode
                         << "' must hold as many arrays";
  size_t count = inputs->size();
  FailureOr<SmallVector<const HloValue *>> inputOffsets =
      getOffsetTuples(e, e.operands[2], count, input.isTuple(), "input");
  if (failed(inputOffsets))
    return failure();
  FailureOr<SmallVector<const HloValue *>> outputOffsets =
      getOffsetTuples(e, e.operands[3], count, input.isTuple(), "output");
  if (failed(outputOffsets))
    return failure();
  FailureOr<SmallVector<SmallVector<int64_t>>> sizes = getSliceSizes(e, count);
  if (failed(sizes))
    return failure();

  // Which devices received: a permuted `true`, false where none was sent.
  auto predType = RankedTensorType::get({}, e.builder.getI1Type());
  auto received = hlo::CollectivePermuteOp::create(
      e.builder, e.loc, predType, e.splat(predType, 1.0), pairs);
  if (failed(e.finish(received)))
    return failure();

  SmallVector<Value> results;
  for (size_t i = 0; i < count; ++i) {
    FailureOr<Value> updated =
        permuteSlice(e, i, {(*inputs)[i], (*outputs)[i]},
                     {(*inputOffsets)[i], (*outputOffsets)[i]}, (*sizes)[i],
                     pairs, received.getResult());
    if (failed(updated))
      return failure();
    results.push_back(*updated);
  }
  HloValue result = input.isTuple() ? HloValue::tupleOf(results)
                                    : HloValue{results.front(), {}};
  if (isStart(e))
    return startValue(e, {input}, {result});
  return result;
}

} // namespace fuse::hlo_text
