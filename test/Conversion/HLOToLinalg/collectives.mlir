// Compiled code runs an SPMD program on one device: hlo.device_id is 0, a
// collective over the group {0} (or every device, which is then {0}) is its
// operand, and a collective_permute without the pair (0, 0) gives zeros
// (after hlo-signless-integers, which the pipelines run first).
// The EXEC line runs the first program against the interpreter on one
// device.
// RUN: fuse-opt %s --split-input-file --hlo-signless-integers --convert-hlo-to-linalg --verify-diagnostics | FileCheck %s
// RUN: sed -n '1,/^\/\/ -----/p' %s | fuse-run - --check --random-inputs=4 | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @one_device(
// CHECK-SAME: %[[X:.*]]: tensor<4x2xf32>
// CHECK-DAG: %[[ID:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ZEROS:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: return %[[X]], %[[X]], %[[X]], %[[ZEROS]], %[[ID]]
// EXEC-COUNT-5: ok (
func.func @one_device(%x: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<ui32>) {
  %id = hlo.device_id : tensor<ui32>
  %r = hlo.all_reduce %x, groups = dense<> : tensor<0x0xi64> : tensor<4x2xf32> {
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %s = hlo.add %a, %c : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %g = hlo.all_gather %r, dim = 0, groups = dense<[[0]]> : tensor<1x1xi64> : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %t = hlo.all_to_all %g, split_dim = 1, concat_dim = 0, groups = dense<[[0]]> : tensor<1x1xi64> : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %p = hlo.collective_permute %t, pairs = dense<[[0, 0]]> : tensor<1x2xi64> : tensor<4x2xf32>
  %z = hlo.collective_permute %t, pairs = dense<> : tensor<0x2xi64> : tensor<4x2xf32>
  return %g, %t, %p, %z, %id : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>, tensor<ui32>
}

// -----

func.func @other_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{the compiled code runs an SPMD program on one device, and this collective names device 1; run it on N devices with `mpirun -np N fuse-run` or `fuse-run --interpret --devices=N`}}
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce_scatter'}}
  %r = hlo.reduce_scatter %x, dim = 0, groups = dense<[[0, 1]]> : tensor<1x2xi64> : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %s = hlo.add %a, %c : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %b = hlo.concatenate dim = 0, %r, %r : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

func.func @gather_every_device(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{the result is not the operand's type, as it is over a group of one device; the compiled code runs an SPMD program on one device}}
  // expected-error @+1 {{failed to legalize operation 'hlo.all_gather'}}
  %g = hlo.all_gather %x, dim = 0, groups = dense<> : tensor<0x0xi64> : (tensor<2xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}
