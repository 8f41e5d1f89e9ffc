/*
 * sweep.c - the lab's sweeps (sweep.h, docs/lab.md "Sweeps"): the values of one number, a
 * study of the main arm at each, and the report of their curves: report.html (inline SVG,
 * the numbers in a table beside each figure), report.json and games.csv.
 */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lab/page.h"
#include "lab/sweep.h"

/* ---- what varies ---- */

/* Parses "PATH=LO..HI[:STEP]" into s (path, lo, hi, step, values). */
static qv_status parse_vary(const char *vary, qv_lab_sweep *s, qv_err *err)
{
	static const char form[] = "expected PATH=LO..HI[:STEP], e.g. cards.scout-r.strength=1..9 "
	                           "or max_turns=100..400:100";
	const char *eq = strchr(vary, '=');
	if (!eq || eq == vary || (size_t)(eq - vary) >= sizeof s->path)
		return qv_fail(err, QV_EINVAL, "--vary '%s': %s", vary, form);
	memcpy(s->path, vary, (size_t)(eq - vary));
	s->path[eq - vary] = '\0';
	/* strtod would read "1." of "1..9": the low end is the text before "..". */
	const char *dots = strstr(eq + 1, "..");
	char lo[64];
	if (!dots || dots == eq + 1 || (size_t)(dots - eq - 1) >= sizeof lo)
		return qv_fail(err, QV_EINVAL, "--vary '%s': no range after '=' (%s)", vary, form);
	memcpy(lo, eq + 1, (size_t)(dots - eq - 1));
	lo[dots - eq - 1] = '\0';
	char *end;
	errno = 0;
	s->lo = strtod(lo, &end);
	if (end == lo || *end)
		return qv_fail(err, QV_EINVAL, "--vary '%s': '%s' is not a number (%s)", vary, lo,
		               form);
	end = (char *)dots;
	const char *h = end + 2;
	s->hi = strtod(h, &end);
	if (end == h)
		return qv_fail(err, QV_EINVAL, "--vary '%s': no upper end after '..' (%s)", vary,
		               form);
	s->step = 1;
	if (*end == ':') {
		const char *st = end + 1;
		s->step = strtod(st, &end);
		if (end == st)
			return qv_fail(err, QV_EINVAL, "--vary '%s': no step after ':' (%s)", vary,
			               form);
	}
	if (*end || errno || !isfinite(s->lo) || !isfinite(s->hi) || !isfinite(s->step))
		return qv_fail(err, QV_EINVAL, "--vary '%s': %s", vary, form);
	if (s->step <= 0 || s->hi < s->lo)
		return qv_fail(err, QV_EINVAL,
		               "--vary '%s': expected LO <= HI and a step above 0 (%s)", vary,
		               form);
	double n = floor((s->hi - s->lo) / s->step + 1e-9) + 1;
	if (n > QV_LAB_SWEEP_MAX)
		return qv_fail(err, QV_EINVAL,
		               "--vary '%s': %.0f values; a sweep takes at most %d (give a larger "
		               "step)",
		               vary, n, QV_LAB_SWEEP_MAX);
	s->nvalues = (int)n;
	for (int k = 0; k < s->nvalues; k++) {
		double x = s->lo + k * s->step;
		/* 0.1 + 2 * 0.1 is 0.30000000000000004: the values are the step's decimals. */
		s->value[k] = round(x * 1e9) / 1e9;
	}
	return QV_OK;
}

/* A value as text: "9", "-2", "0.25". */
static void value_text(double x, char *buf, size_t n) { snprintf(buf, n, "%.9g", x); }

/* The game parameter named path, or NULL. */
static const qv_param_def *param_def(const qv_game *g, const char *path)
{
	for (int i = 0; i < g->nparams; i++)
		if (strcmp(g->params[i].key, path) == 0)
			return &g->params[i];
	return NULL;
}

/* The id field of the list block `key` of g's components, or NULL. */
static const char *block_id_key(const qv_game *g, const char *key)
{
	const qv_components *c = g->components;
	for (int b = 0; c && b < c->nblocks; b++)
		if (strcmp(c->blocks[b].key, key) == 0)
			return c->blocks[b].id_key ? c->blocks[b].id_key : "";
	return NULL;
}

/* Walks doc along path (segments separated by '.': an object's key, a list's index, or a list
 * entry's id) and sets the number found there to x. */
