"""import_hlo: XLA HLO text from JAX compiled by fuse, compared with JAX.

The committed programs (test/Target/HLOText/Inputs/jax, written by its
generate.py
with JAX on the CPU: program.hlo, arg<i>.npy, expected/result<i>.npy, and
XLA's own dump xla_dump.hlo for some) run without JAX;
test_hlo_import_live.py lowers more when JAX is installed."""

import glob
import os

import numpy as np
import pytest

import fuse_hlo as fx

JAX_DIR = os.path.join(os.path.dirname(__file__), "..", "Target", "HLOText",
                       "Inputs", "jax")


def committed_programs():
    return sorted(glob.glob(os.path.join(JAX_DIR, "*", "*.hlo")))


def load_numbered(pattern):
    paths = glob.glob(pattern)
    paths.sort(key=lambda p: int("".join(filter(str.isdigit,
                                                os.path.basename(p)))))
    return [np.load(p) for p in paths]


@pytest.mark.parametrize(
    "path", committed_programs(),
    ids=lambda p: "/".join(p.split(os.sep)[-2:]))
def test_committed_jax_programs(path):
    directory = os.path.dirname(path)
    inputs = load_numbered(os.path.join(directory, "arg*.npy"))
    expected = load_numbered(os.path.join(directory, "expected",
                                          "result*.npy"))
    assert expected, f"no reference results for {path}"
    with open(path) as file:
        text = file.read()
    for passes in ("", fx.DEFAULT_PASSES):
        program = fx.import_hlo(text, os.path.basename(path), passes=passes)
        actual = program(*inputs)
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert a.shape == e.shape and a.dtype == e.dtype
            np.testing.assert_allclose(a, e, rtol=2e-5, atol=2e-6)
