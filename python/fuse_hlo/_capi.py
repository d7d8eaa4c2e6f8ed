"""ctypes bindings of libFuseCAPI.so (include/fuse-c/Fuse.h)."""

import ctypes
import json
import logging
import re
import threading
import weakref

import numpy as np

from . import _buffers, _device, _library, _types
from ._errors import CompileError

_logger = logging.getLogger("fuse_hlo")
_lib = _library.lib
_p, _s, _b = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_bool
for _name, _restype, _argtypes in [
    ("fuseGetCAPIVersion", ctypes.c_int, []),
    ("fuseContextCreate", _p, []),
    ("fuseContextDestroy", None, [_p]),
    ("fuseContextGetError", _s, [_p]),
    ("fuseContextSetProgressCallback", None, [_p, _p, _p]),
    ("fuseModuleParse", _p, [_p, _s, ctypes.c_size_t, _s]),
    ("fuseModuleImportHLOText", _p, [_p, _s, ctypes.c_size_t, _s]),
    ("fuseModuleClone", _p, [_p]),
    ("fuseModuleDestroy", None, [_p]),
    ("fuseModuleRunPasses", _b, [_p, _s]),
    ("fuseModulePrint", _p, [_p, _b]),
    ("fuseModulePrintGraphviz", _p, [_p]),
    ("fuseModuleGetSignature", _p, [_p, _s]),
    ("fuseCompile", _p, [_p, _s, _s]),
    ("fuseCompileWithPasses", _p, [_p, _s, _s, _s]),
    ("fuseCompileForTarget", _p, [_p, _s, _s, ctypes.c_int, _s]),
    ("fuseSpmdDevice", ctypes.c_int, [_p, ctypes.POINTER(ctypes.c_int),
                                      ctypes.POINTER(ctypes.c_int)]),
    ("fuseExecutableDestroy", None, [_p]),
    ("fuseExecutableGetSignature", _p, [_p]),
    ("fuseExecutableGetCompileSeconds", ctypes.c_double, [_p]),
    ("fuseExecutableGetCacheOutcome", _s, [_p]),
    ("fuseExecutableGetCacheWarning", _s, [_p]),
    ("fuseExecutableRun", _b, [_p, ctypes.POINTER(_p), ctypes.POINTER(_p),
                               ctypes.POINTER(ctypes.c_double)]),
    ("fuseExecutableRunTraced", _b, [_p, ctypes.POINTER(_p),
                                     ctypes.POINTER(_p),
                                     ctypes.POINTER(ctypes.c_double),
                                     ctypes.POINTER(_p)]),
    ("fuseExecutableRunOnDevice", _b, [_p, ctypes.POINTER(_p),
                                       ctypes.POINTER(_p),
                                       ctypes.POINTER(ctypes.c_double)]),
]:
    _function = getattr(_lib, _name)
    _function.restype, _function.argtypes = _restype, _argtypes


#: The targets of the C API (FuseTarget in include/fuse-c/Fuse.h).
TARGETS = {"cpu": 0, "cuda": 1}


def check_target(target):
    """`target`, if fuse compiles for it; a ValueError otherwise."""
    if target not in TARGETS:
        raise ValueError(f"target must be one of {', '.join(TARGETS)}, not "
                         f"{target!r}")
    return target


def _destroy(destroy, handle, context):
    """Destroys a handle; `context` is held until then."""
    destroy(handle)


@ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_void_p)
def _PROGRESS(line, _user_data):
    """What a compile that runs over 2 s is doing, on the fuse_hlo logger."""
    _logger.info("%s", line.decode())


class Context:
    """An MLIR context with fuse's dialects and passes. One per thread: the
    C API asks that a context be used by one thread at a time."""

    _local = threading.local()

    def __init__(self):
        self.handle = _lib.fuseContextCreate()
        # Finalizers, not __del__: at exit they run newest first, and a
        # module's or executable's finalizer holds its context, so the
        # context is always destroyed last (a cycle's __del__ order is not
        # defined).
        weakref.finalize(self, _lib.fuseContextDestroy, self.handle)
        _lib.fuseContextSetProgressCallback(self.handle, _PROGRESS, None)

    @classmethod
    def get(cls):
        context = getattr(cls._local, "context", None)
        if context is None:
            context = cls._local.context = Context()
        return context

    def error(self):
        return _lib.fuseContextGetError(self.handle).decode().rstrip()

    def fail(self, what):
        """Raises a CompileError with the diagnostics of the failed call;
        its location is the first error's."""
        message = self.error()
        error = CompileError(f"{what}:\n{message}" if message else what)
        match = re.search(r"^(.*):(\d+):(\d+): error: ", message, re.M)
        if match:
            error.location = (match[1], int(match[2]), int(match[3]))
        raise error



