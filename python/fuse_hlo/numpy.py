"""fuse_hlo.numpy: the numpy subset that ``@fuse_hlo.jit`` compiles.

Each function follows numpy's semantics (broadcasting, dtype promotion,
``axis``/``keepdims``). On concrete arrays it simply calls numpy, so the same
code runs with and without ``jit``; on traced arrays it records hlo
operations. Plain ``numpy`` functions called on traced arrays are routed
here too (``__array_ufunc__``/``__array_function__``); one without an hlo
equivalent is an error at the user's line, or, under
``jit(f, fallback=True)``, runs with numpy between compiled clusters.
"""

from __future__ import annotations

import builtins
import math
from typing import Any, Callable, Optional, Sequence, Union

import numpy as _np
import numpy.typing as _npt

from . import _pytree
from ._errors import CompileError
from ._tracing import Tracer, constant, current_trace, emit, user_location
from ._types import check_supported

# Names users expect next to the functions. The creation functions make
# concrete arrays, which traces capture as constants.
from numpy import (arange, array, asarray, bool_, e, eye,  # noqa: F401
                   float16, float32, float64, full, inf, int8, int16, int32,
                   int64, linspace, nan, newaxis, ones, pi, zeros)

ndarray = _np.ndarray

#: What the functions take: anything numpy takes, or a traced array.
ArrayLike = Union[Tracer, _npt.ArrayLike]
#: What they return: numpy's result on concrete operands, a traced array on
#: traced ones.
Array = Union[Tracer, _np.ndarray, _np.generic]
#: An axis, several axes, or None for all of them.
Axes = Union[int, Sequence[int], None]


def _traced(*values):
    return builtins.any(isinstance(v, Tracer) for v in values)


def _location():
    return user_location()


def _dummy(value):
    """What numpy's dtype rules see for an operand: an empty array of its
    dtype, or the Python scalar itself (weakly typed, NEP 50)."""
    if isinstance(value, Tracer):
        if value.weak:
            return value.dtype.type(0).item()
        return _np.empty((0,), value.dtype)
    if isinstance(value, (bool, int, float)):
        return value
    return _np.empty((0,), _np.asarray(value).dtype)


def _lift(value, dtype=None):
    """A Tracer for an operand: traced values as they are, others as
    constants."""
    if isinstance(value, Tracer):
        return value if dtype is None else _convert(value, dtype)
    if dtype is None and isinstance(value, (bool, int, float)):
        raise AssertionError("a Python scalar needs a dtype")
    return constant(_np.asarray(value, dtype=dtype))


def _convert(value, dtype):
    dtype = _np.dtype(dtype)
    if value.dtype == dtype:
        return value
    return emit("convert", [value], {}, value.shape, dtype)


def _broadcast_to(value, shape):
    shape = tuple(shape)
    if value.shape == shape:
        return value
    offset = len(shape) - value.ndim
    dims = list(range(offset, len(shape)))
    return emit("broadcast_in_dim", [value], {"dims": dims}, shape,
                value.dtype)


def _broadcast_shapes(*shapes):
    try:
        return _np.broadcast_shapes(*shapes)
    except ValueError:
        raise CompileError(
            "operands could not be broadcast together with shapes "
            + " ".join(str(tuple(s)) for s in shapes), _location()) from None


def _shape_of(value):
    return value.shape if isinstance(value, Tracer) else _np.shape(value)


def _elementwise(op, operands, compute_dtype, result_dtype=None, attrs=None):
    shape = _broadcast_shapes(*(_shape_of(v) for v in operands))
    lifted = [_broadcast_to(_lift(v, compute_dtype), shape) for v in operands]
    return emit(op, lifted, attrs or {}, shape, result_dtype or compute_dtype)


def _numpy_dtype(name, function, *operands):
    """The dtype numpy gives `function` on operands like these."""
    try:
        return _np.asarray(function(*map(_dummy, operands))).dtype
    except TypeError as error:
        raise CompileError(f"{name}: {error}", _location()) from None


def _named(name, doc):
    """Names a function made for numpy.<name> after it."""
    def name_it(function):
        function.__name__ = name
        function.__doc__ = doc
        return function
    return name_it


# --- elementwise functions ----------------------------------------------------

