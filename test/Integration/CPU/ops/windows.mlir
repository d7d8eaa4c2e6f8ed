// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="emulate-gpu-tiling=true emulated-block-size=32 emulated-max-blocks=1" | FileCheck %s

// reduce_window and select_and_scatter compiled for the CPU against the
// interpreter: max and average pooling, a cumulative sum (JAX's form: a
// window as long as the dimension, padded before), padding, base and window
// dilation, two inputs reduced together (an argmax window), the gradient of
// max pooling with ties (integer inputs in [-8, 8] repeat) and overlapping
// windows, and padding in the gradient.

// CHECK: @pooling result 0: ok
// CHECK: @pooling result 1: ok
func.func @pooling(%x: tensor<2x6x6x3xf32>) -> (tensor<2x3x3x3xf32>, tensor<2x6x6x3xf32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce_window(%x) init(%ninf), window = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = [0, 0, 0, 0] x [0, 0, 0, 0], base_dilation = [1, 1, 1, 1], window_dilation = [1, 1, 1, 1] : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3x3x3xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = hlo.maximum %a, %e : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %sum = hlo.reduce_window(%x) init(%zero), window = [1, 3, 3, 1], strides = [1, 1, 1, 1], padding = [0, 1, 1, 0] x [0, 1, 1, 0], base_dilation = [1, 1, 1, 1], window_dilation = [1, 1, 1, 1] : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x6x6x3xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %a, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %max, %sum : tensor<2x3x3x3xf32>, tensor<2x6x6x3xf32>
}

// CHECK: @cumulative result 0: ok
// CHECK: @cumulative result 1: ok
func.func @cumulative(%x: tensor<4x37xf32>, %i: tensor<5x3xi32>) -> (tensor<4x37xf32>, tensor<5x3xi32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %one = hlo.constant dense<1> : tensor<i32>
  %cumsum = hlo.reduce_window(%x) init(%zero), window = [1, 37], strides = [1, 1], padding = [0, 36] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<4x37xf32>, tensor<f32>) -> tensor<4x37xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %a, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %cumprod = hlo.reduce_window(%i) init(%one), window = [5, 1], strides = [1, 1], padding = [4, 0] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<5x3xi32>, tensor<i32>) -> tensor<5x3xi32> {
  ^bb0(%a: tensor<i32>, %e: tensor<i32>):
    %p = hlo.multiply %a, %e : tensor<i32>
    hlo.return %p : tensor<i32>
  }
  return %cumsum, %cumprod : tensor<4x37xf32>, tensor<5x3xi32>
}

// CHECK: @dilated result 0: ok
func.func @dilated(%x: tensor<5x6xf32>) -> tensor<2x11xf32> {
  %init = hlo.constant dense<1.5> : tensor<f32>
  %r = hlo.reduce_window(%x) init(%init), window = [2, 3], strides = [2, 1], padding = [0, 1] x [1, 1], base_dilation = [1, 2], window_dilation = [2, 1] : (tensor<5x6xf32>, tensor<f32>) -> tensor<2x11xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = hlo.minimum %a, %e : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %r : tensor<2x11xf32>
}

// The largest value of each window and where it is.
// CHECK: @argmax result 0: ok
// CHECK: @argmax result 1: ok
func.func @argmax(%x: tensor<8x9xi32>) -> (tensor<3x4xi32>, tensor<3x4xi32>) {
  %where = hlo.iota dim = 1 : tensor<8x9xi32>
  %low = hlo.constant dense<-100> : tensor<i32>
  %none = hlo.constant dense<-1> : tensor<i32>
  %r:2 = hlo.reduce_window(%x, %where) init(%low, %none), window = [3, 3], strides = [3, 2], padding = [1, 0] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<8x9xi32>, tensor<8x9xi32>, tensor<i32>, tensor<i32>) -> (tensor<3x4xi32>, tensor<3x4xi32>) {
  ^bb0(%a: tensor<i32>, %ai: tensor<i32>, %e: tensor<i32>, %ei: tensor<i32>):
    %gt = hlo.compare GT, %e, %a : tensor<i32>
    %m = hlo.select %gt, %e, %a : tensor<i1>, tensor<i32>
    %mi = hlo.select %gt, %ei, %ai : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3x4xi32>, tensor<3x4xi32>
}

// CHECK: @max_pool_gradient result 0: ok
// CHECK: @max_pool_gradient result 1: ok
// CHECK: @max_pool_gradient result 2: ok
func.func @max_pool_gradient(%x: tensor<2x6x6x2xi32>, %dy: tensor<2x3x3x2xi32>, %ov: tensor<5x5xf32>, %dov: tensor<2x2xf32>, %pv: tensor<4x4xf32>, %dpv: tensor<3x3xf32>) -> (tensor<2x6x6x2xi32>, tensor<5x5xf32>, tensor<4x4xf32>) {
  %zi = hlo.constant dense<0> : tensor<i32>
  %zf = hlo.constant dense<0.0> : tensor<f32>
  %a = hlo.select_and_scatter %x, %dy, %zi, window = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = [0, 0, 0, 0] x [0, 0, 0, 0] : (tensor<2x6x6x2xi32>, tensor<2x3x3x2xi32>, tensor<i32>) -> tensor<2x6x6x2xi32> select {
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %ge = hlo.compare GE, %p, %q : tensor<i32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = hlo.add %p, %q : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  // Overlapping windows: 3x3 moved by 2.
  %b = hlo.select_and_scatter %ov, %dov, %zf, window = [3, 3], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<5x5xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<5x5xf32> select {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %ge = hlo.compare GE, %p, %q : tensor<f32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = hlo.add %p, %q : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  // Padding (SAME pooling): padded positions are never chosen.
  %c = hlo.select_and_scatter %pv, %dpv, %zf, window = [2, 2], strides = [2, 2], padding = [1, 1] x [1, 1] : (tensor<4x4xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<4x4xf32> select {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %ge = hlo.compare GE, %p, %q : tensor<f32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = hlo.add %p, %q : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %a, %b, %c : tensor<2x6x6x2xi32>, tensor<5x5xf32>, tensor<4x4xf32>
}
