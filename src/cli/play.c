/*
 * play.c - `quiver play`: a game in the terminal. Humans type actions in the game's notation;
 * agents answer at once; chance events are drawn by the match. Every other seat's action and
 * every chance outcome is announced, worded so that it tells no more than the listener's view
 * (the narrated log of the match). With several humans at one keyboard (hot-seat), the screen is cleared and
 * the keyboard handed over before each human's turn, so nobody sees another's hidden pieces.
 *
 * The record is saved after every change, on quit and at the end, so nothing is lost; a saved
 * game resumes with --load.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/term.h"

static const cli_opt play_opts[] = {
	{"players", "LIST"},
	{"param", "K=V"},
	{"seed", "S"},
	{"record", "FILE"},
	{"load", "FILE"},
	{"no-color", NULL},
	{"help", NULL},
	{NULL, NULL},
};

enum { OPT_PLAYERS, OPT_PARAM, OPT_SEED, OPT_RECORD, OPT_LOAD, OPT_NO_COLOR, OPT_HELP };

/* How many nearest legal actions are suggested after a rejected input. */
#define PLAY_SUGGESTIONS 5

/* The text of `quiver play --help`. */
static void play_help(void)
{
	printf("usage: quiver play <game> [options]\n"
	       "       quiver play --load FILE [options]\n\n"
	       "Plays a game in the terminal. By default you (p1) play against the strongest\n"
	       "level (" CLI_DEFAULT_AGENT "), one per other seat. At your prompt type an action in\n"
	       "the game's notation (see quiver rules <game>), or: legal, undo, show, help, quit.\n\n"
	       "  --players LIST  one entry per seat, in order: human or an agent spec, e.g.\n"
	       "                  human,medium or human,human (hot-seat) or\n"
	       "                  random:seed=3,human. The count sets the game's players\n"
	       "                  parameter unless --param players= is given.\n"
	       "  --param K=V     a game parameter (repeatable; see quiver rules <game>)\n"
	       "  --seed S        seed of the game, its dice and the agents (default: the clock)\n"
	       "  --record FILE   where to save the record (default:\n"
	       "                  records/<game>-<YYYYmmdd-HHMMSS>-<seed>.json)\n"
	       "  --load FILE     resume a saved record or state\n"
	       "  --no-color      no colours even on a terminal\n"
	       "  -h, --help      this help\n\n"
	       "Agents: the levels easy, medium and hard (each [:seed=N]; hard answers within\n"
	       "2 s on 2 cores; quiver rules <game> shows what they are), random, greedy,\n"
	       "mcts[:key=value,...] and ismcts[:key=value,...] (keys iterations, time, c,\n"
	       "threads, playout, widen, nodes, blunder, seed; docs/ai.md).\n\n"
	       "examples: quiver play three-arrows\n"
	       "          quiver play three-arrows --players human,easy\n"
	       "          quiver play three-arrows --players human,human,greedy\n"
	       "          quiver play --load records/three-arrows-20250101-120000-42.json\n");
}

typedef struct play {
	const qv_game *g;
	qv_match *m;
	int n;                         /* seats */
	char seat[QV_MAX_PLAYERS][QV_NAME_MAX]; /* "human" or an agent spec */
	qv_agent *agent[QV_MAX_PLAYERS];
	int seen[QV_MAX_PLAYERS]; /* history entries each agent has been told about */
	int nhumans;
	cli_term t;
	char record[4096];
	bool save_warned;
	int on_screen;              /* the human whose view may be on screen, or -1 */
	int told[QV_MAX_PLAYERS];   /* hot-seat: history entries each human has been told of */
	unsigned humans;            /* bit p: seat p is a person */
	char *line;
	size_t linecap;
	bool echo; /* input is not a terminal: echo it so transcripts read well */
} play;

enum { TURN_DONE, TURN_QUIT, TURN_ERROR };

/* True when seat `who` is a person at the keyboard. */
static bool is_human(const play *P, int who) { return who >= 0 && P->agent[who] == NULL; }

/* ---- setting up ---- */

/* Splits --players at commas into at most QV_MAX_PLAYERS seats. A piece holding '=' but no
 * ':' continues the previous agent's options, so `mcts:iterations=9,threads=2,human` is two
 * seats. Returns the count, or -1 after a usage message. */
