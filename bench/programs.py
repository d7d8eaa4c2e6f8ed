"""The workloads' hlo programs, generated at any size in the plain, unfused
ops a user (or a NumPy tracer) would write, and their tensor types."""

import re


from harness import hlo_writer, import_fuse_hlo

ht = hlo_writer()


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
        self.text = ht.tensor_type(self.shape, element)

    @classmethod
    def parse(cls, text):
        """From `tensor<2x3xf32>`."""
        return cls(*ht.shape_and_element(text))

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
    return ht.tensor_type(dims, element)


SCALAR = _tensor()


def _arguments(**types):
    """Values named after the keywords: _arguments(x=t) is [%x of type t]."""
    return [ht.Value(f"%{name}", type_) for name, type_ in types.items()]


def _main(arguments, block, results):
    """`func.func @main` of `arguments` computing `results` with `block`."""
    return ht.function("main", arguments, block, results)


def _row_softmax(f, x, result):
    """Computes `result` (a name) in the Block f: the softmax over the rows
    of the f32 matrix `x`, max-shifted: e = exp(x - max(x, dim 1)),
    e / sum(e, dim 1)."""
    rows = _tensor(_shape(x)[0])
    ninf = f.let("%ninf", ht.constant("dense<0xFF800000>", SCALAR))
    zero = f.let("%zero", ht.constant("dense<0.0>", SCALAR))
    top = f.let("%max", ht.reduce("maximum", x, ninf, [1], rows))
    top = f.let("%maxb", ht.to_type("broadcast_in_dim", top, x.type, [0]))
    shifted = f.let("%shifted", ht.same_type("subtract", x, top))
    e = f.let("%e", ht.same_type("exponential", shifted))
    total = f.let("%sum", ht.reduce("add", e, zero, [1], rows))
    total = f.let("%sumb", ht.to_type("broadcast_in_dim", total, x.type, [0]))
    return f.let(result, ht.same_type("divide", e, total))


def _pair_distances(f, a, b, element, result):
    """Computes `result` (a name) in the Block f: the n x m squared
    distances of the rows of `a` (n x d) and `b` (m x d), in the form a
    NumPy tracer gives ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1):
    n x m x d broadcasts, a subtraction, a square and a reduction over the
    features."""
    (n, d), m = _shape(a), _shape(b)[0]
    pairs = _tensor(n, m, d, element=element)
    zero = f.let("%zero", ht.constant("dense<0.0>", f"tensor<{element}>"))
    ab = f.let("%ab", ht.to_type("broadcast_in_dim", a, pairs, [0, 2]))
    bb = f.let("%bb", ht.to_type("broadcast_in_dim", b, pairs, [1, 2]))
    diff = f.let("%diff", ht.same_type("subtract", ab, bb))
    square = f.let("%sq", ht.same_type("multiply", diff, diff))
    return f.let(result, ht.reduce("add", square, zero, [2],
                                   _tensor(n, m, element=element)))


def _shape(value):
    return TensorType.parse(value.type).shape


def running_example_program(n):
    """mean(x * x * 3 + y) of n x n f32 matrices (the structure of
    examples/running-example.mlir). Compulsory bytes: x and y read once,
    one f32 written."""
    t = _tensor(n, n)
    x, y = _arguments(x=t, y=t)
    f = ht.Block()
    three = f.let("%three", ht.constant("dense<3.0>", SCALAR))
    zero = f.let("%zero", ht.constant("dense<0.0>", SCALAR))
    count = f.let("%count", ht.constant(f"dense<{float(n * n)}>", SCALAR))
    xx = f.let("%xx", ht.same_type("multiply", x, x))
    threes = f.let("%3", ht.to_type("broadcast_in_dim", three, t, []))
    xx3 = f.let("%xx3", ht.same_type("multiply", xx, threes))
    total = f.let("%sum", ht.same_type("add", xx3, y))
    total = f.let("%total", ht.reduce("add", total, zero, [0, 1], SCALAR))
    mean = f.let("%mean", ht.same_type("divide", total, count))
    return _main([x, y], f, [mean])


def softmax_program(rows, cols):
    """Softmax over the rows (dim 1) of a rows x cols f32 matrix,
    max-shifted. Compulsory bytes: x read once, the result written once."""
    (x,) = _arguments(x=_tensor(rows, cols))
    f = ht.Block()
    return _main([x], f, [_row_softmax(f, x, "%result")])


