//===- HostJit.cpp - compiling LLVM-dialect modules on several threads ----===//

#include "fuse/Execution/HostJit.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <thread>

using namespace mlir;

namespace fuse::exec {
namespace {

/// Below this many LLVM instructions a program is compiled in one piece:
/// splitting, and the bitcode that carries each part to its own context,
/// would cost more than the second thread saves. The attention block (1993
/// instructions) took 135-185 ms in two pieces, 238-309 ms in one, on 2
/// cores; programs of 120-930 instructions showed no difference.
constexpr size_t kMinInstructionsToSplit = 1000;

std::string getPackedName(llvm::StringRef name) {
  return ("_fuse_packed_" + name).str();
}

/// The single call `caller` makes to a function defined in its module, if
/// that is the callee's only use.
llvm::CallBase *getSoleCallOfOnlyUse(llvm::Function &caller) {
  llvm::CallBase *found = nullptr;
  for (llvm::Instruction &instruction : llvm::instructions(caller)) {
    auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction);
    llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
    if (!callee || callee->isDeclaration())
      continue;
    if (found)
      return nullptr;
    found = call;
  }
  if (!found || !found->getCalledFunction()->hasOneUse())
    return nullptr;
  return found;
}

/// Inlines the chain behind a packed form: the C interface, and the entry
/// it wraps, when nothing else calls them. The entry takes every field of
/// every memref descriptor as an argument, thousands for a training step,
/// and a call with that many stack arguments costs LLVM's instruction
/// selection seconds (its store merging is quadratic in one block's
/// stores); inlined, the fields are loads from the descriptors.
void inlineIntoPackedForm(llvm::Function &packed) {
  for (int depth = 0; depth < 2; ++depth) {
    llvm::CallBase *call = getSoleCallOfOnlyUse(packed);
    if (!call)
      return;
    llvm::Function *callee = call->getCalledFunction();
    llvm::InlineFunctionInfo info;
    if (!llvm::InlineFunction(*call, info).isSuccess())
      return;
    if (callee->use_empty())
      callee->eraseFromParent();
  }
}

/// Adds the packed form of `function` (see HostJit::lookupPacked).
void addPackedForm(llvm::Function &function) {
  llvm::Module &module = *function.getParent();
  llvm::LLVMContext &context = module.getContext();
  auto *pointerType = llvm::PointerType::getUnqual(context);
  auto *packedType = llvm::FunctionType::get(llvm::Type::getVoidTy(context),
                                             {pointerType}, /*isVarArg=*/false);
  auto *packed =
      llvm::Function::Create(packedType, llvm::GlobalValue::ExternalLinkage,
                             getPackedName(function.getName()), module);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", packed));
  llvm::Value *pointers = packed->getArg(0);
  auto pointerTo = [&](unsigned i) {
    return builder.CreateLoad(
        pointerType, builder.CreateConstGEP1_64(pointerType, pointers, i));
  };
  llvm::SmallVector<llvm::Value *> arguments;
  for (llvm::Argument &argument : function.args())
    arguments.push_back(
        builder.CreateLoad(argument.getType(), pointerTo(argument.getArgNo())));
  llvm::Value *result = builder.CreateCall(&function, arguments);
  if (!result->getType()->isVoidTy())
    builder.CreateStore(result, pointerTo(function.arg_size()));
  builder.CreateRetVoid();
  inlineIntoPackedForm(*packed);
  // The entry's code is host glue: allocations, calls of the outlined
  // kernels, loop control. Unoptimized, it runs in microseconds per call,
  // and its instruction selection is linear (FastISel) instead of seconds
  // for a training step's single block of thousands of calls.
  packed->addFnAttr(llvm::Attribute::NoInline);
  packed->addFnAttr(llvm::Attribute::OptimizeNone);
}

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

/// The number of pieces worth compiling `module` in, up to `threads`.
unsigned countParts(const llvm::Module &module, unsigned threads) {
  size_t instructions = 0, functions = 0;
  for (const llvm::Function &function : module) {
    instructions += function.getInstructionCount();
    functions += !function.isDeclaration();
  }
  if (instructions < kMinInstructionsToSplit)
    return 1;
  return std::max<size_t>(1, std::min<size_t>(threads, functions));
}

/// Optimizes `module` at -O3 for `machine` and compiles it to an object.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compileToObject(llvm::Module &module, llvm::TargetMachine &machine) {
  if (llvm::Error error = makeOptimizingTransformer(
          /*optLevel=*/3, /*sizeLevel=*/0, &machine)(&module))
    return std::move(error);
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

/// Compiles the module in `bitcode` in a context of its own.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compileBitcode(llvm::StringRef bitcode,
               llvm::orc::JITTargetMachineBuilder machineBuilder) {
  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(bitcode, "fuse-part"), context);
  if (!module)
    return module.takeError();
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      machineBuilder.createTargetMachine();
  if (!machine)
    return machine.takeError();
  return compileToObject(**module, **machine);
}

