"""Array memory as the compiled code sees it: the address of an array's
data, and result arrays whose memory is reused once Python drops them."""

import ctypes
import math
import threading

import numpy as np

_ALIGNMENT = 64


def _address_from_header(array):
    # numpy's PyArrayObject keeps the data pointer right after the object
    # header (PyArray_DATA reads this field); ndarray.ctypes.data builds a
    # ctypes object to give the same number, about 2.5 us per array.
    return ctypes.c_void_p.from_address(id(array) + _HEADER_BYTES).value or 0


def _address_from_ctypes(array):
    return array.ctypes.data


_HEADER_BYTES = object.__basicsize__


def _header_layout_holds():
    probes = [np.empty(n, np.uint8) for n in (1, 4096, 1 << 20)]
    probes.append(probes[1][3:])
    return all(_address_from_header(a) == a.ctypes.data for a in probes)


#: The address of a numpy array's first element. The fast form is checked
#: against ndarray.ctypes.data on import and used only where it agrees.
address = _address_from_header if _header_layout_holds() \
    else _address_from_ctypes


def aligned_empty(shape, dtype):
    """An uninitialized C-contiguous array starting on a 64-byte boundary,
    whatever its size (np.empty aligns small arrays to 16 bytes)."""
    dtype = np.dtype(dtype)
    nbytes = math.prod(shape) * dtype.itemsize
    if nbytes >= results.min_bytes:
        return results.empty(shape, dtype)
    buffer = np.empty(nbytes + _ALIGNMENT, np.uint8)
    start = -address(buffer) % _ALIGNMENT
    return buffer[start:start + nbytes].view(dtype).reshape(shape)


class ResultCache:
    """Memory for result arrays. A result of at least `min_bytes` is a view
    of a buffer that returns here when the last array using it is gone; the
    next result of that size takes it, with its pages already mapped (a
    fresh 64 MB array costs tens of milliseconds of page faults). At most
    `limit_bytes` of free buffers are kept, oldest dropped first."""

    def __init__(self, limit_bytes=1 << 30, min_bytes=1 << 20):
        self.limit_bytes = limit_bytes
        self.min_bytes = min_bytes
        self._free = {}      # byte size -> ids of free buffers, newest last
        self._buffers = {}   # id -> (byte size, buffer), oldest first
        self._free_bytes = 0
        self._owner_types = {}
        self._lock = threading.Lock()

    def empty(self, shape, dtype):
        """An uninitialized C-contiguous, 64-byte aligned array."""
        nbytes = math.prod(shape) * dtype.itemsize
        if nbytes < self.min_bytes:
            return np.empty(shape, dtype)
        buffer = self._take(nbytes)
        if buffer is None:
            buffer = np.empty(nbytes + _ALIGNMENT, np.uint8)
        start = -address(buffer) % _ALIGNMENT
        owner = self._owner_type(nbytes).from_address(address(buffer) + start)
        owner.buffer = buffer
        return np.frombuffer(owner, dtype).reshape(shape)

    def _owner_type(self, nbytes):
        """The ctypes type of the object a result of `nbytes` is a view of:
        numpy keeps it alive as long as any view of the result, and it
        gives its buffer back when it goes."""
        owner_type = self._owner_types.get(nbytes)
        if owner_type is None:
            cache = self

            class Owner(ctypes.c_char * nbytes):
                __slots__ = ("buffer",)

                def __del__(self):
                    cache._give_back(nbytes, self.buffer)

            owner_type = self._owner_types[nbytes] = Owner
        return owner_type

    def clear(self):
        with self._lock:
            self._free.clear()
            self._buffers.clear()
            self._free_bytes = 0

    def _take(self, nbytes):
        with self._lock:
            ids = self._free.get(nbytes)
            if not ids:
                return None
            self._free_bytes -= nbytes
            return self._buffers.pop(ids.pop())[1]

    def _give_back(self, nbytes, buffer):
        with self._lock:
            if nbytes > self.limit_bytes:
                return
            self._free.setdefault(nbytes, []).append(id(buffer))
            self._buffers[id(buffer)] = (nbytes, buffer)
            self._free_bytes += nbytes
            while self._free_bytes > self.limit_bytes:
                oldest = next(iter(self._buffers))
                size, _ = self._buffers.pop(oldest)
                self._free[size].remove(oldest)
                self._free_bytes -= size


#: The cache results of compiled functions come from.
results = ResultCache()


def clear_result_cache():
    """Frees the memory kept for future results (see ResultCache)."""
    results.clear()
