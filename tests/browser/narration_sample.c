/*
 * narration_sample.c - the narration of seeded random games of every game, as each viewer is
 * told it, for narration.test.mjs: one JSON object a line, {"game", "params", "viewer",
 * "text", "msg"} (msg: the line's message, its format then each argument, as a log frame
 * carries it). The viewers are every seat and the public.
 *
 * With --refusals, it prints instead why the games refuse moves, for reasons.test.mjs: at
 * every step of the games, the moves of the step before and of the step before that (each
 * written as it was, then cut short, lengthened, with a word or a square the game does not
 * know), read and checked against the position now as the server does for a move sent to it
 * (the game's action_from_text, then its check), one JSON object a line for each refusal,
 * {"game", "reason"}: the game's own words, which a table's refusal quotes; and each move
 * tried as it was, {"game", "move"}: the notation a player types. Each line is printed once.
 *
 * Usage: narration_sample [--refusals] [GAMES]   (GAMES random games of each setting, 12 by
 *        default)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "quiver/game.h"
#include "quiver/match.h"

/* The settings played: each game, and the players and modes that narrate otherwise. */
static const char *const SETTINGS[][2] = {
    {"three-arrows", ""},
    {"three-arrows", "players=3,mode=tactical"},
    {"three-arrows", "players=4"},
    {"concardia", ""},
    {"evons", ""},
    {"arrow-party", "players=3"},
    {"arrow-party", "players=5"},
};

typedef struct sample {
	const char *game, *params;
	int viewer;
} sample;

static void put_line(void *ctx, const qv_log_line *l)
{
	const sample *s = ctx;
	if (!l->consequence)
		return;
	json_t *o = qv_log_line_json(l);
	json_object_set_new(o, "game", json_string(s->game));
	json_object_set_new(o, "params", json_string(s->params));
	json_object_set_new(o, "viewer", json_integer(s->viewer));
	char *text = json_dumps(o, JSON_COMPACT);
	puts(text);
	free(text);
	json_decref(o);
}

static bool refusals; /* --refusals */
static bool notes;    /* --notes */

/* Prints what each legal action of st would do (the game's action_note), as the player to
 * move reads it before choosing. */
static void put_notes(const qv_game *g, const void *st, const char *game, qv_action *buf);

/* The lines printed already (their hashes, FNV-1a; open addressing), so that each is printed
 * once: a refusal comes back at every step of every game. */
static uint64_t printed[1 << 18];

static bool first_time(const char *line)
{
	uint64_t h = 1469598103934665603ull;
	for (const char *c = line; *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	h |= 1;
	size_t mask = sizeof printed / sizeof *printed - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		if (printed[i] == h)
			return false;
		if (!printed[i]) {
			printed[i] = h;
			return true;
		}
	}
}

/* Prints o as one line, if it was not printed already, and releases it. */
static void put_json(json_t *o)
{
	char *line = o ? json_dumps(o, JSON_COMPACT) : NULL;
	if (line && first_time(line))
		puts(line);
	free(line);
	json_decref(o);
}

/* Prints why the position st refuses text, if it does. */
static void refuse(const qv_game *g, const void *st, const char *game, const char *text)
{
	qv_err err;
	qv_action a;
	if (g->action_from_text(st, text, &a, &err) == QV_OK && g->check(st, a, &err) == QV_OK)
		return;
	put_json(json_pack("{s:s, s:s}", "game", game, "reason", err.msg));
}

/* The moves of before (legal there), as they were and changed, tried at st: 40 of them spread
 * over the list (placements come first and are most of it), each as it was, lengthened, cut
 * at each of its words, and with each of its words in turn one the game does not know. */
static void try_moves(const qv_game *g, const void *before, const void *st, const char *game,
                      qv_action *buf)
{
	static const char *const ODD[] = {"z9", "99", "x", "p9", "nothing", "Q", "-1"};
	enum { NODD = sizeof ODD / sizeof *ODD };
	int n = g->legal(before, buf);
	for (int k = 0; k < n && k < 40; k++) {
		int i = n <= 40 ? k : (int)((long)k * n / 40);
		char text[QV_ACTION_TEXT], changed[QV_ACTION_TEXT + 16];
		if (g->action_to_text(before, buf[i], text, sizeof text) <= 0)
			continue;
		put_json(json_pack("{s:s, s:s}", "game", game, "move", text));
		refuse(g, st, game, text);
		snprintf(changed, sizeof changed, "%s %s", text, ODD[k % NODD]);
		refuse(g, st, game, changed);
		size_t len = strlen(text);
		for (size_t at = 0; at <= len; at++) {
			if (at && text[at] != ' ' && text[at])
				continue;
			/* cut before this word */
			snprintf(changed, sizeof changed, "%.*s", (int)at, text);
			if (at && at < len)
				refuse(g, st, game, changed);
			/* the word from `at` on replaced; the first word too */
			size_t from = at ? at + 1 : 0, to = from;
			while (text[to] && text[to] != ' ')
				to++;
			if (from >= len)
				continue;
			snprintf(changed, sizeof changed, "%.*s%s%s", (int)from, text,
			         from ? ODD[(k + at) % NODD] : "frobnicate", text + to);
			refuse(g, st, game, changed);
		}
	}
	refuse(g, st, game, "");
	char long_text[QV_ACTION_TEXT + 8];
	memset(long_text, 'a', sizeof long_text - 1);
	long_text[sizeof long_text - 1] = '\0';
	refuse(g, st, game, long_text);
}