class Module:
    """An hlo module owned by a Context."""

    def __init__(self, context, handle):
        self.context, self.handle = context, handle
        weakref.finalize(self, _destroy, _lib.fuseModuleDestroy, handle,
                         context)

    @classmethod
    def _read(cls, reader, text, name, what):
        context = Context.get()
        data = text.encode()
        handle = reader(context.handle, data, len(data), name.encode())
        if not handle:
            context.fail(what)
        return cls(context, handle)

    @classmethod
    def parse(cls, text, name="<fuse_hlo>"):
        return cls._read(_lib.fuseModuleParse, text, name,
                         "the traced module does not parse or verify")

    @classmethod
    def import_hlo_text(cls, text, name="<hlo>"):
        return cls._read(_lib.fuseModuleImportHLOText, text, name,
                         "cannot import the HLO text")

    def clone(self):
        return Module(self.context, _lib.fuseModuleClone(self.handle))

    def run_passes(self, pipeline):
        if pipeline and not _lib.fuseModuleRunPasses(self.handle,
                                                     pipeline.encode()):
            self.context.fail(f"the passes '{pipeline}' failed")

    def text(self, locations=False):
        return _library.take_string(
            _lib.fuseModulePrint(self.handle, locations))

    def graphviz(self):
        text = _library.take_string(_lib.fuseModulePrintGraphviz(self.handle))
        if text is None:
            self.context.fail("cannot print the module as a graph")
        return text

    def signature(self, entry):
        text = _library.take_string(_lib.fuseModuleGetSignature(self.handle,
                                                        entry.encode()))
        if text is None:
            self.context.fail(f"no usable function @{entry}")
        return _types.parse_signature(text)

    def compile(self, entry, pipeline_options="", passes="", target="cpu"):
        """Compiles `entry` for `target` ("cpu" or "cuda") after the pass
        pipeline `passes`, leaving the module as it is; the compilation
        cache may answer it."""
        handle = _lib.fuseCompileForTarget(self.handle, entry.encode(),
                                           (passes or "").encode(),
                                           TARGETS[check_target(target)],
                                           (pipeline_options or "").encode())
        if not handle:
            self.context.fail(f"cannot compile @{entry}")
        executable = Executable(self.context, handle, target)
        if executable.cache_warning:
            _logger.warning("compilation cache: %s", executable.cache_warning)
        _logger.debug("compiled @%s in %.2f s (cache %s)", entry,
                      executable.compile_seconds, executable.cache_outcome)
        return executable



