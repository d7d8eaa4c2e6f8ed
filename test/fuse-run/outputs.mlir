// --outputs writes DIR/result<i>.npy; the files read back as inputs give
// the same results, compiled and interpreted.
// RUN: rm -rf %t && mkdir -p %t
// RUN: fuse-run %s --random-inputs=5 --outputs=%t/first
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t/first/result0.npy
// RUN: FileCheck %s --check-prefix=PRED --input-file=%t/first/result1.npy
// RUN: fuse-run %s --inputs=%t/first/result0.npy,%t/first/result1.npy --outputs=%t/second --check | FileCheck %s --check-prefix=CHECK
// RUN: fuse-run %s --inputs=%t/first/result0.npy,%t/first/result1.npy --interpret --outputs=%t/reference
// RUN: cmp %t/second/result0.npy %t/reference/result0.npy
// RUN: cmp %t/second/result1.npy %t/reference/result1.npy

// bf16 has no NumPy dtype: its bit patterns are stored as <u2.
// HEADER: {'descr': '<u2', 'fortran_order': False, 'shape': (3, 4), }
// PRED: {'descr': '|b1', 'fortran_order': False, 'shape': (5,), }

// CHECK: @main result 0: ok (12 elements,
// CHECK: @main result 1: ok (5 elements, exact)
func.func @main(%x: tensor<3x4xbf16>, %p: tensor<5xi1>)
    -> (tensor<3x4xbf16>, tensor<5xi1>) {
  %0 = hlo.negate %x : tensor<3x4xbf16>
  %1 = hlo.not %p : tensor<5xi1>
  return %0, %1 : tensor<3x4xbf16>, tensor<5xi1>
}

// With --all-entries the names carry the entry: DIR/<entry>.result<i>.npy.
// RUN: fuse-run %s --all-entries --random-inputs=5 --outputs=%t/all
// RUN: ls %t/all | FileCheck %s --check-prefix=ALL
// ALL: main.result0.npy
// ALL-NEXT: main.result1.npy
