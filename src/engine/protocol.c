/*
 * protocol.c - the engine protocol (`quiver engine`): one command per line, GTP-style replies.
 * docs/protocol.md documents every command; docs/architecture.md states the principles.
 *
 * A session holds at most one match. Every command is checked completely (arguments, game
 * present, action legal) before anything changes, and every change goes through the match, so
 * a rejected command leaves the session exactly as it was. Replies are assembled in a buffer
 * and normalised in one place (reply_ok/reply_err): no trailing blanks, no empty line inside
 * a reply, one empty line at the end.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/match.h"
#include "quiver/protocol.h"
#include "quiver/variant.h"

/* Agents created by genmove, kept by spec so that an agent keeps its RNG (and whatever it
 * learnt, such as a search tree) from one genmove to the next. */
#define AGENT_CACHE_MAX 8
/* Enough words for any command: `new` takes at most QV_MAX_PARAMS parameters. */
#define MAX_ARGS 64
/* The reply room made before a command runs (see dispatch). */
#define REPLY_ROOM (4 * QV_ACTION_TEXT)

struct qv_protocol {
	uint64_t seed;
	qv_match *m;
	struct {
		char spec[QV_NAME_MAX];
		qv_agent *agent;
		int seen; /* history entries the agent has been told about (qv_agent_observe) */
	} agents[AGENT_CACHE_MAX];
	int nagents;
	/* the variants `variant` (or quiver engine --variant) chose, by game: what `new` of that
	 * game plays with when it names none */
	const qv_variant *variants[QV_PROTOCOL_GAMES];
};

/* What a command handler receives: its words (argv[0] is the first argument, not the
 * command name), the whole argument text, and a buffer for the reply text. */
typedef struct cmd_args {
	int argc;
	char **argv;
	const char *rest;
	qv_buf *text;
	bool quit;
} cmd_args;

typedef qv_status (*cmd_fn)(qv_protocol *p, cmd_args *a, qv_err *err);

typedef struct command {
	const char *name;
	cmd_fn fn;
	int min_args, max_args; /* max_args -1: any number (the handler reads `rest`) */
	bool needs_game;
	const char *usage;
	const char *help;
} command;

/* ---- session ------------------------------------------------------------------------------- */

/* A session without a game; the seed feeds new games, chance draws and agents. */
qv_protocol *qv_protocol_new(uint64_t seed)
{
	qv_protocol *p = calloc(1, sizeof *p);
	if (p)
		p->seed = seed;
	return p;
}

/* Frees the cached agents (they belong to the game of the current match). */
static void drop_agents(qv_protocol *p)
{
	for (int i = 0; i < p->nagents; i++)
		qv_agent_free(p->agents[i].agent);
	p->nagents = 0;
}

/* Releases the session, its agents and its match; NULL is allowed. */
void qv_protocol_free(qv_protocol *p)
{
	if (!p)
		return;
	drop_agents(p);
	qv_match_free(p->m);
	free(p);
}

/* Makes m the session's match, dropping the previous match and its agents. */
static void replace_match(qv_protocol *p, qv_match *m)
{
	drop_agents(p);
	qv_match_free(p->m);
	p->m = m;
}

/* ---- small helpers ------------------------------------------------------------------------- */

/* Parses a viewer: p1..pN, all or public. */
static qv_status parse_viewer(const qv_match *m, const char *text, int *viewer, qv_err *err)
{
	int np = m->game->num_players(m->state);
	if (strcmp(text, "all") == 0)
		*viewer = QV_VIEW_ALL;
	else if (strcmp(text, "public") == 0)
		*viewer = QV_VIEW_PUBLIC;
	else if ((*viewer = qv_player_parse(text, np)) < 0)
		return qv_fail(err, QV_EINVAL,
		               "unknown viewer '%.40s': expected p1-p%d, all or public", text, np);
	return QV_OK;
}

/* Appends j as one line of compact JSON and releases it. */
static qv_status put_json(qv_buf *text, json_t *j, qv_err *err)
{
	char *s = qv__json_dumps(j, JSON_COMPACT);
	json_decref(j);
	if (!s)
		return qv_fail(err, QV_ENOMEM, "out of memory writing JSON");
	qv_buf_puts(text, s);
	free(s);
	return QV_OK;
}

