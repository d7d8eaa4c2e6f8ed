"""Element types come from fuse's one table (Support/ElementType.h)."""

import ctypes

import numpy as np
import pytest

import fuse_hlo
from fuse_hlo import _library, _types


def _table():
    lib = _library.lib
    lib.fuseElementTypeBytes.restype = ctypes.c_size_t
    lib.fuseElementTypeBytes.argtypes = [ctypes.c_size_t]
    return [(lib.fuseElementTypeName(i).decode(), lib.fuseElementTypeBytes(i),
             lib.fuseElementTypeNpyDescr(i).decode())
            for i in range(lib.fuseElementTypeCount())]


def test_element_types_are_the_c_apis():
    table = _table()
    names = [name for name, _, _ in table]
    assert names[:4] == ["f16", "bf16", "f32", "f64"]
    for name, size, descr in table:
        if name not in fuse_hlo.ELEMENT_TYPES:
            assert name in _types._ML_DTYPES  # without ml_dtypes
            continue
        dtype = fuse_hlo.ELEMENT_TYPES[name]
        assert dtype.itemsize == size, name
        if name not in _types._ML_DTYPES:
            assert dtype == np.dtype(descr), name
    assert set(fuse_hlo.ELEMENT_TYPES) <= set(names)
    assert fuse_hlo.ELEMENT_TYPES["i1"] == np.dtype(bool)
    assert fuse_hlo.ELEMENT_TYPES["ui16"] == np.dtype(np.uint16)


def test_signature_of_a_program():
    program = """
    func.func @main(%x: tensor<2x3xf32>, %n: tensor<ui8>) -> tensor<3xi1> {
      %c = hlo.constant dense<true> : tensor<3xi1>
      return %c : tensor<3xi1>
    }"""
    inputs, results = fuse_hlo.signature(program)
    assert inputs == [((2, 3), np.dtype(np.float32)), ((), np.dtype(np.uint8))]
    assert results == [((3,), np.dtype(bool))]


def test_unsupported_dtypes_name_the_supported_ones():
    @fuse_hlo.jit
    def double(x):
        return x + x

    with pytest.raises(fuse_hlo.CompileError, match="uint16"):
        double(np.zeros(3, np.clongdouble))


def test_float8_and_int4_arrays_compute_as_ml_dtypes_do():
    ml_dtypes = pytest.importorskip("ml_dtypes")

    @fuse_hlo.jit
    def scale_and_add(x, y, i, j):
        return x * y + x, i + j

    rng = np.random.default_rng(0)
    x = rng.uniform(-4, 4, 64).astype(ml_dtypes.float8_e4m3fn)
    y = rng.uniform(-4, 4, 64).astype(ml_dtypes.float8_e4m3fn)
    i = rng.integers(-8, 8, 64).astype(ml_dtypes.int4)
    j = rng.integers(-8, 8, 64).astype(ml_dtypes.int4)
    floats, ints = scale_and_add(x, y, i, j)
    assert floats.dtype == x.dtype and ints.dtype == i.dtype
    # Each op rounds to 8 bits; the integers wrap at 4.
    f32 = np.float32
    product = (x.astype(f32) * y.astype(f32)).astype(x.dtype)
    want = (product.astype(f32) + x.astype(f32)).astype(x.dtype)
    np.testing.assert_array_equal(floats.astype(f32), want.astype(f32))
    wrapped = (i.astype(np.int32) + j.astype(np.int32) + 8) % 16 - 8
    np.testing.assert_array_equal(ints.astype(np.int32), wrapped)
