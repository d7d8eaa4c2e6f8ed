/*===- cublaslt.c - cuBLASLt computed on the host, for tests --------------===//
//
// Loaded through FUSE_LIBCUBLASLT together with the stub driver (whose
// "device" memory is host memory), it computes each cublasLtMatmul on the
// host with cuBLASLt's semantics (column-major layouts, transpose flags,
// strided batches, bias, ReLU and GELU epilogues) and prints one line per call
to
// stderr, so that a test checks both the arguments and the numbers.
// FUSE_STUB_CUBLASLT_FAIL=matmul makes cublasLtMatmul answer
// CUBLAS_STATUS_INVALID_VALUE.
//
//===----------------------------------------------------------------------===*/

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int Status;
enum { kSuccess = 0, kInvalidValue = 7 };
enum { kF32 = 0, kF64 = 1, kF16 = 2, kBF16 = 14 };

typedef struct {
  int type;
  uint64_t rows, cols;
  int64_t ld;
  int batch;
  int64_t batchStride;
} Layout;

typedef struct {
  int compute, scaleType;
  int transA, transB;
  unsigned epilogue;
  const void *bias;
} Desc;

typedef struct {
  size_t workspace;
} Preference;

static const char *typeName(int type) {
  switch (type) {
  case kF32:
    return "f32";
  case kF64:
    return "f64";
  case kF16:
    return "f16";
  case kBF16:
    return "bf16";
  }
  return "?";
}

const char *cublasLtGetStatusName(Status status) {
  return status == kInvalidValue ? "CUBLAS_STATUS_INVALID_VALUE"
                                 : "CUBLAS_STATUS_UNKNOWN";
}
const char *cublasLtGetStatusString(Status status) {
  return "an error of the stub cuBLASLt";
}
Status cublasLtCreate(void **handle) {
  static char placeholder;
  *handle = &placeholder;
  return kSuccess;
}

Status cublasLtMatmulDescCreate(Desc **desc, int compute, int scaleType) {
  *desc = calloc(1, sizeof(Desc));
  (*desc)->compute = compute;
  (*desc)->scaleType = scaleType;
  (*desc)->epilogue = 1;
  return kSuccess;
}
Status cublasLtMatmulDescSetAttribute(Desc *desc, int attribute,
                                      const void *value, size_t size) {
  switch (attribute) {
  case 3:
    memcpy(&desc->transA, value, sizeof(int));
    return kSuccess;
  case 4:
    memcpy(&desc->transB, value, sizeof(int));
    return kSuccess;
  case 7:
    memcpy(&desc->epilogue, value, sizeof(unsigned));
    return kSuccess;
  case 8:
    memcpy(&desc->bias, value, sizeof(void *));
    return kSuccess;
  }
  return kInvalidValue;
}

Status cublasLtMatrixLayoutCreate(Layout **layout, int type, uint64_t rows,
                                  uint64_t cols, int64_t ld) {
  if (ld < (int64_t)rows)
    return kInvalidValue;
  *layout = calloc(1, sizeof(Layout));
  **layout = (Layout){type, rows, cols, ld, 1, 0};
  return kSuccess;
}
Status cublasLtMatrixLayoutSetAttribute(Layout *layout, int attribute,
                                        const void *value, size_t size) {
  if (attribute == 5)
    memcpy(&layout->batch, value, sizeof(int));
  else if (attribute == 6)
    memcpy(&layout->batchStride, value, sizeof(int64_t));
  else
    return kInvalidValue;
  return kSuccess;
}

Status cublasLtMatmulPreferenceCreate(Preference **preference) {
  *preference = calloc(1, sizeof(Preference));
  return kSuccess;
}
Status cublasLtMatmulPreferenceSetAttribute(Preference *preference,
                                            int attribute, const void *value,
                                            size_t size) {
  if (attribute != 1)
    return kInvalidValue;
  memcpy(&preference->workspace, value, sizeof(size_t));
  return kSuccess;
}
Status cublasLtMatmulPreferenceDestroy(Preference *preference) {
  free(preference);
  return kSuccess;
}

typedef struct {
  uint64_t algo[8];
  size_t workspaceSize;
  Status state;
  float wavesCount;
  int reserved[4];
} HeuristicResult;

Status cublasLtMatmulAlgoGetHeuristic(void *handle, Desc *desc, Layout *a,
                                      Layout *b, Layout *c, Layout *d,
                                      Preference *preference, int requested,
                                      HeuristicResult *results, int *found) {
  memset(results, 0, sizeof(HeuristicResult));
  *found = requested > 0;
  return kSuccess;
}

