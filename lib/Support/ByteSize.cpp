//===- ByteSize.cpp - byte counts read and written by people --------------===//

#include "fuse/Support/ByteSize.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace fuse {
namespace {

struct Unit {
  std::string_view name;
  double scale;
};

constexpr Unit kUnits[] = {
    {"", 1},         {"B", 1},        {"kB", 1e3},     {"MB", 1e6},
    {"GB", 1e9},     {"TB", 1e12},    {"KiB", 0x1p10}, {"MiB", 0x1p20},
    {"GiB", 0x1p30}, {"TiB", 0x1p40}, {"K", 0x1p10},   {"M", 0x1p20},
    {"G", 0x1p30},   {"T", 0x1p40},
};

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ')
    text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ')
    text.remove_suffix(1);
  return text;
}

/// Parses digits with at most one '.', and at least one digit.
std::optional<double> parseNumber(std::string_view text) {
  bool sawDigit = false, sawPoint = false;
  for (char c : text) {
    if (c == '.' && !sawPoint)
      sawPoint = true;
    else if (c >= '0' && c <= '9')
      sawDigit = true;
    else
      return std::nullopt;
  }
  if (!sawDigit)
    return std::nullopt;
  return std::strtod(std::string(text).c_str(), nullptr);
}

} // namespace

std::optional<int64_t> parseByteSize(std::string_view text) {
  text = trim(text);
  size_t numberEnd = text.find_first_not_of("0123456789.");
  std::string_view number = text.substr(0, numberEnd);
  std::string_view unit =
      trim(numberEnd == std::string_view::npos ? "" : text.substr(numberEnd));
  std::optional<double> value = parseNumber(number);
  if (!value)
    return std::nullopt;
  for (const Unit &candidate : kUnits) {
    if (candidate.name != unit)
      continue;
    double bytes = std::floor(*value * candidate.scale);
    if (bytes >= 0x1p62)
      return std::nullopt;
    return static_cast<int64_t>(bytes);
  }
  return std::nullopt;
}

std::string formatByteSize(int64_t bytes) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  char text[64];
  if (unit == 0 || value == std::floor(value))
    std::snprintf(text, sizeof(text), "%lld %s", static_cast<long long>(value),
                  units[unit]);
  else
    std::snprintf(text, sizeof(text), "%.1f %s", value, units[unit]);
  return text;
}

} // namespace fuse
