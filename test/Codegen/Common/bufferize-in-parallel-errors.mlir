// RUN: fuse-opt %s --allow-unregistered-dialect --fuse-codegen-bufferize-in-parallel --split-input-file --verify-diagnostics
// RUN: fuse-opt %s --allow-unregistered-dialect --fuse-codegen-bufferize-in-parallel --split-input-file --verify-diagnostics --mlir-disable-threading

// An op bufferization does not know fails the pass at the op, as upstream's
// pass does: here in a kernel that stays with the module (the op might
// write its operand).
func.func private @unknown(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{op was not bufferized}}
  %r = "test.unknown"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @unknown(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// ... and in a kernel bufferized on a thread of its own (the unknown op
// reads only the kernel's own tensor).
func.func private @apart(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @below {{op was not bufferized}}
  %r = "test.unknown"(%e) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @apart(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
