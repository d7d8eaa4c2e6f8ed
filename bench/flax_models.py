"""The models of bench/models.py, written the way flax (linen) and optax
users write them: modules, a TrainState, a loss under jax.value_and_grad
and an optax update, one step a function.

Each entry of MODELS is a function of no arguments that builds its model
and returns (step, args, description):

- step(state, *data) -> (state, out), a function that jax.jit and
  fuse_hlo.jax.jit both take. For a training step, state is a flax
  TrainState (params, opt_state, step count, and batch_stats where the
  model has them) and out the loss; for the decoding step (kv_decode),
  state is the KV cache, the last token and its position, and out the
  next token's logits.
- args: the first call's arguments, (state, *data).
- description: one line of sizes and parameter count.

Calling the step again on its own state, with the same data, is a run of
training (or decoding) steps: bench/models.py compares such runs. Random
numbers (dropout, the VAE's sampling) come from a key among the data,
folded with the step count, so each step draws anew and every run draws
the same.

Sizes are chosen so that jax.jit runs each step in roughly 5-60 ms on two
cores. The attention layers have no biases in their projections (as in
PaLM or LLaMA): the key's bias cannot change a softmax over the keys, so
its gradient is rounding noise alone, which Adam scales up to steps of
the full learning rate; bench/models.py's agreement check would then
compare noise.
"""

import functools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
import optax
from flax.training import train_state


class TrainState(train_state.TrainState):
    """flax's TrainState with the BatchNorm statistics beside the
    parameters, as flax's ImageNet example keeps them."""

    batch_stats: Any = None


def create_state(model, variables, tx, **extra):
    """A TrainState whose step count is an int32 array, so that the state a
    step returns has the same types as the one it was given."""
    return TrainState.create(apply_fn=model.apply,
                             params=variables["params"], tx=tx,
                             **extra).replace(step=np.zeros((), np.int32))


def parameter_count(params):
    return sum(int(np.prod(leaf.shape))
               for leaf in jax.tree_util.tree_leaves(params))


def describe(sizes, params):
    return f"{sizes}, {parameter_count(params) / 1e6:.2f} M parameters"


def classification_step(state, inputs, labels):
    """One step of a classifier without mutable state: cross-entropy with
    integer labels, its gradient, the optimizer's update."""
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, inputs)
        return optax.softmax_cross_entropy_with_integer_labels(
            logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads), loss


# --------------------------------------------------------------------------
# resnet18: ResNet-18 (4 stages of 2 basic blocks), BatchNorm in training
# mode, SGD with momentum
# --------------------------------------------------------------------------


class BasicBlock(nn.Module):
    features: int
    strides: int = 1

    @nn.compact
    def __call__(self, x, train):
        norm = functools.partial(nn.BatchNorm, use_running_average=not train,
                                 momentum=0.9)
        residual = x
        y = nn.Conv(self.features, (3, 3), (self.strides, self.strides),
                    use_bias=False)(x)
        y = nn.relu(norm()(y))
        y = nn.Conv(self.features, (3, 3), use_bias=False)(y)
        # Each block starts as the identity (Goyal et al.).
        y = norm(scale_init=nn.initializers.zeros)(y)
        if residual.shape != y.shape:
            residual = nn.Conv(self.features, (1, 1),
                               (self.strides, self.strides),
                               use_bias=False)(residual)
            residual = norm()(residual)
        return nn.relu(residual + y)


class ResNet18(nn.Module):
    widths: tuple = (16, 32, 64, 128)
    classes: int = 10

    @nn.compact
    def __call__(self, x, train):
        x = nn.Conv(self.widths[0], (3, 3), use_bias=False)(x)
        x = nn.relu(nn.BatchNorm(use_running_average=not train,
                                 momentum=0.9)(x))
        for stage, width in enumerate(self.widths):
            for block in range(2):
                strides = 2 if stage > 0 and block == 0 else 1
                x = BasicBlock(width, strides)(x, train)
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(self.classes)(x)


