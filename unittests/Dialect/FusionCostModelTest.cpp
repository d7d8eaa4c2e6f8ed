//===- FusionCostModelTest.cpp - the fusion cost model and its parts ------===//
//
// The peak-memory model on hand-computed schedules, the policy's decisions
// and reasons, and a custom policy driving the fusion patterns (the reuse
// the library promises).
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <tuple>

using namespace mlir;
using namespace fuse::hlo;

namespace {

class FusionCostModelTest : public ::testing::Test {
protected:
  FusionCostModelTest() {
    context.loadDialect<HLODialect, func::FuncDialect>();
  }

  /// Parses a module and returns the body of its first function.
  Block &parse(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    return module->getBody()->front().getRegion(0).front();
  }

  /// The top-level ops of `block` in order.
  static SmallVector<Operation *> opsOf(Block &block) {
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    return ops;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

// 1 KiB tensors: a = -x, b = exp(a), c = a + b; a is live until c.
constexpr StringLiteral kChain = R"mlir(
  func.func @f(%x: tensor<256xf32>) -> tensor<256xf32> {
    %a = hlo.negate %x : tensor<256xf32>
    %b = hlo.exponential %a : tensor<256xf32>
    %c = hlo.add %a, %b : tensor<256xf32>
    return %c : tensor<256xf32>
  })mlir";

TEST_F(FusionCostModelTest, PeakCountsLiveTensorsNotArguments) {
  Block &block = parse(kChain);
  // At the add, a, b and c are live: 3 KiB. The argument is not counted.
  EXPECT_EQ(LiveTensorSchedule(block).peakBytes(), 3 * 1024);
}

TEST_F(FusionCostModelTest, MergingTwoOpsRemovesTheirIntermediate) {
  Block &block = parse(kChain);
  SmallVector<Operation *> ops = opsOf(block);
  LiveTensorSchedule schedule(block);
  // b and c as one op reading a: b is never materialised.
  schedule.merge({ops[1], ops[2]}, ops[2], {ops[0]->getResult(0)},
                 {ops[2]->getResult(0)});
  EXPECT_EQ(schedule.peakBytes(), 2 * 1024);
}

// The tracker's peak and its merges are the schedule's: b moving into c
// (as above), then b copied into c, which leaves b for its other reader.
TEST_F(FusionCostModelTest, TrackerAgreesWithTheSchedule) {
  Block &block = parse(kChain);
  SmallVector<Operation *> ops = opsOf(block);
  LiveTensorTracker tracker(block);
  EXPECT_EQ(tracker.peakBytes(), 3 * 1024);
  Value a = ops[0]->getResult(0);
  std::optional<LiveTensorTracker::Merge> moved =
      tracker.planMerge(ops[1], ops[2], {a});
  ASSERT_TRUE(moved);
  EXPECT_EQ(tracker.peakBytesAfter(*moved), 2 * 1024);
  // Asking changed nothing.
  EXPECT_EQ(tracker.peakBytes(), 3 * 1024);
  std::optional<LiveTensorTracker::Merge> copied =
      tracker.planMerge(nullptr, ops[2], {a});
  ASSERT_TRUE(copied);
  LiveTensorSchedule schedule(block);
  schedule.merge({ops[2]}, ops[2], {a}, {ops[2]->getResult(0)});
  EXPECT_EQ(tracker.peakBytesAfter(*copied), schedule.peakBytes());
}

/// Copies a constant read by `readers` ops into each of them, the last
/// reader first (a fusion's order), and returns the reader slots the
/// tracker looked at; checks the peak against a schedule on the way.
static uint64_t readersVisitedCopyingConstant(MLIRContext &context,
                                              int readers) {
  std::string source = "func.func @f(%x: tensor<256xf32>) {\n"
                       "  %c = hlo.constant dense<1.0> : tensor<256xf32>\n";
  for (int i = 0; i < readers; ++i)
    source +=
        "  %r" + std::to_string(i) + " = hlo.add %x, %c : tensor<256xf32>\n";
  source += "  return\n}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  EXPECT_TRUE(module);
  if (!module)
    return 0;
  Block &block = module->getBody()->front().getRegion(0).front();
  SmallVector<Operation *> ops = llvm::map_to_vector(
      block.without_terminator(), [](Operation &op) { return &op; });
  LiveTensorTracker tracker(block);
  Value x = block.getArgument(0);
  OpBuilder builder(&context);
  for (int i = readers; i >= 1; --i) {
    Operation *reader = ops[i];
    std::optional<LiveTensorTracker::Merge> merge =
        tracker.planMerge(nullptr, reader, {x});
    EXPECT_TRUE(merge);
    if (!merge)
      return 0;
    // The constant lives until the reader before this one (none: only its
    // own slot): 1 KiB for it and 1 KiB for each reader's result.
    EXPECT_EQ(tracker.peakBytesAfter(*merge), i > 1 ? 2 * 1024 : 1024);
    builder.setInsertionPoint(reader);
    Operation *copy = NegOp::create(builder, reader->getLoc(), x);
    tracker.commit(*merge, copy);
  }
  return tracker.getReadersVisited();
}

// A constant shared by thousands of ops (canonicalization makes one of
// each value) is copied into each of them: finding its last reader after
// each copy must not search all its readers, or fusion is quadratic.
TEST_F(FusionCostModelTest, SharedConstantCopiesDoNotSearchItsReaders) {
  EXPECT_LE(readersVisitedCopyingConstant(context, 64), 2u * 64);
  EXPECT_LE(readersVisitedCopyingConstant(context, 1024), 2u * 1024);
}

TEST_F(FusionCostModelTest, MovingAnOpExtendsWhatItReads) {
  Block &block = parse(R"mlir(
    func.func @f(%x: tensor<256xf32>) -> (tensor<256xf32>, tensor<1024xf32>) {
      %a = hlo.negate %x : tensor<256xf32>
      %b = hlo.abs %a : tensor<256xf32>
      %big = hlo.iota dim = 0 : tensor<1024xf32>
      return %b, %big : tensor<256xf32>, tensor<1024xf32>
    })mlir");
  SmallVector<Operation *> ops = opsOf(block);
  LiveTensorSchedule schedule(block);
  EXPECT_EQ(schedule.peakBytes(), 1024 + 4096);
  // Reading a after the 4 KiB iota keeps a alive beside it.
  schedule.moveAfter(ops[1], ops[2]);
  EXPECT_EQ(schedule.peakBytes(), 1024 + 1024 + 4096);
}

TEST_F(FusionCostModelTest, ExpensiveProducerIsNotDuplicated) {
  Block &block = parse(R"mlir(
    func.func @f(%x: tensor<256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
      %e = hlo.exponential %x : tensor<256xf32>
      %a = hlo.fusion loop(%e) : (tensor<256xf32>) -> tensor<256xf32> {
      ^bb0(%v: tensor<256xf32>):
        %n = hlo.negate %v : tensor<256xf32>
        hlo.yield %n : tensor<256xf32>
      }
      %b = hlo.abs %e : tensor<256xf32>
      return %a, %b : tensor<256xf32>, tensor<256xf32>
    })mlir");
  SmallVector<Operation *> ops = opsOf(block);
  auto consumer = cast<FusionOp>(ops[1]);
  FusionPolicy policy;
  Decision duplicate =
      policy.shouldFuse(ops[0], consumer, MergeMode::Duplicate);
  ASSERT_FALSE(duplicate);
  EXPECT_EQ(duplicate.reason(), "expensive producer `hlo.exponential` with 1 "
                                "user outside the fusion");
  // As an extra result it is computed once: legal and worth it.
  EXPECT_TRUE(isLegalToFuse(ops[0], consumer, MergeMode::MultiOutput));
  EXPECT_TRUE(policy.shouldFuse(ops[0], consumer, MergeMode::MultiOutput));
  MergeMode mode;
  EXPECT_TRUE(decideProducerFusion(ops[0], consumer, policy,
                                   /*allowMultiOutput=*/true, mode));
  EXPECT_EQ(mode, MergeMode::MultiOutput);
}

TEST_F(FusionCostModelTest, OperandLimitIsReported) {
  Block &block = parse(R"mlir(
    func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>, %z: tensor<8xf32>) -> tensor<8xf32> {
      %s = hlo.add %x, %y : tensor<8xf32>
      %t = hlo.fusion loop(%s, %z) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
      ^bb0(%a: tensor<8xf32>, %b: tensor<8xf32>):
        %m = hlo.multiply %a, %b : tensor<8xf32>
        hlo.yield %m : tensor<8xf32>
      }
      return %t : tensor<8xf32>
    })mlir");
  SmallVector<Operation *> ops = opsOf(block);
  FusionPolicyOptions options;
  options.maxOperands = 2;
  Decision decision = FusionPolicy(options).shouldFuse(
      ops[0], cast<FusionOp>(ops[1]), MergeMode::Move);
  ASSERT_FALSE(decision);
  EXPECT_EQ(decision.reason(),
            "the fusion would have 3 operands, more than max-operands=2");
}

