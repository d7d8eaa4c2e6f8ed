"""Writes the sharded JAX programs that test/fuse-run/spmd-jax.test runs.

For each program and device count N, a folder <name>.<N> with the HLO text
of one device's program after XLA's SPMD partitioning
(`jax.jit(f).lower(*args).compile().as_text()`, on N host devices), each
device's arguments as arg<i>.<device>.npy, and the results of the same
computation run unsharded by jax.jit in one process as
expected/device<d>.result<i>.npy, the files `fuse-run --expected` reads for
device d of an SPMD run.

The files are committed, so the tests need no JAX; run this script again
(python3 generate.py) after changing a program.
"""

import os
import pathlib
import shutil

DEVICE_COUNTS = (2, 3)
os.environ["XLA_FLAGS"] = \
    f"--xla_force_host_platform_device_count={max(DEVICE_COUNTS)}"
os.environ["JAX_PLATFORMS"] = "cpu"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, PartitionSpec as P  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent


def psum_of_squares(x, w):
    """A shard_map body: each device's rows, then a psum over devices."""
    y = jnp.tanh(x @ w)
    return jax.lax.psum(jnp.sum(y * y, axis=0), "batch")


def squares_unsharded(x, w):
    y = jnp.tanh(x @ w)
    return jnp.sum(y * y, axis=0)


def loss(params, x, labels, batch):
    """The mean cross-entropy over a batch of `batch` examples, of which x
    holds some: summed over x, divided by the whole batch's size."""
    w1, b1, w2, b2 = params
    hidden = jax.nn.relu(x @ w1 + b1)
    logits = hidden @ w2 + b2
    log_probs = jax.nn.log_softmax(logits)
    picked = jnp.take_along_axis(log_probs, labels[:, None], axis=1)
    return -jnp.sum(picked) / batch


def sgd(params, grads):
    return tuple(p - 0.1 * g for p, g in zip(params, grads))


def train_step(params, x, labels):
    """Data parallel: each device's share of the batch. The parameters are
    the same on every device, so shard_map's autodiff sums their gradients
    over the devices (an all-reduce): the whole batch's gradient."""
    batch = x.shape[0] * jax.lax.axis_size("batch")
    value, grads = jax.value_and_grad(loss)(params, x, labels, batch)
    return sgd(params, grads) + (jax.lax.psum(value, "batch"),)


def train_step_unsharded(params, x, labels):
    value, grads = jax.value_and_grad(loss)(params, x, labels, x.shape[0])
    return sgd(params, grads) + (value,)


def write(folder, text, device_args, expected, devices):
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "expected").mkdir(parents=True)
    (folder / "program.hlo").write_text(text)
    for device, args in enumerate(device_args):
        for i, arg in enumerate(args):
            np.save(folder / f"arg{i}.{device}.npy", np.asarray(arg))
    for device in range(devices):
        for i, result in enumerate(expected):
            np.save(folder / "expected" / f"device{device}.result{i}.npy",
                    np.asarray(result))


def shards(array, devices):
    return np.split(array, devices, axis=0)


def main():
    rng = np.random.default_rng(0)
    for devices in DEVICE_COUNTS:
        mesh = Mesh(np.array(jax.devices()[:devices]), ("batch",))

        x = rng.standard_normal((4 * devices, 5)).astype(np.float32)
        w = rng.standard_normal((5, 3)).astype(np.float32)
        sharded = jax.jit(jax.shard_map(
            psum_of_squares, mesh=mesh, in_specs=(P("batch"), P()),
            out_specs=P()))
        text = sharded.lower(x, w).compile().as_text()
        expected = [jax.jit(squares_unsharded)(x, w)]
        write(HERE / f"psum.{devices}", text,
              [(part, w) for part in shards(x, devices)], expected, devices)

        batch = 6 * devices
        x = rng.standard_normal((batch, 8)).astype(np.float32)
        labels = rng.integers(0, 4, batch).astype(np.int32)
        params = (0.3 * rng.standard_normal((8, 16)).astype(np.float32),
                  np.zeros(16, np.float32),
                  0.3 * rng.standard_normal((16, 4)).astype(np.float32),
                  np.zeros(4, np.float32))
        step = jax.jit(jax.shard_map(
            train_step, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
            out_specs=P()))
        text = step.lower(params, x, labels).compile().as_text()
        expected = jax.jit(train_step_unsharded)(params, x, labels)
        # JAX's sharded run agrees with the unsharded step it stands for.
        for got, want in zip(step(params, x, labels), expected):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
        write(HERE / f"train_step.{devices}", text,
              [params + (xs, ls) for xs, ls in
               zip(shards(x, devices), shards(labels, devices))],
              expected, devices)


if __name__ == "__main__":
    main()
