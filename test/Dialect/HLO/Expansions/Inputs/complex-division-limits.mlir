// Quotients whose Smith's algorithm gives NaN + NaN i, recovered as C99's
// Annex G (and XLA) say: an infinite numerator over a finite divisor, a
// finite one over zero and over an infinite divisor, and NaN over zero.
func.func @main() -> tensor<6xcomplex<f32>> {
  %num = hlo.constant dense<[(1.0, 0x7F800000), (0x7F800000, 1.0), (1.0, 1.0), (1.0, 2.0), (2.0, 1.0), (0x7FC00000, 0x7FC00000)]> : tensor<6xcomplex<f32>>
  %den = hlo.constant dense<[(1.0, 1.0), (1.0, 1.0), (0.0, 0.0), (0x7F800000, 0x7F800000), (0xFF800000, 3.0), (0.0, 0.0)]> : tensor<6xcomplex<f32>>
  %q = hlo.divide %num, %den : tensor<6xcomplex<f32>>
  return %q : tensor<6xcomplex<f32>>
}
