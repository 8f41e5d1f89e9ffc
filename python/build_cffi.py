"""Builds quiver's Python package: the cffi extension quiver._quiver (API mode: compiled
against include/quiver/spiel.h and linked with libquiver.so) and the C extension
quiver._state (the State's hot methods, _state.c), beside a copy of the package's modules.

Run by the build (CMake's target `python`, `make python`):

    python3 python/build_cffi.py SOURCE_DIR LIBRARY_DIR OUT_DIR

OUT_DIR/quiver is then importable with PYTHONPATH=OUT_DIR. The extensions find libquiver.so
by a path relative to themselves only, never an absolute one: LIBRARY_DIR as seen from
OUT_DIR/quiver (the build tree), or three folders up, where `cmake --install` puts the package
(<prefix>/<libdir>/python3/dist-packages/quiver beside <prefix>/<libdir>/libquiver.so), so an
installed package never loads the build tree's library. setup.py (pip install ./python) uses
make_ffi and state_extension with an installed libquiver instead.
"""
import os
import shutil
import sys

import cffi

# The declarations of include/quiver/spiel.h the package calls. API mode compiles them against
# the header itself, so a declaration that drifts from it fails the build.
CDEF = """
typedef int qv_status;
typedef struct qv_err { char msg[512]; } qv_err;
typedef struct qv_spiel_game qv_spiel_game;
typedef struct qv_spiel_state qv_spiel_state;
typedef struct qv_spiel_agent qv_spiel_agent;
#define QV_SPIEL_API_VERSION ...
#define QV_SPIEL_MAX_HEADS ...
int qv_spiel_api_version(void);
const char *qv_spiel_game_name_at(int i);
qv_status qv_spiel_game_new(qv_spiel_game **out, const char *name, const char *params,
                            qv_err *err);
void qv_spiel_game_free(qv_spiel_game *g);
const char *qv_spiel_game_name(const qv_spiel_game *g);
const char *qv_spiel_game_title(const qv_spiel_game *g);
void qv_spiel_players_range(const qv_spiel_game *g, int *lo, int *hi);
const char *qv_spiel_game_params(const qv_spiel_game *g);
const char *qv_spiel_game_parameters(const qv_spiel_game *g);
int qv_spiel_parameter_kind(const qv_spiel_game *g, const char *key);
int qv_spiel_num_players(const qv_spiel_game *g);
int qv_spiel_num_distinct_actions(const qv_spiel_game *g);
int qv_spiel_max_chance_outcomes(const qv_spiel_game *g);
int qv_spiel_max_legal_actions(const qv_spiel_game *g);
int qv_spiel_max_game_length(const qv_spiel_game *g);
int qv_spiel_max_chance_nodes(const qv_spiel_game *g);
bool qv_spiel_chance_sampled(const qv_spiel_game *g);
bool qv_spiel_deterministic(const qv_spiel_game *g);
bool qv_spiel_perfect_information(const qv_spiel_game *g);
void qv_spiel_tensor_layout(const qv_spiel_game *g, int *c, int *h, int *w, int *nscalars);
int qv_spiel_observation_tensor_size(const qv_spiel_game *g);
int qv_spiel_information_state_tensor_size(const qv_spiel_game *g);
int qv_spiel_tensor_slot_name(const qv_spiel_game *g, int slot, char *buf, size_t len);
int qv_spiel_game_action_to_string(const qv_spiel_game *g, int32_t id, char *buf, size_t len,
                                   qv_err *err);
int qv_spiel_action_heads(const qv_spiel_game *g);
const char *qv_spiel_action_head_name(const qv_spiel_game *g, int head);
int qv_spiel_action_head_size(const qv_spiel_game *g, int head);
qv_status qv_spiel_action_factor(const qv_spiel_game *g, int32_t id, int32_t *heads,
                                 qv_err *err);
qv_status qv_spiel_action_unfactor(const qv_spiel_game *g, const int32_t *heads, int32_t *id,
                                   qv_err *err);
qv_status qv_spiel_new_initial_state(const qv_spiel_game *g, qv_spiel_state **out,
                                     qv_err *err);
qv_spiel_state *qv_spiel_clone(const qv_spiel_state *st);
void qv_spiel_state_free(qv_spiel_state *st);
int qv_spiel_current_player(const qv_spiel_state *st);
int qv_spiel_move_number(const qv_spiel_state *st);
bool qv_spiel_truncated(const qv_spiel_state *st);
int qv_spiel_history(const qv_spiel_state *st, int32_t *ids, int8_t *players, int cap);
int qv_spiel_legal_actions(const qv_spiel_state *st, int32_t *out, int cap, qv_err *err);
int qv_spiel_chance_outcomes(const qv_spiel_state *st, int32_t *ids, double *probs, int cap);
qv_status qv_spiel_apply(qv_spiel_state *st, int32_t id, qv_err *err);
int32_t qv_spiel_apply_chance(qv_spiel_state *st, double u, qv_err *err);
qv_status qv_spiel_undo(qv_spiel_state *st, int player, int32_t id, qv_err *err);
void qv_spiel_returns(const qv_spiel_state *st, double *out);
int qv_spiel_action_to_string(const qv_spiel_state *st, int32_t id, char *buf, size_t len,
                              qv_err *err);
qv_status qv_spiel_string_to_action(const qv_spiel_state *st, const char *text, int32_t *out,
                                    qv_err *err);
char *qv_spiel_state_string(const qv_spiel_state *st);
char *qv_spiel_information_state_string(const qv_spiel_state *st, int player);
char *qv_spiel_observation_string(const qv_spiel_state *st, int player);
void qv_spiel_free(void *p);
qv_status qv_spiel_information_state_tensor(const qv_spiel_state *st, int player, float *out,
                                            qv_err *err);
qv_status qv_spiel_observation_tensor(const qv_spiel_state *st, int player, float *out,
                                      qv_err *err);
char *qv_spiel_serialize(const qv_spiel_state *st, size_t *len);
qv_status qv_spiel_deserialize(const qv_spiel_game *g, const char *data, size_t len,
                               qv_spiel_state **out, qv_err *err);
qv_status qv_spiel_resample(const qv_spiel_state *st, int player, uint64_t seed,
                            qv_spiel_state **out, qv_err *err);
qv_status qv_spiel_agent_new(const qv_spiel_game *g, const char *spec, uint64_t seed,
                             qv_spiel_agent **out, qv_err *err);
qv_status qv_spiel_agent_step(qv_spiel_agent *a, const qv_spiel_state *st, int32_t *out,
                              qv_err *err);
void qv_spiel_agent_free(qv_spiel_agent *a);
"""


