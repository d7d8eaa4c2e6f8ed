//===- HLOToShard.h - hlo collectives to shard ------------------*- C++ -*-===//

#ifndef FUSE_CONVERSION_HLOTOSHARD_HLOTOSHARD_H
#define FUSE_CONVERSION_HLOTOSHARD_HLOTOSHARD_H

#include "fuse/Dialect/HLO/IR/HLODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Conversion/HLOToShard/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Conversion/HLOToShard/Passes.h.inc"

} // namespace fuse

#endif // FUSE_CONVERSION_HLOTOSHARD_HLOTOSHARD_H
