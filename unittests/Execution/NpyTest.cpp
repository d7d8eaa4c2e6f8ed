//===- NpyTest.cpp - .npy reading and writing -----------------------------===//

#include "fuse/Execution/Npy.h"
#include "fuse/Execution/Random.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cstring>
#include <string>

using namespace mlir;
using namespace fuse::exec;

namespace {

class NpyTest : public ::testing::Test {
protected:
  /// A file of `version` with the header dict `dict` and `data`, padded as
  /// NumPy pads it.
  static std::string makeFile(const std::string &dict, const std::string &data,
                              unsigned version = 1) {
    size_t lengthBytes = version == 1 ? 2 : 4;
    size_t prefix = 6 + 2 + lengthBytes;
    std::string header = dict;
    while ((prefix + header.size() + 1) % 64)
      header += ' ';
    header += '\n';
    std::string file = "\x93NUMPY";
    file += static_cast<char>(version);
    file += '\0';
    for (size_t i = 0; i < lengthBytes; ++i)
      file += static_cast<char>((header.size() >> (8 * i)) & 0xff);
    return file + header + data;
  }

  /// The error message of parsing `contents` as "x.npy".
  std::string parseError(const std::string &contents) {
    llvm::Expected<HostBuffer> buffer = parseNpy(contents, "x.npy", &context);
    if (buffer)
      return "parsed";
    return llvm::toString(buffer.takeError());
  }

  Type unsignedType(unsigned width) {
    return IntegerType::get(&context, width, IntegerType::Unsigned);
  }

  MLIRContext context;
  Builder builder{&context};
};

TEST_F(NpyTest, EveryElementTypeRoundTrips) {
  Type types[] = {
      builder.getF16Type(), builder.getBF16Type(), builder.getF32Type(),
      builder.getF64Type(), builder.getI1Type(),   builder.getI8Type(),
      builder.getI16Type(), builder.getI32Type(),  builder.getI64Type(),
      unsignedType(8),      unsignedType(16),      unsignedType(32),
      unsignedType(64)};
  llvm::SmallVector<int64_t> shapes[] = {{}, {7}, {2, 3, 4}, {0, 5}};
  for (Type type : types) {
    for (llvm::ArrayRef<int64_t> shape : shapes) {
      HostBuffer buffer(RankedTensorType::get(shape, type));
      fillRandom(buffer, /*seed=*/5, /*stream=*/0);
      std::string file = printNpy(buffer);
      EXPECT_EQ(file.size() % 64, buffer.getByteSize() % 64);
      // <u2 is bf16 unless ui16 is expected.
      llvm::Expected<HostBuffer> back = parseNpy(file, "x.npy", &context, type);
      ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
      EXPECT_EQ(back->getType(), buffer.getType());
      EXPECT_EQ(std::memcmp(back->data(), buffer.data(), buffer.getByteSize()),
                0);
    }
  }
}

TEST_F(NpyTest, HeadersAreNumPys) {
  HostBuffer matrix(RankedTensorType::get({2, 3}, builder.getF32Type()));
  std::string file = printNpy(matrix);
  // Byte for byte what numpy.save writes for float32 zeros of shape (2, 3).
  EXPECT_EQ(file.size(), 128u + 24u);
  EXPECT_EQ(file.substr(0, 10), std::string("\x93NUMPY\x01\x00v\x00", 10));
  EXPECT_EQ(
      file.substr(0, 128),
      makeFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
               ""));

  HostBuffer vector(RankedTensorType::get({5}, builder.getI1Type()));
  EXPECT_NE(printNpy(vector).find("'descr': '|b1'"), std::string::npos);
  EXPECT_NE(printNpy(vector).find("'shape': (5,)"), std::string::npos);
  HostBuffer scalar(RankedTensorType::get({}, builder.getBF16Type()));
  EXPECT_NE(printNpy(scalar).find("'descr': '<u2'"), std::string::npos);
  EXPECT_NE(printNpy(scalar).find("'shape': ()"), std::string::npos);
}