static qv_status set_path(const qv_game *g, json_t *doc, const char *path, double x, qv_err *err)
{
	char buf[256];
	qv_copy(buf, sizeof buf, path);
	char *seg = buf, *dot = strchr(seg, '.');
	if (dot)
		*dot = '\0';
	const char *id_key = block_id_key(g, seg);
	json_t *parent = doc, *at = json_object_get(doc, seg);
	size_t index = 0; /* at's place in parent, when parent is a list */
	char last[256];
	qv_copy(last, sizeof last, seg);
	while (dot) {
		seg = dot + 1;
		dot = strchr(seg, '.');
		if (dot)
			*dot = '\0';
		json_t *next = NULL;
		if (json_is_object(at)) {
			next = json_object_get(at, seg);
		} else if (json_is_array(at)) {
			char *end;
			long i = strtol(seg, &end, 10);
			if (*seg && !*end)
				next = i >= 0 ? json_array_get(at, (size_t)i) : NULL;
			for (size_t k = 0; !next && id_key && *id_key && k < json_array_size(at);
			     k++) {
				const char *id = json_string_value(
				    json_object_get(json_array_get(at, k), id_key));
				if (id && strcmp(id, seg) == 0)
					next = json_array_get(at, k);
			}
		}
		if (!next)
			return qv_fail(
			    err, QV_EINVAL,
			    "--vary: '%s' names nothing: no '%s' in '%s' (quiver variant "
			    "dump %s shows the document)",
			    path, seg, last, g->name);
		id_key = NULL;
		parent = at;
		at = next;
		qv_copy(last, sizeof last, seg);
	}
	if (!json_is_number(at))
		return qv_fail(err, QV_EINVAL,
		               "--vary: '%s' is not a number of the variant (expected the path of "
		               "a number, e.g. cards.scout-r.strength)",
		               path);
	json_t *v = x == floor(x) && fabs(x) < 1e15 ? json_integer((json_int_t)x) : json_real(x);
	int rc = json_is_object(parent) ? json_object_set_new(parent, last, v)
	                                : json_array_set_new(parent, index, v);
	return rc ? qv_fail(err, QV_ENOMEM, "out of memory") : QV_OK;
}

/* err's message, prefixed with "PATH=VALUE: " (copied first: qv_fail writes into err). */
static qv_status at_value(qv_err *err, qv_status rc, const char *path, double x)
{
	char was[sizeof err->msg], text[48];
	qv_copy(was, sizeof was, err->msg);
	value_text(x, text, sizeof text);
	return qv_fail(err, rc, "--vary %s=%s: %s", path, text, was);
}

/* Value k's configuration: the base with the parameter set, or with its own variant. */
static qv_status point_config(qv_lab_sweep *s, int k, qv_lab_config *cfg, qv_err *err)
{
	*cfg = s->base;
	char text[48];
	value_text(s->value[k], text, sizeof text);
	if (s->param) {
		qv_status rc = qv_params_set(&cfg->params, s->path, text, err);
		return rc ? at_value(err, rc, s->path, s->value[k]) : QV_OK;
	}
	json_t *doc = json_deep_copy(s->base.variant->json);
	if (!doc)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = set_path(cfg->game, doc, s->path, s->value[k], err);
	/* The value's variant is named after the base and the value, cut to a name's length (a
	 * name only shows: the variant is known by its hash). */
	char name[QV_VARIANT_NAME + 512];
	snprintf(name, sizeof name, "%s, %s=%s", s->base.variant->name, s->path, text);
	size_t cut = strlen(name);
	if (cut > QV_VARIANT_NAME - 1) {
		cut = QV_VARIANT_NAME - 1; /* not inside a character (UTF-8) */
		while (cut > 0 && ((unsigned char)name[cut] & 0xC0) == 0x80)
			cut--;
		name[cut] = '\0';
	}
	if (!rc && json_object_set_new(doc, "name", json_string(name)))
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	if (!rc) {
		rc = qv_variant_from_json(doc, cfg->game, "sweep", &cfg->variant, err);
		if (rc)
			rc = at_value(err, rc, s->path, s->value[k]);
	}
	json_decref(doc);
	return rc;
}

qv_status qv_lab_sweep_make(const qv_lab_config *base, const char *vary, qv_lab_sweep *out,
                            qv_err *err)
{
	memset(out, 0, sizeof *out);
	out->base = *base;
	if (strlen(vary) >= sizeof out->base.sweep)
		return qv_fail(err, QV_EINVAL, "--vary is too long (at most %zu characters)",
		               sizeof out->base.sweep - 1);
	qv_copy(out->base.sweep, sizeof out->base.sweep, vary);
	/* A sweep's value is a study of the main arm alone. */
	out->base.baseline = NULL;
	out->base.baseline_file[0] = '\0';
	out->base.component_games = out->base.ladder_games = out->base.luck_games = 0;
	out->base.components[0] = '\0';
	qv_status rc = parse_vary(vary, out, err);
	if (rc)
		return rc;
	const qv_game *g = base->game;
	if (strcmp(out->path, "players") == 0 || strcmp(out->path, "variant") == 0)
		return qv_fail(err, QV_EINVAL,
		               "--vary %s: give player counts with --players and components by "
		               "their path (e.g. cards.scout-r.strength)",
		               out->path);
	out->param = param_def(g, out->path) != NULL;
	char first[256];
	qv_copy(first, sizeof first, out->path);
	first[strcspn(first, ".")] = '\0';
	if (!out->param && !block_id_key(g, first))
		return qv_fail(err, QV_EINVAL,
		               "--vary: '%s' is neither a parameter of %s (quiver rules %s) nor a "
		               "block of its variants (quiver variant dump %s)",
		               out->path, g->name, g->name, g->name);
	for (int k = 0; k < out->nvalues; k++) {
		qv_lab_config cfg;
		rc = point_config(out, k, &cfg, err);
		if (!rc && (rc = qv_lab_plan_make(&cfg, &out->plan[k], err)))
			rc = at_value(err, rc, out->path, out->value[k]);
		if (rc) {
			qv_lab_sweep_free(out);
			return rc;
		}
		out->first[k + 1] = out->first[k] + out->plan[k].total;
	}
	out->total = out->first[out->nvalues];
	return QV_OK;
}

