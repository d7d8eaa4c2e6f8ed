"""``jit``: trace a numpy-style function, compile it with fuse, cache the
compiled code per argument shapes and dtypes, and run it."""

from __future__ import annotations

import functools
import logging
import os
import re
import warnings
from typing import Any, Callable, Optional, Sequence, Union, overload

import numpy as np

from . import _device, _pytree, _types
from . import numpy as _numpy  # noqa: F401  (the Tracer's operators)
from ._capi import Module, check_target
from ._emit import print_function
from ._errors import CompileError, FallbackWarning
from ._stages import PathLike, StagedModule
from ._tracing import Trace, Tracer, constant

logger = logging.getLogger("fuse_hlo")

#: The passes a jitted function gets unless it names others. Factorizations
#: and solves become products and loops, complex numbers pairs of real
#: tensors, and loops of a few counted trips (JAX's random bits) copies of
#: their body, first, so that fusion sees them. The algebraic rewrites run
#: but the squared-distance one, which cancels where distances are small.
DEFAULT_PASSES: str = ("hlo-expand-linear-algebra,hlo-expand-complex,"
                       "hlo-unroll-loops,canonicalize,"
                       "algebraic-simplify{squared-distances=false},"
                       "fuse-elementwise")


def _is_python_scalar(value):
    return isinstance(value, (bool, int, float)) and not isinstance(
        value, np.generic)


def _argument_spec(value):
    """(shape, dtype) of an argument, or (shape, dtype, True) for a Python
    scalar: Python scalars are weakly typed rank-0 arrays, as in numpy's
    promotion rules."""
    if _is_python_scalar(value):
        return (), np.asarray(value).dtype, True
    if _device.is_on_device(value):
        return _device.shape_and_dtype(value)
    array = np.asarray(value)
    return array.shape, array.dtype


def _format_specs(specs):
    return "(" + ", ".join(
        f"{'weak ' if len(spec) == 3 else ''}"
        f"{_types.mlir_element_type(spec[1])}{list(spec[0])}"
        for spec in specs) + ")"


def _unique(values):
    """`values` without repeats, by identity (a Tracer's == traces)."""
    return list({id(v): v for v in values}.values())


def _live_nodes(trace, outputs):
    """The nodes the outputs depend on, in trace order."""
    live, stack = set(), [t.node for t in outputs]
    while stack:
        node = stack.pop()
        if node in live:
            continue
        live.add(node)
        stack.extend(operand.node for operand in node.operands)
    return [node for node in trace.nodes if node in live]


def _phases(nodes):
    """Assigns each node a phase: compiled nodes of one phase form one
    cluster. A compiled node that reads a host node's result is one phase
    later than it, so no cluster waits on a host op that waits on it."""
    phase = {}
    for node in nodes:
        level = 0
        for operand in node.operands:
            producer = operand.node
            bump = producer.op == "host" and node.op != "host"
            level = max(level, phase.get(producer, 0) + bump)
        phase[node] = level
    return phase


@functools.lru_cache(maxsize=None)
def _flat_structure(length):
    """The structure of a tuple of `length` leaves."""
    return _pytree.flatten((None,) * length)[1]


class _Cluster:
    def __init__(self, name, nodes, inputs, outputs):
        self.name, self.nodes = name, nodes
        self.inputs, self.outputs = inputs, outputs
        self.executable = None


