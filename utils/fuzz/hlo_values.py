"""hlo_fuzz's types and values: the element types and their tolerances, the
abstract value (bounds, exactness, error) that every generated value
carries, and the context ops are emitted into (hlo_fuzz.py's docstring has
the rules)."""

import re

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo.hlo_text import tensor_type as ttype


# --------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------

FLOATS = ("f16", "f32", "f64")
INTS = ("i8", "i16", "i32", "i64")

FINFO = {
    # unit roundoff, fuse-run atol and rtol, mantissa bits, magnitude cap,
    # ulps for transcendental functions
    "f16": dict(u=2.0 ** -11, atol=1e-3, rtol=1e-2, mant=11, cap=256.0,
                kt=4.0, floor=0.0),
    "f32": dict(u=2.0 ** -24, atol=1e-5, rtol=1e-4, mant=24, cap=1e5,
                kt=32.0, floor=1.0),
    "f64": dict(u=2.0 ** -53, atol=1e-12, rtol=1e-9, mant=53, cap=1e8,
                kt=8.0, floor=1.0),
}
IBITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
SAFETY = 0.25  # a result's error bound must stay below this part of the tolerance


def is_float(dt):
    return dt in FLOATS


def is_int(dt):
    return dt in INTS


def int_range(dt):
    if dt == "i1":
        return 0, 1
    b = IBITS[dt]
    return -(1 << (b - 1)), (1 << (b - 1)) - 1


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def fmt_float(x):
    r = repr(float(x))
    if "e" in r or "E" in r:
        m, e = r.lower().split("e")
        if "." not in m:
            m += ".0"
        return "%se%s" % (m, e)
    if "." not in r:
        r += ".0"
    return r


class Val:
    """An SSA value and what the generator knows about it."""

    def __init__(self, name, shape, dt, lo=0.0, hi=0.0, nan=False, ea=0.0,
                 er=0.0, isint=False, depth=0):
        self.name = name
        self.shape = tuple(shape)
        self.dt = dt
        self.lo = lo
        self.hi = hi
        self.nan = nan
        self.ea = ea      # absolute error bound
        self.er = er      # relative error bound
        self.isint = isint or not is_float(dt)
        self.depth = depth
        self.uses = 0
        self.pow2 = None  # k for an exact splat constant of +-2^k
        self.const = False

    @property
    def type(self):
        return ttype(self.shape, self.dt)

    @property
    def exact(self):
        return self.ea == 0.0 and self.er == 0.0

    @property
    def mag(self):
        return max(abs(self.lo), abs(self.hi))

    @property
    def minabs(self):
        if self.lo <= 0.0 <= self.hi:
            return 0.0
        return min(abs(self.lo), abs(self.hi))

    def abserr(self):
        """The worst absolute error over the interval."""
        return self.ea + self.er * self.mag

    def empty(self):
        return numel(self.shape) == 0


class Skip(Exception):
    """An op could not be built from the current values."""


# --------------------------------------------------------------------------
# Function builder
# --------------------------------------------------------------------------

class Ctx:
    """A block being generated: the function body or a fusion body."""

    def __init__(self, gen, indent=""):
        self.gen = gen
        self.lines = []
        self.pool = []
        self.indent = indent

    def new_name(self):
        return self.gen.new_name()

    def emit(self, text):
        for line in text.split("\n"):
            self.lines.append(self.indent + line)
        # Count the uses of the values the op takes.
        if " = " in text:
            names = set(re.findall(r"%\w+(?:#\d+)?", text.split(" = ", 1)[1]))
            for v in self.pool:
                if v.name in names:
                    v.uses += 1

    def add(self, val):
        self.pool.append(val)
        return val


# Op families (op_table's generator names without "gen_") left out of the
# programs, e.g. sort and topk for a target that does not compile them.
WITHOUT = set()
