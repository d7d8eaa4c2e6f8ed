"""``import_hlo``: run XLA HLO text (as JAX or TensorFlow dump it) with
fuse."""

from ._capi import Module
from ._jit import DEFAULT_PASSES, STAGES


class HloProgram:
    """An imported HLO module: call it on numpy arrays (the entry's
    parameters in order); it returns the list of the entry's results."""

    def __init__(self, text, name, passes, pipeline_options):
        self.name = name
        self.module = Module.import_hlo_text(text, name)
        self.inputs, self.outputs = self.module.signature("main")
        self.passes = passes
        self.pipeline_options = pipeline_options
        self._optimized = None
        self._executable = None

    def optimized(self):
        if self._optimized is None:
            module = self.module.clone()
            module.run_passes(self.passes)
            self._optimized = module
        return self._optimized

    def as_text(self, stage="hlo", locations=False):
        """The imported program ("hlo"), after the passes
        ("optimized_hlo") or as a Graphviz graph ("optimized_hlo_dot")."""
        if stage == "hlo":
            return self.module.text(locations)
        if stage == "optimized_hlo":
            return self.optimized().text(locations)
        if stage == "optimized_hlo_dot":
            return self.optimized().graphviz()
        raise ValueError(f"unknown stage {stage!r}; stages: "
                         + ", ".join(STAGES))

    def __call__(self, *arrays):
        if self._executable is None:
            self._executable = self.optimized().compile(
                "main", self.pipeline_options)
        return self._executable(*arrays)


def import_hlo(text, name="<hlo>", passes=DEFAULT_PASSES,
               pipeline_options=""):
    """Imports HLO text (``jax.jit(f).lower(...).as_text(dialect="hlo")``,
    or an XLA dump's ``*.txt``) as a callable program. An op fuse does not
    support is a CompileError naming it and its line."""
    return HloProgram(text, name, passes, pipeline_options)
