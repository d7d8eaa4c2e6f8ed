"""``fuse_hlo.jax.jit``: compile JAX functions with fuse.

    import jax, jax.numpy as jnp
    import fuse_hlo.jax as fjax

    @fjax.jit
    def loss(params, x, y):
        return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)

    grads = fjax.jit(jax.grad(loss))(params, x, y)

For each argument signature the function is lowered by JAX to XLA HLO text
(``jax.jit(f).lower(...)``), imported into the hlo dialect, optimized by
fuse's passes and compiled for the CPU. Only this module needs JAX:
``fuse_hlo`` itself imports without it.
"""

from __future__ import annotations

import functools
import inspect
import logging
import os
import re
from typing import Any, Callable, Literal, Optional, Sequence, Union, overload

import numpy as np

try:
    import jax
except ImportError as error:  # pragma: no cover - depends on the machine
    raise ImportError("fuse_hlo.jax needs JAX (pip install jax); the rest "
                      "of fuse_hlo works without it") from error

from . import _buffers, _device
from ._capi import check_target
from ._hlo_import import HloProgram
from ._jit import DEFAULT_PASSES
from ._profile import (Profile, check_profiled_target, check_runs,
                       profile_calls, with_kernel_tracing)
from ._stages import PathLike

logger = logging.getLogger("fuse_hlo")

#: What a jitted function's results are: numpy arrays, JAX arrays that
#: share the result's memory (DLPack, no copy), or for target="cuda"
#: fuse_hlo.DeviceArrays, which the next call reads in place.
OUTPUTS: tuple[str, ...] = ("numpy", "jax", "device")
Output = Literal["numpy", "jax", "device"]
#: Argument numbers or names of static arguments, as jax.jit takes them.
StaticArgnums = Union[int, Sequence[int]]
StaticArgnames = Union[str, Sequence[str]]


def _check_output(output, target):
    if output not in OUTPUTS:
        raise ValueError(f"output={output!r}; expected one of {OUTPUTS}")
    if output == "device" and target != "cuda":
        raise ValueError(f"output='device' needs target='cuda', not "
                         f"{target!r}: DeviceArrays are in GPU memory")


#: JAX's short names of its PRNG implementations (the `key<fry>` dtype) and
#: the names wrap_key_data takes.
_KEY_IMPLS = {"fry": "threefry2x32", "rbg": "rbg",
              "unsafe_rbg": "unsafe_rbg"}


def _is_key(dtype):
    return jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)


def _leaf_spec(leaf):
    """The part of the cache key one argument leaf gives: shape and dtype,
    or the type of a Python scalar (weakly typed for JAX, so its value does
    not recompile)."""
    dtype = getattr(leaf, "dtype", None)
    if dtype is not None and hasattr(leaf, "shape"):
        return leaf.shape, dtype
    if isinstance(leaf, (bool, int, float, complex)):
        return (type(leaf),)
    array = np.asarray(leaf)
    return array.shape, array.dtype


def _abstract_if_foreign(leaf):
    if isinstance(leaf, jax.Array) or not _device.is_on_device(leaf):
        return leaf
    return jax.ShapeDtypeStruct(*_device.shape_and_dtype(leaf))


def _as_input(leaf, dtype):
    """`leaf` as a numpy array of `dtype` (the compiled parameter's): read
    in place where it already is one; typed PRNG keys give their bits."""
    if hasattr(leaf, "dtype") and _is_key(leaf.dtype):
        leaf = jax.random.key_data(leaf)
    return np.asarray(leaf, dtype)


