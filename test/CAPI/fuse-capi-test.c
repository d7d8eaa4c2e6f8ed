/*===- fuse-capi-test.c - the C API, driven from C
-------------------------===*\
|*                                                                            *|
|* Parses a module, fuses it, prints it, compiles and calls it, and checks    *|
|* that each kind of failure comes back as a message with its location.       *|
|* capi.test FileChecks the output.                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "fuse-c/Fuse.h"

#include <stdio.h>
#include <string.h>

static const char *kProgram =
    "func.func @main(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> "
    "tensor<2xf32> {\n"
    "  %zero = hlo.constant dense<0.0> : tensor<f32>\n"
    "  %yb = hlo.broadcast_in_dim %y, dims = [1] : (tensor<3xf32>) -> "
    "tensor<2x3xf32>\n"
    "  %p = hlo.multiply %x, %yb : tensor<2x3xf32>\n"
    "  %s = hlo.reduce add(%p init %zero) dims = [1] : (tensor<2x3xf32>, "
    "tensor<f32>) -> tensor<2xf32>\n"
    "  return %s : tensor<2xf32>\n"
    "}\n";

/* kProgram's arguments: x (2x3) and y (3); the results are 321 and 654. */
static const float kX[6] = {1, 2, 3, 4, 5, 6};
static const float kY[3] = {1, 10, 100};
static const void *const kInputs[2] = {kX, kY};

static void printAndFree(const char *label, char *text) {
  printf("%s: %s\n", label, text ? text : "(null)");
  fuseStringDestroy(text);
}

static void runProgram(FuseContext context) {
  FuseModule module =
      fuseModuleParse(context, kProgram, strlen(kProgram), "program.mlir");
  printAndFree("signature", fuseModuleGetSignature(module, "main"));
  if (!fuseModuleRunPasses(module, "fuse-elementwise"))
    printf("fusion failed: %s", fuseContextGetError(context));
  printAndFree("fused", fuseModulePrint(module, false));

  FuseExecutable executable = fuseCompile(module, "main", "parallel=false");
  fuseModuleDestroy(module);
  if (!executable) {
    printf("compile failed: %s", fuseContextGetError(context));
    return;
  }
  float result[2] = {0, 0};
  void *outputs[1] = {result};
  double seconds = -1;
  if (!fuseExecutableRun(executable, kInputs, outputs, &seconds))
    printf("run failed: %s", fuseContextGetError(context));
  printf("result: %g %g, timed: %d\n", result[0], result[1], seconds >= 0);
  printAndFree("executable signature", fuseExecutableGetSignature(executable));
  char *trace = NULL;
  if (!fuseExecutableRunTraced(executable, kInputs, outputs, NULL, &trace))
    printf("untraced: %s\n", fuseContextGetError(context));
  fuseExecutableDestroy(executable);
}

/* The passes run in the compile, on a copy: a compile the cache holds runs
   none. The cache's outcome depends on FUSE_CACHE_DIR (capi.test). */
static void compileWithPasses(FuseContext context) {
  FuseModule module =
      fuseModuleParse(context, kProgram, strlen(kProgram), "program.mlir");
  FuseExecutable executable = fuseCompileWithPasses(
      module, "main", "builtin.module(fuse-elementwise)", "parallel=false");
  printAndFree("unchanged", fuseModulePrint(module, false));
  fuseModuleDestroy(module);
  if (!executable) {
    printf("compile with passes failed: %s", fuseContextGetError(context));
    return;
  }
  float result[2] = {0, 0};
  void *outputs[1] = {result};
  fuseExecutableRun(executable, kInputs, outputs, NULL);
  printf("with passes: %g %g, cache: %s, warning: '%s'\n", result[0], result[1],
         fuseExecutableGetCacheOutcome(executable),
         fuseExecutableGetCacheWarning(executable));
  fuseExecutableDestroy(executable);
}

