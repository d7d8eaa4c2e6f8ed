"""The catalog of workloads of run.py, products.py and split.py: each an hlo
program (programs.py) and the same computation (references.py), with its
sizes and tolerances."""
from pathlib import Path

import numpy as np

from programs import (add_program, attention_program, digits_step_program,
    layer_norm_program, matrix_chain_program, mlp_gelu_program,
    product_program, running_example_program, softmax_program,
    squared_distances_program)
from references import (add, attention, digits_step, layer_norm, matmul,
    matmul_abt, matrix_chain, mlp_gelu, running_example, softmax,
    squared_distances)


# --------------------------------------------------------------------------
# The workloads of run.py and products.py
# --------------------------------------------------------------------------


class Workload:
    """A program generated at `sizes` ({parameter: size}, each divided by
    --scale), and compute(xp, *inputs), the same computation: the numpy
    reference (xp = numpy) and, under jax.jit, the JAX column (xp =
    jax.numpy). targets=True: a workload of the fusion issue (run.py's
    TARGETS). rtol/atol: --check tolerances where the defaults do not
    fit. by_default=False: left out of a plain run.py, for workloads of
    other issues whose unfused form runs for minutes; --only names them.
    products=True: a workload of bench/products.py."""

    def __init__(self, name, program, sizes, compute, note, targets=False,
                 rtol=None, atol=None, by_default=True, products=False):
        self.name = name
        self.products = products
        self.make_program = program
        self.sizes = sizes
        self.compute = compute
        self.note = note
        self.targets = targets
        self.rtol = rtol
        self.atol = atol
        self.by_default = by_default

    def program(self, scale=1):
        """The program with every size divided by `scale`; ValueError when
        one is not divisible."""
        for size in self.sizes.values():
            if size % scale:
                raise ValueError(f"dimension {size} is not divisible by "
                                 f"--scale {scale}")
        return self.make_program(**{k: v // scale
                                    for k, v in self.sizes.items()})

    def reference(self, *inputs):
        """The numpy reference."""
        return self.compute(np, *inputs)


# The products issue's workloads: sums of K products of inputs in [-3, 3)
# reach ~3 sqrt(K) * 3, and f32 in another order differs by a few ulps of
# that.
PRODUCT_TOLERANCES = dict(rtol=1e-3, atol=1e-2, by_default=False,
                          products=True)


def _product(name, compute, note, lhs, rhs, contracting, batching=((), ()),
             element="f32"):
    """A workload of one product of operands of the shapes `lhs` and
    `rhs` (see product_program)."""
    sizes = {f"d{i}": size for i, size in enumerate(lhs + rhs)}

    def program(**scaled):
        dims = [scaled[f"d{i}"] for i in range(len(sizes))]
        return product_program(dims[:len(lhs)], dims[len(lhs):],
                               contracting, batching, element)

    return Workload(name, program, sizes, compute, note,
                    **PRODUCT_TOLERANCES)


WORKLOADS = [
    Workload("running_example_4096", running_example_program, {"n": 4096},
             running_example, "mean(x*x*3 + y), unfused ops", targets=True),
    Workload("running_example_8192", running_example_program, {"n": 8192},
             running_example,
             "mean(x*x*3 + y), unfused ops; inputs 256 MiB each",
             targets=True),
    Workload("softmax_8192x4096", softmax_program,
             {"rows": 8192, "cols": 4096}, softmax,
             "softmax over rows (dim 1), max-shifted; 128 MiB in, 128 out",
             targets=True),
    # Results near zero (normed * gamma ~ -beta) carry rounding errors up to
    # ~2e-6 (the ulp of operands of magnitude ~3-9): fuse-run's own f32 atol.
    Workload("layer_norm_8192x4096", layer_norm_program,
             {"rows": 8192, "cols": 4096}, layer_norm,
             "(x-mean)/sqrt(var+1e-5)*gamma+beta over rows", targets=True,
             atol=1e-5),
    Workload("softmax_4096x1024", softmax_program,
             {"rows": 4096, "cols": 1024}, softmax,
             "softmax over dim 1, max-shifted; 32 MiB moved ~ L3 size"),
    Workload("add_4096", add_program, {"n": 4096}, add,
             "x + y: sanity check of the bound (triad-like)"),
    # Sums of 2048 products of inputs in [-3, 3), twice: results of about
    # 2048 * 3 in magnitude, where reassociation and f32 accumulation leave
    # absolute errors of a few units of 1e-2.
    Workload("matrix_chain_2048", matrix_chain_program, {"n": 2048},
             matrix_chain, "(A B) v, f32; variant dot-order computes A (B v)",
             rtol=1e-3, atol=1.0, by_default=False),
    # The rewritten form cancels where a distance is small next to the row
    # norms (~192 each): absolute errors of a few f32 ulps of 384.
    Workload("squared_distances_4096x64", squared_distances_program,
             {"n": 4096, "d": 64}, squared_distances,
             "naive sum_k (a_ik - b_jk)^2 through 4096x4096x64 broadcasts; "
             "variant algebraic-simplify: norms + one matrix product",
             atol=1e-3, by_default=False, products=True),
] + [
    _product(f"matmul_{n}", matmul, f"A B, {n}^3 f32", (n, n), (n, n),
             ([1], [0])) for n in (256, 512, 1024, 2048, 4096)
] + [
    _product("matmul_4096x1024x1024", matmul, "A B, 4096x1024 times 1024^2",
             (4096, 1024), (1024, 1024), ([1], [0])),
    _product("batch_matmul_64x256", matmul, "64 products of 256^3 f32",
             (64, 256, 256), (64, 256, 256), ([2], [1]), ([0], [0])),
    _product("matmul_f64_1024", matmul, "A B, 1024^3 f64", (1024, 1024),
             (1024, 1024), ([1], [0]), element="f64"),
    _product("matmul_abt_1024", matmul_abt, "A B^T, 1024^3 f32",
             (1024, 1024), (1024, 1024), ([1], [1])),
    _product("matvec_8192", matmul, "A x, 8192^2 f32 (memory-bound)",
             (8192, 8192), (8192,), ([1], [0])),
    Workload("mlp_gelu_4096x1024", mlp_gelu_program,
             {"rows": 4096, "features": 1024}, mlp_gelu,
             "gelu(x W + b), 4096x1024x1024", **PRODUCT_TOLERANCES),
    Workload("attention_2048x64", attention_program, {"n": 2048, "d": 64},
             attention, "softmax(q k^T / 8) v, 2048x64",
             **PRODUCT_TOLERANCES),
    Workload("digits_step_128", digits_step_program,
             {"batch": 128, "pixels": 64, "classes": 10}, digits_step,
             "softmax regression SGD step, 128x64 images, 10 classes",
             **PRODUCT_TOLERANCES),
]
KNOWN = {w.name: w for w in WORKLOADS}


def write_programs(directory, programs):
    """Writes each (name, doc, text) program to DIR/<name>.mlir."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for name, doc, text in programs:
        path = directory / f"{name}.mlir"
        path.write_text(f"// bench workload {name}: {doc}\n{text}")
        print(path)
