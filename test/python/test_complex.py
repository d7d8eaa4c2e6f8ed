"""Complex arrays (numpy's complex64 and complex128) through fuse_hlo.jit,
and JAX programs with Fourier transforms and complex loop state through
fuse_hlo.jax.jit, against numpy and jax.jit."""

import numpy as np
import pytest

import fuse_hlo as fx


def _complex(rng, shape, dtype):
    return (rng.standard_normal(shape)
            + 1j * rng.standard_normal(shape)).astype(dtype)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_arithmetic_matches_numpy(dtype):
    rng = np.random.default_rng(0)
    z, w = _complex(rng, (3, 5), dtype), _complex(rng, (3, 5), dtype)

    def f(z, w):
        return (z * w + 1, z / w, (z - w).sum(axis=1), np.abs(z), z.real,
                np.imag(w), (z * w.conj()).real, np.exp(z) @ w.T)

    tolerance = 1e-5 if dtype == np.complex64 else 1e-12
    for got, want in zip(fx.jit(f, fallback=False)(z, w), f(z, w)):
        assert got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=tolerance)


def test_fourier_transforms_match_jax():
    jax = pytest.importorskip("jax", reason="the JAX front end needs JAX")
    import fuse_hlo.jax as fjax
    jnp = jax.numpy

    def spectra(x, z):
        r = jnp.fft.rfft(x, axis=-1)
        g = jnp.fft.fft2(z)
        return (jnp.abs(r) ** 2, jnp.fft.irfft(r * 0.5, n=x.shape[-1]),
                jnp.fft.ifft(g * jnp.conj(g)), jnp.angle(z))

    rng = np.random.default_rng(1)
    x = rng.standard_normal((16, 64)).astype(np.float32)
    z = _complex(rng, (8, 32), np.complex64)
    for got, want in zip(fjax.jit(spectra)(x, z), jax.jit(spectra)(x, z)):
        want = np.asarray(want)
        assert got.dtype == want.dtype and got.shape == want.shape
        # Normwise: the transforms' sums round differently in each.
        assert np.linalg.norm(got - want) <= 1e-5 * np.linalg.norm(want)


def test_scan_carrying_complex_state_matches_jax():
    jax = pytest.importorskip("jax", reason="the JAX front end needs JAX")
    import fuse_hlo.jax as fjax

    def rotations(z, w):
        def step(carry, _):
            carry = carry * w + 1
            return carry, carry.real.sum()

        return jax.lax.scan(step, z, None, length=8)

    rng = np.random.default_rng(2)
    z = _complex(rng, (5,), np.complex64)
    w = (0.9 * np.exp(1j * rng.uniform(0, 6, 5))).astype(np.complex64)
    for got, want in zip(fjax.jit(rotations)(z, w), jax.jit(rotations)(z, w)):
        np.testing.assert_allclose(got, np.asarray(want), rtol=1e-5, atol=1e-5)


def test_cond_with_complex_results_matches_jax():
    jax = pytest.importorskip("jax", reason="the JAX front end needs JAX")
    import fuse_hlo.jax as fjax

    def pick(z, w, flag):
        return jax.lax.cond(flag, lambda: z * w, lambda: jax.numpy.conj(z))

    rng = np.random.default_rng(3)
    z, w = _complex(rng, (6,), np.complex64), _complex(rng, (6,), np.complex64)
    for flag in (True, False):
        got = fjax.jit(pick)(z, w, np.bool_(flag))
        np.testing.assert_allclose(got, np.asarray(jax.jit(pick)(z, w, flag)),
                                   rtol=1e-6)


def test_indexing_complex_arrays_matches_jax():
    jax = pytest.importorskip("jax", reason="the JAX front end needs JAX")
    import fuse_hlo.jax as fjax
    jnp = jax.numpy

    def index(z, idx):
        return z[idx] * 2, jnp.flip(z, axis=1)[:, 1:3], z.T.sum(axis=1)

    rng = np.random.default_rng(4)
    z = _complex(rng, (5, 4), np.complex64)
    idx = np.array([4, 0, 2, 2], np.int32)
    for got, want in zip(fjax.jit(index)(z, idx), jax.jit(index)(z, idx)):
        np.testing.assert_allclose(got, np.asarray(want), rtol=1e-6)


def test_complex_functions_match_jax():
    jax = pytest.importorskip("jax", reason="the JAX front end needs JAX")
    import fuse_hlo.jax as fjax
    jnp = jax.numpy

    def functions(z):
        return (jax.lax.rsqrt(z), jnp.sin(z), jnp.cos(z), jnp.sign(z),
                jnp.sign(z * 0))

    rng = np.random.default_rng(5)
    z = _complex(rng, (16,), np.complex64)
    for got, want in zip(fjax.jit(functions)(z), jax.jit(functions)(z)):
        np.testing.assert_allclose(got, np.asarray(want), rtol=2e-6,
                                   atol=1e-6)
