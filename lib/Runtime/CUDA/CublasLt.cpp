//===- CublasLt.cpp - fuseCudaMatmul over cuBLASLt ------------------------===//
//
// cuBLASLt is loaded with dlopen on the first product, like the driver, so
// that the runtime builds without the CUDA toolkit and programs without
// products never need the library. The types and constants used are declared
// here with the values of cublasLt.h, cublas_api.h and library_types.h.
//
// cuBLASLt's matrices are column-major and fuse's are row-major, so the
// product is computed transposed: out^T = rhs^T lhs^T, where out^T is `out`
// read column-major. A row-major bias per column of `out` is then cuBLASLt's
// bias per row of its result.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/CudaRuntime.h"

#include "Internal.h"

#include <dlfcn.h>

#include <cstdlib>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace {

using fuse::cuda_runtime::fail;

//===----------------------------------------------------------------------===//
// The slice of cuBLASLt that the runtime uses
//===----------------------------------------------------------------------===//

using Status = int;
using Handle = struct LtContextOpaque *;
using MatmulDesc = struct LtMatmulDescOpaque *;
using Layout = struct LtLayoutOpaque *;
using Preference = struct LtPreferenceOpaque *;
using Stream = struct CUstreamOpaque *;

struct Algorithm {
  unsigned long long data[8];
};
struct HeuristicResult {
  Algorithm algorithm;
  size_t workspaceSize;
  Status state;
  float wavesCount;
  int reserved[4];
};

constexpr Status kSuccess = 0;
constexpr int kComputeF32 = 68;            // CUBLAS_COMPUTE_32F
constexpr int kComputeF32TF32 = 77;        // CUBLAS_COMPUTE_32F_FAST_TF32
constexpr int kComputeF64 = 70;            // CUBLAS_COMPUTE_64F
constexpr int kOpN = 0;                    // CUBLAS_OP_N
constexpr int kOpT = 1;                    // CUBLAS_OP_T
constexpr int kDescTransA = 3;             // CUBLASLT_MATMUL_DESC_TRANSA
constexpr int kDescTransB = 4;             // CUBLASLT_MATMUL_DESC_TRANSB
constexpr int kDescEpilogue = 7;           // CUBLASLT_MATMUL_DESC_EPILOGUE
constexpr int kDescBiasPointer = 8;        // CUBLASLT_MATMUL_DESC_BIAS_POINTER
constexpr int kLayoutBatchCount = 5;       // CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT
constexpr int kLayoutBatchStride = 6;      // ..._STRIDED_BATCH_OFFSET
constexpr int kPreferenceWorkspace = 1;    // ..._PREF_MAX_WORKSPACE_BYTES
constexpr unsigned kEpilogueDefault = 1;   // CUBLASLT_EPILOGUE_DEFAULT
constexpr unsigned kEpilogueBias = 4;      // CUBLASLT_EPILOGUE_BIAS
constexpr unsigned kEpilogueReluBias = 6;  // CUBLASLT_EPILOGUE_RELU_BIAS
constexpr unsigned kEpilogueGeluBias = 36; // CUBLASLT_EPILOGUE_GELU_BIAS

struct LtApi {
  const char *(*getStatusName)(Status);
  const char *(*getStatusString)(Status);
  Status (*create)(Handle *);
  Status (*matmulDescCreate)(MatmulDesc *, int, int);
  Status (*matmulDescSetAttribute)(MatmulDesc, int, const void *, size_t);
  Status (*matrixLayoutCreate)(Layout *, int, unsigned long long,
                               unsigned long long, long long);
  Status (*matrixLayoutSetAttribute)(Layout, int, const void *, size_t);
  Status (*preferenceCreate)(Preference *);
  Status (*preferenceSetAttribute)(Preference, int, const void *, size_t);
  Status (*preferenceDestroy)(Preference);
  Status (*algoGetHeuristic)(Handle, MatmulDesc, Layout, Layout, Layout, Layout,
                             Preference, int, HeuristicResult *, int *);
  Status (*matmul)(Handle, MatmulDesc, const void *, const void *, Layout,
                   const void *, Layout, const void *, const void *, Layout,
                   void *, Layout, const Algorithm *, void *, size_t, Stream);
};

/// Loads cuBLASLt and creates its handle, or exits naming what failed.
struct Library {
  LtApi api = {};
  Handle handle = nullptr;

