"""Tracing fuse_hlo.numpy functions: each compiled result equals numpy's."""

import numpy as np
import pytest

import fuse_hlo as fx
import fuse_hlo.numpy as fnp


def check(function, *args, rtol=1e-6, atol=1e-6):
    """Compiles `function` with fuse and compares it with numpy."""
    expected = function(*args)
    actual = fx.jit(function)(*args)
    if isinstance(expected, tuple):
        assert isinstance(actual, tuple) and len(actual) == len(expected)
    else:
        expected, actual = (expected,), (actual,)
    for e, a in zip(expected, actual):
        e = np.asarray(e)
        assert a.shape == e.shape, (a.shape, e.shape)
        assert a.dtype == e.dtype, (a.dtype, e.dtype)
        np.testing.assert_allclose(a, e, rtol=rtol, atol=atol)


def test_running_example(rng):
    x = rng.standard_normal((64, 48), dtype=np.float32)
    y = rng.standard_normal((64, 48), dtype=np.float32)
    check(lambda x, y: fnp.mean(x * x * 3 + y), x, y)
    check(lambda x, y: fnp.mean(x * x * 3 + y, axis=1), x, y)


@pytest.mark.parametrize("name", [
    "exp", "log", "tanh", "sqrt", "sin", "cos", "floor", "ceil", "rint",
    "negative", "absolute", "sign", "log1p", "expm1", "square",
    "reciprocal", "isfinite"])
def test_unary(rng, name):
    x = rng.uniform(0.1, 3.0, (5, 7)).astype(np.float32)
    check(getattr(fnp, name), x, rtol=2e-6)


def test_isfinite_of_special_values():
    # Its result type (i1) is not its operand's.
    x = np.array([1.0, np.inf, -np.inf, np.nan, 0.0], np.float32)
    check(lambda x: fnp.isfinite(x * 2), x)


@pytest.mark.parametrize("name", [
    "add", "subtract", "multiply", "divide", "maximum", "minimum", "power",
    "arctan2", "less", "less_equal", "greater", "greater_equal", "equal",
    "not_equal"])
def test_binary(rng, name):
    x = rng.uniform(0.5, 2.0, (4, 6))
    y = rng.uniform(0.5, 2.0, (4, 6))
    y[0, 0] = x[0, 0]
    check(getattr(fnp, name), x, y, rtol=1e-12)


def test_numpy_functions_route_to_fuse(rng):
    x = rng.standard_normal((3, 4))
    check(lambda x: np.exp(x) + np.sum(x, axis=0), x)
    check(lambda x: np.where(x > 0, x, 0.0), x)


@pytest.mark.parametrize("shapes", [
    ((3, 4), (4,)), ((3, 1), (1, 4)), ((2, 1, 4), (3, 1)), ((), (2, 3)),
    ((5, 1, 1), (1, 6, 1))])
def test_broadcasting(rng, shapes):
    a = rng.standard_normal(shapes[0])
    b = rng.standard_normal(shapes[1])
    check(lambda a, b: a * b - b, a, b)


def test_broadcast_mismatch_is_an_error_at_the_line():
    f = fx.jit(lambda a, b: a + b)
    with pytest.raises(fx.CompileError, match=r"test_tracing.py:\d+:\d+: "
                       r"error: operands could not be broadcast together "
                       r"with shapes \(3,\) \(4,\)"):
        f(np.zeros(3), np.zeros(4))


@pytest.mark.parametrize("dtypes", [
    (np.float32, np.float64), (np.int32, np.float32), (np.int32, np.int64),
    (np.bool_, np.int32), (np.int8, np.int16), (np.float16, np.float32)])
def test_dtype_promotion(dtypes):
    a = np.arange(6).reshape(2, 3).astype(dtypes[0])
    b = (np.arange(6).reshape(2, 3) % 3 + 1).astype(dtypes[1])
    check(lambda a, b: a + b, a, b, rtol=1e-3)
    check(lambda a, b: a * b, a, b, rtol=1e-3)


def test_python_scalars_are_weak():
    x32 = np.ones(3, np.float32)
    i32 = np.ones(3, np.int32)
    check(lambda x: x * 2.5 + 1, x32)       # stays float32
    check(lambda x: x * 2 + 1, i32)         # stays int32
    check(lambda x: x / 2, i32)             # true division: float64
    check(lambda x, s: x * s, x32, 3.0)     # scalar argument: weak too


def test_integer_and_bool_ops():
    a = np.array([[5, -3, 7], [0, 2, -8]], np.int32)
    b = np.array([[2, 2, -3], [1, -5, 3]], np.int32)
    check(lambda a, b: (a & b, a | b, a ^ b, ~a), a, b)
    check(lambda a: (a > 0) & (a < 6), a)
    check(lambda a: fnp.logical_not(a > 0) | fnp.logical_xor(a > 1, a < 3),
          a)


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reductions(rng, axis, keepdims):
    x = rng.standard_normal((6, 5))
    for name in ("sum", "prod", "max", "min", "mean", "var", "std"):
        function = getattr(fnp, name)
        check(lambda x: function(x, axis=axis, keepdims=keepdims), x,
              rtol=1e-10)
    b = x > 0
    check(lambda b: (fnp.any(b, axis=axis), fnp.all(b, axis=axis)), b)
    i = (x * 10).astype(np.int32)
    check(lambda i: (i.sum(axis=axis), i.max(axis=axis)), i)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_argmax_argmin(rng, axis):
    x = rng.integers(0, 4, (7, 9)).astype(np.float32)   # many ties
    check(lambda x: (fnp.argmax(x, axis=axis), fnp.argmin(x, axis=axis)), x)
    x[2, 3] = np.nan
    x[5, 1] = np.nan
    check(lambda x: fnp.argmax(x, axis=axis), x)
    i = rng.integers(-5, 5, (7, 9)).astype(np.int32)
    check(lambda i: i.argmax(axis=axis), i)


