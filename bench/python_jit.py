#!/usr/bin/env python3
"""fuse_hlo.jit from Python against numpy and jax.jit, side by side.

Each workload is one numpy-style function run three ways in this process:
compiled by fuse through the Python package (fuse_hlo.jit, default passes),
plain numpy, and jax.jit on the CPU (when JAX is installed). Prints the
median time of each and the ratios, plus the softmax-regression training
step of examples/python/softmax_regression.py.

    python3 bench/python_jit.py [--runs 20] [--scale 1]
"""

import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
try:
    import fuse_hlo as fx
except ImportError:
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import fuse_hlo as fx
import fuse_hlo.numpy as fnp


def running_example(xp):
    return lambda x, y: xp.mean(x * x * 3 + y)


def softmax(xp):
    def function(x):
        e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
        return e / xp.sum(e, axis=1, keepdims=True)
    return function


def layer_norm(xp):
    def function(x, gamma, beta):
        mean = xp.mean(x, axis=1, keepdims=True)
        centered = x - mean
        var = xp.mean(centered * centered, axis=1, keepdims=True)
        return centered / xp.sqrt(var + 1e-5) * gamma + beta
    return function


def workloads(scale):
    rng = np.random.default_rng(0)
    n = 4096 // scale
    x = rng.standard_normal((n, n), dtype=np.float32)
    y = rng.standard_normal((n, n), dtype=np.float32)
    gamma = np.ones(n, np.float32)
    beta = np.zeros(n, np.float32)
    return [(f"running_example_{n}", running_example, (x, y)),
            (f"softmax_{n}x{n}", softmax, (x,)),
            (f"layer_norm_{n}x{n}", layer_norm, (x, gamma, beta))]


def median_seconds(function, args, runs):
    function(*args)   # compile / warm up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = function(*args)
        if hasattr(result, "block_until_ready"):
            result.block_until_ready()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--scale", type=int, default=1,
                        help="divide the sizes by this")
    args = parser.parse_args()
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_platforms", "cpu")
    except ImportError:
        jax = None
    # fuse first, JAX last: XLA's CPU thread pool, once started, competes
    # with the OpenMP threads of fuse's code on a small machine.
    cases = workloads(args.scale)
    ours, numpy_times, jax_times = {}, {}, {}
    for name, make, inputs in cases:
        ours[name] = median_seconds(fx.jit(make(fnp)), inputs, args.runs)
        np.testing.assert_allclose(fx.jit(make(fnp))(*inputs),
                                   make(np)(*inputs), rtol=1e-3, atol=1e-5)
        numpy_times[name] = median_seconds(make(np), inputs, args.runs)
    for name, make, inputs in cases:
        jax_times[name] = (median_seconds(jax.jit(make(jnp)), inputs,
                                          args.runs)
                           if jax else float("nan"))
    print(f"{'workload':24} {'fuse ms':>9} {'numpy ms':>9} {'jax ms':>9} "
          f"{'numpy/fuse':>11} {'jax/fuse':>9}")
    for name, _, _ in cases:
        print(f"{name:24} {ours[name] * 1e3:9.2f} "
              f"{numpy_times[name] * 1e3:9.2f} {jax_times[name] * 1e3:9.2f} "
              f"{numpy_times[name] / ours[name]:10.2f}x "
              f"{jax_times[name] / ours[name]:8.2f}x")
    sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
    import softmax_regression
    results = softmax_regression.run(epochs=10, with_jax=jax is not None)
    step = {name: r["seconds_per_step"] for name, r in results.items()}
    print(f"{'digits training step':24} {step['fuse'] * 1e3:9.3f} "
          f"{step['numpy'] * 1e3:9.3f} "
          f"{step.get('jax.jit', float('nan')) * 1e3:9.3f} "
          f"{step['numpy'] / step['fuse']:10.2f}x "
          f"{step.get('jax.jit', float('nan')) / step['fuse']:8.2f}x")


if __name__ == "__main__":
    main()
