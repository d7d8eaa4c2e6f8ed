// Counted loops for unroll-loops.mlir, run before and after unrolling.
func.func @three_trips(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %n = hlo.constant dense<3> : tensor<i32>
    %p = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %one, %i : tensor<i32>
    %c = hlo.constant dense<0.5> : tensor<4xf32>
    %z = hlo.multiply %y, %c : tensor<4xf32>
    %w = hlo.add %z, %y : tensor<4xf32>
    hlo.return %next, %w : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// Two trips of a loop whose body holds a loop of three.
func.func @nested(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %two = hlo.constant dense<2> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<8xf32>
  cond {
    %p = hlo.compare LT, %i, %two : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %inner:2 = hlo.while(%j = %zero, %v = %y) : tensor<i32>, tensor<8xf32>
    cond {
      %q = hlo.compare LT, %j, %three : tensor<i32>
      hlo.return %q : tensor<i1>
    } do {
      %nj = hlo.add %j, %one : tensor<i32>
      %s = hlo.sine %v : tensor<8xf32>
      hlo.return %nj, %s : tensor<i32>, tensor<8xf32>
    }
    %next = hlo.add %i, %one : tensor<i32>
    %t = hlo.tanh %inner#1 : tensor<8xf32>
    hlo.return %next, %t : tensor<i32>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// An unsigned counter from 1 to 5 (four trips), mixing bits as threefry does.
func.func @unsigned_counter(%x: tensor<16xui32>) -> tensor<16xui32> {
  %start = hlo.constant dense<1> : tensor<ui32>
  %r:2 = hlo.while(%i = %start, %y = %x) : tensor<ui32>, tensor<16xui32>
  cond {
    %n = hlo.constant dense<5> : tensor<ui32>
    %p = hlo.compare LT, %i, %n : tensor<ui32>
    hlo.return %p : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<ui32>
    %next = hlo.add %i, %one : tensor<ui32>
    %b = hlo.broadcast_in_dim %i, dims = [] : (tensor<ui32>) -> tensor<16xui32>
    %s = hlo.shift_left %y, %b : tensor<16xui32>
    %m = hlo.xor %s, %y : tensor<16xui32>
    hlo.return %next, %m : tensor<ui32>, tensor<16xui32>
  }
  return %r#1 : tensor<16xui32>
}

// The counter's final value is a result too.
func.func @counter_result(%x: tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>) {
  %start = hlo.constant dense<-2> : tensor<i32>
  %bound = hlo.constant dense<3> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %start, %y = %x) : tensor<i32>, tensor<4xi32>
  cond {
    %p = hlo.compare LT, %i, %bound : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %b = hlo.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %m = hlo.add %y, %b : tensor<4xi32>
    hlo.return %next, %m : tensor<i32>, tensor<4xi32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<4xi32>
}
