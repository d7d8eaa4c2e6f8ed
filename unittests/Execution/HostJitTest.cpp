//===- HostJitTest.cpp - compiling LLVM-dialect modules on threads --------===//

#include "fuse/Execution/HostJit.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Pass.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <string>

using namespace mlir;
using namespace fuse::exec;

namespace {

/// Constructors of priorities 2 (x10) and 1 (set 7) run in priority order:
/// 70. The destructor is not observable here; it must only link.
constexpr const char *kConstructors = R"mlir(
llvm.mlir.global internal @counter(0 : i64) : i64
llvm.mlir.global_ctors ctors = [@times_ten, @set_seven],
    priorities = [2 : i32, 1 : i32], data = [#llvm.zero, #llvm.zero]
llvm.mlir.global_dtors dtors = [@set_seven], priorities = [0 : i32],
    data = [#llvm.zero]
llvm.func @times_ten() {
  %a = llvm.mlir.addressof @counter : !llvm.ptr
  %v = llvm.load %a : !llvm.ptr -> i64
  %c = llvm.mlir.constant(10 : i64) : i64
  %m = llvm.mul %v, %c : i64
  llvm.store %m, %a : i64, !llvm.ptr
  llvm.return
}
llvm.func @set_seven() {
  %a = llvm.mlir.addressof @counter : !llvm.ptr
  %c = llvm.mlir.constant(7 : i64) : i64
  llvm.store %c, %a : i64, !llvm.ptr
  llvm.return
}
llvm.func @counter_plus(%x: i64) -> i64 {
  %a = llvm.mlir.addressof @counter : !llvm.ptr
  %v = llvm.load %a : !llvm.ptr -> i64
  %s = llvm.add %v, %x : i64
  llvm.return %s : i64
}
)mlir";

/// `parts` internal functions of `length` dependent adds each, and @total
/// calling all of them: large enough to be compiled in pieces.
std::string makeLargeModule(int parts, int length) {
  std::string text;
  for (int f = 0; f < parts; ++f) {
    text += "llvm.func internal @part" + std::to_string(f) +
            "(%x: i64) -> i64 {\n  %c = llvm.mlir.constant(" +
            std::to_string(f + 1) +
            " : i64) : i64\n  %v0 = llvm.add %x, %c : i64\n";
    for (int i = 1; i < length; ++i)
      text += "  %v" + std::to_string(i) + " = llvm.add %v" +
              std::to_string(i - 1) + ", %c : i64\n";
    text += "  llvm.return %v" + std::to_string(length - 1) + " : i64\n}\n";
  }
  text += "llvm.func @total(%x: i64) -> i64 {\n  %s0 = llvm.mlir.constant(0 : "
          "i64) : i64\n";
  for (int f = 0; f < parts; ++f)
    text += "  %r" + std::to_string(f) + " = llvm.call @part" +
            std::to_string(f) + "(%x) : (i64) -> i64\n  %s" +
            std::to_string(f + 1) + " = llvm.add %s" + std::to_string(f) +
            ", %r" + std::to_string(f) + " : i64\n";
  text += "  llvm.return %s" + std::to_string(parts) + " : i64\n}\n";
  return text;
}

/// An entry behind a C-interface-style wrapper that loads its arguments
/// from a descriptor, and two entries that share a helper.
constexpr const char *kWrappedEntries = R"mlir(
llvm.func @entry(%a: i64, %b: i64, %c: i64, %d: i64, %e: i64, %f: i64,
                 %g: i64, %h: i64) -> i64 {
  %ab = llvm.mul %a, %b : i64
  %cd = llvm.add %ab, %c : i64
  %de = llvm.sub %cd, %d : i64
  %ef = llvm.add %de, %e : i64
  %fg = llvm.add %ef, %f : i64
  %gh = llvm.mul %g, %h : i64
  %s = llvm.add %fg, %gh : i64
  llvm.return %s : i64
}
llvm.func @wrapper(%p: !llvm.ptr) -> i64 {
  %v = llvm.load %p : !llvm.ptr -> !llvm.array<8 x i64>
  %a = llvm.extractvalue %v[0] : !llvm.array<8 x i64>
  %b = llvm.extractvalue %v[1] : !llvm.array<8 x i64>
  %c = llvm.extractvalue %v[2] : !llvm.array<8 x i64>
  %d = llvm.extractvalue %v[3] : !llvm.array<8 x i64>
  %e = llvm.extractvalue %v[4] : !llvm.array<8 x i64>
  %f = llvm.extractvalue %v[5] : !llvm.array<8 x i64>
  %g = llvm.extractvalue %v[6] : !llvm.array<8 x i64>
  %h = llvm.extractvalue %v[7] : !llvm.array<8 x i64>
  %r = llvm.call @entry(%a, %b, %c, %d, %e, %f, %g, %h)
      : (i64, i64, i64, i64, i64, i64, i64, i64) -> i64
  llvm.return %r : i64
}
llvm.func @shared(%x: i64) -> i64 {
  %c = llvm.mlir.constant(3 : i64) : i64
  %m = llvm.mul %x, %c : i64
  llvm.return %m : i64
}
llvm.func @first(%x: i64) -> i64 {
  %r = llvm.call @shared(%x) : (i64) -> i64
  llvm.return %r : i64
}
llvm.func @second(%x: i64) -> i64 {
  %r = llvm.call @shared(%x) : (i64) -> i64
  %o = llvm.mlir.constant(1 : i64) : i64
  %s = llvm.add %r, %o : i64
  llvm.return %s : i64
}
)mlir";

/// An entry with a stack slot and two returns: x * 2 above 5, else x + 100.
constexpr const char *kEntryWithTwoReturns = R"mlir(
llvm.func @entry(%x: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %slot = llvm.alloca %one x i64 : (i64) -> !llvm.ptr
  llvm.store %x, %slot : i64, !llvm.ptr
  %five = llvm.mlir.constant(5 : i64) : i64
  %large = llvm.icmp "sgt" %x, %five : i64
  llvm.cond_br %large, ^double, ^shift
^double:
  %v = llvm.load %slot : !llvm.ptr -> i64
  %d = llvm.add %v, %v : i64
  llvm.return %d : i64
^shift:
  %hundred = llvm.mlir.constant(100 : i64) : i64
  %s = llvm.add %x, %hundred : i64
  llvm.return %s : i64
}
)mlir";

