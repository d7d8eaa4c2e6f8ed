#!/usr/bin/env python3
"""hlo_fuzz: a seeded generator of random, well-typed hlo programs and a
driver that runs them through `fuse-run --check` (compiled CPU code against
the reference interpreter).

    hlo_fuzz.py generate --seed S --count N --out DIR [--functions-per-file K]
    hlo_fuzz.py check    --seed S --count N --fuse-run PATH
                         [--functions-per-file K] [--keep-failures DIR] [-j J]
                         [--long] [--interpret-only] [--check-f64]
    hlo_fuzz.py verify   --seed S --count N --fuse-opt PATH [-j J]

Function i of seed S is `@p<S>_<i>`; it depends only on S and i, not on how
functions are batched into files, so a failing function can be re-run alone.
Python 3 standard library only.

Numerical robustness
====================
A mismatch must mean a compiler bug, not rounding noise. fuse-run accepts
|got - want| <= atol + rtol * |want| (f32 1e-5/1e-4, f64 1e-12/1e-9,
f16 1e-3/1e-2; integers and i1 exactly; NaN equals NaN; infinities must be
equal). The generator tracks, for every value, an abstract description and
only emits ops whose result is safe under the rules below.

 1. Intervals. Every numeric value carries bounds [lo, hi] on its non-NaN
    elements (arguments: floats in [-3, 3), integers in [-8, 8], i1 in
    {0, 1}), a flag for "may hold NaN", and for floats whether it holds
    integers only. Float magnitudes stay below a cap (f16 256, f32 1e5,
    f64 1e8), so no infinity is ever produced; an op that would exceed the
    cap gets its operand squashed first (clamp into [-2, 2], exact, or tanh).
    Integer intervals widen to the whole type on possible overflow
    (wrap-around is the same everywhere and allowed).

 2. Exact values. A float value is *exact* when every correct
    implementation computes it bit for bit: arguments, constants, iota,
    abs, negate, maximum, minimum, clamp and select of exact values, all
    shape ops (broadcast_in_dim, reshape, transpose, slice, pad,
    concatenate, reverse, dynamic_slice, dynamic_update_slice), floor,
    ceil, round_nearest_even and sign of exact values, remainder of exact
    values (fmod is exact), conversions of exact values, products of an
    exact value and a constant power of two, and add, subtract, multiply,
    dot_general and sums of exact *integer-valued* floats whose results
    stay below 2^mantissa (exact in any order, with or without FMA).
    Everything else (transcendentals, divide, pow, sums in general,
    add/multiply of non-integers) is inexact. Integers and i1 are always
    exact.

 3. Discontinuous ops only see exact values: floor, ceil,
    round_nearest_even, sign, compare, convert float -> integer or i1,
    remainder on floats, atan2 unless its x operand is bounded away from 0,
    pow with a possibly negative base (then the exponent is an exact small
    integer), and the predicates of select and the values of an arg-max
    reduce (which come from compares). NaN only arises from exact operands
    (fmod by 0, sqrt of exact negative values), so where it appears is the
    same everywhere, and it propagates deterministically.

 4. Domains. log, rsqrt and sqrt of inexact values, log_plus_one, divide
    (denominator) and pow (base) only take operands bounded away from the
    singularity (|x| >= 0.25, 1 + x >= 0.5); the generator builds such
    operands as abs(x) + c, x * x + c, exp(clamp(x)) or logistic(x) + c.
    exponential and exponential_minus_one only take inputs <= 4; pow keeps
    exponents in [-3, 3]; sine/cosine inputs stay below 10 in magnitude.
    Float sums take at most 64 terms (f16: 8, unless they are exact),
    products at most 4.

 5. Error bounds. Every float value carries an affine bound on how far a
    correct implementation may be from the interpreter, ea + er * |v|:
    transcendental functions add a few ulps (16 for f32, where polynomial
    approximations may be used, plus an absolute floor for functions with
    zeros; 4 for f64; 2 for f16, computed in f32 and rounded), correctly
    rounded ops one ulp (contraction to FMA, excess precision), sums and
    dot products of n terms n(n+1)/2 ulps of the largest term (any
    summation order, either side), and the bounds propagate through
    every op with its Lipschitz constant on the operand intervals
    (cancellation turns relative into absolute error). A result is only
    returned when ea + er * |v| <= 1/4 of the tolerance over its whole
    interval; otherwise it is first scaled by an exact power of two until
    it is (and not returned if that would scale it below 100 atol).

 6. Integer ops wrap and have no undefined behaviour in hlo (x / 0 = -1,
    x % 0 = x, INT_MIN / -1 = INT_MIN), so they are used freely; only
    conversions to floats check that the magnitude fits the float cap.

 7. Sorts and topk order by exact keys that are never NaN, so every
    correct implementation finds the same order: the sign of a NaN that
    an op makes is not specified (TOTALORDER tells them apart), and IEEE
    order does not order NaNs (a merge sort and a sorting network then
    disagree). The values they move keep their bounds. Comparators are key
    comparators (compare LT/GT, TOTALORDER on floats: fuse's radix sort)
    or not (IEEE order, two keys: its merge sort); on the GPU every sort is
    a bitonic network.

 8. Unsigned integers appear in chains (gen_unsigned): a signed value
    read as unsigned, sign-dependent ops on it, and back; the chain's
    result has the whole range of its type.

Generated programs must verify: `hlo_fuzz.py verify` runs them through
fuse-opt; a program that fails verification is a generator bug.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import sys
import tempfile

import source_tree  # noqa: F401  (fuse_hlo from this tree)
import tools
from fuse_hlo import hlo_text as ht
from hlo_gen_base import GenBase
from hlo_gen_elementwise import ElementwiseOps
from hlo_gen_fusion import FusionOps
from hlo_gen_products import ProductOps
from hlo_gen_reduce import ReductionOps
from hlo_gen_shapes import ShapeOps
from hlo_values import (Ctx, SAFETY, Skip, WITHOUT, is_float)


class Gen(ElementwiseOps, ShapeOps, ReductionOps, ProductOps, FusionOps,
          GenBase):
    """One random function: the op families' generators over GenBase."""

    # ---------------------------------------------------------- function
    def op_table(self):
        return [(gen, weight) for gen, weight in self.all_ops()
                if gen.__name__[len("gen_"):] not in WITHOUT]

    def all_ops(self):
        return [
            (self.gen_unary, 8), (self.gen_binary, 10), (self.gen_compare, 2),
            (self.gen_quantize, 1), (self.gen_nan_source, 0.7),
            (self.gen_select, 2), (self.gen_clamp, 1.5),
            (self.gen_convert, 2), (self.gen_broadcast, 2),
            (self.gen_reshape, 1.5), (self.gen_transpose, 1.5),
            (self.gen_slice, 1.5), (self.gen_pad, 1),
            (self.gen_concatenate, 1), (self.gen_reverse, 1),
            (self.gen_iota, 0.5), (self.gen_constant, 0.5),
            (self.gen_reduce, 3), (self.gen_reduce_general, 1),
            (self.gen_dot, 2.5), (self.gen_product, 1.5),
            (self.gen_dynamic_slice, 1),
            (self.gen_dynamic_update_slice, 1), (self.gen_fusion, 1.5),
            (self.gen_sort, 0.8), (self.gen_topk, 0.5),
            (self.gen_unsigned, 0.8), (self.gen_rng_bits, 0.4),
        ]

    def generate(self):
        ctx = Ctx(self)
        nargs = self.rng.randint(1, 3)
        args = []
        # Most arguments have the program's main type.
        theme = self.weighted([("f32", 10), ("f64", 2), ("f16", 2),
                               ("i32", 3), ("i64", 1), ("i8", 2),
                               ("i1", 0.5)])
        for i in range(nargs):
            dt = theme if (i == 0 or self.chance(0.6)) else \
                self.rand_dtype()
            if i == nargs - 1 and nargs > 1 and self.chance(0.3):
                # an offset-like scalar integer argument
                dt, shape = self.pick(["i32", "i64"]), ()
            else:
                shape = self.rand_shape()
            v = self.arg_val("%%arg%d" % i, shape, dt)
            args.append(v)
            ctx.add(v)
        target = self.rng.randint(3, 15)
        table = self.op_table()
        tries = 0
        while self.nops < target and tries < 200:
            tries += 1
            gen = self.weighted(table)
            saved = (list(ctx.lines), list(ctx.pool), self.nops,
                     self.names.next)
            try:
                gen(ctx)
            except Skip:
                ctx.lines, ctx.pool, self.nops, self.names.next = saved
        results = self.pick_results(ctx, args)
        return (ht.function(self.name, args, ctx.lines, results),
                len(results))

    # ----------------------------------------------------------- results
    def scale_needed(self, v):
        """The k such that v * 2^-k is within the safe error bound, or None."""
        if not is_float(v.dt) or v.exact:
            return 0
        F = self.fi(v.dt)
        for k in range(0, 40):
            s = 2.0 ** -k
            ok = True
            for a in (v.minabs, v.mag):
                err = (v.ea + v.er * a) * s
                if err > SAFETY * (F["atol"] + F["rtol"] * a * s):
                    ok = False
            if ok:
                return k
        return None

    def pick_results(self, ctx, args):
        """1 or 2 results: mostly the deepest values that nothing uses, so
        that most of the program is live."""
        used = set()
        for line in ctx.lines:
            if " = " in line:
                used.update(re.findall(r"%\w+(?:#\d+)?",
                                       line.split(" = ", 1)[1]))
        cands = [v for v in ctx.pool if v not in args and not v.const]
        sinks = [v for v in cands if v.name not in used]
        order = sorted(sinks, key=lambda v: -v.depth) + sorted(
            [v for v in cands if v.name in used], key=lambda v: -v.depth)
        if not order:
            order = list(ctx.pool)
        count = 1 if self.chance(0.25) else 2
        results = []
        for v in order:
            if len(results) == count:
                break
            if self.chance(0.15):
                continue
            k = self.scale_needed(v)
            if k is None or (v.dt == "f16" and k > 8):
                continue
            if k > 0 and v.mag * 2.0 ** -k < 100 * self.fi(v.dt)["atol"]:
                continue  # scaled so far down that errors would hide
            if k > 0:
                c = self.constant(ctx, v.shape, v.dt, splat=2.0 ** -k)
                v = self.derived(ctx, ht.same_type("multiply", v, c), v.shape,
                                 v.dt, lo=v.lo * 2.0 ** -k,
                                 hi=v.hi * 2.0 ** -k)
            results.append(v)
        if not results:
            # An exact value (the arguments are).
            results.append([v for v in ctx.pool if v.exact][-1])
        return results

# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------

def generate_function(seed, index):
    return Gen(seed, index).generate()


def batches(seed, count, per_file):
    """[(file index, [function indices])]"""
    out = []
    for start in range(0, count, per_file):
        out.append((start // per_file,
                    list(range(start, min(count, start + per_file)))))
    return out


def file_text(seed, indices):
    parts = ["// Generated by utils/fuzz/hlo_fuzz.py, seed %d, functions "
             "%d-%d." % (seed, indices[0], indices[-1]),
             "// Run: fuse-run FILE --all-entries --random-inputs=%d --check"
             % seed, ""]
    for i in indices:
        text, _ = generate_function(seed, i)
        parts.append(text)
    return "\n".join(parts)


def cmd_generate(args):
    os.makedirs(args.out, exist_ok=True)
    for k, indices in batches(args.seed, args.count, args.functions_per_file):
        path = os.path.join(args.out, "fuzz_%d_%03d.mlir" % (args.seed, k))
        with open(path, "w") as f:
            f.write(file_text(args.seed, indices))
    print("hlo_fuzz: wrote %d programs to %s" % (args.count, args.out))
    return 0


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

RESULT_RE = re.compile(r"^@(\w+) result (\d+): (ok|MISMATCH)", re.M)


def run(cmd, timeout):
    """(exit code, or tools.TIMED_OUT, and all that the tool printed)."""
    result = tools.run_tool(cmd, timeout)
    return result.returncode, result.stdout + result.stderr


