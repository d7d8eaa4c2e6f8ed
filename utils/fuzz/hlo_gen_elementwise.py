"""Elementwise ops: unary and binary math, compare, select, clamp,
quantization, NaN sources and conversions."""

import math

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo import hlo_text as ht
from hlo_values import (FLOATS, Skip, int_range, is_float, is_int)


class ElementwiseOps:
    """Elementwise ops: math, compare, select, clamp, quantization, NaN
    sources and conversions."""

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
        return self.derived(ctx, ht.same_type(name, v), v.shape, dt, **info)

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
            return self.derived(ctx, ht.same_type("is_finite", v), v.shape,
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
            return self.derived(ctx, ht.same_type("not", v), v.shape, dt, lo=0,
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
        return self.derived(ctx, ht.same_type(op, v), v.shape, dt, lo=lo,
                            hi=hi)

    # ------------------------------------------------------- binary ops
    def binary(self, ctx, op, a, b):
        """Emits a binary elementwise op of two values of one type."""
        assert a.type == b.type, (a.type, b.type)
        dt = a.dt
        text = ht.same_type(op, a, b)
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
        return self.derived(ctx, ht.compare(direction, a, b), a.shape, "i1",
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
        return self.derived(ctx, ht.select(p, a, b), a.shape, a.dt, **info)

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
        return self.derived(ctx, ht.clamp(lo, x, hi), x.shape, x.dt, **info)

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
            v = self.derived(ctx, ht.clamp(lo, v, hi), v.shape, v.dt,
                             lo=-100, hi=100)
            targets = [d for d in FLOATS + ("i32", "i64", "i8", "i1")
                       if self.can_convert(v, d)]
        return self.convert(ctx, v, self.pick(targets))
