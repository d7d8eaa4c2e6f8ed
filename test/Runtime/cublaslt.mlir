// Products on the GPU target as cuBLASLt calls, run without a GPU: the stub
// driver's "device" memory is host memory and the stub cuBLASLt computes each
// call on the host with cuBLASLt's semantics. A program of products only
// launches no kernel, so --check compares what the calls computed (layouts,
// transposes, batch strides) with the interpreter.

// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --check --entry=matmul 2>&1 | FileCheck %s --check-prefix=MATMUL --implicit-check-not=launch
// MATMUL: stub cublasLt: matmul compute=68 m=16 n=64 k=32 batch=1 A=f32 ld=16 stride=0 B=f32 ld=32 stride=0 D=f32 ld=16 stride=0 epilogue=1 bias=no beta=0 workspace=33554432
// MATMUL: result 0: ok
func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  return %c : tensor<64x16xf32>
}

// A B^T: the rhs is read transposed, in place.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=2 --check --entry=rhs_transposed 2>&1 | FileCheck %s --check-prefix=ABT --implicit-check-not=launch
// ABT: matmul compute=68 m=24 n=40 k=8 batch=1 A=f32^T ld=8 stride=0 B=f32 ld=8 stride=0 D=f32 ld=24
// ABT: result 0: ok
func.func @rhs_transposed(%a: tensor<40x8xf32>, %b: tensor<24x8xf32>) -> tensor<40x24xf32> {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<40x8xf32>, tensor<24x8xf32>) -> tensor<40x24xf32>
  return %c : tensor<40x24xf32>
}

// A^T B: the lhs is read transposed.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=3 --check --entry=lhs_transposed 2>&1 | FileCheck %s --check-prefix=ATB --implicit-check-not=launch
// ATB: matmul compute=68 m=5 n=7 k=9 batch=1 A=f32 ld=5 stride=0 B=f32^T ld=7 stride=0 D=f32 ld=5
// ATB: result 0: ok
func.func @lhs_transposed(%a: tensor<9x7xf32>, %b: tensor<9x5xf32>) -> tensor<7x5xf32> {
  %c = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<9x7xf32>, tensor<9x5xf32>) -> tensor<7x5xf32>
  return %c : tensor<7x5xf32>
}

// Attention's q k^T with the batch in the middle of q: strided batches.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=4 --check --entry=batch_in_middle 2>&1 | FileCheck %s --check-prefix=BATCH --implicit-check-not=launch
// BATCH: matmul compute=68 m=6 n=10 k=4 batch=3 A=f32^T ld=4 stride=24 B=f32 ld=12 stride=4 D=f32 ld=6 stride=60
// BATCH: result 0: ok
func.func @batch_in_middle(%q: tensor<10x3x4xf32>, %k: tensor<3x6x4xf32>) -> tensor<3x10x6xf32> {
  %s = hlo.dot_general %q, %k, batching_dims = [1] x [0], contracting_dims = [2] x [2] : (tensor<10x3x4xf32>, tensor<3x6x4xf32>) -> tensor<3x10x6xf32>
  return %s : tensor<3x10x6xf32>
}

// Two batch and two contracting dimensions, each pair adjacent in memory.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=5 --check --entry=grouped 2>&1 | FileCheck %s --check-prefix=GROUPED --implicit-check-not=launch
// GROUPED: matmul compute=68 m=3 n=5 k=12 batch=4 A=f32 ld=3 stride=36 B=f32 ld=12 stride=60 D=f32 ld=3 stride=15
// GROUPED: result 0: ok
func.func @grouped(%a: tensor<2x2x5x3x4xf32>, %b: tensor<2x2x3x4x3xf32>) -> tensor<2x2x5x3xf32> {
  %c = hlo.dot_general %a, %b, batching_dims = [0, 1] x [0, 1], contracting_dims = [3, 4] x [2, 3] : (tensor<2x2x5x3x4xf32>, tensor<2x2x3x4x3xf32>) -> tensor<2x2x5x3xf32>
  return %c : tensor<2x2x5x3xf32>
}

