//===- MergeSimilarFunctions.cpp - one body for kernels of other shapes ---===//
//
// Kernels lowered for tensors of different shapes differ in the integer
// constants of their bounds, strides and offsets. LLVM's time grows with the
// code it is given: one body that takes those constants as arguments is
// optimized and compiled once.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/FunctionUses.h"
#include "fuse/Codegen/Common/ParallelLoops.h"
#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <mutex>

namespace fuse {
#define GEN_PASS_DEF_MERGESIMILARFUNCTIONSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether `use`, a read of an integer constant, may read a value known
/// only at run time at little cost. `vectorLoops` holds the blocks of the
/// loops LLVM is to vectorize (fuse::forEachParallelLoop), whose trip
/// counts and strides decide how.
bool mayReadArgument(OpOperand &use,
                     const llvm::DenseSet<Block *> &vectorLoops) {
  Operation *user = use.getOwner();
  for (Operation *op = user; op; op = op->getParentOp())
    if (vectorLoops.contains(op->getBlock()))
      return false;
  Dialect *dialect = user->getDialect();
  if (!dialect || !isa<LLVM::LLVMDialect, omp::OpenMPDialect>(dialect))
    return false;
  // Sizes that LLVM turns into a fixed frame or inline moves, and
  // intrinsics and assembly whose operands may have to be immediates.
  if (isa<LLVM::AllocaOp, LLVM::CallIntrinsicOp, LLVM::InlineAsmOp,
          LLVM::MemcpyOp, LLVM::MemcpyInlineOp, LLVM::MemmoveOp, LLVM::MemsetOp,
          LLVM::MemsetInlineOp>(user))
    return false;
  // A division by a constant is a multiplication or a shift.
  if (isa<LLVM::UDivOp, LLVM::SDivOp, LLVM::URemOp, LLVM::SRemOp>(user))
    return use.getOperandNumber() == 0;
  // A lane chosen at run time goes through memory.
  if (auto extract = dyn_cast<LLVM::ExtractElementOp>(user))
    return use.get() != extract.getPosition();
  if (auto insert = dyn_cast<LLVM::InsertElementOp>(user))
    return use.get() != insert.getPosition();
  return true;
}

/// The value of `op` when it is an integer constant (not an i1) whose every
/// read may become a read of an argument.
Attribute getVaryingValue(Operation *op,
                          const llvm::DenseSet<Block *> &vectorLoops) {
  auto constant = dyn_cast_or_null<LLVM::ConstantOp>(op);
  if (!constant || !isa<IntegerType>(constant.getType()) ||
      constant.getType().isInteger(1) ||
      !isa<IntegerAttr>(constant.getValue()) ||
      !llvm::all_of(constant->getUses(), [&](OpOperand &use) {
        return mayReadArgument(use, vectorLoops);
      }))
    return {};
  return constant.getValue();
}

/// A function's body as a sequence of tokens (op names, types, attributes,
/// and values numbered as first met) without its varying constants: each
/// read of one is a hole, whose operand and value are kept in order. Two
/// functions of equal tokens are the same but for the holes' values.
struct Shape {
  SmallVector<uintptr_t> tokens;
  SmallVector<OpOperand *> holes;
  SmallVector<Attribute> values;
};

class ShapeBuilder {
public:
  Shape build(LLVM::LLVMFuncOp function) {
    NamedAttrList properties(
        cast_or_null<DictionaryAttr>(function->getPropertiesAsAttribute()));
    properties.erase(function.getSymNameAttrName());
    add(properties.getDictionary(function.getContext()));
    add(function->getRawDictionaryAttrs());
    fuse::forEachParallelLoop(
        function, [&](const llvm::SetVector<Block *> &blocks,
                      ArrayRef<LLVM::AccessGroupAttr>) {
          vectorLoops.insert(blocks.begin(), blocks.end());
        });
    addRegion(function.getBody());
    return std::move(shape);
  }

private:
  /// Tokens that tell what follows; an op name is never null.
  enum : uintptr_t { kEndOfBlock = 0, kValue = 0, kHole = 1 };

  void add(uintptr_t token) { shape.tokens.push_back(token); }
  void add(Attribute attribute) {
    add(reinterpret_cast<uintptr_t>(attribute.getAsOpaquePointer()));
  }
  void add(Type type) {
    add(reinterpret_cast<uintptr_t>(type.getAsOpaquePointer()));
  }
  void addValue(Value value) {
    add(values.try_emplace(value, values.size()).first->second);
  }

  Attribute varyingValue(Operation *op) {
    auto [it, inserted] = varying.try_emplace(op);
    if (inserted)
      it->second = getVaryingValue(op, vectorLoops);
    return it->second;
  }

