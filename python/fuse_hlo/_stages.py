"""A program at the stages users inspect: as traced or imported, and after
fuse's passes (also as a Graphviz graph)."""

STAGES = ("hlo", "optimized_hlo", "optimized_hlo_dot")


class StagedModule:
    """Holds `module` unchanged and, made on first use, a copy of it after
    `passes`, which is what gets compiled."""

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
