"""What fuse's benchmarks share: the harness (tools, flags, timing, tables,
checks, the bandwidth probe, JAX in a child process) and the workloads, each
defined once as an hlo program generated at any size and the same
computation in numpy/JAX form.

bench/run.py, split.py, products.py, python_jit.py, jax_programs.py and
gpu/ import it. Run as a script it is run_jax's child process.
"""

import argparse
import hashlib
import importlib.util
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
    try:
        import fuse_hlo
    except ImportError:
        sys.path.insert(0, str(REPO / "python"))
        import fuse_hlo
    return fuse_hlo


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
    os.environ["XLA_FLAGS"] = (
        f"{USER_XLA_FLAGS} --xla_cpu_multi_thread_eigen=true "
        f"intra_op_parallelism_threads={threads}").strip()
    os.environ["PJRT_NPROC"] = os.environ["NPROC"] = str(threads)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")


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
# Types and signatures
# --------------------------------------------------------------------------

TENSOR_RE = re.compile(r"tensor<[^<>]*>")


class TensorType:
    """A tensor type of a workload's program; `element` is one of
    fuse_hlo.ELEMENT_TYPES's names."""

    def __init__(self, shape, element):
        self.shape = tuple(shape)
        self.element = element
        self.text = "tensor<" + "".join(f"{d}x" for d in shape) + \
            element + ">"

    @classmethod
    def parse(cls, text):
        """From `tensor<2x3xf32>`."""
        *dims, element = text[len("tensor<"):-1].split("x")
        return cls((int(d) for d in dims), element)

    @property
    def count(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def nbytes(self):
        element_types = import_fuse_hlo().ELEMENT_TYPES
        if self.element not in element_types:
            raise ValueError(f"unsupported element type {self.element}")
        return self.count * element_types[self.element].itemsize

    def short(self):
        return "x".join([str(d) for d in self.shape] + [self.element])


def entry_signature(program, entry="main", fuse_run=None):
    """(input types, result types) of @entry of an hlo program (text), as
    the C API's fuseModuleGetSignature gives them."""
    fuse_hlo = import_fuse_hlo(fuse_run)
    names = {dtype: name for name, dtype in fuse_hlo.ELEMENT_TYPES.items()}
    return tuple([TensorType(shape, names[dtype]) for shape, dtype in types]
                 for types in fuse_hlo.signature(program, entry))


def describe_types(types):
    """'4096x4096xf32 x2' for two equal types, comma-separated otherwise."""
    groups = []
    for t in types:
        if groups and groups[-1][0] == t.text:
            groups[-1][2] += 1
        else:
            groups.append([t.text, t.short(), 1])
    return ", ".join(s + (f" x{n}" if n > 1 else "") for _, s, n in groups)


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
        types = [TensorType.parse(t) for t in TENSOR_RE.findall(statement)]
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
# Workload programs: @main in the plain, unfused ops a user (or a NumPy
# tracer) would write, at any size; the passes are the variants' business.
# --------------------------------------------------------------------------


def _tensor(*dims, element="f32"):
    return TensorType(dims, element).text


def _main(arguments, results, body):
    """`func.func @main` of the (name, type) `arguments` and `results`."""
    types = [t for _, t in results]
    result_types = types[0] if len(types) == 1 else f"({', '.join(types)})"
    return (f"func.func @main({', '.join(f'{n}: {t}' for n, t in arguments)})"
            f" -> {result_types} {{\n{body}"
            f"  return {', '.join(n for n, _ in results)} : "
            f"{', '.join(types)}\n}}\n")


def _row_softmax(x, rows, cols, result):
    """Lines computing `result`, the softmax over the rows of the f32
    value `x`, max-shifted: e = exp(x - max(x, dim 1)), e / sum(e, dim 1)."""
    t, r = _tensor(rows, cols), _tensor(rows)
    return f"""\
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum({x} init %ninf) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : ({r}) -> {t}
  %shifted = hlo.subtract {x}, %maxb : {t}
  %e = hlo.exponential %shifted : {t}
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : ({r}) -> {t}
  {result} = hlo.divide %e, %sumb : {t}
"""


def _pair_distances(a, b, n, m, d, element, result):
    """Lines computing `result`, the n x m squared distances of the rows
    of `a` (n x d) and `b` (m x d), in the form a NumPy tracer gives
    ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1): n x m x d broadcasts, a
    subtraction, a square and a reduction over the features."""
    pairs, scalar = _tensor(n, m, d, element=element), f"tensor<{element}>"
    return f"""\
  %zero = hlo.constant dense<0.0> : {scalar}
  %ab = hlo.broadcast_in_dim {a}, dims = [0, 2]
      : ({_tensor(n, d, element=element)}) -> {pairs}
  %bb = hlo.broadcast_in_dim {b}, dims = [1, 2]
      : ({_tensor(m, d, element=element)}) -> {pairs}
  %diff = hlo.subtract %ab, %bb : {pairs}
  %sq = hlo.multiply %diff, %diff : {pairs}
  {result} = hlo.reduce add(%sq init %zero) dims = [2]
      : ({pairs}, {scalar}) -> {_tensor(n, m, element=element)}
"""


def running_example_program(n):
    """mean(x * x * 3 + y) of n x n f32 matrices (the structure of
    examples/running-example.mlir). Compulsory bytes: x and y read once,
    one f32 written."""
    t = _tensor(n, n)
    return _main([("%x", t), ("%y", t)], [("%mean", "tensor<f32>")], f"""\
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<{float(n * n)}> : tensor<f32>
  %xx = hlo.multiply %x, %x : {t}
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> {t}
  %xx3 = hlo.multiply %xx, %3 : {t}
  %sum = hlo.add %xx3, %y : {t}
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : ({t}, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
""")


def softmax_program(rows, cols):
    """Softmax over the rows (dim 1) of a rows x cols f32 matrix,
    max-shifted. Compulsory bytes: x read once, the result written once."""
    t = _tensor(rows, cols)
    return _main([("%x", t)], [("%result", t)],
                 _row_softmax("%x", rows, cols, "%result"))


def layer_norm_program(rows, cols):
    """Layer normalization of the rows of a rows x cols f32 matrix:
    c = x - mean(x, dim 1), var = mean(c * c, dim 1) (biased), result =
    c / sqrt(var + 1e-5) * gamma + beta, gamma and beta [cols] broadcast
    over the rows. Compulsory bytes: x, gamma and beta read once, the
    result written once."""
    t, r, c = _tensor(rows, cols), _tensor(rows), _tensor(cols)
    return _main([("%x", t), ("%gamma", c), ("%beta", c)], [("%result", t)],
                 f"""\
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<{float(cols)}> : {r}
  %eps = hlo.constant dense<1.0e-05> : {r}
  %sum = hlo.reduce add(%x init %zero) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %mean = hlo.divide %sum, %n : {r}
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : ({r}) -> {t}
  %c = hlo.subtract %x, %meanb : {t}
  %sq = hlo.multiply %c, %c : {t}
  %sqsum = hlo.reduce add(%sq init %zero) dims = [1]
      : ({t}, tensor<f32>) -> {r}
  %var = hlo.divide %sqsum, %n : {r}
  %vareps = hlo.add %var, %eps : {r}
  %std = hlo.sqrt %vareps : {r}
  %stdb = hlo.broadcast_in_dim %std, dims = [0] : ({r}) -> {t}
  %normed = hlo.divide %c, %stdb : {t}
  %gammab = hlo.broadcast_in_dim %gamma, dims = [1] : ({c}) -> {t}
  %betab = hlo.broadcast_in_dim %beta, dims = [1] : ({c}) -> {t}
  %scaled = hlo.multiply %normed, %gammab : {t}
  %result = hlo.add %scaled, %betab : {t}
""")


def add_program(n):
    """x + y of n x n f32 matrices: one elementwise op, the sanity check
    of the bound (two inputs read, one output written, like the triad
    kernel of bench/bandwidth.cpp)."""
    t = _tensor(n, n)
    return _main([("%x", t), ("%y", t)], [("%sum", t)],
                 f"  %sum = hlo.add %x, %y : {t}\n")


def product_program(lhs, rhs, contracting, batching=((), ()), element="f32"):
    """One hlo.dot_general of operands of the shapes `lhs` and `rhs`
    (contracting and batching dimensions as (lhs dims, rhs dims)): matrix
    products, A B^T, matrix-vector and batched products."""
    free = [[s for d, s in enumerate(shape)
             if d not in (*contracting[side], *batching[side])]
            for side, shape in enumerate((lhs, rhs))]
    a, b = _tensor(*lhs, element=element), _tensor(*rhs, element=element)
    result = _tensor(*[lhs[d] for d in batching[0]], *free[0], *free[1],
                     element=element)
    dims = (f"batching_dims = {list(batching[0])} x {list(batching[1])}, "
            if batching[0] else "")
    return _main([("%a", a), ("%b", b)], [("%0", result)], f"""\
  %0 = hlo.dot_general %a, %b, {dims}contracting_dims = \
{list(contracting[0])} x {list(contracting[1])} : ({a}, {b}) -> {result}
""")


def matrix_chain_program(n):
    """c = (A B) v with A and B n x n and v of n elements, f32, in the
    order written: a matrix-matrix product (n^3 multiply-adds, an n x n
    intermediate) then a matrix-vector one. --dot-order computes A (B v):
    two matrix-vector products, n times fewer multiply-adds."""
    t, v = _tensor(n, n), _tensor(n)
    return _main([("%a", t), ("%b", t), ("%v", v)], [("%c", v)], f"""\
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : ({t}, {t}) -> {t}
  %c = hlo.dot %ab, %v : ({t}, {v}) -> {v}
""")


def squared_distances_program(n, d):
    """The squared Euclidean distances between the rows of A and B (n x d
    f32 each) through n x n x d broadcasts. --algebraic-simplify computes
    |a_i|^2 + |b_j|^2 - 2 a_i . b_j: one matrix product and two row norms,
    nothing larger than the n x n result."""
    a = _tensor(n, d)
    return _main([("%a", a), ("%b", a)], [("%d", _tensor(n, n))],
                 _pair_distances("%a", "%b", n, n, d, "f32", "%d"))


def mlp_gelu_program(rows, features):
    """A dense layer: gelu(x W + b) with the tanh form of gelu, x rows x
    features, W features x features, f32 (fused, the epilogue runs per
    tile)."""
    t, w, b = _tensor(rows, features), _tensor(features, features), \
        _tensor(features)
    return _main([("%x", t), ("%w", w), ("%b", b)], [("%r", t)], f"""\
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : ({t}, {w}) -> {t}
  %bb = hlo.broadcast_in_dim %b, dims = [1] : ({b}) -> {t}
  %h = hlo.add %d, %bb : {t}
  %c0 = hlo.constant dense<0.5> : {t}
  %c1 = hlo.constant dense<1.0> : {t}
  %c2 = hlo.constant dense<0.7978845608> : {t}
  %c3 = hlo.constant dense<0.044715> : {t}
  %h2 = hlo.multiply %h, %h : {t}
  %h3 = hlo.multiply %h2, %h : {t}
  %t0 = hlo.multiply %c3, %h3 : {t}
  %t1 = hlo.add %h, %t0 : {t}
  %t2 = hlo.multiply %c2, %t1 : {t}
  %t3 = hlo.tanh %t2 : {t}
  %t4 = hlo.add %c1, %t3 : {t}
  %t5 = hlo.multiply %h, %t4 : {t}
  %r = hlo.multiply %c0, %t5 : {t}
""")


def attention_program(n, d):
    """An attention block: softmax(q k^T / 8) v, q, k, v n x d f32."""
    t, s = _tensor(n, d), _tensor(n, n)
    return _main([("%q", t), ("%k", t), ("%v", t)], [("%o", t)], f"""\
  %s = hlo.dot_general %q, %k, contracting_dims = [1] x [1]
      : ({t}, {t}) -> {s}
  %c = hlo.constant dense<0.125> : {s}
  %z = hlo.multiply %s, %c : {s}
{_row_softmax("%z", n, n, "%p")}\
  %o = hlo.dot_general %p, %v, contracting_dims = [1] x [0]
      : ({s}, {t}) -> {t}
""")


def sort_program(n):
    """jnp.sort of n f32 values, with JAX's comparator: NaN and zero made
    canonical, then a total order."""
    t = _tensor(n)
    return _main([("%x", t)], [("%sorted", t)], f"""\
  %sorted = hlo.sort(%x) dimension = 0, stable : {t} {{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %a_nan = hlo.compare NE, %a, %a : tensor<f32>
    %a_zero = hlo.compare EQ, %a, %zero : tensor<f32>
    %a0 = hlo.select %a_zero, %zero, %a : tensor<i1>, tensor<f32>
    %a1 = hlo.select %a_nan, %nan, %a0 : tensor<i1>, tensor<f32>
    %b_nan = hlo.compare NE, %b, %b : tensor<f32>
    %b_zero = hlo.compare EQ, %b, %zero : tensor<f32>
    %b0 = hlo.select %b_zero, %zero, %b : tensor<i1>, tensor<f32>
    %b1 = hlo.select %b_nan, %nan, %b0 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a1, %b1, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }}
""")


def digits_step_program(batch, pixels, classes):
    """One SGD step of softmax regression on sklearn's digits (the step of
    examples/python/softmax_regression.py): forward, gradient and update,
    f32. y holds the targets (one-hot in training; any values for
    timing)."""
    x, y = _tensor(batch, pixels), _tensor(batch, classes)
    w, b = _tensor(pixels, classes), _tensor(classes)
    return _main([("%x", x), ("%y", y), ("%w", w), ("%b", b)],
                 [("%w2", w), ("%b2", b)], f"""\
  %logits0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : ({x}, {w}) -> {y}
  %bb = hlo.broadcast_in_dim %b, dims = [1] : ({b}) -> {y}
  %logits = hlo.add %logits0, %bb : {y}
{_row_softmax("%logits", batch, classes, "%p")}\
  %diff = hlo.subtract %p, %y : {y}
  %scale = hlo.constant dense<0.0078125> : {y}
  %g = hlo.multiply %diff, %scale : {y}
  %gw = hlo.dot_general %x, %g, contracting_dims = [0] x [0]
      : ({x}, {y}) -> {w}
  %gb = hlo.reduce add(%g init %zero) dims = [0]
      : ({y}, tensor<f32>) -> {b}
  %lr = hlo.constant dense<0.5> : {w}
  %dw = hlo.multiply %gw, %lr : {w}
  %w2 = hlo.subtract %w, %dw : {w}
  %lrb = hlo.constant dense<0.5> : {b}
  %db = hlo.multiply %gb, %lrb : {b}
  %b2 = hlo.subtract %b, %db : {b}
""")


def kernel_vector_program(n, m, d, element="f64"):
    """r = K(X, Y) v with the squared-exponential kernel
    K_ij = exp(-|x_i - y_j|^2 / 2); X: n x d, Y: m x d, v: m x 1. The
    kernel matrix K (n x m) is what --split-tensors cuts into slices."""
    x, y = _tensor(n, d, element=element), _tensor(m, d, element=element)
    v, r = _tensor(m, 1, element=element), _tensor(n, 1, element=element)
    kernel, scalar = _tensor(n, m, element=element), f"tensor<{element}>"
    return _main([("%x", x), ("%y", y), ("%v", v)], [("%r", r)], f"""\
{_pair_distances("%x", "%y", n, m, d, element, "%d2")}\
  %mhalf = hlo.constant dense<-0.5> : {scalar}
  %mh = hlo.broadcast_in_dim %mhalf, dims = [] : ({scalar}) -> {kernel}
  %arg = hlo.multiply %d2, %mh : {kernel}
  %k = hlo.exponential %arg : {kernel}
  %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0]
      : ({kernel}, {v}) -> {r}
""")


def nearest_neighbour_program(queries, points, d, element="f32"):
    """For each query q_i: min_j |q_i - p_j|^2 and its argmin j (the first
    on ties), through one two-input hlo.reduce of the distances and an
    iota, as test/Integration/CPU/corpus/argmax.mlir does for the
    arg-max."""
    e = element
    q, p = _tensor(queries, d, element=e), _tensor(points, d, element=e)
    dist, idx = _tensor(queries, points, element=e), \
        _tensor(queries, points, element="i32")
    best, best_i = _tensor(queries, element=e), \
        _tensor(queries, element="i32")
    inf = {"f32": "0x7F800000", "f64": "0x7FF0000000000000"}[e]
    return _main([("%q", q), ("%p", p)], [("%nn#0", best), ("%nn#1", best_i)],
                 f"""\
{_pair_distances("%q", "%p", queries, points, d, e, "%d2")}\
  %idx = hlo.iota dim = 1 : {idx}
  %inf = hlo.constant dense<{inf}> : tensor<{e}>
  %none = hlo.constant dense<2147483647> : tensor<i32>
  %nn:2 = hlo.reduce(%d2 init %inf), (%idx init %none) dims = [1]
      : ({dist}, {idx}, tensor<{e}>, tensor<i32>) -> ({best}, {best_i}) {{
  ^bb0(%b: tensor<{e}>, %bi: tensor<i32>, %d: tensor<{e}>, %di: tensor<i32>):
    %closer = hlo.compare LT, %d, %b : tensor<{e}>
    %same = hlo.compare EQ, %d, %b : tensor<{e}>
    %first = hlo.compare LT, %di, %bi : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %closer, %tie : tensor<i1>
    %m = hlo.select %take, %d, %b : tensor<i1>, tensor<{e}>
    %mi = hlo.select %take, %di, %bi : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<{e}>, tensor<i32>
  }}
""")


# --------------------------------------------------------------------------
# The same computations, written once against the array API that numpy,
# jax.numpy and fuse_hlo.numpy share (xp is one of them), taking @main's
# inputs in order.
# --------------------------------------------------------------------------


def running_example(xp, x, y):
    return xp.mean(x * x * xp.float32(3) + y)


def softmax(xp, x):
    e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
    return e / xp.sum(e, axis=1, keepdims=True)


def layer_norm(xp, x, gamma, beta):
    c = x - xp.mean(x, axis=1, keepdims=True)
    var = xp.mean(c * c, axis=1, keepdims=True)
    return c / xp.sqrt(var + xp.float32(1e-5)) * gamma + beta


def add(xp, x, y):
    return x + y


def matrix_chain(xp, a, b, v):
    return (a @ b) @ v


def squared_distances(xp, a, b):
    return ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)


