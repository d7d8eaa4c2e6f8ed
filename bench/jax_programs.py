#!/usr/bin/env python3
"""JAX programs side by side in one run: each program is lowered by JAX to
HLO text, imported with fuse-translate, canonicalized and fused
(--hlo-expand-complex --canonicalize --fuse-elementwise) and timed with
fuse-run, against jax.jit on the same inputs at the same thread count.
Results are compared with JAX's before anything is timed. Prints the
op-coverage issue's targets with PASS/MISS.

    python3 bench/jax_programs.py                  # every program
    python3 bench/jax_programs.py --only rnn_scan_grad --runs 5

The programs use ops that only JAX writes for them (lax.scan becomes a
while loop), so the numpy column is left out where numpy has no form.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import harness

import jax_worker
from harness import fmt_ms, fmt_ratio


def rnn_scan_grad_program():
    """A tanh RNN over lax.scan (64 steps, batch 64, 256 inputs, 512 hidden
    units) and the gradient of a loss of its states: the forward scan, the
    reversed backward scan, three products per step."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    def loss(params, xs, h0):
        w, u, b = params

        def step(h, x):
            h = jnp.tanh(h @ w + x @ u + b)
            return h, jnp.mean(h * h)

        h, energies = jax.lax.scan(step, h0, xs)
        return jnp.sum(energies) + jnp.mean(h)

    def value_and_grad(w, u, b, xs, h0):
        return jax.value_and_grad(loss)((w, u, b), xs, h0)

    rng = np.random.default_rng(17)
    hidden, features, batch, steps = 512, 256, 64, 64
    args = [
        (rng.standard_normal((hidden, hidden)) / np.sqrt(hidden)).astype(
            np.float32),
        (rng.standard_normal((features, hidden)) / np.sqrt(features)).astype(
            np.float32),
        np.zeros(hidden, np.float32),
        rng.standard_normal((steps, batch, features)).astype(np.float32),
        np.zeros((batch, hidden), np.float32),
    ]
    return value_and_grad, args


def embedding_bag_program():
    """Sums of bags of 32 rows of a 100000 x 128 table for 4096 bags: a
    gather that reads 64 MiB of rows and a sum over each bag (one input
    fusion in fuse)."""
    import jax.numpy as jnp
    import numpy as np

    def embedding_bag(table, ids):
        return jnp.sum(table[ids], axis=1)

    rng = np.random.default_rng(5)
    args = [rng.standard_normal((100000, 128)).astype(np.float32),
            rng.integers(0, 100000, (4096, 32)).astype(np.int32)]
    return embedding_bag, args


