// --trace=FILE writes a Chrome trace-event timeline: a box per call of a
// compiled entry and in it a box per kernel. Unfused, the running example
// mean(x * x * 3 + y) is six kernels (constants are none); fused into one
// hlo.fusion, it is one.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --trace=%t.json | FileCheck %s --check-prefix=CHECKED
// RUN: %python %S/Inputs/check-trace.py %t.json | FileCheck %s
// RUN: FileCheck %s --input-file=%t.json --check-prefix=JSON

// CHECKED: @unfused result 0: ok
// CHECKED: @fused result 0: ok

// CHECK:      @unfused call=0
// CHECK-NEXT:   multiply.3 location=trace.mlir:[[# @LINE + 29]]:9 op=hlo.multiply
// CHECK-NEXT:   broadcast_in_dim.4 location=trace.mlir:[[# @LINE + 29]]:8 op=hlo.broadcast_in_dim
// CHECK-NEXT:   multiply.5 location=trace.mlir:{{[0-9]+}}:10 op=hlo.multiply
// CHECK-NEXT:   add.6 location=trace.mlir:{{[0-9]+}}:10 op=hlo.add
// CHECK-NEXT:   reduce.7 location=trace.mlir:{{[0-9]+}}:12 op=hlo.reduce
// CHECK-NEXT:   divide.8 location=trace.mlir:{{[0-9]+}}:11 op=hlo.divide
// CHECK-NEXT: @fused call=0
// CHECK-NEXT:   fusion.0 fused_ops=constant.2,constant.3,multiply.4,broadcast_in_dim.5,multiply.6,add.7,reduce.8,divide.9 fusion_kind=input location=trace.mlir:[[# @LINE + 34]]:11 op=hlo.fusion
// CHECK-NOT: {{.}}

// One event per line, times in microseconds.
// JSON:      {"traceEvents":[
// JSON-NEXT: {"name":"@unfused","cat":"call","ph":"X","ts":{{[0-9]+\.[0-9][0-9][0-9]}},"dur":{{[0-9]+\.[0-9][0-9][0-9]}},"pid":1,"tid":1,"args":{"call":0}},
// JSON-NEXT: {"name":"multiply.3","cat":"kernel","ph":"X","ts":{{[0-9]+\.[0-9][0-9][0-9]}},"dur":{{[0-9]+\.[0-9][0-9][0-9]}},"pid":1,"tid":1,"args":{"location":"{{.*}}trace.mlir:{{[0-9]+}}:9","op":"hlo.multiply"}},
// JSON:      {"name":"fusion.0",
// JSON-NEXT: {{^}}],{{$}}
// JSON-NEXT: "displayTimeUnit":"ms"}

// With --bench=N every call is a box: the one computing the results, the
// warm-up and the N timed runs.
// RUN: fuse-run %s --entry=fused --random-inputs=1 --bench=2 --trace=%t.bench.json
// RUN: %python %S/Inputs/check-trace.py %t.bench.json | FileCheck %s --check-prefix=BENCH
// BENCH-COUNT-4: {{^}}@fused call={{[0-3]$}}
// BENCH-NOT: @fused

func.func @unfused(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<1048576.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<1024x1024xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<1024x1024xf32>
  %sum = hlo.add %xx3, %y : tensor<1024x1024xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}

func.func @fused(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<f32> {
  %count = hlo.constant dense<1048576.0> : tensor<f32>
  %mean = hlo.fusion input(%x, %y, %count) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %n: tensor<f32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<1024x1024xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<1024x1024xf32>
    %sum = hlo.add %xx3, %b : tensor<1024x1024xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
        : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %n : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %mean : tensor<f32>
}
