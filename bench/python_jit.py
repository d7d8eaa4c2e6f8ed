#!/usr/bin/env python3
"""fuse from Python against numpy, jax.jit and fuse-run, side by side.

Each workload is one function of an array module `xp` (bench/references.py),
run in this process five ways: written with fuse_hlo.numpy and compiled by
fuse_hlo.jit, written with jax.numpy and compiled by fuse through the JAX
front end (fuse_hlo.jax.jit), written with jax.numpy under jax.jit, as plain
numpy, and the optimized hlo of the fx.jit and of the fuse_hlo.jax program
each timed by fuse-run (the compiled code alone, no Python). Prints the
median time of each, the Python figures against fuse-run's, the per-call
overhead of a tiny call, and the digits training step of
examples/python/softmax_regression.py.

A Python call and its fuse-run figure are measured in alternation,
--rounds times, and each column is the median over the rounds: fuse-run's
own time moves by 20-40% between back-to-back runs here, and alternating
keeps one slow phase of the machine from landing on one side only. The
"code" columns are the compiled code's own time inside the same Python
calls: what the call adds, without another process's pages.

    python3 bench/python_jit.py [--runs 20] [--rounds 3] [--scale 1]
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import harness

import references

fx = harness.import_fuse_hlo()
import fuse_hlo.numpy as fnp  # noqa: E402  (import_fuse_hlo finds it)


def with_module(compute, xp):
    """compute(xp, *inputs) as a function of the inputs, named after
    compute (fx.jit names its program so)."""
    def function(*inputs):
        return compute(xp, *inputs)
    function.__name__ = function.__qualname__ = compute.__name__
    return function


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
    return [(f"running_example_{n}", references.running_example, (x, y)),
            (f"softmax_{n}x{n}", references.softmax, (x,)),
            (f"layer_norm_{n}x{n}", references.layer_norm, (x, gamma, beta)),
            (f"mlp_step_{batch}x784x512", references.mlp_training_step, mlp)]


def median_ms(function, args, runs):
    """The median of `runs` calls after a first one (compiling, warming
    up), each waited for."""
    return harness.time_calls(lambda: harness.ready(function(*args)),
                             runs)["median_ms"]


def fuse_run_ms(fuse_run, program, runs):
    """The median time of an optimized hlo program as fuse-run measures it
    (random inputs of the same shapes)."""
    output = subprocess.run(
        [str(fuse_run), program, "--random-inputs=1", f"--bench={runs}",
         "--json"], check=True, capture_output=True, text=True).stdout
    return harness.bench_record(output)["run_median_ms"]


def executable_of(jitted):
    """The compiled program behind the (only) signature a jitted function
    has been called with."""
    executable = jitted._cache[next(iter(jitted._cache))]
    return getattr(executable, "_executable", None) or getattr(
        executable, "executable")


def against_fuse_run(fuse_run, jitted, args, runs, rounds):
    """Medians over `rounds` of: the jitted call's median time, the median
    time of its compiled code inside those calls, and its program's fuse-run
    time, measured one after the other in each round."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as program:
        program.write(jitted.lower(*args).as_text("optimized_hlo"))
        program.flush()
        harness.ready(jitted(*args))  # compiles it
        executable = executable_of(jitted)
        calls, inside, kernels = [], [], []
        for _ in range(rounds):
            seconds = []

            def call():
                result = harness.ready(jitted(*args))
                seconds.append(executable.last_seconds)
                return result
            calls.append(harness.time_calls(call, runs)["median_ms"])
            inside.append(statistics.median(seconds) * 1e3)
            kernels.append(fuse_run_ms(fuse_run, program.name, runs)
                           if fuse_run else float("nan"))
    return (statistics.median(calls), statistics.median(inside),
            statistics.median(kernels))