void qv_lab_sweep_free(qv_lab_sweep *s)
{
	for (int k = 0; k < QV_LAB_SWEEP_MAX; k++)
		qv_lab_plan_free(&s->plan[k]);
}

int qv_lab_sweep_point(const qv_lab_sweep *s, int i)
{
	int k = 0;
	while (k + 1 < s->nvalues && s->first[k + 1] <= i)
		k++;
	return k;
}

/* ---- playing ---- */

/* One value's games into the sweep's sink: indices shifted by the value's first game, and the
 * progress of the whole range while each value's study reports its own. */
typedef struct value_sink {
	const qv_lab_sink *outer;
	int first;
	qv_lab_progress_info before, all; /* the values done, and every value's games */
	qv_lab_progress_info last;        /* this value's latest */
} value_sink;

static qv_status value_game(void *ctx, qv_lab_game *g, qv_err *err)
{
	value_sink *v = ctx;
	g->index += v->first;
	return v->outer->game(v->outer->ctx, g, err);
}

static bool value_skip(void *ctx, int index)
{
	value_sink *v = ctx;
	return v->outer->skip && v->outer->skip(v->outer->ctx, index + v->first);
}

static void value_progress(void *ctx, const qv_lab_progress_info *info)
{
	value_sink *v = ctx;
	v->last = *info;
	qv_lab_progress_info all = {.done = v->before.done + info->done,
	                            .total = v->all.total,
	                            .work_done = v->before.work_done + info->work_done,
	                            .work_total = v->all.work_total,
	                            .elapsed = v->before.elapsed + info->elapsed};
	v->outer->progress(v->outer->progress_ctx, &all);
}

/* The games of value k in the sweep's range [lo, hi): [*a, *b) of the sweep, empty when none. */
static void value_range(const qv_lab_sweep *s, int k, int lo, int hi, int *a, int *b)
{
	*a = lo > s->first[k] ? lo : s->first[k];
	*b = hi < s->first[k + 1] ? hi : s->first[k + 1];
}

qv_status qv_lab_sweep_play(const qv_lab_sweep *s, int lo, int hi, int threads,
                            const qv_lab_sink *sink, bool *stopped, qv_err *err)
{
	value_sink v = {.outer = sink};
	for (int k = 0; k < s->nvalues; k++) {
		int a, b;
		value_range(s, k, lo, hi, &a, &b);
		for (int i = a; i < b; i++)
			if (!sink->skip || !sink->skip(sink->ctx, i)) {
				v.all.total++;
				v.all.work_total += qv_lab_arm_cost(
				    s->base.game, qv_lab_arm_of(&s->plan[k], i - s->first[k]));
			}
	}
	if (stopped)
		*stopped = false;
	for (int k = 0; k < s->nvalues; k++) {
		int a, b;
		value_range(s, k, lo, hi, &a, &b);
		if (a >= b)
			continue;
		v.first = s->first[k];
		v.last = (qv_lab_progress_info){0};
		qv_lab_sink inner = {.game = value_game,
		                     .ctx = &v,
		                     .skip = value_skip,
		                     .stop = sink->stop,
		                     .progress = sink->progress ? value_progress : NULL,
		                     .progress_ctx = &v};
		bool cut = false;
		qv_status rc = qv_lab_play_into(&s->plan[k], a - s->first[k], b - s->first[k],
		                                threads, &inner, &cut, err);
		if (rc)
			return at_value(err, rc, s->path, s->value[k]);
		v.before.done += v.last.done;
		v.before.work_done += v.last.work_done;
		v.before.elapsed += v.last.elapsed;
		if (cut) {
			if (stopped)
				*stopped = true;
			break;
		}
	}
	return QV_OK;
}

void qv_lab_sweep_header_write(const qv_lab_sweep *s, int lo, int hi, qv_buf *out)
{
	qv_lab_plan whole = {.cfg = s->base, .total = s->total};
	qv_lab_header_write(&whole, lo, hi, out);
}

/* ---- the curves ---- */

/* One value at one player count. */
typedef struct point {
	double value;
	int games;
	qv_lab_est seat[QV_MAX_PLAYERS];
	double gap;
	qv_interval gap_ci;
	qv_lab_est turns, draws, timeouts;
	qv_lab_est side[QV_MAX_PLAYERS]; /* the plan's sides, when they rotate */
} point;

typedef struct curves {
	int players;
	int nsides; /* the sides that rotate between the seats (qv_lab_plan.side); 0: none */
	const char *side[QV_MAX_PLAYERS];
	point pt[QV_LAB_SWEEP_MAX];
} curves;