def cnn_step_program():
    """One SGD step of an MNIST-sized CNN (batch 128, 28x28x1; conv 3x3x32,
    ReLU, 2x2 max pooling, conv 3x3x64, ReLU, 2x2 max pooling, dense 10,
    cross-entropy with integer labels): convolutions and their gradients,
    pooling and its gradient (select_and_scatter), a gather of the labels'
    log-probabilities and its scatter."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    def forward(params, x):
        w1, w2, w3 = params
        dn = ("NHWC", "HWIO", "NHWC")
        for w in (w1, w2):
            x = jax.lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                             dimension_numbers=dn)
            x = jax.lax.reduce_window(jax.nn.relu(x), -jnp.inf, jax.lax.max,
                                      (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        return x.reshape(x.shape[0], -1) @ w3

    def step(w1, w2, w3, x, labels):
        def loss(params):
            logits = forward(params, x)
            picked = jax.nn.log_softmax(logits)[jnp.arange(x.shape[0]), labels]
            return -jnp.mean(picked)

        grads = jax.grad(loss)((w1, w2, w3))
        return tuple(p - 0.1 * g for p, g in zip((w1, w2, w3), grads))

    rng = np.random.default_rng(3)
    args = [(rng.standard_normal((3, 3, 1, 32)) * 0.3).astype(np.float32),
            (rng.standard_normal((3, 3, 32, 64)) * 0.06).astype(np.float32),
            (rng.standard_normal((7 * 7 * 64, 10)) * 0.02).astype(np.float32),
            rng.standard_normal((128, 28, 28, 1)).astype(np.float32),
            rng.integers(0, 10, (128,)).astype(np.int32)]
    return step, args


def cumsum_program():
    """jnp.cumsum over the rows of a 4096 x 4096 matrix: JAX writes a
    reduce-window as long as a row, which fuse scans."""
    import jax.numpy as jnp
    import numpy as np

    def cumsum(x):
        return jnp.cumsum(x, axis=1)

    rng = np.random.default_rng(9)
    return cumsum, [rng.standard_normal((4096, 4096)).astype(np.float32)]


def sort_program():
    """jnp.sort of 10^6 floats: JAX's comparator (canonical NaN and zero,
    then a total order), which fuse radix-sorts."""
    import jax.numpy as jnp
    import numpy as np

    def sort(x):
        return jnp.sort(x)

    rng = np.random.default_rng(5)
    return sort, [rng.standard_normal(10**6).astype(np.float32)]


TOP_K = 16


def top_k_program():
    """lax.top_k of 10^6 floats, k = 16: the values and their positions."""
    import jax
    import numpy as np

    def top_k(x):
        return jax.lax.top_k(x, TOP_K)

    rng = np.random.default_rng(6)
    return top_k, [rng.standard_normal(10**6).astype(np.float32)]


def numpy_top_k(x):
    """The k largest in descending order and their positions."""
    part = np.argpartition(x, -TOP_K)[-TOP_K:]
    order = part[np.argsort(-x[part], kind="stable")]
    return x[order], order


SPECTRAL_MODES = 16


def spectral_conv_program():
    """The spectral convolution of a Fourier neural operator layer: rfft of
    32 x 32 channels x 256 points, the lowest 16 frequencies mixed across
    channels by complex weights, and irfft back to 256 points. fuse makes
    each transform a product with cosine and sine matrices; XLA calls a fast
    transform."""
    import jax.numpy as jnp
    import numpy as np

    def spectral_conv(x, weights):
        return _spectral_conv(jnp, x, weights)

    rng = np.random.default_rng(11)
    batch, channels, points = 32, 32, 256
    scale = 1 / (channels * channels)
    weights = scale * (rng.standard_normal((channels, channels, SPECTRAL_MODES))
                       + 1j * rng.standard_normal(
                           (channels, channels, SPECTRAL_MODES)))
    return spectral_conv, [
        rng.standard_normal((batch, channels, points)).astype(np.float32),
        weights.astype(np.complex64)]


def _spectral_conv(xp, x, weights):
    """`spectral_conv_program`'s layer in the array module `xp`."""
    points = x.shape[-1]
    spectrum = xp.fft.rfft(x, axis=-1)[..., :SPECTRAL_MODES]
    mixed = xp.einsum("bim,iom->bom", spectrum, weights)
    padding = [(0, 0), (0, 0), (0, points // 2 + 1 - SPECTRAL_MODES)]
    return xp.fft.irfft(xp.pad(mixed, padding), n=points, axis=-1)


# Each program's numpy form, where numpy has one.
NUMPY = {
    "embedding_bag": lambda table, ids: table[ids].sum(axis=1),
    "cumsum": lambda x: np.cumsum(x, axis=1),
    "sort": np.sort,
    "top_k": numpy_top_k,
    "spectral_conv": lambda x, weights: _spectral_conv(np, x, weights).astype(
        np.float32),
}

PROGRAMS = {
    "rnn_scan_grad": rnn_scan_grad_program,
    "embedding_bag": embedding_bag_program,
    "cnn_step": cnn_step_program,
    "cumsum": cumsum_program,
    "sort": sort_program,
    "top_k": top_k_program,
    "spectral_conv": spectral_conv_program,
}
# Tolerances (rtol, atol) where the defaults are too tight: fuse scans a
# cumulative sum in order, as numpy does, where XLA sums a tree; over 4096
# elements the two differ by up to ~1e-3 absolute on partial sums of ~250
# (numpy's own error against float64 is 6e-4 there).
TOLERANCES = {"cumsum": (1e-3, 2e-3)}
# Programs whose target is to be at least as fast as jax.jit on the CPU.
AT_LEAST_JAX = {"rnn_scan_grad", "cnn_step"}
# Programs whose target is to be within this factor of numpy's time.
WITHIN_NUMPY = {"sort": 1.5}


def time_jax(function, args, runs, stat="min_ms"):
    """(`stat` of `runs` calls in ms, ms of the first call: trace, compile,
    run, and its results' leaves)."""
    import jax

    jitted = jax.jit(function)
    start = time.perf_counter()
    results = jax.block_until_ready(jitted(*args))
    compile_ms = (time.perf_counter() - start) * 1e3
    timing = harness.time_calls(
        lambda: jax.block_until_ready(jitted(*args)), runs, warmups=0)
    return timing[stat], compile_ms, jax.tree_util.tree_leaves(results)


def fuse_command(tools, program, paths, extra):
    return [str(tools.fuse_run), str(program), "--entry=main",
            "--inputs=" + ",".join(paths), *extra]


def run_fuse(tools, name, function, args, runs, threads, workdir, rtol,
             atol, busy=None):
    """Imports, fuses, checks and times one program; returns a record."""
    import jax
    import numpy as np

    hlo = Path(workdir) / f"{name}.hlo"
    hlo.write_text(jax.jit(function).lower(*args).as_text(dialect="hlo"))
    imported = Path(workdir) / f"{name}.mlir"
    fused = Path(workdir) / f"{name}.fused.mlir"
    for cmd in ([str(tools.fuse_translate), "--import-hlo", str(hlo), "-o",
                 str(imported)],
                [str(tools.fuse_opt), str(imported), "--hlo-expand-complex",
                 "--canonicalize", "--fuse-elementwise",
                 "-o", str(fused)]):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            return {"error": harness.error_line(proc.stderr),
                    "command": shlex.join(cmd)}
    paths = []
    for index, arg in enumerate(args):
        path = Path(workdir) / f"{name}.arg{index}.npy"
        np.save(path, arg)
        paths.append(str(path))
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))

    outdir = Path(workdir) / f"{name}.out"
    cmd = fuse_command(tools, fused, paths, [f"--outputs={outdir}"])
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return {"error": harness.error_line(proc.stderr),
                "command": shlex.join(cmd)}
    jax_ms, jax_compile_ms, expected = time_jax(function, args, runs)
    got = [np.load(outdir / f"result{i}.npy") for i in range(len(expected))]
    check = harness.compare_results(got, [np.asarray(e) for e in expected],
                                   rtol, atol)

    cmd = fuse_command(tools, fused, paths, [f"--bench={runs}", "--json"])
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return {"error": harness.error_line(proc.stderr),
                "command": shlex.join(cmd)}
    record = harness.bench_record(proc.stdout)
    if record is None:
        return {"error": "fuse-run printed no bench JSON line",
                "command": shlex.join(cmd)}
    record.update(jax_ms=jax_ms, jax_compile_ms=jax_compile_ms, check=check,
                  command=shlex.join(cmd))
    if busy:
        # Medians, quiet and then busy, for fuse and for JAX.
        record["fuse_quiet_ms"] = record["run_median_ms"]
        record["jax_quiet_ms"] = time_jax(function, args, runs,
                                          "median_ms")[0]
        with harness.BusyLoop(own_session=busy == "session"):
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  env=env)
            loaded = harness.bench_record(proc.stdout) or {}
            record["fuse_busy_ms"] = loaded.get("run_median_ms")
            record["jax_busy_ms"] = time_jax(function, args, runs,
                                             "median_ms")[0]
    if name in NUMPY:
        record["numpy_ms"] = harness.time_calls(lambda: NUMPY[name](*args),
                                               runs, warmups=0)["min_ms"]
    return record


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    tools = ("fuse-run", "fuse-opt", "fuse-translate")
    harness.add_tool_arguments(parser, *tools)
    harness.add_arguments(parser, runs=10, json_file=True)
    parser.add_argument("--rtol", type=float, default=1e-3)
    parser.add_argument("--atol", type=float, default=1e-4)
    parser.add_argument("--busy", nargs="?", const="nice",
                        choices=("nice", "session"),
                        help="also time each program beside a nice 19 busy "
                        "loop (in this session; 'session': in its own, "
                        "where it takes a core's share), and print fuse's "
                        "and JAX's slowdowns (median busy / median quiet)")
    args = parser.parse_args(argv)
    harness.check_arguments(parser, args)
    names = harness.select(parser, args.only, {n: n for n in PROGRAMS},
                          list(PROGRAMS))
    args.threads, _ = harness.resolve_threads(args.threads)
    if not jax_worker.jax_available():
        sys.exit("jax_programs.py needs jax (pip install jax)")
    # XLA's CPU client (in run_jax's children) sizes its pool when it
    # starts.
    harness.set_threads(args.threads)
    harness.find_tools(args, *tools)
    for tool in tools:
        if getattr(args, tool.replace("-", "_")) is None:
            sys.exit(f"{tool} not found: build fuse first "
                     "(bash scripts/setup.sh)")

    print(harness.machine_info())
    print(f"threads: {args.threads} (fuse: OMP_NUM_THREADS; JAX: "
          "PJRT_NPROC and XLA_FLAGS)")
    rows, records = [], {}
    with tempfile.TemporaryDirectory(prefix="fuse-jax-programs-") as workdir:
        for name in names:
            function, inputs = PROGRAMS[name]()
            rtol, atol = TOLERANCES.get(name, (args.rtol, args.atol))
            record = run_fuse(args, name, function, inputs, args.runs,
                              args.threads, workdir, rtol, atol, args.busy)
            records[name] = record
            if "error" in record:
                rows.append([name, "error: " + record["error"], "", "", "",
                             "", "", ""])
                continue
            ours = record["run_min_ms"]
            target = ""
            if name in AT_LEAST_JAX:
                target = ("PASS" if ours <= record["jax_ms"] else "MISS") + \
                    " (<= jax)"
            numpy_ms = record.get("numpy_ms")
            if name in WITHIN_NUMPY:
                factor = WITHIN_NUMPY[name]
                target = ("PASS" if ours <= factor * numpy_ms else "MISS") + \
                    f" (<= {factor}x numpy)"
            rows.append([name, fmt_ms(ours), fmt_ms(record["jax_ms"]),
                         fmt_ratio(record["jax_ms"], ours),
                         fmt_ratio(numpy_ms, ours) if numpy_ms else "n/a",
                         f"{record.get('compile_ms', float('nan')):.0f} / "
                         f"{record['jax_compile_ms']:.0f}",
                         harness.check_cell(record["check"]), target])
    harness.print_table(["program", "fuse ms", "jax ms", "jax/fuse",
                        "numpy/fuse", "compile ms fuse/jax", "check",
                        "target"], rows)
    if args.busy:
        print_busy(records)
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=2))


def print_busy(records):
    """The busy-machine table: each program's median step quiet and beside
    the busy loop, for fuse and JAX, with the accuracy issue's target (at
    most 1.3x its quiet time, and no worse than JAX's slowdown)."""
    rows = []
    for name, record in records.items():
        if "fuse_busy_ms" not in record or record["fuse_busy_ms"] is None:
            continue
        ours = record["fuse_busy_ms"] / record["fuse_quiet_ms"]
        theirs = record["jax_busy_ms"] / record["jax_quiet_ms"]
        target = "PASS" if ours <= 1.3 and ours <= theirs else "MISS"
        rows.append([name, fmt_ms(record["fuse_quiet_ms"]),
                     fmt_ms(record["fuse_busy_ms"]), f"{ours:.2f}x",
                     fmt_ms(record["jax_quiet_ms"]),
                     fmt_ms(record["jax_busy_ms"]), f"{theirs:.2f}x",
                     target])
    print()
    print("Beside a busy loop (medians):")
    harness.print_table(["program", "fuse quiet", "fuse busy", "fuse slowdown",
                        "jax quiet", "jax busy", "jax slowdown",
                        "target (<= 1.3x, <= jax's)"], rows)


if __name__ == "__main__":
    main()