def matmul(xp, a, b):
    return a @ b


def matmul_abt(xp, a, b):
    return a @ b.T


def mlp_gelu(xp, x, w, b):
    h = x @ w + b
    return 0.5 * h * (1.0 + xp.tanh(0.7978845608 * (h + 0.044715 * h * h * h)))


def attention(xp, q, k, v):
    return softmax(xp, (q @ k.T) * 0.125) @ v


def digits_step(xp, x, y, w, b):
    g = (softmax(xp, x @ w + b) - y) * 0.0078125
    return w - 0.5 * (x.T @ g), b - 0.5 * xp.sum(g, axis=0)


def mlp_training_step(xp, w1, w2, x, targets, learning_rate):
    """One SGD step of a 2-layer ReLU MLP with softmax cross-entropy, the
    gradient written out (fuse_hlo.numpy has no autodiff)."""
    hidden = xp.maximum(x @ w1, 0)
    probabilities = softmax(xp, hidden @ w2)
    loss = -xp.mean(xp.sum(targets * xp.log(probabilities), axis=1))
    d_logits = (probabilities - targets) / x.shape[0]
    grad_w2 = hidden.T @ d_logits
    d_hidden = xp.where(hidden > 0, d_logits @ w2.T, 0)
    grad_w1 = x.T @ d_hidden
    return w1 - learning_rate * grad_w1, w2 - learning_rate * grad_w2, loss


