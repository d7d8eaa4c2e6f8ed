"""Prints traced nodes as a function of the hlo dialect (MLIR text), each
operation located at the user's source line."""

import struct

import numpy as np

from ._types import mlir_element_type, tensor_type

_UNARY = {"exponential", "exponential_minus_one", "log", "log_plus_one",
          "tanh", "sqrt", "sine", "cosine", "floor", "ceil",
          "round_nearest_even", "negate", "abs", "sign", "is_finite", "not"}
_BINARY = {"add", "subtract", "multiply", "divide", "power", "maximum",
           "minimum", "atan2", "and", "or", "xor"}
_FLOAT_BITS = {np.dtype(np.float16): ("<e", "<H", 4),
               np.dtype(np.float32): ("<f", "<I", 8),
               np.dtype(np.float64): ("<d", "<Q", 16)}


def _location(location):
    if location is None:
        return "loc(unknown)"
    filename, line, column = location
    escaped = filename.replace("\\", "\\\\").replace('"', '\\"')
    return f'loc("{escaped}":{line}:{column})'


def _scalar_literal(value, dtype):
    if dtype.kind == "b":
        return "true" if value else "false"
    if dtype.kind == "f":
        pack, unpack, digits = _FLOAT_BITS[dtype]
        (bits,) = struct.unpack(unpack, struct.pack(pack, value))
        return f"0x{bits:0{digits}X}"
    return str(int(value))


def _dense(array):
    """The `dense<...>` literal of a numpy array, exact for floats."""
    if array.size and (array == array.flat[0]).all() or (
            array.size and array.dtype.kind == "f" and np.isnan(array).all()):
        return f"dense<{_scalar_literal(array.flat[0], array.dtype)}>"
    if array.size == 0:
        return "dense<>" if array.ndim == 1 else \
            "dense<" + "[" * array.ndim + "]" * array.ndim + ">"
    if array.dtype.kind == "b":
        return "dense<" + np.array2string(
            array, separator=",", threshold=array.size + 1,
            formatter={"bool": lambda b: "true" if b else "false"}
        ).replace("\n", "") + ">"
    data = np.asarray(array, array.dtype.newbyteorder("<"), order="C")
    return f'dense<"0x{data.tobytes().hex().upper()}">'