def _make_binary(name: str, op: Optional[str] = None, kind: str = "arith"
                 ) -> Callable[[ArrayLike, ArrayLike], Array]:
    """numpy.<name>, traced as hlo.<op> (by default the same name)."""
    numpy_function = getattr(_np, name)
    op = op or name

    @_named(name, f"numpy.{name}, traced as hlo.{op}.")
    def function(x1: ArrayLike, x2: ArrayLike) -> Array:
        if not _traced(x1, x2):
            return numpy_function(x1, x2)
        result = _numpy_dtype(name, numpy_function, x1, x2)
        if kind == "compare":
            common = _np.result_type(_dummy(x1), _dummy(x2))
            return _elementwise("compare", [x1, x2], common, result,
                                {"direction": op})
        if kind == "logical":
            return _elementwise(op, [x1, x2], _np.bool_)
        return _elementwise(op, [x1, x2], result)

    return function


add = _make_binary("add")
subtract = _make_binary("subtract")
multiply = _make_binary("multiply")
divide = _make_binary("divide")
true_divide = divide
power = _make_binary("power")
maximum = _make_binary("maximum")
minimum = _make_binary("minimum")
arctan2 = _make_binary("arctan2", "atan2")
bitwise_and = _make_binary("bitwise_and", "and")
bitwise_or = _make_binary("bitwise_or", "or")
bitwise_xor = _make_binary("bitwise_xor", "xor")
logical_and = _make_binary("logical_and", "and", "logical")
logical_or = _make_binary("logical_or", "or", "logical")
logical_xor = _make_binary("logical_xor", "xor", "logical")
less = _make_binary("less", "LT", "compare")
less_equal = _make_binary("less_equal", "LE", "compare")
greater = _make_binary("greater", "GT", "compare")
greater_equal = _make_binary("greater_equal", "GE", "compare")
equal = _make_binary("equal", "EQ", "compare")
not_equal = _make_binary("not_equal", "NE", "compare")


def _make_unary(name: str,
                op: Optional[str] = None) -> Callable[[ArrayLike], Array]:
    """numpy.<name>, traced as hlo.<op> (by default the same name)."""
    numpy_function = getattr(_np, name)
    op = op or name

    @_named(name, f"numpy.{name}, traced as hlo.{op}.")
    def function(x: ArrayLike) -> Array:
        if not _traced(x):
            return numpy_function(x)
        dtype = _numpy_dtype(name, numpy_function, x)
        if op == "is_finite":
            if x.dtype.kind != "f":
                return full_like(x, True, _np.bool_)
            return emit(op, [x], {}, x.shape, dtype)
        if x.dtype.kind == "c" and dtype.kind != "c":
            # abs of complex numbers: their real modulus.
            return emit(op, [x], {}, x.shape, dtype)
        return emit(op, [_convert(x, dtype)], {}, x.shape, dtype)

    return function


exp = _make_unary("exp", "exponential")
expm1 = _make_unary("expm1", "exponential_minus_one")
log = _make_unary("log")
log1p = _make_unary("log1p", "log_plus_one")
tanh = _make_unary("tanh")
sqrt = _make_unary("sqrt")
sin = _make_unary("sin", "sine")
cos = _make_unary("cos", "cosine")
floor = _make_unary("floor")
ceil = _make_unary("ceil")
rint = _make_unary("rint", "round_nearest_even")
negative = _make_unary("negative", "negate")
absolute = _make_unary("absolute", "abs")
abs = absolute
sign = _make_unary("sign")
isfinite = _make_unary("isfinite", "is_finite")
invert = _make_unary("invert", "not")
logical_not = _make_unary("logical_not", "not")


def _complex_part(name: str) -> Callable[[ArrayLike], Array]:
    """numpy.real or numpy.imag, traced as hlo.real or hlo.imag."""
    numpy_function = getattr(_np, name)
    op = name

    @_named(name, f"numpy.{name}, traced as hlo.{op} of complex arrays.")
    def function(val: ArrayLike) -> Array:
        if not _traced(val):
            return numpy_function(val)
        if val.dtype.kind != "c":
            return val if name == "real" else zeros_like(val)
        part = _np.dtype(f"f{val.dtype.itemsize // 2}")
        return emit(op, [val], {}, val.shape, part)

    return function


real = _complex_part("real")
imag = _complex_part("imag")


def conjugate(x: ArrayLike) -> Array:
    """numpy.conjugate: the imaginary parts negated (hlo.complex of the
    parts); real arrays are their own conjugates."""
    if not _traced(x):
        return _np.conjugate(x)
    if x.dtype.kind != "c":
        return x
    return emit("complex", [real(x), negative(imag(x))], {}, x.shape, x.dtype)


