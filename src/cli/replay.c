/*
 * replay.c - `quiver replay`: a saved game (record or full state) shown move by move, with the
 * boards if asked, then the final board and the result. Seen as one player (--view pN), the
 * moves and boards hide what that player could not know.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/term.h"

static const cli_opt replay_opts[] = {
    {"view", "pN|all"}, {"boards", NULL}, {"no-color", NULL}, {"help", NULL}, {NULL, NULL},
};

/* The text of `quiver replay --help`. */
static void replay_help(void)
{
	printf("usage: quiver replay FILE [--view pN|all] [--boards] [--no-color]\n\n"
	       "Loads a game record (as saved by quiver play) or a full-state JSON and prints the\n"
	       "moves numbered, then the final board and the result.\n\n"
	       "  --view pN|all  see the game as player N sees it (hidden pieces stay hidden),\n"
	       "                 or everything (default: all)\n"
	       "  --boards       print the board after every move\n"
	       "  --no-color     no colours even on a terminal\n"
	       "  -h, --help     this help\n\n"
	       "example: quiver replay records/three-arrows-20250101-120000.json --view p1\n");
}

/* "p1 (human)" or "chance": who made history entry mv. */
static void who_text(const qv_match *m, const qv_move *mv, char *buf, size_t len)
{
	char p[8];
	if (mv->who < 0) {
		qv_copy(buf, len, qv_player_name(mv->who, p));
		return;
	}
	const char *seat = m->names[mv->who];
	if (seat[0])
		snprintf(buf, len, "%s (%s)", qv_player_name(mv->who, p), seat);
	else
		qv_copy(buf, len, qv_player_name(mv->who, p));
}

/* What print_moves's walk carries. */
typedef struct replay_ctx {
	qv_match *m;
	int viewer;
	unsigned flags;
	bool boards;
	qv_buf board;
} replay_ctx;

/* Prints the position st (after an entry) when boards are asked for. */
static void print_board(replay_ctx *c, const void *st)
{
	if (!c->boards)
		return;
	qv_buf_clear(&c->board);
	c->m->game->render_text(st, c->viewer, c->flags, &c->board);
	printf("%s\n", qv_buf_str(&c->board));
}

/* One line of the narrated log: a numbered move, or an indented consequence (named "chance: "
 * or after its seat when it states a chance outcome or a seat's revealed decision). */
static void replay_line(void *ctx, const qv_log_line *l)
{
	replay_ctx *c = ctx;
	char pn[8];
	if (l->consequence) {
		if (l->about == QV_RULES)
			printf("        %s\n", l->text);
		else
			printf("        %s: %s\n", qv_player_name(l->about, pn), l->text);
		return;
	}
	char who[QV_NAME_MAX + 16];
	who_text(c->m, &c->m->hist[l->entry], who, sizeof who);
	printf("%4d. %s: %s\n", l->entry + 1, who, l->text);
}

/* Entry i at the state before it: the board after the entry before (when asked), then the
 * entry's lines as the viewer may know them. */
static bool replay_entry(void *ctx, int i, const void *before)
{
	replay_ctx *c = ctx;
	if (i > 0)
		print_board(c, before);
	qv_match_log_entry(c->m, c->viewer, i, before, replay_line, c);
	return true;
}

/* Prints the narrated log as viewer may know it and, with boards, the position after every
 * move: one walk of the history, the last position being the match's own. */
static int print_moves(qv_match *m, int viewer, bool boards, unsigned flags)
{
	const qv_game *g = m->game;
	replay_ctx c = {.m = m, .viewer = viewer, .flags = flags, .boards = boards};
	if (boards) {
		g->render_text(m->base, viewer, flags, &c.board);
		printf("Start:\n%s\n", qv_buf_str(&c.board));
	}
	if (m->nhist == 0)
		printf("No moves.\n");
	qv_status rc = qv_match_walk(m, 0, replay_entry, &c);
	if (!rc && m->nhist > 0)
		print_board(&c, m->state);
	qv_buf_free(&c.board);
	return rc ? cli_fail("replay", "out of memory") : CLI_EXIT_OK;
}

