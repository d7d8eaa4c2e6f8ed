"""The seed example: softmax regression on digits with the whole training
step under fuse_hlo.jit reaches 90% and follows the numpy loop."""

import importlib.util
import os

import numpy as np
import pytest

pytest.importorskip("sklearn")

_EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                        "python", "softmax_regression.py")


def load_example():
    spec = importlib.util.spec_from_file_location("softmax_regression",
                                                  _EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_matches_numpy_and_reaches_90_percent():
    example = load_example()
    results = example.run(epochs=30, with_jax=False)
    fuse, reference = results["fuse"], results["numpy"]
    assert fuse["accuracy"] >= 0.90
    assert fuse["accuracy"] == pytest.approx(reference["accuracy"], abs=0.01)
    np.testing.assert_allclose(fuse["losses"], reference["losses"],
                               rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(fuse["weights"], reference["weights"],
                               atol=1e-4)
    np.testing.assert_allclose(fuse["bias"], reference["bias"], atol=1e-4)
    assert fuse["losses"][-1] < fuse["losses"][0] / 5


def test_training_step_is_one_fused_program():
    import fuse_hlo as fx
    import fuse_hlo.numpy as fnp
    example = load_example()
    step = fx.jit(example.make_train_step(fnp))
    args = (np.zeros((64, 10), np.float32), np.zeros(10, np.float32),
            np.zeros((128, 64), np.float32), np.zeros((128, 10), np.float32),
            np.float32(0.5))
    text = step.lower(*args).as_text("optimized_hlo")
    assert text.count("func.func") == 1
    assert text.count("hlo.dot_general") == 2
    assert text.count("hlo.fusion") >= 3
