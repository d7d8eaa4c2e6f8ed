// RUN: fuse-opt %s --convert-hlo-to-linalg -split-input-file | FileCheck %s

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_f32
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: return %[[R]]
func.func @add_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK: %[[C:.*]] = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK: return %[[C]]
func.func @constant() -> tensor<2xi32> {
  %0 = hlo.constant dense<[1, 2]> : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// A rank-0 pred applies to every element through an empty indexing map.
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @select_scalar_pred
// CHECK: linalg.generic {indexing_maps = [#[[$SCALAR]], #[[$ID]], #[[$ID]], #[[$ID]]]
// CHECK: ^bb0(%[[P:.*]]: i1, %[[T:.*]]: f32, %[[F:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.select %[[P]], %[[T]], %[[F]] : f32
func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.select %p, %a, %b : tensor<i1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// clamp(lo, x, hi) = minimum(maximum(x, lo), hi), NaN-propagating.
// CHECK-LABEL: func.func @clamp
// CHECK: ^bb0(%[[LO:.*]]: f32, %[[X:.*]]: f32, %[[HI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK-NEXT: arith.minimumf %[[M]], %[[HI]] : f32
func.func @clamp(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.clamp %lo, %x, %hi : tensor<f32>, tensor<4xf32>, tensor<f32>
  return %0 : tensor<4xf32>
}

// -----

// Integer division: x / 0 = -1 and INT_MIN / -1 = INT_MIN, without a trap.
// CHECK-LABEL: func.func @divide_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[MINUS1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: %[[BYZERO:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]]
// CHECK: %[[UNSAFE:.*]] = arith.ori %[[BYZERO]], %{{.*}}
// CHECK: %[[SAFE:.*]] = arith.select %[[UNSAFE]], %{{.*}}, %[[Y]]
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]]
// CHECK: %[[SPECIAL:.*]] = arith.select %[[BYZERO]], %[[MINUS1]], %[[MIN]]
// CHECK: %[[R:.*]] = arith.select %[[UNSAFE]], %[[SPECIAL]], %[[Q]]
// CHECK: linalg.yield %[[R]]
func.func @divide_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.divide %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Integer remainder: x % 0 = x and INT_MIN % -1 = 0.
// CHECK-LABEL: func.func @remainder_i8
// CHECK: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[REM:.*]] = arith.remsi %[[X]], %{{.*}} : i8
// CHECK: %[[SPECIAL:.*]] = arith.select %{{.*}}, %[[X]], %{{.*}} : i8
// CHECK: arith.select %{{.*}}, %[[SPECIAL]], %[[REM]] : i8
func.func @remainder_i8(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %0 = hlo.remainder %a, %b : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Float to integer truncates, saturates and maps NaN to 0.
// CHECK-LABEL: func.func @convert_f32_to_i8
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i8):
// CHECK: %[[T:.*]] = arith.fptosi %[[X]] : f32 to i8
// CHECK: arith.cmpf ole, %[[X]], %{{.*}} : f32
// CHECK: arith.cmpf oge, %[[X]], %{{.*}} : f32
// CHECK: arith.cmpf uno, %[[X]], %[[X]] : f32
func.func @convert_f32_to_i8(%a: tensor<4xf32>) -> tensor<4xi8> {
  %0 = hlo.convert %a : (tensor<4xf32>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// i1 converts as unsigned; anything converts to i1 as "not zero".
// CHECK-LABEL: func.func @convert_pred
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i32
func.func @convert_pred(%p: tensor<4xi1>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi1>) {
  %0 = hlo.convert %p : (tensor<4xi1>) -> tensor<4xf32>
  %1 = hlo.convert %i : (tensor<4xi32>) -> tensor<4xi1>
  return %0, %1 : tensor<4xf32>, tensor<4xi1>
}

// -----

// Float comparisons are ordered except NE; i1 compares unsigned.
// CHECK-LABEL: func.func @compare
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf une
// CHECK: arith.cmpi ult
// CHECK: arith.cmpi sge
func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>,
                   %q: tensor<4xi1>, %i: tensor<4xi32>, %j: tensor<4xi32>)
    -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.compare LT, %a, %b : tensor<4xf32>
  %1 = hlo.compare NE, %a, %b : tensor<4xf32>
  %2 = hlo.compare LT, %p, %q : tensor<4xi1>
  %3 = hlo.compare GE, %i, %j : tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Every unary float op has a scalar form.
// CHECK-LABEL: func.func @unary_float
// CHECK: math.absf
// CHECK: arith.negf
// CHECK: math.copysign
// CHECK: math.floor
// CHECK: math.ceil
// CHECK: math.roundeven
// CHECK: math.exp
// expm1 and log1p without cancellation: (u - 1) * (x / log(u)).
// CHECK: %[[U:.*]] = math.exp %[[X:.*]] : f32
// CHECK: %[[UM1:.*]] = arith.subf %[[U]], %{{.*}} : f32
// CHECK: %[[LOG:.*]] = math.log %[[U]] : f32
// CHECK: %[[Q:.*]] = arith.divf %[[X]], %[[LOG]] : f32
// CHECK: arith.mulf %[[UM1]], %[[Q]] : f32
// CHECK: math.log
// CHECK: %[[V:.*]] = arith.addf %{{.*}}, %[[Y:.*]] : f32
// CHECK: %[[LOGV:.*]] = math.log %[[V]] : f32
// CHECK: %[[VM1:.*]] = arith.subf %[[V]], %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.divf %[[Y]], %[[VM1]] : f32
// CHECK: arith.mulf %[[LOGV]], %[[R]] : f32
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: math.tanh
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.isfinite
// CHECK-NOT: hlo.
func.func @unary_float(%x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = hlo.abs %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  %2 = hlo.sign %1 : tensor<4xf32>
  %3 = hlo.floor %2 : tensor<4xf32>
  %4 = hlo.ceil %3 : tensor<4xf32>
  %5 = hlo.round_nearest_even %4 : tensor<4xf32>
  %6 = hlo.exponential %5 : tensor<4xf32>
  %7 = hlo.exponential_minus_one %6 : tensor<4xf32>
  %8 = hlo.log %7 : tensor<4xf32>
  %9 = hlo.log_plus_one %8 : tensor<4xf32>
  %10 = hlo.logistic %9 : tensor<4xf32>
  %11 = hlo.tanh %10 : tensor<4xf32>
  %12 = hlo.sqrt %11 : tensor<4xf32>
  %13 = hlo.rsqrt %12 : tensor<4xf32>
  %14 = hlo.sine %13 : tensor<4xf32>
  %15 = hlo.cosine %14 : tensor<4xf32>
  %16 = hlo.is_finite %15 : tensor<4xf32>
  return %16 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @binary_int
// CHECK: arith.addi
// CHECK: arith.subi
// CHECK: arith.muli
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.andi
// CHECK: arith.ori
// CHECK: arith.xori
// CHECK: scf.while
// CHECK-NOT: hlo.
func.func @binary_int(%a: tensor<4xi16>, %b: tensor<4xi16>) -> tensor<4xi16> {
  %0 = hlo.add %a, %b : tensor<4xi16>
  %1 = hlo.subtract %0, %b : tensor<4xi16>
  %2 = hlo.multiply %1, %b : tensor<4xi16>
  %3 = hlo.maximum %2, %b : tensor<4xi16>
  %4 = hlo.minimum %3, %b : tensor<4xi16>
  %5 = hlo.and %4, %b : tensor<4xi16>
  %6 = hlo.or %5, %b : tensor<4xi16>
  %7 = hlo.xor %6, %b : tensor<4xi16>
  %8 = hlo.power %7, %b : tensor<4xi16>
  return %8 : tensor<4xi16>
}
