"""Element types come from fuse's one table (Support/ElementType.h)."""

import ctypes

import numpy as np
import pytest

import fuse_hlo
from fuse_hlo import _library


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
        if name == "bf16" and name not in fuse_hlo.ELEMENT_TYPES:
            continue  # without ml_dtypes
        dtype = fuse_hlo.ELEMENT_TYPES[name]
        assert dtype.itemsize == size, name
        if name != "bf16":
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
        double(np.zeros(3, np.complex64))
