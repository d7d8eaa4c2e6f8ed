#!/usr/bin/env python3
"""Compile time by phase: how fuse's compile grows with the program, and
(--models) how it compares with jax.jit's on bench/models.py's models.

    python3 bench/compile.py                            # 4 families at 1k, 2k, 4k ops
    python3 bench/compile.py --sizes 1000,4000,16000     # about 90 s here
    python3 bench/compile.py --families chain,loop --sizes 500,1000
    python3 bench/compile.py --models --only vae,mlp    # ... and real models against jax.jit
    python3 bench/compile.py --keep /tmp/progs --json out.json
    python3 bench/compile.py --families none --programs big.hlo,step.mlir

Each program is compiled as fuse_hlo compiles it, in two tools whose
--mlir-timing reports give the phases: `fuse-opt` runs the hlo passes
(fuse_hlo.DEFAULT_PASSES: canonicalization and fusion), then `fuse-run
--no-cache --compile-only` lowers its output to the CPU and stops (nothing
runs). The phases:

- import: (models only) JAX's HLO text printed and imported into the hlo
  dialect, in Python (fuse_hlo.jax.Lowered).
- hlo passes: fuse-opt's passes; the largest are named.
- bufferize: one-shot bufferization and the buffer passes after it
  (deallocation, results as out-parameters, stack promotion).
- lowering: the rest of the pipeline: hlo to linalg, loops, vectors,
  OpenMP, LLVM dialect; any pass not named above.
- LLVM translate, LLVM opt+codegen, link: fuse-run's "LLVM" scopes.

With --models each model is compiled --repeats times (default 2) by each
compiler, fuse in fresh tool runs and JAX from a fresh lowering after
jax.clear_caches(), and each one's fastest compile counts: a single
jax.jit compile of the ResNet step moved 1.5x between runs on a noisy
2-core VM. Each synthetic program is compiled --repeats times too, in
rounds over the sizes, and each phase's (and pass's) fastest time counts.

The synthetic families (`--families`) are generated here at about
`--sizes` hlo ops each: chain (elementwise ops on 64x64 with a full
reduction every 50), wide (independent dot + multiply + tanh branches,
summed), loop (hlo.while loops of 250-op bodies, in sequence) and
transformer (layers of attention, softmax, layer norms and an MLP on 16
tokens of width 32, each layer's weights arguments). Per family it prints
seconds per phase and size, and each phase's exponent: the least-squares
slope of log(seconds) against log(ops) over the sizes where the phase
takes at least 20 ms (below that it is noise; `-` where fewer than two
sizes qualify). Issue 38 asks every phase to grow no faster than ops^1.2;
a `*` marks those that do.
"""

import argparse
import ast
import json
import math
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness

ht = harness.hlo_writer()

FAMILIES = ("chain", "wide", "loop", "transformer")
# About 5 minutes on 2 cores; with 4000 and 16000 about 20 (wide and
# transformer lower each dot_general into much IR); 64000, hours.
DEFAULT_SIZES = "1000,2000,4000"
# Issue 38: every phase at most O(ops^1.2).
EXPONENT_TARGET = 1.2
# Phases below this many seconds are noise for the fit.
NOISE_SECONDS = 0.02
LARGEST_PASSES = 3
STEEP_PASSES = 5
TOOL_OF = {"hlo_passes": "fuse-opt", "lowering_passes": "fuse-run"}

PHASES = ("import", "hlo passes", "bufferize", "lowering", "LLVM translate",
          "LLVM opt+codegen", "link")
# fuse-run's scopes under "LLVM" (lib/Execution/JitProgram.cpp, HostJit.cpp).
LLVM_PHASES = {"Translate to LLVM IR": "LLVM translate",
               "Optimize and generate code": "LLVM opt+codegen",
               "Link and initialize": "link"}
BUFFERIZE_RE = re.compile(r"Bufferiz|Buffer|Dealloc|Realloc")
# Scopes that hold passes rather than being one.
CONTAINER_RE = re.compile(r"Pipeline( Collection|$)")
# Scopes that are no compile work: reading and writing text, the report's
# own lines, and the cache, which --no-cache leaves out.
NOT_PASSES = {"Parser", "Output", "Rest", "Total", "Compilation cache"}
# A line of MLIR's tree report: "    0.0062 (  0.9%)    Translate to LLVM IR",
# two spaces of indentation a level.
TIMING_LINE_RE = re.compile(
    r"^(?:\s*(-?\d+\.\d+) \(\s*-?\d+\.\d+%\))+  ( *)(\S.*?)\s*$")