TEST_F(NpyTest, ReadsVersionsTwoAndThree) {
  std::string data("\x01\x00\x02\x00", 4);
  for (unsigned version : {2u, 3u}) {
    llvm::Expected<HostBuffer> buffer = parseNpy(
        makeFile("{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }",
                 data, version),
        "x.npy", &context);
    ASSERT_TRUE(static_cast<bool>(buffer))
        << llvm::toString(buffer.takeError());
    EXPECT_EQ(buffer->getInt(1), 2);
  }
}

TEST_F(NpyTest, AcceptsOtherKeyOrderAndSpacing) {
  llvm::Expected<HostBuffer> buffer = parseNpy(
      makeFile("{\"shape\":(1,2),\"fortran_order\":False,\"descr\":\"|i1\"}",
               "\x05\xff"),
      "x.npy", &context);
  ASSERT_TRUE(static_cast<bool>(buffer)) << llvm::toString(buffer.takeError());
  EXPECT_EQ(buffer->getType(),
            RankedTensorType::get({1, 2}, builder.getI8Type()));
  EXPECT_EQ(buffer->getInt(1), -1);
}

TEST_F(NpyTest, RejectsWhatItCannotRead) {
  EXPECT_EQ(parseError(makeFile(
                "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }",
                std::string(32, '\0'))),
            "'x.npy': Fortran-order arrays are not supported (save a C-order "
            "copy, e.g. numpy.ascontiguousarray)");
  EXPECT_EQ(parseError(makeFile(
                "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }",
                std::string(4, '\0'))),
            "'x.npy': big-endian data ('>f4') is not supported");
  EXPECT_EQ(parseError(makeFile(
                "{'descr': '|O', 'fortran_order': False, 'shape': (1,), }",
                std::string(8, '\0'))),
            "'x.npy': object arrays ('|O') are not supported");
  EXPECT_EQ(parseError(makeFile(
                "{'descr': '<c32', 'fortran_order': False, 'shape': (1,), }",
                std::string(32, '\0'))),
            "'x.npy': unsupported dtype '<c32' (fuse reads f2 f4 f8 c8 c16 b1 "
            "i1 i2 i4 i8 u1 u2 u4 u8, and u2 as bf16 bit patterns)");
  EXPECT_EQ(parseError(makeFile(
                "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
                std::string(20, '\0'))),
            "'x.npy': truncated: the data should take 24 bytes, the file "
            "holds 20");
  EXPECT_EQ(parseError(makeFile(
                "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }",
                "\x01\x02")),
            "'x.npy': element 1 of a boolean array is neither 0 nor 1");
  EXPECT_EQ(parseError("GIF89a"),
            "'x.npy': not a .npy file (no \\x93NUMPY magic)");
  EXPECT_EQ(parseError(std::string("\x93NUMPY\x04\x00\x00\x00", 10)),
            "'x.npy': unsupported .npy version 4.0");
  EXPECT_EQ(
      parseError(
          makeFile("{'descr': '<f4', 'shape': (2,), }", "").substr(0, 30)),
      "'x.npy': truncated: the file ends in its header");
  EXPECT_NE(parseError(makeFile("{'descr': '<f4', 'shape': (2,), }", ""))
                .find("it needs 'descr', 'fortran_order' and 'shape'"),
            std::string::npos);
  EXPECT_NE(parseError(makeFile("{'descr': [('a', '<f4')], "
                                "'fortran_order': False, 'shape': (2,), }",
                                ""))
                .find("structured dtypes are not supported"),
            std::string::npos);
}

TEST_F(NpyTest, MissingFilesNameThePath) {
  llvm::Expected<HostBuffer> buffer =
      readNpy("/nonexistent/dir/in.npy", &context);
  ASSERT_FALSE(static_cast<bool>(buffer));
  EXPECT_EQ(llvm::toString(buffer.takeError())
                .find("cannot read '/nonexistent/dir/in.npy'"),
            0u);
}

} // namespace
