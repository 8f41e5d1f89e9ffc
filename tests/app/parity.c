/*
 * parity.c - the driver of the parity test (tests/app/parity.mjs): the same C compiled twice,
 * natively against quivercore and to WebAssembly with the app's engine (cmake/app.cmake), so
 * that the test can tell whether the engine in a browser plays exactly the game `quiver`
 * plays. One call, qv_parity_run, takes a request as JSON text and answers JSON text:
 *
 *   {"game", "params": {...}, "seed": "N", "actions": N, "variant": doc or null}
 *       seeded games of the game, one after another until N actions were played: at every
 *       position the full state, whose turn, every viewer's View JSON (each player's, with its
 *       legal actions and the preview of each, the public's and the referee's), every viewer's
 *       narrated log of the last action, then the action played (a random legal one drawn
 *       from the seed, or now and then the `easy` level's choice, or a chance outcome drawn
 *       by the match) and now and then a takeback; at each end the result and the record.
 *       The answer: {"games", "actions", "digest", "steps": [the SHA-256 of each position's
 *       text]}; with "dump": K, the text of position K instead.
 *   {"lesson": text, "name"}: {"ok": the lesson's whole check (qv_lesson_check_all) held or
 *       its message, "page": the SHA-256 of its expansion for the page}.
 *
 * The native build (tests/app/CMakeLists.txt) reads one request a line on standard input and
 * writes one answer a line, so that the test runs both builds on the same requests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sha256.h"
#include "engine/feed/lessons.h"
#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/lesson.h"
#include "quiver/match.h"
#include "quiver/variant.h"

/* Every this many decisions, the `easy` level chooses instead of the random draw. */
#define AGENT_EVERY 17
/* Every this many actions, the last decision is taken back (the referee's undo) and made
 * again. */
#define UNDO_EVERY 61

const char *qv_parity_run(const char *request);

/* The run: the answer being written, the text of the position being written, its count. */
typedef struct run {
	qv_buf pos;     /* the current position's text */
	qv_buf hashes;  /* the steps' digests as a JSON array's items */
	qv_buf all;     /* every position's text's digest, one after another, for the digest */
	long long dump; /* the position whose text is asked for, -1: none */
	char *dumped;   /* its text */
	int positions;
	bool failed;
} run;

static void put_json(run *r, const char *label, json_t *j)
{
	qv_buf_puts(&r->pos, label);
	if (!j || !qv__json_append(&r->pos, j))
		r->failed = true;
	qv_buf_putc(&r->pos, '\n');
	json_decref(j);
}

static void put_line(void *ctx, const qv_log_line *line)
{
	run *r = ctx;
	char who[8];
	qv_buf_printf(&r->pos, "  %s%s: %s\n", line->consequence ? "- " : "",
	              qv_player_name(line->about, who), line->text);
}

/* Ends the position's text: its digest kept, its text when it is the one asked for. */
static void end_position(run *r)
{
	char hex[65];
	qv__sha256_hex(qv_buf_str(&r->pos), r->pos.len, hex);
	qv_buf_printf(&r->hashes, "%s\"%s\"", r->positions ? "," : "", hex);
	qv_buf_puts(&r->all, hex);
	if (r->positions == r->dump)
		r->dumped = strdup(qv_buf_str(&r->pos));
	r->positions++;
	qv_buf_clear(&r->pos);
}

/* The position of m: its state, whose turn, every viewer's view and log of the entries since
 * `from`. */
static void position(run *r, qv_match *m, int from)
{
	int np = m->game->num_players(m->state);
	char who[8];
	put_json(r, "state ", qv_match_state_json(m));
	qv_buf_printf(&r->pos, "to_move %s\n", qv_player_name(qv_match_to_move(m), who));
	for (int v = QV_VIEW_PUBLIC; v < np; v++) {
		qv_buf_printf(&r->pos, "view %d ", v);
		r->failed = r->failed || !qv_match_view_text(m, v, &r->pos);
		qv_buf_printf(&r->pos, "\nlog %d\n", v);
		r->failed = r->failed || qv_match_log(m, v, from, put_line, r) != QV_OK;
	}
}

/* One decision or outcome at m: chance's drawn by the match, a player's drawn at random among
 * its legal actions (or the agent's), written before it is played. */
static qv_status step(run *r, qv_match *m, qv_rng *rng, qv_agent *easy, int k, qv_err *err)
{
	int who = qv_match_to_move(m);
	qv_action a;
	if (who == QV_CHANCE) {
		qv_status rc = qv_match_chance(m, &a, err);
		qv_buf_printf(&r->pos, "chance\n");
		return rc;
	}
	qv_action *list = malloc(m->game->max_actions * sizeof *list);
	if (!list)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	int n = m->game->legal(m->state, list);
	qv_status rc = QV_OK;
	if (k % AGENT_EVERY == AGENT_EVERY - 1)
		rc = qv_agent_choose(easy, m->state, &a, err);
	else
		a = list[qv_rng_below(rng, (uint32_t)n)];
	free(list);
	char text[QV_ACTION_TEXT];
	if (!rc && m->game->action_to_text(m->state, a, text, sizeof text) < 0)
		rc = qv_fail(err, QV_EINVAL, "no notation");
	if (!rc) {
		qv_buf_printf(&r->pos, "play %s %s\n", qv_player_name(who, (char[8]){0}), text);
		rc = qv_match_play(m, a, err);
	}
	return rc;
}

