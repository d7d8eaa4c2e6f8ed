"""Writes the PTX of every gpu.binary in fuse-opt's output (format=isa) to
OUT, one kernel module after the other (each with its own header), as
OUT, OUT.1, OUT.2, ...; the first goes to OUT itself."""
import re
import sys

text = sys.stdin.read()
modules = re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', text)
if not modules:
    sys.exit("extract_ptx: no PTX (assembly = ...) in the input")


def unescape(escaped):
    return re.sub(r"\\([0-9A-Fa-f]{2})",
                  lambda m: chr(int(m.group(1), 16)), escaped)


for index, module in enumerate(modules):
    path = sys.argv[1] if index == 0 else "%s.%d" % (sys.argv[1], index)
    with open(path, "w") as f:
        f.write(unescape(module))