def transform(args, path):
    """Applies --fuse-opt-arg passes to the file at `path`; returns the path
    to run and, on failure, fuse-opt's exit code and output."""
    if not args.fuse_opt_arg:
        return path, 0, ""
    out_path = path[:-len(".mlir")] + ".opt.mlir"
    rc, out = run([args.fuse_opt, path, "-o", out_path] + args.fuse_opt_arg,
                  args.timeout)
    return out_path, rc, ("fuse-opt: " + out if rc != 0 else "")


def run_checked(args, path, run_args):
    """fuse-opt (if asked) then fuse-run on one file."""
    path, rc, out = transform(args, path)
    if rc != 0:
        return rc, out
    return run([args.fuse_run, path] + run_args, args.timeout)


def check_file(args, tmpdir, k, indices):
    """Runs one file; returns (ok names, {failed name: (text, output)})."""
    text = file_text(args.seed, indices)
    path = os.path.join(tmpdir, "fuzz_%d_%03d.mlir" % (args.seed, k))
    with open(path, "w") as f:
        f.write(text)
    mode = ("--interpret" if args.interpret_only else
            "--check=f64" if args.check_f64 else "--check")
    extra = list(args.fuse_run_arg or [])
    rc, out = run_checked(args, path, ["--all-entries",
                                       "--random-inputs=%d" % args.seed,
                                       mode] + extra)
    funcs = ht.split_functions(text)
    names = list(funcs)
    if rc == 0:
        return names, {}
    # Which functions failed: the MISMATCH lines name them; without them
    # (a crash, a compile error), re-run every function alone.
    bad = {m.group(1) for m in RESULT_RE.finditer(out)
           if m.group(3) == "MISMATCH"}
    suspects = sorted(bad) if (rc == 1 and bad) else names
    ok, failed = [], {}
    for name in names:
        if name not in suspects:
            ok.append(name)
            continue
        single = os.path.join(tmpdir, "%s.mlir" % name)
        with open(single, "w") as f:
            f.write(funcs[name] + "\n")
        rc1, out1 = run_checked(args, single, ["--entry=" + name,
                                               "--random-inputs=%d" % args.seed,
                                               mode] + extra)
        if rc1 == 0:
            ok.append(name)
        else:
            failed[name] = (funcs[name], "exit %s: %s" % (rc1, out1.strip()))
    if not failed:
        # The file failed but no function fails alone: report the file.
        failed["file %d" % k] = (text, "exit %s: %s" % (rc, out.strip()))
    return ok, failed


