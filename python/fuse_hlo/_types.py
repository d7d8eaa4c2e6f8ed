"""Element types: numpy dtypes and the hlo dialect's names for them.

The types, their names and their dtypes come from fuse's one table of them
(include/fuse/Support/ElementType.h), through the C API.
"""

import ctypes
import types

import numpy as np

from ._errors import CompileError
from ._library import lib as _lib

_lib.fuseElementTypeCount.restype = ctypes.c_size_t
_lib.fuseElementTypeCount.argtypes = []
for _name in ("fuseElementTypeName", "fuseElementTypeNpyDescr"):
    getattr(_lib, _name).restype = ctypes.c_char_p
    getattr(_lib, _name).argtypes = [ctypes.c_size_t]


# The element types numpy lacks, by their ml_dtypes names: files hold their
# bits, and JAX's arrays of them are ml_dtypes' (whose narrow integers take
# a byte each, the value in the low bits, as fuse's do).
_ML_DTYPES = {
    "bf16": "bfloat16",
    "f8E4M3FN": "float8_e4m3fn",
    "f8E5M2": "float8_e5m2",
    "f8E4M3": "float8_e4m3",
    "f8E3M4": "float8_e3m4",
    "f8E4M3FNUZ": "float8_e4m3fnuz",
    "f8E5M2FNUZ": "float8_e5m2fnuz",
    "f8E4M3B11FNUZ": "float8_e4m3b11fnuz",
    "i4": "int4",
    "ui4": "uint4",
    "i2": "int2",
    "ui2": "uint2",
}


def _numpy_dtype(name, descr):
    """The numpy dtype of the element type `name`, stored as `descr`; None
    when it needs ml_dtypes and that is not installed."""
    if name not in _ML_DTYPES:
        return np.dtype(descr)
    try:
        import ml_dtypes
    except ImportError:
        return None
    return np.dtype(getattr(ml_dtypes, _ML_DTYPES[name]))


_MLIR_NAMES = {}
for _index in range(_lib.fuseElementTypeCount()):
    _name = _lib.fuseElementTypeName(_index).decode()
    _dtype = _numpy_dtype(_name,
                          _lib.fuseElementTypeNpyDescr(_index).decode())
    if _dtype is not None:
        _MLIR_NAMES[_dtype] = _name
_DTYPES = {name: dtype for dtype, name in _MLIR_NAMES.items()}

#: fuse's element types, public and read-only: each hlo name ("f32", "bf16",
#: "ui8") and the numpy dtype of its arrays. bf16, the 8-bit floats and the
#: 4- and 2-bit integers are there when ml_dtypes is installed.
ELEMENT_TYPES = types.MappingProxyType(_DTYPES)


def is_supported(dtype):
    return np.dtype(dtype) in _MLIR_NAMES


def check_supported(dtype, location=None):
    dtype = np.dtype(dtype)
    if dtype not in _MLIR_NAMES:
        raise CompileError(
            f"arrays of {dtype} cannot be compiled: fuse supports "
            f"{', '.join(str(d) for d in _MLIR_NAMES)}"
            f"{'' if 'bf16' in _DTYPES else ' (bfloat16, float8 and int4 with ml_dtypes)'}",
            location)
    return dtype


def mlir_element_type(dtype):
    return _MLIR_NAMES[np.dtype(dtype)]


def dtype_of(element_type):
    return _DTYPES[element_type]


def tensor_type(shape, dtype):
    """``tensor<2x3xf32>``; ``tensor<f32>`` for rank 0."""
    dims = "".join(f"{size}x" for size in shape)
    return f"tensor<{dims}{mlir_element_type(dtype)}>"


def parse_signature(signature):
    """``"f32[2,3],i1[]->f64[4]"`` as two lists of (shape, dtype)."""

    def parse_list(text):
        types = []
        for item in filter(None, text.replace("],", "];").split(";")):
            element, dims = item[:-1].split("[")
            shape = tuple(int(size) for size in dims.split(",") if size)
            types.append((shape, dtype_of(element)))
        return types

    inputs, outputs = signature.split("->")
    return parse_list(inputs), parse_list(outputs)
