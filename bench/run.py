#!/usr/bin/env python3
"""fuse's benchmark harness: runs named workloads side by side with fuse-run
(ours, in one or more variants), numpy, JAX on CPU (jax.jit), torch.compile
(when torch is installed), and a memory-bandwidth bound, then prints the ratios the fusion issue's targets ask
for (fused vs unfused, vs the bound, vs numpy, vs JAX) with PASS/MISS.

    python3 bench/run.py                          # every workload, unfused and fused
    python3 bench/run.py --only add_4096 --runs 5
    python3 bench/run.py --variant unfused,serial --threads 2 --json out.json
    python3 bench/run.py --scale 8 --runs 1 --check   # small smoke run
    python3 bench/run.py --list                   # workloads and variants

See bench/README.md for what is measured and how to read the ratios.
"""

import argparse
import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import catalog

import harness

import jax_worker

import programs
import torch_worker
from harness import fmt_ms, fmt_ratio

# The fusion issue's targets, checked on every workload with targets=True:
# (ratio name, numerator, denominator, comparison, threshold). The ratios are
# of times from one invocation: 'fused' and 'unfused' are the variants of
# those names, 'bound' the bandwidth bound (at the fused variant's threads).
TARGETS = [
    ("unfused/fused", "unfused", "fused", ">=", 3.0),
    ("fused/bound", "fused", "bound", "<=", 1.25),
    ("numpy/fused", "numpy", "fused", ">=", 3.0),
    ("jax/fused", "jax", "fused", ">=", 1.0),
]

# Variants of ours: harness.VARIANTS, and more defined on the command line
# with --define-variant.
DEFAULT_VARIANTS = "unfused,fused"


def parse_variant_def(text):
    """NAME:opt=ARGS;run=ARGS;threads=T (each part optional)."""
    name, _, rest = text.partition(":")
    if not re.fullmatch(r"[\w.+-]+", name):
        raise ValueError(f"bad variant name in '{text}'")
    variant = harness.Variant(name, doc="defined on the command line")
    for part in filter(None, (p.strip() for p in rest.split(";"))):
        key, eq, value = part.partition("=")
        if not eq or key not in ("opt", "run", "threads"):
            raise ValueError(f"bad variant part '{part}' (want opt=, run= "
                             "or threads=)")
        if key == "threads":
            variant.threads = int(value)
        else:
            setattr(variant, key, shlex.split(value))
    return variant


def check_ours(fuse_run, fuse_opt, workload, source, variant, ins, seed,
               threads, timeout, tmpdir, rtol, atol):
    """Runs the variant of the program `source` once on numpy-made inputs
    (.npy) and compares its results with the numpy reference. Returns a
    record with 'ok'."""
    if any(t.element == "bf16" for t in ins):
        return {"error": "bf16 inputs: numpy has no bf16, not checked"}
    program, error = harness.prepare_program(fuse_opt, source, variant,
                                            timeout, tmpdir, workload.name)
    if error:
        return error
    inputs = harness.numpy_inputs(ins, seed)
    paths = []
    for i, a in enumerate(inputs):
        path = Path(tmpdir) / f"{workload.name}.in{i}.npy"
        if not path.exists():
            np.save(path, a)
        paths.append(str(path))
    outdir = Path(tmpdir) / f"{workload.name}.{variant.name}.out"
    shutil.rmtree(outdir, ignore_errors=True)
    cmd = [str(fuse_run), str(program), "--entry=main",
           f"--outputs={outdir}", *variant.run]
    if paths:
        cmd.insert(3, "--inputs=" + ",".join(paths))
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"check timed out after {timeout} s"}
    if proc.returncode != 0:
        return {"error": f"check: fuse-run exit {proc.returncode}: " +
                harness.error_line(proc.stderr), "command": shlex.join(cmd)}
    expected = harness.results_list(workload.reference(*inputs))
    del inputs
    got = []
    for i in range(len(expected)):
        path = outdir / f"result{i}.npy"
        if not path.exists():
            return {"error": f"check: fuse-run wrote no {path.name}"}
        got.append(np.load(path))
    record = harness.compare_results(got, expected, rtol, atol)
    shutil.rmtree(outdir, ignore_errors=True)
    return record


