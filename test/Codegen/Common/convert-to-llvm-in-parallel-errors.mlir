// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel -verify-diagnostics -o /dev/null

// The kernel's conversion declares libm's erff, which the module defines
// as a variable: a declaration cannot be renamed, since its name says what
// it links to.
llvm.mlir.global internal @erff(0.0 : f32) : f32
// expected-error @+1 {{its conversion declares @erff, which the module defines as something else}}
func.func private @kernel(%x: f32) -> f32 {
  %e = math.erf %x : f32
  return %e : f32
}
func.func @main(%x: f32) -> f32 {
  %r = call @kernel(%x) : (f32) -> f32
  return %r : f32
}
