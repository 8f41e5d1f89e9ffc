/*
 * report.c - the designer's lab's three files (docs/lab.md): report.html for people,
 * report.json for programs and games.csv with one row per game, written from a computed
 * qv_lab_report and the study's game lines.
 *
 * The output is a pure function of its inputs: no time, no host, no timing, no locale (every
 * number goes through a fixed printf format, and a negative zero is printed as zero), so a
 * merge of shards writes the same bytes as one machine's run. A number that was not measured
 * (NAN, an infinite interval, an estimate of no observations) is "n/a" in the page and null
 * in the JSON.
 *
 * The page is one file that asks nothing of the network: inline CSS, inline SVG drawn here,
 * no script, no font, no image, not even an SVG namespace URL (inline SVG in HTML needs none).
 * Every figure has its numbers beside it in a table or a caption, every SVG is role="img"
 * with a label, and every string from the user (variant names, agent specs, parameters) is
 * escaped. The colours are CSS variables, so the SVGs follow the light, dark and print
 * schemes of the stylesheet; seats keep one colour (Okabe and Ito's palette, which colour
 * blind readers can tell apart) across every figure.
 *
 * The writers any page of the lab shares (numbers as text, escaping, the JSON writer, SVG
 * primitives, the stylesheet, writing a file) are page.c's, named qv__lab_* (page.h). A
 * player count's section is the rows of the table of sections (sections.h): each row's JSON
 * writer in the table's order, its HTML writer by its place on the page.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

/* The components studied by ablation and restricted play (all of them without --components). */
static int studied_count(const qv_lab_plan *p)
{
	int n = 0;
	for (int k = 0; k < p->ncomponents; k++)
		n += p->studied[k];
	return n;
}

/* The component ranked i-th (S->order, most extreme first) of the n of section S; NULL for an
 * order entry out of range (a report made by hand). */
static const qv_lab_component *ranked(const qv_lab_section *S, int n, int i)
{
	int k = S->order[i];
	return k >= 0 && k < n ? &S->component[k] : NULL;
}

/* ---- the plan ---- */

static const char *const arm_names[] = {"main",   "baseline", "ablate", "restrict",
                                        "ladder", "luck",     "control"};

static const char *arm_name(qv_lab_arm_kind k)
{
	return (unsigned)k < sizeof arm_names / sizeof *arm_names ? arm_names[k] : "?";
}

/* The agent spec in seat s of game g of arm a ("" when the line names none). */
static const char *seat_agent(const qv_lab_arm *a, const qv_lab_game *g, int s)
{
	if (s >= g->players || g->agent[s] < 0 || g->agent[s] >= a->nagents)
		return "";
	return a->agents[g->agent[s]];
}

static const char *component_id(const qv_lab_plan *p, int k)
{
	return k >= 0 && k < p->ncomponents ? p->component[k] : "";
}

/* ---- games.csv ---- */

static void write_csv(const qv_lab_report *r, const qv_lab_game *games, qv_buf *b)
{
	const qv_lab_plan *p = r->plan;
	qv_buf_puts(b, "index,arm,players,component,without,seed");
	for (int s = 1; s <= QV_MAX_PLAYERS; s++)
		qv_buf_printf(b, ",p%d", s);
	for (int s = 1; s <= QV_MAX_PLAYERS; s++)
		qv_buf_printf(b, ",utility_p%d", s);
	for (int s = 1; s <= QV_MAX_PLAYERS; s++)
		qv_buf_printf(b, ",rank_p%d", s);
	qv_buf_puts(b, ",decisions,positions,legal,capped\r\n");
	for (int i = 0; i < p->total; i++) {
		const qv_lab_game *g = &games[i];
		const qv_lab_arm *a = qv_lab_arm_of(p, i);
		/* Integers through qv_buf_putd: this is a row per game, printf's cost shows. */
		qv_buf_putd(b, i);
		qv_buf_putc(b, ',');
		qv_buf_puts(b, arm_name(a->kind));
		qv_buf_putc(b, ',');
		qv_buf_putd(b, g->players);
		qv_buf_putc(b, ',');
		if (a->kind == QV_LAB_ABLATE || a->kind == QV_LAB_CONTROL ||
		    a->kind == QV_LAB_RESTRICT)
			qv__lab_csv_field(b, component_id(p, a->component));
		else if (a->kind == QV_LAB_LADDER)
			qv_buf_putd(b, a->component);
		qv_buf_putc(b, ',');
		if (a->kind == QV_LAB_ABLATE)
			qv_buf_puts(b, "all");
		for (int s = 0; a->kind == QV_LAB_RESTRICT && s < g->players; s++)
			if (g->agent[s] == 0)
				qv_buf_printf(b, "p%d", s + 1);
		qv_buf_printf(b, ",%" PRIu64, qv_lab_game_seed(p, i));
		for (int s = 0; s < QV_MAX_PLAYERS; s++) {
			qv_buf_putc(b, ',');
			qv__lab_csv_field(b, seat_agent(a, g, s));
		}
		for (int s = 0; s < QV_MAX_PLAYERS; s++) {
			qv_buf_putc(b, ',');
			double u = s < g->players ? qv_clean_zero(g->utility[s], 9) : 0;
			if (s >= g->players)
				continue;
			if (fabs(u) < 1e6 && u == (double)(long long)u)
				qv_buf_putd(b, (long long)u); /* what %.6g prints for these */
			else
				qv_buf_printf(b, "%.6g", u);
		}
		for (int s = 0; s < QV_MAX_PLAYERS; s++) {
			qv_buf_putc(b, ',');
			if (s < g->players)
				qv_buf_putd(b, g->rank[s]);
		}
		qv_buf_putc(b, ',');
		qv_buf_putd(b, g->decisions);
		qv_buf_putc(b, ',');
		qv_buf_putd(b, g->positions);
		qv_buf_putc(b, ',');
		qv_buf_putd(b, g->legal);
		qv_buf_puts(b, g->capped ? ",1\r\n" : ",0\r\n");
	}
}

/* A list of component ids, the components of S at the indices list[0 .. n). */
static void jw_ids(qv__lab_jw *w, const char *key, const qv_lab_section *S, const int *list, int n)
{
	qv__lab_jw_open(w, key, '[');
	for (int i = 0; i < n; i++)
		qv__lab_jw_str(w, NULL, S->component[list[i]].id);
	qv__lab_jw_close(w, ']');
}

static void jw_variant(qv__lab_jw *w, const char *key, const qv_variant *v, const char *file)
{
	if (!v) {
		qv__lab_jw_null(w, key);
		return;
	}
	qv__lab_jw_open(w, key, '{');
	qv__lab_jw_str(w, "name", v->name);
	qv__lab_jw_str(w, "sha256", v->sha256);
	qv__lab_jw_bool(w, "builtin", v->builtin);
	if (file && *file)
		qv__lab_jw_str(w, "file", file);
	else
		qv__lab_jw_null(w, "file");
	qv__lab_jw_close(w, '}');
}

static void json_plan(qv__lab_jw *w, const qv_lab_plan *p)
{
	const qv_lab_config *c = &p->cfg;
	char seed[24];
	snprintf(seed, sizeof seed, "%" PRIu64, c->seed);
	qv__lab_jw_open(w, "plan", '{');
	qv__lab_jw_str(w, "game", c->game->name);
	jw_variant(w, "variant", c->variant, c->variant_file);
	jw_variant(w, "baseline", c->baseline, c->baseline_file);
	qv__lab_jw_open(w, "params", '{');
	for (int i = 0; i < c->params.n; i++)
		qv__lab_jw_str(w, qv_params_key(&c->params, i), qv_params_value(&c->params, i));
	qv__lab_jw_close(w, '}');
	qv__lab_jw_open(w, "agents", '[');
	for (int a = 0; a < c->nagents; a++)
		qv__lab_jw_str(w, NULL, c->agents[a]);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_ints(w, "players", c->players, c->nplayers);
	qv__lab_jw_int(w, "games", c->games);
	qv__lab_jw_int(w, "component_games", c->component_games);
	qv__lab_jw_int(w, "ladder_games", c->ladder_games);
	qv__lab_jw_int(w, "luck_games", c->luck_games);
	int ladder[2] = {c->ladder_lo, c->ladder_hi};
	qv__lab_jw_ints(w, "ladder", ladder, 2);
	qv__lab_jw_str(w, "seed", seed);
	qv__lab_jw_bool(w, "paired", c->paired);
	qv__lab_jw_bool(w, "fixed_sides", c->fixed_sides);
	qv__lab_jw_str(w, "components", c->components);
	qv__lab_jw_str(w, "version", c->version);
	qv__lab_jw_int(w, "total", p->total);
	qv__lab_jw_open(w, "arms", '[');
	for (int i = 0; i < p->narms; i++) {
		const qv_lab_arm *a = &p->arm[i];
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "arm", arm_name(a->kind));
		qv__lab_jw_int(w, "players", a->players);
		if (a->kind == QV_LAB_ABLATE || a->kind == QV_LAB_CONTROL ||
		    a->kind == QV_LAB_RESTRICT)
			qv__lab_jw_str(w, "component", component_id(p, a->component));
		else if (a->kind == QV_LAB_LADDER)
			qv__lab_jw_int(w, "component", a->component);
		else
			qv__lab_jw_null(w, "component");
		qv__lab_jw_int(w, "first", a->first);
		qv__lab_jw_int(w, "games", a->games);
		qv__lab_jw_open(w, "agents", '[');
		for (int k = 0; k < a->nagents; k++)
			qv__lab_jw_str(w, NULL, a->agents[k]);
		qv__lab_jw_close(w, ']');
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	qv__lab_jw_close(w, '}');
}

static void json_outcomes(qv__lab_jw *w, const char *key, const qv_lab_outcomes *o, int players)
{
	qv__lab_jw_open(w, key, '{');
	qv__lab_jw_int(w, "games", o->games);
	qv__lab_jw_open(w, "seats", '[');
	for (int s = 0; s < players; s++)
		qv__lab_jw_est(w, NULL, &o->seat[s]);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_num(w, "fairness_gap", o->fairness_gap);
	qv__lab_jw_num(w, "balance", o->balance);
	qv__lab_jw_est(w, "completion", &o->completion);
	qv__lab_jw_est(w, "drawishness", &o->drawishness);
	qv__lab_jw_est(w, "timeouts", &o->timeouts);
	qv__lab_jw_close(w, '}');
}

static void json_length(qv__lab_jw *w, const char *key, const qv_lab_length *l)
{
	qv__lab_jw_open(w, key, '{');
	qv__lab_jw_est(w, "turns", &l->turns);
	qv__lab_jw_num(w, "sd", l->sd);
	qv__lab_jw_num(w, "median", l->median);
	qv__lab_jw_num(w, "p90", l->p90);
	qv__lab_jw_int(w, "min", l->min);
	qv__lab_jw_int(w, "max", l->max);
	int nbins = l->nbins < 0 ? 0 : l->nbins > QV_LAB_HIST_MAX ? QV_LAB_HIST_MAX : l->nbins;
	qv__lab_jw_open(w, "histogram", '{');
	qv__lab_jw_int(w, "first", l->bin_lo);
	qv__lab_jw_int(w, "width", l->bin_width);
	qv__lab_jw_ints(w, "games", l->hist, nbins);
	qv__lab_jw_ints(w, "capped", l->hist_capped, nbins);
	qv__lab_jw_close(w, '}');
	qv__lab_jw_est(w, "decision_moves", &l->decision_moves);
	qv__lab_jw_num(w, "branching_decision", l->branching_decision);
	qv__lab_jw_num(w, "branching_game", l->branching_game);
	qv__lab_jw_close(w, '}');
}

