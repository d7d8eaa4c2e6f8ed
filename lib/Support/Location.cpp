//===- Location.cpp - source positions of ops for messages ----------------===//

#include "fuse/Support/Location.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Visitors.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;

namespace {

std::string formatPosition(FileLineColRange position) {
  return (position.getFilename().getValue() + ":" +
          llvm::Twine(position.getStartLine()) + ":" +
          llvm::Twine(position.getStartColumn()))
      .str();
}

} // namespace

llvm::SmallVector<std::string> fuse::getSourcePositions(Location loc) {
  llvm::SmallVector<std::string> positions;
  loc->walk([&](Location inner) {
    if (auto position = dyn_cast<FileLineColRange>(inner))
      positions.push_back(formatPosition(position));
    return WalkResult::advance();
  });
  return positions;
}

std::string fuse::getFirstSourcePosition(Location loc) {
  std::string first;
  loc->walk([&](Location inner) {
    auto position = dyn_cast<FileLineColRange>(inner);
    if (!position)
      return WalkResult::advance();
    first = formatPosition(position);
    return WalkResult::interrupt();
  });
  return first;
}

std::string fuse::describeOp(Operation *op) {
  std::string text = "`" + op->getName().getStringRef().str() + "`";
  std::string position = getFirstSourcePosition(op->getLoc());
  return position.empty() ? text : text + " at " + position;
}