# --------------------------------------------------------------------------
# The workloads of run.py and products.py
# --------------------------------------------------------------------------


class Workload:
    """A program generated at `sizes` ({parameter: size}, each divided by
    --scale), and compute(xp, *inputs), the same computation: the numpy
    reference (xp = numpy) and, under jax.jit, the JAX column (xp =
    jax.numpy). targets=True: a workload of the fusion issue (run.py's
    TARGETS). rtol/atol: --check tolerances where the defaults do not
    fit. by_default=False: left out of a plain run.py, for workloads of
    other issues whose unfused form runs for minutes; --only names them.
    products=True: a workload of bench/products.py."""

    def __init__(self, name, program, sizes, compute, note, targets=False,
                 rtol=None, atol=None, by_default=True, products=False):
        self.name = name
        self.products = products
        self.make_program = program
        self.sizes = sizes
        self.compute = compute
        self.note = note
        self.targets = targets
        self.rtol = rtol
        self.atol = atol
        self.by_default = by_default

    def program(self, scale=1):
        """The program with every size divided by `scale`; ValueError when
        one is not divisible."""
        for size in self.sizes.values():
            if size % scale:
                raise ValueError(f"dimension {size} is not divisible by "
                                 f"--scale {scale}")
        return self.make_program(**{k: v // scale
                                    for k, v in self.sizes.items()})

    def reference(self, *inputs):
        """The numpy reference."""
        return self.compute(np, *inputs)


