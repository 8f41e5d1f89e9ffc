/*
 * review.c - the computer's review of a game (review.h): each decision of the history searched
 * again from its mover's information, its best alternative found, the two actions valued on the
 * same guesses of what the mover could not see, the loss marked and the accuracies summed up.
 *
 * Why paired guesses: the value of an action from the mover's seat is an average over what the
 * mover could not know (a hand, a deck, a covered piece) and over the dice after it. Valued
 * apart, two actions would each carry the spread of those guesses, and their difference, the
 * loss the marks judge, would carry both. Valued on the same determinizations with the same
 * dice, what the guesses do to both cancels in the difference, and only what the actions do
 * stays. The searches' own noise remains; docs/cli.md ("quiver review") gives what it costs in
 * marks, measured on games reviewed twice with other seeds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/mathfn.h"
#include "engine/review_moves.h"
#include "quiver/agent.h"
#include "quiver/review.h"

struct qv_review {
	qv_match *m;
	qv_review_config cf;
	qv_review_decision *d;
	int n, done;
	void *before;                 /* the true state before the decision under review */
	void *guess;                  /* a determinization of it for the mover */
	void *work;                   /* the guess after an action */
	qv_action *acts;              /* max_actions */
	double *prob;                 /* max_chance, with acts */
	char root_spec[QV_NAME_MAX];  /* the search for the best alternative */
	char reply_spec[QV_NAME_MAX]; /* the searches after an action */
	qv_agent *reply;              /* the decision's under review */
};

/* How many decisions and chance outcomes at most are drawn after an action before a search, or
 * the end, values it (far above any game's run of forced moves and dice between decisions). */
#define SETTLE_MAX 4096

/* A 64-bit mix of the review's seed with two numbers (splitmix64's finalizer): the guesses and
 * draws of each decision and sample, independent of the order in which they are made. */
