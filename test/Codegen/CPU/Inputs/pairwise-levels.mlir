// Reductions whose partials take every path of the pairwise combination:
// levels grouped by four, by fewer, and odd levels one at a time. The float
// sums add squares, so that their relative error against float64 measures
// the order they sum in (test/Integration/CPU/accuracy/sums.mlir).

// 8192 rows: 128 leaves of 64 (4 + 3 levels).
func.func @column_sum_128_leaves(%x: tensor<8192x24xf32>) -> tensor<24xf32> {
  %sq = hlo.multiply %x, %x : tensor<8192x24xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<8192x24xf32>, tensor<f32>) -> tensor<24xf32>
  return %s : tensor<24xf32>
}

// 384 rows: 6 leaves of 64 (one even level, an odd one, one even).
func.func @column_sum_6_leaves(%x: tensor<384x40xf32>) -> tensor<40xf32> {
  %sq = hlo.multiply %x, %x : tensor<384x40xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<384x40xf32>, tensor<f32>) -> tensor<40xf32>
  return %s : tensor<40xf32>
}

// 1001 = 77 leaves of 13: odd levels, then two at once.
func.func @full_sum_odd(%x: tensor<1001xf32>) -> tensor<f32> {
  %sq = hlo.multiply %x, %x : tensor<1001xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<1001xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}

// An exact combiner: integer sums and a maximum of rows.
func.func @row_sums_i32(%x: tensor<5x3000xi32>) -> tensor<5xi32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %s = hlo.reduce add(%x init %zero) dims = [1] : (tensor<5x3000xi32>, tensor<i32>) -> tensor<5xi32>
  return %s : tensor<5xi32>
}

func.func @row_max(%x: tensor<7x4096xf32>) -> tensor<7xf32> {
  %low = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce maximum(%x init %low) dims = [1] : (tensor<7x4096xf32>, tensor<f32>) -> tensor<7xf32>
  return %m : tensor<7xf32>
}
