//===- JitProgramTest.cpp - compiling and calling hlo functions -----------===//

#include "fuse/Execution/JitProgram.h"
#include "fuse/Execution/MemoryAccountant.h"
#include "fuse/Execution/Random.h"
#include "fuse/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

using namespace mlir;
using namespace fuse::exec;

namespace {

constexpr const char *kProgram = R"mlir(
func.func @scale(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.multiply %x, %y : tensor<2x3xf32>
  %1 = hlo.add %0, %x : tensor<2x3xf32>
  return %1, %0 : tensor<2x3xf32>, tensor<2x3xf32>
}
func.func @count(%p: tensor<i1>, %x: tensor<4xi32>)
    -> (tensor<i1>, tensor<4xi32>) {
  %0 = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = hlo.add %x, %0 : tensor<4xi32>
  %2 = hlo.not %p : tensor<i1>
  return %2, %1 : tensor<i1>, tensor<4xi32>
}
func.func @twice(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = hlo.negate %x : tensor<4xi32>
  return %0, %0 : tensor<4xi32>, tensor<4xi32>
}
func.func @reverse(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.reverse %x, dims = [0] : tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @aliases(%x: tensor<4xi32>)
    -> (tensor<4xi32>, tensor<4xi32>, tensor<2xi32>) {
  %c = hlo.constant dense<[5, 6]> : tensor<2xi32>
  return %x, %x, %c : tensor<4xi32>, tensor<4xi32>, tensor<2xi32>
}
func.func @unsupported(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %r = hlo.reduce(%x init %z) dims = [0]
      : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %p = hlo.dot_general %acc, %e, contracting_dims = [] x []
        : (tensor<f32>, tensor<f32>) -> tensor<f32>
    hlo.return %p : tensor<f32>
  }
  return %r : tensor<f32>
}
)mlir";

class JitProgramTest : public ::testing::Test {
protected:
  JitProgramTest()
      : context(makeRegistry()),
        diagnosticHandler(&context, [this](Diagnostic &diagnostic) {
          diagnostics += diagnostic.str() + "\n";
          return success();
        }) {
    module = parseSourceString<ModuleOp>(kProgram, &context);
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    fuse::registerAllDialects(registry);
    return registry;
  }

  std::unique_ptr<JitProgram> compile(llvm::ArrayRef<std::string> entries) {
    fuse::CPUPipelineOptions options;
    llvm::Expected<std::unique_ptr<JitProgram>> program =
        JitProgram::compile(*module, entries, options);
    if (!program) {
      ADD_FAILURE() << llvm::toString(program.takeError()) << diagnostics;
      return nullptr;
    }
    return std::move(*program);
  }

  /// Buffers of @count's argument types: an i1 and four i32s.
  llvm::SmallVector<HostBuffer> makeCountInputs() {
    llvm::SmallVector<HostBuffer> inputs;
    inputs.emplace_back(
        RankedTensorType::get({}, IntegerType::get(&context, 1)));
    inputs.emplace_back(
        RankedTensorType::get({4}, IntegerType::get(&context, 32)));
    return inputs;
  }

  MLIRContext context;
  ScopedDiagnosticHandler diagnosticHandler;
  std::string diagnostics;
  OwningOpRef<ModuleOp> module;
};

TEST_F(JitProgramTest, BuildsSeveralResultsInTheCallersBuffers) {
  std::unique_ptr<JitProgram> program = compile({"scale"});
  ASSERT_TRUE(program);
  EXPECT_GT(program->getCompileSeconds(), 0);
  auto type = RankedTensorType::get({2, 3}, Float32Type::get(&context));
  llvm::SmallVector<HostBuffer> inputs;
  for (uint64_t i = 0; i < 2; ++i) {
    inputs.emplace_back(type);
    fillRandom(inputs.back(), /*seed=*/4, i);
  }
  HostBuffer x(type);
  std::memcpy(x.data(), inputs[0].data(), x.getByteSize());

  MemoryAccountant &accountant = MemoryAccountant::get();
  uint64_t liveBefore = accountant.getLiveBytes();
  accountant.resetPeak();
  llvm::Expected<JitProgram::RunResult> run = program->run("scale", inputs);
  ASSERT_TRUE(static_cast<bool>(run)) << llvm::toString(run.takeError());
  ASSERT_EQ(run->results.size(), 2u);
  for (int64_t i = 0; i < 6; ++i) {
    float product = static_cast<float>(inputs[0].getFloat(i)) *
                    static_cast<float>(inputs[1].getFloat(i));
    EXPECT_EQ(run->results[1].getFloat(i), product);
    EXPECT_EQ(run->results[0].getFloat(i),
              product + static_cast<float>(inputs[0].getFloat(i)));
  }
  // The program built both results in the runner's buffers and allocated
  // nothing; the inputs are read-only.
  EXPECT_EQ(accountant.getPeakBytes(), liveBefore);
  EXPECT_EQ(accountant.getLiveBytes(), liveBefore);
  EXPECT_EQ(std::memcmp(x.data(), inputs[0].data(), x.getByteSize()), 0);
}

