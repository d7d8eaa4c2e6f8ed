// RUN: fuse-opt %s --fuse-gpu-library-products="explain" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: fuse-opt %s --fuse-gpu-library-products="allow-tf32 workspace-bytes=1024" -split-input-file | FileCheck %s --check-prefix=TF32

// The zero fill folds into the call (options 0: overwrite); the workspace is
// allocated once at the function's entry and freed before it returns.
// CHECK-LABEL: func.func private @fuseCudaMatmul(i32, i32, i32, i32, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    (%[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x16xf32>, %[[C:.*]]: memref<64x16xf32>)
// CHECK:         %[[WORK:.*]] = memref.alloc() : memref<33554432xi8>
// CHECK-NOT:     linalg.fill
// CHECK-DAG:     %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG:     %[[IA:.*]] = arith.index_cast %[[PA]] : index to i64
// CHECK-DAG:     %[[F32:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[B1:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[M:.*]] = arith.constant 64 : i64
// CHECK-DAG:     %[[N:.*]] = arith.constant 16 : i64
// CHECK-DAG:     %[[K:.*]] = arith.constant 32 : i64
// CHECK-DAG:     %[[Z:.*]] = arith.constant 0 : i64
// CHECK:         call @fuseCudaMatmul(%[[F32]], %[[F32]], %[[F32]], %[[F32]], %[[B1]], %[[M]], %[[N]], %[[K]], %[[IA]], %[[Z]], %[[K]], %[[B1]], %{{.*}}, %[[Z]], %[[N]], %[[B1]], %{{.*}}, %[[Z]], %[[N]], %[[Z]], %{{.*}}, %{{.*}})
// CHECK-NOT:     linalg.matmul
// CHECK:         memref.dealloc %[[WORK]]
// CHECK-NEXT:    return
// TF32-LABEL: func.func @matmul
// TF32:         memref.alloc() : memref<1024xi8>
// TF32-DAG:     %[[TF32:.*]] = arith.constant 2 : i32
// TF32:         call @fuseCudaMatmul(%{{.*}}, %{{.*}}, %[[TF32]],
func.func @matmul(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %c: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  return
}

// -----