/* ---- report.json: the sections' rows (sections.c) ---- */

void qv__lab_json_outcomes(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	json_outcomes(w, "outcomes", &S->outcomes, S->players);
}

/* Each side's score over both seats: {"id", "value", "ci", "n"}; [] when no sides. */
void qv__lab_json_sides(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, "sides", '[');
	for (int k = 0; k < p->nsides && k < QV_MAX_PLAYERS; k++) {
		const qv_lab_est *e = &S->side_score[k];
		bool m = qv__lab_measured(e);
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "id", p->side[k]);
		qv__lab_jw_num(w, "value", m ? e->v : NAN);
		qv__lab_jw_ci(w, "ci", m ? e->ci : (qv_interval){NAN, NAN});
		qv__lab_jw_int(w, "n", e->n);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
}

void qv__lab_json_baseline_outcomes(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	if (p->cfg.baseline)
		json_outcomes(w, "baseline_outcomes", &S->baseline_outcomes, S->players);
	else
		qv__lab_jw_null(w, "baseline_outcomes");
}

void qv__lab_json_length(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	json_length(w, "length", &S->length);
	if (p->cfg.baseline)
		json_length(w, "baseline_length", &S->baseline_length);
	else
		qv__lab_jw_null(w, "baseline_length");
}

void qv__lab_json_tension(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	const qv_lab_tension *t = &S->tension;
	if (t->games <= 0) {
		qv__lab_jw_null(w, "tension");
		return;
	}
	qv__lab_jw_open(w, "tension", '{');
	qv__lab_jw_int(w, "games", t->games);
	qv__lab_jw_est(w, "lead_changes", &t->lead_changes);
	qv__lab_jw_est(w, "drama", &t->drama);
	qv__lab_jw_est(w, "decisiveness", &t->decisiveness);
	qv__lab_jw_nums(w, "winner", t->winner, QV_LAB_CURVE);
	qv__lab_jw_nums(w, "loser", t->loser, QV_LAB_CURVE);
	qv__lab_jw_close(w, '}');
}

/* The rungs, then the luck arm's score apart. */
void qv__lab_json_ladder(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "ladder", '[');
	const qv_lab_rung *luck = NULL;
	for (int i = 0; i < S->nrungs; i++) {
		if (S->rung[i].k < 0) {
			luck = &S->rung[i];
			continue;
		}
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_int(w, "k", S->rung[i].k);
		qv__lab_jw_int(w, "iterations", 2L << S->rung[i].k);
		qv__lab_jw_int(w, "against", 1L << S->rung[i].k);
		qv__lab_jw_est(w, "score", &S->rung[i].score);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	if (luck)
		qv__lab_jw_est(w, "luck", &luck->score);
	else
		qv__lab_jw_null(w, "luck");
}

void qv__lab_json_agents(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, "agents", '[');
	for (int a = 0; a < S->nagents; a++) {
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "agent", p->cfg.agents[a]);
		qv__lab_jw_nums(w, "matrix", S->matrix[a], S->nagents);
		qv__lab_jw_est(w, "elo", &S->elo[a]);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
}

static void json_component(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_component *c,
                           int players)
{
	qv__lab_jw_open(w, NULL, '{');
	qv__lab_jw_str(w, "id", c->id);
	qv__lab_jw_est(w, "play_rate", &c->play_rate);
	qv__lab_jw_est(w, "score_drawn", &c->score_drawn);
	qv__lab_jw_est(w, "score_played", &c->score_played);
	qv__lab_jw_open(w, "ablate_seat", '[');
	for (int s = 0; s < players; s++)
		qv__lab_jw_delta(w, NULL, &c->ablate_seat[s]);
	qv__lab_jw_close(w, ']');
	/* Each side's test, {"id", "delta", ...}; [] where the sides do not rotate. */
	qv__lab_jw_open(w, "ablate_sides", '[');
	for (int d = 0; players == 2 && d < p->nsides && d < QV_MAX_PLAYERS; d++) {
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "id", p->side[d]);
		const qv_lab_delta *t = &c->ablate_side[d];
		qv__lab_jw_num(w, "delta", t->d);
		qv__lab_jw_ci(w, "ci", t->ci);
		qv__lab_jw_num(w, "p", t->p);
		qv__lab_jw_bool(w, "flagged", t->flagged);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	qv__lab_jw_delta(w, "ablate_length", &c->ablate_length);
	qv__lab_jw_delta(w, "restrict_score", &c->restrict_score);
	qv__lab_jw_delta(w, "restrict_length", &c->restrict_length);
	qv__lab_jw_num(w, "extremeness", c->extremeness);
	qv__lab_jw_num(w, "gap_without", c->gap_without);
	qv__lab_jw_bool(w, "flagged", c->flagged);
	qv__lab_jw_close(w, '}');
}

/* The components, then their order and the two lists. */
void qv__lab_json_components(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, "components", '[');
	for (int k = 0; k < p->ncomponents && S->component; k++)
		json_component(w, p, &S->component[k], S->players);
	qv__lab_jw_close(w, ']');
	qv__lab_jw_ints(w, "order", S->order, S->component ? p->ncomponents : 0);
	jw_ids(w, "unbalancing", S, S->unbalancing, S->component ? S->nunbalancing : 0);
	jw_ids(w, "strongest", S, S->strongest, S->component ? S->nstrongest : 0);
}

/* The smallest effects the games detect 80% of the time at alpha 0.05. */
void qv__lab_json_power(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "power", '{');
	qv__lab_jw_num(w, "seat", S->detect_seat);
	qv__lab_jw_num(w, "ablation", S->detect_ablation);
	qv__lab_jw_num(w, "restricted", S->detect_restricted);
	qv__lab_jw_close(w, '}');
}

void qv__lab_json_board(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	if (!S->heat) {
		qv__lab_jw_null(w, "board");
		return;
	}
	const qv_lab_board *bd = &S->board;
	int n = bd->w * bd->h;
	char files[sizeof bd->files + 1];
	int nf = bd->w < (int)sizeof bd->files ? bd->w : (int)sizeof bd->files;
	memcpy(files, bd->files, (size_t)nf);
	files[nf] = '\0';
	qv__lab_jw_open(w, "board", '{');
	qv__lab_jw_int(w, "width", bd->w);
	qv__lab_jw_int(w, "height", bd->h);
	qv__lab_jw_str(w, "files", files);
	qv__lab_jw_int(w, "rank0", bd->rank0);
	qv__lab_jw_open(w, "heat", '[');
	for (int s = 0; s < S->players; s++) {
		qv__lab_jw_at(w, NULL);
		qv_buf_putc(w->b, '[');
		for (int q = 0; q < n; q++)
			qv_buf_printf(w->b, q ? ", %" PRIu32 : "%" PRIu32, S->heat[s * n + q]);
		qv_buf_putc(w->b, ']');
	}
	qv__lab_jw_close(w, ']');
	qv__lab_jw_close(w, '}');
}

void qv__lab_json_compare(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_open(w, "compare", '[');
	for (int i = 0; i < S->ncompare; i++) {
		const qv_lab_compare *c = &S->compare[i];
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "metric", c->metric ? c->metric : "");
		qv__lab_jw_num(w, "variant", c->variant);
		qv__lab_jw_num(w, "baseline", c->baseline);
		qv__lab_jw_delta(w, "delta", &c->delta);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
}

void qv__lab_json_reproduction(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	(void)p;
	qv__lab_jw_ints(w, "capped_games", S->capped_games, S->ncapped_games);
	qv__lab_jw_ints(w, "longest_games", S->longest_games, S->nlongest_games);
}

/* A section: its player count, then every row of the table that writes into report.json, in
 * the table's order. */
static void json_section(qv__lab_jw *w, const qv_lab_plan *p, const qv_lab_section *S)
{
	qv__lab_jw_open(w, NULL, '{');
	qv__lab_jw_int(w, "players", S->players);
	for (int r = 0; r < qv__lab_nrows; r++)
		if (qv__lab_rows[r].json)
			qv__lab_rows[r].json(w, p, S);
	qv__lab_jw_close(w, '}');
}

static void write_json(const qv_lab_report *r, qv_buf *b)
{
	const qv_lab_plan *p = r->plan;
	qv__lab_jw w = {.b = b, .first = {true}};
	qv_buf_putc(b, '{');
	w.depth = 1;
	w.first[1] = true;
	qv__lab_jw_int(&w, "quiver_lab_report", QV_LAB_FORMAT);
	json_plan(&w, p);
	qv__lab_jw_open(&w, "components", '[');
	for (int k = 0; k < p->ncomponents; k++)
		qv__lab_jw_str(&w, NULL, p->component[k]);
	qv__lab_jw_close(&w, ']');
	qv__lab_jw_open(&w, "sections", '[');
	for (int i = 0; i < r->nsections; i++)
		json_section(&w, p, &r->section[i]);
	qv__lab_jw_close(&w, ']');
	qv__lab_jw_close(&w, '}');
	qv_buf_putc(b, '\n');
}

/* ---- report.html: the page's frame ---- */

/* The page's state while it is written: the buffer and the section's prefix for ids (the
 * rows' HTML writers take it, sections.h). */
typedef struct qv__lab_page {
	qv_buf *b;
	const qv_lab_plan *p;
	const qv_lab_game *games;
	char id[16]; /* "p2": the player count's prefix of element ids */
} page;

/* ---- the verdict ---- */

/* The flag cell of a test (and of a component flagged by another of its tests). */
static void flag_cell(qv_buf *b, const qv_lab_delta *d, const qv_lab_component *c)
{
	if (d->flagged)
		qv_buf_puts(b, "<td class=\"t flag\">flagged</td></tr>\n");
	else if (c->flagged)
		qv_buf_puts(b, "<td class=\"t flag\">by another test</td></tr>\n");
	else
		qv_buf_puts(b, "<td class=\"t\">no</td></tr>\n");
}

/* The Δ, interval and p cells of a test; n/a when it was not run. */
static void delta_cells(qv_buf *b, const qv_lab_delta *d)
{
	if (qv__lab_tested(d))
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td>", qv__lab_pp(d->d).s,
		              qv__lab_pp_ci(d->ci).s, qv__lab_pval(d->p).s);
	else
		qv_buf_puts(b, "<td>n/a</td><td>n/a</td><td>n/a</td>");
}

/* A list's question (html), then its table opened with the head row's cells (html), or
 * `none` when the list is empty; whether the table was opened. */
static bool list_open(page *P, const char *question, int n, const char *none, const char *id,
                      const char *caption, const char *head)
{
	qv_buf *b = P->b;
	qv_buf_printf(b, "<p class=\"question\">%s</p>\n", question);
	if (n == 0) {
		qv__lab_not_measured(b, none);
		return false;
	}
	qv__lab_table_open(P->b, P->id, id, caption);
	qv_buf_printf(b, "<thead><tr>%s</tr></thead><tbody>\n", head);
	return true;
}

/* The top five of `unbalancing`: the fairness gap with the component and without it, and
 * the seat whose score its ablation moved most clearly. */