/* The fairness gap max_p |s_p - 1/N| and the range it takes as each seat's score runs over
 * its interval: from the largest distance of an interval from 1/N to the largest distance of
 * an end (every seat's interval at once: wider than one 95% interval, never narrower). */
static void gap_of(point *pt, int N)
{
	double fair = 1.0 / N, lo = 0, hi = 0;
	pt->gap = 0;
	for (int p = 0; p < N; p++) {
		const qv_lab_est *e = &pt->seat[p];
		double d = fabs(e->v - fair);
		pt->gap = d > pt->gap ? d : pt->gap;
		double near = e->ci.lo > fair   ? e->ci.lo - fair
		              : e->ci.hi < fair ? fair - e->ci.hi
		                                : 0;
		double far = fmax(fabs(e->ci.lo - fair), fabs(e->ci.hi - fair));
		lo = near > lo ? near : lo;
		hi = far > hi ? far : hi;
	}
	pt->gap_ci = (qv_interval){lo, hi};
}

/* Every value's section figures, from its study's report; the file holds the sweep's games. */
static qv_status compute(const qv_lab_sweep *s, const qv_lab_file *file, curves *c, qv_err *err)
{
	for (int k = 0; k < s->nvalues; k++) {
		qv_lab_report rep;
		qv_lab_source src = {.file = file, .shift = s->first[k], .total = s->plan[k].total};
		qv_status rc = qv_lab_compute_from(&s->plan[k], &src, &rep, err);
		if (rc)
			return rc;
		for (int j = 0; j < rep.nsections; j++) {
			const qv_lab_section *S = &rep.section[j];
			point *pt = &c[j].pt[k];
			c[j].players = S->players;
			pt->value = s->value[k];
			pt->games = S->outcomes.games;
			for (int p = 0; p < S->players; p++)
				pt->seat[p] = S->outcomes.seat[p];
			gap_of(pt, S->players);
			pt->turns = S->length.turns;
			pt->draws = S->outcomes.drawishness;
			pt->timeouts = S->outcomes.timeouts;
			c[j].nsides = s->plan[k].nsides;
			for (int d = 0; d < s->plan[k].nsides; d++) {
				pt->side[d] = S->side_score[d];
				c[j].side[d] = s->plan[0].side[d];
			}
		}
		qv_lab_report_free(&rep);
	}
	return QV_OK;
}

/* ---- report.json ---- */

static void json_point(qv__lab_jw *w, const point *pt, const curves *c)
{
	int N = c->players;
	qv__lab_jw_open(w, NULL, '{');
	qv__lab_jw_num(w, "value", pt->value);
	qv__lab_jw_int(w, "games", pt->games);
	qv__lab_jw_open(w, "seats", '[');
	for (int p = 0; p < N; p++)
		qv__lab_jw_est(w, NULL, &pt->seat[p]);
	qv__lab_jw_close(w, ']');
	/* Each side's score over both seats, as a study's section gives it: [] when no sides. */
	qv__lab_jw_open(w, "sides", '[');
	for (int d = 0; d < c->nsides; d++) {
		qv__lab_jw_open(w, NULL, '{');
		qv__lab_jw_str(w, "id", c->side[d]);
		qv__lab_jw_num(w, "value", pt->side[d].v);
		qv__lab_jw_ci(w, "ci", pt->side[d].ci);
		qv__lab_jw_int(w, "n", pt->side[d].n);
		qv__lab_jw_close(w, '}');
	}
	qv__lab_jw_close(w, ']');
	qv__lab_jw_open(w, "fairness_gap", '{');
	qv__lab_jw_num(w, "value", pt->gap);
	qv__lab_jw_ci(w, "ci", pt->gap_ci);
	qv__lab_jw_close(w, '}');
	qv__lab_jw_est(w, "length", &pt->turns);
	qv__lab_jw_est(w, "drawishness", &pt->draws);
	qv__lab_jw_est(w, "timeouts", &pt->timeouts);
	qv__lab_jw_close(w, '}');
}

