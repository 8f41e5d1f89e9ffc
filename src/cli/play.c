/*
 * play.c - `quiver play`: a game in the terminal. Humans type actions in the game's notation;
 * agents answer; chance events are drawn by the match. Every other seat's action and every
 * chance outcome is announced with its consequences, worded so that it tells no more than the
 * listener's view (the narrated log of the match).
 *
 * Secrets stay secret: in a game with hidden information or dice the seed is shown only with
 * the result; with several humans at one keyboard (hot-seat) the game runs on the terminal's
 * alternate screen, the screen and its scrollback are cleared before each human's turn, and the
 * record (which holds everything) is written out of sight until the game ends.
 *
 * A person's forced move is shown before it is played; an action the game flags (one that ends
 * the game or may eliminate the player) is confirmed first. Alone against agents a person may
 * take back any own move (the dice then come out the same: see qv_match_chance).
 *
 * The record is saved after every change, on quit and at the end, so nothing is lost; a saved
 * game resumes with --load. Ctrl-C during an agent's search stops the search (the agent plays
 * its best move so far); at a prompt, or twice within a moment, it saves and quits.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/term.h"
#include "core/clock.h"

static const cli_opt play_opts[] = {
    {"players", "LIST"}, {"param", "K=V"}, {"seed", "S"},
    {"record", "FILE"},  {"load", "FILE"}, {"layout", "compact|full|auto"},
    {"no-color", NULL},  {"help", NULL},   {"variant", "FILE"},
    {"level", "L"},      {NULL, NULL},
};

enum {
	OPT_PLAYERS,
	OPT_PARAM,
	OPT_SEED,
	OPT_RECORD,
	OPT_LOAD,
	OPT_LAYOUT,
	OPT_NO_COLOR,
	OPT_HELP,
	OPT_VARIANT,
	OPT_LEVEL
};

enum { LAYOUT_AUTO, LAYOUT_COMPACT, LAYOUT_FULL };

/* Rows the auto layout keeps free under the board: what just happened and the prompt. */
#define PLAY_ROWS_LEFT 7
/* Two Ctrl-C within this many seconds quit, even while an agent searches. */
#define PLAY_DOUBLE_PRESS 1.5

/* The text of `quiver play --help`. */
static void play_help(void)
{
	printf("usage: quiver play <game> [options]\n"
	       "       quiver play --load FILE [options]\n\n"
	       "Plays a game in the terminal. By default you (p1) play against the gentlest\n"
	       "level (" CLI_DEFAULT_AGENT
	       "), one per other seat. At your prompt type an action in\n"
	       "the game's notation (see quiver rules <game>), or: legal, card <name> (also\n"
	       "piece, item, what), undo, resign, show, help, quit.\n\n"
	       "  --level L       every seat but yours plays at level L: beginner (the\n"
	       "                  default), easy, medium or hard (the strongest)\n"
	       "  --players LIST  one entry per seat, in order: human or an agent spec, e.g.\n"
	       "                  human,medium or human,human (hot-seat) or\n"
	       "                  random:seed=3,human. The count sets the game's players\n"
	       "                  parameter unless --param players= is given.\n"
	       "  --param K=V     a game parameter (repeatable; see quiver rules <game>)\n"
	       "  --variant FILE  play with the components of a variant file (docs/variants.md)\n"
	       "  --seed S        seed of the game, its dice and the agents (default: 64 random\n"
	       "                  bits; shown with the result)\n"
	       "  --record FILE   where to save the record (default:\n"
	       "                  records/<game>-<YYYYmmdd-HHMMSS>.json)\n"
	       "  --load FILE     resume a saved record or state; its seats are used when they\n"
	       "                  are human or a level (easy, medium, hard, random, greedy),\n"
	       "                  other agents only when given again with --players\n"
	       "  --layout L      the board: compact (fits 80x24), full, or auto (default:\n"
	       "                  compact when the full one does not fit the terminal)\n"
	       "  --no-color      no colours even on a terminal\n"
	       "  -h, --help      this help\n\n"
	       "Agents: the levels easy, medium and hard (each [:seed=N]; hard answers within\n"
	       "2 s on 2 cores; quiver rules <game> shows what they are), random, greedy,\n"
	       "mcts[:key=value,...] and ismcts[:key=value,...] (keys iterations, time, c,\n"
	       "threads, playout, widen, nodes, blunder, seed; docs/ai.md). Ctrl-C while an\n"
	       "agent thinks makes it answer now; at your prompt (or twice) it saves and quits.\n\n"
	       "examples: quiver play three-arrows\n"
	       "          quiver play three-arrows --players human,easy\n"
	       "          quiver play three-arrows --players human,human,greedy\n"
	       "          quiver play --load records/three-arrows-20250101-120000.json\n");
}

typedef struct play {
	const qv_game *g;
	qv_match *m;
	int n;                                  /* seats */
	char seat[QV_MAX_PLAYERS][QV_NAME_MAX]; /* "human" or an agent spec */
	qv_agent *agent[QV_MAX_PLAYERS];
	int seen[QV_MAX_PLAYERS]; /* history entries each agent has been told about */
	int nhumans;
	cli_term t;
	int layout;
	bool secret_seed;  /* the seed would tell hidden facts or dice: shown only at the end */
	char record[4096]; /* where the record ends up */
	char saving[4200]; /* where it is written during the game (hot-seat: out of sight) */
	bool stayed;       /* the hidden record could not be moved to `record`: it is still there */
	bool save_warned;
	int on_screen;            /* the human whose view may be on screen, or -1 */
	int told[QV_MAX_PLAYERS]; /* hot-seat: history entries each human has been told of */
	unsigned humans;          /* bit p: seat p is a person */
	char *line;
	size_t linecap;
	bool echo;         /* input is not a terminal: echo it so transcripts read well */
	const char *level; /* --level: the level of every other seat of a new game */
} play;

