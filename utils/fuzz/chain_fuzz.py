"""Random chains of matrix products, checked through --dot-order.

Each program multiplies a random chain of 2 to 7 matrices in a random order:
vectors at either end, transposed operands (by hlo.transpose or by the
contracting dimensions), transposed products, shared intermediates that are
also returned, a reduce-add of the result, and batch dimensions. The
reordered program, compiled, is compared with the interpreter of the
original one. f64 keeps rounding far below the tolerance, which is relative
to the largest result element (the sums cancel to values near 0). On a
failure the programs are written to chain_fuzz_failed.mlir.

    python3 utils/fuzz/chain_fuzz.py --seed 1 --count 200 \\
        --fuse-opt build/bin/fuse-opt --fuse-run build/bin/fuse-run
"""

import argparse
import array
import pathlib
import random
import sys
import tempfile

import source_tree  # noqa: F401  (fuse_hlo from this tree)
import tools
from fuse_hlo import hlo_text as ht


class Program:
    def __init__(self, rng, name):
        self.rng = rng
        self.name = name
        self.batch = [rng.randint(2, 3)] if rng.random() < 0.2 else []
        self.args = []
        self.body = []
        self.results = []
        self.names = ht.Names("v", 1)

    def ttype(self, shape):
        return ht.tensor_type(self.batch + shape, "f64")

    def emit(self, text, type_):
        """Appends `%v = text`; returns the value %v."""
        value = ht.Value(self.names.fresh(), type_)
        self.body.append(f"{value.name} = {text}")
        return value

    def arg(self, shape):
        value = ht.Value(f"%a{len(self.args)}", self.ttype(shape))
        self.args.append(value)
        return value

    def transpose(self, value, shape):
        """The transpose of the matrix `value` of `shape`."""
        n = len(self.batch)
        result_type = self.ttype(shape[::-1])
        return self.emit(ht.to_type("transpose", value, result_type,
                                    dims=list(range(n)) + [n + 1, n]),
                         result_type)

    def leaf(self, rows, cols):
        """A value holding the rows x cols matrix (cols == 0: a column
        vector; rows == 0: a row vector), and whether it is stored
        transposed."""
        if rows == 0 or cols == 0:
            return self.arg([rows or cols]), False
        if self.rng.random() < 0.3:
            stored = self.arg([cols, rows])
            if self.rng.random() < 0.5:
                return stored, True
            return self.transpose(stored, [cols, rows]), False
        return self.arg([rows, cols]), False

    def product(self, dims, i, j, vec_first, vec_last):
        """The product of matrices i..j (dims[i] x dims[j + 1]); returns
        (value, stored transposed, shape of the logical result)."""
        rows = 0 if (i == 0 and vec_first) else dims[i]
        cols = 0 if (j == len(dims) - 2 and vec_last) else dims[j + 1]
        if i == j:
            value, transposed = self.leaf(rows, cols)
            return value, transposed, (rows, cols)
        k = self.rng.randint(i, j - 1)
        lhs, lt, (lr, lc) = self.product(dims, i, k, vec_first, vec_last)
        rhs, rt, (rr, rc) = self.product(dims, k + 1, j, vec_first, vec_last)
        n = len(self.batch)
        lcontract = n + (0 if (not (lr and lc)) or lt else 1)
        rcontract = n + (1 if (rr and rc) and rt else 0)
        shape = [d for d in (lr, rc) if d]
        batch, result_type = list(range(n)), self.ttype(shape)
        value = self.emit(ht.dot_general(lhs, rhs, (batch, batch),
                                         ([lcontract], [rcontract]),
                                         result_type), result_type)
        if self.rng.random() < 0.1:
            self.results.append(value)
        if len(shape) == 2 and self.rng.random() < 0.2:
            return self.transpose(value, shape), True, (lr, rc)
        return value, False, (lr, rc)

    def generate(self):
        rng = self.rng
        length = rng.randint(2, 7)
        dims = [rng.randint(1, 24) for _ in range(length + 1)]
        vec_first = rng.random() < 0.3
        vec_last = rng.random() < 0.3
        value, transposed, (rows, cols) = self.product(
            dims, 0, length - 1, vec_first, vec_last)
        shape = [d for d in (rows, cols) if d]
        if transposed:
            shape = shape[::-1]
        if len(shape) == 2 and rng.random() < 0.3:
            dim = len(self.batch) + rng.randint(0, 1)
            zero = self.emit(ht.constant("dense<0.0>", "tensor<f64>"),
                             "tensor<f64>")
            kept = [d for i, d in enumerate(self.batch + shape) if i != dim]
            result_type = ht.tensor_type(kept, "f64")
            value = self.emit(ht.reduce("add", value, zero, [dim],
                                        result_type), result_type)
        self.results.insert(0, value)
        return ht.function(self.name, self.args, self.body, self.results)


def load(path):
    data = path.read_bytes()
    size = 2 if data[6] == 1 else 4
    length = int.from_bytes(data[8:8 + size], "little")
    # Every result is f64 (fuse-run writes '<f8', C order): skip the header.
    values = array.array("d")
    values.frombytes(data[8 + size + length:])
    return values


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    tools.seed_arguments(parser, count=100)
    tools.add_tool_arguments(parser, "fuse-opt", "fuse-run")
    parser.add_argument("--rtol", type=float, default=1e-9,
                        help="tolerance relative to the largest |element|")
    args = parser.parse_args()
    fuse_opt = tools.find_tool(parser, args.fuse_opt)
    fuse_run = tools.find_tool(parser, args.fuse_run)

    rng = random.Random(args.seed)
    text = "\n".join(Program(rng, f"chain{i}").generate()
                     for i in range(args.count))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        source = tmp / "chains.mlir"
        source.write_text(text)
        tools.run_checked([fuse_run, source, "--all-entries",
                           "--random-inputs=1", "--interpret",
                           f"--outputs={tmp / 'original'}"])
        reordered = tools.run_checked([fuse_opt, source, "--dot-order=debug"])
        tools.run_checked([fuse_run, "-", "--all-entries",
                           "--random-inputs=1",
                           f"--outputs={tmp / 'reordered'}"],
                          stdin=reordered.stdout)
        failed = 0
        for want_path in sorted((tmp / "original").glob("*.npy")):
            want = load(want_path)
            got = load(tmp / "reordered" / want_path.name)
            scale = max((abs(x) for x in want), default=0.0) or 1.0
            worst = max((abs(a - b) for a, b in zip(want, got)), default=0.0)
            if len(want) != len(got) or worst > args.rtol * scale:
                failed += 1
                print(f"{want_path.stem}: MISMATCH (max abs err {worst:.1e} "
                      f"of {scale:.1e})")
        chains = reordered.stderr.count("dot-order:")
        changed = reordered.stderr.count("  reordered")
        print(f"chain_fuzz: {args.count} programs, {chains} chains, "
              f"{changed} reordered, {failed} failed")
        if failed:
            (pathlib.Path.cwd() / "chain_fuzz_failed.mlir").write_text(text)
            sys.exit(1)


if __name__ == "__main__":
    main()
