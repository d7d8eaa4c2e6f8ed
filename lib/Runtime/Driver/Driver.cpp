//===- Driver.cpp - main() of ahead-of-time compiled GPU programs ---------===//
//
// Linked with one compiled program object, which defines the table of its
// entries (below), and with FuseCudaRuntimeStatic. Picks an entry, reads or
// makes its inputs, copies them to the device once, calls the entry (once,
// or after a warm-up N times timed with CUDA events), and writes the
// results.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/CudaRuntime.h"
#include "fuse/Runtime/MPIDriver.h"
#include "fuse/Runtime/Npy.h"
#include "fuse/Runtime/Signature.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

/// The number of entries the program defines.
extern "C" const int fuse_aot_entry_count;
/// Their names.
extern "C" const char *const fuse_aot_entry_names[];
/// Their types, e.g. "f32[4096,4096],f32[4096,4096]->f32[]".
extern "C" const char *const fuse_aot_signatures[];
/// Their MLIR C interfaces (_mlir_ciface_<name>), called with a pointer to
/// the result descriptor(s), if any, then one descriptor pointer per input.
extern "C" void (*const fuse_aot_entries[])(void);
/// The ranks a distributed program runs on; 0 for any other program.
extern "C" const int fuse_aot_ranks;

// Defined by libFuseMPIDriver.a in executables of distributed programs.
#pragma weak fuseMPIJoin
#pragma weak fuseMPIMax
#pragma weak fuseMPIAllAgree
#pragma weak fuseMPIAbort
#pragma weak fuseMPILeave

using namespace fuse::runtime;

namespace {

constexpr const char *kUsage = R"(usage: %s [options]

Runs an entry of the ahead-of-time compiled program linked into this
executable on the first CUDA device. Its entries and signatures:
%s
options:
  --entry=NAME            the entry to run (default: the first)
  --list-entries          print each entry's name and signature and exit
  --inputs=A.npy,B.npy    the inputs, one .npy file each (C order, little
                          endian, the signature's element type and shape;
                          bf16 as the raw bits in a <u2 array)
  --random-inputs=SEED    deterministic inputs instead: floats uniform in
                          [-1,1), integers in [-8,8) (unsigned [0,16)),
                          i1 0 or 1
  --outputs=R.npy,...     write the results as .npy files (i1 as bool)
  --bench=N               after one warm-up call, time N calls with CUDA
                          events and print one JSON line of statistics
  --print-signature       print the signature and exit
  --batch=FILE            run each line of FILE as the options of one run
                          (blank lines and lines starting with # skipped),
                          all in this process and CUDA context; prints
                          "done N" after line N and stops at the first error
  --help                  print this text

The inputs are copied to the device once; timings cover the program's device
work only. Exit status: 0 on success, 1 on any error ("no GPU: ..." when no
CUDA device or driver is usable).
)";

/// The most descriptor pointers an entry may take (results pointer included).
constexpr size_t kMaxArguments = 64;

struct Options {
  std::vector<std::string> inputFiles;
  bool randomInputs = false;
  uint64_t seed = 0;
  std::vector<std::string> outputFiles;
  bool hasOutputs = false;
  long bench = 0;
  bool printSignature = false;
  bool listEntries = false;
  std::string entry;
  std::string batchFile;
  bool help = false;
};

/// "batch line N: " while a line of --batch runs, so errors name it.
std::string errorPrefix;
/// This process's rank in the MPI job of a distributed program, else -1.
int mpiRank = -1;

/// Prints the error; in an MPI job, ends every rank, so that none waits for
/// this one in a collective.
[[noreturn]] void fail(const std::string &message) {
  std::string rank =
      mpiRank >= 0 ? "rank " + std::to_string(mpiRank) + ": " : "";
  std::fprintf(stderr, "error: %s%s%s\n", rank.c_str(), errorPrefix.c_str(),
               message.c_str());
  if (mpiRank >= 0)
    fuseMPIAbort(1);
  std::exit(1);
}

/// FNV-1a of `bytes`: equal inputs on every rank have equal digests.
unsigned long long digest(const std::vector<char> &bytes) {
  unsigned long long hash = 1469598103934665603ull;
  for (char byte : bytes)
    hash = (hash ^ static_cast<unsigned char>(byte)) * 1099511628211ull;
  return hash;
}

/// Rank 0 alone prints and writes the results of a distributed program.
bool isQuietRank() { return mpiRank > 0; }

void joinJobIfDistributed() {
  if (fuse_aot_ranks == 0)
    return;
  if (!fuseMPIJoin)
    fail("the program is distributed over " + std::to_string(fuse_aot_ranks) +
         " ranks, and the executable was linked without MPI");
  char message[256] = {};
  int rank = fuseMPIJoin(fuse_aot_ranks, message, sizeof(message));
  if (rank < 0) {
    std::fprintf(stderr, "error: %s\n", message);
    fuseMPIAbort(1);
  }
  mpiRank = rank;
}

std::vector<std::string> splitCommas(const std::string &text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos)
      return parts;
    start = comma + 1;
  }
}

