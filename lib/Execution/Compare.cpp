//===- Compare.cpp - compare results with a tolerance ---------------------===//

#include "fuse/Execution/Compare.h"

#include "fuse/Execution/Print.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <cassert>
#include <cmath>
#include <limits>

using namespace mlir;

namespace fuse::exec {

Tolerance Tolerance::getDefault(Type elementType) {
  // Complex numbers are compared part by part.
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return getDefault(complex.getElementType());
  if (elementType.isF64())
    return {1e-9, 1e-12};
  if (elementType.isF32())
    return {1e-4, 1e-5};
  if (elementType.isF16())
    return {1e-2, 1e-3};
  if (elementType.isBF16())
    return {2e-2, 1e-2};
  return {0, 0};
}

double Tolerance::getBound(double want) const {
  return atol + rtol * std::fabs(want);
}

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// The error of one element pair and whether it is within tolerance.
struct ElementError {
  double absolute;
  double bound;
  bool matches;
};

ElementError getFloatError(double got, double want,
                           const Tolerance &tolerance) {
  if (std::isnan(got) || std::isnan(want)) {
    bool both = std::isnan(got) && std::isnan(want);
    return {both ? 0 : kInfinity, 0, both};
  }
  if (std::isinf(got) || std::isinf(want)) {
    bool same = got == want;
    return {same ? 0 : kInfinity, 0, same};
  }
  double error = std::fabs(got - want);
  double bound = tolerance.getBound(want);
  return {error, bound, error <= bound};
}

/// Whether mismatch `a` is further beyond its bound than `b`.
bool isWorse(const ElementError &a, const ElementError &b) {
  double ratioA = a.bound > 0 ? a.absolute / a.bound : kInfinity;
  double ratioB = b.bound > 0 ? b.absolute / b.bound : kInfinity;
  if (ratioA != ratioB)
    return ratioA > ratioB;
  return a.absolute > b.absolute;
}

llvm::SmallVector<int64_t> getMultiIndex(llvm::ArrayRef<int64_t> shape,
                                         int64_t linearIndex) {
  llvm::SmallVector<int64_t> index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = linearIndex % shape[d];
    linearIndex /= shape[d];
  }
  return index;
}

} // namespace

Comparison compareBuffers(const HostBuffer &got, const HostBuffer &want,
                          const Tolerance &tolerance) {
  assert(got.getType() == want.getType() && "comparing different types");
  Comparison comparison;
  // A complex element is compared part by part, each part as a float.
  bool floating = got.isFloat() || got.isComplex();
  int64_t parts = got.isComplex() ? 2 : 1;
  auto floatAt = [&](const HostBuffer &buffer, int64_t k) {
    return buffer.isComplex() ? buffer.getComplexPart(k / 2, k % 2)
                              : buffer.getFloat(k);
  };
  comparison.tolerance = floating ? tolerance : Tolerance{0, 0};
  comparison.numElements = got.getNumElements();

  // Linear indices of the reported elements; made multi-dimensional once.
  int64_t maxAbsAt = -1, maxRelAt = -1, worstAt = -1;
  ElementError worst{};
  // Squares of the errors and of the expected values, for the norms.
  double errorSquares = 0, wantSquares = 0;
  // Linear indices of parts; the element of part k is k / parts.
  int64_t lastMismatch = -1;
  for (int64_t i = 0; i < comparison.numElements * parts; ++i) {
    double gotValue, wantValue;
    ElementError error;
    if (floating) {
      gotValue = floatAt(got, i);
      wantValue = floatAt(want, i);
      error = getFloatError(gotValue, wantValue, comparison.tolerance);
      errorSquares += error.absolute * error.absolute;
      if (std::isfinite(wantValue))
        wantSquares += wantValue * wantValue;
    } else {
      int64_t gotInt = got.getInt(i), wantInt = want.getInt(i);
      gotValue = static_cast<double>(gotInt);
      wantValue = static_cast<double>(wantInt);
      error = {std::fabs(gotValue - wantValue), 0, gotInt == wantInt};
    }
    if (maxAbsAt < 0 || error.absolute > comparison.maxAbsError) {
      comparison.maxAbsError = error.absolute;
      maxAbsAt = i;
    }
    if (wantValue != 0 && !std::isnan(wantValue)) {
      double relative = error.absolute / std::fabs(wantValue);
      if (maxRelAt < 0 || relative > comparison.maxRelError) {
        comparison.maxRelError = relative;
        maxRelAt = i;
      }
    }
    if (error.matches)
      continue;
    if (i / parts != lastMismatch)
      ++comparison.numMismatches;
    lastMismatch = i / parts;
    if (worstAt < 0 || isWorse(error, worst)) {
      worst = error;
      worstAt = i;
    }
  }

  if (floating && errorSquares > 0)
    comparison.normwiseError = std::isinf(errorSquares) || wantSquares == 0
                                   ? kInfinity
                                   : std::sqrt(errorSquares / wantSquares);

  auto report = [&](int64_t at) -> std::optional<ElementReport> {
    if (at < 0)
      return std::nullopt;
    double gotValue = floating ? floatAt(got, at) : got.getInt(at);
    double wantValue = floating ? floatAt(want, at) : want.getInt(at);
    return ElementReport{getMultiIndex(got.getShape(), at / parts), gotValue,
                         wantValue};
  };
  comparison.maxAbsElement = report(maxAbsAt);
  comparison.maxRelElement = report(maxRelAt);
  comparison.worstMismatch = report(worstAt);
  return comparison;
}

