"""A program at the stages users inspect: as traced or imported, and after
fuse's passes (also as a Graphviz graph)."""

import os

STAGES = ("hlo", "optimized_hlo", "optimized_hlo_dot")

#: The file name suffix of each stage in a dump.
_SUFFIXES = {"hlo": "hlo.mlir", "optimized_hlo": "optimized_hlo.mlir",
             "optimized_hlo_dot": "optimized_hlo.dot",
             "xla_hlo": "xla_hlo.txt"}


class StagedModule:
    """Holds `module` unchanged and, made on first use, a copy of it after
    `passes`, which is what gets compiled."""

    #: The stages as_text gives, and dump writes.
    STAGES = STAGES

    def __init__(self, module, passes):
        self.module = module
        self.passes = passes
        self._optimized = None

    def optimized(self):
        if self._optimized is None:
            optimized = self.module.clone()
            optimized.run_passes(self.passes)
            self._optimized = optimized
        return self._optimized

    def as_text(self, stage="hlo", locations=False):
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

    def dump(self, directory, prefix):
        """Writes each stage to `directory` as `prefix.<stage suffix>`."""
        os.makedirs(directory, exist_ok=True)
        for stage in self.STAGES:
            path = os.path.join(directory, f"{prefix}.{_SUFFIXES[stage]}")
            with open(path, "w") as file:
                file.write(self.as_text(stage))