  /// The library's names, first as the dynamic loader finds them, then in
  /// the CUDA toolkit (often not on the loader's path). The toolkit's major
  /// versions keep cuBLASLt's C API.
  static std::vector<std::string> candidatePaths() {
    const char *names[] = {"libcublasLt.so.13", "libcublasLt.so.12",
                           "libcublasLt.so"};
    std::vector<std::string> paths(std::begin(names), std::end(names));
    std::vector<std::string> toolkits;
    for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
      if (const char *value = std::getenv(variable); value && *value)
        toolkits.push_back(value);
    toolkits.push_back("/usr/local/cuda");
    for (const std::string &toolkit : toolkits)
      for (const char *name : names)
        paths.push_back(toolkit + "/lib64/" + name);
    return paths;
  }

  Library() {
    const char *override = std::getenv("FUSE_LIBCUBLASLT");
    std::string tried;
    void *library = nullptr;
    if (override && *override) {
      library = dlopen(override, RTLD_NOW | RTLD_LOCAL);
      tried = std::string(override) + " (from FUSE_LIBCUBLASLT)";
    } else {
      for (const std::string &path : candidatePaths())
        if ((library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)))
          break;
      tried = "libcublasLt.so.13, .so.12 or .so, on the library path or in "
              "the CUDA toolkit's lib64";
    }
    if (!library) {
      const char *reason = dlerror();
      fail("fuse-cuda-runtime: matrix products need cuBLASLt: cannot load " +
           tried + ": " + (reason ? reason : "unknown reason") +
           " (set FUSE_LIBCUBLASLT to its path)");
    }
    resolve(library, api.getStatusName, "cublasLtGetStatusName");
    resolve(library, api.getStatusString, "cublasLtGetStatusString");
    resolve(library, api.create, "cublasLtCreate");
    resolve(library, api.matmulDescCreate, "cublasLtMatmulDescCreate");
    resolve(library, api.matmulDescSetAttribute,
            "cublasLtMatmulDescSetAttribute");
    resolve(library, api.matrixLayoutCreate, "cublasLtMatrixLayoutCreate");
    resolve(library, api.matrixLayoutSetAttribute,
            "cublasLtMatrixLayoutSetAttribute");
    resolve(library, api.preferenceCreate, "cublasLtMatmulPreferenceCreate");
    resolve(library, api.preferenceSetAttribute,
            "cublasLtMatmulPreferenceSetAttribute");
    resolve(library, api.preferenceDestroy, "cublasLtMatmulPreferenceDestroy");
    resolve(library, api.algoGetHeuristic, "cublasLtMatmulAlgoGetHeuristic");
    resolve(library, api.matmul, "cublasLtMatmul");
    check(api.create(&handle), "cublasLtCreate");
  }

  template <typename Function>
  static void resolve(void *library, Function &function, const char *name) {
    function = reinterpret_cast<Function>(dlsym(library, name));
    if (!function)
      fail(std::string("fuse-cuda-runtime: cuBLASLt lacks ") + name +
           " (the library is too old)");
  }

  /// Exits with a message naming `call` when `status` is an error.
  void check(Status status, const std::string &call) const {
    if (status == kSuccess)
      return;
    const char *name = api.getStatusName ? api.getStatusName(status) : nullptr;
    const char *description =
        api.getStatusString ? api.getStatusString(status) : nullptr;
    fail("fuse-cuda-runtime: " + call + " failed: " +
         (name ? name : "cuBLAS status " + std::to_string(status)) + ": " +
         (description ? description : "no description"));
  }
};

