/*
 * cli.h - what the subcommands of the `quiver` command share: the command table, exit codes,
 * option parsing, messages, seeds and clocks, and the text helpers that turn matches into
 * lines for people (announcements that respect hidden information, results, columns).
 *
 * Conventions: usage errors (bad options or values) print one message naming the accepted form
 * and return CLI_EXIT_USAGE; runtime errors (unreadable file, failed save) print one message
 * and return CLI_EXIT_RUNTIME. Messages go to stderr, results to stdout.
 */
#ifndef QUIVER_CLI_H
#define QUIVER_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "quiver/agent.h"
#include "quiver/game.h"
#include "quiver/match.h"
#include "quiver/review.h"

enum { CLI_EXIT_OK = 0, CLI_EXIT_RUNTIME = 1, CLI_EXIT_USAGE = 2 };

/* The agent `quiver play` seats against a human when neither --level nor --players is given:
 * the gentlest level, as the lobby's first game against the computer and `make run` (a
 * newcomer who typed `quiver play GAME` met `hard`); docs/ai.md has the ladder. */
#define CLI_DEFAULT_AGENT "beginner"

/* ---- subcommands (one file each) ---- */

typedef struct cli_command {
	const char *name;
	const char *synopsis;              /* the arguments, for the overview */
	const char *summary;               /* one line */
	int (*run)(int argc, char **argv); /* argv[0] is the subcommand's name */
} cli_command;

