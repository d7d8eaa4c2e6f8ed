"""fuse_hlo: compile numpy-style Python functions with the fuse compiler.

    import fuse_hlo as fx
    import fuse_hlo.numpy as fnp

    @fx.jit
    def f(x, y):
        return fnp.mean(x * x * 3 + y, axis=1)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

# The public names and the modules that define them. They are imported on
# first use, so that the stdlib-only hlo writer (fuse_hlo.hlo_text) imports
# without numpy or libFuseCAPI.
_PUBLIC = {
    "CompileError": "_errors", "FallbackWarning": "_errors",
    "DEFAULT_PASSES": "_jit", "jit": "_jit",
    "DeviceArray": "_device", "device_put": "_device",
    "take_gpu_profile": "_device", "ELEMENT_TYPES": "_types",
    "KernelTime": "_profile", "Profile": "_profile", "STAGES": "_stages",
    "import_hlo": "_hlo_import", "spmd_device": "_capi",
}

if TYPE_CHECKING:
    from ._capi import spmd_device  # noqa: F401
    from ._device import DeviceArray, device_put, take_gpu_profile  # noqa
    from ._errors import CompileError, FallbackWarning  # noqa: F401
    from ._hlo_import import import_hlo  # noqa: F401
    from ._jit import DEFAULT_PASSES, jit  # noqa: F401
    from ._profile import KernelTime, Profile  # noqa: F401
    from ._stages import STAGES  # noqa: F401
    from ._types import ELEMENT_TYPES  # noqa: F401


def __getattr__(name):
    if name == "numpy":
        return importlib.import_module(".numpy", __name__)
    if name not in _PUBLIC:
        raise AttributeError(f"module 'fuse_hlo' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_PUBLIC[name]}", __name__),
                    name)
    globals()[name] = value
    return value


def __dir__():
    return sorted({*globals(), *__all__})


def signature(program, entry="main"):
    """The types of function `entry` of an hlo program (MLIR text) as two
    lists, inputs and results, of (shape, numpy dtype)."""
    from ._capi import Module

    return Module.parse(program, "<signature>").signature(entry)


__all__ = ["CompileError", "DEFAULT_PASSES", "DeviceArray", "ELEMENT_TYPES",
           "FallbackWarning", "KernelTime", "Profile", "STAGES", "device_put",
           "hlo_text", "import_hlo", "jit", "numpy", "signature",
           "spmd_device", "take_gpu_profile"]
__version__ = "0.1.0"