Library &library() {
  static Library instance;
  return instance;
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

/// A product as fuseCudaMatmul receives it, less its addresses.
struct Problem {
  int inputType, outputType, options, epilogue;
  long long batch, rows, cols, depth;
  long long lhsBatchStride, lhsRowStride, lhsDepthStride;
  long long rhsBatchStride, rhsDepthStride, rhsColStride;
  long long outBatchStride, outRowStride;
  long long workspaceBytes;

  auto key() const {
    return std::make_tuple(inputType, outputType, options, epilogue, batch,
                           rows, cols, depth, lhsBatchStride, lhsRowStride,
                           lhsDepthStride, rhsBatchStride, rhsDepthStride,
                           rhsColStride, outBatchStride, outRowStride,
                           workspaceBytes);
  }
  bool operator<(const Problem &other) const { return key() < other.key(); }

  std::string describe() const {
    return std::to_string(batch) + "x" + std::to_string(rows) + "x" +
           std::to_string(cols) + "x" + std::to_string(depth) +
           " (batch x rows x cols x depth)";
  }
};

/// A P x Q operand whose element (p, q) lies at p * pStride + q * qStride,
/// as cuBLASLt reads it: column-major, or a column-major Q x P matrix read
/// transposed.
struct Operand {
  int operation;
  unsigned long long rows, cols;
  long long leadingDimension;
};

bool asOperand(long long p, long long pStride, long long q, long long qStride,
               Operand &operand) {
  if (p == 1 || pStride == 1) {
    operand = {kOpN, static_cast<unsigned long long>(p),
               static_cast<unsigned long long>(q), q == 1 ? p : qStride};
    return q == 1 || qStride >= p;
  }
  if (q == 1 || qStride == 1) {
    operand = {kOpT, static_cast<unsigned long long>(q),
               static_cast<unsigned long long>(p), pStride};
    return pStride >= q;
  }
  return false;
}

/// The descriptors and algorithm of one problem, made once.
struct Plan {
  MatmulDesc desc = nullptr;
  Layout a = nullptr, b = nullptr, d = nullptr;
  Algorithm algorithm = {};
};

Layout createLayout(const Library &lt, int type, const Operand &operand,
                    long long batch, long long batchStride,
                    const std::string &what) {
  Layout layout = nullptr;
  lt.check(lt.api.matrixLayoutCreate(&layout, type, operand.rows, operand.cols,
                                     operand.leadingDimension),
           "cublasLtMatrixLayoutCreate(" + what + ")");
  int count = static_cast<int>(batch);
  lt.check(lt.api.matrixLayoutSetAttribute(layout, kLayoutBatchCount, &count,
                                           sizeof(count)),
           "cublasLtMatrixLayoutSetAttribute(" + what + ", batch count)");
  lt.check(lt.api.matrixLayoutSetAttribute(layout, kLayoutBatchStride,
                                           &batchStride, sizeof(batchStride)),
           "cublasLtMatrixLayoutSetAttribute(" + what + ", batch stride)");
  return layout;
}

Plan createPlan(const Library &lt, const Problem &problem, const void *bias) {
  // out^T (cols x rows) = rhs^T (cols x depth) * lhs^T (depth x rows).
  Operand rhsT, lhsT, outT;
  if (!asOperand(problem.cols, problem.rhsColStride, problem.depth,
                 problem.rhsDepthStride, rhsT) ||
      !asOperand(problem.depth, problem.lhsDepthStride, problem.rows,
                 problem.lhsRowStride, lhsT) ||
      !asOperand(problem.cols, 1, problem.rows, problem.outRowStride, outT) ||
      outT.operation != kOpN)
    fail("fuse-cuda-runtime: fuseCudaMatmul: a matrix of the product " +
         problem.describe() + " has no unit stride");

  bool f64 = problem.inputType == FUSE_CUDA_F64;
  int compute = f64 ? kComputeF64
                : problem.inputType == FUSE_CUDA_F32 &&
                        (problem.options & FUSE_CUDA_MATMUL_ALLOW_TF32)
                    ? kComputeF32TF32
                    : kComputeF32;
  Plan plan;
  lt.check(lt.api.matmulDescCreate(&plan.desc, compute,
                                   f64 ? FUSE_CUDA_F64 : FUSE_CUDA_F32),
           "cublasLtMatmulDescCreate");
  auto setDesc = [&](int attribute, const void *value, size_t size,
                     const char *name) {
    lt.check(lt.api.matmulDescSetAttribute(plan.desc, attribute, value, size),
             std::string("cublasLtMatmulDescSetAttribute(") + name + ")");
  };
  setDesc(kDescTransA, &rhsT.operation, sizeof(int), "transa");
  setDesc(kDescTransB, &lhsT.operation, sizeof(int), "transb");
  unsigned epilogue = kEpilogueDefault;
  if (problem.epilogue == FUSE_CUDA_EPILOGUE_BIAS)
    epilogue = kEpilogueBias;
  else if (problem.epilogue == FUSE_CUDA_EPILOGUE_BIAS_RELU)
    epilogue = kEpilogueReluBias;
  else if (problem.epilogue == FUSE_CUDA_EPILOGUE_BIAS_GELU)
    epilogue = kEpilogueGeluBias;
  setDesc(kDescEpilogue, &epilogue, sizeof(epilogue), "epilogue");
  // The heuristic reads the bias pointer's alignment; each call sets its own.
  if (bias)
    setDesc(kDescBiasPointer, &bias, sizeof(bias), "bias pointer");

  plan.a = createLayout(lt, problem.inputType, rhsT, problem.batch,
                        problem.rhsBatchStride, "rhs");
  plan.b = createLayout(lt, problem.inputType, lhsT, problem.batch,
                        problem.lhsBatchStride, "lhs");
  plan.d = createLayout(lt, problem.outputType, outT, problem.batch,
                        problem.outBatchStride, "out");

  Preference preference = nullptr;
  lt.check(lt.api.preferenceCreate(&preference),
           "cublasLtMatmulPreferenceCreate");
  size_t workspaceBytes = static_cast<size_t>(problem.workspaceBytes);
  lt.check(lt.api.preferenceSetAttribute(preference, kPreferenceWorkspace,
                                         &workspaceBytes,
                                         sizeof(workspaceBytes)),
           "cublasLtMatmulPreferenceSetAttribute(max workspace bytes)");
  HeuristicResult result = {};
  int found = 0;
  lt.check(lt.api.algoGetHeuristic(lt.handle, plan.desc, plan.a, plan.b, plan.d,
                                   plan.d, preference, 1, &result, &found),
           "cublasLtMatmulAlgoGetHeuristic(" + problem.describe() + ")");
  lt.check(lt.api.preferenceDestroy(preference),
           "cublasLtMatmulPreferenceDestroy");
  if (found == 0)
    fail("fuse-cuda-runtime: cuBLASLt has no algorithm for the product " +
         problem.describe());
  plan.algorithm = result.algorithm;
  return plan;
}

/// The plan of `problem`, made on first use. Plans live as long as the
/// process: a program has few product shapes.
const Plan &planFor(const Library &lt, const Problem &problem,
                    const void *bias) {
  static std::map<Problem, Plan> plans;
  auto [it, inserted] = plans.try_emplace(problem);
  if (inserted)
    it->second = createPlan(lt, problem, bias);
  return it->second;
}

} // namespace

