"""fuse_hlo.jax.jit: JAX functions compiled by fuse, compared with jax.jit
(skipped without JAX)."""

import inspect
import json
import logging
import os
import subprocess
import sys

import numpy as np
import pytest

import fuse_hlo as fx

jax = pytest.importorskip("jax", reason="the JAX front end needs JAX")
jnp = jax.numpy
jax.config.update("jax_platforms", "cpu")
import fuse_hlo.jax as fjax  # noqa: E402


def assert_trees_close(actual, expected, rtol=2e-5, atol=2e-6):
    actual_leaves, actual_tree = jax.tree_util.tree_flatten(actual)
    expected_leaves, expected_tree = jax.tree_util.tree_flatten(expected)
    assert actual_tree == expected_tree
    for a, e in zip(actual_leaves, expected_leaves):
        assert type(a) is np.ndarray
        assert a.shape == e.shape and a.dtype == e.dtype
        np.testing.assert_allclose(a, np.asarray(e), rtol=rtol, atol=atol)


def compare(function, *args, rtol=2e-5, atol=2e-6, **kwargs):
    ours = fjax.jit(function)
    assert_trees_close(ours(*args, **kwargs),
                       jax.jit(function)(*args, **kwargs), rtol, atol)
    return ours


def test_softmax_and_layer_norm(rng):
    x = rng.standard_normal((64, 129)).astype(np.float32)
    softmax = compare(jax.nn.softmax, x)
    assert "hlo.fusion" in softmax.lower(x).as_text("optimized_hlo")

    def layer_norm(x, gamma, beta):
        mean = x.mean(axis=-1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta
    compare(layer_norm, x, np.full(129, 1.5, np.float32),
            np.linspace(-1, 1, 129, dtype=np.float32))


def mlp_loss(params, x, labels):
    hidden = jax.nn.relu(x @ params["w1"] + params["b1"])
    logits = hidden @ params["w2"] + params["b2"]
    log_probs = jax.nn.log_softmax(logits)
    return -jnp.mean(log_probs[jnp.arange(x.shape[0]), labels])


def mlp_problem(rng):
    params = {"w1": rng.standard_normal((20, 32)).astype(np.float32) * 0.3,
              "b1": np.zeros(32, np.float32),
              "w2": rng.standard_normal((32, 5)).astype(np.float32) * 0.3,
              "b2": np.zeros(5, np.float32)}
    x = rng.standard_normal((64, 20)).astype(np.float32)
    labels = rng.integers(0, 5, 64).astype(np.int32)
    return params, x, labels


def test_mlp_sgd_step_with_grad(rng):
    params, x, labels = mlp_problem(rng)

    def sgd_step(params, x, labels, learning_rate):
        loss, grads = jax.value_and_grad(mlp_loss)(params, x, labels)
        return loss, jax.tree_util.tree_map(
            lambda p, g: p - learning_rate * g, params, grads)
    step = compare(sgd_step, params, x, labels, 0.1, rtol=1e-4, atol=1e-5)
    # Training with fuse's step lowers the loss as JAX's does.
    losses = []
    for _ in range(20):
        loss, params = step(params, x, labels, 0.5)
        losses.append(float(loss))
    assert losses[-1] < 0.7 * losses[0]
    # A new learning rate is a new value of a weakly typed scalar, not a new
    # signature.
    assert step.compile_count == 1


def test_mlp_adam_step(rng):
    params, x, labels = mlp_problem(rng)
    zeros = jax.tree_util.tree_map(np.zeros_like, params)
    state = (np.int32(0), zeros, zeros)

    def adam_step(params, state, x, labels):
        count, m, v = state
        count = count + 1
        grads = jax.grad(mlp_loss)(params, x, labels)
        m = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
        v = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g * g,
                                   v, grads)
        m_hat_scale = 1 / (1 - 0.9 ** count)
        v_hat_scale = 1 / (1 - 0.999 ** count)
        params = jax.tree_util.tree_map(
            lambda p, m, v: p - 1e-2 * m * m_hat_scale /
            (jnp.sqrt(v * v_hat_scale) + 1e-8), params, m, v)
        return params, (count, m, v)
    ours, theirs = fjax.jit(adam_step), jax.jit(adam_step)
    our_state = their_state = (params, state)
    for _ in range(3):
        our_state = ours(*our_state, x, labels)
        their_state = theirs(*their_state, x, labels)
    assert_trees_close(our_state, their_state, rtol=1e-4, atol=1e-5)


