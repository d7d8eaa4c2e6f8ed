//===- Trace.cpp - kernel timelines in the Chrome trace-event format ------===//

#include "fuse/Execution/Trace.h"

#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Format.h"

#include <cassert>

namespace fuse::exec {

namespace {

/// The trace between startCall and finishCall, for the hooks.
Trace *recording = nullptr;

void traceBegin(int64_t id) {
  if (recording)
    recording->beginKernel(id);
}

void traceEnd(int64_t id) {
  if (recording)
    recording->endKernel(id);
}

/// Microseconds with three decimals, exactly: the boxes of the kernels stay
/// within the box of their call.
void writeMicroseconds(llvm::raw_ostream &os, int64_t nanoseconds) {
  os << nanoseconds / 1000 << "."
     << llvm::format("%03d", static_cast<int>(nanoseconds % 1000));
}

} // namespace

void Trace::startCall() {
  assert(!recording && "another call is being recorded");
  marks.clear();
  recording = this;
}

void Trace::finishCall(llvm::StringRef entry, Clock::time_point start,
                       Clock::time_point end,
                       llvm::ArrayRef<TracedKernel> kernels) {
  recording = nullptr;
  addBox(("@" + entry).str(), "call", start, end,
         llvm::json::Object{{"call", callsPerEntry[entry]++}});
  // Kernels nest only inside loops and branches, which are boxes of their
  // own: each end mark closes the innermost open begin mark.
  llvm::SmallVector<const Mark *> open;
  for (const Mark &mark : marks) {
    if (mark.begin) {
      open.push_back(&mark);
      continue;
    }
    assert(!open.empty() && open.back()->kernel == mark.kernel &&
           "unbalanced kernel marks");
    const Mark *begin = open.pop_back_val();
    const TracedKernel &kernel = kernels[begin->kernel];
    addBox(kernel.name, "kernel", begin->time, mark.time,
           llvm::json::Object(kernel.args));
  }
  marks.clear();
}

void Trace::addBox(llvm::StringRef name, llvm::StringRef category,
                   Clock::time_point start, Clock::time_point end,
                   llvm::json::Object args) {
  auto nanoseconds = [](Clock::duration duration) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(duration)
        .count();
  };
  boxes.push_back({name.str(), category.str(), nanoseconds(start - origin),
                   nanoseconds(end - start), std::move(args)});
}

void Trace::write(llvm::raw_ostream &os, int64_t process) const {
  os << "{\"traceEvents\":[\n";
  llvm::interleave(
      boxes, os,
      [&](const Box &box) {
        llvm::json::OStream json(os);
        auto time = [&](llvm::StringRef key, int64_t nanoseconds) {
          json.attributeBegin(key);
          json.rawValue([&](llvm::raw_ostream &os) {
            writeMicroseconds(os, nanoseconds);
          });
          json.attributeEnd();
        };
        json.object([&] {
          json.attribute("name", box.name);
          json.attribute("cat", box.category);
          json.attribute("ph", "X");
          time("ts", box.startNs);
          time("dur", box.durationNs);
          // One thread: calls and kernels run one after the other (the
          // threads of a parallel kernel work inside its box).
          json.attribute("pid", process);
          json.attribute("tid", 1);
          json.attribute("args", llvm::json::Object(box.args));
        });
      },
      ",\n");
  os << "\n],\n\"displayTimeUnit\":\"ms\"}\n";
}

llvm::orc::SymbolMap
Trace::getHookSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  auto add = [&](llvm::StringRef name, void (*function)(int64_t)) {
    symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                               llvm::JITSymbolFlags::Exported};
  };
  add(hlo::kTraceBeginHook, &traceBegin);
  add(hlo::kTraceEndHook, &traceEnd);
  return symbols;
}

} // namespace fuse::exec
