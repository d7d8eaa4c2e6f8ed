"""The GPU benchmark's workloads: bench/programs.py's programs (at any size)
and JAX forms, numpy inputs, and the same computation in PyTorch."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# programs.py and references.py: beside this file in the artifacts (build.py
# copies them there), one folder up in the source tree.
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import programs  # noqa: E402
import references  # noqa: E402


def _normal(*shapes):
    return lambda rng: [rng.standard_normal(shape, dtype="float32")
                        for shape in shapes]


def all_workloads(scale=1):
    n = 16384 // scale
    m = 4096 // scale
    return {
        "running_example_%d" % n: {
            "mlir": programs.running_example_program(n),
            "inputs": _normal((n, n), (n, n)),
            "jax": references.running_example,
            "torch": lambda torch, x, y: torch.mean(x * x * 3 + y),
        },
        "softmax_%dx%d" % (n, n): {
            "mlir": programs.softmax_program(n, n),
            "inputs": _normal((n, n)),
            "jax": references.softmax,
            "torch": lambda torch, x: torch.softmax(x, dim=1),
        },
        "layer_norm_%dx%d" % (n, n): {
            "mlir": programs.layer_norm_program(n, n),
            "inputs": _normal((n, n), (n,), (n,)),
            "jax": references.layer_norm,
            "torch": lambda torch, x, g, b: torch.nn.functional.layer_norm(
                x, (x.shape[1],), g, b, eps=1e-5),
        },
        # Products: cuBLASLt against torch.matmul (cuBLAS) and XLA, all at
        # full f32 precision (no TF32).
        "matmul_f32_%d" % m: {
            "mlir": programs.product_program((m, m), (m, m), ([1], [0])),
            "inputs": _normal((m, m), (m, m)),
            "jax": lambda xp, a, b: a @ b,
            "torch": lambda torch, a, b: torch.matmul(a, b),
            "rtol": 1e-3, "atol": 1e-3,
        },
        "matmul_bf16_%d" % m: {
            "mlir": programs.product_program((m, m), (m, m), ([1], [0]),
                                           element="bf16"),
            "inputs": _normal((m, m), (m, m)),
            "bf16": True,
            "jax": lambda xp, a, b: a @ b,
            "torch": lambda torch, a, b: torch.matmul(a, b),
            "rtol": 2e-2, "atol": 2e-1,
        },
        "mlp_gelu_%dx%d" % (m, m): {
            "mlir": programs.mlp_gelu_program(m, m),
            "inputs": _normal((m, m), (m, m), (m,)),
            "jax": references.mlp_gelu,
            "torch": lambda torch, x, w, b: torch.nn.functional.gelu(
                x @ w + b, approximate="tanh"),
            "rtol": 1e-3, "atol": 1e-3,
        },
        "attention_%dx64" % m: {
            "mlir": programs.attention_program(m, 64),
            "inputs": _normal((m, 64), (m, 64), (m, 64)),
            "jax": references.attention,
            "torch": lambda torch, q, k, v: torch.softmax(
                (q @ k.T) * 0.125, dim=1) @ v,
            "rtol": 1e-3, "atol": 1e-4,
        },
        # A bitonic network (a kernel per stage) against XLA's and
        # PyTorch's radix sorts (CUB).
        "sort_%d" % (10**6 // scale): {
            "mlir": programs.sort_program(10**6 // scale),
            "inputs": _normal((10**6 // scale,)),
            "jax": lambda xp, x: xp.sort(x),
            "torch": lambda torch, x: torch.sort(x).values,
        },
    }


def to_bf16_bits(array):
    """f32 values rounded to bf16 (to nearest, ties to even), as the raw
    bits that fuse's .npy files hold for bf16."""
    import numpy as np
    # np.array, not np.ascontiguousarray: that one makes a scalar 1-d.
    bits = np.array(array, dtype=np.float32, order="C").view(np.uint32)
    rounded = bits + 0x7FFF + ((bits >> 16) & 1)
    return (rounded >> 16).astype(np.uint16)


def from_bf16_bits(bits):
    import numpy as np
    return (bits.astype(np.uint32) << 16).view(np.float32)
