//===- Bufferization.cpp - the pipelines' shared bufferization ------------===//

#include "Bufferization.h"

#include "fuse/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"

using namespace mlir;

void fuse::addBufferizationPasses(OpPassManager &pm, bool resultsInPlace) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Loops of --split-tensors carry their slice offset as a new rank-0
  // tensor each iteration.
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (resultsInPlace) {
    // Before deallocation, so that a result that is not built in place (an
    // argument, a constant) is copied out and its buffer still freed.
    pm.addNestedPass<func::FuncOp>(createDistinctResultBuffersPass());
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.hoistStaticAllocs = true;
    outParams.modifyPublicFunctions = true;
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  }
  bufferization::BufferDeallocationPipelineOptions deallocation;
  bufferization::buildBufferDeallocationPipeline(pm, deallocation);
  // The clones deallocation adds (a function returning its argument).
  pm.addPass(createConvertBufferizationToMemRefPass());
}