class Lowered(StagedModule):
    """A traced function for one argument signature: its hlo module (one
    function per compiled cluster) at each stage, and the plan that runs
    it."""

    def __init__(self, name: str, trace: Trace, outputs: list[Tracer],
                 out_structure: Any, passes: str,
                 pipeline_options: str, target: str = "cpu") -> None:
        self.name = name
        self.trace = trace
        self.outputs = outputs
        self.out_structure = out_structure
        self.pipeline_options = pipeline_options
        self.target = target
        self.steps = self._plan()
        self.fallback_ops = [
            f"{node.name} at {node.location[0]}:{node.location[1]}"
            for kind, node in self.steps if kind == "host"]
        hlo_text = "\n\n".join(
            print_function(cluster.name, cluster.nodes, cluster.inputs,
                           cluster.outputs)
            for kind, cluster in self.steps if kind == "cluster")
        # The user's lines are in the locations, so that diagnostics of the
        # verifier and the passes point at them.
        super().__init__(Module.parse(hlo_text, f"{name}.mlir"), passes)

    def _plan(self):
        nodes = [n for n in _live_nodes(self.trace, self.outputs)
                 if n.op != "parameter"]
        phase = _phases(nodes)
        uses = {}
        for node in nodes:
            for operand in node.operands:
                uses.setdefault(id(operand), []).append(node)
        final = {id(t) for t in self.outputs}
        steps = []
        strict = not any(node.op == "host" for node in nodes)
        for level in range(max(phase.values(), default=0) + 1):
            members = [n for n in nodes if n.op != "host"
                       and phase[n] == level]
            inside = set(members)
            if strict:
                # One function of all the parameters, so that its signature
                # is the jitted function's.
                inputs = list(self.trace.parameters)
                outputs = _unique(self.outputs)
            else:
                inputs = _unique(
                    operand for n in members for operand in n.operands
                    if operand.node not in inside)
                outputs = [t for n in members for t in n.outputs
                           if id(t) in final or any(
                               user not in inside
                               for user in uses.get(id(t), []))]
            if outputs:
                name = "main" if strict else f"cluster{level}"
                steps.append(("cluster", _Cluster(name, members, inputs,
                                                  outputs)))
            steps += [("host", n) for n in nodes
                      if n.op == "host" and phase[n] == level]
        return steps

    def compile(self) -> Compiled:
        module = self.optimized()
        for kind, step in self.steps:
            if kind == "cluster":
                step.executable = module.compile(
                    step.name, self.pipeline_options, target=self.target)
        if self.fallback_ops:
            message = (f"{self.name}: {len(self.fallback_ops)} operation(s) "
                       "ran with numpy: " + "; ".join(self.fallback_ops))
            logger.info(message)
            warnings.warn(message, FallbackWarning, stacklevel=4)
        return Compiled(self)


class Compiled:
    """Runs a Lowered program's steps on concrete arrays."""

    def __init__(self, lowered: Lowered) -> None:
        self.lowered = lowered
        self.compile_seconds = sum(
            step.executable.compile_seconds
            for kind, step in lowered.steps if kind == "cluster")
        # One cluster of all the parameters (no host steps): a call is one
        # call of its executable, whose results the outputs pick.
        self._executable = None
        if [kind for kind, _ in lowered.steps] == ["cluster"]:
            cluster = lowered.steps[0][1]
            self._executable = cluster.executable
            positions = {id(t): i for i, t in enumerate(cluster.outputs)}
            self._picks = [positions[id(t)] for t in lowered.outputs]
            if self._picks == list(range(len(cluster.outputs))):
                self._picks = None

    def __call__(self, leaves: Sequence[Any]) -> list[Any]:
        if self._executable is not None and self._executable.on_device(leaves):
            # Arrays on the GPU are read in place; the results stay there.
            results = self._executable.run_on_device(leaves)
            return results if self._picks is None else [
                results[i] for i in self._picks]
        if self._executable is not None:
            # The cache key matched: the leaves have the parameters' shapes
            # and dtypes (scalars and lists are converted).
            if not all(type(leaf) is np.ndarray for leaf in leaves):
                leaves = [leaf if type(leaf) is np.ndarray
                          else np.asarray(_device.to_host(leaf), tracer.dtype)
                          for leaf, tracer in
                          zip(leaves, self.lowered.trace.parameters)]
            results = self._executable.run(leaves)
            return results if self._picks is None else [
                results[i] for i in self._picks]
        lowered = self.lowered
        values = {}
        for tracer, leaf in zip(lowered.trace.parameters, leaves):
            values[id(tracer)] = np.asarray(_device.to_host(leaf),
                                            tracer.dtype)
        for kind, step in lowered.steps:
            if kind == "cluster":
                results = step.executable(*(values[id(t)]
                                            for t in step.inputs))
                values.update(zip(map(id, step.outputs), results))
            else:
                self._run_host(step, values)
        return [values[id(t)] for t in lowered.outputs]

    @staticmethod
    def _run_host(node, values):
        results = node.host_function(*(values[id(t)] for t in node.operands))
        if not node.attrs["tuple"]:
            results = (results,)
        for tracer, result in zip(node.outputs, results):
            result = np.asarray(result)
            if result.shape != tracer.shape:
                raise CompileError(
                    f"{node.name} returned shape {result.shape}, not the "
                    f"{tracer.shape} it had when traced: its shape depends "
                    "on the values", node.location)
            values[id(tracer)] = result.astype(tracer.dtype, copy=False)


