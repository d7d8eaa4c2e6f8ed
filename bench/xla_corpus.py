"""How much of XLA's own test HLO fuse imports and runs (issue 39).

Reads the modules of ../shared/xla-corpus (3,165 HLO text modules from XLA's
tests; see its README) where they are, never copying them:

    python3 bench/xla_corpus.py                  # import every module
    python3 bench/xla_corpus.py --run 200        # ... and run 200 of them
    python3 bench/xla_corpus.py --json out.json  # every module's outcome
    python3 bench/xla_corpus.py --elided-constants=random  # as run_hlo_module

Each module is imported with `fuse-translate --import-hlo`. A module that
does not import is counted under its reason: the first error line, with
numbers, names and the module's own text replaced so that one cause is
one row. With `--run N`, N imported modules (an even spread, the same on
every run) run twice against the interpreter on random inputs,
`fuse-run --check`: after `fuse-opt --canonicalize` (plain) and after
`fuse-opt --canonicalize --fuse-elementwise` (fused). A module whose
collectives name devices beyond 0 runs as an SPMD program under `mpirun -np
N` (N: the largest device its groups or pairs name, plus one, or the
device count an all-gather or reduce-scatter over every device implies
by its shapes), each rank
checked against the interpreter's N devices; without mpirun it is counted
as a compile error. Each step has a time limit (`--timeout`, 60 s). The
output counts modules by outcome, lists import reasons by frequency, counts
the modules with a collective and those of them rejected for one (issue
41), and names every crash (a signal), hang (the time limit), compile error
and mismatch.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import harness

CORPUS = harness.REPO.parent / "shared" / "xla-corpus"


# Issue 41's collectives (and their async forms); a module holding one is a
# collective module.
COLLECTIVE_OP_RE = re.compile(
    r"\b(all-reduce|all-gather|reduce-scatter|collective-permute|all-to-all|"
    r"collective-broadcast|ragged-all-to-all|replica-id|partition-id|send|"
    r"recv)(-start|-done)?\(")

# An import failure caused by a collective: its reason names one, or the
# groups, pairs or devices of one.
COLLECTIVE_REASON_RE = re.compile(
    r"all[-_]reduce|all[-_]gather|reduce[-_]scatter|collective|all[-_]to[-_]all|"
    r"replica|partition|'send|'recv|groups|pairs|slices into an output buffer")

# fuse-run's refusals for memory, before anything runs.
MEMORY_REFUSAL_RE = re.compile(r"needs at least \d+ bytes|would need \d+ bytes")


def first_error(text):
    """The first error line of a tool's output (else its first line),
    without the file's position."""
    return re.sub(r"^.*?error:\s*", "", harness.error_line(text))


def reason_of(stderr):
    """One module's import failure as a row: its first error line with
    quoted names kept (they say what is missing) and numbers replaced."""
    return re.sub(r"\b\d+\b", "N", first_error(stderr))[:120]


# An SPMD program's ranks on this machine: OpenMPI as root (containers),
# more ranks than cores, no cross-process copies.
MPI_ENVIRONMENT = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
                       OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                       OMPI_MCA_rmaps_base_oversubscribe="1",
                       OMPI_MCA_btl_vader_single_copy_mechanism="none",
                       OMP_NUM_THREADS="1")


# An all-gather or reduce-scatter over every device (no groups named): its
# shapes say how many devices there are.
WHOLE_JOB_RE = re.compile(
    r"hlo\.(all_gather|reduce_scatter) %\S+, dim = (\d+), groups = dense<> "
    r": tensor<0x0xi64> : \(tensor<([\dx]*)x\w+>\) -> tensor<([\dx]*)x\w+>")


