"""The workloads' hlo programs, generated at any size in the plain, unfused
ops a user (or a NumPy tracer) would write, and their tensor types."""

import re


from harness import import_fuse_hlo


# --------------------------------------------------------------------------
# Types and signatures
# --------------------------------------------------------------------------

TENSOR_RE = re.compile(r"tensor<[^<>]*>")


class TensorType:
    """A tensor type of a workload's program; `element` is one of
    fuse_hlo.ELEMENT_TYPES's names."""

    def __init__(self, shape, element):
        self.shape = tuple(shape)
        self.element = element
        self.text = "tensor<" + "".join(f"{d}x" for d in shape) + \
            element + ">"

    @classmethod
    def parse(cls, text):
        """From `tensor<2x3xf32>`."""
        *dims, element = text[len("tensor<"):-1].split("x")
        return cls((int(d) for d in dims), element)

    @property
    def count(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def nbytes(self):
        element_types = import_fuse_hlo().ELEMENT_TYPES
        if self.element not in element_types:
            raise ValueError(f"unsupported element type {self.element}")
        return self.count * element_types[self.element].itemsize

    def short(self):
        return "x".join([str(d) for d in self.shape] + [self.element])


def entry_signature(program, entry="main", fuse_run=None):
    """(input types, result types) of @entry of an hlo program (text), as
    the C API's fuseModuleGetSignature gives them."""
    fuse_hlo = import_fuse_hlo(fuse_run)
    names = {dtype: name for name, dtype in fuse_hlo.ELEMENT_TYPES.items()}
    return tuple([TensorType(shape, names[dtype]) for shape, dtype in types]
                 for types in fuse_hlo.signature(program, entry))


def describe_types(types):
    """'4096x4096xf32 x2' for two equal types, comma-separated otherwise."""
    groups = []
    for t in types:
        if groups and groups[-1][0] == t.text:
            groups[-1][2] += 1
        else:
            groups.append([t.text, t.short(), 1])
    return ", ".join(s + (f" x{n}" if n > 1 else "") for _, s, n in groups)


DOT_RE = re.compile(r"=\s*hlo\.(dot_general|dot)\s")
CONTRACTING_RE = re.compile(r"contracting_dims\s*=\s*\[([\d,\s]*)\]")


def dot_flops(text):
    """2 x the multiply-adds of every hlo.dot and hlo.dot_general of a
    program (result elements x contracted size): the work --dot-order and
    the distance rewrite change. Other ops are not counted."""
    total = 0
    # One statement per op, the continuation lines of a wrapped one joined.
    for statement in re.split(r"\n\s*(?=%|return\b|func\.func|})", text):
        match = DOT_RE.search(statement)
        if not match:
            continue
        types = [TensorType.parse(t) for t in TENSOR_RE.findall(statement)]
        lhs, result = types[0], types[-1]
        if match.group(1) == "dot":
            contracted = lhs.shape[-1]
        else:
            dims = CONTRACTING_RE.search(statement).group(1).split(",")
            contracted = 1
            for d in dims:
                contracted *= lhs.shape[int(d)]
        total += 2 * result.count * contracted
    return total

# --------------------------------------------------------------------------
# Workload programs: @main in the plain, unfused ops a user (or a NumPy
# tracer) would write, at any size; the passes are the variants' business.
# --------------------------------------------------------------------------


def _tensor(*dims, element="f32"):
    return TensorType(dims, element).text


def _main(arguments, results, body):
    """`func.func @main` of the (name, type) `arguments` and `results`."""
    types = [t for _, t in results]
    result_types = types[0] if len(types) == 1 else f"({', '.join(types)})"
    return (f"func.func @main({', '.join(f'{n}: {t}' for n, t in arguments)})"
            f" -> {result_types} {{\n{body}"
            f"  return {', '.join(n for n, _ in results)} : "
            f"{', '.join(types)}\n}}\n")


def _row_softmax(x, rows, cols, result):
    """Lines computing `result`, the softmax over the rows of the f32
    value `x`, max-shifted: e = exp(x - max(x, dim 1)), e / sum(e, dim 1)."""
    t, r = _tensor(rows, cols), _tensor(rows)
    return f"""\
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum({x} init %ninf) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : ({r}) -> {t}
  %shifted = hlo.subtract {x}, %maxb : {t}
  %e = hlo.exponential %shifted : {t}
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : ({r}) -> {t}
  {result} = hlo.divide %e, %sumb : {t}
"""


def _pair_distances(a, b, n, m, d, element, result):
    """Lines computing `result`, the n x m squared distances of the rows
    of `a` (n x d) and `b` (m x d), in the form a NumPy tracer gives
    ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1): n x m x d broadcasts, a
    subtraction, a square and a reduction over the features."""
    pairs, scalar = _tensor(n, m, d, element=element), f"tensor<{element}>"
    return f"""\
  %zero = hlo.constant dense<0.0> : {scalar}
  %ab = hlo.broadcast_in_dim {a}, dims = [0, 2]
      : ({_tensor(n, d, element=element)}) -> {pairs}
  %bb = hlo.broadcast_in_dim {b}, dims = [1, 2]
      : ({_tensor(m, d, element=element)}) -> {pairs}
  %diff = hlo.subtract %ab, %bb : {pairs}
  %sq = hlo.multiply %diff, %diff : {pairs}
  {result} = hlo.reduce add(%sq init %zero) dims = [2]
      : ({pairs}, {scalar}) -> {_tensor(n, m, element=element)}
"""


def running_example_program(n):
    """mean(x * x * 3 + y) of n x n f32 matrices (the structure of
    examples/running-example.mlir). Compulsory bytes: x and y read once,
    one f32 written."""
    t = _tensor(n, n)
    return _main([("%x", t), ("%y", t)], [("%mean", "tensor<f32>")], f"""\
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<{float(n * n)}> : tensor<f32>
  %xx = hlo.multiply %x, %x : {t}
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> {t}
  %xx3 = hlo.multiply %xx, %3 : {t}
  %sum = hlo.add %xx3, %y : {t}
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : ({t}, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
""")


def softmax_program(rows, cols):
    """Softmax over the rows (dim 1) of a rows x cols f32 matrix,
    max-shifted. Compulsory bytes: x read once, the result written once."""
    t = _tensor(rows, cols)
    return _main([("%x", t)], [("%result", t)],
                 _row_softmax("%x", rows, cols, "%result"))


def layer_norm_program(rows, cols):
    """Layer normalization of the rows of a rows x cols f32 matrix:
    c = x - mean(x, dim 1), var = mean(c * c, dim 1) (biased), result =
    c / sqrt(var + 1e-5) * gamma + beta, gamma and beta [cols] broadcast
    over the rows. Compulsory bytes: x, gamma and beta read once, the
    result written once."""
    t, r, c = _tensor(rows, cols), _tensor(rows), _tensor(cols)
    return _main([("%x", t), ("%gamma", c), ("%beta", c)], [("%result", t)],
                 f"""\
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<{float(cols)}> : {r}
  %eps = hlo.constant dense<1.0e-05> : {r}
  %sum = hlo.reduce add(%x init %zero) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %mean = hlo.divide %sum, %n : {r}
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : ({r}) -> {t}
  %c = hlo.subtract %x, %meanb : {t}
  %sq = hlo.multiply %c, %c : {t}
  %sqsum = hlo.reduce add(%sq init %zero) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %var = hlo.divide %sqsum, %n : {r}
  %vareps = hlo.add %var, %eps : {r}
  %std = hlo.sqrt %vareps : {r}
  %stdb = hlo.broadcast_in_dim %std, dims = [0] : ({r}) -> {t}
  %normed = hlo.divide %c, %stdb : {t}
  %gammab = hlo.broadcast_in_dim %gamma, dims = [1] : ({c}) -> {t}
  %betab = hlo.broadcast_in_dim %beta, dims = [1] : ({c}) -> {t}
  %scaled = hlo.multiply %normed, %gammab : {t}
  %result = hlo.add %scaled, %betab : {t}
""")


def add_program(n):
    """x + y of n x n f32 matrices: one elementwise op, the sanity check
    of the bound (two inputs read, one output written, like the triad
    kernel of bench/bandwidth.cpp)."""
    t = _tensor(n, n)
    return _main([("%x", t), ("%y", t)], [("%sum", t)],
                 f"  %sum = hlo.add %x, %y : {t}\n")


def product_program(lhs, rhs, contracting, batching=((), ()), element="f32"):
    """One hlo.dot_general of operands of the shapes `lhs` and `rhs`
    (contracting and batching dimensions as (lhs dims, rhs dims)): matrix
    products, A B^T, matrix-vector and batched products."""
    free = [[s for d, s in enumerate(shape)
             if d not in (*contracting[side], *batching[side])]
            for side, shape in enumerate((lhs, rhs))]
    a, b = _tensor(*lhs, element=element), _tensor(*rhs, element=element)
    result = _tensor(*[lhs[d] for d in batching[0]], *free[0], *free[1],
                     element=element)
    dims = (f"batching_dims = {list(batching[0])} x {list(batching[1])}, "
            if batching[0] else "")
    return _main([("%a", a), ("%b", b)], [("%0", result)], f"""\
  %0 = hlo.dot_general %a, %b, {dims}contracting_dims = \
{list(contracting[0])} x {list(contracting[1])} : ({a}, {b}) -> {result}
""")


def matrix_chain_program(n):
    """c = (A B) v with A and B n x n and v of n elements, f32, in the
    order written: a matrix-matrix product (n^3 multiply-adds, an n x n
    intermediate) then a matrix-vector one. --dot-order computes A (B v):
    two matrix-vector products, n times fewer multiply-adds."""
    t, v = _tensor(n, n), _tensor(n)
    return _main([("%a", t), ("%b", t), ("%v", v)], [("%c", v)], f"""\
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : ({t}, {t}) -> {t}
  %c = hlo.dot %ab, %v : ({t}, {v}) -> {v}
""")


def squared_distances_program(n, d):
    """The squared Euclidean distances between the rows of A and B (n x d
    f32 each) through n x n x d broadcasts. --algebraic-simplify computes
    |a_i|^2 + |b_j|^2 - 2 a_i . b_j: one matrix product and two row norms,
    nothing larger than the n x n result."""
    a = _tensor(n, d)
    return _main([("%a", a), ("%b", a)], [("%d", _tensor(n, n))],
                 _pair_distances("%a", "%b", n, n, d, "f32", "%d"))


def mlp_gelu_program(rows, features):
    """A dense layer: gelu(x W + b) with the tanh form of gelu, x rows x
    features, W features x features, f32 (fused, the epilogue runs per
    tile)."""
    t, w, b = _tensor(rows, features), _tensor(features, features), \
        _tensor(features)
    return _main([("%x", t), ("%w", w), ("%b", b)], [("%r", t)], f"""\
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : ({t}, {w}) -> {t}
  %bb = hlo.broadcast_in_dim %b, dims = [1] : ({b}) -> {t}
  %h = hlo.add %d, %bb : {t}
  %c0 = hlo.constant dense<0.5> : {t}
  %c1 = hlo.constant dense<1.0> : {t}
  %c2 = hlo.constant dense<0.7978845608> : {t}
  %c3 = hlo.constant dense<0.044715> : {t}
  %h2 = hlo.multiply %h, %h : {t}
  %h3 = hlo.multiply %h2, %h : {t}
  %t0 = hlo.multiply %c3, %h3 : {t}
  %t1 = hlo.add %h, %t0 : {t}
  %t2 = hlo.multiply %c2, %t1 : {t}
  %t3 = hlo.tanh %t2 : {t}
  %t4 = hlo.add %c1, %t3 : {t}
  %t5 = hlo.multiply %h, %t4 : {t}
  %r = hlo.multiply %c0, %t5 : {t}
""")


def attention_program(n, d):
    """An attention block: softmax(q k^T / 8) v, q, k, v n x d f32."""
    t, s = _tensor(n, d), _tensor(n, n)
    return _main([("%q", t), ("%k", t), ("%v", t)], [("%o", t)], f"""\
  %s = hlo.dot_general %q, %k, contracting_dims = [1] x [1]
      : ({t}, {t}) -> {s}
  %c = hlo.constant dense<0.125> : {s}
  %z = hlo.multiply %s, %c : {s}
{_row_softmax("%z", n, n, "%p")}\
  %o = hlo.dot_general %p, %v, contracting_dims = [1] x [0]
      : ({s}, {t}) -> {t}
""")


def sort_program(n):
    """jnp.sort of n f32 values, with JAX's comparator: NaN and zero made
    canonical, then a total order."""
    t = _tensor(n)
    return _main([("%x", t)], [("%sorted", t)], f"""\
  %sorted = hlo.sort(%x) dimension = 0, stable : {t} {{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %a_nan = hlo.compare NE, %a, %a : tensor<f32>
    %a_zero = hlo.compare EQ, %a, %zero : tensor<f32>
    %a0 = hlo.select %a_zero, %zero, %a : tensor<i1>, tensor<f32>
    %a1 = hlo.select %a_nan, %nan, %a0 : tensor<i1>, tensor<f32>
    %b_nan = hlo.compare NE, %b, %b : tensor<f32>
    %b_zero = hlo.compare EQ, %b, %zero : tensor<f32>
    %b0 = hlo.select %b_zero, %zero, %b : tensor<i1>, tensor<f32>
    %b1 = hlo.select %b_nan, %nan, %b0 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a1, %b1, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }}
""")


def digits_step_program(batch, pixels, classes):
    """One SGD step of softmax regression on sklearn's digits (the step of
    examples/python/softmax_regression.py): forward, gradient and update,
    f32. y holds the targets (one-hot in training; any values for
    timing)."""
    x, y = _tensor(batch, pixels), _tensor(batch, classes)
    w, b = _tensor(pixels, classes), _tensor(classes)
    return _main([("%x", x), ("%y", y), ("%w", w), ("%b", b)],
                 [("%w2", w), ("%b2", b)], f"""\
  %logits0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : ({x}, {w}) -> {y}
  %bb = hlo.broadcast_in_dim %b, dims = [1] : ({b}) -> {y}
  %logits = hlo.add %logits0, %bb : {y}
{_row_softmax("%logits", batch, classes, "%p")}\
  %diff = hlo.subtract %p, %y : {y}
  %scale = hlo.constant dense<0.0078125> : {y}
  %g = hlo.multiply %diff, %scale : {y}
  %gw = hlo.dot_general %x, %g, contracting_dims = [0] x [0]
      : ({x}, {y}) -> {w}
  %gb = hlo.reduce add(%g init %zero) dims = [0]
      : ({y}, tensor<f32>) -> {b}
  %lr = hlo.constant dense<0.5> : {w}
  %dw = hlo.multiply %gw, %lr : {w}
  %w2 = hlo.subtract %w, %dw : {w}
  %lrb = hlo.constant dense<0.5> : {b}
  %db = hlo.multiply %gb, %lrb : {b}
  %b2 = hlo.subtract %b, %db : {b}
""")


def kernel_vector_program(n, m, d, element="f64"):
    """r = K(X, Y) v with the squared-exponential kernel
    K_ij = exp(-|x_i - y_j|^2 / 2); X: n x d, Y: m x d, v: m x 1. The
    kernel matrix K (n x m) is what --split-tensors cuts into slices."""
    x, y = _tensor(n, d, element=element), _tensor(m, d, element=element)
    v, r = _tensor(m, 1, element=element), _tensor(n, 1, element=element)
    kernel, scalar = _tensor(n, m, element=element), f"tensor<{element}>"
    return _main([("%x", x), ("%y", y), ("%v", v)], [("%r", r)], f"""\
{_pair_distances("%x", "%y", n, m, d, element, "%d2")}\
  %mhalf = hlo.constant dense<-0.5> : {scalar}
  %mh = hlo.broadcast_in_dim %mhalf, dims = [] : ({scalar}) -> {kernel}
  %arg = hlo.multiply %d2, %mh : {kernel}
  %k = hlo.exponential %arg : {kernel}
  %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0]
      : ({kernel}, {v}) -> {r}
""")


def nearest_neighbour_program(queries, points, d, element="f32"):
    """For each query q_i: min_j |q_i - p_j|^2 and its argmin j (the first
    on ties), through one two-input hlo.reduce of the distances and an
    iota, as test/Integration/CPU/corpus/argmax.mlir does for the
    arg-max."""
    e = element
    q, p = _tensor(queries, d, element=e), _tensor(points, d, element=e)
    dist, idx = _tensor(queries, points, element=e), \
        _tensor(queries, points, element="i32")
    best, best_i = _tensor(queries, element=e), \
        _tensor(queries, element="i32")
    inf = {"f32": "0x7F800000", "f64": "0x7FF0000000000000"}[e]
    return _main([("%q", q), ("%p", p)], [("%nn#0", best), ("%nn#1", best_i)],
                 f"""\
{_pair_distances("%q", "%p", queries, points, d, e, "%d2")}\
  %idx = hlo.iota dim = 1 : {idx}
  %inf = hlo.constant dense<{inf}> : tensor<{e}>
  %none = hlo.constant dense<2147483647> : tensor<i32>
  %nn:2 = hlo.reduce(%d2 init %inf), (%idx init %none) dims = [1]
      : ({dist}, {idx}, tensor<{e}>, tensor<i32>) -> ({best}, {best_i}) {{
  ^bb0(%b: tensor<{e}>, %bi: tensor<i32>, %d: tensor<{e}>, %di: tensor<i32>):
    %closer = hlo.compare LT, %d, %b : tensor<{e}>
    %same = hlo.compare EQ, %d, %b : tensor<{e}>
    %first = hlo.compare LT, %di, %bi : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %closer, %tie : tensor<i1>
    %m = hlo.select %take, %d, %b : tensor<i1>, tensor<{e}>
    %mi = hlo.select %take, %di, %bi : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<{e}>, tensor<i32>
  }}
""")