static void unbalancing_table(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	if (!list_open(
	        P,
	        "<strong>Unbalancing</strong>: what makes the seats, or the decks, "
	        "unequal? Each component taken out of the game (ablation), the same "
	        "games played without it; most extreme first, by its seat or deck "
	        "that moves most.",
	        S->nunbalancing, "No component could be taken out of this game.", "unbalancing",
	        "Unbalancing: what makes the seats or the decks unequal",
	        "<th scope=\"col\">Component</th><th scope=\"col\">Gap with</th><th "
	        "scope=\"col\">Gap without</th><th scope=\"col\" class=\"t\">Seat or side</th>"
	        "<th scope=\"col\">&Delta; without</th><th scope=\"col\">95% "
	        "interval</th><th scope=\"col\">p</th><th scope=\"col\" "
	        "class=\"t\">Flagged</th>"))
		return;
	for (int i = 0; i < S->nunbalancing && i < 5; i++) {
		const qv_lab_component *c = &S->component[S->unbalancing[i]];
		/* The test with the smallest p: a seat's (p1 ...), else a side's (its id). */
		const qv_lab_delta *most = &c->ablate_seat[0];
		char who[QV_NAME_MAX] = "p1";
		for (int s = 0; s < 2 * QV_MAX_PLAYERS; s++) {
			bool side = s >= QV_MAX_PLAYERS;
			int k = side ? s - QV_MAX_PLAYERS : s;
			if (k >= (side ? P->p->nsides : S->players))
				continue;
			const qv_lab_delta *d = side ? &c->ablate_side[k] : &c->ablate_seat[k];
			if (qv__lab_tested(d) && (!qv__lab_tested(most) || d->p < most->p)) {
				most = d;
				if (side)
					qv_copy(who, sizeof who, P->p->side[k]);
				else
					snprintf(who, sizeof who, "p%d", k + 1);
			}
		}
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td class=\"t\">",
		              qv__lab_pct(S->outcomes.fairness_gap).s,
		              qv__lab_pct(c->gap_without).s);
		qv__lab_html_esc(b, who);
		qv_buf_puts(b, "</td>");
		delta_cells(b, most);
		flag_cell(b, most, c);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The top five of `strongest`: what the seat forbidden the component scores against its
 * twins in the same games. */
static void strongest_table(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	if (!list_open(P,
	               "<strong>Strongest</strong>: what does a seat lose without it? One "
	               "seat forbidden the component against its twins in the same games "
	               "(restricted play); most extreme first.",
	               S->nstrongest, "This game cannot forbid its components to one seat.",
	               "strongest", "Strongest: what a seat loses without it",
	               "<th scope=\"col\">Component</th><th scope=\"col\">&Delta; score</th>"
	               "<th scope=\"col\">95% interval</th><th scope=\"col\">p</th><th "
	               "scope=\"col\" class=\"t\">Flagged</th>"))
		return;
	for (int i = 0; i < S->nstrongest && i < 5; i++) {
		const qv_lab_component *c = &S->component[S->strongest[i]];
		qv__lab_row_head(b, c->id);
		delta_cells(b, &c->restrict_score);
		flag_cell(b, &c->restrict_score, c);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The sides, when they rotated between the seats: each one's score over both seats, and
 * which is favoured as a seat is (its interval apart from a fair share). */
static void verdict_sides(page *P, const qv_lab_section *S, double fair)
{
	const qv_lab_plan *p = P->p;
	qv_buf *b = P->b;
	if (p->nsides == 0)
		return;
	qv_buf_puts(b, "</p>\n<p class=\"sides\">Sides (swapped between the seats in every "
	               "other rotation):");
	const char *favoured = NULL;
	for (int k = 0; k < p->nsides && k < QV_MAX_PLAYERS; k++) {
		const qv_lab_est *e = &S->side_score[k];
		qv_buf_puts(b, k ? "; " : " ");
		qv__lab_html_esc(b, p->side[k]);
		qv_buf_printf(
		    b, " %s %s", qv__lab_pct(qv__lab_measured(e) ? e->v : NAN).s,
		    qv__lab_pct_ci(qv__lab_measured(e) ? e->ci : (qv_interval){NAN, NAN}).s);
		if (qv__lab_measured(e) && qv__lab_known_ci(e->ci) && e->ci.lo > fair)
			favoured = p->side[k];
	}
	if (favoured) {
		qv_buf_puts(b, ". The side <strong>");
		qv__lab_html_esc(b, favoured);
		qv_buf_puts(b, "</strong> is favoured, whichever seat holds it.");
	} else {
		qv_buf_puts(b, ". No side is favoured beyond its 95% interval.");
	}
}

void qv__lab_html_verdict(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_outcomes *o = &S->outcomes;
	int N = S->players;
	double fair = 1.0 / N;
	qv_buf_printf(b, "<section class=\"verdict\" aria-labelledby=\"%s-verdict\">\n", P->id);
	qv__lab_heading(P->b, P->id, "h3", "verdict", "Verdict");
	qv_buf_puts(b, "<p class=\"lead\">");
	if (o->games <= 0) {
		qv_buf_printf(b, "No games were played with %d players.", N);
	} else {
		int said = 0;
		for (int s = 0; s < N; s++) {
			const qv_lab_est *e = &o->seat[s];
			if (!qv__lab_measured(e) || !qv__lab_known_ci(e->ci))
				continue;
			const char *how = e->ci.lo > fair   ? "above"
			                  : e->ci.hi < fair ? "below"
			                                    : NULL;
			if (!how)
				continue;
			qv_buf_printf(b, "%sp%d scores %s a fair share (%s): %s %s.",
			              said ? " " : "", s + 1, how, qv__lab_pct(fair).s,
			              qv__lab_pct(e->v).s, qv__lab_pct_ci(e->ci).s);
			said++;
		}
		if (!said)
			qv_buf_printf(
			    b,
			    "No seat&#39;s score differs from a fair share (%s) beyond its "
			    "95%% interval, over %d games.",
			    qv__lab_pct(fair).s, o->games);
		else
			qv_buf_printf(b, " Over %d games; intervals are 95%%.", o->games);
		verdict_sides(P, S, fair);
	}
	qv_buf_puts(b, "</p>\n<dl class=\"tiles\">\n");
	qv__lab_tile(b, "Fairness gap", qv__lab_pct(o->fairness_gap).s,
	             "largest |score &minus; 1/N|");
	if (qv__lab_known(S->detect_seat))
		qv__lab_tile(b, "Detectable", qv__lab_hundredths(S->detect_seat, "%.1f pp").s,
		             "a seat this far off its fair share, 80% of the time");
	qv__lab_tile(b, "Balance", qv__lab_pct(o->balance).s,
	             "1 &minus; largest gap between seats");
	qv__lab_tile(b, "Draws",
	             qv__lab_pct(qv__lab_measured(&o->drawishness) ? o->drawishness.v : NAN).s,
	             qv__lab_pct_ci(qv__lab_measured(&o->drawishness) ? o->drawishness.ci
	                                                              : (qv_interval){NAN, NAN})
	                 .s);
	qv__lab_tile(b, "Timeouts",
	             qv__lab_pct(qv__lab_measured(&o->timeouts) ? o->timeouts.v : NAN).s,
	             qv__lab_pct_ci(qv__lab_measured(&o->timeouts) ? o->timeouts.ci
	                                                           : (qv_interval){NAN, NAN})
	                 .s);
	qv__lab_tile(b, "Completion",
	             qv__lab_pct(qv__lab_measured(&o->completion) ? o->completion.v : NAN).s,
	             "a single winner");
	qv__lab_tile(b, "Mean length",
	             qv__lab_measured(&S->length.turns) ? qv__lab_num(S->length.turns.v, 1, false).s
	                                                : "n/a",
	             "decisions per game");
	qv_buf_puts(b, "</dl>\n");

	const qv_lab_plan *p = P->p;
	if (p->ncomponents == 0 || !S->component) {
		qv__lab_not_measured(
		    b, "This game&#39;s variant has no components the lab studies one by "
		       "one.");
	} else if (p->cfg.component_games <= 0) {
		qv__lab_not_measured(
		    b, "The components&#39; effects were not measured: this study ran no "
		       "component games (<code>--component-games 0</code>).");
	} else {
		int flagged = 0, studied = studied_count(p);
		for (int k = 0; k < p->ncomponents; k++)
			flagged += S->component[k].flagged;
		qv_buf_printf(b,
		              "<p>%d of %s%d components%s flagged (Benjamini&ndash;Hochberg, q = "
		              "%.2f, within each list).",
		              flagged, studied < p->ncomponents ? "the " : "", studied,
		              studied < p->ncomponents ? " studied (<code>--components</code>)"
		                                       : "",
		              QV_LAB_Q);
		if (qv__lab_known(S->detect_ablation) || qv__lab_known(S->detect_restricted))
			qv_buf_printf(b,
			              " With these games a test detects 80%% of the time an effect "
			              "of about %s by ablation and %s by restricted play (median "
			              "over the components).",
			              qv__lab_hundredths(S->detect_ablation, "%.1f pp").s,
			              qv__lab_hundredths(S->detect_restricted, "%.1f pp").s);
		qv_buf_puts(b, "</p>\n");
		unbalancing_table(P, S);
		strongest_table(P, S);
	}
	qv_buf_puts(b, "</section>\n");
}

/* ---- the seats ---- */

void qv__lab_html_seats(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_outcomes *o = &S->outcomes;
	int N = S->players;
	double fair = 1.0 / N;
	qv__lab_heading(P->b, P->id, "h3", "seats", "Seat scores");
	if (o->games <= 0) {
		qv__lab_not_measured(b, "No games were played with this number of players.");
		return;
	}
	qv__lab_how(
	    b, "Each seat&#39;s mean score (a win counts 1, a shared first place its share, a loss "
	       "0) with its 95% interval. The dashed line is a fair share, 1/N: a seat whose "
	       "interval misses it is favoured or hindered by its place at the table.");
	double lo = fair, hi = fair;
	for (int s = 0; s < N; s++)
		if (qv__lab_measured(&o->seat[s]) && qv__lab_known_ci(o->seat[s].ci)) {
			lo = fmin(lo, o->seat[s].ci.lo);
			hi = fmax(hi, o->seat[s].ci.hi);
		}
	double step = hi - lo > 0.5 ? 0.2 : 0.1;
	lo = fmax(0, floor(lo / step + 1e-9) * step);
	hi = fmin(1, ceil(hi / step - 1e-9) * step);
	if (hi - lo < 0.2 - 1e-9) {
		lo = fmax(0, lo - step);
		hi = fmin(1, hi + step);
	}
	const int W = 400, top = 34, row = 30;
	int H = top + N * row + 30;
	qv__lab_scale x = {lo, hi, 56, 384};

	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Seat scores with %d players, with 95%% intervals and the fair share %s", N,
	              qv__lab_pct(fair).s);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	double ybot = top + N * row;
	for (int i = 0; lo + i * step <= hi + 1e-9; i++) {
		double v = lo + i * step;
		qv__lab_svg_line(b, qv__lab_scale_at(&x, v), top - 6, qv__lab_scale_at(&x, v), ybot,
		                 "grid");
		qv__lab_svg_tick(b, qv__lab_scale_at(&x, v), ybot + 18, W, qv__lab_tick_pct(v).s);
	}
	qv__lab_svg_line(b, qv__lab_scale_at(&x, fair), top - 10, qv__lab_scale_at(&x, fair), ybot,
	                 "fair");
	char fl[48];
	snprintf(fl, sizeof fl, "fair share 1/%d", N);
	bool right = qv__lab_scale_at(&x, fair) > W - 70;
	qv__lab_svg_text(b, qv__lab_scale_at(&x, fair) + (right ? -4 : 4), 16,
	                 right ? "end" : "start", NULL, fl);
	for (int s = 0; s < N; s++) {
		const qv_lab_est *e = &o->seat[s];
		double y = top + s * row + row / 2.0;
		char name[16];
		snprintf(name, sizeof name, "p%d", s + 1);
		qv__lab_svg_text(b, 8, y + 4.5, NULL, NULL, name);
		if (!qv__lab_measured(e)) {
			qv__lab_svg_text(b, 56, y + 4.5, NULL, "mut", "n/a");
			continue;
		}
		qv_buf_printf(b, "<g class=\"k%d\">", s + 1);
		if (qv__lab_known_ci(e->ci))
			qv__lab_svg_line(b, qv__lab_scale_at(&x, e->ci.lo), y,
			                 qv__lab_scale_at(&x, e->ci.hi), y, "ci");
		qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"6\" class=\"pt\"/></g>\n",
		              qv__lab_co(qv__lab_scale_at(&x, e->v)).s, qv__lab_co(y).s);
	}
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(b, "<figcaption>%d games; fairness gap %s, balance %s.</figcaption>\n",
	              o->games, qv__lab_pct(o->fairness_gap).s, qv__lab_pct(o->balance).s);
	qv_buf_puts(b, "</figure>\n");
	qv__lab_table_open(P->b, P->id, "seats-table", "Seat scores");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Seat</th><th scope=\"col\">Score</th>"
	               "<th scope=\"col\">95% interval</th><th scope=\"col\">&minus; 1/N</th></tr>"
	               "</thead><tbody>\n");
	for (int s = 0; s < N; s++) {
		const qv_lab_est *e = &o->seat[s];
		bool m = qv__lab_measured(e);
		qv_buf_printf(b,
		              "<tr><th scope=\"row\"><span class=\"swatch k%d\"></span>p%d</th>"
		              "<td>%s</td><td>%s</td><td>%s</td></tr>\n",
		              s + 1, s + 1, qv__lab_pct(m ? e->v : NAN).s,
		              qv__lab_pct_ci(m ? e->ci : (qv_interval){NAN, NAN}).s,
		              qv__lab_pp(m ? e->v - fair : NAN).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "</div>\n");
}

/* ---- the length ---- */

/* The turns bin b covers, "12-15" or "12". */
static qv__lab_txt bin_range(const qv_lab_length *l, int b)
{
	qv__lab_txt t;
	int a = l->bin_lo + b * l->bin_width, z = a + l->bin_width - 1;
	if (l->bin_width <= 1)
		snprintf(t.s, sizeof t.s, "%d", a);
	else
		snprintf(t.s, sizeof t.s, "%d&ndash;%d", a, z);
	return t;
}

static void length_row(qv_buf *b, const char *name, const char *v, const char *base, bool has_base)
{
	qv_buf_printf(b, "<tr><th scope=\"row\">%s</th><td>%s</td>", name, v);
	if (has_base)
		qv_buf_printf(b, "<td>%s</td>", base);
	qv_buf_puts(b, "</tr>\n");
}

void qv__lab_html_length(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_length *l = &S->length, *bl = &S->baseline_length;
	bool has_base = P->p->cfg.baseline != NULL && S->baseline_outcomes.games > 0;
	qv__lab_heading(P->b, P->id, "h3", "length", "Game length");
	int nbins = l->nbins > QV_LAB_HIST_MAX ? QV_LAB_HIST_MAX : l->nbins;
	if (S->outcomes.games <= 0 || nbins <= 0 || l->bin_width <= 0) {
		qv__lab_not_measured(b, "No games were played with this number of players.");
		return;
	}
	qv__lab_how(
	    b, has_base ? "How many decisions a game asks of its players. Bars: this variant&#39;s "
	                  "games per length, the part of games capped by max_turns in orange; the "
	                  "dashed outline: the baseline&#39;s games."
	                : "How many decisions a game asks of its players. Bars: this variant&#39;s "
	                  "games per length, the part of games capped by max_turns in orange.");
	if (!has_base)
		qv__lab_not_measured(
		    b, "No baseline was measured, so there is no outline to compare with.");
	int ymax = 1, capped = 0;
	for (int i = 0; i < nbins; i++) {
		capped += l->hist_capped[i];
		ymax = l->hist[i] > ymax ? l->hist[i] : ymax;
		if (has_base)
			ymax = bl->hist[i] > ymax ? bl->hist[i] : ymax;
	}
	/* whole numbers of games on the axis, at most five lines */
	double step = qv__lab_nice_ceil(ymax / 4.0), top = step * ceil(ymax / step);
	const int W = 400, H = 236;
	const double x0 = 48, x1 = 380, y0 = 34, y1 = 190;
	qv__lab_scale y = {0, top, y1, y0};
	double bw = (x1 - x0) / nbins;

	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Histogram of game lengths with %d players: mean %s decisions, %d capped "
	              "games%s",
	              S->players,
	              qv__lab_measured(&l->turns) ? qv__lab_num(l->turns.v, 1, false).s : "n/a",
	              capped, has_base ? ", with the baseline's histogram as an outline" : "");
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	/* legend */
	qv_buf_puts(b, "<rect x=\"48\" y=\"6\" width=\"12\" height=\"12\" class=\"bar\"/>\n");
	qv__lab_svg_text(b, 64, 16.5, NULL, NULL, "games");
	qv_buf_puts(b, "<rect x=\"118\" y=\"6\" width=\"12\" height=\"12\" class=\"cap\"/>\n");
	qv__lab_svg_text(b, 134, 16.5, NULL, NULL, "capped");
	if (has_base) {
		qv__lab_svg_line(b, 196, 12, 224, 12, "baseline");
		qv__lab_svg_text(b, 230, 16.5, NULL, NULL, "baseline");
	}
	for (double v = 0; v <= top + 1e-9; v += step) {
		char t[24];
		snprintf(t, sizeof t, "%.0f", v);
		qv__lab_svg_line(b, x0, qv__lab_scale_at(&y, v), x1, qv__lab_scale_at(&y, v),
		                 "grid");
		qv__lab_svg_text(b, x0 - 6, qv__lab_scale_at(&y, v) + 4.5, "end", "mut", t);
	}
	for (int i = 0; i < nbins; i++) {
		double bx = x0 + i * bw, h = y1 - qv__lab_scale_at(&y, l->hist[i]);
		double hc = y1 - qv__lab_scale_at(&y, l->hist_capped[i]);
		if (l->hist[i] > 0)
			qv_buf_printf(b,
			              "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" "
			              "class=\"bar\"/>\n",
			              qv__lab_co(bx + 0.5).s, qv__lab_co(y1 - h).s,
			              qv__lab_co(fmax(bw - 1, 0.5)).s, qv__lab_co(h).s);
		if (l->hist_capped[i] > 0)
			qv_buf_printf(b,
			              "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" "
			              "class=\"cap\"/>\n",
			              qv__lab_co(bx + 0.5).s, qv__lab_co(y1 - h).s,
			              qv__lab_co(fmax(bw - 1, 0.5)).s, qv__lab_co(hc).s);
	}
	if (has_base) {
		qv_buf_printf(b, "<polyline class=\"baseline\" points=\"%s,%s", qv__lab_co(x0).s,
		              qv__lab_co(y1).s);
		for (int i = 0; i < nbins; i++) {
			double yy = qv__lab_scale_at(&y, bl->hist[i]);
			qv_buf_printf(b, " %s,%s %s,%s", qv__lab_co(x0 + i * bw).s,
			              qv__lab_co(yy).s, qv__lab_co(x0 + (i + 1) * bw).s,
			              qv__lab_co(yy).s);
		}
		qv_buf_printf(b, " %s,%s\"/>\n", qv__lab_co(x1).s, qv__lab_co(y1).s);
	}
	qv__lab_svg_line(b, x0, y1, x1, y1, "axis");
	int every = (nbins + 5) / 6;
	for (int i = 0; i <= nbins; i += every) {
		char t[24];
		snprintf(t, sizeof t, "%d", l->bin_lo + i * l->bin_width);
		qv__lab_svg_line(b, x0 + i * bw, y1, x0 + i * bw, y1 + 4, "axis");
		qv__lab_svg_tick(b, x0 + i * bw, y1 + 18, W, t);
	}
	qv__lab_svg_text(b, (x0 + x1) / 2, H - 6, "middle", "mut", "decisions per game");
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(
	    b,
	    "<figcaption>%d games; %s capped by max_turns; one bar per %d "
	    "decision%s.</figcaption>\n</figure>\n",
	    S->outcomes.games,
	    qv__lab_measured(&S->outcomes.timeouts) ? qv__lab_pct(S->outcomes.timeouts.v).s : "n/a",
	    l->bin_width, l->bin_width == 1 ? "" : "s");

	qv__lab_table_open(P->b, P->id, "length-table", "Length and choice");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Variant</th>");
	if (has_base)
		qv_buf_puts(b, "<th scope=\"col\">Baseline</th>");
	qv_buf_puts(b, "</tr></thead><tbody>\n");
	length_row(b, "Mean decisions", qv__lab_est_num(&l->turns, 1).s,
	           qv__lab_est_num(&bl->turns, 1).s, has_base);
	length_row(b, "Standard deviation", qv__lab_num(l->sd, 1, false).s,
	           qv__lab_num(bl->sd, 1, false).s, has_base);
	length_row(b, "Median", qv__lab_num(l->median, 1, false).s,
	           qv__lab_num(bl->median, 1, false).s, has_base);
	length_row(b, "90th percentile", qv__lab_num(l->p90, 1, false).s,
	           qv__lab_num(bl->p90, 1, false).s, has_base);
	length_row(b, "Shortest", qv__lab_num(l->min, 0, false).s, qv__lab_num(bl->min, 0, false).s,
	           has_base);
	length_row(b, "Longest", qv__lab_num(l->max, 0, false).s, qv__lab_num(bl->max, 0, false).s,
	           has_base);
	length_row(b, "Capped (timeouts)", qv__lab_est_pct(&S->outcomes.timeouts).s,
	           qv__lab_est_pct(&S->baseline_outcomes.timeouts).s, has_base);
	length_row(b, "Decision moves", qv__lab_est_pct(&l->decision_moves).s,
	           qv__lab_est_pct(&bl->decision_moves).s, has_base);
	length_row(b, "Branching per decision", qv__lab_num(l->branching_decision, 2, false).s,
	           qv__lab_num(bl->branching_decision, 2, false).s, has_base);
	length_row(b, "Branching per game", qv__lab_num(l->branching_game, 2, false).s,
	           qv__lab_num(bl->branching_game, 2, false).s, has_base);
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "</div>\n");

	/* The bars' numbers, one column per bar. */
	qv__lab_table_open(P->b, P->id, "bins", "Games per length");
	qv_buf_puts(b, "<thead><tr><th scope=\"row\">Decisions</th>");
	for (int i = 0; i < nbins; i++)
		qv_buf_printf(b, "<th scope=\"col\">%s</th>", bin_range(l, i).s);
	qv_buf_puts(b, "</tr></thead><tbody>\n<tr><th scope=\"row\">Games</th>");
	for (int i = 0; i < nbins; i++)
		qv_buf_printf(b, "<td>%d</td>", l->hist[i]);
	qv_buf_puts(b, "</tr>\n<tr><th scope=\"row\">of which capped</th>");
	for (int i = 0; i < nbins; i++)
		qv_buf_printf(b, "<td>%d</td>", l->hist_capped[i]);
	qv_buf_puts(b, "</tr>\n");
	if (has_base) {
		qv_buf_puts(b, "<tr><th scope=\"row\">Baseline</th>");
		for (int i = 0; i < nbins; i++)
			qv_buf_printf(b, "<td>%d</td>", bl->hist[i]);
		qv_buf_puts(b, "</tr>\n");
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* ---- the components ---- */

/* The id as the plot's label: long ids cut to fit the label column (the table has them
 * whole). Ids are letters, digits and hyphens (QV_VF_ID), so a cut never splits a character. */
static qv__lab_txt short_id(const char *id)
{
	qv__lab_txt t;
	if (strlen(id) <= 13)
		snprintf(t.s, sizeof t.s, "%s", id);
	else
		snprintf(t.s, sizeof t.s, "%.12s\xe2\x80\xa6", id);
	return t;
}

/* The forest plot of the components' causal effects, most extreme first. */
static void component_forest(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	double m = 0.05;
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = &S->component[i];
		const qv_lab_delta *d[2] = {&c->ablate_seat[0], &c->restrict_score};
		for (int j = 0; j < 2; j++) {
			if (qv__lab_known(d[j]->d))
				m = fmax(m, fabs(d[j]->d));
			if (qv__lab_known_ci(d[j]->ci))
				m = fmax(m, fmax(fabs(d[j]->ci.lo), fabs(d[j]->ci.hi)));
		}
	}
	/* ticks at whole multiples of 5 points: the half-range is a multiple of 10 */
	m = fmin(1, ceil(m * 10 - 1e-9) / 10);
	const int W = 400, top = 40, row = 30;
	int H = top + n * row + 46;
	qv__lab_scale x = {-m, m, 120, 372};
	double ybot = top + n * row;

	qv_buf_puts(b, "<figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Forest plot of the effect of each of %d components with %d players: "
	              "ablation and restricted play differences in score, with 95%% intervals",
	              n, S->players);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	qv_buf_puts(b, "<g class=\"ab\"><circle cx=\"124\" cy=\"12\" r=\"5\" class=\"pt\"/>"
	               "</g>\n");
	qv__lab_svg_text(b, 134, 16.5, NULL, NULL, "ablation: p1");
	qv_buf_puts(b, "<g class=\"re\"><path d=\"M244,6 l6,6 l-6,6 l-6,-6 z\" class=\"pt\"/>"
	               "</g>\n");
	qv__lab_svg_text(b, 256, 16.5, NULL, NULL, "restricted play");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (c && c->flagged)
			qv_buf_printf(b,
			              "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" "
			              "class=\"flagband\"/>\n",
			              top + i * row, W, row);
	}
	for (int i = -2; i <= 2; i++) {
		double v = m * i / 2;
		qv__lab_svg_line(b, qv__lab_scale_at(&x, v), top - 4, qv__lab_scale_at(&x, v), ybot,
		                 i == 0 ? "axis" : "grid");
		char t[32];
		snprintf(t, sizeof t, "%+.0f", qv_clean_zero(100 * v, 0));
		qv__lab_svg_tick(b, qv__lab_scale_at(&x, v), ybot + 18, W, i == 0 ? "0" : t);
	}
	qv__lab_svg_text(b, (120 + 372) / 2.0, ybot + 38, "middle", "mut",
	                 "difference in score, percentage points");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (!c)
			continue;
		double y = top + i * row + row / 2.0;
		qv__lab_txt name = short_id(c->id);
		if (c->flagged) {
			size_t len = strlen(name.s);
			snprintf(name.s + len, sizeof name.s - len, " *");
		}
		qv__lab_svg_text(b, 6, y + 4.5, NULL, c->flagged ? "flagged" : NULL, name.s);
		const qv_lab_delta *a = &c->ablate_seat[0], *r = &c->restrict_score;
		if (qv__lab_known(a->d)) {
			qv_buf_puts(b, "<g class=\"ab\">");
			if (qv__lab_known_ci(a->ci))
				qv__lab_svg_line(b, qv__lab_scale_at(&x, a->ci.lo), y - 5,
				                 qv__lab_scale_at(&x, a->ci.hi), y - 5, "ci");
			qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"5\" class=\"pt\"/></g>\n",
			              qv__lab_co(qv__lab_scale_at(&x, a->d)).s,
			              qv__lab_co(y - 5).s);
		}
		if (qv__lab_known(r->d)) {
			qv_buf_puts(b, "<g class=\"re\">");
			if (qv__lab_known_ci(r->ci))
				qv__lab_svg_line(b, qv__lab_scale_at(&x, r->ci.lo), y + 5,
				                 qv__lab_scale_at(&x, r->ci.hi), y + 5, "ci");
			double cx = qv__lab_scale_at(&x, r->d), cy = y + 5;
			qv_buf_printf(b,
			              "<path d=\"M%s,%s l6,6 l-6,6 l-6,-6 z\" class=\"pt\"/></g>\n",
			              qv__lab_co(cx).s, qv__lab_co(cy - 6).s);
		}
	}
	qv_buf_puts(b, "</svg>\n");
	int flagged = 0;
	for (int k = 0; k < n; k++)
		flagged += S->component[k].flagged;
	qv_buf_printf(b,
	              "<figcaption>Differences in percentage points, with 95%% intervals; "
	              "%d of the %d components studied flagged (*, Benjamini&ndash;Hochberg at "
	              "q = %.2f).</figcaption>\n</figure>\n",
	              flagged, studied_count(P->p), QV_LAB_Q);
}