// Without a fill the product accumulates (options 1); f16 inputs (type 2)
// into f32 (type 0), both inputs read transposed, batch strides of each.
#lhs = affine_map<(b, m, n, k) -> (b, k, m)>
#rhs = affine_map<(b, m, n, k) -> (b, n, k)>
#out = affine_map<(b, m, n, k) -> (b, m, n)>
// CHECK-LABEL: func.func @transposed_f16
// CHECK-DAG:     %[[F16:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[F32:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ACC:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : i64
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : i64
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : i64
// CHECK-DAG:     %[[C2048:.*]] = arith.constant 2048 : i64
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[C512:.*]] = arith.constant 512 : i64
// CHECK-DAG:     %[[C1024:.*]] = arith.constant 1024 : i64
// CHECK:         call @fuseCudaMatmul(%[[F16]], %[[F32]], %[[ACC]], %{{.*}}, %[[C4]], %[[C64]], %[[C16]], %[[C32]], %{{.*}}, %[[C2048]], %[[C1]], %[[C64]], %{{.*}}, %[[C512]], %[[C1]], %[[C32]], %{{.*}}, %[[C1024]], %[[C16]],
func.func @transposed_f16(%a: memref<4x32x64xf16>, %b: memref<4x16x32xf16>, %c: memref<4x64x16xf32>) {
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x32x64xf16>, memref<4x16x32xf16>) outs(%c : memref<4x64x16xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A view with an offset: the address of its first element is passed.
// CHECK-LABEL: func.func @offset_view
// CHECK:         %[[P:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK:         %[[OFF:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         arith.addi %[[P]], %[[OFF]] : index
// CHECK:         call @fuseCudaMatmul
func.func @offset_view(%a: memref<8x8xf32, strided<[16, 1], offset: ?>>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x8xf32, strided<[16, 1], offset: ?>>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}

// -----

// Two products share one workspace.
// CHECK-LABEL: func.func @two_products
// CHECK-COUNT-1: memref.alloc() : memref<33554432xi8>
// CHECK-NOT:     memref.alloc()
// CHECK-COUNT-2: call @fuseCudaMatmul
func.func @two_products(%a: memref<8x8xf64>, %c: memref<8x8xf64>, %d: memref<8xf64>, %x: memref<8xf64>) {
  linalg.matmul ins(%a, %a : memref<8x8xf64>, memref<8x8xf64>) outs(%c : memref<8x8xf64>)
  linalg.matvec ins(%a, %x : memref<8x8xf64>, memref<8xf64>) outs(%d : memref<8xf64>)
  return
}

// -----

// What stays a generated kernel, and why.
func.func @integers(%a: memref<8x8xi32>, %b: memref<8x8xi32>, %c: memref<8x8xi32>) {
  // expected-remark @below {{product left to a generated kernel: cuBLASLt has no product of i32 into i32 here}}
  linalg.matmul ins(%a, %b : memref<8x8xi32>, memref<8x8xi32>) outs(%c : memref<8x8xi32>)
  return
}

// -----

func.func @f16_result(%a: memref<8x8xf16>, %b: memref<8x8xf16>, %c: memref<8x8xf16>) {
  // expected-remark @below {{product left to a generated kernel: cuBLASLt has no product of f16 into f16 here}}
  linalg.matmul ins(%a, %b : memref<8x8xf16>, memref<8x8xf16>) outs(%c : memref<8x8xf16>)
  return
}

// -----

func.func @dynamic(%a: memref<?x8xf32>, %b: memref<8x8xf32>, %c: memref<?x8xf32>) {
  // expected-remark @below {{product left to a generated kernel: its shape is dynamic}}
  linalg.matmul ins(%a, %b : memref<?x8xf32>, memref<8x8xf32>) outs(%c : memref<?x8xf32>)
  return
}

// -----

// The two batch loops are swapped in the lhs: no one stride walks both.
#lhs = affine_map<(b0, b1, m, n, k) -> (b1, b0, m, k)>
#rhs = affine_map<(b0, b1, m, n, k) -> (b0, b1, k, n)>
#out = affine_map<(b0, b1, m, n, k) -> (b0, b1, m, n)>
func.func @swapped_batch(%a: memref<3x2x4x4xf32>, %b: memref<2x3x4x4xf32>, %c: memref<2x3x4x4xf32>) {
  // expected-remark @below {{product left to a generated kernel: its batch dimensions are not one strided dimension of every operand}}
  linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<3x2x4x4xf32>, memref<2x3x4x4xf32>) outs(%c : memref<2x3x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @no_unit_stride(%a: memref<8x8xf32, strided<[64, 2]>>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  // expected-remark @below {{product left to a generated kernel: neither matrix dimension of the lhs is contiguous}}
  linalg.matmul ins(%a, %b : memref<8x8xf32, strided<[64, 2]>>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}

// -----

func.func @column_major_result(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32, strided<[1, 8]>>) {
  // expected-remark @below {{product left to a generated kernel: the result's columns are not contiguous}}
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32, strided<[1, 8]>>)
  return
}

// -----

// A product tiled into a fused loop nest is part of that kernel.
func.func @in_fused_nest(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>) {
  scf.forall (%row) in (8) {
    %ar = memref.subview %a[%row, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    %cr = memref.subview %c[%row, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    // expected-remark @below {{product left to a generated kernel: it is part of a fused loop nest}}
    linalg.matmul ins(%ar, %b : memref<1x8xf32, strided<[8, 1], offset: ?>>, memref<8x8xf32>) outs(%cr : memref<1x8xf32, strided<[8, 1], offset: ?>>)
  }
  return
}

// -----

// A bias per column and a ReLU after the product: the call applies them
// (epilogue 2) and writes the epilogue's buffer; the product's own buffer
// goes.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bias_relu
// CHECK-SAME:    (%{{.*}}: memref<8x4xf32>, %{{.*}}: memref<4x16xf32>, %[[BIAS:.*]]: memref<16xf32>)
// CHECK-DAG:     %[[RELU:.*]] = arith.constant 2 : i32
// CHECK-DAG:     %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK-DAG:     %[[PO:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK-DAG:     %[[IO:.*]] = arith.index_cast %[[PO]]
// CHECK-DAG:     %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK-DAG:     %[[IB:.*]] = arith.index_cast %[[PB]]
// CHECK:         call @fuseCudaMatmul(%{{.*}}, %{{.*}}, %{{.*}}, %[[RELU]], {{(%[^,]*, )+}}%[[IO]], %{{[^,]*}}, %{{[^,]*}}, %[[IB]],
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[OUT]]
func.func @bias_relu(%x: memref<8x4xf32>, %w: memref<4x16xf32>, %b: memref<16xf32>) -> memref<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  linalg.matmul ins(%x, %w : memref<8x4xf32>, memref<4x16xf32>) outs(%p : memref<8x16xf32>)
  %r = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : memref<8x16xf32>, memref<16xf32>) outs(%r : memref<8x16xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }
  memref.dealloc %p : memref<8x16xf32>
  return %r : memref<8x16xf32>
}

// -----

// A bias per row is not cuBLASLt's: the epilogue stays a kernel.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @bias_per_row
// CHECK:         call @fuseCudaMatmul
// CHECK:         linalg.generic
func.func @bias_per_row(%x: memref<8x4xf32>, %w: memref<4x16xf32>, %b: memref<8xf32>, %r: memref<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  // expected-remark @below {{epilogue left to a kernel: the epilogue's other input is not a bias per column}}
  linalg.matmul ins(%x, %w : memref<8x4xf32>, memref<4x16xf32>) outs(%p : memref<8x16xf32>)
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : memref<8x16xf32>, memref<8xf32>) outs(%r : memref<8x16xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  }
  memref.dealloc %p : memref<8x16xf32>
  return
}

