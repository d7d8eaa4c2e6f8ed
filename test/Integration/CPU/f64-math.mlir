// exp, log and tanh on f64 in plain arithmetic (fuse-cpu-vectorizable-math,
// F64Math.cpp) against the interpreter's libm, within 5e-16 relative (about
// 2 ulp). The inputs hold the special values (+-0, +-inf, NaN, negatives for
// log), the thresholds (exp's overflow and underflow, the subnormal range,
// tanh's switch at 0.55, log's at sqrt 2) and random values over the range.
// RUN: fuse-run %s --entry=exp --inputs=%S/Inputs/exp-f64-specials.npy --check --rtol=5e-16 --atol=0 | FileCheck %s --check-prefix=EXP
// RUN: fuse-run %s --entry=log --inputs=%S/Inputs/log-f64-specials.npy --check --rtol=5e-16 --atol=0 | FileCheck %s --check-prefix=LOG
// RUN: fuse-run %s --entry=tanh --inputs=%S/Inputs/tanh-f64-specials.npy --check --rtol=5e-16 --atol=0 | FileCheck %s --check-prefix=TANH
// RUN: fuse-run %s --entry=wide --random-inputs=3 --check --rtol=5e-16 --atol=0 | FileCheck %s --check-prefix=WIDE

// EXP: @exp result 0: ok
func.func @exp(%x: tensor<100xf64>) -> tensor<100xf64> {
  %e = hlo.exponential %x : tensor<100xf64>
  return %e : tensor<100xf64>
}

// LOG: @log result 0: ok
func.func @log(%x: tensor<100xf64>) -> tensor<100xf64> {
  %e = hlo.log %x : tensor<100xf64>
  return %e : tensor<100xf64>
}

// TANH: @tanh result 0: ok
func.func @tanh(%x: tensor<100xf64>) -> tensor<100xf64> {
  %e = hlo.tanh %x : tensor<100xf64>
  return %e : tensor<100xf64>
}

// A 2-D shape off the vector width, exp of values up to +-120.
// WIDE: @wide result 0: ok
func.func @wide(%x: tensor<37x61xf64>) -> tensor<37x61xf64> {
  %c = hlo.constant dense<40.0> : tensor<37x61xf64>
  %y = hlo.multiply %x, %c : tensor<37x61xf64>
  %e = hlo.exponential %y : tensor<37x61xf64>
  return %e : tensor<37x61xf64>
}
