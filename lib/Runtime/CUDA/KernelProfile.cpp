//===- KernelProfile.cpp - kernels timed by name, FUSE_CUDA_PROFILE=1 -----===//
//
// Where a GPU program's time goes, without a profiler: each kernel launch
// and cuBLASLt product is bracketed by two CUDA events on its own stream.
// Their times are read when many are pending and at exit, summed by name
// (a kernel's name and launch shape), and printed to stderr, longest first,
// beside the number of calls.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace fuse::cuda_runtime {
namespace {

/// Events whose times are read in batches of this many: each read waits.
constexpr size_t kPendingLimit = 4096;

class KernelProfile {
public:
  static KernelProfile &get() {
    // Never destroyed: its table is printed by an atexit handler.
    static KernelProfile *profile = [] {
      auto *created = new KernelProfile;
      std::atexit([] { get().print(); });
      return created;
    }();
    return *profile;
  }

  /// Kernels of different modules share names (`main_kernel`): each is
  /// numbered in the order of its first lookup, which is the order in which
  /// the host code first launches them.
  void name(void *function, const char *name) {
    std::lock_guard<std::mutex> lock(mutex);
    names.try_emplace(function, std::string(name) + " #" +
                                    std::to_string(names.size() + 1));
  }

  std::string nameOf(void *function) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = names.find(function);
    return it == names.end() ? "kernel" : it->second;
  }

  void add(void *start, void *stop, std::string name) {
    std::lock_guard<std::mutex> lock(mutex);
    pending.push_back({start, stop, std::move(name)});
    if (pending.size() >= kPendingLimit)
      readPending();
  }

  struct Timing {
    void *start;
    void *stop;
    std::string name;
  };
  struct Total {
    long calls = 0;
    double milliseconds = 0;
  };

  void readPending() {
    for (Timing &timing : pending) {
      Total &total = totals[timing.name];
      ++total.calls;
      total.milliseconds += elapsedMilliseconds(timing.start, timing.stop);
      destroyEvent(timing.start);
      destroyEvent(timing.stop);
    }
    pending.clear();
  }

  /// The table of the work timed since the last take, which it forgets.
  std::string take() {
    std::lock_guard<std::mutex> lock(mutex);
    std::string table = format();
    totals.clear();
    return table;
  }

private:
  void print() {
    std::lock_guard<std::mutex> lock(mutex);
    if (totals.empty() && pending.empty())
      return;
    std::fputs(format().c_str(), stderr);
    std::fflush(stderr);
  }

  std::string format() {
    readPending();
    std::vector<std::pair<std::string, Total>> rows(totals.begin(),
                                                    totals.end());
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
      return a.second.milliseconds > b.second.milliseconds;
    });
    double all = 0;
    for (const auto &row : rows)
      all += row.second.milliseconds;
    std::string table;
    char line[512];
    std::snprintf(line, sizeof(line),
                  "fuse-cuda-runtime profile: %.3f ms in %zu kernels and "
                  "products\n%10s %8s %10s  %s\n",
                  all, rows.size(), "total ms", "calls", "mean us", "name");
    table += line;
    for (const auto &[name, total] : rows) {
      std::snprintf(line, sizeof(line), "%10.3f %8ld %10.2f  %s\n",
                    total.milliseconds, total.calls,
                    1e3 * total.milliseconds / total.calls, name.c_str());
      table += line;
    }
    return table;
  }

  std::mutex mutex;
  std::unordered_map<void *, std::string> names;
  std::vector<Timing> pending;
  std::map<std::string, Total> totals;
};

} // namespace

bool profiling() {
  static const bool enabled = [] {
    const char *value = std::getenv("FUSE_CUDA_PROFILE");
    return value && *value && std::strcmp(value, "0") != 0;
  }();
  return enabled;
}

void nameKernel(void *function, const char *name) {
  KernelProfile::get().name(function, name);
}

std::string kernelName(void *function) {
  return KernelProfile::get().nameOf(function);
}

std::string takeProfile() { return KernelProfile::get().take(); }

void *profileBegin(void *stream) {
  void *start = createTimingEvent();
  recordEvent(start, stream);
  return start;
}

void profileEnd(void *token, void *stream, std::string name) {
  void *stop = createTimingEvent();
  recordEvent(stop, stream);
  KernelProfile::get().add(token, stop, std::move(name));
}

} // namespace fuse::cuda_runtime
