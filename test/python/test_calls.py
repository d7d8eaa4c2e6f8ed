"""Calls without copies: inputs read in place (or converted once when they
cannot be), results built in the caller's arrays or in arrays whose memory
is reused once dropped."""

import numpy as np
import pytest

import fuse_hlo as fx
import fuse_hlo.numpy as fnp
from fuse_hlo import _buffers

REVERSE = """
HloModule reverse
ENTRY main {
  x = f32[6]{0} parameter(0)
  ROOT r = f32[6]{0} reverse(x), dimensions={0}
}
"""

TWO_RESULTS = """
HloModule two
ENTRY main {
  x = f32[2,3]{1,0} parameter(0)
  n = f32[2,3]{1,0} negate(x)
  ROOT t = (f32[2,3]{1,0}, f32[2,3]{1,0}) tuple(n, n)
}
"""


def test_results_are_built_in_the_callers_arrays():
    program = fx.import_hlo(TWO_RESULTS)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    first, second = np.empty((2, 3), np.float32), np.empty((2, 3), np.float32)
    results = program(x, out=[first, second])
    assert results[0] is first and results[1] is second
    np.testing.assert_array_equal(first, -x)
    np.testing.assert_array_equal(second, -x)


def test_an_output_may_be_an_input():
    program = fx.import_hlo(REVERSE)
    x = np.arange(6, dtype=np.float32)
    program(x, out=[x])
    np.testing.assert_array_equal(x, np.arange(6, dtype=np.float32)[::-1])
    # Overlapping by one element, within one buffer.
    buffer = np.arange(7, dtype=np.float32)
    program(buffer[:6], out=[buffer[1:]])
    np.testing.assert_array_equal(buffer[1:], [5, 4, 3, 2, 1, 0])


def test_out_arrays_are_checked():
    program = fx.import_hlo(REVERSE)
    x = np.arange(6, dtype=np.float32)
    for bad in ([np.empty(6, np.float64)], [np.empty(7, np.float32)],
                [np.empty(12, np.float32)[::2]], []):
        with pytest.raises(TypeError, match="out"):
            program(x, out=bad)


def test_misaligned_and_strided_inputs_are_copied_once():
    program = fx.import_hlo(REVERSE)
    raw = np.zeros(6 * 4 + 1, np.uint8)
    misaligned = raw[1:].view(np.float32)
    misaligned[:] = np.arange(6)
    assert not misaligned.flags.aligned
    np.testing.assert_array_equal(program(misaligned)[0], np.arange(6)[::-1])
    strided = np.arange(12, dtype=np.float32)[::2]
    np.testing.assert_array_equal(program(strided)[0], strided[::-1])


def test_live_results_never_share_memory_and_dropped_ones_are_reused():
    @fx.jit
    def double(x):
        return x * 2

    x = np.ones((512, 1024), np.float32)  # 2 MiB: from the result cache
    first = double(x)
    second = double(x)
    assert not np.shares_memory(first, second)
    np.testing.assert_array_equal(first, 2 * x)
    address = _buffers.address(first)
    del first
    third = double(x)
    assert _buffers.address(third) == address
    assert _buffers.address(third) % 64 == 0
    # A view keeps the memory of its result.
    view = third[10]
    del third
    fourth = double(x)
    assert not np.shares_memory(view, fourth)
    np.testing.assert_array_equal(view, 2 * x[10])


def test_aligned_empty_is_aligned_for_every_size():
    for shape in [(1,), (3, 5), (1000,), (512, 1024)]:
        array = _buffers.aligned_empty(shape, np.float32)
        assert array.shape == shape and array.flags.c_contiguous
        assert _buffers.address(array) % 64 == 0


def test_scalar_arguments_and_fnp_results_round_trip():
    @fx.jit
    def scale(x, factor):
        return fnp.sum(x * factor)

    x = np.arange(10, dtype=np.float32)
    assert float(scale(x, 2.0)) == 90.0
    assert float(scale(x, 3.0)) == 135.0
    assert scale.compile_count == 1


def test_a_distributed_program_is_refused_with_how_to_run_it():
    # --distribute-splits programs run as several processes under mpirun;
    # in one process their collectives would have no one to meet.
    from fuse_hlo import _capi
    module = _capi.Module.parse("""
shard.grid @fuse_ranks(shape = 2)
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = shard.all_reduce %x on @fuse_ranks grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
""")
    with pytest.raises(fx.CompileError,
                       match=r"distributed over 2 ranks.*mpirun -np 2"):
        module.compile("main")
