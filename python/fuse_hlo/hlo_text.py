"""Writes programs of the hlo dialect as MLIR text: the one hlo writer of
fuse's Python code (this package, the fuzzers of utils/fuzz and bench/).

Ops are printed in their custom assembly, as a person writes them in a test
(``hlo.add %a, %b : tensor<4xf32>``), or in MLIR's generic form
(``GenericBlock``), which every op shares, for a printer that must follow
HLOOps.td's operands and properties rather than each op's assembly: the
package's traced programs.

An op printer takes values (``Value``: a ``name`` such as ``%v3`` and a
``type`` such as ``tensor<2x3xf32>``) and returns an ``Op``: the op's text
without its results, which knows its results' types. ``Block.let`` names
them. Enum cases are checked against the dialect's ODS (``_hlo_enums``,
generated from HLOBase.td).

Standard library only: importing this module loads neither numpy nor
libFuseCAPI, so the fuzzers use it under any python.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ._hlo_enums import ENUMS


class Value(NamedTuple):
    """A value known by its name and type."""

    name: str
    type: str


class Op(str):
    """An op's text without its results (``hlo.add %a, %b : ...``);
    ``result_types`` are the types of its results, in order."""

    result_types: tuple

    def __new__(cls, text, result_types):
        op = super().__new__(cls, text)
        op.result_types = tuple(result_types)
        return op


class Names:
    """Fresh SSA value names, ``%<prefix><n>`` for n = first, first + 1,
    ...; ``next`` can be saved and restored to take names back."""

    def __init__(self, prefix, first):
        self.prefix = prefix
        self.next = first

    def fresh(self):
        self.next += 1
        return f"%{self.prefix}{self.next - 1}"


# -- types and enums --------------------------------------------------------


def tensor_type(shape, element):
    """``tensor<2x3xf32>``; ``tensor<f32>`` for rank 0."""
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def shape_and_element(type_):
    """(shape, element type) of a tensor type: ((2, 3), "f32")."""
    match = re.fullmatch(r"tensor<((?:\d+x)*)(.+)>", type_)
    if not match:
        raise ValueError(f"not a ranked tensor type: {type_}")
    dims, element = match.groups()
    return tuple(int(d) for d in dims.split("x")[:-1]), element


def with_element(type_, element):
    """``type_`` (a tensor type) with another element type."""
    return tensor_type(shape_and_element(type_)[0], element)


def enum_value(enum, case):
    """The integer of an hlo enum's case (its generic form), by the case's
    name in C++ or in the custom assembly."""
    cases = ENUMS[enum]
    for symbol, spelling, value in cases:
        if case in (symbol, spelling):
            return value
    raise ValueError(f"{enum} has no case {case!r}; its cases: "
                     f"{', '.join(spelling for _, spelling, _ in cases)}")


def _spelling(enum, case):
    """``case`` as the custom assembly spells it, checked against ODS."""
    value = enum_value(enum, case)
    return next(spelling for _, spelling, v in ENUMS[enum] if v == value)


def _list(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


def _names(values):
    return ", ".join(v.name for v in values)


def _types(values):
    return ", ".join(v.type for v in values)


def _results(types):
    return types[0] if len(types) == 1 else f"({', '.join(types)})"


def _signature(operands, result_types):
    """The functional type that ends an op whose result type is not its
    operands': `` : (a type, b type) -> result type``."""
    return f" : ({_types(operands)}) -> {_results(result_types)}"


# -- ops in their custom assembly --------------------------------------------


def constant(literal, type_):
    """``literal`` is the attribute: ``dense<1.0>``, ``dense<[1, 2]>``."""
    return Op(f"hlo.constant {literal} : {type_}", [type_])


def same_type(op, *operands, dims=None):
    """``hlo.<op> %a, %b : type``, the form of the ops whose result has
    their operands' type: elementwise ops, and with ``dims`` reverse."""
    text = f"hlo.{op} {_names(operands)}"
    if dims is not None:
        text += f", dims = {_list(dims)}"
    return Op(f"{text} : {operands[0].type}", [operands[0].type])


