"""target="cuda" from Python, without a GPU: through the stand-in driver
and cuBLASLt of test/Runtime/Stubs, which compute cuBLASLt's products on
the host, products come back right; without a driver, the first call says
what is missing. Each case runs in a process of its own: the driver is
loaded once per process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import fuse_hlo

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("FUSE_BUILD_DIR", ROOT / "build"))
STUB_DRIVER = BUILD / "lib" / "libfuse-stub-cuda_driver.so"
STUB_CUBLASLT = BUILD / "lib" / "libfuse-stub-cublaslt.so"

needs_stubs = pytest.mark.skipif(
    not STUB_DRIVER.exists() or not STUB_CUBLASLT.exists(),
    reason="the stand-in CUDA libraries of test/Runtime/Stubs are not built")


def run_python(code, **environment):
    """Runs `code` in a new interpreter that imports fuse_hlo as this one
    does; returns its stdout (stderr too when it fails)."""
    env = dict(os.environ, **environment)
    paths = [str(Path(fuse_hlo.__file__).parent.parent)]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


PRODUCT = """
import numpy as np
import fuse_hlo as fx
x = np.arange(6, dtype=np.float32).reshape(2, 3)
w = np.arange(12, dtype=np.float32).reshape(3, 4) - 5
f = fx.jit(lambda x, w: x @ w, target="cuda")
np.testing.assert_array_equal(f(x, w), x @ w)
# A second call reuses the compiled program.
np.testing.assert_array_equal(f(2 * x, w), 2 * x @ w)
assert f.cache_size() == 1
"""


@needs_stubs
def test_a_product_on_the_gpu_matches_numpy():
    run_python(PRODUCT + "print('ok')", FUSE_LIBCUDA=str(STUB_DRIVER),
               FUSE_LIBCUBLASLT=str(STUB_CUBLASLT))


@needs_stubs
def test_jax_jit_and_import_hlo_take_the_target():
    pytest.importorskip("jax")
    out = run_python("""
import numpy as np
import jax.numpy as jnp
import fuse_hlo as fx
import fuse_hlo.jax as fj
x = np.arange(6, dtype=np.float32).reshape(2, 3)
w = np.arange(12, dtype=np.float32).reshape(3, 4)
g = fj.jit(lambda x, w: jnp.dot(x, w), target="cuda")
np.testing.assert_array_equal(g(x, w), x @ w)
program = fx.import_hlo(g.lower(x, w).as_text("xla_hlo"), target="cuda")
np.testing.assert_array_equal(program(x, w)[0], x @ w)
try:
    g.profile(x, w)
except fx.CompileError as error:
    print(error)
""", FUSE_LIBCUDA=str(STUB_DRIVER), FUSE_LIBCUBLASLT=str(STUB_CUBLASLT))
    assert "profiles time the CPU's kernels; the function is compiled for " \
           "cuda" in out


def test_without_a_driver_the_first_call_says_so(tmp_path):
    out = run_python("""
import numpy as np
import fuse_hlo as fx
f = fx.jit(lambda x: x + 1, target="cuda")
try:
    f(np.ones(3, np.float32))
except fx.CompileError as error:
    print(error)
""", FUSE_LIBCUDA=str(tmp_path / "libcuda-missing.so"))
    assert "no GPU: cannot load" in out
    assert "libcuda-missing.so" in out


def test_an_unknown_target_is_refused():
    with pytest.raises(ValueError, match="target must be one of cpu, cuda, "
                                         "not 'tpu'"):
        fuse_hlo.jit(lambda x: x, target="tpu")


@needs_stubs
def test_the_compilation_cache_keeps_each_target_apart(tmp_path):
    out = run_python("""
from fuse_hlo._capi import Module
module = Module.parse('''func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %p : tensor<2x2xf32>
}''', "product.mlir")
for target in ["cpu", "cuda", "cuda", "cpu"]:
    print(target, module.compile("main", "", target=target).cache_outcome)
