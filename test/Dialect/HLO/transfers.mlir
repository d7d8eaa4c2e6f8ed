// RUN: fuse-opt %s | fuse-opt | FileCheck %s
// RUN: fuse-opt %s --mlir-print-op-generic | fuse-opt | FileCheck %s
// Transfers read and write the queues with the outside: canonicalization
// keeps a record nobody reads, and keeps the order of the transfers.
// RUN: fuse-opt %s --canonicalize --cse | FileCheck %s --check-prefix=KEPT

// CHECK-LABEL: func.func @transfers
// KEPT-LABEL: func.func @transfers
func.func @transfers(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[A:.*]]:2 = hlo.infeed : tensor<4xf32>, tensor<i32>
  // KEPT: %[[A:.*]]:2 = hlo.infeed : tensor<4xf32>, tensor<i32>
  %a:2 = hlo.infeed : tensor<4xf32>, tensor<i32>
  // CHECK: %[[B:.*]] = hlo.infeed {channel_id = 3 : i64, config = "ignored", host} : tensor<2xcomplex<f32>>
  // KEPT: hlo.infeed {channel_id = 3 : i64, config = "ignored", host}
  %b = hlo.infeed {channel_id = 3 : i64, config = "ignored", host} : tensor<2xcomplex<f32>>
  // CHECK: hlo.outfeed %[[A]]#0, %[[A]]#1 : tensor<4xf32>, tensor<i32>
  // KEPT-NEXT: hlo.outfeed %[[A]]#0, %[[A]]#1
  hlo.outfeed %a#0, %a#1 : tensor<4xf32>, tensor<i32>
  // CHECK: %[[C:.*]] = hlo.infeed : tensor<4xf32>
  // KEPT-NEXT: %[[C:.*]] = hlo.infeed : tensor<4xf32>
  %c = hlo.infeed : tensor<4xf32>
  // CHECK: hlo.outfeed {channel_id = 0 : i64}
  // KEPT-NEXT: hlo.outfeed {channel_id = 0 : i64}
  hlo.outfeed {channel_id = 0 : i64}
  // KEPT-NEXT: return %[[C]]
  return %c : tensor<4xf32>
}
