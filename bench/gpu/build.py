"""Builds the GPU benchmark's ahead-of-time executables (on a machine with
fuse built; no GPU needed): each workload fused and compiled by
`fuse-run --target=cuda --emit-executable`, into OUT (default
bench/gpu/out) with the workloads' sources. Copy OUT to the GPU machine and
run `python3 bench/gpu/run.py --artifacts OUT` there."""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import workloads  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--chip", default="sm_90")
    ap.add_argument("--scale", type=int, default=1,
                    help="divide the 16384 sizes by this (a quick run)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    bin_dir = os.path.join(args.build, "bin")
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
    for helper in ("run.py", "workloads.py", os.path.join("..", "common.py")):
        shutil.copy(os.path.join(HERE, helper), args.out)


if __name__ == "__main__":
    main()
