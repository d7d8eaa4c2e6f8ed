#!/usr/bin/env python3
"""Matrix products side by side in one run: fuse (with --fuse-elementwise, so
epilogues fuse into the product's tiles), numpy (OpenBLAS), jax.jit and
torch.compile (when torch is installed; bench/torch_worker.py), at one
thread count, with GFLOP/s and the fraction of the machine's multiply-add
peak (measured by bench/fma_peak.cpp); the matrix-vector product against the
memory-bandwidth bound (bench/bandwidth.cpp). Prints the products issue's
targets with PASS/MISS.

    python3 bench/products.py                      # every product workload
    python3 bench/products.py --only matmul_1024 --runs 5
    python3 bench/products.py --threads 1 --no-jax
    python3 bench/products.py --only attention_2048x64 --rounds 5

On a shared machine whose speed drifts over seconds, --rounds measures
every column several times, taking turns, and keeps each column's fastest
round: a slow spell then costs every column alike.

The squared distances run with --algebraic-simplify first, which makes them
a product. The workloads (products=True) are bench/catalog.py's, the runners
bench/harness.py's.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

# OpenBLAS picks its kernel from the CPU unless told otherwise: the figure
# is for the kernel it would choose itself.
for _variable in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
    os.environ.pop(_variable, None)

import catalog  # noqa: E402  (after the environment is set for numpy)

import harness  # noqa: E402  (after the environment is set for numpy)

import jax_worker  # noqa: E402  (after the environment is set for numpy)

import programs  # noqa: E402  (after the environment is set for numpy)

import torch_worker  # noqa: E402  (after the environment is set for numpy)
from harness import fmt_ms, fmt_ratio  # noqa: E402
# f32 products from 1024 up against OpenBLAS; the two model blocks against
# JAX; the matrix-vector product against the bandwidth bound.
AGAINST_NUMPY = {"matmul_1024", "matmul_2048", "matmul_4096",
                 "matmul_4096x1024x1024", "matmul_abt_1024"}
AGAINST_JAX = {"mlp_gelu_4096x1024", "attention_2048x64"}
# Issue 37: products and attention at least 1.0x torch.compile.
AGAINST_TORCH = AGAINST_NUMPY | {"attention_2048x64", "batch_matmul_64x256"}
# The squared distances become a product only through --algebraic-simplify
# (norms plus -2 A B^T); their GFLOP are those of that product.
VARIANT_OF = {"squared_distances_4096x64":
              harness.VARIANTS["simplified-fused"]}
REWRITTEN_FLOPS = {"squared_distances_4096x64": 2 * 4096 * 4096 * 64}


def openblas_kernel():
    """The BLAS numpy calls and the kernel it chose, as threadpoolctl sees
    them."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return "unknown (pip install threadpoolctl to see it)"
    for pool in threadpool_info():
        if pool.get("user_api") == "blas":
            return (f"{pool.get('internal_api')} {pool.get('version')}, "
                    f"kernel {pool.get('architecture')}, "
                    f"{pool.get('num_threads')} threads")
    return "no BLAS found"


def fma_peak(args, notes):
    probe = harness.find_probe("fma_peak.cpp", "fuse-fma-peak", None,
                              args.fuse_run, notes)
    if not probe:
        return None
    proc = subprocess.run([str(probe), f"--threads={args.threads}",
                           "--repeat=5"], capture_output=True, text=True)
    if proc.returncode != 0:
        notes.append(f"fuse-fma-peak failed: {proc.stderr.strip()}")
        return None
    return json.loads(proc.stdout)


def bandwidth_bound_ms(ins, outs, args, notes):
    probe = harness.find_bandwidth(None, args.fuse_run, notes)
    if not probe:
        return None
    read = sum(t.nbytes for t in ins)
    written = sum(t.nbytes for t in outs)
    result = harness.run_bandwidth(probe, read, written, args.threads,
                                  args.runs, {})
    if "error" in result:
        notes.append(f"bandwidth probe: {result['error']}")
        return None
    return (read + written) / (harness.bound_gbps(result, "robust") * 1e6)


def measure(workload, source, ins, args, tmpdir):
    variant = VARIANT_OF.get(workload.name, harness.VARIANTS["fused"])
    ours = harness.run_ours(args.fuse_run, args.fuse_opt, source,
                           workload.name, variant, args.runs, 1,
                           args.threads, args.timeout, tmpdir)
    numpy = harness.time_numpy(workload, ins, args.runs, 1)
    jax = None
    if not args.no_jax and jax_worker.jax_available():
        # Not checked here: the tolerances only have to parse.
        jax = jax_worker.run_jax(workload, ins, args.runs, 1, args.threads,
                             args.timeout, False, workload.rtol or 0.0,
                             workload.atol or 0.0)
    torch = None
    if not args.no_torch and torch_worker.torch_available():
        torch = torch_worker.run_torch(
            workload, jax_worker.signature_text(ins), args.runs, 1,
            args.threads, args.timeout)
    return ours, numpy, jax, torch


def minimum(record, key="min_ms"):
    return None if not record or "error" in record else record.get(key)


def fastest(records, key="min_ms"):
    """The record of the fastest round (the first one when every round
    failed)."""
    timed = [r for r in records if minimum(r, key) is not None]
    return min(timed, key=lambda r: r[key]) if timed else records[0]


