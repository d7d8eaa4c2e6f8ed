#!/usr/bin/env python3
"""fuse's benchmark of the Gambit tensor splitter (fuse-opt --split-tensors):
programs whose intermediates do not fit in memory, or barely do, run unsplit
and split side by side, with their times, peak memory and results checked
against numpy (computed in chunks) and against each other.

    python3 bench/split.py                      # every workload, min of 3 runs
    python3 bench/split.py --skip-large         # without the 80 GB kernel
    python3 bench/split.py --scale 10 --runs 1  # smoke run at 1/10 the sizes
    python3 bench/split.py --only kernel_vector_20000 --json out.json
    python3 bench/split.py --list               # workloads, variants, targets
    python3 bench/split.py --programs DIR       # write the .mlir programs
    python3 bench/split.py --variant split,split-1t,mpi-2x1   # ranks only

The variants split-1t and mpi-2x1 compare, for the split program, one rank
on one thread, one rank on the threads given (split), and two MPI ranks of
one thread each (--distribute-splits, under mpirun): the parallel efficiency
of the ranks and their share of time in MPI calls.

With pykeops installed, the kernel-vector product and the nearest
neighbour also run in KeOps (bench/keops_worker.py, a child process with
the same OpenMP threads), timed and checked against numpy.

The programs are bench/programs.py's (kernel_vector_program,
nearest_neighbour_program, attention_program, for any size), in the plain
op sequence a user would write; see bench/README.md, section "split.py".
"""

import argparse
import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import catalog

import harness

import programs

# --------------------------------------------------------------------------
# Sizes: what --split-tensors accepts (B, kB, MB, GB in powers of 1000;
# KiB, MiB, GiB in powers of 1024; or a plain byte count)
# --------------------------------------------------------------------------

SIZE_UNITS = {"": 1, "B": 1, "kB": 10**3, "KB": 10**3, "MB": 10**6,
              "GB": 10**9, "TB": 10**12, "KiB": 2**10, "MiB": 2**20,
              "GiB": 2**30, "TiB": 2**40}


def parse_size(text):
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*", text)
    if not match or match.group(2) not in SIZE_UNITS:
        raise ValueError(f"bad size '{text}' (want e.g. 256MB, 1GiB, 4096)")
    return int(float(match.group(1)) * SIZE_UNITS[match.group(2)])


def parse_memory_limit(text):
    """fuse-run's --memory-limit syntax (a K, M, G or T suffix is a power
    of 1024) or a size as above."""
    match = re.fullmatch(r"\s*(\d+)\s*([KMGT])\s*", text)
    if match:
        return int(match.group(1)) * 2**(10 * "KMGT".index(match.group(2))
                                          + 10)
    return parse_size(text)


def fmt_bytes(n):
    """Decimal units, as the thresholds are written: 3.20 GB, 256 MB."""
    if n is None:
        return "n/a"
    for unit, size in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} B"


# --------------------------------------------------------------------------
# numpy references, in row chunks of about CHUNK_BYTES so that a 100000 x
# 100000 kernel never exists whole (and the chunks stay in the L3 cache)
# --------------------------------------------------------------------------

CHUNK_BYTES = 4 * 2**20


