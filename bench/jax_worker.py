"""JAX on the CPU, timed in a child process: run_jax starts this file as a
script, one process per workload."""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from harness import (compare_results, installed_version, numpy_inputs,
                     results_list, run_worker,
                     time_calls)
from programs import TensorType
from catalog import KNOWN


# --------------------------------------------------------------------------
# JAX on CPU
#
# Measured in a child process (this file as a script), one per workload:
# XLA's CPU client sizes its intra-op thread pool once, when jax first makes
# the client, from PJRT_NPROC (or NPROC, else the usable cores), so the
# thread count must be set before jax is imported; and jax's threads and
# memory do not stay behind in the harness while fuse-run is timed.
# --------------------------------------------------------------------------

JAX_MISSING = ("jax is not installed for {}: jax columns are n/a "
               "(pip install -r bench/requirements.txt, or pip install jax)")


def jax_available():
    """jax's version string without importing it, else None."""
    return installed_version("jax")


def signature_text(types):
    return ";".join(f"{t.element}[{','.join(map(str, t.shape))}]"
                    for t in types)


def parse_signature_text(text):
    types = []
    for item in filter(None, text.split(";")):
        element, dims = item[:-1].split("[")
        types.append(TensorType((int(d) for d in dims.split(",") if d),
                                element))
    return types


def run_jax(workload, inputs, runs, seed, threads, timeout, check, rtol,
            atol):
    """Times workload.compute under jax.jit in a child process with
    `threads` XLA threads, on inputs of the TensorTypes `inputs`; a record
    with min_ms/median_ms (or 'error')."""
    cmd = [sys.executable, str(Path(__file__).resolve()), workload.name,
           "--inputs", signature_text(inputs), "--runs", str(runs),
           "--seed", str(seed), "--threads", str(threads),
           "--rtol", repr(rtol), "--atol", repr(atol)]
    if check:
        cmd.append("--check")
    env = dict(os.environ)
    env.pop("JAX_PLATFORMS", None)
    return run_worker(cmd, env, timeout, "jax")


def xla_pool_threads():
    """Threads of XLA's CPU intra-op pool in this process (Linux)."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    count = 0
    for task in tasks:
        try:
            name = Path(f"/proc/self/task/{task}/comm").read_text().strip()
        except OSError:
            continue
        if "XLAEigen" in name:
            count += 1
    return count


def jax_worker(argv=None):
    """run_jax's child process: prints one JSON line."""
    parser = argparse.ArgumentParser(description="run_jax's child process")
    parser.add_argument("workload", choices=list(KNOWN))
    parser.add_argument("--inputs", required=True)
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--rtol", type=float, required=True)
    parser.add_argument("--atol", type=float, required=True)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    threads = args.threads
    pinned = None
    try:
        usable = sorted(os.sched_getaffinity(0))
        if threads < len(usable):
            pinned = usable[:threads]
            os.sched_setaffinity(0, pinned)
    except AttributeError:
        pass
    # Before jax is imported: the size of XLA's CPU thread pool.
    os.environ["PJRT_NPROC"] = os.environ["NPROC"] = str(threads)
    os.environ["JAX_PLATFORMS"] = "cpu"
    try:
        import jax
    except ImportError as e:
        print(json.dumps({"error": f"cannot import jax: {e}"}))
        return 0
    workload = KNOWN[args.workload]
    ins = parse_signature_text(args.inputs)
    if any(t.element in ("f64", "i64") for t in ins):
        jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp
    inputs = numpy_inputs(ins, args.seed)
    device_inputs = [
        jax.device_put(a.astype(jnp.bfloat16) if t.element == "bf16" else a)
        for a, t in zip(inputs, ins)]
    function = jax.jit(lambda *xs: workload.compute(jnp, *xs))
    start = time.perf_counter()
    jax.block_until_ready(function(*device_inputs))  # trace, compile, run
    first_ms = (time.perf_counter() - start) * 1e3
    record = time_calls(
        lambda: jax.block_until_ready(function(*device_inputs)), args.runs)
    record.update({"first_call_ms": first_ms, "threads": threads,
                   "pool_threads": xla_pool_threads(), "pinned_cpus": pinned,
                   "jax": jax.__version__, "backend": jax.default_backend()})
    if args.check and any(t.element == "bf16" for t in ins):
        record["check"] = {"error": "bf16 inputs: numpy has no bf16, not "
                                    "checked"}
    elif args.check:
        got = [np.asarray(g, dtype=np.float32) if g.dtype == jnp.bfloat16
               else np.asarray(g)
               for g in results_list(function(*device_inputs))]
        del device_inputs
        expected = results_list(workload.reference(*inputs))
        record["check"] = compare_results(got, expected, args.rtol,
                                          args.atol)
    print(json.dumps(record))
    return 0


if __name__ == "__main__":
    sys.exit(jax_worker())
