// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --pipeline-options=min-parallel-bytes=0 --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="parallel=0" | FileCheck %s
// RUN: fuse-opt %s --hlo-inline-fusions | fuse-opt --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s

// Row fusions: reductions over rows and what reads their results along the
// rows, computed one row at a time in one loop (softmax with its row sums,
// layer norm with a bias over columns, rows of a 3-d tensor, a row count
// and length that split into no round numbers, a row index, an attention
// softmax with a causal mask of the query and key positions). The last RUN
// line dissolves the fusions and lets --fuse-elementwise form them again.

// CHECK-COUNT-6: result {{[0-9]}}: ok
// CHECK-NOT: MISMATCH

func.func @softmax(%x: tensor<37x1001xf32>) -> (tensor<37x1001xf32>, tensor<37xf32>) {
  %r:2 = hlo.fusion input(%x) : (tensor<37x1001xf32>) -> (tensor<37x1001xf32>, tensor<37xf32>) {
  ^bb0(%a: tensor<37x1001xf32>):
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %max = hlo.reduce maximum(%a init %ninf) dims = [1] : (tensor<37x1001xf32>, tensor<f32>) -> tensor<37xf32>
    %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<37xf32>) -> tensor<37x1001xf32>
    %shifted = hlo.subtract %a, %maxb : tensor<37x1001xf32>
    %e = hlo.exponential %shifted : tensor<37x1001xf32>
    %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<37x1001xf32>, tensor<f32>) -> tensor<37xf32>
    %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<37xf32>) -> tensor<37x1001xf32>
    %sm = hlo.divide %e, %sumb : tensor<37x1001xf32>
    hlo.yield %sm, %sum : tensor<37x1001xf32>, tensor<37xf32>
  }
  return %r#0, %r#1 : tensor<37x1001xf32>, tensor<37xf32>
}

func.func @layer_norm(%x: tensor<33x250xf32>, %gamma: tensor<250xf32>, %beta: tensor<250xf32>) -> tensor<33x250xf32> {
  %r = hlo.fusion input(%x, %gamma, %beta) : (tensor<33x250xf32>, tensor<250xf32>, tensor<250xf32>) -> tensor<33x250xf32> {
  ^bb0(%a: tensor<33x250xf32>, %g: tensor<250xf32>, %b: tensor<250xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %n = hlo.constant dense<250.0> : tensor<33xf32>
    %eps = hlo.constant dense<1.0e-5> : tensor<33xf32>
    %sum = hlo.reduce add(%a init %zero) dims = [1] : (tensor<33x250xf32>, tensor<f32>) -> tensor<33xf32>
    %mean = hlo.divide %sum, %n : tensor<33xf32>
    %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<33xf32>) -> tensor<33x250xf32>
    %c = hlo.subtract %a, %meanb : tensor<33x250xf32>
    %c2 = hlo.multiply %c, %c : tensor<33x250xf32>
    %ss = hlo.reduce add(%c2 init %zero) dims = [1] : (tensor<33x250xf32>, tensor<f32>) -> tensor<33xf32>
    %var = hlo.divide %ss, %n : tensor<33xf32>
    %ve = hlo.add %var, %eps : tensor<33xf32>
    %inv = hlo.rsqrt %ve : tensor<33xf32>
    %invb = hlo.broadcast_in_dim %inv, dims = [0] : (tensor<33xf32>) -> tensor<33x250xf32>
    %norm = hlo.multiply %c, %invb : tensor<33x250xf32>
    %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<250xf32>) -> tensor<33x250xf32>
    %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<250xf32>) -> tensor<33x250xf32>
    %scaled = hlo.multiply %norm, %gb : tensor<33x250xf32>
    %out = hlo.add %scaled, %bb : tensor<33x250xf32>
    hlo.yield %out : tensor<33x250xf32>
  }
  return %r : tensor<33x250xf32>
}

func.func @rows_of_3d(%x: tensor<5x3x17xf32>) -> tensor<5x3x17xf32> {
  %r = hlo.fusion input(%x) : (tensor<5x3x17xf32>) -> tensor<5x3x17xf32> {
  ^bb0(%a: tensor<5x3x17xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce add(%a init %zero) dims = [2] : (tensor<5x3x17xf32>, tensor<f32>) -> tensor<5x3xf32>
    %sb = hlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<5x3xf32>) -> tensor<5x3x17xf32>
    %d = hlo.subtract %a, %sb : tensor<5x3x17xf32>
    hlo.yield %d : tensor<5x3x17xf32>
  }
  return %r : tensor<5x3x17xf32>
}

func.func @row_max_with_iota(%x: tensor<7x9xf32>) -> tensor<7x9xf32> {
  %r = hlo.fusion input(%x) : (tensor<7x9xf32>) -> tensor<7x9xf32> {
  ^bb0(%a: tensor<7x9xf32>):
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %i = hlo.iota dim = 0 : tensor<7x9xf32>
    %m = hlo.reduce maximum(%a init %ninf) dims = [1] : (tensor<7x9xf32>, tensor<f32>) -> tensor<7xf32>
    %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<7xf32>) -> tensor<7x9xf32>
    %d = hlo.subtract %mb, %i : tensor<7x9xf32>
    hlo.yield %d : tensor<7x9xf32>
  }
  return %r : tensor<7x9xf32>
}

func.func @causal_attention_softmax(%scores: tensor<2x3x13x13xf32>) -> tensor<2x3x13x13xf32> {
  %r = hlo.fusion input(%scores) : (tensor<2x3x13x13xf32>) -> tensor<2x3x13x13xf32> {
  ^bb0(%a: tensor<2x3x13x13xf32>):
    %i = hlo.iota dim = 0 : tensor<13xi32>
    %query = hlo.broadcast_in_dim %i, dims = [2] : (tensor<13xi32>) -> tensor<2x3x13x13xi32>
    %key = hlo.broadcast_in_dim %i, dims = [3] : (tensor<13xi32>) -> tensor<2x3x13x13xi32>
    %visible = hlo.compare GE, %query, %key : tensor<2x3x13x13xi32>
    %low = hlo.constant dense<-3.0e+38> : tensor<2x3x13x13xf32>
    %masked = hlo.select %visible, %a, %low : tensor<2x3x13x13xi1>, tensor<2x3x13x13xf32>
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %max = hlo.reduce maximum(%masked init %ninf) dims = [3] : (tensor<2x3x13x13xf32>, tensor<f32>) -> tensor<2x3x13xf32>
    %maxb = hlo.broadcast_in_dim %max, dims = [0, 1, 2] : (tensor<2x3x13xf32>) -> tensor<2x3x13x13xf32>
    %shifted = hlo.subtract %masked, %maxb : tensor<2x3x13x13xf32>
    %e = hlo.exponential %shifted : tensor<2x3x13x13xf32>
    %sum = hlo.reduce add(%e init %zero) dims = [3] : (tensor<2x3x13x13xf32>, tensor<f32>) -> tensor<2x3x13xf32>
    %sumb = hlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<2x3x13xf32>) -> tensor<2x3x13x13xf32>
    %p = hlo.divide %e, %sumb : tensor<2x3x13x13xf32>
    hlo.yield %p : tensor<2x3x13x13xf32>
  }
  return %r : tensor<2x3x13x13xf32>
}
