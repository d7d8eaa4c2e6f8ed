//===- BoolsAsBytes.cpp - i1 memory accessed as bytes ---------------------===//
//
// A buffer of i1 holds a byte per element (LLVM's store size of i1), but
// LLVM's loop vectorizer does not widen a scalar `load i1` into a vector
// load: a vector of i1 in memory would be packed bits. Loops that read a
// mask (a ReLU's or a dropout's, kept for the backward pass) therefore ran
// one element at a time. This pass reads and writes every i1 in memory as
// the byte that holds it: `load i8` and `trunc` (the low bit is the value
// whatever the other bits hold), `zext` and `store i8`. Every access of the
// module changes at once, so memory never holds an i1 written one way and
// read the other.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_BOOLSASBYTESPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isBool(Type type) { return type.isInteger(1); }

struct BoolsAsBytesPass
    : public fuse::impl::BoolsAsBytesPassBase<BoolsAsBytesPass> {
  void runOnOperation() override {
    SmallVector<LLVM::LoadOp> loads;
    SmallVector<LLVM::StoreOp> stores;
    getOperation()->walk([&](Operation *op) {
      if (auto load = dyn_cast<LLVM::LoadOp>(op);
          load && isBool(load.getType()))
        loads.push_back(load);
      else if (auto store = dyn_cast<LLVM::StoreOp>(op);
               store && isBool(store.getValue().getType()))
        stores.push_back(store);
    });
    IRRewriter rewriter(&getContext());
    Type byte = rewriter.getI8Type();
    for (LLVM::LoadOp load : loads) {
      // The load keeps its attributes (alignment, access groups, aliasing).
      load.getResult().setType(byte);
      rewriter.setInsertionPointAfter(load);
      auto value = LLVM::TruncOp::create(rewriter, load.getLoc(),
                                         rewriter.getI1Type(), load);
      rewriter.replaceAllUsesExcept(load.getResult(), value, value);
    }
    for (LLVM::StoreOp store : stores) {
      rewriter.setInsertionPoint(store);
      Value value = LLVM::ZExtOp::create(rewriter, store.getLoc(), byte,
                                         store.getValue());
      rewriter.modifyOpInPlace(store,
                               [&] { store.getValueMutable().assign(value); });
    }
  }
};

} // namespace
