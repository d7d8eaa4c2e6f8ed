#!/usr/bin/env python3
"""fuse's benchmark harness: runs named workloads side by side with fuse-run
(ours, in one or more variants), numpy, and a memory-bandwidth bound.

    python3 bench/run.py                          # every workload, variant 'unfused'
    python3 bench/run.py --only add_4096 --runs 5
    python3 bench/run.py --variant unfused,serial --threads 2 --json out.json
    python3 bench/run.py --list                   # workloads and variants

See bench/README.md for what is measured and how to read the ratios.
"""

import argparse
import hashlib
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import numpy as np
except ImportError:  # the numpy columns become n/a
    np = None

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
WORKLOAD_DIR = BENCH / "workloads"

NUMPY_MISSING = ("numpy is not installed for {}: numpy columns are n/a "
                 "(pip install numpy, or apt-get install python3-numpy and "
                 "run with /usr/bin/python3)")

# --------------------------------------------------------------------------
# Workloads: name, .mlir file under bench/workloads/ with a @main, and a numpy
# reference of the same computation taking the inputs of @main in order. The
# compulsory bytes come from @main's signature (every input read once, every
# result written once).
# --------------------------------------------------------------------------


def _softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


class Workload:
    def __init__(self, name, file, reference, note=""):
        self.name = name
        self.path = WORKLOAD_DIR / file
        self.reference = reference  # numpy callable(*inputs) -> result(s)
        self.note = note


WORKLOADS = [
    Workload("running_example_4096", "running_example_4096.mlir",
             lambda x, y: np.mean(x * x * np.float32(3) + y),
             "mean(x*x*3 + y), unfused ops"),
    Workload("running_example_8192", "running_example_8192.mlir",
             lambda x, y: np.mean(x * x * np.float32(3) + y),
             "mean(x*x*3 + y), unfused ops; inputs 256 MiB each"),
    Workload("softmax_4096x1024", "softmax_4096x1024.mlir", _softmax,
             "softmax over dim 1, max-shifted; 32 MiB moved ~ L3 size"),
    Workload("add_4096", "add_4096.mlir", lambda x, y: x + y,
             "x + y: sanity check of the bound (triad-like)"),
]

# --------------------------------------------------------------------------
# Variants of "ours": fuse-opt passes applied to the workload before fuse-run
# (opt), extra fuse-run arguments (run), and optionally a thread count of
# their own (threads; also used for their bound). More can be defined on the
# command line with --define-variant.
# --------------------------------------------------------------------------


class Variant:
    def __init__(self, name, opt=(), run=(), threads=None, doc=""):
        self.name = name
        self.opt = list(opt)
        self.run = list(run)
        self.threads = threads
        self.doc = doc

    def describe(self):
        parts = []
        if self.opt:
            parts.append("fuse-opt " + " ".join(self.opt))
        if self.run:
            parts.append("fuse-run " + " ".join(self.run))
        if self.threads:
            parts.append(f"{self.threads} thread(s)")
        return "; ".join(parts) or "as written, default fuse-run pipeline"


VARIANTS = {
    "unfused": Variant("unfused", doc="the program as written, no fusion pass"),
    "serial": Variant("serial", run=["--pipeline-options=parallel=0"],
                      threads=1, doc="unfused, OpenMP off; bound on 1 thread"),
    # Added with the fusion issue, e.g.:
    # "fused": Variant("fused", opt=["--hlo-fuse-elementwise"],
    #                  doc="elementwise fusion before lowering"),
}


def parse_variant_def(text):
    """NAME:opt=ARGS;run=ARGS;threads=T (each part optional)."""
    name, _, rest = text.partition(":")
    if not re.fullmatch(r"[\w.+-]+", name):
        raise ValueError(f"bad variant name in '{text}'")
    variant = Variant(name, doc="defined on the command line")
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


# --------------------------------------------------------------------------
# Signatures and bytes
# --------------------------------------------------------------------------

