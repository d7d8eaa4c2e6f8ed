"""import_hlo: XLA HLO text from JAX compiled by fuse, compared with JAX.

The committed programs (test/Target/HLOText/jax, written by its generate.py
with JAX on the CPU) run without JAX; test_hlo_import_live.py lowers more
when JAX is installed."""

import glob
import os

import numpy as np
import pytest

import fuse_hlo as fx

JAX_DIR = os.path.join(os.path.dirname(__file__), "..", "Target", "HLOText",
                       "jax")


def committed_programs():
    return sorted(glob.glob(os.path.join(JAX_DIR, "*.hlo")))


@pytest.mark.parametrize("path", committed_programs(),
                         ids=lambda p: os.path.basename(p))
def test_committed_jax_programs(path):
    stem = path[:-len(".hlo")]
    inputs = [np.load(f) for f in sorted(glob.glob(f"{stem}.arg*.npy"))]
    expected = [np.load(f) for f in sorted(glob.glob(f"{stem}.result*.npy"))]
    assert expected, f"no reference results for {path}"
    with open(path) as file:
        program = fx.import_hlo(file.read(), os.path.basename(path))
    for passes in ("", fx.DEFAULT_PASSES):
        program.passes = passes
        program._optimized = program._executable = None
        actual = program(*inputs)
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert a.shape == e.shape and a.dtype == e.dtype
            np.testing.assert_allclose(a, e, rtol=2e-5, atol=2e-6)
