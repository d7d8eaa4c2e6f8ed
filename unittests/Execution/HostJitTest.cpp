//===- HostJitTest.cpp - compiling LLVM-dialect modules on threads --------===//

#include "fuse/Execution/HostJit.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

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

TEST_F(HostJitTest, MissingFunctionIsAnError) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kConstructors, &context);
  ASSERT_TRUE(module);
  auto compiled = HostJit::compile(*module, {"absent"}, 1);
  ASSERT_FALSE(static_cast<bool>(compiled));
  EXPECT_EQ(llvm::toString(compiled.takeError()), "no function absent to call");
}

} // namespace
