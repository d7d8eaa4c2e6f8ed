"""Writes the JAX programs that test/Target/HLOText/jax-*.test import.

For each program, a folder with the HLO text that JAX prints
(`jax.jit(f).lower(*args).as_text(dialect="hlo")`) as program.hlo, the
arguments as arg<i>.npy and JAX's results (on the CPU) as
expected/result<i>.npy, the names fuse-run's --expected reads. For the
running example it also keeps the HLO text that XLA dumps before its
optimizations (XLA_FLAGS=--xla_dump_to=... --xla_dump_hlo_as_text), whose
format differs: %-names, signatures, stack frame tables.

The files are committed, so the tests need no JAX; run this script again
(python3 generate.py [NAME ...], every program without names) after
changing a program.
"""

import glob
import os
import pathlib
import shutil
import sys
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


def fori_loop(x):
    def step(i, carry):
        return carry * 0.9 + jnp.sin(carry) * i.astype(jnp.float32)

    return jax.lax.fori_loop(0, 7, step, x)


def cond(x):
    return jax.lax.cond(
        jnp.sum(x) > 0, lambda v: v * 2.0, lambda v: jnp.exp(-v), x
    ), jax.lax.cond(jnp.sum(x) < 0, lambda v: v * 2.0, lambda v: jnp.exp(-v), x)


def switch(x, index):
    branches = [lambda v: v + 1.0, lambda v: jnp.tanh(v) * 3.0, jnp.sin]
    return tuple(
        jax.lax.switch(index + offset, branches, x) for offset in (-5, 0, 1, 7)
    )


def rnn_loss(params, xs, h0):
    w, u, b = params

    def step(h, x):
        h = jnp.tanh(h @ w + x @ u + b)
        return h, jnp.mean(h)

    h, means = jax.lax.scan(step, h0, xs)
    return jnp.sum(h * h) + jnp.sum(means)


def rnn_grad(w, u, b, xs, h0):
    return jax.value_and_grad(rnn_loss)((w, u, b), xs, h0)


def embedding_grad(table, ids, targets):
    def loss(table):
        bags = jnp.sum(table[ids], axis=1)
        return jnp.mean((jnp.tanh(bags) - targets) ** 2)

    return jax.value_and_grad(loss)(table)


def classifier_grad(w, b, x, labels):
    def loss(params):
        w, b = params
        logits = x @ w + b
        picked = jax.nn.log_softmax(logits)[jnp.arange(x.shape[0]), labels]
        return -jnp.mean(picked)

    return jax.value_and_grad(loss)((w, b))


def take_along(x, j):
    return jnp.take_along_axis(x, j, axis=1), x[:, ::-1][j[:, 0]]


def sorting(x, keys, values):
    """jnp.sort and argsort along either axis (NaN, signed zeros and repeats
    in x), a descending argsort, lax.sort by two keys, lax.top_k and
    jnp.cumsum."""
    return (
        jnp.sort(x, axis=1),
        jnp.argsort(x, axis=0),
        jnp.argsort(x, axis=1, descending=True),
        jax.lax.sort((keys, values), num_keys=1),
        jax.lax.sort((keys[:, ::-1], keys, values), num_keys=2),
        jax.lax.top_k(x, 5),
        jax.lax.top_k(keys, 40),
        jnp.cumsum(x.T, axis=1),
    )


def random_bits(key, words, small):
    """jax.random (threefry) with split keys: normal, uniform, randint and
    raw bits; and integer bit operations on uint32 and uint8."""
    k1, k2, k3 = jax.random.split(key, 3)
    mixed = (words >> 3) ^ (words << 7) | jnp.uint32(0x80000001)
    return (
        jax.random.normal(k1, (3, 4)),
        jax.random.uniform(k2, (5,), minval=-2.0, maxval=2.0),
        jax.random.randint(k3, (6,), 0, 100),
        jax.random.bits(k1, (4,)),
        mixed,
        jax.lax.population_count(words),
        jax.lax.clz(words),
        words // (small.astype(jnp.uint32) + 1),
        words % jnp.uint32(1000),
        jnp.maximum(words, jnp.uint32(2**31)),
        words > jnp.uint32(2**31),
        words.astype(jnp.float32),
        (small * 3 + 250).astype(jnp.uint8),
        jnp.sort(words),
    )


def random_inputs(rng):
    key = np.asarray(jax.random.PRNGKey(42))
    words = rng.integers(0, 2**32, (16,), dtype=np.uint64).astype(np.uint32)
    small = rng.integers(0, 256, (16,)).astype(np.uint8)
    return [key, words, small]


