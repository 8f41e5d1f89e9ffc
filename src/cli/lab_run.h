/*
 * lab_run.h (cli) - a `quiver lab` run (lab_run.c): playing into a journal that survives an
 * interruption, the progress, the report from the games' file; for lab.c (a study, a sweep,
 * --until-settled, --resume) and lab_merge.c (shards merged into one study's file).
 */
#ifndef QUIVER_CLI_LAB_RUN_H
#define QUIVER_CLI_LAB_RUN_H

#include "lab/lab.h"
#include "lab/sweep.h"

/* The name of a study's games in its folder: the journal while it plays, then the games in
 * index order (a file `quiver lab merge` takes as one shard). */
#define CLI_LAB_GAMES "games.lab"

/* What one run of `quiver lab` plays: a study's plan, or a sweep (then plan is NULL). */
typedef struct cli_lab_task {
	const qv_lab_plan *plan;
	const qv_lab_sweep *sweep;
	int total; /* games of the whole study or sweep */
} cli_lab_task;

/* How a run plays and shows its progress. */
typedef struct cli_lab_play {
	int threads;
	/* A progress line every this many seconds when stderr is no terminal (0: none there); on
	 * a terminal a bar, unless it is 0. */
	long progress_every;
} cli_lab_play;

/* The header line of the file of games [lo, hi) of the task (malloc'd; NULL when memory runs
 * out). */
char *cli_lab_header(const cli_lab_task *t, int lo, int hi);

/* Plays the games [lo, hi) of the task into the journal at `journal` (resumed when resume,
 * its games kept and the rest played), then sorts it into `done` (which may be the same
 * path). A Ctrl-C (SIGINT) or SIGTERM stops it after the games being played: the journal is
 * kept, a message says how to go on, and the status is 128 + the signal. Else the exit status
 * of the failure, CLI_EXIT_OK when every game is in `done`. */
int cli_lab_play_journal(const cli_lab_task *t, const cli_lab_play *how, int lo, int hi,
                         const char *journal, const char *done, bool resume);

/* A Ctrl-C (SIGINT) or SIGTERM caught from here to the matching cli_lab_release_stops (they
 * nest; the outermost one forgets an earlier signal): a study of several rounds catches them
 * across all its rounds, so that one that comes between two rounds stops it before the next
 * (cli_lab_play_journal then plays no game and says how to go on) rather than being missed or
 * killing the process. */
void cli_lab_catch_stops(void);
void cli_lab_release_stops(void);

/* The report of a study (or a sweep) from the file of all its games, written into dir, and
 * (unless quiet) its summary on stdout. */
int cli_lab_report(const cli_lab_task *t, const char *file, const char *dir, bool quiet);

/* After the games of every round so far of an adaptive study (cfg, its plan `plan`, all its
 * games in `file`): the report of those games computed, its races said on stdout, and the next
 * round decided (qv_lab_next_round). With one, it is added to cfg, `file` takes the header of
 * the study with it (its games kept: they are that study's first games) and *more is set;
 * without, the report is written into dir. */
int cli_lab_adaptive_step(qv_lab_config *cfg, const qv_lab_plan *plan, const char *file,
                          const char *dir, bool *more);

/* A study's report is not written over another's by accident: a folder that holds
 * report.json, games.csv, report.html or the games of a study is refused, naming them,
 * unless force. */
int cli_lab_refuse_other(const char *dir, bool force);

#endif
