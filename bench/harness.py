"""The benchmarks' harness: fuse's tools, flags, timing, tables, inputs and
checks, the variants of ours run through fuse-opt and fuse-run, and the
probes of the machine (bandwidth, multiply-add peak). Every script in bench/
and bench/gpu/ uses it."""

import hashlib
import json
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent


# --------------------------------------------------------------------------
# Tools
# --------------------------------------------------------------------------


def build_dir():
    return Path(os.environ.get("FUSE_BUILD_DIR", REPO / "build"))


def add_tool_arguments(parser, *tools):
    """--fuse-run, --fuse-opt, --fuse-translate: see find_tools."""
    for tool in tools:
        where = ("$FUSE_BUILD_DIR/bin, else build/bin" if tool == "fuse-run"
                 else "next to fuse-run, else in the build")
        parser.add_argument(f"--{tool}", default=None,
                            help=f"the {tool} binary (default: {where})")


def find_tools(args, *tools):
    """Sets each of args.fuse_run, args.fuse_opt, ... to the path of that
    tool: the one given, else fuse-run's from the build directory and the
    others from beside fuse-run, else from the build directory. None where
    it does not exist."""
    fuse_run = args.fuse_run or build_dir() / "bin" / "fuse-run"
    for tool in tools:
        attribute = tool.replace("-", "_")
        given = getattr(args, attribute)
        candidates = [given] if given else [
            Path(fuse_run).parent / tool, build_dir() / "bin" / tool]
        found = next((Path(c) for c in candidates if Path(c).exists()), None)
        setattr(args, attribute, found)


def import_fuse_hlo(fuse_run=None):
    """The fuse_hlo package: installed, else this tree's, with the
    libFuseCAPI.so of fuse-run's build unless $FUSE_HLO_LIBRARY names one."""
    library = Path(fuse_run or build_dir() / "bin" / "fuse-run").parent \
        .parent / "lib" / "libFuseCAPI.so"
    if "FUSE_HLO_LIBRARY" not in os.environ and library.exists():
        os.environ["FUSE_HLO_LIBRARY"] = str(library)
    return _find_fuse_hlo()


def hlo_writer():
    """fuse_hlo.hlo_text, the package's hlo writer (it loads no
    libFuseCAPI)."""
    _find_fuse_hlo()
    from fuse_hlo import hlo_text
    return hlo_text


def _find_fuse_hlo():
    """The fuse_hlo package, installed, else this tree's. Importing it
    loads nothing until a name of it is used."""
    try:
        import fuse_hlo
    except ImportError:
        sys.path.insert(0, str(REPO / "python"))
        import fuse_hlo
    return fuse_hlo


def installed_version(package):
    """`package`'s version string without importing it, else None."""
    import importlib.util
    if importlib.util.find_spec(package) is None:
        return None
    try:
        from importlib.metadata import version
        return version(package)
    except Exception:  # installed without metadata
        return "?"


