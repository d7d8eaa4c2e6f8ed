"""The persistent compilation cache from Python (docs/cache.md): on by
default, keyed by the program, its passes and the pipeline options, and safe
against damaged entries."""

import glob
import logging
import os

import numpy as np
import pytest

import fuse_hlo as fx

PROGRAM = os.path.join(os.path.dirname(__file__), "..", "Target", "HLOText",
                       "Inputs", "jax", "mlp", "program.hlo")


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    directory = tmp_path / "cache"
    monkeypatch.setenv("FUSE_CACHE_DIR", str(directory))
    monkeypatch.setenv("FUSE_CACHE_MIN_COMPILE_SECONDS", "0")
    return directory


def compile_program(**kwargs):
    with open(PROGRAM) as file:
        program = fx.import_hlo(file.read(), "mlp", **kwargs)
    inputs = [np.load(path) for path in sorted(glob.glob(os.path.join(
        os.path.dirname(PROGRAM), "arg*.npy")))]
    results = program(*inputs)
    return program._executable, results


def test_a_second_compile_is_a_hit(cache_dir):
    first, expected = compile_program()
    assert first.cache_outcome == "miss, stored"
    assert len(list(cache_dir.glob("*.fuse"))) == 1
    second, results = compile_program()
    assert second.cache_outcome == "hit"
    for a, e in zip(results, expected):
        np.testing.assert_array_equal(a, e)


def test_other_passes_or_options_are_misses(cache_dir):
    compile_program()
    assert compile_program(passes="")[0].cache_outcome == "miss, stored"
    assert compile_program(pipeline_options="parallel=false")[
        0].cache_outcome == "miss, stored"
    assert len(list(cache_dir.glob("*.fuse"))) == 3


def test_a_damaged_entry_is_logged_and_compiled_again(cache_dir, caplog):
    _, expected = compile_program()
    (entry,) = cache_dir.glob("*.fuse")
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    with caplog.at_level(logging.WARNING, logger="fuse_hlo"):
        executable, results = compile_program()
    assert executable.cache_outcome == "miss, stored"
    assert "its checksum does not match; compiling again" in caplog.text
    for a, e in zip(results, expected):
        np.testing.assert_array_equal(a, e)
    assert compile_program()[0].cache_outcome == "hit"


def test_no_cache_when_the_directory_is_empty(monkeypatch):
    monkeypatch.setenv("FUSE_CACHE_DIR", "")
    assert compile_program()[0].cache_outcome == "off"