def cmd_check(args):
    if args.long and args.count == 300:
        args.count = 5000
    tmpdir = tempfile.mkdtemp(prefix="hlo_fuzz_")
    jobs = batches(args.seed, args.count, args.functions_per_file)
    nok, failures = 0, {}
    try:
        with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
            futures = [pool.submit(check_file, args, tmpdir, k, idx)
                       for k, idx in jobs]
            for fut in futures:
                ok, failed = fut.result()
                nok += len(ok)
                failures.update(failed)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    for name in sorted(failures):
        text, out = failures[name]
        print("hlo_fuzz: FAILED %s" % name)
        print(text)
        print("// fuse-run output:")
        for line in out.splitlines()[:60]:
            print("//   " + line)
        print()
        if args.keep_failures:
            os.makedirs(args.keep_failures, exist_ok=True)
            fname = re.sub(r"\W", "_", name) + ".mlir"
            with open(os.path.join(args.keep_failures, fname), "w") as f:
                f.write("// hlo_fuzz failure; reproduce with\n//   %sfuse-run "
                        "FILE --all-entries --random-inputs=%d %s %s\n"
                        % ("fuse-opt %s FILE | " % " ".join(args.fuse_opt_arg)
                           if args.fuse_opt_arg else "",
                           args.seed,
                           "--check=f64" if args.check_f64 else "--check",
                           " ".join(args.fuse_run_arg or [])))
                for line in out.splitlines()[:60]:
                    f.write("// " + line + "\n")
                f.write(text + "\n")
    nfail = len(failures)
    print("hlo_fuzz: %d programs, %d ok, %d failed" % (args.count, nok,
                                                       nfail))
    return 1 if nfail else 0


