// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel | FileCheck %s
// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel --mlir-disable-threading | FileCheck %s
// Upstream's passes give the same module, byte for byte:
// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel > %t.apart
// RUN: fuse-opt %s --convert-math-to-libm --finalize-memref-to-llvm --convert-to-llvm --reconcile-unrealized-casts > %t.upstream
// RUN: diff %t.apart %t.upstream
// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel="use-generic-functions=1" | FileCheck %s --check-prefix=HOOKS
// The CPU pipeline runs it, and the program computes what the interpreter
// does:
// RUN: fuse-opt %S/Inputs/converted-apart.mlir --fuse-elementwise | fuse-opt --hlo-lower-to-cpu | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-run %S/Inputs/converted-apart.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/converted-apart.mlir --random-inputs=2 --check --pipeline-options="parallel=0" | FileCheck %s --check-prefix=EXEC

// The declarations the kernels' conversions made are in the module once.
// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @erff(f32) -> f32
// CHECK-DAG: llvm.mlir.global private constant @table(
// CHECK-NOT: llvm.func @free
// CHECK-NOT: llvm.func @malloc
// CHECK-NOT: llvm.func @erff
// CHECK-NOT: llvm.mlir.global

// The kernel, converted apart, reads the module's global and calls the
// declarations.
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME:      %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64,
// CHECK:         llvm.mlir.addressof @table
// CHECK:         llvm.call @malloc
// CHECK:         llvm.call @erff
// CHECK:         llvm.call @free
// CHECK:         llvm.return

// A caller converted apart calls the kernel by the signature the module
// gave its declaration.
// CHECK-LABEL: llvm.func @fusion(
// CHECK:         llvm.call @malloc
// CHECK:         llvm.call @kernel({{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()

// A function that calls itself.
// CHECK-LABEL: llvm.func @countdown(
// CHECK:         llvm.call @countdown(

// The C interface's wrapper is defined where the module had declared it.
// CHECK-LABEL: llvm.func @exported(
// CHECK:         llvm.call @erff
// CHECK-LABEL: llvm.func @_mlir_ciface_exported(
// CHECK-NEXT:    llvm.call @exported(

// The entry, public, is converted with the module.
// CHECK-LABEL: llvm.func @main(
// CHECK:         llvm.call @fusion(
// CHECK:         llvm.call @countdown(
// CHECK-NOT:   func.func

// HOOKS-DAG: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
// HOOKS-DAG: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// HOOKS-NOT: @malloc
// HOOKS-LABEL: llvm.func @kernel(
// HOOKS:         llvm.call @_mlir_memref_to_llvm_alloc
// HOOKS:         llvm.call @_mlir_memref_to_llvm_free

// PIPELINE-DAG: llvm.func @erff(f32) -> f32
// PIPELINE-DAG: llvm.mlir.global private constant @[[$TABLE:__constant_1x4xf32]](
// PIPELINE-LABEL: llvm.func @main(
// PIPELINE:       llvm.func @main_fusion0_kernel0(
// PIPELINE:         llvm.mlir.addressof @[[$TABLE]]
// PIPELINE:         llvm.call @erff
// PIPELINE-NOT:   func.func

// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
// EXEC: @main result 2: ok

memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func private @kernel(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.get_global @table : memref<4xf32>
  %scratch = memref.alloc() : memref<4xf32>
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^body, ^done
^body:
  %a = memref.load %x[%i] : memref<4xf32>
  %b = memref.load %t[%i] : memref<4xf32>
  %e = math.erf %a : f32
  %s = arith.mulf %e, %b : f32
  memref.store %s, %scratch[%i] : memref<4xf32>
  %v = memref.load %scratch[%i] : memref<4xf32>
  memref.store %v, %y[%i] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next : index)
^done:
  memref.dealloc %scratch : memref<4xf32>
  return
}

func.func private @fusion(%x: memref<4xf32>) -> memref<4xf32> {
  %y = memref.alloc() : memref<4xf32>
  call @kernel(%x, %y) : (memref<4xf32>, memref<4xf32>) -> ()
  return %y : memref<4xf32>
}

func.func private @countdown(%n: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %zero : i64
  cf.cond_br %done, ^exit, ^recurse
^recurse:
  %m = arith.subi %n, %one : i64
  %r = call @countdown(%m) : (i64) -> i64
  return %r : i64
^exit:
  return %zero : i64
}

func.func private @exported(%x: f32) -> f32 attributes {llvm.emit_c_interface} {
  %e = math.erf %x : f32
  return %e : f32
}

func.func @main(%x: memref<4xf32>, %n: i64) -> (memref<4xf32>, i64) {
  %y = call @fusion(%x) : (memref<4xf32>) -> memref<4xf32>
  %c = call @countdown(%n) : (i64) -> i64
  return %y, %c : memref<4xf32>, i64
}
