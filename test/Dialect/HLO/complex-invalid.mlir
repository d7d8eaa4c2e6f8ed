// The rules of the ops on complex numbers, each with its message.
// RUN: fuse-opt %s -split-input-file -verify-diagnostics

func.func @compare_c2(%z: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.compare' op orders no complex numbers: only EQ and NE apply, not LT}}
  %r = hlo.compare LT, %z, %z : tensor<4xcomplex<f32>>
  return %r : tensor<4xi1>
}

// -----

func.func @convert_c1(%z: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.convert' op cannot convert complex elements to 'f32'; take hlo.real or hlo.imag first}}
  %r = hlo.convert %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @fft_c3(%z: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  // expected-error @+2 {{'hlo.fft' op operand dimension 1 has size 8 but FFT with length 6 needs 6}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.fft %z, type = FFT, length = [6] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  return %r : tensor<4x8xcomplex<f32>>
}

// -----

func.func @fft_c3_irfft(%z: tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32> {
  // expected-error @+2 {{'hlo.fft' op operand dimension 1 has size 8 but IRFFT with length 8 needs 5}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.fft %z, type = IRFFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

func.func @fft_c2(%z: tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>> {
  // expected-error @+2 {{'hlo.fft' op RFFT takes f32 or f64 elements, not 'complex<f32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.fft %z, type = RFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return %r : tensor<5xcomplex<f32>>
}

// -----

func.func @fft_c1(%z: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+2 {{'hlo.fft' op transforms 1 to 3 trailing dimensions of a rank-4 operand, not 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.fft %z, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return %r : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @maximum(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.maximum' op operand #0 must be statically shaped tensor of}}
  %r = hlo.maximum %z, %z : tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}