/* One game from seed, at most `budget` actions; the count played into *played. */
static qv_status game(run *r, const qv_game *g, const qv_params *params, uint64_t seed,
                      long long budget, long long *played, qv_err *err)
{
	qv_match *m;
	qv_agent *easy = NULL;
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	qv_status rc = qv_match_new(&m, g, params, seed, err);
	if (!rc)
		rc = qv_agent_new(&easy, "easy", g, qv_seed_mix(seed, 1), err);
	int from = 0;
	for (long long k = 0; !rc && !qv_match_over(m) && k < budget; k++) {
		position(r, m, from);
		from = m->nhist;
		rc = step(r, m, &rng, easy, (int)k, err);
		if (!rc && k % UNDO_EVERY == UNDO_EVERY - 1 && qv_match_undo(m, err) == QV_OK) {
			qv_buf_printf(&r->pos, "undo\n");
			position(r, m, m->nhist);
			from = m->nhist;
			rc = step(r, m, &rng, easy, (int)k, err);
		}
		end_position(r);
		++*played;
	}
	if (!rc) {
		position(r, m, from);
		put_json(r, "record ", qv_match_record_json(m));
		end_position(r);
	}
	qv_agent_free(easy);
	qv_match_free(m);
	return rc;
}

/* The games of a request, until its number of actions were played. */
static json_t *games(const json_t *req, run *r, qv_err *err)
{
	const char *name = json_string_value(json_object_get(req, "game"));
	const qv_game *g = name ? qv_game_find(name, err) : NULL;
	uint64_t seed;
	qv_params params = {0};
	const qv_variant *v = NULL;
	qv_status rc =
	    g ? qv_seed_from_json(json_object_get(req, "seed"), "seed", &seed, err) : QV_EINVAL;
	if (!rc)
		rc = qv_params_from_json(json_object_get(req, "params"), g->params, g->nparams,
		                         g->name, &params, err);
	const json_t *doc = json_object_get(req, "variant");
	if (!rc && doc && !json_is_null(doc)) {
		rc = qv_variant_from_json_held(doc, g, "variant", QV_VARIANT_SHARED, &v, err);
		if (!rc)
			rc = qv_params_set(&params, "variant", v->sha256, err);
	}
	long long budget = json_integer_value(json_object_get(req, "actions")), played = 0;
	int ngames = 0;
	for (; !rc && played < budget; ngames++)
		rc = game(r, g, &params, qv_seed_mix(seed, (uint64_t)ngames), budget - played,
		          &played, err);
	qv_variant_release(v);
	if (rc || r->failed)
		return NULL;
	char digest[65];
	qv__sha256_hex(qv_buf_str(&r->all), r->all.len, digest);
	qv_buf_putc(&r->hashes, ']');
	json_t *steps;
	json_error_t jerr;
	if (qv__json_parse(qv_buf_str(&r->hashes), r->hashes.len, 0, &steps, &jerr))
		return NULL;
	return json_pack("{s:i, s:I, s:s, s:o}", "games", ngames, "actions", (json_int_t)played,
	                 "digest", digest, "steps", steps);
}

/* A lesson's check and its page's digest. */
static json_t *lesson(const json_t *req, qv_err *err)
{
	qv_lesson *l;
	const char *text = json_string_value(json_object_get(req, "lesson"));
	const char *name = json_string_value(json_object_get(req, "name"));
	if (!text || !name || qv_lesson_parse(&l, text, name, err))
		return NULL;
	qv_err why = {0};
	json_t *ok = qv_lesson_check_all(l, &why) ? json_string(why.msg) : json_true();
	json_t *page = qv__lesson_page_json(l, &why);
	char *dumped = page ? qv__json_dumps(page, JSON_COMPACT) : NULL;
	char hex[65] = "";
	if (dumped)
		qv__sha256_hex(dumped, strlen(dumped), hex);
	free(dumped);
	json_decref(page);
	qv_lesson_free(l);
	return json_pack("{s:o, s:s}", "ok", ok, "page", hex);
}

const char *qv_parity_run(const char *request)
{
	static char *answer;
	free(answer);
	answer = NULL;
	json_t *req = NULL, *out = NULL;
	json_error_t jerr;
	qv_err err = {0};
	run r = {.dump = -1};
	json_object_seed(1); /* a module without files: jansson would read /dev/urandom */
	if (qv__json_parse(request, strlen(request), 0, &req, &jerr) == QV_OK) {
		const json_t *dump = json_object_get(req, "dump");
		r.dump = dump ? json_integer_value(dump) : -1;
		qv_buf_puts(&r.hashes, "[");
		out = json_object_get(req, "lesson") ? lesson(req, &err) : games(req, &r, &err);
	}
	if (out && r.dump >= 0)
		out = qv__json_put(out, "text", json_string(r.dumped ? r.dumped : ""));
	answer = out ? qv__json_dumps(out, JSON_COMPACT) : NULL;
	if (!answer) {
		json_t *e = json_pack("{s:s}", "error", err.msg[0] ? err.msg : "failed");
		answer = qv__json_dumps(e, JSON_COMPACT);
		json_decref(e);
	}
	json_decref(out);
	json_decref(req);
	free(r.dumped);
	qv_buf_free(&r.pos);
	qv_buf_free(&r.hashes);
	qv_buf_free(&r.all);
	return answer ? answer : "{\"error\":\"out of memory\"}";
}

#ifndef __EMSCRIPTEN__
/* The native build: one request a line on standard input, one answer a line. */
int main(void)
{
	size_t cap = 1 << 20;
	char *line = malloc(cap);
	if (!line)
		return 1;
	while (fgets(line, (int)cap, stdin)) {
		size_t n = strlen(line);
		while (n == cap - 1 && line[n - 1] != '\n') {
			char *grown = realloc(line, cap * 2);
			if (!grown)
				return 1;
			line = grown;
			if (!fgets(line + n, (int)(cap * 2 - n), stdin))
				break;
			cap *= 2;
			n = strlen(line);
		}
		puts(qv_parity_run(line));
		fflush(stdout);
	}
	free(line);
	return 0;
}
#endif