static int split_players(const char *list, char (*seat)[QV_NAME_MAX])
{
	int n = 0;
	const char *s = list;
	for (;;) {
		size_t len = strcspn(s, ",");
		bool option = memchr(s, '=', len) && !memchr(s, ':', len);
		if (len == 0) {
			cli_usage("play", "empty seat in --players '%s': expected human or an agent spec for each seat, e.g. human,greedy",
				  list);
			return -1;
		}
		if (option && n > 0) {
			size_t used = strlen(seat[n - 1]);
			if (used + 1 + len >= sizeof seat[0]) {
				cli_usage("play", "agent spec '%s...' in --players is too long", seat[n - 1]);
				return -1;
			}
			seat[n - 1][used] = ',';
			memcpy(seat[n - 1] + used + 1, s, len);
			seat[n - 1][used + 1 + len] = '\0';
		} else {
			if (n == QV_MAX_PLAYERS) {
				cli_usage("play", "--players lists more than %d seats", QV_MAX_PLAYERS);
				return -1;
			}
			if (len >= sizeof seat[0]) {
				cli_usage("play", "seat '%.40s...' in --players is too long", s);
				return -1;
			}
			memcpy(seat[n], s, len);
			seat[n][len] = '\0';
			n++;
		}
		if (!s[len])
			return n;
		s += len + 1;
	}
}

/* True when the game declares a parameter named key. */
static bool has_param(const qv_game *g, const char *key)
{
	for (int i = 0; i < g->nparams; i++)
		if (strcmp(g->params[i].key, key) == 0)
			return true;
	return false;
}

/* Creates the agents for the non-human seats. A bad spec is a usage error. */
static int make_agents(play *P, uint64_t seed)
{
	P->nhumans = 0;
	for (int i = 0; i < P->n; i++) {
		if (strcmp(P->seat[i], "human") == 0) {
			P->nhumans++;
			P->humans |= 1u << i;
			continue;
		}
		qv_err err;
		if (qv_agent_new(&P->agent[i], P->seat[i], P->g, qv_seed_mix(seed, (uint64_t)i + 1),
				 &err)) {
			char pn[8];
			return cli_usage("play", "seat %s is human or an agent: %s", qv_player_name(i, pn),
					 err.msg);
		}
	}
	return CLI_EXIT_OK;
}

/* True when every seat name of a loaded game is human or a valid agent spec, so the saved
 * seating can be reused. */
static bool names_usable(const qv_match *m, int n)
{
	for (int i = 0; i < n; i++) {
		if (strcmp(m->names[i], "human") == 0)
			continue;
		qv_agent *a;
		if (!m->names[i][0] || qv_agent_new(&a, m->names[i], m->game, 0, NULL))
			return false;
		qv_agent_free(a);
	}
	return true;
}

/* records/<game>-<YYYYmmdd-HHMMSS>-<seed>.json, creating records/ if needed. */
static int default_record(play *P, uint64_t seed)
{
	if (mkdir("records", 0777) != 0 && errno != EEXIST)
		return cli_fail("play", "cannot create the folder records/: %s (choose a file with --record FILE)",
				strerror(errno));
	time_t now = time(NULL);
	struct tm tmv;
	localtime_r(&now, &tmv);
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
	snprintf(P->record, sizeof P->record, "records/%s-%s-%llu.json", P->g->name, stamp,
		 (unsigned long long)seed);
	return CLI_EXIT_OK;
}

/* Saves the record; a failure is reported once (the game goes on, and quit says it again). */
static bool save(play *P)
{
	qv_err err;
	if (qv_match_save_record(P->m, P->record, &err) == QV_OK)
		return true;
	if (!P->save_warned)
		cli_fail("play", "could not save the record: %s", err.msg);
	P->save_warned = true;
	return false;
}

/* ---- output ---- */

static void show_board(play *P, int viewer)
{
	qv_buf b = {0};
	qv_match_render(P->m, viewer, P->t.color ? QV_RENDER_COLOR : 0, &b);
	printf("\n%s", qv_buf_str(&b));
	if (b.len && b.s[b.len - 1] != '\n')
		putchar('\n');
	qv_buf_free(&b);
}

/* Whose view announcements are worded for: the only human, everyone (hot-seat: the public
 * view), or everything when only agents play. */
static int announce_viewer(const play *P)
{
	if (P->nhumans == 0)
		return QV_VIEW_ALL;
	if (P->nhumans > 1)
		return QV_VIEW_PUBLIC;
	for (int i = 0; i < P->n; i++)
		if (is_human(P, i))
			return i;
	return QV_VIEW_PUBLIC;
}

