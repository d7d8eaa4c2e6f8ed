"""Split programs on the GPU, one process and distributed over MPI ranks
(--distribute-splits): `build` here (fuse built, with MPI), `run` on the GPU
machine (CUDA, numpy, an MPI launcher; no MLIR).

    python3 bench/gpu/distributed.py build --out gpu-dist
    python3 gpu-dist/distributed.py run --artifacts gpu-dist

The workload is bench/split.py's kernel-vector product r = K(X, Y) v (f64,
10 features, N = M = 20000 and 100000), split at its threshold and compiled
ahead of time twice: as one process, and distributed over 2 ranks (each rank picks the GPU of its local
rank, modulo the machine's GPUs). `run` checks both against numpy's result,
computed here, and times them (`--bench`: the slowest rank's CUDA-event
time per call).
"""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
WORKLOADS = {"kernel_vector_20000": (20000, "256MB"),
             "kernel_vector_100000": (100000, "1GB")}
RANKS = 2


def build(args):
    sys.path.insert(0, str(HERE.parent))
    import programs  # noqa: E402
    import split as split_bench  # noqa: E402
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    bin_dir = Path(args.build) / "bin"
    rng = np.random.default_rng(1)
    for name, (n, threshold) in WORKLOADS.items():
        source = out / f"{name}.mlir"
        source.write_text(programs.kernel_vector_program(n, n, 10))
        inputs = [rng.random((n, 10)) * 2 - 1, rng.random((n, 10)) * 2 - 1,
                  rng.random((n, 1)) * 2 - 1]
        for i, array in enumerate(inputs):
            np.save(out / f"{name}.in{i}.npy", array)
        np.save(out / f"{name}.expected.npy",
                split_bench.kernel_vector_reference(*inputs)[0])
        splitting = [f"--split-tensors=tensor-size-threshold={threshold}"]
        for variant, passes in (
                ("split", splitting),
                (f"mpi{RANKS}",
                 splitting + [f"--distribute-splits=ranks={RANKS}"])):
            program = subprocess.run(
                [bin_dir / "fuse-opt", source] + passes +
                ["--fuse-elementwise"], check=True, capture_output=True,
                text=True).stdout
            subprocess.run(
                [bin_dir / "fuse-run", "-", "--target=cuda", "--entry=main",
                 f"--pipeline-options=chip={args.chip}",
                 f"--emit-executable={out / f'{name}.{variant}'}"],
                input=program, check=True, text=True)
            (out / f"{name}.{variant}.o").unlink()
            print("built", out / f"{name}.{variant}")
    (out / "distributed.py").write_text(Path(__file__).read_text())


def run(args):
    base = Path(args.artifacts).resolve()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    rows = []
    for name in WORKLOADS:
        inputs = ",".join(str(base / f"{name}.in{i}.npy") for i in range(3))
        expected = np.load(base / f"{name}.expected.npy")
        for variant in ("split", f"mpi{RANKS}"):
            exe = base / f"{name}.{variant}"
            output = base / f"{name}.{variant}.out.npy"
            launch = ([args.mpirun, "-np", str(RANKS)]
                      if variant.startswith("mpi") else [])
            done = subprocess.run(
                launch + [str(exe), f"--inputs={inputs}",
                          f"--outputs={output}", f"--bench={args.runs}"],
                capture_output=True, text=True, env=env,
                timeout=args.timeout)
            if done.returncode != 0:
                rows.append((name, variant, "failed", done.stderr[-600:]))
                continue
            bench = json.loads(next(line for line in done.stdout.splitlines()
                                    if line.startswith("{")))
            got = np.load(output)
            error = float(np.max(np.abs(got - expected) /
                                 np.maximum(np.abs(expected), 1e-300)))
            rows.append((name, variant, f"{bench['min_ms']:.2f} ms",
                         f"max rel err {error:.1e}"
                         f" {'ok' if error < 1e-9 else 'MISMATCH'}"))
    for row in rows:
        print(" | ".join(str(c) for c in row))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--build", default=str(HERE.parent.parent / "build"))
    b.add_argument("--out", default=str(HERE / "out-distributed"))
    b.add_argument("--chip", default="sm_90")
    r = sub.add_parser("run")
    r.add_argument("--artifacts", default=str(HERE))
    r.add_argument("--mpirun", default="mpirun")
    r.add_argument("--runs", type=int, default=5)
    r.add_argument("--timeout", type=int, default=200)
    args = parser.parse_args()
    build(args) if args.command == "build" else run(args)


if __name__ == "__main__":
    main()
