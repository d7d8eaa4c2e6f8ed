//===- ByteSizeTest.cpp - byte counts read and written by people ----------===//

#include "fuse/Support/ByteSize.h"

#include "gtest/gtest.h"

using namespace fuse;

namespace {

TEST(ParseByteSize, UnitsHaveTheirExactMeanings) {
  EXPECT_EQ(parseByteSize("4096"), 4096);
  EXPECT_EQ(parseByteSize("12B"), 12);
  EXPECT_EQ(parseByteSize("4kB"), 4000);
  EXPECT_EQ(parseByteSize("256MB"), 256000000);
  EXPECT_EQ(parseByteSize("1GB"), 1000000000);
  EXPECT_EQ(parseByteSize("2TB"), 2000000000000);
  EXPECT_EQ(parseByteSize("4KiB"), 4096);
  EXPECT_EQ(parseByteSize("256MiB"), 256 << 20);
  EXPECT_EQ(parseByteSize("1GiB"), int64_t(1) << 30);
  EXPECT_EQ(parseByteSize("3TiB"), int64_t(3) << 40);
  // A bare letter is binary, as ulimit and sort -S read it.
  EXPECT_EQ(parseByteSize("512K"), 512 << 10);
  EXPECT_EQ(parseByteSize("16M"), 16 << 20);
  EXPECT_EQ(parseByteSize("1G"), int64_t(1) << 30);
  EXPECT_EQ(parseByteSize("2T"), int64_t(2) << 40);
}

TEST(ParseByteSize, DecimalsAndSpaces) {
  EXPECT_EQ(parseByteSize("1.5GB"), 1500000000);
  EXPECT_EQ(parseByteSize(" 0.5 KiB "), 512);
  EXPECT_EQ(parseByteSize("1 G"), int64_t(1) << 30);
  // Fractions of a byte round down.
  EXPECT_EQ(parseByteSize("1.0001kB"), 1000);
}

TEST(ParseByteSize, RejectsWhatIsNotASize) {
  for (const char *text : {"", "GB", "12XB", "1gb", "1KB", "KB4", "-1", ".",
                           "1..2MB", "1e3", "1 2", "99999999999TiB"})
    EXPECT_EQ(parseByteSize(text), std::nullopt) << text;
}

TEST(FormatByteSize, LargestBinaryUnit) {
  EXPECT_EQ(formatByteSize(0), "0 B");
  EXPECT_EQ(formatByteSize(1023), "1023 B");
  EXPECT_EQ(formatByteSize(4096), "4 KiB");
  EXPECT_EQ(formatByteSize(8000), "7.8 KiB");
  EXPECT_EQ(formatByteSize(256 << 20), "256 MiB");
  EXPECT_EQ(formatByteSize(80000000000), "74.5 GiB");
}

} // namespace
