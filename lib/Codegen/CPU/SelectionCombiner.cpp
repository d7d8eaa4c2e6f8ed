//===- SelectionCombiner.cpp - arg-min and arg-max reductions -------------===//

#include "SelectionCombiner.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// Whether `value` depends only on the body's inputs and index, not on
/// `accumulators`.
bool isElementValue(Value value, ValueRange accumulators) {
  SmallVector<Value> worklist = {value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    if (llvm::is_contained(accumulators, next))
      return false;
    if (Operation *op = next.getDefiningOp())
      llvm::append_range(worklist, op->getOperands());
  }
  return true;
}

/// Whether `condition` compares `lhs` and `rhs` (in either order) with a
/// strict ordered predicate.
bool isStrictComparison(Value condition, Value lhs, Value rhs) {
  auto sameOperands = [&](Operation *op) {
    return (op->getOperand(0) == lhs && op->getOperand(1) == rhs) ||
           (op->getOperand(0) == rhs && op->getOperand(1) == lhs);
  };
  if (auto compare = condition.getDefiningOp<arith::CmpFOp>()) {
    using P = arith::CmpFPredicate;
    P predicate = compare.getPredicate();
    return (predicate == P::OLT || predicate == P::OGT) &&
           sameOperands(compare);
  }
  if (auto compare = condition.getDefiningOp<arith::CmpIOp>()) {
    using P = arith::CmpIPredicate;
    P predicate = compare.getPredicate();
    return (predicate == P::slt || predicate == P::sgt || predicate == P::ult ||
            predicate == P::ugt) &&
           sameOperands(compare);
  }
  return false;
}

/// Whether `condition` tests `lhs` and `rhs` for (ordered) equality.
bool isEquality(Value condition, Value lhs, Value rhs) {
  Operation *op = condition.getDefiningOp();
  if (!op || op->getNumOperands() != 2)
    return false;
  bool same = (op->getOperand(0) == lhs && op->getOperand(1) == rhs) ||
              (op->getOperand(0) == rhs && op->getOperand(1) == lhs);
  if (auto compare = dyn_cast<arith::CmpFOp>(op))
    return same && compare.getPredicate() == arith::CmpFPredicate::OEQ;
  if (auto compare = dyn_cast<arith::CmpIOp>(op))
    return same && compare.getPredicate() == arith::CmpIPredicate::eq;
  return false;
}

/// The two operands of `value`'s `OpTy` in either order, when the first
/// satisfies `first` and the second `second`.
template <typename OpTy, typename First, typename Second>
bool matchEitherOrder(Value value, First first, Second second) {
  auto op = value.getDefiningOp<OpTy>();
  if (!op)
    return false;
  Value lhs = op.getLhs(), rhs = op.getRhs();
  return (first(lhs) && second(rhs)) || (first(rhs) && second(lhs));
}

/// Whether `condition` is `value before accumulator`, or equal values and
/// `index before accumulator index`.
bool isLexicographic(Value condition, Value value, Value accumulator,
                     Value index, Value accumulatorIndex) {
  return matchEitherOrder<arith::OrIOp>(
      condition,
      [&](Value before) {
        return isStrictComparison(before, value, accumulator);
      },
      [&](Value tie) {
        return matchEitherOrder<arith::AndIOp>(
            tie,
            [&](Value equal) { return isEquality(equal, value, accumulator); },
            [&](Value first) {
              return isStrictComparison(first, index, accumulatorIndex);
            });
      });
}

} // namespace

std::optional<fuse::SelectionCombiner>
fuse::matchSelectionCombiner(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 2)
    return std::nullopt;
  ValueRange accumulators = op.getRegionOutputArgs();
  Operation *yield = op.getBlock()->getTerminator();
  SelectionCombiner combiner;
  for (unsigned init = 0; init < 2; ++init) {
    auto select = yield->getOperand(init).getDefiningOp<arith::SelectOp>();
    if (!select || select.getFalseValue() != accumulators[init] ||
        !isElementValue(select.getTrueValue(), accumulators))
      return std::nullopt;
    combiner.selects[init] = select;
    combiner.elements[init] = select.getTrueValue();
  }
  Value condition = combiner.selects[0].getCondition();
  if (combiner.selects[1].getCondition() != condition)
    return std::nullopt;
  // Either init may be the value, the other its index.
  for (auto [value, index] : {std::pair(0, 1), std::pair(1, 0)})
    if (isLexicographic(condition, combiner.elements[value],
                        accumulators[value], combiner.elements[index],
                        accumulators[index]))
      return combiner;
  return std::nullopt;
}

SmallVector<Value> fuse::cloneSelection(OpBuilder &builder,
                                        linalg::GenericOp op,
                                        const SelectionCombiner &combiner,
                                        IRMapping &mapping) {
  // The ops the yields need, without going past the elements.
  Block *body = op.getBody();
  DenseSet<Operation *> needed;
  SmallVector<Value> worklist(body->getTerminator()->getOperands());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Operation *defining = value.getDefiningOp();
    if (llvm::is_contained(combiner.elements, value) || !defining ||
        defining->getBlock() != body || !needed.insert(defining).second)
      continue;
    llvm::append_range(worklist, defining->getOperands());
  }
  for (Operation &nested : body->without_terminator())
    if (needed.contains(&nested))
      builder.clone(nested, mapping);
  return llvm::map_to_vector(
      body->getTerminator()->getOperands(),
      [&](Value value) { return mapping.lookupOrDefault(value); });
}
