"""Builds quiver's Python package into a folder: the cffi extension quiver._quiver (API mode:
compiled against include/quiver/spiel.h and linked with libquiver.so) beside a copy of the
package's modules. Run by the build (CMake's target `python`, `make python`):

    python3 python/build_cffi.py SOURCE_DIR LIBRARY_DIR OUT_DIR

OUT_DIR/quiver is then importable with PYTHONPATH=OUT_DIR. The extension finds libquiver.so
in LIBRARY_DIR (the build tree) or, installed, three folders above itself
(<prefix>/lib/python3/dist-packages/quiver -> <prefix>/lib).
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
int qv_spiel_api_version(void);
const char *qv_spiel_game_name_at(int i);
qv_status qv_spiel_game_new(qv_spiel_game **out, const char *name, const char *params,
                            qv_err *err);
void qv_spiel_game_free(qv_spiel_game *g);
const char *qv_spiel_game_name(const qv_spiel_game *g);
const char *qv_spiel_game_params(const qv_spiel_game *g);
int qv_spiel_num_players(const qv_spiel_game *g);
int qv_spiel_num_distinct_actions(const qv_spiel_game *g);
int qv_spiel_max_chance_outcomes(const qv_spiel_game *g);
int qv_spiel_max_legal_actions(const qv_spiel_game *g);
int qv_spiel_max_game_length(const qv_spiel_game *g);
#define QV_SPIEL_MAX_GAME_LENGTH ...
int qv_spiel_tensor_size(const qv_spiel_game *g);
qv_status qv_spiel_new_initial_state(const qv_spiel_game *g, uint64_t seed,
                                     qv_spiel_state **out, qv_err *err);
qv_spiel_state *qv_spiel_clone(const qv_spiel_state *st);
void qv_spiel_state_free(qv_spiel_state *st);
int qv_spiel_current_player(const qv_spiel_state *st);
int qv_spiel_move_number(const qv_spiel_state *st);
int qv_spiel_legal_actions(const qv_spiel_state *st, int32_t *out, int cap, qv_err *err);
int qv_spiel_chance_outcomes(const qv_spiel_state *st, int32_t *ids, double *probs, int cap);
qv_status qv_spiel_apply(qv_spiel_state *st, int32_t id, qv_err *err);
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


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: build_cffi.py SOURCE_DIR LIBRARY_DIR OUT_DIR")
    src, libdir, out = (os.path.abspath(a) for a in argv[1:])
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.set_source(
        "quiver._quiver",
        '#include "quiver/spiel.h"',
        include_dirs=[os.path.join(src, "include")],
        library_dirs=[libdir],
        libraries=["quiver"],
        extra_compile_args=["-O2"],
        extra_link_args=["-Wl,-rpath," + libdir, "-Wl,-rpath,$ORIGIN/../../.."],
    )
    pkg = os.path.join(out, "quiver")
    os.makedirs(pkg, exist_ok=True)
    for name in os.listdir(os.path.join(src, "python", "quiver")):
        if name.endswith(".py"):
            shutil.copyfile(os.path.join(src, "python", "quiver", name), os.path.join(pkg, name))
    ffi.compile(tmpdir=os.path.join(out, "cffi-build"), target=None, verbose=False)
    built = [f for f in os.listdir(os.path.join(out, "cffi-build", "quiver")) if f.endswith(".so")]
    for f in built:
        shutil.copyfile(os.path.join(out, "cffi-build", "quiver", f), os.path.join(pkg, f))


if __name__ == "__main__":
    main(sys.argv)