/* Compiled with trace-kernels, a call also returns its kernels' timeline. */
static void traceProgram(FuseContext context) {
  FuseModule module =
      fuseModuleParse(context, kProgram, strlen(kProgram), "program.mlir");
  fuseModuleRunPasses(module, "fuse-elementwise");
  FuseExecutable executable =
      fuseCompile(module, "main", "parallel=false trace-kernels=1");
  fuseModuleDestroy(module);
  float result[2] = {0, 0};
  void *outputs[1] = {result};
  char *trace = NULL;
  if (!fuseExecutableRunTraced(executable, kInputs, outputs, NULL, &trace))
    printf("traced run failed: %s", fuseContextGetError(context));
  printf("traced result: %g %g\n", result[0], result[1]);
  printAndFree("trace", trace);
  fuseExecutableDestroy(executable);
}

static void reportFailures(FuseContext context) {
  const char *bad = "func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {\n"
                    "  %y = hlo.add %x, %x : tensor<3xf32>\n"
                    "  return %y : tensor<3xf32>\n"
                    "}\n";
  if (!fuseModuleParse(context, bad, strlen(bad), "bad.mlir"))
    printf("parse error: %s", fuseContextGetError(context));

  FuseModule module =
      fuseModuleParse(context, kProgram, strlen(kProgram), "program.mlir");
  if (!fuseModuleRunPasses(module, "no-such-pass"))
    printf("pipeline error: %s", fuseContextGetError(context));
  if (!fuseModuleGetSignature(module, "missing"))
    printf("signature error: %s", fuseContextGetError(context));
  if (!fuseCompile(module, "main", "no-such-option=1"))
    printf("options error: %s", fuseContextGetError(context));
  const char *infeed = "func.func @main() -> tensor<2xf32> {\n"
                       "  %x = hlo.infeed : tensor<2xf32>\n"
                       "  return %x : tensor<2xf32>\n"
                       "}\n";
  FuseModule transfers =
      fuseModuleParse(context, infeed, strlen(infeed), "infeed.mlir");
  if (!fuseCompile(transfers, "main", ""))
    printf("transfers error: %s", fuseContextGetError(context));
  fuseModuleDestroy(transfers);
  char *graph = fuseModulePrintGraphviz(module);
  printf("graphviz: %s\n",
         graph && strstr(graph, "digraph") ? "digraph" : "none");
  fuseStringDestroy(graph);
  fuseModuleDestroy(module);
}

/// The table of element types, and its bounds.
static void listElementTypes(void) {
  size_t count = fuseElementTypeCount();
  for (size_t i = 0; i < count; ++i)
    printf("element type %zu: %s, %zu bytes, %s\n", i, fuseElementTypeName(i),
           fuseElementTypeBytes(i), fuseElementTypeNpyDescr(i));
  printf("enums: GT %lld, TOTALORDER %lld, loop %lld, unknown %lld %lld\n",
         (long long)fuseHLOEnumValue("ComparisonDirection", "GT"),
         (long long)fuseHLOEnumValue("ComparisonType", "TOTALORDER"),
         (long long)fuseHLOEnumValue("FusionKind", "loop"),
         (long long)fuseHLOEnumValue("ComparisonDirection", "XX"),
         (long long)fuseHLOEnumValue("Direction", "GT"));
  printf("past the end: %s %zu %s\n",
         fuseElementTypeName(count) ? "name" : "null",
         fuseElementTypeBytes(count),
         fuseElementTypeNpyDescr(count) ? "descr" : "null");
}

/* The product of runOnGPU on arrays that stay in device memory: the result
   is a device buffer of its own, and a CPU executable refuses the call. */
