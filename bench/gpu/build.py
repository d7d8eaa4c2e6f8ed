"""Builds everything a GPU machine needs (here, with fuse built; no GPU
needed), into OUT (default bench/gpu/out):
- the benchmark: each workload fused and compiled by
  `fuse-run --target=cuda --emit-executable`, with the workloads' sources;
- the checks (checks.py): every test program, unfused and fused, and random
  programs, as executables with their inputs and the interpreter's results.
Copy OUT to the GPU machine (CUDA, JAX, PyTorch; no MLIR) and run
`python3 OUT/run.py --artifacts OUT` there: the checks, then the bench."""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checks  # noqa: E402
import workloads  # noqa: E402


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
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
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
    total = sum(os.path.getsize(os.path.join(root, f))
                for root, _, files in os.walk(args.out) for f in files)
    print("%s: %.1f MiB" % (args.out, total / 2**20))


if __name__ == "__main__":
    main()