TEST_F(FusionCostModelTest, ResultLimitIsReported) {
  Block &block = parse(R"mlir(
    func.func @f(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
      %a = hlo.fusion loop(%x) : (tensor<8xf32>) -> tensor<8xf32> {
      ^bb0(%in: tensor<8xf32>):
        %n = hlo.negate %in : tensor<8xf32>
        hlo.yield %n : tensor<8xf32>
      }
      %b = hlo.fusion loop(%x) : (tensor<8xf32>) -> tensor<8xf32> {
      ^bb0(%in: tensor<8xf32>):
        %e = hlo.exponential %in : tensor<8xf32>
        hlo.yield %e : tensor<8xf32>
      }
      return %a, %b : tensor<8xf32>, tensor<8xf32>
    })mlir");
  SmallVector<Operation *> ops = opsOf(block);
  auto first = cast<FusionOp>(ops[0]), second = cast<FusionOp>(ops[1]);
  EXPECT_TRUE(FusionPolicy().shouldMergeSiblings(first, second));
  FusionPolicyOptions options;
  options.maxResults = 1;
  Decision decision = FusionPolicy(options).shouldMergeSiblings(first, second);
  ASSERT_FALSE(decision);
  EXPECT_EQ(decision.reason(),
            "the fusion would have 2 results, more than max-results=1");
}

