/*
 * analysis.c - the analysis board's ops (ops.h): a local table of people made at any position
 * of a record (a replay's step, a finished game), where the page plays on for every side and
 * takes any move back, and the computer's best move for the one to move with the line that
 * follows it, each decision of the line searched again from its mover's information (the
 * same search as the levels', information-set MCTS, which never looks at what the mover may
 * not know), up to a chance outcome or the end.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/ops.h"
#include "games/json_util.h"
#include "quiver/agent.h"

/* The best move's search, when the request names no budget: medium's, twice over. */
#define BEST_ITERATIONS 2000
/* The most decisions of a line after the best move. */
#define LINE_MAX 8

/* The record's text cut at its first `upto` actions: the position the board starts from (no
 * result; who left before it kept). */
static json_t *record_upto(const char *text, long long upto, qv_err *err)
{
	json_t *rec;
	json_error_t jerr;
	if (qv__json_parse(text, strlen(text), 0, &rec, &jerr) || !json_is_object(rec)) {
		json_decref(rec);
		qv_fail(err, QV_EINVAL, "record: not a JSON object");
		return NULL;
	}
	json_t *actions = json_object_get(rec, "actions");
	if (upto > (long long)json_array_size(actions)) {
		qv_fail(err, QV_EINVAL, "upto: the record has %zu actions",
		        json_array_size(actions));
		json_decref(rec);
		return NULL;
	}
	while (json_array_size(actions) > (size_t)upto)
		json_array_remove(actions, json_array_size(actions) - 1);
	json_t *left = json_object_get(rec, "left");
	for (size_t i = json_array_size(left); i-- > 0;)
		if (json_integer_value(json_object_get(json_array_get(left, i), "at")) > upto)
			json_array_remove(left, i);
	json_object_del(rec, "result");
	return rec;
}

/* {id, record, upto}: a board of people at the position after the record's first `upto`
 * actions (their seats free for the page to take); its info. */
qv_status qv__app_analysis(const json_t *req, qv_buf *out, qv_err *err)
{
	long long upto;
	const char *id = qv__app_string(req, "id", err);
	const char *text = id ? qv__app_string(req, "record", err) : NULL;
	qv_status rc = text ? qv__app_int(req, "upto", 0, 1 << 24, NULL, &upto, err) : QV_EINVAL;
	json_t *rec = rc ? NULL : record_upto(text, upto, err);
	qv_match *m = NULL;
	qv_err why;
	if (!rc && !rec)
		rc = QV_EINVAL;
	if (!rc && qv_match_load_json(&m, rec, &why))
		rc = qv_fail(err, QV_EINVAL, "record: %s", why.msg);
	json_decref(rec);
	const char *kinds[QV_MAX_PLAYERS];
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		kinds[p] = "human";
	qv__local *t = NULL;
	if (!rc)
		rc = qv__local_make(&t, id, m, kinds, err);
	if (!rc) {
		qv__local_make_board(t);
		rc = qv__app_hold(t, err);
	}
	return rc ? rc : qv__app_put(out, qv__local_info(t, true), err);
}

/* The decision of the player to move at m, by agent a (its search from that player's
 * information), into *a_out and its notation. */
static qv_status decide(qv_agent *a, qv_match *m, qv_action *out, char *text, size_t len,
                        qv_err *err)
{
	qv_status rc = qv_agent_choose(a, m->state, out, err);
	if (!rc && m->game->action_to_text(m->state, *out, text, len) < 0)
		rc = qv_fail(err, QV_EINVAL, "the search's choice has no notation");
	return rc;
}

/* The line after the best move: each next decision of a player searched and played on the
 * fork f, up to `plies` of them, a chance outcome or the end. */
static json_t *line_after(qv_agent *a, qv_match *f, int plies, qv_err *err)
{
	json_t *line = json_array();
	char who[8], text[QV_ACTION_TEXT];
	for (int k = 0; k < plies; k++) {
		int p = qv_match_to_move(f);
		if (p < 0)
			break;
		qv_action act;
		if (decide(a, f, &act, text, sizeof text, err) || qv_match_play(f, act, err))
			break;
		line = qv__json_push(
		    line, json_pack("{s:s, s:s}", "seat", qv_player_name(p, who), "action", text));
	}
	return line;
}

/* The request's budget: {iterations?, plies?, seed}. */
static qv_status best_budget(const json_t *req, long long *iterations, long long *plies,
                             uint64_t *seed, qv_err *err)
{
	static const long long it_def = BEST_ITERATIONS, plies_def = 4;
	qv_status rc = qv__app_int(req, "iterations", 1, 1000000, &it_def, iterations, err);
	if (!rc)
		rc = qv__app_int(req, "plies", 0, LINE_MAX, &plies_def, plies, err);
	return rc ? rc : qv__app_seed(req, "seed", seed, err);
}

/* {id, iterations?, plies?, seed}: {"seat", "best", "value", "line": [{"seat", "action"}]},
 * the best move of the player to move at the table's position (value: its expected result for
 * that player as the search found it, a share of a win from 0 to 1; null when not searched),
 * and the line after it. */
qv_status qv__app_best(const json_t *req, qv_buf *out, qv_err *err)
{
	qv__local *t = qv__app_table(req, err);
	long long iterations, plies;
	uint64_t seed;
	qv_status rc = t ? best_budget(req, &iterations, &plies, &seed, err) : QV_EINVAL;
	if (rc)
		return rc;
	const qv_match *m = qv__local_match(t);
	int who = qv_match_to_move(m);
	if (who < 0)
		return qv_fail(err, QV_ESTATE, "nobody decides here: %s",
		               who == QV_CHANCE ? "chance is to move" : "the game is over");
	char spec[64], seat[8], text[QV_ACTION_TEXT];
	snprintf(spec, sizeof spec, "ismcts:iterations=%lld", iterations);
	qv_agent *a;
	qv_match *f = NULL;
	rc = qv_agent_new(&a, spec, m->game, seed, err);
	if (!rc)
		rc = qv_match_fork(m, &f, err);
	qv_action best;
	if (!rc)
		rc = decide(a, f, &best, text, sizeof text, err);
	double means[QV_MAX_PLAYERS];
	json_t *value = !rc && qv_agent_root_means(a, best, means) && isfinite(means[who])
	                    ? json_real((means[who] + 1) / 2)
	                    : json_null();
	json_t *answer = NULL;
	if (!rc && !(rc = qv_match_play(f, best, err)))
		answer =
		    json_pack("{s:s, s:s, s:o, s:o}", "seat", qv_player_name(who, seat), "best",
		              text, "value", value, "line", line_after(a, f, (int)plies, err));
	else
		json_decref(value);
	qv_match_free(f);
	qv_agent_free(a);
	return rc ? rc : qv__app_put(out, answer, err);
}