static void put_notes(const qv_game *g, const void *st, const char *game, qv_action *buf)
{
	if (!g->action_note)
		return;
	int n = g->legal(st, buf);
	for (int i = 0; i < n; i++) {
		char text[QV_ACTION_TEXT], note[QV_NOTE_TEXT];
		bool confirm = false;
		if (g->action_to_text(st, buf[i], text, sizeof text) <= 0 ||
		    g->action_note(st, buf[i], note, sizeof note, &confirm) <= 0)
			continue;
		put_json(json_pack("{s:s, s:s}", "game", game, "note", note));
	}
}

/* Plays one random game of the setting from seed and prints its narration per viewer (or,
 * with --refusals, the refusals of moves tried along it). */
static int play(const char *game, const char *params, uint64_t seed)
{
	qv_err err;
	const qv_game *g = qv_game_find(game, &err);
	qv_params p = {0};
	qv_match *m = NULL;
	if (!g || (*params && qv_params_parse_list(&p, params, &err) != QV_OK) ||
	    qv_match_new(&m, g, &p, seed, &err) != QV_OK) {
		fprintf(stderr, "narration_sample: %s %s: %s\n", game, params, err.msg);
		return 1;
	}
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	qv_action *buf = malloc(sizeof *buf * (size_t)(g->max_actions > 1 ? g->max_actions : 1));
	/* the positions of the two steps before (for --refusals) */
	void *past[2] = {malloc(g->state_size), malloc(g->state_size)};
	int seen = 0;
	for (int steps = 0; !qv_match_over(m) && steps < 5000; steps++) {
		qv_match_settle(m, NULL, 0);
		if (qv_match_over(m))
			break;
		if (notes)
			put_notes(g, m->state, game, buf);
		if (refusals) {
			for (int k = 0; k < seen; k++)
				try_moves(g, past[k], m->state, game, buf);
			memcpy(past[1], past[0], g->state_size);
			memcpy(past[0], m->state, g->state_size);
			seen += seen < 2;
		}
		int n;
		qv_action a = qv_sample_legal(g, m->state, &rng, buf, &n);
		if (a < 0 || qv_match_play(m, a, &err) != QV_OK)
			break;
	}
	free(past[0]);
	free(past[1]);
	if (refusals || notes) {
		free(buf);
		qv_match_free(m);
		return 0;
	}
	int players = g->num_players(m->state);
	for (int v = QV_VIEW_PUBLIC; v < players; v++) {
		if (v != QV_VIEW_PUBLIC && v < 0)
			continue;
		sample s = {game, params, v};
		qv_match_log(m, v, 0, put_line, &s);
	}
	free(buf);
	qv_match_free(m);
	return 0;
}

/* Prints every reference entry of each game's built-in set (for reference.test.mjs): {"game",
 * "name", "entry"}, once each. */
static int put_reference(void)
{
	for (int i = 0; qv_games[i]; i++) {
		const qv_game *g = qv_games[i];
		if (!g->reference)
			continue;
		qv_buf names = {0}, entry = {0};
		qv_reference_names(g, NULL, &names);
		for (const char *s = qv_buf_str(&names); *s;) {
			size_t len = strcspn(s, "\n");
			char name[64];
			snprintf(name, sizeof name, "%.*s", (int)len, s);
			qv_buf_clear(&entry);
			if (g->reference(NULL, name, &entry) > 0)
				put_json(json_pack("{s:s, s:s, s:s}", "game", g->name, "name", name,
				                   "entry", qv_buf_str(&entry)));
			s += len + (s[len] == '\n');
		}
		qv_buf_free(&names);
		qv_buf_free(&entry);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--reference") == 0)
		return put_reference();
	refusals = argc > 1 && strcmp(argv[1], "--refusals") == 0;
	notes = argc > 1 && strcmp(argv[1], "--notes") == 0;
	int flag = refusals || notes;
	int games = argc > 1 + flag ? atoi(argv[1 + flag]) : 12;
	for (size_t i = 0; i < sizeof SETTINGS / sizeof *SETTINGS; i++)
		for (int k = 0; k < games; k++)
			if (play(SETTINGS[i][0], SETTINGS[i][1], 1000u * i + (uint64_t)k + 1))
				return 1;
	return 0;
}
