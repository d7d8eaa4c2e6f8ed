"""Fusions: hlo.fusion ops around generated bodies."""

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo import hlo_text as ht
from hlo_values import Ctx, Skip, Val, is_float, is_int, numel


class FusionOps:
    """Fusions: hlo.fusion ops around generated bodies."""

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
            args.append(ht.Value(name, v.type))
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
        head = "%s:%d" % (r, len(yields)) if len(yields) > 1 else r
        ctx.emit("%s = %s" % (head, ht.fusion(
            kind, inputs, [v.type for v in yields],
            ht.region(args, inner.lines, yields, "hlo.yield"))))
        self.nops += 1
        out = None
        for i, y in enumerate(yields):
            name = "%s#%d" % (r, i) if len(yields) > 1 else r
            info = {k: getattr(y, k) for k in ("lo", "hi", "nan", "ea", "er",
                                               "isint")}
            out = ctx.add(Val(name, y.shape, y.dt, depth=y.depth + 1, **info))
        return out