def test_random_normal_with_split_keys_is_bit_exact():
    def sample(key):
        first, second = jax.random.split(key)
        return (jax.random.normal(first, (3, 5)),
                jax.random.uniform(second, (7,)))
    for key in (jax.random.PRNGKey(42), np.asarray(jax.random.PRNGKey(7))):
        ours, theirs = fjax.jit(sample)(key), jax.jit(sample)(key)
        for a, e in zip(ours, theirs):
            np.testing.assert_array_equal(a, np.asarray(e))


def test_rbg_keys_and_rng_bit_generator_are_bit_exact():
    """The rbg key implementation runs XLA's default generator (Philox);
    lax.rng_bit_generator runs the one it names."""
    def sample(seed):
        key = jax.random.key(seed, impl="rbg")
        first, second = jax.random.split(key)
        return (jax.random.normal(first, (4, 5)),
                jax.random.bits(second, (3, 3)),
                jax.random.randint(second, (9,), 0, 1000))
    for seed in (0, 12345):
        ours, theirs = fjax.jit(sample)(seed), jax.jit(sample)(seed)
        # The bits are exact; normal's inverse error function is a
        # polynomial whose multiply-adds may contract differently, 1 ulp.
        np.testing.assert_allclose(ours[0], np.asarray(theirs[0]), rtol=3e-7)
        for a, e in zip(ours[1:], theirs[1:]):
            np.testing.assert_array_equal(a, np.asarray(e))

    def bits(state):
        algorithms = jax.lax.RandomAlgorithm
        return (jax.lax.rng_bit_generator(state, (5, 3), dtype=jnp.uint32,
                                          algorithm=algorithms.RNG_THREE_FRY),
                jax.lax.rng_bit_generator(state, (6,), dtype=jnp.uint8,
                                          algorithm=algorithms.RNG_PHILOX))
    state = np.array([1, 2, 0xffffffff, 0xffffffff], dtype=np.uint32)
    ours, theirs = fjax.jit(bits)(state), jax.jit(bits)(state)
    for a, e in zip(jax.tree_util.tree_leaves(ours),
                    jax.tree_util.tree_leaves(theirs)):
        np.testing.assert_array_equal(a, np.asarray(e))


def test_typed_keys_in_and_out():
    def split(key):
        new_key, sub = jax.random.split(key)
        return new_key, jax.random.normal(sub, (4,))
    key = jax.random.key(3)
    new_key, sample = fjax.jit(split)(key)
    want_key, want_sample = jax.jit(split)(key)
    assert jax.dtypes.issubdtype(new_key.dtype, jax.dtypes.prng_key)
    np.testing.assert_array_equal(jax.random.key_data(new_key),
                                  jax.random.key_data(want_key))
    np.testing.assert_array_equal(sample, np.asarray(want_sample))


def test_vmap(rng):
    def distance(a, b):
        return jnp.sqrt(jnp.sum((a - b) ** 2))
    a = rng.standard_normal((10, 3)).astype(np.float32)
    b = rng.standard_normal((7, 3)).astype(np.float32)
    compare(jax.vmap(jax.vmap(distance, (None, 0)), (0, None)), a, b)


def test_pytrees_kwargs_and_jax_arrays(rng):
    def function(tree, scale, *, offset):
        first, (second, third) = tree["pair"], tree["rest"]
        return {"sum": first + second * scale, "list": [third.T, offset]}
    tree = {"pair": rng.standard_normal(4).astype(np.float32),
            "rest": (jnp.arange(4, dtype=jnp.float32),
                     rng.standard_normal((2, 3)).astype(np.float32))}
    compare(function, tree, 2.0, offset=jnp.ones(2, jnp.int32))


def test_static_arguments_by_position_and_name(rng):
    def power(x, n, mode="sum"):
        y = x ** n
        return y.sum() if mode == "sum" else y.max()
    x = rng.standard_normal(8).astype(np.float32)
    by_number = fjax.jit(power, static_argnums=1, static_argnames="mode")
    by_name = fjax.jit(power, static_argnames=("n", "mode"))
    for function in (by_number, by_name):
        for n, mode in ((2, "sum"), (3, "sum"), (3, "max"), (2, "sum")):
            np.testing.assert_allclose(function(x, n, mode=mode),
                                       power(np.asarray(x), n, mode),
                                       rtol=1e-5)
        assert function.compile_count == 3
        # Given by keyword, a static position is still static.
        np.testing.assert_allclose(function(x, n=2), power(x, 2), rtol=1e-5)


