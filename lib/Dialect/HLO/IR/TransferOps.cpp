//===- TransferOps.cpp - transfers with the outside of the program --------===//
//
// The rules of hlo.infeed and hlo.outfeed (docs/HLO.md, "Infeed and
// outfeed").
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// C1: `host` names the host end of a channel; XLA's infeed and outfeed
/// queues have no channel.
template <typename OpTy> LogicalResult verifyQueue(OpTy op) {
  if (op.getHost() && !op.getChannelId())
    return op.emitOpError("'host' needs a 'channel_id': the infeed and "
                          "outfeed queues are the host's already");
  return success();
}

} // namespace

LogicalResult InfeedOp::verify() { return verifyQueue(*this); }

LogicalResult OutfeedOp::verify() { return verifyQueue(*this); }
