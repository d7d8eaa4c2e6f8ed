// Programs that keep masks in memory (a ReLU's mask kept for the backward
// pass, a gather masked by it, masks as inputs and results) compute what
// the interpreter does with the i1 buffers read and written as bytes
// (fuse-cpu-bools-as-bytes runs in the CPU pipeline), unfused and fused.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s

// CHECK: @relu_with_mask result 0: ok
// CHECK: @relu_with_mask result 1: ok
func.func @relu_with_mask(%x: tensor<37x61xf32>) -> (tensor<37x61xf32>, tensor<37x61xi1>) {
  %zero = hlo.constant dense<0.0> : tensor<37x61xf32>
  %mask = hlo.compare GT, %x, %zero : tensor<37x61xf32>
  %y = hlo.select %mask, %x, %zero : tensor<37x61xi1>, tensor<37x61xf32>
  return %y, %mask : tensor<37x61xf32>, tensor<37x61xi1>
}

// CHECK: @masked_gather result 0: ok
func.func @masked_gather(%rows: tensor<8192xi32>, %table: tensor<1024x64xf32>, %keep: tensor<8192xi1>, %mask: tensor<8192x64xi1>) -> tensor<8192x64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<8192x64xf32>
  %i = hlo.reshape %rows : (tensor<8192xi32>) -> tensor<8192x1xi32>
  %g = hlo.gather %table[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 64] : (tensor<1024x64xf32>, tensor<8192x1xi32>) -> tensor<8192x64xf32>
  %k = hlo.broadcast_in_dim %keep, dims = [0] : (tensor<8192xi1>) -> tensor<8192x64xi1>
  %a = hlo.select %k, %g, %zero : tensor<8192x64xi1>, tensor<8192x64xf32>
  %b = hlo.select %mask, %a, %zero : tensor<8192x64xi1>, tensor<8192x64xf32>
  return %b : tensor<8192x64xf32>
}

// CHECK: @mask_logic result 0: ok
func.func @mask_logic(%a: tensor<100xi1>, %b: tensor<100xi1>) -> tensor<100xi1> {
  %x = hlo.xor %a, %b : tensor<100xi1>
  %n = hlo.not %x : tensor<100xi1>
  return %n : tensor<100xi1>
}
