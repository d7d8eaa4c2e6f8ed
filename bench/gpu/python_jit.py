"""fuse on the GPU from Python, against jax.jit on the same GPU and against
fuse's own ahead-of-time executables, side by side in one run:

1. overhead: a call of a tiny function (x + 1 on f32[16]) with its array
   already on the GPU, through fuse_hlo.jit (a DeviceArray), through
   fuse_hlo.jax.jit (a JAX array, output="jax") and through jax.jit, each
   waited for; microseconds per call.
2. memory-bound: the workloads of the bench (workloads.py), written with
   fuse_hlo.numpy (bench/references.py) and compiled by fuse_hlo.jit for
   target="cuda", called on DeviceArrays, against their executables built
   by build.py (`--bench`, CUDA events): python/aot is the ratio of the
   medians.
3. models: bench/flax_models.py's flax + optax steps, compiled by
   fuse_hlo.jax.jit(step, target="cuda", output="device") and by
   jax.jit, each side feeding its own state back in GPU memory (fuse's
   DeviceArrays, JAX's arrays), f32 products at full precision on both
   (jax_default_matmul_precision=highest); the compile time (first call)
   of each, the median step, jax/fuse, and d, the largest relative
   difference of the state's leaves after --steps steps from the same
   start. With FUSE_CUDA_PROFILE=1, each model's busiest kernels over its
   timed steps (fuse_hlo.take_gpu_profile()).

Needs a GPU, JAX with CUDA, flax and optax, and fuse_hlo with its
libFuseCAPI.so (FUSE_HLO_LIBRARY) and the LLVM and MLIR libraries it
loads.

    python3 python_jit.py --artifacts DIR [--runs 20] [--models mlp,lstm]
"""
import argparse
import functools
import os
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import harness  # noqa: E402
import workloads  # noqa: E402

fx = harness.import_fuse_hlo()
import fuse_hlo.jax as fj  # noqa: E402
import fuse_hlo.numpy as fnp  # noqa: E402
import jax  # noqa: E402


def wall_ms(call, runs, warmups=2):
    """Median wall milliseconds of call(), whose result is complete when it
    returns."""
    return harness.time_calls(call, runs, warmups)["median_ms"]


def overhead(runs):
    x = np.arange(16, dtype=np.float32)
    calls = 200 * runs
    f = fx.jit(lambda x: x + 1, target="cuda")
    dx = fx.device_put(x)
    g = fj.jit(lambda x: x + 1, target="cuda", output="jax")
    d = fj.jit(lambda x: x + 1, target="cuda", output="device")
    jx = jax.device_put(x, jax.devices("gpu")[0])
    h = jax.jit(lambda x: x + 1)
    rows = []
    for name, call in [("fuse_hlo.jit, DeviceArray", lambda: f(dx)),
                       ("fuse_hlo.jax.jit, DeviceArray, output='device'",
                        lambda: d(dx)),
                       ("fuse_hlo.jax.jit, JAX array, output='jax'",
                        lambda: g(jx)),
                       ("jax.jit", lambda: h(jx).block_until_ready())]:
        us = wall_ms(lambda: [call() for _ in range(calls)], 3) / calls * 1e3
        rows.append([name, "%.1f" % us])
    np.testing.assert_array_equal(f(dx).numpy(), x + 1)
    np.testing.assert_array_equal(np.asarray(g(jx)), x + 1)
    print("per-call overhead, arrays on the GPU (target: fuse <= 20 us)")
    harness.print_table(["call", "us per call"], rows, left=1)