def spmd_devices(text):
    """The devices an imported module's collectives name (the largest id
    plus one), or that an all-gather or reduce-scatter over every device
    implies (the ratio of its shapes along its dimension); 1 for a program
    without them."""
    ids = [int(i) for groups in re.findall(
        r"(?:groups|pairs) = dense<([^>]*)>", text)
        for i in re.findall(r"-?\d+", groups)]
    devices = max([i for i in ids if i >= 0], default=0) + 1
    for op, dim, operand, result in WHOLE_JOB_RE.findall(text):
        sizes = [[int(d) for d in shape.split("x")]
                 for shape in (operand, result)]
        small, large = sizes if op == "all_gather" else sizes[::-1]
        if small[int(dim)] and large[int(dim)] % small[int(dim)] == 0:
            devices = max(devices, large[int(dim)] // small[int(dim)])
    return devices


def run(command, timeout, stdin=None, env=None):
    """(outcome, text): 'ok', 'timeout', 'crash' (a signal) or 'error', and
    the standard error."""
    try:
        proc = subprocess.run(command, input=stdin, capture_output=True,
                              text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if proc.returncode < 0:
        return "crash", f"killed by signal {-proc.returncode}"
    if proc.returncode != 0:
        return "error", proc.stderr + proc.stdout
    return "ok", proc.stdout


def import_module(tools, path, workdir, timeout, elided):
    out = Path(workdir) / (path.stem + ".mlir")
    outcome, text = run([str(tools.fuse_translate), "--import-hlo", str(path),
                         f"--hlo-elided-constants={elided}", "-o", str(out)],
                        timeout)
    record = {"module": path.name, "import": outcome,
              "collective": bool(COLLECTIVE_OP_RE.search(path.read_text(
                  errors="replace")))}
    if outcome == "error":
        record["reason"] = reason_of(text)
    elif outcome != "ok":
        record["reason"] = outcome
    else:
        record["mlir"] = str(out)
    return record


def check_module(tools, record, timeout):
    """Runs an imported module, canonicalized (plain) and fused, against
    the interpreter."""
    mlir = record["mlir"]
    devices = spmd_devices(Path(mlir).read_text())
    mpirun = shutil.which("mpirun") if devices > 1 else None
    if mpirun:
        record["devices"] = devices
    for variant, passes in (("plain", "--canonicalize"),
                            ("fused", "--canonicalize --fuse-elementwise")):
        program = f"{mlir}.{variant}.mlir"
        outcome, text = run([str(tools.fuse_opt), mlir, *passes.split(),
                             "-o", program], timeout)
        if outcome == "ok":
            # Under mpirun each rank reads the program from the file: only
            # rank 0 would get stdin.
            check = [str(tools.fuse_run), program, "--random-inputs=1",
                     "--check", "--no-cache"]
            if mpirun:
                check = [mpirun, "-np", str(devices)] + check
            outcome, text = run(check, timeout,
                                env=MPI_ENVIRONMENT if mpirun else None)
            # exit 1 with a MISMATCH line; exit 0 may still have matched
            # a result only normwise ("ok by norm", docs/fuse-run.md).
            if outcome == "error" and "MISMATCH" in text:
                outcome = "mismatch"
            elif outcome == "ok" and "ok by norm" in text:
                record[variant + "_by_norm"] = True
        record[variant] = outcome
        if outcome != "ok":
            record[variant + "_detail"] = (first_error(text)[:160] if text
                                           else outcome)
    return record


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.add_tool_arguments(parser, "fuse-run", "fuse-opt",
                              "fuse-translate")
    parser.add_argument("--corpus", type=Path, default=CORPUS,
                        help=f"the modules' folder (default: {CORPUS})")
    parser.add_argument("--run", type=int, default=0, metavar="N",
                        help="also run N imported modules, plain and fused, "
                             "against the interpreter")
    parser.add_argument("--timeout", type=float, default=60,
                        help="seconds for each import, pass run and check")
    parser.add_argument("--jobs", type=int, default=harness.usable_cores(),
                        help="modules handled at once")
    parser.add_argument("--top", type=int, default=25,
                        help="import reasons to list")
    parser.add_argument("--elided-constants", default="error",
                        choices=("error", "zeros", "random"),
                        help="what the importer puts in constants printed "
                             "as {...} (--hlo-elided-constants); XLA's "
                             "run_hlo_module fills them with random values")
    parser.add_argument("--json", type=Path, default=None,
                        help="write every module's record to this file")
    args = parser.parse_args(argv)
    harness.find_tools(args, "fuse-run", "fuse-opt", "fuse-translate")
    for tool in ("fuse_run", "fuse_opt", "fuse_translate"):
        if getattr(args, tool) is None:
            parser.error(f"no {tool.replace('_', '-')}: build fuse first "
                         "(scripts/setup.sh)")
    modules = sorted(args.corpus.glob("*.hlo"))
    if not modules:
        parser.error(f"no *.hlo modules in {args.corpus}")

    with tempfile.TemporaryDirectory(prefix="xla-corpus-") as workdir:
        with ThreadPoolExecutor(args.jobs) as pool:
            records = list(pool.map(
                lambda path: import_module(args, path, workdir, args.timeout,
                                           args.elided_constants),
                modules))
        imported = [r for r in records if r["import"] == "ok"]
        if args.run and imported:
            step = max(1, len(imported) // args.run)
            sample = imported[::step][:args.run]
            with ThreadPoolExecutor(args.jobs) as pool:
                list(pool.map(
                    lambda r: check_module(args, r, args.timeout), sample))
        for record in records:
            record.pop("mlir", None)

    total = len(records)
    print(f"{len(imported)} of {total} modules imported "
          f"({100 * len(imported) / total:.1f}%; issue 39's target: 85%; "
          f"elided constants: {args.elided_constants})")
    outcomes = collections.Counter(r["import"] for r in records)
    print("import outcomes: " + ", ".join(
        f"{name} {count}" for name, count in outcomes.most_common()))
    for record in records:
        if record["import"] in ("crash", "timeout"):
            print(f"  {record['import']}: {record['module']}")

    reasons = collections.Counter(r["reason"] for r in records
                                  if "reason" in r)
    print(f"\nImport failures by reason (top {args.top} of {len(reasons)}):")
    harness.print_table(["modules", "reason"],
                       [[count, reason] for reason, count
                        in reasons.most_common(args.top)], left=[1])

    collective = [r for r in records if r["collective"]]
    for_collective = collections.Counter(
        r["reason"] for r in collective
        if r["import"] != "ok" and COLLECTIVE_REASON_RE.search(r["reason"]))
    print(f"\nCollective modules: {len(collective)}, of which "
          f"{sum(r['import'] == 'ok' for r in collective)} import and "
          f"{sum(for_collective.values())} are rejected for a collective "
          "(issue 41's target: none):")
    harness.print_table(["modules", "reason"],
                       [[count, reason] for reason, count
                        in for_collective.most_common()], left=[1])

    ran = [r for r in records if "plain" in r]
    if ran:
        print(f"\nRuns against the interpreter ({len(ran)} modules):")
        rows = []
        for variant in ("plain", "fused"):
            counts = collections.Counter(r[variant] for r in ran)
            rows.append([variant] + [counts.get(name, 0) for name in
                                     ("ok", "mismatch", "error", "crash",
                                      "timeout")])
        harness.print_table(["", "match", "mismatch", "compile/run error",
                            "crash", "hang"], rows, left=[0])
        matched = sum(r["plain"] == "ok" and r["fused"] == "ok" for r in ran)
        by_norm = sum(r.get("plain_by_norm", False) or
                      r.get("fused_by_norm", False) for r in ran)
        # Issue 39's target counts the modules that run within the limits:
        # not over the time limit in either variant, nor refused for memory.
        within = [r for r in ran if not any(
            r[v] == "timeout" or (r[v] == "error" and MEMORY_REFUSAL_RE.search(
                r.get(v + "_detail", "")))
            for v in ("plain", "fused"))]
        matched_within = sum(r["plain"] == "ok" and r["fused"] == "ok"
                             for r in within)
        print(f"both match: {matched} of {len(ran)} "
              f"({100 * matched / len(ran):.1f}%), {by_norm} of "
              "them with a result that matches only normwise; of the "
              f"{len(within)} that ran within the limits, {matched_within} "
              f"({100 * matched_within / max(1, len(within)):.1f}%; "
              "target 98%)")
        for record in ran:
            for variant in ("plain", "fused"):
                if record[variant] != "ok":
                    print(f"  {record['module']} {variant}: "
                          f"{record[variant]}: "
                          f"{record.get(variant + '_detail', '')}")
    if args.json:
        args.json.write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
