"""The trace: a graph of hlo operations recorded while a function runs on
abstract values (``Tracer``), each with the user's source position."""

import os
import sys
import threading

import numpy as np

from . import _types
from ._errors import CompileError

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def user_location():
    """(file, line, column) of the innermost frame outside this package: the
    user's line that called into fx.numpy."""
    frame = sys._getframe(1)
    while frame is not None and os.path.dirname(
            os.path.abspath(frame.f_code.co_filename)) == _PACKAGE_DIR:
        frame = frame.f_back
    if frame is None:
        return None
    line, column = frame.f_lineno, 1
    positions = list(frame.f_code.co_positions())
    index = frame.f_lasti // 2
    if index < len(positions) and positions[index][0] is not None:
        line = positions[index][0]
        column = (positions[index][2] or 0) + 1
    return (frame.f_code.co_filename, line, column)


class Node:
    """One operation: ``op`` is an hlo op name (``add``, ``reduce``, ...),
    ``parameter``, ``constant`` or ``host`` (computed by numpy in fallback
    mode); ``attrs`` its attributes; ``outputs`` its Tracers."""

    def __init__(self, op, operands, attrs, result_types, location,
                 name=None, host_function=None):
        self.op = op
        self.operands = list(operands)
        self.attrs = attrs
        self.location = location
        self.name = name or op
        self.host_function = host_function
        self.outputs = [Tracer(self, index, shape, dtype)
                        for index, (shape, dtype) in enumerate(result_types)]


class Tracer:
    """An abstract array inside a traced function: shape and dtype known,
    values not. Supports numpy's operators; see fuse_hlo.numpy."""

    __array_priority__ = 1000

    def __init__(self, node, index, shape, dtype, weak=False):
        self.node = node
        self.index = index
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        # A Python scalar argument: promotes like one (numpy's NEP 50).
        self.weak = weak

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: int(np.prod(self.shape, dtype=np.int64)))

    def __repr__(self):
        return f"Tracer({self.dtype}{list(self.shape)})"

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a rank-0 array")
        return self.shape[0]

    def _concrete(self, what):
        raise CompileError(
            f"{what} needs the value of a traced array, which is only known "
            "when the compiled code runs; use fx.numpy.where instead of "
            "Python control flow on array values", user_location())

    def __bool__(self):
        self._concrete("bool()")

    def __float__(self):
        self._concrete("float()")

    def __int__(self):
        self._concrete("int()")

    def __index__(self):
        self._concrete("using an array as an index")

    def __array__(self, dtype=None, copy=None):
        self._concrete("converting to a numpy array")

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    # Operators, ufuncs and numpy functions are attached by fuse_hlo.numpy.


class Trace:
    """The graph of one traced function, and the active trace of a thread."""

    _local = threading.local()

    def __init__(self, allow_host=False):
        self.nodes = []
        self.parameters = []
        self.allow_host = allow_host
        self._members = set()

    @classmethod
    def current(cls):
        return getattr(cls._local, "trace", None)

    def __enter__(self):
        self._saved = Trace.current()
        Trace._local.trace = self
        return self

    def __exit__(self, *exc):
        Trace._local.trace = self._saved

    def add(self, op, operands, attrs, result_types, location=None, **kw):
        for operand in operands:
            if operand.node not in self._members:
                raise CompileError(
                    "a traced array escaped from another traced function "
                    "(e.g. kept in a global) and is used here",
                    location or user_location())
        node = Node(op, operands, attrs, result_types,
                    location or user_location(), **kw)
        self.nodes.append(node)
        self._members.add(node)
        return node

    def parameter(self, shape, dtype, weak=False):
        node = Node("parameter", [], {"number": len(self.parameters)},
                    [(shape, dtype)], None)
        node.outputs[0].weak = weak
        self.nodes.append(node)
        self._members.add(node)
        self.parameters.append(node.outputs[0])
        return node.outputs[0]


def current_trace():
    trace = Trace.current()
    if trace is None:
        raise CompileError("no function is being traced")
    return trace


def emit(op, operands, attrs, shape, dtype, location=None):
    """Adds a one-result op to the current trace and returns its Tracer."""
    node = current_trace().add(op, operands, attrs, [(tuple(shape), dtype)],
                               location)
    return node.outputs[0]


def constant(value, dtype=None):
    """A Tracer holding a numpy value (a captured array or a scalar)."""
    array = np.asarray(value, dtype=dtype)
    _types.check_supported(array.dtype, user_location())
    return emit("constant", [], {"value": np.asarray(array, order="C")},
                array.shape, array.dtype)