enum { TURN_DONE, TURN_QUIT, TURN_ERROR };

/* True when seat `who` is a person at the keyboard. */
static bool is_human(const play *P, int who) { return who >= 0 && P->agent[who] == NULL; }

/* ---- Ctrl-C ---- */

/* What the SIGINT handler touches: the agent searching now (NULL at a prompt), and what the
 * presses asked for. A signal handler has no context argument, so these are file-static. */
static _Atomic(qv_agent *) sig_agent;
static volatile sig_atomic_t sig_quit;    /* save and quit at the next chance */
static volatile sig_atomic_t sig_stopped; /* a search was stopped early */
static struct timespec sig_last;          /* the previous press (the handler alone uses it) */

/* One press stops the search in progress (its agent answers with its best move so far); a
 * press at a prompt, or a second one within PLAY_DOUBLE_PRESS seconds, asks to save and quit;
 * should quiver still not stop, the third press after that ends it at once (the record saved
 * after the last move stays). Only async-signal-safe calls: clock_gettime, atomic stores,
 * signal, raise. */
static void on_sigint(int sig)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double gap = (double)(now.tv_sec - sig_last.tv_sec) +
	             (double)(now.tv_nsec - sig_last.tv_nsec) * 1e-9;
	bool twice = sig_last.tv_sec != 0 && gap < PLAY_DOUBLE_PRESS;
	sig_last = now;
	if (sig_quit >= 3) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	if (sig_quit) {
		sig_quit++;
		return;
	}
	qv_agent *a = atomic_load(&sig_agent);
	if (a)
		qv_agent_interrupt(a);
	if (a && !twice)
		sig_stopped = 1;
	else
		sig_quit = 1;
}

/* Installs on_sigint without SA_RESTART, so that a press interrupts a prompt's read. */
static void catch_sigint(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	sigaction(SIGINT, &sa, NULL);
}

/* ---- setting up ---- */

/* Splits --players at commas into at most QV_MAX_PLAYERS seats (qv_agent_split_specs: `human`
 * is one more spec there). Returns the count, or -1 after a usage message. */
static int split_players(const char *list, char (*seat)[QV_NAME_MAX])
{
	int n = 0;
	qv_err err;
	if (qv_agent_split_specs(list, seat, &n, QV_MAX_PLAYERS, &err)) {
		cli_usage(
		    "play",
		    "--players: %s (expected human or an agent spec for each seat, e.g. human,greedy)",
		    err.msg);
		return -1;
	}
	return n;
}

/* Creates the agents for the non-human seats. A bad spec is a usage error. */
/* The level that plays the seat of a person who resigned in a game of three or more (a
 * "zombie", as Board Game Arena calls it), as the server's tables do. */
#define PLAY_ZOMBIE "medium"

static int make_agents(play *P, uint64_t seed)
{
	P->nhumans = 0;
	for (int i = 0; i < P->n; i++) {
		/* A person who resigned from a game that goes on (a loaded record): the
		 * computer plays on for them. */
		const char *spec = P->seat[i];
		if (strcmp(spec, "human") == 0 && qv_match_left(P->m, i))
			spec = PLAY_ZOMBIE;
		if (strcmp(spec, "human") == 0) {
			P->nhumans++;
			P->humans |= 1u << i;
			continue;
		}
		qv_err err;
		if (qv_agent_new(&P->agent[i], spec, P->g, qv_seed_mix(seed, (uint64_t)i + 1),
		                 &err)) {
			char pn[8];
			return cli_usage("play", "seat %s is human or an agent: %s",
			                 qv_player_name(i, pn), err.msg);
		}
	}
	return CLI_EXIT_OK;
}

/* The agent kind a spec names ("hard" for "hard:seed=3"), or NULL when it names none. */
static const qv_agent_kind *spec_kind(const char *spec)
{
	size_t len = strcspn(spec, ":");
	for (int i = 0; qv_agent_kinds[i]; i++)
		if (strlen(qv_agent_kinds[i]->name) == len &&
		    strncmp(qv_agent_kinds[i]->name, spec, len) == 0)
			return qv_agent_kinds[i];
	return NULL;
}

/* Whether a record may seat this agent by itself: the levels (qv_agent_levels), whose budgets
 * are fixed and bounded. Any other spec could search for minutes with gigabytes, so it must be
 * asked for with --players. */
static bool loadable(const qv_agent_kind *kind)
{
	for (int i = 0; qv_agent_levels[i]; i++)
		if (strcmp(kind->name, qv_agent_levels[i]) == 0)
			return true;
	return false;
}

/* The seating of a loaded game without --players: the record's when every seat is `human` or
 * a level with a valid spec; the defaults when its names are not seats at all (a record of
 * the protocol, or names of people). A record that names another agent is refused: a file
 * must not start a search of its own choosing. */
