/*
 * fault.h - a test allocator that refuses the n-th allocation, and the loop that runs a
 * scenario once for every n until a run completes without a refusal (SQLite's fault
 * simulation, `do_faultsim_test`, is the model).
 *
 * The fault test executables are linked with `-Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc,--wrap=strdup`, so every allocation the static libraries (quivercore,
 * quiverserver) make goes through the counting wrappers of fault.c; jansson's go through
 * json_set_alloc_funcs and SQLite's through SQLITE_CONFIG_MALLOC. Nothing in the libraries
 * knows about it, and the real allocator underneath stays the one the build has (ASan's in
 * the sanitizer build, which then finds what a refusal leaks).
 *
 * A scenario is a function that makes its objects (counted, like everything else) and calls
 * fault_step for each call under test. A step runs the call; when the refused allocation fell
 * in it and the call failed otherwise than the same step of the reference run (below), the
 * failure must be an out-of-memory status and the scenario's fingerprint (its print
 * function: everything a caller can see of the state) must be exactly what it was before the
 * call; the call is then made again, with nothing refused, and the scenario goes on. Whether
 * or not a refusal fell in it, each step's final status, output and fingerprint must be those
 * of the first run, in which nothing is refused: a call that survives a refusal must not
 * survive it with a different answer.
 */
#ifndef QUIVER_TEST_FAULT_H
#define QUIVER_TEST_FAULT_H

#include <stdbool.h>

#include "quiver/core.h"

/* Which allocator the refused allocation came from. */
typedef enum { FAULT_NONE, FAULT_LIBC, FAULT_JSON, FAULT_SQLITE } fault_where;

/* Installs the jansson and SQLite hooks; call first thing in main. */
void fault_init(void);

/* Stops counting (nested): for a fingerprint or a check that is not under test. */
void fault_pause(void);
void fault_resume(void);

/* A call under test: fills out (its answer as text, may stay empty) and returns its status. */
typedef qv_status (*fault_call)(void *ctx, qv_buf *out, qv_err *err);
/* Everything a caller can see of the scenario's state, as text. */
typedef void (*fault_print)(void *ctx, qv_buf *out);

/* One step of a scenario (see above); `what` names it in failure messages. */
void fault_step(const char *what, fault_call call, fault_print print, void *ctx);

/* Runs scenario() for n = 0 (nothing refused, the reference), 1, 2, ... until a run makes
 * fewer than n allocations, at most max_runs runs and max_seconds seconds of processor time
 * (the process's: a loaded machine slows the runs, not the bound). Returns 0, or 1
 * after printing every difference found (or that a bound was reached first). The environment
 * may narrow it: FAULT_LOOP (one loop by name), FAULT_N (one run), FAULT_FROM (from run n on),
 * FAULT_STRIDE=k and FAULT_START=s (runs s, s + k, ... and the last; several starts separated
 * by commas: `make test` refuses three allocations in four in its release run and the
 * fourth under the sanitizers, whose runs are slower),
 * FAULT_STEPS (each step of the reference run, its allocations and its answer). */
int fault_loop(const char *name, void (*scenario)(void), long max_runs, double max_seconds);

#endif
