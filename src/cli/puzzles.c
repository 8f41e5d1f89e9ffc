/*
 * puzzles.c - `quiver puzzles`: the puzzles of saved games exported as JSON lines, one puzzle a
 * line (puzzle.h): each record reviewed (as `quiver review` reviews it), its blunders looked at,
 * and each decision with one answer written; or, with --db, the puzzles a server made and keeps
 * in its database, with their ratings. What each record gave is said on stderr.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "quiver/puzzle.h"
#include "server/store/store.h"

static const cli_opt puzzles_opts[] = {
    {"iterations", "N"}, {"reply-iterations", "N"},
    {"samples", "K"},    {"threads", "T"},
    {"seed", "S"},       {"db", "DB"},
    {"help", NULL},      {NULL, NULL},
};

static void puzzles_help(void)
{
	printf(
	    "usage: quiver puzzles RECORD... [--iterations N] [--reply-iterations N] [--samples K]\n"
	    "                                [--threads T] [--seed S]\n"
	    "       quiver puzzles --db DB\n\n"
	    "Exports puzzles as JSON lines, one puzzle a line. From records: each game is\n"
	    "reviewed as `quiver review` reviews it, every move that lost 15 points or more is\n"
	    "looked at again with every other legal move valued the same way, and where one move\n"
	    "beats all the others by 15 points it is a puzzle: the position as its player saw it\n"
	    "(nothing hidden from them), the answer, what it does and the line after it, themes.\n"
	    "With --db: the puzzles a server made from its reviewed games, with their ratings.\n\n"
	    "  --iterations N        the review's search for the best move (default %d)\n"
	    "  --reply-iterations N  each search that values a move (default %d)\n"
	    "  --samples K           guesses of the hidden part each move is valued on\n"
	    "                        (default %d)\n"
	    "  --threads T           threads of each search (default 1)\n"
	    "  --seed S              seed of the guesses, draws and searches (default 1)\n"
	    "  --db DB               a server's database (an SQLite file or a PostgreSQL\n"
	    "                        connection string)\n"
	    "  -h, --help            this help\n\n"
	    "example: quiver puzzles records/*.json > puzzles.jsonl\n",
	    QV_REVIEW_ITERATIONS, QV_REVIEW_REPLY_ITERATIONS, QV_REVIEW_SAMPLES);
}

/* The puzzles of one record as JSON lines; what it gave on stderr. CLI_EXIT_OK or a failure. */
static int from_record(const char *path, const qv_review_config *cfg)
{
	qv_match *m;
	qv_review *r;
	qv_err err;
	if (qv_match_load_file(&m, path, &err) || qv_review_new(&r, m, cfg, &err))
		return cli_fail("puzzles", "%s", err.msg);
	int looked = 0, made = 0;
	qv_status rc = QV_OK;
	while (!rc && qv_review_done(r) < qv_review_total(r))
		rc = qv_review_step(r, &err);
	for (int i = 0; !rc && i < qv_review_total(r); i++) {
		qv_puzzle_verdict v;
		qv_puzzle *p = NULL;
		rc = qv_puzzle_find(r, i, &v, &p, &err);
		looked += !rc && v != QV_PUZZLE_NOT_LOST;
		json_t *j = p ? qv_puzzle_json(p, r) : NULL;
		char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
		if (text) {
			printf("%s\n", text);
			made++;
		}
		free(text);
		json_decref(j);
		qv_puzzle_free(p);
	}
	if (!rc)
		fprintf(stderr, "%s: %d decisions reviewed, %d blunders looked at, %d puzzle%s\n",
		        path, qv_review_total(r), looked, made, made == 1 ? "" : "s");
	qv_review_free(r);
	return rc ? cli_fail("puzzles", "%s: %s", path, err.msg) : CLI_EXIT_OK;
}

/* One stored puzzle as a line: its JSON with its id and rating. */
static qv_status stored_row(void *ctx, int n, const char *const *v)
{
	int *count = ctx;
	json_error_t jerr;
	json_t *body = n >= 5 && v[1] ? json_loads(v[1], 0, &jerr) : NULL;
	if (!body)
		return QV_OK;
	json_object_set_new(body, "id", json_string(v[0]));
	json_object_set_new(body, "rating", json_real(v[2] ? atof(v[2]) : 1500));
	json_object_set_new(body, "plays", json_integer(v[3] ? atoll(v[3]) : 0));
	json_object_set_new(body, "solved", json_integer(v[4] ? atoll(v[4]) : 0));
	json_object_del(body, "catalogue");
	char *text = json_dumps(body, JSON_COMPACT);
	if (text)
		printf("%s\n", text);
	free(text);
	json_decref(body);
	(*count)++;
	return QV_OK;
}

/* The puzzles a server keeps in db. */
static int from_db(const char *db)
{
	qv__store *s;
	qv_err err;
	if (qv__store_open(&s, db, &err))
		return cli_fail("puzzles", "cannot open the database %s: %s", db, err.msg);
	int count = 0;
	qv_status rc =
	    qv__store_rows(s,
	                   "SELECT id, body, rating, plays, solved FROM puzzles ORDER BY "
	                   "created, id",
	                   stored_row, &count, &err);
	qv__store_close(s);
	if (rc)
		return cli_fail("puzzles", "%s", err.msg);
	fprintf(stderr, "%d puzzle%s\n", count, count == 1 ? "" : "s");
	return CLI_EXIT_OK;
}

int cli_puzzles(int argc, char **argv)
{
	qv_review_config cfg = {.seed = 1};
	const char *db = NULL, *v;
	int o, rc;
	cli_parser p;
	cli_parser_init(&p, "puzzles", argc, argv);
	const char **paths = calloc((size_t)argc + 1, sizeof *paths);
	int n = 0;
	if (!paths)
		return cli_fail("puzzles", "out of memory");
	while ((o = cli_next(&p, puzzles_opts, &v)) != CLI_OPT_END) {
		if (o == CLI_OPT_POSITIONAL) {
			paths[n++] = v;
		} else if (o == 5) {
			db = v;
		} else if (o == 6) {
			puzzles_help();
			free(paths);
			return CLI_EXIT_OK;
		} else if ((rc = cli_review_option("puzzles", o, v, &cfg)) != CLI_EXIT_OK) {
			free(paths);
			return rc;
		}
	}
	rc = db && n     ? cli_usage("puzzles", "give records or --db, not both")
	     : !db && !n ? cli_usage("puzzles", "expected quiver puzzles RECORD... or --db DB")
	     : db        ? from_db(db)
	                 : CLI_EXIT_OK;
	for (int i = 0; !db && i < n && rc == CLI_EXIT_OK; i++)
		rc = from_record(paths[i], &cfg);
	free(paths);
	return rc;
}
