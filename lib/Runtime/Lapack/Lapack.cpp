//===- Lapack.cpp - LAPACK's syevd and gesdd for hlo.eigh and hlo.svd -----===//
//
// LAPACK is column-major and our matrices are row-major, so each routine
// sees the transposed matrix: for syevd the same symmetric matrix with the
// other triangle (uplo flips), whose eigenvectors come back as the rows of
// the buffer and are transposed in place; for gesdd A^T = U' S V'^T, whose
// U' written column-major is our V^T and whose V'^T is our U, so each goes
// straight into the other's buffer.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/Lapack.h"

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

// LAPACK's Fortran interface (LP64): every argument by address, and the
// lengths of character arguments appended.
template <typename T>
using Syevd = void (*)(const char *jobz, const char *uplo, const int *n, T *a,
                       const int *lda, T *w, T *work, const int *lwork,
                       int *iwork, const int *liwork, int *info, size_t,
                       size_t);
template <typename T>
using Gesdd = void (*)(const char *jobz, const int *m, const int *n, T *a,
                       const int *lda, T *s, T *u, const int *ldu, T *vt,
                       const int *ldvt, T *work, const int *lwork, int *iwork,
                       int *info, size_t);

struct Lapack {
  Syevd<float> ssyevd = nullptr;
  Syevd<double> dsyevd = nullptr;
  Gesdd<float> sgesdd = nullptr;
  Gesdd<double> dgesdd = nullptr;
  std::string error;

  template <typename T> Syevd<T> syevd() const {
    if constexpr (std::is_same_v<T, float>)
      return ssyevd;
    else
      return dsyevd;
  }
  template <typename T> Gesdd<T> gesdd() const {
    if constexpr (std::is_same_v<T, float>)
      return sgesdd;
    else
      return dgesdd;
  }
};

const Lapack &getLapack() {
  static const Lapack lapack = [] {
    Lapack loaded;
    const char *override = std::getenv("FUSE_LIBLAPACK");
    std::vector<std::string> names;
    if (override && *override)
      names.push_back(override);
    else
      names = {"liblapack.so.3", "libopenblas.so.0"};
    void *handle = nullptr;
    std::string tried;
    for (const std::string &name : names) {
      handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (handle)
        break;
      tried += (tried.empty() ? "" : "; ") + std::string(dlerror());
    }
    if (!handle) {
      loaded.error = "LAPACK could not be loaded (" + tried +
                     "): install liblapack3 or libopenblas0, or set "
                     "FUSE_LIBLAPACK to the library";
      return loaded;
    }
    auto symbol = [&](const char *name) { return dlsym(handle, name); };
    loaded.ssyevd = reinterpret_cast<Syevd<float>>(symbol("ssyevd_"));
    loaded.dsyevd = reinterpret_cast<Syevd<double>>(symbol("dsyevd_"));
    loaded.sgesdd = reinterpret_cast<Gesdd<float>>(symbol("sgesdd_"));
    loaded.dgesdd = reinterpret_cast<Gesdd<double>>(symbol("dgesdd_"));
    if (!loaded.ssyevd || !loaded.dsyevd || !loaded.sgesdd || !loaded.dgesdd) {
      loaded.error = "the LAPACK library loaded lacks ?syevd_ or ?gesdd_";
      return loaded;
    }
    if (auto setThreads =
            reinterpret_cast<void (*)(int)>(symbol("openblas_set_num_threads")))
      setThreads(1);
    return loaded;
  }();
  return lapack;
}

template <typename T> T *elements(const FuseBytes *bytes) {
  return reinterpret_cast<T *>(bytes->aligned + bytes->offset);
}

template <typename T> bool holdsNaN(const T *values, int64_t count) {
  return std::any_of(values, values + count,
                     [](T value) { return std::isnan(value); });
}

template <typename T> void fillNaN(T *values, int64_t count) {
  std::fill(values, values + count, std::numeric_limits<T>::quiet_NaN());
}

/// 1 or -1: the sign of column `j`'s entry of largest magnitude (the first
/// of equal ones) in a row-major rows x cols matrix.
template <typename T>
T largestEntrySign(const T *matrix, int64_t rows, int64_t cols, int64_t j) {
  int64_t largest = 0;
  for (int64_t i = 1; i < rows; ++i)
    if (std::abs(matrix[i * cols + j]) > std::abs(matrix[largest * cols + j]))
      largest = i;
  return rows > 0 && matrix[largest * cols + j] < 0 ? T(-1) : T(1);
}

/// The work space sizes a routine asks for with lwork = -1.
int workSize(double asked) { return std::max(1, static_cast<int>(asked)); }

