"""jit's behaviour around the trace: caching and recompilation, stages,
dumps, error messages that point at the user's line, fallback clusters."""

import logging
import os
import re
import warnings

import numpy as np
import pytest

import fuse_hlo as fx
import fuse_hlo.numpy as fnp


def line_of(marker):
    """The line of this file that contains `marker`."""
    with open(__file__) as file:
        for number, line in enumerate(file, 1):
            if marker in line and "line_of(" not in line:
                return number
    raise AssertionError(marker)


@fx.jit
def scaled_mean(x, y):
    return fnp.mean(x * x * 3 + y, axis=1)


def test_cache_per_shape_and_dtype(caplog):
    f = fx.jit(lambda x: x * 2)
    with caplog.at_level(logging.DEBUG, logger="fuse_hlo"):
        f(np.ones((2, 3), np.float32))
        f(np.zeros((2, 3), np.float32))          # same signature: cached
        assert f.compile_count == 1
        f(np.ones((4, 3), np.float32))           # new shape
        f(np.ones((2, 3), np.float64))           # new dtype
        f(np.ones((2, 3), np.float32))           # cached again
    assert f.compile_count == 3 and f.cache_size() == 3
    messages = [r.getMessage() for r in caplog.records
                if r.getMessage().startswith("compiling ")]
    assert messages == [
        "compiling <lambda> for (f32[2, 3]): first call",
        "compiling <lambda> for (f32[4, 3]): new argument shapes or dtypes, "
        "recompiling",
        "compiling <lambda> for (f64[2, 3]): new argument shapes or dtypes, "
        "recompiling"]


def test_python_scalar_arguments_share_a_compilation():
    f = fx.jit(lambda x, s: x * s)
    x = np.ones(3, np.float32)
    np.testing.assert_allclose(f(x, 2.0), [2, 2, 2])
    np.testing.assert_allclose(f(x, 5.0), [5, 5, 5])
    assert f.compile_count == 1
    assert f(x, 5.0).dtype == np.float32


def test_stages():
    x = np.ones((8, 16), np.float32)
    lowered = scaled_mean.lower(x, x)
    hlo = lowered.as_text("hlo")
    assert "func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>)" in hlo
    assert "hlo.reduce add" in hlo and "hlo.fusion" not in hlo
    optimized = lowered.as_text("optimized_hlo")
    assert optimized.count("hlo.fusion") == 1
    dot = lowered.as_text("optimized_hlo_dot")
    assert dot.startswith("digraph") and 'label="fusion.0 (' in dot
    located = lowered.as_text("hlo", locations=True)
    assert re.search(r'loc\(".*test_jit.py":%d:\d+\)'
                     % line_of("x * x * 3 + y"), located)
    with pytest.raises(ValueError, match="unknown stage 'llvm'"):
        lowered.as_text("llvm")


def test_passes_option():
    x = np.ones((8, 16), np.float32)
    unfused = fx.jit(scaled_mean.function, passes="")
    assert "hlo.fusion" not in unfused.lower(x, x).as_text("optimized_hlo")
    np.testing.assert_allclose(unfused(x, x), scaled_mean(x, x))


def test_dump_to(tmp_path):
    f = fx.jit(lambda x: fnp.exp(x).sum(), dump_to=str(tmp_path))
    f(np.ones(4))
    f(np.ones(5))
    names = sorted(os.listdir(tmp_path))
    assert names == [f"lambda.{n}.{stage}" for n in (1, 2) for stage in (
        "hlo.mlir", "optimized_hlo.dot", "optimized_hlo.mlir")]
    assert "tensor<5xf64>" in (tmp_path / "lambda.2.hlo.mlir").read_text()


def unsupported(x):
    return np.unique(x) + 1  # the unique line


def test_unsupported_op_points_at_the_line():
    pattern = (r"test_jit.py:%d:\d+: error: numpy.unique cannot be compiled: "
               r"fuse has no equivalent operation" % line_of("the unique line"))
    with pytest.raises(fx.CompileError, match=pattern) as info:
        fx.jit(unsupported)(np.ones(3))
    assert info.value.location[1] == line_of("the unique line")


def control_flow(x):
    if x.sum() > 0:  # the branch line
        return x
    return -x


def test_python_control_flow_on_values_is_an_error():
    with pytest.raises(fx.CompileError, match=r"test_jit.py:%d:\d+: error: "
                       r"bool\(\) needs the value of a traced array"
                       % line_of("the branch line")):
        fx.jit(control_flow)(np.ones(3))


def test_unsupported_dtype():
    with pytest.raises(fx.CompileError, match="arrays of complex256 cannot "
                       "be compiled"):
        fx.jit(lambda x: x + 1)(np.ones(3, np.clongdouble))


def exp_and_row_sums(x):
    e = fnp.exp(x)
    return e.sum(axis=1), e  # the row sum line


def test_compiler_diagnostics_carry_the_line():
    # An error of a pass, not of the tracer: it points at the user's line
    # of the op it is about.
    f = fx.jit(exp_and_row_sums, passes="split-tensors{tensor-size-threshold"
               "=100B fail-on-unsplittable=true}")
    line = line_of("the row sum line")
    with pytest.raises(fx.CompileError, match=r"test_jit.py:%d:\d+: error: "
                       r"cannot split `hlo.reduce`" % line) as info:
        f(np.ones((10, 10)))
    assert info.value.location[1] == line
    assert "see current operation" not in str(info.value)


def test_bad_pass_name():
    f = fx.jit(lambda x: x + 1, passes="no-such-pass")
    with pytest.raises(fx.CompileError, match="'no-such-pass' does not "
                       "refer to a registered pass"):
        f(np.ones(3))


def pipeline(x, w):
    h = np.tanh(x @ w)
    order = np.argsort(h, axis=1)  # compiled
    ranked = np.take_along_axis(h, order, axis=1)  # host op 1
    top = ranked[:, -2:]
    return fnp.exp(top).sum(axis=1) + fnp.max(h, axis=1), np.diff(
        h, axis=1)  # host op 2


def test_fallback_runs_clusters_and_numpy(rng):
    x = rng.standard_normal((6, 5))
    w = rng.standard_normal((5, 4))
    f = fx.jit(pipeline, fallback=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        actual = f(x, w)
    expected = pipeline(x, w)
    for a, e in zip(actual, expected):
        np.testing.assert_allclose(a, e, rtol=1e-12)
    lowered = f.lower(x, w)
    assert [op.split(" at ")[0] for op in lowered.fallback_ops] == [
        "numpy.take_along_axis", "numpy.diff"]
    assert lowered.fallback_ops[0].endswith(
        f"test_jit.py:{line_of('host op 1')}")
    hlo = lowered.as_text()
    # tanh(x @ w) before the host ops, exp/sum/max after them.
    assert "func.func @cluster0" in hlo and "func.func @cluster1" in hlo
    assert [w.category for w in caught] == [fx.FallbackWarning]
    assert "2 operation(s) ran with numpy" in str(caught[0].message)


def test_fallback_strict_parts_are_one_function(rng):
    f = fx.jit(lambda x: fnp.exp(x) * 2, fallback=True)
    x = rng.standard_normal(4)
    np.testing.assert_allclose(f(x), np.exp(x) * 2)
    assert f.lower(x).fallback_ops == []
    assert "func.func @main" in f.lower(x).as_text()


def test_fallback_data_dependent_shape_is_an_error():
    f = fx.jit(lambda x: np.unique(x) * 2, fallback=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(fx.CompileError, match="numpy.unique returned "
                           r"shape \(2,\), not the \(1,\) it had when traced"):
            f(np.array([1.0, 2.0, 2.0]))