""", FUSE_LIBCUDA=str(STUB_DRIVER), FUSE_LIBCUBLASLT=str(STUB_CUBLASLT),
                     FUSE_CACHE_DIR=str(tmp_path / "cache"),
                     FUSE_CACHE_MIN_COMPILE_SECONDS="0")
    assert out.splitlines() == ["cpu miss, stored", "cuda miss, stored",
                                "cuda hit", "cpu hit"]


# Arrays in GPU memory (fuse_hlo.DeviceArray, DLPack). Without a GPU the
# stand-in driver runs no kernels, so only products, which the stand-in
# cuBLASLt computes, are checked for numbers; on a machine with a GPU the
# same code runs on it, and the exchange with JAX and PyTorch there too.

def _gpu_present():
    probe = subprocess.run(
        [sys.executable, "-c", "from fuse_hlo import _device; "
         "_device._Device.get()"], capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=str(
            Path(fuse_hlo.__file__).parent.parent)), timeout=120)
    return probe.returncode == 0


ON_GPU = _gpu_present()
DEVICE_ENV = {} if ON_GPU else dict(FUSE_LIBCUDA=str(STUB_DRIVER),
                                     FUSE_LIBCUBLASLT=str(STUB_CUBLASLT))
needs_device = pytest.mark.skipif(
    not ON_GPU and not STUB_DRIVER.exists(),
    reason="no GPU and no stand-in CUDA libraries (test/Runtime/Stubs)")
needs_gpu = pytest.mark.skipif(
    not ON_GPU, reason="no GPU: JAX and PyTorch exchange arrays with fuse "
                       "on a machine with one")

DEVICE_PRODUCT = """
import numpy as np
import fuse_hlo as fx
x = np.arange(9, dtype=np.float32).reshape(3, 3)
w = (np.arange(9, dtype=np.float32) - 5).reshape(3, 3)
f = fx.jit(lambda x, w: x @ w, target="cuda")
dx, dw = fx.device_put(x), fx.device_put(w)
"""


@needs_device
def test_device_arrays_in_give_device_arrays_out():
    out = run_python(DEVICE_PRODUCT + """
print(repr(dx))
r = f(dx, dw)
print(type(r).__name__, r.shape, r.dtype)
np.testing.assert_array_equal(r.numpy(), x @ w)
np.testing.assert_array_equal(np.asarray(r), x @ w)
# A result goes back in without a copy; host arrays beside it are copied.
np.testing.assert_array_equal(f(r, dw).numpy(), x @ w @ w)
np.testing.assert_array_equal(f(x, dw).numpy(), x @ w)
# Host arrays alone: host results, as before.
print(type(f(x, w)).__name__)
print("ok")
""", **DEVICE_ENV)
    assert out.splitlines() == ["DeviceArray(f32[3, 3], cuda:0)",
                                "DeviceArray (3, 3) float32", "ndarray",
                                "ok"]


@needs_device
def test_dlpack_shares_device_arrays():
    out = run_python(DEVICE_PRODUCT + """
class Producer:
    # Another library's array: DLPack only.
    def __init__(self, array):
        self.array = array
    def __dlpack__(self, stream=None):
        print("asked on stream", stream)
        return self.array.__dlpack__(stream=stream)
    def __dlpack_device__(self):
        return (2, 0)
    shape, dtype = (3, 3), np.dtype(np.float32)

r = f(dx, dw)
print(r.__dlpack_device__())
np.testing.assert_array_equal(f(Producer(r), dw).numpy(), x @ w @ w)
""", **DEVICE_ENV)
    assert out.splitlines() == ["(2, 0)", "asked on stream 1"]


@needs_stubs
def test_dlpack_consumers_keep_device_memory_until_they_let_go():
    # The stand-in driver prints each cuMemFree; without the runtime's
    # cache, a free is one.
    proc = subprocess.run([sys.executable, "-c", DEVICE_PRODUCT + """
import ctypes, sys
from fuse_hlo import _device
def mark(text):
    print(text, file=sys.stderr, flush=True)
