"""fuse_hlo: compile numpy-style Python functions with the fuse compiler.

    import fuse_hlo as fx
    import fuse_hlo.numpy as fnp

    @fx.jit
    def f(x, y):
        return fnp.mean(x * x * 3 + y, axis=1)
"""

from . import numpy  # noqa: F401  (attaches the Tracer's operators)
from ._capi import spmd_device
from ._device import DeviceArray, device_put, take_gpu_profile
from ._errors import CompileError, FallbackWarning
from ._hlo_import import import_hlo
from ._jit import DEFAULT_PASSES, jit
from ._profile import KernelTime, Profile
from ._stages import STAGES
from ._types import ELEMENT_TYPES


def signature(program, entry="main"):
    """The types of function `entry` of an hlo program (MLIR text) as two
    lists, inputs and results, of (shape, numpy dtype)."""
    from ._capi import Module

    return Module.parse(program, "<signature>").signature(entry)


__all__ = ["CompileError", "DEFAULT_PASSES", "DeviceArray", "ELEMENT_TYPES",
           "FallbackWarning", "KernelTime", "Profile", "STAGES", "device_put",
           "import_hlo", "jit", "numpy", "signature", "spmd_device",
           "take_gpu_profile"]
__version__ = "0.1.0"