def to_type(op, x, result_type, dims=None):
    """``hlo.<op> %x : (type) -> result type``: convert and reshape, and
    with ``dims`` broadcast_in_dim and transpose."""
    text = f"hlo.{op} {x.name}"
    if dims is not None:
        text += f", dims = {_list(dims)}"
    return Op(text + _signature([x], [result_type]), [result_type])


def iota(dim, type_):
    return Op(f"hlo.iota dim = {dim} : {type_}", [type_])


def compare(direction, a, b, compare_type=None):
    """``compare_type`` (TOTALORDER, ...) is printed when given."""
    text = f"hlo.compare {_spelling('ComparisonDirection', direction)}, " \
        f"{a.name}, {b.name}"
    if compare_type:
        text += f", {_spelling('ComparisonType', compare_type)}"
    return Op(f"{text} : {a.type}", [with_element(a.type, "i1")])


def select(predicate, on_true, on_false):
    """``predicate`` is i1 of the values' shape, or rank 0."""
    return Op(f"hlo.select {predicate.name}, {on_true.name}, "
              f"{on_false.name} : {predicate.type}, {on_true.type}",
              [on_true.type])


def clamp(low, x, high):
    """The bounds are of x's type, or rank 0."""
    return Op(f"hlo.clamp {low.name}, {x.name}, {high.name} : {low.type}, "
              f"{x.type}, {high.type}", [x.type])


def slice_(x, starts, limits, strides, result_type):
    return Op(f"hlo.slice {x.name}, starts = {_list(starts)}, limits = "
              f"{_list(limits)}, strides = {_list(strides)}"
              + _signature([x], [result_type]), [result_type])


def dynamic_slice(x, offsets, sizes, result_type):
    return Op(f"hlo.dynamic_slice {x.name}[{_names(offsets)}] sizes = "
              f"{_list(sizes)} : ({x.type}, {_types(offsets)}) -> "
              f"{result_type}", [result_type])


def dynamic_update_slice(x, offsets, update):
    return Op(f"hlo.dynamic_update_slice {x.name}[{_names(offsets)}], "
              f"{update.name} : ({x.type}, {update.type}, "
              f"{_types(offsets)}) -> {x.type}", [x.type])


def pad(x, value, low, high, interior, result_type):
    return Op(f"hlo.pad {x.name}, {value.name}, low = {_list(low)}, high = "
              f"{_list(high)}, interior = {_list(interior)}"
              + _signature([x, value], [result_type]), [result_type])


def concatenate(dim, parts, result_type):
    return Op(f"hlo.concatenate dim = {dim}, {_names(parts)}"
              + _signature(parts, [result_type]), [result_type])


def reduce(kind, x, init, dims, result_type):
    """The short form of a reduction by one op, ``kind`` (add, maximum,
    ...)."""
    kind = _spelling("ReductionKind", kind)
    return Op(f"hlo.reduce {kind}({x.name} init {init.name}) dims = "
              f"{_list(dims)}" + _signature([x, init], [result_type]),
              [result_type])


def reduce_region(operands, inits, dims, result_types, region):
    """A reduction of ``operands`` from ``inits`` by ``region`` (the text
    ``region()`` makes)."""
    pairs = ", ".join(f"({x.name} init {i.name})"
                      for x, i in zip(operands, inits))
    return Op(f"hlo.reduce{pairs} dims = {_list(dims)}"
              + _signature([*operands, *inits], result_types)
              + f" {region}", result_types)


def sort(operands, dim, stable, region):
    """A sort of ``operands`` along ``dim`` by the comparator ``region``."""
    return Op(f"hlo.sort({_names(operands)}) dimension = {dim}"
              f"{', stable' if stable else ''} : {_types(operands)} {region}",
              [x.type for x in operands])


def topk(x, k, largest=True):
    """The k largest (or smallest) along the last dimension, and their
    indices (i32)."""
    shape, element = shape_and_element(x.type)
    result_shape = [*shape[:-1], k]
    return Op(f"hlo.topk {x.name}, k = {k}"
              f"{'' if largest else ' {largest = false}'} : {x.type}",
              [tensor_type(result_shape, element),
               tensor_type(result_shape, "i32")])


