/*
 * confusables.h - the tables of confusables.c (Unicode's confusables, UTS #39), written by
 * scripts/confusables_table.py, whose head gives their encoding; skeleton.c reads them.
 * Internal to the server.
 */
#ifndef QUIVER_SERVER_BASE_CONFUSABLES_H
#define QUIVER_SERVER_BASE_CONFUSABLES_H

extern const char qv__confusables_runs[];
extern const char qv__confusables_decomps[];
extern const char qv__confusables_seqs[];
extern const char qv__confusables_marks[];

#endif
