"""Shape ops (broadcast, reshape, transpose, slice, pad, concatenate,
reverse, dynamic slices), sorts and top-k, random bits, unsigned chains,
iota and constants."""

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo import hlo_text as ht
from fuse_hlo.hlo_text import tensor_type as ttype
from hlo_values import (IBITS, Skip, Val, WITHOUT, int_range, is_float, is_int,
                         numel)


class ShapeOps:
    """Shape ops, sorts and top-k, random bits, unsigned chains, iota and
    constants."""

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
        return self.derived(ctx, ht.to_type("transpose", v,
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
        return self.derived(ctx, ht.slice_(v, st, li, sd, ttype(shape, v.dt)),
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
        return self.derived(ctx, ht.pad(v, p, lo, hi, it, ttype(shape, v.dt)),
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
        return self.derived(ctx, ht.concatenate(dim, parts,
                                                ttype(shape, v.dt)),
                            tuple(shape), v.dt, **inf)

    def gen_reverse(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        dims = sorted(self.rng.sample(range(len(v.shape)),
                                      self.rng.randint(1, len(v.shape))))
        if self.chance(0.3):
            self.rng.shuffle(dims)
        return self.derived(ctx, ht.same_type("reverse", v, dims=dims),
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
        # The comparator's arguments: %l<i> and %r<i> of each input.
        sides = [[ht.Value("%%%s%d" % (side, i), t) for side in "lr"]
                 for i, t in enumerate(scalars)]
        direction = self.pick(["LT", "GT"])
        kind = self.weighted([("key", 3), ("ieee", 1), ("two_keys", 1)])
        if kind == "ieee" and not is_float(key.dt):
            kind = "key"
        if kind == "two_keys" and len(inputs) == 1:
            kind = "key"
        body = ht.Block()
        total = "TOTALORDER" if is_float(key.dt) else None
        if kind == "key":
            before = body.let("%before", ht.compare(direction, *sides[k],
                                                    total))
        elif kind == "ieee":
            before = body.let("%before", ht.compare(direction, *sides[k]))
        else:
            j = (k + 1) % len(inputs)
            if not inputs[j].exact or inputs[j].nan:
                raise Skip()
            first = body.let("%first", ht.compare(direction, *sides[k],
                                                  total))
            tie = body.let("%tie", ht.compare("EQ", *sides[k], total))
            second = body.let("%second", ht.compare(
                "LT", *sides[j],
                "TOTALORDER" if is_float(inputs[j].dt) else None))
            both = body.let("%both", ht.same_type("and", tie, second))
            before = body.let("%before", ht.same_type("or", first, both))
        stable = self.chance(0.8)
        result = ctx.new_name()
        count = len(inputs)
        head = result if count == 1 else "%s:%d" % (result, count)
        ctx.emit("%s = %s" % (head, ht.sort(
            inputs, dim, stable,
            ht.region([x for pair in sides for x in pair], body, [before]))))
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
        largest = self.chance(0.7)
        shape = v.shape[:-1] + (k,)
        values, indices = ctx.new_name(), ctx.new_name()
        ctx.emit("%s, %s = %s" % (values, indices, ht.topk(v, k, largest)))
        self.nops += 1
        ctx.add(Val(indices, shape, "i32", 0, max(n - 1, 0)))
        return ctx.add(Val(values, shape, v.dt, **self.copy_info(v)))

    def gen_rng_bits(self, ctx):
        """rng_bit_generator from a constant state, then again from the
        state it returns: signless integers of the whole range."""
        algorithm = self.pick(["three_fry", "philox", "default"])
        words = 2 if algorithm == "three_fry" else self.pick([2, 3])
        state_type = ttype((words,), "ui64")
        state = ht.Value(ctx.new_name(), state_type)
        literal = "dense<[%s]>" % ", ".join(
            str(self.rng.randrange(1 << 64)) for _ in range(words))
        ctx.emit("%s = %s" % (state.name, ht.constant(literal, state_type)))
        dt = self.pick(["i8", "i16", "i32", "i64"])
        val = None
        for _ in range(self.rng.randint(1, 2)):
            shape = self.rand_shape(self.rng.randint(0, 3))
            next_state, bits = ctx.new_name(), ctx.new_name()
            ctx.emit("%s, %s = %s" % (next_state, bits, ht.rng_bit_generator(
                algorithm, state, ttype(shape, dt))))
            self.nops += 1
            state = ht.Value(next_state, state_type)
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
            return ht.Value(name, type_)

        def as_unsigned(val):
            return emit(ht.to_type("convert", val, utype))

        def unsigned_const(value, type_=utype):
            return emit(ht.constant("dense<%d>" % value, type_), type_)

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
                x = emit(ht.same_type(op, x, y))
            elif op == "power":
                e = unsigned_const(self.rng.randint(0, 5))
                x = emit(ht.same_type("power", x, e))
            elif op.startswith("shift"):
                amount = unsigned_const(self.rng.randint(0, bits + 1))
                x = emit(ht.same_type(op, x, amount))
            elif op in ("abs", "sign", "popcnt", "count_leading_zeros"):
                x = emit(ht.same_type(op, x))
            elif op == "compare":
                direction = self.pick(["LT", "LE", "GT", "GE", "EQ", "NE"])
                p = emit(ht.compare(direction, x, y), ttype(v.shape, "i1"))
                x = emit(ht.to_type("convert", p, utype))
            elif op == "clamp":
                scalar = ttype((), ut)
                lo = unsigned_const(self.rng.randint(0, 8), scalar)
                hi = unsigned_const((1 << bits) - self.rng.randint(1, 9),
                                    scalar)
                x = emit(ht.clamp(lo, x, hi))
            elif op == "through_f64":
                # Exact for 32 bits and below; u64 rounds, and back it
                # saturates, the same in every correct implementation.
                f = emit(ht.to_type("convert", x, ttype(v.shape, "f64")),
                         ttype(v.shape, "f64"))
                x = emit(ht.to_type("convert", f, utype))
            else:
                dim = self.rng.randrange(len(v.shape))
                a, b = (ht.Value(name, ttype((), ut)) for name in ("%a", "%b"))
                body = ht.Block()
                lt = body.let("%lt", ht.compare(self.pick(["LT", "GT"]), a, b))
                x = emit(ht.sort([x], dim, True,
                                 ht.region([a, b], body, [lt])))
        lo, hi = int_range(v.dt)
        return self.derived(ctx, ht.to_type("convert", x, v.type), v.shape,
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
        return self.derived(ctx, ht.dynamic_slice(v, offs, sizes,
                                                  ttype(sizes, v.dt)),
                            tuple(sizes), v.dt, **self.copy_info(v))

    def gen_dynamic_update_slice(self, ctx):
        v = self.choose(self.candidates(ctx, lambda v: len(v.shape) >= 1))
        ushape = tuple(self.rng.randint(0, d) if self.chance(0.15) else
                       self.rng.randint(min(1, d), d) for d in v.shape)
        upd = self.operand(ctx, ushape, v.dt)
        itype = self.pick(["i32", "i64"])
        offs = [self.offset(ctx, itype) for _ in v.shape]
        info = self.merge_info(v, upd)
        return self.derived(ctx, ht.dynamic_update_slice(v, offs, upd),
                            v.shape, v.dt, **info)
