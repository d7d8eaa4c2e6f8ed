"""The GPU correctness checks: every test program, unfused and fused, and
random programs, compiled ahead of time here with their inputs and the
interpreter's results, then run on a GPU machine and compared there.

build(): here, with fuse built (no GPU). One executable per program file
and variant holds all its entries (FILE --entry=NAME); files with an entry
the GPU pipeline rejects get one executable per entry that compiles, and
the rejected entries are listed with the compiler's message. Inputs are
drawn like the executables' --random-inputs (floats in [-1, 1), integers
in [-8, 8), booleans) and stored once per entry; the expected results come
from `fuse-run --interpret`.

The checks travel as one archive (checks.tar.xz, about 11 MiB for 90 MiB of
executables that share most of their bytes).

run(): on the GPU machine, with numpy only. Unpacks the archive, runs every
check and compares with the tolerances of fuse-run --check
(include/fuse/Execution/Compare.h).
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import numpy as np

import workloads  # the bf16 bit conversions

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# The programs checked: the CPU suite's corpus, fused programs and ops
# tests, the GPU tests' inputs, and the cuBLASLt products.
SOURCES = [
    "test/Integration/CPU/corpus",
    "test/Integration/CPU/fused",
    "test/Integration/CPU/ops",
    "test/Integration/GPU/Inputs/vector-widths.mlir",
    "test/Integration/GPU/Inputs/column-reductions.mlir",
    "test/Runtime/cublaslt.mlir",
]

# numpy dtypes of the signature's element types (bf16 as its raw bits).
DTYPES = {"f16": np.float16, "bf16": np.uint16, "f32": np.float32,
          "f64": np.float64, "i1": np.bool_, "i8": np.int8,
          "i16": np.int16, "i32": np.int32, "i64": np.int64,
          "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32,
          "ui64": np.uint64}

# fuse-run --check's tolerances: (rtol, atol); integers exact.
TOLERANCES = {"f64": (1e-9, 1e-12), "f32": (1e-4, 1e-5),
              "f16": (1e-2, 1e-3), "bf16": (2e-2, 1e-2)}

ARCHIVE = "checks.tar.xz"

TYPE = re.compile(
    r"(bf16|f16|f32|f64|ui16|ui32|ui64|ui8|i16|i32|i64|i8|i1)\[([0-9,]*)\]")


def parse_types(text):
    """[(element type, shape)] of one side of a signature."""
    return [(m.group(1), tuple(int(d) for d in m.group(2).split(",") if d))
            for m in TYPE.finditer(text)]


def parse_signature(text):
    inputs, results = text.split("->")
    return parse_types(inputs), parse_types(results)


def draw(rng, element, shape):
    if element == "i1":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if element.startswith("ui"):
        return rng.integers(0, 16, size=shape).astype(DTYPES[element])
    if element.startswith("i"):
        return rng.integers(-8, 8, size=shape).astype(DTYPES[element])
    values = rng.uniform(-1, 1, size=shape).astype(np.float32)
    if element == "bf16":
        return workloads.to_bf16_bits(values)
    return values.astype(DTYPES[element])


def as_float(element, array):
    if element == "bf16":
        return workloads.from_bf16_bits(array)
    return array


def program_files():
    files = []
    for source in SOURCES:
        path = os.path.join(REPO, source)
        if os.path.isdir(path):
            files += sorted(os.path.join(path, f) for f in os.listdir(path)
                            if f.endswith(".mlir"))
        else:
            files.append(path)
    return files


def tool(build_dir, name):
    return os.path.join(build_dir, "bin", name)


def entries_of(text):
    """The public functions of a program (private ones say so)."""
    return re.findall(r"^\s*func\.func @([\w.$-]+)\(", text, re.M)


def compile_executable(build_dir, text, entries, exe, chip):
    """Compiles `entries` of `text` into `exe`; returns an error or None."""
    args = [tool(build_dir, "fuse-run"), "-", "--target=cuda",
            "--pipeline-options=chip=" + chip, "--emit-executable=" + exe]
    args += ["--all-entries"] if len(entries) > 1 else ["--entry=" + entries[0]]
    run = subprocess.run(args, input=text, capture_output=True, text=True)
    if os.path.exists(exe + ".o"):
        os.remove(exe + ".o")
    if run.returncode != 0:
        lines = [l for l in run.stderr.splitlines() if "error" in l]
        return (lines or run.stderr.splitlines() or ["failed"])[0]
    if shutil.which("strip"):
        subprocess.run(["strip", exe], check=False)
    return None


def privatize(text, entries):
    """`text` with `entries` private: --all-entries leaves them out."""
    for entry in entries:
        text = re.sub(r"func\.func @%s\(" % re.escape(entry),
                      "func.func private @%s(" % entry, text)
    return text


def compile_program(build_dir, text, entries, exe, chip, tmp):
    """Compiles the entries of `text` that the GPU pipeline accepts into
    `exe`; returns {rejected entry: the compiler's message}."""
    error = compile_executable(build_dir, text, entries, exe, chip)
    if not error:
        return {}
    rejected = {}
    for entry in entries:
        probe = os.path.join(tmp, "probe")
        why = compile_executable(build_dir, text, [entry], probe, chip)
        if why:
            rejected[entry] = why
    accepted = [e for e in entries if e not in rejected]
    if accepted:
        error = compile_executable(
            build_dir, privatize(text, rejected), accepted, exe, chip)
        if error:
            rejected.update({e: error for e in accepted})
    return rejected


def nbytes(types):
    return sum(np.dtype(DTYPES[element]).itemsize * int(np.prod(shape))
               for element, shape in types)


def build_entry(build_dir, source, entry, signature, entry_dir, rng, tmp):
    """Draws the inputs of `entry` and computes its results with the
    interpreter, into `entry_dir`; returns (inputs, expected) or an error."""
    inputs_types, result_types = parse_signature(signature)
    os.makedirs(entry_dir, exist_ok=True)
    inputs = [os.path.join(entry_dir, "in%d.npy" % i)
              for i in range(len(inputs_types))]
    expected = [os.path.join(entry_dir, "want%d.npy" % i)
                for i in range(len(result_types))]
    if all(os.path.exists(p) for p in inputs + expected):
        return inputs, expected
    for p, (element, shape) in zip(inputs, inputs_types):
        np.save(p, draw(rng, element, shape))
    want_dir = os.path.join(tmp, "want")
    shutil.rmtree(want_dir, ignore_errors=True)
    args = [tool(build_dir, "fuse-run"), "-", "--entry=" + entry,
            "--interpret", "--outputs=" + want_dir]
    if inputs:
        args.append("--inputs=" + ",".join(inputs))
    run = subprocess.run(args, input=source, capture_output=True, text=True)
    if run.returncode != 0:
        shutil.rmtree(entry_dir)
        return "the interpreter failed: " + (
            run.stderr.strip().splitlines() or ["exit %d" % run.returncode])[-1]
    for i, p in enumerate(expected):
        shutil.move(os.path.join(want_dir, "result%d.npy" % i), p)
    return inputs, expected


def build_program(build_dir, out, checks_dir, chip, index, path,
                  max_entry_bytes):
    """The checks of one program file, unfused and fused: a manifest part
    {"checks", "rejected", "skipped"}."""
    part = {"checks": [], "rejected": [], "skipped": []}
    name = "%03d-%s" % (index, os.path.splitext(os.path.basename(path))[0])
    with open(path) as f:
        source = f.read()
    entries = entries_of(source)
    if not entries:
        return part
    fused = subprocess.run(
        [tool(build_dir, "fuse-opt"), "-", "--fuse-elementwise"],
        input=source, capture_output=True, text=True, check=True).stdout
    rng = np.random.default_rng(index)
    with tempfile.TemporaryDirectory() as tmp:
        for variant, text in (("unfused", source), ("fused", fused)):
            exe = os.path.join(checks_dir, "%s.%s" % (name, variant))
            rejected = compile_program(build_dir, text, entries, exe, chip,
                                       tmp)
            for entry, why in rejected.items():
                part["rejected"].append(
                    {"program": name, "variant": variant, "entry": entry,
                     "reason": why})
            for entry in entries:
                if entry in rejected:
                    continue
                listed = subprocess.run(
                    [exe, "--entry=" + entry, "--print-signature"],
                    capture_output=True, text=True)
                label = {"program": name, "variant": variant, "entry": entry}
                if listed.returncode != 0:
                    part["rejected"].append(
                        dict(label, reason=listed.stderr.strip()))
                    continue
                signature = listed.stdout.strip()
                size = sum(nbytes(side) for side in parse_signature(signature))
                if size > max_entry_bytes:
                    part["skipped"].append(dict(
                        label, reason="%.1f MiB of inputs and results "
                        "(run-on-gpu.test checks it with fuse-run)"
                        % (size / 2**20)))
                    continue
                built = build_entry(
                    build_dir, source, entry, signature,
                    os.path.join(checks_dir, name + "." + entry), rng, tmp)
                if isinstance(built, str):
                    part["rejected"].append(dict(label, reason=built))
                    continue
                inputs, expected = built
                part["checks"].append(dict(
                    label, executable=os.path.relpath(exe, out),
                    signature=signature,
                    inputs=[os.path.relpath(p, out) for p in inputs],
                    expected=[os.path.relpath(p, out) for p in expected]))
    print("checks: built", name, file=sys.stderr)
    return part


def build(build_dir, out, chip, fuzz_count, fuzz_seed, jobs=2,
          max_entry_bytes=1 << 20):
    """Builds the checks of every program, `jobs` programs at a time, into
    OUT/checks.tar.xz; returns the manifest."""
    checks_dir = os.path.join(out, "checks")
    shutil.rmtree(checks_dir, ignore_errors=True)
    os.makedirs(checks_dir)
    files = program_files()
    manifest = {"checks": [], "rejected": [], "skipped": []}
    with tempfile.TemporaryDirectory() as tmp:
        if fuzz_count:
            fuzz_dir = os.path.join(tmp, "fuzz")
            subprocess.run(
                [sys.executable, os.path.join(REPO, "utils/fuzz/hlo_fuzz.py"),
                 "generate", "--seed", str(fuzz_seed), "--count",
                 str(fuzz_count), "--out", fuzz_dir],
                check=True, capture_output=True)
            files += sorted(os.path.join(fuzz_dir, f)
                            for f in os.listdir(fuzz_dir)
                            if f.endswith(".mlir"))
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            parts = list(pool.map(
                lambda item: build_program(build_dir, out, checks_dir, chip,
                                           item[0], item[1], max_entry_bytes),
                enumerate(files)))
    for part in parts:
        for key in manifest:
            manifest[key] += part[key]
    with open(os.path.join(checks_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    # The executables share most of their bytes: packed, they are a tenth.
    with tarfile.open(os.path.join(out, ARCHIVE), "w:xz") as archive:
        archive.add(checks_dir, arcname="checks")
    shutil.rmtree(checks_dir)
    return manifest


def available(artifacts):
    return os.path.exists(os.path.join(artifacts, ARCHIVE))


def compare(element, got, want):
    """None when `got` matches `want`, else a one-line description."""
    if got.shape != want.shape:
        return "shape %s, expected %s" % (got.shape, want.shape)
    if element not in TOLERANCES:
        bad = np.flatnonzero(got.ravel() != want.ravel())
        return None if bad.size == 0 else "%d of %d elements differ" % (
            bad.size, got.size)
    rtol, atol = TOLERANCES[element]
    g = as_float(element, got).astype(np.float64).ravel()
    w = as_float(element, want).astype(np.float64).ravel()
    both_nan = np.isnan(g) & np.isnan(w)
    same = g == w  # infinities
    close = np.abs(g - w) <= atol + rtol * np.abs(w)
    bad = np.flatnonzero(~(both_nan | same | close))
    if bad.size == 0:
        return None
    i = bad[0]
    return "%d of %d elements differ, first at %d: %.9g, expected %.9g" % (
        bad.size, g.size, i, g[i], w[i])


def run(artifacts, jobs=8, timeout=60):
    """Runs every check, `jobs` at a time (processes of their own, sharing
    the GPU); returns (passed, failures, rejected, skipped)."""
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(artifacts, ARCHIVE)) as archive:
            archive.extractall(tmp)
        return run_unpacked(tmp, jobs, timeout)


def run_arguments(artifacts, check, outputs):
    """The executable's options for `check`, results written to `outputs`."""
    args = ["--entry=" + check["entry"],
            "--inputs=" + ",".join(os.path.join(artifacts, p)
                                   for p in check["inputs"])]
    # An entry without inputs takes `--inputs=` (none).
    if outputs:
        args.append("--outputs=" + ",".join(outputs))
    return args


def compare_results(artifacts, check, outputs):
    """None when the results in `outputs` match, else why not."""
    _, result_types = parse_signature(check["signature"])
    problems = []
    for i, ((element, _), got, want) in enumerate(
            zip(result_types, outputs, check["expected"])):
        why = compare(element, np.load(got),
                      np.load(os.path.join(artifacts, want)))
        if why:
            problems.append("result %d: %s" % (i, why))
    return "; ".join(problems) or None


def result_paths(tmp, check, index):
    _, result_types = parse_signature(check["signature"])
    return [os.path.join(tmp, "got%d_%d.npy" % (index, i))
            for i in range(len(result_types))]


def run_alone(artifacts, check, timeout):
    """One check in a process of its own: None if it passed, else why."""
    with tempfile.TemporaryDirectory() as tmp:
        outputs = result_paths(tmp, check, 0)
        try:
            result = subprocess.run(
                [os.path.join(artifacts, check["executable"])]
                + run_arguments(artifacts, check, outputs),
                capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timed out after %d s" % timeout
        if result.returncode != 0:
            return (result.stderr.strip().splitlines()
                    or ["exit %d" % result.returncode])[-1]
        return compare_results(artifacts, check, outputs)


def run_executable(artifacts, checks, timeout):
    """The checks of one executable, in one process and CUDA context
    (--batch); those after a failing one run again one process each, so one
    fault cannot hide another. Returns the failure of each check or None."""
    with tempfile.TemporaryDirectory() as tmp:
        outputs = [result_paths(tmp, c, i) for i, c in enumerate(checks)]
        batch = os.path.join(tmp, "batch")
        with open(batch, "w") as f:
            for check, paths in zip(checks, outputs):
                f.write(" ".join(run_arguments(artifacts, check, paths))
                        + "\n")
        done = set()
        try:
            result = subprocess.run(
                [os.path.join(artifacts, checks[0]["executable"]),
                 "--batch=" + batch], capture_output=True, text=True,
                timeout=timeout * len(checks))
            stdout = result.stdout
        except subprocess.TimeoutExpired as expired:
            stdout = expired.stdout or ""
            if isinstance(stdout, bytes):
                stdout = stdout.decode(errors="replace")
        for line in stdout.splitlines():
            if line.startswith("done "):
                done.add(int(line.split()[1]) - 1)
        return [compare_results(artifacts, check, paths) if i in done
                else run_alone(artifacts, check, timeout)
                for i, (check, paths) in enumerate(zip(checks, outputs))]


def run_unpacked(artifacts, jobs, timeout):
    with open(os.path.join(artifacts, "checks", "manifest.json")) as f:
        manifest = json.load(f)
    by_executable = {}
    for check in manifest["checks"]:
        by_executable.setdefault(check["executable"], []).append(check)
    failures, ran = [], 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        # Failures are printed as they come, so a run cut short shows them.
        for checks, whys in zip(by_executable.values(), pool.map(
                lambda c: run_executable(artifacts, c, timeout),
                by_executable.values())):
            for check, why in zip(checks, whys):
                if why:
                    label = "%s %s @%s" % (check["program"],
                                           check["variant"], check["entry"])
                    print("FAILED %s: %s" % (label, why), flush=True)
                    failures.append((label, why))
            ran += len(checks)
            print("checks: %d of %d run" % (ran, len(manifest["checks"])),
                  flush=True)
    passed = ran - len(failures)
    return passed, failures, manifest["rejected"], manifest["skipped"]