def memory_bound(artifacts, runs):
    import run  # noqa: E402  (run.py's timing of the executables)
    rows = []
    rng = np.random.default_rng(0)
    for name, workload in workloads.all_workloads().items():
        exe = os.path.join(artifacts, name)
        if name.startswith(("matmul", "mlp", "attention", "sort")) or \
                not os.path.exists(exe):
            continue
        inputs = workload["inputs"](rng)
        program = fx.jit(functools.partial(workload["jax"], fnp),
                         target="cuda")
        device = [fx.device_put(a) for a in inputs]
        python_ms = wall_ms(lambda: program(*device), runs)
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for i, a in enumerate(inputs):
                paths.append(os.path.join(tmp, "in%d.npy" % i))
                np.save(paths[-1], a)
            aot_ms, error = run.run_fuse(exe, paths,
                                         os.path.join(tmp, "out.npy"), runs,
                                         {})
        rows.append([name, "%.3f" % python_ms, "%.3f" % aot_ms,
                     "%.2f" % (python_ms / aot_ms) if not error else error])
    print("memory-bound workloads from Python (target: python/aot <= 1.1)")
    harness.print_table(["workload", "python ms", "aot ms", "python/aot"],
                        rows, left=1)


def relative_difference(a, b):
    worst = 0.0
    for x, y in zip(jax.tree_util.tree_leaves(a),
                    jax.tree_util.tree_leaves(b)):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        if x.size:
            worst = max(worst, float(np.max(np.abs(x - y)) /
                                     (np.max(np.abs(y)) + 1e-30)))
    return worst


def models(names, runs, steps):
    import flax_models  # noqa: E402
    gpu = jax.devices("gpu")[0]
    rows = []
    for name in names:
        try:
            step, args, sizes = flax_models.MODELS[name]()
            args = jax.device_put(args, gpu)
            fused = fj.jit(step, target="cuda", output="device")
            jitted = jax.jit(step)
            start = time.perf_counter()
            fused(*args)  # complete when it returns
            fuse_compile = time.perf_counter() - start
            start = time.perf_counter()
            jax.block_until_ready(jitted(*args))
            jax_compile = time.perf_counter() - start
            # A training loop's arguments: fuse's own state and batch.
            on_device = jax.tree_util.tree_map(
                lambda a: fx.device_put(np.asarray(a)), args)
            fx.take_gpu_profile()  # the compile's and warm-up's calls
            fuse_ms = wall_ms(lambda: fused(*on_device), runs)
            profile = fx.take_gpu_profile()
            if profile:
                print("\n".join(profile.splitlines()[:14]))
            jax_ms = wall_ms(lambda: jax.block_until_ready(jitted(*args)),
                             runs)
            ours, theirs = on_device, args
            for _ in range(steps):
                ours = (fused(*ours)[0],) + tuple(ours[1:])
                theirs = (jitted(*theirs)[0],) + tuple(theirs[1:])
            d = relative_difference(ours[0], theirs[0])
            rows.append([name, "%.1f" % fuse_compile, "%.1f" % jax_compile,
                         "%.3f" % fuse_ms, "%.3f" % jax_ms,
                         "%.2f" % (jax_ms / fuse_ms), "%.1e" % d])
        except Exception as error:  # one model's failure is its row
            rows.append([name, "failed: %s" % str(error).splitlines()[0][:100],
                         "", "", "", "", ""])
        print(name, rows[-1][1:], flush=True)
    print("models on the GPU (target: jax/fuse >= 1.0 each)")
    harness.print_table(["model", "fuse compile s", "jax compile s",
                         "fuse ms", "jax ms", "jax/fuse", "d"], rows,
                        left=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--artifacts", default=os.path.join(HERE, "out"))
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--models", default="mlp,transformer_lm,lstm,resnet18")
    ap.add_argument("--only", default="overhead,memory,models")
    args = ap.parse_args()
    # fuse computes f32 products at full precision (allow-tf32=false).
    jax.config.update("jax_default_matmul_precision", "highest")
    print("devices: jax %s" % jax.devices()[0], flush=True)
    parts = args.only.split(",")
    if "overhead" in parts:
        overhead(args.runs)
    if "memory" in parts:
        memory_bound(args.artifacts, args.runs)
    if "models" in parts:
        models([m for m in args.models.split(",") if m], args.runs,
               args.steps)


if __name__ == "__main__":
    main()