/// Parses `source` and applies the fusion patterns that `populate` adds
/// for `policy`, with the policy's rewrite listener when `track`.
static OwningOpRef<ModuleOp>
applyFusion(MLIRContext &context, const std::string &source,
            const FusionPolicy &policy,
            void (*populate)(RewritePatternSet &, const FusionPolicy &),
            bool track = false) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  EXPECT_TRUE(module);
  RewritePatternSet fusion(&context);
  populate(fusion, policy);
  GreedyRewriteConfig config;
  if (track)
    config.setListener(&policy.getRewriteListener());
  EXPECT_TRUE(
      succeeded(applyPatternsGreedily(*module, std::move(fusion), config)));
  return module;
}

static std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  return text;
}

static int countFusions(ModuleOp module) {
  int fusions = 0;
  module->walk([&](FusionOp) { ++fusions; });
  return fusions;
}

/// Lines `%vI = hlo.exponential %vI-1` (negate for even I) for I from 1 to
/// `length` - 1, each after `indent`: a chain from %v0.
static std::string chainFromV0(int length, const std::string &indent) {
  std::string lines;
  for (int i = 1; i < length; ++i)
    lines += indent + "%v" + std::to_string(i) + " = hlo." +
             (i % 2 ? "exponential" : "negate") + " %v" +
             std::to_string(i - 1) + " : tensor<256xf32>\n";
  return lines;
}

/// Fuses a chain of `length` elementwise ops and returns the ops its peak
/// checks modelled.
static uint64_t scheduledOpsOfChain(MLIRContext &context, int length) {
  std::string source =
      "func.func @f(%x: tensor<256xf32>) -> tensor<256xf32> {\n"
      "  %v0 = hlo.negate %x : tensor<256xf32>\n" +
      chainFromV0(length, "  ");
  source +=
      "  return %v" + std::to_string(length - 1) + " : tensor<256xf32>\n}\n";
  FusionPolicy policy;
  OwningOpRef<ModuleOp> module = applyFusion(
      context, source, policy, populateProducerConsumerFusionPatterns);
  EXPECT_EQ(countFusions(*module), 1);
  return policy.getScheduledOps();
}

// Merging a producer that frees at least the bytes its inputs add cannot
// raise the peak, and is allowed without modelling the block: otherwise
// every merge models the whole block and fusion is quadratic in its size.
TEST_F(FusionCostModelTest, ChainsFuseWithoutModellingTheBlock) {
  EXPECT_EQ(scheduledOpsOfChain(context, 64), 0u);
  EXPECT_EQ(scheduledOpsOfChain(context, 512), 0u);
}

/// Fuses `length` links of x -> -x (4 KiB) -> a slice of it (1 KiB) added
/// to the running sum: each slice moving into its sum keeps its 4 KiB
/// operand live there, more than the 1 KiB it frees, so its check needs
/// the block's live tensors. Returns the ops modelled and the fused
/// program, with the policy's rewrite listener attached or not.
static std::pair<uint64_t, std::string>
fuseSlicedChain(MLIRContext &context, int length, bool track) {
  std::string source = "func.func @f(%x: tensor<1024xf32>, %y: "
                       "tensor<256xf32>) -> tensor<256xf32> {\n";
  std::string sum = "%y";
  for (int i = 0; i < length; ++i) {
    std::string n = std::to_string(i);
    source += "  %b" + n + " = hlo.negate %x : tensor<1024xf32>\n";
    source += "  %s" + n + " = hlo.slice %b" + n +
              ", starts = [0], limits = [256], strides = [1] : "
              "(tensor<1024xf32>) -> tensor<256xf32>\n";
    source +=
        "  %v" + n + " = hlo.add " + sum + ", %s" + n + " : tensor<256xf32>\n";
    sum = "%v" + n;
  }
  source += "  return " + sum + " : tensor<256xf32>\n}\n";
  FusionPolicy policy;
  OwningOpRef<ModuleOp> module = applyFusion(
      context, source, policy, populateProducerConsumerFusionPatterns, track);
  return {policy.getScheduledOps(), print(*module)};
}

// With the policy's listener, the peak checks of a block update one model
// of it as fusions replace its ops: the ops modelled stay a few times the
// block, however many checks it takes, and the decisions are the same as
// modelling the block per check, which grows with the checks.
TEST_F(FusionCostModelTest, TrackedChecksModelTheBlockOnce) {
  for (int length : {32, 256}) {
    auto [untracked, untrackedProgram] =
        fuseSlicedChain(context, length, /*track=*/false);
    auto [tracked, trackedProgram] =
        fuseSlicedChain(context, length, /*track=*/true);
    EXPECT_EQ(trackedProgram, untrackedProgram);
    uint64_t blockOps = 3 * length + 1;
    EXPECT_GE(untracked, length * blockOps / 2);
    EXPECT_LE(tracked, 4 * blockOps);
  }
}