def resnet18():
    """ResNet-18 (4 stages x 2 basic blocks, widths 16/32/64/128) on
    32x32x3 images, BatchNorm in training mode with its running statistics
    updated, SGD with Nesterov momentum and weight decay."""
    batch = 8
    rng = np.random.default_rng(0)
    images = rng.standard_normal((batch, 32, 32, 3), np.float32)
    labels = rng.integers(0, 10, batch).astype(np.int32)
    model = ResNet18()
    variables = jax.jit(model.init, static_argnames="train")(
        jax.random.key(0), images[:1], train=False)
    tx = optax.chain(optax.add_decayed_weights(5e-4),
                     optax.sgd(0.05, momentum=0.9, nesterov=True))
    state = create_state(model, variables, tx,
                         batch_stats=variables["batch_stats"])

    def step(state, images, labels):
        def loss_fn(params):
            logits, updates = state.apply_fn(
                {"params": params, "batch_stats": state.batch_stats},
                images, train=True, mutable=["batch_stats"])
            loss = optax.softmax_cross_entropy_with_integer_labels(
                logits, labels).mean()
            return loss, updates

        (loss, updates), grads = jax.value_and_grad(
            loss_fn, has_aux=True)(state.params)
        state = state.apply_gradients(grads=grads,
                                      batch_stats=updates["batch_stats"])
        return state, loss

    return step, (state, images, labels), describe(
        f"batch {batch} of 32x32x3, widths 16-128", state.params)


# --------------------------------------------------------------------------
# transformer_lm: decoder-only language model, AdamW with gradient clipping
# --------------------------------------------------------------------------


class MlpBlock(nn.Module):
    hidden: int
    dropout: float = 0.0

    @nn.compact
    def __call__(self, x, train=False):
        y = nn.gelu(nn.Dense(self.hidden)(x))
        y = nn.Dropout(self.dropout)(y, deterministic=not train)
        y = nn.Dense(x.shape[-1])(y)
        return nn.Dropout(self.dropout)(y, deterministic=not train)


class DecoderBlock(nn.Module):
    heads: int
    hidden: int

    @nn.compact
    def __call__(self, x, mask):
        y = nn.MultiHeadDotProductAttention(
            num_heads=self.heads, use_bias=False)(nn.LayerNorm()(x),
                                                  mask=mask)
        x = x + y
        return x + MlpBlock(self.hidden)(nn.LayerNorm()(x))


class TransformerLM(nn.Module):
    vocab: int
    dim: int
    heads: int
    layers: int
    max_len: int

    @nn.compact
    def __call__(self, tokens):
        positions = jnp.arange(tokens.shape[1])
        embed = nn.Embed(self.vocab, self.dim)
        x = embed(tokens) + nn.Embed(self.max_len, self.dim)(positions)
        mask = nn.make_causal_mask(tokens)
        for _ in range(self.layers):
            x = DecoderBlock(self.heads, 4 * self.dim)(x, mask)
        return embed.attend(nn.LayerNorm()(x))


def transformer_lm():
    """A decoder-only language model: 4 pre-norm blocks of causal
    self-attention (4 heads) and a GELU MLP, tied input and output
    embeddings; next-token cross-entropy, AdamW with a warm-up cosine
    schedule after clipping the gradient's global norm."""
    batch, length, vocab, dim = 4, 64, 512, 128
    rng = np.random.default_rng(1)
    tokens = rng.integers(0, vocab, (batch, length)).astype(np.int32)
    model = TransformerLM(vocab, dim, heads=4, layers=4, max_len=length)
    variables = jax.jit(model.init)(jax.random.key(1), tokens)
    schedule = optax.warmup_cosine_decay_schedule(0.0, 3e-4, 10, 1000)
    tx = optax.chain(optax.clip_by_global_norm(1.0),
                     optax.adamw(schedule, weight_decay=0.1))
    state = create_state(model, variables, tx)

    def step(state, tokens):
        def loss_fn(params):
            logits = state.apply_fn({"params": params}, tokens)
            return optax.softmax_cross_entropy_with_integer_labels(
                logits[:, :-1], tokens[:, 1:]).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step, (state, tokens), describe(
        f"batch {batch} x {length} tokens, vocabulary {vocab}, width {dim}, "
        "4 layers", state.params)


