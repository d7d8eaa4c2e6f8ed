//===- PackedForm.cpp - one calling convention for compiled entries -------===//

#include "fuse/Execution/PackedForm.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

namespace fuse::exec {

std::string getPackedName(llvm::StringRef name) {
  return ("_fuse_packed_" + name).str();
}

namespace {

/// The single call `caller` makes to a function defined in its module, if
/// that is the callee's only use.
llvm::CallBase *getSoleCallOfOnlyUse(llvm::Function &caller) {
  llvm::CallBase *found = nullptr;
  for (llvm::Instruction &instruction : llvm::instructions(caller)) {
    auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction);
    llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || callee->isDeclaration())
      continue;
    if (found)
      return nullptr;
    found = call;
  }
  if (!found || !found->getCalledFunction()->hasOneUse())
    return nullptr;
  return found;
}

/// Inlines `call`, the only use of its callee, by moving the callee's
/// blocks into the caller instead of cloning them: a training step's entry
/// holds tens of thousands of instructions, and cloning it and deleting the
/// original took as long as translating it. False, changing nothing, where
/// a move would need what LLVM's inliner does beyond it: exception
/// handling, variadic or `musttail` calls, arguments passed by value on the
/// stack.
bool inlineByMoving(llvm::CallBase &call) {
  llvm::Function &callee = *call.getCalledFunction();
  auto *plainCall = llvm::dyn_cast<llvm::CallInst>(&call);
  if (!plainCall || plainCall->isMustTailCall() || callee.isVarArg() ||
      callee.hasPersonalityFn() ||
      llvm::any_of(callee.args(), [](const llvm::Argument &argument) {
        return argument.hasPassPointeeByValueCopyAttr() ||
               argument.hasInAllocaAttr() || argument.hasPreallocatedAttr();
      }))
    return false;
  llvm::Function &caller = *call.getFunction();
  llvm::BasicBlock *before = call.getParent();
  llvm::BasicBlock *after =
      before->splitBasicBlock(std::next(call.getIterator()), "after_call");
  for (auto [argument, value] : llvm::zip_equal(callee.args(), call.args()))
    argument.replaceAllUsesWith(value);
  // Fixed-size allocas stay in the entry block, where LLVM expects them.
  llvm::BasicBlock &calleeEntry = callee.getEntryBlock();
  for (llvm::Instruction &instruction : llvm::make_early_inc_range(calleeEntry))
    if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&instruction))
      if (alloca->isStaticAlloca())
        alloca->moveBefore(caller.getEntryBlock().getFirstInsertionPt());
  llvm::SmallVector<llvm::ReturnInst *> returns;
  for (llvm::BasicBlock &block : callee)
    if (auto *ret = llvm::dyn_cast<llvm::ReturnInst>(block.getTerminator()))
      returns.push_back(ret);
  caller.splice(after->getIterator(), &callee);
  if (!call.getType()->isVoidTy()) {
    // A callee that never returns leaves nothing to read.
    llvm::Value *result = llvm::PoisonValue::get(call.getType());
    if (returns.size() == 1) {
      result = returns.front()->getReturnValue();
    } else if (returns.size() > 1) {
      auto *phi =
          llvm::PHINode::Create(call.getType(), returns.size(), "result");
      phi->insertBefore(after->begin());
      for (llvm::ReturnInst *ret : returns)
        phi->addIncoming(ret->getReturnValue(), ret->getParent());
      result = phi;
    }
    call.replaceAllUsesWith(result);
  }
  for (llvm::ReturnInst *ret : returns) {
    llvm::BranchInst::Create(after, ret->getParent());
    ret->eraseFromParent();
  }
  before->getTerminator()->eraseFromParent();
  llvm::BranchInst::Create(&calleeEntry, before);
  call.eraseFromParent();
  return true;
}