def consume(capsule):
    address = _device._capsule_get(capsule, b"dltensor")
    _device._capsule_set_name(capsule, b"used_dltensor")
    managed = _device._DLManagedTensor.from_address(address)
    tensor = managed.dl_tensor
    values = np.ctypeslib.as_array(
        ctypes.cast(tensor.data, ctypes.POINTER(ctypes.c_float)), (3, 3))
    return values, lambda: managed.deleter(ctypes.cast(
        address, ctypes.POINTER(_device._DLManagedTensor)))

r = f(dx, dw)
capsule = r.__dlpack__(stream=1)
values, delete = consume(capsule)
mark("exported")
del r
mark("owner gone")
np.testing.assert_array_equal(values, x @ w)
delete()
mark("consumer done")
capsule = dx.__dlpack__()
del dx
mark("unconsumed")
del capsule
mark("capsule gone")
"""], capture_output=True, text=True, timeout=600, env=dict(
        os.environ, FUSE_LIBCUDA=str(STUB_DRIVER),
        FUSE_LIBCUBLASLT=str(STUB_CUBLASLT), FUSE_STUB_TRACE="1",
        FUSE_CUDA_NO_CACHING="1", PYTHONPATH=str(
            Path(fuse_hlo.__file__).parent.parent)))
    assert proc.returncode == 0, proc.stderr
    marks = ["exported", "owner gone", "consumer done", "unconsumed",
             "capsule gone"]
    lines = [line for line in proc.stderr.splitlines()
             if line == "stub driver: free" or line in marks]
    start = lines.index("exported")
    assert lines[start:] == [
        "exported", "owner gone", "stub driver: free", "consumer done",
        "unconsumed", "stub driver: free", "capsule gone"]


@needs_device
def test_device_arrays_that_fuse_cannot_read_in_place_are_refused():
    out = run_python(DEVICE_PRODUCT + """
import ctypes
from fuse_hlo import _device

class Producer:
    # A DLPack producer whose tensor is changed by `edit`.
    def __init__(self, array, edit):
        self.array, self.edit = array, edit
    def __dlpack__(self, stream=None):
        capsule = self.array.__dlpack__(stream=stream)
        managed = _device._DLManagedTensor.from_address(
            _device._capsule_get(capsule, b"dltensor"))
        self.edit(managed.dl_tensor)
        return capsule
    def __dlpack_device__(self):
        return (2, 0)
    shape, dtype = (3, 3), np.dtype(np.float32)

strides = (ctypes.c_int64 * 2)(1, 3)
def transpose(tensor):
    tensor.strides = strides
def other_device(tensor):
    tensor.device.device_id = 1
for edit in (transpose, other_device):
    try:
        f(Producer(dx, edit), dw)
    except TypeError as error:
        print(error)
from fuse_hlo._capi import Module
program = Module.parse(f.lower(x, w).module.text()).compile(
    "main", target="cuda")
try:
    program(fx.device_put(np.ones((3, 4), np.float32)), dw)
except TypeError as error:
    print(error)
try:
    program(dx, dw, out=[np.empty((3, 3), np.float32)])
except TypeError as error:
    print(error)
try:
    _device.empty((1 << 60,), np.float32)
except fx.CompileError as error:
    print(str(error).splitlines()[-1])
""", **DEVICE_ENV)
    lines = out.splitlines()
    assert lines[0] == ("a device array that is not row-major (strides "
                        "[1, 3] for shape [3, 3]): fuse reads device arrays "
                        "in place, make it contiguous first")
    assert lines[1] == ("an array on DLPack device (2, 1); fuse runs on CUDA "
                        "device 0")
    assert lines[2] == ("argument 0 is float32[3, 4] on the GPU, the "
                        "compiled function takes float32[3, 3]")
    assert lines[3].startswith("out= takes host arrays")
    assert lines[4].startswith("out of GPU memory: 4611686018427387904 bytes")


@needs_device
def test_jax_jit_takes_device_arrays():
    pytest.importorskip("jax")
    out = run_python(DEVICE_PRODUCT + """