static int loaded_seats(play *P, const char *load)
{
	bool usable = true;
	for (int i = 0; i < P->n; i++) {
		const char *name = P->m->names[i];
		if (strcmp(name, "human") == 0)
			continue;
		const qv_agent_kind *kind = spec_kind(name);
		if (kind && !loadable(kind)) {
			char pn[8];
			qv_buf q = {0};
			qv_buf_shell_word(&q, name);
			int rc = cli_usage(
			    "play",
			    "%s seats %s as the agent '%.60s%s': a record may seat "
			    "only human, easy, medium, hard, random and greedy by itself; "
			    "to run other agents, give every seat with --players (e.g. "
			    "--players human,%.60s)",
			    load, qv_player_name(i, pn), name, strlen(name) > 60 ? "..." : "",
			    qv_buf_str(&q));
			qv_buf_free(&q);
			return rc;
		}
		qv_agent *a = NULL;
		if (!kind || qv_agent_new(&a, name, P->g, 0, NULL))
			usable = false;
		qv_agent_free(a);
	}
	for (int i = 0; i < P->n; i++)
		snprintf(P->seat[i], sizeof P->seat[i], "%s",
		         usable   ? P->m->names[i]
		         : i == 0 ? "human"
		                  : CLI_DEFAULT_AGENT);
	return CLI_EXIT_OK;
}

/* records/<game>-<YYYYmmdd-HHMMSS>[-N].json, creating records/ if needed. The name holds no
 * seed: the seed tells the deal and the dice. */
static int default_record(play *P)
{
	if (mkdir("records", 0777) != 0 && errno != EEXIST)
		return cli_fail(
		    "play",
		    "cannot create the folder records/: %s (choose a file with --record FILE)",
		    strerror(errno));
	struct tm tmv;
	localtime_r(&(time_t){(time_t)qv_wall()}, &tmv); /* core's clock: the one time source */
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
	for (int k = 1; k < 1000; k++) {
		char suffix[16] = "";
		if (k > 1)
			snprintf(suffix, sizeof suffix, "-%d", k);
		snprintf(P->record, sizeof P->record, "records/%s-%s%s.json", P->g->name, stamp,
		         suffix);
		if (access(P->record, F_OK) != 0)
			return CLI_EXIT_OK;
	}
	return CLI_EXIT_OK; /* a thousand games in one second: the last name is reused */
}

/* Where the record is written while the game goes on: the record itself, or in hot-seat play
 * a hidden file beside it, `.<name>.in-progress`, which the screen never names, so the next
 * player is not pointed to a file that holds the previous player's secrets. */
static void set_saving(play *P)
{
	if (P->nhumans < 2) {
		qv_copy(P->saving, sizeof P->saving, P->record);
		return;
	}
	const char *slash = strrchr(P->record, '/');
	size_t dir = slash ? (size_t)(slash - P->record) + 1 : 0;
	snprintf(P->saving, sizeof P->saving, "%.*s.%s.in-progress", (int)dir, P->record,
	         P->record + dir);
}

/* Saves the record where it goes during the game; a failure is reported once (the game goes
 * on, and quit says it again). */
static bool save(play *P)
{
	qv_err err;
	if (qv_match_save_record(P->m, P->saving, &err) == QV_OK)
		return true;
	if (!P->save_warned)
		cli_fail("play", "could not save the record: %s", err.msg);
	P->save_warned = true;
	return false;
}

/* Saves the record for good: written, then (hot-seat) moved from its hidden place to where
 * it belongs. */
static bool save_final(play *P)
{
	if (!save(P))
		return false;
	if (strcmp(P->saving, P->record) != 0 && rename(P->saving, P->record) != 0) {
		cli_fail("play", "could not move the record from %s to %s: %s", P->saving,
		         P->record, strerror(errno));
		P->stayed = true;
	}
	return true;
}

/* Where the record is once saved for good. */
static const char *final_path(const play *P) { return P->stayed ? P->saving : P->record; }

/* ---- output ---- */

/* Prints a message for the person at the terminal: formatted, then broken at blanks to the
 * terminal's width (continuation lines indented by `indent`) so that no line wraps. Plain
 * output (a pipe, a file) gets it as it is. */