def rng_bit_generator(algorithm, state, result_type):
    """The next state and random bits of ``result_type``."""
    algorithm = _spelling("RngAlgorithm", algorithm)
    return Op(f"hlo.rng_bit_generator {state.name}, algorithm = {algorithm}"
              + _signature([state], [state.type, result_type]),
              [state.type, result_type])


def dot(lhs, rhs, result_type):
    return Op(f"hlo.dot {lhs.name}, {rhs.name}"
              + _signature([lhs, rhs], [result_type]), [result_type])


def dot_general(lhs, rhs, batching, contracting, result_type):
    """``batching`` and ``contracting`` are (lhs dims, rhs dims) pairs;
    batching dims are printed only when there are some."""
    text = f"hlo.dot_general {lhs.name}, {rhs.name}, "
    if batching[0]:
        text += (f"batching_dims = {_list(batching[0])} x "
                 f"{_list(batching[1])}, ")
    return Op(text + f"contracting_dims = {_list(contracting[0])} x "
              f"{_list(contracting[1])}"
              + _signature([lhs, rhs], [result_type]), [result_type])


def _unit_attributes(names):
    """An attribute dictionary of unit attributes: `` {lower}``, or
    nothing."""
    return f" {{{', '.join(names)}}}" if names else ""


def cholesky(a, lower):
    return Op(f"hlo.cholesky {a.name}"
              f"{_unit_attributes(['lower'] if lower else [])} : {a.type}",
              [a.type])


def triangular_solve(a, b, flags):
    """``flags``: the unit attributes among left_side, lower,
    unit_diagonal and transpose_a."""
    return Op(f"hlo.triangular_solve {a.name}, {b.name}"
              f"{_unit_attributes(flags)}" + _signature([a, b], [b.type]),
              [b.type])


def lu(a, pivots_type):
    """The packed factors and the pivots."""
    return Op(f"hlo.lu {a.name}" + _signature([a], [a.type, pivots_type]),
              [a.type, pivots_type])


def while_(carried, initial, condition, body):
    """A loop over ``carried`` (the region arguments' values) from
    ``initial``; ``condition`` and ``body`` are texts of ``region()``
    without block arguments of their own: they see ``carried``."""
    pairs = ", ".join(f"{c.name} = {i.name}"
                      for c, i in zip(carried, initial))
    return Op(f"hlo.while({pairs}) : {_types(initial)} cond {condition} "
              f"do {body}", [x.type for x in initial])


def fusion(kind, operands, result_types, region):
    """An ``hlo.fusion`` of ``kind`` (loop, input, output) computing
    ``region`` (see ``region``: its arguments stand for ``operands``, its
    terminator is ``hlo.yield``) on ``operands``."""
    kind = _spelling("FusionKind", kind)
    return Op(f"hlo.fusion {kind}({_names(operands)})"
              + _signature(operands, result_types) + f" {region}",
              result_types)


def return_(values, op="hlo.return"):
    """The terminator of a region (``hlo.return``) or of a function
    (``op="return"``)."""
    if not values:
        return op
    return f"{op} {_names(values)} : {_types(values)}"


# -- blocks, regions and functions -------------------------------------------


class Block:
    """The lines of a block: each ``let`` names an op's results."""

    def __init__(self):
        self.lines = []

    def let(self, name, op):
        """Prints ``name = op``; returns its result's Value, or the list of
        its results' (``name#0``, ...)."""
        count = len(op.result_types)
        self.lines.append(f"{name if count == 1 else f'{name}:{count}'} = "
                          f"{op}")
        if count == 1:
            return Value(name, op.result_types[0])
        return [Value(f"{name}#{index}", type_)
                for index, type_ in enumerate(op.result_types)]

    def emit(self, line):
        """A line without results: a terminator."""
        self.lines.append(line)

    def text(self, indent):
        return "\n".join(indent + line.replace("\n", "\n" + indent)
                         for line in self.lines)


