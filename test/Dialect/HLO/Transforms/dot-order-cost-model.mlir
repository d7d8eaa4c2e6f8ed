// RUN: fuse-opt %s --dot-order | FileCheck %s --check-prefix=MULADDS
// RUN: fuse-opt %s --dot-order="cost-model=intermediate-bytes" | FileCheck %s --check-prefix=BYTES
// RUN: fuse-opt %s --dot-order="cost-model=intermediate-bytes" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// The two cost models disagree on A (1x14) x B (14x200) x C (200x14):
// (A B) C takes 5600 multiply-adds and an 800-byte intermediate, A (B C)
// 39396 multiply-adds and a 784-byte one.

// MULADDS-LABEL: func.func @models_disagree
// MULADDS-NEXT: %[[AB:.*]] = hlo.dot %arg0, %arg1
// MULADDS-NEXT: %[[ABC:.*]] = hlo.dot %[[AB]], %arg2
// MULADDS-NEXT: return %[[ABC]]
// BYTES-LABEL: func.func @models_disagree
// BYTES-NEXT: %[[BC:.*]] = hlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] : (tensor<14x200xf32>, tensor<200x14xf32>) -> tensor<14x14xf32>
// BYTES-NEXT: %[[ABC:.*]] = hlo.dot_general %arg0, %[[BC]], contracting_dims = [1] x [0] : (tensor<1x14xf32>, tensor<14x14xf32>) -> tensor<1x14xf32>
// BYTES-NEXT: return %[[ABC]]
// EXEC: @models_disagree result 0: ok
func.func @models_disagree(%a: tensor<1x14xf32>, %b: tensor<14x200xf32>, %c: tensor<200x14xf32>) -> tensor<1x14xf32> {
  %ab = hlo.dot %a, %b : (tensor<1x14xf32>, tensor<14x200xf32>) -> tensor<1x200xf32>
  %abc = hlo.dot %ab, %c : (tensor<1x200xf32>, tensor<200x14xf32>) -> tensor<1x14xf32>
  return %abc : tensor<1x14xf32>
}