def measure_rounds(workload, source, ins, args, tmpdir):
    """fuse, numpy, jax and torch, in turn, args.rounds times: each one's
    fastest round, and fuse's shortest compile."""
    rounds = [measure(workload, source, ins, args, tmpdir)
              for _ in range(args.rounds)]
    ours = fastest([r[0] for r in rounds], "run_min_ms")
    compiles = [minimum(r[0], "compile_ms") for r in rounds]
    compiles = [c for c in compiles if c is not None]
    if compiles:
        ours = {**ours, "compile_ms": min(compiles)}
    others = [fastest([r[i] for r in rounds]) if rounds[0][i] else None
              for i in (2, 3)]
    return (ours, fastest([r[1] for r in rounds]), *others)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.add_tool_arguments(parser, "fuse-run", "fuse-opt")
    harness.add_arguments(parser, runs=3, timeout=600, jax=True)
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure every column this many times, taking "
                             "turns, and keep each one's fastest round "
                             "(default 1)")
    parser.add_argument("--no-torch", action="store_true",
                        help="leave out the torch.compile column")
    harness.add_max_isa_argument(parser)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    harness.check_arguments(parser, args)
    products = {w.name: w for w in catalog.WORKLOADS if w.products}
    workloads = harness.select(parser, args.only, products,
                              list(products.values()))
    args.threads, _ = harness.resolve_threads(args.threads)
    os.environ["OMP_NUM_THREADS"] = str(args.threads)
    harness.set_max_isa(args.max_isa)
    harness.find_tools(args, "fuse-run", "fuse-opt")
    if args.fuse_run is None:
        parser.error("no fuse-run: build it (scripts/setup.sh) or pass "
                     "--fuse-run")

    notes = []
    machine = harness.machine_info()
    # The probe is built for the whole CPU: its peak is not a capped one's.
    peak = None if args.max_isa else fma_peak(args, notes)
    print(f"machine: {machine['cpu']}, {args.threads} thread(s) for every "
          f"column" + (f", instruction sets capped at {args.max_isa} "
                       "(numpy's OpenBLAS: not capped; no peak)"
                       if args.max_isa else ""))
    print(f"numpy BLAS: {openblas_kernel()}")
    if peak:
        print(f"multiply-add peak (fuse-fma-peak): {peak['f32_gflops']} f32 "
              f"GFLOP/s, {peak['f64_gflops']} f64 GFLOP/s")
    headers = ["workload", "GFLOP", "fuse ms", "numpy ms", "jax ms",
               "torch ms", "fuse GFLOP/s", "of peak", "numpy/fuse",
               "jax/fuse", "torch/fuse", "target"]
    if not args.no_torch and not torch_worker.torch_available():
        notes.append(torch_worker.TORCH_MISSING.format(sys.executable))
    rows = []
    with tempfile.TemporaryDirectory() as tmpdir:
        for workload in workloads:
            name, text = workload.name, workload.program()
            source = Path(tmpdir) / f"{name}.mlir"
            source.write_text(text)
            ins, outs = programs.entry_signature(text, fuse_run=args.fuse_run)
            flops = REWRITTEN_FLOPS.get(name, programs.dot_flops(text))
            ours, numpy, jax, torch = measure_rounds(workload, source, ins,
                                                     args, tmpdir)
            fuse_ms = minimum(ours, "run_min_ms")
            numpy_ms, jax_ms = minimum(numpy), minimum(jax)
            torch_ms = minimum(torch)
            if torch and "error" in torch:
                notes.append(f"{name}: torch: {torch['error']}")
            if ours and "error" in ours:
                notes.append(f"{name}: fuse: {ours['error']}")
            if jax and "error" in jax:
                notes.append(f"{name}: jax: {jax['error']}")
            gflops = flops / (fuse_ms * 1e6) if fuse_ms else None
            element = "f64" if "f64" in name else "f32"
            peak_gflops = peak[f"{element}_gflops"] if peak else None
            target = ""
            of_peak = (f"{gflops / peak_gflops:.0%}"
                       if gflops and peak_gflops else "n/a")
            if name.startswith("matvec"):
                bound = bandwidth_bound_ms(ins, outs, args, notes)
                of_peak = fmt_ratio(fuse_ms, bound) + " of bound"
                if fuse_ms and bound:
                    target = ("PASS" if fuse_ms <= 1.2 * bound else "MISS") + \
                        " (<= 1.2x bound)"
            elif name in AGAINST_NUMPY and fuse_ms and numpy_ms:
                target = ("PASS" if numpy_ms / fuse_ms >= 0.8 else "MISS") + \
                    " (>= 0.8x numpy)"
            elif name in AGAINST_JAX and fuse_ms and jax_ms:
                target = ("PASS" if jax_ms / fuse_ms >= 1.0 else "MISS") + \
                    " (>= 1x jax)"
            if fuse_ms and torch_ms and name in AGAINST_TORCH:
                target += (" " if target else "") + (
                    "PASS" if torch_ms / fuse_ms >= 1.0 else "MISS") + \
                    " (>= 1x torch)"
            compile_ms = minimum(ours, "compile_ms")
            if compile_ms and compile_ms > 300:
                target += f" compile {compile_ms:.0f} ms > 300"
            rows.append([name, f"{flops / 1e9:.2f}", fmt_ms(fuse_ms),
                         fmt_ms(numpy_ms), fmt_ms(jax_ms), fmt_ms(torch_ms),
                         f"{gflops:.1f}" if gflops else "n/a", of_peak,
                         fmt_ratio(numpy_ms, fuse_ms),
                         fmt_ratio(jax_ms, fuse_ms),
                         fmt_ratio(torch_ms, fuse_ms), target])
            print(f"  measured {name}", file=sys.stderr)
    harness.print_table(headers, rows)
    for note in notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
