#!/usr/bin/env python3
"""hlo_fuzz: a seeded generator of random, well-typed hlo programs and a
driver that runs them through `fuse-run --check` (compiled CPU code against
the reference interpreter).

    hlo_fuzz.py generate --seed S --count N --out DIR [--functions-per-file K]
    hlo_fuzz.py check    --seed S --count N --fuse-run PATH
                         [--functions-per-file K] [--keep-failures DIR] [-j J]
                         [--long] [--interpret-only] [--check-f64]
    hlo_fuzz.py verify   --seed S --count N --fuse-opt PATH [-j J]

Function i of seed S is `@p<S>_<i>`; it depends only on S and i, not on how
functions are batched into files, so a failing function can be re-run alone.
Python 3 standard library only.

Numerical robustness
====================
A mismatch must mean a compiler bug, not rounding noise. fuse-run accepts
|got - want| <= atol + rtol * |want| (f32 1e-5/1e-4, f64 1e-12/1e-9,
f16 1e-3/1e-2; integers and i1 exactly; NaN equals NaN; infinities must be
equal). The generator tracks, for every value, an abstract description and
only emits ops whose result is safe under the rules below.

 1. Intervals. Every numeric value carries bounds [lo, hi] on its non-NaN
    elements (arguments: floats in [-3, 3), integers in [-8, 8], i1 in
    {0, 1}), a flag for "may hold NaN", and for floats whether it holds
    integers only. Float magnitudes stay below a cap (f16 256, f32 1e5,
    f64 1e8), so no infinity is ever produced; an op that would exceed the
    cap gets its operand squashed first (clamp into [-2, 2], exact, or tanh).
    Integer intervals widen to the whole type on possible overflow
    (wrap-around is the same everywhere and allowed).

 2. Exact values. A float value is *exact* when every correct
    implementation computes it bit for bit: arguments, constants, iota,
    abs, negate, maximum, minimum, clamp and select of exact values, all
    shape ops (broadcast_in_dim, reshape, transpose, slice, pad,
    concatenate, reverse, dynamic_slice, dynamic_update_slice), floor,
    ceil, round_nearest_even and sign of exact values, remainder of exact
    values (fmod is exact), conversions of exact values, products of an
    exact value and a constant power of two, and add, subtract, multiply,
    dot_general and sums of exact *integer-valued* floats whose results
    stay below 2^mantissa (exact in any order, with or without FMA).
    Everything else (transcendentals, divide, pow, sums in general,
    add/multiply of non-integers) is inexact. Integers and i1 are always
    exact.

 3. Discontinuous ops only see exact values: floor, ceil,
    round_nearest_even, sign, compare, convert float -> integer or i1,
    remainder on floats, atan2 unless its x operand is bounded away from 0,
    pow with a possibly negative base (then the exponent is an exact small
    integer), and the predicates of select and the values of an arg-max
    reduce (which come from compares). NaN only arises from exact operands
    (fmod by 0, sqrt of exact negative values), so where it appears is the
    same everywhere, and it propagates deterministically.

 4. Domains. log, rsqrt and sqrt of inexact values, log_plus_one, divide
    (denominator) and pow (base) only take operands bounded away from the
    singularity (|x| >= 0.25, 1 + x >= 0.5); the generator builds such
    operands as abs(x) + c, x * x + c, exp(clamp(x)) or logistic(x) + c.
    exponential and exponential_minus_one only take inputs <= 4; pow keeps
    exponents in [-3, 3]; sine/cosine inputs stay below 10 in magnitude.
    Float sums take at most 64 terms (f16: 8, unless they are exact),
    products at most 4.

 5. Error bounds. Every float value carries an affine bound on how far a
    correct implementation may be from the interpreter, ea + er * |v|:
    transcendental functions add a few ulps (16 for f32, where polynomial
    approximations may be used, plus an absolute floor for functions with
    zeros; 4 for f64; 2 for f16, computed in f32 and rounded), correctly
    rounded ops one ulp (contraction to FMA, excess precision), sums and
    dot products of n terms n(n+1)/2 ulps of the largest term (any
    summation order, either side), and the bounds propagate through
    every op with its Lipschitz constant on the operand intervals
    (cancellation turns relative into absolute error). A result is only
    returned when ea + er * |v| <= 1/4 of the tolerance over its whole
    interval; otherwise it is first scaled by an exact power of two until
    it is (and not returned if that would scale it below 100 atol).

 6. Integer ops wrap and have no undefined behaviour in hlo (x / 0 = -1,
    x % 0 = x, INT_MIN / -1 = INT_MIN), so they are used freely; only
    conversions to floats check that the magnitude fits the float cap.

 7. Sorts and topk order by exact keys that are never NaN, so every
    correct implementation finds the same order: the sign of a NaN that
    an op makes is not specified (TOTALORDER tells them apart), and IEEE
    order does not order NaNs (a merge sort and a sorting network then
    disagree). The values they move keep their bounds. Comparators are key
    comparators (compare LT/GT, TOTALORDER on floats: fuse's radix sort)
    or not (IEEE order, two keys: its merge sort); on the GPU every sort is
    a bitonic network.

 8. Unsigned integers appear in chains (gen_unsigned): a signed value
    read as unsigned, sign-dependent ops on it, and back; the chain's
    result has the whole range of its type.

Generated programs must verify: `hlo_fuzz.py verify` runs them through
fuse-opt; a program that fails verification is a generator bug.
"""

import argparse
import concurrent.futures
import math
import os
import random
import re
import shutil
import sys
import tempfile

import mlir_text as mt
from mlir_text import tensor_type as ttype

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


