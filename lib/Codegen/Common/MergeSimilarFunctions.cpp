//===- MergeSimilarFunctions.cpp - one body for kernels of other shapes ---===//
//
// Kernels lowered for tensors of different shapes differ in the integer
// constants of their bounds, strides and offsets. LLVM's time grows with the
// code it is given: one body that takes those constants as arguments is
// optimized and compiled once.
//
//===----------------------------------------------------------------------===//

#include "FunctionShapes.h"

#include "fuse/Codegen/Common/FunctionUses.h"
#include "fuse/Codegen/Common/Passes.h"

#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace fuse {
#define GEN_PASS_DEF_MERGESIMILARFUNCTIONSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using fuse::FunctionShape;

namespace {

/// The shapes of functions built in earlier rounds, while they stay as they
/// were.
using KnownShapes = llvm::DenseMap<Operation *, std::unique_ptr<FunctionShape>>;

/// The constants in which functions of one shape differ: each parameter
/// stands for the holes whose values are the same column across them.
struct Parameters {
  /// Per hole, its parameter; -1 where every function has the same value.
  SmallVector<int> ofHole;
  /// Per parameter, a hole it stands for.
  SmallVector<unsigned> firstHole;
};

/// What a round changed: functions whose calls or body changed, whose
/// shapes are stale, and functions merged into others, erased at its end.
struct RoundChanges {
  llvm::DenseSet<Operation *> rewritten;
  SmallVector<LLVM::LLVMFuncOp> merged;
};

/// Appends arguments of `types` to `function`; returns the first's index.
unsigned addArguments(LLVM::LLVMFuncOp function, ArrayRef<Type> types) {
  LLVM::LLVMFunctionType type = function.getFunctionType();
  unsigned firstNew = type.getNumParams();
  SmallVector<Type> parameters(type.getParams());
  parameters.append(types.begin(), types.end());
  SmallVector<unsigned> at(types.size(), firstNew);
  SmallVector<DictionaryAttr> attributes(
      types.size(), DictionaryAttr::get(function.getContext()));
  SmallVector<Location> locations(types.size(), function.getLoc());
  function_interface_impl::insertFunctionArguments(
      function, at, types, attributes, locations, firstNew,
      LLVM::LLVMFunctionType::get(type.getReturnType(), parameters,
                                  type.isVarArg()));
  return firstNew;
}

/// Makes `call` call `callee` with `constants` appended to its operands.
void redirect(LLVM::CallOp call, StringRef callee,
              ArrayRef<IntegerAttr> constants) {
  OpBuilder builder(call);
  SmallVector<Value> values;
  for (IntegerAttr constant : constants)
    values.push_back(LLVM::ConstantOp::create(builder, call.getLoc(),
                                              constant.getType(), constant));
  call.getCalleeOperandsMutable().append(values);
  if (ArrayAttr attributes = call.getArgAttrsAttr()) {
    SmallVector<Attribute> extended(attributes.getValue());
    extended.append(constants.size(), builder.getDictionaryAttr({}));
    call.setArgAttrsAttr(builder.getArrayAttr(extended));
  }
  call.setCallee(callee);
}

struct MergeSimilarFunctionsPass
    : fuse::impl::MergeSimilarFunctionsPassBase<MergeSimilarFunctionsPass> {
  using Base::Base;

  void runOnOperation() override {
    fuse::AccessGroupPool accessGroups(&getContext());
    KnownShapes knownShapes;
    // Found once, then kept up to date: finding them walks every attribute
    // of the module, and there is a round for each level of calls merged.
    fuse::FunctionUses uses(getOperation());
    while (mergeRound(accessGroups, knownShapes, uses)) {
    }
  }

  /// Merges the functions of each shape; returns whether a later round may
  /// merge more: callers of merged functions, whose calls changed, are left
  /// for it.
  bool mergeRound(fuse::AccessGroupPool &accessGroups, KnownShapes &knownShapes,
                  fuse::FunctionUses &uses) {
    SmallVector<LLVM::LLVMFuncOp> candidates;
    for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>())
      if (uses.hasOnlyDirectCalls(function))
        candidates.push_back(function);
    SmallVector<const FunctionShape *> shapes =
        getShapes(candidates, accessGroups, knownShapes);
    llvm::MapVector<ArrayRef<uintptr_t>, SmallVector<unsigned>> groups;
    for (auto [index, shape] : llvm::enumerate(shapes))
      groups[shape->tokens].push_back(index);

    RoundChanges changes;
    for (auto &[tokens, members] : groups) {
      if (members.size() < 2 || llvm::any_of(members, [&](unsigned member) {
            return changes.rewritten.contains(candidates[member]);
          }))
        continue;
      std::optional<Parameters> parameters = findParameters(shapes, members);
      if (!parameters) {
        if (explain)
          candidates[members.front()].emitRemark()
              << "kept apart from the other functions of its shape ("
              << members.size() - 1 << "): they differ in more than "
              << maxParameters.getValue() << " constants (max-parameters)";
        continue;
      }
      merge(candidates, shapes, members, *parameters, uses, changes);
    }
    // Shapes and calls of this round refer to what is erased only now.
    for (Operation *function : changes.rewritten)
      knownShapes.erase(function);
    for (LLVM::LLVMFuncOp function : changes.merged) {
      knownShapes.erase(function);
      uses.forget(function);
      function.erase();
    }
    return !changes.rewritten.empty();
  }

