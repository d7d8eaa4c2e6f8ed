// RUN: fuse-opt %s --fuse-elementwise="max-operands=2" | FileCheck %s --check-prefix=OPERANDS
// RUN: fuse-opt %s --fuse-elementwise="max-operands=2 explain" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPERANDS-WHY
// RUN: fuse-opt %s --fuse-elementwise="fuse-reductions=false" | FileCheck %s --check-prefix=NO-REDUCE
// RUN: fuse-opt %s --fuse-elementwise="allow-duplication=false multi-output=false" | FileCheck %s --check-prefix=NO-DUP
// RUN: fuse-opt %s --fuse-elementwise="multi-output=false" | FileCheck %s --check-prefix=NO-MULTI
// RUN: fuse-opt %s --fuse-elementwise="fuse-dot-epilogues=false" | FileCheck %s --check-prefix=NO-DOT
// RUN: fuse-opt %s --fuse-elementwise="row-fusion=false" | FileCheck %s --check-prefix=NO-ROWS
// RUN: fuse-opt %s --fuse-elementwise="max-results=2" | FileCheck %s --check-prefix=RESULTS
// RUN: fuse-opt %s --fuse-elementwise | FileCheck %s --check-prefix=DEFAULT
// RUN: fuse-opt %s --fuse-elementwise="max-operands=2" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise="fuse-reductions=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise="allow-duplication=false multi-output=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise="multi-output=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise="fuse-dot-epilogues=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise="row-fusion=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise="max-results=2" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// The options of --fuse-elementwise, one function each. Every function is
// also compiled under every option and compared with the interpreter.
// EXEC-COUNT-11: result {{[0-9]}}: ok
// EXEC-NOT: MISMATCH

// OPERANDS-LABEL: func.func @three_inputs
// OPERANDS-NEXT: %[[S:.*]] = hlo.add %arg0, %arg1
// OPERANDS-NEXT: %[[T:.*]] = hlo.multiply %[[S]], %arg2
// OPERANDS-NEXT: return %[[T]]
// OPERANDS-WHY: remark: not fused into `hlo.multiply`: the fusion would have 3 operands, more than max-operands=2
func.func @three_inputs(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %s = hlo.add %a, %b : tensor<8xf32>
  %t = hlo.multiply %s, %c : tensor<8xf32>
  return %t : tensor<8xf32>
}

// Without reductions the elementwise ops around the reduce still fuse with
// each other, but not into it.
// NO-REDUCE-LABEL: func.func @mean_of_squares
// NO-REDUCE-NEXT: %[[Z:.*]] = hlo.constant
// NO-REDUCE-NEXT: %[[SQ:.*]] = hlo.multiply %arg0, %arg0
// NO-REDUCE-NEXT: %[[S:.*]] = hlo.reduce add(%[[SQ]] init %[[Z]])
// NO-REDUCE-NEXT: %[[N:.*]] = hlo.constant
// NO-REDUCE-NEXT: %[[M:.*]] = hlo.divide %[[S]], %[[N]]
// NO-REDUCE-NEXT: return %[[M]]
func.func @mean_of_squares(%x: tensor<64xf32>) -> tensor<f32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<64.0> : tensor<f32>
  %sq = hlo.multiply %x, %x : tensor<64xf32>
  %s = hlo.reduce add(%sq init %z) dims = [0] : (tensor<64xf32>, tensor<f32>) -> tensor<f32>
  %m = hlo.divide %s, %n : tensor<f32>
  return %m : tensor<f32>
}

