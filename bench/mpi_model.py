#!/usr/bin/env python3
"""A model of the time of a distributed split program at N ranks, from two
measurements of this machine, and its projection to bigger problems:

1. the cost of the collectives, measured: a distributed program whose slices
   only copy (each rank writes its half of a result of B bytes), run with
   `mpirun -np 2 fuse-run --bench`, whose communication time is then the
   all-reduce of B bytes; a line alpha + B / beta is fitted to four sizes;
2. the time per (row, row) pair of the workloads of bench/split.py, from its
   --json output (variants split-1t, one rank on one thread, and mpi-2x1).

The model of a workload of P pairs in S slices of equal size on N ranks of
one thread each:

    T(N) = t_pair * P * ceil(S / N) / S + allreduce(N, B)
    allreduce(N, B) = 2 log2(N) * alpha + 2 (N - 1) / N * B / beta

(the blocked shares differ by at most one slice; the all-reduce of B result
bytes is a ring or a tree, whose cost grows as above). It prints the model's
error on the measured 2-rank runs, then the 10^6 and 10^7 point problems at
8, 64 and 512 ranks: with alpha and beta measured here (shared memory), and
with a cluster network given by --network-alpha-us and --network-gbs.

    python3 bench/split.py --variant fused,split,split-1t,mpi-2x1 \\
        --json split.json
    python3 bench/mpi_model.py --split-json split.json

Data parallelism (--spmd-json, from bench/spmd.py): a training step of
batch B on N ranks computes B / N examples per rank, updates the replicated
parameters on every rank, and all-reduces the gradients, G bytes:

    T(N) = t_example * B / N + t_update + allreduce(N, G)

t_update is what does not shrink with N, fitted from the measured 1- and
2-rank steps: t_update = 2 T(2) - T(1) - 2 allreduce(2, G) (at least 0),
and t_example = (T(1) - t_update) / B. The projection keeps B per rank
fixed (weak scaling, as data-parallel training grows) and prints the
efficiency T(1) / T(N) at 8, 64 and 512 ranks, here and on the network.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import harness

ht = harness.hlo_writer()


def copy_program(elements):
    """Two slices, each copying half of the input into the result: as
    distributed, each rank copies its half and the all-reduce joins them."""
    half = elements // 2
    whole, offset_type = f"tensor<{elements}xf64>", "tensor<i64>"
    x = ht.Value("%x", whole)
    f = ht.Block()
    for name, value in (("%c0", 0), ("%c1", 1), ("%c2", 2)):
        f.emit(f"{name} = arith.constant {value} : index")
    zero = f.let("%zero", ht.constant("dense<0>", offset_type))
    init = f.let("%init", ht.constant("dense<0.0>", whole))
    offset, acc = ht.Value("%off", offset_type), ht.Value("%acc", whole)
    step = ht.Block()
    half_size = step.let("%step", ht.constant(f"dense<{half}>", offset_type))
    following = step.let("%next", ht.same_type("add", offset, half_size))
    part = step.let("%s", ht.dynamic_slice(x, [offset], [half],
                                           f"tensor<{half}xf64>"))
    copied = step.let("%a", ht.dynamic_update_slice(acc, [offset], part))
    f.emit(f"%r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args("
           f"{offset.name} = {zero.name}, {acc.name} = {init.name}) -> "
           f"({offset_type}, {whole}) "
           + ht.region([], step, [following, copied], "scf.yield"))
    return ht.function("main", [x], f, [ht.Value("%r#1", whole)])


def measure_allreduce(args, sizes):
    """(bytes, seconds) of the 2-rank all-reduce of each size."""
    env = dict(os.environ, OMP_NUM_THREADS="1", OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    points = []
    with tempfile.TemporaryDirectory(prefix="fuse-mpi-model-") as tmp:
        for elements in sizes:
            source = Path(tmp) / f"copy{elements}.mlir"
            source.write_text(copy_program(elements))
            distributed = Path(tmp) / f"copy{elements}.2.mlir"
            subprocess.run([str(args.fuse_opt), str(source),
                            "--distribute-splits=ranks=2", "-o",
                            str(distributed)], check=True)
            out = subprocess.run(
                [args.mpirun, "-np", "2", str(args.fuse_run),
                 str(distributed), "--random-inputs=1",
                 f"--bench={args.runs}", "--json"],
                check=True, capture_output=True, text=True, env=env).stdout
            record = json.loads(next(line for line in out.splitlines()
                                     if line.startswith("{")))
            points.append((elements * 8,
                           record["communication_min_ms"] / 1e3))
    return points


def fit_line(points):
    """Least squares seconds = alpha + bytes / beta."""
    n = len(points)
    mx = sum(b for b, _ in points) / n
    my = sum(s for _, s in points) / n
    sxx = sum((b - mx) ** 2 for b, _ in points)
    sxy = sum((b - mx) * (s - my) for b, s in points)
    slope = sxy / sxx
    alpha = max(my - slope * mx, 0.0)
    return alpha, 1.0 / slope


def allreduce_seconds(ranks, nbytes, alpha, beta):
    if ranks == 1:
        return 0.0
    return 2 * math.log2(ranks) * alpha + 2 * (ranks - 1) / ranks * \
        nbytes / beta


def model_seconds(t_pair, pairs, slices, ranks, nbytes, alpha, beta):
    share = math.ceil(slices / ranks) / slices
    return t_pair * pairs * share + allreduce_seconds(ranks, nbytes, alpha,
                                                      beta)


# The problems of the projection: the split's rows per slice follow from
# the threshold (1 GB of pair tensors of d features).
def kernel_problem(n, d=10, threshold=10**9):
    rows = max(1, threshold // (n * d * 8))
    return {"pairs": n * n, "slices": math.ceil(n / rows),
            "result_bytes": n * 8}


def nearest_problem(points, d=10, threshold=10**8):
    queries = points // 10
    rows = max(1, threshold // (points * d * 4))
    return {"pairs": queries * points, "slices": math.ceil(queries / rows),
            "result_bytes": queries * 8}


def fmt_time(seconds):
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    if seconds >= 1:
        return f"{seconds:.1f} s"
    return f"{seconds * 1e3:.1f} ms"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    harness.add_tool_arguments(parser, "fuse-opt", "fuse-run")
    parser.add_argument("--mpirun", default="mpirun")
    parser.add_argument("--split-json",
                        help="bench/split.py --json output with the variants "
                             "split-1t and mpi-2x1")
    parser.add_argument("--spmd-json",
                        help="bench/spmd.py --json output (1 and 2 ranks)")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--network-alpha-us", type=float, default=2.0,
                        help="cluster latency per message step (default 2 us)")
    parser.add_argument("--network-gbs", type=float, default=12.5,
                        help="cluster bandwidth per rank, GB/s (default 12.5: "
                             "100 Gb/s)")
    args = parser.parse_args()
    if not args.split_json and not args.spmd_json:
        parser.error("give --split-json, --spmd-json or both")
    harness.find_tools(args, "fuse-opt", "fuse-run")

    points = measure_allreduce(args, [1000, 100000, 1000000, 10000000])
    alpha, beta = fit_line(points)
    print("all-reduce of B bytes between 2 ranks of this machine "
          "(fuse-run --bench, communication time, min of "
          f"{args.runs}):")
    harness.print_table(["bytes", "ms"], [[f"{b:,}", f"{s * 1e3:.3f}"]
                                         for b, s in points])
    print(f"fit: alpha {alpha * 1e6:.1f} us, beta {beta / 1e9:.2f} GB/s\n")

    network = (args.network_alpha_us * 1e-6, args.network_gbs * 1e9)
    if args.spmd_json:
        data_parallel(json.loads(Path(args.spmd_json).read_text()), alpha,
                      beta, network, args)
    if args.split_json:
        splits(json.loads(Path(args.split_json).read_text()), alpha, beta,
               network, args)


def data_parallel(spmd, alpha, beta, network, args):
    records = {r["devices"]: r for r in spmd["records"]}
    if 1 not in records or 2 not in records:
        sys.exit("--spmd-json needs bench/spmd.py runs on 1 and 2 ranks")
    one, two = records[1]["run_min_ms"] / 1e3, records[2]["run_min_ms"] / 1e3
    grads = records[2]["all_reduce_bytes"]
    batch = spmd["batch"]
    update = max(2 * two - one - 2 * allreduce_seconds(2, grads, alpha, beta),
                 0.0)
    per_example = (one - update) / batch
    modeled_two = per_example * batch / 2 + update + \
        allreduce_seconds(2, grads, alpha, beta)
    print(f"data parallel (bench/spmd.py, batch {batch}): "
          f"{per_example * 1e6:.1f} us per example, a fixed "
          f"{update * 1e3:.2f} ms per step (the replicated update, and "
          f"what the ranks cost each other on this machine), "
          f"{grads / 1e6:.2f} MB of gradients; 2 ranks measured "
          f"{fmt_time(two)}, modeled {fmt_time(modeled_two)} "
          f"(communication measured "
          f"{records[2].get('communication_min_ms', 0):.2f} ms, modeled "
          f"{allreduce_seconds(2, grads, alpha, beta) * 1e3:.2f} ms)")
    rows = []
    for ranks in (2, 8, 64, 512):
        for name, (a, b) in (("here", (alpha, beta)), ("network", network)):
            step = per_example * batch / 2 + update + \
                allreduce_seconds(ranks, grads, a, b)
            base = per_example * batch / 2 + update
            comm = allreduce_seconds(ranks, grads, a, b)
            rows.append([ranks, name, batch // 2 * ranks, fmt_time(step),
                         f"{base / step:.3f}", f"{100 * comm / step:.1f}%"])
    print(f"weak scaling, {batch // 2} examples per rank:")
    harness.print_table(["ranks", "all-reduce", "global batch", "step",
                        "efficiency", "all-reduce share"], rows)
    print()


def splits(split, alpha, beta, network, args):
    rows = []
    per_pair = {}
    for res in split["results"]:
        v = res["variants"]
        one, two = v.get("split-1t"), v.get("mpi-2x1")
        if not (one and two and one.get("status") == "ok" and
                two.get("status") == "ok"):
            continue
        pairs = res["pairs"]
        t_pair = one["run_min_ms"] / 1e3 / pairs
        kind = "kernel" if res["workload"].startswith("kernel") else "nearest"
        per_pair.setdefault(kind, t_pair)
        sizes = res["sizes"]
        if kind == "kernel":
            problem = kernel_problem(sizes["n"])
        else:
            problem = nearest_problem(sizes["points"])
        predicted = model_seconds(t_pair, pairs, problem["slices"], 2,
                                  problem["result_bytes"], alpha, beta)
        measured = two["run_min_ms"] / 1e3
        rows.append([res["workload"], f"{t_pair * 1e9:.3f}",
                     fmt_time(one["run_min_ms"] / 1e3), fmt_time(measured),
                     fmt_time(predicted), f"{predicted / measured:.2f}",
                     f"{one['run_min_ms'] / (2 * two['run_min_ms']):.2f}",
                     f"{100 * two.get('communication_min_ms', 0) / two['run_min_ms']:.2f}%"])
    print("measured (bench/split.py, one run) and the model at 2 ranks:")
    harness.print_table(["workload", "ns/pair 1x1", "1 rank x 1", "2 ranks x 1",
                        "model 2x1", "model/measured", "efficiency",
                        "MPI share"], rows)

    print(f"\nprojection (1 thread per rank; this machine's all-reduce, and "
          f"a network of {args.network_alpha_us:g} us, "
          f"{args.network_gbs:g} GB/s):")
    rows = []
    for kind, t_pair in per_pair.items():
        for n in (10**6, 10**7):
            problem = (kernel_problem(n) if kind == "kernel"
                       else nearest_problem(n))
            one = model_seconds(t_pair, problem["pairs"], problem["slices"],
                                1, problem["result_bytes"], alpha, beta)
            for ranks in (8, 64, 512):
                here = model_seconds(t_pair, problem["pairs"],
                                     problem["slices"], ranks,
                                     problem["result_bytes"], alpha, beta)
                net = model_seconds(t_pair, problem["pairs"],
                                    problem["slices"], ranks,
                                    problem["result_bytes"], *network)
                comm = allreduce_seconds(ranks, problem["result_bytes"],
                                         *network)
                rows.append([kind, f"{n:.0e}", problem["slices"], ranks,
                             fmt_time(one), fmt_time(here), fmt_time(net),
                             f"{one / (ranks * net):.3f}",
                             f"{100 * comm / net:.4f}%"])
    harness.print_table(["workload", "points", "slices", "ranks", "1 rank",
                        "N ranks (here)", "N ranks (network)",
                        "efficiency", "MPI share"], rows)


if __name__ == "__main__":
    sys.exit(main())
