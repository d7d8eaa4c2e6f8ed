//===- CompilationCacheTest.cpp - compiled programs kept on disk ----------===//

#include "fuse/Execution/CompilationCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <thread>

using namespace fuse::exec;

namespace {

/// A program of one object holding `bytes`, with a constructor and a
/// described kernel.
CompiledProgram makeProgram(std::string bytes) {
  CompiledProgram program;
  program.objects.push_back(llvm::MemoryBuffer::getMemBufferCopy(bytes));
  program.constructors = {"init"};
  TracedKernel &kernel = program.kernels.emplace_back();
  kernel.name = "fusion.1";
  kernel.args["fused_ops"] = llvm::json::Array{"add.2", "exp.3"};
  return program;
}

class CompilationCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> path;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("fuse-cache-test", path));
    directory = path.str().str();
  }
  void TearDown() override { llvm::sys::fs::remove_directories(directory); }

  CompilationCache makeCache(uint64_t maxBytes = uint64_t(1) << 30) {
    CompilationCacheOptions options;
    options.directory = directory;
    options.maxBytes = maxBytes;
    return CompilationCache(options);
  }

  size_t countEntries() {
    size_t count = 0;
    std::error_code error;
    for (llvm::sys::fs::directory_iterator it(directory, error), end;
         !error && it != end; it.increment(error))
      ++count;
    return count;
  }

  std::string directory;
};

std::string loadObject(CompilationCache &cache, llvm::StringRef key) {
  llvm::Expected<std::optional<CompiledProgram>> loaded = cache.load(key);
  if (!loaded)
    return "error: " + llvm::toString(loaded.takeError());
  if (!*loaded)
    return "miss";
  return (*loaded)->objects.front()->getBuffer().str();
}

TEST(CompilationCacheKeyTest, DependsOnEveryPartAndTheHost) {
  HostDescription host{"x86_64-unknown-linux-gnu", "sapphirerapids",
                       "+avx2,+avx512f,+fma"};
  std::string key =
      CompilationCache::getKey({"cpu", "pipeline", "program"}, host);
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key,
            CompilationCache::getKey({"cpu", "pipeline", "program"}, host));
  EXPECT_NE(key,
            CompilationCache::getKey({"cpu", "pipeline", "program2"}, host));
  EXPECT_NE(key,
            CompilationCache::getKey({"cpu", "pipeline2", "program"}, host));
  // The parts are delimited: moving a character across them is another
  // key.
  EXPECT_NE(key,
            CompilationCache::getKey({"cpu", "pipelin", "eprogram"}, host));
  // A machine without AVX-512 must not load code that uses it.
  HostDescription older = host;
  older.features = "+avx2,-avx512f,+fma";
  EXPECT_NE(key,
            CompilationCache::getKey({"cpu", "pipeline", "program"}, older));
  HostDescription otherCPU = host;
  otherCPU.cpu = "skylake-avx512";
  EXPECT_NE(key,
            CompilationCache::getKey({"cpu", "pipeline", "program"}, otherCPU));
}

TEST(CompilationCacheKeyTest, DetectsTheHost) {
  llvm::Expected<HostDescription> host = HostDescription::detect();
  ASSERT_TRUE(static_cast<bool>(host)) << llvm::toString(host.takeError());
  EXPECT_FALSE(host->triple.empty());
  EXPECT_FALSE(host->cpu.empty());
}

TEST_F(CompilationCacheTest, StoresAndLoads) {
  CompilationCache cache = makeCache();
  EXPECT_EQ(loadObject(cache, "k1"), "miss");
  ASSERT_FALSE(static_cast<bool>(cache.store("k1", makeProgram("object"))));
  llvm::Expected<std::optional<CompiledProgram>> loaded = cache.load("k1");
  ASSERT_TRUE(static_cast<bool>(loaded)) << llvm::toString(loaded.takeError());
  ASSERT_TRUE(loaded->has_value());
  CompiledProgram &program = **loaded;
  ASSERT_EQ(program.objects.size(), 1u);
  EXPECT_EQ(program.objects[0]->getBuffer(), "object");
  EXPECT_EQ(program.constructors, std::vector<std::string>{"init"});
  EXPECT_TRUE(program.destructors.empty());
  ASSERT_EQ(program.kernels.size(), 1u);
  EXPECT_EQ(program.kernels[0].name, "fusion.1");
  EXPECT_EQ(llvm::json::Value(program.kernels[0].args["fused_ops"]),
            llvm::json::Value(llvm::json::Array{"add.2", "exp.3"}));
}

