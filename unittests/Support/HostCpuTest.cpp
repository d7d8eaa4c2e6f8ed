//===- HostCpuTest.cpp - the host CPU and FUSE_CPU_MAX_ISA ----------------===//

#include "fuse/Support/HostCpu.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

using namespace fuse;

namespace {

/// Sets FUSE_CPU_MAX_ISA for one test and puts the old value back.
class MaxIsa {
public:
  explicit MaxIsa(const char *value) {
    if (const char *old = std::getenv("FUSE_CPU_MAX_ISA"))
      previous = old;
    setenv("FUSE_CPU_MAX_ISA", value, 1);
  }
  ~MaxIsa() {
    if (previous)
      setenv("FUSE_CPU_MAX_ISA", previous->c_str(), 1);
    else
      unsetenv("FUSE_CPU_MAX_ISA");
  }

private:
  std::optional<std::string> previous;
};

/// Whether LLVM's target machine for `cpu` has `feature`: what the code
/// generator will use, after LLVM's implications between features.
bool targetHas(const HostCpu &cpu, llvm::StringRef feature) {
  llvm::InitializeNativeTarget();
  std::string triple = llvm::sys::getProcessTriple(), error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  EXPECT_TRUE(target) << error;
  if (!target)
    return false;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      llvm::Triple(triple), cpu.name, llvm::join(cpu.getFeatureList(), ","),
      llvm::TargetOptions(), std::nullopt));
  return machine->getMCSubtargetInfo()->checkFeatures(("+" + feature).str());
}

bool isX86() { return llvm::Triple(llvm::sys::getProcessTriple()).isX86(); }

TEST(HostCpuTest, UnsetIsTheWholeHost) {
  MaxIsa unset("");
  llvm::Expected<HostCpu> cpu = detectHostCpu();
  ASSERT_TRUE(static_cast<bool>(cpu)) << llvm::toString(cpu.takeError());
  EXPECT_TRUE(cpu->maxIsa.empty());
  EXPECT_EQ(cpu->name, llvm::sys::getHostCPUName());
  EXPECT_EQ(cpu->features.size(), llvm::sys::getHostCPUFeatures().size());
  for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
    EXPECT_EQ(cpu->features.lookup(name), enabled) << name.str();
}

// Under a cap the code generator cannot use what lies above it, even
// through a feature that implies it (VAES implies AVX2).
TEST(HostCpuTest, CapsTurnOffWhatLiesAbove) {
  if (!isX86())
    GTEST_SKIP() << "FUSE_CPU_MAX_ISA applies to x86 hosts";
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  {
    MaxIsa cap("AVX2");
    llvm::Expected<HostCpu> cpu = detectHostCpu();
    ASSERT_TRUE(static_cast<bool>(cpu)) << llvm::toString(cpu.takeError());
    EXPECT_EQ(cpu->maxIsa, "AVX2");
    for (const auto &[name, enabled] : cpu->features)
      if (name.starts_with("avx512") || name.starts_with("amx-"))
        EXPECT_FALSE(enabled) << name.str();
    EXPECT_FALSE(targetHas(*cpu, "avx512f"));
    EXPECT_EQ(targetHas(*cpu, "avx2"), host.lookup("avx2"));
    EXPECT_EQ(targetHas(*cpu, "fma"), host.lookup("fma"));
  }
  {
    MaxIsa cap("avx");
    llvm::Expected<HostCpu> cpu = detectHostCpu();
    ASSERT_TRUE(static_cast<bool>(cpu)) << llvm::toString(cpu.takeError());
    EXPECT_EQ(cpu->maxIsa, "AVX");
    EXPECT_FALSE(targetHas(*cpu, "avx2"));
    EXPECT_FALSE(targetHas(*cpu, "fma"));
    EXPECT_EQ(targetHas(*cpu, "avx"), host.lookup("avx"));
  }
  {
    MaxIsa cap("SSE4_2");
    llvm::Expected<HostCpu> cpu = detectHostCpu();
    ASSERT_TRUE(static_cast<bool>(cpu)) << llvm::toString(cpu.takeError());
    EXPECT_FALSE(targetHas(*cpu, "avx"));
    EXPECT_EQ(targetHas(*cpu, "sse4.2"), host.lookup("sse4.2"));
  }
}

TEST(HostCpuTest, UnknownCapIsAnError) {
  MaxIsa cap("AVX3");
  llvm::Expected<HostCpu> cpu = detectHostCpu();
  ASSERT_FALSE(static_cast<bool>(cpu));
  EXPECT_EQ(llvm::toString(cpu.takeError()),
            "FUSE_CPU_MAX_ISA is 'AVX3': expected SSE4_2, AVX, AVX2 or "
            "AVX512");
}

} // namespace
