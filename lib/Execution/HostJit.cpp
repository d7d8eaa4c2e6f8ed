//===- HostJit.cpp - compiling LLVM-dialect modules on several threads ----===//

#include "fuse/Execution/HostJit.h"
#include "fuse/Codegen/CPU/LightKernels.h"
#include "fuse/Execution/ModuleParts.h"
#include "fuse/Execution/PackedForm.h"
#include "fuse/Support/HostCpu.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <deque>
#include <optional>
#include <thread>

using namespace mlir;

namespace fuse::exec {
namespace {

/// The functions of `structors` (llvm.global_ctors or dtors) in the order
/// they run: ascending priority for constructors, descending for
/// destructors. They stay in the module as external functions, called by
/// name, since the JIT runs no initializers of objects.
std::vector<std::string>
takeStructors(llvm::Module &module,
              llvm::iterator_range<llvm::orc::CtorDtorIterator> structors,
              llvm::StringRef arrayName, bool descending) {
  // (priority, position in the array): equal priorities keep their order.
  std::vector<std::pair<std::pair<int64_t, size_t>, llvm::Function *>> ordered;
  for (const llvm::orc::CtorDtorIterator::Element &element : structors)
    if (element.Func)
      ordered.push_back(
          {{descending ? -int64_t(element.Priority) : int64_t(element.Priority),
            ordered.size()},
           element.Func});
  llvm::sort(ordered,
             [](const auto &a, const auto &b) { return a.first < b.first; });
  std::vector<std::string> names;
  for (auto &[order, function] : ordered) {
    function->setLinkage(llvm::GlobalValue::ExternalLinkage);
    names.push_back(function->getName().str());
  }
  if (llvm::GlobalVariable *array = module.getNamedGlobal(arrayName))
    array->eraseFromParent();
  return names;
}

/// Compiles `module` to an object for `machine`, after LLVM's IR pipeline
/// when `optimizeIR`. The module is verified here, each part on the thread
/// that compiles it, rather than once whole at translation (a quarter of
/// the translation of compile.py's 16k-op chain, on one core).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compileToObject(llvm::Module &module, llvm::TargetMachine &machine,
                bool optimizeIR) {
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(module, &problemStream))
    return llvm::createStringError("the translated program is not valid "
                                   "LLVM IR: " +
                                   problems);
  if (optimizeIR)
    if (llvm::Error error = optimizeKernels(module, machine))
      return error;
  leaveOutLoopStrengthReduction(module.getContext());
  llvm::SmallVector<char, 0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, stream, nullptr,
                                  llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the host target cannot emit objects");
  codegen.run(module);
  return std::make_unique<llvm::SmallVectorMemoryBuffer>(
      std::move(object), module.getModuleIdentifier(),
      /*RequiresNullTerminator=*/false);
}

/// What LLVM does to a module: host glue gets neither the IR optimizer nor
/// the code generator's optimizations (FastISel, the fast register
/// allocator), light kernels (fuse-cpu-mark-light-kernels) the code
/// generator's only, the other kernels both.
enum class Effort { None, CodeGeneration, Full };

/// A module to compile, in bitcode when it goes to a context of its own
/// (LLVM locks a context while it compiles a module of it).
struct Piece {
  llvm::SmallVector<char, 0> bitcode;
  Effort effort;
};

Piece toPiece(const llvm::Module &module, Effort effort) {
  Piece piece{{}, effort};
  llvm::raw_svector_ostream stream(piece.bitcode);
  llvm::WriteBitcodeToFile(module, stream);
  return piece;
}

/// Compiles `piece` in a context of its own.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compilePiece(const Piece &piece,
             llvm::orc::JITTargetMachineBuilder machineBuilder) {
  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(
          llvm::StringRef(piece.bitcode.data(), piece.bitcode.size()),
          "fuse-part"),
      context);
  if (!module)
    return module.takeError();
  if (piece.effort == Effort::None)
    machineBuilder.setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      machineBuilder.createTargetMachine();
  if (!machine)
    return machine.takeError();
  return compileToObject(**module, **machine, piece.effort == Effort::Full);
}

