//===- HostCpu.cpp - the host CPU that code is compiled for ---------------===//

#include "fuse/Support/HostCpu.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>

using namespace fuse;

namespace {

/// The caps, lowest first, each with the features it is the first to
/// allow (prefixes ending in '*' cover families); a cap turns off what
/// later ones allow. Features that imply one of these (VAES implies AVX2)
/// are listed with it, so that the map agrees with what LLVM makes of the
/// list. The last entry is allowed under no cap.
struct Level {
  llvm::StringRef name;
  std::vector<llvm::StringRef> introduces;
};

const std::vector<Level> &getLevels() {
  static const std::vector<Level> levels = {
      {"SSE4_2", {}},
      {"AVX", {"avx", "f16c", "xop"}},
      {"AVX2",
       {"avx2", "fma", "fma4", "vaes", "vpclmulqdq", "avxvnni*", "avxifma",
        "avxneconvert", "sha512", "sm3", "sm4"}},
      {"AVX512", {"avx512*", "evex512"}},
      {"", {"amx-*", "avx10*"}},
  };
  return levels;
}

bool matches(llvm::StringRef feature, llvm::StringRef pattern) {
  if (pattern.consume_back("*"))
    return feature.starts_with(pattern);
  return feature == pattern;
}

} // namespace

// Sorted, every "-" comes after every "+": LLVM applies them in order, and
// turning a feature off also turns off those that imply it, while "+vaes"
// after "-avx2" would turn AVX2 back on.
std::vector<std::string> HostCpu::getFeatureList() const {
  std::vector<std::string> list;
  for (const auto &[name, enabled] : features)
    list.push_back((enabled ? "+" : "-") + name.str());
  llvm::sort(list);
  return list;
}

llvm::Expected<HostCpu> fuse::detectHostCpu() {
  HostCpu cpu;
  cpu.name = llvm::sys::getHostCPUName().str();
  cpu.features = llvm::sys::getHostCPUFeatures();
  const char *value = std::getenv("FUSE_CPU_MAX_ISA");
  if (!value || !*value)
    return cpu;
  cpu.maxIsa = llvm::StringRef(value).upper();
  const std::vector<Level> &levels = getLevels();
  auto cap = llvm::find_if(levels, [&](const Level &level) {
    return !level.name.empty() && level.name == cpu.maxIsa;
  });
  if (cap == levels.end())
    return llvm::createStringError("FUSE_CPU_MAX_ISA is '" +
                                   std::string(value) +
                                   "': expected SSE4_2, AVX, AVX2 or AVX512");
  if (!llvm::Triple(llvm::sys::getProcessTriple()).isX86())
    return llvm::createStringError(
        "FUSE_CPU_MAX_ISA caps x86 instruction sets; this host is " +
        llvm::sys::getProcessTriple());
  for (auto level = cap + 1; level != levels.end(); ++level)
    for (auto &entry : cpu.features)
      if (llvm::any_of(level->introduces, [&](llvm::StringRef pattern) {
            return matches(entry.first(), pattern);
          }))
        entry.second = false;
  return cpu;
}