/// Merges `count` sibling fusions tanh(x * c_i) of the argument x, whose
/// results are summed after the last of them, and returns the ops their
/// peak checks modelled and the fusions left.
static std::pair<uint64_t, int> mergeSiblingBranches(MLIRContext &context,
                                                     int count) {
  std::string source =
      "func.func @f(%x: tensor<256xf32>) -> tensor<256xf32> {\n";
  for (int i = 0; i < count; ++i) {
    std::string n = std::to_string(i);
    source += "  %f" + n +
              " = hlo.fusion loop(%x) : (tensor<256xf32>) -> tensor<256xf32> "
              "{\n  ^bb0(%in: tensor<256xf32>):\n"
              "    %c = hlo.constant dense<" +
              n +
              ".0> : tensor<256xf32>\n"
              "    %m = hlo.multiply %in, %c : tensor<256xf32>\n"
              "    %t = hlo.tanh %m : tensor<256xf32>\n"
              "    hlo.yield %t : tensor<256xf32>\n  }\n";
  }
  std::string sum = "%f0";
  for (int i = 1; i < count; ++i) {
    std::string n = std::to_string(i);
    source +=
        "  %s" + n + " = hlo.add " + sum + ", %f" + n + " : tensor<256xf32>\n";
    sum = "%s" + n;
  }
  source += "  return " + sum + " : tensor<256xf32>\n}\n";
  FusionPolicy policy;
  OwningOpRef<ModuleOp> module =
      applyFusion(context, source, policy, populateMultiOutputFusionPatterns);
  return {policy.getScheduledOps(), countFusions(*module)};
}

// Siblings whose results are read only after the later of them, and which
// read nothing else from the block, merge without modelling the block:
// otherwise every merge models the whole block and merging is quadratic in
// its size.
TEST_F(FusionCostModelTest, SiblingsMergeWithoutModellingTheBlock) {
  for (int count : {4, 64}) {
    auto [scheduled, fusions] = mergeSiblingBranches(context, count);
    EXPECT_EQ(scheduled, 0u);
    EXPECT_LT(fusions, count);
  }
}

/// Merges `count` sibling fusions x * c_i, each read by a product right
/// after it (which a merge sinks below the later sibling), the products
/// summed at the end: the `wide` family of bench/compile.py. Returns the
/// ops the peak checks modelled, the fusions left and the fused program,
/// with the policy's rewrite listener attached or not.
static std::tuple<uint64_t, int, std::string>
mergeSiblingsWithReaders(MLIRContext &context, int count, bool track) {
  std::string source = "func.func @f(%x: tensor<16x32xf32>, %w: "
                       "tensor<32x32xf32>) -> tensor<16x32xf32> {\n";
  for (int i = 0; i < count; ++i) {
    std::string n = std::to_string(i);
    source += "  %f" + n +
              " = hlo.fusion loop(%x) : (tensor<16x32xf32>) -> "
              "tensor<16x32xf32> {\n  ^bb0(%in: tensor<16x32xf32>):\n"
              "    %c = hlo.constant dense<" +
              n +
              ".0> : tensor<16x32xf32>\n"
              "    %m = hlo.multiply %in, %c : tensor<16x32xf32>\n"
              "    hlo.yield %m : tensor<16x32xf32>\n  }\n";
    source += "  %d" + n + " = hlo.dot_general %f" + n +
              ", %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, "
              "tensor<32x32xf32>) -> tensor<16x32xf32>\n";
  }
  std::string sum = "%d0";
  for (int i = 1; i < count; ++i) {
    std::string n = std::to_string(i);
    source += "  %s" + n + " = hlo.add " + sum + ", %d" + n +
              " : tensor<16x32xf32>\n";
    sum = "%s" + n;
  }
  source += "  return " + sum + " : tensor<16x32xf32>\n}\n";
  FusionPolicy policy;
  OwningOpRef<ModuleOp> module = applyFusion(
      context, source, policy, populateMultiOutputFusionPatterns, track);
  return {policy.getScheduledOps(), countFusions(*module), print(*module)};
}

// Each sibling merges with the nearest earlier one, which sinks the
// products that read it below the later sibling: the peak check cannot be
// settled from the merge's values. With the listener, the block's tracker
// models the stretch between the siblings, not the block: the ops
// modelled stay a few times the block however many merges, and the fused
// program is the one that modelling the block per merge gives.
TEST_F(FusionCostModelTest, SiblingMergesThatSinkReadersModelTheStretch) {
  for (int count : {16, 128}) {
    auto [untracked, untrackedFusions, untrackedProgram] =
        mergeSiblingsWithReaders(context, count, /*track=*/false);
    auto [tracked, trackedFusions, trackedProgram] =
        mergeSiblingsWithReaders(context, count, /*track=*/true);
    EXPECT_EQ(trackedProgram, untrackedProgram);
    EXPECT_LT(trackedFusions, count);
    uint64_t blockOps = 3 * count;
    EXPECT_GE(untracked, (count / 2) * (blockOps / 2));
    EXPECT_LE(tracked, 4 * blockOps);
  }
}