/* What announce's log callback needs. */
typedef struct announce_ctx {
	const play *P;
	int skip; /* the entry whose move line is not printed (the human just typed it), or -1 */
} announce_ctx;

/* One line of the narrated log on the screen: "p2 (hard): attack c1 c2", its consequences
 * indented below. */
static void announce_line(void *ctx, const qv_log_line *l)
{
	const announce_ctx *c = ctx;
	char pn[8];
	if (l->consequence)
		printf("      %s\n", l->text);
	else if (l->entry == c->skip)
		return;
	else if (l->who < 0)
		printf("  %s: %s\n", qv_player_name(l->who, pn), l->text);
	else
		printf("  %s (%s): %s\n", qv_player_name(l->who, pn), c->P->seat[l->who], l->text);
}

/* Announces history entries from..nhist-1, worded for whoever may be looking at the screen:
 * the human at the keyboard, or everyone in a game of agents. The move line of entry `typed`
 * (the human just typed it) is left out. */
static void announce(play *P, int from, int typed)
{
	int viewer = announce_viewer(P);
	if (P->nhumans > 1)
		viewer = P->on_screen >= 0 ? P->on_screen : QV_VIEW_PUBLIC;
	announce_ctx c = {P, typed};
	qv_match_log(P->m, viewer, from, announce_line, &c);
	if (P->on_screen >= 0)
		P->told[P->on_screen] = P->m->nhist;
	fflush(stdout);
}

/* ---- agents follow the game ---- */

/* After an undo: the agents forget the game they followed and start again from here, and
 * nobody needs to be told of moves that no longer exist. */
static void forget(play *P)
{
	for (int i = 0; i < P->n; i++) {
		if (P->agent[i])
			qv_agent_reset(P->agent[i]);
		P->seen[i] = P->m->nhist;
		if (P->told[i] > P->m->nhist)
			P->told[i] = P->m->nhist;
	}
}

/* ---- the human's prompt ---- */

/* Reads one line of input into P->line without its newline; false at end of input. */
static bool read_line(play *P)
{
	fflush(stdout);
	ssize_t n = getline(&P->line, &P->linecap, stdin);
	if (n < 0)
		return false;
	while (n > 0 && (P->line[n - 1] == '\n' || P->line[n - 1] == '\r'))
		P->line[--n] = '\0';
	if (P->echo)
		printf("%s\n", P->line);
	return true;
}

/* The line without leading and trailing blanks (in place). */
static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* The notations of the legal actions, as an array of strings in one block (free the block),
 * or NULL with *n = 0. */
static char **legal_texts(play *P, int *n)
{
	const qv_game *g = P->g;
	*n = 0;
	qv_action *acts = malloc(sizeof *acts * (size_t)(g->max_actions > 0 ? g->max_actions : 1));
	if (!acts)
		return NULL;
	int k = g->legal(P->m->state, acts);
	enum { W = 96 };
	char **items = malloc((size_t)(k > 0 ? k : 1) * (sizeof(char *) + W));
	if (!items) {
		free(acts);
		return NULL;
	}
	char *text = (char *)(items + (k > 0 ? k : 1));
	for (int i = 0; i < k; i++) {
		items[i] = text + (size_t)i * W;
		if (g->action_to_text(P->m->state, acts[i], items[i], W) < 0)
			snprintf(items[i], W, "#%d", (int)acts[i]);
	}
	free(acts);
	*n = k;
	return items;
}

/* `legal`: the legal actions grouped (cli_compact_actions) in columns; `legal all`: one
 * notation per entry, ungrouped. */
static void list_legal(play *P, bool all)
{
	int n;
	char **texts = legal_texts(P, &n);
	if (!texts || n == 0) {
		printf("No legal actions.\n");
		free(texts);
		return;
	}
	char **items = NULL;
	int nitems = all ? -1 : cli_compact_actions(texts, n, &items);
	if (nitems < 0) {
		printf("%d legal action%s:\n", n, n == 1 ? "" : "s");
		cli_print_columns(stdout, texts, n, P->t.cols);
	} else {
		printf("%d legal action%s%s:\n", n, n == 1 ? "" : "s",
		       nitems < n ? " (a/b: one of them, [word]: optional; 'legal all' lists each)"
				  : "");
		cli_print_columns(stdout, items, nitems, P->t.cols);
	}
	cli_free_items(items, nitems > 0 ? nitems : 0);
	free(texts);
}

/* Explains a rejected input: the game's message, then the closest legal actions by edit
 * distance on the notation (stable for equal distances, so the game's order decides). */
