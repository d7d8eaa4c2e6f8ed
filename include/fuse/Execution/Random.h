//===- Random.h - seeded random inputs --------------------------*- C++ -*-===//
//
// Random test inputs that are the same on every run, compiler and machine:
// a generator of our own (xoshiro256**, seeded by splitmix64) and integer
// arithmetic to map its bits to values, since the distributions of <random>
// are implementation-defined.
//
// Distributions, by element type:
//   f16 bf16 f32 f64  uniform in [-3, 3), rounded to the format (nearest,
//                     ties to even; in f16 and bf16 this can give 3.0)
//   i8 i16 i32 i64    uniform integers in [-8, 8], both ends included
//   ui8 .. ui64       the same integers wrapped: 0 to 8 and the 8 largest
//                     values, where unsigned and signed meanings differ
//   i1                a fair coin
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_RANDOM_H
#define FUSE_EXECUTION_RANDOM_H

#include "fuse/Execution/HostBuffer.h"

#include <cstdint>

namespace fuse::exec {

/// xoshiro256** (Blackman and Vigna): fast, 256 bits of state, and its
/// outputs pass BigCrush.
class RandomGenerator {
public:
  /// The state is four outputs of splitmix64 started at `seed`, which never
  /// gives the all-zero state xoshiro must avoid.
  explicit RandomGenerator(uint64_t seed);

  uint64_t next();
  /// Uniform in [0, 1), with 53 random bits.
  double nextUnit();
  /// Uniform in [0, bound), for bound > 0 (Lemire's multiply-shift; the bias
  /// is below bound / 2^64).
  uint64_t nextBelow(uint64_t bound);

private:
  uint64_t state[4];
};

/// Fills `buffer` with the distribution of its element type (see above),
/// from a generator seeded with `seed` mixed with `stream`, so that each
/// input of a function draws its own sequence from one user seed.
void fillRandom(HostBuffer &buffer, uint64_t seed, uint64_t stream);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_RANDOM_H
