"""absl.logging's functions as those of Python's logging."""
import logging as _logging

info = _logging.info
warning = _logging.warning
error = _logging.error
debug = _logging.debug


def set_verbosity(level):
    _logging.getLogger().setLevel(level)
