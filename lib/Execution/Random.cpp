//===- Random.cpp - seeded random inputs ----------------------------------===//

#include "fuse/Execution/Random.h"

namespace fuse::exec {

static uint64_t splitMix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

static uint64_t rotateLeft(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

RandomGenerator::RandomGenerator(uint64_t seed) {
  for (uint64_t &word : state)
    word = splitMix64(seed);
}

uint64_t RandomGenerator::next() {
  uint64_t result = rotateLeft(state[1] * 5, 7) * 9;
  uint64_t t = state[1] << 17;
  state[2] ^= state[0];
  state[3] ^= state[1];
  state[1] ^= state[2];
  state[0] ^= state[3];
  state[2] ^= t;
  state[3] = rotateLeft(state[3], 45);
  return result;
}

double RandomGenerator::nextUnit() {
  return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

uint64_t RandomGenerator::nextBelow(uint64_t bound) {
  return static_cast<uint64_t>(
      (static_cast<unsigned __int128>(next()) * bound) >> 64);
}

void fillRandom(HostBuffer &buffer, uint64_t seed, uint64_t stream) {
  // Streams of neighbouring seeds and indices must not overlap: mix the
  // index into the seed through one more splitmix64 step.
  uint64_t mixer = stream;
  RandomGenerator generator(seed ^ splitMix64(mixer));
  bool isPred = buffer.getElementType().isInteger(1);
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    if (buffer.isFloat())
      buffer.setFloat(i, -3.0 + 6.0 * generator.nextUnit());
    else if (buffer.isComplex())
      for (int part = 0; part < 2; ++part)
        buffer.setComplexPart(i, part, -3.0 + 6.0 * generator.nextUnit());
    else if (isPred)
      buffer.setInt(i, static_cast<int64_t>(generator.next() >> 63));
    else
      buffer.setInt(i, static_cast<int64_t>(generator.nextBelow(17)) - 8);
  }
}

} // namespace fuse::exec