/* FNV-1a, to derive an agent's default seed from its spec. */
static uint64_t hash_text(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

/* ---- commands ------------------------------------------------------------------------------ */

/* The protocol's version: 1. */
static qv_status cmd_protocol_version(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)p, (void)err;
	qv_buf_puts(a->text, "1");
	return QV_OK;
}

/* The engine's name. */
static qv_status cmd_name(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)p, (void)err;
	qv_buf_puts(a->text, "quiver");
	return QV_OK;
}

/* The engine's version (QV_VERSION). */
static qv_status cmd_version(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)p, (void)err;
	qv_buf_puts(a->text, QV_VERSION);
	return QV_OK;
}

/* The registered games, in registry order. */
static qv_status cmd_list_games(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)p, (void)err;
	for (int i = 0; qv_games[i]; i++)
		qv_buf_printf(a->text, "%s\n", qv_games[i]->name);
	return QV_OK;
}

/* The index of g in the registry (below QV_PROTOCOL_GAMES). */
static int game_index(const qv_game *g)
{
	int i = 0;
	while (qv_games[i] != g)
		i++;
	return i;
}

/* Loads a variant named by text: a file's path, or its document inline (starting with '{'). */
static qv_status load_variant(const qv_game *g, const char *text, const qv_variant **out,
                              qv_err *err)
{
	if (text[0] != '{')
		return qv_variant_load(text, g, out, err);
	json_t *doc;
	json_error_t jerr;
	qv_status rc = qv__json_parse(text, strlen(text), JSON_REJECT_DUPLICATES, &doc, &jerr);
	if (rc == QV_ENOMEM)
		return qv_fail(err, rc, "out of memory reading the variant");
	if (rc)
		return qv_fail(err, rc, "variant:%d:%d: %s", jerr.line, jerr.column, jerr.text);
	rc = qv_variant_from_json(doc, g, "variant", out, err);
	json_decref(doc);
	return rc;
}

qv_status qv_protocol_use_variant(qv_protocol *p, const char *text, qv_buf *out, qv_err *err)
{
	const qv_variant *v;
	qv_status rc = load_variant(NULL, text, &v, err);
	if (rc)
		return rc;
	p->variants[game_index(v->game)] = v;
	qv_buf_printf(out, "%s %s %s\n", v->game->name, v->sha256, v->name);
	return QV_OK;
}

/* Makes a variant (a file or a document) what `new` of its game plays with. */
static qv_status cmd_variant(qv_protocol *p, cmd_args *a, qv_err *err)
{
	return qv_protocol_use_variant(p, a->rest, a->text, err);
}

/* Starts a game; on any error the previous game stays. variant= may name a file, which is
 * loaded; without it, the variant chosen for the game plays. */
static qv_status cmd_new(qv_protocol *p, cmd_args *a, qv_err *err)
{
	const qv_game *g = qv_game_find(a->argv[0], err);
	if (!g)
		return QV_EINVAL;
	qv_params params = {0};
	for (int i = 1; i < a->argc; i++) {
		qv_status rc = qv_params_parse_kv(&params, a->argv[i], err);
		if (rc)
			return rc;
	}
	const char *named = qv_params_get(&params, "variant");
	const qv_variant *v = p->variants[game_index(g)];
	if (g->components && named && !qv_variant_find(g, named, NULL)) {
		qv_status rc = load_variant(g, named, &v, err);
		if (rc)
			return rc;
		named = NULL;
	}
	if (v && !named) {
		qv_status rc =
		    qv_params_set(&params, "variant", v->builtin ? "base" : v->sha256, err);
		if (rc)
			return rc;
	}
	qv_match *m;
	qv_status rc = qv_match_new(&m, g, &params, p->seed, err);
	if (rc)
		return rc;
	replace_match(p, m);
	return QV_OK;
}

/* Every parameter of the current game, defaults filled in, as key=value lines. */
static qv_status cmd_params(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	for (int i = 0; i < p->m->params.n; i++)
		qv_buf_printf(a->text, "%s=%s\n", qv_params_key(&p->m->params, i),
		              qv_params_value(&p->m->params, i));
	return QV_OK;
}

