#!/usr/bin/env python3
"""Data-parallel training on MPI ranks: a flax MLP's training step (optax
Adam), sharded by jax.shard_map over N devices, each rank one device.

For N = 1 and each N of --ranks, JAX exports the per-device program that
XLA's SPMD partitioning makes; fuse imports and fuses it, and runs it with
`mpirun -np N fuse-run --bench --json`, one thread per rank, each rank on
its shard of the batch. The gradients' all-reduce is the step's only
collective. Printed side by side, from one run:

- the step time, 1 process against N ranks, and the parallel efficiency
  T(1) / (N T(N));
- the time in the collectives once every rank has arrived
  (communication) and waiting for the slowest rank, from fuse-run's MPI
  timers, and the bytes each rank all-reduces per step;
- jax.jit's own sharded step on N host devices in one process
  (--xla_force_host_platform_device_count) pinned to N cores, as XLA runs
  it, for reference.

The parameters and Adam's state are replicated, so every rank updates all
of them: a fixed cost per step that bounds the efficiency at small batches.

--json FILE keeps the measurements; bench/mpi_model.py --spmd-json FILE
projects them to more ranks.

    python3 bench/spmd.py --ranks 2 --runs 20
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import harness

HERE = Path(__file__).resolve().parent

# The per-device program and its inputs come from a child process: JAX's
# device count is fixed when it starts.
EXPORT = r'''
import json, os, sys, time
devices, batch, width, steps_timed = (int(a) for a in sys.argv[1:5])
out = sys.argv[5]
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={devices}"
os.environ["JAX_PLATFORMS"] = "cpu"
import jax, jax.numpy as jnp, numpy as np, optax
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(width)(x))
        x = nn.relu(nn.Dense(width)(x))
        return nn.Dense(10)(x)

model, optimizer = MLP(), optax.adam(1e-3)
rng = np.random.default_rng(0)
x = rng.standard_normal((batch, 784)).astype(np.float32)
labels = rng.integers(0, 10, batch).astype(np.int32)
params = model.init(jax.random.PRNGKey(0), x[:1])
state = optimizer.init(params)

def step(params, state, x, labels):
    total = x.shape[0] * jax.lax.axis_size("batch")
    def loss(p):
        logits = model.apply(p, x)
        picked = jnp.take_along_axis(jax.nn.log_softmax(logits),
                                     labels[:, None], axis=1)
        return -jnp.sum(picked) / total
    value, grads = jax.value_and_grad(loss)(params)
    updates, state = optimizer.update(grads, state, params)
    return optax.apply_updates(params, updates), state, \
        jax.lax.psum(value, "batch")

mesh = Mesh(np.array(jax.devices()[:devices]), ("batch",))
sharded = jax.jit(jax.shard_map(
    step, mesh=mesh, in_specs=(P(), P(), P("batch"), P("batch")),
    out_specs=(P(), P(), P())))
compiled = sharded.lower(params, state, x, labels).compile()
open(os.path.join(out, "program.hlo"), "w").write(compiled.as_text())
leaves = jax.tree_util.tree_leaves((params, state))
names = []
for i, leaf in enumerate(leaves):
    np.save(os.path.join(out, f"arg{i}.npy"), np.asarray(leaf))
    names.append(f"arg{i}.npy")
for d, (xs, ls) in enumerate(zip(np.split(x, devices),
                                 np.split(labels, devices))):
    np.save(os.path.join(out, f"x.{d}.npy"), xs)
    np.save(os.path.join(out, f"labels.{d}.npy"), ls)
names += ["x.{device}.npy", "labels.{device}.npy"]
result = compiled(params, state, x, labels)
jax.block_until_ready(result)
times = []
for _ in range(steps_timed):
    start = time.perf_counter()
    jax.block_until_ready(compiled(params, state, x, labels))
    times.append(time.perf_counter() - start)
json.dump({"inputs": names, "jax_min_ms": 1e3 * min(times),
           "jax_median_ms": 1e3 * sorted(times)[len(times) // 2],
           "param_bytes": sum(np.asarray(l).nbytes for l in
                              jax.tree_util.tree_leaves(params))},
          open(os.path.join(out, "export.json"), "w"))
'''


def mpi_environment(threads):
    return dict(os.environ, OMP_NUM_THREADS=str(threads),
                OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                OMPI_MCA_rmaps_base_oversubscribe="1",
                OMPI_MCA_btl_vader_single_copy_mechanism="none")


def all_reduced_bytes(program_text):
    """The bytes of the operands of the program's hlo.all_reduce ops."""
    sizes = {"f32": 4, "f64": 8, "i32": 4, "i64": 8, "f16": 2, "bf16": 2}
    total = 0
    for line in program_text.splitlines():
        if "hlo.all_reduce" not in line:
            continue
        type_ = line.rsplit(":", 1)[1].strip().split()[0]
        shape, element = type_[len("tensor<"):-1].rsplit("x", 1) \
            if "x" in type_ else ("", type_[len("tensor<"):-1])
        count = 1
        for dim in filter(None, shape.split("x")):
            count *= int(dim)
        total += count * sizes.get(element, 4)
    return total