static void write_json(const qv_lab_sweep *s, const curves *c, qv_buf *b)
{
	const qv_lab_config *cfg = &s->base;
	qv__lab_jw w = {.b = b, .first = {true}};
	qv__lab_jw_open(&w, NULL, '{');
	qv__lab_jw_int(&w, "quiver_lab_sweep", 1);
	qv__lab_jw_str(&w, "version", cfg->version);
	qv__lab_jw_str(&w, "game", cfg->game->name);
	qv__lab_jw_str(&w, "variant", cfg->variant->name);
	qv__lab_jw_str(&w, "variant_sha256", cfg->variant->sha256);
	qv__lab_jw_open(&w, "vary", '{');
	qv__lab_jw_str(&w, "path", s->path);
	qv__lab_jw_str(&w, "kind", s->param ? "parameter" : "component");
	qv__lab_jw_nums(&w, "values", s->value, s->nvalues);
	qv__lab_jw_close(&w, '}');
	qv__lab_jw_open(&w, "agents", '[');
	for (int a = 0; a < cfg->nagents; a++)
		qv__lab_jw_str(&w, NULL, cfg->agents[a]);
	qv__lab_jw_close(&w, ']');
	qv__lab_jw_int(&w, "games_per_value", cfg->games);
	char seed[24];
	snprintf(seed, sizeof seed, "%" PRIu64, cfg->seed);
	qv__lab_jw_str(&w, "seed", seed);
	qv__lab_jw_int(&w, "total_games", s->total);
	qv__lab_jw_open(&w, "sections", '[');
	for (int j = 0; j < cfg->nplayers; j++) {
		qv__lab_jw_open(&w, NULL, '{');
		qv__lab_jw_int(&w, "players", c[j].players);
		qv__lab_jw_open(&w, "points", '[');
		for (int k = 0; k < s->nvalues; k++)
			json_point(&w, &c[j].pt[k], &c[j]);
		qv__lab_jw_close(&w, ']');
		qv__lab_jw_close(&w, '}');
	}
	qv__lab_jw_close(&w, ']');
	qv__lab_jw_close(&w, '}');
	qv_buf_putc(b, '\n');
}

/* ---- games.csv ---- */

/* A row per game of the sweep, read from its file, written to out a few hundred at a time. */
static qv_status write_csv(const qv_lab_sweep *s, const qv_lab_file *file, qv__lab_out *out,
                           qv_err *err)
{
	qv_buf rows = {0}, *b = &rows;
	qv_buf_puts(b, "index,value,players,decisions,capped");
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		qv_buf_printf(b, ",score_p%d", p + 1);
	qv_buf_puts(b, "\r\n");
	qv_lab_source src = {.file = file, .total = s->total};
	qv_lab_cursor cur;
	qv_status rc = qv_lab_cursor_open(&src, 0, &cur, err);
	for (int i = 0; !rc && i < s->total; i++) {
		const qv_lab_game *g = qv_lab_cursor_next(&cur, err);
		if (!g) {
			rc = QV_EIO;
			break;
		}
		char text[48];
		value_text(s->value[qv_lab_sweep_point(s, i)], text, sizeof text);
		qv_buf_printf(b, "%d,%s,%d,%d,%d", i, text, g->players, g->decisions, g->capped);
		for (int p = 0; p < QV_MAX_PLAYERS; p++) {
			qv_buf_putc(b, ',');
			if (p < g->players)
				qv_buf_puts(b, qv__lab_num((g->utility[p] + 1) / 2, 3, false).s);
		}
		qv_buf_puts(b, "\r\n");
		if (b->len >= 1 << 16)
			qv__lab_out_put(out, b);
	}
	if (!rc)
		qv__lab_out_put(out, b);
	qv_lab_cursor_close(&cur);
	qv_buf_free(&rows);
	return rc;
}

/* ---- report.html ---- */

/* What a sweep's page draws besides a study's: the curve through a series' points. */
static const char sweep_css[] = "svg .curve{fill:none;stroke:var(--c);stroke-width:2}\n";

#define FIG_W 560
#define FIG_H 260
#define FIG_L 56 /* the plot area's margins */
#define FIG_R 16
#define FIG_T 14
#define FIG_B 44

/* What a figure draws: a series per seat (or one), each point with its interval. */
typedef struct series {
	const char *name;
	double v[QV_LAB_SWEEP_MAX];
	qv_interval ci[QV_LAB_SWEEP_MAX];
} series;

/* One figure: the series over the values, each point with its interval (bars: what the bars
 * are, for the caption), the y axis from 0 to
 * top (percentages when percent), a dashed line at `fair` when it is not NAN. */
