"""Arrays in GPU memory: fuse's DeviceArray, and the exchange of device
arrays with JAX, PyTorch and anything else that speaks DLPack, without
copies.

fuse's runtime orders its work on CUDA's legacy default stream: it asks
producers for their arrays on that stream (``__dlpack__(stream=1)``), and
a call returns when its results are complete, so consumers may read them
on any stream."""

import atexit
import ctypes
import math

import numpy as np

from . import _library, _types

_lib = _library.lib
_p = ctypes.c_void_p
for _name, _restype, _argtypes in [
    ("fuseDeviceInitialize", ctypes.c_bool,
     [_p, ctypes.POINTER(ctypes.c_int)]),
    ("fuseDeviceAlloc", _p, [_p, ctypes.c_size_t]),
    ("fuseDeviceFree", None, [_p]),
    ("fuseDeviceCopyToDevice", None, [_p, _p, ctypes.c_size_t]),
    ("fuseDeviceCopyToHost", None, [_p, _p, ctypes.c_size_t]),
    ("fuseDeviceExportDLPack", _p, [_p, ctypes.c_int32,
                                    ctypes.POINTER(ctypes.c_int64),
                                    ctypes.c_uint8, ctypes.c_uint8]),
    ("fuseDeviceTakeProfile", _p, []),
]:
    _function = getattr(_lib, _name)
    _function.restype, _function.argtypes = _restype, _argtypes

#: DLPack's device types (DLDeviceType) that fuse reads and writes.
KDL_CPU, KDL_CUDA = 1, 2
#: DLPack's stream number for CUDA's legacy default stream.
_LEGACY_DEFAULT_STREAM = 1


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", _p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    pass


_DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManagedTensor))
_DLManagedTensor._fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", _p),
                             ("deleter", _DELETER)]

_CAPSULE_DESTRUCTOR = ctypes.CFUNCTYPE(None, _p)
_capsule_new = ctypes.PYFUNCTYPE(ctypes.py_object, _p, ctypes.c_char_p,
                                 _CAPSULE_DESTRUCTOR)(
    ("PyCapsule_New", ctypes.pythonapi))
_capsule_get = ctypes.PYFUNCTYPE(_p, ctypes.py_object, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))
_capsule_set_name = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object,
                                      ctypes.c_char_p)(
    ("PyCapsule_SetName", ctypes.pythonapi))
# The destructor sees the capsule while it dies: raw pointers only there.
_capsule_is_valid = ctypes.PYFUNCTYPE(ctypes.c_int, _p, ctypes.c_char_p)(
    ("PyCapsule_IsValid", ctypes.pythonapi))
_capsule_get_raw = ctypes.PYFUNCTYPE(_p, _p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))

_DLTENSOR = b"dltensor"
_USED_DLTENSOR = b"used_dltensor"

# (DLDataTypeCode, bits) of each numpy dtype kind fuse exchanges.
_DL_CODES = {"i": 0, "u": 1, "f": 2, "c": 5, "b": 6}
_DL_KINDS = {code: kind for kind, code in _DL_CODES.items()}
_BFLOAT16_CODE = 4


_BFLOAT16 = _types.ELEMENT_TYPES.get("bf16")


def _dl_dtype(dtype):
    if _BFLOAT16 is not None and dtype == _BFLOAT16:
        return _DLDataType(_BFLOAT16_CODE, 16, 1)
    if dtype.kind not in _DL_CODES:
        raise BufferError(f"DLPack has no element type for "
                          f"{_types.mlir_element_type(dtype)}")
    return _DLDataType(_DL_CODES[dtype.kind], dtype.itemsize * 8, 1)


def _numpy_dtype(dl_dtype):
    code, bits, lanes = dl_dtype.code, dl_dtype.bits, dl_dtype.lanes
    if lanes == 1 and code == _BFLOAT16_CODE and bits == 16 and \
            _BFLOAT16 is not None:
        return _BFLOAT16
    kind = _DL_KINDS.get(code)
    if lanes == 1 and kind == "b" and bits == 8:
        return np.dtype(np.bool_)
    if lanes == 1 and kind and kind != "b" and bits % 8 == 0:
        return np.dtype(f"{kind}{bits // 8}")
    raise TypeError(f"DLPack element type (code {code}, {bits} bits, "
                    f"{lanes} lanes) has no numpy dtype fuse exchanges")


