//===- CompilationCache.cpp - compiled programs kept on disk --------------===//

#include "fuse/Execution/CompilationCache.h"
#include "fuse/Support/ByteSize.h"
#include "fuse/Support/HostCpu.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <dlfcn.h>
#include <unistd.h>

using namespace fuse::exec;

namespace {

/// An entry file starts with this, then the payload's size and SHA-256.
constexpr llvm::StringLiteral kMagic = "FUSECACHE1\n";
constexpr size_t kHeaderBytes = kMagic.size() + 8 + 32;
constexpr llvm::StringLiteral kEntrySuffix = ".fuse";
constexpr llvm::StringLiteral kTemporaryPrefix = "tmp-";
/// A temporary file this old is a writer's that died.
constexpr std::chrono::hours kAbandonedAge(1);

/// What identifies the binary this code was linked into: its path, size
/// and modification time. A rebuilt fuse compiles differently, and must not
/// load what the old one compiled.
std::string getBinaryIdentity() {
  static const std::string identity = [] {
    Dl_info info;
    if (!dladdr(reinterpret_cast<void *>(&getBinaryIdentity), &info) ||
        !info.dli_fname)
      return std::string("unknown binary");
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(info.dli_fname, status))
      return std::string(info.dli_fname);
    return (llvm::Twine(info.dli_fname) + " " + llvm::Twine(status.getSize()) +
            " " +
            llvm::Twine(
                status.getLastModificationTime().time_since_epoch().count()))
        .str();
  }();
  return identity;
}

/// Appends the little-endian `value`.
void appendWord(std::string &out, uint64_t value) {
  char bytes[8];
  llvm::support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}

void appendBytes(std::string &out, llvm::StringRef bytes) {
  appendWord(out, bytes.size());
  out.append(bytes.begin(), bytes.end());
}

/// Reads the payload's fields in the order appendWord/appendBytes wrote
/// them; any read past the end makes it fail.
class PayloadReader {
public:
  explicit PayloadReader(llvm::StringRef payload) : rest(payload) {}

  std::optional<uint64_t> readWord() {
    if (rest.size() < 8)
      return std::nullopt;
    uint64_t value = llvm::support::endian::read64le(rest.data());
    rest = rest.drop_front(8);
    return value;
  }

  std::optional<llvm::StringRef> readBytes() {
    std::optional<uint64_t> size = readWord();
    if (!size || *size > rest.size())
      return std::nullopt;
    llvm::StringRef bytes = rest.take_front(*size);
    rest = rest.drop_front(*size);
    return bytes;
  }

  bool atEnd() const { return rest.empty(); }

private:
  llvm::StringRef rest;
};

std::string serializeKernels(llvm::ArrayRef<TracedKernel> kernels) {
  llvm::json::Array array;
  for (const TracedKernel &kernel : kernels)
    array.push_back(llvm::json::Object{
        {"name", kernel.name},
        {"args", llvm::json::Object(kernel.args)},
    });
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(std::move(array));
  return text;
}

std::optional<std::vector<TracedKernel>>
deserializeKernels(llvm::StringRef text) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value) {
    llvm::consumeError(value.takeError());
    return std::nullopt;
  }
  const llvm::json::Array *array = value->getAsArray();
  if (!array)
    return std::nullopt;
  std::vector<TracedKernel> kernels;
  for (const llvm::json::Value &element : *array) {
    const llvm::json::Object *object = element.getAsObject();
    if (!object)
      return std::nullopt;
    std::optional<llvm::StringRef> name = object->getString("name");
    const llvm::json::Object *args = object->getObject("args");
    if (!name || !args)
      return std::nullopt;
    kernels.push_back({name->str(), *args});
  }
  return kernels;
}

std::string serialize(llvm::StringRef key, const CompiledProgram &program) {
  std::string payload;
  appendBytes(payload, key);
  appendWord(payload, program.objects.size());
  for (const std::unique_ptr<llvm::MemoryBuffer> &object : program.objects)
    appendBytes(payload, object->getBuffer());
  for (const std::vector<std::string> *names :
       {&program.constructors, &program.destructors}) {
    appendWord(payload, names->size());
    for (const std::string &name : *names)
      appendBytes(payload, name);
  }
  appendBytes(payload, serializeKernels(program.kernels));
  return payload;
}