static void figure(qv_buf *b, const qv_lab_sweep *s, const series *ser, int nser, double top,
                   bool percent, double fair, const char *label, const char *axis, const char *bars)
{
	qv_buf_puts(b, "<figure>\n");
	qv__lab_scale x = {s->value[0], s->value[s->nvalues - 1], FIG_L, FIG_W - FIG_R};
	qv__lab_scale y = {0, top, FIG_H - FIG_B, FIG_T};
	qv__lab_svg_open(b, FIG_W, FIG_H, label);
	for (int t = 0; t <= 4; t++) {
		double v = top * t / 4, at = qv__lab_scale_at(&y, v);
		qv__lab_svg_line(b, FIG_L, at, FIG_W - FIG_R, at, "grid");
		qv__lab_txt tx =
		    percent ? qv__lab_tick_pct(v) : qv__lab_num(v, top < 10 ? 1 : 0, false);
		qv__lab_svg_text(b, FIG_L - 6, at + 4, "end", NULL, tx.s);
	}
	for (int k = 0; k < s->nvalues; k++) {
		char text[48];
		value_text(s->value[k], text, sizeof text);
		if (s->nvalues <= 12 || k % ((s->nvalues + 11) / 12) == 0)
			qv__lab_svg_tick(b, qv__lab_scale_at(&x, s->value[k]), FIG_H - FIG_B + 16,
			                 FIG_W, text);
	}
	qv__lab_svg_text(b, (FIG_L + FIG_W - FIG_R) / 2.0, FIG_H - 6, "middle", NULL, axis);
	if (qv__lab_known(fair))
		qv__lab_svg_line(b, FIG_L, qv__lab_scale_at(&y, fair), FIG_W - FIG_R,
		                 qv__lab_scale_at(&y, fair), "fair");
	for (int i = 0; i < nser; i++) {
		qv_buf_printf(b, "<g class=\"k%d\">", i + 1);
		for (int k = 0; k < s->nvalues; k++)
			if (qv__lab_known_ci(ser[i].ci[k])) {
				double at = qv__lab_scale_at(&x, s->value[k]);
				qv__lab_svg_line(b, at, qv__lab_scale_at(&y, ser[i].ci[k].lo), at,
				                 qv__lab_scale_at(&y, ser[i].ci[k].hi), "ci");
			}
		qv_buf_puts(b, "<polyline class=\"curve\" points=\"");
		for (int k = 0; k < s->nvalues; k++)
			if (qv__lab_known(ser[i].v[k]))
				qv_buf_printf(b, "%s%s,%s", k ? " " : "",
				              qv__lab_co(qv__lab_scale_at(&x, s->value[k])).s,
				              qv__lab_co(qv__lab_scale_at(&y, ser[i].v[k])).s);
		qv_buf_puts(b, "\"/>");
		for (int k = 0; k < s->nvalues; k++)
			if (qv__lab_known(ser[i].v[k]))
				qv_buf_printf(b,
				              "<circle class=\"pt\" cx=\"%s\" cy=\"%s\" r=\"4\"/>",
				              qv__lab_co(qv__lab_scale_at(&x, s->value[k])).s,
				              qv__lab_co(qv__lab_scale_at(&y, ser[i].v[k])).s);
		qv_buf_puts(b, "</g>\n");
	}
	qv_buf_puts(b, "</svg>\n<figcaption>");
	for (int i = 0; nser > 1 && i < nser; i++) {
		qv_buf_printf(b, "<span class=\"swatch k%d\"></span>", i + 1);
		qv__lab_html_esc(b, ser[i].name);
		qv_buf_puts(b, i + 1 < nser ? " &middot; " : "; ");
	}
	qv_buf_printf(b, "the bars are %s.</figcaption>\n</figure>\n", bars);
}

/* Series `out`, named `name`, of seat i's score at each value (side i's when `sides`); the
 * highest upper end of its intervals that is known (0: none). */
static double fill_series(series *out, const char *name, const qv_lab_sweep *s, const curves *c,
                          bool sides, int i)
{
	double top = 0;
	out->name = name;
	for (int k = 0; k < s->nvalues; k++) {
		const qv_lab_est *e = sides ? &c->pt[k].side[i] : &c->pt[k].seat[i];
		out->v[k] = e->v;
		out->ci[k] = e->ci;
		top = fmax(top, qv__lab_known(e->ci.hi) ? e->ci.hi : 0);
	}
	return top;
}

/* Each side's (deck's) score as series, where the seats hold their own components. */
static void html_sides(qv_buf *b, const qv_lab_sweep *s, const curves *c, const char *prefix)
{
	int N = c->players;
	series side[QV_MAX_PLAYERS];
	double stop = 0;
	for (int d = 0; d < c->nsides; d++)
		stop = fmax(stop, fill_series(&side[d], c->side[d], s, c, true, d));
	qv__lab_heading(b, prefix, "h3", "sides", "Each side&#39;s score");
	qv__lab_how(b, "The seats hold their own components (decks), swapped between them in "
	               "every other rotation: each side&#39;s mean score over both seats, with "
	               "its 95% interval. A change to one side shows here, not in the "
	               "seats.");
	figure(b, s, side, c->nsides, stop > 0.5 ? 1 : 0.5, true, 1.0 / N,
	       "Each side's score at each value", s->path, "95% intervals");
}

