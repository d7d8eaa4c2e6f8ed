// RUN: fuse-opt %s --algebraic-simplify=explain -split-input-file -verify-diagnostics -o /dev/null

// The reasons --algebraic-simplify gives for rewrites it recognised in part
// and did not do.

func.func @sum_of_broadcast(%a: tensor<16xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  // expected-remark @below {{reduction of a broadcast not folded: a sum (product) of n copies of a value rounds differently from n times the value (its n-th power)}}
  %m = hlo.reduce add(%b init %zero) dims = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %m : tensor<16xf32>
}

// -----

func.func @max_over_empty_dims(%a: tensor<8xf32>) -> tensor<8xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<8xf32>) -> tensor<0x8xf32>
  // expected-remark @below {{reduction of a broadcast not folded: a reduced dimension is empty: the result is the init value, not the broadcast value}}
  %m = hlo.reduce maximum(%b init %ninf) dims = [0] : (tensor<0x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

func.func @max_over_operand_dims(%a: tensor<8xf32>) -> tensor<f32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  // expected-remark @below {{reduction of a broadcast not folded: the reduction is not over broadcast dimensions only}}
  %m = hlo.reduce maximum(%b init %ninf) dims = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  return %m : tensor<f32>
}

// -----

func.func @distances_shared_difference(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> (tensor<32x24xf32>, tensor<32x24x8xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xf32>
  // expected-remark @below {{squared distance not rewritten: the differences or their squares are used elsewhere, so the N x M x K tensor would stay}}
  %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
  return %r, %d : tensor<32x24xf32>, tensor<32x24x8xf32>
}

// -----

func.func @distances_integer(%a: tensor<32x8xi32>, %b: tensor<24x8xi32>) -> tensor<32x24xi32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xi32>) -> tensor<32x24x8xi32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xi32>) -> tensor<32x24x8xi32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xi32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xi32>
  // expected-remark @below {{squared distance not rewritten: integer elements: the product form can overflow where the naive form does not}}
  %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<32x24x8xi32>, tensor<i32>) -> tensor<32x24xi32>
  return %r : tensor<32x24xi32>
}

// -----

func.func @distances_nonzero_init(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> tensor<32x24xf32> {
  %one = hlo.constant dense<1.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xf32>
  // expected-remark @below {{squared distance not rewritten: the reduction does not start from 0}}
  %r = hlo.reduce add(%sq init %one) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}

// -----

func.func @distances_over_rows(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> tensor<24x8xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xf32>
  // expected-remark @below {{squared distance not rewritten: the reduced dimension is not a dimension of both broadcast matrices}}
  %r = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<24x8xf32>
  return %r : tensor<24x8xf32>
}

// -----

// Gathered rows are moved after a product only when there are more indices
// than rows.
func.func @gather_of_fewer_indices(%t: tensor<32x4xf32>, %idx: tensor<16x1xi32>, %w: tensor<4x5xf32>) -> tensor<16x5xf32> {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<32x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  // expected-remark @below {{gathered product not rewritten: 16 indices into 32 rows: a product of the table would cost more than one of the gathered rows}}
  %p = hlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<16x4xf32>, tensor<4x5xf32>) -> tensor<16x5xf32>
  return %p : tensor<16x5xf32>
}

// -----

// Gathered rows contracted with the other operand's columns: a scatter-add
// would need that operand's rows.
func.func @gathered_rows_times_columns(%t: tensor<6x4xf32>, %idx: tensor<16x1xi32>, %u: tensor<5x16xf32>) -> tensor<4x5xf32> {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  // expected-remark @below {{gathered product not rewritten: the gathered rows are contracted with the other operand's columns, not its rows}}
  %p = hlo.dot_general %g, %u, contracting_dims = [0] x [1] : (tensor<16x4xf32>, tensor<5x16xf32>) -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}
