// RUN: fuse-opt %s -split-input-file -verify-diagnostics

// The rules of the collectives' groups, dimensions and computations
// (docs/HLO.md, "Collectives").

func.func @device_twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op device 1 is in two groups}}
  %r = hlo.all_reduce %x, groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64> : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @padding_inside(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op group 0 has a device id after its padding (-1)}}
  %r = hlo.all_reduce %x, groups = dense<[[0, -1, 1]]> : tensor<1x3xi64> : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @negative_id(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.all_gather' op groups holds the negative device id -3}}
  %r = hlo.all_gather %x, dim = 0, groups = dense<[[0, -3]]> : tensor<1x2xi64> : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @combiner_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation must take two 'tensor<f32>'}}
  %r = hlo.all_reduce %x, groups = dense<> : tensor<0x0xi64> : tensor<4xf32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @gather_size(%x: tensor<4x2xf32>) -> tensor<12x2xf32> {
  // expected-error @+1 {{'hlo.all_gather' op dimension 0 is 12 on the result and 4 on the operand, not a factor of the group size 2}}
  %r = hlo.all_gather %x, dim = 0, groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64> : (tensor<4x2xf32>) -> tensor<12x2xf32>
  return %r : tensor<12x2xf32>
}

// -----

func.func @gather_other_dimension(%x: tensor<4x2xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result differs from the operand in dimension 1, which is not dimension 0}}
  %r = hlo.all_gather %x, dim = 0, groups = dense<> : tensor<0x0xi64> : (tensor<4x2xf32>) -> tensor<8x3xf32>
  return %r : tensor<8x3xf32>
}

// -----

func.func @gather_every_device(%x: tensor<4x2xf32>) -> tensor<6x2xf32> {
  // expected-error @+1 {{'hlo.all_gather' op dimension 0 is 6 on the result and 4 on the operand, not a multiple}}
  %r = hlo.all_gather %x, dim = 0, groups = dense<> : tensor<0x0xi64> : (tensor<4x2xf32>) -> tensor<6x2xf32>
  return %r : tensor<6x2xf32>
}

// -----

func.func @gather_dimension(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'hlo.all_gather' op dim 2 is not a dimension of 'tensor<4x2xf32>'}}
  %r = hlo.all_gather %x, dim = 2, groups = dense<> : tensor<0x0xi64> : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

func.func @scatter_ragged(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.reduce_scatter' op groups must all have the same size}}
  %r = hlo.reduce_scatter %x, dim = 0, groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64> : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<2xf32>
}

// -----

func.func @all_to_all_split(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'hlo.all_to_all' op split_dim 0 has 3 elements, not a multiple of the group size 2}}
  %r = hlo.all_to_all %x, split_dim = 0, concat_dim = 1, groups = dense<[[0, 1]]> : tensor<1x2xi64> : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @all_to_all_result(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_to_all' op result must be 'tensor<1x8xf32>'}}
  %r = hlo.all_to_all %x, split_dim = 0, concat_dim = 1, groups = dense<[[0, 1]]> : tensor<1x2xi64> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @all_to_all_every_device(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_to_all' op groups must name the devices, all groups of one size}}
  %r = hlo.all_to_all %x, split_dim = 0, concat_dim = 0, groups = dense<> : tensor<0x0xi64> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @permute_two_targets(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op device 1 is the target of two pairs}}
  %r = hlo.collective_permute %x, pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64> : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @permute_pairs_shape(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op pairs must be an Nx2 tensor of (source, target)}}
  %r = hlo.collective_permute %x, pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64> : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @device_id_type() -> tensor<i64> {
  // expected-error @+1 {{'hlo.device_id' op result #0 must be 0D tensor of 32-bit unsigned integer or 32-bit signless integer values}}
  %id = hlo.device_id : tensor<i64>
  return %id : tensor<i64>
}
