//===- FunctionShapes.cpp - LLVM functions equal but for constants --------===//

#include "FunctionShapes.h"

#include "fuse/Codegen/Common/ParallelLoops.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"

using namespace mlir;

LLVM::AccessGroupAttr fuse::AccessGroupPool::get(unsigned index) {
  std::lock_guard<std::mutex> lock(mutex);
  while (groups.size() <= index)
    groups.push_back(LLVM::AccessGroupAttr::get(context));
  return groups[index];
}

namespace {

/// The loops of a function that LLVM is to vectorize
/// (fuse::forEachParallelLoop): their trip counts and strides decide how.
struct VectorLoops {
  llvm::DenseSet<Block *> blocks;
  /// The branches into their headers from outside: their start values.
  llvm::DenseSet<Operation *> entries;

  explicit VectorLoops(LLVM::LLVMFuncOp function) {
    fuse::forEachParallelLoop(
        function, [&](const llvm::SetVector<Block *> &loop,
                      ArrayRef<LLVM::AccessGroupAttr>) {
          blocks.insert(loop.begin(), loop.end());
          for (Block *predecessor : loop.front()->getPredecessors())
            if (!loop.contains(predecessor))
              entries.insert(predecessor->getTerminator());
        });
  }

  bool contain(Operation *op) const {
    if (entries.contains(op))
      return true;
    for (; op; op = op->getParentOp())
      if (blocks.contains(op->getBlock()))
        return true;
    return false;
  }
};

/// Whether `use`, a read of an integer constant, may read a value known
/// only at run time at little cost.
bool mayReadArgument(OpOperand &use, const VectorLoops &vectorLoops) {
  Operation *user = use.getOwner();
  Dialect *dialect = user->getDialect();
  if (!dialect || !isa<LLVM::LLVMDialect, omp::OpenMPDialect>(dialect) ||
      vectorLoops.contain(user))
    return false;
  // An argument is out of reach in a region isolated from the function.
  for (Operation *op = user->getParentOp(); op && !isa<LLVM::LLVMFuncOp>(op);
       op = op->getParentOp())
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
  // Sizes that LLVM turns into a fixed frame or inline moves, and
  // intrinsics and assembly whose operands may have to be immediates.
  if (isa<LLVM::AllocaOp, LLVM::CallIntrinsicOp, LLVM::InlineAsmOp,
          LLVM::MemcpyOp, LLVM::MemcpyInlineOp, LLVM::MemmoveOp, LLVM::MemsetOp,
          LLVM::MemsetInlineOp>(user))
    return false;
  if (auto call = dyn_cast<LLVM::CallOp>(user))
    return !call.getCallee() || !call.getCallee()->starts_with("llvm.");
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
/// read may become a read of an argument, as an attribute of its type.
IntegerAttr getVaryingValue(Operation *op, const VectorLoops &vectorLoops) {
  auto constant = dyn_cast_or_null<LLVM::ConstantOp>(op);
  if (!constant)
    return {};
  auto type = dyn_cast<IntegerType>(constant.getType());
  auto value = dyn_cast<IntegerAttr>(constant.getValue());
  if (!type || type.getWidth() == 1 || !value ||
      !llvm::all_of(constant->getUses(), [&](OpOperand &use) {
        return mayReadArgument(use, vectorLoops);
      }))
    return {};
  // `5 : index` and `5 : i64` read by i64 holes are one value.
  return IntegerAttr::get(type, value.getValue().sextOrTrunc(type.getWidth()));
}

class ShapeBuilder {
public:
  ShapeBuilder(LLVM::LLVMFuncOp function, fuse::AccessGroupPool &pool)
      : function(function), vectorLoops(function), pool(pool) {
    replacer.addReplacement([this](LLVM::AccessGroupAttr group) {
      return this->pool.get(
          groupOrder.try_emplace(group, groupOrder.size()).first->second);
    });
  }

  fuse::FunctionShape build() {
    NamedAttrList properties(
        cast_or_null<DictionaryAttr>(function->getPropertiesAsAttribute()));
    properties.erase(function.getSymNameAttrName());
    add(properties.getDictionary(function.getContext()));
    add(function->getRawDictionaryAttrs());
    addRegion(function.getBody());
    return std::move(shape);
  }

private:
  /// Tokens that tell what follows; an op name is never null.
  enum : uintptr_t { kEndOfBlock = 0, kValue = 0, kHole = 1 };

  void add(uintptr_t token) { shape.tokens.push_back(token); }
  /// Attributes with the function's access groups named by the pool's.
  void add(Attribute attribute) {
    if (attribute)
      attribute = replacer.replace(attribute);
    add(reinterpret_cast<uintptr_t>(attribute.getAsOpaquePointer()));
  }
  void add(Type type) {
    add(reinterpret_cast<uintptr_t>(type.getAsOpaquePointer()));
  }
  void addValue(Value value) {
    add(values.try_emplace(value, values.size()).first->second);
  }

  IntegerAttr varyingValue(Operation *op) {
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
      if (IntegerAttr value = varyingValue(operand.get().getDefiningOp())) {
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

  LLVM::LLVMFuncOp function;
  VectorLoops vectorLoops;
  fuse::AccessGroupPool &pool;
  AttrTypeReplacer replacer;
  llvm::DenseMap<LLVM::AccessGroupAttr, unsigned> groupOrder;
  fuse::FunctionShape shape;
  llvm::DenseMap<Value, uintptr_t> values;
  llvm::DenseMap<Block *, uintptr_t> blocks;
  llvm::DenseMap<Operation *, IntegerAttr> varying;
};

} // namespace

fuse::FunctionShape fuse::getFunctionShape(LLVM::LLVMFuncOp function,
                                           AccessGroupPool &accessGroups) {
  return ShapeBuilder(function, accessGroups).build();
}
