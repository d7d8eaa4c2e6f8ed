"""Where a compiled function's time goes, kernel by kernel: the timelines
of traced calls (fuse-run's --trace format) summed per kernel."""

from __future__ import annotations

import collections
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from ._errors import CompileError
from ._stages import PathLike


@dataclass
class KernelTime:
    """One kernel of the program (an hlo.fusion, or an unfused op), as the
    trace names it: `name` is XLA's style, the op's mnemonic and its number
    (``fusion.12``)."""

    name: str
    #: The op, e.g. "hlo.fusion" or "hlo.dot_general".
    op: str
    #: "loop", "input" or "output" for a fusion, else "".
    fusion_kind: str
    #: The names of the ops fused into it.
    fused_ops: list[str]
    #: Every "file:line:col" of the kernel's location, in order.
    positions: list[str]
    #: Seconds per call of the function, its nested kernels' time excluded
    #: (a loop's body kernels are kernels of their own).
    seconds: float = 0.0
    #: How many times it ran per call (more than once inside a loop).
    count: float = 0.0

    def computes(self) -> str:
        """What it computes: its op, or its fused ops by kind with their
        counts, e.g. "input fusion: reduce, multiply x2"."""
        if not self.fused_ops:
            return self.op.removeprefix("hlo.")
        kinds = collections.Counter(
            re.sub(r"\.\d+$", "", name) for name in self.fused_ops)
        kinds.pop("constant", None)
        ops = ", ".join(kind if count == 1 else f"{kind} x{count}"
                        for kind, count in kinds.most_common())
        return f"{self.fusion_kind} fusion: {ops}"

    def source_lines(self, program_file: str = "") -> str:
        """The source lines it came from, grouped by file: "model.py:12,40".
        Positions in the program's own file (`program_file`, the imported
        HLO text) are left out when there are others."""
        lines = collections.defaultdict(set)
        for position in self.positions:
            match = re.fullmatch(r"(.*):(\d+):\d+", position)
            if match:
                lines[match[1]].add(int(match[2]))
        if len(lines) > 1:
            lines.pop(program_file, None)
        return " ".join(
            os.path.basename(file) + ":" + ",".join(map(str, sorted(found)))
            for file, found in lines.items())


@dataclass
class Profile:
    """The kernels of `calls` traced calls of a function, busiest first.
    `traces` are the calls' timelines as fuse-run's --trace writes them
    (Chrome trace events)."""

    traces: list[dict[str, Any]]
    #: The name of the imported program's file, left out of source lines.
    program_file: str = ""
    kernels: list[KernelTime] = field(init=False)
    #: Mean seconds of a call, as the trace's call box measured it.
    call_seconds: float = field(init=False)

    def __post_init__(self) -> None:
        kernels: dict[str, KernelTime] = {}
        total = 0.0
        for trace in self.traces:
            for event, self_us in _self_times(trace["traceEvents"]):
                if event["cat"] == "call":
                    total += event["dur"] * 1e-6
                    continue
                kernel = kernels.get(event["name"])
                if kernel is None:
                    args = event.get("args", {})
                    kernel = kernels[event["name"]] = KernelTime(
                        event["name"], args.get("op", ""),
                        args.get("fusion_kind", ""),
                        list(args.get("fused_ops", [])),
                        _split_positions(args.get("location", "")))
                kernel.seconds += self_us * 1e-6
                kernel.count += 1
        calls = max(len(self.traces), 1)
        for kernel in kernels.values():
            kernel.seconds /= calls
            kernel.count /= calls
        self.kernels = sorted(kernels.values(), key=lambda k: -k.seconds)
        self.call_seconds = total / calls

    def table(self, top: int = 10) -> str:
        """The `top` busiest kernels: milliseconds per call, share of the
        call, runs per call, what each computes and its source lines."""
        rows = [("kernel", "ms", "share", "runs", "computes", "source")]
        for kernel in self.kernels[:top]:
            share = kernel.seconds / self.call_seconds \
                if self.call_seconds else 0.0
            rows.append((kernel.name, _format_ms(kernel.seconds),
                         f"{share:.1%}", f"{kernel.count:g}",
                         kernel.computes(),
                         kernel.source_lines(self.program_file)))
        widths = [max(len(row[i]) for row in rows) for i in range(5)]
        lines = [f"call: {self.call_seconds * 1e3:.3f} ms (mean of "
                 f"{len(self.traces)}), {len(self.kernels)} kernels"]
        for row in rows:
            cells = [row[0].ljust(widths[0])] + [
                row[i].rjust(widths[i]) for i in (1, 2, 3)] + [
                row[4].ljust(widths[4]), row[5]]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def write_trace(self, path: PathLike) -> None:
        """Writes the calls' timelines, one after the other, as one Chrome
        trace-event file (chrome://tracing, ui.perfetto.dev)."""
        events = [event for trace in self.traces
                  for event in trace["traceEvents"]]
        with open(path, "w") as file:
            json.dump({"traceEvents": events, "displayTimeUnit": "ms"}, file)


def check_profiled_target(target):
    """Kernel profiles time the CPU's kernels (fuse-run's --trace)."""
    if target != "cpu":
        raise CompileError(f"profiles time the CPU's kernels; the function "
                           f"is compiled for {target}")


def check_runs(runs: int) -> None:
    if runs < 1:
        raise ValueError(f"runs={runs}; profile needs at least one run")


def profile_calls(executable: Any, arrays: Sequence[Any], runs: int,
                  program_file: str) -> Profile:
    """The Profile of `runs` traced calls of `executable` (compiled with
    trace-kernels) on `arrays`, numpy arrays of its arguments' types, after
    one untimed call (threads started, pages faulted in)."""
    executable.run(arrays)
    traces = [executable.run_traced(arrays)[1] for _ in range(runs)]
    return Profile(traces, program_file)


def _format_ms(seconds: float) -> str:
    """Milliseconds to the microsecond, or 3 digits below that."""
    ms = seconds * 1e3
    return f"{ms:.3f}" if ms >= 0.1 else f"{ms:.3g}"


def with_kernel_tracing(pipeline_options: str) -> str:
    """The CPU pipeline's options with its kernels timed."""
    return f"{pipeline_options} trace-kernels=1".strip()


def _split_positions(location: str) -> list[str]:
    return [part for part in location.split(", ") if part]


def _self_times(events: Sequence[dict[str, Any]]):
    """(event, microseconds) for each event, its directly nested events'
    durations subtracted: a loop's box holds its body's kernel boxes."""
    ordered = sorted(events, key=lambda e: (e["ts"], -e["dur"]))
    own = [event["dur"] for event in ordered]
    open_boxes: list[int] = []
    for index, event in enumerate(ordered):
        while open_boxes and (ordered[open_boxes[-1]]["ts"] +
                              ordered[open_boxes[-1]]["dur"] <= event["ts"]):
            open_boxes.pop()
        if open_boxes:
            own[open_boxes[-1]] -= event["dur"]
        open_boxes.append(index)
    return zip(ordered, own)

