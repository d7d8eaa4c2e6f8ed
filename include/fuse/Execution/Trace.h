//===- Trace.h - kernel timelines in the Chrome trace-event format -*- C++
//-*-===//
//
// Code from the CPU pipeline with `trace-kernels` calls fuse_trace_begin(id)
// and fuse_trace_end(id) around each kernel (--hlo-instrument-kernels). A
// Trace provides the two: during a call of the program it records when each
// kernel began and ended (steady clock), then turns the marks into boxes
// nested in a box for the call, and writes them as Chrome trace-event JSON,
// which chrome://tracing and Perfetto (ui.perfetto.dev) show as a timeline.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_TRACE_H
#define FUSE_EXECUTION_TRACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace fuse::exec {

/// A kernel of an instrumented program: the name of its box and what the
/// box shows besides (op, location, fusion kind, fused ops).
struct TracedKernel {
  std::string name;
  llvm::json::Object args;
};

class Trace {
public:
  using Clock = std::chrono::steady_clock;

  /// Timestamps count from the trace's creation.
  Trace() : origin(Clock::now()) {}

  /// Makes the hooks record into this trace until finishCall. Compiled code
  /// calls the hooks by symbol, without a context: one call of one program
  /// is recorded at a time, in the whole process.
  void startCall();
  /// Adds a box "@<entry>" for a call that ran from `start` to `end`, and in
  /// it one box per kernel that began and ended since startCall, described
  /// by `kernels[id]`; stops recording.
  void finishCall(llvm::StringRef entry, Clock::time_point start,
                  Clock::time_point end, llvm::ArrayRef<TracedKernel> kernels);

  /// What the hooks do: kernel `id` begins or ends now.
  void beginKernel(int64_t id) { marks.push_back({id, true, Clock::now()}); }
  void endKernel(int64_t id) { marks.push_back({id, false, Clock::now()}); }

  /// Writes {"traceEvents": [...], "displayTimeUnit": "ms"}, one complete
  /// ("X") event per box, times in microseconds, one event per line, all
  /// of process `process` (an MPI rank's: its rank + 1, so that the ranks'
  /// files load side by side).
  void write(llvm::raw_ostream &os, int64_t process = 1) const;

  /// fuse_trace_begin and fuse_trace_end, to pass to
  /// mlir::ExecutionEngine::registerSymbols. They do nothing while no trace
  /// records.
  static llvm::orc::SymbolMap
  getHookSymbols(llvm::orc::MangleAndInterner interner);

private:
  struct Mark {
    int64_t kernel;
    bool begin;
    Clock::time_point time;
  };
  struct Box {
    std::string name;
    std::string category;
    int64_t startNs;
    int64_t durationNs;
    llvm::json::Object args;
  };

  void addBox(llvm::StringRef name, llvm::StringRef category,
              Clock::time_point start, Clock::time_point end,
              llvm::json::Object args);

  Clock::time_point origin;
  std::vector<Mark> marks;
  std::vector<Box> boxes;
  llvm::StringMap<int64_t> callsPerEntry;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_TRACE_H
