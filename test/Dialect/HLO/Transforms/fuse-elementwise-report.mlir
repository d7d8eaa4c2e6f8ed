// RUN: fuse-opt %s --fuse-elementwise="report dump-dot=%t.dot" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: FileCheck %s --input-file=%t.dot --check-prefix=DOT

// The fusion report (one line per fusion, on stderr) and the Graphviz dump
// with one cluster per fusion, on the running example and a softmax (one
// row fusion).

// REPORT: fusion.0 (input) in @running_example: 9 ops [multiply, constant, broadcast_in_dim, multiply, add, constant, constant, reduce, divide], 2 inputs, 1 result; reads 64 KiB, writes 4 B, saves about 288.0 KiB of memory traffic
// REPORT-NEXT: fusion.1 (input) in @softmax: 9 ops [constant, reduce, broadcast_in_dim, subtract, exponential, constant, reduce, broadcast_in_dim, divide], 1 input, 1 result; reads 8 KiB, writes 8 KiB, saves about 81.0 KiB of memory traffic
// REPORT-NOT: fusion.2

// DOT: digraph fusion {
// DOT: subgraph cluster_[[F:[0-9]+]] {
// DOT-NEXT: label="@running_example";
// DOT-NEXT: [[X:n[0-9]+]] [label="%arg0\ntensor<128x64xf32>", shape=ellipse];
// DOT-NEXT: [[Y:n[0-9]+]] [label="%arg1\ntensor<128x64xf32>", shape=ellipse];
// DOT-NEXT: subgraph cluster_{{[0-9]+}} {
// DOT-NEXT: label="fusion.0 (input)";
// DOT: [[MUL:n[0-9]+]] [label="multiply\ntensor<128x64xf32>"];
// DOT: [[DIV:n[0-9]+]] [label="divide\ntensor<f32>"];
// DOT-NEXT: }
// DOT-NEXT: [[RET:n[0-9]+]] [label="return", shape=plaintext];
// DOT: label="fusion.1 (input)";
// DOT-NOT: label="fusion.2
// DOT: [[X]] -> [[MUL]];
// DOT: [[DIV]] -> [[RET]];
func.func @running_example(%x: tensor<128x64xf32>, %y: tensor<128x64xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<8192.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<128x64xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<128x64xf32>
  %sum = hlo.add %xx3, %y : tensor<128x64xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<128x64xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}

func.func @softmax(%x: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<64xf32>) -> tensor<64x32xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<64x32xf32>
  %e = hlo.exponential %shifted : tensor<64x32xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<64xf32>) -> tensor<64x32xf32>
  %r = hlo.divide %e, %sumb : tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}