extern "C" void fuseCudaMatmul(int32_t inputType, int32_t outputType,
                               int32_t options, int32_t epilogue, int64_t batch,
                               int64_t rows, int64_t cols, int64_t depth,
                               const void *lhs, int64_t lhsBatchStride,
                               int64_t lhsRowStride, int64_t lhsDepthStride,
                               const void *rhs, int64_t rhsBatchStride,
                               int64_t rhsDepthStride, int64_t rhsColStride,
                               void *out, int64_t outBatchStride,
                               int64_t outRowStride, const void *bias,
                               void *workspace, int64_t workspaceBytes) {
  fuse::cuda_runtime::makeContextCurrent();
  // One product at a time: plans are shared and the bias pointer is set on
  // them per call. Products queue on one stream anyway.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  const Library &lt = library();
  Problem problem = {inputType,      outputType,     options,
                     epilogue,       batch,          rows,
                     cols,           depth,          lhsBatchStride,
                     lhsRowStride,   lhsDepthStride, rhsBatchStride,
                     rhsDepthStride, rhsColStride,   outBatchStride,
                     outRowStride,   workspaceBytes};
  const Plan &plan = planFor(lt, problem, bias);
  if (bias)
    lt.check(lt.api.matmulDescSetAttribute(plan.desc, kDescBiasPointer, &bias,
                                           sizeof(bias)),
             "cublasLtMatmulDescSetAttribute(bias pointer)");
  bool accumulate = options & FUSE_CUDA_MATMUL_ACCUMULATE;
  double alpha64 = 1.0, beta64 = accumulate ? 1.0 : 0.0;
  float alpha32 = 1.0f, beta32 = accumulate ? 1.0f : 0.0f;
  bool f64 = inputType == FUSE_CUDA_F64;
  const void *alpha = f64 ? static_cast<const void *>(&alpha64) : &alpha32;
  const void *beta = f64 ? static_cast<const void *>(&beta64) : &beta32;
  fuse::cuda_runtime::noteDefaultStreamWork();
  void *profiled = fuse::cuda_runtime::profiling()
                       ? fuse::cuda_runtime::profileBegin(nullptr)
                       : nullptr;
  lt.check(lt.api.matmul(lt.handle, plan.desc, alpha, rhs, plan.a, lhs, plan.b,
                         beta, out, plan.d, out, plan.d, &plan.algorithm,
                         workspace, static_cast<size_t>(workspaceBytes),
                         /*stream=*/nullptr),
           "cublasLtMatmul(" + problem.describe() + ")");
  if (profiled)
    fuse::cuda_runtime::profileEnd(profiled, nullptr,
                                   "cublasLtMatmul " + problem.describe());
}
