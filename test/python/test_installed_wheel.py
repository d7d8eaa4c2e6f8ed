"""The wheel, installed into a fresh virtual environment, runs fx.jit and
fx.import_hlo from a directory outside the source tree, with nothing
pointing back at the build."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BUILD = os.environ.get("FUSE_BUILD_DIR", os.path.join(ROOT, "build"))

SCRIPT = textwrap.dedent("""
    import os, sys
    import numpy as np
    import fuse_hlo as fx
    import fuse_hlo.numpy as fnp
    assert fx.__file__.startswith(sys.prefix), fx.__file__

    @fx.jit
    def f(x):
        return fnp.exp(x).sum(axis=1)

    x = np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_allclose(f(x), np.exp(x).sum(axis=1), rtol=1e-6)
    program = fx.import_hlo('''
    HloModule m
    ENTRY main {
      x = f32[3]{0} parameter(0)
      ROOT n = f32[3]{0} negate(x)
    }''')
    np.testing.assert_array_equal(program(np.ones(3, np.float32))[0],
                                  -np.ones(3))
    print("ok")
""")


def test_wheel_in_a_fresh_venv(tmp_path):
    if not os.path.exists(os.path.join(BUILD, "lib", "libFuseCAPI.so")):
        pytest.skip("libFuseCAPI.so is not built")
    # A copy, so that the build leaves nothing in the source tree.
    source = tmp_path / "python"
    shutil.copytree(os.path.join(ROOT, "python"), source,
                    ignore=shutil.ignore_patterns("build", "*.egg-info",
                                                  "__pycache__"))
    # Built by the test's environment (it has setuptools and wheel).
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet",
                    "--no-deps", "--no-build-isolation", "-w",
                    str(tmp_path / "dist"), str(source)], check=True,
                   env={**os.environ, "FUSE_BUILD_DIR": BUILD})
    wheel, = (tmp_path / "dist").glob("fuse_hlo-*.whl")
    venv = tmp_path / "venv"
    # The system's packages give numpy without a download.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages",
                    str(venv)], check=True)
    python = str(venv / "bin" / "python")
    if subprocess.run([python, "-c", "import numpy"]).returncode != 0:
        # numpy is in the test's environment only: after the venv's own
        # packages, so that fuse_hlo still comes from the venv.
        import numpy
        site = subprocess.run(
            [python, "-c", "import sysconfig; "
             "print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True).stdout.strip()
        with open(os.path.join(site, "numpy-from-tests.pth"), "w") as pth:
            pth.write(os.path.dirname(os.path.dirname(numpy.__file__)))
    # --ignore-installed: the test environment's fuse_hlo, beside its numpy,
    # would otherwise count as installed already.
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--ignore-installed", str(wheel)], check=True)
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("FUSE_", "PYTHON"))}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run([python, "-c", SCRIPT], cwd=elsewhere,
                            env=environment, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
