//===- RunnerSteps.cpp - the steps of one entry's run ---------------------===//

#include "RunnerSteps.h"

#include "fuse/Execution/Compare.h"
#include "fuse/Execution/MemoryAccountant.h"
#include "fuse/Execution/Npy.h"
#include "fuse/Execution/Print.h"
#include "fuse/Execution/Random.h"
#include "fuse/Interpreter/Interpreter.h"
#include "fuse/Interpreter/WidenFloats.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <map>

using namespace mlir;

namespace fuse::exec {
namespace {

/// Writes a time in milliseconds to the microsecond: more digits would
/// only be noise.
void writeMilliseconds(llvm::json::OStream &json, llvm::StringRef key,
                       double milliseconds) {
  json.attributeBegin(key);
  json.rawValue(
      [&](llvm::raw_ostream &os) { os << llvm::format("%.3f", milliseconds); });
  json.attributeEnd();
}

std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

/// Reads `path` as a buffer of `type`, or says why it is not one.
llvm::Expected<HostBuffer> readTypedNpy(llvm::StringRef path, Type type,
                                        llvm::StringRef what) {
  llvm::Expected<HostBuffer> buffer =
      readNpy(path, type.getContext(), cast<ShapedType>(type).getElementType());
  if (!buffer)
    return buffer.takeError();
  if (buffer->getType() != type)
    return llvm::createStringError("'" + path + "' is " +
                                   typeToString(buffer->getType()) + "; " +
                                   what + " is " + typeToString(type));
  return buffer;
}

} // namespace

RunStatus RunnerSteps::fail(const llvm::Twine &message, RunStatus status) {
  llvm::outs().flush();
  err << composeErrorLine(job ? job->rank() : -1, message);
  err.flush();
  return status;
}

FailureOr<llvm::SmallVector<HostBuffer>>
RunnerSteps::loadInputs(func::FuncOp func, int64_t device) {
  llvm::SmallVector<HostBuffer> inputs;
  if (job && !spmdJob && options.broadcastInputs && job->rank() != 0) {
    for (Type type : func.getArgumentTypes())
      inputs.emplace_back(cast<RankedTensorType>(type));
  } else {
    FailureOr<llvm::SmallVector<HostBuffer>> read = readInputs(func, device);
    if (failed(read))
      return failure();
    inputs = std::move(*read);
  }
  if (job && !spmdJob && failed(shareInputs(func, inputs)))
    return failure();
  return inputs;
}

LogicalResult
RunnerSteps::shareInputs(func::FuncOp func,
                         llvm::MutableArrayRef<HostBuffer> inputs) {
  for (auto [i, input] : llvm::enumerate(inputs)) {
    if (options.broadcastInputs) {
      job->broadcastFromFirst(input.data(), input.getByteSize());
      continue;
    }
    llvm::StringRef bytes(input.data(), input.getByteSize());
    if (!job->allAgree(llvm::xxh3_64bits(bytes))) {
      fail("input " + llvm::Twine(i) + " of @" + func.getSymName() +
               " differs between ranks; give every rank the same file, or "
               "let rank 0 send its inputs (--mpi-broadcast-inputs)",
           RunStatus::InputError);
      return failure();
    }
  }
  return success();
}

FailureOr<llvm::SmallVector<HostBuffer>>
RunnerSteps::readInputs(func::FuncOp func, int64_t device) {
  llvm::ArrayRef<Type> types = func.getArgumentTypes();
  llvm::SmallVector<HostBuffer> inputs;
  if (options.randomSeed) {
    // Device d draws from streams of its own; device 0's are those of a
    // run on one device.
    for (auto [i, type] : llvm::enumerate(types)) {
      inputs.emplace_back(cast<RankedTensorType>(type));
      fillRandom(inputs.back(), *options.randomSeed,
                 i + (static_cast<uint64_t>(device) << 32));
    }
    return inputs;
  }
  const std::vector<std::string> &files = options.inputFiles;
  if (files.size() != types.size()) {
    if (files.empty())
      fail("@" + func.getSymName() + " takes " + llvm::Twine(types.size()) +
               " inputs: pass --inputs=a.npy,... or --random-inputs=SEED",
           RunStatus::InputError);
    else
      fail("@" + func.getSymName() + " takes " + llvm::Twine(types.size()) +
               " inputs, --inputs names " + llvm::Twine(files.size()),
           RunStatus::InputError);
    return failure();
  }
  for (auto [i, type, pattern] : llvm::enumerate(types, files)) {
    std::string file = pattern;
    for (size_t at = file.find("{device}"); at != std::string::npos;
         at = file.find("{device}", at))
      file.replace(at, strlen("{device}"), std::to_string(device));
    llvm::Expected<HostBuffer> input = readTypedNpy(
        file, type,
        ("input " + llvm::Twine(i) + " of @" + func.getSymName()).str());
    if (!input) {
      fail(llvm::toString(input.takeError()), RunStatus::InputError);
      return failure();
    }
    inputs.push_back(std::move(*input));
  }
  return inputs;
}

FailureOr<llvm::SmallVector<HostBuffer>>
RunnerSteps::interpret(func::FuncOp func, llvm::ArrayRef<HostBuffer> inputs) {
  llvm::SmallVector<interp::Tensor> arguments = llvm::map_to_vector(
      inputs, [](const HostBuffer &input) { return input.toTensor(); });
  FailureOr<llvm::SmallVector<interp::Tensor>> results =
      options.checkInF64 ? interp::interpretFunctionInF64(func, arguments)
                         : interp::interpretFunction(func, arguments);
  if (failed(results)) {
    fail("the interpreter cannot run @" + func.getSymName(),
         RunStatus::InputError);
    return failure();
  }
  return llvm::map_to_vector(*results, [](const interp::Tensor &result) {
    return HostBuffer::fromTensor(result);
  });
}

std::string RunnerSteps::getResultPath(llvm::StringRef dir,
                                       llvm::StringRef entry, unsigned i,
                                       std::optional<int64_t> device) const {
  llvm::SmallString<128> path(dir);
  std::string prefix =
      device ? "device" + std::to_string(*device) + "." : std::string();
  llvm::sys::path::append(path, (options.allEntries ? entry + "." : "") +
                                    prefix + "result" + llvm::Twine(i) +
                                    ".npy");
  return path.str().str();
}

FailureOr<llvm::SmallVector<HostBuffer>>
RunnerSteps::loadExpected(func::FuncOp func) {
  llvm::SmallVector<HostBuffer> expected;
  for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
    llvm::Expected<HostBuffer> buffer = readTypedNpy(
        getResultPath(options.expectedDir, func.getSymName(), i,
                      spmdJob ? std::optional<int64_t>(job->rank())
                              : std::nullopt),
        type, ("result " + llvm::Twine(i) + " of @" + func.getSymName()).str());
    if (!buffer) {
      fail(llvm::toString(buffer.takeError()), RunStatus::InputError);
      return failure();
    }
    expected.push_back(std::move(*buffer));
  }
  return expected;
}

