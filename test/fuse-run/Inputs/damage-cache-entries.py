"""Damages every entry of a compilation cache directory: `flip` inverts a
byte in the middle of each, `truncate` cuts each to half its size."""

import os
import sys

directory, how = sys.argv[1], sys.argv[2]
for name in os.listdir(directory):
    if not name.endswith(".fuse"):
        continue
    path = os.path.join(directory, name)
    with open(path, "rb") as file:
        data = bytearray(file.read())
    if how == "flip":
        data[len(data) // 2] ^= 0xFF
    elif how == "truncate":
        data = data[:len(data) // 2]
    else:
        sys.exit(f"unknown damage {how!r}")
    with open(path, "wb") as file:
        file.write(data)
