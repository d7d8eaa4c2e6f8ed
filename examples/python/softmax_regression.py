"""Softmax regression on scikit-learn's digits, the whole training step
compiled by fuse.

The step (forward pass, hand-written gradient of the cross-entropy, SGD
update) is one function written against a numpy-like module `xp`. It runs
on the same mini-batches compiled with ``fuse_hlo.jit``, as plain numpy,
and, when JAX is installed, written with jax.numpy and compiled by fuse
(``fuse_hlo.jax.jit``) and by ``jax.jit``. The script prints the
test accuracy of each, how far fuse's weights are from numpy's, and the time
per step side by side.

    python examples/python/softmax_regression.py [--epochs 30]
"""

import argparse
import os
import sys
import time

import numpy as np

try:
    import fuse_hlo as fx
except ImportError:  # run from a source checkout
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                    "python"))
    import fuse_hlo as fx
import fuse_hlo.numpy as fnp

CLASSES = 10


def make_train_step(xp):
    """The training step for the array module `xp` (numpy, fuse_hlo.numpy
    or jax.numpy): returns the updated weights and the batch's loss."""

    def train_step(weights, bias, images, labels, learning_rate):
        logits = images @ weights + bias
        shifted = logits - xp.max(logits, axis=1, keepdims=True)
        exps = xp.exp(shifted)
        sums = xp.sum(exps, axis=1, keepdims=True)
        log_probabilities = shifted - xp.log(sums)
        loss = -xp.mean(xp.sum(labels * log_probabilities, axis=1))
        # d loss / d logits of the mean cross-entropy of a softmax.
        grad_logits = (exps / sums - labels) / images.shape[0]
        grad_weights = images.T @ grad_logits
        grad_bias = xp.sum(grad_logits, axis=0)
        return (weights - learning_rate * grad_weights,
                bias - learning_rate * grad_bias, loss)

    return train_step


def predict(weights, bias, images):
    return np.argmax(images @ weights + bias, axis=1)


def load_digits(seed=0, test_fraction=0.2):
    """The 1797 8x8 digits (shipped inside scikit-learn, no download),
    scaled to [0, 1] and split into training and test sets."""
    from sklearn.datasets import load_digits as sklearn_digits
    digits = sklearn_digits()
    images = (digits.data / 16.0).astype(np.float32)
    labels = digits.target
    order = np.random.default_rng(seed).permutation(len(labels))
    test_size = int(len(labels) * test_fraction)
    test, train = order[:test_size], order[test_size:]
    return images[train], labels[train], images[test], labels[test]


def one_hot(labels):
    return np.eye(CLASSES, dtype=np.float32)[labels]


def train(step, train_images, train_labels, epochs, batch_size,
          learning_rate, seed=0):
    """Mini-batch SGD; returns the weights, losses and seconds per step
    (the first step, which compiles, is not timed)."""
    features = train_images.shape[1]
    weights = np.zeros((features, CLASSES), np.float32)
    bias = np.zeros((CLASSES,), np.float32)
    rate = np.float32(learning_rate)
    rng = np.random.default_rng(seed)
    targets = one_hot(train_labels)
    batches = len(train_labels) // batch_size   # full batches: one shape
    losses, seconds = [], []
    for _ in range(epochs):
        order = rng.permutation(len(train_labels))
        for b in range(batches):
            rows = order[b * batch_size:(b + 1) * batch_size]
            start = time.perf_counter()
            weights, bias, loss = step(weights, bias, train_images[rows],
                                       targets[rows], rate)
            loss = float(loss)   # waits for JAX's asynchronous result
            seconds.append(time.perf_counter() - start)
            losses.append(loss)
    return (np.asarray(weights), np.asarray(bias), losses,
            float(np.median(seconds[1:])))


def run(epochs=30, batch_size=128, learning_rate=0.5, with_jax=True):
    """Trains with fuse, numpy and (if present) jax.jit; returns a dict of
    results per framework."""
    train_images, train_labels, test_images, test_labels = load_digits()
    steps = {"fuse": fx.jit(make_train_step(fnp)),
             "numpy": make_train_step(np)}
    if with_jax:
        try:
            import jax
            import jax.numpy as jnp
            import fuse_hlo.jax as fjax
            jax.config.update("jax_platforms", "cpu")
            steps["fuse_hlo.jax"] = fjax.jit(make_train_step(jnp))
            steps["jax.jit"] = jax.jit(make_train_step(jnp))
        except ImportError:
            pass
    results = {}
    for name, step in steps.items():
        weights, bias, losses, seconds = train(
            step, train_images, train_labels, epochs, batch_size,
            learning_rate)
        accuracy = float(np.mean(predict(weights, bias, test_images)
                                 == test_labels))
        results[name] = {"weights": weights, "bias": bias, "losses": losses,
                         "seconds_per_step": seconds, "accuracy": accuracy}
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--learning-rate", type=float, default=0.5)
    parser.add_argument("--no-jax", action="store_true")
    args = parser.parse_args()
    results = run(args.epochs, args.batch_size, args.learning_rate,
                  not args.no_jax)
    fuse, reference = results["fuse"], results["numpy"]
    difference = np.max(np.abs(fuse["weights"] - reference["weights"]))
    print(f"softmax regression on digits: {len(fuse['losses'])} SGD steps "
          f"of {args.batch_size} images")
    print(f"{'':12} {'test accuracy':>10} {'final loss':>11} "
          f"{'us/step':>9} {'vs fuse':>8}")
    for name, result in results.items():
        ratio = result["seconds_per_step"] / fuse["seconds_per_step"]
        print(f"{name:12} {result['accuracy']:10.2%} "
              f"{result['losses'][-1]:11.4f} "
              f"{result['seconds_per_step'] * 1e6:9.1f} {ratio:7.2f}x")
    print(f"largest weight difference fuse vs numpy: {difference:.2e}")
    ok = fuse["accuracy"] >= 0.9 and difference < 1e-3
    print("PASS" if ok else "FAIL",
          "(target: fuse reaches 90% test accuracy and matches numpy)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