int cli_play(int argc, char **argv);
/* Prints the levels' Elo in every game, a row per game (ladder_help.c; play --help). */
void cli_ladder_help(void);
int cli_engine(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_perft(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_rules(int argc, char **argv);
int cli_arena(int argc, char **argv);
int cli_learn(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_db(int argc, char **argv);
int cli_admin(int argc, char **argv);
int cli_variant(int argc, char **argv);
int cli_lab(int argc, char **argv);
int cli_review(int argc, char **argv);
int cli_puzzles(int argc, char **argv);

/* One of the review's budget options of `quiver review` and `quiver puzzles` (o: 0 iterations,
 * 1 reply-iterations, 2 samples, 3 threads, 4 seed; their places in both options' tables) into
 * cfg: CLI_EXIT_OK, or the usage error's code after saying it. */
int cli_review_option(const char *cmd, int o, const char *v, qv_review_config *cfg);

/* --variant FILE of a command for game g: loads the file (path NULL: nothing to do) and names
 * the variant in params. CLI_EXIT_OK, or the exit code after printing the problem. */
int cli_variant_param(const char *cmd, const qv_game *g, const char *path, qv_params *params);

/* ---- the command line ---- */

/* Remembers the whole command line (for reports such as `bench`). Called once by main. */
void cli_init(int argc, char **argv);
/* The whole command line as main received it, ending with NULL: for running quiver again. */
char **cli_argv(void);
/* Creates the folder dir that option opt of command cmd names (--out DIR) if it is not
 * there, and checks that files can be made in it: CLI_EXIT_OK, or the exit code after a
 * message naming the folder, the reason and the expected form. A path over 3900 bytes is
 * refused, so that the files' names fit after it. */
int cli_prepare_dir(const char *cmd, const char *opt, const char *dir);

/* The command line as typed, each argument shell-quoted when needed. */
void cli_command_line(qv_buf *out);
/* The program as the user ran it ("quiver", "build/quiver", "./quiver"), shell-quoted when
 * needed, for a hint naming a command to type next. */
void cli_program(qv_buf *out);

/* ---- options ---- */

/* One option of a subcommand: `--name` (a flag when metavar is NULL) or `--name VALUE`
 * (also written --name=VALUE). */
typedef struct cli_opt {
	const char *name;    /* without the dashes */
	const char *metavar; /* e.g. "S"; NULL for a flag */
} cli_opt;

typedef struct cli_parser {
	const char *cmd; /* subcommand name, for messages */
	int argc;
	char **argv;
	int i;
	bool rest_positional; /* after "--" */
} cli_parser;

enum { CLI_OPT_END = -1, CLI_OPT_POSITIONAL = -2, CLI_OPT_BAD = -3 };

/* Starts parsing argv[1..argc) of subcommand cmd. */
void cli_parser_init(cli_parser *p, const char *cmd, int argc, char **argv);
/* The next item: the index of an option of opts (NULL-name terminated) with *value set to its
 * value (NULL for a flag), CLI_OPT_POSITIONAL with *value the argument, CLI_OPT_END, or
 * CLI_OPT_BAD after printing a usage message (unknown option, missing or unexpected value).
 * `-h` is accepted for an option named "help". */
int cli_next(cli_parser *p, const cli_opt *opts, const char **value);

/* Prints "quiver CMD: message" and a pointer to --help to stderr; returns CLI_EXIT_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "quiver CMD: message" to stderr; returns CLI_EXIT_RUNTIME. */
int cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Finds a game by name; prints a usage error listing the games and returns NULL if unknown. */
const qv_game *cli_game(const char *cmd, const char *name);
/* Adds a --param key=value; prints a usage error and returns false when malformed. */
bool cli_param(const char *cmd, qv_params *params, const char *item);
/* Parses an option's value as an unsigned 64-bit seed; prints a usage error naming the
 * option on junk. */
bool cli_seed(const char *cmd, const char *opt, const char *text, uint64_t *out);
/* Parses an option's value as an integer in [lo, hi], or prints a usage error. */
bool cli_long(const char *cmd, const char *opt, const char *text, long lo, long hi, long *out);
/* Parses an option's value as a number in [lo, hi], or prints a usage error. */
bool cli_double(const char *cmd, const char *opt, const char *text, double lo, double hi,
                double *out);

/* 64 random bits from the operating system (getrandom), for runs that give no seed: a seed
 * decides a game's deal, shuffles and dice, so it must not be guessable. */
uint64_t cli_random_seed(void);

/* ---- lines typed at a prompt (play, learn) ---- */

/* Reads one line from stdin into *line (grown as getline grows it, *cap its room; the caller
 * frees *line) without its line ending, after flushing stdout so that the prompt shows. With
 * echo the line is printed back, so that a session fed from a file or a pipe reads as typed.
 * False at the end of input, or when *quit (may be NULL) is set before or while it waits
 * (Ctrl-C asked to stop). */
bool cli_read_line(char **line, size_t *cap, bool echo, const volatile sig_atomic_t *quit);

/* s without its leading and trailing blanks (cut in place). */
char *cli_trim(char *s);

/* ---- text about games and matches ---- */

/* "players=2, size=6, variant=base" for a game of g; a variant other than the built-in set
 * by its name and the start of its hash: variant="weak striker" (549d834d6821). */
void cli_format_params(const qv_game *g, const qv_params *params, qv_buf *out);

/* Groups a list of action notations for display: actions that differ only in optional
 * trailing words become "place A b1 N [covered] [shielded]" (every combination is legal), and
 * items that differ only in one last word become "place A b1 N/E/S/W". Nothing is lost: each
 * item stands for exactly the actions it spells. Returns the number of items and sets *out
 * (free with cli_free_items), or -1 when out of memory. */
int cli_compact_actions(char *const *texts, int n, char ***out);
void cli_free_items(char **items, int n);

/* Prints items in columns fitting `width` characters, each row indented by two spaces. */
void cli_print_columns(FILE *f, char *const *items, int n, int width);

/* Prints the ranking of a finished match: rank, player, seat name, score, best first.
 * seats[i] names seat i ("human", an agent spec, or a record's player name). */
void cli_print_result(FILE *f, const qv_match *m, const char (*seats)[QV_NAME_MAX]);

/* ---- the legal actions at a prompt (legal.c) ---- */

struct cli_term;

/* `legal ARG` at `quiver play`'s prompt for the player to move in m: ARG "" lists the legal
 * actions grouped, "all" each one, other words those that begin with them. At a terminal (t's
 * rows known) a list that would not fit above the prompt is counted by first words instead
 * ("place A (128)"), each group to be listed by typing its words after `legal`. */
void cli_legal(const qv_match *m, const struct cli_term *t, const char *arg);
/* Says why input was not played (err) and the five legal actions nearest to it. */
void cli_legal_nearest(const qv_match *m, const struct cli_term *t, const char *input,
                       const qv_err *err);
/* The first legal action's notation into buf (for an example); false when there is none. */
bool cli_legal_example(const qv_match *m, char *buf, size_t len);

/* ---- the progress bar of long runs (arena, lab) ---- */

typedef struct cli_progress {
	bool shown; /* something is on the line */
} cli_progress;

/* A progress callback (qv_arena_progress, qv_lab_progress; ctx a cli_progress): one line on
 * stderr, rewritten in place, with a bar, the games per second and the time left; a last line
 * at the end. For a terminal only: callers install it when stderr is one. */
void cli_show_progress(void *ctx, int done, int total, double elapsed);

#endif
