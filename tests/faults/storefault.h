/*
 * storefault.h - the store's database refusing a write, on purpose: SQLite busy or its disk
 * full, PostgreSQL's connection lost before the COMMIT or during it (the COMMIT done, its
 * answer lost). For the fault tests of the server (tests/faults/fault_store.c in the process,
 * serve_faults.c against `quiver_faults serve`).
 *
 * Executables linked with storefault.c and `-Wl,--wrap=sqlite3_step,--wrap=PQexec,
 * --wrap=PQexecPrepared` have every such call of the static libraries go through the wrappers
 * here (SQLite's and libpq's own calls inside their libraries do not); nothing in the server
 * knows of it. A fault is armed for the next `count` commits: a COMMIT, or a statement that
 * commits by itself (SQLite: a write outside a transaction; PostgreSQL: any statement outside
 * one), in the process (storefault_arm) or, for a server started as a separate process,
 * through a file named by the environment variable QV_STORE_FAULTS: a line "KIND COUNT"
 * written into it is read and the file emptied at the next COMMIT.
 */
#ifndef QUIVER_TESTS_STOREFAULT_H
#define QUIVER_TESTS_STOREFAULT_H

typedef enum storefault_kind {
	STOREFAULT_NONE,
	STOREFAULT_BUSY,        /* SQLite: the COMMIT answers SQLITE_BUSY (another writer) */
	STOREFAULT_FULL,        /* SQLite: the COMMIT answers SQLITE_FULL (the disk is full) */
	STOREFAULT_LOST_BEFORE, /* PostgreSQL: the connection is cut just before the COMMIT */
	STOREFAULT_LOST_DURING  /* PostgreSQL: the COMMIT is made, then the connection is cut */
} storefault_kind;

/* Arms kind for the next count COMMITs (0: disarms). */
void storefault_arm(storefault_kind kind, int count);
/* Arms kind for count COMMITs after the next `skip`, which are made (an AI step's search is
 * recorded as begun before its move is saved). */
void storefault_arm_after(storefault_kind kind, int skip, int count);
/* How many armed COMMITs have been refused since the process started. */
int storefault_refused(void);
/* The kind named by text ("busy", "full", "lost-before", "lost-during"), or STOREFAULT_NONE. */
storefault_kind storefault_named(const char *text);

#endif