// Two sibling pairs: f0 and f1, read only at the end, whose merge cannot
// raise the peak; g0 and g1, whose merge sinks g0's product below g1 and
// asks the block's tracker.
constexpr StringLiteral kTwoSiblingPairs = R"mlir(
  func.func @f(%x: tensor<16x32xf32>, %y: tensor<16x32xf32>,
               %w: tensor<32x32xf32>) -> tensor<16x32xf32> {
    %f0 = hlo.fusion loop(%x) : (tensor<16x32xf32>) -> tensor<16x32xf32> {
    ^bb0(%in: tensor<16x32xf32>):
      %n = hlo.negate %in : tensor<16x32xf32>
      hlo.yield %n : tensor<16x32xf32>
    }
    %f1 = hlo.fusion loop(%x) : (tensor<16x32xf32>) -> tensor<16x32xf32> {
    ^bb0(%in: tensor<16x32xf32>):
      %e = hlo.exponential %in : tensor<16x32xf32>
      hlo.yield %e : tensor<16x32xf32>
    }
    %g0 = hlo.fusion loop(%y) : (tensor<16x32xf32>) -> tensor<16x32xf32> {
    ^bb0(%in: tensor<16x32xf32>):
      %n = hlo.negate %in : tensor<16x32xf32>
      hlo.yield %n : tensor<16x32xf32>
    }
    %d0 = hlo.dot_general %g0, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %g1 = hlo.fusion loop(%y) : (tensor<16x32xf32>) -> tensor<16x32xf32> {
    ^bb0(%in: tensor<16x32xf32>):
      %e = hlo.exponential %in : tensor<16x32xf32>
      hlo.yield %e : tensor<16x32xf32>
    }
    %d1 = hlo.dot_general %g1, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    %a = hlo.add %f0, %f1 : tensor<16x32xf32>
    %b = hlo.add %d0, %d1 : tensor<16x32xf32>
    %r = hlo.add %a, %b : tensor<16x32xf32>
    return %r : tensor<16x32xf32>
  })mlir";

// A sibling merge that cannot raise the peak is still told to the block's
// tracker, which follows it: dropped instead, the tracker was built again
// by the next check that asks it, each time (bench/compile.py's `wide` at
// 32,000 ops: 2,232 models of the block, 52 s of fusion).
TEST_F(FusionCostModelTest, SiblingMergesThatCannotRaiseThePeakKeepTheTracker) {
  Block &block = parse(kTwoSiblingPairs);
  SmallVector<Operation *> ops = opsOf(block);
  auto f0 = cast<FusionOp>(ops[0]), f1 = cast<FusionOp>(ops[1]);
  auto g0 = cast<FusionOp>(ops[2]), g1 = cast<FusionOp>(ops[4]);
  FusionPolicy policy;
  IRRewriter rewriter(&context);
  rewriter.setListener(&policy.getRewriteListener());
  ASSERT_TRUE(policy.shouldMergeSiblings(g0, g1));
  uint64_t modelled = policy.getScheduledOps();
  EXPECT_EQ(modelled, block.getOperations().size());
  ASSERT_TRUE(policy.shouldMergeSiblings(f0, f1));
  mergeSiblingFusions(rewriter, f0, f1);
  ASSERT_TRUE(policy.shouldMergeSiblings(g0, g1));
  EXPECT_EQ(policy.getScheduledOps(), modelled);
}

/// A loop fusion `%name` of `inputs` (of `types`) to `result`, whose body
/// (block arguments `args`) defines %v.
static std::string
loopFusionText(const std::string &name, const std::string &inputs,
               const std::string &types, const std::string &result,
               const std::string &args, const std::string &body) {
  return "  %" + name + " = hlo.fusion loop(" + inputs + ") : (" + types +
         ") -> " + result + " {\n  ^bb0(" + args + "):\n" + body +
         "    hlo.yield %v : " + result + "\n  }\n";
}

