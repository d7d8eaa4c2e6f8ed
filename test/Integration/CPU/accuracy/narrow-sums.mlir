// bf16 and f16 sums accumulate in f32 and round once, so they are within
// about an ulp of the float64 reference rounded to their format: bf16's ulp
// is 2^-7 relative at worst, f16's 2^-10. Summed in their own format they
// would be far off: adding a square (up to 9) to a bf16 sum above 2048 is
// lost to rounding. rtol holds them to 1.5 ulps.
// RUN: fuse-run %s --entry=columns_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 | FileCheck %s --check-prefix=BF16
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=columns_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 | FileCheck %s --check-prefix=BF16
// RUN: fuse-run %s --entry=rows_f16 --random-inputs=1 --check=f64 --rtol=1.5e-3 --atol=0 | FileCheck %s --check-prefix=F16
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=rows_f16 --random-inputs=1 --check=f64 --rtol=1.5e-3 --atol=0 | FileCheck %s --check-prefix=F16
// RUN: fuse-run %s --entry=short_rows_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 | FileCheck %s --check-prefix=SHORT
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=short_rows_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 | FileCheck %s --check-prefix=SHORT
// The GPU's tiling, run on the CPU, keeps f32 partials too (before, it
// summed in the element type: the fused bf16 column sums were 68% off).
// RUN: fuse-run %s --entry=columns_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s --check-prefix=BF16
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=columns_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s --check-prefix=BF16
// RUN: fuse-run %s --entry=rows_f16 --random-inputs=1 --check=f64 --rtol=1.5e-3 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s --check-prefix=F16
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=rows_f16 --random-inputs=1 --check=f64 --rtol=1.5e-3 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s --check-prefix=F16
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=short_rows_bf16 --random-inputs=1 --check=f64 --rtol=1.2e-2 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s --check-prefix=SHORT

// BF16: @columns_bf16 result 0: ok (32 elements
func.func @columns_bf16(%x: tensor<4096x32xbf16>) -> tensor<32xbf16> {
  %sq = hlo.multiply %x, %x : tensor<4096x32xbf16>
  %zero = hlo.constant dense<0.0> : tensor<bf16>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<4096x32xbf16>, tensor<bf16>) -> tensor<32xbf16>
  return %s : tensor<32xbf16>
}

// F16: @rows_f16 result 0: ok (8 elements
func.func @rows_f16(%x: tensor<8x4096xf16>) -> tensor<8xf16> {
  %sq = hlo.multiply %x, %x : tensor<8x4096xf16>
  %zero = hlo.constant dense<0.0> : tensor<f16>
  %s = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<8x4096xf16>, tensor<f16>) -> tensor<8xf16>
  return %s : tensor<8xf16>
}

// Rows short enough for one leaf per lane still accumulate in f32.
// SHORT: @short_rows_bf16 result 0: ok (64 elements
func.func @short_rows_bf16(%x: tensor<64x1024xbf16>) -> tensor<64xbf16> {
  %sq = hlo.multiply %x, %x : tensor<64x1024xbf16>
  %zero = hlo.constant dense<0.0> : tensor<bf16>
  %s = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<64x1024xbf16>, tensor<bf16>) -> tensor<64xbf16>
  return %s : tensor<64xbf16>
}
