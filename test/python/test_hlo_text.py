"""fuse_hlo.hlo_text, the one hlo writer of the package, the fuzzers and
bench: its enums are the dialect's, its text parses, and it imports
without numpy or libFuseCAPI."""

import ctypes
import subprocess
import sys
from pathlib import Path

import pytest

import fuse_hlo
from fuse_hlo import _library
from fuse_hlo import hlo_text as ht
from fuse_hlo._hlo_enums import ENUMS


def test_enums_are_the_dialects():
    lib = _library.lib
    lib.fuseHLOEnumValue.restype = ctypes.c_int64
    lib.fuseHLOEnumValue.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    assert set(ENUMS) >= {"ComparisonDirection", "ComparisonType",
                          "FftType", "FusionKind", "ReductionKind",
                          "RngAlgorithm"}
    for enum, cases in ENUMS.items():
        for _, spelling, value in cases:
            assert lib.fuseHLOEnumValue(enum.encode(),
                                        spelling.encode()) == value
            assert ht.enum_value(enum, spelling) == value


def test_unknown_cases_are_refused_with_the_known_ones():
    x = ht.Value("%x", "tensor<4xf32>")
    with pytest.raises(ValueError, match="ComparisonDirection has no case "
                                         "'LESS'; its cases: EQ, NE, LT"):
        ht.compare("LESS", x, x)
    with pytest.raises(ValueError, match="ReductionKind has no case 'xor'"):
        ht.reduce("xor", x, ht.Value("%z", "tensor<f32>"), [0],
                  "tensor<f32>")
    # A case by its C++ name prints as the assembly spells it.
    assert ht.reduce("Max", x, x, [0], "tensor<f32>").startswith(
        "hlo.reduce maximum(")


def _program():
    """A function of every kind of op the writer prints: shapes, a
    region reduction of two operands, a sort, top-k, a loop, a fusion."""
    matrix, scalar, index = "tensor<4x3xf32>", "tensor<f32>", "tensor<i32>"
    x = ht.Value("%x", matrix)
    f = ht.Block()
    zero = f.let("%zero", ht.constant("dense<0.0>", scalar))
    rows = f.let("%rows", ht.reduce("add", x, zero, [1], "tensor<4xf32>"))
    indices = f.let("%iota", ht.iota(1, "tensor<4x3xi32>"))
    none = f.let("%none", ht.constant("dense<0>", index))
    acc, acc_i, e, e_i = (ht.Value(name, type_) for name, type_ in (
        ("%acc", scalar), ("%acci", index), ("%e", scalar), ("%ei", index)))
    body = ht.Block()
    greater = body.let("%gt", ht.compare("GT", e, acc))
    largest = body.let("%m", ht.select(greater, e, acc))
    largest_i = body.let("%mi", ht.select(greater, e_i, acc_i))
    top, top_i = f.let("%arg", ht.reduce_region(
        [x, indices], [zero, none], [1], ["tensor<4xf32>", "tensor<4xi32>"],
        ht.region([acc, acc_i, e, e_i], body, [largest, largest_i])))
    left, right = ht.Value("%l", scalar), ht.Value("%r", scalar)
    comparator = ht.Block()
    less = comparator.let("%lt", ht.compare("LT", left, right, "TOTALORDER"))
    ordered = f.let("%sorted", ht.sort([x], 0, True,
                                       ht.region([left, right], comparator,
                                                 [less])))
    best, best_i = f.let("%top", ht.topk(ordered, 2, largest=False))
    counter = ht.Value("%i", index)
    carried = ht.Value("%c", "tensor<4xf32>")
    start = f.let("%start", ht.constant("dense<0>", index))
    condition, step = ht.Block(), ht.Block()
    trips = condition.let("%trips", ht.constant("dense<3>", index))
    going = condition.let("%going", ht.compare("LT", counter, trips))
    one = step.let("%one", ht.constant("dense<1>", index))
    following = step.let("%next", ht.same_type("add", counter, one))
    doubled = step.let("%twice", ht.same_type("add", carried, carried))
    _, looped = f.let("%loop", ht.while_(
        [counter, carried], [start, rows], ht.region([], condition, [going]),
        ht.region([], step, [following, doubled])))
    argument = ht.Value("%a", "tensor<4xf32>")
    fused = ht.Block()
    negated = fused.let("%n", ht.same_type("negate", argument))
    fusion = f.let("%fused", ht.fusion("loop", [looped], ["tensor<4xf32>"],
                                       ht.region([argument], fused, [negated],
                                                 "hlo.yield")))
    return ht.function("main", [x], f, [fusion, top, top_i, best, best_i])


def test_written_programs_parse_and_verify():
    inputs, results = fuse_hlo.signature(_program())
    assert [(tuple(shape), str(dtype)) for shape, dtype in inputs] == \
        [((4, 3), "float32")]
    assert [tuple(shape) for shape, _ in results] == \
        [(4,), (4,), (4,), (4, 2), (4, 2)]


def test_imports_without_numpy_or_the_library():
    python = Path(fuse_hlo.__file__).resolve().parent.parent
    script = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        f"sys.path.insert(0, {str(python)!r})\n"
        "from fuse_hlo import hlo_text\n"
        "assert 'fuse_hlo._library' not in sys.modules\n"
        "print(hlo_text.tensor_type((2, 3), 'f32'))\n")
    result = subprocess.run([sys.executable, "-c", script],
                            capture_output=True, text=True, check=True)
    assert result.stdout == "tensor<2x3xf32>\n"