def region(arguments, body, returned, terminator="hlo.return"):
    """The text of a region of one block: ``arguments`` (Values), the ops
    of ``body`` (a Block, or lines indented as they are to be printed),
    then ``terminator returned``."""
    lines = body.text("  ").split("\n") if isinstance(body, Block) else \
        list(body)
    if arguments:
        head = ", ".join(f"{a.name}: {a.type}" for a in arguments)
        lines.insert(0, f"^bb0({head}):")
    lines.append("  " + return_(returned, terminator))
    return "{\n" + "\n".join(line for line in lines if line) + "\n}"


def function(name, arguments, body, results):
    """A ``func.func`` of the Block or op lines ``body`` (each indented by
    two spaces), taking the Values ``arguments`` and returning ``results``."""
    types = [r.type for r in results]
    lines = [f"func.func @{name}("
             f"{', '.join(f'{a.name}: {a.type}' for a in arguments)}) -> "
             f"{_results(types)} {{"]
    if isinstance(body, Block):
        lines.append(body.text("  "))
    else:
        lines += ["  " + line for line in body]
    lines.append("  " + return_(results, "return"))
    return "\n".join(lines) + "\n}\n"


def split_functions(text):
    """{name: text} of the functions of a written file, or of fuse-opt's
    output (where they sit in a module, indented)."""
    return {m.group(2): m.group(0) for m in re.finditer(
        r"^( *)func\.func @([\w.$-]+)\(.*?^\1\}$", text, re.M | re.S)}


# -- the generic form --------------------------------------------------------

BOOLEAN = "tensor<i1>"


class GenericBlock:
    """Prints ops in the generic form into a list of lines, naming their
    results ``prefix0``, ``prefix1``, ... and remembering every value's
    type. Ops without a location of their own get ``location``."""

    def __init__(self, prefix, arguments=(), location=""):
        self.prefix = prefix
        self.arguments = list(arguments)
        self.types = dict(self.arguments)
        self.location = location
        self.lines = []

    def op(self, name, operands, result_types, properties=None,
           regions=(), location=""):
        """Prints ``"hlo.<name>"``; returns its result's name, or the list
        of its results' names."""
        text = f'"hlo.{name}"({", ".join(operands)})'
        if properties:
            # A property without a value is a unit attribute.
            text += " <{" + ", ".join(
                key if value is None else f"{key} = {value}"
                for key, value in properties.items()) + "}>"
        if regions:
            text += " (" + ", ".join(regions) + ")"
        operand_types = ", ".join(self.types[v] for v in operands)
        text += f" : ({operand_types}) -> {_results(result_types)}"
        location = location or self.location
        if location:
            text += " " + location
        if not result_types:
            self.lines.append(text)
            return []
        result = f"{self.prefix}{len(self.lines)}"
        count = len(result_types)
        self.lines.append(f"{result}{f':{count}' if count > 1 else ''} = "
                          f"{text}")
        if count == 1:
            self.types[result] = result_types[0]
            return result
        names = [f"{result}#{index}" for index in range(count)]
        self.types.update(zip(names, result_types))
        return names

    def compare(self, direction, lhs, rhs, compare_type=None):
        properties = {"comparison_direction":
                      f"{enum_value('ComparisonDirection', direction)} : i32"}
        if compare_type:
            properties["compare_type"] = \
                f"{enum_value('ComparisonType', compare_type)} : i32"
        return self.op("compare", [lhs, rhs], [BOOLEAN], properties)

    def region(self, yielded):
        """This block as a region that returns ``yielded``."""
        self.op("return", yielded, [])
        arguments = ", ".join(f"{name}: {type_}"
                              for name, type_ in self.arguments)
        body = "".join(f"\n    {line}" for line in self.lines)
        return f"{{\n  ^bb0({arguments}):{body}\n  }}"


def dense_array(values, element="i64"):
    """A dense array property: ``array<i64: 1, 0>``."""
    values = ", ".join(str(v) for v in values)
    return f"array<{element}: {values}>" if values else f"array<{element}>"