/* p1.., chance or over. */
static qv_status cmd_to_move(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	char name[8];
	qv_buf_puts(a->text, qv_player_name(qv_match_to_move(p->m), name));
	return QV_OK;
}

/* The players who may decide now (qv_match_acting): the player to move and, in a simultaneous
 * secret step, every other player of it who has not committed; nothing when chance is to move
 * or the game is over. */
static qv_status cmd_acting(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	unsigned mask = qv_match_acting(p->m);
	char name[8];
	for (int q = 0; q < QV_MAX_PLAYERS; q++)
		if (mask >> q & 1u)
			qv_buf_printf(a->text, "%s%s", a->text->len ? " " : "",
			              qv_player_name(q, name));
	return QV_OK;
}

/* A decision of a named player (qv_match_act): played when it is to move, else kept as its
 * commitment in a simultaneous step until its turn comes. */
static qv_status cmd_act(qv_protocol *p, cmd_args *a, qv_err *err)
{
	int player = qv_player_parse(a->argv[0], p->m->game->num_players(p->m->state));
	if (player < 0)
		return qv_fail(err, QV_EINVAL,
		               "act: expected act <pN> <action>, with pN a player of this game");
	const char *action = a->rest + strlen(a->argv[0]);
	while (isspace((unsigned char)*action))
		action++;
	return qv_match_act(p->m, player, action, err);
}

/* Player actions in the game's order, or chance outcomes with their probabilities. */
static qv_status cmd_legal(qv_protocol *p, cmd_args *a, qv_err *err)
{
	qv_match *m = p->m;
	const qv_game *g = m->game;
	int who = qv_match_to_move(m);
	int room = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *list = malloc((size_t)(room > 0 ? room : 1) * sizeof *list);
	double *prob = malloc((size_t)(g->max_chance > 0 ? g->max_chance : 1) * sizeof *prob);
	if (!list || !prob) {
		free(list);
		free(prob);
		return qv_fail(err, QV_ENOMEM, "out of memory listing the legal actions");
	}
	int n = who == QV_CHANCE ? g->chance(m->state, list, prob)
	        : who >= 0       ? g->legal(m->state, list)
	                         : 0;
	for (int i = 0; i < n; i++) {
		char text[QV_ACTION_TEXT];
		if (g->action_to_text(m->state, list[i], text, sizeof text) < 0)
			snprintf(text, sizeof text, "#%d", (int)list[i]);
		if (who == QV_CHANCE)
			qv_buf_printf(a->text, "%s\t%.6g\n", text, prob[i]);
		else
			qv_buf_printf(a->text, "%s\n", text);
	}
	free(list);
	free(prob);
	return QV_OK;
}

/* The rest of the line is the action; the match reports malformed and illegal ones. */
static qv_status cmd_play(qv_protocol *p, cmd_args *a, qv_err *err)
{
	return qv_match_play_text(p->m, a->rest, err);
}

/* What the action would do, for the player to move (qv_match_what); nothing changes. */
static qv_status cmd_what(qv_protocol *p, cmd_args *a, qv_err *err)
{
	char text[QV_NOTE_TEXT];
	bool confirm;
	qv_status rc = qv_match_what(p->m, a->rest, text, sizeof text, &confirm, err);
	if (!rc)
		qv_buf_printf(a->text, "%s%s", text, confirm ? " (asks for a confirmation)" : "");
	return rc;
}

/* Draws one chance outcome and names it. */
static qv_status cmd_chance(qv_protocol *p, cmd_args *a, qv_err *err)
{
	int at = p->m->nhist;
	qv_status rc = qv_match_chance(p->m, NULL, err);
	if (rc)
		return rc;
	char text[QV_ACTION_TEXT];
	qv_match_move_text(p->m, at, text, sizeof text);
	qv_buf_puts(a->text, text);
	return QV_OK;
}

/* Draws chance outcomes until a player must decide; lists the outcomes applied (automatic
 * single-outcome events included, forced player decisions not). */