def check_note(who, check):
    """A note line for a failed or impossible check, else None."""
    if "error" in check:
        return f"{who}: {check['error']}"
    if not check["ok"]:
        return (f"{who}: results differ from numpy (max abs err "
                f"{check['max_abs_err']:.3g}, max rel err "
                f"{check['max_rel_err']:.3g}; rtol {check['rtol']:g}, "
                f"atol {check['atol']:g})")
    return None


def fmt_faults(record):
    """Minor page faults per timed run of a numpy or jax record."""
    if not record or record.get("faults_per_run") is None:
        return "n/a"
    return f"{record['faults_per_run']:.0f}"


def print_work_and_memory(records, out=sys.stdout):
    """Per workload with matrix products: each variant's dot FLOPs, time and
    peak memory, and their ratios to the first variant run (the rewrites of
    --dot-order and --algebraic-simplify change the first and the last)."""
    with_dots = {r["workload"] for r in records if r["dot_flops"]}
    rows = []
    first = {}
    for r in records:
        if r["workload"] not in with_dots:
            continue
        base = first.setdefault(r["workload"], r)
        flops, base_flops = r["dot_flops"], base["dot_flops"]
        peak = (r["ours"] or {}).get("peak_bytes")
        base_peak = (base["ours"] or {}).get("peak_bytes")
        rows.append([
            r["workload"], r["variant"],
            f"{flops / 1e9:.4f}" if flops is not None else "n/a",
            fmt_ratio(base_flops or None, flops),
            fmt_ms(r["ours_ms"]), fmt_ratio(base["ours_ms"], r["ours_ms"]),
            f"{peak / 2**20:.1f}" if peak is not None else "n/a",
            fmt_ratio(base_peak, peak)])
    if not rows:
        return
    print("\nmatrix products and memory (ratios: the first variant listed "
          "over this one, so 10.00x is ten times less):", file=out)
    harness.print_table(["workload", "variant", "dot GFLOP", "FLOP ratio",
                        "ours ms", "time ratio", "peak MiB", "peak ratio"],
                       rows, out=out)


def summarize(records):
    """Per workload, the times the targets compare ('fused', 'unfused',
    'numpy', 'jax', and 'bound' at the fused variant's threads) and each
    target's ratio and verdict (PASS, MISS, or None where a time is missing
    or the workload has no targets)."""
    times = {}
    for r in records:
        entry = times.setdefault(r["workload"], {"targets": r["targets"],
                                                 "numpy": r["numpy_ms"],
                                                 "jax": r["jax_ms"]})
        entry[r["variant"]] = r["ours_ms"]
        if r["variant"] == "fused":
            entry["bound"] = r["bound_ms"]
    summary = []
    for name, entry in times.items():
        ratios = {}
        for ratio, num, den, op, threshold in TARGETS:
            a, b = entry.get(num), entry.get(den)
            value = a / b if a and b else None
            verdict = None
            if value is not None and entry["targets"]:
                met = value >= threshold if op == ">=" else value <= threshold
                verdict = "PASS" if met else "MISS"
            ratios[ratio] = {"value": value, "verdict": verdict}
        summary.append({"workload": name, "targets": entry["targets"],
                        "times_ms": {k: entry.get(k) for k in
                                     ("fused", "unfused", "numpy", "jax",
                                      "bound")},
                        "ratios": ratios})
    return summary


def print_summary(summary, args, chosen, out=sys.stdout):
    names = {v.name for v in chosen}
    print("\ntargets of the fusion issue (ratios of the times above, from "
          f"this one run, {args.stat} of {args.runs}; 'fused' and 'unfused' "
          "are the variants of those names):", file=out)
    if "fused" not in names:
        print("  no 'fused' variant in this run (--variant): nothing to "
              "compare", file=out)
        return
    headers = ["workload"] + [f"{n} {op} {t:g}x"
                              for n, _, _, op, t in TARGETS] + ["met"]
    rows = []
    met = total = missing = 0
    for entry in summary:
        row = [entry["workload"]]
        count = [0, 0]
        for ratio, *_ in TARGETS:
            r = entry["ratios"][ratio]
            cell = fmt_ratio(r["value"], 1.0)
            if r["verdict"]:
                cell += " " + r["verdict"]
                count[0] += r["verdict"] == "PASS"
                count[1] += 1
            elif entry["targets"]:
                missing += 1
                cell += " -"
            else:
                cell += "  "
            row.append(cell)
        row.append(f"{count[0]}/{count[1]}" if entry["targets"]
                   else "(no targets)")
        met += count[0]
        total += count[1]
        rows.append(row)
    harness.print_table(headers, rows, left=(0, len(headers) - 1), out=out)
    text = f"targets met: {met} of {total}"
    if missing:
        text += f" ({missing} not measured: n/a)"
    if args.scale != 1:
        text += (f"; at --scale {args.scale}, not the issue's sizes: "
                 "indicative only")
    print(text, file=out)
    print("(unfused/fused: fused's speedup; fused/bound: how far fused is "
          "from the memory bound; numpy/fused, jax/fused: fused's speedup "
          "over them. Workloads without targets are not in the issue.)",
          file=out)


