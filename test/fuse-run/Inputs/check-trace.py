"""Checks a `fuse-run --trace` file and prints its boxes, a call per line
and its kernels indented below it. Fails on invalid JSON, a missing field, a
negative time or a kernel box outside the box of its call."""

import json
import os
import sys

FIELDS = ("name", "cat", "ph", "ts", "dur", "pid", "tid", "args")


def nanoseconds(microseconds):
    return round(microseconds * 1000)


def describe(args):
    """key=value for each arg; locations by file name, lists comma joined."""
    parts = []
    for key, value in sorted(args.items()):
        if key == "location":
            value = os.path.basename(value)
        elif isinstance(value, list):
            value = ",".join(value)
        parts.append("%s=%s" % (key, value))
    return " ".join(parts)


def main(path):
    with open(path) as f:
        trace = json.load(f)
    assert trace["displayTimeUnit"] == "ms", trace
    calls = []
    for event in trace["traceEvents"]:
        assert all(field in event for field in FIELDS), event
        assert event["ph"] == "X", event
        start, duration = nanoseconds(event["ts"]), nanoseconds(event["dur"])
        assert start >= 0 and duration >= 0, event
        if event["cat"] == "call":
            calls.append((event, start, start + duration, []))
            continue
        assert event["cat"] == "kernel", event
        call, call_start, call_end, kernels = calls[-1]
        assert call_start <= start and start + duration <= call_end, event
        kernels.append(event)
    for call, _, _, kernels in calls:
        print("%s %s" % (call["name"], describe(call["args"])))
        for kernel in kernels:
            print("  %s %s" % (kernel["name"], describe(kernel["args"])))


if __name__ == "__main__":
    main(sys.argv[1])
