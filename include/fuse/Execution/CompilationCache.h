//===- CompilationCache.h - compiled programs kept on disk ------*- C++ -*-===//
//
// A persistent cache of compiled host programs, as JAX's persistent
// compilation cache keeps XLA's executables: an entry holds the objects
// LLVM made for a program and what calling them needs, under a key of
// everything that decides them (the program, the pipeline and its options,
// the binary that compiled it, the host CPU). A hit skips lowering and LLVM;
// loading the objects takes milliseconds. Entries are files written whole
// and renamed into place, so concurrent writers never leave half an entry;
// each carries a checksum, so a damaged one is detected and never loaded.
// The directory is kept under a size limit by evicting the entries used
// longest ago.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_COMPILATIONCACHE_H
#define FUSE_EXECUTION_COMPILATIONCACHE_H

#include "fuse/Execution/Trace.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fuse::exec {

/// What LLVM made of a program, and what calling it needs.
struct CompiledProgram {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  /// Constructor and destructor names in the order they run.
  std::vector<std::string> constructors, destructors;
  /// The kernels of a program compiled with `trace-kernels`, by id.
  std::vector<TracedKernel> kernels;
};

/// The CPU code is compiled for: the key's part that makes an entry of one
/// machine useless (or wrong) on another.
struct HostDescription {
  std::string triple, cpu;
  /// "+avx2,+fma,-avx512f,...", sorted.
  std::string features;

  /// This host, as FUSE_CPU_MAX_ISA caps it (an error when it holds no
  /// cap).
  static llvm::Expected<HostDescription> detect();
};

struct CompilationCacheOptions {
  std::string directory;
  /// Entries used longest ago are removed past this total size.
  uint64_t maxBytes = uint64_t(1) << 30;
  /// Compiles that took less are not kept (as JAX's
  /// jax_persistent_cache_min_compile_time_secs).
  double minCompileSeconds = 1.0;

  /// The cache the environment asks for: FUSE_CACHE_DIR (set but empty:
  /// no cache), else $XDG_CACHE_HOME/fuse, else ~/.cache/fuse;
  /// FUSE_CACHE_MAX_BYTES (a byte size as docs/conventions.md writes them)
  /// and FUSE_CACHE_MIN_COMPILE_SECONDS. An error names a malformed
  /// variable; no value: no cache.
  static llvm::Expected<std::optional<CompilationCacheOptions>>
  fromEnvironment();
};

class CompilationCache {
public:
  explicit CompilationCache(CompilationCacheOptions options)
      : options(std::move(options)) {}

  /// The cache CompilationCacheOptions::fromEnvironment describes: none
  /// when the environment turns it off, an error when it is malformed.
  static llvm::Expected<std::optional<CompilationCache>> fromEnvironment();

  const CompilationCacheOptions &getOptions() const { return options; }

  /// The key of a compile decided by `parts` (the program's text, the
  /// pipeline, the entries, ...), `host`, and the binary this code runs in.
  static std::string getKey(llvm::ArrayRef<llvm::StringRef> parts,
                            const HostDescription &host);

  /// The entry of `key`: none on a miss; an error when the entry is
  /// damaged (it is removed, so that the next compile replaces it).
  llvm::Expected<std::optional<CompiledProgram>> load(llvm::StringRef key);

  /// Writes `program` as the entry of `key`, then evicts entries past the
  /// size limit.
  llvm::Error store(llvm::StringRef key, const CompiledProgram &program);

  /// The file of `key`'s entry.
  std::string getEntryPath(llvm::StringRef key) const;

private:
  void evict();

  CompilationCacheOptions options;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_COMPILATIONCACHE_H