  void addRegion(Region &region) {
    add(region.getBlocks().size());
    for (Block &block : region)
      blocks.try_emplace(&block, blocks.size());
    for (Block &block : region) {
      add(block.getNumArguments());
      for (BlockArgument argument : block.getArguments()) {
        add(argument.getType());
        addValue(argument);
      }
      for (Operation &op : block)
        addOp(op);
      add(kEndOfBlock);
    }
  }

  void addOp(Operation &op) {
    if (varyingValue(&op))
      return;
    add(reinterpret_cast<uintptr_t>(op.getName().getAsOpaquePointer()));
    add(op.getNumOperands());
    for (OpOperand &operand : op.getOpOperands()) {
      if (Attribute value = varyingValue(operand.get().getDefiningOp())) {
        add(kHole);
        add(operand.get().getType());
        shape.holes.push_back(&operand);
        shape.values.push_back(value);
        continue;
      }
      add(kValue);
      addValue(operand.get());
    }
    add(op.getNumResults());
    for (OpResult result : op.getResults()) {
      add(result.getType());
      addValue(result);
    }
    add(op.getPropertiesAsAttribute());
    add(op.getRawDictionaryAttrs());
    add(op.getNumSuccessors());
    for (Block *successor : op.getSuccessors())
      add(blocks.lookup(successor));
    add(op.getNumRegions());
    for (Region &region : op.getRegions())
      addRegion(region);
  }

  Shape shape;
  llvm::DenseMap<Value, uintptr_t> values;
  llvm::DenseMap<Block *, uintptr_t> blocks;
  llvm::DenseMap<Operation *, Attribute> varying;
  llvm::DenseSet<Block *> vectorLoops;
};

/// Access groups are distinct attributes: kernels of one shape have groups
/// of their own. Each function's groups become, in the order first met,
/// those of a pool all functions share: a group names accesses in the
/// loops of its own function, so sharing it across functions says nothing
/// more.
class AccessGroupPool {
public:
  explicit AccessGroupPool(MLIRContext *context) : context(context) {}

  LLVM::AccessGroupAttr get(unsigned index) {
    std::lock_guard<std::mutex> lock(mutex);
    while (groups.size() <= index)
      groups.push_back(LLVM::AccessGroupAttr::get(context));
    return groups[index];
  }

  void share(LLVM::LLVMFuncOp function) {
    llvm::DenseMap<LLVM::AccessGroupAttr, unsigned> order;
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](LLVM::AccessGroupAttr group) {
      return get(order.try_emplace(group, order.size()).first->second);
    });
    replacer.recursivelyReplaceElementsIn(function, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/false);
  }

private:
  MLIRContext *context;
  std::mutex mutex;
  SmallVector<LLVM::AccessGroupAttr> groups;
};

/// The shapes of functions built in earlier rounds, while they stay as they
/// were.
using KnownShapes = llvm::DenseMap<Operation *, std::unique_ptr<Shape>>;

/// The constants in which functions of one shape differ: each parameter
/// stands for the holes whose values are the same column across them.
struct Parameters {
  /// Per hole, its parameter; -1 where every function has the same value.
  SmallVector<int> ofHole;
  /// Per parameter, a hole it stands for.
  SmallVector<unsigned> firstHole;
};

