//===- PipelineOptionsTest.cpp - pipeline options and their passes -------===//
//
// A pipeline option that tunes a pass takes its default from the pass's
// generated options, and the pipeline hands its value to the pass.
//
//===----------------------------------------------------------------------===//

#include "fuse/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace fuse;

namespace {

/// The pipeline `build` makes with `options`, as text.
template <typename Options>
std::string textualPipeline(void (*build)(mlir::OpPassManager &,
                                          const Options &),
                            const Options &options) {
  mlir::OpPassManager pm("builtin.module");
  build(pm, options);
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  return text;
}

TEST(PipelineOptionsTest, CPUDefaultsAreThePasses) {
  CPUPipelineOptions options;
  TileContractionsPassOptions products;
  EXPECT_EQ(options.productRegisterRows, products.registerRows);
  EXPECT_EQ(options.productRegisterCols, products.registerCols);
  EXPECT_EQ(options.productDepthBlock, products.depthBlock);
  EXPECT_EQ(options.productRowBlock, products.rowBlock);
  EXPECT_EQ(options.productColBlock, products.colBlock);
  EXPECT_EQ(options.productPackLeft, products.packLeft);
  SplitReductionsPassOptions reductions;
  EXPECT_EQ(options.reductionLanes, reductions.lanes);
  EXPECT_EQ(options.reductionBlocks, reductions.blocks);
  EXPECT_EQ(options.reductionLeafSteps, reductions.leafSteps);
  EXPECT_EQ(options.sortPartLength,
            ConvertHLOToLinalgPassOptions().sortPartLength);
  EXPECT_EQ(options.minParallelBytes,
            SerializeSmallParallelLoopsPassOptions().minBytes);
  EXPECT_EQ(options.minParallelIterations,
            SerializeInnermostParallelDimPassOptions().minIterations);
  EXPECT_EQ(options.lightKernelOps, MarkLightKernelsPassOptions().maxOps);
  EXPECT_EQ(options.mpiImplementation, MPIFinalizePassOptions().implementation);
  GPUTileKernelsPassOptions tiling;
  EXPECT_EQ(options.emulatedBlockSize, tiling.blockSize);
  EXPECT_EQ(options.emulatedMaxBlocks, tiling.maxBlocks);
  // One device: the collectives stay for the lowering to run on device 0.
  EXPECT_EQ(options.devices, 1);
  EXPECT_EQ(textualPipeline(buildHLOToCPUPipeline, options)
                .find("convert-hlo-collectives-to-shard"),
            std::string::npos);
  // The one pipeline default that differs on purpose: the pass exists to
  // set a schedule (guided by default), the pipeline keeps OpenMP's static
  // one (see fuse-cpu-schedule-parallel-loops).
  EXPECT_EQ(options.parallelSchedule, "static");
  EXPECT_NE(options.parallelSchedule,
            ScheduleParallelLoopsPassOptions().schedule);
}

TEST(PipelineOptionsTest, NVVMDefaultsAreThePasses) {
  NVVMPipelineOptions options;
  GPUTileKernelsPassOptions tiling;
  EXPECT_EQ(options.blockSize, tiling.blockSize);
  EXPECT_EQ(options.maxBlocks, tiling.maxBlocks);
  EXPECT_EQ(options.allowTF32, GPULibraryProductsPassOptions().allowTF32);
  EXPECT_EQ(options.mpiImplementation, MPIFinalizePassOptions().implementation);
}

TEST(PipelineOptionsTest, CPUPipelineHandsItsOptionsToThePasses) {
  CPUPipelineOptions options;
  options.productRegisterRows = 5;
  options.productRegisterCols = 24;
  options.productDepthBlock = 7;
  options.productRowBlock = 11;
  options.productColBlock = 48;
  options.productPackLeft = LeftPacking::InTiles;
  options.reductionLanes = 3;
  options.reductionBlocks = 9;
  options.reductionLeafSteps = 13;
  options.sortPartLength = 4096;
  options.minParallelBytes = 17;
  options.minParallelIterations = 19;
  options.lightKernelOps = 23;
  options.parallelSchedule = "dynamic";
  options.mpiImplementation = "MPICH";
  options.devices = 3;
  std::string text = textualPipeline(buildHLOToCPUPipeline, options);
  for (const char *expected :
       {"col-block=48", "depth-block=7", "pack-left=in-tiles",
        "register-cols=24", "register-rows=5", "row-block=11", "blocks=9",
        "lanes=3", "leaf-steps=13", "sort-part-length=4096", "min-bytes=17",
        "min-iterations=19", "max-ops=23", "schedule=dynamic",
        "implementation=MPICH", "convert-hlo-collectives-to-shard{devices=3}"})
    EXPECT_NE(text.find(expected), std::string::npos)
        << expected << " is not in " << text;

  CPUPipelineOptions emulated;
  emulated.emulateGPUTiling = true;
  emulated.emulatedBlockSize = 32;
  emulated.emulatedMaxBlocks = 3;
  text = textualPipeline(buildHLOToCPUPipeline, emulated);
  EXPECT_NE(text.find("fuse-gpu-tile-kernels{"), std::string::npos) << text;
  EXPECT_NE(text.find("block-size=32"), std::string::npos) << text;
  EXPECT_NE(text.find("max-blocks=3"), std::string::npos) << text;
}

TEST(PipelineOptionsTest, NVVMPipelineHandsItsOptionsToThePasses) {
  NVVMPipelineOptions options;
  options.blockSize = 128;
  options.maxBlocks = 5;
  options.allowTF32 = true;
  options.mpiImplementation = "MPICH";
  options.devices = 2;
  std::string text = textualPipeline(buildHLOToNVVMPipeline, options);
  for (const char *expected :
       {"block-size=128", "max-blocks=5", "allow-tf32=true",
        "implementation=MPICH", "convert-hlo-collectives-to-shard{devices=2}"})
    EXPECT_NE(text.find(expected), std::string::npos)
        << expected << " is not in " << text;
}

} // namespace