/* The seats' scores, the fairness gap and the length as series. */
static void html_figures(qv_buf *b, const qv_lab_sweep *s, const curves *c, const char *prefix)
{
	static const char *const seat_names[] = {"p1", "p2", "p3", "p4", "p5"};
	int N = c->players;
	series ser[QV_MAX_PLAYERS];
	double top = 0;
	for (int p = 0; p < N; p++)
		top = fmax(top, fill_series(&ser[p], seat_names[p], s, c, false, p));
	qv__lab_heading(b, prefix, "h3", "scores", "Each seat&#39;s score");
	qv__lab_how(b, "Each seat's mean score at each value, with its 95% interval; the fair "
	               "share is 1/N of the points.");
	figure(b, s, ser, N, top > 0.5 ? 1 : 0.5, true, 1.0 / N, "Each seat's score at each value",
	       s->path, "95% intervals");
	if (c->nsides > 0)
		html_sides(b, s, c, prefix);
	series gap = {.name = "gap"}, len = {.name = "length"};
	double gtop = 0, ltop = 0;
	for (int k = 0; k < s->nvalues; k++) {
		gap.v[k] = c->pt[k].gap;
		gap.ci[k] = c->pt[k].gap_ci;
		gtop = fmax(gtop, qv__lab_known(gap.ci[k].hi) ? gap.ci[k].hi : 0);
		len.v[k] = c->pt[k].turns.v;
		len.ci[k] = c->pt[k].turns.ci;
		ltop = fmax(ltop, qv__lab_known(len.ci[k].hi) ? len.ci[k].hi : 0);
	}
	qv__lab_heading(b, prefix, "h3", "gap", "The fairness gap");
	qv__lab_how(b, "The largest distance of a seat's score from its fair share (0 is fair), "
	               "with the range it takes over every seat's interval.");
	figure(b, s, &gap, 1, gtop > 0 ? qv__lab_nice_ceil(gtop * 100) / 100 : 0.1, true, NAN,
	       "The fairness gap at each value", s->path,
	       "the range the gap takes as every seat's score runs over its 95% interval (wider "
	       "than a 95% interval of the gap)");
	qv__lab_heading(b, prefix, "h3", "length", "Mean length");
	qv__lab_how(b, "Decisions per game, with the 95% interval of the mean.");
	figure(b, s, &len, 1, ltop > 0 ? qv__lab_nice_ceil(ltop) : 1, false, NAN,
	       "Mean length at each value", s->path, "95% intervals");
}

static void html_table(qv_buf *b, const qv_lab_sweep *s, const curves *c, const char *prefix)
{
	int N = c->players;
	qv__lab_table_open(b, prefix, "numbers", "The figures' numbers");
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">");
	qv__lab_html_esc(b, s->path);
	qv_buf_puts(b, "</th>");
	for (int p = 0; p < N; p++)
		qv_buf_printf(b, "<th scope=\"col\">p%d score</th>", p + 1);
	qv_buf_puts(b, "<th scope=\"col\">fairness gap</th><th scope=\"col\">mean length</th>"
	               "<th scope=\"col\">draws</th></tr></thead>\n<tbody>\n");
	for (int k = 0; k < s->nvalues; k++) {
		const point *pt = &c->pt[k];
		char text[48];
		value_text(pt->value, text, sizeof text);
		qv__lab_row_head(b, text);
		for (int p = 0; p < N; p++)
			qv_buf_printf(b, "<td>%s</td>", qv__lab_est_pct(&pt->seat[p]).s);
		qv_buf_printf(b, "<td>%s %s</td><td>%s</td><td>%s</td></tr>\n",
		              qv__lab_pct(pt->gap).s, qv__lab_pct_ci(pt->gap_ci).s,
		              qv__lab_est_num(&pt->turns, 1).s, qv__lab_est_pct(&pt->draws).s);
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
}

/* The command that runs the sweep again. */
static void html_command(qv_buf *b, const qv_lab_sweep *s)
{
	const qv_lab_config *cfg = &s->base;
	qv_buf_puts(b,
	            "<section id=\"reproduce\" aria-labelledby=\"reproduce-title\">\n"
	            "<h2 id=\"reproduce-title\">Reproduction</h2>\n<pre><code>quiver lab sweep ");
	qv__lab_html_esc(b, cfg->game->name);
	qv_buf_puts(b, " --vary ");
	qv__lab_html_esc(b, cfg->sweep);
	if (cfg->variant_file[0]) {
		qv_buf_puts(b, " --variant ");
		qv__lab_html_esc(b, cfg->variant_file);
	}
	qv_buf_puts(b, " --agents ");
	for (int a = 0; a < cfg->nagents; a++) {
		qv_buf_puts(b, a ? "," : "");
		qv__lab_html_esc(b, cfg->agents[a]);
	}
	qv_buf_puts(b, " --players ");
	for (int j = 0; j < cfg->nplayers; j++)
		qv_buf_printf(b, "%s%d", j ? "," : "", cfg->players[j]);
	qv_buf_printf(b, " --games %d", cfg->games);
	for (int i = 0; i < cfg->params.n; i++) {
		qv_buf_puts(b, " --param ");
		qv__lab_html_esc(b, qv_params_key(&cfg->params, i));
		qv_buf_putc(b, '=');
		qv__lab_html_esc(b, qv_params_value(&cfg->params, i));
	}
	if (cfg->paired)
		qv_buf_puts(b, " --paired");
	if (cfg->fixed_sides)
		qv_buf_puts(b, " --fixed-sides");
	qv_buf_printf(b, " --seed %" PRIu64 " --out DIR</code></pre>\n<p class=\"how\">",
	              cfg->seed);
	qv_buf_puts(b, "quiver ");
	qv__lab_html_esc(b, cfg->version);
	qv_buf_puts(b, ", variant &ldquo;");
	qv__lab_html_esc(b, cfg->variant->name);
	qv_buf_puts(b, "&rdquo; (SHA-256 ");
	qv__lab_html_esc(b, cfg->variant->sha256);
	qv_buf_puts(b, ").</p>\n</section>\n");
}