def _static_positions(function, static_argnums, static_argnames):
    """The static arguments by position and by name, each completed from
    the other through the signature, as jax.jit does."""
    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    if isinstance(static_argnames, str):
        static_argnames = (static_argnames,)
    numbers, names = set(static_argnums), set(static_argnames)
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return frozenset(numbers), frozenset(names)
    positional = [p.name for p in parameters if p.kind in (
        p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for number in list(numbers):
        if -len(positional) <= number < len(positional):
            names.add(positional[number])
    for position, name in enumerate(positional):
        if name in names:
            numbers.add(position)
    return frozenset(numbers), frozenset(names)


class Lowered(HloProgram):
    """A JAX function lowered for one signature: JAX's HLO text
    (``as_text("xla_hlo")``), fuse's module before and after its passes
    (the ``fuse_hlo.STAGES``), and the pytree structures of the arguments
    and results."""

    STAGES: tuple[str, ...] = ("xla_hlo",) + HloProgram.STAGES

    def __init__(self, jax_lowered: jax.stages.Lowered, name: str,
                 passes: str, pipeline_options: str,
                 target: str = "cpu") -> None:
        self.xla_hlo = jax_lowered.as_text(dialect="hlo", debug_info=True)
        super().__init__(self.xla_hlo, name, passes, pipeline_options, target)
        self.in_tree = jax_lowered.in_tree
        self.out_tree = jax_lowered.out_tree
        self.out_info = jax.tree_util.tree_leaves(jax_lowered.out_info)

    def as_text(self, stage: str = "hlo", locations: bool = False) -> str:
        if stage == "xla_hlo":
            return self.xla_hlo
        return super().as_text(stage, locations)

    def compile(self, output: Output = "numpy",
                trace_kernels: bool = False) -> Compiled:
        """Compiles the optimized module; with `trace_kernels`, calls can
        also time each kernel (Compiled.profile)."""
        return Compiled(self, output, trace_kernels)


class Compiled:
    """A Lowered function compiled: called on the flattened argument
    leaves, it returns the results in the function's pytree."""

    def __init__(self, lowered: Lowered, output: Output,
                 trace_kernels: bool = False) -> None:
        _check_output(output, lowered.target)
        if trace_kernels:
            check_profiled_target(lowered.target)
        self.lowered = lowered
        self.executable = lowered.compile_entry(
            "main", with_kernel_tracing(lowered.pipeline_options)
            if trace_kernels else lowered.pipeline_options, lowered.target)
        self.compile_seconds = self.executable.compile_seconds
        self._dtypes = [dtype for _, dtype in self.executable.inputs]
        self._output = output
        # Results that are typed PRNG keys come back as their bits.
        self._key_impls = [
            str(info.dtype)[len("key<"):-1] if _is_key(info.dtype) else None
            for info in lowered.out_info]
        self._has_keys = any(self._key_impls)

    def _inputs(self, leaves):
        return [leaf if type(leaf) is np.ndarray and leaf.dtype == dtype
                else _as_input(leaf, dtype)
                for leaf, dtype in zip(leaves, self._dtypes)]

    def profile(self, leaves: Sequence[Any], runs: int) -> Profile:
        """Times each kernel over `runs` calls after one untimed call;
        needs `trace_kernels`."""
        return profile_calls(self.executable, self._inputs(leaves), runs,
                             self.lowered.name)

    def __call__(self, leaves: Sequence[Any]) -> Any:
        if self._output == "device" or self.executable.on_device(leaves):
            results = self._call_on_device(leaves)
        else:
            results = self._call_on_host(leaves)
        if self._has_keys:
            results = [result if impl is None else jax.random.wrap_key_data(
                result, impl=_KEY_IMPLS.get(impl, impl))
                for result, impl in zip(results, self._key_impls)]
        return jax.tree_util.tree_unflatten(self.lowered.out_tree, results)

    def _call_on_device(self, leaves):
        # Arrays on the GPU are read in place and the results stay there:
        # DeviceArrays, or JAX arrays on the GPU for output="jax" (DLPack).
        leaves = [leaf if type(leaf) is _device.DeviceArray
                  or not hasattr(leaf, "dtype") or not _is_key(leaf.dtype)
                  else jax.random.key_data(leaf) for leaf in leaves]
        results = self.executable.run_on_device(leaves)
        if self._output == "jax":
            return [jax.dlpack.from_dlpack(result) for result in results]
        if self._output == "numpy":
            return [result.numpy() for result in results]
        return results

    def _call_on_host(self, leaves):
        arrays = self._inputs(leaves)
        if self._output == "jax":
            # XLA's CPU client shares memory aligned to 64 bytes; it copies
            # anything else.
            out = [_buffers.aligned_empty(shape, dtype)
                   for shape, dtype in self.executable.outputs]
            return [jax.dlpack.from_dlpack(array, copy=False)
                    for array in self.executable.run(arrays, out)]
        return self.executable.run(arrays)


class JaxFunction:
    """A JAX function compiled by fuse on first call for each signature."""

    #: The function's, as functools.update_wrapper copies it.
    __name__: str

    def __init__(self, function: Callable[..., Any],
                 static_argnums: StaticArgnums,
                 static_argnames: StaticArgnames, passes: str,
                 pipeline_options: str, dump_to: Optional[PathLike],
                 output: Output, target: str = "cpu") -> None:
        _check_output(output, target)
        functools.update_wrapper(self, function)
        self.function = function
        self.passes = passes
        self.pipeline_options = pipeline_options
        self.target = check_target(target)
        self.dump_to = dump_to or os.environ.get("FUSE_HLO_DUMP_TO")
        self.output = output
        self._static_numbers, self._static_names = _static_positions(
            function, static_argnums, static_argnames)
        # keep_unused: the HLO module takes every leaf, unused or not, so
        # that the leaves are its parameters in order.
        self._jitted = jax.jit(function, static_argnums=tuple(
            sorted(self._static_numbers)), static_argnames=tuple(
            sorted(self._static_names)), keep_unused=True)
        self._cache = {}
        self._traced = {}
        self.compile_count = 0

    def _key(self, args, kwargs):
        """(leaves, key): the dynamic arguments' leaves, and a key of their
        pytree structure, specs and the static arguments' values."""
        static = ()
        if self._static_numbers or self._static_names:
            static = tuple((i, arg) for i, arg in enumerate(args)
                           if i in self._static_numbers) + tuple(
                sorted((name, value) for name, value in kwargs.items()
                       if name in self._static_names))
            args = tuple(arg for i, arg in enumerate(args)
                         if i not in self._static_numbers)
            kwargs = {name: value for name, value in kwargs.items()
                      if name not in self._static_names}
        leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
        return leaves, (tree, static, tuple(map(_leaf_spec, leaves)))

    def lower(self, *args: Any, **kwargs: Any) -> Lowered:
        """Lowers and imports the function for these arguments (only the
        shapes and dtypes of arrays matter, and static arguments' values)
        without compiling it."""
        # Device arrays of other libraries (fuse's DeviceArray, PyTorch's)
        # lower as their shapes and dtypes.
        args, kwargs = jax.tree_util.tree_map(_abstract_if_foreign,
                                              (args, kwargs))
        return Lowered(self._jitted.lower(*args, **kwargs),
                       f"{self.__name__}.hlo",
                       self.passes, self.pipeline_options, self.target)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        leaves, key = self._key(args, kwargs)
        compiled = self._cache.get(key)
        if compiled is None:
            reason = "first call" if not self._cache else \
                "new argument structure, shapes, dtypes or static values, " \
                "recompiling"
            logger.debug("compiling %s for %s: %s", self.__name__,
                         _format_key(key), reason)
            lowered = self.lower(*args, **kwargs)
            if lowered.in_tree != key[0]:
                raise AssertionError(
                    f"JAX lowered {self.__name__} for arguments "
                    f"{lowered.in_tree}, fuse_hlo flattened {key[0]}")
            self.compile_count += 1
            if self.dump_to:
                name = re.sub(r"\W", "", self.__name__) or "function"
                lowered.dump(self.dump_to, f"{name}.{self.compile_count}")
            compiled = self._cache[key] = lowered.compile(self.output)
        return compiled(leaves)

    def profile(self, *args: Any, runs: int = 3, **kwargs: Any) -> Profile:
        """Where a call's time goes, kernel by kernel: the function
        compiled with timing hooks around each kernel (once per signature,
        apart from the plain compiled code), called once untimed and then
        `runs` times. The numbers are those of ``fuse-run --trace``; each
        kernel is named by the lines of the user's code it came from."""
        check_runs(runs)
        leaves, key = self._key(args, kwargs)
        compiled = self._traced.get(key)
        if compiled is None:
            compiled = self._traced[key] = self.lower(
                *args, **kwargs).compile(trace_kernels=True)
        return compiled.profile(leaves, runs)

    def cache_size(self) -> int:
        return len(self._cache)


def _format_key(key):
    tree, static, specs = key
    arrays = ", ".join(
        spec[0].__name__ if len(spec) == 1 else
        f"{spec[1]}{list(spec[0])}" for spec in specs)
    text = f"({arrays})"
    if static:
        text += " static " + ", ".join(f"{name}={value!r}"
                                       for name, value in static)
    return text


@overload
def jit(function: Callable[..., Any], *, static_argnums: StaticArgnums = ...,
        static_argnames: StaticArgnames = ..., passes: str = ...,
        pipeline_options: str = ..., dump_to: Optional[PathLike] = ...,
        output: Output = ..., target: str = ...) -> JaxFunction: ...


@overload
def jit(function: None = None, *, static_argnums: StaticArgnums = ...,
        static_argnames: StaticArgnames = ..., passes: str = ...,
        pipeline_options: str = ..., dump_to: Optional[PathLike] = ...,
        output: Output = ..., target: str = ...
        ) -> Callable[[Callable[..., Any]], JaxFunction]:
    ...


def jit(function: Optional[Callable[..., Any]] = None, *,
        static_argnums: StaticArgnums = (),
        static_argnames: StaticArgnames = (), passes: str = DEFAULT_PASSES,
        pipeline_options: str = "", dump_to: Optional[PathLike] = None,
        output: Output = "numpy", target: str = "cpu"
        ) -> Union[JaxFunction, Callable[[Callable[..., Any]], JaxFunction]]:
    """Compiles a JAX function with fuse, like ``jax.jit``.

    Args:
      static_argnums, static_argnames: arguments whose values (hashable)
        are compiled in, as for ``jax.jit``; each new value recompiles.
      passes: the fuse-opt passes run on the imported module before
        lowering, comma-separated.
      pipeline_options: options of the target's pipeline (hlo-lower-to-cpu,
        or hlo-lower-to-nvvm for "cuda").
      dump_to: write each compiled program's stages to this directory
        (also the environment variable FUSE_HLO_DUMP_TO).
      output: "numpy" for numpy arrays, "jax" for JAX arrays sharing the
        results' memory, "device" (target "cuda" only) for
        ``fuse_hlo.DeviceArray``s that stay on the GPU.
      target: "cpu" (the default) or "cuda", as for ``fuse_hlo.jit``: on
        an NVIDIA GPU. Arguments already there (JAX arrays on the GPU,
        DeviceArrays, PyTorch's CUDA tensors) are read in place, and the
        results then stay there too (JAX arrays for output="jax"); other
        calls copy the arguments to the GPU and, unless output="device",
        the results back.

    Arguments are pytrees (tuples, lists, dicts, registered nodes) of numpy
    arrays, JAX arrays and Python scalars. An op fuse cannot compile is a
    ``fuse_hlo.CompileError`` naming it, located at the user's line.
    """
    check_target(target)

    def wrap(function):
        return JaxFunction(function, static_argnums, static_argnames,
                           passes, pipeline_options, dump_to, output, target)
    return wrap if function is None else wrap(function)


__all__ = ["Compiled", "JaxFunction", "Lowered", "OUTPUTS", "jit"]
