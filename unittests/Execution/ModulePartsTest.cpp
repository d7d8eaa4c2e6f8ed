//===- ModulePartsTest.cpp - an LLVM module in parts of equal cost --------===//

#include "fuse/Execution/ModuleParts.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <map>
#include <string>
#include <vector>

using namespace fuse::exec;

namespace {

/// A function @name of `length` dependent adds, with `linkage`.
std::string makeFunction(const std::string &name, int length,
                         const std::string &linkage = "") {
  std::string text = "define " + linkage + "i64 @" + name + "(i64 %x) {\n";
  text += "  %v0 = add i64 %x, 1\n";
  for (int i = 1; i < length; ++i)
    text += "  %v" + std::to_string(i) + " = add i64 %v" +
            std::to_string(i - 1) + ", " + std::to_string(i) + "\n";
  text += "  ret i64 %v" + std::to_string(length - 1) + "\n}\n";
  return text;
}

/// `count` functions @f0, @f1, ... of `length` adds each.
std::string makeFunctions(int count, int length) {
  std::string text;
  for (int f = 0; f < count; ++f)
    text += makeFunction("f" + std::to_string(f), length);
  return text;
}

std::unique_ptr<llvm::Module> parse(const std::string &text,
                                    llvm::LLVMContext &context) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(text, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  return module;
}

struct Part {
  std::unique_ptr<llvm::Module> module;
  size_t cost;
};

std::vector<Part> split(llvm::Module &module, unsigned parts) {
  std::vector<Part> result;
  splitModuleByCost(module, parts,
                    [&](std::unique_ptr<llvm::Module> part, size_t cost) {
                      result.push_back({std::move(part), cost});
                    });
  return result;
}

std::vector<std::string> definedFunctions(const llvm::Module &module) {
  std::vector<std::string> names;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration())
      names.push_back(function.getName().str());
  return names;
}

// Sizes 1000, 900, ..., 100 (plus the per-function cost) in 3 parts:
// longest first into the lightest part gives costs within the smallest
// function of each other; hashing names or counting functions does not.
TEST(ModulePartsTest, PartsBalanceInstructionsLargestFirst) {
  llvm::LLVMContext context;
  std::string text;
  for (int f = 1; f <= 10; ++f)
    text += makeFunction("f" + std::to_string(f), 100 * f);
  std::unique_ptr<llvm::Module> module = parse(text, context);
  ASSERT_TRUE(module);
  size_t total = 0;
  for (const llvm::Function &function : *module)
    total += getCompileCost(function);

  std::vector<Part> parts = split(*module, 3);
  ASSERT_EQ(parts.size(), 3u);
  std::map<std::string, int> definitions;
  size_t sum = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    EXPECT_FALSE(llvm::verifyModule(*parts[i].module, &llvm::errs()));
    size_t cost = 0;
    for (const llvm::Function &function : *parts[i].module)
      cost += getCompileCost(function);
    EXPECT_EQ(cost, parts[i].cost);
    if (i > 0)
      EXPECT_GE(parts[i - 1].cost, parts[i].cost) << "costliest first";
    sum += cost;
    for (const std::string &name : definedFunctions(*parts[i].module))
      ++definitions[name];
  }
  EXPECT_EQ(sum, total);
  EXPECT_EQ(definitions.size(), 10u);
  for (const auto &[name, count] : definitions)
    EXPECT_EQ(count, 1) << name;
  // 5500 instructions: 1900, 1800 and 1800 (and each function's 21).
  EXPECT_LE(parts.front().cost - parts.back().cost, 100u + 20u);
}

// Internal functions and variables become external definitions in one
// part and declarations in the others, so the parts link back into one
// module; variables stay in the first part, and the others reach them
// through the GOT (not dso_local), at whatever distance the JIT puts them.
TEST(ModulePartsTest, PartsReferToEachOthersLocals) {
  llvm::LLVMContext context;
  std::string text = "@table = internal global i64 7\n";
  text += "@0 = private constant i64 5\n";
  text += makeFunction("helper", 600, "internal ");
  text += makeFunction("inlined", 300, "linkonce_odr ");
  text += "define i64 @user(i64 %x) {\n"
          "  %t = load i64, ptr @table\n  %u = load i64, ptr @0\n"
          "  %h = call i64 @helper(i64 %x)\n"
          "  %i = call i64 @inlined(i64 %h)\n"
          "  %s = add i64 %t, %i\n  %r = add i64 %s, %u\n  ret i64 %r\n}\n";
  text += makeFunction("big", 900);
  std::unique_ptr<llvm::Module> module = parse(text, context);
  ASSERT_TRUE(module);

  std::vector<Part> parts = split(*module, 2);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_FALSE(parts[0].module->getNamedGlobal("table")->isDeclaration());
  EXPECT_TRUE(parts[1].module->getNamedGlobal("table")->isDeclaration());
  for (Part &part : parts)
    for (const llvm::GlobalVariable &variable : part.module->globals()) {
      EXPECT_FALSE(variable.isDSOLocal()) << variable.getName().str();
      EXPECT_TRUE(variable.hasDefaultVisibility()) << variable.getName().str();
    }
  for (Part &part : parts) {
    EXPECT_FALSE(llvm::verifyModule(*part.module, &llvm::errs()));
    for (const llvm::GlobalValue &global : part.module->global_values()) {
      EXPECT_FALSE(global.hasLocalLinkage()) << global.getName().str();
      EXPECT_FALSE(global.hasLinkOnceLinkage()) << global.getName().str();
    }
  }
  llvm::Function *helper = parts[0].module->getFunction("helper");
  if (helper->isDeclaration())
    helper = parts[1].module->getFunction("helper");
  EXPECT_TRUE(helper->hasHiddenVisibility());

  std::unique_ptr<llvm::Module> linked = std::move(parts[0].module);
  EXPECT_FALSE(llvm::Linker::linkModules(*linked, std::move(parts[1].module)));
  EXPECT_FALSE(llvm::verifyModule(*linked, &llvm::errs()));
  EXPECT_EQ(definedFunctions(*linked).size(), 4u);
}

