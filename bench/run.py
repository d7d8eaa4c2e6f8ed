#!/usr/bin/env python3
"""fuse's benchmark harness: runs named workloads side by side with fuse-run
(ours, in one or more variants), numpy, JAX on CPU (jax.jit), and a
memory-bandwidth bound, then prints the ratios the fusion issue's targets ask
for (fused vs unfused, vs the bound, vs numpy, vs JAX) with PASS/MISS.

    python3 bench/run.py                          # every workload, unfused and fused
    python3 bench/run.py --only add_4096 --runs 5
    python3 bench/run.py --variant unfused,serial --threads 2 --json out.json
    python3 bench/run.py --scale 8 --runs 1 --check   # small smoke run
    python3 bench/run.py --list                   # workloads and variants

See bench/README.md for what is measured and how to read the ratios.
"""

import argparse
import hashlib
import importlib.util
import itertools
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
JAX_MISSING = ("jax is not installed for {}: jax columns are n/a "
               "(pip install -r bench/requirements.txt, or pip install jax)")

# --------------------------------------------------------------------------
# Workloads: name, .mlir file under bench/workloads/ with a @main, and the
# same computation as compute(xp, *inputs), written once against the array
# API that numpy and jax.numpy share (xp is one of the two), taking the inputs
# of @main in order. It is the numpy reference (xp = numpy) and, under
# jax.jit, the JAX column (xp = jax.numpy). The compulsory bytes come from
# @main's signature (every input read once, every result written once).
# targets=True: a workload of the fusion issue, whose summary row gets
# PASS/MISS markers (see TARGETS).
# --------------------------------------------------------------------------


def _running_example(xp, x, y):
    return xp.mean(x * x * xp.float32(3) + y)


def _softmax(xp, x):
    e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
    return e / xp.sum(e, axis=1, keepdims=True)


def _layer_norm(xp, x, gamma, beta):
    c = x - xp.mean(x, axis=1, keepdims=True)
    var = xp.mean(c * c, axis=1, keepdims=True)
    return c / xp.sqrt(var + xp.float32(1e-5)) * gamma + beta


def _add(xp, x, y):
    return x + y


def _matrix_chain(xp, a, b, v):
    return (a @ b) @ v


def _squared_distances(xp, a, b):
    return ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)


def _matmul(xp, a, b):
    return a @ b


def _matmul_abt(xp, a, b):
    return a @ b.T


def _mlp_gelu(xp, x, w, b):
    h = x @ w + b
    return 0.5 * h * (1.0 + xp.tanh(0.7978845608 * (h + 0.044715 * h * h * h)))


def _attention(xp, q, k, v):
    z = (q @ k.T) * 0.125
    e = xp.exp(z - xp.max(z, axis=1, keepdims=True))
    return (e / xp.sum(e, axis=1, keepdims=True)) @ v


def _digits_step(xp, x, y, w, b):
    logits = x @ w + b
    e = xp.exp(logits - xp.max(logits, axis=1, keepdims=True))
    g = (e / xp.sum(e, axis=1, keepdims=True) - y) * 0.0078125
    return w - 0.5 * (x.T @ g), b - 0.5 * xp.sum(g, axis=0)


class Workload:
    def __init__(self, name, file, compute, note="", targets=False,
                 rtol=None, atol=None, by_default=True):
        self.name = name
        # Workloads of other issues whose unfused form runs for minutes are
        # left out of a plain run; --only names them.
        self.by_default = by_default
        self.file = file
        self.path = WORKLOAD_DIR / file
        self.compute = compute  # callable(xp, *inputs) -> result(s)
        self.note = note
        self.targets = targets
        # --check tolerances of this workload where they differ from the
        # defaults (--rtol/--atol given on the command line win).
        self.rtol = rtol
        self.atol = atol

    def reference(self, *inputs):
        """The numpy reference."""
        return self.compute(np, *inputs)