/// Objects of `module`, compiled in pieces on up to `threads` threads.
llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>>
compileInParts(std::unique_ptr<llvm::Module> module,
               llvm::orc::JITTargetMachineBuilder machineBuilder,
               unsigned threads) {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  unsigned parts = countParts(*module, threads);
  if (parts == 1) {
    llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
        machineBuilder.createTargetMachine();
    if (!machine)
      return machine.takeError();
    llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> object =
        compileToObject(*module, **machine);
    if (!object)
      return object.takeError();
    objects.push_back(std::move(*object));
    return objects;
  }

  // Each part travels as bitcode into a context of its own: LLVM locks a
  // context while it compiles a module of it.
  std::vector<llvm::SmallVector<char, 0>> bitcodes;
  llvm::SplitModule(
      *module, parts,
      [&](std::unique_ptr<llvm::Module> part) {
        llvm::raw_svector_ostream stream(bitcodes.emplace_back());
        llvm::WriteBitcodeToFile(*part, stream);
      },
      /*PreserveLocals=*/false);
  module.reset();
  std::vector<llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>> compiled;
  for (size_t i = 0; i < bitcodes.size(); ++i)
    compiled.emplace_back(std::unique_ptr<llvm::MemoryBuffer>());
  auto compilePart = [&](size_t i) {
    compiled[i] =
        compileBitcode(llvm::StringRef(bitcodes[i].data(), bitcodes[i].size()),
                       machineBuilder);
  };
  std::vector<std::thread> workers;
  for (size_t i = 1; i < bitcodes.size(); ++i)
    workers.emplace_back(compilePart, i);
  compilePart(0);
  for (std::thread &worker : workers)
    worker.join();
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

} // namespace

llvm::Expected<llvm::orc::JITTargetMachineBuilder> detectHostMachine() {
  static bool targetInitialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)targetInitialized;
  return llvm::orc::JITTargetMachineBuilder::detectHost();
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
  machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  llvm::Expected<llvm::DataLayout> dataLayout =
      machineBuilder->getDefaultDataLayoutForTarget();
  if (!dataLayout)
    return dataLayout.takeError();

  CompiledProgram program;
  auto context = std::make_unique<llvm::LLVMContext>();
  TimingScope translateTiming = scope.nest("Translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, *context, "fuse-jit");
  if (!llvmModule)
    return llvm::createStringError(
        "cannot translate the lowered program to LLVM IR");
  llvmModule->setDataLayout(*dataLayout);
  llvmModule->setTargetTriple(machineBuilder->getTargetTriple());
  for (const std::string &name : packedNames) {
    llvm::Function *function = llvmModule->getFunction(name);
    if (!function || function->isDeclaration())
      return llvm::createStringError("no function " + name + " to call");
    addPackedForm(*function);
  }
  program.constructors =
      takeStructors(*llvmModule, llvm::orc::getConstructors(*llvmModule),
                    "llvm.global_ctors", /*descending=*/false);
  program.destructors =
      takeStructors(*llvmModule, llvm::orc::getDestructors(*llvmModule),
                    "llvm.global_dtors", /*descending=*/true);
  translateTiming.stop();

  // As MLIR's passes, one thread under --mlir-disable-threading.
  if (threads == 0)
    threads = module.getContext()->isMultithreadingEnabled()
                  ? std::max(1u, std::thread::hardware_concurrency())
                  : 1;
  TimingScope compileTiming = scope.nest("Optimize and generate code");
  llvm::Expected<std::vector<std::unique_ptr<llvm::MemoryBuffer>>> objects =
      compileInParts(std::move(llvmModule), *machineBuilder, threads);
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