class JitFunction:
    """A function compiled by fuse on first call for each signature."""

    #: The function's, as functools.update_wrapper copies it.
    __name__: str

    def __init__(self, function: Callable[..., Any], fallback: bool,
                 passes: str, pipeline_options: str,
                 dump_to: Optional[PathLike], target: str = "cpu") -> None:
        functools.update_wrapper(self, function)
        self.function = function
        self.fallback = fallback
        self.passes = passes
        self.pipeline_options = pipeline_options
        self.target = check_target(target)
        self.dump_to = dump_to or os.environ.get("FUSE_HLO_DUMP_TO")
        self._cache = {}
        self.compile_count = 0

    @staticmethod
    def _key(args):
        """(leaves, structure, key): the key is the structure and each
        leaf's _argument_spec. Dtypes fuse cannot compile are refused when
        compiling."""
        if any(isinstance(arg, (tuple, list, dict)) for arg in args):
            leaves, structure = _pytree.flatten(args)
        else:
            # Flat arguments, the common case: the tree walk's result without
            # the walk.
            leaves, structure = args, _flat_structure(len(args))
        return leaves, structure, (structure, tuple(
            (leaf.shape, leaf.dtype) if type(leaf) is np.ndarray
            else _argument_spec(leaf) for leaf in leaves))

    def lower(self, *args: Any, **kwargs: Any) -> Lowered:
        """Traces the function for these arguments (their shapes and dtypes
        matter, not their values)."""
        if kwargs:
            raise TypeError("jit functions take positional arguments only")
        _, structure, (_, specs) = self._key(args)
        for spec in specs:
            _types.check_supported(spec[1])
        return self._lower(structure, specs)

    def _lower(self, structure, specs):
        trace = Trace(allow_host=self.fallback)
        with trace:
            params = [trace.parameter(spec[0], spec[1], len(spec) == 3)
                      for spec in specs]
            result = self.function(*_pytree.unflatten(structure, params))
            out_leaves, out_structure = _pytree.flatten(result)
            outputs = [leaf if isinstance(leaf, Tracer) else constant(leaf)
                       for leaf in out_leaves]
        return Lowered(self.__name__, trace, outputs, out_structure,
                       self.passes, self.pipeline_options, self.target)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            raise TypeError("jit functions take positional arguments only")
        leaves, structure, key = self._key(args)
        compiled = self._cache.get(key)
        if compiled is None:
            specs = key[1]
            for spec in specs:
                _types.check_supported(spec[1])
            reason = "first call" if not self._cache else \
                "new argument shapes or dtypes, recompiling"
            logger.debug("compiling %s for %s: %s", self.__name__,
                         _format_specs(specs), reason)
            lowered = self._lower(structure, specs)
            self.compile_count += 1
            if self.dump_to:
                name = re.sub(r"\W", "", self.__name__) or "function"
                lowered.dump(self.dump_to, f"{name}.{self.compile_count}")
            compiled = self._cache[key] = lowered.compile()
        results = compiled(leaves)
        return _pytree.unflatten(compiled.lowered.out_structure, results)

    def cache_size(self) -> int:
        return len(self._cache)


@overload
def jit(function: Callable[..., Any], *, fallback: bool = ...,
        passes: str = ..., pipeline_options: str = ...,
        dump_to: Optional[PathLike] = ..., target: str = ...
        ) -> JitFunction: ...


@overload
def jit(function: None = None, *, fallback: bool = ..., passes: str = ...,
        pipeline_options: str = ..., dump_to: Optional[PathLike] = ...,
        target: str = ...) -> Callable[[Callable[..., Any]], JitFunction]: ...


def jit(function: Optional[Callable[..., Any]] = None, *,
        fallback: bool = False, passes: str = DEFAULT_PASSES,
        pipeline_options: str = "", dump_to: Optional[PathLike] = None,
        target: str = "cpu"
        ) -> Union[JitFunction, Callable[[Callable[..., Any]], JitFunction]]:
    """Compiles `function`, written with fuse_hlo.numpy, with fuse.

    Args:
      fallback: run what cannot be compiled with numpy, between compiled
        clusters (otherwise such an op is an error at its line).
      passes: the fuse-opt passes run before lowering, comma-separated.
      pipeline_options: options of the target's pipeline (hlo-lower-to-cpu,
        or hlo-lower-to-nvvm for "cuda").
      dump_to: write each compiled program's stages to this directory
        (also the environment variable FUSE_HLO_DUMP_TO).
      target: "cpu" (the default) or "cuda": an NVIDIA GPU, through the
        CUDA driver; arrays are copied to the GPU and the results back on
        each call. Without a driver or a GPU, the first call raises
        CompileError naming what is missing.
    """
    check_target(target)

    def wrap(function):
        return JitFunction(function, fallback, passes, pipeline_options,
                           dump_to, target)
    return wrap if function is None else wrap(function)
