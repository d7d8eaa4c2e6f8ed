"""Prints traced nodes as a function of the hlo dialect (MLIR text), each
operation located at the user's source line.

Operations are printed in MLIR's generic form,
``"hlo.add"(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>``,
which every op shares: the printer needs each op's operands, properties and
regions as HLOOps.td declares them, not a copy of its custom assembly."""

from __future__ import annotations

import struct

import numpy as np

from ._types import mlir_element_type, tensor_type
from .hlo_text import BOOLEAN as _BOOLEAN
from .hlo_text import GenericBlock as _Block
from .hlo_text import dense_array as _array
from .hlo_text import enum_value

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
    if dtype.kind == "c":
        part = np.dtype(f"f{dtype.itemsize // 2}")
        return (f"({_scalar_literal(value.real, part)}, "
                f"{_scalar_literal(value.imag, part)})")
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


def _integer(value):
    return f"{value} : i64"


def _scalar_type(dtype):
    return f"tensor<{mlir_element_type(dtype)}>"


def _combiner(kind, scalar, location):
    """The region of a reduction by the hlo op `kind` over `scalar`s."""
    block = _Block("%c", [("%acc", scalar), ("%e", scalar)], location)
    return block.region([block.op(kind, ["%acc", "%e"], [scalar])])


def _first_extreme(direction, scalar, index_scalar, is_float, location):
    """The region of an arg-reduction: the value and first index of the
    extreme, NaN first, as numpy's argmax/argmin."""
    block = _Block("%c", [("%acc", scalar), ("%acci", index_scalar),
                          ("%e", scalar), ("%ei", index_scalar)], location)
    better = block.compare(direction, "%e", "%acc")
    same = block.compare("EQ", "%e", "%acc")
    first = block.compare("LT", "%ei", "%acci")
    take = block.op("or", [better, block.op("and", [same, first],
                                            [_BOOLEAN])], [_BOOLEAN])
    if is_float:
        # A NaN beats a number and a later NaN.
        is_nan = block.compare("NE", "%e", "%e")
        acc_is_number = block.op("not", [block.compare("NE", "%acc", "%acc")],
                                 [_BOOLEAN])
        nan_wins = block.op("or", [acc_is_number, first], [_BOOLEAN])
        take = block.op("or", [take, block.op("and", [is_nan, nan_wins],
                                              [_BOOLEAN])], [_BOOLEAN])
    return block.region([
        block.op("select", [take, "%e", "%acc"], [scalar]),
        block.op("select", [take, "%ei", "%acci"], [index_scalar])])


def _ascending(dtypes, location):
    """The comparator of a stable sort by the first operand in numpy's
    order: ascending, NaNs last, so the comparator makes NaNs one NaN and
    -0.0 equal to 0.0, then compares in total order."""
    scalars = [_scalar_type(dtype) for dtype in dtypes]
    block = _Block("%c", [(f"%{side}{index}", scalar)
                          for index, scalar in enumerate(scalars)
                          for side in ("l", "r")], location)
    scalar = scalars[0]
    if dtypes[0].kind != "f":
        return block.region([block.compare("LT", "%l0", "%r0")])
    nan = _dense(np.asarray(np.nan, dtypes[0]))
    nan = block.op("constant", [], [scalar], {"value": f"{nan} : {scalar}"})
    zero = block.op("constant", [], [scalar],
                    {"value": f"dense<0.0> : {scalar}"})
    keys = []
    for side in ("%l0", "%r0"):
        is_nan = block.compare("NE", side, side)
        is_zero = block.compare("EQ", side, zero)
        unsigned = block.op("select", [is_zero, zero, side], [scalar])
        keys.append(block.op("select", [is_nan, nan, unsigned], [scalar]))
    return block.region([block.compare("LT", *keys,
                                       compare_type="TOTALORDER")])