conj = conjugate


def positive(x: ArrayLike) -> Array:
    return x if _traced(x) else _np.positive(x)


def square(x: ArrayLike) -> Array:
    return multiply(x, x) if _traced(x) else _np.square(x)


def reciprocal(x: ArrayLike) -> Array:
    if not _traced(x):
        return _np.reciprocal(x)
    return divide(x.dtype.type(1).item(), x)


def where(condition: ArrayLike, x: ArrayLike, y: ArrayLike) -> Array:
    """numpy.where(condition, x, y): hlo.select after broadcasting."""
    if not _traced(condition, x, y):
        return _np.where(condition, x, y)
    dtype = _np.result_type(_dummy(x), _dummy(y))
    shape = _broadcast_shapes(*map(_shape_of, (condition, x, y)))
    predicate = _broadcast_to(_lift(condition, _np.bool_), shape)
    on_true = _broadcast_to(_lift(x, dtype), shape)
    on_false = _broadcast_to(_lift(y, dtype), shape)
    return emit("select", [predicate, on_true, on_false], {}, shape, dtype)


def clip(a: ArrayLike, a_min: Optional[ArrayLike],
         a_max: Optional[ArrayLike]) -> Array:
    if not _traced(a, a_min, a_max):
        return _np.clip(a, a_min, a_max)
    if a_min is not None:
        a = maximum(a, a_min)
    if a_max is not None:
        a = minimum(a, a_max)
    return a


def astype(x: ArrayLike, dtype: _npt.DTypeLike) -> Array:
    if not _traced(x):
        return _np.asarray(x).astype(dtype)
    dtype = _np.dtype(dtype)
    check_supported(dtype, _location())
    return _convert(x, dtype)


# --- reductions ---------------------------------------------------------------

def _normalize_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    normalized = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise CompileError(f"axis {a} is out of bounds for an array of "
                               f"rank {ndim}", _location())
        normalized.append(a % ndim)
    if len(set(normalized)) != len(normalized):
        raise CompileError("repeated axis", _location())
    return tuple(sorted(normalized))


def _keep_dims(value, shape, axes):
    kept = tuple(1 if d in axes else size for d, size in enumerate(shape))
    return reshape(value, kept)


def _reduce(kind, x, axis, keepdims, dtype):
    axes = _normalize_axes(axis, x.ndim)
    x = _convert(x, dtype)
    if dtype.kind == "c" and kind not in ("add", "multiply"):
        raise CompileError(f"a {kind} reduction of complex numbers is not "
                           "supported", _location())
    init = {
        "add": lambda: 0, "multiply": lambda: 1, "and": lambda: True,
        "or": lambda: False,
        "maximum": lambda: -_np.inf if dtype.kind == "f" else
        (False if dtype.kind == "b" else _np.iinfo(dtype).min),
        "minimum": lambda: _np.inf if dtype.kind == "f" else
        (True if dtype.kind == "b" else _np.iinfo(dtype).max),
    }[kind]()
    if dtype.kind == "b" and kind in ("maximum", "minimum"):
        kind = "or" if kind == "maximum" else "and"
    shape = tuple(s for d, s in enumerate(x.shape) if d not in axes)
    result = emit("reduce", [x, constant(_np.asarray(init, dtype))],
                  {"kind": kind, "dims": list(axes)}, shape, dtype)
    return _keep_dims(result, x.shape, axes) if keepdims else result


def _make_reduction(name: str, kind: str) -> Callable[..., Array]:
    numpy_function = getattr(_np, name)

    @_named(name, f"numpy.{name}, traced as hlo.reduce {kind}.")
    def function(a: ArrayLike, axis: Axes = None,
                 keepdims: bool = False) -> Array:
        if not _traced(a):
            return numpy_function(a, axis=axis, keepdims=keepdims)
        if kind in ("maximum", "minimum") and 0 in a.shape:
            raise CompileError(f"{name} of an empty array", _location())
        dtype = numpy_function(_np.zeros((1,), a.dtype)).dtype
        return _reduce(kind, a, axis, keepdims, dtype)

    return function


sum = _make_reduction("sum", "add")
prod = _make_reduction("prod", "multiply")
max = _make_reduction("max", "maximum")
min = _make_reduction("min", "minimum")
amax, amin = max, min
any = _make_reduction("any", "or")
all = _make_reduction("all", "and")