def layer_norm_program(rows, cols):
    """Layer normalization of the rows of a rows x cols f32 matrix:
    c = x - mean(x, dim 1), var = mean(c * c, dim 1) (biased), result =
    c / sqrt(var + 1e-5) * gamma + beta, gamma and beta [cols] broadcast
    over the rows. Compulsory bytes: x, gamma and beta read once, the
    result written once."""
    t, r, c = _tensor(rows, cols), _tensor(rows), _tensor(cols)
    arguments = x, gamma, beta = _arguments(x=t, gamma=c, beta=c)
    f = ht.Block()
    zero = f.let("%zero", ht.constant("dense<0.0>", SCALAR))
    count = f.let("%n", ht.constant(f"dense<{float(cols)}>", r))
    eps = f.let("%eps", ht.constant("dense<1.0e-05>", r))
    total = f.let("%sum", ht.reduce("add", x, zero, [1], r))
    mean = f.let("%mean", ht.same_type("divide", total, count))
    mean = f.let("%meanb", ht.to_type("broadcast_in_dim", mean, t, [0]))
    centered = f.let("%c", ht.same_type("subtract", x, mean))
    square = f.let("%sq", ht.same_type("multiply", centered, centered))
    total = f.let("%sqsum", ht.reduce("add", square, zero, [1], r))
    variance = f.let("%var", ht.same_type("divide", total, count))
    variance = f.let("%vareps", ht.same_type("add", variance, eps))
    std = f.let("%std", ht.same_type("sqrt", variance))
    std = f.let("%stdb", ht.to_type("broadcast_in_dim", std, t, [0]))
    normed = f.let("%normed", ht.same_type("divide", centered, std))
    gamma = f.let("%gammab", ht.to_type("broadcast_in_dim", gamma, t, [1]))
    beta = f.let("%betab", ht.to_type("broadcast_in_dim", beta, t, [1]))
    scaled = f.let("%scaled", ht.same_type("multiply", normed, gamma))
    result = f.let("%result", ht.same_type("add", scaled, beta))
    return _main(arguments, f, [result])


def add_program(n):
    """x + y of n x n f32 matrices: one elementwise op, the sanity check
    of the bound (two inputs read, one output written, like the triad
    kernel of bench/bandwidth.cpp)."""
    t = _tensor(n, n)
    x, y = _arguments(x=t, y=t)
    f = ht.Block()
    return _main([x, y], f, [f.let("%sum", ht.same_type("add", x, y))])


def product_program(lhs, rhs, contracting, batching=((), ()), element="f32"):
    """One hlo.dot_general of operands of the shapes `lhs` and `rhs`
    (contracting and batching dimensions as (lhs dims, rhs dims)): matrix
    products, A B^T, matrix-vector and batched products."""
    free = [[s for d, s in enumerate(shape)
             if d not in (*contracting[side], *batching[side])]
            for side, shape in enumerate((lhs, rhs))]
    a, b = _arguments(a=_tensor(*lhs, element=element),
                      b=_tensor(*rhs, element=element))
    result = _tensor(*[lhs[d] for d in batching[0]], *free[0], *free[1],
                     element=element)
    f = ht.Block()
    return _main([a, b], f, [f.let("%0", ht.dot_general(
        a, b, batching, contracting, result))])


def matrix_chain_program(n):
    """c = (A B) v with A and B n x n and v of n elements, f32, in the
    order written: a matrix-matrix product (n^3 multiply-adds, an n x n
    intermediate) then a matrix-vector one. --dot-order computes A (B v):
    two matrix-vector products, n times fewer multiply-adds."""
    t, v = _tensor(n, n), _tensor(n)
    a, b, vector = _arguments(a=t, b=t, v=v)
    f = ht.Block()
    ab = f.let("%ab", ht.dot_general(a, b, ((), ()), ([1], [0]), t))
    return _main([a, b, vector], f, [f.let("%c", ht.dot(ab, vector, v))])