llvm::Expected<CompiledProgram> deserialize(llvm::StringRef key,
                                            llvm::StringRef payload) {
  auto damaged = [](llvm::StringRef why) {
    return llvm::createStringError("the entry is damaged: " + why);
  };
  PayloadReader reader(payload);
  std::optional<llvm::StringRef> storedKey = reader.readBytes();
  if (!storedKey || *storedKey != key)
    return damaged("it holds another key");
  CompiledProgram program;
  std::optional<uint64_t> objects = reader.readWord();
  if (!objects)
    return damaged("it ends early");
  for (uint64_t i = 0; i < *objects; ++i) {
    std::optional<llvm::StringRef> object = reader.readBytes();
    if (!object)
      return damaged("it ends early");
    program.objects.push_back(llvm::MemoryBuffer::getMemBufferCopy(
        *object, "fuse-cached-object-" + std::to_string(i)));
  }
  for (std::vector<std::string> *names :
       {&program.constructors, &program.destructors}) {
    std::optional<uint64_t> count = reader.readWord();
    if (!count)
      return damaged("it ends early");
    for (uint64_t i = 0; i < *count; ++i) {
      std::optional<llvm::StringRef> name = reader.readBytes();
      if (!name)
        return damaged("it ends early");
      names->push_back(name->str());
    }
  }
  std::optional<llvm::StringRef> kernelText = reader.readBytes();
  if (!kernelText || !reader.atEnd())
    return damaged("its size does not match its contents");
  std::optional<std::vector<TracedKernel>> kernels =
      deserializeKernels(*kernelText);
  if (!kernels)
    return damaged("its kernel table is not valid JSON");
  program.kernels = std::move(*kernels);
  return program;
}

std::array<uint8_t, 32> hash(llvm::StringRef bytes) {
  llvm::SHA256 hasher;
  hasher.update(bytes);
  return hasher.final();
}

} // namespace

llvm::Expected<HostDescription> HostDescription::detect() {
  llvm::Expected<HostCpu> cpu = detectHostCpu();
  if (!cpu)
    return cpu.takeError();
  HostDescription host;
  host.triple = llvm::sys::getProcessTriple();
  host.cpu = cpu->name;
  host.features = llvm::join(cpu->getFeatureList(), ",");
  return host;
}

llvm::Expected<std::optional<CompilationCacheOptions>>
CompilationCacheOptions::fromEnvironment() {
  CompilationCacheOptions options;
  if (const char *directory = std::getenv("FUSE_CACHE_DIR")) {
    if (!*directory)
      return std::nullopt;
    options.directory = directory;
  } else {
    llvm::SmallString<256> path;
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
      path = xdg;
    else if (!llvm::sys::path::home_directory(path))
      return std::nullopt;
    else
      llvm::sys::path::append(path, ".cache");
    llvm::sys::path::append(path, "fuse");
    options.directory = path.str().str();
  }
  if (const char *size = std::getenv("FUSE_CACHE_MAX_BYTES")) {
    std::optional<int64_t> bytes = fuse::parseByteSize(size);
    if (!bytes || *bytes < 0)
      return llvm::createStringError(
          "FUSE_CACHE_MAX_BYTES is not a byte size: '" + llvm::Twine(size) +
          "'");
    options.maxBytes = *bytes;
  }
  if (const char *seconds = std::getenv("FUSE_CACHE_MIN_COMPILE_SECONDS")) {
    double value;
    if (llvm::StringRef(seconds).getAsDouble(value) || value < 0)
      return llvm::createStringError(
          "FUSE_CACHE_MIN_COMPILE_SECONDS is not a number of seconds: '" +
          llvm::Twine(seconds) + "'");
    options.minCompileSeconds = value;
  }
  return options;
}

llvm::Expected<std::optional<CompilationCache>>
CompilationCache::fromEnvironment() {
  llvm::Expected<std::optional<CompilationCacheOptions>> options =
      CompilationCacheOptions::fromEnvironment();
  if (!options)
    return options.takeError();
  if (!*options)
    return std::nullopt;
  return CompilationCache(std::move(**options));
}

std::string CompilationCache::getKey(llvm::ArrayRef<llvm::StringRef> parts,
                                     const HostDescription &host) {
  llvm::SHA256 hasher;
  // Each part is preceded by its size, so that no two lists of parts hash
  // the same bytes.
  auto add = [&](llvm::StringRef part) {
    std::string size;
    appendWord(size, part.size());
    hasher.update(size);
    hasher.update(part);
  };
  add(kMagic);
  add(getBinaryIdentity());
  add(host.triple);
  add(host.cpu);
  add(host.features);
  for (llvm::StringRef part : parts)
    add(part);
  return llvm::toHex(hasher.final(), /*LowerCase=*/true);
}

std::string CompilationCache::getEntryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(options.directory);
  llvm::sys::path::append(path, key + kEntrySuffix);
  return path.str().str();
}