static qv_status cmd_settle(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	int at = p->m->nhist;
	qv_match_settle(p->m, NULL, 0);
	if (p->m->nhist == at)
		return QV_OK;
	for (int i = at; i < p->m->nhist; i++)
		if (p->m->hist[i].who == QV_CHANCE)
			qv_buf_printf(a->text, "%s\n", qv_match_notation(p->m, i));
	return QV_OK;
}

/* `undo`: the referee's undo, the last decision or chance outcome and the automatic moves
 * after it, whatever it showed (the session's client sees everything and names outcomes
 * itself). `undo pN [pM...]`: a seat's takeback under the rule of `quiver play` and the server
 * (qv_match_undo_seat), pN and the other seats named being people and the rest agents; a
 * refusal gives the engine's reason. */
static qv_status cmd_undo(qv_protocol *p, cmd_args *a, qv_err *err)
{
	qv_status rc;
	if (a->argc == 0) {
		rc = qv_match_undo(p->m, err);
	} else {
		int np = p->m->game->num_players(p->m->state), seat = -1;
		unsigned people = 0;
		for (int i = 0; i < a->argc; i++) {
			int s = qv_player_parse(a->argv[i], np);
			if (s < 0)
				return qv_fail(
				    err, QV_EINVAL,
				    "unknown seat '%.40s': expected undo, or undo p1-p%d "
				    "followed by the other seats played by people",
				    a->argv[i], np);
			people |= 1u << s;
			seat = i == 0 ? s : seat;
		}
		rc = qv_match_undo_seat(p->m, seat, people, err);
	}
	if (rc)
		return rc;
	/* The agents followed a game that has been taken back. */
	for (int i = 0; i < p->nagents; i++) {
		qv_agent_reset(p->agents[i].agent);
		p->agents[i].seen = p->m->nhist;
	}
	return QV_OK;
}

/* Every action from the start of the history, automatic ones included. */
static qv_status cmd_history(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	for (int i = 0; i < p->m->nhist; i++)
		qv_buf_printf(a->text, "%s\n", qv_match_notation(p->m, i));
	return QV_OK;
}

/* The game's diagram without colours, for all (default), a player or the public; `compact`
 * gives the layout for 80x24 terminals. */
static qv_status cmd_show(qv_protocol *p, cmd_args *a, qv_err *err)
{
	int viewer = QV_VIEW_ALL;
	unsigned flags = 0;
	int argc = a->argc;
	if (argc > 0 && strcmp(a->argv[argc - 1], "compact") == 0) {
		flags = QV_RENDER_COMPACT;
		argc--;
	}
	if (argc > 1)
		return qv_fail(err, QV_EINVAL, "usage: show [pN|all|public] [compact]");
	if (argc == 1 && parse_viewer(p->m, a->argv[0], &viewer, err))
		return QV_EINVAL;
	qv_match_render(p->m, viewer, flags, a->text);
	return QV_OK;
}

/* One line of `log`, naming whom it is about: a move as "p1: place Y c1 N", a consequence as
 * "- game: text" (what the rules did), "- p2: text" (p2's revealed decision) or
 * "- chance: text" (a chance outcome). */
static void log_line(void *ctx, const qv_log_line *l)
{
	qv_buf *out = ctx;
	char who[8];
	qv_buf_printf(out, "%s%s: %s\n", l->consequence ? "- " : "", qv_player_name(l->about, who),
	              l->text);
}

/* The narrated log so far, worded for a viewer. */
static qv_status cmd_log(qv_protocol *p, cmd_args *a, qv_err *err)
{
	int viewer;
	if (parse_viewer(p->m, a->argv[0], &viewer, err))
		return QV_EINVAL;
	if (qv_match_log(p->m, viewer, 0, log_line, a->text))
		return qv_fail(err, QV_ENOMEM, "out of memory wording the log");
	return QV_OK;
}

/* The full state JSON on one line. */
static qv_status cmd_state(qv_protocol *p, cmd_args *a, qv_err *err)
{
	return put_json(a->text, qv_match_state_json(p->m), err);
}