static void explain(play *P, const char *input, const qv_err *err)
{
	printf("'%s' was not played: %s\n", input, err->msg);
	int n;
	char **items = legal_texts(P, &n);
	if (!items || n == 0) {
		free(items);
		return;
	}
	int best[PLAY_SUGGESTIONS], bestd[PLAY_SUGGESTIONS], nb = 0;
	for (int i = 0; i < n; i++) {
		int d = qv_edit_distance(input, items[i]);
		int pos = nb;
		while (pos > 0 && bestd[pos - 1] > d)
			pos--;
		if (pos >= PLAY_SUGGESTIONS)
			continue;
		int last = nb < PLAY_SUGGESTIONS ? nb : PLAY_SUGGESTIONS - 1;
		for (int j = last; j > pos; j--) {
			best[j] = best[j - 1];
			bestd[j] = bestd[j - 1];
		}
		best[pos] = i;
		bestd[pos] = d;
		if (nb < PLAY_SUGGESTIONS)
			nb++;
	}
	printf("Nearest legal action%s:\n", nb == 1 ? "" : "s");
	for (int i = 0; i < nb; i++)
		printf("  %s\n", items[best[i]]);
	printf("(type 'legal' for all %d, 'help' for the commands)\n", n);
	free(items);
}

/* The answer to `help` at the prompt, with a legal action as an example. */
static void prompt_help(play *P)
{
	int n;
	char **items = legal_texts(P, &n);
	printf("Commands:\n"
	       "  <action>  play an action in the game's notation%s%s%s\n"
	       "  legal     list your legal actions, grouped ('legal all': each one)\n"
	       "  undo      take back your last move (only if no one else moved and no die\n"
	       "            was rolled since)\n"
	       "  show      show the board again\n"
	       "  help      this help\n"
	       "  quit      save the game and stop (end of input, Ctrl-D, does the same)\n"
	       "The notation is explained by: quiver rules %s\n",
	       n > 0 ? ", e.g. '" : "", n > 0 ? items[0] : "", n > 0 ? "'" : "", P->g->name);
	free(items);
}

/* Hot-seat: clears the screen and waits until the next human has the keyboard, then shows
 * what happened since that human's last turn, worded for that human. False at end of input. */
static bool handoff(play *P, int h)
{
	char pn[8];
	cli_term_clear(&P->t);
	P->on_screen = -1;
	printf("Pass the keyboard to %s and press Enter", qv_player_name(h, pn));
	if (!read_line(P))
		return false;
	cli_term_clear(&P->t);
	P->on_screen = h;
	if (P->told[h] < P->m->nhist) {
		printf("Since your last turn:\n");
		announce(P, P->told[h], -1);
	}
	return true;
}

/* One human decision: reads commands until an action is played, the own last move is taken
 * back, or the human quits. */
static int human_turn(play *P, int h)
{
	char pn[8];
	qv_player_name(h, pn);
	if (P->nhumans > 1 && P->on_screen != h && !handoff(P, h))
		return TURN_QUIT;
	P->on_screen = h;
	P->told[h] = P->m->nhist;
	show_board(P, h);
	for (;;) {
		printf("%s> ", pn);
		if (!read_line(P)) {
			printf("\n");
			return TURN_QUIT;
		}
		char *s = trim(P->line);
		qv_err err;
		if (!*s)
			continue;
		if (qv_streq_nocase(s, "quit") || qv_streq_nocase(s, "exit"))
			return TURN_QUIT;
		if (qv_streq_nocase(s, "help") || strcmp(s, "?") == 0) {
			prompt_help(P);
		} else if (qv_streq_nocase(s, "show")) {
			show_board(P, h);
		} else if (qv_streq_nocase(s, "legal")) {
			list_legal(P, false);
		} else if (qv_streq_nocase(s, "legal all")) {
			list_legal(P, true);
		} else if (qv_streq_nocase(s, "undo")) {
			if (qv_match_undo_seat(P->m, h, P->humans, &err)) {
				printf("Not undone: %s.\n", err.msg);
				if (P->nhumans > 1)
					printf("(with other people at the table, undo takes back only your own last "
					       "move, and only while nobody has moved and no die was rolled since)\n");
				continue;
			}
			printf("Took back your last move%s.\n",
			       P->nhumans == 1 ? " and everything after it" : "");
			forget(P);
			save(P);
			return TURN_DONE;
		} else {
			int from = P->m->nhist;
			if (qv_match_play_text(P->m, s, &err)) {
				explain(P, s, &err);
				continue;
			}
			announce(P, from, from);
			save(P);
			return TURN_DONE;
		}
	}
}

