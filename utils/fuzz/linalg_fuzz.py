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

import mlir_text as mt


def program(rng):
    """(MLIR text, block size, a line describing the case)."""
    n = rng.choice([1, 2, 3, 5, 7, 9, 16, 17, 33, 40])
    m = rng.choice([1, 2, 5])
    batch = rng.choice([[], [2], [2, 3]])
    block = rng.choice([1, 2, 3, 4, 8, 16])
    left, lower, transpose, unit = (rng.random() < 0.5 for _ in range(4))
    factor_lower = rng.random() < 0.5
    square = mt.tensor_type(batch + [n, n], "f64")
    rhs = mt.tensor_type(batch + ([n, m] if left else [m, n]), "f64")
    pivots = mt.tensor_type(batch + [n], "i32")
    indices = mt.tensor_type(batch + [n, n], "i32")
    mask = mt.tensor_type(batch + [n, n], "i1")
    b = len(batch)
    dims = list(range(b))
    flags = [name for name, on in (("left_side", left), ("lower", lower),
                                   ("transpose_a", transpose),
                                   ("unit_diagonal", unit)) if on]
    text = f"""func.func @main(%x: {square}, %b: {rhs}) -> ({square}, {rhs}, {square}, {pivots}) {{
  %xxt = hlo.dot_general %x, %x, batching_dims = {dims} x {dims}, contracting_dims = [{b + 1}] x [{b + 1}] : ({square}, {square}) -> {square}
  %rows = hlo.iota dim = {b} : {indices}
  %cols = hlo.iota dim = {b + 1} : {indices}
  %diagonal = hlo.compare EQ, %rows, %cols : {indices}
  %order = hlo.constant dense<{n}.0> : {square}
  %zero = hlo.constant dense<0.0> : {square}
  %shift = hlo.select %diagonal, %order, %zero : {mask}, {square}
  %a = hlo.add %xxt, %shift : {square}
  %l = hlo.cholesky %a {{{"lower" if factor_lower else ""}}} : {square}
  %s = hlo.triangular_solve %l, %b {{{", ".join(flags)}}} : ({square}, {rhs}) -> {rhs}
  %lu, %p = hlo.lu %x : ({square}) -> ({square}, {pivots})
  return %l, %s, %lu, %p : {square}, {rhs}, {square}, {pivots}
}}
""".replace("batching_dims = [] x [], ", "").replace(" {}", "")
    case = (f"n={n} m={m} batch={batch} block={block} "
            f"cholesky={'lower' if factor_lower else 'upper'} "
            f"solve={','.join(flags) or 'right,upper'}")
    return text, block, case


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    mt.seed_arguments(parser, count=30)
    mt.add_tool_arguments(parser, "fuse-opt", "fuse-run", timeout=120)
    args = parser.parse_args()
    fuse_opt = mt.find_tool(parser, args.fuse_opt)
    fuse_run = mt.find_tool(parser, args.fuse_run)

    rng = random.Random(args.seed)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for i in range(args.count):
            text, block, case = program(rng)
            source = tmp / f"case{i}.mlir"
            source.write_text(text)
            seed = f"--random-inputs={args.seed * 1000 + i}"
            reference = mt.run_tool(
                [fuse_run, source, seed, "--interpret",
                 f"--outputs={tmp / f'want{i}'}"], timeout=args.timeout)
            expanded = mt.run_tool(
                [fuse_opt, source,
                 f"--hlo-expand-linear-algebra=block-size={block}",
                 "--canonicalize", "--fuse-elementwise"],
                timeout=args.timeout)
            compared = None
            if reference.returncode == 0 and expanded.returncode == 0:
                compared = mt.run_tool(
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