def test_recompiles_on_new_shapes_and_says_why(rng, caplog):
    function = fjax.jit(lambda x: jnp.tanh(x) * 2)
    with caplog.at_level(logging.DEBUG, logger="fuse_hlo"):
        function(np.ones((2, 3), np.float32))
        function(np.ones((2, 3), np.float32))
        function(np.ones((4, 3), np.float32))
    messages = [r.getMessage() for r in caplog.records]
    why = [m for m in messages if m.startswith("compiling ")]
    assert len(why) == 2
    assert "float32[2, 3]" in why[0] and "first call" in why[0]
    assert "float32[4, 3]" in why[1] and "recompiling" in why[1]
    # Each compile then says how long it took and what the persistent cache
    # did (off in the tests: conftest.py).
    done = [m for m in messages if m.startswith("compiled @main in ")]
    assert len(done) == 2 and all(m.endswith("(cache off)") for m in done)
    assert function.compile_count == 2 and function.cache_size() == 2


def test_unsupported_op_is_named_at_the_users_line():
    def function(a):
        return jnp.linalg.eig(a)[0]  # LAPACK's geev: a custom-call
    line = inspect.getsourcelines(function)[1] + 1
    with pytest.raises(fx.CompileError, match="custom-call") as info:
        fjax.jit(function)(np.eye(3, dtype=np.float32))
    assert info.value.location[0].endswith("test_jax.py")
    assert info.value.location[1] == line


@pytest.mark.parametrize("shape", [(2, 6, 4), (2, 70, 45), (40, 75)])
def test_qr_matches_jax(rng, shape):
    # LAPACK's geqrf and orgqr, imported as blocked loops of reflections
    # with LAPACK's signs: Q and R themselves match, not only their product.
    # 45 columns are two panels (32 + 13); the wide matrix reflects its 40
    # rows' worth of columns and updates the 35 after them.
    a = rng.standard_normal(shape).astype(np.float32)
    q, r = fjax.jit(jnp.linalg.qr)(a)
    q_jax, r_jax = jax.jit(jnp.linalg.qr)(a)
    np.testing.assert_allclose(q, q_jax, atol=2e-5)
    np.testing.assert_allclose(r, r_jax, atol=1e-4)


def aligned_signs(vectors, reference, axis):
    """`vectors` with each vector's sign (along `axis`) that of `reference`'s:
    LAPACK's and fuse's eigenvectors and singular vectors agree up to it."""
    dots = np.sum(vectors * reference, axis=axis, keepdims=True)
    return vectors * np.where(dots < 0, -1, 1)


def test_eigh_matches_jax(rng):
    # LAPACK's syevd as hlo.eigh: values ascending, vectors up to sign;
    # a batch, an odd size, and repeated eigenvalues (the third matrix).
    a = rng.standard_normal((3, 7, 7)).astype(np.float32)
    a[2] = np.diag([1, 2, 2, 3, 2, 1, 5]).astype(np.float32)
    atol = 2e-5
    w, v = fjax.jit(jnp.linalg.eigh)(a)
    w_jax, v_jax = jax.jit(jnp.linalg.eigh)(a)
    np.testing.assert_allclose(w, w_jax, atol=atol)
    np.testing.assert_allclose(aligned_signs(v[:2], v_jax[:2], -2),
                               v_jax[:2], atol=10 * atol)
    symmetric = (a + np.swapaxes(a, -1, -2)) / 2
    np.testing.assert_allclose((v * w[..., None, :]) @ np.swapaxes(v, -1, -2),
                               symmetric, atol=10 * atol)


@pytest.mark.parametrize("shape,full", [((2, 9, 5), True), ((4, 7), False),
                                        ((6, 6), True)])
def test_svd_matches_jax(rng, shape, full):
    # LAPACK's gesdd as hlo.svd: values descending, vectors up to sign, full
    # U and V^T orthonormal; the square matrix has rank 3, so its U needs
    # a completion.
    a = rng.standard_normal(shape).astype(np.float32)
    if shape == (6, 6):
        a = a[:, :3] @ a[:3, :]
    svd = lambda a: jnp.linalg.svd(a, full_matrices=full)
    u, s, vt = fjax.jit(svd)(a)
    u_jax, s_jax, vt_jax = jax.jit(svd)(a)
    np.testing.assert_allclose(s, s_jax, atol=2e-5)
    k = min(shape[-2:])
    rank = 3 if shape == (6, 6) else k
    np.testing.assert_allclose(
        aligned_signs(u[..., :rank], u_jax[..., :rank], -2),
        u_jax[..., :rank], atol=1e-4)
    np.testing.assert_allclose(
        aligned_signs(vt[..., :rank, :], vt_jax[..., :rank, :], -1),
        vt_jax[..., :rank, :], atol=1e-4)
    for q in (u, np.swapaxes(vt, -1, -2)):
        gram = np.swapaxes(q, -1, -2) @ q
        np.testing.assert_allclose(gram, np.eye(q.shape[-1]) + 0 * gram,
                                   atol=2e-6)
    np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vt[..., :k, :],
                               a, atol=2e-5)