# --------------------------------------------------------------------------
# vit_dropout: a Vision Transformer encoder trained with dropout
# --------------------------------------------------------------------------


class EncoderBlock(nn.Module):
    heads: int
    hidden: int
    dropout: float

    @nn.compact
    def __call__(self, x, train):
        y = nn.MultiHeadDotProductAttention(
            num_heads=self.heads, use_bias=False, dropout_rate=self.dropout,
            deterministic=not train)(nn.LayerNorm()(x))
        x = x + nn.Dropout(self.dropout)(y, deterministic=not train)
        return x + MlpBlock(self.hidden, self.dropout)(nn.LayerNorm()(x),
                                                       train)


class ViT(nn.Module):
    patch: int = 4
    dim: int = 64
    heads: int = 4
    layers: int = 4
    dropout: float = 0.1
    classes: int = 10

    @nn.compact
    def __call__(self, images, train):
        x = nn.Conv(self.dim, (self.patch, self.patch),
                    (self.patch, self.patch), padding="VALID")(images)
        batch, height, width, _ = x.shape
        x = x.reshape(batch, height * width, self.dim)
        cls = self.param("cls", nn.initializers.zeros, (1, 1, self.dim))
        x = jnp.concatenate([jnp.tile(cls, (batch, 1, 1)), x], axis=1)
        x = x + self.param("position_embedding",
                           nn.initializers.normal(0.02), x.shape[1:])
        x = nn.Dropout(self.dropout)(x, deterministic=not train)
        for _ in range(self.layers):
            x = EncoderBlock(self.heads, 2 * self.dim, self.dropout)(x, train)
        return nn.Dense(self.classes)(nn.LayerNorm()(x)[:, 0])


def vit_dropout():
    """A Vision Transformer encoder on 32x32x3 images: 4x4 patches embedded
    by a strided convolution, a class token, 4 encoder blocks (4 heads)
    with dropout 0.1 on attention weights, residual branches and the MLP;
    the dropout key is an argument (a typed PRNG key) folded with the step
    count. AdamW."""
    batch = 8
    rng = np.random.default_rng(2)
    images = rng.standard_normal((batch, 32, 32, 3), np.float32)
    labels = rng.integers(0, 10, batch).astype(np.int32)
    model = ViT()
    variables = jax.jit(model.init, static_argnames="train")(
        jax.random.key(2), images[:1], train=False)
    state = create_state(model, variables,
                         optax.adamw(1e-3, weight_decay=0.05))
    dropout_key = jax.random.key(20)

    def step(state, images, labels, dropout_key):
        key = jax.random.fold_in(dropout_key, state.step)

        def loss_fn(params):
            logits = state.apply_fn({"params": params}, images, train=True,
                                    rngs={"dropout": key})
            return optax.softmax_cross_entropy_with_integer_labels(
                logits, labels).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step, (state, images, labels, dropout_key), describe(
        f"batch {batch} of 32x32x3, 64 patches + class token, width 64, "
        "4 layers", state.params)


# --------------------------------------------------------------------------
# lstm: an LSTM sequence classifier (nn.RNN: lax.scan over the steps)
# --------------------------------------------------------------------------


class LSTMClassifier(nn.Module):
    vocab: int = 1000
    embed: int = 64
    hidden: int = 128
    classes: int = 4

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.embed)(tokens)
        (_, h), _ = nn.RNN(nn.OptimizedLSTMCell(self.hidden),
                           return_carry=True)(x)
        return nn.Dense(self.classes)(h)