bool parseUnsigned(const std::string &text, uint64_t &value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  value = std::strtoull(text.c_str(), nullptr, 10);
  return errno == 0;
}

Options parseOptions(const std::vector<std::string> &arguments) {
  Options options;
  bool hasInputs = false;
  for (const std::string &argument : arguments) {
    auto valueOf = [&](const char *flag, std::string &value) {
      size_t length = std::strlen(flag);
      if (argument.compare(0, length, flag) != 0 || argument[length] != '=')
        return false;
      value = argument.substr(length + 1);
      return true;
    };
    std::string value;
    uint64_t number = 0;
    if (argument == "--help" || argument == "-h") {
      options.help = true;
    } else if (argument == "--print-signature") {
      options.printSignature = true;
    } else if (argument == "--list-entries") {
      options.listEntries = true;
    } else if (valueOf("--entry", value)) {
      options.entry = value;
    } else if (valueOf("--inputs", value)) {
      hasInputs = true;
      if (!value.empty())
        options.inputFiles = splitCommas(value);
    } else if (valueOf("--random-inputs", value)) {
      if (!parseUnsigned(value, number))
        fail("--random-inputs wants an unsigned seed, not '" + value + "'");
      options.randomInputs = true;
      options.seed = number;
    } else if (valueOf("--outputs", value)) {
      options.hasOutputs = true;
      if (!value.empty())
        options.outputFiles = splitCommas(value);
    } else if (valueOf("--bench", value)) {
      if (!parseUnsigned(value, number) || number == 0 || number > 1000000)
        fail("--bench wants a number of runs from 1 to 1000000, not '" + value +
             "'");
      options.bench = static_cast<long>(number);
    } else if (valueOf("--batch", value)) {
      options.batchFile = value;
    } else {
      fail("unknown argument '" + argument + "' (see --help)");
    }
  }
  if (hasInputs && options.randomInputs)
    fail("give either --inputs or --random-inputs, not both");
  return options;
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// splitmix64: a small generator whose stream depends only on the seed.
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// The bits of `value`, a float that f16 represents exactly and normally
/// (the random values are chosen so).
uint16_t exactHalfBits(float value) {
  if (value == 0)
    return 0;
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint32_t sign = bits >> 31;
  int exponent = static_cast<int>((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = (bits >> 13) & 0x3ff;
  return static_cast<uint16_t>((sign << 15) | (exponent << 10) | mantissa);
}

/// Fills an input with values on a grid every element type represents
/// exactly: multiples of 2^-23 for f32 and f64, 2^-10 for f16, 2^-7 for bf16.
NpyArray randomArray(const TensorType &type, uint64_t seed) {
  NpyArray array;
  array.type = type;
  array.data.resize(type.byteSize());
  uint64_t state = seed;
  char *out = array.data.data();
  for (int64_t i = 0, e = type.elementCount(); i < e; ++i) {
    uint64_t random = nextRandom(state);
    auto store = [&](auto value) {
      std::memcpy(out + i * sizeof(value), &value, sizeof(value));
    };
    int64_t small = static_cast<int64_t>(random >> 60) - 8; // [-8, 8)
    switch (type.elementType) {
    case ElementType::F32:
      store(static_cast<float>(static_cast<int64_t>(random >> 40) * 0x1p-23 -
                               1.0));
      break;
    case ElementType::F64:
      store(static_cast<int64_t>(random >> 40) * 0x1p-23 - 1.0);
      break;
    case ElementType::F16:
      store(exactHalfBits(
          static_cast<float>(static_cast<int64_t>(random >> 53) - 1024) *
          0x1p-10f));
      break;
    case ElementType::BF16: {
      float value =
          static_cast<float>(static_cast<int64_t>(random >> 56) - 128) *
          0x1p-7f;
      uint32_t bits;
      std::memcpy(&bits, &value, sizeof(bits));
      store(static_cast<uint16_t>(bits >> 16));
      break;
    }
    case ElementType::I1:
      store(static_cast<uint8_t>(random >> 63));
      break;
    case ElementType::I8:
      store(static_cast<int8_t>(small));
      break;
    case ElementType::I16:
      store(static_cast<int16_t>(small));
      break;
    case ElementType::I32:
      store(static_cast<int32_t>(small));
      break;
    case ElementType::I64:
      store(small);
      break;
    // Unsigned: [0, 16).
    case ElementType::UI8:
      store(static_cast<uint8_t>(random >> 60));
      break;
    case ElementType::UI16:
      store(static_cast<uint16_t>(random >> 60));
      break;
    case ElementType::UI32:
      store(static_cast<uint32_t>(random >> 60));
      break;
    case ElementType::UI64:
      store(static_cast<uint64_t>(random >> 60));
      break;
    // The narrow integers as compiled code reads them: a byte holding the
    // value's bits and zeros above.
    case ElementType::I4:
      store(static_cast<uint8_t>(small & 0xf));
      break;
    case ElementType::UI4:
      store(static_cast<uint8_t>(random >> 60));
      break;
    case ElementType::I2:
      store(static_cast<uint8_t>((small >> 2) & 0x3));
      break;
    case ElementType::UI2:
      store(static_cast<uint8_t>(random >> 62));
      break;
    case ElementType::F8E4M3FN:
    case ElementType::F8E5M2:
    case ElementType::F8E4M3:
    case ElementType::F8E3M4:
    case ElementType::F8E4M3FNUZ:
    case ElementType::F8E5M2FNUZ:
    case ElementType::F8E4M3B11FNUZ:
      fail("--random-inputs does not draw 8-bit floats; pass --inputs "
           "with their bytes");
    }
  }
  return array;
}

std::vector<NpyArray> loadInputs(const Options &options,
                                 const Signature &signature) {
  std::vector<NpyArray> inputs;
  size_t count = signature.inputs.size();
  if (options.randomInputs) {
    for (size_t i = 0; i < count; ++i)
      inputs.push_back(
          randomArray(signature.inputs[i], options.seed * 1000003 + i));
    return inputs;
  }
  if (options.inputFiles.size() != count)
    fail("the program takes " + std::to_string(count) + " input(s) (" +
         signature.str() + "); " +
         (options.inputFiles.empty()
              ? std::string("give --inputs or "
                            "--random-inputs")
              : "--inputs names " + std::to_string(options.inputFiles.size())));
  for (size_t i = 0; i < count; ++i) {
    NpyArray array;
    std::string error;
    const TensorType &expected = signature.inputs[i];
    // A <u2 file holds ui16 values or bf16 bits, as the signature says.
    if (!readNpy(options.inputFiles[i], array, error, expected.elementType))
      fail(error);
    if (array.type.elementType != expected.elementType ||
        array.type.shape != expected.shape)
      fail(options.inputFiles[i] + ": holds " + array.type.str() + "; input " +
           std::to_string(i) + " is " + expected.str());
    inputs.push_back(std::move(array));
  }
  return inputs;
}

//===----------------------------------------------------------------------===//
// Calling the entry
//===----------------------------------------------------------------------===//

/// A memref descriptor {allocated, aligned, offset, sizes[R], strides[R]} as
/// 8-byte words.
std::vector<int64_t> inputDescriptor(void *device, const TensorType &type) {
  size_t rank = type.shape.size();
  std::vector<int64_t> words(3 + 2 * rank);
  words[0] = words[1] =
      static_cast<int64_t>(reinterpret_cast<intptr_t>(device));
  words[2] = 0;
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    words[3 + i] = type.shape[i];
    words[3 + rank + i] = stride;
    stride *= type.shape[i];
  }
  return words;
}

using Entry = void (*)(void);

template <size_t... Index>
void callWithPointers(Entry entry, void **arguments,
                      std::index_sequence<Index...>) {
  using Function = void (*)(decltype((void)Index, (void *)nullptr)...);
  reinterpret_cast<Function>(entry)(arguments[Index]...);
}

using Caller = void (*)(Entry, void **);

template <size_t... Count>
constexpr auto makeCallers(std::index_sequence<Count...>) {
  return std::array<Caller, sizeof...(Count)>{[](Entry entry, void **args) {
    callWithPointers(entry, args, std::make_index_sequence<Count>());
  }...};
}

/// callers[k] calls an entry with k void* arguments.
constexpr auto kCallers =
    makeCallers(std::make_index_sequence<kMaxArguments + 1>());

/// One result of a call: the allocation to free, where its first element is
/// on the device, and its strides in elements.
struct Result {
  void *allocated;
  char *first;
  std::vector<int64_t> strides;
};

class Program {
public:
  Program(Entry entry, const Signature &signature,
          const std::vector<void *> &inputs)
      : entry(entry), signature(signature), inputs(inputs) {
    for (size_t i = 0; i < inputs.size(); ++i)
      inputDescriptors.push_back(
          inputDescriptor(inputs[i], signature.inputs[i]));
    for (const TensorType &type : signature.results)
      resultWords += 3 + 2 * type.shape.size();
    if (argumentCount() > kMaxArguments)
      fail("the program takes " + std::to_string(argumentCount()) +
           " descriptor pointers; the driver supports at most " +
           std::to_string(kMaxArguments));
  }

  size_t argumentCount() const {
    return (signature.results.empty() ? 0 : 1) + inputs.size();
  }

  /// Calls the entry and returns its results' device buffers.
  std::vector<Result> call() {
    std::vector<int64_t> resultDescriptors(resultWords, 0);
    // The compiled code may rewrite descriptors it was given; pass copies.
    std::vector<std::vector<int64_t>> descriptors = inputDescriptors;
    std::vector<void *> arguments;
    if (!signature.results.empty())
      arguments.push_back(resultDescriptors.data());
    for (std::vector<int64_t> &descriptor : descriptors)
      arguments.push_back(descriptor.data());
    kCallers[arguments.size()](entry, arguments.data());
    return unpackResults(resultDescriptors);
  }

  /// Frees the results' allocations, skipping inputs returned as results and
  /// allocations shared by two results.
  void release(const std::vector<Result> &results) {
    std::vector<void *> freed;
    for (const Result &result : results) {
      void *allocated = result.allocated;
      if (!allocated ||
          std::find(inputs.begin(), inputs.end(), allocated) != inputs.end() ||
          std::find(freed.begin(), freed.end(), allocated) != freed.end())
        continue;
      fuseCudaFree(allocated);
      freed.push_back(allocated);
    }
  }

private:
  std::vector<Result> unpackResults(const std::vector<int64_t> &words) {
    std::vector<Result> results;
    size_t at = 0;
    for (size_t r = 0; r < signature.results.size(); ++r) {
      const TensorType &type = signature.results[r];
      size_t rank = type.shape.size();
      Result result;
      result.allocated =
          reinterpret_cast<void *>(static_cast<intptr_t>(words[at]));
      char *aligned =
          reinterpret_cast<char *>(static_cast<intptr_t>(words[at + 1]));
      result.first =
          aligned + words[at + 2] * getElementTypeInfo(type.elementType).bytes;
      for (size_t i = 0; i < rank; ++i) {
        if (words[at + 3 + i] != type.shape[i])
          fail("result " + std::to_string(r) + " has dimension " +
               std::to_string(i) + " of size " +
               std::to_string(words[at + 3 + i]) + "; the signature says " +
               type.str());
        result.strides.push_back(words[at + 3 + rank + i]);
      }
      at += 3 + 2 * rank;
      results.push_back(std::move(result));
    }
    return results;
  }

  Entry entry;
  const Signature &signature;
  std::vector<void *> inputs;
  std::vector<std::vector<int64_t>> inputDescriptors;
  size_t resultWords = 0;
};

/// Copies a result to the host as a dense row-major array, gathering it
/// when the compiled code returned a strided view.
NpyArray copyResult(const Result &result, const TensorType &type) {
  NpyArray array;
  array.type = type;
  array.data.resize(type.byteSize());
  int64_t count = type.elementCount();
  if (count == 0)
    return array;
  size_t size = getElementTypeInfo(type.elementType).bytes;
  size_t rank = type.shape.size();
  bool dense = true;
  int64_t expected = 1;
  int64_t lastElement = 0;
  for (size_t i = rank; i-- > 0;) {
    if (type.shape[i] != 1 && result.strides[i] != expected)
      dense = false;
    expected *= type.shape[i];
    lastElement += (type.shape[i] - 1) * result.strides[i];
  }
  if (dense) {
    fuseCudaCopyToHost(array.data.data(), result.first, array.data.size());
    return array;
  }
  std::vector<char> span((lastElement + 1) * size);
  fuseCudaCopyToHost(span.data(), result.first, span.size());
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t source = 0;
    for (size_t d = 0; d < rank; ++d)
      source += index[d] * result.strides[d];
    std::memcpy(array.data.data() + i * size, span.data() + source * size,
                size);
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < type.shape[d])
        break;
      index[d] = 0;
    }
  }
  return array;
}