def _dims(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


class FunctionPrinter:
    """Names values %0, %1, ... and prints one op per node."""

    def __init__(self):
        self.names = {}
        self.lines = []

    def name(self, value):
        return self.names[id(value)]

    def define(self, value, name=None):
        name = name or f"%{len(self.names)}"
        self.names[id(value)] = name
        return name

    def type(self, value):
        return tensor_type(value.shape, value.dtype)

    def emit(self, node):
        op = node.op
        args = [self.name(v) for v in node.operands]
        out = node.outputs[0]
        loc = _location(node.location)
        if op == "argreduce":
            first = self.define(out, f"%{len(self.names)}")
            self.names[id(node.outputs[1])] = f"{first}#1"
            self.names[id(out)] = f"{first}#0"
            self.lines.append(self._argreduce(first, node, args) + " " + loc)
            return
        if op == "sort":
            first = self.define(out, f"%{len(self.names)}")
            if len(node.outputs) > 1:
                for index, value in enumerate(node.outputs):
                    self.names[id(value)] = f"{first}#{index}"
            self.lines.append(self._sort(first, node, args) + " " + loc)
            return
        result = self.define(out)
        text = self._op(op, node, args, out)
        self.lines.append(f"{result} = {text} {loc}")

    def _op(self, op, node, args, out):
        attrs, operands, result_type = node.attrs, node.operands, self.type(out)
        if op == "constant":
            return f"hlo.constant {_dense(attrs['value'])} : {result_type}"
        if op in _UNARY:
            return f"hlo.{op} {args[0]} : {result_type}"
        if op in _BINARY:
            return f"hlo.{op} {args[0]}, {args[1]} : {result_type}"
        if op == "compare":
            return (f"hlo.compare {attrs['direction']}, {args[0]}, {args[1]}"
                    f" : {self.type(operands[0])}")
        if op == "select":
            return (f"hlo.select {', '.join(args)} : "
                    f"{self.type(operands[0])}, {result_type}")
        if op in ("convert", "reshape"):
            return (f"hlo.{op} {args[0]} : ({self.type(operands[0])}) -> "
                    f"{result_type}")
        if op in ("broadcast_in_dim", "transpose"):
            return (f"hlo.{op} {args[0]}, dims = {_dims(attrs['dims'])} : "
                    f"({self.type(operands[0])}) -> {result_type}")
        if op == "iota":
            return f"hlo.iota dim = {attrs['dim']} : {result_type}"
        if op == "slice":
            return (f"hlo.slice {args[0]}, starts = {_dims(attrs['starts'])}, "
                    f"limits = {_dims(attrs['limits'])}, strides = "
                    f"{_dims(attrs['strides'])} : ({self.type(operands[0])}) "
                    f"-> {result_type}")
        if op == "concatenate":
            types = ", ".join(self.type(v) for v in operands)
            return (f"hlo.concatenate dim = {attrs['dim']}, {', '.join(args)}"
                    f" : ({types}) -> {result_type}")
        if op == "reduce":
            return (f"hlo.reduce {attrs['kind']}({args[0]} init {args[1]}) "
                    f"dims = {_dims(attrs['dims'])} : "
                    f"({self.type(operands[0])}, {self.type(operands[1])}) "
                    f"-> {result_type}")
        if op == "cumulative":
            shape, dim = node.operands[0].shape, attrs["dim"]
            ones = [1] * len(shape)
            window, low = list(ones), [0] * len(shape)
            window[dim], low[dim] = shape[dim], shape[dim] - 1
            scalar = f"tensor<{mlir_element_type(out.dtype)}>"
            return (f"hlo.reduce_window({args[0]}) init({args[1]}), window = "
                    f"{_dims(window)}, strides = {_dims(ones)}, padding = "
                    f"{_dims(low)} x {_dims([0] * len(shape))}, "
                    f"base_dilation = {_dims(ones)}, window_dilation = "
                    f"{_dims(ones)} : ({self.type(operands[0])}, {scalar}) "
                    f"-> {result_type} {{\n"
                    f"  ^bb0(%acc: {scalar}, %e: {scalar}):\n"
                    f"    %c = hlo.{attrs['kind']} %acc, %e : {scalar}\n"
                    f"    hlo.return %c : {scalar}\n  }}")
        if op == "dot_general":
            (lb, rb), (lc, rc) = attrs["batch"], attrs["contract"]
            batching = (f"batching_dims = {_dims(lb)} x {_dims(rb)}, "
                        if lb else "")
            return (f"hlo.dot_general {args[0]}, {args[1]}, {batching}"
                    f"contracting_dims = {_dims(lc)} x {_dims(rc)} : "
                    f"({self.type(operands[0])}, {self.type(operands[1])}) "
                    f"-> {result_type}")
        raise AssertionError(f"no printer for {op}")

    def _argreduce(self, result, node, args):
        """Value and first index of the extreme along the axis, NaN first,
        as numpy's argmax/argmin."""
        value, index, value_init, index_init = node.operands
        v, i = mlir_element_type(value.dtype), mlir_element_type(index.dtype)
        scalar, index_scalar = f"tensor<{v}>", f"tensor<{i}>"
        lines = [
            f"{result}:2 = hlo.reduce({args[0]} init {args[2]}), "
            f"({args[1]} init {args[3]}) dims = {_dims(node.attrs['dims'])} "
            f": ({self.type(value)}, {self.type(index)}, {scalar}, "
            f"{index_scalar}) -> ({self.type(node.outputs[0])}, "
            f"{self.type(node.outputs[1])}) {{",
            f"  ^bb0(%acc: {scalar}, %acci: {index_scalar}, %e: {scalar}, "
            f"%ei: {index_scalar}):",
            f"    %better = hlo.compare {node.attrs['direction']}, %e, %acc "
            f": {scalar}",
            f"    %same = hlo.compare EQ, %e, %acc : {scalar}",
            f"    %first = hlo.compare LT, %ei, %acci : {index_scalar}",
            "    %tie = hlo.and %same, %first : tensor<i1>",
            "    %take0 = hlo.or %better, %tie : tensor<i1>",
        ]
        take = "%take0"
        if value.dtype.kind == "f":
            lines += [
                f"    %enan = hlo.compare NE, %e, %e : {scalar}",
                f"    %accnan = hlo.compare NE, %acc, %acc : {scalar}",
                "    %accnum = hlo.not %accnan : tensor<i1>",
                # A NaN beats a number and a later NaN.
                "    %nanwins = hlo.or %accnum, %first : tensor<i1>",
                "    %nantake = hlo.and %enan, %nanwins : tensor<i1>",
                "    %take = hlo.or %take0, %nantake : tensor<i1>",
            ]
            take = "%take"
        lines += [
            f"    %m = hlo.select {take}, %e, %acc : tensor<i1>, {scalar}",
            f"    %mi = hlo.select {take}, %ei, %acci : tensor<i1>, "
            f"{index_scalar}",
            f"    hlo.return %m, %mi : {scalar}, {index_scalar}",
            "  }",
        ]
        return "\n  ".join(lines)


    def _sort(self, result, node, args):
        """A stable sort by the first operand in numpy's order: ascending,
        NaNs last, so the comparator makes NaNs one NaN and -0.0 equal to
        0.0, then compares in total order."""
        key = node.operands[0]
        scalars = [f"tensor<{mlir_element_type(v.dtype)}>"
                   for v in node.operands]
        count = len(node.operands)
        arguments = ", ".join(f"%{side}{i}: {scalar}"
                              for i, scalar in enumerate(scalars)
                              for side in ("l", "r"))
        types = ", ".join(self.type(v) for v in node.operands)
        name = result if count == 1 else f"{result}:{count}"
        lines = [
            f"{name} = hlo.sort({', '.join(args)}) dimension = "
            f"{node.attrs['dim']}, stable : {types} {{",
            f"  ^bb0({arguments}):",
        ]
        scalar = scalars[0]
        if key.dtype.kind == "f":
            nan = _dense(np.asarray(np.nan, key.dtype))
            lines += [f"    %nan = hlo.constant {nan} : {scalar}",
                      f"    %zero = hlo.constant dense<0.0> : {scalar}"]
            for side in ("l", "r"):
                lines += [
                    f"    %{side}isnan = hlo.compare NE, %{side}0, %{side}0 : "
                    f"{scalar}",
                    f"    %{side}iszero = hlo.compare EQ, %{side}0, %zero : "
                    f"{scalar}",
                    f"    %{side}z = hlo.select %{side}iszero, %zero, "
                    f"%{side}0 : tensor<i1>, {scalar}",
                    f"    %{side}key = hlo.select %{side}isnan, %nan, "
                    f"%{side}z : tensor<i1>, {scalar}",
                ]
            lines.append(f"    %before = hlo.compare LT, %lkey, %rkey, "
                         f"TOTALORDER : {scalar}")
        else:
            lines.append(f"    %before = hlo.compare LT, %l0, %r0 : {scalar}")
        lines += ["    hlo.return %before : tensor<i1>", "  }"]
        return "\n  ".join(lines)


def print_function(name, nodes, inputs, outputs, public=True):
    """`func.func @name(inputs) -> outputs` computing `outputs` with
    `nodes` (in order); `inputs` are Tracers defined outside them."""
    printer = FunctionPrinter()
    arguments = []
    for index, value in enumerate(inputs):
        printer.define(value, f"%arg{index}")
        arguments.append(f"%arg{index}: {printer.type(value)}")
    for node in nodes:
        printer.emit(node)
    result_types = ", ".join(printer.type(v) for v in outputs)
    results = ", ".join(printer.name(v) for v in outputs)
    visibility = "" if public else "private "
    body = "\n".join("  " + line for line in printer.lines)
    returned = f"  return {results} : {result_types}" if outputs else \
        "  return"
    return (f"func.func {visibility}@{name}({', '.join(arguments)}) -> "
            f"({result_types}) {{\n{body}\n{returned}\n}}")
