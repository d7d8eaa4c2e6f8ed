// Compiled code's OpenMP workers never yield their core while they spin
// between parallel loops, and sleep 1 ms after their last one
// (docs/fuse-run.md, Threads); a user's KMP_USE_YIELD, KMP_BLOCKTIME or
// OMP_WAIT_POLICY stays. libomp prints its settings when it starts
// (KMP_SETTINGS) and again when fuse gives it its own (none left to give: no second
// print).

// RUN: env KMP_SETTINGS=1 fuse-run %s --random-inputs=1 --no-cache 2>&1 >/dev/null | FileCheck %s
// CHECK:      Effective settings:
// CHECK:      KMP_BLOCKTIME=200ms
// CHECK:      KMP_USE_YIELD=1
// CHECK:      Effective settings:
// CHECK:      KMP_BLOCKTIME=1ms
// CHECK:      KMP_USE_YIELD=0

// RUN: env KMP_SETTINGS=1 KMP_BLOCKTIME=7 KMP_USE_YIELD=2 fuse-run %s --random-inputs=1 --no-cache 2>&1 >/dev/null | FileCheck %s --check-prefix=USER
// USER:      Effective settings:
// USER:      KMP_BLOCKTIME=7ms
// USER:      KMP_USE_YIELD=2
// USER-NOT:  Effective settings:

// RUN: env KMP_SETTINGS=1 OMP_WAIT_POLICY=active fuse-run %s --random-inputs=1 --no-cache 2>&1 >/dev/null | FileCheck %s --check-prefix=POLICY
// POLICY:     Effective settings:
// POLICY:     KMP_BLOCKTIME=2147483ms
// POLICY:     KMP_USE_YIELD=1
// POLICY:     Effective settings:
// POLICY:     KMP_BLOCKTIME=2147483ms
// POLICY:     KMP_USE_YIELD=0

func.func @main(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = hlo.multiply %x, %x : tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}
