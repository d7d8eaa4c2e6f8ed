"""A program at the stages users inspect: as traced or imported, and after
fuse's passes (also as a Graphviz graph)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from ._capi import Executable, Module

STAGES: tuple[str, ...] = ("hlo", "optimized_hlo", "optimized_hlo_dot")

#: A directory name.
PathLike = Union[str, "os.PathLike[str]"]

#: The file name suffix of each stage in a dump.
_SUFFIXES = {"hlo": "hlo.mlir", "optimized_hlo": "optimized_hlo.mlir",
             "optimized_hlo_dot": "optimized_hlo.dot",
             "xla_hlo": "xla_hlo.txt"}


class StagedModule:
    """Holds `module` unchanged and, made on first use, a copy of it after
    `passes`, which is what gets compiled."""

    #: The stages as_text gives, and dump writes.
    STAGES: tuple[str, ...] = STAGES

    def __init__(self, module: Module, passes: str) -> None:
        self.module = module
        self.passes = passes
        self._optimized = None

    def optimized(self) -> Module:
        if self._optimized is None:
            optimized = self.module.clone()
            optimized.run_passes(self.passes)
            self._optimized = optimized
        return self._optimized

    def compile_entry(self, entry: str, pipeline_options: str,
                      target: str = "cpu") -> Executable:
        """Compiles `entry` of the module after the passes, for `target`.
        The passes run in the compile, which the persistent compilation
        cache may answer without running them or the lowering
        (docs/cache.md)."""
        return self.module.compile(entry, pipeline_options,
                                   passes=self.passes, target=target)

    def as_text(self, stage: str = "hlo", locations: bool = False) -> str:
        """The program at `stage`: "hlo" (before the passes),
        "optimized_hlo" (after them) or "optimized_hlo_dot" (that, as a
        Graphviz graph); `locations` adds the `loc(...)` of each op."""
        if stage == "hlo":
            return self.module.text(locations)
        if stage == "optimized_hlo":
            return self.optimized().text(locations)
        if stage == "optimized_hlo_dot":
            return self.optimized().graphviz()
        raise ValueError(f"unknown stage {stage!r}; stages: "
                         + ", ".join(STAGES))

    def dump(self, directory: PathLike, prefix: str) -> None:
        """Writes each stage to `directory` as `prefix.<stage suffix>`."""
        os.makedirs(directory, exist_ok=True)
        for stage in self.STAGES:
            path = os.path.join(directory, f"{prefix}.{_SUFFIXES[stage]}")
            with open(path, "w") as file:
                file.write(self.as_text(stage))
