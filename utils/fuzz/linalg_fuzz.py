"""Random factorizations and solves, checked through
--hlo-expand-linear-algebra.

Each case builds a symmetric positive definite A = X X^T + n I from a random
X (order 1 to 40, no batch or batch dimensions, f64), factors it with
hlo.cholesky (lower or upper), solves with the factor in a random form of
hlo.triangular_solve (left or right, lower or upper, transposed or not, unit
diagonal or not), and factors X with hlo.lu. The program expanded at a
random block size (1 to 16), fused and compiled, is compared with the
interpreter's textbook algorithms on the original ops (fuse-run
--expected). f64 keeps rounding far below the tolerance, so a mismatch is a
wrong expansion; a failing case's program is written to
linalg_fuzz_failed_<i>.mlir.

    python3 utils/fuzz/linalg_fuzz.py --seed 1 --count 30 \\
        --fuse-opt build/bin/fuse-opt --fuse-run build/bin/fuse-run
"""

import argparse
import pathlib
import random
import sys
import tempfile

import source_tree  # noqa: F401  (fuse_hlo from this tree)
import tools
from fuse_hlo import hlo_text as ht


def program(rng):
    """(MLIR text, block size, a line describing the case)."""
    n = rng.choice([1, 2, 3, 5, 7, 9, 16, 17, 33, 40])
    m = rng.choice([1, 2, 5])
    batch = rng.choice([[], [2], [2, 3]])
    block = rng.choice([1, 2, 3, 4, 8, 16])
    left, lower, transpose, unit = (rng.random() < 0.5 for _ in range(4))
    factor_lower = rng.random() < 0.5
    square = ht.tensor_type(batch + [n, n], "f64")
    rhs = ht.tensor_type(batch + ([n, m] if left else [m, n]), "f64")
    pivots = ht.tensor_type(batch + [n], "i32")
    indices = ht.tensor_type(batch + [n, n], "i32")
    b = len(batch)
    dims = list(range(b))
    flags = [name for name, on in (("left_side", left), ("lower", lower),
                                   ("transpose_a", transpose),
                                   ("unit_diagonal", unit)) if on]
    x, rhs_value = ht.Value("%x", square), ht.Value("%b", rhs)
    f = ht.Block()
    xxt = f.let("%xxt", ht.dot_general(x, x, (dims, dims), ([b + 1], [b + 1]),
                                       square))
    rows = f.let("%rows", ht.iota(b, indices))
    cols = f.let("%cols", ht.iota(b + 1, indices))
    diagonal = f.let("%diagonal", ht.compare("EQ", rows, cols))
    order = f.let("%order", ht.constant(f"dense<{n}.0>", square))
    zero = f.let("%zero", ht.constant("dense<0.0>", square))
    shift = f.let("%shift", ht.select(diagonal, order, zero))
    a = f.let("%a", ht.same_type("add", xxt, shift))
    factor = f.let("%l", ht.cholesky(a, factor_lower))
    solved = f.let("%s", ht.triangular_solve(factor, rhs_value, flags))
    lu, lu_pivots = f.let("%lu", ht.lu(x, pivots))
    text = ht.function("main", [x, rhs_value], f,
                       [factor, solved, lu, lu_pivots])
    case = (f"n={n} m={m} batch={batch} block={block} "
            f"cholesky={'lower' if factor_lower else 'upper'} "
            f"solve={','.join(flags) or 'right,upper'}")
    return text, block, case


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    tools.seed_arguments(parser, count=30)
    tools.add_tool_arguments(parser, "fuse-opt", "fuse-run", timeout=120)
    args = parser.parse_args()
    fuse_opt = tools.find_tool(parser, args.fuse_opt)
    fuse_run = tools.find_tool(parser, args.fuse_run)

    rng = random.Random(args.seed)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for i in range(args.count):
            text, block, case = program(rng)
            source = tmp / f"case{i}.mlir"
            source.write_text(text)
            seed = f"--random-inputs={args.seed * 1000 + i}"
            reference = tools.run_tool(
                [fuse_run, source, seed, "--interpret",
                 f"--outputs={tmp / f'want{i}'}"], timeout=args.timeout)
            expanded = tools.run_tool(
                [fuse_opt, source,
                 f"--hlo-expand-linear-algebra=block-size={block}",
                 "--canonicalize", "--fuse-elementwise"],
                timeout=args.timeout)
            compared = None
            if reference.returncode == 0 and expanded.returncode == 0:
                compared = tools.run_tool(
                    [fuse_run, "-", seed, f"--expected={tmp / f'want{i}'}",
                     "--no-cache"], timeout=args.timeout,
                    stdin=expanded.stdout)
            if compared is None or compared.returncode != 0:
                failed += 1
                stages = [reference, expanded, compared]
                message = next(s.stderr or s.stdout for s in stages
                               if s is not None and s.returncode != 0)
                print(f"case {i} ({case}): FAILED\n{message.strip()}")
                (pathlib.Path.cwd() /
                 f"linalg_fuzz_failed_{i}.mlir").write_text(text)
    print(f"linalg_fuzz: {args.count} cases, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
