// Memory past --memory-limit (default: MemAvailable) stops the run with
// exit code 3 and a message: before the call when the inputs and results
// alone do not fit, or the tensors the program makes (its static memory
// plan) would not, or the interpreter of --check and --interpret could not
// hold them; else at the allocation that does not fit.
// RUN: sh -c 'fuse-run %s --random-inputs=1 --memory-limit=1K; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: fuse-run: error: @main needs at least 8192 bytes for its inputs and results; limit 1024 bytes (1 KiB)
// STATIC-NEXT: exit 3

// Inputs that could not be drawn are refused before they are: 4 TiB here
// (fuse-run used to allocate them first, and abort).
// RUN: sh -c 'fuse-run %s --entry=huge --random-inputs=1 --check; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: fuse-run: error: @huge needs at least 4398046511108 bytes for its inputs and results; limit
// HUGE-NEXT: exit 3

// The plan: %0 and %1 live together (8192 bytes), plus 4096 of input.
// RUN: sh -c 'fuse-run %s --random-inputs=1 --memory-limit=12000; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: fuse-run: error: @main would hold 8192 bytes (8 KiB) of tensors at once, besides 4096 bytes of inputs; the largest, tensor<1024xf32> from `hlo.multiply` at {{.*}}out-of-memory.mlir:{{[0-9]+}}:8, is 4 KiB. The memory limit is 12000 bytes (11.7 KiB). Compute it slice by slice with fuse-opt --split-tensors="tensor-size-threshold=...", or raise --memory-limit (--no-memory-plan runs it anyway)
// PLAN-NEXT: exit 3

// The input takes 4096 bytes, the result's buffer as many, the temporary
// too.
// RUN: sh -c 'fuse-run %s --random-inputs=1 --memory-limit=10000 --no-memory-plan; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUNTIME: fuse-run: out of memory: the program asked for {{[0-9]+}} bytes ({{[0-9]+}} live, plus 8192 of inputs and results); limit 10000
// RUNTIME-NEXT: exit 3

// The interpreter holds each element in 8 bytes: 8192 of input, 16384 of
// tensors at once, and with --check the compiled run's 8192 bytes of input
// and result besides. The compiled run alone (12288 bytes) would fit.
// RUN: sh -c 'fuse-run %s --random-inputs=1 --memory-limit=30000 --check; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: fuse-run: error: @main: the interpreter, which holds every element in 8 bytes, would need 32768 bytes (32 KiB) for --check; the largest tensor, tensor<1024xf32>, takes 8 KiB. The memory limit is 29.3 KiB: run without --check, or raise --memory-limit
// CHECKED-NEXT: exit 3
// RUN: sh -c 'fuse-run %s --random-inputs=1 --memory-limit=20000 --interpret; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=INTERPRETED
// INTERPRETED: fuse-run: error: @main: the interpreter, which holds every element in 8 bytes, would need 24576 bytes (24 KiB) for --interpret
// INTERPRETED-NEXT: exit 3
// RUN: fuse-run %s --random-inputs=1 --memory-limit=40000 --check | FileCheck %s --check-prefix=FITS
// FITS: @main result 0: ok

// RUN: fuse-run %s --random-inputs=1 --memory-limit=1M --outputs=%t
func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  // The square is read twice, so the sum needs a buffer of its own.
  %0 = hlo.multiply %x, %x : tensor<1024xf32>
  %1 = hlo.add %0, %0 : tensor<1024xf32>
  return %1 : tensor<1024xf32>
}

func.func @huge(%x: tensor<1048576x1048576xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [0, 1] : (tensor<1048576x1048576xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}