ELEMENT_BYTES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
                 "f16": 2, "bf16": 2, "f32": 4, "f64": 8}


class TensorType:
    def __init__(self, text):
        body = text[len("tensor<"):-1]
        *dims, self.element = body.split("x") if body else [""]
        if self.element not in ELEMENT_BYTES:
            raise ValueError(f"unsupported element type in {text}")
        self.shape = tuple(int(d) for d in dims)
        self.text = text

    @property
    def count(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def nbytes(self):
        return self.count * ELEMENT_BYTES[self.element]

    def short(self):
        return "x".join([str(d) for d in self.shape] + [self.element])


def _balanced(text, start):
    """Index just past the ')' matching the '(' at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced parentheses in the signature")


TENSOR_RE = re.compile(r"tensor<[^<>]*>")


def parse_signature(path, entry="main"):
    """(input types, result types) of func.func @entry in an .mlir file."""
    text = Path(path).read_text()
    match = re.search(r"func\.func\s+(?:\w+\s+)?@" + re.escape(entry) +
                      r"\s*\(", text)
    if not match:
        raise ValueError(f"{path}: no func.func @{entry}")
    args_end = _balanced(text, match.end() - 1)
    args = text[match.end() - 1:args_end]
    body = text.index("{", args_end)
    results = text[args_end:body]
    results = results.split("attributes")[0]
    inputs = [TensorType(t) for t in TENSOR_RE.findall(args)]
    outputs = [TensorType(t) for t in TENSOR_RE.findall(results)]
    if "->" in results and not outputs:
        raise ValueError(f"{path}: @{entry} returns something not a tensor")
    return inputs, outputs


def describe_types(types):
    """'4096x4096xf32 x2' for two equal types, comma-separated otherwise."""
    groups = []
    for t in types:
        if groups and groups[-1][0] == t.text:
            groups[-1][2] += 1
        else:
            groups.append([t.text, t.short(), 1])
    return ", ".join(s + (f" x{n}" if n > 1 else "") for _, s, n in groups)


# --------------------------------------------------------------------------
# numpy
# --------------------------------------------------------------------------


def numpy_inputs(types, seed):
    rng = np.random.default_rng(seed)
    arrays = []
    for t in types:
        if t.element in ("f32", "f64", "f16", "bf16"):
            # bf16 has no numpy type: its reference runs in f32.
            real = {"f64": np.float64}.get(t.element, np.float32)
            a = rng.random(t.shape, dtype=real)
            a *= 6
            a -= 3
            if t.element == "f16":
                a = a.astype(np.float16)
        elif t.element == "i1":
            a = rng.integers(0, 2, t.shape, dtype=np.int8).astype(np.bool_)
        else:
            a = rng.integers(-3, 3, t.shape,
                             dtype={"i8": np.int8, "i16": np.int16,
                                    "i32": np.int32, "i64": np.int64}[
                                 t.element])
        arrays.append(a)
    return arrays


def time_numpy(workload, types, runs, seed):
    inputs = numpy_inputs(types, seed)
    workload.reference(*inputs)  # warm-up: page in, allocator caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = workload.reference(*inputs)
        times.append((time.perf_counter() - start) * 1e3)
        del result
    del inputs
    return {"min_ms": min(times), "median_ms": statistics.median(times),
            "runs": runs}


# --------------------------------------------------------------------------
# Bandwidth probe
# --------------------------------------------------------------------------


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "fuse-bench"


def find_bandwidth(explicit, fuse_run, notes):
    """Path of fuse-bandwidth: --bandwidth, the build's (if not older than
    the source), else compiled from bench/bandwidth.cpp into a cache."""
    source = BENCH / "bandwidth.cpp"
    if explicit:
        return Path(explicit) if Path(explicit).exists() else None
    candidates = [REPO / "build" / "bin" / "fuse-bandwidth"]
    if fuse_run:
        candidates.insert(0, Path(fuse_run).parent / "fuse-bandwidth")
    for c in candidates:
        if c.exists() and c.stat().st_mtime >= source.stat().st_mtime:
            return c
    digest = hashlib.sha1(source.read_bytes()).hexdigest()[:12]
    target = cache_dir() / f"fuse-bandwidth-{digest}"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    errors = []
    for cxx in ("/usr/lib/llvm-22/bin/clang++", "clang++", "g++"):
        exe = shutil.which(cxx)
        if not exe:
            continue
        tmp = target.with_suffix(".tmp")
        cmd = [exe, "-std=c++17", "-O3", "-march=native", "-fopenmp",
               "-o", str(tmp), str(source)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0:
            tmp.replace(target)
            notes.append(f"bandwidth probe compiled with {cxx} into {target}")
            return target
        errors.append(f"{cxx}: {proc.stderr.strip().splitlines()[-1:]}")
    notes.append("cannot compile bench/bandwidth.cpp (" + "; ".join(errors) +
                 "): bound columns are n/a")
    return None


def run_bandwidth(probe, read_bytes, write_bytes, threads, repeat, cache):
    key = (read_bytes, write_bytes, threads)
    if key not in cache:
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        cmd = [str(probe), f"--read-bytes={read_bytes}",
               f"--write-bytes={write_bytes}", f"--threads={threads}",
               f"--repeat={max(repeat, 10)}"]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            cache[key] = {"error": proc.stderr.strip() or
                          f"exit {proc.returncode}"}
        else:
            cache[key] = json.loads(proc.stdout)
    return cache[key]


def bound_gbps(probe_result, stat):
    """GB/s of the bound's kernel from its best, robust (second-best) or
    median time."""
    kernel = probe_result["kernels"][probe_result["bound"]["kernel"]]
    moved = kernel["bytes_read"] + kernel["bytes_written"]
    ms = kernel.get(f"{stat}_ms", kernel["best_ms"])  # older probes: best
    return moved / (ms * 1e6)


# --------------------------------------------------------------------------
# fuse-run
# --------------------------------------------------------------------------


def prepare_program(fuse_opt, workload, variant, timeout, tmpdir):
    """The variant's program: the workload, or fuse-opt's output on it.
    Returns (path, None) or (None, error record)."""
    if not variant.opt:
        return workload.path, None
    if not fuse_opt:
        return None, {"error": "fuse-opt not found (needed by variant "
                               f"'{variant.name}')"}
    program = Path(tmpdir) / f"{workload.name}.{variant.name}.mlir"
    if program.exists():
        return program, None
    cmd = [str(fuse_opt), str(workload.path), *variant.opt,
           "-o", str(program)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, {"error": f"fuse-opt timed out after {timeout} s",
                      "command": shlex.join(cmd)}
    if proc.returncode != 0:
        program.unlink(missing_ok=True)
        return None, {"error": "fuse-opt failed: " + _last_line(proc.stderr),
                      "stderr": proc.stderr[-4000:],
                      "command": shlex.join(cmd)}
    return program, None


def run_ours(fuse_run, fuse_opt, workload, variant, runs, seed, threads,
             timeout, tmpdir):
    program, error = prepare_program(fuse_opt, workload, variant, timeout,
                                     tmpdir)
    if error:
        return error
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    cmd = [str(fuse_run), str(program), "--entry=main",
           f"--random-inputs={seed}", f"--bench={runs}", "--json",
           *variant.run]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout} s",
                "command": shlex.join(cmd)}
    if proc.returncode != 0:
        return {"error": f"fuse-run exit {proc.returncode}: " +
                _last_line(proc.stderr), "stderr": proc.stderr[-4000:],
                "command": shlex.join(cmd)}
    for line in proc.stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "run_min_ms" in record and record.get("entry", "main") == "main":
            record["command"] = shlex.join(cmd)
            return record
    return {"error": "fuse-run printed no bench JSON line",
            "command": shlex.join(cmd)}


def check_ours(fuse_run, fuse_opt, workload, variant, ins, seed, threads,
               timeout, tmpdir, rtol, atol):
    """Runs the variant once on numpy-made inputs (.npy) and compares its
    results with the numpy reference. Returns a record with 'ok'."""
    if any(t.element == "bf16" for t in ins):
        return {"error": "bf16 inputs: numpy has no bf16, not checked"}
    program, error = prepare_program(fuse_opt, workload, variant, timeout,
                                     tmpdir)
    if error:
        return error
    inputs = numpy_inputs(ins, seed)
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
                _last_line(proc.stderr), "command": shlex.join(cmd)}
    expected = workload.reference(*inputs)
    if not isinstance(expected, (tuple, list)):
        expected = [expected]
    del inputs
    record = {"ok": True, "max_abs_err": 0.0, "max_rel_err": 0.0,
              "rtol": rtol, "atol": atol}
    for i, want in enumerate(expected):
        want = np.asarray(want)
        path = outdir / f"result{i}.npy"
        if not path.exists():
            return {"error": f"check: fuse-run wrote no {path.name}"}
        got = np.load(path)
        if got.shape != want.shape:
            return {"ok": False, "error": f"check: result {i} has shape "
                    f"{got.shape}, numpy's {want.shape}"}
        g = got.astype(np.float64)
        w = want.astype(np.float64)
        diff = np.abs(g - w)
        with np.errstate(divide="ignore", invalid="ignore"):
            rel = np.where(w != 0, diff / np.abs(w), diff)
        record["max_abs_err"] = max(record["max_abs_err"],
                                    float(np.nanmax(diff)) if diff.size
                                    else 0.0)
        record["max_rel_err"] = max(record["max_rel_err"],
                                    float(np.nanmax(rel)) if rel.size
                                    else 0.0)
        if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
            record["ok"] = False
    shutil.rmtree(outdir, ignore_errors=True)
    return record


def _last_line(text):
    """The first line that says 'error', else the first line."""
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    for line in lines:
        if "error" in line.lower():
            return line
    return lines[0] if lines else "(no message)"


# --------------------------------------------------------------------------
# Machine and table
# --------------------------------------------------------------------------


def machine_info():
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {"cpu": model, "cores": os.cpu_count(), "usable_cores": usable,
            "python": sys.executable, "numpy": np.__version__ if np else None}


def fmt_ms(value):
    if value is None:
        return "n/a"
    return f"{value:.2f}" if value < 100 else f"{value:.1f}"


def fmt_ratio(a, b):
    if a is None or b is None or b <= 0:
        return "n/a"
    r = a / b
    return f"{r:.2f}x" if r < 10 else f"{r:.1f}x"


def print_table(headers, rows, out=sys.stdout):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    right = [False, False, False] + [True] * (len(headers) - 3)

    def line(cells):
        return " | ".join(str(c).rjust(w) if r else str(c).ljust(w)
                          for c, w, r in zip(cells, widths, right)).rstrip()
    print(line(headers), file=out)
    print("-|-".join("-" * w for w in widths), file=out)
    for row in rows:
        print(line(row), file=out)


# --------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Runs bench/workloads with fuse-run, numpy and the "
                    "bandwidth bound; prints a table.")
    parser.add_argument("--fuse-run", default=str(REPO / "build/bin/fuse-run"),
                        help="fuse-run binary (default: build/bin/fuse-run)")
    parser.add_argument("--fuse-opt", default=None,
                        help="fuse-opt for variants with passes (default: "
                             "next to fuse-run, else build/bin/fuse-opt)")
    parser.add_argument("--bandwidth", default=None,
                        help="fuse-bandwidth binary (default: build/bin, "
                             "else compiled from bench/bandwidth.cpp)")
    parser.add_argument("--runs", type=int, default=10,
                        help="timed runs per measurement (default 10)")
    parser.add_argument("--only", default=None,
                        help="comma-separated workload names")
    parser.add_argument("--variant", default="unfused",
                        help="comma-separated variants of ours "
                             "(default: unfused; see --list)")
    parser.add_argument("--define-variant", action="append", default=[],
                        metavar="NAME:opt=ARGS;run=ARGS;threads=T",
                        help="define a variant: fuse-opt args applied before "
                             "fuse-run, extra fuse-run args, own threads")
    parser.add_argument("--threads", type=int, default=None,
                        help="OMP_NUM_THREADS for ours and the bandwidth "
                             "probe (default: $OMP_NUM_THREADS, else all "
                             "usable cores)")
    parser.add_argument("--stat", choices=("min", "median"), default="min",
                        help="which statistic the table shows (default min)")
    parser.add_argument("--bound-stat", choices=("best", "robust", "median"),
                        default="robust",
                        help="which probe time sets the bound: best, robust "
                             "(second-best, default) or median of its "
                             "repeats")
    parser.add_argument("--seed", type=int, default=1,
                        help="random input seed (default 1)")
    parser.add_argument("--timeout", type=int, default=900,
                        help="seconds per fuse-run/fuse-opt call")
    parser.add_argument("--check", action="store_true",
                        help="also run each variant once on numpy-made "
                             "inputs and compare its results with numpy's")
    parser.add_argument("--rtol", type=float, default=1e-4,
                        help="relative tolerance of --check (default 1e-4)")
    parser.add_argument("--atol", type=float, default=1e-6,
                        help="absolute tolerance of --check (default 1e-6)")
    parser.add_argument("--no-numpy", action="store_true")
    parser.add_argument("--no-bound", action="store_true")
    parser.add_argument("--wide", action="store_true",
                        help="also show compile ms, peak MiB, moved MiB and "
                             "the bound's kernel")
    parser.add_argument("--json", metavar="FILE", default=None,
                        help="also write every measurement as JSON")
    parser.add_argument("--list", action="store_true",
                        help="list workloads and variants and exit")
    args = parser.parse_args(argv)

    variants = dict(VARIANTS)
    for text in args.define_variant:
        try:
            v = parse_variant_def(text)
        except ValueError as e:
            parser.error(str(e))
        variants[v.name] = v

    if args.list:
        print("workloads:")
        for w in WORKLOADS:
            ins, outs = parse_signature(w.path)
            print(f"  {w.name:24} {describe_types(ins)} -> "
                  f"{describe_types(outs)}  ({w.note})")
        print("variants:")
        for v in variants.values():
            print(f"  {v.name:24} {v.describe()}  ({v.doc})")
        return 0

    workloads = WORKLOADS
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        known = {w.name: w for w in WORKLOADS}
        unknown = [n for n in names if n not in known]
        if unknown:
            parser.error(f"unknown workload(s) {', '.join(unknown)}; known: "
                         f"{', '.join(known)}")
        workloads = [known[n] for n in names]
    chosen = []
    for name in filter(None, (n.strip() for n in args.variant.split(","))):
        if name not in variants:
            parser.error(f"unknown variant '{name}'; known: "
                         f"{', '.join(variants)}")
        chosen.append(variants[name])
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    machine = machine_info()
    if args.threads is not None:
        threads = args.threads
        threads_from = "--threads"
    elif os.environ.get("OMP_NUM_THREADS", "").isdigit():
        threads = int(os.environ["OMP_NUM_THREADS"])
        threads_from = "$OMP_NUM_THREADS"
    else:
        threads = machine["usable_cores"]
        threads_from = "all usable cores"

    notes = []
    fuse_run = Path(args.fuse_run)
    if not fuse_run.exists():
        notes.append(f"fuse-run not found at {fuse_run}: build it with "
                     "scripts/setup.sh; ours columns are n/a")
        fuse_run = None
    fuse_opt = Path(args.fuse_opt) if args.fuse_opt else None
    if fuse_opt is None:
        for c in ([fuse_run.parent / "fuse-opt"] if fuse_run else []) + \
                [REPO / "build/bin/fuse-opt"]:
            if c.exists():
                fuse_opt = c
                break
    if np is None and not args.no_numpy:
        notes.append(NUMPY_MISSING.format(sys.executable))
    probe = None
    if not args.no_bound:
        probe = find_bandwidth(args.bandwidth, fuse_run, notes)
        if probe is None and args.bandwidth:
            notes.append(f"--bandwidth {args.bandwidth} does not exist: "
                         "bound columns are n/a")

    print(f"machine: {machine['cpu']}, {machine['cores']} cores "
          f"({machine['usable_cores']} usable), {platform.system()} "
          f"{platform.release()}")
    print(f"threads: ours and bound {threads} ({threads_from}; OMP_NUM_THREADS"
          f"); numpy 1 (its elementwise ufuncs and reductions are "
          f"single-threaded)")
    print(f"runs: {args.runs} after a warm-up; table shows the {args.stat}, "
          f"in ms; inputs uniform in [-3, 3), seed {args.seed}")
    for v in chosen:
        print(f"variant {v.name}: {v.describe()}")
    sys.stdout.flush()

    bandwidth_cache = {}
    records = []
    rows = []
    stat = f"{args.stat}_ms"
    with tempfile.TemporaryDirectory(prefix="fuse-bench-") as tmpdir:
        for w in workloads:
            ins, outs = parse_signature(w.path)
            read_bytes = sum(t.nbytes for t in ins)
            write_bytes = sum(t.nbytes for t in outs)
            shape = describe_types(ins) + " -> " + describe_types(outs)

            numpy_result = None
            if np is not None and not args.no_numpy:
                try:
                    numpy_result = time_numpy(w, ins, args.runs, args.seed)
                except MemoryError as e:
                    numpy_result = {"error": f"MemoryError: {e}"}

            for v in chosen:
                vthreads = v.threads or threads
                bound = None
                if probe is not None:
                    bound = run_bandwidth(probe, read_bytes, write_bytes,
                                          vthreads, args.runs,
                                          bandwidth_cache)
                ours = None
                if fuse_run is not None:
                    ours = run_ours(fuse_run, fuse_opt, w, v, args.runs,
                                    args.seed, vthreads, args.timeout, tmpdir)
                    if "error" in ours:
                        notes.append(f"{w.name} [{v.name}]: {ours['error']}")

                check = None
                if args.check and ours and "error" not in ours \
                        and np is not None:
                    check = check_ours(fuse_run, fuse_opt, w, v, ins,
                                       args.seed, vthreads, args.timeout,
                                       tmpdir, args.rtol, args.atol)
                    if "error" in check:
                        notes.append(f"{w.name} [{v.name}]: "
                                     f"{check['error']}")
                    elif not check["ok"]:
                        notes.append(f"{w.name} [{v.name}]: results differ "
                                     f"from numpy (max abs err "
                                     f"{check['max_abs_err']:.3g}, max rel "
                                     f"err {check['max_rel_err']:.3g})")

                ours_ms = None
                if ours and "error" not in ours:
                    ours_ms = ours.get("run_min_ms" if args.stat == "min"
                                       else "run_median_ms")
                numpy_ms = None
                if numpy_result and "error" not in numpy_result:
                    numpy_ms = numpy_result[stat]
                elif numpy_result:
                    notes.append(f"{w.name}: numpy {numpy_result['error']}")
                bound_ms = None
                if bound and "error" not in bound:
                    gbps = bound_gbps(bound, args.bound_stat)
                    bound_ms = (read_bytes + write_bytes) / (gbps * 1e6)
                elif bound:
                    notes.append(f"{w.name}: bandwidth probe failed: "
                                 f"{bound['error']}")

                ours_cell = fmt_ms(ours_ms)
                if ours is not None and "error" in ours:
                    ours_cell = "error"
                row = [w.name, v.name, shape, ours_cell, fmt_ms(numpy_ms),
                       fmt_ms(bound_ms), fmt_ratio(ours_ms, numpy_ms),
                       fmt_ratio(ours_ms, bound_ms)]
                if args.check:
                    row.append("n/a" if check is None else
                               "error" if "error" in check else
                               "ok" if check["ok"] else "FAIL")
                if args.wide:
                    peak = ours.get("peak_bytes") if ours else None
                    row += [fmt_ms(ours.get("compile_ms") if ours else None),
                            f"{peak / 2**20:.1f}" if peak is not None
                            else "n/a",
                            f"{(read_bytes + write_bytes) / 2**20:.1f}",
                            (f"{bound['bound']['kernel']} "
                             f"{bound_gbps(bound, args.bound_stat):.1f} "
                             "GB/s")
                            if bound_ms is not None else "n/a"]
                rows.append(row)
                records.append({
                    "workload": w.name, "variant": v.name,
                    "variant_opt": v.opt, "variant_run": v.run,
                    "file": str(w.path.relative_to(REPO)),
                    "inputs": [t.text for t in ins],
                    "results": [t.text for t in outs],
                    "bytes_read": read_bytes, "bytes_written": write_bytes,
                    "threads": vthreads,
                    "ours": ours, "numpy": numpy_result, "bandwidth": bound,
                    "check": check,
                    "ours_ms": ours_ms, "numpy_ms": numpy_ms,
                    "bound_ms": bound_ms,
                    "ours_over_numpy": ours_ms / numpy_ms
                    if ours_ms and numpy_ms else None,
                    "ours_over_bound": ours_ms / bound_ms
                    if ours_ms and bound_ms else None,
                })

    headers = ["workload", "variant", "shape", "ours ms", "numpy ms",
               "bound ms", "ours/numpy", "ours/bound"]
    if args.check:
        headers.append("check")
    if args.wide:
        headers += ["compile ms", "peak MiB", "moved MiB", "bound kernel"]
    print()
    print_table(headers, rows)
    bounds = {}
    for r in records:
        b = r["bandwidth"]
        if b and "error" not in b:
            bounds.setdefault(
                (r["workload"], r["threads"]),
                f"{(r['bytes_read'] + r['bytes_written']) / 2**20:.1f} MiB "
                f"at {b['bound']['kernel']} "
                f"{bound_gbps(b, args.bound_stat):.1f} GB/s "
                f"({r['threads']} thr; best {bound_gbps(b, 'best'):.1f}, "
                f"median {bound_gbps(b, 'median'):.1f})")
    if bounds:
        print("\nbound = compulsory bytes (inputs read once + results "
              "written once) / bandwidth of the kernel with the nearest "
              f"read:write mix ({args.bound_stat} of its repeats):")
        for (name, _), text in bounds.items():
            print(f"  {name}: {text}")
    if notes:
        print("\nnotes:")
        for n in dict.fromkeys(notes):
            print(f"  - {n}")

    if args.json:
        doc = {"machine": machine, "threads": threads,
               "threads_from": threads_from, "runs": args.runs,
               "stat": args.stat, "bound_stat": args.bound_stat,
               "seed": args.seed,
               "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
               "variants": {v.name: {"opt": v.opt, "run": v.run,
                                     "threads": v.threads} for v in chosen},
               "fuse_run": str(fuse_run) if fuse_run else None,
               "fuse_opt": str(fuse_opt) if fuse_opt else None,
               "bandwidth_probe": str(probe) if probe else None,
               "notes": list(dict.fromkeys(notes)), "results": records}
        Path(args.json).write_text(json.dumps(doc, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
