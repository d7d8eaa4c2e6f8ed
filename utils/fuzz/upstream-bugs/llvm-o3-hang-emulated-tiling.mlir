// Found by utils/fuzz/hlo_fuzz.py (seed 4, fused, emulated GPU tiling;
// 2026-11-26): LLVM 22's `opt -O3` does not finish on the CPU lowering of
// this program's emulated GPU tiling (the last pass it reports starting is
// LoopIdiomRecognize on an unnamed loop). Single passes (instcombine,
// simplifycfg, licm, gvn, jump-threading) finish in milliseconds; the MLIR
// side takes 27 ms; the same program unfused, or without emulation, or
// lowered for the GPU, compiles at once. fuse at dec3ac6 behaves the same,
// so this predates the vector accesses. Not minimised yet; to reproduce:
//
//   fuse-opt FILE --hlo-lower-to-cpu="emulate-gpu-tiling=true" -o t.mlir
//   mlir-translate --mlir-to-llvmir t.mlir -o t.ll
//   timeout 60 opt -O3 t.ll -o /dev/null    # times out
module {
  func.func @p4_42(%arg0: tensor<8x4xf32>, %arg1: tensor<4x1x0xf32>) -> (tensor<f32>, tensor<f32>) {
    %0 = hlo.fusion input(%arg0) : (tensor<8x4xf32>) -> tensor<4xf32> {
    ^bb0(%arg2: tensor<8x4xf32>):
      %5 = hlo.exponential_minus_one %arg2 : tensor<8x4xf32>
      %6 = hlo.constant dense<3.000000e+00> : tensor<f32>
      %7 = hlo.constant dense<-3.000000e+00> : tensor<f32>
      %8 = hlo.clamp %7, %5, %6 : tensor<f32>, tensor<8x4xf32>, tensor<f32>
      %9 = hlo.exponential_minus_one %8 : tensor<8x4xf32>
      %10 = hlo.constant dense<0x7F800000> : tensor<f32>
      %11 = hlo.reduce minimum(%9 init %10) dims = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
      hlo.yield %11 : tensor<4xf32>
    }
    %1 = hlo.fusion input(%0) : (tensor<4xf32>) -> tensor<f32> {
    ^bb0(%arg2: tensor<4xf32>):
      %5 = hlo.logistic %arg2 : tensor<4xf32>
      %6 = hlo.constant dense<2.500000e-01> : tensor<4xf32>
      %7 = hlo.add %5, %6 : tensor<4xf32>
      %8 = hlo.constant dense<3.000000e+00> : tensor<f32>
      %9 = hlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %10 = hlo.power %7, %9 : tensor<4xf32>
      %11 = hlo.exponential %10 : tensor<4xf32>
      %12 = hlo.constant dense<0xFF800000> : tensor<f32>
      %13 = hlo.reduce maximum(%11 init %12) dims = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
      hlo.yield %13 : tensor<f32>
    }
    %2 = hlo.fusion loop(%1) : (tensor<f32>) -> tensor<f32> {
    ^bb0(%arg2: tensor<f32>):
      %5 = hlo.subtract %arg2, %arg2 : tensor<f32>
      %6 = hlo.constant dense<2.44140625E-4> : tensor<f32>
      %7 = hlo.multiply %5, %6 : tensor<f32>
      hlo.yield %7 : tensor<f32>
    }
    %3 = hlo.constant dense<9.765625E-4> : tensor<f32>
    %4 = hlo.multiply %1, %3 : tensor<f32>
    return %2, %4 : tensor<f32>, tensor<f32>
  }
}