static void runOnDeviceMemory(FuseContext context, FuseExecutable executable,
                              const float *w) {
  int ordinal = -1;
  if (!fuseDeviceInitialize(context, &ordinal)) {
    printf("device failed: %s", fuseContextGetError(context));
    return;
  }
  void *x = fuseDeviceAlloc(context, sizeof(kX));
  void *y = fuseDeviceAlloc(context, 6 * sizeof(float));
  fuseDeviceCopyToDevice(x, kX, sizeof(kX));
  fuseDeviceCopyToDevice(y, w, 6 * sizeof(float));
  const void *const inputs[2] = {x, y};
  void *outputs[1] = {NULL};
  double seconds = -1;
  if (!fuseExecutableRunOnDevice(executable, inputs, outputs, &seconds))
    printf("device run failed: %s", fuseContextGetError(context));
  float result[4] = {0, 0, 0, 0};
  fuseDeviceCopyToHost(result, outputs[0], sizeof(result));
  printf("device %d result: %g %g %g %g, own buffer: %d, timed: %d\n", ordinal,
         result[0], result[1], result[2], result[3],
         outputs[0] != x && outputs[0] != y, seconds >= 0);
  fuseDeviceFree(outputs[0]);
  char *profile = fuseDeviceTakeProfile();
  printf("profile: %s\n", !profile ? "none"
                          : strstr(profile, "cublasLtMatmul 1x2x2x3")
                              ? "product"
                              : profile);
  fuseStringDestroy(profile);
  if (!fuseExecutableRunOnDevice(executable, inputs, outputs, NULL))
    printf("untimed run failed: %s", fuseContextGetError(context));
  fuseDeviceFree(outputs[0]);
  fuseDeviceFree(x);
  fuseDeviceFree(y);
  if (!fuseDeviceAlloc(context, (size_t)1 << 62))
    printf("too large: %s\n", fuseContextGetError(context));

  FuseModule module =
      fuseModuleParse(context, kProgram, strlen(kProgram), "program.mlir");
  FuseExecutable onCPU = fuseCompile(module, "main", "");
  fuseModuleDestroy(module);
  if (!fuseExecutableRunOnDevice(onCPU, inputs, outputs, NULL))
    printf("cpu executable: %s\n", fuseContextGetError(context));
  fuseExecutableDestroy(onCPU);
}

/* A product on the GPU: cuBLASLt computes it, which the stand-in library of
   test/Runtime/Stubs does on the host, so the numbers come back right
   without a GPU. Without a driver, the compile says what is missing. */
static void runOnGPU(FuseContext context) {
  const char *product =
      "func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> "
      "tensor<2x2xf32> {\n"
      "  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
      "(tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
      "  return %p : tensor<2x2xf32>\n"
      "}\n";
  static const float w[6] = {1, 10, 100, 1000, 1e4f, 1e5f};
  const void *const inputs[2] = {kX, w};
  FuseModule module =
      fuseModuleParse(context, product, strlen(product), "product.mlir");
  if (!fuseCompileForTarget(module, "main", "", (FuseTarget)7, ""))
    printf("target error: %s", fuseContextGetError(context));
  FuseExecutable executable =
      fuseCompileForTarget(module, "main", "", FUSE_TARGET_CUDA, "");
  fuseModuleDestroy(module);
  if (!executable) {
    printf("cuda compile failed: %s", fuseContextGetError(context));
    return;
  }
  float result[4] = {0, 0, 0, 0};
  void *outputs[1] = {result};
  if (!fuseExecutableRun(executable, inputs, outputs, NULL))
    printf("cuda run failed: %s", fuseContextGetError(context));
  printf("cuda result: %g %g %g %g\n", result[0], result[1], result[2],
         result[3]);
  runOnDeviceMemory(context, executable, w);
  fuseExecutableDestroy(executable);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "cuda") == 0) {
    FuseContext context = fuseContextCreate();
    runOnGPU(context);
    fuseContextDestroy(context);
    return 0;
  }
  printf("version: %d\n", fuseGetCAPIVersion());
  listElementTypes();
  FuseContext context = fuseContextCreate();
  runProgram(context);
  compileWithPasses(context);
  traceProgram(context);
  reportFailures(context);
  fuseContextDestroy(context);
  return 0;
}