void acceptNormwise(Comparison &comparison) {
  comparison.matchesNormwise =
      comparison.numMismatches > 0 && comparison.tolerance.rtol > 0 &&
      comparison.normwiseError <= comparison.tolerance.rtol;
}

static void printIndex(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> index) {
  os << '[';
  llvm::interleaveComma(index, os);
  os << ']';
}

void printComparison(llvm::raw_ostream &os, const Comparison &comparison,
                     Type elementType) {
  // Complex numbers were compared part by part: report the part.
  if (auto complex = dyn_cast<ComplexType>(elementType))
    elementType = complex.getElementType();
  auto formatValue = [&](double value) {
    return isa<FloatType>(elementType)
               ? formatFloat(value, elementType)
               : std::to_string(static_cast<int64_t>(value));
  };
  auto printErrors = [&] {
    os << "max abs err " << llvm::format("%.1e", comparison.maxAbsError);
    if (comparison.maxAbsElement && comparison.numMismatches == 0) {
      os << " at ";
      printIndex(os, comparison.maxAbsElement->index);
    }
    os << ", max rel err " << llvm::format("%.1e", comparison.maxRelError);
  };

  if (comparison.numMismatches == 0) {
    os << "ok (" << comparison.numElements
       << (comparison.numElements == 1 ? " element, " : " elements, ");
    if (comparison.maxAbsError == 0)
      os << "exact";
    else
      printErrors();
    os << ")";
    return;
  }
  const ElementReport &worst = *comparison.worstMismatch;
  const Tolerance &tolerance = comparison.tolerance;
  if (comparison.matchesNormwise)
    os << "ok by norm (normwise err "
       << llvm::format("%.1e", comparison.normwiseError) << " <= rtol "
       << llvm::format("%.1e", tolerance.rtol) << "; element-wise: ";
  os << "MISMATCH at ";
  printIndex(os, worst.index);
  os << ": got " << formatValue(worst.got) << ", expected "
     << formatValue(worst.want);
  if (isa<FloatType>(elementType))
    os << ", tolerance " << llvm::format("%.1e", tolerance.getBound(worst.want))
       << " (atol " << llvm::format("%.1e", tolerance.atol) << ", rtol "
       << llvm::format("%.1e", tolerance.rtol) << ")";
  else
    os << ", exact match required";
  os << "; " << comparison.numMismatches << " of " << comparison.numElements
     << " elements differ, ";
  printErrors();
  if (comparison.matchesNormwise)
    os << ")";
  else if (isa<FloatType>(elementType))
    os << ", normwise err " << llvm::format("%.1e", comparison.normwiseError);
}

} // namespace fuse::exec