# --------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Runs the workloads of bench/catalog.py with fuse-run, "
                    "numpy, jax.jit and the bandwidth bound; prints a "
                    "table.")
    harness.add_tool_arguments(parser, "fuse-run", "fuse-opt")
    parser.add_argument("--bandwidth", default=None,
                        help="fuse-bandwidth binary (default: build/bin, "
                             "else compiled from bench/bandwidth.cpp)")
    harness.add_arguments(parser, runs=10, timeout=900, seed=True,
                         scale="every tensor dimension of the workloads",
                         jax=True, programs=True, json_file=True)
    parser.add_argument("--variant", default=DEFAULT_VARIANTS,
                        help="comma-separated variants of ours "
                             f"(default: {DEFAULT_VARIANTS}; see --list)")
    parser.add_argument("--define-variant", action="append", default=[],
                        metavar="NAME:opt=ARGS;run=ARGS;threads=T",
                        help="define a variant: fuse-opt args applied before "
                             "fuse-run, extra fuse-run args, own threads")
    parser.add_argument("--jax-threads", type=int, default=None,
                        help="threads of jax's XLA CPU pool (default: the "
                             "same as --threads)")
    parser.add_argument("--stat", choices=("min", "median"), default="min",
                        help="which statistic the table shows (default min)")
    parser.add_argument("--bound-stat", choices=("best", "robust", "median"),
                        default="robust",
                        help="which probe time sets the bound: best, robust "
                             "(second-best, default) or median of its "
                             "repeats")
    parser.add_argument("--check", action="store_true",
                        help="also run each variant once on numpy-made "
                             "inputs and compare its results with numpy's")
    parser.add_argument("--rtol", type=float, default=None,
                        help="relative tolerance of --check (default 1e-4, "
                             "or the workload's own)")
    parser.add_argument("--atol", type=float, default=None,
                        help="absolute tolerance of --check (default 1e-6, "
                             "or the workload's own)")
    parser.add_argument("--no-numpy", action="store_true")
    parser.add_argument("--no-torch", action="store_true",
                        help="leave out the torch.compile column")
    harness.add_max_isa_argument(parser)
    parser.add_argument("--no-bound", action="store_true")
    parser.add_argument("--wide", action="store_true",
                        help="also show compile ms, peak MiB, moved MiB and "
                             "the bound's kernel")
    parser.add_argument("--list", action="store_true",
                        help="list workloads and variants and exit")
    args = parser.parse_args(argv)
    harness.check_arguments(parser, args)

    variants = dict(harness.VARIANTS)
    for text in args.define_variant:
        try:
            v = parse_variant_def(text)
        except ValueError as e:
            parser.error(str(e))
        variants[v.name] = v
    workloads = harness.select(parser, args.only, catalog.KNOWN,
                              [w for w in catalog.WORKLOADS if w.by_default])
    chosen = []
    for name in filter(None, (n.strip() for n in args.variant.split(","))):
        if name not in variants:
            parser.error(f"unknown variant '{name}'; known: "
                         f"{', '.join(variants)}")
        chosen.append(variants[name])

    notes = []
    wanted_fuse_run = args.fuse_run or harness.build_dir() / "bin/fuse-run"
    harness.find_tools(args, "fuse-run", "fuse-opt")
    fuse_run, fuse_opt = args.fuse_run, args.fuse_opt
    try:
        harness.import_fuse_hlo(wanted_fuse_run)
    except ImportError as e:
        parser.error(f"the workloads' signatures come from fuse_hlo (the C "
                     f"API), which does not import: {e}")

    if args.programs:
        catalog.write_programs(args.programs, [
            (w.name, w.note, w.program(args.scale)) for w in workloads])
        return 0
    if args.list:
        print("workloads:")
        for w in catalog.WORKLOADS:
            ins, outs = programs.entry_signature(w.program(), fuse_run=fuse_run)
            mark = "  [targets]" if w.targets else ""
            print(f"  {w.name:24} {programs.describe_types(ins)} -> "
                  f"{programs.describe_types(outs)}  ({w.note}){mark}")
        print("variants:")
        for v in variants.values():
            print(f"  {v.name:24} {v.describe()}  ({v.doc})")
        print("targets (workloads marked [targets]):")
        for name, _, _, op, threshold in TARGETS:
            print(f"  {name} {op} {threshold:g}x")
        return 0

    machine = harness.machine_info()
    threads, threads_from = harness.resolve_threads(args.threads)
    jax_threads = args.jax_threads or threads
    harness.set_max_isa(args.max_isa)

    if fuse_run is None:
        notes.append(f"fuse-run not found at {wanted_fuse_run}: build it "
                     "with scripts/setup.sh; ours columns are n/a")
    jax_version = None
    if not args.no_jax:
        jax_version = jax_worker.jax_available()
        if jax_version is None:
            notes.append(jax_worker.JAX_MISSING.format(sys.executable))
    torch_version = None
    if not args.no_torch:
        torch_version = torch_worker.torch_available()
        if torch_version is None:
            notes.append(torch_worker.TORCH_MISSING.format(sys.executable))
    probe = None
    if not args.no_bound:
        probe = harness.find_bandwidth(args.bandwidth, fuse_run, notes)
        if probe is None and args.bandwidth:
            notes.append(f"--bandwidth {args.bandwidth} does not exist: "
                         "bound columns are n/a")

    print(f"machine: {machine['cpu']}, {machine['cores']} cores "
          f"({machine['usable_cores']} usable), {platform.system()} "
          f"{platform.release()}")
    jax_pin = (f", pinned to {jax_threads} of the usable cores"
               if jax_threads < machine["usable_cores"] else "")
    jax_text = (f"jax {jax_threads} (XLA's CPU thread pool, PJRT_NPROC="
                f"{jax_threads}{jax_pin})" if jax_version else "jax n/a")
    if args.max_isa:
        print(f"instruction sets: fuse, jax and torch capped at "
              f"{args.max_isa}; numpy not capped")
    print(f"threads: ours and bound {threads} ({threads_from}; OMP_NUM_THREADS"
          f"); {jax_text}; numpy 1 (its elementwise ufuncs and reductions "
          f"are single-threaded)")
    print(f"runs: {args.runs} after a warm-up (jax: after compiling and one "
          f"warm-up call); table shows the {args.stat}, in ms; inputs "
          f"uniform in [-3, 3), seed {args.seed}")
    if args.scale != 1:
        print(f"scale: every dimension divided by {args.scale} (smoke run; "
              f"the targets are meant for the real sizes)")
    for v in chosen:
        print(f"variant {v.name}: {v.describe()}")
    sys.stdout.flush()

    bandwidth_cache = {}
    records = []
    rows = []
    stat = f"{args.stat}_ms"
    with tempfile.TemporaryDirectory(prefix="fuse-bench-") as tmpdir:
        for w in workloads:
            try:
                text = w.program(args.scale)
            except ValueError as e:
                notes.append(f"{w.name}: skipped: {e}")
                continue
            source = Path(tmpdir) / f"{w.name}.mlir"
            source.write_text(text)
            ins, outs = programs.entry_signature(text, fuse_run=fuse_run)
            read_bytes = sum(t.nbytes for t in ins)
            write_bytes = sum(t.nbytes for t in outs)
            shape = programs.describe_types(ins) + " -> " + \
                programs.describe_types(outs)
            rtol = args.rtol if args.rtol is not None else (w.rtol or 1e-4)
            atol = args.atol if args.atol is not None else (w.atol or 1e-6)

            numpy_result = None
            if not args.no_numpy:
                try:
                    numpy_result = harness.time_numpy(w, ins, args.runs,
                                                     args.seed)
                except MemoryError as e:
                    numpy_result = {"error": f"MemoryError: {e}"}
            numpy_ms = None
            if numpy_result and "error" not in numpy_result:
                numpy_ms = numpy_result[stat]
            elif numpy_result:
                notes.append(f"{w.name}: numpy {numpy_result['error']}")

            jax_result = None
            if jax_version is not None:
                jax_result = jax_worker.run_jax(w, ins, args.runs, args.seed,
                                            jax_threads, args.timeout,
                                            args.check, rtol, atol)
            jax_ms = None
            jax_check = None
            if jax_result and "error" not in jax_result:
                jax_ms = jax_result[stat]
                jax_check = jax_result.get("check")
                if jax_check:
                    note = check_note(f"{w.name} [jax]", jax_check)
                    if note:
                        notes.append(note)
            elif jax_result:
                notes.append(f"{w.name}: {jax_result['error']}")

            torch_result = torch_ms = None
            if torch_version is not None:
                torch_result = torch_worker.run_torch(
                    w, jax_worker.signature_text(ins), args.runs, args.seed,
                    threads, args.timeout)
                if "error" in torch_result:
                    notes.append(f"{w.name}: torch: {torch_result['error']}")
                else:
                    torch_ms = torch_result[stat]

            for v in chosen:
                vthreads = v.threads or threads
                bound = None
                if probe is not None:
                    bound = harness.run_bandwidth(probe, read_bytes,
                                                 write_bytes, vthreads,
                                                 args.runs, bandwidth_cache)
                ours = None
                if fuse_run is not None:
                    ours = harness.run_ours(fuse_run, fuse_opt, source, w.name,
                                           v, args.runs, args.seed, vthreads,
                                           args.timeout, tmpdir)
                    if "error" in ours:
                        notes.append(f"{w.name} [{v.name}]: {ours['error']}")
                flops = None
                program, _ = harness.prepare_program(fuse_opt, source, v,
                                                    args.timeout, tmpdir,
                                                    w.name)
                if program is not None:
                    flops = programs.dot_flops(Path(program).read_text())

                check = None
                if args.check and ours and "error" not in ours:
                    check = check_ours(fuse_run, fuse_opt, w, source, v, ins,
                                       args.seed, vthreads, args.timeout,
                                       tmpdir, rtol, atol)
                    note = check_note(f"{w.name} [{v.name}]", check)
                    if note:
                        notes.append(note)

                ours_ms = None
                if ours and "error" not in ours:
                    ours_ms = ours.get("run_min_ms" if args.stat == "min"
                                       else "run_median_ms")
                bound_ms = None
                if bound and "error" not in bound:
                    gbps = harness.bound_gbps(bound, args.bound_stat)
                    bound_ms = (read_bytes + write_bytes) / (gbps * 1e6)
                elif bound:
                    notes.append(f"{w.name}: bandwidth probe failed: "
                                 f"{bound['error']}")

                ours_cell = fmt_ms(ours_ms)
                if ours is not None and "error" in ours:
                    ours_cell = "error"
                jax_cell = fmt_ms(jax_ms)
                if jax_result is not None and "error" in jax_result:
                    jax_cell = "error"
                row = [w.name, v.name, shape, ours_cell, fmt_ms(numpy_ms),
                       jax_cell, fmt_ms(torch_ms), fmt_ms(bound_ms),
                       fmt_ratio(ours_ms, numpy_ms),
                       fmt_ratio(ours_ms, jax_ms),
                       fmt_ratio(ours_ms, torch_ms),
                       fmt_ratio(ours_ms, bound_ms)]
                if args.check:
                    row += [harness.check_cell(check),
                            harness.check_cell(jax_check)]
                if args.wide:
                    peak = ours.get("peak_bytes") if ours else None
                    row += [fmt_ms(ours.get("compile_ms") if ours else None),
                            fmt_ms(jax_result.get("first_call_ms")
                                   if jax_result else None),
                            fmt_faults(numpy_result),
                            fmt_faults(jax_result),
                            f"{peak / 2**20:.1f}" if peak is not None
                            else "n/a",
                            f"{(read_bytes + write_bytes) / 2**20:.1f}",
                            (f"{bound['bound']['kernel']} "
                             f"{harness.bound_gbps(bound, args.bound_stat):.1f}"
                             " GB/s")
                            if bound_ms is not None else "n/a"]
                rows.append(row)
                records.append({
                    "workload": w.name, "variant": v.name,
                    "variant_opt": v.opt, "variant_run": v.run,
                    "sizes": {k: size // args.scale
                              for k, size in w.sizes.items()},
                    "scale": args.scale, "targets": w.targets,
                    "inputs": [t.text for t in ins],
                    "results": [t.text for t in outs],
                    "bytes_read": read_bytes, "bytes_written": write_bytes,
                    "threads": vthreads, "jax_threads": jax_threads,
                    "ours": ours, "numpy": numpy_result, "jax": jax_result,
                    "torch": torch_result, "bandwidth": bound,
                    "check": check, "ours_ms": ours_ms,
                    "numpy_ms": numpy_ms, "jax_ms": jax_ms,
                    "torch_ms": torch_ms, "bound_ms": bound_ms,
                    "ours_over_numpy": ours_ms / numpy_ms
                    if ours_ms and numpy_ms else None,
                    "ours_over_jax": ours_ms / jax_ms
                    if ours_ms and jax_ms else None,
                    "ours_over_torch": ours_ms / torch_ms
                    if ours_ms and torch_ms else None,
                    "ours_over_bound": ours_ms / bound_ms
                    if ours_ms and bound_ms else None,
                    "dot_flops": flops,
                })

    headers = ["workload", "variant", "shape", "ours ms", "numpy ms",
               "jax ms", "torch ms", "bound ms", "ours/numpy", "ours/jax",
               "ours/torch", "ours/bound"]
    if args.check:
        headers += ["check", "jax check"]
    if args.wide:
        headers += ["compile ms", "jax 1st ms", "numpy flt/run",
                    "jax flt/run", "peak MiB", "moved MiB", "bound kernel"]
    print()
    harness.print_table(headers, rows)
    bounds = {}
    for r in records:
        b = r["bandwidth"]
        if b and "error" not in b:
            bounds.setdefault(
                (r["workload"], r["threads"]),
                f"{(r['bytes_read'] + r['bytes_written']) / 2**20:.1f} MiB "
                f"at {b['bound']['kernel']} "
                f"{harness.bound_gbps(b, args.bound_stat):.1f} GB/s "
                f"({r['threads']} thr; best "
                f"{harness.bound_gbps(b, 'best'):.1f}, median "
                f"{harness.bound_gbps(b, 'median'):.1f})")
    if bounds:
        print("\nbound = compulsory bytes (inputs read once + results "
              "written once) / bandwidth of the kernel with the nearest "
              f"read:write mix ({args.bound_stat} of its repeats):")
        for (name, _), text in bounds.items():
            print(f"  {name}: {text}")
    jax_runs = [r["jax"] for r in records if r["jax"] and "error" not in
                r["jax"]]
    if jax_runs:
        counted = sorted({j["pool_threads"] for j in jax_runs
                          if j.get("pool_threads") is not None})
        print(f"\njax {jax_runs[0]['jax']} on {jax_runs[0]['backend']}: "
              f"jax.jit of the same computation, XLA CPU pool of "
              f"{jax_threads} thread(s) (PJRT_NPROC; counted in the worker: "
              f"{', '.join(map(str, counted)) or 'n/a'})")

    print_work_and_memory(records)
    summary = summarize(records)
    print_summary(summary, args, chosen)
    if notes:
        print("\nnotes:")
        for n in dict.fromkeys(notes):
            print(f"  - {n}")

    if args.json:
        doc = {"machine": machine, "threads": threads,
               "threads_from": threads_from, "jax_threads": jax_threads,
               "jax": jax_version, "torch": torch_version,
               "runs": args.runs,
               "stat": args.stat, "bound_stat": args.bound_stat,
               "seed": args.seed, "scale": args.scale,
               "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
               "variants": {v.name: {"opt": v.opt, "run": v.run,
                                     "threads": v.threads} for v in chosen},
               "fuse_run": str(fuse_run) if fuse_run else None,
               "fuse_opt": str(fuse_opt) if fuse_opt else None,
               "bandwidth_probe": str(probe) if probe else None,
               "targets": [{"ratio": n, "op": op, "threshold": t}
                           for n, _, _, op, t in TARGETS],
               "summary": summary,
               "notes": list(dict.fromkeys(notes)), "results": records}
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