TEST_F(JitProgramTest, RunsAgainIntoTheResultsOfAnEarlierRun) {
  std::unique_ptr<JitProgram> program = compile({"count"});
  ASSERT_TRUE(program);
  llvm::SmallVector<HostBuffer> inputs = makeCountInputs();
  inputs[0].setInt(0, 0);
  for (int64_t i = 0; i < 4; ++i)
    inputs[1].setInt(i, 10 * i);
  llvm::Expected<JitProgram::RunResult> first = program->run("count", inputs);
  ASSERT_TRUE(static_cast<bool>(first)) << llvm::toString(first.takeError());
  const char *where = first->results[1].data();

  // Another input, and the earlier results overwritten in place.
  inputs[0].setInt(0, 1);
  for (int64_t i = 0; i < 4; ++i)
    inputs[1].setInt(i, 100 * i);
  llvm::Expected<double> seconds =
      program->runAgain("count", inputs, first->results);
  ASSERT_TRUE(static_cast<bool>(seconds))
      << llvm::toString(seconds.takeError());
  EXPECT_GE(*seconds, 0);
  EXPECT_EQ(first->results[1].data(), where);
  EXPECT_EQ(first->results[0].getInt(0), 0);
  for (int64_t i = 0; i < 4; ++i)
    EXPECT_EQ(first->results[1].getInt(i), 100 * i + i + 1);
}

TEST_F(JitProgramTest, TracesKernelsWhenCompiledForIt) {
  fuse::CPUPipelineOptions options;
  options.traceKernels = true;
  llvm::Expected<std::unique_ptr<JitProgram>> program =
      JitProgram::compile(*module, {"scale"}, options);
  ASSERT_TRUE(static_cast<bool>(program))
      << llvm::toString(program.takeError()) << diagnostics;
  auto type = RankedTensorType::get({2, 3}, Float32Type::get(&context));
  llvm::SmallVector<HostBuffer> inputs;
  inputs.emplace_back(type);
  inputs.emplace_back(type);
  // Without a trace the hooks do nothing.
  llvm::Expected<JitProgram::RunResult> untraced =
      (*program)->run("scale", inputs);
  ASSERT_TRUE(static_cast<bool>(untraced))
      << llvm::toString(untraced.takeError());

  Trace trace;
  llvm::Expected<JitProgram::RunResult> run =
      (*program)->run("scale", inputs, &trace);
  ASSERT_TRUE(static_cast<bool>(run)) << llvm::toString(run.takeError());
  std::string text;
  llvm::raw_string_ostream os(text);
  trace.write(os);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  llvm::SmallVector<std::string> names;
  for (const llvm::json::Value &event :
       *parsed->getAsObject()->getArray("traceEvents"))
    names.push_back(event.getAsObject()->getString("name")->str());
  EXPECT_EQ(names,
            (llvm::SmallVector<std::string>{"@scale", "multiply.0", "add.1"}));
}

TEST_F(JitProgramTest, CompilesOnlyTheEntriesAndWhatTheyCall) {
  // @unsupported does not lower, but it is not asked for.
  std::unique_ptr<JitProgram> program = compile({"count"});
  ASSERT_TRUE(program);
  llvm::SmallVector<HostBuffer> inputs = makeCountInputs();
  inputs[1].setInt(3, -10);
  llvm::Expected<JitProgram::RunResult> run = program->run("count", inputs);
  ASSERT_TRUE(static_cast<bool>(run)) << llvm::toString(run.takeError());
  EXPECT_EQ(run->results[0].getInt(0), 1);
  for (int64_t i = 0; i < 3; ++i)
    EXPECT_EQ(run->results[1].getInt(i), i + 1);
  EXPECT_EQ(run->results[1].getInt(3), -6);
  llvm::Expected<JitProgram::RunResult> wrong = program->run("count", {});
  EXPECT_FALSE(static_cast<bool>(wrong));
  EXPECT_EQ(llvm::toString(wrong.takeError()),
            "the inputs of @count do not have the types of its arguments");
}

