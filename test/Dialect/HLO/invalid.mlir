// RUN: fuse-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Element types, static shapes and trait rules
//===----------------------------------------------------------------------===//

func.func @exponential_int_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.exponential' op operand #0 must be statically shaped tensor of floating-point or complex values}}
  %r = hlo.exponential %x : tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @floor_pred_operand(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.floor' op operand #0 must be statically shaped tensor of floating-point values}}
  %r = hlo.floor %x : tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

func.func @abs_pred_operand(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.abs' op operand #0 must be statically shaped tensor of signless or unsigned integer or floating-point or complex values}}
  %r = hlo.abs %x : tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

func.func @not_float_operand(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.not' op operand #0 must be statically shaped tensor of pred (i1) or signless or unsigned integer values}}
  %r = hlo.not %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @and_float_operand(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.and' op operand #0 must be statically shaped tensor of pred (i1) or signless or unsigned integer values}}
  %r = hlo.and %a, %b : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @add_pred_operand(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.add' op operand #0 must be statically shaped tensor of signless or unsigned integer or floating-point or complex values}}
  %r = hlo.add %a, %b : tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

func.func @atan2_int_operand(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.atan2' op operand #0 must be statically shaped tensor of floating-point values}}
  %r = hlo.atan2 %a, %b : tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @signed_element_type_rejected(%a: tensor<4xsi32>, %b: tensor<4xsi32>) -> tensor<4xsi32> {
  // expected-error @+1 {{'hlo.add' op operand #0 must be statically shaped tensor of signless or unsigned integer or floating-point or complex values}}
  %r = hlo.add %a, %b : tensor<4xsi32>
  return %r : tensor<4xsi32>
}

// -----

func.func @complex_element_type_rejected(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.tanh' op operand #0 must be statically shaped tensor of floating-point values}}
  %r = hlo.tanh %a : tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// -----

func.func @dynamic_shape_rejected(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.add' op operand #0 must be statically shaped tensor}}
  %r = hlo.add %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @add_mismatched_types(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.add' op requires the same type for all operands and results}}
  %r = "hlo.add"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @negate_mismatched_result_type(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.negate' op requires the same type for all operands and results}}
  %r = "hlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

func.func @is_finite_int_operand(%x: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.is_finite' op operand #0 must be statically shaped tensor of floating-point values}}
  %r = hlo.is_finite %x : tensor<4xi32>
  return %r : tensor<4xi1>
}

// -----

func.func @is_finite_shape_mismatch(%x: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'hlo.is_finite' op all non-scalar operands/results must have the same shape and base type}}
  %r = "hlo.is_finite"(%x) : (tensor<4xf32>) -> tensor<3xi1>
  return %r : tensor<3xi1>
}

// -----

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

func.func @constant_non_tensor() -> vector<2xf32> {
  // expected-error @+1 {{'hlo.constant' op result #0 must be statically shaped tensor}}
  %c = hlo.constant dense<1.0> : vector<2xf32>
  return %c : vector<2xf32>
}

// -----

func.func @constant_dynamic_shape() {
  // expected-error @+1 {{elements literal type must have static shape}}
  %c = hlo.constant dense<1.0> : tensor<?xf32>
  return
}

// -----

func.func @constant_dynamic_result_type() -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.constant' op result #0 must be statically shaped tensor}}
  %c = "hlo.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

func.func @constant_wrong_result_type() -> tensor<3xf32> {
  // expected-error @+2 {{'hlo.constant' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = "hlo.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %c : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// iota
//===----------------------------------------------------------------------===//

func.func @iota_c1_rank0() -> tensor<f32> {
  // expected-error @+1 {{iota needs a result of rank 1 or more}}
  %r = hlo.iota dim = 0 : tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @iota_c1() -> tensor<2x3xf32> {
  // expected-error @+1 {{iota_dimension 2 is not a dimension of rank 2}}
  %r = hlo.iota dim = 2 : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @iota_c1_negative() -> tensor<2x3xf32> {
  // expected-error @+1 {{iota_dimension -1 is not a dimension of rank 2}}
  %r = hlo.iota dim = -1 : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @iota_pred_result() -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.iota' op result #0 must be statically shaped tensor of signless or unsigned integer or floating-point values}}
  %r = hlo.iota dim = 0 : tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// compare, select, clamp, convert
//===----------------------------------------------------------------------===//

func.func @compare_mismatched_operand_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.compare' op failed to verify that all of {lhs, rhs} have same type}}
  %r = "hlo.compare"(%a, %b) <{comparison_direction = 2 : i32}> : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

func.func @compare_wrong_result_shape(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'hlo.compare' op all non-scalar operands/results must have the same shape and base type}}
  %r = "hlo.compare"(%a, %b) <{comparison_direction = 2 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<3xi1>
  return %r : tensor<3xi1>
}

// -----

func.func @compare_unknown_direction(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{expected}}
  %r = hlo.compare XX, %a, %b : tensor<4xf32>
  return %r : tensor<4xi1>
}

// -----

func.func @select_c1(%p: tensor<3xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{pred of shape 'tensor<3xi1>' must be rank 0 or have the shape of 'tensor<4xf32>'}}
  %r = hlo.select %p, %a, %b : tensor<3xi1>, tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @select_int_pred(%p: tensor<4xi32>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.select' op operand #0 must be statically shaped tensor of pred (i1) values}}
  %r = hlo.select %p, %a, %b : tensor<4xi32>, tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @select_mismatched_types(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.select' op failed to verify that all of {on_true, on_false, result} have same type}}
  %r = "hlo.select"(%p, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @clamp_c1(%lo: tensor<3xf32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{min of type 'tensor<3xf32>' must be rank 0 or have the shape of 'tensor<4xf32>'}}
  %r = hlo.clamp %lo, %x, %hi : tensor<3xf32>, tensor<4xf32>, tensor<f32>
  return %r : tensor<4xf32>
}

// -----

func.func @clamp_c2(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<2x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{max of type 'tensor<2x2xf32>' must be rank 0 or have the shape of 'tensor<4xf32>'}}
  %r = hlo.clamp %lo, %x, %hi : tensor<f32>, tensor<4xf32>, tensor<2x2xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @clamp_c3(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{max element type 'i32' differs from the operand's 'f32'}}
  %r = hlo.clamp %lo, %x, %hi : tensor<f32>, tensor<4xf32>, tensor<i32>
  return %r : tensor<4xf32>
}

// -----

func.func @clamp_mismatched_result_type(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.clamp' op failed to verify that all of {operand, result} have same type}}
  %r = "hlo.clamp"(%lo, %x, %hi) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

func.func @convert_shape_mismatch(%x: tensor<4xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{'hlo.convert' op all non-scalar operands/results must have the same shape and base type}}
  %r = hlo.convert %x : (tensor<4xf32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// broadcast_in_dim
//===----------------------------------------------------------------------===//

func.func @broadcast_in_dim_c1(%x: tensor<4xf32>) -> tensor<3x4xf64> {
  // expected-error @+1 {{operand element type 'f32' differs from the result's 'f64'}}
  %r = hlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf64>
  return %r : tensor<3x4xf64>
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{broadcast_dimensions has 2 entries for an operand of rank 1}}
  %r = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{broadcast_dimensions has 2, which is not a dimension of rank 2}}
  %r = hlo.broadcast_in_dim %x, dims = [2] : (tensor<4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @broadcast_in_dim_c3_negative(%x: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{broadcast_dimensions has -1, which is not a dimension of rank 2}}
  %r = hlo.broadcast_in_dim %x, dims = [-1] : (tensor<4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{broadcast_dimensions repeats dimension 1}}
  %r = hlo.broadcast_in_dim %x, dims = [1, 1] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{operand dimension 0 of size 4 cannot be broadcast to result dimension 1 of size 3}}
  %r = hlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

func.func @reshape_c1(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{operand element type 'f32' differs from the result's 'i32'}}
  %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}

// -----

func.func @reshape_c2(%x: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{cannot reshape 6 elements into 5}}
  %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

func.func @transpose_c1(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{permutation has 3 entries for an operand of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @transpose_c1_repeated(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{permutation repeats dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.transpose"(%x) <{permutation = array<i64: 0, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

func.func @transpose_c1_out_of_range(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{permutation has 2, which is not a dimension of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.transpose %x, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

func.func @transpose_c2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.transpose' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

func.func @slice_c1(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{start_indices, limit_indices and strides need one entry per operand dimension (2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.slice %x, starts = [0, 1], limits = [2, 4], strides = [1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @slice_c2(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{slice [0, 5) of dimension 1 is outside its size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.slice %x, starts = [0, 0], limits = [2, 5], strides = [1, 2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @slice_c2_start_after_limit(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{slice [3, 2) of dimension 1 is outside its size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.slice %x, starts = [0, 3], limits = [2, 2], strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @slice_c2_negative_start(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{slice [-1, 2) of dimension 0 is outside its size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.slice %x, starts = [-1, 0], limits = [2, 2], strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @slice_c3(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{stride 0 of dimension 1 must be positive}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.slice %x, starts = [0, 0], limits = [2, 4], strides = [1, 0] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @slice_c4(%x: tensor<2x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.slice %x, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_slice_c1(%x: tensor<4x4xf32>, %i: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{needs one start index per dimension of an operand of rank 1 or more, got 1 for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x, %i) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf32>, tensor<i32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c1_rank0(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{needs one start index per dimension of an operand of rank 1 or more, got 0 for rank 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x) <{slice_sizes = array<i64>}> : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @dynamic_slice_c2(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error @+2 {{start indices must all have one type}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf32>, tensor<i32>, tensor<i64>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c3(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{slice_sizes has 1 entries for an operand of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2>}> : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c4(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x5xf32> {
  // expected-error @+2 {{slice size 5 of dimension 1 is not in [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 5>}> : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x5xf32>
  return %r : tensor<2x5xf32>
}

// -----

func.func @dynamic_slice_c4_negative(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{slice size -1 of dimension 0 is not in [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: -1, 2>}> : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_wrong_result_type(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_non_scalar_index(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of signless or unsigned integer values}}
  %r = "hlo.dynamic_slice"(%x, %i) <{slice_sizes = array<i64: 2>}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @dynamic_slice_float_index(%x: tensor<4xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of signless or unsigned integer values}}
  %r = "hlo.dynamic_slice"(%x, %i) <{slice_sizes = array<i64: 2>}> : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_update_slice_c1(%x: tensor<4x4xf32>, %u: tensor<2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{update 'tensor<2xf32>' must have the rank and element type of 'tensor<4x4xf32>'}}
  %r = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<4x4xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c1_element_type(%x: tensor<4x4xf32>, %u: tensor<2x2xi32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{update 'tensor<2x2xi32>' must have the rank and element type of 'tensor<4x4xf32>'}}
  %r = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<4x4xf32>, tensor<2x2xi32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c2(%x: tensor<4x4xf32>, %u: tensor<2x5xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{update dimension 1 of size 5 exceeds the operand's 4}}
  %r = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<4x4xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c3(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{needs one start index per dimension of an operand of rank 1 or more, got 1 for rank 2}}
  %r = hlo.dynamic_update_slice %x[%i], %u : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c3_rank0(%x: tensor<f32>, %u: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{needs one start index per dimension of an operand of rank 1 or more, got 0 for rank 0}}
  %r = "hlo.dynamic_update_slice"(%x, %u) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @dynamic_update_slice_c3_index_types(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
  // expected-error @+1 {{start indices must all have one type}}
  %r = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_mismatched_result_type(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to verify that all of {operand, result} have same type}}
  %r = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// concatenate
//===----------------------------------------------------------------------===//

func.func @concatenate_c1() -> tensor<0xf32> {
  // expected-error @+2 {{needs at least one input}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.concatenate"() <{dimension = 0 : i64}> : () -> tensor<0xf32>
  return %r : tensor<0xf32>
}

// -----

func.func @concatenate_c2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{input 1 of type 'tensor<3xf32>' must have the rank and element type of 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// -----

func.func @concatenate_c2_element_type(%a: tensor<2x3xf32>, %b: tensor<1x3xi32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{input 1 of type 'tensor<1x3xi32>' must have the rank and element type of 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xi32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

func.func @concatenate_c3(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{dimension 2 is not a dimension of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.concatenate"(%a, %b) <{dimension = 2 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

func.func @concatenate_c4(%a: tensor<2x3xf32>, %b: tensor<1x4xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{input 1 has size 4 in dimension 1 where input 0 has 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x4xf32>) -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// -----

func.func @concatenate_wrong_result_type(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'hlo.concatenate' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<4x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.concatenate"(%a, %b) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

func.func @pad_c1(%x: tensor<3xf32>, %v: tensor<1xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{padding_value must be a rank-0 tensor of 'f32', got 'tensor<1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<1xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @pad_c1_element_type(%x: tensor<3xf32>, %v: tensor<i32>) -> tensor<8xf32> {
  // expected-error @+2 {{padding_value must be a rank-0 tensor of 'f32', got 'tensor<i32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<i32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @pad_c2(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+2 {{low, high and interior padding need one entry per operand dimension (1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [1, 0], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @pad_c3(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{interior padding -1 of dimension 0 is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [2], high = [2], interior = [-1] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @pad_c4(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+2 {{padding leaves dimension 0 with negative size -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [-2], high = [-2], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
  return %r : tensor<0xf32>
}

// -----

func.func @pad_wrong_result_type(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<7xf32> {
  // expected-error @+2 {{'hlo.pad' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<7xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<7xf32>
  return %r : tensor<7xf32>
}

// -----

//===----------------------------------------------------------------------===//
// reverse
//===----------------------------------------------------------------------===//

func.func @reverse_c1(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimensions has 2, which is not a dimension of rank 2}}
  %r = hlo.reverse %x, dims = [2] : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @reverse_c1_repeated(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimensions repeats dimension 1}}
  %r = hlo.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

func.func @reverse_mismatched_result_type(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'hlo.reverse' op failed to verify that all of {operand, result} have same type}}
  %r = "hlo.reverse"(%x) <{dimensions = array<i64: 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

func.func @reduce_c1(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{needs as many init values as inputs (and at least one), got 2 inputs and 1 init values}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.reduce"(%x, %y, %c) <{dimensions = array<i64: 0>, operandSegmentSizes = array<i32: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %a, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @reduce_c1_no_inputs() {
  // expected-error @+2 {{needs as many init values as inputs (and at least one), got 0 inputs and 0 init values}}
  // expected-error @+1 {{failed to infer returned types}}
  "hlo.reduce"() <{dimensions = array<i64>, operandSegmentSizes = array<i32: 0, 0>}> ({
  ^bb0:
    "hlo.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @reduce_c2(%x: tensor<4x8xf32>, %y: tensor<8x4xf32>, %c: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+2 {{input 1 of type 'tensor<8x4xf32>' must have the shape of input 0, 'tensor<4x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r:2 = hlo.reduce(%x init %c), (%y init %c) dims = [1] : (tensor<4x8xf32>, tensor<8x4xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a0: tensor<f32>, %a1: tensor<f32>, %e0: tensor<f32>, %e1: tensor<f32>):
    %m0 = hlo.maximum %a0, %e0 : tensor<f32>
    %m1 = hlo.minimum %a1, %e1 : tensor<f32>
    hlo.return %m0, %m1 : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @reduce_c3(%x: tensor<4x8xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{init value 0 must be a rank-0 tensor of 'f32', got 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce add(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c3_element_type(%x: tensor<4x8xf32>, %c: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+2 {{init value 0 must be a rank-0 tensor of 'f32', got 'tensor<i32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce add(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<i32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @reduce_c4(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{dimensions has 2, which is not a dimension of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce add(%x init %c) dims = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c4_repeated(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{dimensions repeats dimension 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce add(%x init %c) dims = [1, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c5(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{body takes 3 arguments; it needs 2 (the accumulators, then the elements)}}
  %r = hlo.reduce(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>, %z: tensor<f32>):
    %s = hlo.add %a, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c5_argument_type(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{body argument 1 has type 'tensor<f64>', expected 'tensor<f32>'}}
  %r = hlo.reduce(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f64>):
    hlo.return %a : tensor<f32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c6(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{body returns ('tensor<f32>', 'tensor<f32>') where the init values are ('tensor<f32>')}}
  %r = hlo.reduce(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    hlo.return %a, %e : tensor<f32>, tensor<f32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c6_type(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{body returns ('tensor<i1>') where the init values are ('tensor<f32>')}}
  %r = hlo.reduce(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %p = hlo.compare LT, %a, %e : tensor<f32>
    hlo.return %p : tensor<i1>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_c7(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hlo.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce add(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @reduce_body_not_ending_in_return(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce' op body must end with hlo.return}}
  %r = hlo.reduce(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    ub.unreachable
  }
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_short_form_kind_element_type(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.and' op operand #0 must be statically shaped tensor of pred (i1) or signless or unsigned integer values, but got 'tensor<f32>'}}
  %r = hlo.reduce and(%x init %c) dims = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @reduce_unknown_kind(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown reduction kind 'foo'}}
  %r = hlo.reduce foo(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @reduce_short_form_two_inputs(%x: tensor<4x8xf32>, %c: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{the short form takes exactly one input}}
  %r:2 = hlo.reduce add(%x init %c), (%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @reduce_operand_type_count(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 operand types, got 1}}
  %r = hlo.reduce add(%x init %c) dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

func.func @dot_general_c1(%a: tensor<8x4x16xf32>, %b: tensor<8x16x5xf32>) -> tensor<8x4x5xf32> {
  // expected-error @+2 {{lhs has 1 batching dimensions but rhs has 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.dot_general"(%a, %b) <{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>}> : (tensor<8x4x16xf32>, tensor<8x16x5xf32>) -> tensor<8x4x5xf32>
  return %r : tensor<8x4x5xf32>
}

// -----

func.func @dot_general_c2(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{lhs has 2 contracting dimensions but rhs has 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, contracting_dims = [0, 1] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dot_general_c3(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{lhs batching and contracting dimensions has 2, which is not a dimension of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dot_general_c3_repeated(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{rhs batching and contracting dimensions repeats dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @dot_general_c4(%a: tensor<8x4x16xf32>, %b: tensor<7x16x5xf32>) -> tensor<8x4x5xf32> {
  // expected-error @+2 {{batching dimension sizes differ: lhs 0 has 8, rhs 0 has 7}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x16xf32>, tensor<7x16x5xf32>) -> tensor<8x4x5xf32>
  return %r : tensor<8x4x5xf32>
}

// -----

func.func @dot_general_c5(%a: tensor<4x8xf32>, %b: tensor<7x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{contracting dimension sizes differ: lhs 1 has 8, rhs 0 has 7}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<7x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dot_general_c6(%a: tensor<4x8xf32>, %b: tensor<8x4xf16>) -> tensor<4x4xf32> {
  // expected-error @+2 {{lhs element type 'f32' differs from the rhs's 'f16'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x4xf16>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @dot_general_c7(%a: tensor<8x4x16xf32>, %b: tensor<8x16x5xf32>) -> tensor<4x8x5xf32> {
  // expected-error @+2 {{'hlo.dot_general' op inferred type(s) 'tensor<8x4x5xf32>' are incompatible with return type(s) of operation 'tensor<4x8x5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x16xf32>, tensor<8x16x5xf32>) -> tensor<4x8x5xf32>
  return %r : tensor<4x8x5xf32>
}

// -----

func.func @dot_general_pred_operands(%a: tensor<4x8xi1>, %b: tensor<8x4xi1>) -> tensor<4x4xi1> {
  // expected-error @+1 {{'hlo.dot_general' op operand #0 must be statically shaped tensor of signless or unsigned integer or floating-point or complex values}}
  %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xi1>, tensor<8x4xi1>) -> tensor<4x4xi1>
  return %r : tensor<4x4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

func.func @dot_c1(%a: tensor<2x4x8xf32>, %b: tensor<8xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{operands must be of rank 1 or 2, got 'tensor<2x4x8xf32>' and 'tensor<8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot %a, %b : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @dot_c1_rank0(%a: tensor<f32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{operands must be of rank 1 or 2, got 'tensor<f32>' and 'tensor<8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot %a, %b : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @dot_c2(%a: tensor<4x8xf32>, %b: tensor<7xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{contracting dimension sizes differ: lhs 1 has 8, rhs 0 has 7}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot %a, %b : (tensor<4x8xf32>, tensor<7xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @dot_c3(%a: tensor<4x8xf32>, %b: tensor<8xi32>) -> tensor<4xf32> {
  // expected-error @+2 {{lhs element type 'f32' differs from the rhs's 'i32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot %a, %b : (tensor<4x8xf32>, tensor<8xi32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @dot_wrong_result_type(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hlo.dot' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.dot %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// fusion
//===----------------------------------------------------------------------===//

func.func @fusion_c1(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op body arguments ('tensor<4xf32>') must match the inputs ('tensor<4xf32>', 'tensor<4xf32>')}}
  %r = hlo.fusion loop(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    hlo.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_c1_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op body arguments ('tensor<4xf64>') must match the inputs ('tensor<4xf32>')}}
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf64>):
    hlo.yield %a : tensor<4xf64>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.fusion' op must have at least one result}}
  hlo.fusion loop(%x) : (tensor<4xf32>) -> () {
  ^bb0(%a: tensor<4xf32>):
    "hlo.yield"() : () -> ()
  }
  return
}

// -----

func.func @fusion_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op body yields ('tensor<4xi1>') but the results are ('tensor<4xf32>')}}
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %f = hlo.is_finite %a : tensor<4xf32>
    hlo.yield %f : tensor<4xi1>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_c5_loop_with_reduce(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.fusion' op is a loop fusion but holds a reduce or a contraction}}
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<4xf32>):
    %z = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce add(%a init %z) dims = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    hlo.yield %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @fusion_c4(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'arith.addf' op cannot be inside hlo.fusion: a fusion body holds hlo ops other than hlo.fusion, hlo.while, hlo.case and the transfers}}
    %s = arith.addf %a, %a : tensor<4xf32>
    hlo.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_c4_nested_fusion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'hlo.fusion' op cannot be inside hlo.fusion: a fusion body holds hlo ops other than hlo.fusion, hlo.while, hlo.case and the transfers}}
    %n = hlo.fusion loop(%a) : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%b: tensor<4xf32>):
      %s = hlo.add %b, %b : tensor<4xf32>
      hlo.yield %s : tensor<4xf32>
    }
    hlo.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_body_not_ending_in_yield(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op body must end with hlo.yield}}
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    ub.unreachable
  }
  return %r : tensor<4xf32>
}

// -----

func.func @fusion_unknown_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected}}
  %r = hlo.fusion bogus(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    hlo.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @yield_outside_fusion(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.yield' op expects parent op 'hlo.fusion'}}
  hlo.yield %x : tensor<4xf32>
}

// -----

func.func @pad_c4_overflow(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+2 {{'hlo.pad' op padding overflows the size of dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.pad %x, %v, low = [9223372036854775807], high = [9223372036854775807], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// C4 holds inside the bodies of nested reduces too.
func.func @fusion_c4_nested(%x: tensor<4xf32>) -> tensor<f32> {
  %r = hlo.fusion input(%x) : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<4xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce(%a init %zero) dims = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
    ^bb1(%acc: tensor<f32>, %e: tensor<f32>):
      // expected-error @+1 {{'arith.addf' op cannot be inside hlo.fusion}}
      %t = arith.addf %acc, %e : tensor<f32>
      hlo.return %t : tensor<f32>
    }
    hlo.yield %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

func.func @while_c1(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.while' op region arguments ('tensor<4xf32>', 'tensor<4xf32>') must match the loop-carried values ('tensor<4xf32>')}}
  %r = "hlo.while"(%x) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  }, {
  ^bb0(%a: tensor<4xf32>):
    hlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @while_c2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.while' op cond must return one tensor<i1>, not ('tensor<4xi1>')}}
  %r = hlo.while(%v = %x) : tensor<4xf32> cond {
    %p = hlo.compare LT, %v, %v : tensor<4xf32>
    hlo.return %p : tensor<4xi1>
  } do {
    hlo.return %v : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_c3(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.while' op body returns ('tensor<4xf64>') but the loop-carried values are ('tensor<4xf32>')}}
  %r = hlo.while(%v = %x) : tensor<4xf32> cond {
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } do {
    %w = hlo.convert %v : (tensor<4xf32>) -> tensor<4xf64>
    hlo.return %w : tensor<4xf64>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_result_types(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+2 {{'hlo.while' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.while' op failed to infer returned types}}
  %r = "hlo.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  }, {
  ^bb0(%a: tensor<4xf32>):
    hlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// -----

func.func @while_types_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{1 loop-carried values but 2 types}}
  %r = hlo.while(%v = %x) : tensor<4xf32>, tensor<i1> cond {
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } do {
    hlo.return %v : tensor<4xf32>
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// case
//===----------------------------------------------------------------------===//

func.func @case_c1(%i: tensor<i32>) {
  // expected-error @+1 {{'hlo.case' op must have at least one branch}}
  "hlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_c2(%i: tensor<i32>) {
  // expected-error @+1 {{'hlo.case' op branch 0 must take no arguments}}
  "hlo.case"(%i) ({
  ^bb0(%a: tensor<i32>):
    hlo.return
  }) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_c3(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.case' op branch 1 returns ('tensor<i32>') but the results are ('tensor<4xf32>')}}
  %r = hlo.case %i -> tensor<4xf32> {
    hlo.return %x : tensor<4xf32>
  }, {
    hlo.return %i : tensor<i32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @case_index_type(%i: tensor<i64>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.case' op operand #0 must be 0D tensor of 32-bit signless integer values}}
  %r = "hlo.case"(%i) ({
    hlo.return %x : tensor<4xf32>
  }) : (tensor<i64>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @return_outside(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.return' op expects parent op to be one of 'hlo.reduce, hlo.reduce_window, hlo.select_and_scatter, hlo.while, hlo.case, hlo.scatter, hlo.sort, hlo.all_reduce, hlo.reduce_scatter'}}
  hlo.return %x : tensor<4xf32>
}

// -----

func.func @fusion_c4_while(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'hlo.while' op cannot be inside hlo.fusion}}
    %w = hlo.while(%v = %a) : tensor<4xf32> cond {
      %f = hlo.constant dense<false> : tensor<i1>
      hlo.return %f : tensor<i1>
    } do {
      hlo.return %v : tensor<4xf32>
    }
    hlo.yield %w : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// gather and scatter
//===----------------------------------------------------------------------===//

func.func @gather_c1(%x: tensor<50x16xf32>, %i: tensor<7xi32>) -> tensor<7x16xf32> {
  // expected-error @+2 {{index_vector_dim 2 is outside [0, 1]}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2, slice_sizes = [1, 16] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x16xf32>
  return %r : tensor<7x16xf32>
}

// -----

func.func @gather_c2(%x: tensor<50x16xf32>, %i: tensor<7x2xi32>) -> tensor<7x16xf32> {
  // expected-error @+2 {{start_index_map has 1 dimensions but the index vectors have 2 elements}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 16] : (tensor<50x16xf32>, tensor<7x2xi32>) -> tensor<7x16xf32>
  return %r : tensor<7x16xf32>
}

// -----

func.func @gather_c3(%x: tensor<50x16xf32>, %i: tensor<7xi32>) -> tensor<7x16xf32> {
  // expected-error @+2 {{offset_dims holds 2, outside [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 16] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x16xf32>
  return %r : tensor<7x16xf32>
}

// -----

func.func @gather_c4(%x: tensor<50x16xf32>, %i: tensor<7xi32>) -> tensor<7x16xf32> {
  // expected-error @+2 {{dimension 0 is dropped from the slice but its size is 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [2, 16] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x16xf32>
  return %r : tensor<7x16xf32>
}

// -----

func.func @gather_c5(%x: tensor<4x9xf32>, %i: tensor<4x3xi32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{start_index_map and operand_batching_dims both hold 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [1], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1] : (tensor<4x9xf32>, tensor<4x3xi32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @gather_c6(%x: tensor<5x9xf32>, %i: tensor<4x3xi32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{batching dimension 0 of the operand and 0 of the indices differ in size}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1] : (tensor<5x9xf32>, tensor<4x3xi32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

func.func @gather_c7(%x: tensor<50x16xf32>, %i: tensor<7x2xi32>) -> tensor<7x1xf32> {
  // expected-error @+2 {{start_index_map holds 0 twice}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1, slice_sizes = [1, 1] : (tensor<50x16xf32>, tensor<7x2xi32>) -> tensor<7x1xf32>
  return %r : tensor<7x1xf32>
}

// -----

func.func @gather_c8(%x: tensor<50x16xf32>, %i: tensor<7xi32>) -> tensor<7x17xf32> {
  // expected-error @+2 {{slice size 17 of dimension 1 does not fit in the operand}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 17] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x17xf32>
  return %r : tensor<7x17xf32>
}

// -----

func.func @gather_c9(%x: tensor<50x16xf32>, %i: tensor<7xi32>) -> tensor<7x1x16xf32> {
  // expected-error @+2 {{offset_dims has 2 dimensions but the slice keeps 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.gather %x[%i], offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 16] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x1x16xf32>
  return %r : tensor<7x1x16xf32>
}

// -----

func.func @scatter_c1(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{index_vector_dim 3 is outside [0, 2]}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c2(%x: tensor<50x16xf32>, %i: tensor<7x2xi32>, %u: tensor<7x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims has 1 dimensions but the index vectors have 2 elements}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x2xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c3(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{update_window_dims holds 2, outside [0, 2)}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c4(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{inserted_window_dims holds 0 twice}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c7(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{update_window_dims has 1 dimensions but the operand leaves 2 for the window}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c8(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<6x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{scatter dimension 0 of the updates has size 6 but the indices' has 7}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<6x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c8_window(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x17xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{window dimension 1 of size 17 exceeds operand dimension 1}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x17xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c9(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x16xf64>) -> tensor<50x16xf32> {
  // expected-error @+1 {{'hlo.scatter' op updates have element type 'f64' but the operand 'f32'}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf64>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

func.func @scatter_c10(%x: tensor<50x16xf32>, %i: tensor<7x1xi32>, %u: tensor<7x16xf32>) -> tensor<50x16xf32> {
  // expected-error @+1 {{'hlo.scatter' op body must take two 'tensor<f32>' and return one with hlo.return}}
  %r = hlo.scatter %x[%i], %u, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f64>):
    hlo.return %a : tensor<f32>
  }
  return %r : tensor<50x16xf32>
}

// -----

//===----------------------------------------------------------------------===//
// convolution
//===----------------------------------------------------------------------===//

func.func @convolution_c1(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{'b01b' names 'b' twice}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01b_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c1_spatial(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{the input, kernel and output of 'b01f_0io->b01f' differ in their number of spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_0io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c2(%x: tensor<2x9x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{dim_labels 'b01f_01io->b01f' describe rank 4 tensors, not ranks 3 and 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c3(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{padding_high has 1 values for 2 spatial dimensions}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c4(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{window_strides must be at least 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [0, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c5(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x2x6xf32>) -> tensor<1x7x7x6xf32> {
  // expected-error @+2 {{feature_group_count and batch_group_count must be at least 1, and not both above 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] {feature_group_count = 2 : i64, batch_group_count = 2 : i64} : (tensor<2x9x9x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x7x7x6xf32>
  return %y : tensor<1x7x7x6xf32>
}

// -----

func.func @convolution_c6(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x3x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{the input's 4 features in 1 groups do not match the kernel's 3 input features}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x3x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c7(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x1x6xf32>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{the kernel's 6 output features are not divisible by the group count}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] {feature_group_count = 4 : i64} : (tensor<2x9x9x4xf32>, tensor<3x3x1x6xf32>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

func.func @convolution_c8(%x: tensor<3x9x9x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<1x7x7x6xf32> {
  // expected-error @+2 {{the batch of 3 is not divisible by batch_group_count 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] {batch_group_count = 2 : i64} : (tensor<3x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<1x7x7x6xf32>
  return %y : tensor<1x7x7x6xf32>
}

// -----

func.func @convolution_c9(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf16>) -> tensor<2x7x7x6xf32> {
  // expected-error @+2 {{the input and the kernel differ in element type}}
  // expected-error @+1 {{failed to infer returned types}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf16>) -> tensor<2x7x7x6xf32>
  return %y : tensor<2x7x7x6xf32>
}

// -----

//===----------------------------------------------------------------------===//
// reduce_window and select_and_scatter
//===----------------------------------------------------------------------===//

func.func @reduce_window_c1(%x: tensor<5x6xf32>, %y: tensor<5x5xf32>, %i: tensor<f32>) -> (tensor<4x5xf32>, tensor<4x4xf32>) {
  // expected-error @+2 {{the inputs differ in shape}}
  // expected-error @+1 {{failed to infer returned types}}
  %r:2 = hlo.reduce_window(%x, %y) init(%i, %i), window = [2, 2], strides = [1, 1], padding = [0, 0] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<5x6xf32>, tensor<5x5xf32>, tensor<f32>, tensor<f32>) -> (tensor<4x5xf32>, tensor<4x4xf32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x4xf32>
}

// -----

func.func @reduce_window_c2(%x: tensor<5x6xf32>, %i: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{window_strides has 1 values for an operand of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce_window(%x) init(%i), window = [2, 2], strides = [1], padding = [0, 0] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<5x6xf32>, tensor<f32>) -> tensor<4x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %r : tensor<4x5xf32>
}

// -----

func.func @reduce_window_c3(%x: tensor<5x6xf32>, %i: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{window_dimensions must be at least 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce_window(%x) init(%i), window = [2, 0], strides = [1, 1], padding = [0, 0] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<5x6xf32>, tensor<f32>) -> tensor<4x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %r : tensor<4x5xf32>
}

// -----

func.func @reduce_window_c4(%x: tensor<5x6xf32>, %i: tensor<i32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{each init value must be a rank-0 tensor of its input's element type}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "hlo.reduce_window"(%x, %i) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, padding_low = array<i64: 0, 0>, padding_high = array<i64: 0, 0>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }) : (tensor<5x6xf32>, tensor<i32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}

// -----

func.func @select_and_scatter_c6(%x: tensor<4x6xf32>, %dy: tensor<2x2xf32>, %zero: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op source has shape (2, 2) but the operand has (2, 3) windows}}
  %r = hlo.select_and_scatter %x, %dy, %zero, window = [2, 2], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : tensor<f32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<4x6xf32>
}

// -----

func.func @select_and_scatter_c7(%x: tensor<4x6xf32>, %dy: tensor<2x3xf32>, %zero: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.select_and_scatter' op select must take two rank-0 tensors of the element type and return a tensor<i1>}}
  %r = hlo.select_and_scatter %x, %dy, %zero, window = [2, 2], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %r : tensor<4x6xf32>
}

// -----

func.func @shift_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.shift_left' op operand #0 must be statically shaped tensor of signless or unsigned integer values}}
  %r = hlo.shift_left %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @erf_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.erf' op operand #0 must be statically shaped tensor of floating-point values}}
  %r = hlo.erf %x : tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @compare_total_order_int(%x: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.compare' op compare_type TOTALORDER does not apply to 'i32' elements}}
  %r = hlo.compare LT, %x, %x, TOTALORDER : tensor<4xi32>
  return %r : tensor<4xi1>
}

// -----

func.func @compare_unsigned_float(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.compare' op compare_type UNSIGNED does not apply to 'f32' elements}}
  %r = hlo.compare LT, %x, %x, UNSIGNED : tensor<4xf32>
  return %r : tensor<4xi1>
}

// -----

func.func @sort_shapes(%x: tensor<4xf32>, %y: tensor<5xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{the inputs differ in shape}}
  %s:2 = hlo.sort(%x, %y) dimension = 0 : tensor<4xf32>, tensor<5xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s#0 : tensor<4xf32>
}

// -----

func.func @sort_dimension(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 is not a dimension of rank 1}}
  %s = hlo.sort(%x) dimension = 1 : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s : tensor<4xf32>
}

// -----

func.func @sort_comparator_arguments(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.sort' op comparator must take two rank-0 tensors of each input's element type, input by input}}
  %s:2 = hlo.sort(%x, %y) dimension = 0 : tensor<4xf32>, tensor<4xi32> {
  ^bb0(%a: tensor<f32>, %i: tensor<i32>, %b: tensor<f32>, %j: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s#0 : tensor<4xf32>
}

// -----

func.func @sort_comparator_result(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.sort' op comparator must return one tensor<i1>}}
  %s = hlo.sort(%x) dimension = 0 : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %s : tensor<4xf32>
}

// -----

func.func @topk_rank(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{topk needs an operand of rank 1 or more}}
  %v, %i = hlo.topk %x, k = 1 : tensor<f32>
  return %x : tensor<f32>
}

// -----

func.func @topk_k(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{k = 5 is not in [0, 4], the size of the last dimension}}
  %v, %i = hlo.topk %x, k = 5 : tensor<4xf32>
  return %x : tensor<4xf32>
}

// -----

func.func @bitcast_convert_widths(%x: tensor<4xf32>) -> tensor<4xi64> {
  // expected-error @+1 {{'hlo.bitcast_convert' op reinterprets 32-bit elements as 64-bit ones: the widths must be equal}}
  %r = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// -----

func.func @rng_three_fry_state(%s: tensor<3xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{'hlo.rng_bit_generator' op initial_state must be a u64 tensor of 2 elements (key, counter) for three_fry, got 'tensor<3xui64>'}}
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %b : tensor<4xui32>
}

// -----

func.func @rng_philox_state(%s: tensor<2xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{'hlo.rng_bit_generator' op initial_state must be a u64 tensor of 2 or 3 elements (key, counter) for philox, got 'tensor<2xui32>'}}
  %s2, %b = hlo.rng_bit_generator %s, algorithm = default : (tensor<2xui32>) -> (tensor<2xui32>, tensor<4xui32>)
  return %b : tensor<4xui32>
}

// -----

func.func @rng_output_state(%s: tensor<2xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{'hlo.rng_bit_generator' op output_state must have the type of initial_state 'tensor<2xui64>', got 'tensor<2xi64>'}}
  %s2, %b = hlo.rng_bit_generator %s, algorithm = philox : (tensor<2xui64>) -> (tensor<2xi64>, tensor<4xui32>)
  return %b : tensor<4xui32>
}

// -----

func.func @rng_float_output(%s: tensor<2xui64>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.rng_bit_generator' op result #1 must be statically shaped tensor of signless or unsigned integer values}}
  %s2, %b = hlo.rng_bit_generator %s, algorithm = philox : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf32>)
  return %b : tensor<4xf32>
}

// -----

func.func @reduce_precision_bits(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.reduce_precision' op needs exponent_bits >= 1 and mantissa_bits >= 0, got 0 and 3}}
  %r = hlo.reduce_precision %x, exponent_bits = 0, mantissa_bits = 3 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @cholesky_rank(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{the operand must have rank 2 or more, not 1}}
  %l = hlo.cholesky %x {lower} : tensor<4xf32>
  return %l : tensor<4xf32>
}

// -----

func.func @cholesky_square(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{the operand must hold square matrices, not 4x3}}
  %l = hlo.cholesky %x : tensor<4x3xf32>
  return %l : tensor<4x3xf32>
}

// -----

func.func @cholesky_integers(%x: tensor<4x4xi32>) -> tensor<4x4xi32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of floating-point values}}
  %l = hlo.cholesky %x : tensor<4x4xi32>
  return %l : tensor<4x4xi32>
}

// -----

func.func @triangular_solve_batch(%a: tensor<2x4x4xf32>, %b: tensor<3x4x2xf32>) -> tensor<3x4x2xf32> {
  // expected-error @+1 {{a and b must have the same batch dimensions}}
  %x = hlo.triangular_solve %a, %b {left_side} : (tensor<2x4x4xf32>, tensor<3x4x2xf32>) -> tensor<3x4x2xf32>
  return %x : tensor<3x4x2xf32>
}

// -----

func.func @triangular_solve_side(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{b's columns (2) must match a's order (4)}}
  %x = hlo.triangular_solve %a, %b {lower} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %x : tensor<4x2xf32>
}

// -----

func.func @triangular_solve_rank(%a: tensor<4x4xf32>, %b: tensor<1x4x2xf32>) -> tensor<1x4x2xf32> {
  // expected-error @+1 {{a and b must have the same rank, not 2 and 3}}
  %x = hlo.triangular_solve %a, %b {left_side} : (tensor<4x4xf32>, tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %x : tensor<1x4x2xf32>
}

// -----

func.func @triangular_solve_types(%a: tensor<4x4xf32>, %b: tensor<4x2xf64>) -> tensor<4x2xf64> {
  // expected-error @+1 {{failed to verify that all of {a, b} have same element type}}
  %x = hlo.triangular_solve %a, %b {left_side} : (tensor<4x4xf32>, tensor<4x2xf64>) -> tensor<4x2xf64>
  return %x : tensor<4x2xf64>
}

// -----

func.func @lu_pivots(%a: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  // expected-error @+1 {{pivots must have the operand's shape without its last dimension}}
  %lu, %p = hlo.lu %a : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<4xi32>)
  return %lu : tensor<2x4x4xf32>
}

// -----

func.func @lu_square(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{the operand must hold square matrices, not 4x3}}
  %lu, %p = hlo.lu %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4xi32>)
  return %lu : tensor<4x3xf32>
}

// -----

func.func @eigh_square(%a: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{the operand must hold square matrices, not 4x3}}
  %v, %w, %i = hlo.eigh %a : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4xf32>, tensor<i32>)
  return %w : tensor<4xf32>
}

// -----

func.func @eigh_values(%a: tensor<2x4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{values must have shape [2, 4], not 'tensor<4xf32>'}}
  %v, %w, %i = hlo.eigh %a : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<4xf32>, tensor<2xi32>)
  return %w : tensor<4xf32>
}

// -----

func.func @eigh_half(%a: tensor<4x4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{decomposes f32 or f64 matrices, not 'f16'}}
  %v, %w, %i = hlo.eigh %a : (tensor<4x4xf16>) -> (tensor<4x4xf16>, tensor<4xf16>, tensor<i32>)
  return %w : tensor<4xf16>
}

// -----

func.func @svd_rank(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{the operand must have rank 2 or more, not 1}}
  %s, %u, %vt, %i = hlo.svd %a : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<i32>)
  return %s : tensor<4xf32>
}

// -----

func.func @svd_reduced_u(%a: tensor<5x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{u must have shape [5, 3], not 'tensor<5x5xf32>'}}
  %s, %u, %vt, %i = hlo.svd %a : (tensor<5x3xf32>) -> (tensor<3xf32>, tensor<5x5xf32>, tensor<3x3xf32>, tensor<i32>)
  return %s : tensor<3xf32>
}

// -----

func.func @svd_full_vt(%a: tensor<3x5xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{vt must have shape [5, 5], not 'tensor<3x5xf32>'}}
  %s, %u, %vt, %i = hlo.svd %a {full_matrices} : (tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3x3xf32>, tensor<3x5xf32>, tensor<i32>)
  return %s : tensor<3xf32>
}

// -----

func.func @svd_info(%a: tensor<2x3x3xf64>) -> tensor<2x3xf64> {
  // expected-error @+1 {{info must have shape [2], not 'tensor<i32>'}}
  %s, %u, %vt, %i = hlo.svd %a : (tensor<2x3x3xf64>) -> (tensor<2x3xf64>, tensor<2x3x3xf64>, tensor<2x3x3xf64>, tensor<i32>)
  return %s : tensor<2x3xf64>
}