// -----

// The product is read again after its epilogue: both stay.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @product_read_again
// CHECK:         call @fuseCudaMatmul
// CHECK:         linalg.generic
// CHECK:         memref.copy
func.func @product_read_again(%x: memref<8x4xf32>, %w: memref<4x16xf32>, %b: memref<16xf32>, %r: memref<8x16xf32>, %q: memref<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  // expected-remark @below {{epilogue left to a kernel: the product is read after its epilogue}}
  linalg.matmul ins(%x, %w : memref<8x4xf32>, memref<4x16xf32>) outs(%p : memref<8x16xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : memref<8x16xf32>, memref<16xf32>) outs(%r : memref<8x16xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  }
  memref.copy %p, %q : memref<8x16xf32> to memref<8x16xf32>
  memref.dealloc %p : memref<8x16xf32>
  return
}

// -----

// A bias then GELU's tanh form, written in another association: epilogue 3.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bias_gelu
// CHECK-DAG:     %[[GELU:.*]] = arith.constant 3 : i32
// CHECK:         call @fuseCudaMatmul(%{{.*}}, %{{.*}}, %{{.*}}, %[[GELU]],
// CHECK-NOT:     linalg.generic
func.func @bias_gelu(%x: memref<8x4xf32>, %w: memref<4x16xf32>, %b: memref<16xf32>, %r: memref<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  linalg.matmul ins(%x, %w : memref<8x4xf32>, memref<4x16xf32>) outs(%p : memref<8x16xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : memref<8x16xf32>, memref<16xf32>) outs(%r : memref<8x16xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k = arith.constant 0.7978845608 : f32
    %cubic = arith.constant 0.044715 : f32
    %h = arith.addf %c, %v : f32
    %h2 = arith.mulf %h, %h : f32
    %h3 = arith.mulf %h, %h2 : f32
    %t0 = arith.mulf %cubic, %h3 : f32
    %t1 = arith.addf %t0, %h : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %one, %t3 : f32
    %t5 = arith.mulf %t4, %half : f32
    %g = arith.mulf %h, %t5 : f32
    linalg.yield %g : f32
  }
  memref.dealloc %p : memref<8x16xf32>
  return
}

// -----

// Not GELU (another constant): the epilogue stays a kernel.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @almost_gelu
// CHECK:         call @fuseCudaMatmul
// CHECK:         linalg.generic
func.func @almost_gelu(%x: memref<8x4xf32>, %w: memref<4x16xf32>, %b: memref<16xf32>, %r: memref<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  // expected-remark @below {{epilogue left to a kernel: the epilogue computes more than a bias and a ReLU or a tanh-form GELU}}
  linalg.matmul ins(%x, %w : memref<8x4xf32>, memref<4x16xf32>) outs(%p : memref<8x16xf32>)
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : memref<8x16xf32>, memref<16xf32>) outs(%r : memref<8x16xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k = arith.constant 0.8 : f32
    %cubic = arith.constant 0.044715 : f32
    %h = arith.addf %c, %v : f32
    %h2 = arith.mulf %h, %h : f32
    %h3 = arith.mulf %h, %h2 : f32
    %t0 = arith.mulf %cubic, %h3 : f32
    %t1 = arith.addf %t0, %h : f32
    %t2 = arith.mulf %k, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %one, %t3 : f32
    %t5 = arith.mulf %t4, %half : f32
    %g = arith.mulf %h, %t5 : f32
    linalg.yield %g : f32
  }
  memref.dealloc %p : memref<8x16xf32>
  return
}

