//===- HLODialect.h - hlo dialect -------------------------------*- C++ -*-===//

#ifndef FUSE_DIALECT_HLO_IR_HLODIALECT_H
#define FUSE_DIALECT_HLO_IR_HLODIALECT_H

#include "mlir/IR/Dialect.h"

#include "fuse/Dialect/HLO/IR/HLODialect.h.inc"

#endif // FUSE_DIALECT_HLO_IR_HLODIALECT_H
