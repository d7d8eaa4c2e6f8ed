"""Random programs checked through --split-tensors.

Each program builds a big 2-D or 3-D tensor from small random inputs and
makes it small again with a start op of the pass: a reduce (add, maximum,
minimum, multiply, or/and, from the identity or from another init value,
over one or two dimensions; an argmax / argmin of value and iota index
pairs; a maximum through compare and select; a variadic sum and maximum) or
a dot_general / dot with a small vector or matrix, or with the big tensor
itself (X^T X). The path from the inputs to the big tensor goes through
broadcasts (also permuting ones and ones from size 1), elementwise ops (add,
subtract, multiply, maximum, minimum, exponential and tanh of scaled values,
abs, negate, convert, clamp, select of a compare, also of a rank-0 one),
transposes, reshapes, concatenates, pads, reverses, iotas, splat and dense
constants, big arguments, intermediate dot_generals and nested reduces
(argmax too), values centered as a softmax centers its scores (x minus the
broadcast maximum or sum of x along one dimension), and values read twice. Some programs have a second start op,
on its own path or on one that reads the first results, and some cannot be
split (the big tensor is also returned, or read by two start ops, or
sliced): the pass must leave them correct.

Programs go into files of --per-file functions that share one float type
(f64 mostly, f32) and one threshold and split size (with or without units),
drawn per file; a fifth of the programs are i32 or i64 instead, exact, with
argmax ties (the first index wins). Each program is drawn until its results
fit under the threshold while the operand of its start op does not (and its
slices are not too many). For each file the unsplit program is run compiled
(fuse-run --outputs), then every function that the pass changed is run split
and split then fused (--fuse-elementwise), compiled and compared with the
interpreter (--check) and with the unsplit results (--expected). Magnitudes
are bounded (values are rescaled where they could grow), so that the
tolerances are far above the rounding differences of reordered sums, and an
argmax over floats has no ties.

A failure is a non-zero exit of fuse-opt or fuse-run (a crash, a verifier
error), a run over --timeout, or a MISMATCH; a failure that names no function
is narrowed down by checking each function of the file alone. The failing
programs are written, one file per threshold, to
split_fuzz_failed.<seed>.<n>.mlir, and the commands that reproduce them are
printed. The summary counts the programs split (a loop or a dynamic_slice
after the pass) and those with a loop in a loop.

    python3 utils/fuzz/split_fuzz.py --seed 1 --count 200 \\
        --fuse-opt build/bin/fuse-opt --fuse-run build/bin/fuse-run

With --ranks N the split programs are also distributed over N MPI ranks
(--distribute-splits, blocked in even files and cyclic in odd ones) and the
checks run under `mpirun -np N`: rank 0 compares with the interpreter, which
runs the ranks as threads, and with the unsplit results. (As root, OpenMPI
wants OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1, and more
ranks than cores OMPI_MCA_rmaps_base_oversubscribe=1.)
"""

import argparse
import concurrent.futures
import math
import pathlib
import random
import re
import shlex
import sys
import tempfile
import time

import source_tree  # noqa: F401  (fuse_hlo from this tree)
import tools
from fuse_hlo import hlo_text as ht
from fuse_hlo.hlo_text import tensor_type as ttype

BYTES = {"f32": 4, "f64": 8, "i1": 1, "i32": 4, "i64": 8}
INT_MAX = {"i32": 2147483647, "i64": 9223372036854775807}
NEG_INF = {"f32": "0xFF800000", "f64": "0xFFF0000000000000",
           "i32": str(-INT_MAX["i32"] - 1), "i64": str(-INT_MAX["i64"] - 1)}
POS_INF = {"f32": "0x7F800000", "f64": "0x7FF0000000000000",
           "i32": str(INT_MAX["i32"]), "i64": str(INT_MAX["i64"])}
# The most elements of any tensor, and the most slices a split may take
# (for the run time of the interpreter).
MAX_ELEMENTS = 24000
MAX_SLICES = 400
# Values are rescaled when their bound grows past this.
MAX_MAGNITUDE = 40.0


def count(shape):
    return math.prod(shape)


def lit(x):
    """An MLIR float literal."""
    return f"{x:.6e}"


def literal(x, et):
    """x as an element of type et: rounded for integers."""
    return str(int(round(x))) if et.startswith("i") else lit(x)


class Value:
    def __init__(self, name, shape, et, mag, exact=True):
        self.name = name
        self.shape = list(shape)
        self.et = et
        self.mag = mag      # a bound of |element|
        self.exact = exact  # no reordered sums or transcendental functions

    @property
    def type(self):
        return ttype(self.shape, self.et)


