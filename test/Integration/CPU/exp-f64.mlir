// f64 exp in plain arithmetic (fuse-vectorizable-math) against the
// interpreter's libm, within 5e-16 relative (about 2 ulp): the overflow and
// underflow thresholds, the subnormal range, +-inf, NaN, +-0 and random
// values over the whole range (Inputs/exp-f64-specials.npy, 100 values), and
// random inputs.
// RUN: fuse-run %s --entry=main --inputs=%S/Inputs/exp-f64-specials.npy --check --rtol=5e-16 --atol=0 | FileCheck %s
// RUN: fuse-run %s --entry=wide --random-inputs=3 --check --rtol=5e-16 --atol=0 | FileCheck %s --check-prefix=WIDE

// CHECK: @main result 0: ok
func.func @main(%x: tensor<100xf64>) -> tensor<100xf64> {
  %e = hlo.exponential %x : tensor<100xf64>
  return %e : tensor<100xf64>
}

// WIDE: @wide result 0: ok
func.func @wide(%x: tensor<37x61xf64>) -> tensor<37x61xf64> {
  %c = hlo.constant dense<40.0> : tensor<37x61xf64>
  %y = hlo.multiply %x, %c : tensor<37x61xf64>
  %e = hlo.exponential %y : tensor<37x61xf64>
  return %e : tensor<37x61xf64>
}