/// Whether `function` is host glue besides the packed forms: straight-line
/// code that calls functions of its module, or hands them to a call (an
/// outlined fusion's allocations and kernel calls; a parallel kernel's
/// fork of its loop body onto the OpenMP team, 153 of the U-Net step's
/// functions, which took a twelfth of its code generation at -O1 and a
/// fifth of that at -O0). Kernels have loops.
bool isHostGlue(const llvm::Function &function) {
  if (function.isDeclaration() || function.size() != 1)
    return false;
  auto isDefinedFunction = [](const llvm::Value *value) {
    auto *defined = llvm::dyn_cast<llvm::Function>(value->stripPointerCasts());
    return defined && !defined->isDeclaration();
  };
  return llvm::any_of(
      function.getEntryBlock(), [&](const llvm::Instruction &i) {
        auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
        return call && llvm::any_of(call->operands(), isDefinedFunction);
      });
}

/// Moves `functions` out of `module` into a module of its own, and returns
/// it (nothing when there are none). What they and the rest reference of
/// each other becomes a hidden external symbol, which the JIT links across
/// objects.
std::unique_ptr<llvm::Module>
takeFunctions(llvm::Module &module,
              llvm::ArrayRef<llvm::Function *> functions) {
  if (functions.empty())
    return nullptr;
  // The globals they use, found through the constants among their
  // operands (a block address names a block, which is no constant).
  llvm::SmallVector<const llvm::Constant *> worklist;
  llvm::SmallPtrSet<const llvm::Constant *, 32> seen;
  auto pushConstants = [&](const llvm::User &user) {
    for (const llvm::Value *operand : user.operands())
      if (auto *constant = llvm::dyn_cast<llvm::Constant>(operand))
        worklist.push_back(constant);
  };
  for (llvm::Function *function : functions) {
    makeLinkableAcrossParts(*function);
    for (llvm::Instruction &instruction : llvm::instructions(*function))
      pushConstants(instruction);
  }
  while (!worklist.empty()) {
    const llvm::Constant *value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto *global = llvm::dyn_cast<llvm::GlobalValue>(value))
      makeLinkableAcrossParts(*const_cast<llvm::GlobalValue *>(global));
    else
      pushConstants(*value);
  }
  std::unique_ptr<llvm::Module> taken =
      moveIntoNewModule(module, functions, /*defineVariables=*/false);
  // What stays may call what was taken: it stays declared for them.
  for (llvm::Function *function : functions)
    if (function->use_empty())
      function->eraseFromParent();
  return taken;
}

/// Moves the host glue out of `module` into a module of its own, compiled
/// without optimization: the packed forms (with the entry they absorbed)
/// and `isHostGlue` functions. Glue passes hundreds of memref fields to each
/// kernel, and its values live across thousands of calls: at -O3 the
/// greedy register allocator spent 26 s on an entry of 8,000 calls (optnone
/// as it is) that the fast one compiles in 1 s, and instruction selection
/// 0.13 s on each call of 448 arguments (store merging).
std::unique_ptr<llvm::Module>
takeHostGlue(llvm::Module &module,
             llvm::ArrayRef<llvm::Function *> packedForms) {
  llvm::SmallVector<llvm::Function *> glue(packedForms);
  for (llvm::Function &function : module)
    if (isHostGlue(function) && !llvm::is_contained(packedForms, &function))
      glue.push_back(&function);
  return takeFunctions(module, glue);
}

/// Moves the kernels marked light out of `module` into a module of its own.
std::unique_ptr<llvm::Module> takeLightKernels(llvm::Module &module) {
  llvm::SmallVector<llvm::Function *> light;
  for (llvm::Function &function : module)
    if (!function.isDeclaration() &&
        function.hasFnAttribute(fuse::kLightKernelAttribute))
      light.push_back(&function);
  return takeFunctions(module, light);
}

/// Calls `take` with each of the `parts` parts of `module` compiled apart:
/// the whole module when there is one.
void forEachPart(llvm::Module &module, unsigned parts,
                 llvm::function_ref<void(llvm::Module &)> take) {
  if (parts == 1)
    return take(module);
  splitModuleByCost(
      module, parts,
      [&](std::unique_ptr<llvm::Module> part, size_t) { take(*part); });
}

