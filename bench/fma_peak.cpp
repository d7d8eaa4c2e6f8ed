// fuse-fma-peak: the multiply-add peak of this machine, for fuse's product
// benchmark (bench/products.py), as fuse-bandwidth measures memory. Each
// thread runs independent chains of vector multiply-adds on registers (more
// chains than FMA latency x FMA ports, so the pipes never wait) and the probe
// prints one JSON object with the best GFLOP/s of f32 and f64 over the
// repeats (a multiply-add counts as 2 flops).
//
// Build: clang++ -O3 -march=native -fopenmp -o fuse-fma-peak fma_peak.cpp
// Usage: fuse-fma-peak [--threads=T] [--repeat=N]

#include <omp.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

#if defined(__AVX512F__)
constexpr int kVectorBytes = 64;
#elif defined(__AVX__)
constexpr int kVectorBytes = 32;
#else
constexpr int kVectorBytes = 16;
#endif
constexpr int kChains = 12;
constexpr long kSteps = 20'000'000;

template <typename T> struct Vector {
  typedef T type __attribute__((vector_size(kVectorBytes)));
};

/// Runs kChains x kSteps multiply-adds on one thread; returns a value that
/// depends on all of them, so that none is optimized away.
template <typename T> T chains(T seed) {
  using V = typename Vector<T>::type;
  constexpr int lanes = kVectorBytes / sizeof(T);
  V acc[kChains];
  V scale, offset;
  for (int l = 0; l < lanes; ++l) {
    scale[l] = T(0.999999);
    offset[l] = seed * T(1e-7);
  }
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < lanes; ++l)
      acc[c][l] = seed + T(c);
  for (long step = 0; step < kSteps; ++step) {
#pragma unroll
    for (int c = 0; c < kChains; ++c)
      acc[c] = acc[c] * scale + offset;
    __asm__ volatile("" : "+x"(scale));
  }
  T sum = 0;
  for (int c = 0; c < kChains; ++c)
    for (int l = 0; l < lanes; ++l)
      sum += acc[c][l];
  return sum;
}

template <typename T> double measure(int threads, int repeat) {
  constexpr int lanes = kVectorBytes / sizeof(T);
  double best = 0;
  volatile T sink = 0;
  for (int r = 0; r < repeat; ++r) {
    auto start = std::chrono::steady_clock::now();
    T total = 0;
#pragma omp parallel num_threads(threads) reduction(+ : total)
    total += chains<T>(T(omp_get_thread_num() + 1));
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    sink = sink + total;
    double flops = 2.0 * kChains * lanes * double(kSteps) * threads;
    if (flops / seconds > best)
      best = flops / seconds;
  }
  return best / 1e9;
}

} // namespace

int main(int argc, char **argv) {
  int threads = omp_get_max_threads();
  int repeat = 3;
  for (int i = 1; i < argc; ++i) {
    if (!std::strncmp(argv[i], "--threads=", 10))
      threads = std::atoi(argv[i] + 10);
    else if (!std::strncmp(argv[i], "--repeat=", 9))
      repeat = std::atoi(argv[i] + 9);
    else {
      std::fprintf(stderr, "fuse-fma-peak: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  if (threads < 1 || repeat < 1) {
    std::fprintf(stderr, "fuse-fma-peak: --threads and --repeat must be "
                         "at least 1\n");
    return 2;
  }
  std::printf("{\"threads\": %d, \"vector_bytes\": %d, \"f32_gflops\": %.1f, "
              "\"f64_gflops\": %.1f}\n",
              threads, kVectorBytes, measure<float>(threads, repeat),
              measure<double>(threads, repeat));
  return 0;
}