# The tree, not the list: the list merges scopes of one name, and counts
# pipelines and "LLVM" (which spans the lowering passes too) beside what
# they hold.
TIMING = ["--mlir-timing", "--mlir-timing-display=tree"]
OP_LINE_RE = re.compile(r"^\s*(?:%[^=]*=\s*)?\"?hlo\.\w+", re.M)


# --------------------------------------------------------------------------
# Synthetic programs
# --------------------------------------------------------------------------


class Body:
    """The ops of a func.func @main under construction (its Block, and the
    Blocks of its loops' regions), with fresh value names, the arguments it
    asked for and its op count."""

    def __init__(self):
        self.block, self.arguments = ht.Block(), []
        self.ops = self.names = 0

    def fresh(self):
        self.names += 1
        return f"%v{self.names}"

    def argument(self, type_):
        value = ht.Value(f"%a{len(self.arguments)}", type_)
        self.arguments.append(value)
        return value

    def op(self, op, block=None):
        """Names `op`'s result in `block` (the function's by default);
        returns it."""
        self.ops += 1
        return (block or self.block).let(self.fresh(), op)

    def function(self, result):
        return ht.function("main", self.arguments, self.block, [result])


def tensor(*dims):
    return ht.tensor_type(dims, "f32")


SQUARE = tensor(64, 64)
SCALAR = "tensor<f32>"


def splat(body, value, type_, block=None):
    return body.op(ht.constant(f"dense<{value}>", type_), block)


# The elementwise ops of chains: "u" of the value, "b" of it and x, "h" of
# it and 0.5.
CHAIN_OPS = [("u", "tanh"), ("u", "sine"), ("u", "cosine"), ("u", "logistic"),
             ("u", "negate"), ("u", "abs"), ("b", "add"), ("b", "subtract"),
             ("b", "maximum"), ("h", "multiply")]


def chain_segment(body, v, x, length, rng, block=None):
    """`length` ops on the 64x64 value `v`: elementwise ops drawn by `rng`
    (so that kernels differ, as a real program's do, and the outliner
    cannot share them), then v - sum(v), a full reduction, which ends a
    fusion."""
    zero = splat(body, "0.0", SCALAR, block)
    half = splat(body, "0.5", SQUARE, block)
    for _ in range(max(length - 5, 0)):
        kind, name = rng.choice(CHAIN_OPS)
        operands = {"u": [v], "b": [v, x], "h": [v, half]}[kind]
        v = body.op(ht.same_type(name, *operands), block)
    total = body.op(ht.reduce("add", v, zero, [0, 1], SCALAR), block)
    spread = body.op(ht.to_type("broadcast_in_dim", total, SQUARE, []),
                     block)
    return body.op(ht.same_type("subtract", v, spread), block)


def chain_program(ops):
    """A chain of elementwise ops on 64x64 with a full reduction every 50
    ops, so that fusion makes a kernel of each 50."""
    body, rng = Body(), random.Random(ops)
    x = body.argument(SQUARE)
    v = x
    while body.ops < ops:
        v = chain_segment(body, v, x, 50, rng)
    return body.function(v)