def lstm():
    """A sequence classifier: token embeddings, one LSTM layer
    (nn.RNN over nn.OptimizedLSTMCell, a lax.scan over 32 steps and its
    reversed scan in the gradient), a linear layer on the last hidden
    state; Adam with gradient clipping."""
    batch, length = 32, 32
    rng = np.random.default_rng(3)
    tokens = rng.integers(0, 1000, (batch, length)).astype(np.int32)
    labels = rng.integers(0, 4, batch).astype(np.int32)
    model = LSTMClassifier()
    variables = jax.jit(model.init)(jax.random.key(3), tokens)
    state = create_state(model, variables, optax.chain(
        optax.clip_by_global_norm(1.0), optax.adam(1e-3)))
    return classification_step, (state, tokens, labels), describe(
        f"batch {batch} x {length} tokens, embedding 64, 128 hidden units",
        state.params)


# --------------------------------------------------------------------------
# gnn: message passing over an edge list (jax.ops.segment_sum)
# --------------------------------------------------------------------------


class MessagePassing(nn.Module):
    """h_i' = W [h_i, mean over edges j -> i of relu(M [h_j, h_i])]."""

    features: int

    @nn.compact
    def __call__(self, h, senders, receivers):
        nodes = h.shape[0]
        messages = nn.relu(nn.Dense(self.features)(
            jnp.concatenate([h[senders], h[receivers]], axis=-1)))
        total = jax.ops.segment_sum(messages, receivers, num_segments=nodes)
        degree = jax.ops.segment_sum(jnp.ones_like(receivers, h.dtype),
                                     receivers, num_segments=nodes)
        mean = total / jnp.maximum(degree, 1.0)[:, None]
        return nn.Dense(self.features)(jnp.concatenate([h, mean], axis=-1))


class GNN(nn.Module):
    features: int = 64
    layers: int = 3
    classes: int = 8

    @nn.compact
    def __call__(self, x, senders, receivers):
        h = nn.Dense(self.features)(x)
        for _ in range(self.layers):
            h = h + nn.relu(nn.LayerNorm()(
                MessagePassing(self.features)(h, senders, receivers)))
        return nn.Dense(self.classes)(h)


def gnn():
    """Node classification on a random graph: 3 message-passing layers,
    each an MLP of the sender's and receiver's features on every edge
    (gathers), mean-aggregated at the receiver with jax.ops.segment_sum
    (a scatter-add; its gradient is a gather), a residual and LayerNorm;
    cross-entropy on a mask of labelled nodes. Adam."""
    nodes, edges, inputs = 1024, 8192, 32
    rng = np.random.default_rng(4)
    x = rng.standard_normal((nodes, inputs), np.float32)
    senders = rng.integers(0, nodes, edges).astype(np.int32)
    receivers = rng.integers(0, nodes, edges).astype(np.int32)
    labels = rng.integers(0, 8, nodes).astype(np.int32)
    labelled = (rng.random(nodes) < 0.5).astype(np.float32)
    model = GNN()
    variables = jax.jit(model.init)(jax.random.key(4), x, senders,
                                    receivers)
    state = create_state(model, variables, optax.adam(1e-3))

    def step(state, x, senders, receivers, labels, labelled):
        def loss_fn(params):
            logits = state.apply_fn({"params": params}, x, senders,
                                    receivers)
            losses = optax.softmax_cross_entropy_with_integer_labels(
                logits, labels)
            return jnp.sum(losses * labelled) / jnp.sum(labelled)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step, (state, x, senders, receivers, labels, labelled), describe(
        f"{nodes} nodes, {edges} edges, width 64, 3 layers", state.params)


# --------------------------------------------------------------------------
# vae: a variational autoencoder, sampling by reparameterization
# --------------------------------------------------------------------------


class VAE(nn.Module):
    hidden: int = 512
    latents: int = 32
    features: int = 784

    @nn.compact
    def __call__(self, x, key):
        h = nn.relu(nn.Dense(self.hidden, name="encoder_hidden")(x))
        mean = nn.Dense(self.latents, name="mean")(h)
        logvar = nn.Dense(self.latents, name="logvar")(h)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(key,
                                                             mean.shape)
        h = nn.relu(nn.Dense(self.hidden, name="decoder_hidden")(z))
        return nn.Dense(self.features, name="decoder_out")(h), mean, logvar