def run_worker(cmd, env, timeout, name):
    """Runs a worker script that prints its record as its last JSON line;
    the record, or one with 'error' (and the worker's stderr)."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"{name} timed out after {timeout} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                break
    return {"error": f"{name} worker exit {proc.returncode}: " +
            error_line(proc.stderr), "stderr": proc.stderr[-4000:]}


def error_line(text, pattern="error"):
    """The first line of a tool's output that matches `pattern`, else the
    first line."""
    lines = [line.strip() for line in text.strip().splitlines()
             if line.strip()]
    for line in lines:
        if re.search(pattern, line, re.I):
            return line
    return lines[0] if lines else "(no message)"

# --------------------------------------------------------------------------
# Flags
# --------------------------------------------------------------------------


def add_arguments(parser, runs, threads=True, only=True, timeout=None,
                  seed=False, scale=None, jax=False, programs=False,
                  json_file=False):
    """The flags the scripts share: --runs, --threads, --only, and when
    asked --timeout, --seed, --scale (with what it divides), --no-jax,
    --programs and --json."""
    parser.add_argument("--runs", type=int, default=runs,
                        help=f"timed runs per measurement (default {runs})")
    if threads:
        parser.add_argument("--threads", type=int, default=None,
                            help="OMP_NUM_THREADS of fuse's code (default: "
                                 "$OMP_NUM_THREADS, else every usable "
                                 "core)")
    if only:
        parser.add_argument("--only", default=None,
                            help="comma-separated workload names")
    if timeout:
        parser.add_argument("--timeout", type=int, default=timeout,
                            help=f"seconds per tool run (default {timeout})")
    if seed:
        parser.add_argument("--seed", type=int, default=1,
                            help="random input seed (default 1)")
    if scale:
        parser.add_argument("--scale", type=int, default=1,
                            help=f"divide {scale} by this, for smoke runs "
                                 "(default 1: the real sizes)")
    if jax:
        parser.add_argument("--no-jax", action="store_true",
                            help="leave out the jax columns")
    if programs:
        parser.add_argument("--programs", metavar="DIR", default=None,
                            help="write each workload's program (at "
                                 "--scale) to DIR and exit")
    if json_file:
        parser.add_argument("--json", metavar="FILE", default=None,
                            help="also write every measurement as JSON")


def check_arguments(parser, args):
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if getattr(args, "scale", 1) < 1:
        parser.error("--scale must be at least 1")


# The user's XLA_FLAGS, before a script adds its own (set_threads); child
# processes that size their own pools start from them again.
USER_XLA_FLAGS = os.environ.get("XLA_FLAGS", "")


def set_threads(threads):
    """Sizes fuse's OpenMP team and XLA's CPU pool, for this process and its
    children; before fuse_hlo and jax are imported, as each reads them once.
    XLA's pool follows PJRT_NPROC (XLA_FLAGS' thread settings alone leave it
    at every core)."""
    os.environ["OMP_NUM_THREADS"] = str(threads)
    # A cap that set_max_isa set before stays.
    max_isa = [flag for flag in os.environ.get("XLA_FLAGS", "").split()
               if flag.startswith("--xla_cpu_max_isa=")]
    os.environ["XLA_FLAGS"] = " ".join([
        USER_XLA_FLAGS, "--xla_cpu_multi_thread_eigen=true",
        f"intra_op_parallelism_threads={threads}", *max_isa]).strip()
    os.environ["PJRT_NPROC"] = os.environ["NPROC"] = str(threads)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")


# Each library's own cap for FUSE_CPU_MAX_ISA's values (docs/fuse-run.md):
# XLA's --xla_cpu_max_isa, PyTorch's ATen kernels, oneDNN and MKL.
MAX_ISA_SETTINGS = {
    "SSE4_2": {"xla": "SSE4_2", "aten": "default", "onednn": "SSE41",
               "mkl": "SSE4_2"},
    "AVX": {"xla": "AVX", "aten": "default", "onednn": "AVX", "mkl": "AVX"},
    "AVX2": {"xla": "AVX2", "aten": "avx2", "onednn": "AVX2", "mkl": "AVX2"},
    "AVX512": {"xla": "AVX512", "aten": "avx512", "onednn": "AVX512_CORE",
               "mkl": "AVX512"},
}


def add_max_isa_argument(parser):
    parser.add_argument("--max-isa", choices=sorted(MAX_ISA_SETTINGS),
                        default=None,
                        help="cap the vector instruction sets of fuse "
                             "(FUSE_CPU_MAX_ISA), JAX and torch.compile "
                             "alike, to measure an older x86 CPU on a newer "
                             "one (numpy's OpenBLAS keeps its own choice)")


def set_max_isa(isa):
    """Caps fuse, XLA, ATen, oneDNN and MKL at `isa` for this process and
    its children; before jax is imported, as it reads XLA_FLAGS once."""
    if not isa:
        return
    settings = MAX_ISA_SETTINGS[isa]
    os.environ["FUSE_CPU_MAX_ISA"] = isa
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                               f" --xla_cpu_max_isa={settings['xla']}").strip()
    os.environ["ATEN_CPU_CAPABILITY"] = settings["aten"]
    os.environ["ONEDNN_MAX_CPU_ISA"] = settings["onednn"]
    os.environ["MKL_ENABLE_INSTRUCTIONS"] = settings["mkl"]


def resolve_threads(requested):
    """(thread count, where it came from): --threads, else
    $OMP_NUM_THREADS, else every usable core."""
    if requested is not None:
        return requested, "--threads"
    if os.environ.get("OMP_NUM_THREADS", "").isdigit():
        return int(os.environ["OMP_NUM_THREADS"]), "$OMP_NUM_THREADS"
    return usable_cores(), "all usable cores"


def select(parser, only, known, default):
    """The entries of `known` ({name: entry}) that --only names, in its
    order, else `default`; an argument error for an unknown name."""
    if not only:
        return default
    names = [n.strip() for n in only.split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        parser.error(f"unknown workload(s) {', '.join(unknown)}; known: "
                     f"{', '.join(known)}")
    return [known[n] for n in names]

# --------------------------------------------------------------------------
# Machine, timing, tables
# --------------------------------------------------------------------------


def usable_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count()


def machine_info():
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(),
            "usable_cores": usable_cores(), "python": sys.executable,
            "numpy": np.__version__}


def minor_faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def time_calls(call, runs, warmups=1):
    """Times `runs` calls of call() after `warmups` untimed ones (page in,
    fill the allocators' caches): min_ms, median_ms, runs and the minor
    page faults per run."""
    for _ in range(warmups):
        call()
    times = []
    faults = minor_faults()
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        times.append((time.perf_counter() - start) * 1e3)
        del result
    faults = minor_faults() - faults
    return {"min_ms": min(times), "median_ms": statistics.median(times),
            "runs": runs, "faults_per_run": faults / runs}


class BusyLoop:
    """A context that runs a low-priority (nice 19) busy loop in this
    session while it is open, as another job on a shared machine would.
    Linux's scheduler groups processes by session: a busy loop started in a
    session of its own (`own_session`) takes a whole core's share whatever
    its priority."""

    def __init__(self, own_session=False):
        self.own_session = own_session
        self.process = None

    def __enter__(self):
        self.process = subprocess.Popen(
            [sys.executable, "-c", "while True: pass"],
            preexec_fn=lambda: os.nice(19),
            start_new_session=self.own_session)
        time.sleep(0.2)
        return self

    def __exit__(self, *exc):
        self.process.kill()
        self.process.wait()
        return False


def fmt_ms(value):
    if value is None:
        return "n/a"
    return f"{value:.2f}" if value < 100 else f"{value:.1f}"


def fmt_ratio(a, b):
    if a is None or b is None or b <= 0:
        return "n/a"
    r = a / b
    return f"{r:.2f}x" if r < 10 else f"{r:.1f}x"


def print_table(headers, rows, left=3, out=sys.stdout):
    """Columns side by side under their headers; the first `left` columns
    (or those whose indices `left` lists) left-aligned, the others
    right-aligned."""
    left = set(range(left)) if isinstance(left, int) else set(left)
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells):
        return " | ".join(str(c).ljust(w) if i in left else str(c).rjust(w)
                          for i, (c, w) in enumerate(zip(cells, widths))
                          ).rstrip()
    print(line(headers), file=out)
    print("-|-".join("-" * w for w in widths), file=out)
    for row in rows:
        print(line(row), file=out)

# --------------------------------------------------------------------------
# Inputs and checks
# --------------------------------------------------------------------------


def numpy_inputs(types, seed):
    """Arrays of `types`: floats uniform in [-3, 3), integers in [-3, 3),
    fair coins for i1."""
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
    """time_calls of the workload's numpy reference on numpy_inputs."""
    inputs = numpy_inputs(types, seed)
    return time_calls(lambda: workload.reference(*inputs), runs)


def compare_arrays(have, want, rtol, atol):
    """A record with 'ok' (|have - want| <= atol + rtol |want|, NaN equal
    to NaN) and the largest absolute and relative errors (relative over
    want != 0)."""
    have = np.asarray(have, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if have.shape != want.shape:
        return {"ok": False, "error": f"check: result has shape "
                f"{have.shape}, the reference's {want.shape}"}
    diff = np.abs(have - want)
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(want != 0, diff / np.abs(want), diff)
    return {"ok": bool(np.allclose(have, want, rtol=rtol, atol=atol,
                                   equal_nan=True)),
            "max_abs_err": float(np.nanmax(diff)) if diff.size else 0.0,
            "max_rel_err": float(np.nanmax(rel)) if rel.size else 0.0,
            "rtol": rtol, "atol": atol}


def compare_results(got, expected, rtol, atol):
    """compare_arrays over lists of results: ok if every one is, and the
    largest errors."""
    if len(got) != len(expected):
        return {"ok": False, "error": f"check: {len(got)} results, numpy "
                f"has {len(expected)}"}
    record = {"ok": True, "max_abs_err": 0.0, "max_rel_err": 0.0,
              "rtol": rtol, "atol": atol}
    for have, want in zip(got, expected):
        one = compare_arrays(have, want, rtol, atol)
        if "error" in one:
            return one
        record["ok"] = record["ok"] and one["ok"]
        for key in ("max_abs_err", "max_rel_err"):
            record[key] = max(record[key], one[key])
    return record


def check_cell(check):
    return ("n/a" if check is None else "error" if "error" in check else
            "ok" if check["ok"] else "FAIL")


def results_list(value):
    """A computation's results as a list (some return a tuple)."""
    return list(value) if isinstance(value, (tuple, list)) else [value]


def ready(value):
    """`value` once JAX's asynchronous computation of it is done (numpy's
    and fuse's results are ready when returned)."""
    for result in results_list(value):
        if hasattr(result, "block_until_ready"):
            result.block_until_ready()
    return value

# --------------------------------------------------------------------------
# Variants of ours: fuse-opt passes applied to the workload before fuse-run
# (opt), extra fuse-run arguments (run), and optionally a thread count of
# their own (threads; also used for their bound).
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
    "unfused": Variant("unfused",
                       doc="the program as written, no fusion pass"),
    "fused": Variant("fused", opt=["--fuse-elementwise"],
                     doc="elementwise fusion before lowering"),
    "serial": Variant("serial", run=["--pipeline-options=parallel=0"],
                      threads=1, doc="unfused, OpenMP off; bound on 1 thread"),
    "dot-order": Variant("dot-order", opt=["--dot-order"],
                         doc="chains of matrix products in their cheapest "
                             "order"),
    "algebraic-simplify": Variant(
        "algebraic-simplify", opt=["--algebraic-simplify"],
        doc="broadcast simplification, squared distances as a matrix "
            "product"),
    "simplified-fused": Variant(
        "simplified-fused", opt=["--algebraic-simplify", "--fuse-elementwise"],
        doc="algebraic-simplify, then elementwise fusion"),
}

# --------------------------------------------------------------------------
# fuse-run
# --------------------------------------------------------------------------


def prepare_program(fuse_opt, source, variant, timeout, tmpdir, name):
    """The variant's program: `source`, or fuse-opt's output on it, as
    TMPDIR/<name>.<variant>.mlir. Returns (path, None) or (None, error
    record)."""
    if not variant.opt:
        return source, None
    if not fuse_opt:
        return None, {"error": "fuse-opt not found (needed by variant "
                               f"'{variant.name}')"}
    program = Path(tmpdir) / f"{name}.{variant.name}.mlir"
    if program.exists():
        return program, None
    cmd = [str(fuse_opt), str(source), *variant.opt, "-o", str(program)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, {"error": f"fuse-opt timed out after {timeout} s",
                      "command": shlex.join(cmd)}
    if proc.returncode != 0:
        program.unlink(missing_ok=True)
        return None, {"error": "fuse-opt failed: " + error_line(proc.stderr),
                      "stderr": proc.stderr[-4000:],
                      "command": shlex.join(cmd)}
    return program, None


def bench_record(stdout, entry="main"):
    """fuse-run --bench --json's record of `entry`, or None."""
    for line in stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "run_min_ms" in record and record.get("entry", entry) == entry:
            return record
    return None


def run_ours(fuse_run, fuse_opt, source, name, variant, runs, seed, threads,
             timeout, tmpdir):
    """Times the variant of the program `source` with fuse-run --bench on
    its random inputs: fuse-run's JSON record, or one with 'error'."""
    program, error = prepare_program(fuse_opt, source, variant, timeout,
                                     tmpdir, name)
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
                error_line(proc.stderr), "stderr": proc.stderr[-4000:],
                "command": shlex.join(cmd)}
    record = bench_record(proc.stdout)
    if record is None:
        return {"error": "fuse-run printed no bench JSON line",
                "command": shlex.join(cmd)}
    record["command"] = shlex.join(cmd)
    return record

# --------------------------------------------------------------------------
# Probes of the machine: bandwidth (the bound) and the multiply-add peak
# --------------------------------------------------------------------------


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "fuse-bench"


def find_probe(source_name, binary, explicit, fuse_run, notes):
    """Path of a probe program (fuse-bandwidth, fuse-fma-peak): `explicit`,
    the build's (if not older than the source), else compiled from
    bench/<source_name> into a cache."""
    source = BENCH / source_name
    if explicit:
        return Path(explicit) if Path(explicit).exists() else None
    candidates = [build_dir() / "bin" / binary]
    if fuse_run:
        candidates.insert(0, Path(fuse_run).parent / binary)
    for c in candidates:
        if c.exists() and c.stat().st_mtime >= source.stat().st_mtime:
            return c
    digest = hashlib.sha1(source.read_bytes()).hexdigest()[:12]
    target = cache_dir() / f"{binary}-{digest}"
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
            notes.append(f"{binary} compiled with {cxx} into {target}")
            return target
        errors.append(f"{cxx}: {proc.stderr.strip().splitlines()[-1:]}")
    notes.append(f"cannot compile bench/{source_name} (" + "; ".join(errors) +
                 f"): the columns of {binary} are n/a")
    return None


def find_bandwidth(explicit, fuse_run, notes):
    return find_probe("bandwidth.cpp", "fuse-bandwidth", explicit, fuse_run,
                      notes)


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