/* The play rate and the scores when drawn or played: what happened, not what it caused. */
static void component_correlations(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	qv__lab_table_open(P->b, P->id, "correlations", "Correlational figures");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Component</th>"
	               "<th scope=\"col\">Play rate</th>"
	               "<th scope=\"col\">Score when drawn (correlational)</th>"
	               "<th scope=\"col\">Score when played (correlational)</th></tr></thead>"
	               "<tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (!c)
			continue;
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td></tr>\n",
		              qv__lab_est_pct(&c->play_rate).s, qv__lab_est_pct(&c->score_drawn).s,
		              qv__lab_est_pct(&c->score_played).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The causal effects in numbers: the differences and their intervals, and the flags. */
static void component_effects(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int n = P->p->ncomponents;
	qv__lab_table_open(P->b, P->id, "effects", "Causal effects");
	qv_buf_puts(
	    b,
	    "<thead><tr><th scope=\"col\">Component</th><th scope=\"col\" class=\"t\">Flagged</th>"
	    "<th scope=\"col\">Ablation: &Delta; p1 score (pp)</th>"
	    "<th scope=\"col\">Restricted play: &Delta; score (pp)</th>"
	    "<th scope=\"col\">Ablation: &Delta; length</th>"
	    "<th scope=\"col\">Restricted play: &Delta; length</th></tr></thead>"
	    "<tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_component *c = ranked(S, n, i);
		if (!c)
			continue;
		qv__lab_row_head(b, c->id);
		qv_buf_printf(b, "%s<td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
		              c->flagged ? "<td class=\"t flag\">flagged</td>"
		                         : "<td class=\"t\">no</td>",
		              qv__lab_delta_points(&c->ablate_seat[0]).s,
		              qv__lab_delta_points(&c->restrict_score).s,
		              qv__lab_delta_num(&c->ablate_length, 1).s,
		              qv__lab_delta_num(&c->restrict_length, 1).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

void qv__lab_html_components(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_plan *p = P->p;
	qv__lab_heading(P->b, P->id, "h3", "components", "Components");
	if (p->ncomponents == 0 || !S->component) {
		qv__lab_not_measured(
		    b, "This game&#39;s variant has no components the lab studies one by "
		       "one.");
		return;
	}
	if (p->cfg.component_games <= 0) {
		qv__lab_not_measured(
		    b,
		    "The causal effects were not measured: this study ran no component "
		    "games (<code>--component-games 0</code>). The table still gives the correlational "
		    "figures.");
		qv__lab_how(
		    b, "The play rate and the scores when drawn or played are correlational: they "
		       "describe what happened, they do not say what caused it.");
		component_correlations(P, S);
		return;
	}
	qv__lab_how(
	    b, "What each component causes, most extreme first. Circles: p1&#39;s score in games "
	       "without the component minus its score with it (ablation); diamonds: the score of a "
	       "seat forbidden to play it minus its unrestricted twins (restricted play). An "
	       "interval that crosses zero shows no clear effect; shaded rows are flagged. The "
	       "play rate and the scores when drawn or played are correlational: they describe "
	       "what happened, they do not say what caused it.");
	qv_buf_puts(b, "<div class=\"fig\">\n");
	component_forest(P, S);
	component_correlations(P, S);
	qv_buf_puts(b, "</div>\n");
	component_effects(P, S);
}

/* ---- the board ---- */

static qv__lab_txt square_name(const qv_lab_board *bd, int q)
{
	qv__lab_txt t;
	int x = q % bd->w, y = q / bd->w;
	char f = x < (int)sizeof bd->files && bd->files[x] ? bd->files[x] : '?';
	snprintf(t.s, sizeof t.s, "%c%d", f, bd->rank0 + y);
	return t;
}

void qv__lab_html_board(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_board *bd = &S->board;
	int N = S->players;
	qv__lab_heading(P->b, P->id, "h3", "board", "Board use");
	if (!S->heat || bd->w <= 0 || bd->h <= 0 || bd->w > (int)sizeof bd->files ||
	    bd->w * bd->h > QV_LAB_MAX_SQUARES) {
		qv__lab_not_measured(
		    b, "Board use was not measured: this game has no board the lab can "
		       "draw.");
		return;
	}
	qv__lab_how(b,
	            "How often each square was placed on or walked through, per seat, in the main "
	            "games: the stronger the colour, the more. All seats share one scale.");
	int n = bd->w * bd->h;
	uint32_t hmax = 0;
	for (int i = 0; i < N * n; i++)
		hmax = S->heat[i] > hmax ? S->heat[i] : hmax;
	/* Squares of 26 units up to 8 x 8, smaller on larger boards (a map stays about 210 units
	 * wide), and every other label, or fewer, where squares are too small for one each. */
	int side = bd->w > bd->h ? bd->w : bd->h;
	const int cell = side <= 8 ? 26 : 208 / side > 10 ? 208 / side : 10;
	const int every = cell >= 18 ? 1 : (18 + cell - 1) / cell;
	const int left = 24, bottom = 22, pad = 4;
	int W = left + bd->w * cell + pad, H = pad + bd->h * cell + bottom;
	qv_buf_puts(b, "<div class=\"maps\">\n");
	for (int s = 0; s < N; s++) {
		const uint32_t *h = S->heat + s * n;
		unsigned long long total = 0;
		int best[3] = {-1, -1, -1};
		for (int q = 0; q < n; q++) {
			total += h[q];
			for (int j = 0; j < 3; j++) {
				if (h[q] > 0 && (best[j] < 0 || h[q] > h[best[j]])) {
					for (int m = 2; m > j; m--)
						best[m] = best[m - 1];
					best[j] = q;
					break;
				}
			}
		}
		qv_buf label = {0};
		qv_buf_printf(&label, "Board use of p%d: %llu touches", s + 1, total);
		qv_buf_puts(b, "<figure>\n");
		qv__lab_svg_open(b, W, H, qv_buf_str(&label));
		qv_buf_printf(b, "<g class=\"k%d\">\n", s + 1);
		for (int y = 0; y < bd->h; y++)
			for (int x = 0; x < bd->w; x++) {
				uint32_t c = h[x + y * bd->w];
				double op = hmax && c ? 0.08 + 0.92 * c / hmax : 0;
				qv_buf_printf(b,
				              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				              "class=\"cell\" fill-opacity=\"%.3f\"/>\n",
				              left + x * cell, pad + (bd->h - 1 - y) * cell, cell,
				              cell, op);
			}
		qv_buf_puts(b, "</g>\n");
		for (int x = 0; x < bd->w; x += every) {
			char f[2] = {bd->files[x] ? bd->files[x] : '?', 0};
			qv__lab_svg_text(b, left + x * cell + cell / 2.0, pad + bd->h * cell + 16,
			                 "middle", "mut", f);
		}
		for (int y = 0; y < bd->h; y += every) {
			char r[16];
			snprintf(r, sizeof r, "%d", bd->rank0 + y);
			qv__lab_svg_text(b, left - 6,
			                 pad + (bd->h - 1 - y) * cell + cell / 2.0 + 4.5, "end",
			                 "mut", r);
		}
		qv_buf_puts(b, "</svg>\n<figcaption>");
		qv_buf_printf(b, "<span class=\"swatch k%d\"></span>p%d: %llu touches", s + 1,
		              s + 1, total);
		for (int j = 0; j < 3 && best[j] >= 0; j++)
			qv_buf_printf(b, "%s%s (%" PRIu32 ")",
			              j ? ", " : "; most: ", square_name(bd, best[j]).s,
			              h[best[j]]);
		qv_buf_puts(b, ".</figcaption>\n</figure>\n");
		qv_buf_free(&label);
	}
	qv_buf_puts(b, "</div>\n<details><summary>Touches per square, in numbers</summary>\n");
	for (int s = 0; s < N; s++) {
		char id[24], cap[48];
		snprintf(id, sizeof id, "heat-%d", s + 1);
		snprintf(cap, sizeof cap, "Touches per square of p%d", s + 1);
		qv__lab_table_open(P->b, P->id, id, cap);
		qv_buf_puts(b, "<thead><tr><th scope=\"col\">Rank</th>");
		for (int x = 0; x < bd->w; x++)
			qv_buf_printf(b, "<th scope=\"col\">%c</th>",
			              bd->files[x] ? bd->files[x] : '?');
		qv_buf_puts(b, "</tr></thead><tbody>\n");
		for (int y = bd->h - 1; y >= 0; y--) {
			qv_buf_printf(b, "<tr><th scope=\"row\">%d</th>", bd->rank0 + y);
			for (int x = 0; x < bd->w; x++)
				qv_buf_printf(b, "<td>%" PRIu32 "</td>",
				              S->heat[s * n + x + y * bd->w]);
			qv_buf_puts(b, "</tr>\n");
		}
		qv_buf_puts(b, "</tbody>\n");
		qv__lab_table_close(b);
	}
	qv_buf_puts(b, "</details>\n");
}

/* ---- tension ---- */

/* A line through the points of v that were measured, broken where one was not. */
static void curve(qv_buf *b, const double *v, const qv__lab_scale *x, const qv__lab_scale *y,
                  const char *cls, const char *ptcls)
{
	bool open = false;
	for (int i = 0; i < QV_LAB_CURVE; i++) {
		double t = (i + 0.5) / QV_LAB_CURVE;
		if (!qv__lab_known(v[i])) {
			if (open)
				qv_buf_puts(b, "\"/>\n");
			open = false;
			continue;
		}
		if (open)
			qv_buf_putc(b, ' ');
		else
			qv_buf_printf(b, "<polyline class=\"%s\" points=\"", cls);
		open = true;
		qv_buf_printf(b, "%s,%s", qv__lab_co(qv__lab_scale_at(x, t)).s,
		              qv__lab_co(qv__lab_scale_at(y, v[i])).s);
	}
	if (open)
		qv_buf_puts(b, "\"/>\n");
	for (int i = 0; i < QV_LAB_CURVE; i++)
		if (qv__lab_known(v[i]))
			qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" class=\"%s\"/>\n",
			              qv__lab_co(qv__lab_scale_at(x, (i + 0.5) / QV_LAB_CURVE)).s,
			              qv__lab_co(qv__lab_scale_at(y, v[i])).s, ptcls);
}

void qv__lab_html_tension(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_tension *t = &S->tension;
	qv__lab_heading(P->b, P->id, "h3", "tension", "Tension");
	if (t->games <= 0) {
		qv__lab_not_measured(
		    b, "Tension was not measured: the agents of this study do not search, so "
		       "no decision has an evaluation. Searching agents (mcts, ismcts or the "
		       "levels) measure it.");
		return;
	}
	qv__lab_how(
	    b, "The mean evaluation, from the searching agents (&minus;1 lost, +1 won), of the "
	       "eventual winner and of the best loser as a game goes on. Lines that stay close "
	       "make a tense game; lines that part early, a game decided early.");
	const int W = 400, H = 232;
	qv__lab_scale x = {0, 1, 48, 390}, y = {-1, 1, 190, 34};
	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Tension curve with %d players over %d games: the winner's and the best "
	              "loser's mean evaluation over game time",
	              S->players, t->games);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	qv__lab_svg_line(b, 48, 12, 76, 12, "win");
	qv__lab_svg_text(b, 82, 16.5, NULL, NULL, "winner");
	qv__lab_svg_line(b, 152, 12, 180, 12, "lose");
	qv__lab_svg_text(b, 186, 16.5, NULL, NULL, "best loser");
	for (int i = -2; i <= 2; i++) {
		double v = i / 2.0;
		qv__lab_svg_line(b, 48, qv__lab_scale_at(&y, v), 390, qv__lab_scale_at(&y, v),
		                 i == 0 ? "axis" : "grid");
		qv__lab_svg_text(b, 42, qv__lab_scale_at(&y, v) + 4.5, "end", "mut",
		                 qv__lab_num(v, 1, i > 0).s);
	}
	curve(b, t->loser, &x, &y, "lose", "losept");
	curve(b, t->winner, &x, &y, "win", "winpt");
	qv__lab_svg_text(b, 48, 208, "start", "mut", "start");
	qv__lab_svg_text(b, 219, 208, "middle", "mut", "middle");
	qv__lab_svg_text(b, 390, 208, "end", "mut", "end");
	qv__lab_svg_text(b, 219, 226, "middle", "mut", "game time");
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(b,
	              "<figcaption>%d games in which every seat searched. Lead changes "
	              "per decision %s; drama %s; decisiveness %s.</figcaption>\n</figure>\n",
	              t->games, qv__lab_est_num(&t->lead_changes, 3).s,
	              qv__lab_est_num(&t->drama, 3).s, qv__lab_est_num(&t->decisiveness, 3).s);
	qv__lab_table_open(P->b, P->id, "tension-table", "Mean evaluation over game time");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Game time</th><th scope=\"col\">Winner</th>"
	               "<th scope=\"col\">Best loser</th></tr></thead><tbody>\n");
	for (int i = 0; i < QV_LAB_CURVE; i++)
		qv_buf_printf(
		    b, "<tr><th scope=\"row\">%d&ndash;%d%%</th><td>%s</td><td>%s</td></tr>\n",
		    100 * i / QV_LAB_CURVE, 100 * (i + 1) / QV_LAB_CURVE,
		    qv__lab_num(t->winner[i], 3, true).s, qv__lab_num(t->loser[i], 3, true).s);
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "</div>\n");
}

