/*===- Lapack.h - LAPACK for compiled fuse programs -------------*- C -*-===//
//
// hlo.eigh and hlo.svd on the CPU (--convert-hlo-spectral-to-calls) call
// these, which call LAPACK's syevd and gesdd on each matrix of a batch, one
// after another, and bring the results to the op's conventions
// (docs/HLO.md): row-major matrices, vectors signed so that their entry of
// largest magnitude is positive, NaN where `info` is not 0 (and for input
// holding NaN).
//
// No MLIR, LLVM or LAPACK at build time: LAPACK (liblapack.so.3, which
// Debian's OpenBLAS or reference LAPACK provides, or the file named by the
// environment variable FUSE_LIBLAPACK) is loaded with dlopen on first use.
// OpenBLAS is asked for one thread: the calls come between the program's
// parallel loops, whose threads its spinning ones would slow.
//
//===----------------------------------------------------------------------===*/

#ifndef FUSE_RUNTIME_LAPACK_H
#define FUSE_RUNTIME_LAPACK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The descriptor of a `memref<?xi8>`, as MLIR's C interface passes it.
typedef struct {
  int8_t *allocated;
  int8_t *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
} FuseBytes;

/// Loads LAPACK once; NULL when it is usable, else a one-line message.
const char *fuseLapackLoadError(void);

/// hlo.eigh on `batch` n x n matrices of f32 (or f64 with `f64`): the
/// matrices in `matrices` are replaced by their eigenvectors; `values` and
/// `info` (i32) receive the rest. `lower` says which triangle is read.
void fuseLapackEigh(const FuseBytes *matrices, const FuseBytes *values,
                    const FuseBytes *info, int64_t batch, int64_t n,
                    int64_t lower, int64_t f64);

/// hlo.svd on `batch` m x n matrices (overwritten); with `vectors`, U and
/// V^T too (all their columns and rows with `full`).
void fuseLapackSvd(const FuseBytes *matrices, const FuseBytes *values,
                   const FuseBytes *u, const FuseBytes *vt,
                   const FuseBytes *info, int64_t batch, int64_t m, int64_t n,
                   int64_t full, int64_t vectors, int64_t f64);

#ifdef __cplusplus
}
#endif

#endif // FUSE_RUNTIME_LAPACK_H