/* A viewer's JSON view on one line. */
static qv_status cmd_view(qv_protocol *p, cmd_args *a, qv_err *err)
{
	int viewer;
	if (parse_viewer(p->m, a->argv[0], &viewer, err))
		return QV_EINVAL;
	return put_json(a->text, qv_match_view_json(p->m, viewer), err);
}

/* Loads a full state or a record; on any error the current game stays. */
static qv_status cmd_load(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)a;
	qv_match *m;
	qv_status rc = qv_match_load_text(&m, a->rest, err);
	if (rc)
		return rc;
	replace_match(p, m);
	return QV_OK;
}

/* "not over", or pN rank score per player in seat order. */
static qv_status cmd_result(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	const qv_game *g = p->m->game;
	if (!qv_match_over(p->m)) {
		qv_buf_puts(a->text, "not over");
		return QV_OK;
	}
	int ranks[QV_MAX_PLAYERS], scores[QV_MAX_PLAYERS];
	qv_match_ranks(p->m, ranks);
	g->score(p->m->state, scores);
	for (int i = 0; i < g->num_players(p->m->state); i++)
		qv_buf_printf(a->text, "p%d %d %d\n", i + 1, ranks[i], scores[i]);
	return QV_OK;
}

/* pN score per player, as the game defines score. */
static qv_status cmd_score(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	const qv_game *g = p->m->game;
	int scores[QV_MAX_PLAYERS];
	g->score(p->m->state, scores);
	for (int i = 0; i < g->num_players(p->m->state); i++)
		qv_buf_printf(a->text, "p%d %d\n", i + 1, scores[i]);
	return QV_OK;
}

/* pN utility per player, printed with %.6g (rounding noise and -0 as 0). */
static qv_status cmd_returns(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)err;
	const qv_game *g = p->m->game;
	double r[QV_MAX_PLAYERS];
	qv_returns(g, p->m->state, r);
	for (int i = 0; i < g->num_players(p->m->state); i++)
		qv_buf_printf(a->text, "p%d %.6g\n", i + 1, qv_clean_zero(r[i], 6));
	return QV_OK;
}

/* The cached agent for spec, created on first use with a seed derived from the session's
 * seed and the spec (so two different specs do not play from the same random stream). */
static qv_status get_agent(qv_protocol *p, const char *spec, qv_agent **out, qv_err *err)
{
	for (int i = 0; i < p->nagents; i++)
		if (strcmp(p->agents[i].spec, spec) == 0) {
			qv_match_tell_agent(p->m, p->agents[i].agent, &p->agents[i].seen);
			*out = p->agents[i].agent;
			return QV_OK;
		}
	if (strlen(spec) >= sizeof p->agents[0].spec)
		return qv_fail(err, QV_EINVAL,
		               "agent spec '%.40s...' is too long (at most %zu "
		               "characters)",
		               spec, sizeof p->agents[0].spec - 1);
	qv_agent *agent;
	qv_status rc =
	    qv_agent_new(&agent, spec, p->m->game, qv_seed_mix(p->seed, hash_text(spec)), err);
	if (rc)
		return rc;
	if (p->nagents == AGENT_CACHE_MAX) {
		qv_agent_free(p->agents[0].agent);
		memmove(&p->agents[0], &p->agents[1], sizeof p->agents[0] * (AGENT_CACHE_MAX - 1));
		p->nagents--;
	}
	qv_copy(p->agents[p->nagents].spec, sizeof p->agents[0].spec, spec);
	p->agents[p->nagents].seen = p->m->nhist;
	p->agents[p->nagents++].agent = agent;
	*out = agent;
	return QV_OK;
}

/* Lets an agent choose for the player to move, plays the choice and echoes it. The seat's
 * name in the record becomes the agent's spec. */