def squared_distances_program(n, d):
    """The squared Euclidean distances between the rows of A and B (n x d
    f32 each) through n x n x d broadcasts. --algebraic-simplify computes
    |a_i|^2 + |b_j|^2 - 2 a_i . b_j: one matrix product and two row norms,
    nothing larger than the n x n result."""
    a, b = _arguments(a=_tensor(n, d), b=_tensor(n, d))
    f = ht.Block()
    return _main([a, b], f, [_pair_distances(f, a, b, "f32", "%d")])


def mlp_gelu_program(rows, features):
    """A dense layer: gelu(x W + b) with the tanh form of gelu, x rows x
    features, W features x features, f32 (fused, the epilogue runs per
    tile)."""
    t = _tensor(rows, features)
    arguments = x, w, bias = _arguments(x=t, w=_tensor(features, features),
                                        b=_tensor(features))
    f = ht.Block()
    product = f.let("%d", ht.dot_general(x, w, ((), ()), ([1], [0]), t))
    bias = f.let("%bb", ht.to_type("broadcast_in_dim", bias, t, [1]))
    h = f.let("%h", ht.same_type("add", product, bias))
    half, one, c2, c3 = (
        f.let(f"%c{i}", ht.constant(f"dense<{value}>", t))
        for i, value in enumerate(("0.5", "1.0", "0.7978845608", "0.044715")))
    h2 = f.let("%h2", ht.same_type("multiply", h, h))
    h3 = f.let("%h3", ht.same_type("multiply", h2, h))
    inner = f.let("%t0", ht.same_type("multiply", c3, h3))
    inner = f.let("%t1", ht.same_type("add", h, inner))
    inner = f.let("%t2", ht.same_type("multiply", c2, inner))
    inner = f.let("%t3", ht.same_type("tanh", inner))
    inner = f.let("%t4", ht.same_type("add", one, inner))
    inner = f.let("%t5", ht.same_type("multiply", h, inner))
    return _main(arguments, f,
                 [f.let("%r", ht.same_type("multiply", half, inner))])


def attention_program(n, d):
    """An attention block: softmax(q k^T / 8) v, q, k, v n x d f32."""
    t, s = _tensor(n, d), _tensor(n, n)
    q, k, v = _arguments(q=t, k=t, v=t)
    f = ht.Block()
    scores = f.let("%s", ht.dot_general(q, k, ((), ()), ([1], [1]), s))
    scale = f.let("%c", ht.constant("dense<0.125>", s))
    scores = f.let("%z", ht.same_type("multiply", scores, scale))
    p = _row_softmax(f, scores, "%p")
    return _main([q, k, v], f, [f.let("%o", ht.dot_general(
        p, v, ((), ()), ([1], [0]), t))])


def sort_program(n):
    """jnp.sort of n f32 values, with JAX's comparator: NaN and zero made
    canonical, then a total order."""
    (x,) = _arguments(x=_tensor(n))
    a, b = _arguments(a=SCALAR, b=SCALAR)
    comparator = ht.Block()
    nan = comparator.let("%nan", ht.constant("dense<0x7FC00000>", SCALAR))
    zero = comparator.let("%zero", ht.constant("dense<0.0>", SCALAR))
    keys = []
    for side in (a, b):
        name = side.name
        is_nan = comparator.let(f"{name}_nan", ht.compare("NE", side, side))
        is_zero = comparator.let(f"{name}_zero",
                                 ht.compare("EQ", side, zero))
        key = comparator.let(f"{name}0", ht.select(is_zero, zero, side))
        keys.append(comparator.let(f"{name}1", ht.select(is_nan, nan, key)))
    less = comparator.let("%lt", ht.compare("LT", *keys, "TOTALORDER"))
    f = ht.Block()
    return _main([x], f, [f.let("%sorted", ht.sort(
        [x], 0, True, ht.region([a, b], comparator, [less])))])


