"""Writes the JAX programs that test/Target/HLOText/jax-*.test import.

For each program, a folder with the HLO text that JAX prints
(`jax.jit(f).lower(*args).as_text(dialect="hlo")`) as program.hlo, the
arguments as arg<i>.npy and JAX's results (on the CPU) as
expected/result<i>.npy, the names fuse-run's --expected reads. For the
running example it also keeps the HLO text that XLA dumps before its
optimizations (XLA_FLAGS=--xla_dump_to=... --xla_dump_hlo_as_text), whose
format differs: %-names, signatures, stack frame tables.

The files are committed, so the tests need no JAX; run this script again
(python3 generate.py) after changing a program.
"""

import glob
import os
import pathlib
import shutil
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
DUMP_DIR = tempfile.mkdtemp(prefix="fuse-xla-dump-")
# XLA reads its flags when the backend starts, before the first jit.
os.environ["XLA_FLAGS"] = f"--xla_dump_to={DUMP_DIR} --xla_dump_hlo_as_text"
os.environ["JAX_PLATFORMS"] = "cpu"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402


def softmax(x):
    return jax.nn.softmax(x, axis=-1)


def mlp(x, w1, b1, w2, b2):
    hidden = jax.nn.relu(x @ w1 + b1)
    return jax.nn.log_softmax(hidden @ w2 + b2, axis=-1)


def layer_norm(x, gamma, beta):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    variance = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(variance + 1e-5) * gamma + beta


def running_example(x, y):
    return jnp.mean(x * x * 3 + y)


def attention(q, k, v):
    scores = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1])
    weights = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bqk,bkd->bqd", weights, v).transpose(0, 2, 1)


def argmax_where(x, y):
    leaky = jnp.where(x > 0, x, 0.1 * x)
    closest = jnp.argmax(-jnp.abs(x - y), axis=1)
    in_range = jnp.logical_and(x >= -1, x < 1)
    return jnp.argmax(x, axis=1), leaky, closest, jnp.sum(in_range, axis=0)


def data_movement(x, i):
    top = x[1:3, ::2]
    padded = jnp.pad(x, ((1, 0), (0, 2)), constant_values=-1.0)
    joined = jnp.concatenate([x, jnp.flip(x, axis=0)], axis=1)
    window = jax.lax.dynamic_slice(x, (i, 0), (2, 3))
    scaled = jnp.clip(jnp.tanh(x), -0.5, 0.5) + jnp.arange(6, dtype=jnp.float32)
    counts = (x * 10).astype(jnp.int32) % 3
    return top, padded, joined, window, scaled, counts


def arrays(rng, *shapes):
    return [rng.standard_normal(shape).astype(np.float32) for shape in shapes]


def programs():
    rng = np.random.default_rng(2024)
    return {
        "softmax": (softmax, arrays(rng, (4, 8))),
        "mlp": (mlp, arrays(rng, (4, 8), (8, 16), (16,), (16, 5), (5,))),
        "layer_norm": (layer_norm, arrays(rng, (4, 8), (8,), (8,))),
        "running_example": (running_example, arrays(rng, (8, 16), (8, 16))),
        "attention": (attention, arrays(rng, (2, 4, 8), (2, 4, 8), (2, 4, 8))),
        "argmax_where": (argmax_where, arrays(rng, (4, 8), (4, 8))),
        "data_movement": (
            data_movement,
            arrays(rng, (4, 6)) + [np.array(1, dtype=np.int32)],
        ),
    }


def write_program(name, function, args):
    folder = HERE / name
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "expected").mkdir(parents=True)
    jitted = jax.jit(function)
    (folder / "program.hlo").write_text(jitted.lower(*args).as_text(dialect="hlo"))
    for index, arg in enumerate(args):
        np.save(folder / f"arg{index}.npy", arg)
    results = jitted(*args)
    if not isinstance(results, tuple):
        results = (results,)
    for index, result in enumerate(results):
        np.save(folder / "expected" / f"result{index}.npy", np.asarray(result))


def keep_xla_dump(name, module_name):
    (dump,) = glob.glob(f"{DUMP_DIR}/*.{module_name}.before_optimizations.txt")
    # The stack frame tables name this script by its absolute path.
    text = pathlib.Path(dump).read_text().replace(str(HERE) + "/", "")
    (HERE / name / "xla_dump.hlo").write_text(text)


def main():
    for name, (function, args) in programs().items():
        write_program(name, function, args)
    keep_xla_dump("running_example", "jit_running_example")
    shutil.rmtree(DUMP_DIR)


if __name__ == "__main__":
    main()