/// Two sibling fusions of x with `between` products of y and w between
/// them, all summed at the end; returns the fusions left after the
/// multi-output patterns and the results of the first.
static std::pair<int, unsigned> mergeDistantSiblings(MLIRContext &context,
                                                     int between) {
  const std::string type = "tensor<16x32xf32>";
  auto sibling = [&](const std::string &name, const std::string &op) {
    return loopFusionText(name, "%x", type, type, "%in: " + type,
                          "    %v = hlo." + op + " %in : " + type + "\n");
  };
  std::string source = "func.func @f(%x: " + type + ", %y: " + type +
                       ", %w: tensor<32x32xf32>) -> " + type + " {\n" +
                       sibling("f0", "negate");
  for (int i = 0; i < between; ++i)
    source += "  %d" + std::to_string(i) +
              " = hlo.dot_general %y, %w, contracting_dims = [1] x [0] : (" +
              type + ", tensor<32x32xf32>) -> " + type + "\n";
  source += sibling("f1", "exponential");
  std::string sum = "%f1";
  for (int i = 0; i < between; ++i) {
    std::string n = std::to_string(i);
    source +=
        "  %s" + n + " = hlo.add " + sum + ", %d" + n + " : " + type + "\n";
    sum = "%s" + n;
  }
  source += "  %r = hlo.add " + sum + ", %f0 : " + type +
            "\n  return %r : " + type + "\n}\n";
  FusionPolicy policy;
  OwningOpRef<ModuleOp> module =
      applyFusion(context, source, policy, populateMultiOutputFusionPatterns,
                  /*track=*/true);
  unsigned results = 0;
  module->walk([&](FusionOp fusion) { results = fusion.getNumResults(); });
  return {countFusions(*module), results};
}

// Siblings near each other are found by walking the block back; farther
// ones through their inputs' readers, as before: both merge.
TEST_F(FusionCostModelTest, SiblingsNearAndFarMerge) {
  for (int between : {4, 400}) {
    auto [fusions, results] = mergeDistantSiblings(context, between);
    EXPECT_EQ(fusions, 1);
    EXPECT_EQ(results, 2u);
  }
}

/// The policy of fuse-elementwise with producers kept apart, so that a
/// chain of fusions stays a chain.
class SiblingsOnlyPolicy : public FusionPolicy {
public:
  Decision shouldFuse(Operation *, FusionOp, MergeMode) const override {
    return Decision::forbid("producers stay apart");
  }
};

/// f0 = -x; a chain of `length` fusions c_i = broadcast(x) + c_i-1 over
/// 2x16x32, not siblings of f0; then f1 = exp(x) + a slice of the chain's
/// end, which depends on the whole chain; f0 is read at the end. Returns
/// whether f0 and f1 merged: f0 is more than 128 ops back, found only
/// through x's readers.
static bool mergesPastAChain(MLIRContext &context, int length) {
  const std::string row = "tensor<16x32xf32>", wide = "tensor<2x16x32xf32>";
  std::string source = "func.func @f(%x: " + row + ", %y: " + wide + ") -> " +
                       row + " {\n" +
                       loopFusionText("f0", "%x", row, row, "%a: " + row,
                                      "    %v = hlo.negate %a : " + row + "\n");
  std::string previous = "%y";
  for (int i = 0; i < length; ++i) {
    std::string name = "c" + std::to_string(i);
    source += loopFusionText(
        name, "%x, " + previous, row + ", " + wide, wide,
        "%a: " + row + ", %b: " + wide,
        "    %w = hlo.broadcast_in_dim %a, dims = [1, 2] : (" + row + ") -> " +
            wide + "\n    %v = hlo.add %w, %b : " + wide + "\n");
    previous = "%" + name;
  }
  source += "  %s = hlo.slice " + previous +
            ", starts = [0, 0, 0], limits = [1, 16, 32], strides = [1, 1, 1]"
            " : (" +
            wide +
            ") -> tensor<1x16x32xf32>\n  %t = hlo.reshape %s : "
            "(tensor<1x16x32xf32>) -> " +
            row + "\n";
  source += loopFusionText("f1", "%x, %t", row + ", " + row, row,
                           "%a: " + row + ", %b: " + row,
                           "    %e = hlo.exponential %a : " + row +
                               "\n    %v = hlo.add %e, %b : " + row + "\n");
  source +=
      "  %r = hlo.add %f1, %f0 : " + row + "\n  return %r : " + row + "\n}\n";
  SiblingsOnlyPolicy policy;
  OwningOpRef<ModuleOp> module =
      applyFusion(context, source, policy, populateMultiOutputFusionPatterns,
                  /*track=*/true);
  bool merged = false;
  module->walk([&](FusionOp fusion) { merged |= fusion.getNumResults() == 2; });
  return merged;
}

// Farther than 128 ops, siblings are found through the readers of their
// shared input, unless more than 256 fusions read it: here x, read by
// every link of a chain, each refused as an ancestor of the next, would
// otherwise cost all its readers on every visit.
TEST_F(FusionCostModelTest, FarSiblingsAreNotSearchedThroughWidelyReadInputs) {
  EXPECT_TRUE(mergesPastAChain(context, 200));
  EXPECT_FALSE(mergesPastAChain(context, 300));
}