static qv_status cmd_genmove(qv_protocol *p, cmd_args *a, qv_err *err)
{
	qv_match *m = p->m;
	int who = qv_match_to_move(m);
	if (who == QV_CHANCE)
		return qv_fail(err, QV_ESTATE, "chance is to move: use 'chance' or 'settle'");
	if (who == QV_OVER)
		return qv_fail(err, QV_ESTATE, "the game is over");
	qv_agent *agent = NULL;
	qv_action act = -1;
	qv_status rc = get_agent(p, a->argv[0], &agent, err);
	if (!rc)
		rc = qv_agent_choose(agent, m->state, &act, err);
	if (rc)
		return rc;
	char text[QV_ACTION_TEXT];
	if (m->game->action_to_text(m->state, act, text, sizeof text) < 0)
		return qv_fail(err, QV_EILLEGAL, "agent '%s' chose %d, which is not an action",
		               a->argv[0], (int)act);
	rc = qv_match_play(m, act, err);
	if (rc)
		return rc;
	qv_match_set_name(m, who, a->argv[0]);
	qv_buf_puts(a->text, text);
	return QV_OK;
}

/* The record JSON on one line. */
static qv_status cmd_record(qv_protocol *p, cmd_args *a, qv_err *err)
{
	return put_json(a->text, qv_match_record_json(p->m), err);
}

static qv_status cmd_help(qv_protocol *p, cmd_args *a, qv_err *err);

/* Ends the session after an empty success reply. */
static qv_status cmd_quit(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)p, (void)err;
	a->quit = true;
	return QV_OK;
}

static const command commands[] = {
    {"protocol_version", cmd_protocol_version, 0, 0, false, "protocol_version",
     "the protocol's version (1)"},
    {"name", cmd_name, 0, 0, false, "name", "the engine's name"},
    {"version", cmd_version, 0, 0, false, "version", "the engine's version"},
    {"list_games", cmd_list_games, 0, 0, false, "list_games", "the games, one per line"},
    {"new", cmd_new, 1, 1 + QV_MAX_PARAMS, false, "new <game> [key=value...]", "start a game"},
    {"variant", cmd_variant, 1, -1, false, "variant <file|json>",
     "load a variant: what new of its game plays with"},
    {"params", cmd_params, 0, 0, true, "params", "every parameter as key=value"},
    {"to_move", cmd_to_move, 0, 0, true, "to_move", "p1.., chance or over"},
    {"legal", cmd_legal, 0, 0, true, "legal",
     "legal actions, or chance outcomes with probabilities"},
    {"play", cmd_play, 1, -1, true, "play <action>", "play an action or a chance outcome"},
    {"acting", cmd_acting, 0, 0, true, "acting",
     "the players who may decide now (several in a simultaneous step)"},
    {"act", cmd_act, 2, -1, true, "act <pN> <action>",
     "pN's decision: played now, or kept until pN's turn in a simultaneous step"},
    {"what", cmd_what, 1, -1, true, "what <action>",
     "what the action would do, as the player to move may know it"},
    {"chance", cmd_chance, 0, 0, true, "chance", "draw one chance outcome and apply it"},
    {"settle", cmd_settle, 0, 0, true, "settle", "draw chance outcomes until a player decides"},
    {"undo", cmd_undo, 0, QV_MAX_PLAYERS, true, "undo [pN [pM...]]",
     "take back the last move; with pN: pN's takeback under the table's rule"},
    {"history", cmd_history, 0, 0, true, "history", "every action so far"},
    {"show", cmd_show, 0, 2, true, "show [pN|all|public] [compact]", "the board as text"},
    {"state", cmd_state, 0, 0, true, "state", "the full state as JSON"},
    {"view", cmd_view, 1, 1, true, "view <pN|all|public>", "what a player sees, as JSON"},
    {"load", cmd_load, 1, -1, false, "load <json>", "load a full state or a record"},
    {"result", cmd_result, 0, 0, true, "result", "not over, or pN rank score per player"},
    {"score", cmd_score, 0, 0, true, "score", "pN score per player"},
    {"returns", cmd_returns, 0, 0, true, "returns", "pN utility per player"},
    {"log", cmd_log, 1, 1, true, "log <pN|all|public>",
     "every move and its consequences, worded for a viewer"},
    {"genmove", cmd_genmove, 1, 1, true, "genmove <agent>",
     "let an agent choose, play and print its action"},
    {"record", cmd_record, 0, 0, true, "record", "the game record as JSON"},
    {"help", cmd_help, 0, 0, false, "help", "this list"},
    {"quit", cmd_quit, 0, 0, false, "quit", "end the session"},
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* One line per command: its form and what it does. */
static qv_status cmd_help(qv_protocol *p, cmd_args *a, qv_err *err)
{
	(void)p, (void)err;
	for (int i = 0; i < NCOMMANDS; i++)
		qv_buf_printf(a->text, "%-26s %s\n", commands[i].usage, commands[i].help);
	return QV_OK;
}

/* ---- replies ------------------------------------------------------------------------------- */

/* Appends s[0..n) without trailing blanks. */
static void put_trimmed(qv_buf *out, const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	for (size_t i = 0; i < n; i++)
		qv_buf_putc(out, s[i]);
}

/* A success reply: the first line of text after "=id ", the other lines as they are; empty
 * lines and trailing blanks are dropped so that the only empty line is the final one. */
static void reply_ok(qv_buf *out, const char *id, const char *text)
{
	qv_buf_putc(out, '=');
	qv_buf_puts(out, id);
	bool first = true;
	const char *s = text;
	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		size_t k = n;
		while (k > 0 && isspace((unsigned char)s[k - 1]))
			k--;
		if (k > 0) {
			qv_buf_putc(out, first ? ' ' : '\n');
			put_trimmed(out, s, k);
			first = false;
		}
		s += n + (nl != NULL);
	}
	qv_buf_puts(out, "\n\n");
}