def mean(a: ArrayLike, axis: Axes = None, keepdims: bool = False) -> Array:
    if not _traced(a):
        return _np.mean(a, axis=axis, keepdims=keepdims)
    dtype = _np.mean(_np.zeros((1,), a.dtype)).dtype
    axes = _normalize_axes(axis, a.ndim)
    count = math.prod(a.shape[d] for d in axes)
    total = _reduce("add", a, axes, keepdims, dtype)
    return divide(total, dtype.type(count).item() if count else _np.nan)


def var(a: ArrayLike, axis: Axes = None, keepdims: bool = False) -> Array:
    if not _traced(a):
        return _np.var(a, axis=axis, keepdims=keepdims)
    centered = subtract(a, mean(a, axis=axis, keepdims=True))
    return mean(multiply(centered, centered), axis=axis, keepdims=keepdims)


def std(a: ArrayLike, axis: Axes = None, keepdims: bool = False) -> Array:
    if not _traced(a):
        return _np.std(a, axis=axis, keepdims=keepdims)
    return sqrt(var(a, axis=axis, keepdims=keepdims))


def _make_arg_reduction(name: str, direction: str) -> Callable[..., Array]:
    numpy_function = getattr(_np, name)

    @_named(name, f"numpy.{name}: the first index of the extreme (NaN "
                  "first), a two-input hlo.reduce.")
    def function(a: ArrayLike, axis: Optional[int] = None,
                 keepdims: bool = False) -> Array:
        if not _traced(a):
            return numpy_function(a, axis=axis, keepdims=keepdims)
        if 0 in a.shape:
            raise CompileError(f"{name} of an empty array", _location())
        if axis is None:
            a = reshape(a, (-1,))
            axis = 0
        (axis,) = _normalize_axes(axis, a.ndim)
        shape = tuple(s for d, s in enumerate(a.shape) if d != axis)
        index_dtype = _np.dtype(_np.int64)
        indices = emit("iota", [], {"dim": axis}, a.shape, index_dtype)
        if a.dtype.kind == "f":
            start = -_np.inf if direction == "GT" else _np.inf
        elif a.dtype.kind == "b":
            start = direction != "GT"
        else:
            info = _np.iinfo(a.dtype)
            start = info.min if direction == "GT" else info.max
        node = current_trace().add(
            "argreduce",
            [a, indices, constant(_np.asarray(start, a.dtype)),
             constant(_np.asarray(0, index_dtype))],
            {"direction": direction, "dims": [axis]},
            [(shape, a.dtype), (shape, index_dtype)], _location())
        result = node.outputs[1]
        if keepdims:
            result = _keep_dims(result, a.shape, (axis,))
        return result

    return function


argmax = _make_arg_reduction("argmax", "GT")
argmin = _make_arg_reduction("argmin", "LT")


def _make_cumulative(name: str, kind: str) -> Callable[..., Array]:
    numpy_function = getattr(_np, name)

    @_named(name, f"numpy.{name}, traced as a cumulative hlo.reduce_window "
                  f"{kind} (a scan when compiled).")
    def function(a: ArrayLike, axis: Optional[int] = None,
                 dtype: Optional[_npt.DTypeLike] = None,
                 out: Optional[_np.ndarray] = None) -> Array:
        if not _traced(a):
            return numpy_function(a, axis=axis, dtype=dtype, out=out)
        if out is not None:
            raise CompileError(f"{name} with out= is not supported",
                               _location())
        if axis is None:
            a = reshape(a, (-1,))
            axis = 0
        (axis,) = _normalize_axes(axis, a.ndim)
        dtype = _np.dtype(dtype) if dtype is not None else numpy_function(
            _np.zeros((1,), a.dtype)).dtype
        x = _convert(a, dtype)
        init = constant(_np.asarray(0 if kind == "add" else 1, dtype))
        return emit("cumulative", [x, init], {"kind": kind, "dim": axis},
                    x.shape, dtype)

    return function


cumsum = _make_cumulative("cumsum", "add")
cumprod = _make_cumulative("cumprod", "multiply")


# --- sorting ------------------------------------------------------------------

