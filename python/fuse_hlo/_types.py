"""Element types: numpy dtypes and the hlo dialect's names for them."""

import numpy as np

from ._errors import CompileError

_MLIR_NAMES = {
    np.dtype(np.float16): "f16",
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
    np.dtype(np.bool_): "i1",
    np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "ui8",
    np.dtype(np.uint16): "ui16",
    np.dtype(np.uint32): "ui32",
    np.dtype(np.uint64): "ui64",
}
try:
    # bfloat16 is not a numpy type; JAX's arrays of it use ml_dtypes'.
    import ml_dtypes
    _MLIR_NAMES[np.dtype(ml_dtypes.bfloat16)] = "bf16"
except ImportError:
    pass
_DTYPES = {name: dtype for dtype, name in _MLIR_NAMES.items()}


def is_supported(dtype):
    return np.dtype(dtype) in _MLIR_NAMES


def check_supported(dtype, location=None):
    dtype = np.dtype(dtype)
    if dtype not in _MLIR_NAMES:
        raise CompileError(
            f"arrays of {dtype} cannot be compiled: fuse supports float16, "
            "bfloat16 (with ml_dtypes), float32, float64, bool, "
            "int8/16/32/64 and uint8/16/32/64",
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
