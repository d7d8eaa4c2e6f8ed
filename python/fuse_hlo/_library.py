"""Loads libFuseCAPI.so (include/fuse-c/Fuse.h), for the modules that bind it."""

import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_LIBRARY_NAME = "libFuseCAPI.so"


def _library_candidates():
    if os.environ.get("FUSE_HLO_LIBRARY"):
        yield os.environ["FUSE_HLO_LIBRARY"]
    # Installed wheel: next to this file. Source tree: the CMake build.
    yield os.path.join(_HERE, "_lib", _LIBRARY_NAME)
    root = os.path.dirname(os.path.dirname(_HERE))
    build = os.environ.get("FUSE_BUILD_DIR", os.path.join(root, "build"))
    yield os.path.join(build, "lib", _LIBRARY_NAME)


def _load():
    tried = []
    for path in _library_candidates():
        if os.path.exists(path):
            return ctypes.CDLL(path)
        tried.append(path)
    raise ImportError(f"fuse_hlo cannot find {_LIBRARY_NAME} (looked at "
                      f"{', '.join(tried)}); build it (scripts/setup.sh) or "
                      "set FUSE_HLO_LIBRARY")


lib = _load()
lib.fuseStringDestroy.restype = None
lib.fuseStringDestroy.argtypes = [ctypes.c_void_p]


def take_string(pointer):
    """The text of a string the C API returned, which it frees; None for
    NULL."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode()
    finally:
        lib.fuseStringDestroy(pointer)
