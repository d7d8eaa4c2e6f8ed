//===- Decision.h - a yes, or a no with its reason --------------*- C++ -*-===//
//
// The answer of every legality check and policy of fuse's transformations
// (may these fuse? can this tensor be split? is this order cheaper?): yes,
// or no with a reason that an `explain` remark or a debug flag shows the
// user. Header only.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_DECISION_H
#define FUSE_SUPPORT_DECISION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

namespace fuse {

class [[nodiscard]] Decision {
public:
  static Decision allow() { return Decision(); }
  static Decision forbid(const llvm::Twine &reason) {
    return Decision(reason.str());
  }
  explicit operator bool() const { return !reasonText; }
  /// Why not; empty when allowed.
  llvm::StringRef reason() const {
    return reasonText ? llvm::StringRef(*reasonText) : llvm::StringRef();
  }

private:
  Decision() = default;
  explicit Decision(std::string reason) : reasonText(std::move(reason)) {}
  std::optional<std::string> reasonText;
};

} // namespace fuse

#endif // FUSE_SUPPORT_DECISION_H