// Without duplication (and multi-output) a cheap producer with two users
// stays a kernel of its own.
// NO-DUP-LABEL: func.func @two_users
// NO-DUP-NEXT: %[[A:.*]] = hlo.add %arg0, %arg1
// NO-DUP-NEXT: hlo.exponential %[[A]]
// NO-DUP-NEXT: hlo.fusion loop(%[[A]], %arg2)
// NO-DUP-LABEL: func.func @siblings
// NO-DUP: hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> tensor<16xf32>
// NO-MULTI-LABEL: func.func @two_users
// NO-MULTI-NEXT: hlo.fusion loop(%arg0, %arg1)
// NO-MULTI: hlo.fusion loop(%arg0, %arg1, %arg2)
func.func @two_users(%x: tensor<16xf32>, %y: tensor<16xf32>, %z: tensor<4x16xf32>) -> (tensor<16xf32>, tensor<4x16xf32>) {
  %a = hlo.add %x, %y : tensor<16xf32>
  %e = hlo.exponential %a : tensor<16xf32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %m = hlo.multiply %b, %z : tensor<4x16xf32>
  return %e, %m : tensor<16xf32>, tensor<4x16xf32>
}

// Without multi-output fusion, siblings stay apart.
// NO-MULTI-LABEL: func.func @siblings
// NO-MULTI-NEXT: hlo.constant
// NO-MULTI-NEXT: hlo.reduce add(%arg0
// NO-MULTI-NEXT: hlo.fusion input(%arg0)
func.func @siblings(%x: tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  %xx = hlo.multiply %x, %x : tensor<16x8xf32>
  %q = hlo.reduce add(%xx init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  return %s, %q : tensor<16xf32>, tensor<16xf32>
}

// NO-DOT-LABEL: func.func @dot_epilogue
// NO-DOT-NEXT: %[[D:.*]] = hlo.dot_general
// NO-DOT-NEXT: hlo.fusion loop(%arg2, %[[D]])
func.func @dot_epilogue(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>, %bias: tensor<8xf32>) -> tensor<16x8xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
  %s = hlo.add %d, %bb : tensor<16x8xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zb = hlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %r = hlo.maximum %s, %zb : tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// Without row fusion the softmax is three kernels: the row maximum, the
// exponentials with their row sums, and the division.
// NO-ROWS-LABEL: func.func @softmax
// NO-ROWS: %[[MAX:.*]] = hlo.reduce maximum(%arg0
// NO-ROWS-NEXT: %[[E:.*]]:2 = hlo.fusion input(%[[MAX]], %arg0)
// NO-ROWS: hlo.fusion loop(%[[E]]#0, %[[E]]#1)
// NO-ROWS-NEXT: ^bb0
// NO-ROWS-NEXT: hlo.broadcast_in_dim
// NO-ROWS-NEXT: hlo.divide
func.func @softmax(%x: tensor<6x10xf32>) -> tensor<6x10xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<6xf32>) -> tensor<6x10xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<6x10xf32>
  %e = hlo.exponential %shifted : tensor<6x10xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<6xf32>) -> tensor<6x10xf32>
  %r = hlo.divide %e, %sumb : tensor<6x10xf32>
  return %r : tensor<6x10xf32>
}

// Three reductions of one input are siblings: by default one fusion of
// three results; with max-results=2, the last two (a sibling merges with
// the nearest earlier one first) and the first stays apart.
// RESULTS-LABEL: func.func @three_siblings
// RESULTS: %[[ONE:.*]] = hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> tensor<16xf32>
// RESULTS: %[[TWO:.*]]:2 = hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// RESULTS-NOT: hlo.fusion
// RESULTS: return %[[ONE]], %[[TWO]]#0, %[[TWO]]#1
// DEFAULT-LABEL: func.func @three_siblings
// DEFAULT: hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
// DEFAULT-NOT: hlo.fusion
// DEFAULT: return
func.func @three_siblings(%x: tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<16x8xf32>
  %q = hlo.reduce add(%xx init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  %e = hlo.exponential %x : tensor<16x8xf32>
  %s = hlo.reduce add(%e init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  %a = hlo.abs %x : tensor<16x8xf32>
  %m = hlo.reduce maximum(%a init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  return %q, %s, %m : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}
