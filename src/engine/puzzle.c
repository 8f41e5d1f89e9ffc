/*
 * puzzle.c - puzzles from reviewed decisions (puzzle.h): a decision whose move made lost a
 * blunder's worth, every legal move of it valued as the review values moves, a puzzle when one
 * beats all the others by the margin; its position shown as its mover saw it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "engine/review_moves.h"
#include "quiver/puzzle.h"

const char *qv_puzzle_theme_name(unsigned theme)
{
	switch (theme) {
	case QV_PUZZLE_CAPTURE: return "capture";
	case QV_PUZZLE_ENDGAME: return "endgame";
	case QV_PUZZLE_DEFENCE: return "defence";
	case QV_PUZZLE_ADVANTAGE: return "advantage";
	default: return NULL;
	}
}

void qv_puzzle_free(qv_puzzle *p)
{
	if (!p)
		return;
	free(p->note);
	json_decref(p->view);
	json_decref(p->line);
	free(p);
}

/* The mover's view before entry `entry` of m's game: a copy of the match taken back to it. */
static json_t *view_before(const qv_match *m, int entry, int seat, qv_err *err)
{
	qv_match *back = NULL;
	if (qv_match_fork(m, &back, err))
		return NULL;
	while (back->nhist > entry)
		if (qv_match_undo(back, err)) {
			qv_match_free(back);
			return NULL;
		}
	json_t *view = back->nhist == entry ? qv_match_view_json(back, seat) : NULL;
	if (!view)
		qv_fail(err, QV_ENOMEM, "the position before move %d could not be shown",
		        entry + 1);
	qv_match_free(back);
	return view;
}

/* The answer's preview and its themes, from the state before the decision. */
static void preview(qv_puzzle *p, const qv_game *g, const void *before, qv_action answer)
{
	char buf[QV_NOTE_TEXT];
	bool confirm = false;
	if (g->action_note && g->action_note(before, answer, buf, sizeof buf, &confirm) > 0) {
		p->note = malloc(strlen(buf) + 1);
		if (p->note)
			strcpy(p->note, buf);
		if (strstr(buf, "captur"))
			p->themes |= QV_PUZZLE_CAPTURE;
	}
	if (confirm)
		p->themes |= QV_PUZZLE_ENDGAME;
	p->themes |= p->value > 0 ? QV_PUZZLE_ADVANTAGE : QV_PUZZLE_DEFENCE;
}

/* The review's line after the answer, when the review's best move is the answer. */
static json_t *line_of(const qv_review_decision *d, const char *answer)
{
	json_t *line = json_array();
	char who[8];
	for (int k = 0; line && strcmp(d->best, answer) == 0 && k < d->nline; k++)
		json_array_append_new(line, json_pack("{s:s, s:s}", "seat",
		                                      qv_player_name(d->line[k].seat, who),
		                                      "action", d->line[k].action));
	return line;
}

/* The best and second best of n values into *best and *second (indices; second -1 when n is
 * 1). */
static void top_two(const double *v, int n, int *best, int *second)
{
	*best = 0;
	*second = -1;
	for (int w = 1; w < n; w++) {
		if (v[w] > v[*best]) {
			*second = *best;
			*best = w;
		} else if (*second < 0 || v[w] > v[*second]) {
			*second = w;
		}
	}
}

