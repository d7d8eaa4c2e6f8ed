//===- NpyTest.cpp - The ahead-of-time driver's .npy files ----------------===//

#include "fuse/Runtime/Npy.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstring>

using namespace fuse::runtime;

namespace {

TensorType tensorType(ElementType elementType, std::vector<int64_t> shape) {
  TensorType type;
  type.elementType = elementType;
  type.shape = std::move(shape);
  return type;
}

/// A .npy file as NumPy 1.x writes it: version 1.0, header padded with
/// spaces to a multiple of 64 bytes.
std::string numpyFile(const std::string &dict, const std::string &data) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::string file("\x93NUMPY\x01\x00", 8);
  file += static_cast<char>(header.size() & 0xff);
  file += static_cast<char>(header.size() >> 8);
  return file + header + data;
}

TEST(NpyTest, ReadsWhatNumPyWrites) {
  float values[] = {1, 2, 3, 4, 5, 6};
  std::string data(reinterpret_cast<char *>(values), sizeof(values));
  NpyArray array;
  std::string error;
  ASSERT_TRUE(parseNpy(
      numpyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
                data),
      "a.npy", array, error))
      << error;
  EXPECT_EQ(array.type.str(), "f32[2,3]");
  EXPECT_EQ(std::string(array.data.begin(), array.data.end()), data);
}

TEST(NpyTest, RoundTripsEveryElementType) {
  for (ElementType elementType :
       {ElementType::F16, ElementType::BF16, ElementType::F32, ElementType::F64,
        ElementType::I1, ElementType::I8, ElementType::I16, ElementType::I32,
        ElementType::I64, ElementType::UI8, ElementType::UI16,
        ElementType::UI32, ElementType::UI64}) {
    for (std::vector<int64_t> shape :
         {std::vector<int64_t>{}, {5}, {2, 3}, {0, 4}}) {
      TensorType type = tensorType(elementType, shape);
      std::vector<char> data(type.byteSize());
      for (size_t i = 0; i < data.size(); ++i)
        data[i] = elementType == ElementType::I1 ? i % 2 : char(i * 7 + 1);
      std::string bytes = printNpy(type, data.data());
      EXPECT_EQ(bytes.size() % 64, data.size() % 64);
      NpyArray array;
      std::string error;
      ASSERT_TRUE(parseNpy(bytes, "r.npy", array, error, elementType)) << error;
      EXPECT_EQ(array.type.str(), type.str());
      EXPECT_EQ(array.data, data);
      // bf16 and ui16 are both written as <u2: with nothing expected, such
      // a file reads as bf16, as fuse::exec's reader reads it.
      NpyArray unexpected;
      ASSERT_TRUE(parseNpy(bytes, "r.npy", unexpected, error)) << error;
      TensorType read = type;
      if (elementType == ElementType::UI16)
        read.elementType = ElementType::BF16;
      EXPECT_EQ(unexpected.type.str(), read.str());
    }
  }
}

TEST(NpyTest, WritesAndReadsFiles) {
  TensorType type = tensorType(ElementType::I32, {3});
  int32_t values[] = {7, -8, 9};
  std::string path = testing::TempDir() + "fuse-runtime-npy-test.npy";
  std::string error;
  ASSERT_TRUE(writeNpy(path, type, values, error)) << error;
  NpyArray array;
  ASSERT_TRUE(readNpy(path, array, error)) << error;
  EXPECT_EQ(array.type.str(), "i32[3]");
  EXPECT_EQ(std::memcmp(array.data.data(), values, sizeof(values)), 0);
  std::remove(path.c_str());
}

TEST(NpyTest, ErrorsNameTheFile) {
  struct Case {
    std::string contents;
    const char *error;
  };
  std::string twoFloats(8, '\0');
  const Case cases[] = {
      {"hello", "'bad.npy': not a .npy file"},
      {std::string("\x93NUMPY\x04\x00", 8) + "xx",
       "'bad.npy': unsupported .npy version 4.0"},
      {std::string("\x93NUMPY\x01\x00\xff\x00", 10),
       "'bad.npy': truncated: the file ends in its header"},
      {numpyFile("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
                 twoFloats),
       "'bad.npy': big-endian data ('>f4') is not supported"},
      {numpyFile("{'descr': '<c32', 'fortran_order': False, 'shape': (1,), }",
                 twoFloats),
       "'bad.npy': unsupported dtype '<c32'"},
      {numpyFile("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }",
                 twoFloats),
       "'bad.npy': Fortran-order arrays are not supported"},
      {numpyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
                 twoFloats),
       "'bad.npy': truncated: the data should take 12 bytes, the file holds 8"},
      {numpyFile("{'descr': '<f4', 'fortran_order': False}", twoFloats),
       "it needs 'descr', 'fortran_order' and 'shape'"},
  };
  for (const Case &c : cases) {
    NpyArray array;
    std::string error;
    EXPECT_FALSE(parseNpy(c.contents, "bad.npy", array, error)) << c.error;
    EXPECT_NE(error.find(c.error), std::string::npos)
        << "expected '" << c.error << "', got: " << error;
  }
  NpyArray array;
  std::string error;
  EXPECT_FALSE(readNpy("/nonexistent/x.npy", array, error));
  EXPECT_NE(error.find("cannot read '/nonexistent/x.npy'"), std::string::npos)
      << error;
}

} // namespace
