"""The GPU benchmark's workloads: bench/common.py's programs (at any size)
and JAX forms, numpy inputs, and the same computation in PyTorch."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# common.py: beside this file in the artifacts (build.py copies it there),
# one folder up in the source tree.
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import common  # noqa: E402


def _normal(*shapes):
    return lambda rng: [rng.standard_normal(shape, dtype="float32")
                        for shape in shapes]


def all_workloads(scale=1):
    n = 16384 // scale
    return {
        "running_example_%d" % n: {
            "mlir": common.running_example_program(n),
            "inputs": _normal((n, n), (n, n)),
            "jax": common.running_example,
            "torch": lambda torch, x, y: torch.mean(x * x * 3 + y),
        },
        "softmax_%dx%d" % (n, n): {
            "mlir": common.softmax_program(n, n),
            "inputs": _normal((n, n)),
            "jax": common.softmax,
            "torch": lambda torch, x: torch.softmax(x, dim=1),
        },
        "layer_norm_%dx%d" % (n, n): {
            "mlir": common.layer_norm_program(n, n),
            "inputs": _normal((n, n), (n,), (n,)),
            "jax": common.layer_norm,
            "torch": lambda torch, x, g, b: torch.nn.functional.layer_norm(
                x, (x.shape[1],), g, b, eps=1e-5),
        },
    }