def verify_one(fuse_opt, seed, index):
    text, _ = generate_function(seed, index)
    p = tools.run_tool([fuse_opt, "-", "-o", os.devnull], stdin=text)
    return index, p.returncode, p.stderr, text


def cmd_verify(args):
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futs = []
        for _, indices in batches(args.seed, args.count,
                                  args.functions_per_file):
            futs.append(pool.submit(verify_batch, args.fuse_opt, args.seed,
                                    indices))
        for fut in futs:
            for index, rc, err, text in fut.result():
                if rc != 0:
                    bad += 1
                    print("hlo_fuzz: @p%d_%d does not verify:\n%s\n%s" %
                          (args.seed, index, err.strip(), text))
    print("hlo_fuzz: %d programs, %d verify, %d do not" %
          (args.count, args.count - bad, bad))
    return 1 if bad else 0


def verify_batch(fuse_opt, seed, indices):
    text = file_text(seed, indices)
    p = tools.run_tool([fuse_opt, "-", "-o", os.devnull], stdin=text)
    if p.returncode == 0:
        return [(i, 0, "", "") for i in indices]
    return [verify_one(fuse_opt, seed, i) for i in indices]


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Random hlo programs, compiled and interpreted.")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p):
        tools.seed_arguments(p, count=300)
        p.add_argument("--functions-per-file", type=int, default=25,
                       help="functions per generated file")
        p.add_argument("-j", type=int, default=os.cpu_count() or 4,
                       help="files run at once")
        p.add_argument("--without", default="", metavar="FAMILIES",
                       help="op families to leave out, comma-separated "
                       "(generator names: sort,topk,...)")

    g = sub.add_parser("generate", help="write programs to a directory")
    common(g)
    g.add_argument("--out", required=True, help="the directory to write")
    c = sub.add_parser("check", help="run programs through fuse-run --check")
    common(c)
    tools.add_tool_arguments(c, "fuse-run", "fuse-opt", timeout=180)
    c.add_argument("--keep-failures", metavar="DIR",
                   help="write each failing function to DIR/<name>.mlir")
    c.add_argument("--long", action="store_true",
                   help="5000 programs unless --count says otherwise")
    c.add_argument("--interpret-only", action="store_true",
                   help="run fuse-run --interpret instead of --check")
    c.add_argument("--check-f64", action="store_true",
                   help="run fuse-run --check=f64: compiled code against "
                   "the program computed in float64, held to the same "
                   "error bounds (they bound any correct implementation's "
                   "distance from exact arithmetic)")
    c.add_argument("--fuse-run-arg", action="append", metavar="ARG",
                   help="pass ARG to fuse-run too (repeatable), e.g. "
                   "--fuse-run-arg=--pipeline-options=parallel=0")
    c.add_argument("--fuse-opt-arg", action="append", metavar="ARG",
                   help="transform each file with fuse-opt and these "
                   "arguments first (repeatable), e.g. "
                   "--fuse-opt-arg=--fuse-elementwise")
    v = sub.add_parser("verify", help="parse and verify with fuse-opt")
    common(v)
    tools.add_tool_arguments(v, "fuse-opt")
    args = ap.parse_args(argv)
    WITHOUT.update(f for f in args.without.split(",") if f)
    if args.cmd == "generate":
        return cmd_generate(args)
    if args.cmd == "check":
        args.fuse_run = tools.find_tool(ap, args.fuse_run)
        if args.fuse_opt_arg:
            args.fuse_opt = tools.find_tool(ap, args.fuse_opt)
        return cmd_check(args)
    args.fuse_opt = tools.find_tool(ap, args.fuse_opt)
    return cmd_verify(args)


if __name__ == "__main__":
    sys.exit(main())