/* ---- skill and luck ---- */

void qv__lab_html_ladder(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	int N = S->players;
	double fair = 1.0 / N;
	qv__lab_heading(P->b, P->id, "h3", "ladder", "Skill and luck");
	int n = S->nrungs;
	if (n > (int)(sizeof S->rung / sizeof *S->rung))
		n = (int)(sizeof S->rung / sizeof *S->rung);
	if (n <= 0) {
		qv__lab_not_measured(
		    b, "The skill ladder was not measured: this study ran no ladder games "
		       "(<code>--ladder-games 0</code>) and no luck games "
		       "(<code>--luck-games 0</code>).");
		return;
	}
	qv__lab_how(
	    b,
	    "The score of one seat searching twice as much as the others (2<sup>k+1</sup> "
	    "against 2<sup>k</sup> iterations). In a game of skill it stays above the dashed fair share as the "
	    "search grows; the luck floor is what random play scores against the study&#39;s "
	    "first agent.");
	const int W = 400, H = 236;
	const double x0 = 48, x1 = 390;
	qv__lab_scale y = {0, 1, 190, 34};
	double cw = (x1 - x0) / n;
	qv_buf_puts(b, "<div class=\"fig\"><figure>\n");
	qv_buf label = {0};
	qv_buf_printf(&label,
	              "Skill ladder with %d players: the score of the stronger seat per rung, and "
	              "the luck floor, with 95%% intervals",
	              N);
	qv__lab_svg_open(b, W, H, qv_buf_str(&label));
	qv_buf_free(&label);
	for (int i = 0; i <= 4; i++) {
		double v = i / 4.0;
		qv__lab_svg_line(b, x0, qv__lab_scale_at(&y, v), x1, qv__lab_scale_at(&y, v),
		                 "grid");
		qv__lab_svg_text(b, x0 - 6, qv__lab_scale_at(&y, v) + 4.5, "end", "mut",
		                 qv__lab_tick_pct(v).s);
	}
	qv__lab_svg_line(b, x0, qv__lab_scale_at(&y, fair), x1, qv__lab_scale_at(&y, fair), "fair");
	char fl[32];
	snprintf(fl, sizeof fl, "fair share 1/%d", N);
	qv__lab_svg_line(b, x0, 12, x0 + 28, 12, "fair");
	qv__lab_svg_text(b, x0 + 34, 16.5, NULL, NULL, fl);
	for (int i = 0; i < n; i++) {
		const qv_lab_rung *r = &S->rung[i];
		double cx = x0 + (i + 0.5) * cw;
		char t[24];
		if (r->k < 0)
			snprintf(t, sizeof t, "luck");
		else
			snprintf(t, sizeof t, "%ld", 2L << r->k);
		qv__lab_svg_text(b, cx, 208, "middle", r->k < 0 ? NULL : "mut", t);
		if (!qv__lab_measured(&r->score))
			continue;
		qv_buf_printf(b, "<g class=\"%s\">", r->k < 0 ? "re" : "ab");
		if (qv__lab_known_ci(r->score.ci))
			qv__lab_svg_line(b, cx, qv__lab_scale_at(&y, r->score.ci.lo), cx,
			                 qv__lab_scale_at(&y, r->score.ci.hi), "ci");
		qv_buf_printf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"5.5\" class=\"pt\"/></g>\n",
		              qv__lab_co(cx).s, qv__lab_co(qv__lab_scale_at(&y, r->score.v)).s);
	}
	qv__lab_svg_text(b, (x0 + x1) / 2, 226, "middle", "mut", "iterations of the stronger seat");
	qv_buf_puts(b, "</svg>\n");
	qv_buf_printf(b,
	              "<figcaption>Each rung against half its iterations; the fair share is "
	              "%s.</figcaption>\n</figure>\n",
	              qv__lab_pct(fair).s);
	qv__lab_table_open(P->b, P->id, "ladder-table", "The skill ladder");
	qv_buf_puts(b,
	            "<thead><tr><th scope=\"col\">Rung</th><th scope=\"col\">The seat</th>"
	            "<th scope=\"col\">The others</th><th scope=\"col\">Score</th>"
	            "<th scope=\"col\">95% interval</th><th scope=\"col\">Games</th></tr></thead>"
	            "<tbody>\n");
	for (int i = 0; i < n; i++) {
		const qv_lab_rung *r = &S->rung[i];
		bool m = qv__lab_measured(&r->score);
		if (r->k < 0) {
			qv_buf_puts(b, "<tr><th scope=\"row\">luck floor</th><td>random</td><td>");
			qv__lab_html_esc(b, P->p->cfg.agents[0]);
			qv_buf_puts(b, "</td>");
		} else
			qv_buf_printf(b,
			              "<tr><th scope=\"row\">k = %d</th><td>%ld</td><td>%ld</td>",
			              r->k, 2L << r->k, 1L << r->k);
		qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%ld</td></tr>\n",
		              qv__lab_pct(m ? r->score.v : NAN).s,
		              qv__lab_pct_ci(m ? r->score.ci : (qv_interval){NAN, NAN}).s,
		              r->score.n);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "</div>\n");
}