/// Whether `op` sums: a contraction, a reduction, a scatter (which may
/// add), a factorization or solve (made of products), or a transform.
static bool isSum(Operation *op) {
  return isa<hlo::DotGeneralOp, hlo::DotOp, hlo::ConvolutionOp, hlo::ReduceOp,
             hlo::ReduceWindowOp, hlo::SelectAndScatterOp, hlo::ScatterOp,
             hlo::CholeskyOp, hlo::LuOp, hlo::TriangularSolveOp, hlo::FftOp>(
      op);
}

/// Whether `op`, an op nested in it, or a function any of them calls (at
/// any depth; `callees` are those seen) sums.
static bool holdsSum(Operation *op,
                     llvm::SmallPtrSetImpl<Operation *> &callees) {
  return op
      ->walk([&](Operation *nested) {
        if (isSum(nested))
          return WalkResult::interrupt();
        if (auto call = dyn_cast<CallOpInterface>(nested))
          if (Operation *callee = call.resolveCallable())
            if (callees.insert(callee).second && holdsSum(callee, callees))
              return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `value` is computed through a sum: an op it depends on holds one
/// (in itself, a fusion, loop or branch body, or a called function).
static bool isComputedBySum(Value value) {
  llvm::SmallVector<Operation *> worklist;
  llvm::SmallPtrSet<Operation *, 16> seen, callees;
  if (Operation *def = value.getDefiningOp())
    worklist.push_back(def);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!seen.insert(op).second)
      continue;
    if (holdsSum(op, callees))
      return true;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
  }
  return false;
}

bool RunnerSteps::compareResults(func::FuncOp func,
                                 llvm::ArrayRef<HostBuffer> got,
                                 llvm::ArrayRef<HostBuffer> want) {
  bool allMatch = true;
  llvm::StringRef entry = func.getSymName();
  Operation *terminator = func.getBody().front().getTerminator();
  for (auto [i, gotResult, wantResult] : llvm::enumerate(got, want)) {
    Comparison comparison = compareBuffers(
        gotResult, wantResult, getTolerance(gotResult.getElementType()));
    if (!comparison.isMatch() && isComputedBySum(terminator->getOperand(i)))
      acceptNormwise(comparison);
    std::string line;
    llvm::raw_string_ostream lineStream(line);
    lineStream << "@" << entry;
    if (spmdJob)
      lineStream << " on device " << job->rank();
    lineStream << " result " << i << ": ";
    printComparison(lineStream, comparison, gotResult.getElementType());
    reportLine(line);
    allMatch &= comparison.isMatch();
  }
  return allMatch;
}

Tolerance RunnerSteps::getTolerance(Type elementType) const {
  Tolerance tolerance = Tolerance::getDefault(elementType);
  if (options.rtol)
    tolerance.rtol = *options.rtol;
  if (options.atol)
    tolerance.atol = *options.atol;
  return tolerance;
}

void RunnerSteps::reportLine(llvm::StringRef line) {
  reportStream << line << "\n";
  reportStream.flush();
}

bool RunnerSteps::compareRecords(func::FuncOp func,
                                 llvm::ArrayRef<TransferQueues::Record> got,
                                 llvm::ArrayRef<TransferQueues::Record> want) {
  std::string prefix = ("@" + func.getSymName()).str();
  if (spmdJob)
    prefix += " on device " + std::to_string(job->rank());
  if (got.size() != want.size()) {
    reportLine(prefix + " sent " + std::to_string(got.size()) +
               " records; the interpreter sent " + std::to_string(want.size()));
    return false;
  }
  bool allMatch = true;
  for (auto [i, gotRecord, wantRecord] : llvm::enumerate(got, want)) {
    std::string line;
    llvm::raw_string_ostream lineStream(line);
    lineStream << prefix << " record " << i << " (" << gotRecord.queue << ")";
    auto types = [](const TransferQueues::Record &record) {
      return llvm::map_to_vector(record.tensors, [](const HostBuffer &tensor) {
        return tensor.getType();
      });
    };
    if (gotRecord.queue != wantRecord.queue ||
        types(gotRecord) != types(wantRecord)) {
      lineStream << ": the interpreter sent a record of "
                 << wantRecord.tensors.size() << " tensors on "
                 << wantRecord.queue << " instead";
      reportLine(line);
      allMatch = false;
      continue;
    }
    for (auto [position, gotTensor, wantTensor] :
         llvm::enumerate(gotRecord.tensors, wantRecord.tensors)) {
      Comparison comparison = compareBuffers(
          gotTensor, wantTensor, getTolerance(gotTensor.getElementType()));
      std::string tensorLine =
          line + " tensor " + std::to_string(position) + ": ";
      llvm::raw_string_ostream tensorStream(tensorLine);
      printComparison(tensorStream, comparison, gotTensor.getElementType());
      reportLine(tensorLine);
      allMatch &= comparison.isMatch();
    }
  }
  return allMatch;
}

void RunnerSteps::printRecords(llvm::StringRef entry,
                               llvm::ArrayRef<TransferQueues::Record> records) {
  // Devices send at once: each device's records in its order, numbered.
  std::map<int64_t, llvm::SmallVector<const TransferQueues::Record *>> byDevice;
  for (const TransferQueues::Record &record : records)
    byDevice[record.device].push_back(&record);
  bool named = spmdJob || byDevice.size() > 1 ||
               (!byDevice.empty() && byDevice.begin()->first != 0);
  for (const auto &[device, deviceRecords] : byDevice)
    for (auto [i, record] : llvm::enumerate(deviceRecords))
      for (auto [position, tensor] : llvm::enumerate(record->tensors)) {
        report() << "@" << entry;
        if (named)
          report() << " on device " << device;
        report() << " record " << i << " (" << record->queue << ") tensor "
                 << position << ": " << tensor.getType() << "\n";
        printBuffer(report(), tensor, options.printLimit);
      }
}

LogicalResult RunnerSteps::writeOutputs(llvm::StringRef entry,
                                        llvm::ArrayRef<HostBuffer> results,
                                        std::optional<int64_t> device) {
  if (std::error_code error =
          llvm::sys::fs::create_directories(options.outputDir)) {
    fail("cannot create '" + options.outputDir + "': " + error.message(),
         RunStatus::InputError);
    return failure();
  }
  for (auto [i, result] : llvm::enumerate(results)) {
    std::string path = getResultPath(options.outputDir, entry, i, device);
    if (llvm::Error error = writeNpy(path, result)) {
      fail(llvm::toString(std::move(error)), RunStatus::InputError);
      return failure();
    }
  }
  return success();
}

void RunnerSteps::printResults(llvm::StringRef entry,
                               llvm::ArrayRef<HostBuffer> results,
                               std::optional<int64_t> device) {
  for (auto [i, result] : llvm::enumerate(results)) {
    report() << "@" << entry;
    if (device)
      report() << " on device " << *device;
    report() << " result " << i << ": " << result.getType() << "\n";
    printBuffer(report(), result, options.printLimit);
  }
}

LogicalResult RunnerSteps::bench(llvm::StringRef entry, JitProgram &program,
                                 llvm::ArrayRef<HostBuffer> inputs,
                                 Trace *trace, llvm::raw_ostream &out) {
  MemoryAccountant &accountant = MemoryAccountant::get();
  accountant.resetPeak();
  llvm::SmallVector<double> milliseconds;
  // In a job, each run takes as long as its slowest rank, of which the
  // communication is the time in MPI's calls.
  llvm::SmallVector<double> communication, waiting;
  // The runs after the first write the first one's results again, as a
  // caller that keeps its arrays (fuse_hlo, the C API) has them written:
  // fresh buffers would add a page fault per 4 KiB of results to each run.
  std::optional<JitProgram::RunResult> firstRun;
  auto timeRun = [&]() -> llvm::Expected<double> {
    if (firstRun)
      return program.runAgain(entry, inputs, firstRun->results, trace);
    llvm::Expected<JitProgram::RunResult> result =
        program.run(entry, inputs, trace);
    if (!result)
      return result.takeError();
    firstRun = std::move(*result);
    return firstRun->seconds;
  };
  for (unsigned run = 0; run <= options.benchRuns; ++run) {
    MPIJob::resetCommunicationSeconds();
    llvm::Expected<double> elapsed = timeRun();
    if (!elapsed) {
      fail(llvm::toString(elapsed.takeError()), RunStatus::InputError);
      return failure();
    }
    double seconds = *elapsed;
    double communicating = MPIJob::getCommunicationSeconds();
    double waited = MPIJob::getWaitingSeconds();
    if (job) {
      seconds = job->maxOverRanks(seconds);
      communicating = job->maxOverRanks(communicating);
      waited = job->maxOverRanks(waited);
    }
    if (run > 0) { // the first run warms caches and the OpenMP thread pool
      milliseconds.push_back(seconds * 1e3);
      communication.push_back(communicating * 1e3);
      waiting.push_back(waited * 1e3);
    }
  }
  // The times are the slowest rank's on every rank (of an SPMD job too):
  // rank 0 reports them.
  if (job && job->rank() != 0)
    return success();
  llvm::sort(communication);
  llvm::sort(waiting);
  llvm::sort(milliseconds);
  size_t middle = milliseconds.size() / 2;
  double median = milliseconds.size() % 2
                      ? milliseconds[middle]
                      : (milliseconds[middle - 1] + milliseconds[middle]) / 2;
  double compileMs = program.getCompileSeconds() * 1e3;
  uint64_t peak = accountant.getPeakBytes();
  if (options.json) {
    llvm::json::OStream json(out);
    json.object([&] {
      json.attribute("entry", entry);
      writeMilliseconds(json, "compile_ms", compileMs);
      json.attribute("cache", program.getCacheReport().describe());
      writeMilliseconds(json, "run_min_ms", milliseconds.front());
      writeMilliseconds(json, "run_median_ms", median);
      json.attribute("runs", static_cast<int64_t>(options.benchRuns));
      json.attribute("peak_bytes", static_cast<int64_t>(peak));
      if (job) {
        json.attribute("ranks", static_cast<int64_t>(job->size()));
        writeMilliseconds(json, "communication_min_ms", communication.front());
        writeMilliseconds(json, "waiting_min_ms", waiting.front());
      }
    });
    out << "\n";
    return success();
  }
  out << "@" << entry << ": compile " << llvm::format("%.1f", compileMs)
      << " ms (cache " << program.getCacheReport().describe() << "), run min "
      << llvm::format("%.3f", milliseconds.front()) << " ms, median "
      << llvm::format("%.3f", median) << " ms (" << options.benchRuns
      << " runs), peak " << peak << " bytes";
  if (job)
    out << "; " << job->size() << " ranks: the slowest rank's times, of "
        << "which communication min "
        << llvm::format("%.3f", communication.front())
        << " ms and waiting for other ranks min "
        << llvm::format("%.3f", waiting.front()) << " ms";
  out << "\n";
  return success();
}

void RunnerSteps::reportCompile(llvm::ArrayRef<std::string> entries,
                                const JitProgram &program,
                                llvm::raw_ostream &out) {
  if (isQuietRank())
    return;
  double compileMs = program.getCompileSeconds() * 1e3;
  llvm::StringRef cache = program.getCacheReport().describe();
  if (options.json) {
    llvm::json::OStream json(out);
    json.object([&] {
      json.attributeArray("entries", [&] {
        for (const std::string &entry : entries)
          json.value(entry);
      });
      writeMilliseconds(json, "compile_ms", compileMs);
      json.attribute("cache", cache);
    });
    out << "\n";
    return;
  }
  std::string line;
  llvm::raw_string_ostream os(line);
  os << "compiled "
     << llvm::join(
            llvm::map_range(
                entries, [](const std::string &entry) { return "@" + entry; }),
            ", ")
     << " in " << llvm::format("%.1f", compileMs) << " ms (cache " << cache
     << ")";
  reportLine(line);
}

} // namespace fuse::exec