def vae():
    """A variational autoencoder of 784-pixel binary images: an MLP encoder
    to the mean and log-variance of 32 latents, a sample
    z = mean + exp(logvar / 2) * eps drawn inside the step from a key
    passed as its raw uint32 data (jax.random.key_data), an MLP decoder;
    Bernoulli log-likelihood plus the KL divergence. Adam."""
    batch = 128
    rng = np.random.default_rng(5)
    images = (rng.random((batch, 784)) < 0.3).astype(np.float32)
    key_data = np.asarray(jax.random.key_data(jax.random.key(50)))
    model = VAE()
    variables = jax.jit(model.init)(jax.random.key(5), images,
                                    jax.random.key(0))
    state = create_state(model, variables, optax.adam(1e-3))

    def step(state, images, key_data):
        key = jax.random.fold_in(jax.random.wrap_key_data(key_data),
                                 state.step)

        def loss_fn(params):
            logits, mean, logvar = state.apply_fn({"params": params},
                                                  images, key)
            reconstruction = optax.sigmoid_binary_cross_entropy(
                logits, images).sum(axis=-1)
            kl = -0.5 * jnp.sum(1 + logvar - mean ** 2 - jnp.exp(logvar),
                                axis=-1)
            return jnp.mean(reconstruction + kl)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step, (state, images, key_data), describe(
        f"batch {batch} x 784, hidden 512, 32 latents", state.params)


# --------------------------------------------------------------------------
# moe: a transformer whose MLPs are mixtures of experts with top-2 routing
# --------------------------------------------------------------------------


class MoE(nn.Module):
    """Top-2 routing with a capacity per expert (GShard): each token goes
    to its two most probable experts, first choices before second ones,
    while the expert has room; the experts' outputs are summed with the
    renormalized gate weights. Returns the output and the load-balancing
    loss."""

    experts: int = 8
    hidden: int = 128
    capacity_factor: float = 1.25

    @nn.compact
    def __call__(self, x):
        tokens, dim = x.shape
        capacity = int(self.capacity_factor * 2 * tokens / self.experts)
        probs = jax.nn.softmax(nn.Dense(self.experts, use_bias=False,
                                        name="router")(x))
        gates, chosen = jax.lax.top_k(probs, 2)
        gates = gates / jnp.sum(gates, axis=-1, keepdims=True)
        masks = jax.nn.one_hot(chosen, self.experts)  # tokens x 2 x experts
        # Places in each expert's buffer: all first choices, then seconds.
        in_order = masks.transpose(1, 0, 2).reshape(2 * tokens, self.experts)
        places = (jnp.cumsum(in_order, axis=0) - 1.0) * in_order
        places = places.reshape(2, tokens, self.experts).transpose(1, 0, 2)
        masks = masks * (places < capacity)
        slots = jax.nn.one_hot(jnp.sum(places * masks, axis=-1).astype(
            jnp.int32), capacity)  # tokens x 2 x capacity
        dispatch = jnp.einsum("tke,tkc->tec", masks, slots)
        combine = jnp.einsum("tk,tke,tkc->tec", gates, masks, slots)
        init = nn.initializers.variance_scaling(1.0, "fan_in", "normal",
                                                batch_axis=(0,))
        w_in = self.param("w_in", init, (self.experts, dim, self.hidden))
        w_out = self.param("w_out", init, (self.experts, self.hidden, dim))
        expert_inputs = jnp.einsum("tec,td->ecd", dispatch, x)
        h = nn.gelu(jnp.einsum("ecd,edh->ech", expert_inputs, w_in))
        outputs = jnp.einsum("ech,ehd->ecd", h, w_out)
        balance = self.experts * jnp.sum(jnp.mean(probs, axis=0) *
                                         jnp.mean(masks[:, 0], axis=0))
        return jnp.einsum("tec,ecd->td", combine, outputs), balance