WORKLOADS = [
    Workload("running_example_4096", "running_example_4096.mlir",
             _running_example, "mean(x*x*3 + y), unfused ops", targets=True),
    Workload("running_example_8192", "running_example_8192.mlir",
             _running_example,
             "mean(x*x*3 + y), unfused ops; inputs 256 MiB each",
             targets=True),
    Workload("softmax_8192x4096", "softmax_8192x4096.mlir", _softmax,
             "softmax over rows (dim 1), max-shifted; 128 MiB in, 128 out",
             targets=True),
    # Results near zero (normed * gamma ~ -beta) carry rounding errors up to
    # ~2e-6 (the ulp of operands of magnitude ~3-9): fuse-run's own f32 atol.
    Workload("layer_norm_8192x4096", "layer_norm_8192x4096.mlir",
             _layer_norm, "(x-mean)/sqrt(var+1e-5)*gamma+beta over rows",
             targets=True, atol=1e-5),
    Workload("softmax_4096x1024", "softmax_4096x1024.mlir", _softmax,
             "softmax over dim 1, max-shifted; 32 MiB moved ~ L3 size"),
    Workload("add_4096", "add_4096.mlir", _add,
             "x + y: sanity check of the bound (triad-like)"),
    # Sums of 2048 products of inputs in [-3, 3), twice: results of about
    # 2048 * 3 in magnitude, where reassociation and f32 accumulation leave
    # absolute errors of a few units of 1e-2.
    Workload("matrix_chain_2048", "matrix_chain_2048.mlir", _matrix_chain,
             "(A B) v, f32; variant dot-order computes A (B v)",
             rtol=1e-3, atol=1.0, by_default=False),
    # The rewritten form cancels where a distance is small next to the row
    # norms (~192 each): absolute errors of a few f32 ulps of 384.
    Workload("squared_distances_4096x64", "squared_distances_4096x64.mlir",
             _squared_distances,
             "naive sum_k (a_ik - b_jk)^2 through 4096x4096x64 broadcasts; "
             "variant algebraic-simplify: norms + one matrix product",
             atol=1e-3, by_default=False),
] + [
    # The products issue's workloads (bench/products.py): sums of K products
    # of inputs in [-3, 3) reach ~3 sqrt(K) * 3; f32 in another order differs
    # by a few ulps of that.
    Workload(name, name + ".mlir", compute, note, rtol=1e-3, atol=1e-2,
             by_default=False)
    for name, compute, note in [
        ("matmul_256", _matmul, "A B, 256^3 f32"),
        ("matmul_512", _matmul, "A B, 512^3 f32"),
        ("matmul_1024", _matmul, "A B, 1024^3 f32"),
        ("matmul_2048", _matmul, "A B, 2048^3 f32"),
        ("matmul_4096", _matmul, "A B, 4096^3 f32"),
        ("matmul_4096x1024x1024", _matmul, "A B, 4096x1024 times 1024^2"),
        ("batch_matmul_64x256", _matmul, "64 products of 256^3 f32"),
        ("matmul_f64_1024", _matmul, "A B, 1024^3 f64"),
        ("matmul_abt_1024", _matmul_abt, "A B^T, 1024^3 f32"),
        ("matvec_8192", _matmul, "A x, 8192^2 f32 (memory-bound)"),
        ("mlp_gelu_4096x1024", _mlp_gelu, "gelu(x W + b), 4096x1024x1024"),
        ("attention_2048x64", _attention, "softmax(q k^T / 8) v, 2048x64"),
        ("digits_step_128", _digits_step,
         "softmax regression SGD step, 128x64 images, 10 classes"),
    ]
]

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
DEFAULT_VARIANTS = "unfused,fused"


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


# Matrix products: their FLOPs, read off a program's types
# --------------------------------------------------------------------------

DOT_RE = re.compile(r"=\s*hlo\.(dot_general|dot)\s")
CONTRACTING_RE = re.compile(r"contracting_dims\s*=\s*\[([\d,\s]*)\]")


def dot_flops(text):
    """2 x the multiply-adds of every hlo.dot and hlo.dot_general of a
    program (result elements x contracted size): the work --dot-order and
    the distance rewrite change. Other ops are not counted."""
    total = 0
    # One statement per op, the continuation lines of a wrapped one joined.
    for statement in re.split(r"\n\s*(?=%|return\b|func\.func|})", text):
        match = DOT_RE.search(statement)
        if not match:
            continue
        types = [TensorType(t) for t in TENSOR_RE.findall(statement)]
        lhs, result = types[0], types[-1]
        if match.group(1) == "dot":
            contracted = lhs.shape[-1]
        else:
            dims = CONTRACTING_RE.search(statement).group(1).split(",")
            contracted = 1
            for d in dims:
                contracted *= lhs.shape[int(d)]
        total += 2 * result.count * contracted
    return total