def wide_program(ops):
    """Independent branches tanh((x * c_i) w) of a 16x32 x and a 32x32 w,
    each with its own constant c_i, summed pairwise at the end."""
    body = Body()
    row = tensor(16, 32)
    x, w = body.argument(row), body.argument(tensor(32, 32))
    branches = []
    # Four ops a branch and one to sum it.
    for i in range(max(ops // 5, 1)):
        scale = splat(body, f"{1.0 + i * 1e-4:.6f}", row)
        scaled = body.op(ht.same_type("multiply", x, scale))
        product = body.op(ht.dot_general(scaled, w, ((), ()), ([1], [0]),
                                         row))
        branches.append(body.op(ht.same_type("tanh", product)))
    while len(branches) > 1:
        pairs = [body.op(ht.same_type("add", a, b))
                 for a, b in zip(branches[::2], branches[1::2])]
        branches = pairs + branches[len(pairs) * 2:]
    return body.function(branches[0])


LOOP_BODY = 250
LOOP_TRIPS = 2


def loop_program(ops):
    """hlo.while loops in sequence, each of LOOP_TRIPS trips over a body of
    about LOOP_BODY ops (chains as chain_program's), the next loop starting
    from the last one's value."""
    body, rng = Body(), random.Random(ops)
    x = body.argument(SQUARE)
    counter = "tensor<i32>"
    v = x
    while body.ops < ops:
        start = splat(body, "0", counter)
        i = ht.Value(body.fresh(), counter)
        carried = ht.Value(body.fresh(), SQUARE)
        loop = body.fresh()
        condition, step = ht.Block(), ht.Block()
        trips = splat(body, str(LOOP_TRIPS), counter, condition)
        less = body.op(ht.compare("LT", i, trips), condition)
        one = splat(body, "1", counter, step)
        following = body.op(ht.same_type("add", i, one), step)
        value = carried
        for _ in range(LOOP_BODY // 50):
            value = chain_segment(body, value, x, 50, rng, step)
        # The loop and the hlo.returns of its two regions.
        body.ops += 3
        v = body.block.let(loop, ht.while_(
            [i, carried], [start, v], ht.region([], condition, [less]),
            ht.region([], step, [following, value])))[1]
    return body.function(v)


TOKENS, WIDTH, HIDDEN = 16, 32, 64


def layer_norm(body, h):
    """(h - mean) * rsqrt(var + 1e-5) over each token's features."""
    act, tok = tensor(TOKENS, WIDTH), tensor(TOKENS)
    zero = splat(body, "0.0", SCALAR)
    width = splat(body, f"{float(WIDTH)}", tok)
    eps = splat(body, "1.0e-05", tok)

    def mean(v):
        total = body.op(ht.reduce("add", v, zero, [1], tok))
        return body.op(ht.same_type("divide", total, width))

    def spread(v):
        return body.op(ht.to_type("broadcast_in_dim", v, act, [0]))
    centered = body.op(ht.same_type("subtract", h, spread(mean(h))))
    square = body.op(ht.same_type("multiply", centered, centered))
    shifted = body.op(ht.same_type("add", mean(square), eps))
    inverse = body.op(ht.same_type("rsqrt", shifted))
    return body.op(ht.same_type("multiply", centered, spread(inverse)))


def dot(body, a, b, result_type, contracting=([1], [0])):
    return body.op(ht.dot_general(a, b, ((), ()), contracting, result_type))


def transformer_layer(body, h):
    """A pre-norm block: single-head attention with a max-shifted softmax,
    and a tanh MLP, each added to the residual."""
    act, scores, tok = (tensor(TOKENS, WIDTH), tensor(TOKENS, TOKENS),
                        tensor(TOKENS))
    square, up, down = (tensor(WIDTH, WIDTH), tensor(WIDTH, HIDDEN),
                        tensor(HIDDEN, WIDTH))
    hidden = tensor(TOKENS, HIDDEN)
    n = layer_norm(body, h)
    q, k, v = (dot(body, n, body.argument(square), act) for _ in range(3))
    s = dot(body, q, k, scores, ([1], [1]))
    scale = splat(body, f"{WIDTH ** -0.5:.8f}", scores)
    s = body.op(ht.same_type("multiply", s, scale))
    ninf = splat(body, "0xFF800000", SCALAR)
    zero = splat(body, "0.0", SCALAR)
    top = body.op(ht.reduce("maximum", s, ninf, [1], tok))
    top = body.op(ht.to_type("broadcast_in_dim", top, scores, [0]))
    shifted = body.op(ht.same_type("subtract", s, top))
    e = body.op(ht.same_type("exponential", shifted))
    total = body.op(ht.reduce("add", e, zero, [1], tok))
    total = body.op(ht.to_type("broadcast_in_dim", total, scores, [0]))
    p = body.op(ht.same_type("divide", e, total))
    attended = dot(body, p, v, act)
    projected = dot(body, attended, body.argument(square), act)
    h = body.op(ht.same_type("add", h, projected))
    n = layer_norm(body, h)
    expanded = dot(body, n, body.argument(up), hidden)
    expanded = body.op(ht.same_type("tanh", expanded))
    contracted = dot(body, expanded, body.argument(down), act)
    return body.op(ht.same_type("add", h, contracted))


def transformer_program(ops):
    """A stack of transformer_layer blocks on 16 tokens of width 32, as
    many as reach `ops`; each layer's six weights are arguments."""
    body = Body()
    h = body.argument(tensor(TOKENS, WIDTH))
    while body.ops < ops:
        h = transformer_layer(body, h)
    return body.function(h)


GENERATORS = {"chain": chain_program, "wide": wide_program,
              "loop": loop_program, "transformer": transformer_program}


def count_ops(text):
    """The hlo ops of a module's text: one a line, as printed."""
    return len(OP_LINE_RE.findall(text))


# --------------------------------------------------------------------------
# Running the tools and reading their timing reports
# --------------------------------------------------------------------------


class ToolError(Exception):
    pass


def parse_timing(text):
    """The tree of MLIR's --mlir-timing-display=tree report in `text`, as
    [(name, seconds, children)]; other lines (the program's output,
    progress messages) are skipped."""
    roots, stack = [], []
    for line in text.splitlines():
        match = TIMING_LINE_RE.match(line)
        if not match:
            continue
        depth = len(match.group(2)) // 2
        node = (match.group(3), float(match.group(1)), [])
        del stack[depth:]
        (stack[-1][2] if stack else roots).append(node)
        stack.append(node)
    return roots


def passes(nodes):
    """(name, seconds) of each pass of a timing tree, pipelines' passes in
    their place; analyses are inside the pass that ran them."""
    for name, seconds, children in nodes:
        if name in NOT_PASSES:
            continue
        if CONTAINER_RE.search(name):
            yield from passes(children)
        else:
            yield name, seconds


def add(totals, name, seconds):
    totals[name] = totals.get(name, 0.0) + seconds


def run_tool(command, timeout, env=None):
    """Runs a tool with --mlir-timing; its timing tree, else ToolError with
    the first error line and the command."""
    command = [str(c) for c in command]
    start = time.perf_counter()
    try:
        proc = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        raise ToolError(f"timed out after {timeout} s: "
                        f"{shlex.join(command)}") from None
    if proc.returncode != 0:
        raise ToolError(f"{Path(command[0]).name} exit {proc.returncode}: "
                        f"{harness.error_line(proc.stderr)}\n  "
                        f"{shlex.join(command)}")
    tree = parse_timing(proc.stderr)
    if not tree:
        raise ToolError(f"no timing report on stderr: {shlex.join(command)}")
    return tree, time.perf_counter() - start


def compile_phases(args, source, record):
    """Adds to `record` the seconds of each phase of compiling the hlo
    program `source` (a Path), the passes by name and the tools' wall
    times; ToolError if a tool fails."""
    optimized = source.with_name(source.name.replace(".mlir", ".opt.mlir"))
    tree, record["fuse_opt_wall_s"] = run_tool(
        [args.fuse_opt, source, f"--pass-pipeline=builtin.module("
         f"{args.passes})", "-o", optimized, *TIMING], args.timeout)
    hlo = record["hlo_passes"] = {}
    for name, seconds in passes(tree):
        add(hlo, name, seconds)
    phases = record["phases"]
    phases["hlo passes"] = sum(hlo.values())

    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    tree, record["fuse_run_wall_s"] = run_tool(
        [args.fuse_run, optimized, "--entry=main", "--compile-only",
         "--no-cache", *TIMING],
        args.timeout, env)
    lowering = record["lowering_passes"] = {}
    for phase in PHASES[2:]:
        phases[phase] = 0.0
    for name, seconds, children in tree:
        # "LLVM" also spans the lowering passes, which the tree lists
        # beside it: only its parts count.
        if name == "LLVM":
            for part, part_seconds, _ in children:
                add(phases, LLVM_PHASES.get(part, "lowering"), part_seconds)
                add(lowering, part, part_seconds)
    for name, seconds in passes(n for n in tree if n[0] != "LLVM"):
        add(phases, "bufferize" if BUFFERIZE_RE.search(name) else "lowering",
            seconds)
        add(lowering, name, seconds)


def fastest_phases(records):
    """One record of each phase's, each pass's and each tool's fastest
    time over `records` (compiles of one program), with the total as the
    sum of the fastest phases."""
    best = dict(records[0])
    for key in ("phases", "hlo_passes", "lowering_passes"):
        best[key] = {}
        for name in {n for r in records for n in r[key]}:
            best[key][name] = min(r[key].get(name, 0.0) for r in records)
    for key in ("fuse_opt_wall_s", "fuse_run_wall_s"):
        best[key] = min(r[key] for r in records)
    best["phases"]["total"] = sum(
        v for k, v in best["phases"].items() if k != "total")
    return best


def measure_family(args, family, workdir):
    """A record per size of `family`: each program compiled --repeats
    times, in rounds over the sizes, and each phase's fastest kept. A phase
    of tens of milliseconds moved by half between compiles on a busy VM,
    and such a spell lasts minutes: rounds spread it over every size
    instead of tilting the fitted exponent at one of them."""
    programs = [(size, GENERATORS[family](size)) for size in args.sizes]
    attempts = {size: [] for size in args.sizes}
    for repeat in range(args.repeats):
        for size, text in programs:
            if attempts[size] and "error" in attempts[size][-1]:
                continue
            print(f"  {family} {size} ({repeat + 1} of {args.repeats}) ...",
                  flush=True)
            attempts[size].append(measure_program(
                args, f"{family}_{size}", text, workdir,
                {"family": family, "size": size}))
    return [tries[-1] if "error" in tries[-1] else fastest_phases(tries)
            for tries in attempts.values()]


def measure_program(args, name, text, workdir, record):
    """Writes the program and times its compile into `record`; a failure
    becomes record['error'], and the run goes on."""
    source = workdir / f"{name}.mlir"
    source.write_text(text)
    record.update(file=str(source), ops=count_ops(text))
    record.setdefault("phases", {})
    try:
        compile_phases(args, source, record)
    except ToolError as error:
        record["error"] = str(error)
    record["phases"]["total"] = sum(record["phases"].values())
    return record


# --------------------------------------------------------------------------
# Fits and tables
# --------------------------------------------------------------------------


def exponent(points):
    """The least-squares slope of log(seconds) against log(ops) over the
    (ops, seconds) points of at least NOISE_SECONDS; None with fewer than
    two distinct sizes."""
    points = [(math.log(o), math.log(s)) for o, s in points
              if s is not None and s >= NOISE_SECONDS]
    if len({x for x, _ in points}) < 2:
        return None
    mx = statistics.mean(x for x, _ in points)
    my = statistics.mean(y for _, y in points)
    return (sum((x - mx) * (y - my) for x, y in points) /
            sum((x - mx) ** 2 for x, _ in points))


def fmt_exponent(value):
    if value is None:
        return "-"
    # Marked as printed: 1.204 is 1.20, within the target.
    return f"{value:.2f}" + ("*" if round(value, 2) > EXPONENT_TARGET
                             else "")


def fmt_s(value):
    if value is None:
        return "FAIL"
    return f"{value:.3f}" if value < 10 else f"{value:.2f}" if value < 100 \
        else f"{value:.1f}"


def short_pass(name):
    return name[:-len("Pass")] if name.endswith("Pass") else name


def largest(times, count=LARGEST_PASSES):
    return sorted(times, key=times.get, reverse=True)[:count]


def phase_cells(record, phases):
    """A row's seconds per phase: FAIL for phases that a failure left
    unmeasured (and for the total then)."""
    measured = record["phases"]
    failed = "error" in record
    return [fmt_s(None if (failed and (p not in measured or p == "total"))
                  else measured.get(p)) for p in phases]


def family_exponents(records, phases):
    """Each phase's exponent, and each pass's (of either tool)."""
    good = [r for r in records if "error" not in r]
    fits = {p: exponent([(r["ops"], r["phases"].get(p)) for r in good])
            for p in phases}
    pass_fits = {}
    # Canonicalizer runs in both tools: each tool's passes apart.
    for key in ("hlo_passes", "lowering_passes"):
        for n in {n for r in good for n in r[key]}:
            fit = exponent([(r["ops"], r[key].get(n)) for r in good])
            if fit is not None:
                pass_fits[key, n] = fit
    return fits, pass_fits


def print_family(family, records):
    phases = PHASES[1:] + ("total",)
    rows = []
    for r in records:
        hlo = r.get("hlo_passes", {})
        rows.append([str(r["ops"]), *phase_cells(r, phases),
                     ", ".join(f"{short_pass(n)} {fmt_s(hlo[n])}"
                               for n in largest(hlo))])
    fits, pass_fits = family_exponents(records, phases)
    biggest = max((r for r in records if "error" not in r),
                  key=lambda r: r["ops"], default=None)
    names = largest(biggest["hlo_passes"]) if biggest else []
    rows.append(["exponent", *(fmt_exponent(fits[p]) for p in phases),
                 ", ".join(f"{short_pass(n)} "
                           f"{fmt_exponent(pass_fits.get(('hlo_passes', n)))}"
                           for n in names)])
    print(f"\n{family} (seconds):")
    harness.print_table(["ops", *phases, "largest hlo passes"], rows,
                       left=(0, len(phases) + 1))
    # The passes above the target that cost the most at the largest size.
    steep = sorted((k for k, e in pass_fits.items()
                    if round(e, 2) > EXPONENT_TARGET),
                   key=lambda k: biggest[k[0]].get(k[1], 0.0), reverse=True)
    if steep:
        print(f"passes growing faster than ops^{EXPONENT_TARGET} (exponent, "
              f"seconds at {biggest['ops']} ops): " +
              "; ".join(f"{n} ({TOOL_OF[key]}): {pass_fits[key, n]:.2f}, "
                        f"{fmt_s(biggest[key].get(n, 0.0))} s"
                        for key, n in steep[:STEEP_PASSES]) +
              (f"; {len(steep) - STEEP_PASSES} more in --json"
               if len(steep) > STEEP_PASSES else ""))
    for r in records:
        if "error" in r:
            print(f"FAIL at {r['ops']} ops ({r['file']}): {r['error']}")
    return {"phases": fits,
            "passes": {f"{TOOL_OF[key]}: {n}": e
                       for (key, n), e in pass_fits.items()}}


# --------------------------------------------------------------------------
# Models: fuse against jax.jit
# --------------------------------------------------------------------------


def measure_model(args, name, build, workdir):
    """One model of bench/flax_models.py: JAX's lowering, fuse's import
    and phases, and jax.jit's compile of the same step."""
    import jax
    import fuse_hlo.jax as fjax
    import models

    record = {"model": name, "phases": {}}
    try:
        step, inputs, record["description"] = build()
        jax_inputs = jax.device_put(inputs)
        # As models.py times jax.jit. Its lowering (tracing the flax model,
        # StableHLO) is fuse's first stage too: timed once, here, cold, and
        # counted for both.
        start = time.perf_counter()
        jitted = jax.jit(step).lower(*jax_inputs)
        record["jax_lower_s"] = time.perf_counter() - start
        # The best of --repeats compiles, each of a fresh lowering: JAX
        # keeps compiled steps per function until its caches are cleared.
        compiles = []
        for repeat in range(args.repeats):
            if repeat:
                jax.clear_caches()
                jitted = jax.jit(step).lower(*jax_inputs)
            start = time.perf_counter()
            jitted.compile()
            compiles.append(time.perf_counter() - start)
        record["jax_compile_s"] = min(compiles)
        # As fuse_hlo.jax.jit lowers (every argument kept) and imports.
        lowered = jax.jit(step, keep_unused=True).lower(
            *models.as_numpy(inputs))
        start = time.perf_counter()
        staged = fjax.Lowered(lowered, f"{name}.hlo", args.passes, "")
        record["phases"]["import"] = time.perf_counter() - start
        text = staged.as_text("hlo")
    except Exception as error:  # report the model, and go on
        record["error"] = f"{type(error).__name__}: {error}"
        return record
    # fuse's best of --repeats compiles, by their total.
    imported = dict(record["phases"])
    best = None
    for _ in range(args.repeats):
        attempt = dict(record, phases=dict(imported))
        measure_program(args, name, text, workdir, attempt)
        if best is None or ("error" not in attempt and
                            attempt["phases"]["total"] <
                            best["phases"]["total"]):
            best = attempt
        if "error" in attempt:
            break
    record = best
    record["fuse_s"] = record["jax_lower_s"] + record["phases"]["total"]
    record["jax_s"] = record["jax_lower_s"] + record["jax_compile_s"]
    return record


def print_models(records, repeats):
    phases = PHASES + ("total",)
    rows = []
    for r in records:
        if "ops" not in r:
            rows.append([r["model"], *["-"] * (len(phases) + 6)])
            continue
        hlo = r.get("hlo_passes", {})
        failed = "error" in r
        rows.append([
            r["model"], str(r["ops"]), fmt_s(r["jax_lower_s"]),
            *phase_cells(r, phases),
            fmt_s(None if failed else r["fuse_s"]), fmt_s(r["jax_s"]),
            "n/a" if failed else f"{r['fuse_s'] / r['jax_s']:.2f}x",
            ", ".join(f"{short_pass(n)} {fmt_s(hlo[n])}"
                      for n in largest(hlo))])
    print("\nModels (seconds; fuse = jax lower + total, jax.jit = jax lower "
          f"+ XLA's compile; each compiler's best of {repeats}):")
    harness.print_table(["model", "ops", "jax lower", *phases, "fuse",
                        "jax.jit", "fuse/jax", "largest hlo passes"], rows,
                       left=(0, len(phases) + 6))
    met = [r for r in records if "fuse_s" in r and "error" not in r and
           r["fuse_s"] <= r["jax_s"]]
    print(f"target of issue 38 (fuse compile <= jax.jit's, every model): "
          f"{'PASS' if len(met) == len(records) else 'MISS'} ({len(met)} of "
          f"{len(records)})")
    for r in records:
        if "error" in r:
            print(f"FAIL {r['model']}" +
                  (f" ({r['file']})" if "file" in r else "") +
                  f": {r['error']}")


def measure_file(args, path, workdir):
    """A program of the user's: HLO text (`.hlo`, imported by
    fuse-translate, which is its import phase) or hlo-dialect MLIR."""
    record = {"program": path.name, "phases": {}}
    try:
        if path.suffix == ".hlo":
            command = [str(args.fuse_translate), "--import-hlo", str(path)]
            start = time.perf_counter()
            proc = subprocess.run(command, capture_output=True, text=True,
                                  timeout=args.timeout)
            record["phases"]["import"] = time.perf_counter() - start
            if proc.returncode != 0:
                raise ToolError(f"fuse-translate exit {proc.returncode}: "
                                f"{harness.error_line(proc.stderr)}")
            text = proc.stdout
        else:
            text = path.read_text()
    except (OSError, ToolError, subprocess.TimeoutExpired) as error:
        record["error"] = str(error)
        record["phases"]["total"] = 0.0
        return record
    return measure_program(args, path.stem, text, workdir, record)


def print_programs(records):
    phases = PHASES + ("total",)
    rows = []
    for r in records:
        hlo = r.get("hlo_passes", {})
        cells = phase_cells(r, phases)
        if "import" not in r["phases"] and "error" not in r:
            cells[0] = "-"  # hlo-dialect MLIR: nothing to import
        rows.append([r["program"], str(r.get("ops", "-")), *cells,
                     ", ".join(f"{short_pass(n)} {fmt_s(hlo[n])}"
                               for n in largest(hlo))])
    print("\nPrograms (seconds):")
    harness.print_table(["program", "ops", *phases, "largest hlo passes"],
                        rows, left=(0, len(phases) + 2))
    for r in records:
        if "error" in r:
            print(f"FAIL {r['program']}: {r['error']}")


def run_models(args, parser, workdir):
    harness.set_threads(args.threads)
    harness.import_fuse_hlo(args.fuse_run)
    try:
        import jax
        import flax_models
    except ImportError as error:
        parser.error(f"--models needs jax, flax and optax: {error}")
    names = harness.select(parser, args.only,
                          {n: n for n in flax_models.MODELS},
                          list(flax_models.MODELS))
    print(f"\nmodels: jax {jax.__version__}, {args.threads} XLA threads")
    records = []
    for name in names:
        print(f"  {name} ...", flush=True)
        records.append(measure_model(args, name, flax_models.MODELS[name],
                                     workdir))
    print_models(records, args.repeats)
    return records


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def default_passes():
    """fuse_hlo.DEFAULT_PASSES, read from its source: importing fuse_hlo
    needs libFuseCAPI.so, which the synthetic programs do not."""
    source = harness.REPO / "python" / "fuse_hlo" / "_jit.py"
    for node in ast.parse(source.read_text()).body:
        if (isinstance(node, ast.AnnAssign) and
                getattr(node.target, "id", None) == "DEFAULT_PASSES"):
            return ast.literal_eval(node.value)
    raise SystemExit(f"no DEFAULT_PASSES in {source}")


def load_average():
    """What else ran: compiles use every core, so other jobs slow them."""
    return (f"load average {os.getloadavg()[0]:.2f} over "
            f"{harness.usable_cores()} cores")


def parse_list(parser, option, text, convert=str, known=None):
    """The comma-separated items of `text`, converted; an argument error
    for none, one that does not convert, or one not in `known`."""
    try:
        items = [convert(item.strip()) for item in text.split(",")
                 if item.strip()]
    except ValueError as error:
        parser.error(f"{option}: {error}")
    unknown = [i for i in items if known is not None and i not in known]
    if unknown or not items:
        parser.error(f"{option}: unknown or none: {', '.join(unknown)}" +
                     (f"; known: {', '.join(known)}" if known else ""))
    return items


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--sizes", default=DEFAULT_SIZES,
                        help="hlo op counts of the synthetic programs "
                             f"(default {DEFAULT_SIZES})")
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help=f"synthetic families (default: all of "
                             f"{', '.join(FAMILIES)}); 'none' for none")
    parser.add_argument("--models", action="store_true",
                        help="also bench/models.py's models against jax.jit "
                             "(needs jax, flax, optax; minutes)")
    parser.add_argument("--programs", metavar="FILE,...", default=None,
                        help="also these programs: HLO text (.hlo, imported "
                             "with fuse-translate) or hlo-dialect MLIR")
    parser.add_argument("--only", default=None,
                        help="with --models: comma-separated model names")
    parser.add_argument("--repeats", type=int, default=2,
                        help="compile each program this many times: of "
                             "a model, each compiler's fastest compile "
                             "counts; of a synthetic program, each phase's "
                             "fastest (default 2)")
    parser.add_argument("--bin", metavar="DIR", default=None,
                        help="where fuse-opt and fuse-run are (default: "
                             "$FUSE_BUILD_DIR/bin, else build/bin)")
    parser.add_argument("--threads", type=int, default=None,
                        help="JAX's threads and OMP_NUM_THREADS of the one "
                             "run (default: $OMP_NUM_THREADS, else every "
                             "usable core); compiles use every core")
    parser.add_argument("--timeout", type=int, default=1800,
                        help="seconds per tool run (default 1800)")
    parser.add_argument("--json", metavar="FILE", default=None,
                        help="also write every number as JSON")
    parser.add_argument("--keep", metavar="DIR", default=None,
                        help="keep the programs (and fuse-opt's outputs) "
                             "in DIR")
    args = parser.parse_args(argv)
    args.sizes = parse_list(parser, "--sizes", args.sizes, int)
    args.families = ([] if args.families == "none" else
                     parse_list(parser, "--families", args.families,
                                known=FAMILIES))
    if args.only and not args.models:
        parser.error("--only names models: use it with --models")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    args.threads, args.threads_from = harness.resolve_threads(args.threads)
    bin_dir = Path(args.bin) if args.bin else harness.build_dir() / "bin"
    args.fuse_opt, args.fuse_run = bin_dir / "fuse-opt", bin_dir / "fuse-run"
    args.fuse_translate = bin_dir / "fuse-translate"
    args.programs = ([Path(p) for p in parse_list(parser, "--programs",
                                                   args.programs)]
                     if args.programs else [])
    for tool in (args.fuse_opt, args.fuse_run, args.fuse_translate):
        if not tool.exists():
            parser.error(f"{tool} not found: build it (scripts/setup.sh) or "
                         "name its folder with --bin")
    args.passes = default_passes()
    return parser, args


def main(argv=None):
    parser, args = parse_arguments(argv)
    machine = harness.machine_info()
    print(f"{machine['cpu']}, {machine['usable_cores']} usable cores; "
          f"compiles: MLIR and LLVM on every core; runs and JAX: "
          f"{args.threads} threads ({args.threads_from})")
    print(f"hlo passes: {args.passes}; tools: {args.fuse_opt.parent}; "
          f"{load_average()}")
    if args.keep:
        workdir = Path(args.keep)
        workdir.mkdir(parents=True, exist_ok=True)
    else:
        workdir = Path(tempfile.mkdtemp(prefix="fuse-compile-"))
    result = {"machine": machine, "threads": args.threads,
              "passes": args.passes, "families": {}, "exponents": {}}
    for family in args.families:
        records = measure_family(args, family, workdir)
        result["families"][family] = records
        result["exponents"][family] = print_family(family, records)
    if args.programs:
        records = []
        for path in args.programs:
            print(f"  {path.name} ...", flush=True)
            records.append(measure_file(args, path, workdir))
        print_programs(records)
        result["programs"] = records
    if args.models:
        result["models"] = run_models(args, parser, workdir)
    print(f"\nat the end: {load_average()}")
    failed = any("error" in r for records in result["families"].values()
                 for r in records) or any("error" in r for r in
                                          result.get("models", []) +
                                          result.get("programs", []))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))
    if not args.keep:
        if failed:
            print(f"\nprograms kept in {workdir} (a compile failed)")
        else:
            shutil.rmtree(workdir)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