def _sort(a, axis, order, with_indices):
    """The sorted values (and their int64 positions) of `a` along `axis`,
    stable, NaNs last, as numpy's stable sort."""
    if order is not None:
        raise CompileError("sorting structured arrays (order=) is not "
                           "supported", _location())
    if axis is None:
        a = reshape(a, (-1,))
        axis = 0
    if a.ndim == 0:
        raise CompileError("sorting a 0-d array needs axis=None", _location())
    (axis,) = _normalize_axes(axis, a.ndim)
    operands, outputs = [a], [(a.shape, a.dtype)]
    if with_indices:
        index_dtype = _np.dtype(_np.int64)
        operands.append(emit("iota", [], {"dim": axis}, a.shape, index_dtype))
        outputs.append((a.shape, index_dtype))
    node = current_trace().add("sort", operands, {"dim": axis}, outputs,
                               _location())
    return node.outputs


def sort(a: ArrayLike, axis: Optional[int] = -1, kind: Optional[str] = None,
         order: Any = None, *, stable: Optional[bool] = None) -> Array:
    """numpy.sort, traced as a stable hlo.sort (every kind sorts stably)."""
    if not _traced(a):
        return _np.sort(a, axis=axis, kind=kind, order=order, stable=stable)
    return _sort(a, axis, order, with_indices=False)[0]


def argsort(a: ArrayLike, axis: Optional[int] = -1,
            kind: Optional[str] = None, order: Any = None, *,
            stable: Optional[bool] = None) -> Array:
    """numpy.argsort, traced as a stable hlo.sort of `a` with an iota."""
    if not _traced(a):
        return _np.argsort(a, axis=axis, kind=kind, order=order,
                           stable=stable)
    return _sort(a, axis, order, with_indices=True)[1]


# --- contractions -------------------------------------------------------------

def matmul(x1: ArrayLike, x2: ArrayLike) -> Array:
    """numpy.matmul (``@``): hlo.dot_general, batch dimensions broadcast."""
    if not _traced(x1, x2):
        return _np.matmul(x1, x2)
    dtype = _np.result_type(_dummy(x1), _dummy(x2))
    a, b = _lift(x1, dtype), _lift(x2, dtype)
    if a.ndim == 0 or b.ndim == 0:
        raise CompileError("matmul: operands must not be scalars",
                           _location())
    squeeze_rows, squeeze_columns = a.ndim == 1, b.ndim == 1
    if squeeze_rows:
        a = reshape(a, (1,) + a.shape)
    if squeeze_columns:
        b = reshape(b, b.shape + (1,))
    if a.shape[-1] != b.shape[-2]:
        raise CompileError(
            f"matmul: contracting dimensions differ: {x1.shape if hasattr(x1, 'shape') else ()} "
            f"@ {_shape_of(x2)} ({a.shape[-1]} != {b.shape[-2]})", _location())
    batch = _broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = _broadcast_to(a, batch + a.shape[-2:])
    b = _broadcast_to(b, batch + b.shape[-2:])
    nb = len(batch)
    shape = batch + (a.shape[-2], b.shape[-1])
    result = emit("dot_general", [a, b],
                  {"batch": (list(range(nb)), list(range(nb))),
                   "contract": ([nb + 1], [nb])}, shape, dtype)
    if squeeze_rows or squeeze_columns:
        final = batch + (() if squeeze_rows else (a.shape[-2],)) + \
            (() if squeeze_columns else (b.shape[-1],))
        result = reshape(result, final)
    return result


def dot(a: ArrayLike, b: ArrayLike) -> Array:
    """numpy.dot for operands of rank 0 to 2."""
    if not _traced(a, b):
        return _np.dot(a, b)
    if _np.ndim(a) == 0 or _np.ndim(b) == 0:
        return multiply(a, b)
    if len(_shape_of(a)) > 2 or len(_shape_of(b)) > 2:
        raise CompileError("dot of arrays of rank > 2 is not supported; use "
                           "matmul", _location())
    return matmul(a, b)


def outer(a: ArrayLike, b: ArrayLike) -> Array:
    if not _traced(a, b):
        return _np.outer(a, b)
    return multiply(reshape(a, (-1, 1)), reshape(b, (1, -1)))


# --- shapes -------------------------------------------------------------------

def reshape(a: ArrayLike, newshape: Union[int, Sequence[int]]) -> Array:
    if not _traced(a):
        return _np.reshape(a, newshape)
    if isinstance(newshape, int):
        newshape = (newshape,)
    newshape = list(newshape)
    if newshape.count(-1) > 1:
        raise CompileError("reshape: only one dimension can be -1",
                           _location())
    if -1 in newshape:
        known = math.prod(s for s in newshape if s != -1)
        if known == 0 or a.size % known:
            raise CompileError(f"cannot reshape {a.shape} into "
                               f"{tuple(newshape)}", _location())
        newshape[newshape.index(-1)] = a.size // known
    newshape = tuple(newshape)
    if math.prod(newshape) != a.size:
        raise CompileError(f"cannot reshape array of shape {a.shape} into "
                           f"shape {newshape}", _location())
    if newshape == a.shape:
        return a
    return emit("reshape", [a], {}, newshape, a.dtype)


