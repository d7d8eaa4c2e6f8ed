//===- Passes.td - hlo ops expanded into other hlo ops -----*- tablegen -*-===//
//
// Passes that rewrite hlo ops which no lowering knows (factorizations,
// decompositions, complex numbers) into hlo ops that every lowering does.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_EXPANSIONS_PASSES_TD
#define FUSE_DIALECT_HLO_EXPANSIONS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExpandLinearAlgebraPass : Pass<"hlo-expand-linear-algebra"> {
  let summary = "Turn Cholesky and LU factorizations and triangular "
                "solves into blocked products";
  let description = [{
    Rewrites `hlo.cholesky`, `hlo.triangular_solve` and `hlo.lu` into
    products (`hlo.dot_general`), halving the matrices at compile time:

    - `chol([A11 . ; A21 A22]) = [L11 0; L21 L22]` with `L11 = chol(A11)`,
      `L21 = A21 L11^-T` and `L22 = chol(A22 - L21 L21^T)`;
    - `solve([L11 0; L21 L22], [B1; B2])`: `X1 = solve(L11, B1)`, then
      `X2 = solve(L22, B2 - L21 X1)` (transposes read by the products);
    - `lu` as LAPACK's getrf: two loops over panels, row swaps by a
      gather, `U12 = L11^-1 A12`, `A22 -= L21 U12`.

    Blocks of `block-size` rows are loops (Cholesky) or inverted (solves);
    LU panels of `panel-width` columns are loops over their columns. Run
    it before `--fuse-elementwise`. docs/expand-linear-algebra.md has more.

    ```mlir
    %l = hlo.cholesky %a {lower} : tensor<512x512xf32>
    // becomes, with block-size=256: the leading block factored in a loop,
    // the panel below it solved by one product with the block's inverse,
    // the trailing block less the panel's square factored the same way.
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"0",
           "Rows of the blocks factored or inverted in a loop; 0: 64 for "
           "matrices of up to 512 rows, 128 for larger ones">,
    Option<"panelWidth", "panel-width", "int64_t", /*default=*/"32",
           "Columns of the LU panels factored in a loop">,
  ];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def ExpandSpectralPass : Pass<"hlo-expand-spectral"> {
  let summary = "Compute eigenvalues and singular values by Jacobi sweeps";
  let description = [{
    Rewrites `hlo.eigh` and `hlo.svd` ([HLO.md](../HLO.md#eigh)) into
    parallel cyclic Jacobi methods of whole-matrix hlo ops, so that a batch
    of matrices needs nothing more: each step rotates n/2 disjoint pairs of
    indices at once (two-sided for `eigh`, one-sided on the columns of the
    taller of A and A^T for `svd`, whose U is then the Q of a Householder QR
    of the rotated columns), and the pairs turn around a round-robin ring,
    so that the n - 1 steps of a sweep pair every two indices once. Sweeps
    run until converged, at most 30. The GPU pipeline runs it; the CPU
    pipeline calls LAPACK instead (`--convert-hlo-spectral-to-calls`), or
    runs it with `lapack=false`. fuse's JIT runs it before the passes it is
    given, so that fusion sees the sweeps; with `fuse-opt`, run it before
    `--fuse-elementwise`. docs/expand-spectral.md has more.

    ```mlir
    %v, %w, %info = hlo.eigh %a {lower}
        : (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64xf32>, tensor<i32>)
    // becomes an hlo.while of at most 30 sweeps around an hlo.while of 63
    // steps, each rotating 32 pairs of rows and columns of %a and of the
    // accumulated rotations, then the eigenvalues' order and the vectors'
    // signs.
    ```
  }];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

def ExpandComplexPass : Pass<"hlo-expand-complex"> {
  let summary = "Compute on complex numbers as pairs of real tensors";
  let description = [{
    Each tensor of `complex<f32>` or `complex<f64>` becomes its real and
    imaginary parts, and each op on complex numbers becomes real ops on the
    parts: `(a + ic)(x + iy) = (ax - cy) + i(ay + cx)`, four real products
    for a complex `dot_general`, Smith's algorithm for division, and
    `hlo.fft` as products with cosine and sine matrices made from iotas
    (O(N^2) per dimension, no fast algorithm yet). Function
    arguments and results stay complex, split by `hlo.real`/`hlo.imag` and
    paired by `hlo.complex`. The pipelines run it first; run it before
    `--fuse-elementwise` for the parts' ops to be fused. A complex reduce
    other than a sum is refused with a message.

    ```mlir
    %p = hlo.multiply %z, %w : tensor<4xcomplex<f32>>
    // becomes, with %a, %c and %x, %y the parts of %z and %w:
    %re = hlo.subtract (hlo.multiply %a, %x), (hlo.multiply %c, %y)
    %im = hlo.add (hlo.multiply %a, %y), (hlo.multiply %c, %x)
    ```
  }];
  let dependentDialects = ["::fuse::hlo::HLODialect"];
}

#endif // FUSE_DIALECT_HLO_EXPANSIONS_PASSES_TD
