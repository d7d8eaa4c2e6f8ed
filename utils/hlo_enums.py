"""Writes the hlo dialect's enums for the Python hlo writer
(python/fuse_hlo/_hlo_enums.py) from the records of HLOBase.td that
`llvm-tblgen --dump-json` wrote: each I32EnumAttr's cases, as the C++
symbol, the custom assembly's spelling and the integer of the generic form.
The build runs it (include/fuse/Dialect/HLO/IR/CMakeLists.txt):

    python3 utils/hlo_enums.py RECORDS.json OUTPUT.py
"""

import json
import sys


def main():
    records_path, output_path = sys.argv[1:]
    with open(records_path) as records_file:
        records = json.load(records_file)
    lines = ['"""The hlo dialect\'s enums: {name: [(C++ symbol, spelling in '
             "the custom",
             "assembly, integer)]}. Generated from HLOBase.td by",
             'utils/hlo_enums.py; do not edit."""',
             "",
             "ENUMS = {"]
    for name in sorted(records["!instanceof"]["I32EnumAttr"]):
        enum = records[name]
        cases = [records[case["def"]] for case in enum["enumerants"]]
        lines.append(f"    {enum['className']!r}: [")
        lines += [f"        ({case['symbol']!r}, {case['str']!r}, "
                  f"{case['value']})," for case in cases]
        lines.append("    ],")
    lines.append("}")
    with open(output_path, "w") as output:
        output.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
