//===- RngBitGenerator.cpp - hlo.rng_bit_generator in the interpreter -----===//
//
// Threefry-2x32 (20 rounds) and Philox-4x32 (10 rounds) as Salmon et al.
// define them ("Parallel random numbers: as easy as 1, 2, 3", SC'11), on
// host integers. The key is the state's first u64, low word first. The
// counter is the second (Threefry); for Philox it is a 128-bit number whose
// low half is the second u64 and whose high half is the third, or the key
// when the state has two. Words go where RngBitLayout says.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "fuse/Dialect/HLO/IR/RngBitGenerator.h"

#include <array>

using namespace mlir;

namespace fuse::interp {
namespace {

using Words2 = std::array<uint32_t, 2>;
using Words4 = std::array<uint32_t, 4>;

uint32_t rotateLeft(uint32_t value, unsigned bits) {
  return (value << bits) | (value >> (32 - bits));
}

Words2 threeFry2x32(Words2 key, Words2 counter) {
  static constexpr unsigned rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t schedule[3] = {key[0], key[1], 0x1BD11BDA ^ key[0] ^ key[1]};
  Words2 x = {counter[0] + schedule[0], counter[1] + schedule[1]};
  for (unsigned group = 0; group < 5; ++group) {
    for (unsigned round = 0; round < 4; ++round) {
      x[0] += x[1];
      x[1] = rotateLeft(x[1], rotations[(group % 2) * 4 + round]) ^ x[0];
    }
    x[0] += schedule[(group + 1) % 3];
    x[1] += schedule[(group + 2) % 3] + group + 1;
  }
  return x;
}

Words4 philox4x32(Words2 key, Words4 counter) {
  for (unsigned round = 0; round < 10; ++round) {
    uint64_t first = uint64_t{0xD2511F53} * counter[0];
    uint64_t second = uint64_t{0xCD9E8D57} * counter[2];
    counter = {static_cast<uint32_t>(second >> 32) ^ counter[1] ^ key[0],
               static_cast<uint32_t>(second),
               static_cast<uint32_t>(first >> 32) ^ counter[3] ^ key[1],
               static_cast<uint32_t>(first)};
    key = {key[0] + 0x9E3779B9, key[1] + 0xBB67AE85};
  }
  return counter;
}

Words2 split(uint64_t value) {
  return {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32)};
}

} // namespace

SmallVector<Tensor> evaluateRngBitGenerator(hlo::RngBitGeneratorOp op,
                                            const Tensor &state) {
  hlo::RngBitLayout layout = hlo::RngBitLayout::get(op);
  auto read = [&](int64_t i) { return static_cast<uint64_t>(state.getInt(i)); };
  Words2 key = split(read(0));
  uint64_t counter = read(1);
  bool threeFry = layout.algorithm == hlo::RngAlgorithm::THREE_FRY;
  uint64_t counterHigh = state.getNumElements() == 3 ? read(2) : read(0);
  // The high half of the 128-bit Philox counter whose low half is `low`.
  auto highOf = [&](uint64_t low) { return counterHigh + (low < counter); };

  // The words of every block, computed once.
  std::vector<uint32_t> words;
  int64_t perBlock = threeFry ? 2 : 4;
  words.reserve(layout.numBlocks * perBlock);
  for (int64_t block = 0; block < layout.numBlocks; ++block) {
    uint64_t low = counter + block;
    if (threeFry) {
      Words2 x = threeFry2x32(key, split(low));
      words.insert(words.end(), x.begin(), x.end());
      continue;
    }
    Words2 lowWords = split(low), highWords = split(highOf(low));
    Words4 x =
        philox4x32(key, {lowWords[0], lowWords[1], highWords[0], highWords[1]});
    words.insert(words.end(), x.begin(), x.end());
  }

  SmallVector<Tensor> results = createResultTensors(op);
  Tensor &newState = results[0], &output = results[1];
  newState = state;
  uint64_t advanced = counter + layout.numBlocks;
  newState.setInt(1, static_cast<int64_t>(advanced));
  if (!threeFry && state.getNumElements() == 3)
    newState.setInt(2, static_cast<int64_t>(highOf(advanced)));
  ArrayRef<int64_t> shape = output.getShape();
  for (int64_t i = 0, e = output.getNumElements(); i < e; ++i) {
    auto [block, word] = layout.locate(output.getMultiIndex(i), shape);
    uint64_t bits = words[block * perBlock + word];
    if (layout.wideElements)
      bits |= uint64_t{words[block * perBlock + word + 1]} << 32;
    output.setInt(i, static_cast<int64_t>(bits));
  }
  return results;
}

} // namespace fuse::interp