/* The puzzle of decision i, whose moves acts[0..n) were valued v: its fields filled. */
static qv_status made(qv_review *r, int i, const qv_action *acts, const double *v, int n, int best,
                      int second, qv_puzzle **out, qv_err *err)
{
	const qv_review_decision *d = qv_review_decision_at(r, i);
	const qv_match *m = qv_review_match(r);
	const qv_game *g = m->game;
	qv_puzzle *p = calloc(1, sizeof *p);
	const void *before = p ? qv__review_before(r, i, err) : NULL;
	if (!p || !before) {
		free(p);
		return p ? QV_ENOMEM : qv_fail(err, QV_ENOMEM, "out of memory making a puzzle");
	}
	*p = (qv_puzzle){.entry = d->entry,
	                 .seat = d->seat,
	                 .value = v[best],
	                 .second = second >= 0 ? v[second] : -1,
	                 .moves = n};
	g->action_to_text(before, acts[best], p->answer, sizeof p->answer);
	if (second >= 0)
		g->action_to_text(before, acts[second], p->runner_up, sizeof p->runner_up);
	qv_copy(p->played, sizeof p->played, d->played);
	for (int w = 0; w < n; w++)
		if (acts[w] == m->hist[d->entry].action)
			p->played_value = v[w];
	preview(p, g, before, acts[best]);
	p->line = line_of(d, p->answer);
	p->view = view_before(m, d->entry, d->seat, err);
	if (!p->view || !p->line) {
		qv_puzzle_free(p);
		return QV_ENOMEM;
	}
	*out = p;
	return QV_OK;
}

qv_status qv_puzzle_find(qv_review *r, int i, qv_puzzle_verdict *verdict, qv_puzzle **out,
                         qv_err *err)
{
	*out = NULL;
	const qv_review_decision *d = qv_review_decision_at(r, i);
	if (!d || !d->reviewed)
		return qv_fail(err, QV_EINVAL, "decision %d is not reviewed yet", i + 1);
	*verdict = QV_PUZZLE_NOT_LOST;
	if (d->loss < QV_PUZZLE_MARGIN - 1e-9)
		return QV_OK;
	const qv_game *g = qv_review_match(r)->game;
	const void *before = qv__review_before(r, i, err);
	qv_action *acts = malloc(sizeof *acts * (size_t)(g->max_actions > 0 ? g->max_actions : 1));
	double *v = malloc(sizeof *v * QV_PUZZLE_MOVES);
	if (!before || !acts || !v) {
		free(acts);
		free(v);
		return before ? qv_fail(err, QV_ENOMEM, "out of memory looking for a puzzle")
		              : QV_ENOMEM;
	}
	int n = g->legal(before, acts);
	qv_status rc = QV_OK;
	*verdict = QV_PUZZLE_TOO_MANY;
	if (n <= QV_PUZZLE_MOVES)
		rc = qv__review_values(r, i, acts, n, v, err);
	if (!rc && n <= QV_PUZZLE_MOVES) {
		int best, second;
		top_two(v, n, &best, &second);
		*verdict = second >= 0 && v[best] - v[second] < QV_PUZZLE_MARGIN - 1e-9
		               ? QV_PUZZLE_NOT_ONE
		               : QV_PUZZLE_FOUND;
		if (*verdict == QV_PUZZLE_FOUND)
			rc = made(r, i, acts, v, n, best, second, out, err);
	}
	free(acts);
	free(v);
	return rc;
}

/* x rounded to 3 decimals, as the review writes its values. */
static json_t *num(double x) { return json_real(round(x * 1000) / 1000); }

json_t *qv_puzzle_json(const qv_puzzle *p, const qv_review *r)
{
	const qv_match *m = qv_review_match(r);
	json_t *themes = json_array();
	for (unsigned t = 1; t <= QV_PUZZLE_ADVANTAGE; t <<= 1)
		if (p->themes & t)
			json_array_append_new(themes, json_string(qv_puzzle_theme_name(t)));
	json_t *params = qv_params_to_json(&m->params, m->game->params, m->game->nparams);
	char who[8];
	return json_pack("{s:s, s:o*, s:i, s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:i, s:o, s:o, s:s?, "
	                 "s:O, s:O}",
	                 "game", m->game->name, "params", params, "step", p->entry + 1, "seat",
	                 qv_player_name(p->seat, who), "answer", p->answer, "played", p->played,
	                 "runner_up", p->runner_up, "value", num(p->value), "second",
	                 num(p->second), "played_value", num(p->played_value), "moves", p->moves,
	                 "margin", num(QV_PUZZLE_MARGIN), "themes", themes, "note", p->note, "line",
	                 p->line, "view", p->view);
}