TEST_F(JitProgramTest, ResultsThatAliasAreCopiedAndFreedOnce) {
  std::unique_ptr<JitProgram> program = compile({"aliases"});
  ASSERT_TRUE(program);
  llvm::SmallVector<HostBuffer> inputs;
  inputs.emplace_back(
      RankedTensorType::get({4}, IntegerType::get(&context, 32)));
  fillRandom(inputs[0], /*seed=*/2, /*stream=*/0);
  MemoryAccountant &accountant = MemoryAccountant::get();
  uint64_t liveBefore = accountant.getLiveBytes();
  llvm::Expected<JitProgram::RunResult> run = program->run("aliases", inputs);
  ASSERT_TRUE(static_cast<bool>(run)) << llvm::toString(run.takeError());
  for (int64_t i = 0; i < 4; ++i) {
    EXPECT_EQ(run->results[0].getInt(i), inputs[0].getInt(i));
    EXPECT_EQ(run->results[1].getInt(i), inputs[0].getInt(i));
  }
  EXPECT_EQ(run->results[2].getInt(1), 6);
  EXPECT_EQ(accountant.getLiveBytes(), liveBefore);
}

TEST_F(JitProgramTest, OneValueReturnedTwiceFillsBothResults) {
  std::unique_ptr<JitProgram> program = compile({"twice"});
  ASSERT_TRUE(program);
  llvm::SmallVector<HostBuffer> inputs;
  inputs.emplace_back(
      RankedTensorType::get({4}, IntegerType::get(&context, 32)));
  fillRandom(inputs[0], /*seed=*/3, /*stream=*/0);
  llvm::Expected<JitProgram::RunResult> run = program->run("twice", inputs);
  ASSERT_TRUE(static_cast<bool>(run)) << llvm::toString(run.takeError());
  for (int64_t i = 0; i < 4; ++i) {
    EXPECT_EQ(run->results[0].getInt(i), -inputs[0].getInt(i));
    EXPECT_EQ(run->results[1].getInt(i), -inputs[0].getInt(i));
  }
}

TEST_F(JitProgramTest, AnOutputOverlappingAnInputIsWrittenAfterTheCall) {
  std::unique_ptr<JitProgram> program = compile({"reverse"});
  ASSERT_TRUE(program);
  auto type = RankedTensorType::get({4}, IntegerType::get(&context, 32));
  // In place (the output is the input) and shifted by one element: built
  // directly there, reverse would read what it already wrote.
  int32_t data[5] = {1, 2, 3, 4, 0};
  for (int32_t *output : {data, data + 1}) {
    std::copy_n(std::array<int32_t, 4>{1, 2, 3, 4}.begin(), 4, data);
    llvm::Expected<double> seconds = program->call(
        "reverse", {{data, type}}, {reinterpret_cast<char *>(output)});
    ASSERT_TRUE(static_cast<bool>(seconds))
        << llvm::toString(seconds.takeError());
    EXPECT_EQ(std::vector<int32_t>(output, output + 4),
              (std::vector<int32_t>{4, 3, 2, 1}));
  }
}

TEST_F(JitProgramTest, OverlappingOutputsAreWrittenAfterTheCallInOrder) {
  std::unique_ptr<JitProgram> program = compile({"scale"});
  ASSERT_TRUE(program);
  auto type = RankedTensorType::get({2, 3}, Float32Type::get(&context));
  std::array<float, 6> x = {1, 2, 3, 4, 5, 6}, y = {2, 2, 2, 2, 2, 2};
  // The two results share three elements; the inputs lie elsewhere.
  std::array<float, 9> results{};
  llvm::Expected<double> seconds =
      program->call("scale", {{x.data(), type}, {y.data(), type}},
                    {reinterpret_cast<char *>(results.data()),
                     reinterpret_cast<char *>(results.data() + 3)});
  ASSERT_TRUE(static_cast<bool>(seconds))
      << llvm::toString(seconds.takeError());
  // Result 0 (x * y + x) is copied first, then result 1 (x * y) over its
  // last three elements.
  EXPECT_EQ(std::vector<float>(results.begin(), results.end()),
            (std::vector<float>{3, 6, 9, 2, 4, 6, 8, 10, 12}));
}

TEST_F(JitProgramTest, LoweringFailuresReportTheirDiagnostics) {
  fuse::CPUPipelineOptions options;
  llvm::Expected<std::unique_ptr<JitProgram>> program =
      JitProgram::compile(*module, {"unsupported"}, options);
  ASSERT_FALSE(static_cast<bool>(program));
  EXPECT_EQ(llvm::toString(program.takeError()), "lowering to the CPU failed");
  EXPECT_NE(diagnostics.find("failed to legalize operation 'hlo.reduce'"),
            std::string::npos);
}

} // namespace