# The products issue's workloads: sums of K products of inputs in [-3, 3)
# reach ~3 sqrt(K) * 3, and f32 in another order differs by a few ulps of
# that.
PRODUCT_TOLERANCES = dict(rtol=1e-3, atol=1e-2, by_default=False,
                          products=True)


def _product(name, compute, note, lhs, rhs, contracting, batching=((), ()),
             element="f32"):
    """A workload of one product of operands of the shapes `lhs` and
    `rhs` (see product_program)."""
    sizes = {f"d{i}": size for i, size in enumerate(lhs + rhs)}

    def program(**scaled):
        dims = [scaled[f"d{i}"] for i in range(len(sizes))]
        return product_program(dims[:len(lhs)], dims[len(lhs):],
                               contracting, batching, element)

    return Workload(name, program, sizes, compute, note,
                    **PRODUCT_TOLERANCES)


WORKLOADS = [
    Workload("running_example_4096", running_example_program, {"n": 4096},
             running_example, "mean(x*x*3 + y), unfused ops", targets=True),
    Workload("running_example_8192", running_example_program, {"n": 8192},
             running_example,
             "mean(x*x*3 + y), unfused ops; inputs 256 MiB each",
             targets=True),
    Workload("softmax_8192x4096", softmax_program,
             {"rows": 8192, "cols": 4096}, softmax,
             "softmax over rows (dim 1), max-shifted; 128 MiB in, 128 out",
             targets=True),
    # Results near zero (normed * gamma ~ -beta) carry rounding errors up to
    # ~2e-6 (the ulp of operands of magnitude ~3-9): fuse-run's own f32 atol.
    Workload("layer_norm_8192x4096", layer_norm_program,
             {"rows": 8192, "cols": 4096}, layer_norm,
             "(x-mean)/sqrt(var+1e-5)*gamma+beta over rows", targets=True,
             atol=1e-5),
    Workload("softmax_4096x1024", softmax_program,
             {"rows": 4096, "cols": 1024}, softmax,
             "softmax over dim 1, max-shifted; 32 MiB moved ~ L3 size"),
    Workload("add_4096", add_program, {"n": 4096}, add,
             "x + y: sanity check of the bound (triad-like)"),
    # Sums of 2048 products of inputs in [-3, 3), twice: results of about
    # 2048 * 3 in magnitude, where reassociation and f32 accumulation leave
    # absolute errors of a few units of 1e-2.
    Workload("matrix_chain_2048", matrix_chain_program, {"n": 2048},
             matrix_chain, "(A B) v, f32; variant dot-order computes A (B v)",
             rtol=1e-3, atol=1.0, by_default=False),
    # The rewritten form cancels where a distance is small next to the row
    # norms (~192 each): absolute errors of a few f32 ulps of 384.
    Workload("squared_distances_4096x64", squared_distances_program,
             {"n": 4096, "d": 64}, squared_distances,
             "naive sum_k (a_ik - b_jk)^2 through 4096x4096x64 broadcasts; "
             "variant algebraic-simplify: norms + one matrix product",
             atol=1e-3, by_default=False, products=True),
] + [
    _product(f"matmul_{n}", matmul, f"A B, {n}^3 f32", (n, n), (n, n),
             ([1], [0])) for n in (256, 512, 1024, 2048, 4096)
] + [
    _product("matmul_4096x1024x1024", matmul, "A B, 4096x1024 times 1024^2",
             (4096, 1024), (1024, 1024), ([1], [0])),
    _product("batch_matmul_64x256", matmul, "64 products of 256^3 f32",
             (64, 256, 256), (64, 256, 256), ([2], [1]), ([0], [0])),
    _product("matmul_f64_1024", matmul, "A B, 1024^3 f64", (1024, 1024),
             (1024, 1024), ([1], [0]), element="f64"),
    _product("matmul_abt_1024", matmul_abt, "A B^T, 1024^3 f32",
             (1024, 1024), (1024, 1024), ([1], [1])),
    _product("matvec_8192", matmul, "A x, 8192^2 f32 (memory-bound)",
             (8192, 8192), (8192,), ([1], [0])),
    Workload("mlp_gelu_4096x1024", mlp_gelu_program,
             {"rows": 4096, "features": 1024}, mlp_gelu,
             "gelu(x W + b), 4096x1024x1024", **PRODUCT_TOLERANCES),
    Workload("attention_2048x64", attention_program, {"n": 2048, "d": 64},
             attention, "softmax(q k^T / 8) v, 2048x64",
             **PRODUCT_TOLERANCES),
    Workload("digits_step_128", digits_step_program,
             {"batch": 128, "pixels": 64, "classes": 10}, digits_step,
             "softmax regression SGD step, 128x64 images, 10 classes",
             **PRODUCT_TOLERANCES),
]
KNOWN = {w.name: w for w in WORKLOADS}


