"""Products: dot and dot_general, with their error bounds."""

import source_tree  # noqa: F401  (fuse_hlo from this tree)
from fuse_hlo import hlo_text as ht
from fuse_hlo.hlo_text import tensor_type as ttype
from hlo_values import (Skip, is_float, numel)


class ProductOps:
    """Products: dot and dot_general, with their error bounds."""

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
            text = ht.dot(a, b, ttype(rshape, a.dt))
        else:
            text = ht.dot_general(
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
        text = ht.dot_general(
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
