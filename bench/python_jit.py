#!/usr/bin/env python3
"""fuse from Python against numpy, jax.jit and fuse-run, side by side.

Each workload is one function of an array module `xp`, run in this process
five ways: written with fuse_hlo.numpy and compiled by fuse_hlo.jit,
written with jax.numpy and compiled by fuse through the JAX front end
(fuse_hlo.jax.jit), written with jax.numpy under jax.jit, as plain numpy,
and the optimized hlo of the fx.jit and of the fuse_hlo.jax program each
timed by fuse-run (the compiled code alone, no Python). Prints the median time of each, the Python figures
against fuse-run's, the per-call overhead of a tiny call, and the digits
training step of examples/python/softmax_regression.py.

    python3 bench/python_jit.py [--runs 20] [--scale 1]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
try:
    import fuse_hlo as fx
except ImportError:
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import fuse_hlo as fx
import fuse_hlo.numpy as fnp

BUILD = os.environ.get("FUSE_BUILD_DIR", os.path.join(ROOT, "build"))


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


def mlp_training_step(xp):
    """One SGD step of a 2-layer ReLU MLP with softmax cross-entropy, the
    gradient written out (fuse_hlo.numpy has no autodiff)."""
    def step(w1, w2, x, targets, learning_rate):
        hidden = xp.maximum(x @ w1, 0)
        logits = hidden @ w2
        e = xp.exp(logits - xp.max(logits, axis=1, keepdims=True))
        probabilities = e / xp.sum(e, axis=1, keepdims=True)
        loss = -xp.mean(xp.sum(targets * xp.log(probabilities), axis=1))
        d_logits = (probabilities - targets) / x.shape[0]
        grad_w2 = hidden.T @ d_logits
        d_hidden = xp.where(hidden > 0, d_logits @ w2.T, 0)
        grad_w1 = x.T @ d_hidden
        return (w1 - learning_rate * grad_w1, w2 - learning_rate * grad_w2,
                loss)
    return step


def workloads(scale):
    rng = np.random.default_rng(0)
    n = 4096 // scale
    x = rng.standard_normal((n, n), dtype=np.float32)
    y = rng.standard_normal((n, n), dtype=np.float32)
    gamma = np.ones(n, np.float32)
    beta = np.zeros(n, np.float32)
    batch, features, hidden = 512 // scale, 784, 512
    mlp = (rng.standard_normal((features, hidden), dtype=np.float32) * 0.05,
           rng.standard_normal((hidden, 10), dtype=np.float32) * 0.05,
           rng.standard_normal((batch, features), dtype=np.float32),
           np.eye(10, dtype=np.float32)[rng.integers(0, 10, batch)],
           np.float32(0.1))
    return [(f"running_example_{n}", running_example, (x, y)),
            (f"softmax_{n}x{n}", softmax, (x,)),
            (f"layer_norm_{n}x{n}", layer_norm, (x, gamma, beta)),
            (f"mlp_step_{batch}x784x512", mlp_training_step, mlp)]


def _results(value):
    """A workload's results as a tuple (the MLP step returns three)."""
    return value if isinstance(value, tuple) else (value,)