/// Objects of `module`, optimized and compiled in parts on up to `threads`
/// threads, and of `glue` and `light` (when given), compiled with less
/// effort beside them. The glue starts first, then the optimized parts,
/// costliest first, each on the next thread free (a part starts while the
/// next is split off), then the light kernels' parts.
llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>> compileInParts(
    std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::Module> glue,
    std::unique_ptr<llvm::Module> light,
    llvm::orc::JITTargetMachineBuilder machineBuilder, unsigned threads) {
  std::optional<llvm::DefaultThreadPool> pool;
  if (threads > 1)
    pool.emplace(llvm::hardware_concurrency(threads));
  auto run = [&](llvm::unique_function<void()> job) {
    if (pool)
      pool->async(std::move(job));
    else
      job();
  };
  // Deques: a job refers to its piece and its result while more are added.
  std::deque<Piece> pieces;
  std::deque<llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>> compiled;
  auto compileApart = [&](Piece &piece) {
    auto &result = compiled.emplace_back(std::unique_ptr<llvm::MemoryBuffer>());
    run([&piece, &result, machineBuilder] {
      result = compilePiece(piece, machineBuilder);
    });
  };
  if (glue)
    compileApart(pieces.emplace_back(toPiece(*glue, Effort::None)));
  glue.reset();
  // The light parts are written out (and their module freed) before a job
  // may compile `module` in the context they share.
  size_t firstLight = pieces.size();
  if (light)
    forEachPart(*light, countModuleParts(*light, threads),
                [&](llvm::Module &part) {
                  pieces.emplace_back(toPiece(part, Effort::CodeGeneration));
                });
  light.reset();
  size_t endLight = pieces.size();
  if (unsigned parts = countModuleParts(*module, threads); parts > 1) {
    forEachPart(*module, parts, [&](llvm::Module &part) {
      compileApart(pieces.emplace_back(toPiece(part, Effort::Full)));
    });
  } else {
    // One part: compiled in the context it was translated in.
    auto &result = compiled.emplace_back(std::unique_ptr<llvm::MemoryBuffer>());
    run([&result, &module, &machineBuilder] {
      llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
          machineBuilder.createTargetMachine();
      if (!machine)
        result = machine.takeError();
      else
        result = compileToObject(*module, **machine, /*optimizeIR=*/true);
    });
  }
  for (size_t i = firstLight; i < endLight; ++i)
    compileApart(pieces[i]);
  if (pool)
    pool->wait();
  module.reset();

  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  llvm::Error errors = llvm::Error::success();
  for (auto &object : compiled) {
    if (object)
      objects.push_back(std::move(*object));
    else
      errors = llvm::joinErrors(std::move(errors), object.takeError());
  }
  if (errors)
    return std::move(errors);
  return objects;
}

/// Lets every pass run but LLVM's loop strength reduction, and still
/// answers to -opt-bisect-limit and -opt-disable for the others.
class WithoutLoopStrengthReduction final : public llvm::OptPassGate {
public:
  bool isEnabled() const override { return true; }
  bool shouldRunPass(llvm::StringRef passName,
                     llvm::StringRef irDescription) const override {
    if (passName == kLoopStrengthReduction)
      return false;
    llvm::OptPassGate &global = llvm::getGlobalPassGate();
    return !global.isEnabled() || global.shouldRunPass(passName, irDescription);
  }
};

/// LLVM's IR pipeline for the kernels. MLIR has tiled them to registers
/// and vectorized most of their loops, so of -O2 they need the scalar
/// cleanup (SROA, CSE, instruction combining, CFG simplification), loops
/// in canonical form with their invariants hoisted (rotation, LICM,
/// induction variables, full unrolling of constant trips), GVN's load
/// elimination, and the loop vectorizer for the loops MLIR leaves scalar:
/// the combining loops of blocked column sums, for one, which it vectorizes
/// at 16 lanes (719 loops in the ResNet step; without it the ViT step ran
/// 3x slower). -O2's interprocedural passes (kernels call nothing to
/// inline), loop idiom recognition, runtime unrolling and the SLP
/// vectorizer were a third of its time on the ResNet step's kernels and
/// gained nothing: the ten models of bench/models.py compiled in 0.81-0.97x
/// the time, and their steps ran within the noise of -O2's
/// (bench/README.md, compile.py).
constexpr llvm::StringLiteral kKernelPipeline =
    "function(sroa,early-cse<memssa>,instcombine<no-verify-fixpoint>,"
    "simplifycfg,loop(loop-rotate),loop-mssa(licm),"
    "loop(indvars,loop-deletion,loop-unroll-full),gvn,"
    "instcombine<no-verify-fixpoint>,simplifycfg,loop-vectorize,"
    "instcombine<no-verify-fixpoint>,simplifycfg)";

} // namespace