std::string jsonString(const std::string &text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

/// "  name  signature" for every entry, one per line.
std::string listEntries() {
  std::string text;
  for (int index = 0; index < fuse_aot_entry_count; ++index)
    text += std::string("  ") + fuse_aot_entry_names[index] + "  " +
            fuse_aot_signatures[index] + "\n";
  return text;
}

/// The index of the entry `name` (the first when empty).
int findEntry(const std::string &name) {
  if (name.empty())
    return 0;
  for (int index = 0; index < fuse_aot_entry_count; ++index)
    if (name == fuse_aot_entry_names[index])
      return index;
  fail("no entry '" + name + "'; the program has:\n" + listEntries());
}

/// Runs `options` (no --batch or --help): one entry, its inputs, results and
/// timing.
void run(const Options &options) {
  if (options.listEntries) {
    std::printf("%s", listEntries().c_str());
    return;
  }
  int entryIndex = findEntry(options.entry);
  const char *signatureText = fuse_aot_signatures[entryIndex];
  Signature signature;
  std::string error;
  if (!parseSignature(signatureText, signature, error))
    fail("the program's signature is malformed: " + error);
  if (options.printSignature) {
    std::printf("%s\n", signatureText);
    return;
  }

  // Argument and file errors come first, then the GPU.
  if (options.hasOutputs &&
      options.outputFiles.size() != signature.results.size())
    fail("the program has " + std::to_string(signature.results.size()) +
         " result(s) (" + signature.str() + "); --outputs names " +
         std::to_string(options.outputFiles.size()));
  std::vector<NpyArray> hostInputs = loadInputs(options, signature);
  if (mpiRank >= 0)
    for (size_t i = 0; i < hostInputs.size(); ++i)
      if (!fuseMPIAllAgree(digest(hostInputs[i].data)))
        fail("input " + std::to_string(i) +
             " differs between ranks: give every rank the same file");

  char message[1024];
  if (fuseCudaInitialize(message, sizeof(message)) != 0) {
    std::fprintf(stderr, "%s\n", message);
    std::exit(1);
  }

  std::vector<void *> deviceInputs;
  for (const NpyArray &input : hostInputs) {
    void *device = fuseCudaAlloc(input.data.size());
    fuseCudaCopyToDevice(device, input.data.data(), input.data.size());
    deviceInputs.push_back(device);
  }
  Program program(fuse_aot_entries[entryIndex], signature, deviceInputs);

  // The last call's results stay until they are written out.
  std::vector<double> milliseconds;
  std::vector<Result> results;
  if (options.bench > 0) {
    program.release(program.call());
    fuseCudaSynchronize();
    for (long run = 0; run < options.bench; ++run) {
      if (run > 0)
        program.release(results);
      FuseCudaTimer *timer = fuseCudaTimerStart();
      results = program.call();
      double elapsed = fuseCudaTimerStop(timer);
      // A distributed run takes as long as its slowest rank.
      milliseconds.push_back(mpiRank >= 0 ? fuseMPIMax(elapsed) : elapsed);
    }
  } else {
    results = program.call();
  }
  fuseCudaSynchronize();

  if (options.hasOutputs && !isQuietRank()) {
    for (size_t r = 0; r < results.size(); ++r) {
      NpyArray array = copyResult(results[r], signature.results[r]);
      if (!writeNpy(options.outputFiles[r], array.type, array.data.data(),
                    error))
        fail(error);
    }
  }
  program.release(results);

  if (options.bench > 0 && !isQuietRank()) {
    std::vector<double> sorted = milliseconds;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    double median =
        n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    uint64_t bytesMoved = 0;
    for (const TensorType &type : signature.inputs)
      bytesMoved += type.byteSize();
    for (const TensorType &type : signature.results)
      bytesMoved += type.byteSize();
    double gbPerSecond = median > 0 ? bytesMoved / (median * 1e6) : 0;
    std::printf("{\"signature\": %s, \"device\": %s, \"runs\": %ld, "
                "\"median_ms\": %.6f, \"min_ms\": %.6f, \"bytes_moved\": %llu, "
                "\"gb_per_s\": %.3f}\n",
                jsonString(signatureText).c_str(),
                jsonString(fuseCudaDeviceName()).c_str(), options.bench, median,
                sorted.front(), static_cast<unsigned long long>(bytesMoved),
                gbPerSecond);
  }
  for (void *device : deviceInputs)
    fuseCudaFree(device);
}

/// The lines of --batch's file as argument lists, with their line numbers.
std::vector<std::pair<int, std::vector<std::string>>>
readBatch(const std::string &path) {
  FILE *file = std::fopen(path.c_str(), "r");
  if (!file)
    fail("cannot read --batch file '" + path + "': " + std::strerror(errno));
  std::vector<std::pair<int, std::vector<std::string>>> lines;
  std::string line;
  int number = 0;
  for (int c = std::fgetc(file);; c = std::fgetc(file)) {
    if (c != '\n' && c != EOF) {
      line += static_cast<char>(c);
      continue;
    }
    ++number;
    std::vector<std::string> arguments;
    size_t start = line.find_first_not_of(" \t\r");
    while (start != std::string::npos && line[start] != '#') {
      size_t end = line.find_first_of(" \t\r", start);
      arguments.push_back(line.substr(start, end - start));
      start = line.find_first_not_of(" \t\r", end);
    }
    if (!arguments.empty())
      lines.emplace_back(number, std::move(arguments));
    line.clear();
    if (c == EOF)
      break;
  }
  std::fclose(file);
  return lines;
}

} // namespace

int main(int argc, char **argv) {
  Options options =
      parseOptions(std::vector<std::string>(argv + 1, argv + argc));
  if (options.help) {
    std::printf(kUsage, argv[0], listEntries().c_str());
    return 0;
  }
  joinJobIfDistributed();
  if (options.batchFile.empty()) {
    run(options);
    if (mpiRank >= 0)
      fuseMPILeave();
    return 0;
  }
  if (argc != 2)
    fail("--batch takes no other options: its lines hold them");
  for (const auto &[number, arguments] : readBatch(options.batchFile)) {
    errorPrefix = "batch line " + std::to_string(number) + ": ";
    Options lineOptions = parseOptions(arguments);
    if (!lineOptions.batchFile.empty() || lineOptions.help)
      fail("--batch and --help are not options of a batch line");
    run(lineOptions);
    std::printf("done %d\n", number);
    std::fflush(stdout);
  }
  if (mpiRank >= 0)
    fuseMPILeave();
  return 0;
}