class Program:
    """One random function: a path to a big tensor, then a start op."""

    def __init__(self, rng, name, et):
        self.rng = rng
        self.name = name
        self.et = et
        # Integer programs are exact: no rescaling, no transcendental
        # functions, and argmax ties (the first index wins).
        self.is_int = et.startswith("i")
        self.other = {"f64": "f32", "f32": "f64", "i32": "i64",
                      "i64": "i32"}[et]
        self.args = []
        self.body = []
        self.results = []
        self.names = ht.Names("v", 1)
        self.max_bytes = 0
        self.starts = []          # (operand bytes, result bytes)
        self.unsplittable = None  # why, for programs meant not to split
        self.features = {et}
        self.user_loops = 0      # scf.for loops of the program itself
        self.made = {}  # shape -> values of the path, to read again

    # -- emitting ---------------------------------------------------------

    def num(self, x, et=None):
        return literal(x, et or self.et)

    def values(self, n):
        """n random elements, as a dense literal's list."""
        if self.is_int:
            return ", ".join(str(self.rng.randint(-5, 5)) for _ in range(n))
        return ", ".join(f"{self.rng.uniform(-2, 2):.3f}" for _ in range(n))

    def fresh(self):
        return self.names.fresh()

    def note(self, shape, et):
        self.max_bytes = max(self.max_bytes, count(shape) * BYTES[et])

    def emit(self, text, shape, et, mag, exact=True):
        name = self.fresh()
        self.body.append(f"{name} = {text}")
        self.note(shape, et)
        return Value(name, shape, et, mag, exact)

    def moved(self, text, x, shape):
        """A shape op that moves x's elements: their bound and exactness
        stay."""
        return self.emit(text, shape, x.et, x.mag, x.exact)

    def arg(self, shape, et=None):
        et = et or self.et
        value = Value(f"%a{len(self.args)}", shape, et, 3.0)
        self.args.append(value)
        self.note(shape, et)
        return value

    def scalar(self, value, et=None):
        et = et or self.et
        try:
            mag = abs(float(value))
        except ValueError:  # an infinity in hex, a boolean
            mag = 0.0
        return self.emit(ht.constant(f"dense<{value}>", ttype([], et)), [], et,
                         mag)

    def splat(self, shape, c, et=None):
        """A tensor of one value: a splat constant or a broadcast scalar."""
        et = et or self.et
        if self.rng.random() < 0.5:
            self.features.add("splat")
            return self.emit(ht.constant(f"dense<{self.num(c, et)}>",
                                         ttype(shape, et)), shape, et, abs(c))
        s = self.scalar(self.num(c, et), et)
        # The bound is c's, not its rounded literal's.
        return self.emit(ht.to_type("broadcast_in_dim", s, ttype(shape, et),
                                    dims=[]), shape, et, abs(c))

    def unary(self, op, x, mag=None, exact=None):
        return self.emit(ht.same_type(op, x), x.shape, x.et,
                         x.mag if mag is None else mag,
                         x.exact if exact is None else exact)

    def binary(self, op, a, b, mag, exact=None):
        return self.emit(ht.same_type(op, a, b), a.shape, a.et, mag,
                         a.exact and b.exact if exact is None else exact)

    def convert(self, x, et):
        return self.emit(ht.to_type("convert", x, ttype(x.shape, et)),
                         x.shape, et, x.mag, x.exact)

    def broadcast(self, x, dims, shape):
        return self.moved(ht.to_type("broadcast_in_dim", x,
                                     ttype(shape, x.et), dims=dims), x, shape)

    def scale(self, x, target):
        """x times a constant, so that its bound is about `target`."""
        if self.is_int:
            return x
        c = target / max(x.mag, 1e-3)
        c = float(f"{c:.6e}")
        k = self.splat(x.shape, c, x.et)
        return self.binary("multiply", x, k, x.mag * c)

    def normalize(self, x):
        if x.mag > MAX_MAGNITUDE and not self.is_int:
            return self.scale(x, self.rng.uniform(1.0, 4.0))
        return x

    def small_scalar(self):
        """A rank-0 value that is not a constant: the sum of an argument."""
        a = self.arg([self.rng.randint(2, 6)])
        zero = self.scalar(self.num(0.0))
        return self.emit(ht.reduce("add", a, zero, [0], ttype([], a.et)), [],
                         a.et, 18.0)

    # -- leaves -----------------------------------------------------------

    def leaf(self, shape):
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            return self.broadcast_leaf(shape)
        if r < 0.65:
            return self.iota_leaf(shape)
        if r < 0.73:
            c = rng.choice([0.5, -1.25, 2.0, 0.75, -0.5])
            return self.splat(shape, c)
        if r < 0.88:
            return self.small_leaf(shape)
        if r < 0.97 or count(shape) > 300:
            self.features.add("big-arg")
            return self.arg(shape)
        self.features.add("big-constant")
        values = self.values(count(shape))
        return self.emit(ht.constant(f"dense<{self.nested(values, shape)}>",
                                     ttype(shape, self.et)), shape, self.et,
                         2.0)

    @staticmethod
    def nested(flat, shape):
        items = flat.split(", ")

        def build(shape, items):
            if len(shape) == 1:
                return "[" + ", ".join(items) + "]"
            step = count(shape[1:])
            return "[" + ", ".join(build(shape[1:], items[i:i + step])
                                   for i in range(0, len(items), step)) + "]"
        return build(shape, items)

    def broadcast_leaf(self, shape):
        rng = self.rng
        rank = len(shape)
        if rank == 1 or rng.random() < 0.1:
            k = rank
        else:
            k = rng.randint(1, rank - 1)
        dims = rng.sample(range(rank), k)
        if rng.random() < 0.75:
            dims.sort()
        if dims != sorted(dims):
            self.features.add("permuting-broadcast")
        arg_shape = [1 if rng.random() < 0.12 else shape[d] for d in dims]
        if 1 in arg_shape:
            self.features.add("broadcast-from-1")
        if dims == list(range(rank)) and 1 not in arg_shape:
            self.features.add("big-arg")
            return self.arg(shape)
        et = self.et if rng.random() < 0.8 else self.other
        a = self.arg(arg_shape, et)
        if et == self.et:
            return self.broadcast(a, dims, shape)
        self.features.add("convert")
        if rng.random() < 0.5:
            return self.broadcast(self.convert(a, self.et), dims, shape)
        return self.convert(self.broadcast(a, dims, shape), self.et)

    def iota_leaf(self, shape):
        rng = self.rng
        self.features.add("iota")
        d = rng.randrange(len(shape))
        small = rng.random() < 0.3
        ishape = [shape[d]] if small else shape
        idim = 0 if small else d
        et = rng.choice([self.et, self.et, "i32", "i64"])
        v = self.emit(ht.iota(idim, ttype(ishape, et)), ishape, et,
                      shape[d] - 1.0)
        if et != self.et:
            v = self.convert(v, self.et)
        if small:
            v = self.broadcast(v, [d], shape)
        if rng.random() < 0.5:
            v = self.binary("subtract", v, self.splat(shape, shape[d] / 2.0),
                            v.mag)
        return v

    def small_leaf(self, shape):
        """A computed small tensor, or a dense constant, broadcast."""
        rng = self.rng
        d = rng.randrange(len(shape))
        if rng.random() < 0.4:
            values = self.values(shape[d])
            v = self.emit(ht.constant(f"dense<[{values}]>",
                                      ttype([shape[d]], self.et)),
                          [shape[d]], self.et, 2.0)
        else:
            v = self.arg([shape[d]])
            v = self.unary(rng.choice(["abs", "negate"] if self.is_int else
                                      ["tanh", "abs", "negate"]), v)
        return self.broadcast(v, [d], shape)

    # -- the path ---------------------------------------------------------

    def gen(self, shape, budget):
        rng = self.rng
        same = self.made.get(tuple(shape))
        if same and rng.random() < 0.12:
            # A value read twice: the walk meets it again, along the same
            # dimension or (through a transpose) another one.
            self.features.add("shared")
            return rng.choice(same)
        v = self.gen_new(shape, budget)
        self.made.setdefault(tuple(shape), []).append(v)
        return v

    def gen_new(self, shape, budget):
        rng = self.rng
        if budget <= 0 or rng.random() < 0.25:
            return self.leaf(shape)
        ops = [(self.gen_unary, 18), (self.gen_binary, 24),
               (self.gen_select, 7), (self.gen_transpose, 6),
               (self.gen_reshape, 6), (self.gen_concatenate, 5),
               (self.gen_pad, 5), (self.gen_reverse, 4),
               (self.gen_dot_general, 7), (self.gen_reduce, 7),
               (self.gen_centered, 5)]
        make = rng.choices([f for f, _ in ops], [w for _, w in ops])[0]
        v = make(shape, budget)
        if v is None:
            v = self.leaf(shape)
        return self.normalize(v)

    def gen_unary(self, shape, budget):
        rng = self.rng
        x = self.gen(shape, budget - 1)
        op = rng.choice(["exponential", "tanh", "abs", "negate", "convert",
                         "clamp"][2 * self.is_int:])
        if op == "exponential":
            self.features.add("exponential")
            return self.unary("exponential", self.scale(x, rng.uniform(0.3, 1.5)),
                              mag=math.e ** 1.5, exact=False)
        if op == "tanh":
            return self.unary("tanh", self.scale(x, rng.uniform(0.5, 2.0)),
                              mag=1.0, exact=False)
        if op == "convert":
            self.features.add("convert")
            return self.convert(self.convert(x, self.other), self.et)
        if op == "clamp":
            self.features.add("clamp")
            lo = rng.uniform(-x.mag, 0.0)
            hi = rng.uniform(0.0, x.mag)
            lo_v = self.scalar(self.num(lo))
            if rng.random() < 0.7:
                hi_v = self.scalar(self.num(hi))
            else:
                hi_v = self.splat(shape, hi)
            return self.moved(ht.clamp(lo_v, x, hi_v), x, shape)
        return self.unary(op, x)

    def gen_binary(self, shape, budget):
        rng = self.rng
        a = self.gen(shape, budget - 1)
        b = self.gen(shape, budget - rng.randint(1, 2))
        op = rng.choice(["add", "subtract", "multiply", "maximum", "minimum"])
        mag = {"add": a.mag + b.mag, "subtract": a.mag + b.mag,
               "multiply": a.mag * b.mag}.get(op, max(a.mag, b.mag))
        return self.binary(op, a, b, mag)

    def gen_select(self, shape, budget):
        rng = self.rng
        self.features.add("select")
        if rng.random() < 0.2:
            # A rank-0 predicate picks one whole tensor.
            s = self.small_scalar()
            z = self.scalar(self.num(rng.uniform(-2, 2)))
            pred = self.emit(ht.compare("GT", s, z), [], "i1", 1.0)
            self.features.add("scalar-pred")
        else:
            # f32 rounding differs between the compiled code and the
            # interpreter: compare fresh leaves only.
            if self.et == "f32":
                p, q = self.leaf(shape), self.leaf(shape)
            else:
                p, q = self.gen(shape, budget - 1), self.gen(shape, budget - 1)
            direction = rng.choice(["LT", "LE", "GT", "GE", "NE"])
            pred = self.emit(ht.compare(direction, p, q), shape, "i1", 1.0)
        a = self.gen(shape, budget - 1)
        b = self.gen(shape, budget - 2)
        return self.emit(ht.select(pred, a, b), shape, self.et,
                         max(a.mag, b.mag), a.exact and b.exact)

    def gen_transpose(self, shape, budget):
        rng = self.rng
        rank = len(shape)
        if rank < 2:
            return None
        perm = list(range(rank))
        while perm == list(range(rank)):
            rng.shuffle(perm)
        operand_shape = [0] * rank
        for i, p in enumerate(perm):
            operand_shape[p] = shape[i]
        self.features.add("transpose")
        x = self.gen(operand_shape, budget - 1)
        return self.moved(ht.to_type("transpose", x, ttype(shape, self.et),
                                     dims=perm), x, shape)

    def gen_reshape(self, shape, budget):
        rng = self.rng
        rank = len(shape)
        options = []
        if rank < 4:
            i = rng.randint(0, rank)
            options.append(shape[:i] + [1] + shape[i:])
        if rank >= 2:
            i = rng.randrange(rank - 1)
            options.append(shape[:i] + [shape[i] * shape[i + 1]] + shape[i + 2:])
        if rank < 4:
            for i in rng.sample(range(rank), rank):
                factors = [f for f in range(2, shape[i]) if shape[i] % f == 0]
                if factors:
                    f = rng.choice(factors)
                    options.append(shape[:i] + [f, shape[i] // f] +
                                   shape[i + 1:])
                    break
        operand_shape = rng.choice(options)
        self.features.add("reshape")
        x = self.gen(operand_shape, budget - 1)
        return self.moved(ht.to_type("reshape", x, ttype(shape, self.et)), x,
                          shape)

    def gen_concatenate(self, shape, budget):
        rng = self.rng
        dims = [d for d in range(len(shape)) if shape[d] >= 2]
        if not dims:
            return None
        d = rng.choice(dims)
        pieces = 3 if shape[d] >= 3 and rng.random() < 0.3 else 2
        cuts = sorted(rng.sample(range(1, shape[d]), pieces - 1))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [shape[d]])]
        parts = []
        for size in sizes:
            part_shape = list(shape)
            part_shape[d] = size
            parts.append(self.gen(part_shape, budget - rng.randint(1, 2)))
        self.features.add("concatenate")
        return self.emit(ht.concatenate(d, parts, ttype(shape, self.et)),
                         shape, self.et, max(p.mag for p in parts),
                         all(p.exact for p in parts))

    def gen_pad(self, shape, budget):
        rng = self.rng
        rank = len(shape)
        low, high, interior = [0] * rank, [0] * rank, [0] * rank
        operand_shape = list(shape)
        padded = rng.sample(range(rank), 1 if rank == 1 or rng.random() < 0.8
                            else 2)
        for d in padded:
            for _ in range(20):
                i = 1 if rng.random() < 0.25 else 0
                lo = rng.randint(-1, 3) if rng.random() < 0.2 else rng.randint(0, 3)
                hi = rng.randint(-1, 3) if rng.random() < 0.2 else rng.randint(0, 3)
                n, rem = divmod(shape[d] - lo - hi + i, 1 + i)
                if rem == 0 and n >= 1 and (lo, hi, i) != (0, 0, 0):
                    low[d], high[d], interior[d] = lo, hi, i
                    operand_shape[d] = n
                    break
        if operand_shape == shape and low == high == [0] * rank:
            return None
        self.features.add("pad")
        x = self.gen(operand_shape, budget - 1)
        if rng.random() < 0.7:
            pv = self.scalar(self.num(rng.choice([0.0, 1.5, -2.0])))
        else:
            pv = self.small_scalar()
        return self.emit(ht.pad(x, pv, low, high, interior,
                                ttype(shape, self.et)), shape, self.et,
                         max(x.mag, pv.mag), x.exact)

    def gen_reverse(self, shape, budget):
        rng = self.rng
        ndims = 1 if rng.random() < 0.75 else rng.randint(1, len(shape))
        dims = sorted(rng.sample(range(len(shape)), ndims))
        self.features.add("reverse")
        x = self.gen(shape, budget - 1)
        return self.moved(ht.same_type("reverse", x, dims=dims), x, shape)

    def gen_dot_general(self, shape, budget):
        rng = self.rng
        rank = len(shape)
        if rank < 2:
            return None
        nb = 1 if rank == 3 and rng.random() < 0.4 else 0
        free = rank - nb
        fl = rng.randint(0, free)
        nc = rng.choice([0, 1, 1, 1, 2]) if rank == 2 else rng.choice([1, 1, 2])
        ks = [rng.randint(2, 6) for _ in range(nc)]
        batch = shape[:nb]
        lfree, rfree = shape[nb:nb + fl], shape[nb + fl:]

        def operand(free_sizes):
            roles = ([("b", i) for i in range(nb)] +
                     [("f", i) for i in range(len(free_sizes))] +
                     [("c", i) for i in range(nc)])
            rng.shuffle(roles)
            # Free dimensions keep their order in the result.
            frees = iter(sorted(r for r in roles if r[0] == "f"))
            roles = [next(frees) if r[0] == "f" else r for r in roles]
            sizes = {"b": batch, "f": free_sizes, "c": ks}
            op_shape = [sizes[kind][i] for kind, i in roles]
            where = {r: pos for pos, r in enumerate(roles)}
            return (op_shape, [where[("b", i)] for i in range(nb)],
                    [where[("c", i)] for i in range(nc)])

        lshape, lb, lc = operand(lfree)
        rshape, rb, rc = operand(rfree)
        if not lshape or not rshape:
            return None
        if max(count(lshape), count(rshape)) > MAX_ELEMENTS:
            return None
        self.features.add("inner-dot_general")
        lhs = self.gen(lshape, budget - 1)
        rhs = self.gen(rshape, budget - rng.randint(1, 2))
        return self.emit(ht.dot_general(lhs, rhs, (lb, rb), (lc, rc),
                                        ttype(shape, self.et)), shape,
                         self.et, math.prod(ks) * lhs.mag * rhs.mag, False)

    def gen_reduce(self, shape, budget):
        """A reduce nested in the path, over one or two new dimensions."""
        rng = self.rng
        extra = 1 if len(shape) >= 3 or rng.random() < 0.75 else 2
        operand_shape = list(shape)
        dims = []
        for _ in range(extra):
            d = rng.randint(0, len(operand_shape))
            operand_shape.insert(d, rng.randint(2, 6))
            dims = [x + (x >= d) for x in dims] + [d]
        dims.sort()
        if count(operand_shape) > MAX_ELEMENTS:
            return None
        self.features.add("nested-reduce")
        x = self.gen(operand_shape, budget - 1)
        n = math.prod(operand_shape[d] for d in dims)
        kind = rng.choice(["add", "add", "maximum", "minimum", "argmax"])
        if kind == "argmax":
            self.features.add("nested-argmax")
            return self.argmax(x, dims, rng.choice(["GT", "LT"]), nested=True)
        init = {"add": self.num(0.0), "maximum": NEG_INF[self.et],
                "minimum": POS_INF[self.et]}[kind]
        z = self.scalar(init)
        mag = n * x.mag if kind == "add" else x.mag
        return self.reduce(kind, x, z, dims, mag, x.exact and kind != "add")

    def gen_centered(self, shape, budget):
        """x minus its maximum or mean along one dimension, as a softmax
        shifts its scores: x is read by the reduce and by the subtract, and
        the reduce's result is smaller than x."""
        rng = self.rng
        if len(shape) < 2 or self.is_int:
            return None
        self.features.add("centered")
        d = rng.randrange(len(shape))
        x = self.gen(shape, budget - 1)
        kind = rng.choice(["maximum", "add"])
        init = self.scalar(NEG_INF[self.et] if kind == "maximum"
                           else self.num(0.0))
        r = self.reduce(kind, x, init, [d],
                        x.mag * (shape[d] if kind == "add" else 1), False)
        if kind == "add":
            r = self.scale(r, x.mag)
        kept = [i for i in range(len(shape)) if i != d]
        rb = self.broadcast(r, kept, shape)
        return self.binary("subtract", x, rb, x.mag + rb.mag, False)

    def reduce(self, kind, x, init, dims, mag, exact):
        rng = self.rng
        rshape = [s for i, s in enumerate(x.shape) if i not in dims]
        if len(dims) > 1 and rng.random() < 0.3:
            dims = dims[::-1]
            self.features.add("unsorted-dims")
        if rng.random() < 0.75:
            return self.emit(ht.reduce(kind, x, init, dims,
                                       ttype(rshape, init.et)), rshape,
                             init.et, mag, exact)
        # The general form of the same reduction, operands either way round.
        self.features.add("reduce-region")
        acc, e = (ht.Value(name, ttype([], init.et))
                  for name in ("%acc", "%e"))
        body = ht.Block()
        r = body.let("%r", ht.same_type(
            kind, *((e, acc) if rng.random() < 0.5 else (acc, e))))
        return self.emit(ht.reduce_region([x], [init], dims,
                                          [ttype(rshape, init.et)],
                                          ht.region([acc, e], body, [r])),
                         rshape, init.et, mag, exact)

    def select_max(self, x, init, dims):
        """The maximum through compare and select: one input, and a body
        that is a selection but no single op."""
        rshape = [s for i, s in enumerate(x.shape) if i not in dims]
        acc, e = (ht.Value(name, ttype([], self.et))
                  for name in ("%acc", "%e"))
        body = ht.Block()
        greater = body.let("%p", ht.compare("GT", e, acc))
        r = body.let("%r", ht.select(greater, e, acc))
        return self.emit(ht.reduce_region([x], [init], dims,
                                          [ttype(rshape, self.et)],
                                          ht.region([acc, e], body, [r])),
                         rshape, self.et, x.mag, x.exact)

    def argmax(self, x, dims, direction, nested=False, init=None):
        """Value and index of the largest (GT) or smallest (LT) element
        over `dims`; the first index on a tie. Returns the value, or with
        nested=False both results."""
        rng = self.rng
        it = rng.choice(["i32", "i64"])
        rshape = [s for i, s in enumerate(x.shape) if i not in dims]
        # The index: an iota along one reduced dimension, or the linear
        # index over two.
        idx = self.emit(ht.iota(dims[0], ttype(x.shape, it)), x.shape, it, 0.0)
        for d in dims[1:]:
            size = self.scalar(str(x.shape[d]), it)
            sizes = self.broadcast(size, [], x.shape)
            scaled = self.binary("multiply", idx, sizes, 0.0)
            inner = self.emit(ht.iota(d, ttype(x.shape, it)), x.shape, it,
                              0.0)
            idx = self.binary("add", scaled, inner, 0.0)
        if init is None:
            init = NEG_INF[self.et] if direction == "GT" else POS_INF[self.et]
        v0 = self.scalar(init)
        i0 = self.scalar(str(rng.choice([INT_MAX[it], -1, 0])), it)
        t, ti = ttype([], self.et), ttype([], it)
        name = self.fresh()
        acc, acci, e, ei = (ht.Value(n, type_) for n, type_ in (
            ("%acc", t), ("%acci", ti), ("%e", t), ("%ei", ti)))
        body = ht.Block()
        better = body.let("%better", ht.compare(direction, e, acc))
        same = body.let("%same", ht.compare("EQ", e, acc))
        first = body.let("%first", ht.compare("LT", ei, acci))
        tie = body.let("%tie", ht.same_type("and", same, first))
        take = body.let("%take", ht.same_type("or", better, tie))
        if rng.random() < 0.7:
            v = body.let("%v", ht.select(take, e, acc))
        else:
            v = body.let("%v", ht.same_type(
                "maximum" if direction == "GT" else "minimum", acc, e))
        i = body.let("%i", ht.select(take, ei, acci))
        self.body.append(f"{name}:2 = " + ht.reduce_region(
            [x, idx], [v0, i0], dims, [ttype(rshape, self.et),
                                       ttype(rshape, it)],
            ht.region([acc, acci, e, ei], body, [v, i])))
        self.note(rshape, self.et)
        value = Value(f"{name}#0", rshape, self.et, x.mag, x.exact)
        index = Value(f"{name}#1", rshape, it, 0.0)
        if nested:
            if x.exact and rng.random() < 0.3:
                # The index enters the path too, as a value (when ties are
                # exact: rounding could otherwise move the index).
                scaled = self.scale(self.convert(index, self.et), 1.0)
                return self.binary("add", value, scaled, value.mag + 1.0)
            return value
        return value, index

    # -- start ops --------------------------------------------------------

    def tie_breaker(self, x, dims):
        """x plus a random input along `dims`, so that no two elements of
        a reduction are equal (an argmax has no ties)."""
        rng = self.rng
        if self.is_int:
            self.features.add("ties")
            return x
        shape = [x.shape[d] for d in dims]
        a = self.arg(shape)
        b = self.broadcast(a, dims, x.shape)
        if self.et == "f32" or not x.exact and rng.random() < 0.5:
            # Differences of rounding are far below the gaps between
            # elements when the random input dominates.
            x = self.scale(x, 0.05)
        return self.binary("add", x, b, x.mag + 3.0, x.exact)

    def start(self, x):
        """A start op on the big tensor x; returns the results."""
        rng = self.rng
        rank = len(x.shape)
        r = rng.random()
        limit = self.product_limit()
        if r < 0.55:
            ndims = 1 if rank == 1 else rng.choice([1, 1, 2] if rank == 3 else
                                                   [1, 1, 1, 2])
            dims = sorted(rng.sample(range(rank), ndims))
            n = math.prod(x.shape[d] for d in dims)
            kind = rng.choice(["add", "add", "add", "maximum", "minimum",
                               "multiply", "argmax", "argmax", "or",
                               "select-max"])
            if kind == "or" and self.et == "f32":
                kind = "add"
            self.features.add(f"reduce-{kind}")
            if kind == "argmax":
                direction = rng.choice(["GT", "LT"])
                init = None
                if rng.random() < 0.2:
                    self.features.add("argmax-init")
                    init = self.num(rng.uniform(-1.0, 1.0))
                x = self.tie_breaker(x, dims)
                v, i = self.argmax(x, dims, direction, init=init)
                return [v, i], x
            if kind == "or":
                zero = self.splat(x.shape, 0.0)
                p = self.emit(ht.compare("GT", x, zero), x.shape, "i1", 1.0)
                op = rng.choice(["or", "and"])
                init = self.scalar("false" if op == "or" else "true", "i1")
                return [self.reduce(op, p, init, dims, 1.0, True)], p
            if kind == "add":
                if n * x.mag > limit:
                    x = self.scale(x, limit / n)
                init = rng.choice([0.0, 0.0, 0.0, 5.0, -1.5])
                if init:
                    self.features.add("init")
                z = self.scalar(self.num(init))
                return [self.reduce("add", x, z, dims, n * x.mag + 5, False)], x
            if kind == "multiply" and self.is_int:
                init = rng.choice([1, 1, 3])
                z = self.scalar(str(init))
                return [self.reduce("multiply", x, z, dims, 0.0, True)], x
            if kind == "multiply":
                # Factors near 1: the product stays within [1/e, e].
                t = self.unary("tanh", self.scale(x, 1.0), mag=1.0)
                x = self.unary("exponential", self.scale(t, 1.0 / n),
                               mag=math.e)
                init = rng.choice([1.0, 1.0, 2.0])
                z = self.scalar(self.num(init))
                return [self.reduce("multiply", x, z, dims, 2 * math.e,
                                    False)], x
            if rng.random() < 0.2:
                self.features.add("init")
                init = self.num(rng.uniform(-1.0, 1.0))
            else:
                init = POS_INF[self.et] if kind == "minimum" else NEG_INF[self.et]
            z = self.scalar(init)
            if kind == "select-max":
                return [self.select_max(x, z, dims)], x
            return [self.reduce(kind, x, z, dims, x.mag, x.exact)], x
        if r < 0.62 and rank > 1:
            return self.start_gram(x, limit), x
        if r < 0.67:
            return self.start_sum_max(x, limit), x
        # A product with a small vector or matrix.
        if rank == 2 and rng.random() < 0.35:
            return self.start_dot(x), x
        return self.start_dot_general(x, limit), x

    def start_gram(self, x, limit):
        """X^T X or X^T f(X): both operands of the product are on the
        path, and the contracting dimensions are reduced."""
        rng = self.rng
        self.features.add("gram")
        rank = len(x.shape)
        batch = [0] if rank == 3 and rng.random() < 0.3 else []
        rest = [d for d in range(rank) if d not in batch]
        keep = rng.choice(rest)
        contract = [d for d in rest if d != keep]
        n = math.prod(x.shape[d] for d in contract)
        x = self.scale(x, math.sqrt(limit / n))
        y = x
        if rng.random() < 0.5:
            y = self.unary(rng.choice(["abs", "negate"]), x)
        rshape = [x.shape[d] for d in batch] + [x.shape[keep]] * 2
        return [self.emit(ht.dot_general(x, y, (batch, batch),
                                         (contract, contract),
                                         ttype(rshape, self.et)), rshape,
                          self.et, limit, False)]

    def start_sum_max(self, x, limit):
        """A variadic reduce of a sum and a maximum: its body is no single
        op and no selection, so only kept dimensions can be split."""
        rng = self.rng
        self.features.add("sum-max")
        rank = len(x.shape)
        dims = sorted(rng.sample(range(rank), rng.randint(1, max(1, rank - 1))))
        n = math.prod(x.shape[d] for d in dims)
        if n * x.mag > limit:
            x = self.scale(x, limit / n)
        y = self.unary("abs", x)
        rshape = [s for i, s in enumerate(x.shape) if i not in dims]
        z = self.scalar(self.num(0.0))
        m = self.scalar(NEG_INF[self.et])
        t = ttype([], self.et)
        name = self.fresh()
        acc, accm, e, em = (ht.Value(n, t) for n in ("%acc", "%accm", "%e",
                                                     "%em"))
        body = ht.Block()
        total = body.let("%s", ht.same_type("add", acc, e))
        largest = body.let("%m", ht.same_type("maximum", accm, em))
        self.body.append(f"{name}:2 = " + ht.reduce_region(
            [x, y], [z, m], dims, [ttype(rshape, self.et)] * 2,
            ht.region([acc, accm, e, em], body, [total, largest])))
        self.note(rshape, self.et)
        return [Value(f"{name}#0", rshape, self.et, limit, False),
                Value(f"{name}#1", rshape, self.et, x.mag, x.exact)]

    def start_dot(self, x):
        rng = self.rng
        self.features.add("dot")
        m, k = x.shape
        if rng.random() < 0.6:
            # x on the left: contracts its dimension 1.
            wshape = [k] if rng.random() < 0.6 else [k, rng.randint(1, 4)]
            w = self.small_operand(wshape, k, x)
            rshape = [m] + wshape[1:]
            lhs, rhs = x, w
        else:
            wshape = [m] if rng.random() < 0.6 else [rng.randint(1, 4), m]
            w = self.small_operand(wshape, m, x)
            rshape = wshape[:-1] + [k]
            lhs, rhs = w, x
        return [self.emit(ht.dot(lhs, rhs, ttype(rshape, self.et)), rshape,
                          self.et, self.product_limit(), False)]

    def product_limit(self):
        return 50.0 if self.et == "f32" else 1000.0

    def small_operand(self, shape, n, x):
        """A small operand of a product over n elements of x; rescales x's
        bound into the operand so that the sums stay moderate."""
        rng = self.rng
        if len(shape) >= 2 and rng.random() < 0.2:
            # A broadcast: on the path even when small, rebuilt per slice.
            self.features.add("broadcast-operand")
            d = rng.randrange(len(shape))
            w = self.broadcast(self.arg([shape[d]]), [d], shape)
        else:
            w = self.arg(shape)
        if rng.random() < 0.3:
            w = self.unary(rng.choice(["negate", "abs"] if self.is_int else
                                      ["tanh", "negate", "abs"]), w)
        limit = self.product_limit()
        if n * x.mag * w.mag > limit:
            w = self.scale(w, limit / (n * x.mag))
        return w

    def start_dot_general(self, x, limit):
        rng = self.rng
        self.features.add("dot_general")
        rank = len(x.shape)
        dims = list(range(rank))
        batch = []
        if rank == 3 and rng.random() < 0.25:
            batch = [rng.randrange(rank)]
            self.features.add("batched-start")
        rest = [d for d in dims if d not in batch]
        nc = 2 if len(rest) >= 2 and rng.random() < 0.25 else 1
        contract = sorted(rng.sample(rest, nc))
        nw = rng.choice([0, 1, 1, 2]) if not batch else rng.choice([0, 1])
        wroles = ([("b", d) for d in batch] + [("c", d) for d in contract] +
                  [("n", i) for i in range(nw)])
        rng.shuffle(wroles)
        # Free dimensions of w come in its order.
        frees = iter(range(nw))
        wroles = [("n", next(frees)) if kind == "n" else (kind, d)
                  for kind, d in wroles]
        nsizes = [rng.randint(1, 4) for _ in range(nw)]
        wshape = [x.shape[d] if kind != "n" else nsizes[d]
                  for kind, d in wroles]
        n = math.prod(x.shape[d] for d in contract)
        w = self.small_operand(wshape, n, x)
        where = {r: pos for pos, r in enumerate(wroles)}
        wb = [where[("b", d)] for d in batch]
        wc = [where[("c", d)] for d in contract]
        xfree = [d for d in rest if d not in contract]
        if rng.random() < 0.6:
            lhs, rhs, lb, rb, lc, rc = x, w, batch, wb, contract, wc
            rshape = ([x.shape[d] for d in batch] +
                      [x.shape[d] for d in xfree] + nsizes)
        else:
            lhs, rhs, lb, rb, lc, rc = w, x, wb, batch, wc, contract
            rshape = ([x.shape[d] for d in batch] + nsizes +
                      [x.shape[d] for d in xfree])
        return [self.emit(ht.dot_general(lhs, rhs, (lb, rb), (lc, rc),
                                         ttype(rshape, self.et)), rshape,
                          self.et, self.product_limit(), False)]

    def big_shape(self):
        rng = self.rng
        if rng.random() < 0.06:
            self.features.add("rank-1")
            return [rng.randint(41, 3000)]
        rank = 2 if rng.random() < 0.55 else 3
        while True:
            shape = [rng.randint(2, 40) for _ in range(rank)]
            if rank == 3 and rng.random() < 0.5:
                shape[rng.randrange(3)] = rng.randint(2, 8)
            if rng.random() < 0.15:
                # Square: transposes meet the same shape.
                i, j = rng.sample(range(rank), 2)
                shape[i] = shape[j]
            if rng.random() < 0.05:
                self.features.add("size-1-dim")
                shape[rng.randrange(rank)] = 1
            if count(shape) <= MAX_ELEMENTS // 2:
                return shape

    def pipeline(self, budget):
        if self.rng.random() < 0.8:
            self.made = {}
        x = self.gen(self.big_shape(), budget)
        results, operand = self.start(x)
        self.starts.append((count(operand.shape) * BYTES[operand.et],
                            max(count(r.shape) * BYTES[r.et]
                                for r in results)))
        return results, x, operand

    def generate(self):
        rng = self.rng
        budget = rng.choice([1, 2, 2, 3, 3, 4])
        results, x, operand = self.pipeline(budget)
        self.results += results
        r = rng.random()
        if r < 0.03 and operand.name.startswith("%v"):
            # The big operand is also returned: it stays whole.
            self.unsplittable = "returned"
            self.results.append(operand)
        elif r < 0.06 and operand.et != "i1":
            # Two start ops read the same big tensor.
            self.unsplittable = "two-readers"
            z = self.scalar(NEG_INF[self.et])
            dims = [rng.randrange(len(operand.shape))]
            self.results.append(self.reduce("maximum", operand, z, dims,
                                            operand.mag, operand.exact))
        elif r < 0.08 and len(x.shape) >= 2 and min(x.shape) >= 2:
            # The big tensor goes through a slice, which the pass does not
            # compute slice by slice.
            self.unsplittable = "slice"
            shape = [s - 1 for s in x.shape]
            y = self.moved(ht.slice_(x, [1] * len(shape), x.shape,
                                     [1] * len(shape), ttype(shape, x.et)),
                           x, shape)
            z = self.scalar(self.num(0.0))
            self.results.append(self.reduce("add", y, z, [0],
                                            shape[0] * y.mag, False))
        elif r < 0.25:
            # A second start op, on its own path or on one that reads the
            # first results.
            self.features.add("two-starts")
            if rng.random() < 0.5 and len(self.results[0].shape) == 1 and \
                    self.results[0].et == self.et:
                self.features.add("chained-starts")
                first = self.normalize(self.results[0])
                shape = self.big_shape()
                if len(shape) < 2:
                    shape.append(rng.randint(2, 20))
                d = rng.randrange(len(shape))
                shape[d] = first.shape[0]
                while count(shape) > MAX_ELEMENTS // 2:
                    e = max((i for i in range(len(shape)) if i != d),
                            key=lambda i: shape[i])
                    shape[e] = max(2, shape[e] // 2)
                b = self.broadcast(first, [d], shape)
                other = self.gen(shape, rng.randint(0, 2))
                y = self.binary("multiply", b, other, b.mag * other.mag,
                                False)
                more, _ = self.start(self.normalize(y))
                self.starts.append((count(y.shape) * BYTES[y.et],
                                    max(count(m.shape) * BYTES[m.et]
                                        for m in more)))
            else:
                more, _, _ = self.pipeline(rng.randint(1, 3))
            self.results += more
        elif r < 0.33:
            self.wrap_in_loop()
        return ht.function(self.name, self.args, self.body, self.results)

    def wrap_in_loop(self):
        """Moves the end of the body (with the start op) into an scf.for of
        two iterations that adds up its results: the ops before the loop
        are values of an enclosing block for the pass."""
        rng = self.rng
        self.features.add("in-loop")
        self.user_loops = 1
        k = rng.randrange(len(self.body))
        inside = self.body[k:]
        del self.body[k:]
        types = [ttype(v.shape, v.et) for v in self.results]
        zeros = []
        for v, t in zip(self.results, types):
            zero = "false" if v.et == "i1" else literal(0.0, v.et)
            zeros.append(self.emit(ht.constant(f"dense<{zero}>", t),
                                   v.shape, v.et, 0.0).name)
        n = len(self.results)
        loop = self.fresh()
        accs = [f"%acc{i}" for i in range(n)]
        nexts = []
        for i, (v, t) in enumerate(zip(self.results, types)):
            op = "or" if v.et == "i1" else "add"
            inside.append(f"%next{i} = "
                          + ht.same_type(op, ht.Value(accs[i], t), v))
            nexts.append(f"%next{i}")
        inside.append(f"scf.yield {', '.join(nexts)} : {', '.join(types)}")
        body = "\n".join("  " + line for line in inside)
        self.body += ["%lb = arith.constant 0 : index",
                      "%ub = arith.constant 2 : index",
                      "%step = arith.constant 1 : index",
                      f"{loop}{':' + str(n) if n > 1 else ''} = scf.for %it = "
                      f"%lb to %ub step %step iter_args("
                      f"{', '.join(f'{a} = {z}' for a, z in zip(accs, zeros))})"
                      f" -> ({', '.join(types)}) {{\n{body}\n}}"]
        self.results = [Value(f"{loop}#{i}" if n > 1 else loop, v.shape,
                              v.et, 2 * v.mag, v.exact)
                        for i, v in enumerate(self.results)]

    def fits(self, threshold, split_size):
        """Whether the first start op is one under `threshold`, with not
        too many slices of `split_size`."""
        operand, result = self.starts[0]
        return (result <= threshold < operand and
                self.max_bytes <= split_size * MAX_SLICES)


# -- configurations -------------------------------------------------------

def byte_size_text(rng, size):
    """`size` bytes as a SIZE option, maybe with a unit; returns the text
    and the bytes the pass reads from it."""
    r = rng.random()
    if r < 0.4:
        return str(size), size
    if r < 0.55:
        return f"{size}B", size
    unit, scale = rng.choice([("kB", 1e3), ("KiB", 1024.0), ("MB", 1e6),
                              ("MiB", 2.0 ** 20)])
    text = f"{size / scale:.6f}".rstrip("0").rstrip(".")
    bytes_ = math.floor(float(text) * scale)
    if bytes_ == 0:
        return str(size), size
    return text + unit, bytes_


class Config:
    def __init__(self, rng, index):
        self.index = index
        self.et = "f64" if rng.random() < 0.75 else "f32"
        if rng.random() < 0.3:
            # The size of a plausible tensor, so that some tensor is
            # exactly at the threshold.
            size = rng.randint(2, 40) * rng.randint(1, 40) * BYTES[self.et]
        else:
            size = int(math.exp(rng.uniform(math.log(24), math.log(65536))))
        self.threshold_text, self.threshold = byte_size_text(rng, size)
        self.split_text, self.split = None, self.threshold
        if rng.random() < 0.45:
            # Not so small that no big tensor has few enough slices.
            low = max(8, self.threshold / 100)
            size = int(math.exp(rng.uniform(math.log(low),
                                            math.log(self.threshold))))
            text, bytes_ = byte_size_text(rng, max(size, 1))
            if 0 < bytes_ <= self.threshold:
                self.split_text, self.split = text, bytes_
        # A remark per split, planned before the rewrite.
        self.explain = rng.random() < 0.3
        # Within rounding of reordered sums (the magnitudes are bounded).
        self.atol, self.rtol = ((1e-9, 1e-9) if self.et == "f64"
                                else (2e-3, 1e-3))

    def option(self):
        text = f"tensor-size-threshold={self.threshold_text}"
        if self.split_text:
            text += f" split-size={self.split_text}"
        if self.explain:
            text += " explain"
        return f"--split-tensors={text}"


# -- running --------------------------------------------------------------

def is_split(func_text, user_loops=0):
    """Whether the pass split something: a slice or a loop of its own."""
    return ("hlo.dynamic_slice" in func_text or
            func_text.count("scf.for") > user_loops)


def is_nested(func_text, user_loops=0):
    """Whether the pass made a loop in a loop (besides `user_loops` loops
    of the program around them)."""
    # Top-level ops of a function are indented by 4, ops in a loop by 6.
    depth = max((len(m.group(1)) - 2) // 2 for m in
                re.finditer(r"^( *)\S.*scf\.for", func_text, re.M))\
        if "scf.for" in func_text else 0
    return depth - user_loops >= 2


FUSED = "__fused"


class Checker:
    def __init__(self, args, tmp):
        self.args = args
        self.tmp = tmp
        self.seconds = {}  # per tool, for --verbose

    def run(self, command, stdin=None):
        begin = time.monotonic()
        result = tools.run_tool(command, self.args.timeout, stdin)
        step = pathlib.Path(command[0]).name
        if "--check" in command:
            step += " --check"
        self.seconds[step] = self.seconds.get(step, 0.0) + \
            time.monotonic() - begin
        return result

    def pipeline(self, cfg, names, source, tag):
        """Runs one file through all steps. Returns (failures, error, split
        functions): failures map function names to what went wrong; they
        are None, with the error, for a failure that names no function."""
        a = self.args
        unsplit = self.tmp / f"{tag}.unsplit"
        seed = f"--random-inputs={a.seed}"
        res = self.run([a.fuse_run, str(source), "--all-entries", seed,
                        f"--outputs={unsplit}"])
        if res.returncode:
            return None, (f"unsplit program: fuse-run exit {res.returncode}"
                          f"\n{res.stderr[-3000:]}"), {}
        texts = {}
        split = [cfg.option()]
        if a.ranks:
            strategy = "cyclic" if cfg.index % 2 else "blocked"
            split.append(f"--distribute-splits=ranks={a.ranks} "
                         f"strategy={strategy}")
        for variant, passes in (("plain", []), ("split", split),
                                ("split+fused",
                                 split + ["--fuse-elementwise"])):
            opt = self.run([a.fuse_opt, str(source)] + passes)
            if opt.returncode:
                return None, (f"{variant}: fuse-opt exit {opt.returncode}\n"
                              f"{opt.stderr[-3000:]}"), {}
            texts[variant] = ht.split_functions(opt.stdout)
            missing = set(names) - set(texts[variant])
            if missing:
                return None, f"{variant}: fuse-opt lost {sorted(missing)}", {}
        # A function that the pass left as it was needs no second look.
        changed = [n for n in names if texts["split"][n] != texts["plain"][n]]
        if not changed:
            return {}, None, texts["split"]
        # Both variants in one run, compared with the unsplit results.
        check = [texts["split"][n] for n in changed]
        for n in changed:
            check.append(texts["split+fused"][n].replace(
                f"@{n}(", f"@{n}{FUSED}(", 1))
            for npy in unsplit.glob(f"{n}.result*.npy"):
                link = unsplit / npy.name.replace(n, n + FUSED, 1)
                link.symlink_to(npy.name)
        program, launch, stdin = "-", [], "\n".join(check)
        if a.ranks:
            # mpirun gives stdin to rank 0 alone: every rank reads a file,
            # with the grid that the functions' collectives name.
            program = self.tmp / f"{tag}.distributed.mlir"
            program.write_text(f"shard.grid @fuse_ranks(shape = {a.ranks})\n"
                               + stdin)
            launch, stdin = [a.mpirun, "-np", str(a.ranks)], None
        res = self.run(launch + [a.fuse_run, program, "--all-entries", seed,
                                 "--check", f"--expected={unsplit}",
                                 f"--atol={cfg.atol}", f"--rtol={cfg.rtol}"],
                       stdin=stdin)
        out = res.stdout + res.stderr
        bad = {}
        for line in out.splitlines():
            m = re.match(r"@([\w.$-]+) result (\d+): MISMATCH", line)
            if m:
                name = m.group(1)
                variant = "split"
                if name.endswith(FUSED):
                    name, variant = name[:-len(FUSED)], "split+fused"
                bad.setdefault(name, f"{variant}: {line}")
        if bad:
            return bad, None, texts["split"]
        if res.returncode:
            return None, (f"split: fuse-run exit {res.returncode}\n"
                          f"{out[-3000:]}"), texts["split"]
        seen = set(re.findall(r"^@([\w.$-]+) result \d+: ok", out, re.M))
        expected = set(changed) | {n + FUSED for n in changed}
        if seen != expected:
            return None, (f"split: no results for "
                          f"{sorted(expected - seen)}"), texts["split"]
        return {}, None, texts["split"]

    def check_file(self, cfg, programs):
        """Returns (failures: name -> reason, split output by function)."""
        source = self.tmp / f"file{cfg.index}.mlir"
        source.write_text("\n".join(text for _, text in programs))
        names = [name for name, _ in programs]
        bad, error, split_funcs = self.pipeline(cfg, names, source,
                                                f"file{cfg.index}")
        if bad is None:
            # Not attributed to a function: each one alone.
            bad = {}
            for name, text in programs:
                one = self.tmp / f"file{cfg.index}.{name}.mlir"
                one.write_text(text)
                b, e, funcs = self.pipeline(cfg, [name], one,
                                            f"file{cfg.index}.{name}")
                split_funcs.update(funcs)
                if b is None:
                    bad[name] = e
                else:
                    bad.update(b)
            if not bad:
                bad["(file)"] = error
        return bad, split_funcs


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    tools.seed_arguments(parser, count=100)
    parser.add_argument("--per-file", type=int, default=20,
                        help="functions per file (they share a threshold)")
    tools.add_tool_arguments(parser, "fuse-opt", "fuse-run", timeout=180)
    parser.add_argument("--jobs", type=int, default=1,
                        help="files checked at once")
    parser.add_argument("--ranks", type=int, default=0,
                        help="also distribute the splits over this many MPI "
                             "ranks and run them under mpirun")
    parser.add_argument("--mpirun", default="mpirun",
                        help="the MPI launcher (with --ranks)")
    parser.add_argument("--save", metavar="DIR",
                        help="also write every file and its options to DIR")
    parser.add_argument("--dump", action="store_true",
                        help="print the programs and options, run nothing")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    files = []
    made = fitted = 0
    while made < args.count:
        cfg = Config(rng, len(files))
        programs = []
        for i in range(min(args.per_file, args.count - made)):
            name = f"s{cfg.index}_{i}"
            et = cfg.et
            if rng.random() < 0.2:
                et = rng.choice(["i32", "i32", "i64"])
            for _ in range(200):
                program = Program(rng, name, et)
                text = program.generate()
                if program.fits(cfg.threshold, cfg.split):
                    break
            fitted += program.fits(cfg.threshold, cfg.split)
            programs.append((name, text, program))
        made += len(programs)
        files.append((cfg, programs))

    if args.dump or args.save:
        for cfg, programs in files:
            header = (f"// {cfg.option()} (f{cfg.index}: threshold "
                      f"{cfg.threshold} B, split size {cfg.split} B, "
                      f"--atol={cfg.atol} --rtol={cfg.rtol})\n")
            text = header + "\n".join(
                f"// features: {' '.join(sorted(p.features))}"
                f"{' unsplittable: ' + p.unsplittable if p.unsplittable else ''}"
                f"\n{t}" for _, t, p in programs)
            if args.dump:
                print(text)
            if args.save:
                out = pathlib.Path(args.save)
                out.mkdir(parents=True, exist_ok=True)
                (out / f"file{cfg.index}.mlir").write_text(text)
        if args.dump:
            return

    args.fuse_opt = tools.find_tool(parser, args.fuse_opt)
    args.fuse_run = tools.find_tool(parser, args.fuse_run)
    split = nested = failed = 0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        checker = Checker(args, pathlib.Path(tmp))

        def check(item):
            cfg, programs = item
            return checker.check_file(cfg, [(n, t) for n, t, _ in programs])

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            outcomes = list(pool.map(check, files))
        for (cfg, programs), (bad, split_funcs) in zip(files, outcomes):
            done = 0
            for name, _, program in programs:
                text = split_funcs.get(name, "")
                done += is_split(text, program.user_loops)
                nested += is_nested(text, program.user_loops)
            split += done
            if args.verbose:
                print(f"file{cfg.index}: {cfg.option()} {cfg.et}: "
                      f"{done} of {len(programs)} split")
            if bad:
                failed += len(bad)
                failures.append((cfg, programs, bad))

    if args.verbose:
        print("seconds: " + ", ".join(f"{step} {sec:.1f}" for step, sec in
                                      sorted(checker.seconds.items())))
        ops = sum(t.count(" = hlo.") for cfg, programs in files
                  for _, t, _ in programs)
        print(f"ops per program: {ops / args.count:.1f}, "
              f"{fitted} fit their threshold")
        features = {}
        for (cfg, programs), (bad, split_funcs) in zip(files, outcomes):
            for name, _, program in programs:
                tags = set(program.features)
                if program.unsplittable:
                    tags.add("unsplittable-" + program.unsplittable)
                for tag in tags:
                    seen = features.setdefault(tag, [0, 0])
                    seen[0] += 1
                    seen[1] += is_split(split_funcs.get(name, ""),
                                        program.user_loops)
        print("features (programs, split): " + ", ".join(
            f"{tag} {n} {k}" for tag, (n, k) in sorted(features.items())))
    for k, (cfg, programs, bad) in enumerate(failures):
        path = pathlib.Path.cwd() / f"split_fuzz_failed.{args.seed}.{k}.mlir"
        kept = [(n, t, p) for n, t, p in programs if n in bad] or programs
        reasons = "\n".join(f"// {n}: " + reason.strip().replace("\n", "\n//   ")
                            for n, reason in bad.items())
        path.write_text(f"// {cfg.option()}\n{reasons}\n\n" +
                        "\n".join(t for _, t, _ in kept))
        seed = f"--random-inputs={args.seed}"
        tol = f"--atol={cfg.atol} --rtol={cfg.rtol}"
        print(f"split_fuzz: FAILED {', '.join(sorted(bad))}; reproduce with:\n"
              f"  {shlex.quote(args.fuse_run)} {path} --all-entries {seed} "
              f"--outputs=/tmp/unsplit &&\n"
              f"  {shlex.quote(args.fuse_opt)} {path} "
              f"{shlex.quote(cfg.option())} | {shlex.quote(args.fuse_run)} - "
              f"--all-entries {seed} --check --expected=/tmp/unsplit {tol}\n"
              f"  (then again with --fuse-elementwise after the split)")
        if args.ranks:
            print(f"  (distributed: --distribute-splits=ranks={args.ranks} "
                  f"strategy={'cyclic' if cfg.index % 2 else 'blocked'} "
                  f"after the split, run with mpirun -np {args.ranks})")
        for n, reason in bad.items():
            print(f"  {n}: {reason.strip().splitlines()[0]}")
    distributed = ""
    if args.ranks:
        count_distributed = sum(
            "shard.process_linear_index" in text
            for _, split_funcs in outcomes for text in split_funcs.values())
        distributed = f" {count_distributed} distributed over {args.ranks} ranks,"
    print(f"split_fuzz: {args.count} programs, {split} split, {nested} nested,"
          f"{distributed} {failed} failed")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
