/*
 * fuzz_variant.c - libFuzzer target: feeds arbitrary bytes to the variant loader from text, as
 * every way in reads a document (POST /api/tables's "variant", a record's, the protocol's
 * `variant {...}`, a variant file): qv__json_parse with its depth check and its arena, then
 * qv_variant_from_json. It then plays a few random actions of a game made with what it
 * accepted, so that a document the checks let through but a game's build or rules cannot
 * honour shows up as a crash or a sanitizer report. Build with `make fuzz` (clang).
 *
 * The first byte below ' ' chooses the game the document must be for (and is then skipped).
 * Loaded variants stay registered (at most QV_VARIANT_MAX); once the registry is full, inputs
 * still reach every check before it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "games/json_util.h"
#include "quiver/match.h"
#include "quiver/variant.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	int ngames = 0;
	while (qv_games[ngames])
		ngames++;
	int pick = size > 0 && data[0] < ' ' ? data[0] % ngames : -1;
	if (pick >= 0) {
		data++;
		size--;
	}
	json_error_t jerr;
	json_t *doc;
	if (qv__json_parse((const char *)data, size, JSON_REJECT_DUPLICATES, &doc, &jerr)) {
		if (!jerr.text[0])
			abort(); /* every refusal says why */
		return 0;
	}
	const qv_variant *v;
	qv_err err;
	if (qv_variant_from_json(doc, pick >= 0 ? qv_games[pick] : NULL, "variant", &v, &err)) {
		json_decref(doc);
		if (!err.msg[0])
			abort(); /* every refusal says why */
		return 0;
	}
	json_decref(doc);
	qv_params params = {0};
	if (qv_params_set(&params, "variant", v->builtin ? "base" : v->sha256, NULL))
		abort();
	qv_match *m;
	if (qv_match_new(&m, v->game, &params, 1, &err))
		return 0; /* a parameter the variant sets may not suit every default (players) */
	qv_rng rng;
	qv_rng_seed(&rng, 7);
	const qv_game *g = m->game;
	int room = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	qv_action *buf = malloc(sizeof *buf * (size_t)room);
	double *prob = malloc(sizeof *prob * (size_t)room);
	if (!buf || !prob)
		abort();
	for (int i = 0; i < 200 && !qv_match_over(m); i++) {
		int n;
		qv_action a = g->to_move(m->state) == QV_CHANCE
		                  ? qv_sample_chance(g, m->state, &rng, buf, prob)
		                  : qv_sample_legal(g, m->state, &rng, buf, &n);
		if (a < 0 || qv_match_play(m, a, &err))
			abort(); /* a drawn action is legal */
	}
	free(buf);
	free(prob);
	json_t *rec = qv_match_record_json(m);
	qv_match *again;
	if (!rec || qv_match_load_json(&again, rec, &err))
		abort(); /* the record of a variant replays */
	json_decref(rec);
	qv_match_free(again);
	qv_match_free(m);
	return 0;
}
