//===- Compare.h - compare results with a tolerance -------------*- C++ -*-===//
//
// Compares a computed buffer with an expected one element by element:
// element i matches when |got - want| <= atol + rtol * |want|. NaN matches
// NaN, an infinity only the same infinity, integers and i1 only themselves.
//
// A float result that sums (a contraction or a reduction) may also match
// normwise: ||got - want||_2 <= rtol * ||want||_2. A long sum that cancels
// to near zero is off element by element by the rounding of its terms, not
// of its value; the norm judges the result as a whole, as XLA's tests of
// contractions do. Both verdicts are reported.
//
// Default tolerances (why: docs/fuse-run.md):
//   f64   rtol 1e-9  atol 1e-12
//   f32   rtol 1e-4  atol 1e-5
//   f16   rtol 1e-2  atol 1e-3
//   bf16  rtol 2e-2  atol 1e-2
//   integers and i1: exact
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_COMPARE_H
#define FUSE_EXECUTION_COMPARE_H

#include "fuse/Execution/HostBuffer.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace fuse::exec {

struct Tolerance {
  double rtol = 0;
  double atol = 0;

  /// The defaults of the table above.
  static Tolerance getDefault(mlir::Type elementType);
  /// The bound on |got - want| for an expected value `want`.
  double getBound(double want) const;
};

/// One element of a comparison and where it is.
struct ElementReport {
  llvm::SmallVector<int64_t> index;
  double got = 0;
  double want = 0;
};

struct Comparison {
  Tolerance tolerance;
  int64_t numElements = 0;
  int64_t numMismatches = 0;
  /// The largest |got - want| (infinite where NaN or an infinity differs)
  /// and the element it was seen at; empty when there are no elements.
  double maxAbsError = 0;
  std::optional<ElementReport> maxAbsElement;
  /// The largest |got - want| / |want| over elements with want != 0.
  double maxRelError = 0;
  std::optional<ElementReport> maxRelElement;
  /// The mismatch furthest beyond its bound (largest error / bound, then
  /// largest error; the first of equals); set when there are mismatches.
  std::optional<ElementReport> worstMismatch;
  /// ||got - want||_2 / ||want||_2 for floats (0 when both are zero,
  /// infinite when NaNs or infinities differ); 0 for integers.
  double normwiseError = 0;
  /// Whether the element-wise mismatches are accepted because the result
  /// sums and its normwise error is within rtol (acceptNormwise).
  bool matchesNormwise = false;

  bool isMatch() const { return numMismatches == 0 || matchesNormwise; }
};

/// Compares `got` with `want`, which have the same type, under `tolerance`
/// (ignored for integer and i1 buffers, which must match exactly).
Comparison compareBuffers(const HostBuffer &got, const HostBuffer &want,
                          const Tolerance &tolerance);

/// Accepts the element-wise mismatches of a float result that sums when its
/// normwise error is within the tolerance's rtol.
void acceptNormwise(Comparison &comparison);

/// Prints the outcome in one line: "ok (12 elements, max abs err 3.1e-06 at
/// [1, 2], max rel err 2.0e-07)" (or "ok (12 elements, exact)"), or
/// "MISMATCH at [3, 1]: got 1.5, expected 1.25, tolerance 1.3e-04 (atol
/// 1.0e-05, rtol 1.0e-04); 7 of 12 elements differ, max abs err 2.5e-01,
/// max rel err 2.0e-01, normwise err 3.0e-02", or, accepted normwise, "ok
/// by norm (normwise err 2.1e-07 <= rtol 1.0e-04; element-wise: MISMATCH
/// at ...)". `elementType` says how to print got and expected.
void printComparison(llvm::raw_ostream &os, const Comparison &comparison,
                     mlir::Type elementType);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_COMPARE_H
