"""torch.compile on the CPU, timed in a child process: run_torch starts this
file as a script, one process per workload, so that torch's OpenMP team and
its compiled-code cache do not stay behind in the harness.

    torch_worker.py WORKLOAD --inputs SIG --runs N --seed S --threads T
    torch_worker.py --conv LAYER,PASS --dir DIR --runs N --threads T

The first form computes a catalog workload (references.py, written against
numpy's API) through `TorchNumpy`, which maps that API onto torch; inputs
are drawn as the other columns draw them. The second computes one pass of a
bench/conv.py layer on DIR/in0.npy, ... (NHWC activations and HWIO weights,
given to torch as channels-last tensors) and writes DIR/torch/out0.npy.

Each prints one JSON line: the first call's milliseconds (Inductor
generates and compiles its code then), min_ms and median_ms of the runs
after it, or 'error'. OpenMP waits passively (OMP_WAIT_POLICY=PASSIVE,
unless the caller set it), as fuse's and XLA's threads do: torch's default
spinning would slow the other columns' turns."""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from harness import (installed_version, numpy_inputs, results_list,
                     run_worker, time_calls)

TORCH_MISSING = ("torch is not installed for {}: torch.compile columns are "
                 "n/a (pip install torch)")


def torch_available():
    """torch's version string without importing it, else None."""
    return installed_version("torch")


def _run_child(arguments, threads, timeout):
    cmd = [sys.executable, str(Path(__file__).resolve())] + arguments + [
        "--threads", str(threads)]
    env = dict(os.environ)
    env.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    env["OMP_NUM_THREADS"] = str(threads)
    return run_worker(cmd, env, timeout, "torch")


def run_torch(workload, signature_text, runs, seed, threads, timeout):
    """Times catalog `workload` under torch.compile on inputs of the
    signature (jax_worker's text form); a record with min_ms/median_ms (or
    'error')."""
    return _run_child([workload.name, "--inputs", signature_text, "--runs",
                       str(runs), "--seed", str(seed)], threads, timeout)


def run_torch_conv(layer, what, directory, runs, threads, timeout):
    """Times one pass of a conv.py layer on DIR/in*.npy; the record's
    result is DIR/torch/out0.npy."""
    return _run_child(["--conv", f"{layer},{what}", "--dir", str(directory),
                       "--runs", str(runs)], threads, timeout)


class TorchNumpy:
    """The part of numpy's API that references.py uses, on torch tensors."""

    def __init__(self, torch):
        self.torch = torch

    @staticmethod
    def float32(value):
        return float(value)

    def mean(self, x, axis=None, keepdims=False):
        if axis is None:
            return self.torch.mean(x)
        return self.torch.mean(x, dim=axis, keepdim=keepdims)

    def sum(self, x, axis=None, keepdims=False):
        if axis is None:
            return self.torch.sum(x)
        return self.torch.sum(x, dim=axis, keepdim=keepdims)

    def max(self, x, axis=None, keepdims=False):
        if axis is None:
            return self.torch.amax(x)
        return self.torch.amax(x, dim=axis, keepdim=keepdims)

    def __getattr__(self, name):  # exp, sqrt, tanh, maximum, log, where
        return getattr(self.torch, name)


def _conv_function(torch, conv, layer, what):
    """conv.py's pass `what` of `layer` on NCHW views of NHWC data, with
    XLA's SAME padding (low = total // 2)."""
    n, h, w_, c, k, r, stride = conv.LAYERS[layer]
    functional = torch.nn.functional

    def padding(size):
        out = -(-size // stride)
        total = max((out - 1) * stride + r - size, 0)
        return total // 2, total - total // 2

    (top, bottom), (left, right) = padding(h), padding(w_)

    def forward(x, w):
        x = functional.pad(x, (left, right, top, bottom))
        return torch.relu(functional.conv2d(x, w, stride=stride))

    if what == "forward":
        return forward

    def gradients(x, w, g):
        x = x.detach().requires_grad_(what == "input gradient")
        w = w.detach().requires_grad_(what == "weight gradient")
        y = forward(x, w)
        return torch.autograd.grad(y, x if x.requires_grad else w, g)[0]
    return gradients


def _conv_worker(torch, args):
    import conv
    layer, what = args.conv.split(",", 1)
    directory = Path(args.dir)
    arrays = [np.load(path) for path in sorted(
        directory.glob("in*.npy"), key=lambda p: int(p.stem[2:]))]
    last = torch.channels_last
    # NHWC activations are channels-last NCHW tensors; HWIO weights become
    # OIHW, stored channels-last once, as a torch user would keep them.
    # conv.py's inputs are (x, w) or (x, w, g): the weights come second.
    tensors = [torch.from_numpy(a).permute(3, 2, 0, 1).contiguous(
                   memory_format=last) if i == 1 else
               torch.from_numpy(a).permute(0, 3, 1, 2)
               for i, a in enumerate(arrays)]
    compiled = torch.compile(_conv_function(torch, conv, layer, what))
    start = time.perf_counter()
    result = compiled(*tensors)
    first_ms = (time.perf_counter() - start) * 1e3
    record = time_calls(lambda: compiled(*tensors), args.runs)
    out = result.detach()
    # Back to conv.py's layouts: NHWC activations, HWIO weights.
    out = (out.permute(2, 3, 1, 0) if what == "weight gradient"
           else out.permute(0, 2, 3, 1))
    (directory / "torch").mkdir(exist_ok=True)
    np.save(directory / "torch" / "out0.npy", out.contiguous().numpy())
    return record, first_ms


def _workload_worker(torch, args):
    from catalog import KNOWN
    from jax_worker import parse_signature_text
    workload = KNOWN[args.workload]
    types = parse_signature_text(args.inputs)
    tensors = [torch.from_numpy(a) for a in numpy_inputs(types, args.seed)]
    xp = TorchNumpy(torch)
    compiled = torch.compile(lambda *xs: workload.compute(xp, *xs))
    start = time.perf_counter()
    results_list(compiled(*tensors))
    first_ms = (time.perf_counter() - start) * 1e3
    return time_calls(lambda: compiled(*tensors), args.runs), first_ms


def main(argv=None):
    parser = argparse.ArgumentParser(description="run_torch's child process")
    parser.add_argument("workload", nargs="?")
    parser.add_argument("--inputs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--conv", help="LAYER,PASS of bench/conv.py")
    parser.add_argument("--dir")
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--threads", type=int, required=True)
    args = parser.parse_args(argv)
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": f"cannot import torch: {e}"}))
        return 0
    torch.set_num_threads(args.threads)
    with torch.no_grad() if not args.conv or "forward" in args.conv else \
            torch.enable_grad():
        if args.conv:
            record, first_ms = _conv_worker(torch, args)
        else:
            record, first_ms = _workload_worker(torch, args)
    record.update({"first_call_ms": first_ms, "threads": args.threads,
                   "torch": torch.__version__})
    print(json.dumps(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