class MoETransformer(nn.Module):
    vocab: int = 512
    dim: int = 64
    heads: int = 4
    layers: int = 2
    classes: int = 10

    @nn.compact
    def __call__(self, tokens):
        batch, length = tokens.shape
        x = nn.Embed(self.vocab, self.dim)(tokens) + self.param(
            "position_embedding", nn.initializers.normal(0.02),
            (length, self.dim))
        balance = 0.0
        for _ in range(self.layers):
            x = x + nn.MultiHeadDotProductAttention(
                num_heads=self.heads, use_bias=False)(nn.LayerNorm()(x))
            y, layer_balance = MoE()(nn.LayerNorm()(x).reshape(-1, self.dim))
            x = x + y.reshape(batch, length, self.dim)
            balance = balance + layer_balance
        logits = nn.Dense(self.classes)(jnp.mean(nn.LayerNorm()(x), axis=1))
        return logits, balance / self.layers


def moe():
    """A sequence classifier of 2 transformer blocks whose MLPs are
    mixtures of 8 experts with top-2 routing (lax.top_k, one-hot dispatch
    and combine tensors, a cumulative sum for the places in each expert's
    buffer of capacity 1.25 x 2 x tokens / 8), cross-entropy plus 0.01 of
    the load-balancing loss. Adam."""
    batch, length = 8, 64
    rng = np.random.default_rng(6)
    tokens = rng.integers(0, 512, (batch, length)).astype(np.int32)
    labels = rng.integers(0, 10, batch).astype(np.int32)
    model = MoETransformer()
    variables = jax.jit(model.init)(jax.random.key(6), tokens)
    state = create_state(model, variables, optax.adam(1e-3))

    def step(state, tokens, labels):
        def loss_fn(params):
            logits, balance = state.apply_fn({"params": params}, tokens)
            return optax.softmax_cross_entropy_with_integer_labels(
                logits, labels).mean() + 0.01 * balance

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step, (state, tokens, labels), describe(
        f"batch {batch} x {length} tokens, width 64, 8 experts of 128, "
        "2 layers", state.params)


# --------------------------------------------------------------------------
# kv_decode: one greedy decoding step with a KV cache
# --------------------------------------------------------------------------


class CachedDecoderBlock(nn.Module):
    heads: int
    hidden: int

    @nn.compact
    def __call__(self, x):
        # decode=True: flax keeps the keys and values in the "cache"
        # collection and writes each step's with lax.dynamic_update_slice.
        x = x + nn.MultiHeadDotProductAttention(
            num_heads=self.heads, use_bias=False, decode=True)(
            nn.LayerNorm()(x))
        return x + MlpBlock(self.hidden)(nn.LayerNorm()(x))


class CachedLM(nn.Module):
    vocab: int
    dim: int
    heads: int
    layers: int
    max_len: int

    @nn.compact
    def __call__(self, tokens, positions):
        embed = nn.Embed(self.vocab, self.dim)
        x = embed(tokens) + nn.Embed(self.max_len, self.dim)(positions)
        for _ in range(self.layers):
            x = CachedDecoderBlock(self.heads, 4 * self.dim)(x)
        return embed.attend(nn.LayerNorm()(x))


def kv_decode():
    """One step of greedy decoding (not training): a decoder-only
    transformer (4 layers, 8 heads) reads one token per sequence, attends to
    the keys and values of the tokens before it in flax's KV cache
    (MultiHeadDotProductAttention with decode=True, which writes the new
    ones with lax.dynamic_update_slice and masks the positions not yet
    written), and picks the most likely next token. The state is the cache,
    the last token and its position; the output the logits."""
    batch, max_len, vocab, dim = 16, 256, 4096, 256
    model = CachedLM(vocab, dim, heads=8, layers=4, max_len=max_len)
    variables = jax.jit(model.init)(jax.random.key(7),
                                    jnp.zeros((batch, max_len), jnp.int32),
                                    jnp.zeros((batch, max_len), jnp.int32))
    params = variables["params"]
    # A prompt of 32 tokens already in the cache.
    rng = np.random.default_rng(7)
    prompt = jnp.asarray(rng.integers(0, vocab, (batch, 32)), jnp.int32)
    prefill = jax.jit(functools.partial(model.apply, mutable=["cache"]))
    cache = variables["cache"]
    for position in range(prompt.shape[1]):
        _, updates = prefill({"params": params, "cache": cache},
                             prompt[:, position:position + 1],
                             jnp.full((batch, 1), position, jnp.int32))
        cache = updates["cache"]
    state = {"cache": cache, "token": prompt[:, -1],
             "position": np.int32(prompt.shape[1])}

    def step(state, params):
        positions = jnp.full((state["token"].shape[0], 1), state["position"])
        logits, updates = model.apply(
            {"params": params, "cache": state["cache"]},
            state["token"][:, None], positions, mutable=["cache"])
        logits = logits[:, 0]
        token = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return {"cache": updates["cache"], "token": token,
                "position": state["position"] + 1}, logits

    return step, (state, params), describe(
        f"batch {batch}, cache of {max_len} positions (32 filled), "
        f"vocabulary {vocab}, width {dim}, 4 layers", params)