/* The header: the game with its parameters and seed, the players, and whose view it is. */
static void print_header(const qv_match *m, int n, int viewer)
{
	const qv_game *g = m->game;
	qv_buf desc = {0};
	cli_format_params(m->game, &m->params, &desc);
	printf("%s (%s), %s, seed %llu\n", g->title, g->name, qv_buf_str(&desc),
	       (unsigned long long)m->seed);
	qv_buf_free(&desc);
	printf("Players:");
	for (int i = 0; i < n; i++) {
		char pn[8];
		printf(" %s %s%s", qv_player_name(i, pn), m->names[i][0] ? m->names[i] : "-",
		       i + 1 < n ? "," : "\n");
	}
	if (viewer != QV_VIEW_ALL) {
		char pn[8];
		printf("Seen by %s.\n", qv_player_name(viewer, pn));
	}
	printf("\n");
}

/* The final position as the viewer sees it, then the result or whose move it is. */
static void print_final(qv_match *m, int viewer, unsigned flags)
{
	qv_buf board = {0};
	qv_match_render(m, viewer, flags, &board);
	printf("\nFinal position:\n%s\n", qv_buf_str(&board));
	qv_buf_free(&board);
	if (qv_match_over(m)) {
		printf("Result:\n");
		cli_print_result(stdout, m, (const char(*)[QV_NAME_MAX])m->names);
	} else {
		char pn[8];
		printf("The game is not over: %s to move.\n",
		       qv_player_name(qv_match_to_move(m), pn));
	}
}

/* The options of quiver replay into *path, *view, *boards and *no_color: -1 to go on, else
 * the command's exit code (after --help, or a usage message). */
static int parse(int argc, char **argv, const char **path, const char **view, bool *boards,
                 bool *no_color)
{
	cli_parser p;
	cli_parser_init(&p, "replay", argc, argv);
	const char *v;
	int o;
	while ((o = cli_next(&p, replay_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case 0: *view = v; break;
		case 1: *boards = true; break;
		case 2: *no_color = true; break;
		case 3: replay_help(); return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (*path)
				return cli_usage(
				    "replay",
				    "unexpected argument '%s': expected quiver replay FILE", v);
			*path = v;
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	if (!*path)
		return cli_usage("replay",
		                 "expected quiver replay FILE [--view pN|all] [--boards]");
	return -1;
}

/* Parses the options, loads the file and prints the header, the moves, the final board
 * and the result. */
int cli_replay(int argc, char **argv)
{
	const char *path = NULL, *view = "all";
	bool boards = false, no_color = false;
	int rc = parse(argc, argv, &path, &view, &boards, &no_color);
	if (rc >= 0)
		return rc;
	int viewer = QV_VIEW_ALL;
	if (strcmp(view, "all") != 0) {
		viewer = qv_player_parse(view, QV_MAX_PLAYERS);
		if (viewer < 0)
			return cli_usage("replay",
			                 "bad value '%s' for --view: expected p1-p%d or all", view,
			                 QV_MAX_PLAYERS);
	}
	qv_match *m;
	qv_err err;
	if (qv_match_load_file(&m, path, &err))
		return cli_fail("replay", "%s", err.msg);
	int n = m->game->num_players(m->state);
	if (viewer >= n) {
		rc = cli_usage(
		    "replay", "bad value '%s' for --view: this game has %d players (p1-p%d) or all",
		    view, n, n);
		qv_match_free(m);
		return rc;
	}
	cli_term t;
	cli_term_setup(&t, !no_color);
	print_header(m, n, viewer);
	rc = print_moves(m, viewer, boards, t.color ? QV_RENDER_COLOR : 0);
	if (rc == CLI_EXIT_OK)
		print_final(m, viewer, t.color ? QV_RENDER_COLOR : 0);
	cli_term_done(&t);
	qv_match_free(m);
	return rc;
}