def digits_step_program(batch, pixels, classes):
    """One SGD step of softmax regression on sklearn's digits (the step of
    examples/python/softmax_regression.py): forward, gradient and update,
    f32. y holds the targets (one-hot in training; any values for
    timing)."""
    logits_type, w_type = _tensor(batch, classes), _tensor(pixels, classes)
    b_type = _tensor(classes)
    x, y, w, b = _arguments(x=_tensor(batch, pixels), y=logits_type,
                            w=w_type, b=b_type)
    f = ht.Block()
    logits = f.let("%logits0", ht.dot_general(x, w, ((), ()), ([1], [0]),
                                              logits_type))
    bias = f.let("%bb", ht.to_type("broadcast_in_dim", b, logits_type, [1]))
    logits = f.let("%logits", ht.same_type("add", logits, bias))
    p = _row_softmax(f, logits, "%p")
    zero = ht.Value("%zero", SCALAR)  # defined by _row_softmax
    diff = f.let("%diff", ht.same_type("subtract", p, y))
    scale = f.let("%scale", ht.constant("dense<0.0078125>", logits_type))
    g = f.let("%g", ht.same_type("multiply", diff, scale))
    gw = f.let("%gw", ht.dot_general(x, g, ((), ()), ([0], [0]), w_type))
    gb = f.let("%gb", ht.reduce("add", g, zero, [0], b_type))
    rate = f.let("%lr", ht.constant("dense<0.5>", w_type))
    step = f.let("%dw", ht.same_type("multiply", gw, rate))
    new_w = f.let("%w2", ht.same_type("subtract", w, step))
    rate = f.let("%lrb", ht.constant("dense<0.5>", b_type))
    step = f.let("%db", ht.same_type("multiply", gb, rate))
    new_b = f.let("%b2", ht.same_type("subtract", b, step))
    return _main([x, y, w, b], f, [new_w, new_b])


def kernel_vector_program(n, m, d, element="f64"):
    """r = K(X, Y) v with the squared-exponential kernel
    K_ij = exp(-|x_i - y_j|^2 / 2); X: n x d, Y: m x d, v: m x 1. The
    kernel matrix K (n x m) is what --split-tensors cuts into slices."""
    x, y, v = _arguments(x=_tensor(n, d, element=element),
                         y=_tensor(m, d, element=element),
                         v=_tensor(m, 1, element=element))
    kernel, scalar = _tensor(n, m, element=element), f"tensor<{element}>"
    f = ht.Block()
    distances = _pair_distances(f, x, y, element, "%d2")
    half = f.let("%mhalf", ht.constant("dense<-0.5>", scalar))
    half = f.let("%mh", ht.to_type("broadcast_in_dim", half, kernel, []))
    exponent = f.let("%arg", ht.same_type("multiply", distances, half))
    k = f.let("%k", ht.same_type("exponential", exponent))
    return _main([x, y, v], f, [f.let("%r", ht.dot_general(
        k, v, ((), ()), ([1], [0]), _tensor(n, 1, element=element)))])


def nearest_neighbour_program(queries, points, d, element="f32"):
    """For each query q_i: min_j |q_i - p_j|^2 and its argmin j (the first
    on ties), through one two-input hlo.reduce of the distances and an
    iota, as test/Integration/CPU/corpus/argmax.mlir does for the
    arg-max."""
    e = element
    q, p = _arguments(q=_tensor(queries, d, element=e),
                      p=_tensor(points, d, element=e))
    scalar, index = f"tensor<{e}>", "tensor<i32>"
    inf = {"f32": "0x7F800000", "f64": "0x7FF0000000000000"}[e]
    f = ht.Block()
    distances = _pair_distances(f, q, p, e, "%d2")
    indices = f.let("%idx", ht.iota(1, _tensor(queries, points,
                                               element="i32")))
    far = f.let("%inf", ht.constant(f"dense<{inf}>", scalar))
    none = f.let("%none", ht.constant("dense<2147483647>", index))
    best, best_i, dist, dist_i = _arguments(b=scalar, bi=index, d=scalar,
                                            di=index)
    body = ht.Block()
    closer = body.let("%closer", ht.compare("LT", dist, best))
    same = body.let("%same", ht.compare("EQ", dist, best))
    first = body.let("%first", ht.compare("LT", dist_i, best_i))
    tie = body.let("%tie", ht.same_type("and", same, first))
    take = body.let("%take", ht.same_type("or", closer, tie))
    nearest = body.let("%m", ht.select(take, dist, best))
    nearest_i = body.let("%mi", ht.select(take, dist_i, best_i))
    results = f.let("%nn", ht.reduce_region(
        [distances, indices], [far, none], [1],
        [_tensor(queries, element=e), _tensor(queries, element="i32")],
        ht.region([best, best_i, dist, dist_i], body,
                  [nearest, nearest_i])))
    return _main([q, p], f, results)
