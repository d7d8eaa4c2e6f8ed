"""The generator's core: randomness, arguments and derived values,
constants, operands, shape helpers, conversions and float helpers."""

import math
import random

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo import hlo_text as ht
from fuse_hlo.hlo_text import tensor_type as ttype
from hlo_values import (FINFO, Skip, Val, fmt_float, int_range, is_float,
                         is_int, numel)


class GenBase:
    """What every op family builds on: randomness, values, constants,
    operands, shapes, conversions and float helpers."""

    def __init__(self, seed, index):
        self.rng = random.Random("hlo_fuzz:%d:%d" % (seed, index))
        self.name = "p%d_%d" % (seed, index)
        self.names = ht.Names("", 0)
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
            v = self.derived(ctx, ht.constant(body, ttype(shape, dt)), shape,
                             dt, lo=float(lo), hi=float(hi), isint=isint)
            if len(vals) == 1 and vals[0] != 0 and "0x" not in body:
                m, e = math.frexp(abs(vals[0]))
                if m == 0.5 and -8 <= e - 1 <= 8:
                    v.pow2 = e - 1
            return v
        lo = min(vals) if vals else 0
        hi = max(vals) if vals else 0
        return self.derived(ctx, ht.constant(body, ttype(shape, dt)), shape,
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
        return self.derived(ctx, ht.to_type("reshape", v, ttype(shape, v.dt)),
                            shape, v.dt, **self.copy_info(v))

    def broadcast(self, ctx, v, shape, dims=None):
        if dims is None:
            dims = self.bcast_dims(v.shape, shape)
            if dims is None:
                raise Skip()
        return self.derived(ctx, ht.to_type("broadcast_in_dim", v,
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
        return self.derived(ctx, ht.iota(d, ttype(shape, dt)), shape, dt,
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
        text = ht.to_type("convert", v, ttype(v.shape, dt))
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
            return self.derived(ctx, ht.clamp(lo, v, hi), v.shape, v.dt,
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
