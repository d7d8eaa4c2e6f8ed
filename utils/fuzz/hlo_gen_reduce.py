"""Reductions: by one op, and general ones (several inputs, any body)."""

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo import hlo_text as ht
from fuse_hlo.hlo_text import tensor_type as ttype
from hlo_values import (Skip, Val, int_range, is_float, is_int, numel)


class ReductionOps:
    """Reductions: by one op, and general ones (several inputs, any body)."""

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
            a = ht.Value(ctx.new_name(), init.type)
            e = ht.Value(ctx.new_name(), init.type)
            body = ht.Block()
            s = body.let(ctx.new_name(), ht.same_type(
                kind, *((e, a) if self.chance(0.5) else (a, e))))
            text = ht.reduce_region([v], [init], dims, [ttype(rshape, dt)],
                                    ht.region([a, e], body, [s]))
        else:
            text = ht.reduce(kind, v, init, dims, ttype(rshape, dt))
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
            a = ht.Value(ctx.new_name(), init.type)
            e = ht.Value(ctx.new_name(), init.type)
            body = ht.Block()
            x = body.let(ctx.new_name(), ht.same_type("xor", a, e))
            lo, hi = int_range(v.dt)
            return self.derived(ctx, ht.reduce_region(
                [v], [init], dims, [ttype(rshape, v.dt)],
                ht.region([a, e], body, [x])), rshape, v.dt, lo=lo, hi=hi)
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
            t = z.type
            # The arguments: the sum's and the maximum's accumulators, then
            # their elements.
            acc, accm, e, em = (ht.Value(ctx.new_name(), t) for _ in range(4))
            body = ht.Block()
            total = body.let(ctx.new_name(), ht.same_type("add", acc, e))
            largest = body.let(ctx.new_name(),
                               ht.same_type("maximum", em, accm))
            r = ctx.new_name()
            rt = ttype(rshape, v.dt)
            ctx.emit("%s:2 = %s" % (r, ht.reduce_region(
                [v, v], [z, m], dims, [rt, rt],
                ht.region([acc, accm, e, em], body, [total, largest]))))
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
        vt, it = vi.type, ii.type
        a, ai, e, ei = (ht.Value(ctx.new_name(), t) for t in (vt, it, vt, it))
        body = ht.Block()
        better = body.let(ctx.new_name(), ht.compare(cmp, e, a))
        same = body.let(ctx.new_name(), ht.compare("EQ", e, a))
        first = body.let(ctx.new_name(), ht.compare("LT", ei, ai))
        tie = body.let(ctx.new_name(), ht.same_type("and", same, first))
        take = body.let(ctx.new_name(), ht.same_type("or", better, tie))
        m = body.let(ctx.new_name(), ht.select(take, e, a))
        mi = body.let(ctx.new_name(), ht.select(take, ei, ai))
        r = ctx.new_name()
        ctx.emit("%s:2 = %s" % (r, ht.reduce_region(
            [v, idx], [vi, ii], dims, [ttype(rshape, v.dt),
                                       ttype(rshape, itype)],
            ht.region([a, ai, e, ei], body, [m, mi]))))
        self.nops += 1
        vinfo = self.copy_info(v)
        ctx.add(Val(r + "#0", rshape, v.dt, **vinfo))
        return ctx.add(Val(r + "#1", rshape, itype, lo=idx.lo,
                           hi=int_range(itype)[1]))