static uint64_t mix(uint64_t seed, uint64_t a, uint64_t b)
{
	uint64_t z = seed ^ (a * 0x9e3779b97f4a7c15ULL) ^ (b * 0xc2b2ae3d27d4eb4fULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

const char *qv_review_mark_name(qv_review_mark mark)
{
	switch (mark) {
	case QV_REVIEW_MARK_INACCURACY: return "inaccuracy";
	case QV_REVIEW_MARK_MISTAKE: return "mistake";
	case QV_REVIEW_MARK_BLUNDER: return "blunder";
	default: return NULL;
	}
}

/* ---- setting up ------------------------------------------------------------------------------ */

/* Fails unless *v is 0 (then def) or within 1..max, naming the field. */
static qv_status bounded(int *v, int def, int max, const char *what, qv_err *err)
{
	if (*v == 0)
		*v = def;
	if (*v >= 1 && *v <= max)
		return QV_OK;
	return qv_fail(err, QV_EINVAL, "%s: expected a whole number from 1 to %d, not %d", what,
	               max, *v);
}

/* What the walk that lists the decisions carries. */
typedef struct listing {
	qv_review *r;
	bool failed;
} listing;

/* Adds entry i to the decisions when a player made it with a choice among several actions. */
static bool list_entry(void *ctx, int i, const void *before)
{
	listing *l = ctx;
	qv_review *r = l->r;
	const qv_move *mv = &r->m->hist[i];
	if (mv->who < 0 || mv->automatic || qv_count_legal(r->m->game, before, r->acts) < 2)
		return true;
	qv_review_decision *d = &r->d[r->n++];
	*d = (qv_review_decision){.entry = i, .seat = mv->who};
	qv_copy(d->played, sizeof d->played, qv_match_notation(r->m, i));
	if (!d->played[0])
		r->m->game->action_to_text(before, mv->action, d->played, sizeof d->played);
	return true;
}

qv_status qv_review_new(qv_review **out, qv_match *m, const qv_review_config *cfg, qv_err *err)
{
	*out = NULL;
	qv_review *r = calloc(1, sizeof *r);
	if (!r) {
		qv_match_free(m);
		return qv_fail(err, QV_ENOMEM, "out of memory starting a review");
	}
	r->m = m;
	r->cf = cfg ? *cfg : (qv_review_config){0};
	qv_status rc = bounded(&r->cf.iterations, QV_REVIEW_ITERATIONS, QV_REVIEW_ITERATIONS_MAX,
	                       "iterations", err);
	if (!rc)
		rc = bounded(&r->cf.reply_iterations, QV_REVIEW_REPLY_ITERATIONS,
		             QV_REVIEW_ITERATIONS_MAX, "reply iterations", err);
	if (!rc)
		rc = bounded(&r->cf.samples, QV_REVIEW_SAMPLES, QV_REVIEW_SAMPLES_MAX, "samples",
		             err);
	if (!rc)
		rc = bounded(&r->cf.threads, 1, 64, "threads", err);
	const qv_game *g = m->game;
	if (!rc) {
		size_t na = (size_t)(g->max_actions > 0 ? g->max_actions : 1);
		size_t nc = (size_t)(g->max_chance > 0 ? g->max_chance : 1);
		r->before = malloc(g->state_size);
		r->guess = malloc(g->state_size);
		r->work = malloc(g->state_size);
		r->acts = malloc(sizeof *r->acts * (na > nc ? na : nc));
		r->prob = malloc(sizeof *r->prob * nc);
		r->d = calloc((size_t)(m->nhist > 0 ? m->nhist : 1), sizeof *r->d);
		if (!r->before || !r->guess || !r->work || !r->acts || !r->prob || !r->d)
			rc = qv_fail(err, QV_ENOMEM, "out of memory starting a review");
	}
	snprintf(r->root_spec, sizeof r->root_spec, "ismcts:iterations=%d,threads=%d",
	         r->cf.iterations, r->cf.threads);
	snprintf(r->reply_spec, sizeof r->reply_spec, "ismcts:iterations=%d,threads=%d",
	         r->cf.reply_iterations, r->cf.threads);
	listing l = {.r = r};
	if (!rc && qv_match_walk(m, 0, list_entry, &l))
		rc = qv_fail(err, QV_ENOMEM, "out of memory listing the decisions to review");
	if (rc) {
		qv_review_free(r);
		return rc;
	}
	*out = r;
	return QV_OK;
}

void qv_review_free(qv_review *r)
{
	if (!r)
		return;
	qv_match_free(r->m);
	for (int i = 0; r->d && i < r->n; i++) {
		free(r->d[i].best_note);
		free(r->d[i].played_note);
		free(r->d[i].line);
	}
	free(r->before);
	free(r->guess);
	free(r->work);
	free(r->acts);
	free(r->prob);
	free(r->d);
	free(r);
}

int qv_review_total(const qv_review *r) { return r->n; }
int qv_review_done(const qv_review *r) { return r->done; }
const qv_match *qv_review_match(const qv_review *r) { return r->m; }

const qv_review_decision *qv_review_decision_at(const qv_review *r, int i)
{
	return i >= 0 && i < r->n ? &r->d[i] : NULL;
}

/* ---- valuing an action ----------------------------------------------------------------------- */

/* Draws and applies chance outcomes and forced decisions at st until a player has a choice or
 * the game is over; returns who is to move then (QV_OVER), or QV_CHANCE when SETTLE_MAX ran
 * out. */
static int settle(qv_review *r, void *st, qv_rng *rng)
{
	const qv_game *g = r->m->game;
	for (int k = 0; k < SETTLE_MAX; k++) {
		int who = g->to_move(st);
		if (who == QV_OVER)
			return who;
		qv_action a;
		int n;
		if (who == QV_CHANCE)
			a = qv_sample_chance(g, st, rng, r->acts, r->prob);
		else if (!qv_only_option(g, st, r->acts, &n, &a))
			return who;
		g->apply(st, a, NULL);
	}
	return QV_CHANCE;
}

/* Every player's expected return at st, a position of a guess after the action under review:
 * the mean a search from the seat to move finds for its choice; the returns at the end. A
 * search that is not made (one allowed action) is followed by its choice. */
static qv_status value_of(qv_review *r, void *st, qv_rng *rng, double *out, qv_err *err)
{
	const qv_game *g = r->m->game;
	for (int k = 0; k < SETTLE_MAX; k++) {
		int who = settle(r, st, rng);
		if (who == QV_OVER || who == QV_CHANCE) {
			qv_returns(g, st, out);
			return QV_OK;
		}
		qv_action c;
		qv_status rc = qv_agent_choose(r->reply, st, &c, err);
		if (rc)
			return rc;
		if (qv_agent_root_means(r->reply, c, out))
			return QV_OK;
		g->apply(st, c, NULL);
	}
	qv_returns(g, st, out);
	return QV_OK;
}

/* The mean return per player of each of the n actions acts into v[0..n) over the review's
 * samples of decision i, each on the same guess of the position for the mover and the same
 * draws after (the samples first, then the actions, so that two actions are valued exactly as
 * the review of a decision values them). */
static qv_status paired_n(qv_review *r, int i, const qv_action *acts, int n,
                          double (*v)[QV_MAX_PLAYERS], qv_err *err)
{
	const qv_game *g = r->m->game;
	int p = r->d[i].seat, np = g->num_players(r->before);
	memset(v, 0, sizeof *v * (size_t)n);
	for (int k = 0; k < r->cf.samples; k++) {
		qv_rng rng;
		qv_rng_seed(&rng, mix(r->cf.seed, (uint64_t)r->d[i].entry + 3, (uint64_t)k));
		memcpy(r->guess, r->before, g->state_size);
		if (g->determinize)
			g->determinize(r->guess, p, &rng);
		qv_rng after = rng;
		for (int w = 0; w < n; w++) {
			double got[QV_MAX_PLAYERS] = {0};
			qv_rng draws = after;
			memcpy(r->work, r->guess, g->state_size);
			g->apply(r->work, acts[w], NULL);
			qv_status rc = value_of(r, r->work, &draws, got, err);
			if (rc)
				return rc;
			for (int q = 0; q < np; q++)
				v[w][q] += got[q] / r->cf.samples;
		}
	}
	return QV_OK;
}

/* The mean return per player of actions a and b (b < 0: a alone), as paired_n. */
static qv_status paired(qv_review *r, int i, qv_action a, qv_action b, double *va, double *vb,
                        qv_err *err)
{
	double v[2][QV_MAX_PLAYERS];
	qv_action acts[2] = {a, b};
	qv_status rc = paired_n(r, i, acts, b < 0 ? 1 : 2, v, err);
	memcpy(va, v[0], sizeof v[0]);
	memcpy(vb, b < 0 ? v[0] : v[1], sizeof v[1]);
	return rc;
}

/* The state before history entry `entry` into r->before. */
typedef struct grab {
	qv_review *r;
	int entry;
	bool got;
} grab;

static bool grab_state(void *ctx, int entry, const void *before)
{
	grab *gr = ctx;
	if (entry != gr->entry)
		return true;
	memcpy(gr->r->before, before, gr->r->m->game->state_size);
	gr->got = true;
	return false;
}

/* lichess's accuracy of one move from the loss in percentage points of a win. */
static double accuracy_of(double loss)
{
	double x = loss * 50;
	double a = 103.1668 * qv__exp(-0.04354 * x) - 3.1669; /* the same in a browser's review */
	return a < 0 ? 0 : a > 100 ? 100 : a;
}

static qv_review_mark mark_of(double loss)
{
	/* A hair under each threshold counts, so that a loss printed as the threshold is marked. */
	return loss >= QV_REVIEW_BLUNDER - 1e-9      ? QV_REVIEW_MARK_BLUNDER
	       : loss >= QV_REVIEW_MISTAKE - 1e-9    ? QV_REVIEW_MARK_MISTAKE
	       : loss >= QV_REVIEW_INACCURACY - 1e-9 ? QV_REVIEW_MARK_INACCURACY
	                                             : QV_REVIEW_GOOD;
}

/* What action a would do at the state before decision i, for its mover (the game's note), as a
 * new string; NULL when the game has nothing to say or memory ran out. */
static char *note_of(const qv_review *r, qv_action a)
{
	const qv_game *g = r->m->game;
	char buf[QV_NOTE_TEXT];
	bool confirm;
	if (!g->action_note || g->action_note(r->before, a, buf, sizeof buf, &confirm) <= 0)
		return NULL;
	size_t n = strlen(buf) + 1;
	char *copy = malloc(n);
	if (copy)
		memcpy(copy, buf, n);
	return copy;
}

/* Decision i's line after its best action: the reply searches' choices on the review's first
 * guess of the position for the mover (sample 0 of paired, with its draws), until QV_REVIEW_LINE
 * decisions, the end, a chance outcome or a move that would show the mover something it could
 * not see (the guess's, not the game's). Forced moves are played and not listed. */
static qv_status line_of(qv_review *r, int i, qv_action best, qv_err *err)
{
	const qv_game *g = r->m->game;
	qv_review_decision *d = &r->d[i];
	free(d->line); /* a step that failed before made one */
	d->nline = 0;
	d->line = malloc(sizeof *d->line * QV_REVIEW_LINE);
	if (!d->line)
		return qv_fail(err, QV_ENOMEM, "out of memory writing a review's line");
	qv_rng rng;
	qv_rng_seed(&rng, mix(r->cf.seed, (uint64_t)d->entry + 3, 0));
	memcpy(r->work, r->before, g->state_size);
	if (g->determinize)
		g->determinize(r->work, d->seat, &rng);
	g->apply(r->work, best, NULL);
	for (int k = 0; k < SETTLE_MAX && d->nline < QV_REVIEW_LINE; k++) {
		int who = g->to_move(r->work), n;
		qv_action a;
		if (who == QV_OVER || who == QV_CHANCE)
			break;
		if (!qv_only_option(g, r->work, r->acts, &n, &a)) {
			qv_status rc = qv_agent_choose(r->reply, r->work, &a, err);
			if (rc)
				return rc;
			/* a move that would show the mover something hidden (another's card, a
			 * draw) is one of the guess's, not the game's: the line stops before it */
			if (g->reveals ? g->reveals(r->work, a, d->seat) : g->determinize != NULL)
				break;
			qv_review_move *mv = &d->line[d->nline++];
			mv->seat = who;
			g->action_to_text(r->work, a, mv->action, sizeof mv->action);
		}
		g->apply(r->work, a, NULL);
	}
	return QV_OK;
}

/* The search for the best alternative at r->before into *best, and the two actions valued
 * (paired): the agents are made for this decision alone, seeded by the review's seed and the
 * decision's place in the history, so that a decision's review depends on nothing but its
 * mover's information, the review's seed and its place (never on the others' decisions). Each
 * search's memory is mapped for it alone: a review between two decisions (a server's, waiting
 * for its turn on a worker) holds none. */
static qv_status search(qv_review *r, int i, qv_action played, qv_action *best, double *vp,
                        double *vb, qv_err *err)
{
	const qv_game *g = r->m->game;
	uint64_t at = (uint64_t)r->d[i].entry;
	qv_agent *root = NULL;
	qv_status rc = qv_agent_new(&root, r->root_spec, g, mix(r->cf.seed, 1, at), err);
	if (!rc)
		rc = qv_agent_new(&r->reply, r->reply_spec, g, mix(r->cf.seed, 2, at), err);
	if (!rc) {
		qv_agent_set_keep(root, false);
		qv_agent_set_keep(r->reply, false);
		rc = qv_agent_choose(root, r->before, best, err);
	}
	if (!rc)
		rc = paired(r, i, played, *best == played ? -1 : *best, vp, vb, err);
	int p = r->d[i].seat;
	if (!rc && *best != played && vb[p] > vp[p])
		rc = line_of(r, i, *best, err);
	qv_agent_free(root);
	qv_agent_free(r->reply);
	r->reply = NULL;
	return rc;
}

/* The true state before decision i into r->before: QV_OK, or QV_ENOMEM. */
static qv_status walk_to(qv_review *r, int i, qv_err *err)
{
	grab gr = {.r = r, .entry = r->d[i].entry};
	if (qv_match_walk(r->m, r->d[i].entry, grab_state, &gr) || !gr.got)
		return qv_fail(err, QV_ENOMEM, "out of memory walking to decision %d",
		               r->d[i].entry + 1);
	return QV_OK;
}

const void *qv__review_before(qv_review *r, int i, qv_err *err)
{
	return walk_to(r, i, err) ? NULL : r->before;
}

qv_status qv__review_values(qv_review *r, int i, const qv_action *acts, int n, double *mover,
                            qv_err *err)
{
	double(*v)[QV_MAX_PLAYERS] = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
	if (!v)
		return qv_fail(err, QV_ENOMEM, "out of memory valuing the moves of a decision");
	uint64_t at = (uint64_t)r->d[i].entry;
	qv_status rc = walk_to(r, i, err);
	if (!rc)
		rc =
		    qv_agent_new(&r->reply, r->reply_spec, r->m->game, mix(r->cf.seed, 2, at), err);
	if (!rc) {
		qv_agent_set_keep(r->reply, false);
		rc = paired_n(r, i, acts, n, v, err);
	}
	for (int w = 0; !rc && w < n; w++)
		mover[w] = v[w][r->d[i].seat];
	qv_agent_free(r->reply);
	r->reply = NULL;
	free(v);
	return rc;
}

qv_status qv_review_step(qv_review *r, qv_err *err)
{
	if (r->done >= r->n)
		return QV_OK;
	qv_review_decision *d = &r->d[r->done];
	const qv_game *g = r->m->game;
	if (walk_to(r, r->done, err))
		return QV_ENOMEM;
	qv_action played = r->m->hist[d->entry].action, best;
	double vp[QV_MAX_PLAYERS], vb[QV_MAX_PLAYERS];
	qv_status rc = search(r, r->done, played, &best, vp, vb, err);
	if (rc)
		return rc;
	int p = d->seat;
	if (best == played || vp[p] >= vb[p]) {
		/* the move made is the best the review knows */
		d->before = d->after = vp[p];
		qv_copy(d->best, sizeof d->best, d->played);
	} else {
		d->before = vb[p];
		d->after = vp[p];
		g->action_to_text(r->before, best, d->best, sizeof d->best);
	}
	memcpy(d->expected, vp, sizeof d->expected);
	d->played_note = note_of(r, played);
	d->best_note = best == played || d->before == d->after ? NULL : note_of(r, best);
	d->loss = d->before - d->after;
	d->accuracy = accuracy_of(d->loss);
	d->mark = mark_of(d->loss);
	d->reviewed = true;
	r->done++;
	return QV_OK;
}

double qv_review_accuracy(const qv_review *r, int p, int marks[4])
{
	double sum = 0;
	int n = 0;
	memset(marks, 0, sizeof *marks * 4);
	for (int i = 0; i < r->done; i++)
		if (r->d[i].seat == p) {
			sum += r->d[i].accuracy;
			n++;
			marks[r->d[i].mark]++;
		}
	return n ? sum / n : NAN;
}

/* ---- JSON ------------------------------------------------------------------------------------ */

/* x rounded to 3 decimals, as JSON. */
static json_t *num(double x) { return json_real(round(x * 1000) / 1000); }

/* One decision as JSON: its step in the replay (the position after it) and its verdict. */
static json_t *decision_json(const qv_review *r, const qv_review_decision *d)
{
	char who[8];
	int np = r->m->game->num_players(r->m->state);
	json_t *expected = json_array();
	for (int q = 0; q < np; q++)
		json_array_append_new(expected, num(d->expected[q]));
	const char *mark = qv_review_mark_name(d->mark);
	json_t *line = json_array();
	for (int k = 0; k < d->nline; k++)
		json_array_append_new(line, json_pack("{s:s, s:s}", "seat",
		                                      qv_player_name(d->line[k].seat, who),
		                                      "action", d->line[k].action));
	return json_pack("{s:i, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s?, s:s?, s:o}",
	                 "step", d->entry + 1, "seat", qv_player_name(d->seat, who), "played",
	                 d->played, "best", d->best, "before", num(d->before), "after",
	                 num(d->after), "loss", num(d->loss), "accuracy", num(d->accuracy), "mark",
	                 mark ? json_string(mark) : json_null(), "expected", expected,
	                 "played_note", d->played_note, "best_note", d->best_note, "line", line);
}

/* Each player's summary: accuracy (null without a decision reviewed), decisions, marks. */
static json_t *seats_json(const qv_review *r)
{
	json_t *seats = json_array();
	int np = r->m->game->num_players(r->m->state);
	for (int p = 0; p < np; p++) {
		int marks[4];
		double acc = qv_review_accuracy(r, p, marks);
		char who[8];
		json_array_append_new(
		    seats,
		    json_pack("{s:s, s:o, s:i, s:i, s:i, s:i}", "seat", qv_player_name(p, who),
		              "accuracy", isnan(acc) ? json_null() : num(acc), "decisions",
		              marks[0] + marks[1] + marks[2] + marks[3], "inaccuracies", marks[1],
		              "mistakes", marks[2], "blunders", marks[3]));
	}
	return seats;
}

json_t *qv_review_json(const qv_review *r)
{
	json_t *decisions = json_array();
	for (int i = 0; decisions && i < r->done; i++)
		if (json_array_append_new(decisions, decision_json(r, &r->d[i])))
			json_decref(decisions), decisions = NULL;
	json_t *config = json_pack("{s:i, s:i, s:i, s:o}", "iterations", r->cf.iterations,
	                           "reply_iterations", r->cf.reply_iterations, "samples",
	                           r->cf.samples, "seed", qv_seed_json(r->cf.seed));
	json_t *thresholds = json_pack("{s:f, s:f, s:f}", "inaccuracy", QV_REVIEW_INACCURACY,
	                               "mistake", QV_REVIEW_MISTAKE, "blunder", QV_REVIEW_BLUNDER);
	json_t *seats = seats_json(r);
	if (!decisions || !config || !thresholds || !seats) {
		json_decref(decisions);
		json_decref(config);
		json_decref(thresholds);
		json_decref(seats);
		return NULL;
	}
	return json_pack("{s:s, s:i, s:i, s:o, s:o, s:o, s:o}", "game", r->m->game->name, "total",
	                 r->n, "done", r->done, "config", config, "thresholds", thresholds, "seats",
	                 seats, "decisions", decisions);
}
