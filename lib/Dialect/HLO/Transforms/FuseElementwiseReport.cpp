//===- FuseElementwiseReport.cpp - what fusion did, as text and dot -------===//

#include "FuseElementwiseUtils.h"

#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"
#include "fuse/Support/ByteSize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace fuse::hlo;

std::string fuse::hlo::detail::getFusionName(unsigned index) {
  return "fusion." + std::to_string(index);
}

static int64_t sumBytes(ValueRange values) {
  int64_t bytes = 0;
  for (Value value : values)
    bytes += LiveTensorSchedule::getBytes(value);
  return bytes;
}

static StringRef shortName(Operation *op) {
  return op->getName().stripDialect();
}

void fuse::hlo::printFusionReport(ModuleOp module, raw_ostream &os) {
  unsigned index = 0;
  module.walk<WalkOrder::PreOrder>([&](FusionOp fusion) {
    Block &body = fusion.getBody().front();
    SmallVector<StringRef> names;
    // Traffic when each op runs as its own kernel: every op reads its
    // operands and writes its results (constants are not counted).
    int64_t unfused = 0;
    for (Operation &op : body.without_terminator()) {
      names.push_back(shortName(&op));
      if (!isa<ConstantOp>(op))
        unfused += sumBytes(op.getOperands()) + sumBytes(op.getResults());
    }
    int64_t reads = sumBytes(fusion.getInputs());
    int64_t writes = sumBytes(fusion.getResults());
    int64_t saved = std::max<int64_t>(0, unfused - reads - writes);
    auto func = fusion->getParentOfType<func::FuncOp>();
    os << detail::getFusionName(index++) << " ("
       << stringifyFusionKind(fusion.getKind()) << ")";
    if (func)
      os << " in @" << func.getSymName();
    os << ": " << names.size() << " ops [";
    llvm::interleaveComma(names, os);
    os << "], " << fusion.getNumOperands()
       << (fusion.getNumOperands() == 1 ? " input, " : " inputs, ")
       << fusion.getNumResults()
       << (fusion.getNumResults() == 1 ? " result" : " results") << "; reads "
       << fuse::formatByteSize(reads) << ", writes "
       << fuse::formatByteSize(writes) << ", saves about "
       << fuse::formatByteSize(saved) << " of memory traffic\n";
  });
  if (index == 0)
    os << "no fusions\n";
}

namespace {

/// Writes one function as a cluster, fusions as nested clusters.
class GraphPrinter {
public:
  explicit GraphPrinter(raw_ostream &os) : os(os) {}

  void print(ModuleOp module) {
    os << "digraph fusion {\n"
       << "  node [shape=box, style=\"rounded,filled\", fillcolor=white, "
          "fontname=\"monospace\"];\n";
    module.walk([&](func::FuncOp func) { printFunction(func); });
    for (const std::string &edge : edges)
      os << "  " << edge << ";\n";
    os << "}\n";
  }

private:
  void printFunction(func::FuncOp func) {
    os << "  subgraph cluster_" << nextId++ << " {\n    label=\"@"
       << func.getSymName() << "\";\n";
    for (BlockArgument arg : func.getArguments()) {
      std::string id = newNode();
      valueNodes[arg] = id;
      os << "    " << id << " [label=\"%arg" << arg.getArgNumber() << "\\n"
         << typeText(arg.getType()) << "\", shape=ellipse];\n";
    }
    for (Operation &op : func.getBody().front())
      printOp(&op, "    ");
    os << "  }\n";
  }

  void printOp(Operation *op, StringRef indent) {
    if (auto fusion = dyn_cast<FusionOp>(op)) {
      Block &body = fusion.getBody().front();
      for (auto [input, arg] :
           llvm::zip(fusion.getInputs(), body.getArguments()))
        valueNodes[arg] = source(input);
      os << indent << "subgraph cluster_" << nextId++ << " {\n"
         << indent << "  label=\""
         << fuse::hlo::detail::getFusionName(fusionIndex++) << " ("
         << stringifyFusionKind(fusion.getKind()) << ")\";\n"
         << indent << "  style=filled; fillcolor=\"#dce8f5\";\n";
      for (Operation &inner : body.without_terminator())
        printOp(&inner, (indent + "  ").str());
      os << indent << "}\n";
      for (auto [result, yielded] :
           llvm::zip(fusion.getResults(), fusion.getYield().getResults()))
        valueNodes[result] = source(yielded);
      return;
    }
    std::string id = newNode();
    std::string label = shortName(op).str();
    if (op->getNumResults() == 1)
      label += "\\n" + typeText(op->getResult(0).getType());
    os << indent << id << " [label=\"" << label << "\"";
    if (op->hasTrait<OpTrait::IsTerminator>())
      os << ", shape=plaintext";
    os << "];\n";
    llvm::SmallPtrSet<Value, 4> seen;
    for (Value operand : op->getOperands())
      if (seen.insert(operand).second)
        edges.push_back(source(operand) + " -> " + id);
    for (Value result : op->getResults())
      valueNodes[result] = id;
  }

  std::string source(Value value) {
    auto it = valueNodes.find(value);
    return it == valueNodes.end() ? "unknown" : it->second;
  }

  std::string newNode() { return "n" + std::to_string(nextId++); }

  static std::string typeText(Type type) {
    std::string text;
    llvm::raw_string_ostream typeOs(text);
    type.print(typeOs);
    return text;
  }

  raw_ostream &os;
  DenseMap<Value, std::string> valueNodes;
  SmallVector<std::string> edges;
  unsigned nextId = 0;
  unsigned fusionIndex = 0;
};

} // namespace

void fuse::hlo::printFusionGraph(ModuleOp module, raw_ostream &os) {
  GraphPrinter(os).print(module);
}
