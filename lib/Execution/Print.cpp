//===- Print.cpp - print host buffers like NumPy --------------------------===//

#include "fuse/Execution/Print.h"

#include "fuse/Interpreter/Tensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"

#include <cmath>

using namespace mlir;

namespace fuse::exec {

std::string formatFloat(double value, Type elementType) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  // Converting to the element format is exact; then take the fewest
  // significant digits that read back as the same element, as NumPy does.
  const llvm::fltSemantics &semantics =
      cast<FloatType>(elementType).getFloatSemantics();
  llvm::APFloat element(value);
  bool losesInfo;
  element.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  llvm::SmallString<32> text;
  // 17 significant digits identify any double, so the loop stops there.
  for (unsigned digits = 1; digits <= 17; ++digits) {
    text.clear();
    element.toString(text, digits);
    llvm::APFloat readBack(semantics);
    llvm::Expected<llvm::APFloat::opStatus> status =
        readBack.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!status)
      llvm::consumeError(status.takeError());
    else if (readBack.bitwiseIsEqual(element))
      break;
  }
  std::string result = text.str().str();
  // APFloat writes "1.0E+10"; use the usual "1e+10".
  size_t exponent = result.find('E');
  if (exponent != std::string::npos) {
    result[exponent] = 'e';
    if (result.compare(exponent - 2, 2, ".0") == 0)
      result.erase(exponent - 2, 2);
  }
  return result;
}

std::string formatElement(const HostBuffer &buffer, int64_t index) {
  if (buffer.isFloat())
    return formatFloat(buffer.getFloat(index), buffer.getElementType());
  if (auto complex = dyn_cast<ComplexType>(buffer.getElementType())) {
    // As numpy prints them: 1.5-2j.
    double imag = buffer.getComplexPart(index, 1);
    return formatFloat(buffer.getComplexPart(index, 0),
                       complex.getElementType()) +
           (std::signbit(imag) ? "-" : "+") +
           formatFloat(std::fabs(imag), complex.getElementType()) + "j";
  }
  if (buffer.getElementType().isInteger(1))
    return buffer.getInt(index) ? "true" : "false";
  if (buffer.getElementType().isUnsignedInteger())
    return std::to_string(static_cast<uint64_t>(buffer.getInt(index)));
  return std::to_string(buffer.getInt(index));
}

namespace {

constexpr int64_t kEdgeItems = 3;

struct Printer {
  llvm::raw_ostream &os;
  const HostBuffer &buffer;
  llvm::SmallVector<int64_t> strides;
  bool summarize;

  /// Prints the sub-array at dimension `dim` starting at linear `offset`.
  void print(int64_t dim, int64_t offset) {
    llvm::ArrayRef<int64_t> shape = buffer.getShape();
    if (dim == static_cast<int64_t>(shape.size())) {
      os << formatElement(buffer, offset);
      return;
    }
    os << '[';
    int64_t size = shape[dim];
    bool elide = summarize && size > 2 * kEdgeItems;
    for (int64_t i = 0; i < size; ++i) {
      if (elide && i == kEdgeItems) {
        os << "...";
        i = size - kEdgeItems;
        printSeparator(dim);
      }
      print(dim + 1, offset + i * strides[dim]);
      if (i + 1 < size)
        printSeparator(dim);
    }
    os << ']';
  }

  /// Between entries of dimension `dim`: a comma, and a new line indented
  /// past the brackets when the entries are themselves lists.
  void printSeparator(int64_t dim) {
    os << ',';
    if (dim + 1 == static_cast<int64_t>(buffer.getShape().size())) {
      os << ' ';
      return;
    }
    os << '\n';
    os.indent(dim + 1);
  }
};

} // namespace

void printBuffer(llvm::raw_ostream &os, const HostBuffer &buffer,
                 int64_t limit) {
  Printer printer{os, buffer, interp::getStrides(buffer.getShape()),
                  buffer.getNumElements() > limit};
  printer.print(0, 0);
  os << '\n';
}

} // namespace fuse::exec
