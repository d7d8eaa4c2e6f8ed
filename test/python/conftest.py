"""pytest setup: import fuse_hlo from the source tree unless installed."""

import os
import sys

import numpy as np
import pytest

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
# No persistent compilation cache but in the tests of it, which name their
# own directories: a compile a test checks must not be a hit.
os.environ["FUSE_CACHE_DIR"] = ""

try:
    import fuse_hlo  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(_ROOT, "python"))


@pytest.fixture
def rng():
    return np.random.default_rng(0)