// Matrix-vector and vector-vector products, f64.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=6 --check --entry=matvec 2>&1 | FileCheck %s --check-prefix=MATVEC --implicit-check-not=launch
// MATVEC: matmul compute=70 m=1 n=33 k=17 batch=1 A=f64 ld=1 stride=0 B=f64 ld=17 stride=0 D=f64 ld=1
// MATVEC: matmul compute=70 m=1 n=1 k=17 batch=1
// MATVEC: result 0: ok
// MATVEC: result 1: ok
func.func @matvec(%a: tensor<33x17xf64>, %x: tensor<17xf64>) -> (tensor<33xf64>, tensor<f64>) {
  %y = hlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<33x17xf64>, tensor<17xf64>) -> tensor<33xf64>
  %d = hlo.dot_general %x, %x, contracting_dims = [0] x [0] : (tensor<17xf64>, tensor<17xf64>) -> tensor<f64>
  return %y, %d : tensor<33xf64>, tensor<f64>
}

// bf16 inputs accumulate in f32, and the call rounds to bf16 as it stores:
// no f32 buffer and no kernel after it.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=7 --check --entry=bf16 2>&1 | FileCheck %s --check-prefix=BF16 --implicit-check-not=launch
// BF16: matmul compute=68 m=8 n=8 k=16 batch=1 A=bf16 ld=8 stride=0 B=bf16 ld=16 stride=0 D=bf16 ld=8
// BF16: result 0: ok
func.func @bf16(%a: tensor<8x16xbf16>, %b: tensor<16x8xbf16>) -> tensor<8x8xbf16> {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xbf16>, tensor<16x8xbf16>) -> tensor<8x8xbf16>
  return %c : tensor<8x8xbf16>
}

// The same for f16, batched, with odd sizes.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=8 --check --entry=f16_batched 2>&1 | FileCheck %s --check-prefix=F16 --implicit-check-not=launch
// F16: matmul compute=68 m=5 n=3 k=17 batch=2 A=f16 ld=5 stride=85 B=f16 ld=17 stride=51 D=f16 ld=5 stride=15
// F16: result 0: ok
func.func @f16_batched(%a: tensor<2x3x17xf16>, %b: tensor<2x17x5xf16>) -> tensor<2x3x5xf16> {
  %c = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x17xf16>, tensor<2x17x5xf16>) -> tensor<2x3x5xf16>
  return %c : tensor<2x3x5xf16>
}


// library-products=false keeps every product a generated kernel.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options="format=isa library-products=false" --random-inputs=1 --entry=matmul 2>&1 | FileCheck %s --check-prefix=NO-LIBRARY --implicit-check-not=cublasLt
// NO-LIBRARY: stub driver: launch

// TF32 only when allowed.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options="format=isa allow-tf32" --random-inputs=1 --entry=matmul 2>&1 | FileCheck %s --check-prefix=TF32
// TF32: matmul compute=77

// Integer products stay generated kernels.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --entry=integers 2>&1 | FileCheck %s --check-prefix=INT --implicit-check-not=cublasLt
// INT: stub driver: launch
func.func @integers(%a: tensor<4x4xi32>, %b: tensor<4x4xi32>) -> tensor<4x4xi32> {
  %c = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi32>
  return %c : tensor<4x4xi32>
}

// A cuBLAS error names the call, the status and the product.
// RUN: %gpu_stubs FUSE_STUB_CUBLASLT_FAIL=matmul not fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --entry=matmul 2>&1 | FileCheck %s --check-prefix=ERROR
// ERROR: fuse-cuda-runtime: cublasLtMatmul(1x64x16x32 (batch x rows x cols x depth)) failed: CUBLAS_STATUS_INVALID_VALUE: an error of the stub cuBLASLt

// RUN: %gpu_stubs FUSE_LIBCUBLASLT=%t.missing.so not fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=1 --entry=matmul 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: fuse-cuda-runtime: matrix products need cuBLASLt: cannot load {{.*}}missing.so (from FUSE_LIBCUBLASLT): {{.*}} (set FUSE_LIBCUBLASLT to its path)

