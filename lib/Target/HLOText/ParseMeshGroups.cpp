//===- ParseMeshGroups.cpp - device groups over a named mesh --------------===//
//
// XLA writes a collective's groups over a mesh of named axes as
//   replica_groups=mesh['x'=2,'y'=4] {'y'}
//   replica_groups=mesh['x'=2,'y'=2, device_ids=(3,2,1,0)] {'x','y'}
// The devices are laid out row-major over the axes (ids 0, 1, ... or the
// listed ones); a group holds the devices that differ only along the axes
// in braces, ordered by those axes as listed (the last fastest), and the
// groups come in the row-major order of the other axes. Sub-axes
// (`'x':(1)2`), the iota form of `device_ids` and `maximal_mesh` are
// refused with the reason.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<std::string> Parser::parseAxisName() {
  const Token &token = peek();
  if (token.is(TokenKind::String))
    return unquote(consume().text);
  if (token.is(TokenKind::Other) && token.text == "'" &&
      peek(1).is(TokenKind::Word) && peek(2).is(TokenKind::Other) &&
      peek(2).text == "'") {
    consume();
    std::string name = consume().text.str();
    consume();
    return name;
  }
  if (token.is(TokenKind::Word))
    return consume().text.str();
  return emitError(token) << "expected a mesh axis name";
}

LogicalResult Parser::parseMeshGroups(AttributeValue &value) {
  Token start = consume();
  if (failed(expect(TokenKind::LSquare, "'[' after mesh")))
    return failure();
  SmallVector<std::string> names;
  SmallVector<int64_t> sizes, devices;
  while (!peek().is(TokenKind::RSquare)) {
    if (peek().isWord("device_ids")) {
      consume();
      if (failed(expect(TokenKind::Equal, "'='")))
        return failure();
      if (!peek().is(TokenKind::LParen) || peek(1).is(TokenKind::LSquare))
        return emitError(peek())
               << "mesh device_ids are supported as a list, (3, 2, 1, 0)";
      if (failed(parseIntegers(TokenKind::LParen, "'('", TokenKind::RParen,
                               "')'", devices, /*allowEmpty=*/false)))
        return failure();
      break;
    }
    FailureOr<std::string> name = parseAxisName();
    if (failed(name) || failed(expect(TokenKind::Equal, "'=' after the axis")))
      return failure();
    FailureOr<int64_t> size = parseInteger("an axis size");
    if (failed(size))
      return failure();
    if (*size < 1)
      return emitError(start)
             << "mesh axis '" << *name << "' has size " << *size;
    names.push_back(*name);
    sizes.push_back(*size);
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (failed(expect(TokenKind::RSquare, "']' to end the mesh")) ||
      failed(expect(TokenKind::LBrace, "'{' and the grouped axes")))
    return failure();
  SmallVector<int64_t> grouped;
  while (!peek().is(TokenKind::RBrace)) {
    Token at = peek();
    FailureOr<std::string> name = parseAxisName();
    if (failed(name))
      return failure();
    if (peek().is(TokenKind::Colon))
      return emitError(peek()) << "mesh sub-axes ('x':(1)2) are not supported";
    int64_t axis = llvm::find(names, *name) - names.begin();
    if (axis == static_cast<int64_t>(names.size()) &&
        (StringRef(*name).getAsInteger(10, axis) || axis < 0 ||
         axis >= static_cast<int64_t>(names.size())))
      return emitError(at) << "'" << *name << "' is not an axis of the mesh";
    if (llvm::is_contained(grouped, axis))
      return emitError(at) << "mesh axis '" << *name << "' is grouped twice";
    grouped.push_back(axis);
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (failed(expect(TokenKind::RBrace, "'}'")))
    return failure();

  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  if (devices.empty())
    devices = llvm::to_vector(llvm::seq<int64_t>(0, count));
  if (static_cast<int64_t>(devices.size()) != count)
    return emitError(start) << "the mesh has " << count << " devices but "
                            << devices.size() << " device_ids";
  // The other axes first, in mesh order, then the grouped ones as listed:
  // reading that layout row by row gives the groups one after another.
  SmallVector<int64_t> order;
  for (int64_t axis = 0, e = sizes.size(); axis < e; ++axis)
    if (!llvm::is_contained(grouped, axis))
      order.push_back(axis);
  llvm::append_range(order, grouped);
  int64_t groupSize = 1;
  for (int64_t axis : grouped)
    groupSize *= sizes[axis];
  SmallVector<int64_t> positions = readTransposed(sizes, order);
  for (auto [i, position] : llvm::enumerate(positions)) {
    if (i % groupSize == 0)
      value.groups.emplace_back();
    value.groups.back().push_back(devices[position]);
  }
  return success();
}

} // namespace fuse::hlo_text