static double load(const void *base, int type, int64_t index) {
  switch (type) {
  case kF32:
    return ((const float *)base)[index];
  case kF64:
    return ((const double *)base)[index];
  case kBF16: {
    uint32_t bits = (uint32_t)((const uint16_t *)base)[index] << 16;
    float value;
    memcpy(&value, &bits, 4);
    return value;
  }
  case kF16: {
    uint16_t h = ((const uint16_t *)base)[index];
    int sign = h >> 15, exponent = (h >> 10) & 31, mantissa = h & 1023;
    double value = exponent == 0 ? mantissa / 1024.0 / 16384.0
                                 : (1 + mantissa / 1024.0) *
                                       (double)(1u << exponent) / 32768.0;
    if (exponent == 31)
      value = mantissa ? 0.0 / 0.0 : 1.0 / 0.0;
    return sign ? -value : value;
  }
  }
  return 0;
}

/* f32 results are rounded once more to f16 or bf16 (to nearest, ties to
   even), as cuBLASLt rounds its f32 accumulator. */
static void store(void *base, int type, int64_t index, double value) {
  float single = (float)value;
  uint32_t bits;
  switch (type) {
  case kF64:
    ((double *)base)[index] = value;
    return;
  case kF16:
    ((_Float16 *)base)[index] = (_Float16)single;
    return;
  case kBF16:
    memcpy(&bits, &single, 4);
    if ((bits & 0x7fffffffu) > 0x7f800000u) /* NaN stays NaN */
      bits |= 0x00400000u;
    else
      bits += 0x7fffu + ((bits >> 16) & 1);
    ((uint16_t *)base)[index] = (uint16_t)(bits >> 16);
    return;
  default:
    ((float *)base)[index] = single;
  }
}

/* Element (row, col) of op(matrix). */
static double element(const void *base, const Layout *layout, int trans,
                      int64_t batch, int64_t row, int64_t col) {
  int64_t i = trans ? col : row, j = trans ? row : col;
  return load(base, layout->type,
              batch * layout->batchStride + i + j * layout->ld);
}

Status cublasLtMatmul(void *handle, Desc *desc, const void *alpha,
                      const void *a, Layout *la, const void *b, Layout *lb,
                      const void *beta, const void *c, Layout *lc, void *d,
                      Layout *ld, const void *algo, void *workspace,
                      size_t workspaceBytes, void *stream) {
  double alphaValue =
      desc->scaleType == kF64 ? *(const double *)alpha : *(const float *)alpha;
  double betaValue =
      desc->scaleType == kF64 ? *(const double *)beta : *(const float *)beta;
  uint64_t m = desc->transA ? la->cols : la->rows;
  uint64_t k = desc->transA ? la->rows : la->cols;
  uint64_t n = desc->transB ? lb->rows : lb->cols;
  fprintf(stderr,
          "stub cublasLt: matmul compute=%d m=%llu n=%llu k=%llu batch=%d "
          "A=%s%s ld=%lld stride=%lld B=%s%s ld=%lld stride=%lld "
          "D=%s ld=%lld stride=%lld epilogue=%u bias=%s beta=%g "
          "workspace=%zu\n",
          desc->compute, (unsigned long long)m, (unsigned long long)n,
          (unsigned long long)k, ld->batch, typeName(la->type),
          desc->transA ? "^T" : "", (long long)la->ld,
          (long long)la->batchStride, typeName(lb->type),
          desc->transB ? "^T" : "", (long long)lb->ld,
          (long long)lb->batchStride, typeName(ld->type), (long long)ld->ld,
          (long long)ld->batchStride, desc->epilogue, desc->bias ? "yes" : "no",
          betaValue, workspaceBytes);
  const char *fail = getenv("FUSE_STUB_CUBLASLT_FAIL");
  if (fail && strcmp(fail, "matmul") == 0)
    return kInvalidValue;
  uint64_t kB = desc->transB ? lb->cols : lb->rows;
  if (kB != k || ld->rows != m || ld->cols != n || c != d)
    return kInvalidValue;
  for (int64_t batch = 0; batch < ld->batch; ++batch)
    for (uint64_t j = 0; j < n; ++j)
      for (uint64_t i = 0; i < m; ++i) {
        double sum = 0;
        for (uint64_t p = 0; p < k; ++p)
          sum += element(a, la, desc->transA, batch, i, p) *
                 element(b, lb, desc->transB, batch, p, j);
        int64_t index = batch * ld->batchStride + i + j * ld->ld;
        double value = alphaValue * sum;
        if (betaValue != 0)
          value += betaValue * load(d, ld->type, index);
        if (desc->epilogue & 4)
          value += load(desc->bias, ld->type, (int64_t)i);
        if ((desc->epilogue & 2) && value < 0)
          value = 0;
        if (desc->epilogue & 32) /* GELU, tanh form */
          value = 0.5 * value *
                  (1 + tanh(0.7978845608028654 *
                            (value + 0.044715 * value * value * value)));
        store(d, ld->type, index, value);
      }
  return kSuccess;
}