import jax.numpy as jnp
import fuse_hlo.jax as fj
g = fj.jit(lambda x, w: jnp.dot(x, w), target="cuda")
r = g(dx, dw)
print(type(r).__name__)
np.testing.assert_array_equal(r, x @ w)
# output="device": results stay on the GPU, host arguments or not.
d = fj.jit(lambda x, w: {"p": jnp.dot(x, w)}, target="cuda", output="device")
p = d(x, w)["p"]
print(type(p).__name__)
np.testing.assert_array_equal(d(p, dw)["p"].numpy(), x @ w @ w)
try:
    fj.jit(jnp.dot, output="device")
except ValueError as error:
    print(error)
# A CPU function reads a DeviceArray through a copy.
h = fx.jit(lambda x, w: x @ w)
np.testing.assert_array_equal(h(dx, w), x @ w)
print("ok")
""", **DEVICE_ENV)
    assert out.splitlines() == [
        "ndarray", "DeviceArray", "output='device' needs target='cuda', not "
        "'cpu': DeviceArrays are in GPU memory", "ok"]


@needs_stubs
def test_the_gpu_profile_sums_kernels_and_products_by_name():
    code = DEVICE_PRODUCT + """
f(dx, dw)
f(dx, dw)
profile = fx.take_gpu_profile()
print(profile if profile is None else profile.splitlines()[2].split()[1:])
again = fx.take_gpu_profile()
print(again if again is None else again.splitlines()[0])
"""
    stubs = dict(FUSE_LIBCUDA=str(STUB_DRIVER),
                 FUSE_LIBCUBLASLT=str(STUB_CUBLASLT))
    assert run_python(code, FUSE_CUDA_PROFILE="1", **stubs).splitlines() == [
        "['2', '0.00', 'cublasLtMatmul', '1x3x3x3', '(batch', 'x', 'rows', "
        "'x', 'cols', 'x', 'depth)']",
        "fuse-cuda-runtime profile: 0.000 ms in 0 kernels and products"]
    assert run_python(code, **stubs).splitlines() == ["None", "None"]


def test_device_put_without_a_driver_says_so(tmp_path):
    out = run_python("""
import numpy as np
import fuse_hlo as fx
try:
    fx.device_put(np.ones(3, np.float32))
except fx.CompileError as error:
    print(error)
""", FUSE_LIBCUDA=str(tmp_path / "libcuda-missing.so"))
    assert "cannot use the GPU" in out
    assert "no GPU: cannot load" in out


@needs_gpu
def test_jax_and_torch_arrays_on_the_gpu_are_read_in_place():
    out = run_python("""
import numpy as np
import jax, jax.numpy as jnp
import torch
import fuse_hlo as fx
import fuse_hlo.jax as fj
x = np.random.default_rng(0).standard_normal((256, 512), np.float32)
g = fj.jit(lambda x: jnp.tanh(x) * 2 + x.sum(axis=0), target="cuda",
           output="jax")
jx = jax.device_put(x, jax.devices("gpu")[0])
r = g(jx)
print(type(r).__name__, r.devices())
np.testing.assert_allclose(np.asarray(r), np.tanh(x) * 2 + x.sum(0),
                           rtol=1e-5, atol=1e-4)
f = fx.jit(lambda x: x * 3 + 1, target="cuda")
t = torch.from_numpy(x).cuda()
d = f(t)
back = torch.from_dlpack(d)
print(back.device, back.data_ptr() == d.pointer)
torch.testing.assert_close(back, t * 3 + 1)
np.testing.assert_array_equal(f(d).numpy(), (x * 3 + 1) * 3 + 1)
print("ok")
""")
    lines = out.splitlines()
    assert lines[0].startswith("ArrayImpl {CudaDevice(id=0)}")
    assert lines[1] == "cuda:0 True"
    assert lines[2] == "ok"