// Ahead of time, the executable calls cuBLASLt the same way.
// RUN: fuse-run %s --target=cuda --pipeline-options=format=isa --entry=matmul --emit-executable=%t.exe
// RUN: %gpu_stubs %t.exe --random-inputs=1 2>&1 | FileCheck %s --check-prefix=AOT --implicit-check-not=launch
// AOT: stub cublasLt: matmul compute=68 m=16 n=64 k=32
// One executable holds every entry; --entry picks one.
// RUN: fuse-run %s --target=cuda --pipeline-options=format=isa --all-entries --emit-executable=%t.all
// RUN: %gpu_stubs %t.all --entry=batch_in_middle --random-inputs=1 2>&1 | FileCheck %s --check-prefix=AOT-ENTRY --implicit-check-not=launch
// AOT-ENTRY: stub cublasLt: matmul compute=68 m=6 n=10 k=4 batch=3
// --batch runs a line of options per run in one process (comments and blank
// lines skipped); a bad line stops the run, naming the line.
// RUN: printf '# products\n--entry=batch_in_middle --random-inputs=2\n\n--entry=matmul --random-inputs=1 --outputs=%t.got.npy\n--entry=nothing\n--entry=matmul --random-inputs=1\n' > %t.batch
// RUN: %gpu_stubs not %t.all --batch=%t.batch 2>&1 | FileCheck %s --check-prefix=LINES
// LINES: m=6 n=10 k=4 batch=3
// LINES: done 2
// LINES: m=16 n=64 k=32
// LINES: done 4
// LINES: error: batch line 5: no entry 'nothing'
// LINES-NOT: done
// RUN: not %t.all --batch=%t.batch --entry=matmul 2>&1 | FileCheck %s --check-prefix=LINES-ALONE
// LINES-ALONE: error: --batch takes no other options: its lines hold them

// Epilogues: a dense layer's bias and ReLU, fused with the product by
// --fuse-elementwise, leave the fusion with it (hlo-outline-products) and
// become cuBLASLt's RELU_BIAS and BIAS epilogues (epilogue=6 and 4): still
// no kernel.
// RUN: fuse-opt %s --fuse-elementwise | %gpu_stubs fuse-run - --target=cuda --pipeline-options=format=isa --random-inputs=8 --check --entry=dense_relu 2>&1 | FileCheck %s --check-prefix=RELU --implicit-check-not=launch
// RELU: matmul compute=68 m=24 n=48 k=40 batch=1 {{.*}} epilogue=6 bias=yes beta=0
// RELU: result 0: ok
func.func @dense_relu(%x: tensor<48x40xf32>, %w: tensor<40x24xf32>, %b: tensor<24xf32>) -> tensor<48x24xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<48x40xf32>, tensor<40x24xf32>) -> tensor<48x24xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<24xf32>) -> tensor<48x24xf32>
  %s = hlo.add %p, %bb : tensor<48x24xf32>
  %z = hlo.constant dense<0.0> : tensor<48x24xf32>
  %r = hlo.maximum %s, %z : tensor<48x24xf32>
  return %r : tensor<48x24xf32>
}

// RUN: fuse-opt %s --fuse-elementwise | %gpu_stubs fuse-run - --target=cuda --pipeline-options=format=isa --random-inputs=9 --check --entry=batched_bias 2>&1 | FileCheck %s --check-prefix=BIAS --implicit-check-not=launch
// BIAS: matmul compute=68 m=6 n=5 k=4 batch=3 {{.*}} epilogue=4 bias=yes beta=0
// BIAS: result 0: ok
func.func @batched_bias(%x: tensor<3x5x4xf32>, %w: tensor<3x4x6xf32>, %b: tensor<6xf32>) -> tensor<3x5x6xf32> {
  %p = hlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x5x4xf32>, tensor<3x4x6xf32>) -> tensor<3x5x6xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [2] : (tensor<6xf32>) -> tensor<3x5x6xf32>
  %s = hlo.add %bb, %p : tensor<3x5x6xf32>
  return %s : tensor<3x5x6xf32>
}

