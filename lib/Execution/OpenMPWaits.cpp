//===- OpenMPWaits.cpp - how compiled code's OpenMP threads wait ----------===//

#include "fuse/Execution/OpenMPWaits.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdlib>
#include <mutex>

using namespace fuse::exec;

std::string fuse::exec::getOpenMPWaitDefaults(
    llvm::function_ref<const char *(const char *)> getEnvironment) {
  llvm::SmallVector<std::string, 2> settings;
  if (!getEnvironment("KMP_USE_YIELD"))
    settings.push_back("KMP_USE_YIELD=0");
  // OMP_WAIT_POLICY chooses the block time too (passive: none; active:
  // forever).
  if (!getEnvironment("KMP_BLOCKTIME") && !getEnvironment("OMP_WAIT_POLICY"))
    settings.push_back("KMP_BLOCKTIME=1");
  return llvm::join(settings, "|");
}

void fuse::exec::setOpenMPWaitDefaults(void (*setDefaults)(const char *)) {
  static std::once_flag once;
  std::call_once(once, [&] {
    std::string settings = getOpenMPWaitDefaults(
        [](const char *name) { return std::getenv(name); });
    if (!settings.empty())
      setDefaults(settings.c_str());
  });
}