def transpose(a: ArrayLike, axes: Optional[Sequence[int]] = None) -> Array:
    if not _traced(a):
        return _np.transpose(a, axes)
    if axes is None:
        axes = tuple(reversed(range(a.ndim)))
    axes = tuple(d % a.ndim for d in axes) if a.ndim else ()
    if sorted(axes) != list(range(a.ndim)):
        raise CompileError(f"transpose: {axes} is not a permutation of the "
                           f"{a.ndim} dimensions", _location())
    if axes == tuple(range(a.ndim)):
        return a
    return emit("transpose", [a], {"dims": list(axes)},
                tuple(a.shape[d] for d in axes), a.dtype)


def swapaxes(a: ArrayLike, axis1: int, axis2: int) -> Array:
    if not _traced(a):
        return _np.swapaxes(a, axis1, axis2)
    axes = list(range(a.ndim))
    axes[axis1], axes[axis2] = axes[axis2], axes[axis1]
    return transpose(a, axes)


def expand_dims(a: ArrayLike, axis: Union[int, Sequence[int]]) -> Array:
    if not _traced(a):
        return _np.expand_dims(a, axis)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    ndim = a.ndim + len(axes)
    axes = {d % ndim for d in axes}
    shape, source = [], iter(a.shape)
    for d in range(ndim):
        shape.append(1 if d in axes else next(source))
    return reshape(a, tuple(shape))


def squeeze(a: ArrayLike, axis: Axes = None) -> Array:
    if not _traced(a):
        return _np.squeeze(a, axis)
    if axis is None:
        axes = {d for d, s in enumerate(a.shape) if s == 1}
    else:
        axes = set(_normalize_axes(axis, a.ndim))
        if builtins.any(a.shape[d] != 1 for d in axes):
            raise CompileError("cannot squeeze a dimension whose size is "
                               "not 1", _location())
    return reshape(a, tuple(s for d, s in enumerate(a.shape)
                            if d not in axes))


def ravel(a: ArrayLike) -> Array:
    return reshape(a, (-1,)) if _traced(a) else _np.ravel(a)


def broadcast_to(array: ArrayLike, shape: Sequence[int]) -> Array:
    if not _traced(array):
        return _np.broadcast_to(array, shape)
    shape = tuple(shape)
    if _broadcast_shapes(array.shape, shape) != shape:
        raise CompileError(f"cannot broadcast {array.shape} to {shape}",
                           _location())
    return _broadcast_to(array, shape)


def concatenate(arrays: Sequence[ArrayLike], axis: int = 0) -> Array:
    arrays = list(arrays)
    if not _traced(*arrays):
        return _np.concatenate(arrays, axis=axis)
    dtype = _np.result_type(*map(_dummy, arrays))
    values = [_lift(a, dtype) for a in arrays]
    ndim = values[0].ndim
    (axis,) = _normalize_axes(axis, ndim)
    for v in values[1:]:
        if v.ndim != ndim or builtins.any(
                v.shape[d] != values[0].shape[d] for d in range(ndim)
                if d != axis):
            raise CompileError(
                "concatenate: the arrays' shapes differ outside the axis: "
                + ", ".join(str(v.shape) for v in values), _location())
    shape = list(values[0].shape)
    shape[axis] = builtins.sum(v.shape[axis] for v in values)
    return emit("concatenate", values, {"dim": axis}, shape, dtype)


def stack(arrays: Sequence[ArrayLike], axis: int = 0) -> Array:
    arrays = list(arrays)
    if not _traced(*arrays):
        return _np.stack(arrays, axis=axis)
    return concatenate([expand_dims(_lift_any(a), axis) for a in arrays],
                       axis=axis)


def _lift_any(value):
    if isinstance(value, Tracer):
        return value
    return constant(_np.asarray(value))


def zeros_like(a: ArrayLike,
               dtype: Optional[_npt.DTypeLike] = None) -> Array:
    return full_like(a, 0, dtype)


def ones_like(a: ArrayLike,
              dtype: Optional[_npt.DTypeLike] = None) -> Array:
    return full_like(a, 1, dtype)