// -----

// A bf16 product accumulated in f32, then rounded to bf16: the call computes
// in f32 and stores bf16 (output type 14) into the rounding's buffer; the f32
// buffer and the rounding go.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @rounded_bf16
// CHECK-DAG:     %[[BF16:.*]] = arith.constant 14 : i32
// CHECK-DAG:     %[[OUT:.*]] = memref.alloc() : memref<8x16xbf16>
// CHECK-DAG:     %[[PO:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK-DAG:     %[[IO:.*]] = arith.index_cast %[[PO]]
// CHECK:         call @fuseCudaMatmul(%[[BF16]], %[[BF16]], {{(%[^,]*, )+}}%[[IO]],
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     memref<8x16xf32>
// CHECK:         return %[[OUT]]
func.func @rounded_bf16(%x: memref<8x4xbf16>, %w: memref<4x16xbf16>) -> memref<8x16xbf16> {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  linalg.matmul ins(%x, %w : memref<8x4xbf16>, memref<4x16xbf16>) outs(%p : memref<8x16xf32>)
  %r = memref.alloc() : memref<8x16xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<8x16xf32>) outs(%r : memref<8x16xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %t = arith.truncf %v : f32 to bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %p : memref<8x16xf32>
  return %r : memref<8x16xbf16>
}

// -----

// Rounding to another type than the inputs' is not the library's output
// type: the product stays f32 and the rounding a kernel.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rounded_to_f16(%x: memref<8x4xbf16>, %w: memref<4x16xbf16>) -> memref<8x16xf16> {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  // expected-remark @below {{epilogue left to a kernel: the rounded result is not a dense buffer of the product's shape and its inputs' type}}
  linalg.matmul ins(%x, %w : memref<8x4xbf16>, memref<4x16xbf16>) outs(%p : memref<8x16xf32>)
  %r = memref.alloc() : memref<8x16xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<8x16xf32>) outs(%r : memref<8x16xf16>) {
  ^bb0(%v: f32, %o: f16):
    %t = arith.truncf %v : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %p : memref<8x16xf32>
  return %r : memref<8x16xf16>
}

// -----

// More than a rounding after the product: it stays a kernel.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scaled_then_rounded(%x: memref<8x4xbf16>, %w: memref<4x16xbf16>) -> memref<8x16xbf16> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %p = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<8x16xf32>)
  // expected-remark @below {{epilogue left to a kernel: the op after the product computes more than rounding to the inputs' type}}
  linalg.matmul ins(%x, %w : memref<8x4xbf16>, memref<4x16xbf16>) outs(%p : memref<8x16xf32>)
  %r = memref.alloc() : memref<8x16xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<8x16xf32>) outs(%r : memref<8x16xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %s = arith.mulf %v, %two : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }
  memref.dealloc %p : memref<8x16xf32>
  return %r : memref<8x16xbf16>
}

// -----

