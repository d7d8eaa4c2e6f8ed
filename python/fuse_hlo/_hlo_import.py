"""``import_hlo``: run XLA HLO text (as JAX or TensorFlow dump it) with
fuse."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import numpy.typing as npt

from ._capi import Module, check_target
from ._jit import DEFAULT_PASSES
from ._profile import (Profile, check_profiled_target, check_runs,
                       profile_calls, with_kernel_tracing)
from ._stages import StagedModule


class HloProgram(StagedModule):
    """An imported HLO module at each stage (``as_text``); call it on numpy
    arrays (the entry's parameters in order) for the list of the entry's
    results."""

    def __init__(self, text: str, name: str, passes: str,
                 pipeline_options: str, target: str = "cpu") -> None:
        super().__init__(Module.import_hlo_text(text, name), passes)
        self.name = name
        self.inputs, self.outputs = self.module.signature("main")
        self.pipeline_options = pipeline_options
        self.target = check_target(target)
        self._executable = None
        self._traced = None

    def __call__(self, *arrays: npt.ArrayLike,
                 out: Optional[Sequence[np.ndarray]] = None
                 ) -> list[np.ndarray]:
        """The entry's results for `arrays`, built in place: in the arrays
        of `out` when given (see Executable.__call__), else in new ones."""
        if self._executable is None:
            self._executable = self.compile_entry(
                "main", self.pipeline_options, self.target)
        return self._executable(*arrays, out=out)

    def profile(self, *arrays: npt.ArrayLike, runs: int = 3) -> Profile:
        """Where a call's time goes, kernel by kernel, as fuse-run's
        --trace measures it: the program compiled with timing hooks (apart
        from the plain compiled code), called once untimed and then `runs`
        times on `arrays`."""
        check_runs(runs)
        check_profiled_target(self.target)
        if self._traced is None:
            self._traced = self.compile_entry(
                "main", with_kernel_tracing(self.pipeline_options))
        return profile_calls(self._traced,
                             self._traced.checked_inputs(arrays), runs,
                             self.name)


def import_hlo(text: str, name: str = "<hlo>", passes: str = DEFAULT_PASSES,
               pipeline_options: str = "", target: str = "cpu") -> HloProgram:
    """Imports HLO text (``jax.jit(f).lower(...).as_text(dialect="hlo")``,
    or an XLA dump's ``*.txt``) as a callable program for `target` ("cpu"
    or "cuda", as for ``fuse_hlo.jit``). An op fuse does not support is a
    CompileError naming it and its line."""
    return HloProgram(text, name, passes, pipeline_options, target)
