//===- SignatureTest.cpp - Parsing ahead-of-time entry signatures ---------===//

#include "fuse/Runtime/Signature.h"

#include "gtest/gtest.h"

using namespace fuse::runtime;

namespace {

TEST(SignatureTest, ParsesInputsAndResults) {
  Signature signature;
  std::string error;
  ASSERT_TRUE(parseSignature("f32[4096,4096],bf16[2]->f32[]", signature, error))
      << error;
  ASSERT_EQ(signature.inputs.size(), 2u);
  EXPECT_EQ(signature.inputs[0].elementType, ElementType::F32);
  EXPECT_EQ(signature.inputs[0].shape, (std::vector<int64_t>{4096, 4096}));
  EXPECT_EQ(signature.inputs[1].elementType, ElementType::BF16);
  EXPECT_EQ(signature.inputs[1].byteSize(), 4u);
  ASSERT_EQ(signature.results.size(), 1u);
  EXPECT_TRUE(signature.results[0].shape.empty());
  EXPECT_EQ(signature.results[0].elementCount(), 1);
  EXPECT_EQ(signature.str(), "f32[4096,4096],bf16[2]->f32[]");
}

TEST(SignatureTest, EveryElementTypeRoundTrips) {
  const char *text =
      "f16[1],bf16[1],f32[1],f64[1],i1[1],i8[1],i16[1],i32[1],i64[1]->";
  Signature signature;
  std::string error;
  ASSERT_TRUE(parseSignature(text, signature, error)) << error;
  EXPECT_EQ(signature.str(), text);
  EXPECT_EQ(signature.inputs[4].elementType, ElementType::I1);
  EXPECT_EQ(getElementTypeInfo(ElementType::I1).bytes, 1u);
  EXPECT_EQ(signature.inputs[6].elementType, ElementType::I16);
  EXPECT_TRUE(signature.results.empty());
}

TEST(SignatureTest, EmptyListsAndZeroSizes) {
  Signature signature;
  std::string error;
  ASSERT_TRUE(parseSignature("->", signature, error)) << error;
  EXPECT_TRUE(signature.inputs.empty());
  EXPECT_TRUE(signature.results.empty());
  ASSERT_TRUE(parseSignature("->i64[0,3],i1[]", signature, error)) << error;
  EXPECT_EQ(signature.results.size(), 2u);
  EXPECT_EQ(signature.results[0].byteSize(), 0u);
}

TEST(SignatureTest, RejectsMalformedStrings) {
  struct Case {
    const char *text;
    const char *error;
  };
  const Case cases[] = {
      {"", "expected an element type"},
      {"f32[2]", "expected '->'"},
      {"u8[2]->", "expected an element type"},
      {"f32->f32[]", "expected '[' after the element type"},
      {"f32[2,]->", "expected a dimension size"},
      {"f32[2;3]->", "expected ',' or ']' in a shape"},
      {"f32[-1]->", "expected a dimension size"},
      {"f32[2]->f32[] ", "unexpected text after the results"},
      {"f32[2],->", "expected an element type"},
      {"f32[99999999999999999999]->", "dimension too large"},
  };
  for (const Case &c : cases) {
    Signature signature;
    std::string error;
    EXPECT_FALSE(parseSignature(c.text, signature, error)) << c.text;
    EXPECT_NE(error.find(c.error), std::string::npos)
        << "'" << c.text << "' gave: " << error;
  }
}

} // namespace