/// Fuses `count` links of p_i = x * c_i (a fusion), read by a product and,
/// after it, by a fusion tanh(p_i) whose results are summed at the end:
/// each p_i joins its tanh as an extra result, the product sunk below it.
/// Returns the ops the peak checks modelled and the fused program, with
/// the policy's rewrite listener attached or not.
static std::pair<uint64_t, std::string>
fuseExtraResultsWithReaders(MLIRContext &context, int count, bool track) {
  std::string source = "func.func @f(%x: tensor<16x32xf32>, %w: "
                       "tensor<32x32xf32>) -> tensor<16x32xf32> {\n";
  const std::string type = "tensor<16x32xf32>";
  std::string sum;
  for (int i = 0; i < count; ++i) {
    std::string n = std::to_string(i);
    source += "  %p" + n + " = hlo.fusion loop(%x) : (" + type + ") -> " +
              type + " {\n  ^bb0(%in: " + type +
              "):\n    %c = hlo.constant dense<" + n + ".0> : " + type +
              "\n    %m = hlo.multiply %in, %c : " + type +
              "\n    hlo.yield %m : " + type + "\n  }\n";
    source += "  %d" + n + " = hlo.dot_general %p" + n +
              ", %w, contracting_dims = [1] x [0] : (" + type +
              ", tensor<32x32xf32>) -> " + type + "\n";
    source += "  %t" + n + " = hlo.fusion loop(%p" + n + ") : (" + type +
              ") -> " + type + " {\n  ^bb0(%in: " + type +
              "):\n    %e = hlo.tanh %in : " + type +
              "\n    hlo.yield %e : " + type + "\n  }\n";
    std::string term = "%s" + n;
    source +=
        "  " + term + " = hlo.add %d" + n + ", %t" + n + " : " + type + "\n";
    if (i > 0) {
      source +=
          "  %a" + n + " = hlo.add " + sum + ", " + term + " : " + type + "\n";
      term = "%a" + n;
    }
    sum = term;
  }
  source += "  return " + sum + " : " + type + "\n}\n";
  FusionPolicy policy;
  OwningOpRef<ModuleOp> module = applyFusion(
      context, source, policy, populateMultiOutputFusionPatterns, track);
  return {policy.getScheduledOps(), print(*module)};
}

// A producer that joins its consumer as an extra result sinks its other
// readers below the consumer, like a sibling merge: with the listener, the
// tracker models the stretch between the two, and the fused program is
// the one that modelling the block per merge gives.
TEST_F(FusionCostModelTest, ExtraResultsThatSinkReadersModelTheStretch) {
  for (int count : {16, 48}) {
    auto [untracked, untrackedProgram] =
        fuseExtraResultsWithReaders(context, count, /*track=*/false);
    auto [tracked, trackedProgram] =
        fuseExtraResultsWithReaders(context, count, /*track=*/true);
    EXPECT_EQ(trackedProgram, untrackedProgram);
    EXPECT_NE(trackedProgram.find("-> (tensor<16x32xf32>, tensor<16x32xf32>)"),
              std::string::npos);
    uint64_t blockOps = 5 * count;
    EXPECT_GE(untracked, (count / 2) * (blockOps / 2));
    EXPECT_LE(tracked, 4 * blockOps);
  }
}

/// A reduction of -x in a fusion and a consumer of its sum; -x is also
/// returned when `returnInput`.
static std::string reductionThenConsumer(bool returnInput) {
  return std::string(R"mlir(
    func.func @f(%x: tensor<256xf32>, %y: tensor<256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
      %a = hlo.negate %x : tensor<256xf32>
      %s = hlo.fusion input(%a) : (tensor<256xf32>) -> tensor<f32> {
      ^bb0(%in: tensor<256xf32>):
        %z = hlo.constant dense<0.0> : tensor<f32>
        %r = hlo.reduce add(%in init %z) dims = [0] : (tensor<256xf32>, tensor<f32>) -> tensor<f32>
        hlo.yield %r : tensor<f32>
      }
      %t = hlo.fusion loop(%s, %y) : (tensor<f32>, tensor<256xf32>) -> tensor<256xf32> {
      ^bb0(%in: tensor<f32>, %w: tensor<256xf32>):
        %b = hlo.broadcast_in_dim %in, dims = [] : (tensor<f32>) -> tensor<256xf32>
        %m = hlo.multiply %b, %w : tensor<256xf32>
        hlo.yield %m : tensor<256xf32>
      }
      return %t, )mlir") +
         (returnInput ? "%a" : "%y") + " : tensor<256xf32>, tensor<256xf32>\n}";
}

// A merge whose new inputs outweigh what it frees is checked on the whole
// block: the reduction moving into its consumer would keep -x live there,
// beside the consumer's result, and raise the peak. When -x is read after
// the consumer anyway, the merge is allowed without a schedule.
TEST_F(FusionCostModelTest, GrowingMergeModelsTheBlock) {
  for (bool returnInput : {false, true}) {
    Block &block = parse(reductionThenConsumer(returnInput));
    SmallVector<Operation *> ops = opsOf(block);
    FusionPolicy policy;
    Decision decision =
        policy.shouldFuse(ops[1], cast<FusionOp>(ops[2]), MergeMode::Move);
    EXPECT_EQ(static_cast<bool>(decision), returnInput);
    EXPECT_EQ(policy.getScheduledOps(),
              returnInput ? 0u : block.getOperations().size());
  }
}

/// A policy of another compiler: only fuse producers into reductions.
class ReductionsOnlyPolicy : public FusionPolicy {
public:
  Decision shouldFuse(Operation *producer, FusionOp consumer,
                      MergeMode mode) const override {
    if (consumer.getKind() != FusionKind::Input)
      return Decision::forbid("only reductions are fused");
    return FusionPolicy::shouldFuse(producer, consumer, mode);
  }
};

TEST_F(FusionCostModelTest, PatternsFollowACustomPolicy) {
  parse(R"mlir(
    func.func @f(%x: tensor<64xf32>) -> (tensor<f32>, tensor<64xf32>) {
      %z = hlo.constant dense<0.0> : tensor<f32>
      %a = hlo.abs %x : tensor<64xf32>
      %s = hlo.reduce add(%a init %z) dims = [0] : (tensor<64xf32>, tensor<f32>) -> tensor<f32>
      %n = hlo.negate %x : tensor<64xf32>
      %e = hlo.exponential %n : tensor<64xf32>
      return %s, %e : tensor<f32>, tensor<64xf32>
    })mlir");
  ReductionsOnlyPolicy policy;
  // Cleanup undoes seeds: it runs after fusion, never in the same set.
  RewritePatternSet fusion(&context), cleanup(&context);
  populateProducerConsumerFusionPatterns(fusion, policy);
  populateTrivialFusionCleanupPatterns(cleanup);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(fusion))));
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(cleanup))));
  SmallVector<FusionOp> fusions;
  module->walk([&](FusionOp fusion) { fusions.push_back(fusion); });
  // abs joined the reduction; negate and exp stayed apart.
  ASSERT_EQ(fusions.size(), 1u);
  EXPECT_EQ(fusions[0].getKind(), FusionKind::Input);
}