class Executable:
    """A compiled entry function, called on numpy arrays, or for "cuda" on
    arrays in GPU memory too."""

    def __init__(self, context, handle, target="cpu"):
        self.context, self.handle, self.target = context, handle, target
        weakref.finalize(self, _destroy, _lib.fuseExecutableDestroy, handle,
                         context)
        self.inputs, self.outputs = _types.parse_signature(
            _library.take_string(_lib.fuseExecutableGetSignature(handle)))
        self.compile_seconds = _lib.fuseExecutableGetCompileSeconds(handle)
        #: What the persistent compilation cache did: "hit", "miss, stored",
        #: "miss" or "off".
        self.cache_outcome = _lib.fuseExecutableGetCacheOutcome(
            handle).decode()
        self.cache_warning = _lib.fuseExecutableGetCacheWarning(
            handle).decode()
        self.last_seconds = None
        # The call's array addresses, inputs then outputs, filled per call:
        # cheaper than building ctypes arrays each time.
        self._addresses = (ctypes.c_void_p * (len(self.inputs) +
                                              len(self.outputs) + 1))()
        self._input_addresses = ctypes.cast(self._addresses,
                                            ctypes.POINTER(ctypes.c_void_p))
        self._output_addresses = ctypes.cast(
            ctypes.byref(self._addresses,
                         len(self.inputs) * ctypes.sizeof(ctypes.c_void_p)),
            ctypes.POINTER(ctypes.c_void_p))
        self._seconds = ctypes.c_double()
        self._lock = threading.Lock()

    def __call__(self, *arrays, out=None):
        """Runs the function on `arrays` and returns its results.

        An input is read in place when it is a C-contiguous, aligned numpy
        array of the argument's dtype; anything else is converted once
        (``np.require``). Results are built in place: in the arrays of `out`
        when given (C-contiguous, aligned, writable, of the results' shapes
        and dtypes; they may overlap the inputs), else in new arrays.

        Compiled for "cuda", a call on arrays of which any is in GPU memory
        (see `on_device`) runs there and returns DeviceArrays."""
        if self.on_device(arrays):
            if out is not None:
                raise TypeError("out= takes host arrays; this call runs on "
                                "arrays in GPU memory and returns "
                                "DeviceArrays")
            return self.run_on_device(arrays)
        return self.run(self.checked_inputs(arrays),
                         None if out is None else self._check_out(out))

    def checked_inputs(self, arrays):
        """`arrays` as numpy arrays for `run`; a TypeError when their
        count, shapes or dtypes are not the arguments'."""
        if len(arrays) != len(self.inputs):
            raise TypeError(f"the compiled function takes {len(self.inputs)} "
                            f"arrays, not {len(arrays)}")
        return [self._input(position, array)
                for position, array in enumerate(arrays)]

    def run(self, arrays, out=None):
        """__call__ without its checks: `arrays` are numpy arrays of the
        arguments' shapes and dtypes, `out` None or checked."""
        return self._run(arrays, out, None)

    def on_device(self, arrays):
        """Whether a call on `arrays` runs on GPU memory: the executable is
        compiled for "cuda" and an array is a DeviceArray or another
        library's array on the GPU (JAX, PyTorch: anything DLPack
        exchanges)."""
        return self.target == "cuda" and any(
            _device.is_on_device(array) for array in arrays)

    def run_on_device(self, arrays):
        """Calls a "cuda" executable on GPU memory and returns its results
        as DeviceArrays. DeviceArrays and other libraries' device arrays
        (through DLPack) are read in place: they must have the arguments'
        shapes and dtypes and be row-major. Host arrays are copied to the
        GPU first."""
        if len(arrays) != len(self.inputs):
            raise TypeError(f"the compiled function takes {len(self.inputs)} "
                            f"arrays, not {len(arrays)}")
        if self.target != "cuda":
            raise TypeError(f"the function is compiled for {self.target}, "
                            "not for the GPU")
        borrowed, copies, pointers = [], [], []
        try:
            for position, array in enumerate(arrays):
                shape, dtype = self.inputs[position]
                if type(array) is not _device.DeviceArray:
                    if _device.is_on_device(array):
                        array = _device.Borrowed(array)
                        borrowed.append(array)
                    else:
                        array = _device.device_put(array, dtype)
                        copies.append(array)
                if array.shape != shape or array.dtype != dtype:
                    raise TypeError(
                        f"argument {position} is {array.dtype}"
                        f"{list(array.shape)} on the GPU, the compiled "
                        f"function takes {dtype}{list(shape)}")
                pointers.append(array.pointer)
            count = len(pointers)
            with self._lock:
                self._addresses[:count] = pointers
                if not _lib.fuseExecutableRunOnDevice(
                        self.handle, self._input_addresses,
                        self._output_addresses, None):
                    self.context.fail("the compiled function failed")
                self.last_seconds = None
                return [_device.DeviceArray(self._addresses[count + i],
                                            shape, dtype)
                        for i, (shape, dtype) in enumerate(self.outputs)]
        finally:
            for array in borrowed:
                array.release()

    def run_traced(self, arrays, out=None):
        """`run`, timing each kernel: (results, the call's timeline as
        fuse-run's --trace writes it, parsed). The executable must be
        compiled with the pipeline option trace-kernels."""
        trace = ctypes.c_void_p()
        results = self._run(arrays, out, trace)
        return results, json.loads(_library.take_string(trace.value))

    def _run(self, arrays, out, trace):
        # Copies of inputs that cannot be read in place live until the
        # call returns.
        arrays = [a if a.flags.c_contiguous and a.flags.aligned
                  else np.require(a, requirements=["C", "A"]) for a in arrays]
        if out is None:
            out = [_buffers.results.empty(shape, dtype)
                   for shape, dtype in self.outputs]
        with self._lock:
            self._addresses[:len(arrays) + len(out)] = [
                _buffers.address(a) for a in (*arrays, *out)]
            if trace is None:
                ran = _lib.fuseExecutableRun(
                    self.handle, self._input_addresses,
                    self._output_addresses, ctypes.byref(self._seconds))
            else:
                ran = _lib.fuseExecutableRunTraced(
                    self.handle, self._input_addresses,
                    self._output_addresses, ctypes.byref(self._seconds),
                    ctypes.byref(trace))
            if not ran:
                self.context.fail("the compiled function failed")
            self.last_seconds = self._seconds.value
        return out

    def _input(self, position, array):
        shape, dtype = self.inputs[position]
        array = np.asarray(array)
        if array.dtype != dtype or array.shape != shape:
            raise TypeError(
                f"argument {position} is {array.dtype}{list(array.shape)}, "
                f"the compiled function takes {dtype}{list(shape)}")
        return array

    def _check_out(self, out):
        out = list(out)
        if len(out) != len(self.outputs):
            raise TypeError(f"the compiled function has {len(self.outputs)} "
                            f"results, out= has {len(out)} arrays")
        for position, (array, (shape, dtype)) in enumerate(
                zip(out, self.outputs)):
            if (type(array) is not np.ndarray or array.dtype != dtype
                    or array.shape != shape or not array.flags.c_contiguous
                    or not array.flags.aligned or not array.flags.writeable):
                raise TypeError(
                    f"out[{position}] must be a writable, C-contiguous, "
                    f"aligned {dtype}{list(shape)} numpy array")
        return out


def spmd_device():
    """This process's device of an SPMD program, and the number of devices:
    under mpirun, its rank and the job's size (the first call joins the
    job), else (0, 1). An SPMD program (XLA's collectives, as JAX exports a
    sharded function for each device) compiled in a process that mpirun
    started runs over MPI with one device per rank."""
    context = Context.get()
    device, devices = ctypes.c_int(), ctypes.c_int()
    if _lib.fuseSpmdDevice(context.handle, ctypes.byref(device),
                           ctypes.byref(devices)) < 0:
        context.fail("cannot join the MPI job")
    return device.value, devices.value