llvm::Expected<std::optional<CompiledProgram>>
CompilationCache::load(llvm::StringRef key) {
  std::string path = getEntryPath(key);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return std::nullopt;
  llvm::StringRef bytes = (*file)->getBuffer();
  auto reject = [&](llvm::Error error) -> llvm::Error {
    llvm::sys::fs::remove(path);
    return llvm::createStringError("cache entry " + path + ": " +
                                   llvm::toString(std::move(error)));
  };
  if (bytes.size() < kHeaderBytes || !bytes.starts_with(kMagic))
    return reject(llvm::createStringError(
        "the entry is damaged: it does not start as an entry does"));
  uint64_t size = llvm::support::endian::read64le(bytes.data() + kMagic.size());
  llvm::StringRef checksum = bytes.substr(kMagic.size() + 8, 32);
  llvm::StringRef payload = bytes.drop_front(kHeaderBytes);
  if (payload.size() != size)
    return reject(llvm::createStringError("the entry is damaged: it holds " +
                                          llvm::Twine(payload.size()) +
                                          " bytes of " + llvm::Twine(size)));
  std::array<uint8_t, 32> actual = hash(payload);
  if (checksum != llvm::StringRef(reinterpret_cast<const char *>(actual.data()),
                                  actual.size()))
    return reject(llvm::createStringError(
        "the entry is damaged: its checksum does not match"));
  llvm::Expected<CompiledProgram> program = deserialize(key, payload);
  if (!program)
    return reject(program.takeError());
  // The entry was used now: eviction takes it last.
  if (llvm::Expected<llvm::sys::fs::file_t> handle =
          llvm::sys::fs::openNativeFileForWrite(
              path, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        *handle, std::chrono::system_clock::now());
    llvm::sys::fs::closeFile(*handle);
  } else {
    llvm::consumeError(handle.takeError());
  }
  return std::move(*program);
}

llvm::Error CompilationCache::store(llvm::StringRef key,
                                    const CompiledProgram &program) {
  if (std::error_code error =
          llvm::sys::fs::create_directories(options.directory))
    return llvm::createStringError("cannot create the cache directory " +
                                   options.directory + ": " + error.message());
  std::string payload = serialize(key, program);
  std::array<uint8_t, 32> checksum = hash(payload);
  std::string header(kMagic);
  appendWord(header, payload.size());
  header.append(reinterpret_cast<const char *>(checksum.data()),
                checksum.size());

  // Written aside under a name no other writer uses, then renamed into
  // place: a reader sees the whole entry or none, and of two processes
  // storing the same key, one's complete file wins.
  static std::atomic<unsigned> writes{0};
  llvm::SmallString<256> temporary(options.directory);
  llvm::sys::path::append(temporary, kTemporaryPrefix + key + "-" +
                                         llvm::Twine(::getpid()) + "-" +
                                         llvm::Twine(writes++));
  {
    std::error_code error;
    llvm::raw_fd_ostream stream(temporary, error, llvm::sys::fs::OF_None);
    if (error)
      return llvm::createStringError("cannot write the cache entry " +
                                     temporary + ": " + error.message());
    stream << header << payload;
    stream.close();
    if (stream.has_error()) {
      std::string message = stream.error().message();
      stream.clear_error();
      llvm::sys::fs::remove(temporary);
      return llvm::createStringError("cannot write the cache entry " +
                                     temporary + ": " + message);
    }
  }
  std::string path = getEntryPath(key);
  if (std::error_code error = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return llvm::createStringError("cannot write the cache entry " + path +
                                   ": " + error.message());
  }
  evict();
  return llvm::Error::success();
}

void CompilationCache::evict() {
  struct Entry {
    std::string path;
    uint64_t bytes;
    llvm::sys::TimePoint<> used;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  std::error_code error;
  for (llvm::sys::fs::directory_iterator it(options.directory, error), end;
       !error && it != end; it.increment(error)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    llvm::sys::fs::file_status status;
    if (it->status().getError() || llvm::sys::fs::status(it->path(), status))
      continue;
    if (name.starts_with(kTemporaryPrefix)) {
      if (now - status.getLastModificationTime() > kAbandonedAge)
        llvm::sys::fs::remove(it->path());
      continue;
    }
    if (!name.ends_with(kEntrySuffix))
      continue;
    entries.push_back(
        {it->path(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  if (total <= options.maxBytes)
    return;
  llvm::sort(entries,
             [](const Entry &a, const Entry &b) { return a.used < b.used; });
  for (const Entry &entry : entries) {
    if (total <= options.maxBytes)
      break;
    // Another process may have removed it already.
    llvm::sys::fs::remove(entry.path);
    total -= entry.bytes;
  }
}