// A convolution's product on its patches: the window's loops (kh, kw, c)
// are the contraction, listed out of their order in memory, which both
// operands share, so they are one depth of 3 * 3 * 8 = 72.
// CHECK-LABEL: func.func @convolution_patches
// CHECK:         call @fuseCudaMatmul(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c1_i64, %c50_i64, %c16_i64, %c72_i64
// CHECK-NOT:     linalg.generic
#patches = affine_map<(n, h, w, o, c, kh, kw) -> (n, h, w, kh, kw, c)>
#kernel = affine_map<(n, h, w, o, c, kh, kw) -> (kh, kw, c, o)>
#result = affine_map<(n, h, w, o, c, kh, kw) -> (n, h, w, o)>
func.func @convolution_patches(%p: memref<2x5x5x3x3x8xf32>, %k: memref<3x3x8x16xf32>, %y: memref<2x5x5x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<2x5x5x16xf32>)
  linalg.generic {indexing_maps = [#patches, #kernel, #result], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%p, %k : memref<2x5x5x3x3x8xf32>, memref<3x3x8x16xf32>) outs(%y : memref<2x5x5x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The input gradient reads the kernel with its output channels between the
// window and the input channels (kh, kw, o, c): no matrix walks it, so a
// kernel copies it into (kh, kw, c, o) order first, freed after the call.
// CHECK-LABEL: func.func @convolution_input_gradient
// CHECK-SAME:    (%[[P:.*]]: memref<2x5x5x3x3x8xf32>, %[[K:.*]]: memref<3x3x16x8xf32>,
// CHECK:         %[[COPY:.*]] = memref.alloc() : memref<3x3x8x16xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[K]] : memref<3x3x16x8xf32>) outs(%[[COPY]] : memref<3x3x8x16xf32>)
// CHECK:         call @fuseCudaMatmul(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c1_i64, %c50_i64, %c16_i64, %c72_i64
// CHECK:         memref.dealloc %[[COPY]]
#patches = affine_map<(n, h, w, o, c, kh, kw) -> (n, h, w, kh, kw, c)>
#kernel_oi = affine_map<(n, h, w, o, c, kh, kw) -> (kh, kw, o, c)>
#result = affine_map<(n, h, w, o, c, kh, kw) -> (n, h, w, o)>
func.func @convolution_input_gradient(%p: memref<2x5x5x3x3x8xf32>, %k: memref<3x3x16x8xf32>, %y: memref<2x5x5x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<2x5x5x16xf32>)
  // expected-remark @below {{inputs copied into matrix layouts for cuBLASLt}}
  linalg.generic {indexing_maps = [#patches, #kernel_oi, #result], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%p, %k : memref<2x5x5x3x3x8xf32>, memref<3x3x16x8xf32>) outs(%y : memref<2x5x5x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Attention's scores q k^T on [batch, tokens, heads, depth]: the heads lie
// between each input's rows, so neither is a batch of matrices; both are
// copied into [batch, heads, tokens, depth], one batch of 2 x 4 products.
// CHECK-LABEL: func.func @attention_scores
// CHECK-SAME:    (%[[Q:.*]]: memref<2x32x4x16xf32>, %[[K:.*]]: memref<2x32x4x16xf32>,
// CHECK-DAG:     %[[QC:.*]] = memref.alloc() : memref<2x4x32x16xf32>
// CHECK-DAG:     linalg.generic {{.*}} ins(%[[Q]] : memref<2x32x4x16xf32>) outs(%[[QC]] : memref<2x4x32x16xf32>)
// CHECK-DAG:     %[[KC:.*]] = memref.alloc() : memref<2x4x16x32xf32>
// CHECK-DAG:     linalg.generic {{.*}} ins(%[[K]] : memref<2x32x4x16xf32>) outs(%[[KC]] : memref<2x4x16x32xf32>)
// CHECK:         call @fuseCudaMatmul(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c8_i64, %c32_i64, %c32_i64, %c16_i64
// CHECK-DAG:     memref.dealloc %[[QC]]
// CHECK-DAG:     memref.dealloc %[[KC]]
#q = affine_map<(b, h, i, j, d) -> (b, i, h, d)>
#k = affine_map<(b, h, i, j, d) -> (b, j, h, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
func.func @attention_scores(%q: memref<2x32x4x16xf32>, %k: memref<2x32x4x16xf32>, %y: memref<2x4x32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<2x4x32x32xf32>)
  // expected-remark @below {{inputs copied into matrix layouts for cuBLASLt}}
  linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<2x32x4x16xf32>, memref<2x32x4x16xf32>) outs(%y : memref<2x4x32x32xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A rhs whose copy the product would not repay (fewer than 16 multiply-adds
// per element copied) is not copied: a kernel computes the product.
#big_lhs = affine_map<(m, n, k0, k1) -> (m, k0, k1)>
#big_rhs = affine_map<(m, n, k0, k1) -> (k0, n, k1)>
#big_out = affine_map<(m, n, k0, k1) -> (m, n)>
func.func @large_rhs_stays(%a: memref<2x4x4xf32>, %b: memref<4x8x4xf32>, %y: memref<2x8xf32>) {
  // expected-remark @below {{product left to a generated kernel: its contracting dimensions are not one strided dimension of both inputs}}
  linalg.generic {indexing_maps = [#big_lhs, #big_rhs, #big_out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b : memref<2x4x4xf32>, memref<4x8x4xf32>) outs(%y : memref<2x8xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %m = arith.mulf %x, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
