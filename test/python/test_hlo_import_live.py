"""import_hlo on HLO text that JAX lowers while the test runs (skipped
without JAX), compared numerically with JAX."""

import numpy as np
import pytest

import fuse_hlo as fx

jax = pytest.importorskip("jax", reason="live HLO import tests need JAX")
jnp = jax.numpy
jax.config.update("jax_platforms", "cpu")


def compare_with_jax(function, *args, rtol=2e-5, atol=2e-6):
    text = jax.jit(function).lower(*args).as_text(dialect="hlo")
    program = fx.import_hlo(text, "live.hlo")
    expected = jax.jit(function)(*args)
    expected = expected if isinstance(expected, tuple) else (expected,)
    actual = program(*[np.asarray(a) for a in args])
    assert len(actual) == len(expected)
    for a, e in zip(actual, expected):
        np.testing.assert_allclose(a, np.asarray(e), rtol=rtol, atol=atol)
    return program


def test_live_softmax_and_layer_norm(rng):
    x = rng.standard_normal((16, 33)).astype(np.float32)
    compare_with_jax(jax.nn.softmax, x)

    def layer_norm(x, gamma, beta):
        mean = x.mean(axis=-1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta
    compare_with_jax(layer_norm, x, np.ones(33, np.float32),
                     np.zeros(33, np.float32))


def test_live_mlp_with_argmax(rng):
    x = rng.standard_normal((8, 20)).astype(np.float32)
    w1 = rng.standard_normal((20, 32)).astype(np.float32) * 0.2
    w2 = rng.standard_normal((32, 5)).astype(np.float32) * 0.2

    def mlp(x, w1, w2):
        logits = jax.nn.relu(x @ w1) @ w2
        return jax.nn.log_softmax(logits), jnp.argmax(logits, axis=1)
    program = compare_with_jax(mlp, x, w1, w2)
    assert "hlo.fusion" in program.as_text("optimized_hlo")


def test_live_unsupported_op_names_it_and_its_line():
    # jnp.linalg.eig is LAPACK's geev, a custom call fuse does not import.
    text = jax.jit(lambda a: jnp.linalg.eig(a)[0]).lower(
        np.eye(3, dtype=np.float32)).as_text(dialect="hlo")
    line = next(n for n, l in enumerate(text.splitlines(), 1)
                if "lapack_sgeev_ffi" in l)
    with pytest.raises(fx.CompileError,
                       match=rf"eig.hlo:{line}:\d+: error: unsupported HLO "
                       r"op 'custom-call' \(custom_call_target="
                       r'"lapack_sgeev_ffi"\)') as info:
        fx.import_hlo(text, "eig.hlo")
    assert info.value.location[:2] == ("eig.hlo", line)