template <typename T>
void eigh(const FuseBytes *matrices, const FuseBytes *values,
          const FuseBytes *infos, int64_t batch, int64_t n, bool lower) {
  const Lapack &lapack = getLapack();
  T *a = elements<T>(matrices);
  T *w = elements<T>(values);
  int32_t *info = elements<int32_t>(infos);
  int size = static_cast<int>(n), lwork = -1, liwork = -1, status = 0;
  // Row-major lower is column-major upper.
  const char jobz = 'V', uplo = lower ? 'U' : 'L';
  std::vector<T> work(1);
  std::vector<int> iwork(1);
  if (lapack.error.empty() && n > 0) {
    lapack.syevd<T>()(&jobz, &uplo, &size, a, &size, w, work.data(), &lwork,
                      iwork.data(), &liwork, &status, 1, 1);
    lwork = workSize(work[0]);
    liwork = std::max(1, iwork[0]);
    work.resize(lwork);
    iwork.resize(liwork);
  }
  for (int64_t b = 0; b < batch; ++b) {
    T *matrix = a + b * n * n;
    T *eigenvalues = w + b * n;
    status = lapack.error.empty() ? 0 : 1;
    // NaN in the triangle read gives NaN results (the other is not read).
    for (int64_t i = 0; i < n && !status; ++i)
      status =
          holdsNaN(matrix + i * n + (lower ? 0 : i), lower ? i + 1 : n - i);
    if (!status && n > 0)
      lapack.syevd<T>()(&jobz, &uplo, &size, matrix, &size, eigenvalues,
                        work.data(), &lwork, iwork.data(), &liwork, &status, 1,
                        1);
    info[b] = status == 0 ? 0 : 1;
    if (status) {
      fillNaN(matrix, n * n);
      fillNaN(eigenvalues, n);
      continue;
    }
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = i + 1; j < n; ++j)
        std::swap(matrix[i * n + j], matrix[j * n + i]);
    for (int64_t j = 0; j < n; ++j) {
      T sign = largestEntrySign(matrix, n, n, j);
      for (int64_t i = 0; i < n; ++i)
        matrix[i * n + j] *= sign;
    }
  }
}

template <typename T>
void svd(const FuseBytes *matrices, const FuseBytes *values,
         const FuseBytes *us, const FuseBytes *vts, const FuseBytes *infos,
         int64_t batch, int64_t m, int64_t n, bool full, bool vectors) {
  const Lapack &lapack = getLapack();
  int64_t k = std::min(m, n), uCols = full ? m : k, vtRows = full ? n : k;
  T *a = elements<T>(matrices);
  T *s = elements<T>(values);
  T *u = vectors ? elements<T>(us) : nullptr;
  T *vt = vectors ? elements<T>(vts) : nullptr;
  int32_t *info = elements<int32_t>(infos);
  // gesdd of A^T (n x m, column-major): its U' (n x vtRows) is our V^T,
  // its V'^T (uCols x m) our U.
  int rows = static_cast<int>(n), cols = static_cast<int>(m);
  int ldu = std::max(1, rows), ldvt = std::max<int>(1, uCols);
  const char jobz = !vectors ? 'N' : full ? 'A' : 'S';
  int lwork = -1, status = 0;
  std::vector<T> work(1);
  std::vector<int> iwork(std::max<int64_t>(1, 8 * k));
  T unused = 0;
  if (lapack.error.empty() && k > 0) {
    lapack.gesdd<T>()(&jobz, &rows, &cols, a, &ldu, s, &unused, &ldu, &unused,
                      &ldvt, work.data(), &lwork, iwork.data(), &status, 1);
    lwork = workSize(work[0]);
    work.resize(lwork);
  }
  for (int64_t b = 0; b < batch; ++b) {
    T *matrix = a + b * m * n;
    T *sigma = s + b * k;
    T *uMatrix = vectors ? u + b * m * uCols : &unused;
    T *vtMatrix = vectors ? vt + b * vtRows * n : &unused;
    status = lapack.error.empty() ? holdsNaN(matrix, m * n) : 1;
    if (!status && k > 0)
      lapack.gesdd<T>()(&jobz, &rows, &cols, matrix, &ldu, sigma, vtMatrix,
                        &ldu, uMatrix, &ldvt, work.data(), &lwork, iwork.data(),
                        &status, 1);
    info[b] = status == 0 ? 0 : 1;
    if (status) {
      fillNaN(sigma, k);
      if (vectors) {
        fillNaN(uMatrix, m * uCols);
        fillNaN(vtMatrix, vtRows * n);
      }
      continue;
    }
    if (!vectors)
      continue;
    // A k = 0 matrix has identity vectors, which gesdd is not asked for.
    if (k == 0) {
      std::fill(uMatrix, uMatrix + m * uCols, T(0));
      std::fill(vtMatrix, vtMatrix + vtRows * n, T(0));
      for (int64_t i = 0; i < m && i < uCols; ++i)
        uMatrix[i * uCols + i] = 1;
      for (int64_t i = 0; i < n && i < vtRows; ++i)
        vtMatrix[i * n + i] = 1;
      continue;
    }
    for (int64_t j = 0; j < k; ++j) {
      T sign = largestEntrySign(uMatrix, m, uCols, j);
      for (int64_t i = 0; i < m; ++i)
        uMatrix[i * uCols + j] *= sign;
      for (int64_t i = 0; i < n; ++i)
        vtMatrix[j * n + i] *= sign;
    }
  }
}

} // namespace

extern "C" {

const char *fuseLapackLoadError(void) {
  const Lapack &lapack = getLapack();
  return lapack.error.empty() ? nullptr : lapack.error.c_str();
}

void fuseLapackEigh(const FuseBytes *matrices, const FuseBytes *values,
                    const FuseBytes *info, int64_t batch, int64_t n,
                    int64_t lower, int64_t f64) {
  if (f64)
    eigh<double>(matrices, values, info, batch, n, lower);
  else
    eigh<float>(matrices, values, info, batch, n, lower);
}

void fuseLapackSvd(const FuseBytes *matrices, const FuseBytes *values,
                   const FuseBytes *u, const FuseBytes *vt,
                   const FuseBytes *info, int64_t batch, int64_t m, int64_t n,
                   int64_t full, int64_t vectors, int64_t f64) {
  if (f64)
    svd<double>(matrices, values, u, vt, info, batch, m, n, full, vectors);
  else
    svd<float>(matrices, values, u, vt, info, batch, m, n, full, vectors);
}

} // extern "C"