/// A kernel with a loop, the straight-line glue that launches it, and an
/// entry calling the glue twice: entry(n) = sum(0..n-1) + sum(0..n).
constexpr const char *kGlueAndKernel = R"mlir(
llvm.func internal @kernel(%n: i64) -> i64 {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%zero, %zero : i64, i64)
^loop(%i: i64, %sum: i64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %next = llvm.add %sum, %i : i64
  %step = llvm.add %i, %one : i64
  llvm.br ^loop(%step, %next : i64, i64)
^exit:
  llvm.return %sum : i64
}
llvm.func internal @launch(%n: i64) -> i64 {
  %r = llvm.call @kernel(%n) : (i64) -> i64
  llvm.return %r : i64
}
llvm.func @entry(%n: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %m = llvm.add %n, %one : i64
  %a = llvm.call @launch(%n) : (i64) -> i64
  %b = llvm.call @launch(%m) : (i64) -> i64
  %s = llvm.add %a, %b : i64
  llvm.return %s : i64
}
)mlir";

/// A launcher that hands its kernel's loop body to a runtime's fork, as an
/// OpenMP parallel kernel does, and an entry calling it twice (so that its
/// packed form does not absorb it).
constexpr const char *kForkedKernel = R"mlir(
llvm.func @fork(!llvm.ptr, i64)
llvm.func internal @body(%n: i64) {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %step = llvm.add %i, %one : i64
  llvm.br ^loop(%step : i64)
^exit:
  llvm.return
}
llvm.func internal @launch(%n: i64) {
  %body = llvm.mlir.addressof @body : !llvm.ptr
  llvm.call @fork(%body, %n) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @entry(%n: i64) {
  llvm.call @launch(%n) : (i64) -> ()
  llvm.call @launch(%n) : (i64) -> ()
  llvm.return
}
)mlir";

