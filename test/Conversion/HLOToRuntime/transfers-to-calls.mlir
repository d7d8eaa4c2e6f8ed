// RUN: fuse-opt %s --convert-hlo-transfers-to-calls | FileCheck %s
// The program compiled with the pass receives and sends what the
// interpreter does.
// RUN: fuse-run %s --random-inputs=5 --check | FileCheck %s --check-prefix=EXEC

// CHECK-DAG: memref.global "private" constant @__fuse_transfer_type_tensor_4x8xf32_ : memref<15xi8> = dense<
// CHECK-DAG: memref.global "private" constant @__fuse_transfer_type_tensor_3xui16_ : memref<14xi8> = dense<
// CHECK-DAG: memref.global "private" constant @__fuse_transfer_type_tensor_2xcomplex_f32__ : memref<22xi8> = dense<

// CHECK-LABEL: func.func @main
func.func @main(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<3xui16>) {
  // The infeed queue (-1), tensor 0 of 2, in 128 fresh bytes.
  // CHECK: %[[BYTES:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
  // CHECK: %[[VIEW:.*]] = memref.view %[[BYTES]][%{{.*}}][] : memref<128xi8> to memref<4x8xf32>
  // CHECK: %[[TYPE:.*]] = memref.get_global @__fuse_transfer_type_tensor_4x8xf32_
  // CHECK: %[[TYPE_ANY:.*]] = memref.cast %[[TYPE]] : memref<15xi8> to memref<?xi8>
  // CHECK: %[[DATA_ANY:.*]] = memref.cast %[[BYTES]] : memref<128xi8> to memref<?xi8>
  // CHECK: call @fuse_transfer_receive(%c-1_i64, %c0_i64, %c2_i64, %[[TYPE_ANY]], %[[DATA_ANY]])
  // CHECK: %[[A:.*]] = bufferization.to_tensor %[[VIEW]] restrict writable : memref<4x8xf32>
  // Unsigned integers are stored as signless ones.
  // CHECK: %[[VIEW16:.*]] = memref.view %{{.*}} : memref<6xi8> to memref<3xi16>
  // CHECK: call @fuse_transfer_receive(%c-1_i64{{.*}}, %c1_i64, %c2_i64
  // CHECK: %[[STORED:.*]] = bufferization.to_tensor %[[VIEW16]] restrict writable : memref<3xi16>
  // CHECK: %[[B:.*]] = hlo.bitcast_convert %[[STORED]] : (tensor<3xi16>) -> tensor<3xui16>
  %a, %b = hlo.infeed : tensor<4x8xf32>, tensor<3xui16>
  // Complex numbers are stored as pairs of parts.
  // CHECK: memref.view %{{.*}} : memref<16xi8> to memref<2x2xf32>
  // CHECK: call @fuse_transfer_receive(%c4_i64, %c0_i64{{.*}}, %c1_i64
  // CHECK: %[[PAIRS:.*]] = bufferization.to_tensor %{{.*}} : memref<2x2xf32>
  // CHECK: hlo.slice %[[PAIRS]], starts = [0, 0], limits = [2, 1]
  // CHECK: hlo.slice %[[PAIRS]], starts = [0, 1], limits = [2, 2]
  // CHECK: %[[Z:.*]] = hlo.complex
  %z = hlo.infeed {channel_id = 4 : i64, host} : tensor<2xcomplex<f32>>
  %sum = hlo.add %a, %x : tensor<4x8xf32>
  // A sent tensor is copied into fresh bytes first.
  // CHECK: %[[SUM:.*]] = hlo.add %[[A]], %{{.*}}
  // CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
  // CHECK: %[[OUT_VIEW:.*]] = memref.view %[[OUT]]
  // CHECK: bufferization.materialize_in_destination %[[SUM]] in restrict writable %[[OUT_VIEW]]
  // CHECK: call @fuse_transfer_send(%c-1_i64{{.*}}, %c0_i64{{.*}}, %c1_i64
  hlo.outfeed %sum : tensor<4x8xf32>
  // CHECK: hlo.real %[[Z]]
  // CHECK: hlo.imag %[[Z]]
  // CHECK: %[[PARTS:.*]] = hlo.concatenate
  // CHECK: bufferization.materialize_in_destination %[[PARTS]]
  // CHECK: call @fuse_transfer_send(%c5_i64
  hlo.outfeed %z {channel_id = 5 : i64} : tensor<2xcomplex<f32>>
  // CHECK-NOT: hlo.infeed
  // CHECK-NOT: hlo.outfeed
  return %sum, %b : tensor<4x8xf32>, tensor<3xui16>
}
// The runtime functions take the memrefs by descriptor.
// CHECK: func.func private @fuse_transfer_receive(i64, i64, i64, memref<?xi8>, memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK: func.func private @fuse_transfer_send(i64, i64, i64, memref<?xi8>, memref<?xi8>) attributes {llvm.emit_c_interface}

// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
// EXEC: @main record 0 (outfeed) tensor 0: ok
// EXEC: @main record 1 (channel 5) tensor 0: ok
