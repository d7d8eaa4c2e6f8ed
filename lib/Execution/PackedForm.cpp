//===- PackedForm.cpp - one calling convention for compiled entries -------===//

#include "fuse/Execution/PackedForm.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

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
    llvm::InlineFunctionInfo info;
    if (!llvm::InlineFunction(*call, info).isSuccess())
      return;
    if (callee->use_empty())
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
  // The entry's code is host glue: allocations, calls of the outlined
  // kernels, loop control. Unoptimized, it runs in microseconds per call,
  // and its instruction selection is linear (FastISel) instead of seconds
  // for a training step's single block of thousands of calls.
  packed->addFnAttr(llvm::Attribute::NoInline);
  packed->addFnAttr(llvm::Attribute::OptimizeNone);
  return packed;
}

} // namespace fuse::exec
