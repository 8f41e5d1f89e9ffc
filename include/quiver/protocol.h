/*
 * protocol.h - the engine protocol of `quiver engine`: line-based commands on stdin, replies
 * on stdout, in the manner of GTP. See docs/protocol.md for every command.
 *
 * A command is one line `[id] name args`. A reply is `=[id] text` or `?[id] message`,
 * possibly over several lines, and always ends with one empty line. Bad input never ends the
 * session: it gets a `?` reply naming the problem and the game is unchanged.
 */
#ifndef QUIVER_PROTOCOL_H
#define QUIVER_PROTOCOL_H

#include <stdio.h>

#include "core.h"

/* Longest accepted command line, in bytes (a `load` of a big state fits easily). */
#define QV_PROTOCOL_LINE_MAX (1u << 20)
/* Games the protocol keeps a chosen variant for (more than the registry holds). */
#define QV_PROTOCOL_GAMES 16

typedef struct qv_protocol qv_protocol;

qv_protocol *qv_protocol_new(uint64_t seed);
void qv_protocol_free(qv_protocol *p);

/* Handles one command line (without its newline) and appends the whole reply, final empty
 * line included, to out. Returns true when the command was `quit`. */
bool qv_protocol_handle(qv_protocol *p, const char *line, qv_buf *out);

/* Loads a variant (a file's path, or its JSON document) and makes it what `new` of its game
 * plays with when it names no variant (quiver engine --variant FILE; the command `variant`).
 * Appends "GAME SHA256 NAME" to out. */
qv_status qv_protocol_use_variant(qv_protocol *p, const char *text, qv_buf *out, qv_err *err);

/* Runs the protocol over in/out until `quit` or end of input. Lines longer than
 * QV_PROTOCOL_LINE_MAX get a `?` reply and are skipped. Returns 0. */
int qv_protocol_run(qv_protocol *p, FILE *in, FILE *out);

#endif