# --------------------------------------------------------------------------
# unet_groupnorm: a small U-Net with GroupNorm, trained to denoise
# --------------------------------------------------------------------------


class ConvBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        for _ in range(2):
            x = nn.Conv(self.features, (3, 3))(x)
            x = nn.swish(nn.GroupNorm(num_groups=8)(x))
        return x


class UNet(nn.Module):
    widths: tuple = (16, 32, 64)

    @nn.compact
    def __call__(self, x):
        channels = x.shape[-1]
        skips = []
        for width in self.widths[:-1]:
            x = ConvBlock(width)(x)
            skips.append(x)
            x = nn.avg_pool(x, (2, 2), (2, 2))
        x = ConvBlock(self.widths[-1])(x)
        for width, skip in zip(reversed(self.widths[:-1]), reversed(skips)):
            x = nn.ConvTranspose(width, (2, 2), (2, 2))(x)
            x = ConvBlock(width)(jnp.concatenate([x, skip], axis=-1))
        return nn.Conv(channels, (1, 1))(x)


def unet_groupnorm():
    """A U-Net that predicts the noise added to 32x32x3 images: two
    convolutions with GroupNorm (8 groups) and swish per level, average
    pooling down, transposed convolutions up, skip connections
    concatenated; mean squared error. Adam."""
    batch = 8
    rng = np.random.default_rng(8)
    images = rng.standard_normal((batch, 32, 32, 3), np.float32)
    noise = rng.standard_normal((batch, 32, 32, 3), np.float32)
    model = UNet()
    variables = jax.jit(model.init)(jax.random.key(8), images[:1])
    state = create_state(model, variables, optax.adam(1e-3))

    def step(state, images, noise):
        def loss_fn(params):
            predicted = state.apply_fn({"params": params},
                                       images + 0.5 * noise)
            return jnp.mean((predicted - noise) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step, (state, images, noise), describe(
        f"batch {batch} of 32x32x3, widths 16/32/64", state.params)


# --------------------------------------------------------------------------
# mlp: a plain MLP classifier
# --------------------------------------------------------------------------


class MLP(nn.Module):
    hidden: tuple = (512, 256)
    classes: int = 10

    @nn.compact
    def __call__(self, x):
        for width in self.hidden:
            x = nn.relu(nn.Dense(width)(x))
        return nn.Dense(self.classes)(x)


def mlp():
    """An MLP classifier of 784-feature inputs (784-512-256-10, ReLU),
    cross-entropy, Adam."""
    batch = 512
    rng = np.random.default_rng(9)
    x = rng.standard_normal((batch, 784), np.float32)
    labels = rng.integers(0, 10, batch).astype(np.int32)
    model = MLP()
    variables = jax.jit(model.init)(jax.random.key(9), x[:1])
    state = create_state(model, variables, optax.adam(1e-3))
    return classification_step, (state, x, labels), describe(
        f"batch {batch} x 784", state.params)


MODELS = {
    "resnet18": resnet18,
    "transformer_lm": transformer_lm,
    "vit_dropout": vit_dropout,
    "lstm": lstm,
    "gnn": gnn,
    "vae": vae,
    "moe": moe,
    "kv_decode": kv_decode,
    "unet_groupnorm": unet_groupnorm,
    "mlp": mlp,
}