def write_programs(directory, programs):
    """Writes each (name, doc, text) program to DIR/<name>.mlir."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for name, doc, text in programs:
        path = directory / f"{name}.mlir"
        path.write_text(f"// bench workload {name}: {doc}\n{text}")
        print(path)


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


# --------------------------------------------------------------------------
# JAX on CPU
#
# Measured in a child process (this file as a script), one per workload:
# XLA's CPU client sizes its intra-op thread pool once, when jax first makes
# the client, from PJRT_NPROC (or NPROC, else the usable cores), so the
# thread count must be set before jax is imported; and jax's threads and
# memory do not stay behind in the harness while fuse-run is timed.
# --------------------------------------------------------------------------

JAX_MISSING = ("jax is not installed for {}: jax columns are n/a "
               "(pip install -r bench/requirements.txt, or pip install jax)")


def jax_available():
    """jax's version string without importing it, else None."""
    if importlib.util.find_spec("jax") is None:
        return None
    try:
        from importlib.metadata import version
        return version("jax")
    except Exception:  # installed without metadata
        return "?"


def _signature_text(types):
    return ";".join(f"{t.element}[{','.join(map(str, t.shape))}]"
                    for t in types)


def _parse_signature_text(text):
    types = []
    for item in filter(None, text.split(";")):
        element, dims = item[:-1].split("[")
        types.append(TensorType((int(d) for d in dims.split(",") if d),
                                element))
    return types


