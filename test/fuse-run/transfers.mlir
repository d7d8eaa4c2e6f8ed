// fuse-run plays the outside of a program that transfers records with it
// (docs/fuse-run.md, "Infeed and outfeed"): the records the program
// receives are drawn from the seed, the same for the compiled program and
// the interpreter, and those it sends are printed after the results, or
// compared by --check.
// RUN: fuse-run %s --entry=echo --random-inputs=4 | FileCheck %s --check-prefix=PRINT
// RUN: fuse-run %s --entry=echo --random-inputs=4 --interpret | FileCheck %s --check-prefix=PRINT
// PRINT: @echo result 0: tensor<i32>
// PRINT: @echo record 0 (outfeed) tensor 0: tensor<3xi32>
// PRINT-NEXT: [[RECORD0:\[.*\]]]
// PRINT: @echo record 1 (outfeed) tensor 0: tensor<3xi32>
// PRINT-NEXT: [[RECORD0]]
// PRINT: @echo record 2 (channel 2) tensor 0: tensor<ui8>
// PRINT-NOT: record 3

// Each received record is a draw of its own: two infeeds differ.
// RUN: fuse-run %s --entry=two_draws --random-inputs=4 --check | FileCheck %s --check-prefix=DRAWS
// DRAWS: @two_draws result 0: ok
// DRAWS: @two_draws result 1: ok
// RUN: fuse-run %s --entry=two_draws --random-inputs=4 | FileCheck %s --check-prefix=DIFFER
// DIFFER: @two_draws result 1: tensor<i1>
// DIFFER-NEXT: true

// --bench repeats the run; the records keep coming.
// RUN: fuse-run %s --entry=echo --random-inputs=4 --bench=3 | FileCheck %s --check-prefix=BENCH
// BENCH: @echo:

// The float64 reference would receive other records.
// RUN: not fuse-run %s --entry=echo --random-inputs=4 --check=f64 2>&1 | FileCheck %s --check-prefix=F64
// F64: error: --check=f64 does not run programs that transfer records with their outside (hlo.infeed, hlo.outfeed); use --check

// An SPMD program's devices each have their own queues.
// RUN: fuse-run %s --entry=per_device --random-inputs=4 --interpret --devices=2 | FileCheck %s --check-prefix=DEVICES
// DEVICES: @per_device on device 0 record 0 (outfeed) tensor 0: tensor<2xf32>
// DEVICES: @per_device on device 1 record 0 (outfeed) tensor 0: tensor<2xf32>

// Records of every kind of element type reach the compiled program and
// come back as the interpreter's do, bit for bit.
// RUN: fuse-run %s --entry=all_types --random-inputs=7 --check | FileCheck %s --check-prefix=TYPES
// TYPES-COUNT-6: result {{[0-5]}}: ok
// TYPES-COUNT-6: @all_types record 0 (outfeed) tensor {{[0-5]}}: ok
// RUN: fuse-run %s --entry=all_types --random-inputs=7 > %t.compiled
// RUN: fuse-run %s --entry=all_types --random-inputs=7 --interpret > %t.interpreted
// RUN: diff %t.compiled %t.interpreted

// Sends what it receives twice over: the record, then the same again, and
// the sum of the record on channel 2.
func.func @echo(%n: tensor<i32>) -> tensor<i32> {
  %x = hlo.infeed : tensor<3xi32>
  hlo.outfeed %x : tensor<3xi32>
  hlo.outfeed %x : tensor<3xi32>
  %s = hlo.reduce(%x init %n) dims = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = hlo.add %a, %b : tensor<i32>
    hlo.return %t : tensor<i32>
  }
  %c = hlo.convert %s : (tensor<i32>) -> tensor<ui8>
  hlo.outfeed %c {channel_id = 2 : i64} : tensor<ui8>
  return %s : tensor<i32>
}

func.func @two_draws() -> (tensor<16xf32>, tensor<i1>) {
  %a = hlo.infeed : tensor<16xf32>
  %b = hlo.infeed : tensor<16xf32>
  %d = hlo.subtract %a, %b : tensor<16xf32>
  %same = hlo.compare EQ, %a, %b : tensor<16xf32>
  %f = hlo.constant dense<true> : tensor<i1>
  %all = hlo.reduce(%same init %f) dims = [0] : (tensor<16xi1>, tensor<i1>) -> tensor<i1> {
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    %z = hlo.and %x, %y : tensor<i1>
    hlo.return %z : tensor<i1>
  }
  %differ = hlo.not %all : tensor<i1>
  return %d, %differ : tensor<16xf32>, tensor<i1>
}

func.func @per_device(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = hlo.infeed : tensor<2xf32>
  %s = hlo.all_reduce %r, groups = dense<> : tensor<0x0xi64> : tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.add %a, %b : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  hlo.outfeed %s : tensor<2xf32>
  return %s : tensor<2xf32>
}

func.func @all_types() -> (tensor<5xbf16>, tensor<3xf8E4M3FN>, tensor<4xi4>, tensor<2xi1>, tensor<3xui64>, tensor<2xcomplex<f64>>) {
  %a, %b, %c, %d, %e, %f = hlo.infeed : tensor<5xbf16>, tensor<3xf8E4M3FN>, tensor<4xi4>, tensor<2xi1>, tensor<3xui64>, tensor<2xcomplex<f64>>
  hlo.outfeed %a, %b, %c, %d, %e, %f : tensor<5xbf16>, tensor<3xf8E4M3FN>, tensor<4xi4>, tensor<2xi1>, tensor<3xui64>, tensor<2xcomplex<f64>>
  return %a, %b, %c, %d, %e, %f : tensor<5xbf16>, tensor<3xf8E4M3FN>, tensor<4xi4>, tensor<2xi1>, tensor<3xui64>, tensor<2xcomplex<f64>>
}
