"""KeOps on the CPU, timed in a child process: split.py starts this file as
a script, one process per workload, with OMP_NUM_THREADS set as for
fuse-run (KeOps' generated code runs its rows on OpenMP threads).

    keops_worker.py WORKLOAD DIR RUNS

reads DIR/in0.npy, DIR/in1.npy, ..., computes WORKLOAD (kernel_vector:
exp(-|x - y|^2 / 2) v; nearest_neighbour: min and argmin over the points of
|q - p|^2) with pykeops' LazyTensors, writes DIR/keops/out0.npy, ... and
prints one JSON line: the first call's seconds (KeOps generates and compiles
its code then), and the runs after it in milliseconds."""

import json
import sys
import time
from pathlib import Path

import numpy as np


def kernel_vector(LazyTensor, x, y, v):
    xi, yj, vj = (LazyTensor(x[:, None, :]), LazyTensor(y[None, :, :]),
                  LazyTensor(v[None, :, :]))
    k = (-((xi - yj) ** 2).sum(-1) / 2).exp()
    return [(k * vj).sum(dim=1)]


def nearest_neighbour(LazyTensor, q, p):
    d = ((LazyTensor(q[:, None, :]) - LazyTensor(p[None, :, :])) ** 2).sum(-1)
    best, index = d.min_argmin(dim=1)
    return [best.reshape(-1), index.reshape(-1).astype(np.int64)]


WORKLOADS = {"kernel_vector": kernel_vector,
             "nearest_neighbour": nearest_neighbour}


def main(argv):
    name, directory, runs = argv[0], Path(argv[1]), int(argv[2])
    from pykeops.numpy import LazyTensor
    inputs = [np.load(path) for path in
              sorted(directory.glob("in*.npy"),
                     key=lambda p: int(p.stem[2:]))]
    compute = WORKLOADS[name]
    start = time.perf_counter()
    results = compute(LazyTensor, *inputs)
    first_s = time.perf_counter() - start
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        results = compute(LazyTensor, *inputs)
        times.append((time.perf_counter() - start) * 1e3)
    out = directory / "keops"
    out.mkdir(exist_ok=True)
    for i, result in enumerate(results):
        np.save(out / f"out{i}.npy", result)
    print(json.dumps({"first_call_s": first_s, "run_min_ms": min(times),
                      "runs": runs}))


if __name__ == "__main__":
    main(sys.argv[1:])