TEST_F(CompilationCacheTest, DamagedEntryIsAnErrorAndRemoved) {
  CompilationCache cache = makeCache();
  ASSERT_FALSE(static_cast<bool>(cache.store("k1", makeProgram("object"))));
  std::string path = cache.getEntryPath("k1");
  // The entry of another key, renamed: its checksum holds, its key not.
  ASSERT_FALSE(static_cast<bool>(cache.store("k2", makeProgram("other"))));
  ASSERT_FALSE(llvm::sys::fs::rename(cache.getEntryPath("k2"), path));
  EXPECT_EQ(loadObject(cache, "k1"),
            "error: cache entry " + path +
                ": the entry is damaged: it holds another key");
  EXPECT_FALSE(llvm::sys::fs::exists(path));
  EXPECT_EQ(loadObject(cache, "k1"), "miss");
}

TEST_F(CompilationCacheTest, EvictsTheEntriesUsedLongestAgo) {
  std::string object(4000, 'x');
  CompilationCache roomy = makeCache();
  for (const char *key : {"a", "b", "c"})
    ASSERT_FALSE(static_cast<bool>(roomy.store(key, makeProgram(object))));
  // The entries' times, oldest first: b, c, a (a was loaded last).
  auto age = [&](llvm::StringRef key, int secondsAgo) {
    llvm::Expected<llvm::sys::fs::file_t> handle =
        llvm::sys::fs::openNativeFileForWrite(roomy.getEntryPath(key),
                                              llvm::sys::fs::CD_OpenExisting,
                                              llvm::sys::fs::OF_None);
    ASSERT_TRUE(static_cast<bool>(handle));
    ASSERT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(
        *handle,
        std::chrono::system_clock::now() - std::chrono::seconds(secondsAgo)));
    llvm::sys::fs::closeFile(*handle);
  };
  age("a", 300);
  age("b", 200);
  age("c", 100);
  EXPECT_EQ(loadObject(roomy, "a"), object);
  // Room for two entries: storing a fourth evicts the two oldest.
  uint64_t entryBytes;
  ASSERT_FALSE(llvm::sys::fs::file_size(roomy.getEntryPath("a"), entryBytes));
  CompilationCache small = makeCache(2 * entryBytes + entryBytes / 2);
  ASSERT_FALSE(static_cast<bool>(small.store("d", makeProgram(object))));
  EXPECT_EQ(loadObject(small, "b"), "miss");
  EXPECT_EQ(loadObject(small, "c"), "miss");
  EXPECT_EQ(loadObject(small, "a"), object);
  EXPECT_EQ(loadObject(small, "d"), object);
}

TEST_F(CompilationCacheTest, ConcurrentStoresLeaveOneWholeEntry) {
  CompilationCache cache = makeCache();
  std::string object(1 << 20, 'y');
  std::vector<std::thread> writers;
  for (int i = 0; i < 4; ++i)
    writers.emplace_back([&] {
      EXPECT_FALSE(static_cast<bool>(cache.store("k", makeProgram(object))));
    });
  // Readers during the writes see the whole entry or none.
  for (int i = 0; i < 20; ++i) {
    std::string loaded = loadObject(cache, "k");
    EXPECT_TRUE(loaded == "miss" || loaded == object) << loaded.substr(0, 100);
  }
  for (std::thread &writer : writers)
    writer.join();
  EXPECT_EQ(loadObject(cache, "k"), object);
  EXPECT_EQ(countEntries(), 1u);
}

TEST(CompilationCacheOptionsTest, ReadsTheEnvironment) {
  setenv("FUSE_CACHE_DIR", "/tmp/fuse-cache-options-test", 1);
  setenv("FUSE_CACHE_MAX_BYTES", "2MiB", 1);
  setenv("FUSE_CACHE_MIN_COMPILE_SECONDS", "0.5", 1);
  auto options = CompilationCacheOptions::fromEnvironment();
  ASSERT_TRUE(static_cast<bool>(options));
  ASSERT_TRUE(options->has_value());
  EXPECT_EQ((*options)->directory, "/tmp/fuse-cache-options-test");
  EXPECT_EQ((*options)->maxBytes, 2u << 20);
  EXPECT_EQ((*options)->minCompileSeconds, 0.5);

  setenv("FUSE_CACHE_DIR", "", 1);
  options = CompilationCacheOptions::fromEnvironment();
  ASSERT_TRUE(static_cast<bool>(options));
  EXPECT_FALSE(options->has_value());

  unsetenv("FUSE_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  options = CompilationCacheOptions::fromEnvironment();
  ASSERT_TRUE(static_cast<bool>(options));
  ASSERT_TRUE(options->has_value());
  EXPECT_EQ((*options)->directory, "/tmp/xdg/fuse");

  setenv("FUSE_CACHE_MAX_BYTES", "many", 1);
  options = CompilationCacheOptions::fromEnvironment();
  ASSERT_FALSE(static_cast<bool>(options));
  EXPECT_EQ(llvm::toString(options.takeError()),
            "FUSE_CACHE_MAX_BYTES is not a byte size: 'many'");
  unsetenv("FUSE_CACHE_MAX_BYTES");
  unsetenv("FUSE_CACHE_MIN_COMPILE_SECONDS");
  unsetenv("XDG_CACHE_HOME");
}

} // namespace
