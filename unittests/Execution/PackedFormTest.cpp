//===- PackedFormTest.cpp - the packed calling convention -----------------===//

#include "fuse/Execution/PackedForm.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <memory>

using namespace fuse::exec;

namespace {

/// An entry taking descriptor fields, and the C interface that loads a
/// 2-d descriptor whole and passes its fields on, as MLIR emits them.
constexpr const char *kEntryAndInterface = R"ll(
define i64 @entry(ptr %allocated, ptr %aligned, i64 %offset, i64 %size0,
                  i64 %size1, i64 %stride0, i64 %stride1) {
  %rows = mul i64 %size0, %stride0
  %sum = add i64 %rows, %size1
  ret i64 %sum
}

define i64 @_mlir_ciface_entry(ptr %descriptor) {
  %whole = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %descriptor, align 8
  %allocated = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 0
  %aligned = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 1
  %offset = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 2
  %size0 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 3, 0
  %size1 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 3, 1
  %stride0 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 4, 0
  %stride1 = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %whole, 4, 1
  %result = call i64 @entry(ptr %allocated, ptr %aligned, i64 %offset,
                            i64 %size0, i64 %size1, i64 %stride0, i64 %stride1)
  ret i64 %result
}
)ll";

std::unique_ptr<llvm::Module> parse(const char *text,
                                    llvm::LLVMContext &context) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, diagnostic, context);
  if (!module)
    diagnostic.print("PackedFormTest", llvm::errs());
  return module;
}

int countAggregateLoads(llvm::Function &function) {
  int count = 0;
  for (llvm::Instruction &instruction : llvm::instructions(function))
    if (auto *load = llvm::dyn_cast<llvm::LoadInst>(&instruction))
      count += load->getType()->isAggregateType();
  return count;
}

TEST(PackedForm, AbsorbsTheInterfaceAndLoadsFieldsApart) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(kEntryAndInterface, context);
  ASSERT_TRUE(module);
  llvm::Function *packed =
      addPackedForm(*module->getFunction("_mlir_ciface_entry"));
  ASSERT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  EXPECT_EQ(packed->getName(), getPackedName("_mlir_ciface_entry"));
  EXPECT_TRUE(packed->hasFnAttribute(llvm::Attribute::OptimizeNone));
  // Both callees were only called by it: inlined and gone.
  EXPECT_EQ(module->getFunction("_mlir_ciface_entry"), nullptr);
  EXPECT_EQ(module->getFunction("entry"), nullptr);
  // Each field the interface took apart is loaded by itself.
  EXPECT_EQ(countAggregateLoads(*packed), 0);
  int extracts = 0;
  for (llvm::Instruction &instruction : llvm::instructions(*packed))
    extracts += llvm::isa<llvm::ExtractValueInst>(instruction);
  EXPECT_EQ(extracts, 0);
}

// The entry and its interface move into the packed form: their
// instructions are the same objects, not copies of ones deleted after.
TEST(PackedForm, MovesTheEntryRatherThanCopyingIt) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(kEntryAndInterface, context);
  ASSERT_TRUE(module);
  llvm::Instruction &rows =
      module->getFunction("entry")->getEntryBlock().front();
  ASSERT_EQ(rows.getName(), "rows");
  llvm::WeakTrackingVH handle(&rows);
  llvm::Function *packed =
      addPackedForm(*module->getFunction("_mlir_ciface_entry"));
  ASSERT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  ASSERT_TRUE(handle) << "the entry's instructions were deleted";
  EXPECT_EQ(llvm::cast<llvm::Instruction>(handle)->getFunction(), packed);
}

