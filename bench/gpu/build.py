"""Builds everything a GPU machine needs (here, with fuse built; no GPU
needed), into OUT (default bench/gpu/out):
- the benchmark: each workload fused and compiled by
  `fuse-run --target=cuda --emit-executable`, with the workloads' sources;
- the checks (checks.py): every test program, unfused and fused, and random
  programs, as executables with their inputs and the interpreter's results.
Copy OUT to the GPU machine (CUDA, JAX, PyTorch; no MLIR) and run
`python3 OUT/run.py --artifacts OUT` there: the checks, then the bench.

With --python, OUT/python instead holds what fuse_hlo needs there (about
55 MiB): the package, libFuseCAPI.so and the libraries it and the JIT load
from LLVM's directory, xz-compressed (and libz3, which LLVM links and a
CUDA image lacks), the GPU tests of Python and python_jit.py. There, as
root, `bash OUT/python/run.sh` unpacks the libraries where the build looks
for them and runs the tests and python_jit.py."""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checks  # noqa: E402
import workloads  # noqa: E402


def shared_libraries(library):
    """{name: path} of the shared libraries `library` loads (ldd)."""
    listing = subprocess.run(["ldd", library], check=True,
                             capture_output=True, text=True).stdout
    found = {}
    for line in listing.splitlines():
        name, _, rest = line.strip().partition(" => ")
        if rest.startswith("/"):
            found[name] = rest.split(" (")[0]
    return found


RUN_PYTHON = """# On the GPU machine, as root: the libraries where the build looks
# for them, then the GPU tests of fuse_hlo and python_jit.py.
set -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p {llvm}
for f in "$HERE"/lib/*.xz; do xz -dc "$f" > {llvm}/$(basename "$f" .xz) & done
wait
export LD_LIBRARY_PATH={llvm} FUSE_HLO_LIBRARY={llvm}/libFuseCAPI.so
export PYTHONPATH="$HERE" PYTHONUNBUFFERED=1 FUSE_BUILD_DIR=/nonexistent
python3 -m pytest -q -p no:cacheprovider "$HERE/test_cuda_target.py" "$@"
ARTIFACTS=${{ARTIFACTS:-$HERE}} PARTS=${{PARTS:-overhead,models}}
python3 "$HERE/bench/gpu/python_jit.py" --artifacts "$ARTIFACTS" \\
    --only "$PARTS"
"""


def pack_python(build, out):
    """fuse_hlo, its libraries and its GPU tests and bench, for a GPU
    machine without MLIR (see the module's docstring)."""
    capi = os.path.join(build, "lib", "libFuseCAPI.so")
    loaded = shared_libraries(capi)
    llvm_dir = os.path.dirname(next(
        path for name, path in loaded.items() if name.startswith("libMLIR")))
    # The JIT's runtime libraries (getCPURuntimeLibraries), under the names
    # it opens, and what they load.
    packed = {"libFuseCAPI.so": capi}
    for name in ("libmlir_c_runner_utils.so", "libomp.so"):
        packed[name] = os.path.join(llvm_dir, name)
        loaded.update(shared_libraries(packed[name]))
    packed.update({name: path for name, path in loaded.items() if
                   name.startswith(("libLLVM", "libMLIR", "libmlir_",
                                    "libomp", "libz3"))})
    os.makedirs(os.path.join(out, "lib"), exist_ok=True)
    for name, library in sorted(packed.items()):
        with open(os.path.join(out, "lib", name + ".xz"), "wb") as f:
            subprocess.run(["xz", "-9", "-T0", "-c", library], stdout=f,
                           check=True)
        print("packed", name)
    shutil.copytree(os.path.join(HERE, "..", "..", "python", "fuse_hlo"),
                    os.path.join(out, "fuse_hlo"), dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    for source, target in [
            ("test/python/test_cuda_target.py", "test_cuda_target.py"),
            ("test/python/conftest.py", "conftest.py")] + [
            ("bench/" + n, "bench/" + n) for n in (
                "harness.py", "flax_models.py", "programs.py", "references.py",
                "gpu/python_jit.py", "gpu/workloads.py", "gpu/run.py",
                "gpu/checks.py")]:
        os.makedirs(os.path.dirname(os.path.join(out, target)) or out,
                    exist_ok=True)
        shutil.copy(os.path.join(HERE, "..", "..", source),
                    os.path.join(out, target))
    with open(os.path.join(out, "run.sh"), "w") as f:
        f.write(RUN_PYTHON.format(llvm=llvm_dir))
    total = sum(os.path.getsize(os.path.join(root, f))
                for root, _, files in os.walk(out) for f in files)
    print("%s: %.1f MiB" % (out, total / 2**20))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--chip", default="sm_90")
    ap.add_argument("--scale", type=int, default=1,
                    help="divide the 16384 sizes by this (a quick run)")
    ap.add_argument("--fuzz-count", type=int, default=100,
                    help="random programs among the checks")
    ap.add_argument("--fuzz-seed", type=int, default=1)
    ap.add_argument("--no-checks", action="store_true",
                    help="the benchmark only")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="programs compiled at once for the checks")
    ap.add_argument("--python", action="store_true",
                    help="pack fuse_hlo and its libraries into OUT/python "
                         "instead (python_jit.py)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if args.python:
        pack_python(args.build, os.path.join(args.out, "python"))
        return
    bin_dir = os.path.join(args.build, "bin")
    if not args.no_checks:
        manifest = checks.build(args.build, args.out, args.chip,
                                args.fuzz_count, args.fuzz_seed, args.jobs)
        print("checks: %d entries, %d rejected by the GPU pipeline, %d too "
              "large to carry" % (len(manifest["checks"]),
                                  len(manifest["rejected"]),
                                  len(manifest["skipped"])))
    for name, workload in workloads.all_workloads(args.scale).items():
        source = os.path.join(args.out, name + ".mlir")
        with open(source, "w") as f:
            f.write(workload["mlir"])
        fused = subprocess.run(
            [os.path.join(bin_dir, "fuse-opt"), source, "--fuse-elementwise"],
            check=True, capture_output=True, text=True).stdout
        subprocess.run(
            [os.path.join(bin_dir, "fuse-run"), "-", "--target=cuda",
             "--entry=main", "--pipeline-options=chip=" + args.chip,
             "--emit-executable=" + os.path.join(args.out, name)],
            input=fused, check=True, text=True)
        print("built", os.path.join(args.out, name))
    for helper in ("run.py", "workloads.py", "checks.py",
                   os.path.join("..", "harness.py"),
                   os.path.join("..", "programs.py"),
                   os.path.join("..", "references.py")):
        shutil.copy(os.path.join(HERE, helper), args.out)
    # programs.py writes its hlo with the package's writer, which needs
    # neither libFuseCAPI nor MLIR there.
    shutil.copytree(os.path.join(HERE, "..", "..", "python", "fuse_hlo"),
                    os.path.join(args.out, "fuse_hlo"), dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    total = sum(os.path.getsize(os.path.join(root, f))
                for root, _, files in os.walk(args.out) for f in files)
    print("%s: %.1f MiB" % (args.out, total / 2**20))


if __name__ == "__main__":
    main()