/* One agent decision, announced. A failing agent ends the game with a runtime error (the
 * record is saved first by the caller). */
static int agent_turn(play *P, int who)
{
	qv_action a;
	qv_err err;
	int from = P->m->nhist;
	qv_match_tell_agent(P->m, P->agent[who], &P->seen[who]);
	if (qv_agent_choose(P->agent[who], P->m->state, &a, &err) ||
	    qv_match_play(P->m, a, &err)) {
		char pn[8];
		cli_fail("play", "%s (%s) failed: %s", qv_player_name(who, pn), P->seat[who], err.msg);
		return TURN_ERROR;
	}
	announce(P, from, -1);
	save(P);
	return TURN_DONE;
}

/* A chance event, drawn by the match and announced. */
static int chance_turn(play *P)
{
	qv_action a;
	qv_err err;
	int from = P->m->nhist;
	if (qv_match_chance(P->m, &a, &err)) {
		cli_fail("play", "drawing a chance outcome failed: %s", err.msg);
		return TURN_ERROR;
	}
	announce(P, from, -1);
	save(P);
	return TURN_DONE;
}

/* ---- the game ---- */

static void print_resume(play *P)
{
	qv_buf cmd = {0};
	cli_shell_quote(&cmd, P->record);
	printf("Game saved to %s\nResume with: quiver play --load %s\n", P->record,
	       qv_buf_str(&cmd));
	qv_buf_free(&cmd);
}

/* The first lines: game, parameters, seed, seats and where the record goes. */
static void banner(play *P, bool resumed, const char *loaded)
{
	const qv_match *m = P->m;
	qv_buf desc = {0};
	cli_format_params(&m->params, &desc);
	printf("%s (%s): %s, seed %llu\n", P->g->title, P->g->name, qv_buf_str(&desc),
	       (unsigned long long)m->seed);
	qv_buf_free(&desc);
	printf("Seats:");
	for (int i = 0; i < P->n; i++) {
		char pn[8];
		printf(" %s %s%s%s", qv_player_name(i, pn), P->seat[i],
		       P->nhumans == 1 && is_human(P, i) ? " (you)" : "", i + 1 < P->n ? "," : "\n");
	}
	if (resumed)
		printf("Resumed %s after %d move%s.\n", loaded, m->nhist, m->nhist == 1 ? "" : "s");
	printf("Saving to %s. Type 'help' for the commands.\n", P->record);
}