llvm::Error optimizeKernels(llvm::Module &module,
                            llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager callGraph;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(callGraph);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, callGraph, modules);
  llvm::ModulePassManager pipeline;
  if (llvm::Error error = builder.parsePassPipeline(pipeline, kKernelPipeline))
    return error;
  pipeline.run(module, modules);
  return llvm::Error::success();
}

// MLIR has already put the kernels' hot loops in the form loop strength
// reduction aims for: register tiles at constant offsets from one pointer
// per operand, vector loops over contiguous rows. Its search took a quarter
// of the ResNet step's code generation, and the models, products and
// convolutions ran as fast without it (bench/README.md, compile.py). LLVM
// has no target machine option for it, only a process-wide flag, which
// would change the GPU's code too; a context's gate keeps the choice to
// the contexts host code is compiled in.
void leaveOutLoopStrengthReduction(llvm::LLVMContext &context) {
  static WithoutLoopStrengthReduction gate;
  context.setOptPassGate(gate);
}

llvm::Expected<llvm::orc::JITTargetMachineBuilder> detectHostMachine() {
  static bool targetInitialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)targetInitialized;
  llvm::Expected<HostCpu> cpu = detectHostCpu();
  if (!cpu)
    return cpu.takeError();
  llvm::orc::JITTargetMachineBuilder builder{
      llvm::Triple(llvm::sys::getProcessTriple())};
  builder.setCPU(cpu->name);
  builder.addFeatures(cpu->getFeatureList());
  // LLVM's JIT default is the large code model, which reaches every symbol
  // through a 64-bit immediate: FastISel selects no call in it, so each of
  // the glue's calls went through SelectionDAG (0.5 s of CPU on the ResNet
  // step's glue), and kernels load their constants through a register.
  // Position-independent small-model code, what LLJIT picks for the code it
  // compiles itself, links at any distance in JITLink (calls through stubs,
  // other parts' variables through the GOT), and into an executable.
  builder.setRelocationModel(llvm::Reloc::PIC_);
  builder.setCodeModel(llvm::CodeModel::Small);
  return builder;
}