class Gen:
    def __init__(self, seed, index):
        self.rng = random.Random("hlo_fuzz:%d:%d" % (seed, index))
        self.name = "p%d_%d" % (seed, index)
        self.names = mt.Names("", 0)
        self.nops = 0

    def new_name(self):
        return self.names.fresh()

    # ---------------------------------------------------------------- misc
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def weighted(self, items):
        total = sum(w for _, w in items)
        r = self.rng.random() * total
        for item, w in items:
            r -= w
            if r < 0:
                return item
        return items[-1][0]

    def rand_dim(self):
        # Mostly small; sometimes past a vector width (loop tails).
        return self.weighted([(1, 4), (2, 4), (3, 4), (4, 3), (5, 2), (6, 1),
                              (7, 1), (0, 0.3), (8, 0.3), (13, 0.2),
                              (17, 0.3), (33, 0.2)])

    def rand_shape(self, rank=None):
        if rank is None:
            rank = self.weighted([(0, 2), (1, 3), (2, 4), (3, 2)])
        shape = tuple(self.rand_dim() for _ in range(rank))
        while numel(shape) > 1024:
            shape = tuple(min(d, 5) if self.chance(0.5) else d
                          for d in shape)
        return shape

    def rand_dtype(self):
        return self.weighted([("f32", 12), ("f64", 2), ("f16", 2),
                              ("i32", 2), ("i64", 1), ("i8", 1), ("i1", 1)])

    # ------------------------------------------------------------- values
    def arg_val(self, name, shape, dt):
        if is_float(dt):
            return Val(name, shape, dt, -3.0, 3.0)
        if dt == "i1":
            return Val(name, shape, dt, 0, 1)
        return Val(name, shape, dt, -8, 8)

    def derived(self, ctx, text, shape, dt, **info):
        """Emits `%n = text` and adds the resulting value to the pool."""
        name = ctx.new_name()
        ctx.emit("%s = %s" % (name, text))
        self.nops += 1
        return ctx.add(Val(name, shape, dt, **info))

    def copy_info(self, v, **over):
        info = dict(lo=v.lo, hi=v.hi, nan=v.nan, ea=v.ea, er=v.er,
                    isint=v.isint, depth=v.depth + 1)
        info.update(over)
        return info

    def clamp_int_interval(self, dt, lo, hi):
        tlo, thi = int_range(dt)
        if lo < tlo or hi > thi:
            return tlo, thi
        return int(lo), int(hi)

    # --------------------------------------------------------- constants
    def constant(self, ctx, shape, dt, values=None, splat=None):
        """A constant; `values` (a flat list) or `splat` chooses the content,
        else it is random."""
        n = numel(shape)
        if values is None and splat is None:
            if n <= 1 or n > 16 or self.chance(0.5):
                splat = self.rand_scalar(dt)
            else:
                values = [self.rand_scalar(dt) for _ in range(n)]
        if splat is not None:
            vals = [splat]
            body = "dense<%s>" % self.lit(splat, dt)
        else:
            vals = values
            body = "dense<%s>" % self.nested(values, shape, dt)
        if n == 0:
            vals = []
            body = "dense<>"
        return self.const_val(ctx, body, shape, dt, vals)

    def const_val(self, ctx, body, shape, dt, vals):
        self.nops -= 1  # constants do not count as ops
        v = self.const_val_(ctx, body, shape, dt, vals)
        v.const = True
        return v

    def const_val_(self, ctx, body, shape, dt, vals):
        if is_float(dt):
            lo = min(vals) if vals else 0.0
            hi = max(vals) if vals else 0.0
            isint = all(float(v).is_integer() for v in vals)
            v = self.derived(ctx, mt.constant(body, ttype(shape, dt)), shape,
                             dt, lo=float(lo), hi=float(hi), isint=isint)
            if len(vals) == 1 and vals[0] != 0 and "0x" not in body:
                m, e = math.frexp(abs(vals[0]))
                if m == 0.5 and -8 <= e - 1 <= 8:
                    v.pow2 = e - 1
            return v
        lo = min(vals) if vals else 0
        hi = max(vals) if vals else 0
        return self.derived(ctx, mt.constant(body, ttype(shape, dt)), shape,
                            dt, lo=lo, hi=hi)

    def rand_scalar(self, dt):
        if dt == "i1":
            return self.pick([0, 1])
        if is_int(dt):
            lo, hi = int_range(dt)
            if self.chance(0.1):
                return self.pick([lo, hi, -1, 0, 1])
            return self.rng.randint(-9, 9)
        if self.chance(0.5):
            return float(self.rng.randint(-4, 4))
        return self.rng.randint(-16, 16) / 4.0

    def lit(self, v, dt):
        if dt == "i1":
            return "true" if v else "false"
        if is_int(dt):
            return str(int(v))
        return fmt_float(v)

    def nested(self, flat, shape, dt):
        if not shape:
            return self.lit(flat[0], dt)
        if len(shape) == 1:
            return "[%s]" % ", ".join(self.lit(v, dt) for v in flat)
        step = numel(shape[1:])
        return "[%s]" % ", ".join(
            self.nested(flat[i * step:(i + 1) * step], shape[1:], dt)
            for i in range(shape[0]))

    def scalar_const(self, ctx, dt, value):
        return self.constant(ctx, (), dt, splat=value)

    # --------------------------------------------------------- operands
    def candidates(self, ctx, pred):
        return [v for v in ctx.pool if pred(v)]

    def choose(self, vals):
        """Prefers values that nothing uses yet, then recent ones, so that
        programs grow deep and most ops reach a result."""
        if not vals:
            raise Skip()
        full = [v for v in vals if not v.empty()]
        if full and len(full) < len(vals) and self.chance(0.9):
            vals = full
        unused = [v for v in vals if v.uses == 0 and
                  not v.name.startswith("%arg")]
        if unused and self.chance(0.75):
            return self.pick(unused[-3:])
        if self.chance(0.6):
            k = max(1, len(vals) // 2)
            return self.pick(vals[-k:])
        return self.pick(vals)

    def operand(self, ctx, shape, dt, exact=False, depth=0, avoid=None):
        """A value of exactly this type (exact when asked), from the pool or
        made from another value by reshape, broadcast, convert or a
        constant; mostly not `avoid` (x op x is a weak test)."""
        shape = tuple(shape)
        ok = lambda v: v.shape == shape and v.dt == dt and (v.exact or
                                                             not exact)
        found = self.candidates(ctx, ok)
        if avoid is not None and self.chance(0.9):
            found = [v for v in found if v is not avoid]
        if found and self.chance(0.85):
            return self.choose(found)
        if depth < 2:
            options = ["reshape", "broadcast", "convert", "const", "iota"]
            self.rng.shuffle(options)
            for how in options:
                try:
                    v = self.make_operand(ctx, how, shape, dt, exact, depth)
                    if v is not None:
                        return v
                except Skip:
                    pass
        if found:
            return self.choose(found)
        return self.constant(ctx, shape, dt)

    def make_operand(self, ctx, how, shape, dt, exact, depth):
        if how == "reshape":
            src = self.candidates(ctx, lambda v: v.dt == dt and
                                  numel(v.shape) == numel(shape) and
                                  v.shape != shape and (v.exact or not exact))
            if not src:
                return None
            return self.reshape(ctx, self.choose(src), shape)
        if how == "broadcast":
            src = self.candidates(ctx, lambda v: v.dt == dt and
                                  len(v.shape) < len(shape) and
                                  (v.exact or not exact) and
                                  self.bcast_dims(v.shape, shape) is not None)
            if not src:
                return None
            return self.broadcast(ctx, self.choose(src), shape)
        if how == "convert":
            src = self.candidates(ctx, lambda v: v.shape == shape and
                                  v.dt != dt and self.can_convert(v, dt) and
                                  (v.exact or not exact))
            if not src:
                return None
            return self.convert(ctx, self.choose(src), dt)
        if how == "const":
            if self.chance(0.5):
                return None
            return self.constant(ctx, shape, dt)
        if how == "iota":
            if dt == "i1" or not shape or self.chance(0.5):
                return None
            return self.iota(ctx, shape, dt)
        return None

    # ---------------------------------------------------- shape helpers
    def bcast_dims(self, src, dst):
        """A list d with src[i] == dst[d[i]] or src[i] == 1, or None."""
        r, R = len(src), len(dst)
        if r > R:
            return None
        orders = []
        incr = []
        j = 0
        for s in src:
            while j < R and not (dst[j] == s or s == 1):
                j += 1
            if j == R:
                incr = None
                break
            incr.append(j)
            j += 1
        if incr is not None:
            orders.append(incr)
        for _ in range(6):
            perm = self.rng.sample(range(R), r)
            if all(src[i] == dst[perm[i]] or src[i] == 1 for i in range(r)):
                orders.append(perm)
        if not orders:
            return None
        return self.pick(orders)

    def reshape(self, ctx, v, shape):
        return self.derived(ctx, mt.to_type("reshape", v, ttype(shape, v.dt)),
                            shape, v.dt, **self.copy_info(v))

    def broadcast(self, ctx, v, shape, dims=None):
        if dims is None:
            dims = self.bcast_dims(v.shape, shape)
            if dims is None:
                raise Skip()
        return self.derived(ctx, mt.to_type("broadcast_in_dim", v,
                                            ttype(shape, v.dt), dims=dims),
                            shape, v.dt, **self.copy_info(v))

    def iota(self, ctx, shape, dt):
        d = self.rng.randrange(len(shape))
        hi = max(shape[d] - 1, 0)
        if is_int(dt):
            lo2, hi2 = self.clamp_int_interval(dt, 0, hi)
            info = dict(lo=lo2, hi=hi2)
        else:
            if hi > FINFO[dt]["cap"]:
                raise Skip()
            info = dict(lo=0.0, hi=float(hi), isint=True)
        return self.derived(ctx, mt.iota(d, ttype(shape, dt)), shape, dt,
                            **info)

    # ---------------------------------------------------------- convert
    def can_convert(self, v, dt):
        if v.dt == dt:
            return False
        if is_float(v.dt) and not is_float(dt):
            return v.exact            # truncation is discontinuous
        if is_float(dt):
            cap = FINFO[dt]["cap"]
            return v.mag <= cap
        return True

    def convert(self, ctx, v, dt):
        src = v.dt
        text = mt.to_type("convert", v, ttype(v.shape, dt))
        if dt == "i1":
            return self.derived(ctx, text, v.shape, dt, lo=0, hi=1,
                                depth=v.depth + 1)
        if is_int(dt):
            if is_float(src):
                lo, hi = int(math.trunc(v.lo)), int(math.trunc(v.hi))
                tlo, thi = int_range(dt)
                lo, hi = max(lo, tlo), min(hi, thi)
                if v.nan:
                    lo, hi = min(lo, 0), max(hi, 0)
            else:
                lo, hi = self.clamp_int_interval(dt, v.lo, v.hi)
            return self.derived(ctx, text, v.shape, dt, lo=lo, hi=hi,
                                depth=v.depth + 1)
        # to a float
        if not is_float(src):
            return self.derived(ctx, text, v.shape, dt, lo=float(v.lo),
                                hi=float(v.hi), isint=True,
                                depth=v.depth + 1)
        info = self.copy_info(v)
        if FINFO[dt]["mant"] < FINFO[src]["mant"] and not v.exact:
            info["er"] = v.er + 2 * FINFO[dt]["u"]
        if FINFO[dt]["mant"] < FINFO[src]["mant"]:
            info["isint"] = v.isint and v.mag <= 2 ** FINFO[dt]["mant"]
        return self.derived(ctx, text, v.shape, dt, **info)

    # ---------------------------------------------------- float helpers
    def fi(self, dt):
        return FINFO[dt]

    def check_cap(self, dt, lo, hi):
        if max(abs(lo), abs(hi)) > FINFO[dt]["cap"]:
            raise Skip()

    def squash(self, ctx, v, bound=2.0):
        """A value with |x| <= bound made from v: clamp (exact) or tanh."""
        if self.chance(0.7) or v.exact:
            lo = self.scalar_const(ctx, v.dt, -bound)
            hi = self.scalar_const(ctx, v.dt, bound)
            info = self.copy_info(v, lo=min(max(v.lo, -bound), bound),
                                  hi=min(max(v.hi, -bound), bound))
            return self.derived(ctx, mt.clamp(lo, v, hi), v.shape, v.dt,
                                **info)
        t = self.unary_float(ctx, "tanh", v)
        if bound != 1.0:
            c = self.constant(ctx, v.shape, v.dt, splat=bound)
            t = self.binary(ctx, "multiply", t, c)
        return t

    def positive(self, ctx, v, lo=0.25):
        """A value >= lo made from v (for log, sqrt, rsqrt, divide, pow)."""
        dt = v.dt
        how = self.pick(["abs", "square", "exp", "logistic"])
        if how == "abs":
            a = self.unary_float(ctx, "abs", v)
            c = self.constant(ctx, v.shape, dt, splat=self.pick([0.5, 1.0,
                                                                 2.0]))
            return self.binary(ctx, "add", a, c)
        if how == "square":
            if v.mag > 8:
                v = self.squash(ctx, v)
            s = self.binary(ctx, "multiply", v, v)
            c = self.constant(ctx, v.shape, dt, splat=self.pick([0.25, 1.0]))
            return self.binary(ctx, "add", s, c)
        if how == "exp":
            if v.mag > 2:
                v = self.squash(ctx, v)
            return self.unary_float(ctx, "exponential", v)
        l = self.unary_float(ctx, "logistic", v)
        c = self.constant(ctx, v.shape, dt, splat=self.pick([0.25, 0.5]))
        return self.binary(ctx, "add", l, c)

    # -------------------------------------------------------- unary ops
    def unary_float(self, ctx, op, v):
        """Emits a float unary op on v (preparing v when its domain
        needs it) and returns the result."""
        dt = v.dt
        F = self.fi(dt)
        u, kt = F["u"], F["kt"]
        E = v.abserr()
        lo, hi = v.lo, v.hi
        name = op
        info = dict(nan=v.nan, depth=v.depth + 1)
        if op in ("abs", "negate"):
            if op == "abs":
                nlo = 0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))
                info.update(lo=nlo, hi=v.mag)
            else:
                info.update(lo=-hi, hi=-lo)
            info.update(ea=v.ea, er=v.er, isint=v.isint)
        elif op in ("sign", "floor", "ceil", "round_nearest_even"):
            if not v.exact:
                raise Skip()
            if op == "sign":
                info.update(lo=-1.0 if lo < 0 else 0.0,
                            hi=1.0 if hi > 0 else 0.0, isint=True)
            elif op == "floor":
                info.update(lo=math.floor(lo), hi=math.floor(hi), isint=True)
            elif op == "ceil":
                info.update(lo=math.ceil(lo), hi=math.ceil(hi), isint=True)
            else:
                info.update(lo=float(round(lo)) - 1, hi=float(round(hi)) + 1,
                            isint=True)
        elif op in ("exponential", "exponential_minus_one"):
            if hi > 4.0:
                raise Skip()
            elo, ehi = math.exp(lo), math.exp(hi)
            if op == "exponential":
                info.update(lo=elo, hi=ehi, ea=0.0,
                            er=E + kt * u)
            else:
                info.update(lo=elo - 1, hi=ehi - 1, ea=ehi * E,
                            er=kt * u)
        elif op == "log":
            if lo < 0.25:
                raise Skip()
            info.update(lo=math.log(lo), hi=math.log(hi),
                        ea=v.ea / lo + v.er + kt * u * F["floor"], er=kt * u)
        elif op == "log_plus_one":
            if lo < -0.5:
                raise Skip()
            info.update(lo=math.log1p(lo), hi=math.log1p(hi),
                        ea=E / (1 + lo) + kt * u * F["floor"], er=kt * u)
        elif op == "logistic":
            s = lambda x: 1.0 / (1.0 + math.exp(min(-x, 700.0)))
            info.update(lo=s(lo), hi=s(hi), ea=0.25 * E, er=kt * u)
        elif op == "tanh":
            info.update(lo=math.tanh(lo), hi=math.tanh(hi), ea=E, er=kt * u)
        elif op == "sqrt":
            if v.exact:
                info.update(lo=math.sqrt(max(lo, 0.0)),
                            hi=math.sqrt(max(hi, 0.0)),
                            nan=v.nan or lo < 0, ea=0.0, er=2 * u)
            else:
                if lo < 0.25:
                    raise Skip()
                info.update(lo=math.sqrt(lo), hi=math.sqrt(hi),
                            ea=v.ea / (2 * math.sqrt(lo)),
                            er=v.er / 2 + 2 * u)
        elif op == "rsqrt":
            if lo < 0.25:
                raise Skip()
            info.update(lo=1 / math.sqrt(hi), hi=1 / math.sqrt(lo), ea=0.0,
                        er=0.5 * (v.ea / lo + v.er) + kt * u)
        elif op == "cbrt":
            # The derivative x^(-2/3) / 3 stays bounded away from 0.
            if lo < 0.25:
                raise Skip()
            info.update(lo=lo ** (1 / 3), hi=hi ** (1 / 3),
                        ea=E / (3 * lo ** (2 / 3)), er=kt * u)
        elif op == "tan":
            # Within [-1, 1] the derivative 1 + tan^2 is below 3.5.
            if v.mag > 1:
                raise Skip()
            info.update(lo=math.tan(lo), hi=math.tan(hi),
                        ea=3.5 * E + kt * u * F["floor"], er=kt * u)
        elif op == "erf":
            info.update(lo=math.erf(lo), hi=math.erf(hi),
                        ea=1.13 * E + kt * u * F["floor"], er=kt * u)
        elif op in ("sine", "cosine"):
            if v.mag > 10:
                raise Skip()
            info.update(lo=-1.0, hi=1.0, ea=E + kt * u * F["floor"] *
                        max(v.mag, 1.0), er=kt * u)
        else:
            raise AssertionError(op)
        self.check_cap(dt, info["lo"], info["hi"])
        return self.derived(ctx, mt.same_type(name, v), v.shape, dt, **info)

    def gen_unary(self, ctx):
        op = self.weighted([
            ("abs", 2), ("negate", 2), ("sign", 1), ("floor", 1), ("ceil", 1),
            ("round_nearest_even", 1), ("exponential", 2),
            ("exponential_minus_one", 1), ("log", 2), ("log_plus_one", 1),
            ("logistic", 1), ("tanh", 2), ("sqrt", 2), ("rsqrt", 1),
            ("sine", 1), ("cosine", 1), ("cbrt", 0.5), ("tan", 0.5),
            ("erf", 0.5), ("is_finite", 0.5), ("not", 1),
            ("int_unary", 2)])
        if op == "not":
            v = self.choose(self.candidates(
                ctx, lambda v: v.dt == "i1" or is_int(v.dt)))
            return self.int_unary(ctx, "not", v)
        if op == "int_unary":
            v = self.choose(self.candidates(ctx, lambda v: is_int(v.dt)))
            return self.int_unary(ctx, self.pick(["abs", "negate", "sign",
                                                  "not", "popcnt",
                                                  "count_leading_zeros"]), v)
        if op == "is_finite":
            v = self.choose(self.candidates(ctx, lambda v: is_float(v.dt)))
            return self.derived(ctx, mt.same_type("is_finite", v), v.shape,
                                "i1", lo=0, hi=1)
        exact = op in ("sign", "floor", "ceil", "round_nearest_even")
        v = self.choose(self.candidates(
            ctx, lambda v: is_float(v.dt) and (v.exact or not exact)))
        if op in ("log", "rsqrt") or (op == "sqrt" and not v.exact):
            if v.lo < 0.25:
                v = self.positive(ctx, v)
        if op == "log_plus_one" and v.lo < -0.5:
            v = self.positive(ctx, v)
        if op in ("exponential", "exponential_minus_one") and v.hi > 4:
            v = self.squash(ctx, v, 3.0)
        if op in ("sine", "cosine") and v.mag > 10:
            v = self.squash(ctx, v, 3.0)
        if op == "tan" and v.mag > 1:
            v = self.squash(ctx, v, 0.9)
        if op == "cbrt" and v.lo < 0.25:
            v = self.positive(ctx, v)
        return self.unary_float(ctx, op, v)

    def int_unary(self, ctx, op, v):
        dt = v.dt
        if dt == "i1":
            if op != "not":
                raise Skip()
            return self.derived(ctx, mt.same_type("not", v), v.shape, dt, lo=0,
                                hi=1)
        if op == "abs":
            lo, hi = (0 if v.lo <= 0 <= v.hi else min(abs(v.lo), abs(v.hi)),
                      max(abs(v.lo), abs(v.hi)))
        elif op == "negate":
            lo, hi = -v.hi, -v.lo
        elif op == "sign":
            lo, hi = -1, 1
        elif op in ("popcnt", "count_leading_zeros"):
            lo, hi = 0, int(dt[1:])
        else:  # not: ~x = -x - 1
            lo, hi = -v.hi - 1, -v.lo - 1
        lo, hi = self.clamp_int_interval(dt, lo, hi)
        return self.derived(ctx, mt.same_type(op, v), v.shape, dt, lo=lo,
                            hi=hi)

    # ------------------------------------------------------- binary ops
    def binary(self, ctx, op, a, b):
        """Emits a binary elementwise op of two values of one type."""
        assert a.type == b.type, (a.type, b.type)
        dt = a.dt
        text = mt.same_type(op, a, b)
        if not is_float(dt):
            return self.derived(ctx, text, a.shape, dt,
                                **self.int_binary_info(op, a, b))
        info = self.float_binary_info(op, a, b)
        self.check_cap(dt, info["lo"], info["hi"])
        info["depth"] = max(a.depth, b.depth) + 1
        info["nan"] = info.get("nan", False) or a.nan or b.nan
        return self.derived(ctx, text, a.shape, dt, **info)

    def int_binary_info(self, op, a, b):
        dt = a.dt
        if dt == "i1":
            if op not in ("and", "or", "xor"):
                raise Skip()
            return dict(lo=0, hi=1)
        corners = lambda f: [f(x, y) for x in (a.lo, a.hi)
                             for y in (b.lo, b.hi)]
        if op == "add":
            lo, hi = a.lo + b.lo, a.hi + b.hi
        elif op == "subtract":
            lo, hi = a.lo - b.hi, a.hi - b.lo
        elif op == "multiply":
            c = corners(lambda x, y: x * y)
            lo, hi = min(c), max(c)
        elif op == "divide":
            m = max(abs(a.lo), abs(a.hi), 1)
            lo, hi = -m, m
        elif op == "remainder":
            m = max(abs(a.lo), abs(a.hi))
            lo, hi = -m, m
        elif op == "power":
            m = max(abs(a.lo), abs(a.hi), 1)
            e = max(b.hi, 0)
            if e > 64 or m ** e > 2 ** 64:
                lo, hi = int_range(dt)
            else:
                lo, hi = -(m ** e), m ** e
        elif op == "maximum":
            lo, hi = max(a.lo, b.lo), max(a.hi, b.hi)
        elif op == "minimum":
            lo, hi = min(a.lo, b.lo), min(a.hi, b.hi)
        elif op in ("and", "or", "xor", "shift_left", "shift_right_logical"):
            lo, hi = int_range(dt)
            if op == "and" and a.lo >= 0 and b.lo >= 0:
                lo, hi = 0, min(a.hi, b.hi)
        elif op == "shift_right_arithmetic":
            lo, hi = min(a.lo, 0), max(a.hi, 0)
        else:
            raise Skip()
        lo, hi = self.clamp_int_interval(dt, lo, hi)
        return dict(lo=lo, hi=hi)

    def float_binary_info(self, op, a, b):
        F = self.fi(a.dt)
        u, kt = F["u"], F["kt"]
        limit = 2.0 ** F["mant"]
        Ea, Eb = a.abserr(), b.abserr()
        Ma, Mb = a.mag, b.mag
        both_exact = a.exact and b.exact
        if op in ("add", "subtract"):
            if op == "add":
                lo, hi = a.lo + b.lo, a.hi + b.hi
                same = (a.lo >= 0 and b.lo >= 0) or (a.hi <= 0 and b.hi <= 0)
            else:
                lo, hi = a.lo - b.hi, a.hi - b.lo
                same = (a.lo >= 0 and b.hi <= 0) or (a.hi <= 0 and b.lo >= 0)
            if both_exact and a.isint and b.isint and max(abs(lo),
                                                          abs(hi)) <= limit:
                return dict(lo=lo, hi=hi, isint=True)
            if same:
                return dict(lo=lo, hi=hi, ea=a.ea + b.ea,
                            er=max(a.er, b.er) + 2 * u)
            return dict(lo=lo, hi=hi, ea=Ea + Eb, er=2 * u)
        if op == "multiply":
            c = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
            lo, hi = min(c), max(c)
            if both_exact and a.isint and b.isint and max(abs(lo),
                                                          abs(hi)) <= limit:
                return dict(lo=lo, hi=hi, isint=True)
            # Scaling by a power of two is exact (IEEE, any order, any
            # contraction): exactness and the error bounds carry over.
            for x, y in ((a, b), (b, a)):
                if y.pow2 is not None:
                    s = 2.0 ** y.pow2
                    return dict(lo=lo, hi=hi, ea=x.ea * s, er=x.er,
                                isint=x.isint and y.pow2 >= 0)
            return dict(lo=lo, hi=hi, ea=a.ea * Mb + b.ea * Ma + a.ea * b.ea,
                        er=a.er + b.er + a.er * b.er + 2 * u)
        if op == "divide":
            mb = b.minabs
            if mb < 0.25:
                raise Skip()
            m = Ma / mb
            return dict(lo=-m if a.lo < 0 else a.lo / b.mag if b.lo > 0 else
                        -m, hi=m,
                        ea=a.ea / mb + b.ea * Ma / (mb * mb),
                        er=a.er + b.er + 2 * u)
        if op == "remainder":
            if not both_exact:
                raise Skip()
            m = min(Ma, Mb)
            return dict(lo=-m if a.lo < 0 else 0.0, hi=m if a.hi > 0 else 0.0,
                        nan=b.lo <= 0 <= b.hi, isint=a.isint and b.isint)
        if op == "power":
            if b.mag > 3:
                raise Skip()
            if a.lo >= 0.25:
                c = [x ** y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
                lo, hi = min(c), max(c)
                ln = max(abs(math.log(a.lo)), abs(math.log(a.hi)))
                return dict(lo=lo, hi=hi, ea=0.0,
                            er=b.mag * (a.ea / a.lo + a.er) + ln * Eb +
                            kt * u)
            # A base that may be negative or zero: an exact integer
            # exponent, >= 0 unless the base stays away from 0.
            if not (both_exact and b.isint):
                raise Skip()
            if b.lo < 0 and a.minabs < 0.25:
                raise Skip()
            emax = max(abs(b.lo), abs(b.hi))
            m = max(Ma, 1.0) ** emax
            if b.lo < 0:
                m = max(m, (1.0 / a.minabs) ** emax)
            # C pow is not promised to be exact, even on integers.
            return dict(lo=-m, hi=m, ea=0.0, er=kt * u)
        if op in ("maximum", "minimum"):
            f = max if op == "maximum" else min
            return dict(lo=f(a.lo, b.lo), hi=f(a.hi, b.hi),
                        ea=max(a.ea, b.ea), er=max(a.er, b.er),
                        isint=a.isint and b.isint)
        if op == "atan2":
            # atan2(y = a, x = b)
            if b.lo >= 0.25:
                return dict(lo=-math.pi / 2, hi=math.pi / 2,
                            ea=Ea / b.lo + Eb / (2 * b.lo) +
                            kt * u * F["floor"] * math.pi, er=kt * u)
            if not both_exact:
                raise Skip()
            return dict(lo=-math.pi, hi=math.pi,
                        ea=kt * u * F["floor"] * math.pi, er=kt * u)
        raise Skip()

    def gen_binary(self, ctx):
        kinds = [(k, w) for k, w, f in (
            ("float", 6, is_float), ("int", 4, is_int),
            ("pred", 1, lambda d: d == "i1"))
            if any(f(v.dt) for v in ctx.pool)]
        if not kinds:
            raise Skip()
        kind = self.weighted(kinds)
        if kind == "float":
            op = self.weighted([("add", 4), ("subtract", 3), ("multiply", 4),
                                ("divide", 2), ("remainder", 1),
                                ("power", 1), ("maximum", 2), ("minimum", 2),
                                ("atan2", 1)])
            exact = op == "remainder"
            a = self.choose(self.candidates(
                ctx, lambda v: is_float(v.dt) and (v.exact or not exact)))
            nans = self.candidates(ctx, lambda v: is_float(v.dt) and v.nan)
            if op in ("maximum", "minimum") and nans and self.chance(0.6):
                a = self.choose(nans)
            b = self.operand(ctx, a.shape, a.dt, exact=exact, avoid=a)
            if op == "divide" and b.minabs < 0.25:
                b = self.positive(ctx, b)
                if self.chance(0.3):
                    b = self.unary_float(ctx, "negate", b)
            if op == "power":
                if self.chance(0.5) or not (a.exact and b.exact):
                    if a.lo < 0.25:
                        a = self.positive(ctx, a)
                    if b.mag > 3:
                        b = self.squash(ctx, b, 2.0)
                else:
                    # pow(exact base, small exact integer exponent)
                    e = self.constant(ctx, a.shape, a.dt,
                                      splat=float(self.rng.randint(0, 3)))
                    if a.mag > 8:
                        a = self.squash(ctx, a)
                    b = e
            if op == "atan2" and not (a.exact and b.exact) and b.lo < 0.25:
                b = self.positive(ctx, b)
            if op in ("add", "subtract", "multiply") and max(a.mag,
                                                           b.mag) > 100:
                a = self.squash(ctx, a) if a.mag > 100 else a
                b = self.squash(ctx, b) if b.mag > 100 else b
            if self.chance(0.5) and op in ("add", "multiply", "maximum",
                                           "minimum"):
                a, b = b, a
            return self.binary(ctx, op, a, b)
        if kind == "int":
            a = self.choose(self.candidates(ctx, lambda v: is_int(v.dt)))
            op = self.weighted([("add", 3), ("subtract", 2), ("multiply", 3),
                                ("divide", 2), ("remainder", 2),
                                ("power", 1), ("maximum", 1), ("minimum", 1),
                                ("and", 1), ("or", 1), ("xor", 1),
                                ("shift_left", 1), ("shift_right_logical", 1),
                                ("shift_right_arithmetic", 1)])
            b = self.operand(ctx, a.shape, a.dt, avoid=a)
            return self.binary(ctx, op, a, b)
        a = self.choose(self.candidates(ctx, lambda v: v.dt == "i1"))
        b = self.operand(ctx, a.shape, "i1", avoid=a)
        return self.binary(ctx, self.pick(["and", "or", "xor"]), a, b)

    # ---------------------------------------- compare, select, clamp
    def compare(self, ctx, a, b, direction=None):
        direction = direction or self.pick(["EQ", "NE", "LT", "LE", "GT",
                                            "GE"])
        return self.derived(ctx, mt.compare(direction, a, b), a.shape, "i1",
                            lo=0, hi=1)

    def gen_compare(self, ctx):
        a = self.choose(self.candidates(ctx, lambda v: v.exact))
        b = self.operand(ctx, a.shape, a.dt, exact=True, avoid=a)
        return self.compare(ctx, a, b)

    def gen_select(self, ctx):
        a = self.choose(ctx.pool)
        b = self.operand(ctx, a.shape, a.dt, avoid=a)
        if a.shape and self.chance(0.25):
            p = self.operand(ctx, (), "i1")
        else:
            p = self.predicate(ctx, a.shape)
        info = self.merge_info(a, b)
        return self.derived(ctx, mt.select(p, a, b), a.shape, a.dt, **info)

    def predicate(self, ctx, shape):
        found = self.candidates(ctx, lambda v: v.dt == "i1" and
                                v.shape == tuple(shape))
        if found and self.chance(0.6):
            return self.choose(found)
        src = self.candidates(ctx, lambda v: v.exact and v.dt != "i1" and
                              v.shape == tuple(shape))
        if src:
            a = self.choose(src)
            b = self.operand(ctx, shape, a.dt, exact=True, avoid=a)
            return self.compare(ctx, a, b)
        return self.operand(ctx, shape, "i1")

    def merge_all(self, vals):
        """The info of a value whose elements come from any of `vals`."""
        info = self.copy_info(vals[0])
        for v in vals[1:]:
            info["lo"] = min(info["lo"], v.lo)
            info["hi"] = max(info["hi"], v.hi)
            info["depth"] = max(info["depth"], v.depth + 1)
            if is_float(v.dt):
                info["nan"] = info["nan"] or v.nan
                info["ea"] = max(info["ea"], v.ea)
                info["er"] = max(info["er"], v.er)
                info["isint"] = info["isint"] and v.isint
        return info

    def merge_info(self, a, b):
        if is_float(a.dt):
            return dict(lo=min(a.lo, b.lo), hi=max(a.hi, b.hi),
                        nan=a.nan or b.nan, ea=max(a.ea, b.ea),
                        er=max(a.er, b.er), isint=a.isint and b.isint,
                        depth=max(a.depth, b.depth) + 1)
        return dict(lo=min(a.lo, b.lo), hi=max(a.hi, b.hi),
                    depth=max(a.depth, b.depth) + 1)

    def gen_clamp(self, ctx):
        x = self.choose(self.candidates(ctx, lambda v: v.dt != "i1"))
        bounds = []
        for _ in range(2):
            if self.chance(0.5) or not x.shape:
                bounds.append(self.operand(ctx, (), x.dt, avoid=x))
            else:
                bounds.append(self.operand(ctx, x.shape, x.dt, avoid=x))
        lo, hi = bounds
        # min(max(x, lo), hi), also when lo > hi (the result is then hi)
        rlo = min(max(x.lo, lo.lo), hi.lo)
        rhi = min(max(x.hi, lo.hi), hi.hi)
        if is_float(x.dt):
            info = dict(lo=rlo, hi=rhi, nan=x.nan or lo.nan or hi.nan,
                        ea=max(x.ea, lo.ea, hi.ea), er=max(x.er, lo.er, hi.er),
                        isint=x.isint and lo.isint and hi.isint)
        else:
            info = dict(lo=rlo, hi=rhi)
        return self.derived(ctx, mt.clamp(lo, x, hi), x.shape, x.dt, **info)

    def gen_quantize(self, ctx):
        """round(x * 2^k) * 2^-j: exact values on a grid, with ties for
        round_nearest_even and integer-valued floats that sum exactly."""
        v = self.choose(self.candidates(ctx, lambda v: is_float(v.dt) and
                                        v.exact))
        if v.mag > 16:
            v = self.squash(ctx, v, 4.0)
        k = self.rng.randint(0, 3)
        c = self.constant(ctx, v.shape, v.dt, splat=float(2 ** k))
        t = self.binary(ctx, "multiply", v, c)
        r = self.unary_float(ctx, self.pick(["floor", "ceil",
                                             "round_nearest_even"]), t)
        j = self.rng.randint(0, 2)
        if j:
            c2 = self.constant(ctx, v.shape, v.dt, splat=2.0 ** -j)
            r = self.binary(ctx, "multiply", r, c2)
        if self.chance(0.7):
            how = self.pick(["round_nearest_even", "round_nearest_even",
                             "floor", "ceil", "sign", "convert"])
            if how == "convert":
                return self.convert(ctx, r, self.pick(["i32", "i8", "i64"]))
            return self.unary_float(ctx, how, r)
        return r

    def gen_nan_source(self, ctx):
        """NaN where an exact operand says so: sqrt of negative values or
        x % 0, so that NaN propagation (maximum, minimum, clamp, reduce,
        compare, convert) is exercised."""
        v = self.choose(self.candidates(ctx, lambda v: is_float(v.dt) and
                                        v.exact and v.lo < 0))
        if self.chance(0.5):
            return self.unary_float(ctx, "sqrt", v)
        zs = self.candidates(ctx, lambda z: z.shape == v.shape and
                             z.dt == v.dt and z.exact and z.isint and
                             z.lo <= 0 <= z.hi and z is not v)
        if zs:
            z = self.choose(zs)
        else:
            z = self.unary_float(ctx, "round_nearest_even", v)
        return self.binary(ctx, "remainder", v, z)

    def gen_convert(self, ctx):
        v = self.choose(ctx.pool)
        if self.chance(0.3) and v.dt != "i1" and v.exact and v.mag < 16:
            # Beyond the narrow types: saturation and truncation.
            if is_float(v.dt):
                c = self.constant(ctx, v.shape, v.dt, splat=64.0)
            else:
                c = self.constant(ctx, v.shape, v.dt, splat=37)
            v = self.binary(ctx, "multiply", v, c)
            if is_float(v.dt):
                return self.convert(ctx, v, self.pick(["i8", "i16", "i32"]))
            return self.convert(ctx, v, self.pick(["i8", "i16", "f16"]) if
                                self.can_convert(v, "f16") else "i8")
        targets = [d for d in FLOATS + ("i32", "i64", "i8", "i16", "i1")
                   if self.can_convert(v, d)]
        if not targets:
            raise Skip()
        if is_int(v.dt) and max(abs(v.lo), abs(v.hi)) > 1000 and \
                self.chance(0.7):
            # Narrow the range first so that floats can take it.
            lo = self.scalar_const(ctx, v.dt, -100)
            hi = self.scalar_const(ctx, v.dt, 100)
            v = self.derived(ctx, mt.clamp(lo, v, hi), v.shape, v.dt,
                             lo=-100, hi=100)
            targets = [d for d in FLOATS + ("i32", "i64", "i8", "i1")
                       if self.can_convert(v, d)]
        return self.convert(ctx, v, self.pick(targets))

    # -------------------------------------------------------- shape ops
    def gen_broadcast(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) < 4))
        shape = list(v.shape)
        # insert 1-2 new dimensions, maybe expand size-1 dimensions
        for _ in range(self.rng.randint(1, 2)):
            if len(shape) >= 4:
                break
            shape.insert(self.rng.randint(0, len(shape)), self.rand_dim())
        shape = [self.rand_dim() if s == 1 and self.chance(0.5) else s
                 for s in shape]
        if numel(shape) > 512:
            raise Skip()
        return self.broadcast(ctx, v, tuple(shape))

    def gen_reshape(self, ctx):
        v = self.choose(ctx.pool)
        n = numel(v.shape)
        shapes = self.factorizations(n) if n > 0 else [
            (0,), (2, 0), (0, 3, 1)]
        shapes = [s for s in shapes if s != v.shape]
        if not shapes:
            raise Skip()
        return self.reshape(ctx, v, self.pick(shapes))

    def factorizations(self, n):
        out = set()
        def rec(rest, prefix):
            if len(prefix) > 3:
                return
            if rest == 1:
                out.add(tuple(prefix))
                if len(prefix) < 3:
                    out.add(tuple(prefix + [1]))
                return
            for d in range(2, rest + 1):
                if rest % d == 0:
                    rec(rest // d, prefix + [d])
        rec(n, [])
        if n == 1:
            out.update([(), (1,), (1, 1)])
        return sorted(out)

    def gen_transpose(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 2))
        perm = list(range(len(v.shape)))
        while perm == sorted(perm) and self.chance(0.9):
            self.rng.shuffle(perm)
        return self.transpose(ctx, v, perm)

    def transpose(self, ctx, v, perm):
        shape = tuple(v.shape[p] for p in perm)
        return self.derived(ctx, mt.to_type("transpose", v,
                                            ttype(shape, v.dt), dims=perm),
                            shape, v.dt, **self.copy_info(v))

    def gen_slice(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        st, li, sd, shape = [], [], [], []
        for d in v.shape:
            a = self.rng.randint(0, max(d - 1, 0))
            b = self.rng.randint(min(a + 1, d), d)
            if self.chance(0.02):
                b = a
            if self.chance(0.3):
                a, b = 0, d
            s = self.weighted([(1, 5), (2, 2), (3, 1)])
            st.append(a)
            li.append(b)
            sd.append(s)
            shape.append(-(-(b - a) // s))
        return self.derived(ctx, mt.slice_(v, st, li, sd, ttype(shape, v.dt)),
                            tuple(shape), v.dt, **self.copy_info(v))

    def gen_pad(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        p = self.operand(ctx, (), v.dt)
        lo, hi, it, shape = [], [], [], []
        for d in v.shape:
            i = self.weighted([(0, 5), (1, 2), (2, 1)])
            full = d + max(d - 1, 0) * i
            l = self.rng.randint(-min(full, 2), 2)
            h = self.rng.randint(-min(full + l, 2), 2) if full + l > 0 else \
                self.rng.randint(0, 2)
            lo.append(l)
            hi.append(h)
            it.append(i)
            shape.append(l + h + full)
        if any(s < 0 for s in shape) or numel(shape) > 512:
            raise Skip()
        info = self.merge_info(v, p)
        return self.derived(ctx, mt.pad(v, p, lo, hi, it, ttype(shape, v.dt)),
                            tuple(shape), v.dt, **info)

    def gen_concatenate(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        dim = self.rng.randrange(len(v.shape))
        parts = [v]
        for _ in range(self.rng.randint(1, 2)):
            shape = list(v.shape)
            shape[dim] = self.weighted([(v.shape[dim], 2), (1, 2), (2, 1),
                                        (0, 0.5)])
            parts.append(self.operand(ctx, tuple(shape), v.dt))
        if self.chance(0.5):
            self.rng.shuffle(parts)
        shape = list(v.shape)
        shape[dim] = sum(p.shape[dim] for p in parts)
        inf = self.merge_all(parts)
        return self.derived(ctx, mt.concatenate(dim, parts,
                                                ttype(shape, v.dt)),
                            tuple(shape), v.dt, **inf)

    def gen_reverse(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        dims = sorted(self.rng.sample(range(len(v.shape)),
                                      self.rng.randint(1, len(v.shape))))
        if self.chance(0.3):
            self.rng.shuffle(dims)
        return self.derived(ctx, mt.same_type("reverse", v, dims=dims),
                            v.shape, v.dt, **self.copy_info(v))

    def gen_sort(self, ctx):
        """A sort of one to three values of one shape along one dimension.
        The keys are exact and never NaN, so the compiled and interpreted
        orders agree;
        the comparator is a key comparator (radix sort) or not (merge sort:
        IEEE order, two keys)."""
        key = self.choose(self.candidates(
            ctx, lambda v: len(v.shape) >= 1 and v.exact and not v.nan))
        others = [v for v in ctx.pool if v.shape == key.shape and v is not key]
        inputs = [key] + self.rng.sample(others,
                                         min(len(others),
                                             self.rng.randint(0, 2)))
        if self.chance(0.3):
            self.rng.shuffle(inputs)
        k = inputs.index(key)
        dim = self.rng.randrange(len(key.shape))
        scalars = ["tensor<%s>" % v.dt for v in inputs]
        args = ", ".join("%%%s%d: %s" % (side, i, t)
                         for i, t in enumerate(scalars) for side in "lr")
        direction = self.pick(["LT", "GT"])
        kt = scalars[k]
        lines = ["^bb0(%s):" % args]
        kind = self.weighted([("key", 3), ("ieee", 1), ("two_keys", 1)])
        if kind == "ieee" and not is_float(key.dt):
            kind = "key"
        if kind == "two_keys" and len(inputs) == 1:
            kind = "key"
        if kind == "key":
            order = ", TOTALORDER" if is_float(key.dt) else ""
            lines.append("  %%before = hlo.compare %s, %%l%d, %%r%d%s : %s" %
                         (direction, k, k, order, kt))
        elif kind == "ieee":
            lines.append("  %%before = hlo.compare %s, %%l%d, %%r%d : %s" %
                         (direction, k, k, kt))
        else:
            j = (k + 1) % len(inputs)
            jt = scalars[j]
            if not inputs[j].exact or inputs[j].nan:
                raise Skip()
            order = ", TOTALORDER" if is_float(inputs[j].dt) else ""
            korder = ", TOTALORDER" if is_float(key.dt) else ""
            lines += [
                "  %%first = hlo.compare %s, %%l%d, %%r%d%s : %s" %
                (direction, k, k, korder, kt),
                "  %%tie = hlo.compare EQ, %%l%d, %%r%d%s : %s" %
                (k, k, korder, kt),
                "  %%second = hlo.compare LT, %%l%d, %%r%d%s : %s" %
                (j, j, order, jt),
                "  %both = hlo.and %tie, %second : tensor<i1>",
                "  %before = hlo.or %first, %both : tensor<i1>"]
        lines += ["  hlo.return %before : tensor<i1>", "}"]
        names = ", ".join(v.name for v in inputs)
        types = ", ".join(v.type for v in inputs)
        stable = ", stable" if self.chance(0.8) else ""
        result = ctx.new_name()
        count = len(inputs)
        head = result if count == 1 else "%s:%d" % (result, count)
        ctx.emit("%s = hlo.sort(%s) dimension = %d%s : %s {\n%s" %
                 (head, names, dim, stable, types, "\n".join(lines)))
        self.nops += 1
        out = None
        for i, v in enumerate(inputs):
            name = result if count == 1 else "%s#%d" % (result, i)
            out = ctx.add(Val(name, v.shape, v.dt, **self.copy_info(v)))
        return out

    def gen_topk(self, ctx):
        """topk of an exact value, never NaN, along its last dimension."""
        v = self.choose(self.candidates(
            ctx, lambda v: len(v.shape) >= 1 and v.exact and not v.nan and
            v.dt != "i1"))
        n = v.shape[-1]
        k = self.weighted([(min(n, 1), 2), (min(n, 3), 2), (n, 1),
                           (self.rng.randint(0, n), 2)])
        largest = "" if self.chance(0.7) else " {largest = false}"
        shape = v.shape[:-1] + (k,)
        values, indices = ctx.new_name(), ctx.new_name()
        ctx.emit("%s, %s = hlo.topk %s, k = %d%s : %s" %
                 (values, indices, v.name, k, largest, v.type))
        self.nops += 1
        ctx.add(Val(indices, shape, "i32", 0, max(n - 1, 0)))
        return ctx.add(Val(values, shape, v.dt, **self.copy_info(v)))

    def gen_rng_bits(self, ctx):
        """rng_bit_generator from a constant state, then again from the
        state it returns: signless integers of the whole range."""
        algorithm = self.pick(["three_fry", "philox", "default"])
        words = 2 if algorithm == "three_fry" else self.pick([2, 3])
        state_type = ttype((words,), "ui64")
        state = ctx.new_name()
        ctx.emit("%s = hlo.constant dense<[%s]> : %s" % (
            state, ", ".join(str(self.rng.randrange(1 << 64))
                             for _ in range(words)), state_type))
        dt = self.pick(["i8", "i16", "i32", "i64"])
        val = None
        for _ in range(self.rng.randint(1, 2)):
            shape = self.rand_shape(self.rng.randint(0, 3))
            next_state, bits = ctx.new_name(), ctx.new_name()
            ctx.emit("%s, %s = hlo.rng_bit_generator %s, algorithm = %s : "
                     "(%s) -> (%s, %s)" % (next_state, bits, state, algorithm,
                                           state_type, state_type,
                                           ttype(shape, dt)))
            self.nops += 1
            state = next_state
            lo, hi = int_range(dt)
            val = ctx.add(Val(bits, shape, dt, lo, hi))
        return val

    def gen_unsigned(self, ctx):
        """A chain of ops on unsigned integers: an integer value read as
        unsigned of its width (a convert keeps the bits), one to four ops
        whose meaning depends on the sign or not, and a convert back to
        the signed type, whose value joins the pool with the whole range.
        The unsigned values stay out of the pool, so the other generators,
        which reason about signed intervals, never see them."""
        v = self.choose(self.candidates(
            ctx, lambda v: is_int(v.dt) and len(v.shape) >= 1))
        bits = IBITS[v.dt]
        ut = "ui%d" % bits
        utype = ttype(v.shape, ut)

        def emit(text, type_=utype):
            name = ctx.new_name()
            ctx.emit("%s = %s" % (name, text))
            self.nops += 1
            return mt.Typed(name, type_)

        def as_unsigned(val):
            return emit(mt.to_type("convert", val, utype))

        def unsigned_const(value, type_=utype):
            return emit(mt.constant("dense<%d>" % value, type_), type_)

        others = [w for w in ctx.pool if w.shape == v.shape and w.dt == v.dt]
        x = as_unsigned(v)
        for _ in range(self.rng.randint(1, 4)):
            y = as_unsigned(self.pick(others)) if others else x
            ops = ["maximum", "minimum", "add", "multiply", "xor",
                   "shift_right_arithmetic", "shift_right_logical", "abs",
                   "sign", "popcnt", "count_leading_zeros", "compare",
                   "clamp", "through_f64", "sort"]
            if "sort" in WITHOUT:
                ops.remove("sort")
            if bits < 64:
                ops += ["divide", "remainder", "power"]
            op = self.pick(ops)
            if op in ("maximum", "minimum", "add", "multiply", "xor",
                      "divide", "remainder"):
                x = emit(mt.same_type(op, x, y))
            elif op == "power":
                e = unsigned_const(self.rng.randint(0, 5))
                x = emit(mt.same_type("power", x, e))
            elif op.startswith("shift"):
                amount = unsigned_const(self.rng.randint(0, bits + 1))
                x = emit(mt.same_type(op, x, amount))
            elif op in ("abs", "sign", "popcnt", "count_leading_zeros"):
                x = emit(mt.same_type(op, x))
            elif op == "compare":
                direction = self.pick(["LT", "LE", "GT", "GE", "EQ", "NE"])
                p = emit(mt.compare(direction, x, y), ttype(v.shape, "i1"))
                x = emit(mt.to_type("convert", p, utype))
            elif op == "clamp":
                scalar = ttype((), ut)
                lo = unsigned_const(self.rng.randint(0, 8), scalar)
                hi = unsigned_const((1 << bits) - self.rng.randint(1, 9),
                                    scalar)
                x = emit(mt.clamp(lo, x, hi))
            elif op == "through_f64":
                # Exact for 32 bits and below; u64 rounds, and back it
                # saturates, the same in every correct implementation.
                f = emit(mt.to_type("convert", x, ttype(v.shape, "f64")),
                         ttype(v.shape, "f64"))
                x = emit(mt.to_type("convert", f, utype))
            else:
                dim = self.rng.randrange(len(v.shape))
                x = emit("hlo.sort(%s) dimension = %d, stable : %s {\n"
                         "^bb0(%%a: tensor<%s>, %%b: tensor<%s>):\n"
                         "  %%lt = hlo.compare %s, %%a, %%b : tensor<%s>\n"
                         "  hlo.return %%lt : tensor<i1>\n}" %
                         (x.name, dim, utype, ut, ut,
                          self.pick(["LT", "GT"]), ut))
        lo, hi = int_range(v.dt)
        return self.derived(ctx, mt.to_type("convert", x, v.type), v.shape,
                            v.dt, lo=lo, hi=hi, depth=v.depth + 1)

    def gen_iota(self, ctx):
        shape = self.rand_shape(self.rng.randint(1, 3))
        return self.iota(ctx, shape, self.pick(["f32", "i32", "i64", "f64",
                                                "f16"]))

    def gen_constant(self, ctx):
        return self.constant(ctx, self.rand_shape(), self.rand_dtype())

    # ----------------------------------------------------------- dynamic
    def offset(self, ctx, itype=None):
        found = self.candidates(ctx, lambda v: v.shape == () and is_int(v.dt)
                                and (itype is None or v.dt == itype))
        if found and self.chance(0.8):
            return self.choose(found)
        itype = itype or self.pick(["i32", "i64", "i8"])
        how = self.pick(["const", "reduce", "convert"])
        if how == "reduce":
            src = self.candidates(ctx, lambda v: v.dt == itype and v.shape
                                  and not v.empty())
            if src:
                v = self.choose(src)
                return self.reduce(ctx, v, "maximum",
                                   list(range(len(v.shape))))
        if how == "convert":
            src = self.candidates(ctx, lambda v: v.shape == () and
                                  v.dt != itype and v.dt != "i1" and
                                  self.can_convert(v, itype))
            if src:
                return self.convert(ctx, self.choose(src), itype)
        return self.scalar_const(ctx, itype, self.rng.randint(-3, 9))

    def gen_dynamic_slice(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        itype = self.pick(["i32", "i64", "i32", "i8"])
        offs = [self.offset(ctx, itype) for _ in v.shape]
        sizes = [self.rng.randint(0, d) if self.chance(0.2) else
                 self.rng.randint(min(1, d), d) for d in v.shape]
        return self.derived(ctx, "hlo.dynamic_slice %s[%s] sizes = %s : "
                            "(%s, %s) -> %s" %
                            (v.name, ", ".join(o.name for o in offs), sizes,
                             v.type, ", ".join(o.type for o in offs),
                             ttype(sizes, v.dt)), tuple(sizes), v.dt,
                            **self.copy_info(v))

    def gen_dynamic_update_slice(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        ushape = tuple(self.rng.randint(0, d) if self.chance(0.15) else
                       self.rng.randint(min(1, d), d) for d in v.shape)
        upd = self.operand(ctx, ushape, v.dt)
        itype = self.pick(["i32", "i64"])
        offs = [self.offset(ctx, itype) for _ in v.shape]
        info = self.merge_info(v, upd)
        return self.derived(ctx, "hlo.dynamic_update_slice %s[%s], %s : "
                            "(%s, %s, %s) -> %s" %
                            (v.name, ", ".join(o.name for o in offs),
                             upd.name, v.type, upd.type,
                             ", ".join(o.type for o in offs), v.type),
                            v.shape, v.dt, **info)

    # ------------------------------------------------------------ reduce
    def identity(self, ctx, kind, dt, n):
        if kind == "add":
            return self.scalar_const(ctx, dt, 0 if not is_float(dt) else 0.0)
        if kind == "multiply":
            return self.scalar_const(ctx, dt, 1 if not is_float(dt) else 1.0)
        if kind in ("and", "or"):
            if dt == "i1":
                return self.scalar_const(ctx, dt, 1 if kind == "and" else 0)
            return self.scalar_const(ctx, dt, -1 if kind == "and" else 0)
        lo, hi = int_range(dt) if not is_float(dt) else (None, None)
        if is_float(dt):
            # -inf / +inf when something is reduced; a finite identity of
            # the data otherwise (the result is then the init value).
            if n > 0:
                inf = {"f16": "0x7C00", "f32": "0x7F800000",
                       "f64": "0x7FF0000000000000"}[dt]
                ninf = {"f16": "0xFC00", "f32": "0xFF800000",
                        "f64": "0xFFF0000000000000"}[dt]
                body = "dense<%s>" % (ninf if kind == "maximum" else inf)
                # Not in the pool: no other op may use an infinity.
                v = self.const_val(ctx, body, (), dt, [0.0])
                ctx.pool.remove(v)
                return v
            return self.scalar_const(ctx, dt, -100.0 if kind == "maximum"
                                     else 100.0)
        return self.scalar_const(ctx, dt, lo if kind == "maximum" else hi)

    def reduce(self, ctx, v, kind, dims):
        dims = sorted(dims)
        n = numel([v.shape[d] for d in dims])
        rshape = tuple(s for i, s in enumerate(v.shape) if i not in dims)
        dt = v.dt
        init = self.identity(ctx, kind, dt, n)
        if is_float(dt):
            info = self.reduce_float_info(kind, v, n)
            if kind in ("maximum", "minimum") and n == 0:
                info.update(lo=init.lo, hi=init.hi)
            self.check_cap(dt, info["lo"], info["hi"])
        elif dt == "i1":
            info = dict(lo=0, hi=1)
        else:
            info = self.reduce_int_info(kind, v, n)
        if n == 0 and kind in ("add", "multiply", "and", "or") and \
                is_float(dt):
            info.update(lo=init.lo, hi=init.hi, ea=0.0, er=0.0)
        if self.chance(0.2) and kind in ("add", "multiply", "maximum",
                                         "minimum", "and", "or"):
            # The same reduction written with a region.
            a, e = ctx.new_name(), ctx.new_name()
            s = ctx.new_name()
            body = ("{\n^bb0(%s: %s, %s: %s):\n  %s = hlo.%s %s, %s : %s\n"
                    "  hlo.return %s : %s\n}" %
                    (a, init.type, e, init.type, s, kind,
                     *((e, a) if self.chance(0.5) else (a, e)), init.type,
                     s, init.type))
            text = "hlo.reduce(%s init %s) dims = %s : (%s, %s) -> %s %s" % (
                v.name, init.name, dims, v.type, init.type,
                ttype(rshape, dt), body)
        else:
            text = mt.reduce(kind, v, init, dims, ttype(rshape, dt))
        return self.derived(ctx, text, rshape, dt, **info)

    def reduce_float_info(self, kind, v, n):
        F = self.fi(v.dt)
        u = F["u"]
        limit = 2.0 ** F["mant"]
        if kind in ("maximum", "minimum"):
            return self.copy_info(v)
        if kind == "add":
            lo, hi = min(n * v.lo, 0.0), max(n * v.hi, 0.0)
            if v.exact and v.isint and n * v.mag <= limit:
                return dict(lo=lo, hi=hi, isint=True, nan=v.nan)
            acc = u * v.mag * n * (n + 1)
            if v.lo >= 0 or v.hi <= 0:
                return dict(lo=lo, hi=hi, nan=v.nan, ea=n * v.ea,
                            er=v.er + 2 * u * (n + 1))
            return dict(lo=lo, hi=hi, nan=v.nan,
                        ea=n * v.ea + n * v.er * v.mag + acc, er=2 * u)
        if kind == "multiply":
            m = max(v.mag, 1.0) ** n
            if v.exact and v.isint and m <= limit:
                return dict(lo=-m, hi=m, isint=True, nan=v.nan)
            return dict(lo=-m, hi=m, nan=v.nan,
                        ea=n * max(v.mag, 1.0) ** max(n - 1, 0) *
                        v.abserr(), er=2 * u * (n + 1))
        raise Skip()

    def reduce_int_info(self, kind, v, n):
        dt = v.dt
        if kind == "add":
            lo, hi = min(n * v.lo, 0), max(n * v.hi, 0)
        elif kind == "multiply":
            m = max(abs(v.lo), abs(v.hi), 1)
            lo, hi = (-(m ** n), m ** n) if n < 64 and m ** n < 2 ** 64 \
                else int_range(dt)
        elif kind == "maximum":
            lo, hi = (v.lo, v.hi) if n > 0 else int_range(dt)[:1] * 2
        elif kind == "minimum":
            lo, hi = (v.lo, v.hi) if n > 0 else int_range(dt)[1:] * 2
        else:
            lo, hi = int_range(dt)
        lo, hi = self.clamp_int_interval(dt, lo, hi)
        return dict(lo=lo, hi=hi)

    def reduce_dims(self, v):
        r = len(v.shape)
        k = self.weighted([(1, 4), (2, 2), (r, 1)])
        k = max(1, min(k, r))
        if self.chance(0.05):
            return []
        return self.rng.sample(range(r), k)

    def gen_reduce(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        if v.dt == "i1":
            kind = self.pick(["and", "or"])
        elif is_int(v.dt):
            kind = self.pick(["add", "multiply", "maximum", "minimum", "and",
                              "or"])
        else:
            kind = self.weighted([("add", 4), ("maximum", 2), ("minimum", 2),
                                  ("multiply", 1)])
        dims = self.reduce_dims(v)
        n = numel([v.shape[d] for d in dims])
        if is_float(v.dt):
            if kind == "multiply":
                if n > 4:
                    raise Skip()
                if v.mag > 2:
                    v = self.squash(ctx, v, 2.0)
            if kind == "add" and n > 64:
                raise Skip()
            if v.dt == "f16" and kind in ("add", "multiply") and not (
                    v.exact and v.isint) and n > 8:
                raise Skip()
        return self.reduce(ctx, v, kind, dims)

    def gen_reduce_general(self, ctx):
        which = self.pick(["argmax", "sum_max", "xor"])
        if which == "xor":
            v = self.choose(self.candidates(
                ctx, lambda v: (is_int(v.dt) or v.dt == "i1") and v.shape))
            dims = sorted(self.reduce_dims(v))
            rshape = tuple(s for i, s in enumerate(v.shape) if i not in dims)
            init = self.scalar_const(ctx, v.dt, 0)
            a, e, x = ctx.new_name(), ctx.new_name(), ctx.new_name()
            body = ("{\n^bb0(%s: %s, %s: %s):\n  %s = hlo.xor %s, %s : %s\n"
                    "  hlo.return %s : %s\n}" % (a, init.type, e, init.type,
                                                 x, a, e, init.type, x,
                                                 init.type))
            lo, hi = int_range(v.dt)
            return self.derived(ctx, "hlo.reduce(%s init %s) dims = %s : "
                                "(%s, %s) -> %s %s" %
                                (v.name, init.name, dims, v.type, init.type,
                                 ttype(rshape, v.dt), body), rshape, v.dt,
                                lo=lo, hi=hi)
        if which == "sum_max":
            v = self.choose(self.candidates(
                ctx, lambda v: is_float(v.dt) and v.shape and v.dt != "f16"))
            dims = sorted(self.reduce_dims(v))
            n = numel([v.shape[d] for d in dims])
            if n > 64 or n == 0:
                raise Skip()
            rshape = tuple(s for i, s in enumerate(v.shape) if i not in dims)
            z = self.identity(ctx, "add", v.dt, n)
            m = self.identity(ctx, "maximum", v.dt, n)
            sinfo = self.reduce_float_info("add", v, n)
            minfo = self.reduce_float_info("maximum", v, n)
            # The interpreter evaluates a region body in the element type, in
            # a tree: its own rounding adds to the bound.
            F = self.fi(v.dt)
            sinfo["ea"] = sinfo.get("ea", 0.0) + (
                0.0 if sinfo.get("isint") else F["u"] * v.mag * n * (n + 1))
            self.check_cap(v.dt, sinfo["lo"], sinfo["hi"])
            names = [ctx.new_name() for _ in range(6)]
            t = z.type
            body = ("{\n^bb0(%s: %s, %s: %s, %s: %s, %s: %s):\n"
                    "  %s = hlo.add %s, %s : %s\n"
                    "  %s = hlo.maximum %s, %s : %s\n"
                    "  hlo.return %s, %s : %s, %s\n}" %
                    (names[0], t, names[1], t, names[2], t, names[3], t,
                     names[4], names[0], names[2], t,
                     names[5], names[3], names[1], t,
                     names[4], names[5], t, t))
            r = ctx.new_name()
            rt = ttype(rshape, v.dt)
            ctx.emit("%s:2 = hlo.reduce(%s init %s), (%s init %s) dims = %s "
                     ": (%s, %s, %s, %s) -> (%s, %s) %s" %
                     (r, v.name, z.name, v.name, m.name, dims, v.type,
                      v.type, t, t, rt, rt, body))
            self.nops += 1
            ctx.add(Val(r + "#0", rshape, v.dt, **sinfo))
            return ctx.add(Val(r + "#1", rshape, v.dt, **minfo))
        # arg-max / arg-min with ties to the smaller index
        # (A row of NaN only would give the -inf init value.)
        v = self.choose(self.candidates(
            ctx, lambda v: v.exact and v.dt != "i1" and v.shape and
            not v.empty() and not v.nan))
        d = self.rng.randrange(len(v.shape))
        dims = [d] if self.chance(0.7) else sorted(self.reduce_dims(v))
        if not dims:
            dims = [d]
        if numel([v.shape[k] for k in dims]) == 0:
            raise Skip()
        itype = self.pick(["i32", "i64"])
        idx = self.iota(ctx, v.shape, itype)
        cmp = self.pick(["GT", "LT"])
        vi = self.identity(ctx, "maximum" if cmp == "GT" else "minimum",
                           v.dt, 1)
        ii = self.scalar_const(ctx, itype, int_range(itype)[1])
        rshape = tuple(s for i, s in enumerate(v.shape) if i not in dims)
        n = [ctx.new_name() for _ in range(11)]
        vt, it = vi.type, ii.type
        body = ("{\n^bb0(%(a)s: %(vt)s, %(ai)s: %(it)s, %(e)s: %(vt)s, "
                "%(ei)s: %(it)s):\n"
                "  %(b)s = hlo.compare %(cmp)s, %(e)s, %(a)s : %(vt)s\n"
                "  %(s)s = hlo.compare EQ, %(e)s, %(a)s : %(vt)s\n"
                "  %(f)s = hlo.compare LT, %(ei)s, %(ai)s : %(it)s\n"
                "  %(t)s = hlo.and %(s)s, %(f)s : tensor<i1>\n"
                "  %(k)s = hlo.or %(b)s, %(t)s : tensor<i1>\n"
                "  %(m)s = hlo.select %(k)s, %(e)s, %(a)s : tensor<i1>, "
                "%(vt)s\n"
                "  %(mi)s = hlo.select %(k)s, %(ei)s, %(ai)s : tensor<i1>, "
                "%(it)s\n"
                "  hlo.return %(m)s, %(mi)s : %(vt)s, %(it)s\n}" %
                dict(a=n[0], ai=n[1], e=n[2], ei=n[3], b=n[4], s=n[5],
                     f=n[6], t=n[7], k=n[8], m=n[9], mi=n[10], vt=vt, it=it,
                     cmp=cmp))
        r = ctx.new_name()
        ctx.emit("%s:2 = hlo.reduce(%s init %s), (%s init %s) dims = %s : "
                 "(%s, %s, %s, %s) -> (%s, %s) %s" %
                 (r, v.name, vi.name, idx.name, ii.name, dims, v.type,
                  idx.type, vt, it, ttype(rshape, v.dt),
                  ttype(rshape, itype), body))
        self.nops += 1
        vinfo = self.copy_info(v)
        ctx.add(Val(r + "#0", rshape, v.dt, **vinfo))
        return ctx.add(Val(r + "#1", rshape, itype, lo=idx.lo,
                           hi=int_range(itype)[1]))

    # ------------------------------------------------------- dot_general
    def gen_dot(self, ctx):
        a = self.choose(self.candidates(ctx, lambda v: v.dt != "i1" and
                                        len(v.shape) >= 1))
        how = self.pick(["pool", "transpose", "matrix"])
        b = None
        if how == "pool":
            found = self.candidates(ctx, lambda v: v.dt == a.dt and
                                    len(v.shape) >= 1 and v is not a and
                                    set(v.shape) & set(a.shape))
            if found:
                b = self.choose(found)
        if b is None and how == "transpose" and len(a.shape) >= 2:
            perm = list(range(len(a.shape)))
            self.rng.shuffle(perm)
            b = self.transpose(ctx, a, perm)
        if b is None:
            # a new operand sharing one or two of a's dimensions
            k = self.rng.randint(1, min(2, len(a.shape)))
            shared = self.rng.sample(list(a.shape), k)
            shape = shared + [self.rand_dim() for _ in
                              range(self.rng.randint(0, 1))]
            self.rng.shuffle(shape)
            b = self.operand(ctx, tuple(shape), a.dt)
        pairs = [(i, j) for i in range(len(a.shape))
                 for j in range(len(b.shape)) if a.shape[i] == b.shape[j]]
        self.rng.shuffle(pairs)
        batch, contract, used_a, used_b = [], [], set(), set()
        for i, j in pairs:
            if i in used_a or j in used_b:
                continue
            r = self.rng.random()
            if r < 0.25 and len(batch) < 2:
                batch.append((i, j))
            elif r < 0.8 and len(contract) < 2:
                contract.append((i, j))
            else:
                continue
            used_a.add(i)
            used_b.add(j)
        rshape = [a.shape[i] for i, _ in batch]
        rshape += [s for i, s in enumerate(a.shape) if i not in used_a]
        rshape += [s for j, s in enumerate(b.shape) if j not in used_b]
        if len(rshape) > 4 or numel(rshape) > 1024:
            raise Skip()
        K = numel([a.shape[i] for i, _ in contract])
        info = self.dot_info(a, b, K)
        if (not batch and len(contract) == 1 and len(a.shape) <= 2 and
                len(b.shape) <= 2 and contract[0] == (len(a.shape) - 1, 0)
                and self.chance(0.4)):
            text = mt.dot(a, b, ttype(rshape, a.dt))
        else:
            text = mt.dot_general(
                a, b, ([i for i, _ in batch], [j for _, j in batch]),
                ([i for i, _ in contract], [j for _, j in contract]),
                ttype(rshape, a.dt))
        return self.derived(ctx, text, tuple(rshape), a.dt, **info)

    def gen_product(self, ctx):
        """A matrix product sized around the CPU kernel's tiles: M and N off
        the 6 x 16 register tile (1 makes a matrix-vector product), K up to
        1000, each operand in either layout (transposed through its
        contracting dimension), an optional batch dimension anywhere."""
        dt = self.choose(self.candidates(ctx, lambda v: v.dt != "i1")).dt
        sizes = [(1, 2), (2, 1), (3, 2), (5, 1), (6, 1), (7, 1), (16, 1),
                 (17, 2), (33, 1)]
        m, n = self.weighted(sizes), self.weighted(sizes)
        k = self.weighted([(1, 1), (3, 1), (8, 1), (17, 2), (100, 1),
                           (1000, 1)])
        batch = self.weighted([(0, 3), (1, 1), (2, 1), (3, 1)])
        width = max(batch, 1)
        if width * m * n > 1024 or width * k * max(m, n) > 24000:
            raise Skip()

        def layout(free):
            dims = [("free", free), ("k", k)]
            self.rng.shuffle(dims)
            if batch:
                dims.insert(self.rng.randint(0, 2), ("batch", batch))
            return dims

        lhs_dims, rhs_dims = layout(m), layout(n)
        a = self.operand(ctx, [size for _, size in lhs_dims], dt)
        b = self.operand(ctx, [size for _, size in rhs_dims], dt,
                         avoid=a)

        def position(dims, role):
            return [i for i, (r, _) in enumerate(dims) if r == role]

        rshape = ([batch] if batch else []) + [m, n]
        text = mt.dot_general(
            a, b, (position(lhs_dims, "batch"), position(rhs_dims, "batch")),
            (position(lhs_dims, "k"), position(rhs_dims, "k")),
            ttype(rshape, dt))
        return self.derived(ctx, text, tuple(rshape), dt,
                            **self.dot_info(a, b, k))

    def dot_info(self, a, b, K):
        dt = a.dt
        if not is_float(dt):
            m = max(abs(a.lo), abs(a.hi)) * max(abs(b.lo), abs(b.hi)) * K
            lo, hi = self.clamp_int_interval(dt, -m, m)
            return dict(lo=lo, hi=hi)
        F = self.fi(dt)
        u = F["u"]
        m = K * a.mag * b.mag
        if K == 0:
            return dict(lo=0.0, hi=0.0, isint=True)
        if a.exact and b.exact and a.isint and b.isint and \
                m <= 2.0 ** F["mant"]:
            self.check_cap(dt, -m, m)
            return dict(lo=-m, hi=m, isint=True, nan=a.nan or b.nan)
        self.check_cap(dt, -m, m)
        ea = K * (a.mag * b.abserr() + b.mag * a.abserr()) + \
            u * a.mag * b.mag * K * (K + 1)
        return dict(lo=-m, hi=m, ea=ea, er=2 * u, nan=a.nan or b.nan)

    # ------------------------------------------------------------ fusion
    def gen_fusion(self, ctx):
        seed_val = self.choose(self.candidates(ctx, lambda v: True))
        shape = seed_val.shape
        inputs = [seed_val]
        for _ in range(self.rng.randint(0, 2)):
            found = self.candidates(ctx, lambda v: v.shape == shape and
                                    v not in inputs)
            if found:
                inputs.append(self.choose(found))
        kind = "input" if (shape and self.chance(0.3)) else "loop"
        inner = Ctx(self, indent="  ")
        args = []
        for v in inputs:
            name = self.new_name()
            inner.add(Val(name, v.shape, v.dt, **{
                k: getattr(v, k) for k in ("lo", "hi", "nan", "ea", "er",
                                           "isint")}))
            args.append("%s: %s" % (name, v.type))
        steps = self.rng.randint(2, 5)
        made = 0
        tries = 0
        while made < steps and tries < 40:
            tries += 1
            gen = self.weighted([(self.gen_unary, 3), (self.gen_binary, 4),
                                 (self.gen_compare, 1), (self.gen_select, 1),
                                 (self.gen_clamp, 1), (self.gen_convert, 1)])
            saved = (list(inner.lines), list(inner.pool), self.nops)
            try:
                gen(inner)
                made += 1
            except Skip:
                inner.lines, inner.pool, self.nops = saved
        new_vals = inner.pool[len(inputs):]
        if not new_vals:
            raise Skip()
        yields = [new_vals[-1]]
        if kind == "input":
            src = self.candidates(inner, lambda v: v.shape == shape and
                                  (is_float(v.dt) or is_int(v.dt)) and
                                  v.dt != "f16")
            if not src:
                raise Skip()
            v = src[-1]
            rk = "add" if is_float(v.dt) else self.pick(["add", "maximum"])
            if is_float(v.dt):
                rk = self.pick(["add", "maximum", "minimum"])
            dims = self.reduce_dims(v)
            n = numel([v.shape[d] for d in dims])
            if rk == "add" and n > 64:
                rk = "maximum"
            yields = [self.reduce(inner, v, rk, dims)]
        if len(new_vals) > 1 and self.chance(0.4):
            other = self.pick(new_vals[:-1])
            if other not in yields:
                yields.append(other)
        r = self.new_name()
        types_in = ", ".join(v.type for v in inputs)
        types_out = ", ".join(v.type for v in yields)
        if len(yields) > 1:
            head = "%s:%d" % (r, len(yields))
            rt = "(%s)" % types_out
        else:
            head = r
            rt = types_out
        ctx.emit("%s = hlo.fusion %s(%s) : (%s) -> %s {" %
                 (head, kind, ", ".join(v.name for v in inputs), types_in,
                  rt))
        ctx.emit("^bb0(%s):" % ", ".join(args))
        ctx.lines += inner.lines
        ctx.emit("  hlo.yield %s : %s" % (", ".join(v.name for v in yields),
                                          types_out))
        ctx.emit("}")
        self.nops += 1
        out = None
        for i, y in enumerate(yields):
            name = "%s#%d" % (r, i) if len(yields) > 1 else r
            info = {k: getattr(y, k) for k in ("lo", "hi", "nan", "ea", "er",
                                               "isint")}
            out = ctx.add(Val(name, y.shape, y.dt, depth=y.depth + 1, **info))
        return out

    # ---------------------------------------------------------- function
    def op_table(self):
        return [(gen, weight) for gen, weight in self.all_ops()
                if gen.__name__[len("gen_"):] not in WITHOUT]

    def all_ops(self):
        return [
            (self.gen_unary, 8), (self.gen_binary, 10), (self.gen_compare, 2),
            (self.gen_quantize, 1), (self.gen_nan_source, 0.7),
            (self.gen_select, 2), (self.gen_clamp, 1.5),
            (self.gen_convert, 2), (self.gen_broadcast, 2),
            (self.gen_reshape, 1.5), (self.gen_transpose, 1.5),
            (self.gen_slice, 1.5), (self.gen_pad, 1),
            (self.gen_concatenate, 1), (self.gen_reverse, 1),
            (self.gen_iota, 0.5), (self.gen_constant, 0.5),
            (self.gen_reduce, 3), (self.gen_reduce_general, 1),
            (self.gen_dot, 2.5), (self.gen_product, 1.5),
            (self.gen_dynamic_slice, 1),
            (self.gen_dynamic_update_slice, 1), (self.gen_fusion, 1.5),
            (self.gen_sort, 0.8), (self.gen_topk, 0.5),
            (self.gen_unsigned, 0.8), (self.gen_rng_bits, 0.4),
        ]

    def generate(self):
        ctx = Ctx(self)
        nargs = self.rng.randint(1, 3)
        args = []
        # Most arguments have the program's main type.
        theme = self.weighted([("f32", 10), ("f64", 2), ("f16", 2),
                               ("i32", 3), ("i64", 1), ("i8", 2),
                               ("i1", 0.5)])
        for i in range(nargs):
            dt = theme if (i == 0 or self.chance(0.6)) else \
                self.rand_dtype()
            if i == nargs - 1 and nargs > 1 and self.chance(0.3):
                # an offset-like scalar integer argument
                dt, shape = self.pick(["i32", "i64"]), ()
            else:
                shape = self.rand_shape()
            v = self.arg_val("%%arg%d" % i, shape, dt)
            args.append(v)
            ctx.add(v)
        target = self.rng.randint(3, 15)
        table = self.op_table()
        tries = 0
        while self.nops < target and tries < 200:
            tries += 1
            gen = self.weighted(table)
            saved = (list(ctx.lines), list(ctx.pool), self.nops,
                     self.names.next)
            try:
                gen(ctx)
            except Skip:
                ctx.lines, ctx.pool, self.nops, self.names.next = saved
        results = self.pick_results(ctx, args)
        return (mt.function(self.name, args, ctx.lines, results),
                len(results))

    # ----------------------------------------------------------- results
    def scale_needed(self, v):
        """The k such that v * 2^-k is within the safe error bound, or None."""
        if not is_float(v.dt) or v.exact:
            return 0
        F = self.fi(v.dt)
        for k in range(0, 40):
            s = 2.0 ** -k
            ok = True
            for a in (v.minabs, v.mag):
                err = (v.ea + v.er * a) * s
                if err > SAFETY * (F["atol"] + F["rtol"] * a * s):
                    ok = False
            if ok:
                return k
        return None

    def pick_results(self, ctx, args):
        """1 or 2 results: mostly the deepest values that nothing uses, so
        that most of the program is live."""
        used = set()
        for line in ctx.lines:
            if " = " in line:
                used.update(re.findall(r"%\w+(?:#\d+)?",
                                       line.split(" = ", 1)[1]))
        cands = [v for v in ctx.pool if v not in args and not v.const]
        sinks = [v for v in cands if v.name not in used]
        order = sorted(sinks, key=lambda v: -v.depth) + sorted(
            [v for v in cands if v.name in used], key=lambda v: -v.depth)
        if not order:
            order = list(ctx.pool)
        count = 1 if self.chance(0.25) else 2
        results = []
        for v in order:
            if len(results) == count:
                break
            if self.chance(0.15):
                continue
            k = self.scale_needed(v)
            if k is None or (v.dt == "f16" and k > 8):
                continue
            if k > 0 and v.mag * 2.0 ** -k < 100 * self.fi(v.dt)["atol"]:
                continue  # scaled so far down that errors would hide
            if k > 0:
                c = self.constant(ctx, v.shape, v.dt, splat=2.0 ** -k)
                v = self.derived(ctx, mt.same_type("multiply", v, c), v.shape,
                                 v.dt, lo=v.lo * 2.0 ** -k,
                                 hi=v.hi * 2.0 ** -k)
            results.append(v)
        if not results:
            # An exact value (the arguments are).
            results.append([v for v in ctx.pool if v.exact][-1])
        return results


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------

def generate_function(seed, index):
    return Gen(seed, index).generate()


def batches(seed, count, per_file):
    """[(file index, [function indices])]"""
    out = []
    for start in range(0, count, per_file):
        out.append((start // per_file,
                    list(range(start, min(count, start + per_file)))))
    return out


def file_text(seed, indices):
    parts = ["// Generated by utils/fuzz/hlo_fuzz.py, seed %d, functions "
             "%d-%d." % (seed, indices[0], indices[-1]),
             "// Run: fuse-run FILE --all-entries --random-inputs=%d --check"
             % seed, ""]
    for i in indices:
        text, _ = generate_function(seed, i)
        parts.append(text)
    return "\n".join(parts)


def cmd_generate(args):
    os.makedirs(args.out, exist_ok=True)
    for k, indices in batches(args.seed, args.count, args.functions_per_file):
        path = os.path.join(args.out, "fuzz_%d_%03d.mlir" % (args.seed, k))
        with open(path, "w") as f:
            f.write(file_text(args.seed, indices))
    print("hlo_fuzz: wrote %d programs to %s" % (args.count, args.out))
    return 0


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

RESULT_RE = re.compile(r"^@(\w+) result (\d+): (ok|MISMATCH)", re.M)


def run(cmd, timeout):
    """(exit code, or mt.TIMED_OUT, and all that the tool printed)."""
    result = mt.run_tool(cmd, timeout)
    return result.returncode, result.stdout + result.stderr


def transform(args, path):
    """Applies --fuse-opt-arg passes to the file at `path`; returns the path
    to run and, on failure, fuse-opt's exit code and output."""
    if not args.fuse_opt_arg:
        return path, 0, ""
    out_path = path[:-len(".mlir")] + ".opt.mlir"
    rc, out = run([args.fuse_opt, path, "-o", out_path] + args.fuse_opt_arg,
                  args.timeout)
    return out_path, rc, ("fuse-opt: " + out if rc != 0 else "")


def run_checked(args, path, run_args):
    """fuse-opt (if asked) then fuse-run on one file."""
    path, rc, out = transform(args, path)
    if rc != 0:
        return rc, out
    return run([args.fuse_run, path] + run_args, args.timeout)


def check_file(args, tmpdir, k, indices):
    """Runs one file; returns (ok names, {failed name: (text, output)})."""
    text = file_text(args.seed, indices)
    path = os.path.join(tmpdir, "fuzz_%d_%03d.mlir" % (args.seed, k))
    with open(path, "w") as f:
        f.write(text)
    mode = ("--interpret" if args.interpret_only else
            "--check=f64" if args.check_f64 else "--check")
    extra = list(args.fuse_run_arg or [])
    rc, out = run_checked(args, path, ["--all-entries",
                                       "--random-inputs=%d" % args.seed,
                                       mode] + extra)
    funcs = mt.split_functions(text)
    names = list(funcs)
    if rc == 0:
        return names, {}
    # Which functions failed: the MISMATCH lines name them; without them
    # (a crash, a compile error), re-run every function alone.
    bad = {m.group(1) for m in RESULT_RE.finditer(out)
           if m.group(3) == "MISMATCH"}
    suspects = sorted(bad) if (rc == 1 and bad) else names
    ok, failed = [], {}
    for name in names:
        if name not in suspects:
            ok.append(name)
            continue
        single = os.path.join(tmpdir, "%s.mlir" % name)
        with open(single, "w") as f:
            f.write(funcs[name] + "\n")
        rc1, out1 = run_checked(args, single, ["--entry=" + name,
                                               "--random-inputs=%d" % args.seed,
                                               mode] + extra)
        if rc1 == 0:
            ok.append(name)
        else:
            failed[name] = (funcs[name], "exit %s: %s" % (rc1, out1.strip()))
    if not failed:
        # The file failed but no function fails alone: report the file.
        failed["file %d" % k] = (text, "exit %s: %s" % (rc, out.strip()))
    return ok, failed


def cmd_check(args):
    if args.long and args.count == 300:
        args.count = 5000
    tmpdir = tempfile.mkdtemp(prefix="hlo_fuzz_")
    jobs = batches(args.seed, args.count, args.functions_per_file)
    nok, failures = 0, {}
    try:
        with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
            futures = [pool.submit(check_file, args, tmpdir, k, idx)
                       for k, idx in jobs]
            for fut in futures:
                ok, failed = fut.result()
                nok += len(ok)
                failures.update(failed)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    for name in sorted(failures):
        text, out = failures[name]
        print("hlo_fuzz: FAILED %s" % name)
        print(text)
        print("// fuse-run output:")
        for line in out.splitlines()[:60]:
            print("//   " + line)
        print()
        if args.keep_failures:
            os.makedirs(args.keep_failures, exist_ok=True)
            fname = re.sub(r"\W", "_", name) + ".mlir"
            with open(os.path.join(args.keep_failures, fname), "w") as f:
                f.write("// hlo_fuzz failure; reproduce with\n//   %sfuse-run "
                        "FILE --all-entries --random-inputs=%d %s %s\n"
                        % ("fuse-opt %s FILE | " % " ".join(args.fuse_opt_arg)
                           if args.fuse_opt_arg else "",
                           args.seed,
                           "--check=f64" if args.check_f64 else "--check",
                           " ".join(args.fuse_run_arg or [])))
                for line in out.splitlines()[:60]:
                    f.write("// " + line + "\n")
                f.write(text + "\n")
    nfail = len(failures)
    print("hlo_fuzz: %d programs, %d ok, %d failed" % (args.count, nok,
                                                       nfail))
    return 1 if nfail else 0


def verify_one(fuse_opt, seed, index):
    text, _ = generate_function(seed, index)
    p = mt.run_tool([fuse_opt, "-", "-o", os.devnull], stdin=text)
    return index, p.returncode, p.stderr, text


def cmd_verify(args):
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futs = []
        for _, indices in batches(args.seed, args.count,
                                  args.functions_per_file):
            futs.append(pool.submit(verify_batch, args.fuse_opt, args.seed,
                                    indices))
        for fut in futs:
            for index, rc, err, text in fut.result():
                if rc != 0:
                    bad += 1
                    print("hlo_fuzz: @p%d_%d does not verify:\n%s\n%s" %
                          (args.seed, index, err.strip(), text))
    print("hlo_fuzz: %d programs, %d verify, %d do not" %
          (args.count, args.count - bad, bad))
    return 1 if bad else 0


def verify_batch(fuse_opt, seed, indices):
    text = file_text(seed, indices)
    p = mt.run_tool([fuse_opt, "-", "-o", os.devnull], stdin=text)
    if p.returncode == 0:
        return [(i, 0, "", "") for i in indices]
    return [verify_one(fuse_opt, seed, i) for i in indices]


# Op families (op_table's generator names without "gen_") left out of the
# programs, e.g. sort and topk for a target that does not compile them.
WITHOUT = set()


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Random hlo programs, compiled and interpreted.")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p):
        mt.seed_arguments(p, count=300)
        p.add_argument("--functions-per-file", type=int, default=25,
                       help="functions per generated file")
        p.add_argument("-j", type=int, default=os.cpu_count() or 4,
                       help="files run at once")
        p.add_argument("--without", default="", metavar="FAMILIES",
                       help="op families to leave out, comma-separated "
                       "(generator names: sort,topk,...)")

    g = sub.add_parser("generate", help="write programs to a directory")
    common(g)
    g.add_argument("--out", required=True, help="the directory to write")
    c = sub.add_parser("check", help="run programs through fuse-run --check")
    common(c)
    mt.add_tool_arguments(c, "fuse-run", "fuse-opt", timeout=180)
    c.add_argument("--keep-failures", metavar="DIR",
                   help="write each failing function to DIR/<name>.mlir")
    c.add_argument("--long", action="store_true",
                   help="5000 programs unless --count says otherwise")
    c.add_argument("--interpret-only", action="store_true",
                   help="run fuse-run --interpret instead of --check")
    c.add_argument("--check-f64", action="store_true",
                   help="run fuse-run --check=f64: compiled code against "
                   "the program computed in float64, held to the same "
                   "error bounds (they bound any correct implementation's "
                   "distance from exact arithmetic)")
    c.add_argument("--fuse-run-arg", action="append", metavar="ARG",
                   help="pass ARG to fuse-run too (repeatable), e.g. "
                   "--fuse-run-arg=--pipeline-options=parallel=0")
    c.add_argument("--fuse-opt-arg", action="append", metavar="ARG",
                   help="transform each file with fuse-opt and these "
                   "arguments first (repeatable), e.g. "
                   "--fuse-opt-arg=--fuse-elementwise")
    v = sub.add_parser("verify", help="parse and verify with fuse-opt")
    common(v)
    mt.add_tool_arguments(v, "fuse-opt")
    args = ap.parse_args(argv)
    WITHOUT.update(f for f in args.without.split(",") if f)
    if args.cmd == "generate":
        return cmd_generate(args)
    if args.cmd == "check":
        args.fuse_run = mt.find_tool(ap, args.fuse_run)
        if args.fuse_opt_arg:
            args.fuse_opt = mt.find_tool(ap, args.fuse_opt)
        return cmd_check(args)
    args.fuse_opt = mt.find_tool(ap, args.fuse_opt)
    return cmd_verify(args)


if __name__ == "__main__":
    sys.exit(main())