/// Inlines the chain behind a packed form: the C interface, and the entry
/// it wraps, when nothing else calls them. The entry takes every field of
/// every memref descriptor as an argument, thousands for a training step,
/// and a call with that many stack arguments costs LLVM's instruction
/// selection seconds (its store merging is quadratic in one block's
/// stores); inlined, the fields are loads from the descriptors.
void inlineIntoPackedForm(llvm::Function &packed) {
  for (int depth = 0; depth < 2; ++depth) {
    llvm::CallBase *call = getSoleCallOfOnlyUse(packed);
    if (!call)
      return;
    llvm::Function *callee = call->getCalledFunction();
    if (!inlineByMoving(*call))
      return;
    callee->eraseFromParent();
  }
}

} // namespace

// The C interface loads whole memref descriptors and takes them apart.
// FastISel selects no aggregate load: at the first one it handed the rest
// of the packed form's single block to SelectionDAG, 0.3 s of the ResNet
// step's glue (0.03 s for all of it since).
void loadFieldsApart(llvm::Function &function) {
  llvm::SmallVector<llvm::LoadInst *> aggregateLoads;
  for (llvm::Instruction &instruction : llvm::instructions(function))
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&instruction))
      if (load->getType()->isAggregateType() && load->isSimple() &&
          llvm::all_of(load->users(), [](llvm::User *user) {
            return llvm::isa<llvm::ExtractValueInst>(user);
          }))
        aggregateLoads.push_back(load);
  llvm::IRBuilder<> builder(function.getContext());
  llvm::Type *indexType = builder.getInt32Ty();
  for (llvm::LoadInst *load : aggregateLoads) {
    builder.SetInsertPoint(load);
    for (llvm::User *user : llvm::make_early_inc_range(load->users())) {
      auto *extract = llvm::cast<llvm::ExtractValueInst>(user);
      llvm::SmallVector<llvm::Value *> indices = {
          llvm::ConstantInt::get(indexType, 0)};
      for (unsigned index : extract->indices())
        indices.push_back(llvm::ConstantInt::get(indexType, index));
      llvm::Value *field = builder.CreateInBoundsGEP(
          load->getType(), load->getPointerOperand(), indices);
      extract->replaceAllUsesWith(
          builder.CreateLoad(extract->getType(), field));
      extract->eraseFromParent();
    }
    load->eraseFromParent();
  }
}

namespace {

/// The index paths of the scalar fields of aggregate `type`, in order.
void collectFieldPaths(llvm::Type *type, llvm::SmallVector<unsigned> &path,
                       llvm::SmallVector<llvm::SmallVector<unsigned>> &paths) {
  if (!type->isAggregateType()) {
    paths.push_back(path);
    return;
  }
  unsigned count = type->isStructTy() ? type->getStructNumElements()
                                      : type->getArrayNumElements();
  for (unsigned i = 0; i < count; ++i) {
    path.push_back(i);
    collectFieldPaths(llvm::GetElementPtrInst::getTypeAtIndex(type, i), path,
                      paths);
    path.pop_back();
  }
}

/// Replaces `phi` with one phi per scalar field, and its uses with the
/// aggregate rebuilt from them after the block's phis. A field comes
/// straight from the `insertvalue` that set it where there is one, else
/// from an `extractvalue` at the end of the predecessor.
void splitPhi(llvm::PHINode *phi) {
  llvm::Type *type = phi->getType();
  llvm::SmallVector<llvm::SmallVector<unsigned>> paths;
  llvm::SmallVector<unsigned> path;
  collectFieldPaths(type, path, paths);
  llvm::IRBuilder<> builder(phi);
  llvm::SmallVector<llvm::Value *> fields;
  for (llvm::ArrayRef<unsigned> field : paths) {
    llvm::PHINode *fieldPhi =
        builder.CreatePHI(llvm::ExtractValueInst::getIndexedType(type, field),
                          phi->getNumIncomingValues());
    for (auto [incoming, from] :
         llvm::zip_equal(phi->incoming_values(), phi->blocks())) {
      llvm::Value *value = llvm::FindInsertedValue(incoming, field);
      if (!value)
        value = llvm::IRBuilder<>(from->getTerminator())
                    .CreateExtractValue(incoming, field);
      fieldPhi->addIncoming(value, from);
    }
    fields.push_back(fieldPhi);
  }
  builder.SetInsertPoint(phi->getParent()->getFirstInsertionPt());
  llvm::Value *aggregate = llvm::PoisonValue::get(type);
  for (auto [field, value] : llvm::zip_equal(paths, fields))
    aggregate = builder.CreateInsertValue(aggregate, value, field);
  phi->replaceAllUsesWith(aggregate);
  phi->eraseFromParent();
}

} // namespace

