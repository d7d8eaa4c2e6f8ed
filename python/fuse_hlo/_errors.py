"""Exceptions of fuse_hlo."""

from __future__ import annotations

from typing import Optional, Tuple

#: A source position: (filename, line, column).
Location = Tuple[str, int, int]


class CompileError(Exception):
    """A traced function cannot be compiled.

    The message starts with the user's source position, ``file:line:col``,
    as compilers print it. ``location`` holds that position as a
    ``(filename, line, column)`` tuple when there is one.
    """

    def __init__(self, message: str,
                 location: Optional[Location] = None) -> None:
        self.location = location
        if location is not None:
            filename, line, column = location
            message = f"{filename}:{line}:{column}: error: {message}"
        super().__init__(message)


class FallbackWarning(UserWarning):
    """Operations of a ``fallback=True`` function ran with numpy."""
