#!/usr/bin/env python3
"""Accuracy of reductions against float64, side by side in one run: each
program runs through jax.jit, through fuse_hlo.jax.jit with fusion (the
default passes) and without it (passes="canonicalize"), on the same f32
inputs, and each result is compared with numpy's float64 evaluation of the
same formula on those inputs. Each element's error is normwise, relative to
the result's size: |got - f64| / max |f64|, as the accuracy issue measures
it. The table shows the root mean square of those errors over every element
and seed (a stable statistic; the largest one of a few dozen elements moves
by 30% from seed to seed) and the largest. Prints the issue's targets with
PASS/MISS on the RMS: every fused reduction at least as close to float64
as the unfused one, and within 2x of JAX's error (both with 10% for the
noise of the statistic).

    python3 bench/accuracy.py
    python3 bench/accuracy.py --only column_8192x64 --seeds 5

Errors of a few 1e-8 are the rounding of the result itself; a sum's order
shows above that (a sequential f32 sum of n terms is about 6e-8 * sqrt(n) / 3
off).
"""

import argparse
import sys

import numpy as np

import harness


def workloads():
    """name -> (make inputs from a numpy Generator, formula(xp, *inputs)),
    where xp is jax.numpy or numpy (in float64)."""

    def leading(rng):
        shape = (32, 16, 16, 32)
        return [rng.random(shape, np.float32) for _ in range(3)]

    def columns(rng):
        return [rng.standard_normal((8192, 64)).astype(np.float32)]

    def rows(rng):
        return [rng.standard_normal((64, 8192)).astype(np.float32)]

    def middle(rng):
        return [rng.random((16, 1000, 32), np.float32)]

    def full(rng):
        return [rng.random(10**7, np.float32)]

    def batch_norm(rng):
        return [(rng.standard_normal((64, 32, 32, 16)) + 1).astype(np.float32)]

    def bf16_columns(rng):
        return [rng.random((16384, 32), np.float32)]

    def mean_var(xp, x):
        mean = xp.mean(x, axis=(0, 1, 2))
        return mean, xp.mean((x - mean) ** 2, axis=(0, 1, 2))

    def bf16_sum(xp, x):
        if xp is np:
            return np.sum(x.astype(np.float64), axis=0)
        import jax.numpy as jnp
        return jnp.sum(x.astype(jnp.bfloat16), axis=0).astype(jnp.float32)

    return {
        "leading_32x16x16x32": (
            leading, lambda xp, a, b, c: xp.sum(a * b + c, axis=(0, 1, 2))),
        "column_8192x64": (columns, lambda xp, x: xp.sum(x * x, axis=0)),
        "column_mean_8192x64": (columns, lambda xp, x: xp.mean(x, axis=0)),
        "middle_16x1000x32": (middle, lambda xp, x: xp.sum(x, axis=1)),
        "row_64x8192": (rows, lambda xp, x: xp.sum(x * x, axis=1)),
        "full_10M": (full, lambda xp, x: xp.sum(x * 3 + 1)),
        "batch_norm_mean_var": (batch_norm, mean_var),
        "bf16_column_16384x32": (bf16_columns, bf16_sum),
    }


def resnet_gradient_errors(fuse_hlo, seeds):
    """The largest error, relative to each leaf's size, of the gradient of a
    ResNet basic block with BatchNorm in training mode (flax), per column:
    jax.jit and fuse_hlo.jax.jit against the same step in float64."""
    import jax
    import jax.numpy as jnp
    import flax.linen as nn

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x):
            y = nn.Conv(16, (3, 3), use_bias=False)(x)
            y = nn.relu(nn.BatchNorm(use_running_average=False)(y))
            y = nn.Conv(16, (3, 3), use_bias=False)(y)
            y = nn.BatchNorm(use_running_average=False)(y)
            y = nn.relu(y + nn.Conv(16, (1, 1), use_bias=False)(x))
            return nn.Dense(10)(jnp.mean(y, axis=(1, 2)))

    model = Block()

    def loss(params, stats, x, labels):
        logits, _ = model.apply({"params": params, "batch_stats": stats}, x,
                                mutable=["batch_stats"])
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * labels, -1))

    gradient = jax.grad(loss)
    worst = {"jax": 0.0, "fused": 0.0}
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        x = rng.standard_normal((32, 32, 32, 3)).astype(np.float32)
        labels = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 32)]
        variables = model.init(jax.random.PRNGKey(seed), x)
        params = jax.tree_util.tree_map(np.asarray, variables["params"])
        stats = jax.tree_util.tree_map(np.asarray, variables["batch_stats"])
        with jax.enable_x64(True):
            wide = lambda tree: jax.tree_util.tree_map(
                lambda a: np.asarray(a, np.float64), tree)
            reference = jax.jit(gradient)(wide(params), wide(stats),
                                          np.float64(x), np.float64(labels))
            reference = jax.tree_util.tree_map(np.asarray, reference)
        for column, function in (("jax", jax.jit(gradient)),
                                 ("fused", fuse_hlo.jax.jit(gradient))):
            got = function(params, stats, x, labels)
            for g, r in zip(jax.tree_util.tree_leaves(got),
                            jax.tree_util.tree_leaves(reference)):
                scale = np.max(np.abs(r)) or 1.0
                error = np.max(np.abs(np.asarray(g, np.float64) - r)) / scale
                worst[column] = max(worst[column], float(error))
    return worst


