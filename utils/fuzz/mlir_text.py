"""MLIR text for the random program generators (hlo_fuzz.py, split_fuzz.py,
chain_fuzz.py): types, value names, ops of the hlo dialect in their custom
assembly, functions, and running fuse-opt and fuse-run on the result.

An op printer takes its operands as values with a `name` (`%v3`) and a
`type` (`tensor<2x3xf32>`) and returns the op's text without its result,
as the generators emit it after `%name = `. Python standard library only.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple


def tensor_type(shape, element):
    """`tensor<2x3xf32>`; `tensor<f32>` for rank 0."""
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def _list(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


def _signature(operands, result_type):
    """The functional type that ends an op whose result type is not its
    operands': ` : (a type, b type) -> result type`."""
    return f" : ({', '.join(x.type for x in operands)}) -> {result_type}"


class Typed(NamedTuple):
    """A value known only by its name and type."""

    name: str
    type: str


class Names:
    """Fresh SSA value names, `%<prefix><n>` for n = first, first + 1, ...;
    `next` can be saved and restored to take names back."""

    def __init__(self, prefix, first):
        self.prefix = prefix
        self.next = first

    def fresh(self):
        self.next += 1
        return f"%{self.prefix}{self.next - 1}"


# -- ops ------------------------------------------------------------------


def constant(literal, type_):
    """`literal` is the attribute: `dense<1.0>`, `dense<[1, 2]>`."""
    return f"hlo.constant {literal} : {type_}"


def same_type(op, *operands, dims=None):
    """`hlo.<op> %a, %b : type`, the form of the ops whose result has
    their operands' type: elementwise ops, and with `dims` reverse."""
    text = f"hlo.{op} {', '.join(x.name for x in operands)}"
    if dims is not None:
        text += f", dims = {_list(dims)}"
    return f"{text} : {operands[0].type}"


def to_type(op, x, result_type, dims=None):
    """`hlo.<op> %x : (type) -> result type`: convert and reshape, and with
    `dims` broadcast_in_dim and transpose."""
    text = f"hlo.{op} {x.name}"
    if dims is not None:
        text += f", dims = {_list(dims)}"
    return text + _signature([x], result_type)


def iota(dim, type_):
    return f"hlo.iota dim = {dim} : {type_}"


def compare(direction, a, b):
    return f"hlo.compare {direction}, {a.name}, {b.name} : {a.type}"


def select(predicate, on_true, on_false):
    """`predicate` is i1 of the values' shape, or rank 0."""
    return (f"hlo.select {predicate.name}, {on_true.name}, {on_false.name} "
            f": {predicate.type}, {on_true.type}")


def clamp(low, x, high):
    """The bounds are of x's type, or rank 0."""
    return (f"hlo.clamp {low.name}, {x.name}, {high.name} : {low.type}, "
            f"{x.type}, {high.type}")


def slice_(x, starts, limits, strides, result_type):
    return (f"hlo.slice {x.name}, starts = {_list(starts)}, limits = "
            f"{_list(limits)}, strides = {_list(strides)}"
            + _signature([x], result_type))


def pad(x, value, low, high, interior, result_type):
    return (f"hlo.pad {x.name}, {value.name}, low = {_list(low)}, high = "
            f"{_list(high)}, interior = {_list(interior)}"
            + _signature([x, value], result_type))


def concatenate(dim, parts, result_type):
    return (f"hlo.concatenate dim = {dim}, "
            f"{', '.join(p.name for p in parts)}"
            + _signature(parts, result_type))


def reduce(kind, x, init, dims, result_type):
    """The short form of a reduction by one op, `kind` (add, maximum,
    ...)."""
    return (f"hlo.reduce {kind}({x.name} init {init.name}) dims = "
            f"{_list(dims)}" + _signature([x, init], result_type))


def dot(lhs, rhs, result_type):
    return (f"hlo.dot {lhs.name}, {rhs.name}"
            + _signature([lhs, rhs], result_type))


def dot_general(lhs, rhs, batching, contracting, result_type):
    """`batching` and `contracting` are (lhs dims, rhs dims) pairs;
    batching dims are printed only when there are some."""
    text = f"hlo.dot_general {lhs.name}, {rhs.name}, "
    if batching[0]:
        text += (f"batching_dims = {_list(batching[0])} x "
                 f"{_list(batching[1])}, ")
    return (text + f"contracting_dims = {_list(contracting[0])} x "
            f"{_list(contracting[1])}" + _signature([lhs, rhs], result_type))


def function(name, arguments, body, results):
    """A `func.func` of the op lines `body`, each indented by two spaces,
    taking the values `arguments` and returning the values `results`."""
    types = [r.type for r in results]
    result_types = types[0] if len(types) == 1 else f"({', '.join(types)})"
    lines = [f"func.func @{name}("
             f"{', '.join(f'{a.name}: {a.type}' for a in arguments)}) -> "
             f"{result_types} {{"]
    lines += ["  " + line for line in body]
    lines.append(f"  return {', '.join(r.name for r in results)} : "
                 f"{', '.join(types)}")
    return "\n".join(lines) + "\n}\n"


def split_functions(text):
    """{name: text} of the functions of a generated file, or of fuse-opt's
    output (where they sit in a module, indented)."""
    return {m.group(2): m.group(0) for m in re.finditer(
        r"^( *)func\.func @([\w.$-]+)\(.*?^\1\}$", text, re.M | re.S)}


# -- running the tools ----------------------------------------------------

#: The return code run_tool gives a run that it stopped.
TIMED_OUT = "timeout"


def add_tool_arguments(parser, *tools, timeout=None):
    """--fuse-opt, --fuse-run: a path, or a name on PATH (the default);
    with `timeout`, --timeout SECONDS (that default) for each run."""
    for tool in tools:
        parser.add_argument(f"--{tool}", default=tool,
                            help=f"the {tool} binary (a path or a name on "
                                 f"PATH; default {tool})")
    if timeout:
        parser.add_argument("--timeout", type=float, default=timeout,
                            help="seconds for one fuse-opt or fuse-run run "
                                 f"(default {timeout:g}); a longer one fails")


def find_tool(parser, path):
    """The executable `path` names (itself, or found on PATH); an argument
    error if there is none."""
    found = shutil.which(path)
    if not found:
        parser.error(f"cannot run '{path}'")
    return found


def run_tool(command, timeout=None, stdin=None):
    """Runs `command`, capturing its output. A run over `timeout` seconds
    is stopped: its return code is TIMED_OUT and its stderr says so."""
    try:
        return subprocess.run([str(c) for c in command], input=stdin,
                              capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout or ""
        if isinstance(output, bytes):
            output = output.decode(errors="replace")
        return subprocess.CompletedProcess(
            command, TIMED_OUT, output,
            f"{Path(str(command[0])).name}: no result after {timeout:g} s\n")


def run_checked(command, stdin=None):
    """run_tool without a time limit; a failure ends the program with the
    tool's message."""
    result = run_tool(command, stdin=stdin)
    if result.returncode != 0:
        sys.exit(f"{Path(str(command[0])).name} exit {result.returncode}:\n"
                 f"{result.stderr}")
    return result


def seed_arguments(parser, count):
    """--seed S (also fuse-run's --random-inputs) and --count N."""
    parser.add_argument("--seed", type=int, default=1,
                        help="the seed; also fuse-run's --random-inputs")
    parser.add_argument("--count", type=int, default=count,
                        help=f"how many programs (default {count})")