// A loop in the entry (an `hlo.while` whose body calls kernels) carries
// memref descriptors, which the conversion to LLVM makes aggregate phis.
// FastISel selects none: at a branch into one it handed the whole block to
// SelectionDAG, 11.7 s for an LLM's generate loop whose entry block held
// 41,000 instructions.
void splitAggregatePhis(llvm::Function &function) {
  llvm::SmallVector<llvm::PHINode *> phis;
  for (llvm::BasicBlock &block : function)
    for (llvm::PHINode &phi : block.phis())
      if (phi.getType()->isAggregateType())
        phis.push_back(&phi);
  if (phis.empty())
    return;
  for (llvm::PHINode *phi : phis)
    splitPhi(phi);
  // Fields read from the rebuilt aggregates (or from an incoming one) are
  // the phis and values themselves; what built the aggregates is then dead.
  llvm::SmallVector<llvm::WeakTrackingVH> unused;
  for (llvm::Instruction &instruction : llvm::instructions(function)) {
    if (auto *extract = llvm::dyn_cast<llvm::ExtractValueInst>(&instruction))
      if (llvm::Value *field = llvm::FindInsertedValue(
              extract->getAggregateOperand(), extract->getIndices()))
        extract->replaceAllUsesWith(field);
    if (llvm::isa<llvm::ExtractValueInst, llvm::InsertValueInst>(instruction))
      unused.push_back(&instruction);
  }
  llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(unused);
}

llvm::Function *addPackedForm(llvm::Function &function) {
  llvm::Module &module = *function.getParent();
  llvm::LLVMContext &context = module.getContext();
  auto *pointerType = llvm::PointerType::getUnqual(context);
  auto *packedType = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                             {pointerType}, /*isVarArg=*/false);
  auto *packed =
      llvm::Function::Create(packedType, llvm::GlobalValue::ExternalLinkage,
                             getPackedName(function.getName()), module);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", packed));
  llvm::Value *pointers = packed->getArg(0);
  auto pointerTo = [&](unsigned i) {
    return builder.CreateLoad(
        pointerType, builder.CreateConstGEP1_64(pointerType, pointers, i));
  };
  llvm::SmallVector<llvm::Value *> arguments;
  for (llvm::Argument &argument : function.args())
    arguments.push_back(
        builder.CreateLoad(argument.getType(), pointerTo(argument.getArgNo())));
  llvm::Value *result = builder.CreateCall(&function, arguments);
  if (!result->getType()->isVoidTy())
    builder.CreateStore(result, pointerTo(function.arg_size()));
  builder.CreateRetVoid();
  inlineIntoPackedForm(*packed);
  loadFieldsApart(*packed);
  splitAggregatePhis(*packed);
  // The entry's code is host glue: allocations, calls of the outlined
  // kernels, loop control. Unoptimized, it runs in microseconds per call,
  // and its instruction selection is linear (FastISel) instead of seconds
  // for a training step's single block of thousands of calls.
  packed->addFnAttr(llvm::Attribute::NoInline);
  packed->addFnAttr(llvm::Attribute::OptimizeNone);
  return packed;
}

} // namespace fuse::exec
