"""Puts this tree's python/ first on sys.path, so that the fuzzers write
their programs with the fuse_hlo package's hlo writer (fuse_hlo.hlo_text)
without installing the package. That writer needs only the standard
library, as the fuzzers do: lit runs them under the system's python."""

import sys
from pathlib import Path

PYTHON = str(Path(__file__).resolve().parents[2] / "python")
if PYTHON not in sys.path:
    sys.path.insert(0, PYTHON)