/// The names of the functions `object` defines, sorted.
std::vector<std::string> definedFunctions(const llvm::MemoryBuffer &object) {
  std::vector<std::string> names;
  auto file =
      llvm::object::ObjectFile::createObjectFile(object.getMemBufferRef());
  if (!file) {
    ADD_FAILURE() << llvm::toString(file.takeError());
    return names;
  }
  for (const llvm::object::SymbolRef &symbol : (*file)->symbols()) {
    auto type = symbol.getType();
    auto name = symbol.getName();
    auto flags = symbol.getFlags();
    if (type && name && flags &&
        *type == llvm::object::SymbolRef::ST_Function &&
        !(*flags & llvm::object::SymbolRef::SF_Undefined))
      names.push_back(name->str());
    else {
      if (!type)
        llvm::consumeError(type.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
      if (!flags)
        llvm::consumeError(flags.takeError());
    }
  }
  llvm::sort(names);
  return names;
}

/// The names of the functions the objects of `program` define, sorted.
std::vector<std::string> definedFunctions(const CompiledProgram &program) {
  std::vector<std::string> names;
  for (const std::unique_ptr<llvm::MemoryBuffer> &object : program.objects)
    llvm::append_range(names, definedFunctions(*object));
  llvm::sort(names);
  return names;
}

class HostJitTest : public ::testing::Test {
protected:
  HostJitTest() {
    context.loadDialect<LLVM::LLVMDialect>();
    registerBuiltinDialectTranslation(context);
    registerLLVMDialectTranslation(context);
  }

  /// Compiles `source` on `threads` threads and calls the packed form of
  /// `name` on `x`.
  int64_t compileAndCall(const std::string &source, llvm::StringRef name,
                         int64_t x, unsigned threads) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return 0;
    auto compiled = HostJit::compile(*module, {name.str()}, threads);
    EXPECT_TRUE(static_cast<bool>(compiled))
        << llvm::toString(compiled.takeError());
    if (!compiled)
      return 0;
    auto jit = HostJit::load(std::move(*compiled), {});
    EXPECT_TRUE(static_cast<bool>(jit)) << llvm::toString(jit.takeError());
    if (!jit)
      return 0;
    auto function = (*jit)->lookupPacked(name);
    EXPECT_TRUE(static_cast<bool>(function))
        << llvm::toString(function.takeError());
    if (!function)
      return 0;
    llvm::Error initialized = (*jit)->initialize();
    EXPECT_FALSE(static_cast<bool>(initialized));
    llvm::consumeError(std::move(initialized));
    int64_t result = 0;
    void *arguments[] = {&x, &result};
    (*function)(arguments);
    return result;
  }

  MLIRContext context;
};

TEST_F(HostJitTest, ConstructorsRunInPriorityOrder) {
  EXPECT_EQ(compileAndCall(kConstructors, "counter_plus", 5, 1), 75);
}

TEST_F(HostJitTest, PiecesCompiledOnThreadsLinkTogether) {
  const int parts = 8, length = 400;
  // part f adds (f + 1) * length; the sum over f of (x + (f + 1) * length).
  int64_t x = 3;
  int64_t expected = parts * x + length * parts * (parts + 1) / 2;
  std::string source = makeLargeModule(parts, length);
  EXPECT_EQ(compileAndCall(source, "total", x, 2), expected);
  EXPECT_EQ(compileAndCall(source, "total", x, 1), expected);
}