def _properties_and_regions(node, location):
    """The generic form's properties and regions of a traced node's op; the
    ops in the regions are located at `location`."""
    op, attrs, operands = node.op, node.attrs, node.operands
    if op == "constant":
        value = attrs["value"]
        return {"value": f"{_dense(value)} : "
                         f"{tensor_type(value.shape, value.dtype)}"}, ()
    if op == "compare":
        direction = enum_value("ComparisonDirection", attrs["direction"])
        return {"comparison_direction": f"{direction} : i32"}, ()
    if op == "broadcast_in_dim":
        return {"broadcast_dimensions": _array(attrs["dims"])}, ()
    if op == "transpose":
        return {"permutation": _array(attrs["dims"])}, ()
    if op == "iota":
        return {"iota_dimension": _integer(attrs["dim"])}, ()
    if op == "concatenate":
        return {"dimension": _integer(attrs["dim"])}, ()
    if op == "slice":
        return {"start_indices": _array(attrs["starts"]),
                "limit_indices": _array(attrs["limits"]),
                "strides": _array(attrs["strides"])}, ()
    if op == "dot_general":
        (lhs_batch, rhs_batch), (lhs_contract, rhs_contract) = \
            attrs["batch"], attrs["contract"]
        return {"lhs_batching_dimensions": _array(lhs_batch),
                "rhs_batching_dimensions": _array(rhs_batch),
                "lhs_contracting_dimensions": _array(lhs_contract),
                "rhs_contracting_dimensions": _array(rhs_contract)}, ()
    if op == "reduce":
        return ({"dimensions": _array(attrs["dims"]),
                 "operandSegmentSizes": _array([1, 1], "i32")},
                [_combiner(attrs["kind"], _scalar_type(operands[0].dtype),
                           location)])
    if op == "argreduce":
        value, index = operands[0].dtype, operands[1].dtype
        return ({"dimensions": _array(attrs["dims"]),
                 "operandSegmentSizes": _array([2, 2], "i32")},
                [_first_extreme(attrs["direction"], _scalar_type(value),
                                _scalar_type(index), value.kind == "f",
                                location)])
    if op == "cumulative":
        # A window as long as the dimension, padded in front: element i
        # sums elements 0..i.
        shape, dim = operands[0].shape, attrs["dim"]
        ones, window, low = [1] * len(shape), [1] * len(shape), \
            [0] * len(shape)
        window[dim], low[dim] = shape[dim], shape[dim] - 1
        return ({"window_dimensions": _array(window),
                 "window_strides": _array(ones),
                 "padding_low": _array(low),
                 "padding_high": _array([0] * len(shape)),
                 "base_dilations": _array(ones),
                 "window_dilations": _array(ones),
                 "operandSegmentSizes": _array([1, 1], "i32")},
                [_combiner(attrs["kind"], _scalar_type(operands[0].dtype),
                           location)])
    if op == "sort":
        return ({"dimension": _integer(attrs["dim"]), "is_stable": None},
                [_ascending([v.dtype for v in operands], location)])
    return None, ()


#: Traced ops whose hlo op has another name.
_OP_NAMES = {"argreduce": "reduce", "cumulative": "reduce_window"}


def print_function(name, nodes, inputs, outputs, public=True):
    """`func.func @name(inputs) -> outputs` computing `outputs` with
    `nodes` (in order); `inputs` are Tracers defined outside them."""
    block = _Block("%", [(f"%arg{index}", tensor_type(v.shape, v.dtype))
                         for index, v in enumerate(inputs)])
    names = {id(v): f"%arg{index}" for index, v in enumerate(inputs)}
    for node in nodes:
        location = _location(node.location)
        properties, regions = _properties_and_regions(node, location)
        results = block.op(
            _OP_NAMES.get(node.op, node.op),
            [names[id(v)] for v in node.operands],
            [tensor_type(v.shape, v.dtype) for v in node.outputs],
            properties, regions, location)
        if len(node.outputs) == 1:
            results = [results]
        names.update(zip(map(id, node.outputs), results))
    arguments = ", ".join(f"{n}: {t}" for n, t in block.arguments)
    result_types = ", ".join(tensor_type(v.shape, v.dtype) for v in outputs)
    results = ", ".join(names[id(v)] for v in outputs)
    visibility = "" if public else "private "
    body = "".join(f"\n  {line}" for line in block.lines)
    returned = f"  return {results} : {result_types}" if outputs else \
        "  return"
    return (f"func.func {visibility}@{name}({arguments}) -> "
            f"({result_types}) {{{body}\n{returned}\n}}")