def normwise_errors(function, inputs, references):
    """Every element's |got - f64| / max |f64|, over all results."""
    results = function(*inputs)
    if not isinstance(results, tuple):
        results = (results,)
    errors = []
    for got, want in zip(results, references):
        got = np.asarray(got, np.float64)
        scale = np.max(np.abs(want)) or 1.0
        errors.append(np.ravel(np.abs(got - want) / scale))
    return np.concatenate(errors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    harness.add_tool_arguments(parser, "fuse-run")
    parser.add_argument("--only", help="comma-separated workloads")
    parser.add_argument("--seeds", type=int, default=5,
                        help="inputs drawn per workload")
    parser.add_argument("--no-model", action="store_true",
                        help="leave out the ResNet gradient (needs flax)")
    args = parser.parse_args()
    harness.find_tools(args, "fuse-run")
    harness.import_fuse_hlo(args.fuse_run)
    import fuse_hlo.jax
    import jax
    jax.config.update("jax_enable_x64", False)
    known = workloads()
    names = harness.select(parser, args.only, {n: n for n in known},
                          list(known))

    rows, misses = [], 0
    for name in names:
        make, formula = known[name]
        fused = fuse_hlo.jax.jit(lambda *a, f=formula: f(jax.numpy, *a))
        unfused = fuse_hlo.jax.jit(lambda *a, f=formula: f(jax.numpy, *a),
                                   passes="canonicalize")
        jitted = jax.jit(lambda *a, f=formula: f(jax.numpy, *a))
        errors = {"jax": [], "fused": [], "unfused": []}
        for seed in range(args.seeds):
            inputs = make(np.random.default_rng(seed))
            references = formula(np, *[x.astype(np.float64) for x in inputs])
            if not isinstance(references, tuple):
                references = (references,)
            for column, function in (("jax", jitted), ("fused", fused),
                                     ("unfused", unfused)):
                errors[column].append(
                    normwise_errors(function, inputs, references))
        rms = {c: float(np.sqrt(np.mean(np.concatenate(e) ** 2)))
               for c, e in errors.items()}
        worst = {c: float(np.max(np.concatenate(e)))
                 for c, e in errors.items()}
        passed = (rms["fused"] <= 1.1 * rms["unfused"] and
                  rms["fused"] <= 2.2 * rms["jax"])
        misses += not passed
        rows.append([name] + [f"{rms[c]:.1e}" for c in errors] +
                    [f"{worst[c]:.1e}" for c in errors] +
                    [harness.fmt_ratio(rms["fused"], rms["jax"]),
                     "PASS" if passed else "MISS"])
    print(f"Normwise error against float64 over {args.seeds} seeds "
          "(fused: default passes; unfused: passes=\"canonicalize\")")
    harness.print_table(["workload", "rms jax.jit", "rms fused",
                        "rms unfused", "max jax.jit", "max fused",
                        "max unfused", "fused/jax", "target"], rows, left=1)
    print("target (on the RMS): fused <= 1.1x unfused and <= 2.2x jax.jit")
    if args.no_model:
        return 1 if misses else 0
    worst = resnet_gradient_errors(fuse_hlo, min(args.seeds, 2))
    passed = worst["fused"] <= 1e-5
    misses += not passed
    print()
    print("ResNet basic block with BatchNorm (training), gradient against "
          "float64, the largest error relative to each leaf's size:")
    harness.print_table(["model", "jax.jit", "fuse", "target"],
                       [["resnet_block_bn_grad", f"{worst['jax']:.1e}",
                         f"{worst['fused']:.1e}",
                         "PASS" if passed else "MISS"]], left=1)
    print("target: fuse within 1e-5 of float64")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