// A wrapper and the entry only it calls are inlined into the packed form
// and dropped: a training step's entry takes thousands of arguments, and a
// call passing them costs instruction selection seconds. A function that
// two entries call is kept.
TEST_F(HostJitTest, PackedFormsAbsorbWhatOnlyTheyCall) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kWrappedEntries, &context);
  ASSERT_TRUE(module);
  auto compiled = HostJit::compile(*module, {"wrapper", "first", "second"}, 1);
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  EXPECT_EQ(
      definedFunctions(*compiled),
      (std::vector<std::string>{"_fuse_packed_first", "_fuse_packed_second",
                                "_fuse_packed_wrapper", "shared"}));

  auto jit = HostJit::load(std::move(*compiled), {});
  ASSERT_TRUE(static_cast<bool>(jit)) << llvm::toString(jit.takeError());
  auto wrapper = (*jit)->lookupPacked("wrapper");
  ASSERT_TRUE(static_cast<bool>(wrapper))
      << llvm::toString(wrapper.takeError());
  int64_t fields[8] = {2, 3, 4, 5, 6, 7, 8, 9};
  int64_t *descriptor = fields, result = 0;
  void *arguments[] = {&descriptor, &result};
  (*wrapper)(arguments);
  EXPECT_EQ(result, 2 * 3 + 4 - 5 + 6 + 7 + 8 * 9);
}

// The entry's blocks move into its packed form: its returns join where the
// packed form stores the result, and its stack slot stays in the entry
// block.
TEST_F(HostJitTest, PackedFormsAbsorbEntriesWithSeveralReturns) {
  for (unsigned threads : {1u, 2u}) {
    EXPECT_EQ(compileAndCall(kEntryWithTwoReturns, "entry", 7, threads), 14);
    EXPECT_EQ(compileAndCall(kEntryWithTwoReturns, "entry", 3, threads), 103);
  }
}

// Host glue (the packed entry and straight-line launchers) is an object of
// its own, compiled without optimization; kernels are in the others, and
// the internal symbols between them link.
TEST_F(HostJitTest, HostGlueIsCompiledApartFromKernels) {
  for (unsigned threads : {1u, 2u}) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kGlueAndKernel, &context);
    ASSERT_TRUE(module);
    auto compiled = HostJit::compile(*module, {"entry"}, threads);
    ASSERT_TRUE(static_cast<bool>(compiled))
        << llvm::toString(compiled.takeError());
    std::vector<std::vector<std::string>> objects;
    for (const std::unique_ptr<llvm::MemoryBuffer> &object : compiled->objects)
      objects.push_back(definedFunctions(*object));
    EXPECT_TRUE(llvm::is_contained(
        objects, std::vector<std::string>{"_fuse_packed_entry", "launch"}));
    EXPECT_TRUE(
        llvm::is_contained(objects, std::vector<std::string>{"kernel"}));
  }
  EXPECT_EQ(compileAndCall(kGlueAndKernel, "entry", 5, 2), 10 + 15);
  EXPECT_EQ(compileAndCall(kGlueAndKernel, "entry", 5, 1), 10 + 15);
}

// A launcher that only forks its kernel onto a team is glue too.
TEST_F(HostJitTest, ForkingLaunchersAreHostGlue) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kForkedKernel, &context);
  ASSERT_TRUE(module);
  auto compiled = HostJit::compile(*module, {"entry"}, 2);
  ASSERT_TRUE(static_cast<bool>(compiled))
      << llvm::toString(compiled.takeError());
  std::vector<std::vector<std::string>> objects;
  for (const std::unique_ptr<llvm::MemoryBuffer> &object : compiled->objects)
    objects.push_back(definedFunctions(*object));
  EXPECT_EQ(objects, (std::vector<std::vector<std::string>>{
                         {"_fuse_packed_entry", "launch"}, {"body"}}));
}