def full_like(a: ArrayLike, fill_value: Any,
              dtype: Optional[_npt.DTypeLike] = None) -> Array:
    if not _traced(a):
        return _np.full_like(a, fill_value, dtype=dtype)
    dtype = _np.dtype(dtype or a.dtype)
    return _broadcast_to(constant(_np.asarray(fill_value, dtype)), a.shape)


def _getitem(self, key):
    """Basic indexing: integers, slices with a positive step, None and
    ``...``; an array index (gather) is not supported."""
    if not isinstance(key, tuple):
        key = (key,)
    if builtins.sum(k is Ellipsis for k in key) > 1:
        raise CompileError("an index can only have one ellipsis", _location())
    used = builtins.sum(k is not None and k is not Ellipsis for k in key)
    if Ellipsis in [k for k in key if k is Ellipsis]:
        at = [i for i, k in enumerate(key) if k is Ellipsis][0]
        key = key[:at] + (slice(None),) * (self.ndim - used) + key[at + 1:]
    else:
        key = key + (slice(None),) * (self.ndim - used)
    if used > self.ndim:
        raise CompileError(f"too many indices for an array of rank "
                           f"{self.ndim}", _location())
    starts, limits, strides, shape = [], [], [], []
    dim = 0
    for k in key:
        if k is None:
            shape.append(1)
            continue
        size = self.shape[dim]
        if isinstance(k, Tracer) or not isinstance(k, (int, slice,
                                                        _np.integer)):
            raise CompileError(
                "indexing with arrays (gather) is not supported; use "
                "integers and slices", _location())
        if isinstance(k, slice):
            start, stop, step = k.indices(size)
            if step <= 0:
                raise CompileError("slices with a negative step are not "
                                   "supported", _location())
            stop = builtins.max(stop, start)
            starts.append(start), limits.append(stop), strides.append(step)
            shape.append(len(range(start, stop, step)))
        else:
            index = int(k)
            if not -size <= index < size:
                raise CompileError(f"index {index} is out of bounds for "
                                   f"axis {dim} with size {size}", _location())
            index %= size
            starts.append(index), limits.append(index + 1), strides.append(1)
        dim += 1
    value = self
    sliced = tuple(len(range(s, l, t)) for s, l, t in zip(starts, limits,
                                                          strides))
    if sliced != self.shape:
        value = emit("slice", [self], {"starts": starts, "limits": limits,
                                       "strides": strides}, sliced,
                     self.dtype)
    return reshape(value, tuple(shape))


# --- numpy functions without an hlo equivalent ------------------------------

def host_call(name: str, function: Callable[..., Any],
              args: Sequence[Any],
              kwargs: dict[str, Any]) -> Union[Tracer, tuple[Tracer, ...]]:
    """``function(*args, **kwargs)`` for a numpy function fuse cannot
    compile: an error at the user's line, or with ``fallback=True`` a node
    that numpy computes when the program runs."""
    location = _location()
    trace = current_trace()
    if not trace.allow_host:
        raise CompileError(
            f"{name} cannot be compiled: fuse has no equivalent operation "
            "(jit(f, fallback=True) runs it with numpy instead)", location)
    leaves, structure = _pytree.flatten((args, kwargs))
    tracers = [leaf for leaf in leaves if isinstance(leaf, Tracer)]

    def call(*arrays):
        it = iter(arrays)
        call_args, call_kwargs = _pytree.unflatten(structure, [
            next(it) if isinstance(leaf, Tracer) else leaf
            for leaf in leaves])
        return function(*call_args, **call_kwargs)

    sample = call(*(_np.zeros(t.shape, t.dtype) for t in tracers))
    results = sample if isinstance(sample, tuple) else (sample,)
    types = []
    for result in results:
        result = _np.asarray(result)
        check_supported(result.dtype, location)
        types.append((result.shape, result.dtype))
    node = trace.add("host", tracers, {"tuple": isinstance(sample, tuple)},
                     types, location, name=name, host_function=call)
    outputs = node.outputs
    return tuple(outputs) if isinstance(sample, tuple) else outputs[0]