/* An error reply: one line, newlines in the message turned into blanks. */
static void reply_err(qv_buf *out, const char *id, const char *msg)
{
	qv_buf_putc(out, '?');
	qv_buf_puts(out, id);
	qv_buf_putc(out, ' ');
	size_t n = strlen(msg);
	while (n > 0 && isspace((unsigned char)msg[n - 1]))
		n--;
	if (n == 0)
		qv_buf_puts(out, "error");
	for (size_t i = 0; i < n; i++)
		qv_buf_putc(out, msg[i] == '\n' || msg[i] == '\r' ? ' ' : msg[i]);
	qv_buf_puts(out, "\n\n");
}

/* ---- dispatch ------------------------------------------------------------------------------ */

static const command *find_command(const char *name)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

/* The command named at the start of `line`, *args set to the text after its name and the
 * blanks that follow; NULL, with the error replied (the commands listed), when there is none of
 * that name. */
static const command *parse_command(const char *line, const char *id, const char **args,
                                    qv_buf *out)
{
	qv_err err = {{0}};
	const char *s = line;
	while (*s && !isspace((unsigned char)*s))
		s++;
	size_t nlen = (size_t)(s - line);
	while (*s && isspace((unsigned char)*s))
		s++;
	*args = s;
	char name[40];
	if (nlen >= sizeof name) {
		qv_fail(&err, QV_EINVAL, "unknown command '%.30s...'", line);
		reply_err(out, id, err.msg);
		return NULL;
	}
	memcpy(name, line, nlen);
	name[nlen] = '\0';
	const command *c = find_command(name);
	if (!c) {
		qv_buf list = {0};
		for (int i = 0; i < NCOMMANDS; i++)
			qv_buf_printf(&list, "%s%s", i ? ", " : "", commands[i].name);
		qv_buf msg = {0};
		qv_buf_printf(&msg, "unknown command '%s' (commands: %s)", name, qv_buf_str(&list));
		reply_err(out, id, list.failed || msg.failed ? "out of memory" : qv_buf_str(&msg));
		qv_buf_free(&list);
		qv_buf_free(&msg);
	}
	return c;
}

/* Runs one command line that is not empty or a comment; its id (if any) is already split off
 * into id, and `line` is the rest, starting at the command name. */