// GELU's tanh form, as bench/programs.py's dense layer writes it: cuBLASLt's
// GELU_BIAS epilogue (36), still no kernel.
// RUN: fuse-opt %s --fuse-elementwise | %gpu_stubs fuse-run - --target=cuda --pipeline-options=format=isa --random-inputs=10 --check --entry=dense_gelu 2>&1 | FileCheck %s --check-prefix=GELU --implicit-check-not=launch
// GELU: matmul compute=68 m=16 n=24 k=32 batch=1 {{.*}} epilogue=36 bias=yes beta=0
// GELU: result 0: ok
func.func @dense_gelu(%x: tensor<24x32xf32>, %w: tensor<32x16xf32>, %b: tensor<16xf32>) -> tensor<24x16xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<24x32xf32>, tensor<32x16xf32>) -> tensor<24x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<24x16xf32>
  %h = hlo.add %d, %bb : tensor<24x16xf32>
  %c0 = hlo.constant dense<0.5> : tensor<24x16xf32>
  %c1 = hlo.constant dense<1.0> : tensor<24x16xf32>
  %c2 = hlo.constant dense<0.7978845608> : tensor<24x16xf32>
  %c3 = hlo.constant dense<0.044715> : tensor<24x16xf32>
  %h2 = hlo.multiply %h, %h : tensor<24x16xf32>
  %h3 = hlo.multiply %h2, %h : tensor<24x16xf32>
  %t0 = hlo.multiply %c3, %h3 : tensor<24x16xf32>
  %t1 = hlo.add %h, %t0 : tensor<24x16xf32>
  %t2 = hlo.multiply %c2, %t1 : tensor<24x16xf32>
  %t3 = hlo.tanh %t2 : tensor<24x16xf32>
  %t4 = hlo.add %c1, %t3 : tensor<24x16xf32>
  %t5 = hlo.multiply %h, %t4 : tensor<24x16xf32>
  %r = hlo.multiply %c0, %t5 : tensor<24x16xf32>
  return %r : tensor<24x16xf32>
}

// Any other epilogue is a kernel after the call.
// RUN: fuse-opt %s --fuse-elementwise | %gpu_stubs fuse-run - --target=cuda --pipeline-options=format=isa --random-inputs=1 --entry=tanh_epilogue 2>&1 | FileCheck %s --check-prefix=TANH
// TANH: matmul compute=68 m=8 n=8 k=8 batch=1 {{.*}} epilogue=1 bias=no beta=0
// TANH: stub driver: launch
func.func @tanh_epilogue(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = hlo.tanh %p : tensor<8x8xf32>
  return %t : tensor<8x8xf32>
}

// Contracting dimensions listed out of their order in memory (as a
// convolution's window is, by its patches): flattened in memory order, the
// same in both operands, they are one depth of 15.
// RUN: %gpu_stubs fuse-run %s --target=cuda --pipeline-options=format=isa --random-inputs=4 --check --entry=contraction_out_of_order 2>&1 | FileCheck %s --check-prefix=ORDER --implicit-check-not=launch
// ORDER: matmul compute=68 m=6 n=4 k=15 batch=1 A=f32 ld=6 stride=0 B=f32 ld=15 stride=0 D=f32 ld=6
// ORDER: result 0: ok
func.func @contraction_out_of_order(%x: tensor<4x3x5xf32>, %w: tensor<3x5x6xf32>) -> tensor<4x6xf32> {
  %c = hlo.dot_general %x, %w, contracting_dims = [2, 1] x [1, 0] : (tensor<4x3x5xf32>, tensor<3x5x6xf32>) -> tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}

// Orders that differ between the operands cannot be one depth: a kernel
// computes it (the stub driver runs none, so only the refusal is checked).
// RUN: fuse-opt %s --hlo-lower-to-nvvm="format=isa" --mlir-print-ir-before=fuse-gpu-library-products -o /dev/null 2>&1 | fuse-opt --fuse-gpu-library-products=explain -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: remark: product left to a generated kernel: its contracting dimensions are not one strided dimension of both inputs
func.func @contraction_orders_differ(%x: tensor<4x3x5xf32>, %w: tensor<5x3x6xf32>) -> tensor<4x6xf32> {
  %c = hlo.dot_general %x, %w, contracting_dims = [1, 2] x [1, 0] : (tensor<4x3x5xf32>, tensor<5x3x6xf32>) -> tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}
