"""The GPU benchmark's workloads: each an hlo program (written here, at any
size), numpy inputs, and the same computation in JAX and PyTorch."""


def running_example(n):
    mlir = f"""func.func @main(%x: tensor<{n}x{n}xf32>, %y: tensor<{n}x{n}xf32>) -> tensor<f32> {{
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<{float(n * n)}> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<{n}x{n}xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<{n}x{n}xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<{n}x{n}xf32>
  %sum = hlo.add %xx3, %y : tensor<{n}x{n}xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1] : (tensor<{n}x{n}xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}}
"""
    return {
        "mlir": mlir,
        "inputs": lambda rng: [rng.standard_normal((n, n), dtype="float32"),
                               rng.standard_normal((n, n), dtype="float32")],
        "jax": lambda np_, x, y: np_.mean(x * x * 3 + y),
        "torch": lambda torch, x, y: torch.mean(x * x * 3 + y),
    }


def softmax(rows, cols):
    t = f"tensor<{rows}x{cols}xf32>"
    r = f"tensor<{rows}xf32>"
    mlir = f"""func.func @main(%x: {t}) -> {t} {{
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : ({t}, tensor<f32>) -> {r}
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : ({r}) -> {t}
  %shifted = hlo.subtract %x, %maxb : {t}
  %e = hlo.exponential %shifted : {t}
  %sum = hlo.reduce add(%e init %zero) dims = [1] : ({t}, tensor<f32>) -> {r}
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : ({r}) -> {t}
  %p = hlo.divide %e, %sumb : {t}
  return %p : {t}
}}
"""
    return {
        "mlir": mlir,
        "inputs": lambda rng: [rng.standard_normal((rows, cols), dtype="float32")],
        "jax": lambda jnp, x: _jax_softmax(jnp, x),
        "torch": lambda torch, x: torch.softmax(x, dim=1),
    }


def _jax_softmax(jnp, x):
    e = jnp.exp(x - jnp.max(x, axis=1, keepdims=True))
    return e / jnp.sum(e, axis=1, keepdims=True)


def layer_norm(rows, cols):
    t = f"tensor<{rows}x{cols}xf32>"
    r = f"tensor<{rows}xf32>"
    c = f"tensor<{cols}xf32>"
    mlir = f"""func.func @main(%x: {t}, %gamma: {c}, %beta: {c}) -> {t} {{
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<{float(cols)}> : {r}
  %eps = hlo.constant dense<1.0e-5> : {r}
  %sum = hlo.reduce add(%x init %zero) dims = [1] : ({t}, tensor<f32>) -> {r}
  %mean = hlo.divide %sum, %n : {r}
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : ({r}) -> {t}
  %d = hlo.subtract %x, %meanb : {t}
  %d2 = hlo.multiply %d, %d : {t}
  %var_sum = hlo.reduce add(%d2 init %zero) dims = [1] : ({t}, tensor<f32>) -> {r}
  %var = hlo.divide %var_sum, %n : {r}
  %var_eps = hlo.add %var, %eps : {r}
  %inv = hlo.rsqrt %var_eps : {r}
  %invb = hlo.broadcast_in_dim %inv, dims = [0] : ({r}) -> {t}
  %normed = hlo.multiply %d, %invb : {t}
  %gb = hlo.broadcast_in_dim %gamma, dims = [1] : ({c}) -> {t}
  %bb = hlo.broadcast_in_dim %beta, dims = [1] : ({c}) -> {t}
  %scaled = hlo.multiply %normed, %gb : {t}
  %y = hlo.add %scaled, %bb : {t}
  return %y : {t}
}}
"""
    return {
        "mlir": mlir,
        "inputs": lambda rng: [rng.standard_normal((rows, cols), dtype="float32"),
                               rng.standard_normal(cols, dtype="float32"),
                               rng.standard_normal(cols, dtype="float32")],
        "jax": lambda jnp, x, g, b: _jax_layer_norm(jnp, x, g, b),
        "torch": lambda torch, x, g, b: torch.nn.functional.layer_norm(
            x, (x.shape[1],), g, b, eps=1e-5),
    }


def _jax_layer_norm(jnp, x, g, b):
    mean = jnp.mean(x, axis=1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + 1e-5) * g + b


def all_workloads(scale=1):
    n = 16384 // scale
    return {
        "running_example_%d" % n: running_example(n),
        "softmax_%dx%d" % (n, n): softmax(n, n),
        "layer_norm_%dx%d" % (n, n): layer_norm(n, n),
    }