static bool dispatch(qv_protocol *p, const char *id, const char *line, qv_buf *out)
{
	qv_err err = {{0}};
	const char *s;
	const command *c = parse_command(line, id, &s, out);
	if (!c)
		return false;
	if (c->needs_game && !p->m) {
		reply_err(out, id, "no game: start one with 'new <game>'");
		return false;
	}
	/* The argument text without trailing blanks, and a copy split into words. */
	size_t rlen = strlen(s);
	while (rlen > 0 && isspace((unsigned char)s[rlen - 1]))
		rlen--;
	char *rest = malloc(rlen + 1), *words = malloc(rlen + 1);
	char *argv[MAX_ARGS];
	if (!rest || !words) {
		free(rest);
		free(words);
		reply_err(out, id, "out of memory");
		return false;
	}
	memcpy(rest, s, rlen);
	rest[rlen] = '\0';
	memcpy(words, rest, rlen + 1);
	int argc = qv_split(words, argv, MAX_ARGS);
	/* Room for the reply of any command that changes the game (an action or a few outcomes)
	 * is made first, so that no change is made and then answered "out of memory". */
	qv_buf text = {0};
	qv_buf_printf(&text, "%*s", REPLY_ROOM, "");
	qv_buf_clear(&text);
	cmd_args a = {.argc = argc, .argv = argv, .rest = rest, .text = &text};
	if (text.failed) {
		reply_err(out, id, "out of memory");
	} else if (argc < c->min_args || (c->max_args >= 0 && argc > c->max_args)) {
		qv_fail(&err, QV_EINVAL, "usage: %s", c->usage);
		reply_err(out, id, err.msg);
	} else if (c->fn(p, &a, &err) != QV_OK) {
		reply_err(out, id, err.msg);
	} else if (text.failed) {
		reply_err(out, id, "out of memory writing the reply");
	} else {
		reply_ok(out, id, qv_buf_str(&text));
	}
	qv_buf_free(&text);
	free(rest);
	free(words);
	return a.quit;
}

/* Skips blank and comment lines, splits off an optional all-digits id, and dispatches. */
bool qv_protocol_handle(qv_protocol *p, const char *line, qv_buf *out)
{
	const char *s = line;
	while (*s && isspace((unsigned char)*s))
		s++;
	if (!*s || *s == '#')
		return false;
	/* An optional id: a leading all-digits word. */
	const char *e = s;
	while (isdigit((unsigned char)*e))
		e++;
	size_t idlen = 0;
	if (e > s && (!*e || isspace((unsigned char)*e))) {
		idlen = (size_t)(e - s);
		while (*e && isspace((unsigned char)*e))
			e++;
	} else {
		e = s;
	}
	char idbuf[32];
	char *id = idlen < sizeof idbuf ? idbuf : malloc(idlen + 1);
	if (!id) {
		reply_err(out, "", "out of memory");
		return false;
	}
	memcpy(id, s, idlen);
	id[idlen] = '\0';
	bool quit = false;
	if (!*e)
		reply_err(out, id, "no command after the id: expected [id] command [arguments]");
	else
		quit = dispatch(p, id, e, out);
	if (id != idbuf)
		free(id);
	return quit;
}

/* Reads lines with a buffer of QV_PROTOCOL_LINE_MAX + 2 bytes: a longer line is consumed to
 * its end without being stored, and answered with an error. */
int qv_protocol_run(qv_protocol *p, FILE *in, FILE *out)
{
	const size_t cap = QV_PROTOCOL_LINE_MAX + 2;
	char *line = malloc(cap);
	qv_buf reply = {0};
	if (!line) {
		fputs("? out of memory\n\n", out);
		fflush(out);
		return 0;
	}
	for (;;) {
		size_t len = 0;
		bool overflow = false, nul = false;
		int c;
		while ((c = getc(in)) != EOF && c != '\n') {
			if (len < cap - 1)
				line[len++] = (char)c;
			else
				overflow = true;
			nul = nul || c == '\0';
		}
		if (c == EOF && len == 0 && !overflow)
			break;
		if (len > 0 && line[len - 1] == '\r')
			len--;
		line[len] = '\0';
		bool quit = false;
		qv_buf_clear(&reply);
		if (overflow || len > QV_PROTOCOL_LINE_MAX)
			qv_buf_printf(&reply, "? line too long (more than %u bytes)\n\n",
			              QV_PROTOCOL_LINE_MAX);
		else if (nul)
			qv_buf_puts(&reply, "? line contains a NUL byte\n\n");
		else
			quit = qv_protocol_handle(p, line, &reply);
		fputs(qv_buf_str(&reply), out);
		fflush(out);
		if (quit || c == EOF || ferror(out))
			break;
	}
	qv_buf_free(&reply);
	free(line);
	return 0;
}