def measure(args, devices, workdir):
    folder = workdir / f"n{devices}"
    folder.mkdir()
    # JAX's pool would use every core: its N devices get N cores (at most
    # the machine's).
    cores = min(devices, os.cpu_count() or 1)
    subprocess.run(["taskset", "-c", f"0-{cores - 1}", sys.executable, "-c",
                    EXPORT, str(devices), str(args.batch), str(args.width),
                    str(args.runs), str(folder)],
                   check=True, capture_output=True,
                   env=dict(os.environ, OMP_NUM_THREADS="1"))
    export = json.loads((folder / "export.json").read_text())
    imported = folder / "program.mlir"
    fused = folder / "fused.mlir"
    subprocess.run([str(args.fuse_translate), "--import-hlo",
                    str(folder / "program.hlo"), "-o", str(imported)],
                   check=True)
    subprocess.run([str(args.fuse_opt), str(imported),
                    "--pass-pipeline=builtin.module(hlo-expand-linear-algebra,"
                    "canonicalize,fuse-elementwise)", "-o", str(fused)],
                   check=True)
    inputs = ",".join(str(folder / name) for name in export["inputs"])
    command = [str(args.fuse_run), str(fused), f"--inputs={inputs}",
               f"--bench={args.runs}", "--json"]
    if devices > 1:
        command = [args.mpirun, "-np", str(devices)] + command
    proc = subprocess.run(command, capture_output=True, text=True,
                          env=mpi_environment(1))
    if proc.returncode != 0:
        sys.exit(f"fuse-run failed on {devices} ranks:\n{proc.stderr}")
    record = harness.bench_record(proc.stdout)
    if record is None:
        sys.exit(f"fuse-run printed no measurement on {devices} ranks:\n"
                 f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    record.update(export)
    record["devices"] = devices
    record["all_reduce_bytes"] = all_reduced_bytes(fused.read_text())
    return record


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    harness.add_tool_arguments(parser, "fuse-run", "fuse-opt",
                               "fuse-translate")
    parser.add_argument("--mpirun", default="mpirun")
    parser.add_argument("--ranks", default="2",
                        help="rank counts besides 1, comma separated")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--batch", type=int, default=1024,
                        help="examples per step, over all ranks")
    parser.add_argument("--width", type=int, default=1024,
                        help="the MLP's hidden width")
    parser.add_argument("--json", help="write the measurements here")
    args = parser.parse_args()
    harness.find_tools(args, "fuse-run", "fuse-opt", "fuse-translate")
    ranks = [int(r) for r in args.ranks.split(",")]
    for n in ranks:
        if args.batch % n:
            parser.error(f"--batch {args.batch} does not split over {n} ranks")

    with tempfile.TemporaryDirectory(prefix="fuse-spmd-") as tmp:
        records = [measure(args, n, Path(tmp)) for n in [1] + ranks]
    one = records[0]
    rows = []
    for record in records:
        n = record["devices"]
        step = record["run_min_ms"]
        rows.append([
            n, harness.fmt_ms(step), harness.fmt_ms(record["run_median_ms"]),
            f"{one['run_min_ms'] / (n * step):.2f}",
            harness.fmt_ms(record.get("communication_min_ms", 0.0)),
            harness.fmt_ms(record.get("waiting_min_ms", 0.0)),
            f"{record['all_reduce_bytes'] / 1e6:.2f}" if n > 1 else "-",
            harness.fmt_ms(record["jax_min_ms"]),
            f"{record['jax_min_ms'] / step:.2f}x"])
    print(f"flax MLP 784-{args.width}-{args.width}-10, Adam, batch "
          f"{args.batch} over all ranks; 1 thread per rank, "
          f"min of {args.runs} steps")
    harness.print_table(
        ["ranks", "fuse step ms", "median ms", "efficiency",
         "communication ms", "waiting ms", "MB all-reduced / rank",
         "jax.jit ms (N host devices)", "jax/fuse"], rows)
    efficiency = one["run_min_ms"] / (records[1]["devices"] *
                                      records[1]["run_min_ms"])
    verdict = "PASS" if efficiency >= 0.85 else "MISS"
    print(f"issue 41's target: efficiency >= 0.85 at "
          f"{records[1]['devices']} ranks: {efficiency:.2f} {verdict}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"batch": args.batch, "width": args.width, "records": records},
            indent=1))


if __name__ == "__main__":
    sys.exit(main())