def kernel_vector_reference(x, y, v):
    """K v in f64 through -|x-y|^2/2 = x.y - |x|^2/2 - |y|^2/2 (one matrix
    product per chunk; in f64 the cancellation costs ~1e-15 of |x|^2)."""
    x, y, v = (a.astype(np.float64) for a in (x, y, v))
    half_yy = 0.5 * np.einsum("ij,ij->i", y, y)
    yt = np.ascontiguousarray(y.T)
    rows = max(1, CHUNK_BYTES // (8 * y.shape[0]))
    r = np.empty((x.shape[0], v.shape[1]))
    for s in range(0, x.shape[0], rows):
        xc = x[s:s + rows]
        g = xc @ yt
        g -= half_yy
        g -= 0.5 * np.einsum("ij,ij->i", xc, xc)[:, None]
        np.exp(g, out=g)
        r[s:s + rows] = g @ v
    return [r]


def squared_distances_rows(q, p):
    """(chunk start, |q_i - p_j|^2 for a chunk of query rows) in f64."""
    q, p = q.astype(np.float64), p.astype(np.float64)
    pp = np.einsum("ij,ij->i", p, p)
    pt = np.ascontiguousarray(p.T)
    rows = max(1, CHUNK_BYTES // (8 * p.shape[0]))
    for s in range(0, q.shape[0], rows):
        qc = q[s:s + rows]
        g = qc @ pt
        g *= -2
        g += pp
        g += np.einsum("ij,ij->i", qc, qc)[:, None]
        yield s, g


def nearest_neighbour_reference(q, p):
    best = np.empty(q.shape[0])
    best_i = np.empty(q.shape[0], dtype=np.int64)
    for s, g in squared_distances_rows(q, p):
        i = np.argmin(g, axis=1)
        best_i[s:s + len(i)] = i
        best[s:s + len(i)] = g[np.arange(len(i)), i]
    # The quadratic form may round a tiny distance below zero; the exact
    # distance of the chosen point is what the program computes.
    best = exact_distances(q, p, best_i)
    return [best, best_i]


def attention_reference(q, k, v):
    """softmax(q k^T / 8) v in f64, a chunk of query rows at a time."""
    q, k, v = (a.astype(np.float64) for a in (q, k, v))
    kt = np.ascontiguousarray(k.T)
    rows = max(1, CHUNK_BYTES // (8 * k.shape[0]))
    r = np.empty((q.shape[0], v.shape[1]))
    for s in range(0, q.shape[0], rows):
        g = q[s:s + rows] @ kt
        g *= 0.125
        g -= g.max(axis=1, keepdims=True)
        np.exp(g, out=g)
        g /= g.sum(axis=1, keepdims=True)
        r[s:s + rows] = g @ v
    return [r]


def exact_distances(q, p, indices):
    """|q_i - p_{indices_i}|^2 in f64, summed directly."""
    diff = q.astype(np.float64) - p.astype(np.float64)[indices]
    return np.einsum("ij,ij->i", diff, diff)


# --------------------------------------------------------------------------
# Comparisons: max abs/rel errors (rel over want != 0) and a verdict
# --------------------------------------------------------------------------


def compare_result(got, want, inputs, w):
    """The one result within the workload's tolerance."""
    return harness.compare_arrays(got[0], want[0], w.rtol, w.atol)


def compare_nearest(got, want, inputs, w):
    """Distances within tolerance; indices equal, or a near tie: a
    different point whose exact distance is within the tolerance of the
    true minimum (f32 sums in another order may pick either)."""
    record = harness.compare_arrays(got[0], want[0], w.rtol, w.atol)
    got_i = np.asarray(got[1]).astype(np.int64).reshape(-1)
    want_i = np.asarray(want[1]).reshape(-1)
    differ = np.nonzero(got_i != want_i)[0]
    bad = 0
    if differ.size:
        q, p = inputs
        out_of_range = (got_i[differ] < 0) | (got_i[differ] >= p.shape[0])
        bad += int(out_of_range.sum())
        ok_rows = differ[~out_of_range]
        have = exact_distances(q[ok_rows], p, got_i[ok_rows])
        best = np.asarray(want[0], dtype=np.float64)[ok_rows]
        bad += int(np.sum(have > best + w.atol + w.rtol * best))
    record.update({"index_equal": int(got_i.size - differ.size),
                   "index_ties": int(differ.size - bad),
                   "index_wrong": bad, "indices": int(got_i.size)})
    record["ok"] = record["ok"] and bad == 0
    return record


def describe_check(check):
    if check is None:
        return "n/a"
    if "error" in check:
        return "error"
    text = f"{check['max_rel_err']:.1e}" if check["max_abs_err"] else "exact"
    if "index_wrong" in check:
        text += f"; idx {check['index_equal']}="
        if check["index_ties"]:
            text += f" +{check['index_ties']} ties"
        if check["index_wrong"]:
            text += f" {check['index_wrong']} WRONG"
    return text + ("" if check["ok"] else " FAIL")


# --------------------------------------------------------------------------
# Workloads
# --------------------------------------------------------------------------


class Workload:
    """A program generated for `sizes`, numpy-made inputs, a chunked numpy
    reference, the variants to run, and the split threshold. `pairs` is
    the number of (row, row) pairs, for the throughput column."""

    def __init__(self, name, doc, program, sizes, make_inputs, reference,
                 compare, threshold, variants, rtol, atol, large=False,
                 peak_target=None, time_target=None, pairs_target=None,
                 keops=None):
        self.name = name
        self.doc = doc
        self.program = program
        self.sizes = sizes
        self.make_inputs = make_inputs
        self.reference = reference
        self.compare = compare
        self.threshold = threshold
        self.variants = variants
        self.rtol = rtol
        self.atol = atol
        self.large = large
        self.peak_target = peak_target  # bytes the split's peak stays under
        self.time_target = time_target  # split/fused time at most this
        # Gpair/s the fastest split variant reaches at least (the products
        # issue: 3x the 0.17 Gpair/s of the split kernel before it).
        self.pairs_target = pairs_target
        # The computation's name in keops_worker.py, when KeOps has it.
        self.keops = keops

    def scaled(self, scale):
        """Sizes with the row counts divided by `scale` (d kept), the
        threshold and the peak target by scale**2, as the split tensor's
        bytes are."""
        sizes = {k: v if k == "d" else max(1, v // scale)
                 for k, v in self.sizes.items()}
        threshold = self.threshold
        peak = self.peak_target
        if scale != 1:
            threshold = str(max(1, parse_size(threshold) // scale**2))
            peak = peak // scale**2 if peak else None
        return sizes, threshold, peak

    def pairs(self, sizes):
        """Row pairs: of the two row counts, or of one with itself."""
        rows = [v for k, v in sizes.items() if k != "d"]
        return rows[0] * rows[-1]


def _uniform(rng, shape, dtype):
    a = rng.random(shape, dtype=dtype)
    a *= 2
    a -= 1
    return a


def kernel_inputs(rng, s):
    # In [-1, 1): |x - y|^2 is about 6.7 on average over 10 dimensions, so
    # K's entries are not all negligible (in [-3, 3) most are e^-30).
    return [_uniform(rng, (s["n"], s["d"]), np.float64),
            _uniform(rng, (s["m"], s["d"]), np.float64),
            _uniform(rng, (s["m"], 1), np.float64)]


def nearest_inputs(rng, s):
    return [_uniform(rng, (s["queries"], s["d"]), np.float32),
            _uniform(rng, (s["points"], s["d"]), np.float32)]


def attention_inputs(rng, s):
    return [rng.standard_normal((s["n"], s["d"]), dtype=np.float32)
            for _ in range(3)]


def _attention_program(s):
    return programs.attention_program(s["n"], s["d"])


def _kernel_program(s):
    return programs.kernel_vector_program(s["n"], s["m"], s["d"])


def _nearest_program(s):
    return programs.nearest_neighbour_program(s["queries"], s["points"],
                                            s["d"])


# f64 sums of up to 10^5 terms below 1 in magnitude (results up to ~100):
# errors of a few units of 1e-12 at most whatever the order.
KERNEL_TOL = dict(rtol=1e-9, atol=1e-9)
# f32 squared distances of points in [-1, 1)^10: ten terms below 4 each,
# summed in f32; minima about 0.3.
NEAREST_TOL = dict(rtol=1e-5, atol=1e-5)
# f32 products over 64 and 16384 terms of standard normal values; the
# outputs are averages of v's rows, of magnitude about 0.1 to 1.
ATTENTION_TOL = dict(rtol=1e-3, atol=1e-4)

WORKLOADS = [
    Workload("kernel_vector_20000",
             "r = K(X,Y) v, squared-exponential kernel, N = M = 20000, "
             "D = 10, f64; K is 3.2 GB",
             _kernel_program, {"n": 20000, "m": 20000, "d": 10},
             kernel_inputs, kernel_vector_reference, compare_result,
             "256MB", ["unfused", "fused", "split", "simplified-split",
                       "split-1t", "mpi-2x1"],
             **KERNEL_TOL, time_target=1.15, pairs_target=0.51,
             keops="kernel_vector"),
    Workload("kernel_vector_100000",
             "the same, N = M = 100000; K is 80 GB: only split fits",
             _kernel_program, {"n": 100000, "m": 100000, "d": 10},
             kernel_inputs, kernel_vector_reference, compare_result,
             "1GB", ["fused", "split", "simplified-split", "split-1t",
                     "mpi-2x1"], **KERNEL_TOL,
             large=True, peak_target=2 * 10**9),
    Workload("nearest_neighbour_100000x10000",
             "nearest of 10^5 points for each of 10^4 queries, |q-p|^2 "
             "min and argmin, d = 10, f32; distances 4 GB",
             _nearest_program, {"queries": 10000, "points": 100000, "d": 10},
             nearest_inputs, nearest_neighbour_reference, compare_nearest,
             "100MB", ["unfused", "fused", "split", "split-1t", "mpi-2x1"],
             **NEAREST_TOL, keops="nearest_neighbour"),
    Workload("attention_16384x64",
             "softmax(q k^T / 8) v, q, k, v 16384 x 64, f32; the scores and "
             "their softmax are 1 GiB each",
             _attention_program, {"n": 16384, "d": 64},
             attention_inputs, attention_reference, compare_result,
             "100MB", ["fused", "split", "split-1t"], **ATTENTION_TOL,
             peak_target=256 * 2**20),
]

# --------------------------------------------------------------------------
# Variants: fuse-opt passes before fuse-run. {threshold} and {split_options}
# are filled in per workload.
# --------------------------------------------------------------------------

VARIANTS = {
    "unfused": ([], "the program as written (context: its pair tensors "
                    "are N x M x D)"),
    "fused": (["--fuse-elementwise"], "unsplit, fused: the baseline"),
    "split": (["--split-tensors=tensor-size-threshold={threshold}"
               "{split_options}", "--fuse-elementwise"],
              "split at the workload's threshold, then fused"),
    "simplified-split": (["--algebraic-simplify",
                          "--split-tensors=tensor-size-threshold={threshold}"
                          "{split_options}", "--fuse-elementwise"],
                         "the distances as row norms and one matrix product "
                         "(--algebraic-simplify), then split and fused"),
    "split-1t": (["--split-tensors=tensor-size-threshold={threshold}"
                  "{split_options}", "--fuse-elementwise"],
                 "the split program on one thread (1 rank x 1 thread)"),
    "mpi-2x1": (["--split-tensors=tensor-size-threshold={threshold}"
                 "{split_options}", "--distribute-splits=ranks=2",
                 "--fuse-elementwise"],
                "split, its slices dealt out to 2 MPI ranks of one thread "
                "each (mpirun -np 2)"),
}
# How a variant runs when not on one process of --threads threads.
VARIANT_RUN = {"split-1t": {"threads": 1},
               "mpi-2x1": {"threads": 1, "ranks": 2}}


def variant_opt(name, threshold, split_options):
    extra = (" " + split_options) if split_options else ""
    return [a.format(threshold=threshold, split_options=extra)
            for a in VARIANTS[name][0]]


# --------------------------------------------------------------------------
# Running tools; a child's own peak RSS comes from wait4
# --------------------------------------------------------------------------


def busy_seconds():
    """CPU seconds the whole machine has spent busy since boot (user,
    nice, system, irq, softirq of /proc/stat), or None."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return None
    user, nice, system, _, _, irq, softirq = map(int, fields[1:8])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def run_child(cmd, env=None, timeout=None, cwd=None):
    """Runs cmd. Returns its exit code (None on timeout), stdout, stderr,
    max RSS (bytes) and wall seconds, and the CPU seconds that other
    processes spent meanwhile (the machine's busy time less the child's):
    a build beside the benchmark shows up there."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        busy = busy_seconds()
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env,
                                cwd=cwd)
        delay = 0.01
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if timeout and time.perf_counter() - start > timeout:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(delay)
            delay = min(delay * 2, 0.25)
        wall = time.perf_counter() - start
        code = None if status is None else os.waitstatus_to_exitcode(status)
        proc.returncode = code if code is not None else -9
        own = usage.ru_utime + usage.ru_stime
        others = None
        if busy is not None:
            others = max(0.0, busy_seconds() - busy - own)
        out.seek(0)
        err.seek(0)
        return {"exit": code, "stdout": out.read().decode(errors="replace"),
                "stderr": err.read().decode(errors="replace"),
                "max_rss_bytes": usage.ru_maxrss * 1024, "wall_s": wall,
                "cpu_s": own, "others_cpu_s": others}


def first_line(text):
    """The refusal's line: the first that speaks of memory or an error,
    else the first."""
    return harness.error_line(text, r"memory|needs|error")


def command_text(cmd):
    return shlex.join(str(c) for c in cmd)


def prepare(fuse_opt, source, opt, out_name, timeout):
    """fuse-opt on the source, run in its folder. Returns (program,
    command, remarks, error)."""
    if not opt:
        return source, None, [], None
    cmd = [fuse_opt, source.name, *opt, "-o", out_name]
    child = run_child([str(c) for c in cmd], timeout=timeout,
                      cwd=source.parent)
    remarks = [l.split("remark: ", 1)[1] for l in
               child["stderr"].splitlines() if "remark: " in l]
    if child["exit"] != 0:
        why = (f"timed out after {timeout} s" if child["exit"] is None
               else first_line(child["stderr"]))
        return (None, command_text(cmd), remarks,
                f"fuse-opt failed (exit {child['exit']}): {why}")
    return source.parent / out_name, command_text(cmd), remarks, None


def run_fuse(fuse_run, program, input_paths, out_name, runs, threads,
             memory_limit, timeout, ranks=0, mpirun="mpirun"):
    """One fuse-run in the program's folder: the results into out_name and
    the timing of `runs` runs. Returns a record whose status is ok,
    refused (a non-zero exit: out of memory), crashed or timeout."""
    cmd = [fuse_run, program.name, "--entry=main",
           "--inputs=" + ",".join(p.name for p in input_paths),
           f"--outputs={out_name}", f"--bench={runs}", "--json"]
    if memory_limit:
        cmd.append(f"--memory-limit={memory_limit}")
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    if ranks:
        # Each rank binds to a core of its own; as root (containers)
        # OpenMPI has to be told twice.
        cmd = [mpirun, "-np", str(ranks)] + cmd
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1",
                   OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    child = run_child([str(c) for c in cmd], env=env, timeout=timeout,
                      cwd=program.parent)
    code, err = child["exit"], child["stderr"]
    record = {"command": command_text(cmd)}
    record.update({k: child[k] for k in ("exit", "max_rss_bytes", "wall_s",
                                         "cpu_s", "others_cpu_s")})
    if code is None:
        record.update(status="timeout",
                      message=f"timed out after {timeout} s")
    elif code < 0:
        record.update(status="crashed",
                      message=f"killed by signal {-code}"
                              + (f": {first_line(err)}" if err.strip()
                                 else ""),
                      stderr=err[-4000:])
    elif code != 0:
        record.update(status="refused", message=first_line(err),
                      stderr=err[-4000:])
    else:
        for line in child["stdout"].splitlines():
            if line.strip().startswith("{"):
                try:
                    bench = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if "run_min_ms" in bench:
                    record.update(bench)
        if "run_min_ms" not in record:
            record.update(status="error",
                          message="fuse-run printed no bench JSON line")
        else:
            record["status"] = "ok"
    return record


def read_results(out_dir, count):
    paths = [Path(out_dir) / f"result{i}.npy" for i in range(count)]
    if not all(p.exists() for p in paths):
        return None
    return [np.load(p) for p in paths]


def mem_available():
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


# --------------------------------------------------------------------------
# One workload
# --------------------------------------------------------------------------


def run_workload(w, args, threads, workdir, notes):
    sizes, threshold, peak_target = w.scaled(args.scale)
    split_options = args.split_options
    runs = min(args.runs, args.large_runs) if w.large else args.runs
    memory_limit = args.memory_limit
    if w.large and args.scale != 1:
        # At full size the unsplit kernel (80 GB) exceeds the machine; a
        # scaled-down run keeps that so under a limit scaled likewise.
        base = parse_size(memory_limit) if memory_limit else mem_available()
        if base:
            memory_limit = str(base // args.scale**2)
    variants = [v for v in w.variants if v in args.variant]

    base = Path(workdir) / w.name
    base.mkdir(parents=True, exist_ok=True)
    source = base / f"{w.name}.mlir"
    text = w.program(sizes)
    source.write_text(text)
    ins, outs = programs.entry_signature(text, fuse_run=args.fuse_run)
    shape = programs.describe_types(ins) + " -> " + \
        programs.describe_types(outs)

    rng = np.random.default_rng(args.seed)
    inputs = w.make_inputs(rng, sizes)
    input_paths = []
    for i, a in enumerate(inputs):
        path = base / f"in{i}.npy"
        np.save(path, a)
        input_paths.append(path)

    print(f"\n{w.name}: {shape}, threshold {threshold}"
          f"{f', {runs} run(s)' if runs != args.runs else ''}"
          f"{f', memory limit {memory_limit}' if memory_limit else ''}; "
          f"in {base}", flush=True)
    records = {}
    for v in variants:
        opt = variant_opt(v, threshold, split_options)
        program, opt_cmd, remarks, error = prepare(
            args.fuse_opt, source, opt, f"{w.name}.{v}.mlir", args.timeout)
        if opt_cmd:
            print(f"  {v}: {opt_cmd}", flush=True)
        for remark in remarks:
            print(f"  {v}:   remark: {remark}")
        record = {"variant": v, "opt": opt, "opt_command": opt_cmd,
                  "remarks": remarks}
        if error:
            record.update(status="error", message=error)
        else:
            if program != source:
                record["split_loops"] = program.read_text().count("scf.for")
            out_dir = base / f"out.{v}"
            how = VARIANT_RUN.get(v, {})
            record.update(run_fuse(args.fuse_run, program, input_paths,
                                   out_dir.name, runs,
                                   how.get("threads", threads), memory_limit,
                                   args.timeout, how.get("ranks", 0),
                                   args.mpirun))
            print(f"  {v}: {record['command']}", flush=True)
            if record["status"] == "ok":
                results = read_results(out_dir, len(outs))
                if results is None:
                    record.update(status="error",
                                  message="fuse-run wrote no results")
                else:
                    record["results"] = results
        if record["status"] != "ok":
            notes.append(f"{w.name} [{v}]: {record['status']}: "
                         f"{record['message']}")
        print(f"  {v}: {summarize_record(record)}", flush=True)
        records[v] = record

    # numpy, in chunks; then every result against it and split against
    # the unsplit (fused) result where both exist.
    reference = None
    numpy_s = None
    if any("results" in r for r in records.values()) and not args.no_numpy:
        start = time.perf_counter()
        reference = w.reference(*inputs)
        numpy_s = time.perf_counter() - start
    for v, r in records.items():
        if "results" not in r:
            continue
        if reference is not None:
            r["vs_numpy"] = w.compare(r["results"], reference, inputs, w)
        if v != "fused" and "results" in records.get("fused", {}):
            r["vs_unsplit"] = w.compare(r["results"],
                                        records["fused"]["results"],
                                        inputs, w)
    for r in records.values():
        r.pop("results", None)
    keops = None
    if w.keops and not args.no_keops:
        keops = run_keops(w, base, runs, threads, args.timeout)
        if keops.get("results") is not None and reference is not None:
            keops["vs_numpy"] = w.compare(keops.pop("results"), reference,
                                          inputs, w)
        keops.pop("results", None)
        print(f"  keops: {keops.get('message') or describe_keops(keops)}",
              flush=True)

    return {"keops": keops, "workload": w.name, "doc": w.doc, "sizes": sizes,
            "shape": shape, "threshold": threshold, "runs": runs,
            "memory_limit": memory_limit, "pairs": w.pairs(sizes),
            "numpy_reference_s": numpy_s, "peak_target": peak_target,
            "time_target": w.time_target, "large": w.large,
            "pairs_target": w.pairs_target,
            "variants": records}


KEOPS_WORKER = Path(__file__).with_name("keops_worker.py")


def run_keops(w, base, runs, threads, timeout):
    """KeOps on the same inputs in a child process with `threads` OpenMP
    threads: its first call (code generation) and best run, and its
    results; or why not."""
    if importlib.util.find_spec("pykeops") is None:
        return {"status": "missing",
                "message": "pykeops is not installed: no KeOps column "
                           "(pip install pykeops)"}
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    proc = subprocess.run(
        [sys.executable, str(KEOPS_WORKER), w.keops, str(base), str(runs)],
        env=env, capture_output=True, text=True, timeout=timeout)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return {"status": "error", "message": "keops_worker.py failed: " +
                first_line(proc.stderr or proc.stdout)}
    record = {"status": "ok", **json.loads(lines[-1])}
    out = base / "keops"
    record["results"] = [np.load(out / f"out{i}.npy")
                         for i in range(len(list(out.glob("out*.npy"))))]
    return record


def describe_keops(k):
    return (f"{k['run_min_ms']:.1f} ms (min of {k['runs']}; first call "
            f"{k['first_call_s']:.1f} s), vs numpy "
            f"{describe_check(k.get('vs_numpy'))}")


def summarize_record(r):
    if r["status"] != "ok":
        return f"{r['status']}: {r['message']}"
    return (f"{r['run_min_ms']:.1f} ms (min of {r['runs']}, median "
            f"{r['run_median_ms']:.1f}), peak {fmt_bytes(r['peak_bytes'])}, "
            f"max RSS {fmt_bytes(r['max_rss_bytes'])}"
            f"{others_text(r)}")


def others_share(r):
    """The share of the machine's CPU time that other processes took while
    fuse-run ran, or None."""
    if r.get("others_cpu_s") is None or not r.get("wall_s"):
        return None
    return r["others_cpu_s"] / (r["wall_s"] * (os.cpu_count() or 1))


def skewed(r):
    """Whether other processes took enough CPU while a timed fuse-run ran
    to skew its times: 5% of the cores and half a CPU second (the counters
    tick in hundredths of a second per core)."""
    share = others_share(r)
    return (r.get("status") == "ok" and share is not None and share >= 0.05
            and r["others_cpu_s"] >= 0.5)


def others_text(r):
    share = others_share(r)
    if not skewed(r):
        return ""
    return (f"; other processes took {100 * share:.0f}% of the CPUs "
            "meanwhile: times skewed")


# --------------------------------------------------------------------------
# Targets of the splitting issue
# --------------------------------------------------------------------------


def verdict(ok):
    return "PASS" if ok else "MISS"


def targets(result):
    """(what, value, verdict or None) lines of one workload."""
    v = result["variants"]
    fused, split = v.get("fused"), v.get("split")
    lines = []

    def ms(r):
        return r["run_min_ms"] if r and r["status"] == "ok" else None

    if result["time_target"] and fused and split:
        a, b = ms(split), ms(fused)
        t = result["time_target"]
        if a and b:
            lines.append((f"split/fused time <= {t:g}x", f"{a / b:.3f}x",
                          verdict(a / b <= t)))
        else:
            lines.append((f"split/fused time <= {t:g}x", "n/a", "MISS"))
    elif fused and split and ms(fused) and ms(split):
        lines.append(("split/fused time", f"{ms(split) / ms(fused):.3f}x",
                      None))
    if fused and split and ms(fused) and ms(split):
        lines.append(("fused/split peak memory",
                      f"{fmt_bytes(fused['peak_bytes'])} / "
                      f"{fmt_bytes(split['peak_bytes'])} = "
                      f"{fused['peak_bytes'] / split['peak_bytes']:.1f}x",
                      None))
    if result["large"] and fused:
        refused = fused["status"] == "refused"
        lines.append(("unsplit refused with a message",
                      f"refused, exit {fused['exit']} (message in the "
                      "notes)" if refused else fused["status"],
                      verdict(refused)))
    if split:
        if split.get("split_loops") is not None:
            loops = split["split_loops"]
            lines.append(("split program has a loop", f"{loops} scf.for",
                          verdict(loops > 0)))
        lines.append(("split completes", split["status"],
                      verdict(split["status"] == "ok")))
        if ms(split):
            lines.append(("split time", f"{ms(split) / 1e3:.2f} s"
                          if ms(split) >= 1000 else f"{ms(split):.1f} ms",
                          None))
    one, two = v.get("split-1t"), v.get("mpi-2x1")
    if ms(one) and ms(two):
        efficiency = ms(one) / (2 * ms(two))
        lines.append(("parallel efficiency at 2 ranks >= 0.9 (1x1 / (2 x "
                      "2x1))", f"{efficiency:.2f}", verdict(efficiency >= 0.9)))
        share = two.get("communication_min_ms", 0.0) / ms(two)
        lines.append(("communication < 2% (2x1, collectives after all "
                      "arrived)",
                      f"{100 * share:.2f}% ({two.get('communication_min_ms', 0):.1f} ms)",
                      verdict(share < 0.02)))
        waiting = two.get("waiting_min_ms", 0.0)
        lines.append(("waiting for the slower rank (imbalance)",
                      f"{100 * waiting / ms(two):.2f}% ({waiting:.1f} ms)",
                      None))
        if ms(split):
            lines.append(("2 ranks x 1 thread vs 1 rank x threads",
                          f"{ms(split) / ms(two):.2f}x", None))
    keops = result.get("keops")
    if keops and keops["status"] == "ok":
        best = min((t for t in (ms(fused), ms(split)) if t), default=None)
        if best:
            ratio = keops["run_min_ms"] / best
            lines.append(("fuse (fused or split) vs KeOps >= 1.0x (time "
                          "ratio, same threads)",
                          f"{ratio:.2f}x ({best:.0f} vs "
                          f"{keops['run_min_ms']:.0f} ms)",
                          verdict(ratio >= 1.0)))
        check = keops.get("vs_numpy")
        if check:
            lines.append(("KeOps agrees with numpy",
                          f"max abs {check['max_abs_err']:.2g}, max rel "
                          f"{check['max_rel_err']:.2g}" + index_text(check),
                          "PASS" if check["ok"] else "FAIL"))
    simplified = v.get("simplified-split")
    if ms(simplified):
        rate = result["pairs"] / (ms(simplified) * 1e6)
        target = result.get("pairs_target")
        what = "simplified split Gpair/s" + (
            f" >= {target:g} (3x the split kernel's 0.17 before the "
            "products issue)" if target else "")
        lines.append((what, f"{rate:.3f} ({ms(split) / ms(simplified):.2f}x "
                      "the split)" if ms(split) else f"{rate:.3f}",
                      verdict(rate >= target) if target else None))
        check = simplified.get("vs_numpy")
        if check:
            lines.append(("simplified split agrees with numpy",
                          f"max abs {check['max_abs_err']:.2g}, max rel "
                          f"{check['max_rel_err']:.2g}",
                          "PASS" if check["ok"] else "FAIL"))
    if result["peak_target"] and split:
        peak = split.get("peak_bytes")
        lines.append((f"split peak < {fmt_bytes(result['peak_target'])}",
                      fmt_bytes(peak), verdict(peak is not None and
                                               peak < result["peak_target"])))
    if split and split["status"] == "ok":
        for key, name in (("vs_numpy", "numpy"), ("vs_unsplit", "unsplit")):
            check = split.get(key)
            if check:
                lines.append((f"split agrees with {name}",
                              f"max abs {check['max_abs_err']:.2g}, max rel "
                              f"{check['max_rel_err']:.2g}"
                              + index_text(check),
                              "PASS" if check["ok"] else "FAIL"))
    return lines


def index_text(check):
    if "index_wrong" not in check:
        return ""
    return (f"; indices {check['index_equal']}/{check['indices']} equal, "
            f"{check['index_ties']} near ties, {check['index_wrong']} wrong")


# --------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Benchmarks fuse-opt --split-tensors: unsplit vs split "
                    "time, peak memory and results (bench/README.md).")
    harness.add_tool_arguments(parser, "fuse-run", "fuse-opt")
    harness.add_arguments(parser, runs=3, timeout=3600, seed=True,
                         scale="the row counts (thresholds and the peak "
                               "target by its square)",
                         programs=True, json_file=True)
    parser.add_argument("--large-runs", type=int, default=1,
                        help="timed runs of the large workload, at most "
                             "--runs (default 1: a run takes about a minute "
                             "on 2 cores)")
    parser.add_argument("--skip-large", action="store_true",
                        help="leave out kernel_vector_100000")
    parser.add_argument("--mpirun", default="mpirun",
                        help="the MPI launcher of the mpi-2x1 variant")
    parser.add_argument("--variant",
                        default="unfused,fused,split,split-1t,mpi-2x1",
                        help="comma-separated variants (default all)")
    parser.add_argument("--split-options", default="",
                        help="more options of --split-tensors, e.g. "
                             "'split-size=64MB'")
    parser.add_argument("--memory-limit", default=None,
                        help="fuse-run --memory-limit in bytes or with a "
                             "unit (default: fuse-run's, MemAvailable)")
    parser.add_argument("--no-keops", action="store_true",
                        help="skip KeOps (run when pykeops is installed)")
    parser.add_argument("--no-numpy", action="store_true",
                        help="skip the numpy reference and its check")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="keep programs, inputs and results in DIR")
    parser.add_argument("--list", action="store_true",
                        help="list workloads, variants and targets; exit")
    args = parser.parse_args(argv)
    harness.check_arguments(parser, args)

    args.variant = [v.strip() for v in args.variant.split(",") if v.strip()]
    unknown = [v for v in args.variant if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant(s) {', '.join(unknown)}; known: "
                     f"{', '.join(VARIANTS)}")
    workloads = harness.select(
        parser, args.only, {w.name: w for w in WORKLOADS},
        [w for w in WORKLOADS if not (w.large and args.skip_large)])

    if args.list:
        print("workloads:")
        for w in WORKLOADS:
            sizes, threshold, peak = w.scaled(args.scale)
            print(f"  {w.name:32} {w.doc}; threshold {threshold}; "
                  f"variants {', '.join(w.variants)}")
        print("variants:")
        for name, (_, doc) in VARIANTS.items():
            opt = variant_opt(name, "<threshold>", args.split_options)
            print(f"  {name:8} {command_text(opt) or '(no fuse-opt)'}: "
                  f"{doc}")
        print("targets: kernel_vector_20000 split/fused <= 1.15x; "
              "kernel_vector_100000 fused refused, split completes with "
              "peak < 2 GB; every split result agrees with numpy; at 2 "
              "ranks (split-1t, mpi-2x1) a parallel efficiency of at least "
              "0.9 and communication under 2% of the time")
        return 0
    if args.programs:
        catalog.write_programs(args.programs, [
            (w.name, w.doc, w.program(w.scaled(args.scale)[0]))
            for w in workloads])
        return 0

    harness.find_tools(args, "fuse-run", "fuse-opt")
    if args.fuse_run is None or args.fuse_opt is None:
        parser.error("no fuse-run or fuse-opt (build them with "
                     "scripts/setup.sh, or pass --fuse-run)")
    if args.memory_limit:
        try:
            args.memory_limit = str(parse_memory_limit(args.memory_limit))
        except ValueError as e:
            parser.error(str(e))

    threads, _ = harness.resolve_threads(args.threads)
    machine = harness.machine_info()
    machine["mem_available_bytes"] = mem_available()
    has_split = "split-tensors" in subprocess.run(
        [str(args.fuse_opt), "--help"], capture_output=True,
        text=True).stdout

    print(f"machine: {machine['cpu']}, {machine['usable_cores']} usable "
          f"core(s), {fmt_bytes(machine['mem_available_bytes'])} available")
    print(f"fuse-run: {args.fuse_run}; fuse-opt: {args.fuse_opt}"
          f"{'' if has_split else ' (has no --split-tensors yet)'}")
    print(f"threads: {threads} (OMP_NUM_THREADS of fuse-run); runs: "
          f"{args.runs} after a warm-up, min shown; large workload: "
          f"{min(args.runs, args.large_runs)}; inputs: numpy default_rng"
          f"({args.seed}), uniform in [-1, 1), passed as .npy files")
    if args.scale != 1:
        print(f"scale: row counts divided by {args.scale}, thresholds and "
              f"the peak target by {args.scale**2} (smoke run; the targets "
              "are meant for the real sizes)")
    for name in args.variant:
        opt = variant_opt(name, "<threshold>", args.split_options)
        print(f"variant {name}: "
              f"{'fuse-opt ' + command_text(opt) if opt else 'no fuse-opt'}"
              f" ({VARIANTS[name][1]})")

    notes = []
    results = []
    with tempfile.TemporaryDirectory(prefix="fuse-split-") as tmp:
        workdir = args.keep or tmp
        for w in workloads:
            results.append(run_workload(w, args, threads, workdir, notes))

    rows = []
    for res in results:
        fused = res["variants"].get("fused")
        fused_ms = fused.get("run_min_ms") if fused else None
        for v, r in res["variants"].items():
            ok = r["status"] == "ok"
            ms = r.get("run_min_ms") if ok else None
            rows.append([
                res["workload"], v,
                res["threshold"] if v in ("split", "simplified-split",
                                          "split-1t", "mpi-2x1") else "-",
                harness.fmt_ms(ms) if ok else r["status"],
                harness.fmt_ratio(ms, fused_ms) if v != "fused" else "1.00x"
                if ok else "n/a",
                f"{res['pairs'] / (ms * 1e6):.3f}" if ms else "n/a",
                f"{r['peak_bytes'] / 1e6:.1f}" if ok else "n/a",
                f"{r['max_rss_bytes'] / 1e6:.1f}"
                if r.get("max_rss_bytes") else "n/a",
                f"{100 * others_share(r):.0f}"
                if ok and others_share(r) is not None else "-",
                describe_check(r.get("vs_numpy")),
                describe_check(r.get("vs_unsplit"))])
            if skewed(r):
                notes.append(f"{res['workload']} [{v}]: other processes "
                             f"took {100 * others_share(r):.0f}% of the "
                             "CPUs while it ran: its time is skewed; rerun "
                             "on a quiet machine")
    print()
    harness.print_table(["workload", "variant", "threshold", "ms",
                         "vs fused", "Gpair/s", "peak MB", "max RSS MB",
                         "others %", "vs numpy (rel err)",
                         "vs unsplit (rel err)"], rows)
    print("\nms: fuse-run --bench, min of the runs (compilation excluded); "
          "Gpair/s: (row, row) pairs per ns; peak MB: fuse-run's "
          "peak_bytes (the compiled code's allocations; inputs excluded); "
          "max RSS MB: the whole fuse-run process (compiler, inputs, "
          "results) from wait4; others %: CPU time of other processes "
          "while fuse-run ran, as a share of all cores (a build beside the "
          "benchmark shows here); rel err: the largest relative error over "
          "elements, vs numpy's chunked f64 reference and vs the unsplit "
          "(fused) result; idx N=: indices equal to the reference's.")
    for res in results:
        if res["numpy_reference_s"] is not None:
            print(f"  {res['workload']}: {res['shape']}; numpy reference "
                  f"{res['numpy_reference_s']:.1f} s (chunked, f64, one "
                  "run)")

    print("\ntargets of the splitting issue (from this one run):")
    target_rows = []
    for res in results:
        for what, value, mark in targets(res):
            target_rows.append([res["workload"], what, value, mark or ""])
    if target_rows:
        harness.print_table(["workload", "target", "value", "verdict"],
                            target_rows)
    if args.scale != 1:
        print(f"(at --scale {args.scale}: indicative only)")
    if notes:
        print("\nnotes:")
        for n in dict.fromkeys(notes):
            print(f"  - {n}")

    if args.json:
        doc = {"machine": machine, "threads": threads, "runs": args.runs,
               "large_runs": args.large_runs, "scale": args.scale,
               "seed": args.seed, "fuse_run": str(args.fuse_run),
               "fuse_opt": str(args.fuse_opt),
               "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
               "variants": {n: VARIANTS[n][0] for n in args.variant},
               "results": results,
               "targets": [{"workload": res["workload"], "target": what,
                            "value": value, "verdict": mark}
                           for res in results
                           for what, value, mark in targets(res)],
               "notes": list(dict.fromkeys(notes))}
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