class _Device:
    """The GPU fuse runs on: its CUDA ordinal, found on first use."""
    ordinal = None
    exiting = False

    @classmethod
    def get(cls):
        if cls.ordinal is None:
            from ._capi import Context
            context = Context.get()
            ordinal = ctypes.c_int()
            if not _lib.fuseDeviceInitialize(context.handle,
                                             ctypes.byref(ordinal)):
                context.fail("cannot use the GPU")
            cls.ordinal = ordinal.value
        return cls.ordinal


@atexit.register
def _stop_freeing():
    # Arrays still alive at exit are not freed one by one: the driver may
    # be shutting down, and the process gives the memory back.
    _Device.exiting = True


class DeviceArray:
    """A row-major array in the memory of the GPU fuse runs on: the result
    of a function compiled with ``target="cuda"`` and called on device
    arrays, or of ``device_put``. Pass it back to such a function, or to
    ``jax.dlpack.from_dlpack`` and ``torch.from_dlpack``, without a copy;
    ``numpy()`` (or ``np.asarray``) copies it to the host. Its memory goes
    back to fuse's cache when the last user of it (DLPack consumers
    included) lets go."""

    __slots__ = ("shape", "dtype", "pointer", "__weakref__")

    def __init__(self, pointer, shape, dtype):
        self.pointer = pointer
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)

    # Bound at definition: while the interpreter exits, module globals may
    # already be gone.
    def __del__(self, _free=_lib.fuseDeviceFree, _device=_Device):
        if self.pointer and not _device.exiting:
            _free(self.pointer)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return math.prod(self.shape)

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    def numpy(self):
        """A copy of the array in host memory."""
        return _host_copy(self)

    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("a DeviceArray is in GPU memory: numpy needs a "
                             "copy of it")
        array = self.numpy()
        return array if dtype is None else array.astype(dtype, copy=False)

    def __dlpack_device__(self):
        return KDL_CUDA, _Device.get()

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None,
                   copy=None):
        """A DLPack capsule of the array, without a copy. The array is
        complete when fuse hands it out, so `stream` needs no wait."""
        if dl_device is not None and tuple(dl_device) != \
                self.__dlpack_device__():
            raise BufferError(f"a DeviceArray is on CUDA device "
                              f"{_Device.get()}; DLPack asked for "
                              f"{tuple(dl_device)}")
        if copy:
            raise BufferError("DLPack asked for a copy of a DeviceArray; "
                              "fuse shares it without one")
        return _export(self)

    def __repr__(self):
        return (f"DeviceArray({_types.mlir_element_type(self.dtype)}"
                f"{list(self.shape)}, cuda:{_Device.get()})")


def device_put(array, dtype=None):
    """A DeviceArray holding a copy of `array` (anything numpy converts)."""
    # (np.ascontiguousarray would make a rank-0 array rank 1.)
    array = np.asarray(array, dtype, order="C")
    result = empty(array.shape, array.dtype)
    _lib.fuseDeviceCopyToDevice(result.pointer, array.ctypes.data,
                                array.nbytes)
    return result


def empty(shape, dtype):
    """An uninitialized DeviceArray; a CompileError when the GPU has not the
    memory."""
    dtype = np.dtype(dtype)
    _Device.get()
    from ._capi import Context
    context = Context.get()
    nbytes = math.prod(shape) * dtype.itemsize
    pointer = _lib.fuseDeviceAlloc(context.handle, nbytes)
    if not pointer:
        context.fail(f"cannot allocate a {_types.mlir_element_type(dtype)}"
                     f"{list(shape)} array on the GPU")
    return DeviceArray(pointer, shape, dtype)


def take_gpu_profile():
    """With the environment variable FUSE_CUDA_PROFILE=1, where the GPU's
    time went since the last call: every kernel and cuBLASLt product that
    compiled functions ran, timed by CUDA events and summed by name, as a
    table (longest first); None without the variable."""
    return _library.take_string(_lib.fuseDeviceTakeProfile())