_UFUNCS = {
    _np.add: add, _np.subtract: subtract, _np.multiply: multiply,
    _np.divide: divide, _np.power: power, _np.maximum: maximum,
    _np.minimum: minimum, _np.arctan2: arctan2, _np.bitwise_and: bitwise_and,
    _np.bitwise_or: bitwise_or, _np.bitwise_xor: bitwise_xor,
    _np.logical_and: logical_and, _np.logical_or: logical_or,
    _np.logical_xor: logical_xor, _np.less: less, _np.less_equal: less_equal,
    _np.greater: greater, _np.greater_equal: greater_equal, _np.equal: equal,
    _np.not_equal: not_equal, _np.exp: exp, _np.expm1: expm1, _np.log: log,
    _np.log1p: log1p, _np.tanh: tanh, _np.sqrt: sqrt, _np.sin: sin,
    _np.cos: cos, _np.floor: floor, _np.ceil: ceil, _np.rint: rint,
    _np.negative: negative, _np.positive: positive, _np.absolute: absolute,
    _np.sign: sign, _np.isfinite: isfinite, _np.invert: invert,
    _np.logical_not: logical_not, _np.square: square,
    _np.reciprocal: reciprocal, _np.conjugate: conjugate,
}

_FUNCTIONS = {
    _np.where: where, _np.clip: clip, _np.sum: sum, _np.prod: prod,
    _np.max: max, _np.min: min, _np.amax: max, _np.amin: min, _np.any: any,
    _np.all: all, _np.mean: mean, _np.var: var, _np.std: std,
    _np.sort: sort, _np.argsort: argsort, _np.cumsum: cumsum,
    _np.cumprod: cumprod,
    _np.argmax: argmax, _np.argmin: argmin, _np.matmul: matmul, _np.dot: dot,
    _np.outer: outer, _np.reshape: reshape, _np.transpose: transpose,
    _np.swapaxes: swapaxes, _np.expand_dims: expand_dims,
    _np.squeeze: squeeze, _np.ravel: ravel, _np.broadcast_to: broadcast_to,
    _np.concatenate: concatenate, _np.stack: stack,
    _np.zeros_like: zeros_like, _np.ones_like: ones_like,
    _np.full_like: full_like, _np.real: real, _np.imag: imag,
}


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    if method == "__call__" and ufunc in _UFUNCS and not kwargs:
        return _UFUNCS[ufunc](*inputs)
    name = f"numpy.{ufunc.__name__}" + ("" if method == "__call__"
                                        else f".{method}")
    return host_call(name, getattr(ufunc, method), inputs, kwargs)


def _array_function(self, function, types, args, kwargs):
    if function in _FUNCTIONS:
        return _FUNCTIONS[function](*args, **kwargs)
    return host_call(f"numpy.{function.__name__}", function, args, kwargs)


def _reflected(function):
    return lambda self, other: function(other, self)


def _attach_methods():
    methods = {
        "__add__": add, "__radd__": _reflected(add),
        "__sub__": subtract, "__rsub__": _reflected(subtract),
        "__mul__": multiply, "__rmul__": _reflected(multiply),
        "__truediv__": divide, "__rtruediv__": _reflected(divide),
        "__pow__": power, "__rpow__": _reflected(power),
        "__matmul__": matmul, "__rmatmul__": _reflected(matmul),
        "__and__": bitwise_and, "__rand__": _reflected(bitwise_and),
        "__or__": bitwise_or, "__ror__": _reflected(bitwise_or),
        "__xor__": bitwise_xor, "__rxor__": _reflected(bitwise_xor),
        "__lt__": less, "__le__": less_equal, "__gt__": greater,
        "__ge__": greater_equal, "__eq__": equal, "__ne__": not_equal,
        "__neg__": negative, "__pos__": positive, "__abs__": absolute,
        "__invert__": invert, "__getitem__": _getitem,
        "__array_ufunc__": _array_ufunc,
        "__array_function__": _array_function,
        "sum": sum, "prod": prod, "max": max, "min": min, "mean": mean,
        "var": var, "std": std, "any": any, "all": all, "argmax": argmax,
        "argmin": argmin, "clip": clip, "astype": astype, "dot": dot,
        "ravel": ravel, "flatten": ravel, "squeeze": squeeze,
        "swapaxes": swapaxes,
    }
    for name, function in methods.items():
        setattr(Tracer, name, function)
    Tracer.__hash__ = object.__hash__
    Tracer.reshape = lambda self, *shape: reshape(
        self, shape[0] if len(shape) == 1 else shape)
    Tracer.transpose = lambda self, *axes: transpose(
        self, (axes[0] if len(axes) == 1 else axes) or None)
    Tracer.T = property(lambda self: transpose(self))
    Tracer.real = property(real)
    Tracer.imag = property(imag)
    Tracer.conj = Tracer.conjugate = conjugate


_attach_methods()