def rng_bit_generator(state):
    """lax.rng_bit_generator with Threefry and Philox (the CPU's default)
    over shapes whose words XLA places differently (scalar, odd and even
    sizes, several dimensions), 8- to 64-bit outputs, a counter that wraps;
    and jax.random's rbg keys, which run the default generator. (JAX passes
    two-word states only.)"""
    lax = jax.lax
    A = lax.RandomAlgorithm
    results = []
    for algorithm, shape, dtype in [
            (A.RNG_THREE_FRY, (), jnp.uint32), (A.RNG_THREE_FRY, (7,), jnp.uint32),
            (A.RNG_THREE_FRY, (3, 3), jnp.uint32),
            (A.RNG_THREE_FRY, (1, 3), jnp.uint16),
            (A.RNG_THREE_FRY, (3, 4, 2), jnp.uint8),
            (A.RNG_THREE_FRY, (5, 3), jnp.uint64),
            (A.RNG_PHILOX, (7,), jnp.uint32), (A.RNG_PHILOX, (3, 5), jnp.uint64),
            (A.RNG_PHILOX, (2, 3), jnp.uint8), (A.RNG_DEFAULT, (9,), jnp.uint32)]:
        results += lax.rng_bit_generator(state, shape, dtype=dtype,
                                         algorithm=algorithm)
    keys = jax.random.split(jax.random.key(7, impl="rbg"), 2)
    results += [jax.random.uniform(keys[0], (4, 3)),
                jax.random.normal(keys[1], (5,)),
                jax.random.bits(keys[1], (3,), dtype=jnp.uint32)]
    return tuple(results)


def bitcast_widths(bytes_, halves, words):
    """lax.bitcast_convert_type to wider and narrower types: the last
    dimension is consumed or added, little-endian, signed or not."""
    bitcast = jax.lax.bitcast_convert_type
    return (bitcast(bytes_, jnp.uint32), bitcast(bytes_, jnp.int32),
            bitcast(halves, jnp.float32), bitcast(words, jnp.uint16),
            bitcast(words, jnp.int8), bitcast(bitcast(words, jnp.int8),
                                              jnp.float32))


def bitcast_inputs(rng):
    return [rng.integers(0, 256, (3, 4)).astype(np.uint8),
            rng.integers(-2**15, 2**15, (2, 3, 2)).astype(np.int16),
            rng.integers(0, 2**32, (5,), dtype=np.uint64).astype(np.uint32)]


def rng_inputs():
    # The key and the counter, u64 each as two u32 words, low first; the
    # counter is 2 blocks short of wrapping.
    return [np.array([0x12345678, 42, 0xfffffffe, 0xffffffff],
                     dtype=np.uint32)]


def reduce_precision(x):
    """lax.reduce_precision of f32 to f16's, bf16's and smaller formats, and
    to a wider one (no change): ties, overflow to infinity, underflow to
    zero, NaN, -0.0."""
    return tuple(jax.lax.reduce_precision(x, e, m)
                 for e, m in [(5, 10), (8, 7), (4, 3), (5, 0), (1, 0),
                              (11, 23)])


def reduce_precision_inputs(rng):
    special = [1.0 + 2**-11, 1.0 + 3 * 2**-11, np.nan, -np.nan, np.inf,
               -np.inf, 65504.0, 65519.0, 65520.0, 1e-8, -1e-8, 6e-5, -0.0,
               1e30, 2**-24, 2**-25]
    return [np.concatenate([np.array(special, np.float32),
                            rng.standard_normal(16).astype(np.float32) * 1e3])]


def sorting_inputs(rng):
    x = rng.standard_normal((6, 40)).astype(np.float32)
    x[0, :8] = [np.nan, -0.0, 0.0, np.inf, -np.inf, -np.nan, 1.0, 1.0]
    x[1, ::3] = 0.5
    x[:, 20] = np.nan
    keys = rng.integers(-4, 4, (6, 40)).astype(np.int32)
    values = rng.standard_normal((6, 40)).astype(np.float32)
    return [x, keys, values]


def conv_grad(x, w, depthwise, dilated):
    def loss(x, w, depthwise, dilated):
        dn = ("NHWC", "HWIO", "NHWC")
        y = jax.lax.conv_general_dilated(x, w, (2, 2), "SAME",
                                         dimension_numbers=dn)
        y = jax.nn.relu(y)
        y = jax.lax.conv_general_dilated(
            y, depthwise, (1, 1), ((1, 1), (1, 1)), dimension_numbers=dn,
            feature_group_count=y.shape[-1])
        y = jax.lax.conv_general_dilated(
            y, dilated, (1, 1), ((2, 0), (0, 1)), rhs_dilation=(2, 1),
            dimension_numbers=dn)
        return jnp.mean(jnp.tanh(y) ** 2)

    return jax.value_and_grad(loss, argnums=(0, 1, 2, 3))(
        x, w, depthwise, dilated)


