"""pip install ./python: quiver's Python package built by the installing Python (its cffi,
numpy and setuptools) against an installed libquiver (`cmake --install`), never a build tree's.

The library is found by pkg-config (`pkg-config quiver`, whose .pc file `cmake --install`
writes) or, where pkg-config does not know it, under the prefix QUIVER_PREFIX names. The two
extensions (build_cffi.py's make_ffi and state_extension) load it by its absolute path, the
installed one. Offline, with Debian's packages: pip install --no-build-isolation ./python
"""
import glob
import os
import subprocess
import sys

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build_cffi  # noqa: E402  (beside this file)


def pkg_config(variable):
    try:
        out = subprocess.run(["pkg-config", "--variable=" + variable, "quiver"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


def installed_quiver():
    """The include and library folders of the installed libquiver, or SystemExit saying what
    is missing."""
    prefix = os.environ.get("QUIVER_PREFIX")
    if prefix:
        include = os.path.join(prefix, "include")
        libs = sorted(glob.glob(os.path.join(prefix, "lib*", "**", "libquiver.so"),
                                recursive=True))
        libdir = os.path.dirname(libs[0]) if libs else None
    else:
        include, libdir = pkg_config("includedir"), pkg_config("libdir")
    if not include or not libdir or not os.path.isfile(os.path.join(include, "quiver", "spiel.h")) \
            or not os.path.isfile(os.path.join(libdir, "libquiver.so")):
        sys.exit("quiver's Python package needs an installed libquiver: run `cmake --install "
                 "build --prefix PREFIX` first, then give PREFIX in QUIVER_PREFIX (or put "
                 "PREFIX/lib/pkgconfig on PKG_CONFIG_PATH); found include=%r libdir=%r"
                 % (include, libdir))
    return include, libdir


include, libdir = installed_quiver()
ffi = build_cffi.make_ffi(include, libdir, [libdir])
setup(
    packages=["quiver"],
    package_data={"quiver": ["variants/*.json"]},
    ext_modules=[
        ffi.distutils_extension(os.path.join("build", "cffi")),
        build_cffi.state_extension(os.path.join("quiver", "_state.c"), include, libdir,
                                   [libdir]),
    ],
)