def overhead_microseconds(jitted, runs=3000):
    """Median call time of a + b on 4 floats, less the compiled code's own
    time: what Python adds to a call."""
    small = np.ones(4, np.float32)
    jitted(small, small)
    executable = executable_of(jitted)
    calls, kernels = [], []
    for _ in range(runs):
        start = time.perf_counter()
        jitted(small, small)
        calls.append(time.perf_counter() - start)
        kernels.append(executable.last_seconds)
    return (np.median(calls) - np.median(kernels)) * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    harness.add_tool_arguments(parser, "fuse-run")
    harness.add_arguments(parser, runs=20, threads=False, only=False,
                         scale="the sizes")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternations of each Python call with its "
                             "fuse-run measurement (default 3)")
    args = parser.parse_args()
    harness.check_arguments(parser, args)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    harness.find_tools(args, "fuse-run")
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_platforms", "cpu")
        import fuse_hlo.jax as fjax
    except ImportError:
        jax = None
    nan = float("nan")
    # fuse first, then numpy, JAX last: OpenBLAS's threads spin for a while
    # after a product, and XLA's CPU thread pool, once started, competes
    # with the OpenMP threads of fuse's code on a small machine.
    cases = workloads(args.scale)
    times = {name: {} for name, _, _ in cases}
    jitted = {}
    for name, compute, inputs in cases:
        row = times[name]
        ours = jitted[name] = fx.jit(with_module(compute, fnp))
        row["fx.jit"], row["fx code"], row["fuse-run"] = against_fuse_run(
            args.fuse_run, ours, inputs, args.runs, args.rounds)
        # JAX's HLO is another program than fuse_hlo.numpy's trace.
        (row["fuse_hlo.jax"], row["fjax code"],
         row["fuse-run (jax)"]) = against_fuse_run(
            args.fuse_run, fjax.jit(with_module(compute, jnp)), inputs,
            args.runs, args.rounds) if jax else (nan, nan, nan)
    for name, compute, inputs in cases:
        reference = with_module(compute, np)
        for got, want in zip(harness.results_list(jitted[name](*inputs)),
                             harness.results_list(reference(*inputs))):
            np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-5)
        times[name]["numpy"] = median_ms(reference, inputs, args.runs)
    for name, compute, inputs in cases:
        times[name]["jax.jit"] = (median_ms(jax.jit(with_module(compute, jnp)),
                                            inputs, args.runs)
                                  if jax else nan)

    columns = ["fx.jit", "fx code", "fuse-run", "fuse_hlo.jax", "fjax code",
               "fuse-run (jax)", "jax.jit", "numpy"]
    ratios = [("fx/run", "fx.jit", "fuse-run"),
              ("fx/code", "fx.jit", "fx code"),
              ("fjax/run", "fuse_hlo.jax", "fuse-run (jax)"),
              ("fjax/code", "fuse_hlo.jax", "fjax code"),
              ("jax/fx", "jax.jit", "fx.jit"), ("np/fx", "numpy", "fx.jit")]
    harness.print_table(
        ["workload (ms)"] + columns + [name for name, _, _ in ratios],
        [[name] + [f"{row[c]:.2f}" for c in columns] +
         [f"{row[a] / row[b]:.2f}" for _, a, b in ratios]
         for name, row in times.items()], left=1)
    print("targets: fx/run and fjax/run <= 1.2 on the large cases; "
          "jax/fx >= 1 on the memory-bound ones")
    print("(\"code\": the compiled code's own time inside the same calls; "
          "fuse-run runs it in another process, on other pages)")

    add = fx.jit(lambda a, b: a + b)
    print(f"per-call overhead (a + b on 4 floats, less the compiled code): "
          f"fx.jit {overhead_microseconds(add):.1f} us", end="")
    if jax:
        print(f", fuse_hlo.jax "
              f"{overhead_microseconds(fjax.jit(lambda a, b: a + b)):.1f} us",
              end="")
    print(" (target <= 10 us)")

    sys.path.insert(0, str(harness.REPO / "examples" / "python"))
    import softmax_regression
    results = softmax_regression.run(epochs=10, with_jax=jax is not None)
    step = {name: r["seconds_per_step"] * 1e6 for name, r in results.items()}
    print("digits training step (us): " + ", ".join(
        f"{name} {value:.1f}" for name, value in step.items())
        + f"; numpy/fx.jit {step['numpy'] / step['fuse']:.2f} (target >= 1)")


if __name__ == "__main__":
    main()