  /// The shapes of `functions`: those of functions unchanged since an
  /// earlier round are kept, the others built on every core.
  SmallVector<const FunctionShape *>
  getShapes(ArrayRef<LLVM::LLVMFuncOp> functions,
            fuse::AccessGroupPool &accessGroups, KnownShapes &knownShapes) {
    SmallVector<LLVM::LLVMFuncOp> unknown;
    for (LLVM::LLVMFuncOp function : functions)
      if (!knownShapes.contains(function))
        unknown.push_back(function);
    SmallVector<std::unique_ptr<FunctionShape>> built(unknown.size());
    parallelFor(&getContext(), 0, unknown.size(), [&](size_t i) {
      built[i] = std::make_unique<FunctionShape>(
          fuse::getFunctionShape(unknown[i], accessGroups));
    });
    for (auto [function, shape] : llvm::zip_equal(unknown, built))
      knownShapes[function] = std::move(shape);
    return llvm::map_to_vector(functions, [&](LLVM::LLVMFuncOp function) {
      return static_cast<const FunctionShape *>(
          knownShapes.find(function)->second.get());
    });
  }

  /// The parameters the functions `members` of one shape need; none when
  /// they differ in more than `maxParameters` constants.
  std::optional<Parameters>
  findParameters(ArrayRef<const FunctionShape *> shapes,
                 ArrayRef<unsigned> members) {
    Parameters parameters;
    SmallVector<SmallVector<IntegerAttr>> columns;
    for (unsigned hole = 0, e = shapes[members.front()]->holes.size(); hole < e;
         ++hole) {
      SmallVector<IntegerAttr> column;
      for (unsigned member : members)
        column.push_back(shapes[member]->values[hole]);
      if (llvm::all_equal(column)) {
        parameters.ofHole.push_back(-1);
        continue;
      }
      auto *found = llvm::find(columns, column);
      parameters.ofHole.push_back(found - columns.begin());
      if (found != columns.end())
        continue;
      if (columns.size() == maxParameters)
        return std::nullopt;
      columns.push_back(std::move(column));
      parameters.firstHole.push_back(hole);
    }
    return parameters;
  }

  /// Makes the first of `members` take `parameters` and every call of them
  /// call it, each with its own constants; the others are left to erase.
  void merge(ArrayRef<LLVM::LLVMFuncOp> candidates,
             ArrayRef<const FunctionShape *> shapes, ArrayRef<unsigned> members,
             const Parameters &parameters, fuse::FunctionUses &uses,
             RoundChanges &changes) {
    LLVM::LLVMFuncOp leader = candidates[members.front()];
    const FunctionShape &leaderShape = *shapes[members.front()];
    SmallVector<Type> types;
    for (unsigned hole : parameters.firstHole)
      types.push_back(leaderShape.values[hole].getType());
    unsigned firstNew = addArguments(leader, types);
    llvm::SetVector<Operation *> replaced;
    for (auto [hole, parameter] : llvm::enumerate(parameters.ofHole)) {
      if (parameter < 0)
        continue;
      OpOperand *operand = leaderShape.holes[hole];
      replaced.insert(operand->get().getDefiningOp());
      operand->set(leader.getArgument(firstNew + parameter));
    }
    for (Operation *constant : replaced)
      if (constant->use_empty())
        constant->erase();
    changes.rewritten.insert(leader);

    SmallVector<LLVM::CallOp> leaderCalls;
    for (unsigned member : members) {
      LLVM::LLVMFuncOp function = candidates[member];
      SmallVector<IntegerAttr> constants;
      for (unsigned hole : parameters.firstHole)
        constants.push_back(shapes[member]->values[hole]);
      for (LLVM::CallOp call : uses.calls.lookup(function.getSymNameAttr())) {
        redirect(call, leader.getSymName(), constants);
        changes.rewritten.insert(call->getParentOfType<LLVM::LLVMFuncOp>());
        leaderCalls.push_back(call);
      }
      uses.calls.erase(function.getSymNameAttr());
    }
    uses.calls[leader.getSymNameAttr()] = std::move(leaderCalls);
    for (unsigned member : members.drop_front()) {
      LLVM::LLVMFuncOp function = candidates[member];
      if (explain)
        function.emitRemark()
            << "merged into @" << leader.getName() << ", which takes the "
            << types.size() << " constant(s) they differ in as arguments";
      changes.merged.push_back(function);
    }
  }
};

} // namespace
