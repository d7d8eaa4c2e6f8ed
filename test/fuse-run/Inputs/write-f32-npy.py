"""Writes a float32 .npy file: write-f32-npy.py PATH ROWSxCOLS VALUE... (row
major). Python's standard library only, so that lit needs no numpy."""

import struct
import sys

path, shape, *values = sys.argv[1:]
dims = tuple(int(d) for d in shape.split("x"))
header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % (
    "(%d,)" % dims if len(dims) == 1 else str(dims))
header += " " * (63 - (10 + len(header)) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode() + struct.pack("<%df" % len(values),
                                          *map(float, values)))
