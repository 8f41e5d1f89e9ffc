"""QuiverError and the helpers that turn the C API's statuses and strings into Python."""
from ._quiver import ffi, lib


class QuiverError(ValueError):
    """Input quiver refuses: an unknown game, a bad parameter, an illegal action, a corrupted
    serialized state. The message says what is wrong and what is expected."""


def check(rc, err):
    if rc < 0:
        raise QuiverError(ffi.string(err.msg).decode("utf-8", "replace"))
    return rc


def take_string(ptr, what):
    if ptr == ffi.NULL:
        raise MemoryError("quiver: no memory for " + what)
    try:
        return ffi.string(ptr).decode("utf-8")
    finally:
        lib.qv_spiel_free(ptr)
