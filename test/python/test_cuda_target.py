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
