#!/usr/bin/env python3
"""Lists C++ function bodies longer than a limit, so that none grows past it.

A function is a brace block opened after a closing parenthesis at namespace
or class scope (lambdas and nested blocks count towards the function that
holds them). Comments, strings and preprocessor lines are ignored. Exits
with 1 when any function is over the limit.

    utils/function_lengths.py --max 150 lib
"""

import argparse
import pathlib
import re
import sys


def blank_comments_and_strings(text):
    """`text` with comments and literals replaced by spaces, lines kept."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|R"\((?:.|\n)*?\)"|'
                         r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                         re.S)
    text = pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    return re.sub(r"^[ \t]*#[^\n]*", lambda m: " " * len(m.group()), text,
                  flags=re.M)


def function_lengths(text):
    """(first line, lines, signature) of each function defined in `text`."""
    code = blank_comments_and_strings(text)
    scopes = []  # (is a function, first line, signature) per open brace
    statement_start = 0
    for match in re.finditer(r"[{};]", code):
        position = match.start()
        if match.group() == "{":
            head = code[statement_start:position]
            in_function = any(is_function for is_function, _, _ in scopes)
            is_scope = (re.search(r"\bnamespace\b", head) or
                        (re.search(r"\b(class|struct|enum|union)\b", head)
                         and "(" not in head) or
                        head.strip().startswith('extern'))
            is_function = (not in_function and not is_scope and
                           ")" in head and not head.rstrip().endswith("="))
            first = head[len(head) - len(head.lstrip()):]
            line = code.count("\n", 0, position - len(first)) + 1
            scopes.append((is_function, line, " ".join(first.split())[:70]))
        elif match.group() == "}" and scopes:
            is_function, line, signature = scopes.pop()
            if is_function:
                last = code.count("\n", 0, position) + 1
                yield line, last - line + 1, signature
        statement_start = position + 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=150)
    parser.add_argument("roots", nargs="+", type=pathlib.Path)
    args = parser.parse_args()
    long_functions = []
    for root in args.roots:
        for path in sorted(root.rglob("*")):
            if path.suffix not in (".cpp", ".h"):
                continue
            for line, length, signature in function_lengths(
                    path.read_text(errors="replace")):
                if length > args.max:
                    long_functions.append((length, f"{path}:{line}",
                                           signature))
    for length, where, signature in sorted(long_functions, reverse=True):
        print(f"{where}: {length} lines: {signature}")
    if long_functions:
        print(f"{len(long_functions)} functions over {args.max} lines")
        return 1
    print(f"no function over {args.max} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