static void say(const play *P, int indent, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(const play *P, int indent, const char *fmt, ...)
{
	char small[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	char *text = small;
	if (n >= (int)sizeof small) {
		text = malloc((size_t)n + 1);
		if (!text)
			return;
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	cli_print_wrapped(stdout, text, P->t.tty ? P->t.cols : 0, indent);
	if (text != small)
		free(text);
}

/* Whether the board is drawn compact: asked for, or (auto) when the full diagram and
 * PLAY_ROWS_LEFT rows do not fit the terminal, or it is wider than the terminal. Plain output
 * (a pipe, a file) gets the full one. */
static bool use_compact(play *P, int viewer)
{
	if (P->layout != LAYOUT_AUTO)
		return P->layout == LAYOUT_COMPACT;
	if (!P->t.tty)
		return false;
	cli_term_size(&P->t);
	qv_buf b = {0};
	qv_match_render(P->m, viewer, 0, &b);
	int rows = 0, width = 0;
	const char *s = qv_buf_str(&b);
	while (*s) {
		size_t len = strcspn(s, "\n");
		int w = cli_text_width(s, len);
		if (w > width)
			width = w;
		rows++;
		s += len + (s[len] == '\n');
	}
	qv_buf_free(&b);
	return width > P->t.cols || (P->t.rows > 0 && rows + PLAY_ROWS_LEFT > P->t.rows);
}

static void show_board(play *P, int viewer)
{
	unsigned flags =
	    (P->t.color ? QV_RENDER_COLOR : 0) | (use_compact(P, viewer) ? QV_RENDER_COMPACT : 0);
	qv_buf b = {0};
	qv_match_render(P->m, viewer, flags, &b);
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
 * indented below, each naming whom it is about: none for what the rules did (a capture, a
 * walk), "chance: " for a chance outcome, "p2 (hard): " for a seat's revealed decision. */
static void announce_line(void *ctx, const qv_log_line *l)
{
	const announce_ctx *c = ctx;
	char pn[8];
	const char *pad = l->consequence ? "      " : "  ";
	int indent = l->consequence ? 8 : 6;
	if (!l->consequence && l->entry == c->skip)
		return;
	if (l->consequence && l->about == QV_RULES)
		say(c->P, indent, "%s%s", pad, l->text);
	else if (l->about < 0)
		say(c->P, indent, "%s%s: %s", pad, qv_player_name(l->about, pn), l->text);
	else
		say(c->P, indent, "%s%s (%s): %s", pad, qv_player_name(l->about, pn),
		    c->P->seat[l->about], l->text);
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

/* The answer to `help` at the prompt, with a legal action as an example. */
static void prompt_help(play *P)
{
	char example[QV_ACTION_TEXT];
	bool any = cli_legal_example(P->m, example, sizeof example);
	printf("Commands:\n"
	       "  <action>     play an action in the game's notation%s%s%s\n"
	       "  legal        list your legal actions, grouped ('legal all': each one;\n"
	       "               'legal WORDS': those that begin with WORDS)\n"
	       "  what <action> what the action would do, as far as you may know\n"
	       "  card <name>  what a card, piece or item is (also: piece, item, what;\n"
	       "               alone: every name)\n",
	       any ? ", e.g. '" : "", any ? example : "", any ? "'" : "");
	if (P->nhumans == 1)
		printf(
		    "  undo         take back your last move and the computer's answers, unless a\n"
		    "               die was rolled or something hidden was shown since\n");
	else
		printf(
		    "  undo         take back your last move while nobody has moved since, unless\n"
		    "               a die was rolled or something hidden was shown since\n");
	printf("  resign       give up: %s\n"
	       "  show         show the board again\n"
	       "  help         this help\n"
	       "  quit         save the game and stop (also end of input, Ctrl-D, or Ctrl-C)\n"
	       "The notation is explained by: quiver rules %s\n",
	       P->n == 2 ? "the other player wins" : "the computer plays on for you; you rank last",
	       P->g->name);
}

/* Hot-seat: clears the screen and its scrollback and waits until the next human has the
 * keyboard, then shows what happened since that human's last turn, worded for that human.
 * False at end of input. */
static bool handoff(play *P, int h)
{
	char pn[8];
	cli_term_clear(&P->t);
	P->on_screen = -1;
	printf("Pass the keyboard to %s and press Enter", qv_player_name(h, pn));
	if (!cli_read_line(&P->line, &P->linecap, P->echo, &sig_quit))
		return false;
	cli_term_clear(&P->t);
	P->on_screen = h;
	if (P->told[h] < P->m->nhist) {
		printf("Since your last turn:\n");
		announce(P, P->told[h], -1);
	}
	return true;
}

/* `undo` at the prompt: takes back the player's last decision (and, alone against agents,
 * everything after it), naming what was taken back. True when something was. */
static bool undo(play *P, int h)
{
	qv_err err;
	int k = P->m->nhist - 1;
	while (k >= 0 && (P->m->hist[k].who != h || P->m->hist[k].automatic))
		k--;
	char text[QV_ACTION_TEXT] = "";
	if (k >= 0)
		qv_match_move_text(P->m, k, text, sizeof text);
	int before = P->m->nhist;
	if (qv_match_undo_seat(P->m, h, P->humans, &err)) {
		say(P, 0, "Not undone: %s.", err.msg);
		if (P->nhumans > 1)
			say(P, 0,
			    "(with other people at the table, undo takes back only your own last "
			    "move, and only while nobody has moved since)");
		return false;
	}
	int after = before - P->m->nhist - 1;
	if (after > 0)
		say(P, 0, "Took back your move '%s' and the %d move%s after it.", text, after,
		    after == 1 ? "" : "s");
	else
		say(P, 0, "Took back your move '%s'.", text);
	forget(P);
	save(P);
	return true;
}

/* Asks before an action the game flags (it ends the game or may eliminate the player). True
 * to play it. */
static bool confirmed(play *P, const char *text, const char *note)
{
	say(P, 2, "%s: %s.", text, note);
	printf("Play it? [y/N] ");
	if (!cli_read_line(&P->line, &P->linecap, P->echo, &sig_quit))
		return false;
	char *s = cli_trim(P->line);
	if (qv_streq_nocase(s, "y") || qv_streq_nocase(s, "yes"))
		return true;
	printf("Not played.\n");
	return false;
}

/* The note of action a and whether it asks to be confirmed; "" when the game has none. */
static void note_of(play *P, qv_action a, char *buf, size_t len, bool *confirm)
{
	*confirm = false;
	buf[0] = '\0';
	if (P->g->action_note && P->g->action_note(P->m->state, a, buf, len, confirm) <= 0)
		buf[0] = '\0';
}

/* Plays typed text: parsed and checked first, so that a flagged action can be confirmed
 * before anything changes. TURN_DONE when played, -1 when not (explained). */
static int play_typed(play *P, const char *s)
{
	const qv_game *g = P->g;
	qv_err err, why;
	qv_action a;
	if (g->action_from_text(P->m->state, s, &a, &err)) {
		cli_legal_nearest(P->m, &P->t, s, &err);
		return -1;
	}
	if (g->check(P->m->state, a, &why)) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		qv_fail(&err, QV_EILLEGAL, "illegal action '%s': %s",
		        qv_shorten(s, QV_QUOTE_MAX, quoted, sizeof quoted), why.msg);
		cli_legal_nearest(P->m, &P->t, s, &err);
		return -1;
	}
	char note[QV_NOTE_TEXT], text[QV_ACTION_TEXT];
	bool confirm;
	note_of(P, a, note, sizeof note, &confirm);
	if (confirm) {
		if (g->action_to_text(P->m->state, a, text, sizeof text) < 0)
			qv_copy(text, sizeof text, s);
		if (!confirmed(P, text, note))
			return sig_quit ? TURN_QUIT : -1;
	}
	int from = P->m->nhist;
	if (qv_match_play(P->m, a, &err)) {
		cli_legal_nearest(P->m, &P->t, s, &err);
		return -1;
	}
	announce(P, from, from);
	save(P);
	return TURN_DONE;
}

/* `card <name>`, `piece <code>`, `item <name>`, `what <name>` (the same lookup under the word
 * the game's players use): the game's reference entry, or why there is none with the nearest
 * names; alone, every name the game knows. `what <action>`, with an action of the mover's in
 * the game's notation, says what it would do instead (qv_match_what, the text `legal` gives). */
static void lookup(play *P, const char *what, const char *name)
{
	qv_buf b = {0};
	qv_err err;
	qv_action a;
	if (*name && qv_streq_nocase(what, "what") &&
	    P->g->action_from_text(P->m->state, name, &a, NULL) == QV_OK) {
		char text[QV_NOTE_TEXT];
		bool confirm;
		if (qv_match_what(P->m, name, text, sizeof text, &confirm, &err))
			say(P, 2, "%s.", err.msg);
		else
			say(P, 2, "%s: %s%s.", name, text,
			    confirm ? " (it asks to be confirmed)" : "");
		return;
	}
	if (!*name) {
		int n = qv_reference_names(P->g, P->m->state, &b);
		char **names = n > 0 ? malloc(sizeof *names * (size_t)n) : NULL;
		char *s = b.s;
		for (int i = 0; names && i < n; i++) {
			names[i] = s;
			s += strcspn(s, "\n");
			*s++ = '\0';
		}
		if (names) {
			say(P, 2, "usage: %s <name>, e.g. '%s %s'. %s knows:", what, what, names[0],
			    P->g->title);
			cli_print_columns(stdout, names, n, P->t.cols);
		} else {
			printf(
			    "%s has no reference of its pieces, cards or items yet;\n'quiver rules "
			    "%s' explains the game.\n",
			    P->g->title, P->g->name);
		}
		free(names);
	} else if (qv_lookup(P->g, P->m->state, name, &b, &err)) {
		say(P, 2, "%s.", err.msg);
		if (!P->g->reference)
			printf("'quiver rules %s' explains the game.\n", P->g->name);
	} else {
		fputs(qv_buf_str(&b), stdout);
		if (b.len && b.s[b.len - 1] != '\n')
			putchar('\n');
	}
	qv_buf_free(&b);
}

/* Words for the lookup commands at the prompt. */
static bool is_lookup(const char *word)
{
	return qv_streq_nocase(word, "card") || qv_streq_nocase(word, "piece") ||
	       qv_streq_nocase(word, "item") || qv_streq_nocase(word, "what");
}

/* `resign` at the prompt: after a confirmation, the player leaves the game (qv_match_leave):
 * with two players the other wins at once; with more, the computer plays the seat from now on
 * and the player ranks last. True when the player resigned. */
static bool resign(play *P, int h)
{
	char pn[8];
	qv_player_name(h, pn);
	bool two = P->n == 2;
	printf("Resign? %s [y/N] ", two ? "The other player wins."
	                                : "The computer plays your seat from now on, and "
	                                  "you rank below everyone who plays on.");
	fflush(stdout);
	if (!cli_read_line(&P->line, &P->linecap, P->echo, &sig_quit)) {
		printf("\n");
		return false;
	}
	char *a = cli_trim(P->line);
	if (!qv_streq_nocase(a, "y") && !qv_streq_nocase(a, "yes")) {
		say(P, 0, "Not resigned.");
		return false;
	}
	qv_err err;
	if (qv_match_leave(P->m, h, QV_LEFT_RESIGNED, &err)) {
		say(P, 0, "Not resigned: %s.", err.msg);
		return false;
	}
	say(P, 0, "%s resigns.", pn);
	if (!qv_match_over(P->m)) {
		if (qv_agent_new(&P->agent[h], PLAY_ZOMBIE, P->g,
		                 qv_seed_mix(P->m->seed, 77u + (uint64_t)h), &err)) {
			cli_fail("play", "the computer cannot take %s's seat: %s", pn, err.msg);
			return false;
		}
		P->seen[h] = 0;
		P->humans &= ~(1u << h);
		P->nhumans--;
		say(P, 0, "The computer (%s) plays %s's seat from now on.", PLAY_ZOMBIE, pn);
	}
	save(P);
	return true;
}

/* One human decision: reads commands until an action is played, the own last move is taken
 * back, or the human quits. A forced decision (held by the match) is shown and played on
 * Enter. */
static int human_turn(play *P, int h)
{
	char pn[8];
	qv_player_name(h, pn);
	if (P->nhumans > 1 && P->on_screen != h && !handoff(P, h))
		return TURN_QUIT;
	P->on_screen = h;
	P->told[h] = P->m->nhist;
	show_board(P, h);
	qv_action only = -1;
	bool held = qv_match_held(P->m, &only);
	char only_text[QV_ACTION_TEXT] = "";
	if (held) {
		char note[QV_NOTE_TEXT];
		bool confirm;
		if (P->g->action_to_text(P->m->state, only, only_text, sizeof only_text) < 0)
			snprintf(only_text, sizeof only_text, "#%d", (int)only);
		note_of(P, only, note, sizeof note, &confirm);
		say(P, 2, "Your only move is '%s'%s%s%s; press Enter to play it.", only_text,
		    note[0] ? " (" : "", note, note[0] ? ")" : "");
	}
	for (;;) {
		printf("%s> ", pn);
		if (!cli_read_line(&P->line, &P->linecap, P->echo, &sig_quit)) {
			printf("\n");
			return TURN_QUIT;
		}
		char *s = cli_trim(P->line);
		if (!*s && !held)
			continue;
		char word[16];
		size_t wl = strcspn(s, " \t");
		snprintf(word, sizeof word, "%.*s", (int)(wl < sizeof word ? wl : sizeof word - 1),
		         s);
		if (!*s || (held && strcmp(s, only_text) == 0)) {
			int from = P->m->nhist;
			qv_err err;
			if (qv_match_play(P->m, only, &err)) {
				cli_fail("play", "the only move '%s' failed: %s", only_text,
				         err.msg);
				return TURN_ERROR;
			}
			announce(P, from, from);
			save(P);
			return TURN_DONE;
		} else if (qv_streq_nocase(s, "quit") || qv_streq_nocase(s, "exit")) {
			return TURN_QUIT;
		} else if (qv_streq_nocase(s, "help") || strcmp(s, "?") == 0) {
			prompt_help(P);
		} else if (qv_streq_nocase(s, "show")) {
			show_board(P, h);
		} else if (strncasecmp(s, "legal", 5) == 0 &&
		           (!s[5] || isspace((unsigned char)s[5]))) {
			cli_legal(P->m, &P->t, cli_trim(s + 5));
		} else if (is_lookup(word) && wl == strlen(word)) {
			const char *name = s + wl;
			while (isspace((unsigned char)*name))
				name++;
			lookup(P, word, name);
		} else if (qv_streq_nocase(s, "undo")) {
			if (undo(P, h))
				return TURN_DONE;
		} else if (qv_streq_nocase(s, "resign")) {
			if (resign(P, h))
				return TURN_DONE;
		} else if (held) {
			say(P, 2,
			    "Your only move is '%s': press Enter to play it (or: undo, show, "
			    "legal, help, quit).",
			    only_text);
		} else {
			int r = play_typed(P, s);
			if (r >= 0)
				return r;
		}
	}
}

/* One agent decision, announced; while it thinks a status line (the terminal tests wait for
 * it) says that Ctrl-C makes it answer at once (twice: quits before the answer is played).
 * A failing agent ends the game with a runtime error (the caller saves the record first). */
static int agent_turn(play *P, int who)
{
	qv_action a;
	qv_err err;
	char pn[8];
	int from = P->m->nhist;
	qv_match_tell_agent(P->m, P->agent[who], &P->seen[who]);
	atomic_store(&sig_agent, P->agent[who]);
	cli_term_status(&P->t, "%s is thinking (Ctrl-C: it answers now)", qv_player_name(who, pn));
	qv_status rc = qv_agent_choose(P->agent[who], P->m->state, &a, &err);
	atomic_store(&sig_agent, NULL);
	cli_term_status_end(&P->t);
	if (sig_quit)
		return TURN_QUIT;
	if (rc || qv_match_play(P->m, a, &err)) {
		cli_fail("play", "%s (%s) failed: %s", pn, P->seat[who], err.msg);
		return TURN_ERROR;
	}
	if (sig_stopped) {
		sig_stopped = 0;
		say(P, 3,
		    "  (Ctrl-C: %s answered before its search was done; press Ctrl-C twice to quit)",
		    pn);
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

/* After quitting: the record in its place, and the command that resumes it. */
static bool print_resume(play *P)
{
	bool ok = save_final(P);
	cli_term_public(&P->t);
	if (!ok)
		return false;
	qv_buf cmd = {0};
	cli_program(&cmd); /* as the user ran it: build/quiver need not be on PATH */
	qv_buf_puts(&cmd, " play --load ");
	qv_buf_shell_word(&cmd, final_path(P));
	printf("Game saved to %s\nResume with: %s\n", final_path(P), qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	return true;
}

/* For a new game with a person at the keyboard: where to learn the game, and the key to the
 * codes of its board when the game has one (its reference's entry "legend"), on one screen
 * with the first board. */
static void welcome(play *P)
{
	if (P->nhumans == 0)
		return;
	say(P, 2,
	    "New to %s? 'quiver learn %s' teaches it in short lessons; 'quiver rules %s' "
	    "has its rules.",
	    P->g->title, P->g->name, P->g->name);
	qv_buf key = {0};
	qv_err err;
	if (qv_lookup(P->g, P->m->state, "legend", &key, &err) == QV_OK)
		printf("%s", qv_buf_str(&key));
	qv_buf_free(&key);
}

/* The first lines: game, parameters, seats and where the record goes. The seed is left out
 * when it would tell hidden facts or dice (secret_seed); it comes with the result. */
static void banner(play *P, bool resumed, const char *loaded)
{
	const qv_match *m = P->m;
	qv_buf desc = {0};
	cli_format_params(m->game, &m->params, &desc);
	if (P->secret_seed)
		say(P, 2, "%s (%s): %s", P->g->title, P->g->name, qv_buf_str(&desc));
	else
		say(P, 2, "%s (%s): %s, seed %llu", P->g->title, P->g->name, qv_buf_str(&desc),
		    (unsigned long long)m->seed);
	qv_buf_clear(&desc);
	qv_buf_puts(&desc, "Seats:");
	for (int i = 0; i < P->n; i++) {
		char pn[8];
		qv_buf_printf(&desc, " %s %s%s%s", qv_player_name(i, pn), P->seat[i],
		              P->nhumans == 1 && is_human(P, i) ? " (you)" : "",
		              i + 1 < P->n ? "," : "");
	}
	say(P, 2, "%s", qv_buf_str(&desc));
	qv_buf_free(&desc);
	if (resumed)
		say(P, 2, "Resumed %s after %d move%s.", loaded, m->nhist,
		    m->nhist == 1 ? "" : "s");
	if (strcmp(P->saving, P->record) == 0)
		say(P, 2, "Saving to %s.", P->record);
	else
		say(P, 2, "The record is kept out of sight until the game ends.");
	if (!resumed)
		welcome(P);
	say(P, 2, "Type 'help' for the commands.");
}

/* The end of a finished game: the whole final board, the ranking and the seed. */
static void print_end(play *P)
{
	printf("\nGame over.\n");
	show_board(P, QV_VIEW_ALL);
	printf("\nResult:\n");
	cli_print_result(stdout, P->m, (const char(*)[QV_NAME_MAX])P->seat);
	printf("Seed: %llu\n", (unsigned long long)P->m->seed);
}

/* Plays until the game is over, someone quits or something fails. */
static int run(play *P)
{
	for (;;) {
		int tm = qv_match_to_move(P->m);
		int r;
		if (tm == QV_OVER)
			break;
		if (sig_quit)
			r = TURN_QUIT;
		else if (tm == QV_CHANCE)
			r = chance_turn(P);
		else if (is_human(P, tm))
			r = human_turn(P, tm);
		else
			r = agent_turn(P, tm);
		if (r == TURN_QUIT) {
			if (P->nhumans > 1)
				cli_term_clear(&P->t);
			printf("\n");
			return print_resume(P) ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
		}
		if (r == TURN_ERROR) {
			print_resume(P);
			return CLI_EXIT_RUNTIME;
		}
	}
	if (P->nhumans > 1)
		cli_term_clear(&P->t);
	bool saved = save_final(P);
	cli_term_public(&P->t);
	print_end(P);
	if (!saved)
		return CLI_EXIT_RUNTIME;
	qv_buf cmd = {0};
	qv_buf_shell_word(&cmd, final_path(P));
	printf("\nRecord saved to %s\nReplay it with: quiver replay %s\n", final_path(P),
	       qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	return CLI_EXIT_OK;
}

/* Everything after option parsing: the match (new or loaded), the seats, the record path,
 * then the game itself. */
static int start(play *P, const char *game, const char *players, qv_params *params,
                 bool params_given, uint64_t seed, const char *record, const char *load,
                 const char *variant)
{
	qv_err err;
	int nlisted = 0;
	if (players && (nlisted = split_players(players, P->seat)) < 0)
		return CLI_EXIT_USAGE;
	if (load) {
		if (params_given || variant)
			return cli_usage("play",
			                 "--%s cannot be used with --load: the saved game keeps "
			                 "its parameters and components",
			                 variant ? "variant" : "param");
		if (qv_match_load_file(&P->m, load, &err))
			return cli_fail("play", "%s", err.msg);
		P->g = P->m->game;
		if (game && strcmp(game, P->g->name) != 0)
			return cli_usage("play", "%s holds a game of %s, not %s", load, P->g->name,
			                 game);
	} else {
		if (!game)
			return cli_usage(
			    "play",
			    "expected quiver play <game> [options] or quiver play --load FILE");
		P->g = cli_game("play", game);
		if (!P->g)
			return CLI_EXIT_USAGE;
		int rc = cli_variant_param("play", P->g, variant, params);
		if (rc)
			return rc;
		if (players && (nlisted < P->g->min_players || nlisted > P->g->max_players))
			return cli_usage("play",
			                 "--players lists %d seat%s, but %s is for %d-%d players",
			                 nlisted, nlisted == 1 ? "" : "s", P->g->name,
			                 P->g->min_players, P->g->max_players);
		if (players && qv_param_find(P->g->params, P->g->nparams, "players") &&
		    !qv_params_get(params, "players")) {
			char count[16];
			snprintf(count, sizeof count, "%d", nlisted);
			if (qv_params_set(params, "players", count, &err))
				return cli_usage("play", "%s", err.msg);
		}
		if (qv_match_new(&P->m, P->g, params, seed, &err))
			return cli_usage("play", "%s", err.msg);
	}
	P->n = P->g->num_players(P->m->state);
	P->secret_seed = P->g->determinize != NULL || P->g->max_chance > 0;
	if (players && nlisted != P->n)
		return cli_usage("play",
		                 "--players lists %d seat%s but this game of %s has %d players",
		                 nlisted, nlisted == 1 ? "" : "s", P->g->name, P->n);
	int rc;
	if (!players) {
		if (load) {
			if ((rc = loaded_seats(P, load)))
				return rc;
		} else {
			for (int i = 0; i < P->n; i++)
				snprintf(P->seat[i], sizeof P->seat[i], "%s",
				         i == 0     ? "human"
				         : P->level ? P->level
				                    : CLI_DEFAULT_AGENT);
		}
	}
	if (load && qv_match_over(P->m)) {
		/* Nothing to play: show how it ended, and write nothing. */
		for (int i = 0; i < P->n; i++)
			if (!players)
				qv_copy(P->seat[i], sizeof P->seat[i], P->m->names[i]);
		printf("%s holds a finished game of %s (%d moves); no new record is written.\n",
		       load, P->g->title, P->m->nhist);
		print_end(P);
		return CLI_EXIT_OK;
	}
	if ((rc = make_agents(P, seed)))
		return rc;
	for (int i = 0; i < P->n; i++)
		qv_match_set_name(P->m, i, P->seat[i]);
	if (record)
		qv_copy(P->record, sizeof P->record, record);
	else if ((rc = default_record(P)))
		return rc;
	set_saving(P);
	/* A record that cannot be written is found out now, not after an hour of play. */
	if (qv_match_save_record(P->m, P->saving, &err))
		return cli_fail("play",
		                "cannot save the game: %s (choose another file with --record FILE)",
		                err.msg);
	for (int i = 0; i < P->n; i++)
		P->seen[i] = P->told[i] = P->m->nhist;
	P->echo = !isatty(STDIN_FILENO);
	P->on_screen = -1;
	qv_match_hold_forced(P->m, P->humans);
	if (P->nhumans > 1)
		cli_term_private(&P->t);
	banner(P, load != NULL, load);
	/* Forced moves the match applied at the start, or (resuming) at the end of the loaded
	 * history, where loading may just have applied one that was waiting. */
	int first = P->m->nhist;
	while (first > 0 && P->m->hist[first - 1].automatic)
		first--;
	if (!load)
		first = 0;
	if (first < P->m->nhist)
		announce(P, first, -1);
	return run(P);
}

/* Parses the options, then runs the game (start) and releases everything it made. */
int cli_play(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "play", argc, argv);
	const char *game = NULL, *players = NULL, *record = NULL, *load = NULL, *variant = NULL, *v;
	const char *level = NULL;
	qv_params params = {0};
	bool params_given = false, seeded = false, no_color = false;
	uint64_t seed = 0;
	int layout = LAYOUT_AUTO;
	int o;
	while ((o = cli_next(&p, play_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case OPT_PLAYERS: players = v; break;
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
		case OPT_RECORD: record = v; break;
		case OPT_LOAD: load = v; break;
		case OPT_VARIANT: variant = v; break;
		case OPT_LEVEL: level = v; break;
		case OPT_LAYOUT:
			if (strcmp(v, "compact") == 0)
				layout = LAYOUT_COMPACT;
			else if (strcmp(v, "full") == 0)
				layout = LAYOUT_FULL;
			else if (strcmp(v, "auto") == 0)
				layout = LAYOUT_AUTO;
			else
				return cli_usage(
				    "play",
				    "bad value '%s' for --layout: expected compact, full or auto",
				    v);
			break;
		case OPT_NO_COLOR: no_color = true; break;
		case OPT_HELP: play_help(), cli_ladder_help(); return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (game)
				return cli_usage(
				    "play",
				    "unexpected argument '%s': expected quiver play <game> [options]",
				    v);
			game = v;
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	if (level && (players || load))
		return cli_usage("play",
		                 "--level sets the other seats of a new game: give it without "
		                 "--%s (or give every seat with --players)",
		                 players ? "players" : "load");
	if (level && (!qv_agent_level_searches(level) && strcmp(level, "beginner") != 0))
		return cli_usage("play",
		                 "bad value '%s' for --level: expected beginner, easy, medium "
		                 "or hard",
		                 level);
	if (!seeded)
		seed = cli_random_seed();
	play *P = calloc(1, sizeof *P);
	if (!P)
		return cli_fail("play", "out of memory");
	P->layout = layout;
	P->level = level;
	cli_term_setup(&P->t, !no_color);
	catch_sigint();
	int rc = start(P, game, players, &params, params_given, seed, record, load, variant);
	signal(SIGINT, SIG_DFL);
	cli_term_done(&P->t);
	for (int i = 0; i < QV_MAX_PLAYERS; i++)
		qv_agent_free(P->agent[i]);
	if (P->m)
		qv_match_free(P->m);
	free(P->line);
	free(P);
	return rc;
}