/* Plays until the game is over, someone quits or something fails. */
static int run(play *P)
{
	for (;;) {
		int tm = qv_match_to_move(P->m);
		int r;
		if (tm == QV_OVER)
			break;
		if (tm == QV_CHANCE)
			r = chance_turn(P);
		else if (is_human(P, tm))
			r = human_turn(P, tm);
		else
			r = agent_turn(P, tm);
		if (r == TURN_QUIT) {
			printf("\n");
			bool ok = save(P);
			if (ok)
				print_resume(P);
			return ok ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
		}
		if (r == TURN_ERROR) {
			if (save(P))
				print_resume(P);
			return CLI_EXIT_RUNTIME;
		}
	}
	if (P->nhumans > 1)
		cli_term_clear(&P->t);
	printf("\nGame over.\n");
	show_board(P, QV_VIEW_ALL);
	printf("\nResult:\n");
	cli_print_result(stdout, P->m, (const char(*)[QV_NAME_MAX])P->seat);
	if (!save(P))
		return CLI_EXIT_RUNTIME;
	qv_buf cmd = {0};
	cli_shell_quote(&cmd, P->record);
	printf("\nRecord saved to %s\nReplay it with: quiver replay %s\n", P->record,
	       qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	return CLI_EXIT_OK;
}

/* Everything after option parsing: the match (new or loaded), the seats, the record path,
 * then the game itself. */
static int start(play *P, const char *game, const char *players, qv_params *params,
		 bool params_given, uint64_t seed, const char *record, const char *load)
{
	qv_err err;
	int nlisted = 0;
	if (players && (nlisted = split_players(players, P->seat)) < 0)
		return CLI_EXIT_USAGE;
	if (load) {
		if (params_given)
			return cli_usage("play", "--param cannot be used with --load: the saved game keeps its parameters");
		if (qv_match_load_file(&P->m, load, &err))
			return cli_fail("play", "%s", err.msg);
		P->g = P->m->game;
		if (game && strcmp(game, P->g->name) != 0)
			return cli_usage("play", "%s holds a game of %s, not %s", load, P->g->name, game);
	} else {
		if (!game)
			return cli_usage("play", "expected quiver play <game> [options] or quiver play --load FILE");
		P->g = cli_game("play", game);
		if (!P->g)
			return CLI_EXIT_USAGE;
		if (players && (nlisted < P->g->min_players || nlisted > P->g->max_players))
			return cli_usage("play", "--players lists %d seat%s, but %s is for %d-%d players",
					 nlisted, nlisted == 1 ? "" : "s", P->g->name,
					 P->g->min_players, P->g->max_players);
		if (players && has_param(P->g, "players") && !qv_params_get(params, "players")) {
			char count[16];
			snprintf(count, sizeof count, "%d", nlisted);
			if (qv_params_set(params, "players", count, &err))
				return cli_usage("play", "%s", err.msg);
		}
		if (qv_match_new(&P->m, P->g, params, seed, &err))
			return cli_usage("play", "%s", err.msg);
	}
	P->n = P->g->num_players(P->m->state);
	if (players && nlisted != P->n)
		return cli_usage("play", "--players lists %d seat%s but this game of %s has %d players",
				 nlisted, nlisted == 1 ? "" : "s", P->g->name, P->n);
	if (!players) {
		if (load && names_usable(P->m, P->n)) {
			for (int i = 0; i < P->n; i++)
				snprintf(P->seat[i], sizeof P->seat[i], "%s", P->m->names[i]);
		} else {
			for (int i = 0; i < P->n; i++)
				snprintf(P->seat[i], sizeof P->seat[i], "%s",
					 i == 0 ? "human" : CLI_DEFAULT_AGENT);
		}
	}
	int rc = make_agents(P, seed);
	if (rc)
		return rc;
	for (int i = 0; i < P->n; i++)
		qv_match_set_name(P->m, i, P->seat[i]);
	if (record)
		snprintf(P->record, sizeof P->record, "%s", record);
	else if ((rc = default_record(P, P->m->seed)))
		return rc;
	/* A record that cannot be written is found out now, not after an hour of play. */
	if (qv_match_save_record(P->m, P->record, &err))
		return cli_fail("play", "cannot save the game: %s (choose another file with --record FILE)",
				err.msg);
	for (int i = 0; i < P->n; i++)
		P->seen[i] = P->told[i] = P->m->nhist;
	P->echo = !isatty(STDIN_FILENO);
	P->on_screen = -1;
	banner(P, load != NULL, load);
	if (!load && P->m->nhist > 0)
		announce(P, 0, -1); /* forced moves the match applied at the start */
	return run(P);
}

/* Parses the options, then runs the game (start) and releases everything it made. */
int cli_play(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "play", argc, argv);
	const char *game = NULL, *players = NULL, *record = NULL, *load = NULL, *v;
	qv_params params = {0};
	bool params_given = false, seeded = false, no_color = false;
	uint64_t seed = 0;
	int o;
	while ((o = cli_next(&p, play_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case OPT_PLAYERS:
			players = v;
			break;
		case OPT_PARAM:
			if (!cli_param("play", &params, v))
				return CLI_EXIT_USAGE;
			params_given = true;
			break;
		case OPT_SEED:
			if (!cli_seed("play", "seed", v, &seed))
				return CLI_EXIT_USAGE;
			seeded = true;
			break;
		case OPT_RECORD:
			record = v;
			break;
		case OPT_LOAD:
			load = v;
			break;
		case OPT_NO_COLOR:
			no_color = true;
			break;
		case OPT_HELP:
			play_help();
			return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (game)
				return cli_usage("play", "unexpected argument '%s': expected quiver play <game> [options]",
						 v);
			game = v;
			break;
		default:
			return CLI_EXIT_USAGE;
		}
	}
	if (!seeded)
		seed = cli_time_seed();
	play *P = calloc(1, sizeof *P);
	if (!P)
		return cli_fail("play", "out of memory");
	cli_term_setup(&P->t, !no_color);
	int rc = start(P, game, players, &params, params_given, seed, record, load);
	cli_term_done(&P->t);
	for (int i = 0; i < QV_MAX_PLAYERS; i++)
		qv_agent_free(P->agent[i]);
	if (P->m)
		qv_match_free(P->m);
	free(P->line);
	free(P);
	return rc;
}