struct MergeSimilarFunctionsPass
    : fuse::impl::MergeSimilarFunctionsPassBase<MergeSimilarFunctionsPass> {
  using Base::Base;

  void runOnOperation() override {
    KnownShapes knownShapes;
    for (bool first = true;; first = false) {
      fuse::FunctionUses uses(getOperation());
      SmallVector<LLVM::LLVMFuncOp> candidates;
      for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>())
        if (uses.hasOnlyDirectCalls(function))
          candidates.push_back(function);
      if (first) {
        AccessGroupPool pool(&getContext());
        parallelForEach(
            &getContext(), candidates,
            [&](LLVM::LLVMFuncOp function) { pool.share(function); });
      }
      if (!mergeRound(uses, candidates, knownShapes))
        return;
    }
  }

  /// Merges the `candidates` of each shape; returns whether a later round
  /// may merge more: callers of merged functions, whose calls changed, are
  /// left for it.
  bool mergeRound(const fuse::FunctionUses &uses,
                  MutableArrayRef<LLVM::LLVMFuncOp> candidates,
                  KnownShapes &knownShapes) {
    SmallVector<const Shape *> shapes = getShapes(candidates, knownShapes);
    llvm::MapVector<ArrayRef<uintptr_t>, SmallVector<unsigned>> groups;
    for (auto [index, shape] : llvm::enumerate(shapes))
      groups[shape->tokens].push_back(index);

    llvm::DenseSet<Operation *> rewritten;
    for (auto &[tokens, members] : groups) {
      if (members.size() < 2 || llvm::any_of(members, [&](unsigned member) {
            return rewritten.contains(candidates[member]);
          }))
        continue;
      std::optional<Parameters> parameters = findParameters(shapes, members);
      if (!parameters) {
        if (explain)
          candidates[members.front()].emitRemark()
              << "kept apart from " << members.size() - 1
              << " functions of its shape: they differ in more than "
              << maxParameters.getValue() << " constants (max-parameters)";
        continue;
      }
      merge(candidates, shapes, members, *parameters, uses, rewritten,
            knownShapes);
    }
    for (Operation *function : rewritten)
      knownShapes.erase(function);
    return !rewritten.empty();
  }

  /// The shapes of `functions`: those of functions unchanged since an
  /// earlier round are kept, the others built on every core.
  SmallVector<const Shape *> getShapes(ArrayRef<LLVM::LLVMFuncOp> functions,
                                       KnownShapes &knownShapes) {
    SmallVector<LLVM::LLVMFuncOp> unknown;
    for (LLVM::LLVMFuncOp function : functions)
      if (!knownShapes.contains(function))
        unknown.push_back(function);
    SmallVector<std::unique_ptr<Shape>> built(unknown.size());
    parallelFor(&getContext(), 0, unknown.size(), [&](size_t i) {
      built[i] = std::make_unique<Shape>(ShapeBuilder().build(unknown[i]));
    });
    for (auto [function, shape] : llvm::zip_equal(unknown, built))
      knownShapes[function] = std::move(shape);
    return llvm::map_to_vector(functions, [&](LLVM::LLVMFuncOp function) {
      return static_cast<const Shape *>(
          knownShapes.find(function)->second.get());
    });
  }

  /// The parameters the functions `members` of one shape need; none when
  /// they differ in more than `maxParameters` constants.
  std::optional<Parameters> findParameters(ArrayRef<const Shape *> shapes,
                                           ArrayRef<unsigned> members) {
    const Shape &first = *shapes[members.front()];
    Parameters parameters;
    SmallVector<SmallVector<Attribute>> columns;
    for (unsigned hole = 0, e = first.holes.size(); hole < e; ++hole) {
      SmallVector<Attribute> column;
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
  /// call it, each with its own constants; erases the others.
  void merge(MutableArrayRef<LLVM::LLVMFuncOp> candidates,
             ArrayRef<const Shape *> shapes, ArrayRef<unsigned> members,
             const Parameters &parameters, const fuse::FunctionUses &uses,
             llvm::DenseSet<Operation *> &rewritten, KnownShapes &knownShapes) {
    LLVM::LLVMFuncOp leader = candidates[members.front()];
    const Shape &leaderShape = *shapes[members.front()];
    SmallVector<Type> types;
    for (unsigned hole : parameters.firstHole)
      types.push_back(leaderShape.holes[hole]->get().getType());
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

    for (unsigned member : members) {
      for (LLVM::CallOp call :
           uses.calls.lookup(candidates[member].getSymNameAttr())) {
        OpBuilder builder(call);
        SmallVector<Value> constants;
        for (auto [type, hole] : llvm::zip_equal(types, parameters.firstHole))
          constants.push_back(LLVM::ConstantOp::create(
              builder, call.getLoc(), type,
              cast<TypedAttr>(shapes[member]->values[hole])));
        call.getCalleeOperandsMutable().append(constants);
        if (ArrayAttr attributes = call.getArgAttrsAttr()) {
          SmallVector<Attribute> extended(attributes.getValue());
          extended.append(types.size(), builder.getDictionaryAttr({}));
          call.setArgAttrsAttr(builder.getArrayAttr(extended));
        }
        call.setCallee(leader.getSymName());
        rewritten.insert(call->getParentOfType<LLVM::LLVMFuncOp>());
      }
    }
    for (unsigned member : members.drop_front()) {
      if (explain)
        candidates[member].emitRemark()
            << "merged into @" << leader.getName() << ", which takes "
            << types.size() << " constants as arguments";
      knownShapes.erase(candidates[member]);
      candidates[member].erase();
    }
    knownShapes.erase(leader);
  }

  /// Appends arguments of `types` to `function`; returns the first's index.
  static unsigned addArguments(LLVM::LLVMFuncOp function,
                               ArrayRef<Type> types) {
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
};

} // namespace
