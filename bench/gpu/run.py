"""On a GPU machine, everything build.py prepared, in one run:

1. the checks: every test program (unfused and fused) and the random
   programs, run as ahead-of-time executables and compared with the
   interpreter's results computed on the build machine (checks.py);
2. the benchmark, side by side: fuse's executables, JAX jax.jit (XLA),
   PyTorch eager and torch.compile, and a device-to-device copy of the
   same bytes (the bandwidth bound). Each of fuse's results is checked
   against JAX's before it is timed.

Needs CUDA, numpy, JAX and PyTorch; no MLIR.

    python3 run.py --artifacts DIR [--runs 20] [--jobs 8]
                   [--checks-only | --no-checks]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import checks  # noqa: E402
import workloads  # noqa: E402  (it also puts bench/ on the path)
import harness  # noqa: E402


def run_checks(artifacts, jobs, timeout):
    """Runs the checks (printing failures as they come), then the entries the
    GPU pipeline rejected and a summary line; returns whether all passed."""
    passed, failures, rejected, skipped = checks.run(artifacts, jobs, timeout)
    for item in rejected:
        print("not compiled for the GPU: %s %s @%s: %s" % (
            item["program"], item["variant"], item["entry"], item["reason"]))
    print("checks: %d passed, %d failed, %d not compiled for the GPU, "
          "%d too large to carry" % (passed, len(failures), len(rejected),
                                     len(skipped)))
    return not failures


def cuda_time_ms(torch, fn, runs):
    """Median of `runs` CUDA-event timings of fn() after a warm-up."""
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times)


def run_fuse(exe, inputs, output, runs, env):
    """fuse's executable timed by itself: (its --bench JSON's median ms,
    None) or (NaN, why it failed)."""
    run = subprocess.run(
        [exe, "--inputs=" + ",".join(inputs), "--outputs=" + output,
         "--bench=%d" % runs],
        capture_output=True, text=True, env=dict(os.environ, **env))
    if run.returncode != 0:
        return float("nan"), (run.stderr.strip().splitlines()
                              or ["failed"])[-1]
    return json.loads(run.stdout.strip().splitlines()[-1])["median_ms"], None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--artifacts", default=HERE)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--scale", type=int, default=1)
    ap.add_argument("--checks-only", action="store_true")
    ap.add_argument("--no-checks", action="store_true")
    ap.add_argument("--jobs", type=int, default=8,
                    help="checks run at once")
    ap.add_argument("--check-timeout", type=int, default=60,
                    help="seconds one check may take")
    ap.add_argument("--workloads", default="",
                    help="bench only the workloads whose names match this "
                    "regular expression")
    args = ap.parse_args()
    checked = True
    if not args.no_checks and checks.available(args.artifacts):
        checked = run_checks(args.artifacts, args.jobs,
                             args.check_timeout)
    if args.checks_only:
        sys.exit(0 if checked else 1)
    # JAX would otherwise take 75% of the GPU's memory up front, and fuse's
    # executables run beside it.
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    import jax
    import jax.numpy as jnp
    import torch
    # Products at full f32 precision everywhere, as fuse computes them
    # (XLA and PyTorch would otherwise be free to use TF32).
    jax.config.update("jax_default_matmul_precision", "highest")
    torch.backends.cuda.matmul.allow_tf32 = False
    rng = np.random.default_rng(0)
    rows, errors = [], []

    def timed(label, fn):
        """fn's CUDA time in ms, or NaN with the error noted."""
        try:
            return cuda_time_ms(torch, fn, args.runs)
        except Exception as error:  # noqa: BLE001 (one failure, one cell)
            errors.append("%s: %s" % (label, str(error).splitlines()[0]))
            return float("nan")

    print("devices: jax %s, torch %s" % (
        jax.devices()[0], torch.cuda.get_device_name()))
    for name, workload in workloads.all_workloads(args.scale).items():
        if not re.search(args.workloads, name):
            continue
        exe = os.path.join(args.artifacts, name)
        inputs = workload["inputs"](rng)
        bf16 = workload.get("bf16", False)
        if bf16:
            # The same values everywhere: f32 rounded to bf16.
            inputs = [workloads.from_bf16_bits(workloads.to_bf16_bits(a))
                      for a in inputs]
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for i, array in enumerate(inputs):
                paths.append(os.path.join(tmp, "arg%d.npy" % i))
                np.save(paths[-1],
                        workloads.to_bf16_bits(array) if bf16 else array)
            out = os.path.join(tmp, "result0.npy")
            ours, failure = run_fuse(exe, paths, out, args.runs, {})
            if failure:
                errors.append("%s fuse: %s" % (name, failure))
                continue
            result = np.load(out)
            if bf16:
                result = workloads.from_bf16_bits(result)
            # The same executable freeing device memory at once, as before
            # the runtime cached it.
            uncached, failure = run_fuse(exe, paths, out, args.runs,
                                         {"FUSE_CUDA_NO_CACHING": "1"})
            if failure:
                errors.append("%s fuse uncached: %s" % (name, failure))
        jax_inputs = [jax.device_put(a.astype(jnp.bfloat16) if bf16 else a)
                      for a in inputs]
        jax_fn = jax.jit(lambda *a: workload["jax"](jnp, *a))
        expected = np.asarray(jax_fn(*jax_inputs).astype(jnp.float32))
        ok = np.allclose(result, expected, rtol=workload.get("rtol", 1e-4),
                         atol=workload.get("atol", 1e-5))
        torch_inputs = [torch.from_numpy(a).cuda() for a in inputs]
        if bf16:
            torch_inputs = [t.to(torch.bfloat16) for t in torch_inputs]
        eager = lambda: workload["torch"](torch, *torch_inputs)  # noqa: E731
        compiled_fn = torch.compile(lambda *a: workload["torch"](torch, *a))
        compiled = lambda: compiled_fn(*torch_inputs)  # noqa: E731
        jax_ms = timed(name + " jax",
                       lambda: jax_fn(*jax_inputs).block_until_ready())
        eager_ms = timed(name + " torch", eager)
        compiled_ms = timed(name + " torch.compile", compiled)
        moved = sum(a.nbytes for a in inputs) + result.nbytes
        if bf16:
            moved //= 2
        source = torch.empty(moved // 4, dtype=torch.float32, device="cuda")
        target = torch.empty_like(source)
        # A copy reads and writes: half the bytes each way moves `moved`.
        half = source[: moved // 8]
        copy_ms = timed(name + " copy",
                        lambda: target[: moved // 8].copy_(half))
        rows.append((name, ours, uncached, jax_ms, eager_ms, compiled_ms,
                     copy_ms, ok))
    harness.print_table(
        ["workload", "fuse ms", "uncached ms", "jax ms", "torch ms",
         "compile ms", "copy ms", "copy/fuse", "jax/fuse", "torch/fuse",
         "compile/fuse", "uncached/fuse", "check"],
        [[name] + ["%.3f" % v for v in (
            fuse_ms, uncached_ms, jax_ms, eager_ms, compiled_ms, copy_ms)] + [
            "%.2f" % (copy_ms / fuse_ms), "%.2f" % (jax_ms / fuse_ms),
            "%.2f" % (eager_ms / fuse_ms), "%.2f" % (compiled_ms / fuse_ms),
            "%.2f" % (uncached_ms / fuse_ms), "ok" if ok else "MISMATCH"]
         for name, fuse_ms, uncached_ms, jax_ms, eager_ms, compiled_ms,
         copy_ms, ok in rows],
        left=1)
    for error in errors:
        print("error:", error)
    print("targets: copy/fuse >= 0.9 on the memory-bound workloads and "
          "jax/fuse >= 1; products: torch/fuse >= 0.9 (within 1.1x of "
          "torch.matmul); mlp_gelu: compile/fuse >= 1")
    if not checked or errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