TEST(HostCodeGeneration, LeavesOutLoopStrengthReductionOnly) {
  // The name the gate refuses is the one this LLVM gives the pass.
  std::unique_ptr<llvm::Pass> reduction(llvm::createLoopStrengthReducePass());
  EXPECT_EQ(reduction->getPassName(), kLoopStrengthReduction);

  llvm::LLVMContext context;
  EXPECT_FALSE(context.getOptPassGate().isEnabled());
  leaveOutLoopStrengthReduction(context);
  const llvm::OptPassGate &gate = context.getOptPassGate();
  ASSERT_TRUE(gate.isEnabled());
  EXPECT_FALSE(gate.shouldRunPass(kLoopStrengthReduction, "loop %body"));
  EXPECT_TRUE(gate.shouldRunPass("X86 DAG->DAG Instruction Selection",
                                 "function @kernel"));
  EXPECT_TRUE(gate.shouldRunPass("Loop Invariant Code Motion", "loop %body"));
  // Other contexts keep every pass.
  llvm::LLVMContext other;
  EXPECT_FALSE(other.getOptPassGate().isEnabled());
}

/// A scalar loop of the kind MLIR leaves to LLVM (the combining loop of a
/// blocked column sum), with a product of two arguments invariant in it.
constexpr const char *kScalarLoop = R"llvm(
define void @combine(ptr noalias %out, ptr noalias %a, ptr noalias %b,
                     float %x, float %y) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %pa = getelementptr float, ptr %a, i64 %i
  %pb = getelementptr float, ptr %b, i64 %i
  %va = load float, ptr %pa
  %vb = load float, ptr %pb
  %scale = fmul float %x, %y
  %sum = fadd reassoc float %va, %vb
  %scaled = fmul float %sum, %scale
  %po = getelementptr float, ptr %out, i64 %i
  store float %scaled, ptr %po
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 1024
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
)llvm";

TEST(HostCodeGeneration, KernelPipelineVectorizesScalarLoops) {
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> builder =
      detectHostMachine();
  ASSERT_TRUE(static_cast<bool>(builder))
      << llvm::toString(builder.takeError());
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      builder->createTargetMachine();
  ASSERT_TRUE(static_cast<bool>(machine))
      << llvm::toString(machine.takeError());
  llvm::LLVMContext context;
  llvm::SMDiagnostic problem;
  std::unique_ptr<llvm::Module> module =
      llvm::parseAssemblyString(kScalarLoop, problem, context);
  ASSERT_TRUE(module) << problem.getMessage().str();
  module->setDataLayout((*machine)->createDataLayout());
  module->setTargetTriple((*machine)->getTargetTriple());

  ASSERT_FALSE(static_cast<bool>(optimizeKernels(*module, **machine)));
  llvm::Function &combine = *module->getFunction("combine");
  bool vectorAdd = false, scalarProductInLoop = false;
  for (llvm::Instruction &instruction : llvm::instructions(combine)) {
    if (instruction.getOpcode() == llvm::Instruction::FAdd &&
        instruction.getType()->isVectorTy())
      vectorAdd = true;
    // The invariant x * y is hoisted out of every loop.
    if (instruction.getOpcode() == llvm::Instruction::FMul &&
        !instruction.getType()->isVectorTy() &&
        instruction.getParent() != &combine.getEntryBlock())
      scalarProductInLoop = true;
  }
  EXPECT_TRUE(vectorAdd);
  EXPECT_FALSE(scalarProductInLoop);
}

TEST_F(HostJitTest, MissingFunctionIsAnError) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kConstructors, &context);
  ASSERT_TRUE(module);
  auto compiled = HostJit::compile(*module, {"absent"}, 1);
  ASSERT_FALSE(static_cast<bool>(compiled));
  EXPECT_EQ(llvm::toString(compiled.takeError()), "no function absent to call");
}

} // namespace