def cnn_forward(params, x):
    w1, b1, w2, b2 = params
    h = jax.lax.conv_general_dilated(x, w1, (1, 1), "SAME",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
    h = jax.nn.relu(h + b1)
    h = jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, (1, 2, 2, 1),
                              (1, 2, 2, 1), "VALID")
    return h.reshape(h.shape[0], -1) @ w2 + b2


def cnn_digits(w1, b1, w2, b2, x_train, y_train, x_test, y_test):
    """140 SGD steps (10 epochs of batches of 100) of a small CNN on
    sklearn's digits, all in one lax.fori_loop, then the test accuracy."""

    def loss(params, x, y):
        logits = cnn_forward(params, x)
        return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(x.shape[0]), y])

    def step(i, params):
        start = (i % 14) * 100
        x = jax.lax.dynamic_slice_in_dim(x_train, start, 100)
        y = jax.lax.dynamic_slice_in_dim(y_train, start, 100)
        grads = jax.grad(loss)(params, x, y)
        return [p - 0.5 * g for p, g in zip(params, grads)]

    params = jax.lax.fori_loop(0, 140, step, [w1, b1, w2, b2])
    predicted = jnp.argmax(cnn_forward(params, x_test), axis=1)
    return (*params, jnp.mean((predicted == y_test).astype(jnp.float32)))


def digits():
    from sklearn.datasets import load_digits

    data = load_digits()
    x = (data.images / 16.0).astype(np.float32)[..., None]
    order = np.random.default_rng(0).permutation(len(x))
    x, y = x[order], data.target.astype(np.int32)[order]
    rng = np.random.default_rng(1)
    params = [(rng.standard_normal((3, 3, 1, 8)) * 0.3).astype(np.float32),
              np.zeros(8, np.float32),
              (rng.standard_normal((128, 10)) * 0.1).astype(np.float32),
              np.zeros(10, np.float32)]
    return params + [x[:1400], y[:1400], x[1400:], y[1400:]]


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
        "fori_loop": (fori_loop, arrays(rng, (4, 8))),
        "cond": (cond, arrays(rng, (4, 8))),
        "switch": (switch, arrays(rng, (4, 8)) + [np.array(1, dtype=np.int32)]),
        "embedding_grad": (
            embedding_grad,
            arrays(rng, (20, 8))
            + [rng.integers(0, 20, (6, 5)).astype(np.int32)]
            + arrays(rng, (6, 8)),
        ),
        "classifier_grad": (
            classifier_grad,
            arrays(rng, (16, 10), (10,), (32, 16))
            + [rng.integers(0, 10, (32,)).astype(np.int32)],
        ),
        "take_along": (
            take_along,
            arrays(rng, (5, 7)) + [rng.integers(-7, 7, (5, 3)).astype(np.int32)],
        ),
        "conv_grad": (
            conv_grad,
            arrays(rng, (2, 9, 9, 3), (3, 3, 3, 4), (3, 3, 1, 4), (2, 2, 4, 5)),
        ),
        "cnn_digits": (cnn_digits, digits()),
        "sorting": (sorting, sorting_inputs(rng)),
        "random_bits": (random_bits, random_inputs(rng)),
        "rng_bit_generator": (rng_bit_generator, rng_inputs()),
        "bitcast_widths": (bitcast_widths, bitcast_inputs(rng)),
        "reduce_precision": (reduce_precision,
                             reduce_precision_inputs(rng)),
        "rnn_grad": (
            rnn_grad,
            [a * 0.3 for a in arrays(rng, (16, 16), (8, 16), (16,))]
            + arrays(rng, (12, 4, 8), (4, 16)),
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
    results = jax.tree_util.tree_leaves(jitted(*args))
    for index, result in enumerate(results):
        np.save(folder / "expected" / f"result{index}.npy", np.asarray(result))
    if name == "cnn_digits":
        accuracy = float(results[-1])
        assert accuracy >= 0.95, f"the CNN reaches only {accuracy:.3f}"


def keep_xla_dump(name, module_name):
    (dump,) = glob.glob(f"{DUMP_DIR}/*.{module_name}.before_optimizations.txt")
    # The stack frame tables name this script by its absolute path.
    text = pathlib.Path(dump).read_text().replace(str(HERE) + "/", "")
    (HERE / name / "xla_dump.hlo").write_text(text)


def main(names):
    for name, (function, args) in programs().items():
        if not names or name in names:
            write_program(name, function, args)
    if not names or "running_example" in names:
        keep_xla_dump("running_example", "jit_running_example")
    shutil.rmtree(DUMP_DIR)


if __name__ == "__main__":
    main(sys.argv[1:])