llvm::Expected<CompiledProgram>
HostJit::compile(ModuleOp module, llvm::ArrayRef<std::string> packedNames,
                 unsigned threads, TimingScope *timing) {
  TimingScope untimed;
  TimingScope &scope = timing ? *timing : untimed;
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> machineBuilder =
      detectHostMachine();
  if (!machineBuilder)
    return machineBuilder.takeError();
  // kKernelPipeline optimizes the IR; code generation runs at -O1, which
  // leaves out the list scheduler after register allocation (AMD's
  // scheduling models ask for it): 17% of code generation for the ResNet
  // step's kernels, whose vector code MLIR has already tiled to registers,
  // and their run time the same without it (bench/README.md, compile.py).
  machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Less);
  llvm::Expected<llvm::DataLayout> dataLayout =
      machineBuilder->getDefaultDataLayoutForTarget();
  if (!dataLayout)
    return dataLayout.takeError();

  CompiledProgram program;
  auto context = std::make_unique<llvm::LLVMContext>();
  TimingScope translateTiming = scope.nest("Translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, *context, "fuse-jit",
                              /*disableVerification=*/true);
  if (!llvmModule)
    return llvm::createStringError(
        "cannot translate the lowered program to LLVM IR");
  llvmModule->setDataLayout(*dataLayout);
  llvmModule->setTargetTriple(machineBuilder->getTargetTriple());
  llvm::SmallVector<llvm::Function *> packedForms;
  for (const std::string &name : packedNames) {
    llvm::Function *function = llvmModule->getFunction(name);
    if (!function || function->isDeclaration())
      return llvm::createStringError("no function " + name + " to call");
    packedForms.push_back(addPackedForm(*function));
  }
  program.constructors =
      takeStructors(*llvmModule, llvm::orc::getConstructors(*llvmModule),
                    "llvm.global_ctors", /*descending=*/false);
  program.destructors =
      takeStructors(*llvmModule, llvm::orc::getDestructors(*llvmModule),
                    "llvm.global_dtors", /*descending=*/true);
  std::unique_ptr<llvm::Module> glue = takeHostGlue(*llvmModule, packedForms);
  std::unique_ptr<llvm::Module> light = takeLightKernels(*llvmModule);
  translateTiming.stop();

  // As MLIR's passes, one thread under --mlir-disable-threading.
  if (threads == 0)
    threads = module.getContext()->isMultithreadingEnabled()
                  ? std::max(1u, std::thread::hardware_concurrency())
                  : 1;
  TimingScope compileTiming = scope.nest("Optimize and generate code");
  llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>> objects =
      compileInParts(std::move(llvmModule), std::move(glue), std::move(light),
                     *machineBuilder, threads);
  if (!objects)
    return objects.takeError();
  program.objects = std::move(*objects);
  return program;
}

llvm::Expected<std::unique_ptr<HostJit>>
HostJit::load(CompiledProgram program, llvm::ArrayRef<std::string> libraries) {
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> machineBuilder =
      detectHostMachine();
  if (!machineBuilder)
    return machineBuilder.takeError();
  llvm::Expected<llvm::DataLayout> dataLayout =
      machineBuilder->getDefaultDataLayoutForTarget();
  if (!dataLayout)
    return dataLayout.takeError();
  std::unique_ptr<HostJit> host(new HostJit());
  host->constructors = std::move(program.constructors);
  host->destructors = std::move(program.destructors);
  llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(*machineBuilder)
          .create();
  if (!jit)
    return jit.takeError();
  host->jit = std::move(*jit);
  llvm::orc::JITDylib &main = host->jit->getMainJITDylib();
  for (std::unique_ptr<llvm::MemoryBuffer> &object : program.objects)
    if (llvm::Error error = host->jit->addObjectFile(std::move(object)))
      return std::move(error);
  char prefix = dataLayout->getGlobalPrefix();
  for (const std::string &library : libraries) {
    auto generator =
        llvm::orc::DynamicLibrarySearchGenerator::Load(library.c_str(), prefix);
    if (!generator)
      return generator.takeError();
    main.addGenerator(std::move(*generator));
  }
  return host;
}

HostJit::~HostJit() {
  if (!initialized)
    return;
  for (const std::string &name : destructors)
    if (auto destructor = jit->lookup(name))
      destructor->toPtr<void (*)()>()();
    else
      llvm::consumeError(destructor.takeError());
}

void HostJit::registerSymbols(
    llvm::function_ref<llvm::orc::SymbolMap(llvm::orc::MangleAndInterner)>
        symbols) {
  llvm::orc::MangleAndInterner mangle(jit->getExecutionSession(),
                                      jit->getDataLayout());
  llvm::cantFail(jit->getMainJITDylib().define(
      llvm::orc::absoluteSymbols(symbols(mangle))));
}

llvm::Expected<void (*)(void **)> HostJit::lookupPacked(llvm::StringRef name) {
  llvm::Expected<llvm::orc::ExecutorAddr> address =
      jit->lookup(getPackedName(name));
  if (!address)
    return address.takeError();
  return address->toPtr<void (*)(void **)>();
}

llvm::Error HostJit::initialize() {
  if (initialized)
    return llvm::Error::success();
  for (const std::string &name : constructors) {
    llvm::Expected<llvm::orc::ExecutorAddr> constructor = jit->lookup(name);
    if (!constructor)
      return constructor.takeError();
    constructor->toPtr<void (*)()>()();
  }
  initialized = true;
  return llvm::Error::success();
}

} // namespace fuse::exec