def is_on_device(value):
    """Whether `value` is an array in CUDA device memory: a DeviceArray, or
    any DLPack producer (a JAX or PyTorch array) on a CUDA device."""
    if type(value) is DeviceArray:
        return True
    if type(value) is np.ndarray:
        return False
    device = getattr(value, "__dlpack_device__", None)
    if device is None:
        return False
    try:
        return int(device()[0]) == KDL_CUDA
    except (BufferError, TypeError, RuntimeError):
        return False


def to_host(value):
    """`value` itself, unless it is an array in GPU memory: then a numpy
    copy of it."""
    if type(value) is DeviceArray:
        return value.numpy()
    if not is_on_device(value):
        return value
    borrowed = Borrowed(value)
    try:
        return _host_copy(borrowed)
    finally:
        borrowed.release()


def _host_copy(device):
    """A numpy copy of device memory with `pointer`, `shape` and `dtype`."""
    array = np.empty(device.shape, device.dtype)
    _lib.fuseDeviceCopyToHost(array.ctypes.data, device.pointer, array.nbytes)
    return array


def shape_and_dtype(value):
    """(shape, numpy dtype) of a device array without touching its data:
    JAX arrays have numpy dtypes, PyTorch's name theirs "torch.float32"."""
    dtype = value.dtype
    if not isinstance(dtype, np.dtype):
        name = str(dtype).removeprefix("torch.")
        dtype = _types.ELEMENT_TYPES["bf16"] if name == "bfloat16" \
            else np.dtype(name)
    return tuple(value.shape), dtype


# A capsule's tensor belongs to its consumer once consumed (renamed); one
# that dies unconsumed deletes it. The tensor itself, and the memory it
# keeps allocated, are the C API's (fuseDeviceExportDLPack): its deleter
# may run while the interpreter exits.
@_CAPSULE_DESTRUCTOR
def _destroy_capsule(capsule):
    if _capsule_is_valid(capsule, _DLTENSOR):
        address = _capsule_get_raw(capsule, _DLTENSOR)
        managed = _DLManagedTensor.from_address(address)
        managed.deleter(ctypes.cast(address,
                                    ctypes.POINTER(_DLManagedTensor)))


def _export(array):
    dl_dtype = _dl_dtype(array.dtype)
    shape = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
    _Device.get()
    managed = _lib.fuseDeviceExportDLPack(array.pointer, array.ndim, shape,
                                          dl_dtype.code, dl_dtype.bits)
    return _capsule_new(managed, _DLTENSOR, _destroy_capsule)


class Borrowed:
    """The device memory of another library's array, read in place during
    one call: `pointer`, `shape` and `dtype`, then `release()`."""

    __slots__ = ("pointer", "shape", "dtype", "_managed")

    def __init__(self, value):
        capsule = value.__dlpack__(stream=_LEGACY_DEFAULT_STREAM)
        address = _capsule_get(capsule, _DLTENSOR)
        managed = _DLManagedTensor.from_address(address)
        _capsule_set_name(capsule, _USED_DLTENSOR)
        self._managed = managed
        tensor = managed.dl_tensor
        try:
            if tensor.device.device_type != KDL_CUDA or \
                    tensor.device.device_id != _Device.get():
                raise TypeError(
                    f"an array on DLPack device ({tensor.device.device_type}"
                    f", {tensor.device.device_id}); fuse runs on CUDA device "
                    f"{_Device.get()}")
            self.shape = tuple(tensor.shape[i] for i in range(tensor.ndim))
            self.dtype = _numpy_dtype(tensor.dtype)
            if tensor.strides:
                expected = 1
                for dim in reversed(range(tensor.ndim)):
                    if self.shape[dim] > 1 and \
                            tensor.strides[dim] != expected:
                        raise TypeError(
                            "a device array that is not row-major (strides "
                            f"{tensor.strides[:tensor.ndim]}"
                            f" for shape {list(self.shape)}): fuse reads "
                            "device arrays in place, make it contiguous first")
                    expected *= self.shape[dim]
            self.pointer = (tensor.data or 0) + tensor.byte_offset
        except Exception:
            self.release()
            raise

    def release(self):
        managed, self._managed = self._managed, None
        if managed is not None and managed.deleter:
            managed.deleter(ctypes.pointer(managed))