# --------------------------------------------------------------------------
# --scale: smaller copies of the workloads for smoke runs
# --------------------------------------------------------------------------

DENSE_RE = re.compile(r"dense<([^<>]*)>")


def scale_program(text, scale):
    """The program with every tensor dimension divided by `scale`, and every
    dense constant that equals a product of k of its dimensions (an element
    count such as 16777216.0 for a 4096x4096 mean, or a row length such as
    4096.0) divided by scale**k. Raises ValueError when a dimension is not
    divisible or a constant could be a product of different numbers of
    dimensions. --check catches a size the rewrite missed."""
    if scale == 1:
        return text
    dims = set()
    for t in TENSOR_RE.findall(text):
        dims.update(TensorType(t).shape)
    for d in sorted(dims):
        if d % scale or d // scale < 1:
            raise ValueError(f"dimension {d} is not divisible by --scale "
                             f"{scale}")
    products = {}  # value -> set of k
    big = sorted(d for d in dims if d > 1)
    for k in range(1, 5):
        for combo in itertools.combinations_with_replacement(big, k):
            value = 1
            for d in combo:
                value *= d
            products.setdefault(value, set()).add(k)

    def scale_type(match):
        t = TensorType(match.group(0))
        return "tensor<" + "x".join(
            [str(d // scale) for d in t.shape] + [t.element]) + ">"

    def scale_dense(match):
        body = match.group(1).strip()
        try:
            value = float(body)
        except ValueError:
            return match.group(0)  # hex patterns, lists, booleans
        if value != int(value) or int(value) not in products:
            return match.group(0)
        ks = products[int(value)]
        if len(ks) > 1:
            raise ValueError(f"constant {body} is ambiguous under --scale "
                             "(a product of different numbers of "
                             "dimensions)")
        new = int(value) // scale ** ks.pop()
        is_float = any(c in body for c in ".eE")
        return f"dense<{new}.0>" if is_float else f"dense<{new}>"

    text = TENSOR_RE.sub(scale_type, text)
    return DENSE_RE.sub(scale_dense, text)


def scaled_workload(workload, scale, tmpdir):
    """A copy of the workload whose path is its program scaled down (itself
    when scale is 1)."""
    if scale == 1:
        return workload
    copy = Workload(workload.name, workload.file, workload.compute,
                    workload.note, workload.targets, workload.rtol,
                    workload.atol)
    copy.path = Path(tmpdir) / f"{workload.name}.scale{scale}.mlir"
    copy.path.write_text(scale_program(workload.path.read_text(), scale))
    return copy


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


def minor_faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def time_numpy(workload, types, runs, seed):
    inputs = numpy_inputs(types, seed)
    workload.reference(*inputs)  # warm-up: page in, allocator caches
    times = []
    faults = minor_faults()
    for _ in range(runs):
        start = time.perf_counter()
        result = workload.reference(*inputs)
        times.append((time.perf_counter() - start) * 1e3)
        del result
    faults = minor_faults() - faults
    del inputs
    return {"min_ms": min(times), "median_ms": statistics.median(times),
            "runs": runs, "faults_per_run": faults / runs}


# --------------------------------------------------------------------------
# JAX on CPU
#
# Measured in a child process of this script (--jax-worker), one per
# workload: XLA's CPU client sizes its intra-op thread pool once, when jax
# first makes the client, from PJRT_NPROC (or NPROC, else the usable cores),
# so the thread count must be set before jax is imported; and jax's threads
# and memory do not stay behind in the harness while fuse-run is timed.
# --------------------------------------------------------------------------


def jax_available():
    """jax's version string without importing it, else None."""
    if importlib.util.find_spec("jax") is None:
        return None
    try:
        from importlib.metadata import version
        return version("jax")
    except Exception:  # installed without metadata
        return "?"


def run_jax(workload, runs, seed, threads, timeout, check, rtol, atol):
    """Times workload.compute under jax.jit in a child process with
    `threads` XLA threads; a record with min_ms/median_ms (or 'error')."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--jax-worker",
           workload.name, "--jax-program", str(workload.path),
           "--runs", str(runs), "--seed", str(seed),
           "--jax-threads", str(threads),
           "--rtol", repr(rtol), "--atol", repr(atol)]
    if check:
        cmd.append("--check")
    env = dict(os.environ)
    env.pop("JAX_PLATFORMS", None)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"jax timed out after {timeout} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                break
    return {"error": f"jax worker exit {proc.returncode}: " +
            _last_line(proc.stderr), "stderr": proc.stderr[-4000:]}


def xla_pool_threads():
    """Threads of XLA's CPU intra-op pool in this process (Linux)."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    count = 0
    for task in tasks:
        try:
            name = Path(f"/proc/self/task/{task}/comm").read_text().strip()
        except OSError:
            continue
        if "XLAEigen" in name:
            count += 1
    return count


def jax_worker(args):
    """The child process of run_jax: prints one JSON line."""
    threads = args.jax_threads
    pinned = None
    try:
        usable = sorted(os.sched_getaffinity(0))
        if threads < len(usable):
            pinned = usable[:threads]
            os.sched_setaffinity(0, pinned)
    except AttributeError:
        pass
    # Before jax is imported: the size of XLA's CPU thread pool.
    os.environ["PJRT_NPROC"] = os.environ["NPROC"] = str(threads)
    os.environ["JAX_PLATFORMS"] = "cpu"
    try:
        import jax
    except ImportError as e:
        print(json.dumps({"error": f"cannot import jax: {e}"}))
        return 0
    known = {w.name: w for w in WORKLOADS}
    workload = known[args.jax_worker]
    ins, _ = parse_signature(args.jax_program)
    if any(t.element in ("f64", "i64") for t in ins):
        jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp
    inputs = numpy_inputs(ins, args.seed)
    device_inputs = [
        jax.device_put(a.astype(jnp.bfloat16) if t.element == "bf16" else a)
        for a, t in zip(inputs, ins)]
    function = jax.jit(lambda *xs: workload.compute(jnp, *xs))
    start = time.perf_counter()
    jax.block_until_ready(function(*device_inputs))  # trace, compile, run
    first_ms = (time.perf_counter() - start) * 1e3
    jax.block_until_ready(function(*device_inputs))  # warm-up
    times = []
    faults = minor_faults()
    for _ in range(args.runs):
        start = time.perf_counter()
        result = function(*device_inputs)
        jax.block_until_ready(result)
        times.append((time.perf_counter() - start) * 1e3)
        del result
    faults = minor_faults() - faults
    record = {"min_ms": min(times), "median_ms": statistics.median(times),
              "runs": args.runs, "first_call_ms": first_ms,
              "faults_per_run": faults / args.runs,
              "threads": threads, "pool_threads": xla_pool_threads(),
              "pinned_cpus": pinned, "jax": jax.__version__,
              "backend": jax.default_backend()}
    if args.check and any(t.element == "bf16" for t in ins):
        record["check"] = {"error": "bf16 inputs: numpy has no bf16, not "
                                    "checked"}
    elif args.check:
        got = function(*device_inputs)
        got = [np.asarray(g, dtype=np.float32) if g.dtype == jnp.bfloat16
               else np.asarray(g)
               for g in (got if isinstance(got, (tuple, list)) else [got])]
        del device_inputs
        expected = workload.reference(*inputs)
        if not isinstance(expected, (tuple, list)):
            expected = [expected]
        record["check"] = compare_results(got, expected, args.rtol,
                                          args.atol)
    print(json.dumps(record))
    return 0


# --------------------------------------------------------------------------
# Bandwidth probe
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
    candidates = [REPO / "build" / "bin" / binary]
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
    got = []
    for i in range(len(expected)):
        path = outdir / f"result{i}.npy"
        if not path.exists():
            return {"error": f"check: fuse-run wrote no {path.name}"}
        got.append(np.load(path))
    record = compare_results(got, expected, rtol, atol)
    shutil.rmtree(outdir, ignore_errors=True)
    return record


def compare_results(got, expected, rtol, atol):
    """Compares result arrays with numpy's; a record with 'ok' and the
    largest absolute and relative errors (relative over want != 0)."""
    record = {"ok": True, "max_abs_err": 0.0, "max_rel_err": 0.0,
              "rtol": rtol, "atol": atol}
    if len(got) != len(expected):
        return {"ok": False, "error": f"check: {len(got)} results, numpy "
                f"has {len(expected)}"}
    for i, (have, want) in enumerate(zip(got, expected)):
        have = np.asarray(have)
        want = np.asarray(want)
        if have.shape != want.shape:
            return {"ok": False, "error": f"check: result {i} has shape "
                    f"{have.shape}, numpy's {want.shape}"}
        g = have.astype(np.float64)
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


def check_cell(check):
    return ("n/a" if check is None else "error" if "error" in check else
            "ok" if check["ok"] else "FAIL")


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


def fmt_faults(record):
    """Minor page faults per timed run of a numpy or jax record."""
    if not record or record.get("faults_per_run") is None:
        return "n/a"
    return f"{record['faults_per_run']:.0f}"


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
    print_table(["workload", "variant", "dot GFLOP", "FLOP ratio",
                 "ours ms", "time ratio", "peak MiB", "peak ratio"], rows,
                out)


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
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells):
        return " | ".join(str(c).ljust(w) if i in (0, len(cells) - 1)
                          else str(c).rjust(w)
                          for i, (c, w) in enumerate(zip(cells, widths))
                          ).rstrip()
    print(line(headers), file=out)
    print("-|-".join("-" * w for w in widths), file=out)
    for row in rows:
        print(line(row), file=out)
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
    parser.add_argument("--variant", default=DEFAULT_VARIANTS,
                        help="comma-separated variants of ours "
                             f"(default: {DEFAULT_VARIANTS}; see --list)")
    parser.add_argument("--define-variant", action="append", default=[],
                        metavar="NAME:opt=ARGS;run=ARGS;threads=T",
                        help="define a variant: fuse-opt args applied before "
                             "fuse-run, extra fuse-run args, own threads")
    parser.add_argument("--threads", type=int, default=None,
                        help="OMP_NUM_THREADS for ours and the bandwidth "
                             "probe, and XLA's CPU pool for jax (default: "
                             "$OMP_NUM_THREADS, else all usable cores)")
    parser.add_argument("--jax-threads", type=int, default=None,
                        help="threads of jax's XLA CPU pool (default: the "
                             "same as --threads)")
    parser.add_argument("--scale", type=int, default=1,
                        help="divide every tensor dimension of the "
                             "workloads by this, for smoke runs (default 1: "
                             "the real sizes)")
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
    parser.add_argument("--rtol", type=float, default=None,
                        help="relative tolerance of --check (default 1e-4, "
                             "or the workload's own)")
    parser.add_argument("--atol", type=float, default=None,
                        help="absolute tolerance of --check (default 1e-6, "
                             "or the workload's own)")
    parser.add_argument("--no-numpy", action="store_true")
    parser.add_argument("--no-jax", action="store_true")
    parser.add_argument("--no-bound", action="store_true")
    parser.add_argument("--wide", action="store_true",
                        help="also show compile ms, peak MiB, moved MiB and "
                             "the bound's kernel")
    parser.add_argument("--json", metavar="FILE", default=None,
                        help="also write every measurement as JSON")
    parser.add_argument("--list", action="store_true",
                        help="list workloads and variants and exit")
    parser.add_argument("--jax-worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--jax-program", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.jax_worker:
        return jax_worker(args)

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
            mark = "  [targets]" if w.targets else ""
            print(f"  {w.name:24} {describe_types(ins)} -> "
                  f"{describe_types(outs)}  ({w.note}){mark}")
        print("variants:")
        for v in variants.values():
            print(f"  {v.name:24} {v.describe()}  ({v.doc})")
        print("targets (workloads marked [targets]):")
        for name, _, _, op, threshold in TARGETS:
            print(f"  {name} {op} {threshold:g}x")
        return 0

    workloads = [w for w in WORKLOADS if w.by_default]
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
    if args.scale < 1:
        parser.error("--scale must be at least 1")

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
    jax_threads = args.jax_threads or threads

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
    jax_version = None
    if not args.no_jax:
        jax_version = jax_available()
        if jax_version is None:
            notes.append(JAX_MISSING.format(sys.executable))
        elif np is None:
            notes.append("jax columns need numpy (inputs, check): n/a")
            jax_version = None
    probe = None
    if not args.no_bound:
        probe = find_bandwidth(args.bandwidth, fuse_run, notes)
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
                w = scaled_workload(w, args.scale, tmpdir)
            except ValueError as e:
                notes.append(f"{w.name}: skipped: {e}")
                continue
            ins, outs = parse_signature(w.path)
            read_bytes = sum(t.nbytes for t in ins)
            write_bytes = sum(t.nbytes for t in outs)
            shape = describe_types(ins) + " -> " + describe_types(outs)
            rtol = args.rtol if args.rtol is not None else (w.rtol or 1e-4)
            atol = args.atol if args.atol is not None else (w.atol or 1e-6)

            numpy_result = None
            if np is not None and not args.no_numpy:
                try:
                    numpy_result = time_numpy(w, ins, args.runs, args.seed)
                except MemoryError as e:
                    numpy_result = {"error": f"MemoryError: {e}"}
            numpy_ms = None
            if numpy_result and "error" not in numpy_result:
                numpy_ms = numpy_result[stat]
            elif numpy_result:
                notes.append(f"{w.name}: numpy {numpy_result['error']}")

            jax_result = None
            if jax_version is not None:
                jax_result = run_jax(w, args.runs, args.seed, jax_threads,
                                     args.timeout, args.check, rtol, atol)
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
                flops = None
                program, _ = prepare_program(fuse_opt, w, v, args.timeout,
                                             tmpdir)
                if program is not None:
                    flops = dot_flops(Path(program).read_text())

                check = None
                if args.check and ours and "error" not in ours \
                        and np is not None:
                    check = check_ours(fuse_run, fuse_opt, w, v, ins,
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
                    gbps = bound_gbps(bound, args.bound_stat)
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
                       jax_cell, fmt_ms(bound_ms),
                       fmt_ratio(ours_ms, numpy_ms),
                       fmt_ratio(ours_ms, jax_ms),
                       fmt_ratio(ours_ms, bound_ms)]
                if args.check:
                    row += [check_cell(check), check_cell(jax_check)]
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
                             f"{bound_gbps(bound, args.bound_stat):.1f} "
                             "GB/s")
                            if bound_ms is not None else "n/a"]
                rows.append(row)
                records.append({
                    "workload": w.name, "variant": v.name,
                    "variant_opt": v.opt, "variant_run": v.run,
                    "file": str(WORKLOAD_DIR.relative_to(REPO) / w.file),
                    "scale": args.scale, "targets": w.targets,
                    "inputs": [t.text for t in ins],
                    "results": [t.text for t in outs],
                    "bytes_read": read_bytes, "bytes_written": write_bytes,
                    "threads": vthreads, "jax_threads": jax_threads,
                    "ours": ours, "numpy": numpy_result, "jax": jax_result,
                    "bandwidth": bound, "check": check,
                    "ours_ms": ours_ms, "numpy_ms": numpy_ms,
                    "jax_ms": jax_ms, "bound_ms": bound_ms,
                    "ours_over_numpy": ours_ms / numpy_ms
                    if ours_ms and numpy_ms else None,
                    "ours_over_jax": ours_ms / jax_ms
                    if ours_ms and jax_ms else None,
                    "ours_over_bound": ours_ms / bound_ms
                    if ours_ms and bound_ms else None,
                    "dot_flops": flops,
                })

    headers = ["workload", "variant", "shape", "ours ms", "numpy ms",
               "jax ms", "bound ms", "ours/numpy", "ours/jax", "ours/bound"]
    if args.check:
        headers += ["check", "jax check"]
    if args.wide:
        headers += ["compile ms", "jax 1st ms", "numpy flt/run",
                    "jax flt/run", "peak MiB", "moved MiB", "bound kernel"]
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
               "jax": jax_version, "runs": args.runs,
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