TEST(PackedForm, KeepsAggregateLoadsReadWhole) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(R"ll(
define void @copy(ptr %from, ptr %to) {
  %whole = load { ptr, i64 }, ptr %from, align 8
  %size = extractvalue { ptr, i64 } %whole, 1
  store { ptr, i64 } %whole, ptr %to, align 8
  ret void
}
define i64 @size(ptr %from) {
  %whole = load { ptr, i64 }, ptr %from, align 8
  %size = extractvalue { ptr, i64 } %whole, 1
  ret i64 %size
}
)ll",
                                               context);
  ASSERT_TRUE(module);
  // A load that is also stored whole stays; one only taken apart goes.
  llvm::Function &copy = *module->getFunction("copy");
  loadFieldsApart(copy);
  EXPECT_EQ(countAggregateLoads(copy), 1);
  llvm::Function &size = *module->getFunction("size");
  loadFieldsApart(size);
  EXPECT_EQ(countAggregateLoads(size), 0);
  ASSERT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  // The field is read at its offset in the struct: the second field.
  auto &load = llvm::cast<llvm::LoadInst>(
      *llvm::cast<llvm::ReturnInst>(size.getEntryBlock().getTerminator())
           ->getReturnValue());
  auto *field = llvm::cast<llvm::GetElementPtrInst>(load.getPointerOperand());
  EXPECT_EQ(field->getPointerOperand(), size.getArg(0));
  EXPECT_TRUE(field->hasAllConstantIndices());
  EXPECT_EQ(llvm::cast<llvm::ConstantInt>(field->getOperand(2))->getZExtValue(),
            1u);
}

} // namespace

// A loop of the entry carries a descriptor: MLIR makes it an aggregate phi,
// which FastISel does not select. Each field gets a phi of its own; what
// reads a field reads that phi, and what takes the whole descriptor gets
// it rebuilt from them.
TEST(PackedForm, SplitsAggregatePhisIntoFields) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(R"ll(
declare { ptr, i64, [2 x i64] } @next({ ptr, i64, [2 x i64] })
define i64 @loop(ptr %data, i64 %size) {
entry:
  %a = insertvalue { ptr, i64, [2 x i64] } poison, ptr %data, 0
  %b = insertvalue { ptr, i64, [2 x i64] } %a, i64 0, 1
  %c = insertvalue { ptr, i64, [2 x i64] } %b, i64 %size, 2, 0
  %d = insertvalue { ptr, i64, [2 x i64] } %c, i64 1, 2, 1
  br label %header
header:
  %state = phi { ptr, i64, [2 x i64] } [ %d, %entry ], [ %next, %body ]
  %i = extractvalue { ptr, i64, [2 x i64] } %state, 1
  %n = extractvalue { ptr, i64, [2 x i64] } %state, 2, 0
  %more = icmp slt i64 %i, %n
  br i1 %more, label %body, label %exit
body:
  %next = call { ptr, i64, [2 x i64] } @next({ ptr, i64, [2 x i64] } %state)
  br label %header
exit:
  ret i64 %i
}
)ll",
                                               context);
  ASSERT_TRUE(module);
  llvm::Function &loop = *module->getFunction("loop");
  splitAggregatePhis(loop);
  ASSERT_FALSE(llvm::verifyModule(*module, &llvm::errs()));

  llvm::BasicBlock &header = *std::next(loop.begin());
  llvm::BasicBlock &body = *std::next(loop.begin(), 2);
  int phis = 0;
  for (llvm::PHINode &phi : header.phis()) {
    EXPECT_FALSE(phi.getType()->isAggregateType());
    ++phis;
  }
  EXPECT_EQ(phis, 4);
  // From the entry, the fields come as they were inserted, and the
  // insertions are gone; from the loop's body, taken from the call.
  for (llvm::Instruction &instruction : loop.getEntryBlock())
    EXPECT_FALSE(llvm::isa<llvm::InsertValueInst>(instruction));
  auto *exit =
      llvm::cast<llvm::ReturnInst>(std::prev(loop.end())->getTerminator());
  auto *counter = llvm::dyn_cast<llvm::PHINode>(exit->getReturnValue());
  ASSERT_NE(counter, nullptr);
  EXPECT_EQ(counter->getIncomingValueForBlock(&loop.getEntryBlock()),
            llvm::ConstantInt::get(llvm::Type::getInt64Ty(context), 0));
  auto *fromBody = llvm::dyn_cast<llvm::ExtractValueInst>(
      counter->getIncomingValueForBlock(&body));
  ASSERT_NE(fromBody, nullptr);
  EXPECT_TRUE(llvm::isa<llvm::CallInst>(fromBody->getAggregateOperand()));
  // The call still takes the whole descriptor, rebuilt from the phis.
  for (llvm::Instruction &instruction : body)
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(&instruction))
      EXPECT_TRUE(llvm::isa<llvm::InsertValueInst>(call->getArgOperand(0)));
}
