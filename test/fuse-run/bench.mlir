// --bench=N times N runs after a warm-up; --json prints one object per
// entry on stdout, the format bench/ parses.
// RUN: fuse-run %s --all-entries --random-inputs=1 --bench=3 --json | FileCheck %s --check-prefix=JSON
// JSON: {"entry":"first","compile_ms":{{[0-9]+\.[0-9]+}},"cache":"off","run_min_ms":{{[0-9]+\.[0-9]+}},"run_median_ms":{{[0-9]+\.[0-9]+}},"runs":3,"peak_bytes":{{[1-9][0-9]*}}}
// JSON-NEXT: {"entry":"second","compile_ms":{{[0-9]+\.[0-9]+}},"cache":"off","run_min_ms":{{[0-9]+\.[0-9]+}},"run_median_ms":{{[0-9]+\.[0-9]+}},"runs":3,"peak_bytes":0}
// JSON-NOT: {{.}}

// Without --json, one line per entry; with --check, the check lines go to
// stderr so that stdout stays JSON.
// RUN: fuse-run %s --entry=first --random-inputs=1 --bench=2 | FileCheck %s --check-prefix=TEXT
// TEXT: @first: compile {{[0-9.]+}} ms (cache off), run min {{[0-9.]+}} ms, median {{[0-9.]+}} ms (2 runs), peak {{[0-9]+}} bytes
// RUN: fuse-run %s --entry=first --random-inputs=1 --bench=1 --json --check 2>/dev/null | FileCheck %s --check-prefix=STDOUT
// STDOUT: {"entry":"first",
// STDOUT-NOT: ok
// RUN: fuse-run %s --entry=first --random-inputs=1 --bench=1 --json --check 2>&1 >/dev/null | FileCheck %s --check-prefix=STDERR
// STDERR: @first result 0: ok

// --print-peak-memory: the most bytes the compiled code held on the heap at
// once: the 4096-byte product and 64 bytes of alignment slack; results are
// built in the caller's buffers, and buffers of up to 1 KiB (@second's
// would-be temporaries) live on the stack.
// RUN: fuse-run %s --entry=first --random-inputs=1 --print-peak-memory --outputs=%t | FileCheck %s --check-prefix=PEAK
// PEAK: @first peak memory: 4160 bytes

func.func @first(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // The square is read twice, so the sum needs a buffer of its own.
  %0 = hlo.multiply %x, %x : tensor<32x32xf32>
  %1 = hlo.add %0, %0 : tensor<32x32xf32>
  return %1 : tensor<32x32xf32>
}

func.func @second(%x: tensor<16xi32>) -> tensor<16xi32> {
  %0 = hlo.negate %x : tensor<16xi32>
  return %0 : tensor<16xi32>
}
