"""Packs libFuseCAPI.so, built by CMake, into the wheel next to fuse_hlo.

The library is taken from $FUSE_BUILD_DIR/lib (default: ../build/lib);
build it first with scripts/setup.sh. It links the system's libMLIR.so
(LLVM 22) at run time.
"""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = "libFuseCAPI.so"


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        build_dir = os.environ.get("FUSE_BUILD_DIR",
                                   os.path.join(HERE, "..", "build"))
        source = os.path.join(build_dir, "lib", LIBRARY)
        if not os.path.exists(source):
            raise SystemExit(f"{source} is missing: build fuse first "
                             "(scripts/setup.sh) or set FUSE_BUILD_DIR")
        target = os.path.join(self.build_lib, "fuse_hlo", "_lib")
        os.makedirs(target, exist_ok=True)
        shutil.copy2(source, os.path.join(target, LIBRARY))


class BinaryDistribution(Distribution):
    """The wheel holds a native library: it is platform-specific."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