/* The page's header: the game, the path swept and its range, who played how many games on
 * which seed, and the contents. */
static void html_header(qv_buf *b, const qv_lab_sweep *s, const curves *c)
{
	const qv_lab_config *cfg = &s->base;
	qv_buf_puts(b, "<header>\n<p class=\"kicker\">quiver &middot; the designer&#39;s lab "
	               "&middot; sweep</p>\n<h1>");
	qv__lab_html_esc(b, cfg->game->title);
	qv_buf_puts(b, ": <code>");
	qv__lab_html_esc(b, s->path);
	qv_buf_printf(
	    b, "</code> from %s to %s</h1>\n<p class=\"sub\">",
	    qv__lab_num(s->lo, s->lo == floor(s->lo) ? 0 : 2, false).s,
	    qv__lab_num(s->value[s->nvalues - 1],
	                s->value[s->nvalues - 1] == floor(s->value[s->nvalues - 1]) ? 0 : 2, false)
	        .s);
	qv_buf_printf(b, "%d values, %d games per value and player count, played by ", s->nvalues,
	              cfg->games);
	for (int a = 0; a < cfg->nagents; a++) {
		qv_buf_puts(b, a == 0                  ? "<code>"
		               : a + 1 == cfg->nagents ? " and <code>"
		                                       : ", <code>");
		qv__lab_html_esc(b, cfg->agents[a]);
		qv_buf_puts(b, "</code>");
	}
	qv_buf_puts(b, " with seats rotated, from the variant &ldquo;");
	qv__lab_html_esc(b, cfg->variant->name);
	qv_buf_printf(b,
	              "&rdquo;. Every value plays on the same seed (%" PRIu64 "), so the curves "
	              "move with the change and not with the dice. %d games in all.</p>\n",
	              cfg->seed, s->total);
	qv_buf_puts(b, "<nav aria-label=\"Contents\"><ul>\n");
	for (int j = 0; j < cfg->nplayers; j++)
		qv_buf_printf(b, "<li><a href=\"#p%d\">%d players</a></li>\n", c[j].players,
		              c[j].players);
	qv_buf_puts(b, "<li><a href=\"#reproduce\">Reproduction</a></li>\n</ul></nav>\n</header>\n"
	               "<main>\n");
}

/* report.html of a sweep whole: its head with the style, the header, a section per player
 * count, the reproduction block and the footer. */
static void write_html(const qv_lab_sweep *s, const curves *c, qv_buf *b)
{
	const qv_lab_config *cfg = &s->base;
	qv_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	               "<meta name=\"color-scheme\" content=\"light dark\">\n<title>");
	qv__lab_html_esc(b, cfg->game->title);
	qv_buf_puts(b, ", a sweep of ");
	qv__lab_html_esc(b, s->path);
	qv_buf_printf(b,
	              ": the designer&#39;s lab</title>\n<style>\n%s%s</style>\n</head>\n<body>\n",
	              qv__lab_css, sweep_css);
	html_header(b, s, c);
	for (int j = 0; j < cfg->nplayers; j++) {
		char prefix[16];
		snprintf(prefix, sizeof prefix, "p%d", c[j].players);
		qv_buf_printf(b,
		              "<section class=\"players\" id=\"%s\" aria-labelledby=\"%s-title\">\n"
		              "<h2 id=\"%s-title\">%d players</h2>\n",
		              prefix, prefix, prefix, c[j].players);
		html_figures(b, s, &c[j], prefix);
		html_table(b, s, &c[j], prefix);
		qv_buf_puts(b, "</section>\n");
	}
	html_command(b, s);
	qv_buf_puts(b, "</main>\n<footer>Written by quiver ");
	qv__lab_html_esc(b, cfg->version);
	qv_buf_puts(b, " (<code>quiver lab sweep</code>, docs/lab.md). The same sweep gives the "
	               "same page, byte for byte.</footer>\n</body>\n</html>\n");
}

qv_status qv_lab_sweep_write(const qv_lab_sweep *s, const qv_lab_file *file, const char *dir,
                             qv_err *err)
{
	curves *c = calloc(QV_MAX_PLAYERS, sizeof *c);
	if (!c)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	qv_status rc = compute(s, file, c, err);
	qv_buf html = {0}, json = {0};
	if (!rc) {
		write_html(s, c, &html);
		write_json(s, c, &json);
		if (html.failed || json.failed)
			rc = qv_fail(err, QV_ENOMEM, "out of memory writing the sweep's report");
	}
	if (!rc)
		rc = qv__lab_write_file(dir, "report.json", &json, err);
	qv__lab_out csv;
	if (!rc && !(rc = qv__lab_out_open(&csv, dir, "games.csv", err))) {
		qv_status w = write_csv(s, file, &csv, err);
		rc = qv__lab_out_commit(&csv, w == QV_OK, err);
		rc = w ? w : rc;
	}
	if (!rc)
		rc = qv__lab_write_file(dir, "report.html", &html, err);
	qv_buf_free(&html);
	qv_buf_free(&json);
	free(c);
	return rc;
}