/// The policy of fuse-elementwise, counting the merges it is asked about.
class CountingPolicy : public FusionPolicy {
public:
  using FusionPolicy::FusionPolicy;
  Decision shouldFuse(Operation *producer, FusionOp consumer,
                      MergeMode mode) const override {
    ++asked;
    return FusionPolicy::shouldFuse(producer, consumer, mode);
  }
  mutable int asked = 0;
};

/// `count` producer fusions, each a chain of `length` ops on one argument
/// and a shared one, and a consumer fusion that sums them.
static std::string producersOfOneSum(int count, int length) {
  std::string source = "func.func @f(%w: tensor<256xf32>";
  for (int i = 0; i < count; ++i)
    source += ", %x" + std::to_string(i) + ": tensor<256xf32>";
  source += ") -> tensor<256xf32> {\n";
  std::string types, args, inputs;
  for (int i = 0; i < count; ++i) {
    std::string n = std::to_string(i);
    source += "  %p" + n + " = hlo.fusion loop(%x" + n +
              ", %w) : (tensor<256xf32>, tensor<256xf32>) -> "
              "tensor<256xf32> {\n  ^bb0(%a: tensor<256xf32>, %b: "
              "tensor<256xf32>):\n    %v0 = hlo.add %a, %b : tensor<256xf32>\n";
    source += chainFromV0(length, "    ") + "    hlo.yield %v" +
              std::to_string(length - 1) + " : tensor<256xf32>\n  }\n";
    types += std::string(i ? ", " : "") + "tensor<256xf32>";
    args += std::string(i ? ", " : "") + "%in" + n + ": tensor<256xf32>";
    inputs += std::string(i ? ", " : "") + "%p" + n;
  }
  source += "  %s = hlo.fusion loop(" + inputs + ") : (" + types +
            ") -> tensor<256xf32> {\n  ^bb0(" + args + "):\n";
  std::string sum = "%in0";
  for (int i = 1; i < count; ++i) {
    std::string n = std::to_string(i);
    source += "    %s" + n + " = hlo.add " + sum + ", %in" + n +
              " : tensor<256xf32>\n";
    sum = "%s" + n;
  }
  source += "    hlo.yield " + sum +
            " : tensor<256xf32>\n  }\n  return %s : tensor<256xf32>\n}\n";
  return source;
}

// A consumer at the operand bound refuses its producers before legality
// and the policy's scans of their bodies: it is asked again whenever one
// of them changes, and those refusals were most of fuse-elementwise's time
// on wide programs (330,000 for 8,000 ops, growing faster than the ops).
TEST_F(FusionCostModelTest, OperandBoundRefusesBeforeThePolicy) {
  for (int count : {4, 64}) {
    FusionPolicyOptions options;
    options.maxOperands = count;
    CountingPolicy atBound(options);
    OwningOpRef<ModuleOp> refused =
        applyFusion(context, producersOfOneSum(count, 16), atBound,
                    populateProducerConsumerFusionPatterns);
    EXPECT_EQ(countFusions(*refused), count + 1);
    EXPECT_EQ(atBound.asked, 0);

    options.maxOperands = count + 1;
    CountingPolicy belowBound(options);
    OwningOpRef<ModuleOp> fused =
        applyFusion(context, producersOfOneSum(count, 16), belowBound,
                    populateProducerConsumerFusionPatterns);
    EXPECT_EQ(countFusions(*fused), 1);
    EXPECT_GE(belowBound.asked, count);
  }
}

} // namespace