@pytest.mark.parametrize("shapes", [
    ((4, 5), (5, 3)), ((5,), (5, 3)), ((4, 5), (5,)), ((5,), (5,)),
    ((2, 4, 5), (2, 5, 3)), ((2, 4, 5), (5, 3)), ((3, 1, 4, 5), (2, 5, 6))])
def test_matmul(rng, shapes):
    a = rng.standard_normal(shapes[0])
    b = rng.standard_normal(shapes[1])
    check(lambda a, b: a @ b, a, b, rtol=1e-10)


def test_matmul_mismatch_is_an_error():
    with pytest.raises(fx.CompileError, match="matmul: contracting "
                       r"dimensions differ.*\(5 != 4\)"):
        fx.jit(lambda a, b: a @ b)(np.zeros((3, 5)), np.zeros((4, 2)))


def test_shapes(rng):
    x = rng.standard_normal((2, 3, 4))
    check(lambda x: x.reshape(6, -1), x)
    check(lambda x: x.T, x)
    check(lambda x: fnp.transpose(x, (1, 0, 2)), x)
    check(lambda x: fnp.swapaxes(x, 0, 2), x)
    check(lambda x: fnp.expand_dims(x, 1).squeeze(1), x)
    check(lambda x: fnp.broadcast_to(x[:, :1], (2, 3, 4)), x)
    check(lambda x: fnp.concatenate([x, x * 2], axis=1), x)
    check(lambda x: fnp.stack([x, x + 1], axis=-1), x)
    check(lambda x: x.ravel(), x)
    check(lambda x: x.astype(np.float32).astype(np.int32), x * 3)
    check(lambda x: fnp.clip(x, -0.5, 0.5), x)
    check(lambda x: fnp.zeros_like(x) + fnp.ones_like(x, np.int32), x)


def test_indexing(rng):
    x = rng.standard_normal((5, 6, 7))
    check(lambda x: x[1], x)
    check(lambda x: x[-1, 2:5], x)
    check(lambda x: x[:, ::2, 1:6:3], x)
    check(lambda x: x[..., 0], x)
    check(lambda x: x[None, 1, :, None], x)


def test_captured_constants(rng):
    w = rng.standard_normal((4, 3)).astype(np.float32)
    mask = np.array([True, False, True])
    x = rng.standard_normal((2, 4)).astype(np.float32)
    check(lambda x: fnp.where(mask, x @ w, -1.0), x)


def test_pytrees(rng):
    x = rng.standard_normal((3,))
    out = fx.jit(lambda p: {"s": p[0] + p[1], "d": (p[0] - p[1], 2)})(
        (x, x * 2))
    np.testing.assert_allclose(out["s"], 3 * x)
    np.testing.assert_allclose(out["d"][0], -x)
    assert out["d"][1] == 2


def test_eager_functions_are_numpy():
    x = np.arange(6.0).reshape(2, 3)
    assert isinstance(fnp.exp(x), np.ndarray)
    np.testing.assert_allclose(fnp.mean(x, axis=0), np.mean(x, axis=0))


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_sort_argsort(rng, axis):
    x = rng.integers(0, 5, (6, 33)).astype(np.float32)   # many ties
    x[1, 4] = np.nan
    x[3, :3] = [-0.0, np.nan, 0.0]
    check(lambda x: (np.sort(x, axis=axis),
                     np.argsort(x, axis=axis, kind="stable")), x)
    i = rng.integers(-5, 5, (6, 33)).astype(np.int64)
    check(lambda i: (fnp.sort(i, axis=axis),
                     fnp.argsort(i, axis=axis, stable=True)), i)
    h = rng.standard_normal((4, 9)).astype(np.float16)
    check(lambda h: fnp.sort(h, axis=axis), h)


def test_sort_rejects_order(rng):
    x = rng.standard_normal(4)
    with pytest.raises(fx.CompileError, match="structured arrays"):
        fx.jit(lambda x: np.sort(x, order="a"))(x)


def test_unsigned_integers(rng):
    a = rng.integers(0, 2**32, (5, 7), dtype=np.uint64).astype(np.uint32)
    b = rng.integers(1, 2**32, (5, 7), dtype=np.uint64).astype(np.uint32)
    check(lambda a, b: (a + b, a * b, np.maximum(a, b), a < b, a ^ b,
                        a.astype(np.float64), np.sort(a, axis=1),
                        np.argmax(a, axis=0)), a, b)
    small = rng.integers(0, 256, (9,)).astype(np.uint8)
    check(lambda s: (s + s, s.max(), s.astype(np.int32)), small)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_cumsum_cumprod(rng, axis):
    x = rng.uniform(0.5, 1.5, (5, 33)).astype(np.float32)
    check(lambda x: (np.cumsum(x, axis=axis), np.cumprod(x, axis=axis)), x,
          rtol=1e-5)
    i = rng.integers(-5, 5, (5, 33)).astype(np.int32)
    check(lambda i: (fnp.cumsum(i, axis=axis), fnp.cumsum(i > 0, axis=axis)),
          i)