def run_jax(workload, inputs, runs, seed, threads, timeout, check, rtol,
            atol):
    """Times workload.compute under jax.jit in a child process with
    `threads` XLA threads, on inputs of the TensorTypes `inputs`; a record
    with min_ms/median_ms (or 'error')."""
    cmd = [sys.executable, str(Path(__file__).resolve()), workload.name,
           "--inputs", _signature_text(inputs), "--runs", str(runs),
           "--seed", str(seed), "--threads", str(threads),
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
            error_line(proc.stderr), "stderr": proc.stderr[-4000:]}


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


def jax_worker(argv=None):
    """run_jax's child process: prints one JSON line."""
    parser = argparse.ArgumentParser(description="run_jax's child process")
    parser.add_argument("workload", choices=list(KNOWN))
    parser.add_argument("--inputs", required=True)
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--rtol", type=float, required=True)
    parser.add_argument("--atol", type=float, required=True)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    threads = args.threads
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
    workload = KNOWN[args.workload]
    ins = _parse_signature_text(args.inputs)
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
    record = time_calls(
        lambda: jax.block_until_ready(function(*device_inputs)), args.runs)
    record.update({"first_call_ms": first_ms, "threads": threads,
                   "pool_threads": xla_pool_threads(), "pinned_cpus": pinned,
                   "jax": jax.__version__, "backend": jax.default_backend()})
    if args.check and any(t.element == "bf16" for t in ins):
        record["check"] = {"error": "bf16 inputs: numpy has no bf16, not "
                                    "checked"}
    elif args.check:
        got = [np.asarray(g, dtype=np.float32) if g.dtype == jnp.bfloat16
               else np.asarray(g)
               for g in results_list(function(*device_inputs))]
        del device_inputs
        expected = results_list(workload.reference(*inputs))
        record["check"] = compare_results(got, expected, args.rtol,
                                          args.atol)
    print(json.dumps(record))
    return 0


if __name__ == "__main__":
    sys.exit(jax_worker())
