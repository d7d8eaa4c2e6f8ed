//===- ElementTypeTest.cpp - the table of element types -------------------===//

#include "fuse/Support/ElementType.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace fuse;

namespace {

TEST(ElementTypeTest, TableFollowsTheEnumAndNamesAreUnique) {
  std::set<std::string> names;
  for (size_t i = 0; i < getElementTypes().size(); ++i) {
    const ElementTypeInfo &info = getElementTypes()[i];
    EXPECT_EQ(static_cast<size_t>(info.type), i) << info.name;
    EXPECT_EQ(&getElementTypeInfo(info.type), &info);
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_EQ(parseElementTypeName(info.name), info.type);
  }
  EXPECT_EQ(getElementTypeInfo(ElementType::I1).bytes, 1u);
  EXPECT_EQ(getElementTypeInfo(ElementType::BF16).bytes, 2u);
  EXPECT_TRUE(getElementTypeInfo(ElementType::BF16).isFloat);
  EXPECT_TRUE(getElementTypeInfo(ElementType::UI32).isUnsigned);
  EXPECT_FALSE(parseElementTypeName("u8"));
  EXPECT_FALSE(parseElementTypeName("f32[2]"));
}

TEST(ElementTypeTest, PrefixesTakeTheLongestName) {
  EXPECT_EQ(parseElementTypePrefix("i16[2]"), ElementType::I16);
  EXPECT_EQ(parseElementTypePrefix("i1[]"), ElementType::I1);
  EXPECT_EQ(parseElementTypePrefix("ui64[3]"), ElementType::UI64);
  EXPECT_EQ(parseElementTypePrefix("bf16"), ElementType::BF16);
  EXPECT_FALSE(parseElementTypePrefix("u8[2]"));
}

TEST(ElementTypeTest, NpyDescrsRoundTripAndBf16SharesUi16s) {
  for (const ElementTypeInfo &info : getElementTypes())
    EXPECT_EQ(getElementTypeOfNpyDescr(info.npyDescr, info.type), info.type)
        << info.name;
  EXPECT_EQ(getElementTypeOfNpyDescr("<u2"), ElementType::BF16);
  EXPECT_EQ(getElementTypeOfNpyDescr("<u2", ElementType::UI16),
            ElementType::UI16);
  // An expected type of another dtype does not change what the file holds.
  EXPECT_EQ(getElementTypeOfNpyDescr("<f4", ElementType::F64),
            ElementType::F32);
  EXPECT_FALSE(getElementTypeOfNpyDescr("<c32"));
  EXPECT_EQ(getNpyDescrList(),
            "<f2 <u2 <f4 <f8 |b1 |i1 <i2 <i4 <i8 |u1 <u4 <u8 <c8 <c16");
}

} // namespace