// Functions move to the new module with their instructions (the same
// objects: nothing is cloned), calling each other there and declarations
// of the rest; what stays calls their declarations. A constant expression
// and loop metadata move along, and the two modules link back into one.
TEST(ModulePartsTest, MovedFunctionsKeepTheirInstructions) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(R"ll(
@counter = internal global i64 0
@pair = internal constant [2 x i64] [i64 1, i64 2]
define internal i64 @helper(i64 %x) {
  %second = load i64, ptr getelementptr inbounds ([2 x i64], ptr @pair, i64 0, i64 1)
  %sum = add i64 %x, %second
  ret i64 %sum
}
define i64 @moved(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp sge i64 %next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !0
exit:
  %h = call i64 @helper(i64 %next)
  %c = load i64, ptr @counter
  %r = add i64 %h, %c
  ret i64 %r
}
define i64 @stays(i64 %x) {
  %m = call i64 @moved(i64 %x)
  ret i64 %m
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
)ll",
                                               context);
  ASSERT_TRUE(module);
  for (llvm::GlobalValue &global : module->global_values())
    makeLinkableAcrossParts(global);
  llvm::Function *moved = module->getFunction("moved");
  llvm::Function *helper = module->getFunction("helper");
  llvm::WeakTrackingVH first(&moved->getEntryBlock().front());
  llvm::WeakTrackingVH load(&helper->getEntryBlock().front());

  std::unique_ptr<llvm::Module> part =
      moveIntoNewModule(*module, {moved, helper}, /*defineVariables=*/false);
  ASSERT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  ASSERT_FALSE(llvm::verifyModule(*part, &llvm::errs()));
  EXPECT_EQ(definedFunctions(*module), std::vector<std::string>{"stays"});
  EXPECT_EQ(definedFunctions(*part),
            (std::vector<std::string>{"helper", "moved"}));
  EXPECT_TRUE(part->getNamedGlobal("pair")->isDeclaration());
  EXPECT_FALSE(module->getNamedGlobal("pair")->isDeclaration());
  ASSERT_TRUE(first && load) << "moved instructions were deleted";
  llvm::Function *movedThere = part->getFunction("moved");
  EXPECT_EQ(llvm::cast<llvm::Instruction>(first)->getFunction(), movedThere);
  EXPECT_EQ(llvm::cast<llvm::Instruction>(load)->getFunction(),
            part->getFunction("helper"));
  for (llvm::Instruction &instruction : llvm::instructions(*movedThere)) {
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(&instruction))
      EXPECT_EQ(call->getCalledFunction(), part->getFunction("helper"));
    if (auto *branch = llvm::dyn_cast<llvm::BranchInst>(&instruction))
      if (branch->isConditional())
        EXPECT_TRUE(branch->getMetadata(llvm::LLVMContext::MD_loop));
  }

  EXPECT_FALSE(llvm::Linker::linkModules(*module, std::move(part)));
  EXPECT_FALSE(llvm::verifyModule(*module, &llvm::errs()));
  std::vector<std::string> linked = definedFunctions(*module);
  llvm::sort(linked);
  EXPECT_EQ(linked, (std::vector<std::string>{"helper", "moved", "stays"}));
}

// How many parts: none below the cost worth splitting or on one thread,
// else one per thread, more of at least 4000 instructions up to four per
// thread, and never more than the functions.
TEST(ModulePartsTest, PartCountsFollowCostAndThreads) {
  struct Case {
    int functions, length;
    unsigned threads, parts;
  };
  for (Case c :
       {Case{2, 400, 2, 1}, Case{40, 1000, 1, 1}, Case{40, 1000, 2, 8},
        Case{20, 1000, 2, 5}, Case{3, 1000, 2, 2}, Case{3, 1000, 8, 3}}) {
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module =
        parse(makeFunctions(c.functions, c.length), context);
    ASSERT_TRUE(module);
    EXPECT_EQ(countModuleParts(*module, c.threads), c.parts)
        << c.functions << " functions of " << c.length << " on " << c.threads
        << " threads";
  }
}

} // namespace
