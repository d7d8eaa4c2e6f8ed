"""Compares the .npy results of two fuse-run --outputs directories.

Used where a rewrite changes rounding, so that the rewritten program is
checked against the interpreter of the original one rather than its own:
prints one line per result and exits 1 if an element differs by more than
atol + rtol * |expected|. Standard library only (lit's Python may have no
NumPy); reads the little-endian C-order files fuse-run writes.
"""

import argparse
import array
import ast
import math
import pathlib
import sys

TYPECODES = {"<f4": "f", "<f8": "d", "|i1": "b", "<i2": "h", "<i4": "i",
             "<i8": "q", "|b1": "B"}


def load(path):
    data = path.read_bytes()
    if data[:6] != b"\x93NUMPY":
        sys.exit(f"{path}: not a .npy file")
    major = data[6]
    size_bytes = 2 if major == 1 else 4
    header_len = int.from_bytes(data[8:8 + size_bytes], "little")
    start = 8 + size_bytes
    header = ast.literal_eval(data[start:start + header_len].decode("latin1"))
    values = array.array(TYPECODES[header["descr"]])
    values.frombytes(data[start + header_len:])
    return header["shape"], values


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("expected", type=pathlib.Path)
    parser.add_argument("actual", type=pathlib.Path)
    parser.add_argument("--rtol", type=float, default=1e-4)
    parser.add_argument("--atol", type=float, default=1e-5)
    args = parser.parse_args()

    ok = True
    for expected_path in sorted(args.expected.glob("*.npy")):
        shape, expected = load(expected_path)
        actual_shape, actual = load(args.actual / expected_path.name)
        worst = 0.0
        matches = shape == actual_shape
        for want, got in zip(expected, actual):
            if math.isnan(want) and math.isnan(got):
                continue
            error = abs(got - want) if want != got else 0.0
            worst = max(worst, error)
            matches = matches and error <= args.atol + args.rtol * abs(want)
        ok = ok and matches
        status = "ok" if matches else "MISMATCH"
        print(f"{expected_path.stem}: {status} (max abs err {worst:.1e})")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