def median_seconds(function, args, runs):
    function(*args)   # compile / warm up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = function(*args)
        if hasattr(result, "block_until_ready"):
            result.block_until_ready()
        elif isinstance(result, tuple) and hasattr(result[0],
                                                   "block_until_ready"):
            result[0].block_until_ready()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def fuse_run_seconds(jitted, args, runs):
    """The median time of the jitted function's compiled program as
    fuse-run measures it (random inputs of the same shapes)."""
    fuse_run = os.path.join(BUILD, "bin", "fuse-run")
    if not os.access(fuse_run, os.X_OK):
        return float("nan")
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as program:
        program.write(jitted.lower(*args).as_text("optimized_hlo"))
        program.flush()
        output = subprocess.run(
            [fuse_run, program.name, "--random-inputs=1", f"--bench={runs}",
             "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])["run_median_ms"] * 1e-3


def overhead_microseconds(jitted, runs=3000):
    """Median call time of a + b on 4 floats, less the compiled code's own
    time: what Python adds to a call."""
    small = np.ones(4, np.float32)
    jitted(small, small)
    executable = jitted._cache[next(iter(jitted._cache))]
    executable = getattr(executable, "_executable", None) or getattr(
        executable, "executable")
    calls, kernels = [], []
    for _ in range(runs):
        start = time.perf_counter()
        jitted(small, small)
        calls.append(time.perf_counter() - start)
        kernels.append(executable.last_seconds)
    return (np.median(calls) - np.median(kernels)) * 1e6


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
        import fuse_hlo.jax as fjax
    except ImportError:
        jax = None
    nan = float("nan")
    # fuse first, JAX last: XLA's CPU thread pool, once started, competes
    # with the OpenMP threads of fuse's code on a small machine.
    cases = workloads(args.scale)
    times = {}
    for name, make, inputs in cases:
        ours = fx.jit(make(fnp))
        row = times[name] = {"fx.jit": median_seconds(ours, inputs,
                                                      args.runs)}
        for got, want in zip(_results(ours(*inputs)),
                             _results(make(np)(*inputs))):
            np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-5)
        row["fuse-run"] = fuse_run_seconds(ours, inputs, args.runs)
        row["numpy"] = median_seconds(make(np), inputs, args.runs)
    for name, make, inputs in cases:
        row = times[name]
        ours = fjax.jit(make(jnp)) if jax else None
        row["fuse_hlo.jax"] = (median_seconds(ours, inputs, args.runs)
                               if jax else nan)
        # JAX's HLO is another program than fuse_hlo.numpy's trace.
        row["fuse-run (jax)"] = (fuse_run_seconds(ours, inputs, args.runs)
                                 if jax else nan)
        row["jax.jit"] = (median_seconds(jax.jit(make(jnp)), inputs,
                                         args.runs) if jax else nan)

    columns = ["fx.jit", "fuse-run", "fuse_hlo.jax", "fuse-run (jax)",
               "jax.jit", "numpy"]
    print(f"{'workload (ms)':26}" + "".join(f"{c:>15}" for c in columns)
          + f"{'fx/run':>8}{'fjax/run':>9}{'jax/fx':>8}{'np/fx':>7}")
    for name, row in times.items():
        print(f"{name:26}" + "".join(f"{row[c] * 1e3:15.2f}" for c in columns)
              + f"{row['fx.jit'] / row['fuse-run']:8.2f}"
              f"{row['fuse_hlo.jax'] / row['fuse-run (jax)']:9.2f}"
              f"{row['jax.jit'] / row['fx.jit']:8.2f}"
              f"{row['numpy'] / row['fx.jit']:7.2f}")
    print("targets: fx/run and fjax/run <= 1.2 on the large cases; "
          "jax/fx >= 1 on the memory-bound ones")

    add = fx.jit(lambda a, b: a + b)
    print(f"per-call overhead (a + b on 4 floats, less the compiled code): "
          f"fx.jit {overhead_microseconds(add):.1f} us", end="")
    if jax:
        print(f", fuse_hlo.jax "
              f"{overhead_microseconds(fjax.jit(lambda a, b: a + b)):.1f} us",
              end="")
    print(" (target <= 10 us)")

    sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
    import softmax_regression
    results = softmax_regression.run(epochs=10, with_jax=jax is not None)
    step = {name: r["seconds_per_step"] * 1e6 for name, r in results.items()}
    print("digits training step (us): " + ", ".join(
        f"{name} {value:.1f}" for name, value in step.items())
        + f"; numpy/fx.jit {step['numpy'] / step['fuse']:.2f} (target >= 1)")


if __name__ == "__main__":
    main()
