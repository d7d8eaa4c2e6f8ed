"""Running fuse-opt and fuse-run for the random program generators
(hlo_fuzz.py, split_fuzz.py, chain_fuzz.py, linalg_fuzz.py), and their
common command-line arguments. Python standard library only."""

import shutil
import subprocess
import sys
from pathlib import Path


#: The return code run_tool gives a run that it stopped.
TIMED_OUT = "timeout"


def add_tool_arguments(parser, *tools, timeout=None):
    """--fuse-opt, --fuse-run: a path, or a name on PATH (the default);
    with `timeout`, --timeout SECONDS (that default) for each run."""
    for tool in tools:
        parser.add_argument(f"--{tool}", default=tool,
                            help=f"the {tool} binary (a path or a name on "
                                 f"PATH; default {tool})")
    if timeout:
        parser.add_argument("--timeout", type=float, default=timeout,
                            help="seconds for one fuse-opt or fuse-run run "
                                 f"(default {timeout:g}); a longer one fails")


def find_tool(parser, path):
    """The executable `path` names (itself, or found on PATH); an argument
    error if there is none."""
    found = shutil.which(path)
    if not found:
        parser.error(f"cannot run '{path}'")
    return found


def run_tool(command, timeout=None, stdin=None):
    """Runs `command`, capturing its output. A run over `timeout` seconds
    is stopped: its return code is TIMED_OUT and its stderr says so."""
    try:
        return subprocess.run([str(c) for c in command], input=stdin,
                              capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        output = expired.stdout or ""
        if isinstance(output, bytes):
            output = output.decode(errors="replace")
        return subprocess.CompletedProcess(
            command, TIMED_OUT, output,
            f"{Path(str(command[0])).name}: no result after {timeout:g} s\n")


def run_checked(command, stdin=None):
    """run_tool without a time limit; a failure ends the program with the
    tool's message."""
    result = run_tool(command, stdin=stdin)
    if result.returncode != 0:
        sys.exit(f"{Path(str(command[0])).name} exit {result.returncode}:\n"
                 f"{result.stderr}")
    return result


def seed_arguments(parser, count):
    """--seed S (also fuse-run's --random-inputs) and --count N."""
    parser.add_argument("--seed", type=int, default=1,
                        help="the seed; also fuse-run's --random-inputs")
    parser.add_argument("--count", type=int, default=count,
                        help=f"how many programs (default {count})")