/* ---- the agents ---- */

/* A cell's tint: blue above one half, orange below, stronger the further (light enough in
 * both schemes for the text on it to keep its contrast). */
static void tint(qv_buf *b, double s)
{
	if (!qv__lab_known(s) || fabs(s - 0.5) < 0.005) {
		qv_buf_puts(b, "<td>");
		return;
	}
	double a = fmin(0.45, fabs(s - 0.5) * 0.9);
	qv_buf_printf(b, "<td style=\"background:rgba(var(--%s),%.2f)\">", s > 0.5 ? "hi" : "lo",
	              a);
}

void qv__lab_html_agents(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_config *c = &P->p->cfg;
	qv__lab_heading(P->b, P->id, "h3", "agents", "Agents");
	int n = S->nagents < c->nagents ? S->nagents : c->nagents;
	if (n < 2) {
		qv__lab_not_measured(b,
		                     "One agent played every seat: there is no match-up to show.");
		return;
	}
	qv__lab_how(
	    b, "Each row&#39;s score against each column&#39;s agent in the main games, over the "
	       "pairs of seats where both sat (a better rank counts 1, the same rank one half), "
	       "and each agent&#39;s Elo against the field.");
	qv__lab_table_open(P->b, P->id, "agents-table",
	                   "Score of the row against the column, and Elo");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Agent</th>");
	for (int a = 0; a < n; a++)
		qv_buf_printf(b, "<th scope=\"col\">vs #%d</th>", a + 1);
	qv_buf_puts(b, "<th scope=\"col\">Elo</th><th scope=\"col\">95% interval</th></tr></thead>"
	               "<tbody>\n");
	for (int a = 0; a < n; a++) {
		qv_buf_printf(b, "<tr><th scope=\"row\">#%d <code>", a + 1);
		qv__lab_html_esc(b, c->agents[a]);
		qv_buf_puts(b, "</code></th>");
		for (int o = 0; o < n; o++) {
			double s = a == o ? NAN : S->matrix[a][o];
			tint(b, s);
			qv_buf_printf(b, "%s</td>", a == o ? "&mdash;" : qv__lab_pct(s).s);
		}
		const qv_lab_est *e = &S->elo[a];
		bool m = qv__lab_measured(e);
		qv_buf_printf(b, "<td>%s</td><td>%s</td></tr>\n",
		              qv__lab_num(m ? e->v : NAN, 0, true).s,
		              qv__lab_num_ci(m ? e->ci : (qv_interval){NAN, NAN}, 0, true).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* ---- the baseline ---- */

/* Whether a compared metric is a count of decisions or actions rather than a proportion. */
static bool plain_metric(const char *m)
{
	return m && (strstr(m, "length") || strstr(m, "branching") || strstr(m, "decisions"));
}

void qv__lab_html_baseline(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_config *c = &P->p->cfg;
	qv__lab_heading(P->b, P->id, "h3", "baseline", "Against the baseline");
	if (!c->baseline || S->ncompare <= 0) {
		qv__lab_not_measured(
		    b,
		    "No baseline was measured: run the study with <code>--baseline FILE</code> to "
		    "compare this variant with another.");
		return;
	}
	qv__lab_how(
	    b, "Every metric of this variant beside the baseline&#39;s, with the difference and "
	       "its 95% interval; an interval that excludes zero is a difference the games "
	       "show.");
	qv_buf label = {0};
	qv_buf_puts(&label, "This variant against the baseline \xe2\x80\x9c");
	qv_buf_puts(&label, c->baseline->name);
	qv_buf_puts(&label, "\xe2\x80\x9d");
	qv__lab_table_open(P->b, P->id, "baseline-table", qv_buf_str(&label));
	qv_buf_free(&label);
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Variant</th>"
	               "<th scope=\"col\">Baseline</th><th scope=\"col\">&Delta;</th>"
	               "<th scope=\"col\">95% interval</th><th scope=\"col\">p</th></tr></thead>"
	               "<tbody>\n");
	int n = S->ncompare < 32 ? S->ncompare : 32;
	for (int i = 0; i < n; i++) {
		const qv_lab_compare *m = &S->compare[i];
		bool plain = plain_metric(m->metric);
		char name[64];
		qv_copy(name, sizeof name, m->metric);
		if (name[0] >= 'a' && name[0] <= 'z')
			name[0] = (char)(name[0] - 'a' + 'A');
		qv__lab_row_head(b, name);
		if (plain)
			qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
			              qv__lab_num(m->variant, 2, false).s,
			              qv__lab_num(m->baseline, 2, false).s,
			              qv__lab_num(m->delta.d, 2, true).s,
			              qv__lab_num_ci(m->delta.ci, 2, true).s);
		else
			qv_buf_printf(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
			              qv__lab_pct(m->variant).s, qv__lab_pct(m->baseline).s,
			              qv__lab_pp(m->delta.d).s, qv__lab_pp_ci(m->delta.ci).s);
		qv_buf_printf(b, "<td>%s</td></tr>\n", qv__lab_pval(m->delta.p).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* ---- reproduction ---- */

/* A variant file in a command: the name the user gave it (its last path component, which the
 * shards' headers carry), or a placeholder the page explains. */
static void file_word(qv_buf *b, const char *given, const char *placeholder)
{
	if (given && *given)
		qv_buf_shell_word(b, given);
	else
		qv_buf_puts(b, placeholder);
}

/* The `quiver lab run` command of the study, as plain text (escaped by the caller). */
static void run_command(qv_buf *b, const qv_lab_plan *p)
{
	const qv_lab_config *c = &p->cfg;
	qv_buf_puts(b, "quiver lab run ");
	qv_buf_shell_word(b, c->game->name);
	if (c->variant && !c->variant->builtin) {
		qv_buf_puts(b, " --variant ");
		file_word(b, c->variant_file, "FILE");
	}
	if (c->baseline) {
		qv_buf_puts(b, " --baseline ");
		file_word(b, c->baseline_file, "BASELINE");
	}
	qv_buf agents = {0};
	for (int a = 0; a < c->nagents; a++) {
		if (a)
			qv_buf_putc(&agents, ',');
		qv_buf_puts(&agents, c->agents[a]);
	}
	qv_buf_puts(b, " --agents ");
	qv_buf_shell_word(b, qv_buf_str(&agents));
	qv_buf_free(&agents);
	qv_buf_puts(b, " --players ");
	for (int i = 0; i < c->nplayers; i++)
		qv_buf_printf(b, i ? ",%d" : "%d", c->players[i]);
	qv_buf_printf(b, " --games %d --component-games %d --ladder-games %d --luck-games %d",
	              c->games, c->component_games, c->ladder_games, c->luck_games);
	if (c->ladder_games > 0)
		qv_buf_printf(b, " --ladder %d-%d", c->ladder_lo, c->ladder_hi);
	qv_buf_printf(b, " --seed %" PRIu64, c->seed);
	if (c->paired)
		qv_buf_puts(b, " --paired");
	if (c->fixed_sides)
		qv_buf_puts(b, " --fixed-sides");
	if (c->components[0]) {
		qv_buf_puts(b, " --components ");
		qv_buf_shell_word(b, c->components);
	}
	for (int i = 0; i < c->params.n; i++) {
		char kv[QV_PARAM_KEY_MAX + QV_PARAM_VALUE_MAX + 2];
		snprintf(kv, sizeof kv, "%s=%s", qv_params_key(&c->params, i),
		         qv_params_value(&c->params, i));
		qv_buf_puts(b, " --param ");
		qv_buf_shell_word(b, kv);
	}
	qv_buf_puts(b, " --out DIR");
}

/* " --param key=value", quoted for a shell. */
static void param_word(qv_buf *b, const char *key, const char *value)
{
	char kv[QV_PARAM_KEY_MAX + QV_PARAM_VALUE_MAX + 2];
	snprintf(kv, sizeof kv, "%s=%s", key, value);
	qv_buf_puts(b, " --param ");
	qv_buf_shell_word(b, kv);
}

/* The `quiver play` command that plays game i again, seat by seat, as plain text. */
static void play_command(qv_buf *b, const qv_lab_plan *p, const qv_lab_game *g, int i)
{
	const qv_lab_config *c = &p->cfg;
	const qv_lab_arm *a = qv_lab_arm_of(p, i);
	qv_buf_puts(b, "quiver play ");
	qv_buf_shell_word(b, c->game->name);
	qv_buf seats = {0};
	for (int s = 0; s < g->players; s++) {
		if (s)
			qv_buf_putc(&seats, ',');
		qv_buf_puts(&seats, seat_agent(a, g, s));
	}
	qv_buf_puts(b, " --players ");
	qv_buf_shell_word(b, qv_buf_str(&seats));
	qv_buf_free(&seats);
	qv_buf_printf(b, " --seed %" PRIu64, qv_lab_game_seed(p, i));
	const qv_variant *v = a->variant ? a->variant : c->variant;
	if (v && !v->builtin) {
		qv_buf_puts(b, " --variant ");
		if (v == c->baseline)
			file_word(b, c->baseline_file, "BASELINE");
		else
			file_word(b, c->variant_file, "FILE");
	}
	/* A game with the sides swapped names both sides' parameters, exchanged. */
	const char *const *side = qv_lab_swapped(p, i) ? c->game->components->sides : NULL;
	for (int k = 0; k < c->params.n; k++) {
		const char *key = qv_params_key(&c->params, k);
		if (side && (!strcmp(key, side[0]) || !strcmp(key, side[1])))
			continue;
		param_word(b, key, qv_params_value(&c->params, k));
	}
	for (int k = 0; side && k < 2; k++)
		param_word(b, side[k], qv_lab_side_value(c, side[1 - k]));
}

static void fact(qv_buf *b, const char *name, const char *value, bool code)
{
	qv_buf_printf(b, "<dt>%s</dt><dd>%s", name, code ? "<code>" : "");
	qv__lab_html_esc(b, value);
	qv_buf_printf(b, "%s</dd>\n", code ? "</code>" : "");
}

/* The games of section S to watch again: the capped ones, then the longest not among them. */
static int games_to_watch(const qv_lab_section *S, int *index, const char **why)
{
	int nc = S->ncapped_games < 8 ? S->ncapped_games : 8;
	int nl = S->nlongest_games < 8 ? S->nlongest_games : 8;
	int n = 0;
	for (int i = 0; i < nc; i++) {
		bool longest = false;
		for (int j = 0; j < nl; j++)
			longest |= S->longest_games[j] == S->capped_games[i];
		index[n] = S->capped_games[i];
		why[n++] = longest ? "capped, among the longest" : "capped";
	}
	for (int j = 0; j < nl; j++) {
		bool capped = false;
		for (int i = 0; i < nc; i++)
			capped |= S->longest_games[j] == S->capped_games[i];
		if (!capped) {
			index[n] = S->longest_games[j];
			why[n++] = "among the longest";
		}
	}
	return n;
}

/* The games to watch again of one player count: a table of who sat where, then the commands
 * in one block to copy. */
static void html_watch(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	const qv_lab_plan *p = P->p;
	int index[16];
	const char *why[16];
	int n = games_to_watch(S, index, why);
	qv_buf_printf(b, "<h4 id=\"%s-title\">%d players</h4>\n", P->id, S->players);
	int shown = 0;
	for (int i = 0; i < n; i++)
		shown += index[i] >= 0 && index[i] < p->total;
	if (!shown) {
		qv__lab_not_measured(b, "No games were played with this number of players.");
		return;
	}
	char cap[64];
	snprintf(cap, sizeof cap, "Games to watch again with %d players", S->players);
	qv__lab_table_open(P->b, P->id, "games", cap);
	qv_buf_puts(
	    b,
	    "<thead><tr><th scope=\"col\">Game</th><th scope=\"col\" class=\"t\">Why</th>"
	    "<th scope=\"col\">Decisions</th><th scope=\"col\" class=\"t\">Seats</th></tr></thead>"
	    "<tbody>\n");
	for (int i = 0; i < n; i++) {
		if (index[i] < 0 || index[i] >= p->total)
			continue;
		const qv_lab_game *g = &P->games[index[i]];
		const qv_lab_arm *a = qv_lab_arm_of(p, index[i]);
		qv_buf_printf(b,
		              "<tr><th scope=\"row\">%d</th><td class=\"t\">%s</td><td>%d</td>"
		              "<td class=\"t\">",
		              index[i], why[i], g->decisions);
		for (int s = 0; s < g->players; s++) {
			qv_buf_printf(b, "%s<span class=\"seat\">p%d <code>", s ? ", " : "", s + 1);
			qv__lab_html_esc(b, seat_agent(a, g, s));
			qv_buf_puts(b, "</code></span>");
		}
		qv_buf_puts(b, "</td></tr>\n");
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
	qv_buf_puts(b, "<pre><code>");
	qv_buf cmd = {0};
	for (int i = 0; i < n; i++) {
		if (index[i] < 0 || index[i] >= p->total)
			continue;
		qv_buf_printf(&cmd, "%s# game %d: %s\n", i ? "\n" : "", index[i], why[i]);
		play_command(&cmd, p, &P->games[index[i]], index[i]);
		qv_buf_putc(&cmd, '\n');
	}
	qv__lab_html_esc(b, qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	qv_buf_puts(b, "</code></pre>\n");
}

static void html_reproduction(qv_buf *b, const qv_lab_report *r, const qv_lab_game *games)
{
	const qv_lab_plan *p = r->plan;
	const qv_lab_config *c = &p->cfg;
	qv_buf_puts(b, "<section class=\"reproduce\" id=\"reproduce\" "
	               "aria-labelledby=\"reproduce-title\">\n"
	               "<h2 id=\"reproduce-title\">Reproduction</h2>\n"
	               "<p class=\"how\">The command that plays this study again, game for game, "
	               "DIR being the folder the report goes to");
	if (c->variant && !c->variant->builtin && !c->variant_file[0])
		qv_buf_puts(b, ", FILE the variant file");
	if (c->baseline && !c->baseline_file[0])
		qv_buf_puts(b, ", BASELINE the baseline&#39;s file");
	qv_buf_puts(
	    b, ". A variant file must have the SHA-256 below (<code>quiver variant show</code> "
	       "prints it). Every game is seeded from the study&#39;s seed and its index, so "
	       "the same command gives the same bytes on any number of threads or "
	       "machines.</p>\n<pre><code>");
	qv_buf cmd = {0};
	run_command(&cmd, p);
	qv__lab_html_esc(b, qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	qv_buf_puts(b, "</code></pre>\n<dl class=\"facts\">\n");
	fact(b, "Game", c->game->name, false);
	fact(b, "Variant", c->variant ? c->variant->name : "", false);
	fact(b, "Variant SHA-256", c->variant ? c->variant->sha256 : "", true);
	if (c->baseline) {
		fact(b, "Baseline", c->baseline->name, false);
		fact(b, "Baseline SHA-256", c->baseline->sha256, true);
	}
	char t[64];
	snprintf(t, sizeof t, "%" PRIu64, c->seed);
	fact(b, "Seed", t, true);
	fact(b, "Paired", c->paired ? "yes: the seats of one rotation share their chance" : "no",
	     false);
	fact(b, "quiver version", c->version, false);
	snprintf(t, sizeof t, "%d", p->total);
	fact(b, "Games in all", t, false);
	qv_buf_puts(b, "</dl>\n<h3 id=\"reproduce-games\">Games to watch again</h3>\n"
	               "<p class=\"how\">The capped games (ended by max_turns) and the longest "
	               "ones of the main games, each with the command that plays it again move by "
	               "move");
	if (c->paired)
		qv_buf_puts(b,
		            " (in a paired study a game&#39;s dice come from the first game of "
		            "its rotation, so the command plays the same seats with the game&#39;s "
		            "own seed, not the same dice)");
	qv_buf_puts(b, ".</p>\n");
	page P = {.b = b, .p = p, .games = games};
	for (int k = 0; k < r->nsections; k++) {
		snprintf(P.id, sizeof P.id, "r%d", r->section[k].players);
		html_watch(&P, &r->section[k]);
	}
	qv_buf_puts(b, "</section>\n");
}

/* ---- the page ---- */

/* A section: its heading, then every row of the table that has a part on the page, by its
 * place. */
static void html_section(page *P, const qv_lab_section *S)
{
	qv_buf *b = P->b;
	snprintf(P->id, sizeof P->id, "p%d", S->players);
	qv_buf_printf(b,
	              "<section class=\"players\" id=\"%s\" aria-labelledby=\"%s-title\">\n"
	              "<h2 id=\"%s-title\">%d players</h2>\n",
	              P->id, P->id, P->id, S->players);
	for (int place = 0; place < qv__lab_nrows; place++)
		for (int r = 0; r < qv__lab_nrows; r++)
			if (qv__lab_rows[r].html && qv__lab_rows[r].place == place)
				qv__lab_rows[r].html(P, S);
	qv_buf_puts(b, "</section>\n");
}

static void write_html(const qv_lab_report *r, const qv_lab_game *games, qv_buf *b)
{
	const qv_lab_plan *p = r->plan;
	const qv_lab_config *c = &p->cfg;
	const char *vname = c->variant ? c->variant->name : "";
	bool builtin = !c->variant || c->variant->builtin;
	qv_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	               "<meta name=\"color-scheme\" content=\"light dark\">\n<title>");
	qv__lab_html_esc(b, c->game->title);
	qv_buf_puts(b, builtin ? ", the built-in set" : ", \xe2\x80\x9c");
	if (!builtin) {
		qv__lab_html_esc(b, vname);
		qv_buf_puts(b, "\xe2\x80\x9d");
	}
	qv_buf_printf(b, ": the designer&#39;s lab</title>\n<style>\n%s</style>\n</head>\n<body>\n",
	              qv__lab_css);

	qv_buf_puts(b, "<header>\n<p class=\"kicker\">quiver &middot; the designer&#39;s lab</p>\n"
	               "<h1>");
	qv__lab_html_esc(b, c->game->title);
	if (builtin) {
		qv_buf_puts(b, ": the built-in set");
	} else {
		qv_buf_puts(b, ": \xe2\x80\x9c");
		qv__lab_html_esc(b, vname);
		qv_buf_puts(b, "\xe2\x80\x9d");
	}
	qv_buf_printf(b, "</h1>\n<p class=\"sub\">%d games per player count, played by ", c->games);
	for (int a = 0; a < c->nagents; a++) {
		qv_buf_puts(b, a == 0                ? "<code>"
		               : a + 1 == c->nagents ? " and <code>"
		                                     : ", <code>");
		qv__lab_html_esc(b, c->agents[a]);
		qv_buf_puts(b, "</code>");
	}
	qv_buf_puts(b, " with seats rotated");
	if (c->baseline) {
		qv_buf_puts(b, "; compared with the baseline \xe2\x80\x9c");
		qv__lab_html_esc(b, c->baseline->name);
		qv_buf_puts(b, "\xe2\x80\x9d");
	}
	qv_buf_printf(b, ". %d games in all, seed %" PRIu64 ".</p>\n", p->total, c->seed);
	qv_buf_puts(b, "<nav aria-label=\"Contents\"><ul>\n");
	for (int k = 0; k < r->nsections; k++)
		qv_buf_printf(b, "<li><a href=\"#p%d\">%d players</a></li>\n",
		              r->section[k].players, r->section[k].players);
	qv_buf_puts(b, "<li><a href=\"#reproduce\">Reproduction</a></li>\n</ul></nav>\n"
	               "<p class=\"how\">How to read this report: one section per number of "
	               "players, each opening with its verdict. A score is a seat&#39;s share of "
	               "the points (1 for a win, a shared first place split), every interval is a "
	               "95% interval, and a difference (&Delta;) is in percentage points (pp). "
	               "Only the ablation and restricted-play figures say what a component "
	               "causes; the rest describes the games.</p>\n</header>\n<main>\n");
	page P = {.b = b, .p = p, .games = games};
	for (int k = 0; k < r->nsections; k++)
		html_section(&P, &r->section[k]);
	html_reproduction(b, r, games);
	qv_buf_puts(b, "</main>\n<footer>Written by quiver ");
	qv__lab_html_esc(b, c->version);
	qv_buf_puts(b, " (<code>quiver lab</code>, docs/lab.md). The same study gives the same "
	               "page, byte for byte.</footer>\n</body>\n</html>\n");
}

/* ---- the files ---- */

qv_status qv_lab_write(const qv_lab_report *r, const qv_lab_game *games, const char *dir,
                       qv_err *err)
{
	if (!r || !r->plan || !r->plan->cfg.game || !dir || (r->plan->total > 0 && !games))
		return qv_fail(err, QV_EINVAL,
		               "qv_lab_write: a report, its plan's games and a "
		               "folder are needed");
	qv_buf out[3] = {{0}};
	static const char *const names[3] = {"report.html", "report.json", "games.csv"};
	write_html(r, games, &out[0]);
	write_json(r, &out[1]);
	write_csv(r, games, &out[2]);
	qv_status st = QV_OK;
	for (int i = 0; i < 3 && st == QV_OK; i++)
		st = out[i].failed ? qv_fail(err, QV_ENOMEM, "out of memory writing %s", names[i])
		                   : qv__lab_write_file(dir, names[i], &out[i], err);
	for (int i = 0; i < 3; i++)
		qv_buf_free(&out[i]);
	return st;
}