def make_ffi(include_dir, library_dir, rpaths):
    """The FFI of quiver._quiver, compiled against include_dir's spiel.h, linked with
    library_dir's libquiver, finding it at run time in rpaths."""
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.set_source(
        "quiver._quiver",
        '#include "quiver/spiel.h"',
        include_dirs=[include_dir],
        library_dirs=[library_dir],
        libraries=["quiver"],
        extra_compile_args=["-O2"],
        extra_link_args=["-Wl,-rpath," + r for r in rpaths],
    )
    return ffi


def state_extension(source, include_dir, library_dir, rpaths):
    """The setuptools Extension of quiver._state (_state.c)."""
    from setuptools import Extension

    return Extension(
        "quiver._state",
        sources=[source],
        include_dirs=[include_dir],
        library_dirs=[library_dir],
        libraries=["quiver"],
        extra_compile_args=["-O2", "-std=gnu11"],
        extra_link_args=["-Wl,-rpath," + r for r in rpaths],
    )


def build_state(ext, out, tmp):
    """Compiles ext into out (a folder holding quiver/) through setuptools' build_ext."""
    from setuptools import Distribution

    dist = Distribution({"ext_modules": [ext]})
    dist.verbose = 0
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = out
    cmd.build_temp = tmp
    cmd.inplace = False
    cmd.ensure_finalized()
    cmd.run()


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: build_cffi.py SOURCE_DIR LIBRARY_DIR OUT_DIR")
    src, libdir, out = (os.path.abspath(a) for a in argv[1:])
    pkg = os.path.join(out, "quiver")
    os.makedirs(pkg, exist_ok=True)
    rpaths = ["$ORIGIN/" + os.path.relpath(libdir, pkg), "$ORIGIN/../../.."]
    include = os.path.join(src, "include")
    for name in os.listdir(os.path.join(src, "python", "quiver")):
        if name.endswith(".py"):
            shutil.copyfile(os.path.join(src, "python", "quiver", name), os.path.join(pkg, name))
    # the variant files of the small games (quiver.small)
    shutil.copytree(os.path.join(src, "python", "quiver", "variants"),
                    os.path.join(pkg, "variants"), dirs_exist_ok=True)
    tmp = os.path.join(out, "cffi-build")
    ffi = make_ffi(include, libdir, rpaths)
    ffi.compile(tmpdir=tmp, target=None, verbose=False)
    for f in os.listdir(os.path.join(tmp, "quiver")):
        if f.endswith(".so"):
            shutil.copyfile(os.path.join(tmp, "quiver", f), os.path.join(pkg, f))
    ext = state_extension(os.path.join(src, "python", "quiver", "_state.c"), include, libdir,
                          rpaths)
    build_state(ext, out, os.path.join(out, "ext-build"))


if __name__ == "__main__":
    main(sys.argv)
