"""The workloads' computations written once against the array API that
numpy, jax.numpy and fuse_hlo.numpy share: the references of the checks and
what jax.jit times."""


# --------------------------------------------------------------------------
# The same computations, written once against the array API that numpy,
# jax.numpy and fuse_hlo.numpy share (xp is one of them), taking @main's
# inputs in order.
# --------------------------------------------------------------------------


def running_example(xp, x, y):
    return xp.mean(x * x * xp.float32(3) + y)


def softmax(xp, x):
    e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
    return e / xp.sum(e, axis=1, keepdims=True)


def layer_norm(xp, x, gamma, beta):
    c = x - xp.mean(x, axis=1, keepdims=True)
    var = xp.mean(c * c, axis=1, keepdims=True)
    return c / xp.sqrt(var + xp.float32(1e-5)) * gamma + beta


def add(xp, x, y):
    return x + y


def matrix_chain(xp, a, b, v):
    return (a @ b) @ v


def squared_distances(xp, a, b):
    return ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)


def matmul(xp, a, b):
    return a @ b


def matmul_abt(xp, a, b):
    return a @ b.T


def mlp_gelu(xp, x, w, b):
    h = x @ w + b
    return 0.5 * h * (1.0 + xp.tanh(0.7978845608 * (h + 0.044715 * h * h * h)))


def attention(xp, q, k, v):
    return softmax(xp, (q @ k.T) * 0.125) @ v


def digits_step(xp, x, y, w, b):
    g = (softmax(xp, x @ w + b) - y) * 0.0078125
    return w - 0.5 * (x.T @ g), b - 0.5 * xp.sum(g, axis=0)


def mlp_training_step(xp, w1, w2, x, targets, learning_rate):
    """One SGD step of a 2-layer ReLU MLP with softmax cross-entropy, the
    gradient written out (fuse_hlo.numpy has no autodiff)."""
    hidden = xp.maximum(x @ w1, 0)
    probabilities = softmax(xp, hidden @ w2)
    loss = -xp.mean(xp.sum(targets * xp.log(probabilities), axis=1))
    d_logits = (probabilities - targets) / x.shape[0]
    grad_w2 = hidden.T @ d_logits
    d_hidden = xp.where(hidden > 0, d_logits @ w2.T, 0)
    grad_w1 = x.T @ d_hidden
    return w1 - learning_rate * grad_w1, w2 - learning_rate * grad_w2, loss
