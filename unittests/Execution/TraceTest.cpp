//===- TraceTest.cpp - kernel timelines -----------------------------------===//

#include "fuse/Execution/Trace.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using fuse::exec::Trace;
using fuse::exec::TracedKernel;

namespace {

/// The events of `trace` as written, parsed back.
llvm::json::Array writeAndParse(const Trace &trace) {
  std::string text;
  llvm::raw_string_ostream os(text);
  trace.write(os);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed) {
    ADD_FAILURE() << llvm::toString(parsed.takeError()) << "\n" << text;
    return {};
  }
  llvm::json::Object *root = parsed->getAsObject();
  EXPECT_EQ(root->getString("displayTimeUnit"), "ms");
  return *root->getArray("traceEvents");
}

TEST(TraceTest, NestsKernelBoxesInTheirCall) {
  std::vector<TracedKernel> kernels(2);
  kernels[0].name = "multiply.3";
  kernels[0].args["op"] = "hlo.multiply";
  // Names and args are JSON-escaped.
  kernels[1].name = "fusion.\"0\"\\";
  kernels[1].args["fused_ops"] = llvm::json::Array{"add.1", "exp\n.2"};

  Trace trace;
  Trace::Clock::time_point start = Trace::Clock::now();
  trace.startCall();
  trace.beginKernel(1);
  trace.endKernel(1);
  trace.beginKernel(0);
  trace.endKernel(0);
  trace.finishCall("main", start, Trace::Clock::now(), kernels);
  // Calls of an entry are numbered.
  trace.startCall();
  trace.finishCall("main", Trace::Clock::now(), Trace::Clock::now(), kernels);

  llvm::json::Array events = writeAndParse(trace);
  ASSERT_EQ(events.size(), 4u);
  auto field = [&](size_t i, llvm::StringRef key) {
    return events[i].getAsObject()->get(key);
  };
  EXPECT_EQ(field(0, "name")->getAsString(), "@main");
  EXPECT_EQ(field(0, "cat")->getAsString(), "call");
  EXPECT_EQ(field(0, "args")->getAsObject()->getInteger("call"), 0);
  EXPECT_EQ(field(1, "name")->getAsString(), "fusion.\"0\"\\");
  EXPECT_EQ(*field(1, "args")->getAsObject()->getArray("fused_ops"),
            (llvm::json::Array{"add.1", "exp\n.2"}));
  EXPECT_EQ(field(2, "name")->getAsString(), "multiply.3");
  EXPECT_EQ(field(2, "args")->getAsObject()->getString("op"), "hlo.multiply");
  EXPECT_EQ(field(3, "args")->getAsObject()->getInteger("call"), 1);

  double callStart = *field(0, "ts")->getAsNumber();
  double callEnd = callStart + *field(0, "dur")->getAsNumber();
  double previousEnd = callStart;
  for (size_t i : {1, 2}) {
    EXPECT_EQ(field(i, "ph")->getAsString(), "X");
    EXPECT_EQ(field(i, "cat")->getAsString(), "kernel");
    double kernelStart = *field(i, "ts")->getAsNumber();
    double duration = *field(i, "dur")->getAsNumber();
    EXPECT_GE(duration, 0);
    EXPECT_GE(kernelStart, previousEnd);
    previousEnd = kernelStart + duration;
  }
  EXPECT_LE(previousEnd, callEnd);
}

TEST(TraceTest, AnEmptyTraceIsValidJson) {
  EXPECT_TRUE(writeAndParse(Trace()).empty());
}

} // namespace