def test_stages_and_dumps(tmp_path, rng):
    function = fjax.jit(lambda x, y: jnp.mean(x * x * 3 + y),
                        dump_to=str(tmp_path))
    x = rng.standard_normal((8, 8)).astype(np.float32)
    lowered = function.lower(x, x)
    assert lowered.as_text("xla_hlo").startswith("HloModule")
    assert "hlo.multiply" in lowered.as_text("hlo")
    assert "hlo.fusion" in lowered.as_text("optimized_hlo")
    assert lowered.as_text("optimized_hlo_dot").startswith("digraph")
    function(x, x)
    assert sorted(os.listdir(tmp_path)) == [
        f"<lambda>.1.{suffix}".replace("<lambda>", "lambda")
        for suffix in ("hlo.mlir", "optimized_hlo.dot",
                       "optimized_hlo.mlir", "xla_hlo.txt")]


def test_profile_names_kernels_by_the_users_lines(rng, tmp_path):
    # A scan of more trips than hlo-unroll-loops unrolls: the loop stays.
    def function(x, w):
        y = jnp.tanh(x @ w)
        steps, _ = jax.lax.scan(lambda c, _: (jnp.tanh(c @ w), None), y,
                                None, length=12)
        return jnp.sum(steps * steps, axis=0)
    first = inspect.getsourcelines(function)[1]
    x = rng.standard_normal((64, 32)).astype(np.float32)
    w = rng.standard_normal((32, 32)).astype(np.float32) / 8
    ours = fjax.jit(function)
    expected = ours(x, w)
    profile = ours.profile(x, w, runs=2)
    # The plain compiled code is not replaced by the timed one.
    assert ours.cache_size() == 1
    np.testing.assert_allclose(ours(x, w), expected)

    assert len(profile.traces) == 2 and profile.call_seconds > 0
    kernels = {kernel.name: kernel for kernel in profile.kernels}
    assert [k.seconds for k in profile.kernels] == sorted(
        (k.seconds for k in profile.kernels), reverse=True)
    assert sum(k.seconds for k in profile.kernels) <= profile.call_seconds
    # The loop runs once, the product in its body twelve times.
    loops = [k for k in kernels.values() if k.op == "hlo.while"]
    assert len(loops) == 1 and loops[0].count == 1
    in_body = [k for k in kernels.values() if k.count == 12]
    assert in_body and all(
        k.source_lines(profile.program_file) == f"test_jax.py:{first + 2}"
        for k in in_body)
    reduction = [k for k in kernels.values() if "reduce" in k.computes()]
    assert reduction[0].computes().startswith("input fusion: ")
    assert reduction[0].source_lines(
        profile.program_file) == f"test_jax.py:{first + 4}"

    table = profile.table(top=2).splitlines()
    assert table[0].startswith("call: ") and "kernels" in table[0]
    assert table[1].split() == ["kernel", "ms", "share", "runs", "computes",
                                "source"]
    assert len(table) == 4 and table[2].startswith(profile.kernels[0].name)
    profile.write_trace(tmp_path / "trace.json")
    events = json.loads((tmp_path / "trace.json").read_text())["traceEvents"]
    assert [e["name"] for e in events if e["cat"] == "call"] == ["@main"] * 2
    with pytest.raises(ValueError, match="at least one run"):
        ours.profile(x, w, runs=0)


def test_jax_outputs_share_the_results_memory(rng):
    x = rng.standard_normal((512, 512)).astype(np.float32)
    small = rng.standard_normal(5).astype(np.float32)
    function = fjax.jit(lambda x, s: (jnp.exp(x), s + 1), output="jax")
    big, tiny = function(x, small)
    assert isinstance(big, jax.Array) and isinstance(tiny, jax.Array)
    np.testing.assert_allclose(big, np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(tiny, small + 1)
    # Results feed jax.jit and back.
    np.testing.assert_allclose(jax.jit(jnp.log)(big), x, atol=1e-5)
    with pytest.raises(ValueError, match="output='torch'"):
        fjax.jit(jnp.exp, output="torch")


def test_fuse_hlo_imports_without_jax():
    # A meta path entry that hides JAX, as on a machine without it.
    script = (
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'jax' or name.startswith('jax.'):\n"
        "            raise ImportError('no jax here')\n"
        "sys.meta_path.insert(0, Hide())\n"
        "import fuse_hlo\n"
        "try:\n"
        "    import fuse_hlo.jax\n"
        "except ImportError as error:\n"
        "    print(error)\n")
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(fx.__file__))] + sys.path)
    result = subprocess.run([sys.executable, "-c", script], env=environment,
                            capture_output=True, text=True, check=True)
    assert "fuse_hlo.jax needs JAX" in result.stdout
