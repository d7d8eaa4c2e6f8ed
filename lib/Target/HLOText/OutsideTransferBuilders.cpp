//===- OutsideTransferBuilders.cpp - transfers with the outside -----------===//
//
// `infeed` and `outfeed`, and `send` and `recv` whose other end is outside
// the program: the host (`is_host_transfer=true`), or another program (no
// `_xla_send_recv_source_target_pairs`). Each becomes an hlo.infeed or an
// hlo.outfeed of the tensors of its (possibly tuple) data, on XLA's feed
// queues or on the transfer's channel. The tokens that order them in XLA
// are the empty tuple here: the ops' effects on the queues keep their order.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// The config string of attribute `key`, empty if absent.
StringRef configOf(const InstructionEmission &e, StringRef key) {
  auto found = e.instruction.attributes.find(key);
  return found == e.instruction.attributes.end()
             ? StringRef()
             : StringRef(found->second.word);
}

/// The data of `infeed`'s `(data, token[])` or `recv`'s `(data, u32[],
/// token[])`: the first element of the instruction's tuple shape.
FailureOr<Type> receivedShape(InstructionEmission &e, size_t tupleSize,
                              StringRef expected) {
  auto shape = dyn_cast_if_present<TupleType>(e.instruction.shape);
  if (e.operands.size() != 1 || !e.operands[0].isTuple() ||
      !e.operands[0].elements.empty() || !shape || shape.size() != tupleSize)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes a token and gives " << expected;
  return shape.getType(0);
}

/// An hlo.infeed of the tensors of `data`, regrouped into its shape.
FailureOr<HloValue> emitInfeed(InstructionEmission &e, Type data,
                               std::optional<int64_t> channel, bool host,
                               StringRef config) {
  SmallVector<Type> types;
  flattenShape(data, types);
  auto infeed = hlo::InfeedOp::create(
      e.builder, e.loc, types,
      channel ? e.builder.getI64IntegerAttr(*channel) : IntegerAttr(), host,
      config);
  return e.finishRegrouped(infeed, data);
}

/// An hlo.outfeed of the tensors of the instruction's data, which comes
/// with a token.
LogicalResult emitOutfeed(InstructionEmission &e,
                          std::optional<int64_t> channel, bool host,
                          StringRef config) {
  if (e.operands.size() != 2 || !e.operands[1].isTuple() ||
      !e.operands[1].elements.empty())
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes data and a token";
  SmallVector<Value> tensors;
  e.operands[0].flatten(tensors);
  auto outfeed = hlo::OutfeedOp::create(
      e.builder, e.loc, tensors,
      channel ? e.builder.getI64IntegerAttr(*channel) : IntegerAttr(), host,
      config);
  return e.finish(outfeed);
}

} // namespace

bool isOutsideTransfer(const InstructionEmission &e) {
  return e.flag("is_host_transfer") ||
         !e.instruction.attributes.count(kSendRecvPairs);
}

FailureOr<HloValue> buildInfeed(InstructionEmission &e) {
  FailureOr<Type> data = receivedShape(e, 2, "(data, token[])");
  if (failed(data))
    return failure();
  FailureOr<HloValue> received = emitInfeed(
      e, *data, std::nullopt, /*host=*/false, configOf(e, "infeed_config"));
  if (failed(received))
    return failure();
  HloValue result;
  result.elements = {*received, HloValue{}};
  return result;
}

FailureOr<HloValue> buildOutfeed(InstructionEmission &e) {
  if (failed(emitOutfeed(e, std::nullopt, /*host=*/false,
                         configOf(e, "outfeed_config"))))
    return failure();
  return HloValue{};
}

FailureOr<HloValue> buildOutsideSend(InstructionEmission &e) {
  FailureOr<int64_t> channel = e.integer("channel_id");
  if (failed(channel))
    return failure();
  if (failed(emitOutfeed(e, *channel, e.flag("is_host_transfer"),
                         /*config=*/"")))
    return failure();
  return transferContext(e, e.operands[0]);
}

FailureOr<HloValue> buildOutsideRecv(InstructionEmission &e) {
  FailureOr<int64_t> channel = e.integer("channel_id");
  if (failed(channel))
    return failure();
  FailureOr<Type> data = receivedShape(e, 3, "(data, u32[], token[])");
  if (failed(data))
    return failure();
  FailureOr<HloValue> received =
      emitInfeed(e, *data, *channel, e.flag("is_host_transfer"),
                 /*config=*/"");
  if (failed(received))
    return failure();
  return transferContext(e, *received);
}

} // namespace fuse::hlo_text
