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
 * writer in the table's order, its HTML writer by its place on the page, each in the file of
 * its row (report_verdict.c, report_seats.c, report_length.c, report_components.c,
 * report_board.c, report_skill.c, report_compare.c). This file holds what is not a row: the
 * frame of both files, the plan, games.csv and the reproduction block.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

int qv__lab_studied_count(const qv_lab_plan *p)
{
	int n = 0;
	for (int k = 0; k < p->ncomponents; k++)
		n += p->studied[k];
	return n;
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

/* The row of game i (g) of the plan, ended by CRLF. */
static void csv_row(qv_buf *b, const qv_lab_plan *p, int i, const qv_lab_game *g)
{
	const qv_lab_arm *a = qv_lab_arm_of(p, i);
	/* Integers through qv_buf_putd: this is a row per game, printf's cost shows. */
	qv_buf_putd(b, i);
	qv_buf_putc(b, ',');
	qv_buf_puts(b, arm_name(a->kind));
	qv_buf_putc(b, ',');
	qv_buf_putd(b, g->players);
	qv_buf_putc(b, ',');
	if (a->kind == QV_LAB_ABLATE || a->kind == QV_LAB_CONTROL || a->kind == QV_LAB_RESTRICT)
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

/* The header row, then a row per game of the plan read from games in index order, written to
 * out a few hundred rows at a time (the file is as long as the study; the memory is not). */
static qv_status write_csv(const qv_lab_report *r, const qv_lab_source *games, qv__lab_out *out,
                           qv_err *err)
{
	const qv_lab_plan *p = r->plan;
	qv_buf row = {0}, *b = &row;
	qv_buf_puts(b, "index,arm,players,component,without,seed");
	for (int s = 1; s <= QV_MAX_PLAYERS; s++)
		qv_buf_printf(b, ",p%d", s);
	for (int s = 1; s <= QV_MAX_PLAYERS; s++)
		qv_buf_printf(b, ",utility_p%d", s);
	for (int s = 1; s <= QV_MAX_PLAYERS; s++)
		qv_buf_printf(b, ",rank_p%d", s);
	qv_buf_puts(b, ",decisions,positions,legal,capped\r\n");
	qv_lab_cursor c;
	qv_status rc = qv_lab_cursor_open(games, 0, &c, err);
	for (int i = 0; !rc && i < p->total; i++) {
		const qv_lab_game *g = qv_lab_cursor_next(&c, err);
		if (!g) {
			rc = QV_EIO;
			break;
		}
		csv_row(b, p, i, g);
		if (b->len >= 1 << 16)
			qv__lab_out_put(out, b);
	}
	if (!rc)
		qv__lab_out_put(out, b);
	qv_lab_cursor_close(&c);
	qv_buf_free(&row);
	return rc;
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
	qv__lab_jw_open(w, "margin", '{');
	qv__lab_jw_num(w, "score", c->margin_score);
	qv__lab_jw_num(w, "length", c->margin_length);
	qv__lab_jw_close(w, '}');
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
	if (c->margin_score > 0 || c->margin_length > 0)
		qv_buf_printf(b, " --margin %g,%g", c->margin_score, c->margin_length);
	else
		qv_buf_puts(b, " --margin 0");
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
		param_word(b, side[k], qv_lab_side_value(c, v, side[1 - k]));
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

/* Game i of the page's games, read through c (closed by the caller, whatever this returns);
 * NULL for an index out of the plan, or a game that cannot be read (the page's fault). */
static const qv_lab_game *game_at(page *P, int i, qv_lab_cursor *c)
{
	memset(c, 0, sizeof *c);
	if (i < 0 || i >= P->p->total)
		return NULL;
	qv_err err;
	const qv_lab_game *g = NULL;
	if (qv_lab_cursor_open(P->games, i, c, &err) || !(g = qv_lab_cursor_next(c, &err))) {
		if (!P->fault.rc) {
			P->fault.rc = QV_EIO;
			P->fault.err = err;
		}
	}
	return g;
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
	qv_lab_cursor cur[16];
	const qv_lab_game *game[16];
	for (int i = 0; i < n; i++)
		game[i] = game_at(P, index[i], &cur[i]);
	for (int i = 0; i < n; i++) {
		const qv_lab_game *g = game[i];
		if (!g)
			continue;
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
		if (!game[i])
			continue;
		qv_buf_printf(&cmd, "%s# game %d: %s\n", i ? "\n" : "", index[i], why[i]);
		play_command(&cmd, p, game[i], index[i]);
		qv_buf_putc(&cmd, '\n');
	}
	for (int i = 0; i < n; i++)
		qv_lab_cursor_close(&cur[i]);
	qv__lab_html_esc(b, qv_buf_str(&cmd));
	qv_buf_free(&cmd);
	qv_buf_puts(b, "</code></pre>\n");
}

static void html_reproduction(page *P, const qv_lab_report *r)
{
	qv_buf *b = P->b;
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
	for (int k = 0; k < r->nsections; k++) {
		snprintf(P->id, sizeof P->id, "r%d", r->section[k].players);
		html_watch(P, &r->section[k]);
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

/* The page's header: the game and variant, who played how many games, the baseline, the
 * seed, the contents, and how to read the page. */
static void html_header(qv_buf *b, const qv_lab_report *r)
{
	const qv_lab_plan *p = r->plan;
	const qv_lab_config *c = &p->cfg;
	const char *vname = c->variant ? c->variant->name : "";
	bool builtin = !c->variant || c->variant->builtin;
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
}

/* report.html whole: its head with the style, the header, each section, the reproduction
 * block and the footer. */
static void write_html(const qv_lab_report *r, page *P)
{
	qv_buf *b = P->b;
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
	html_header(b, r);
	for (int k = 0; k < r->nsections; k++)
		html_section(P, &r->section[k]);
	html_reproduction(P, r);
	qv_buf_puts(b, "</main>\n<footer>Written by quiver ");
	qv__lab_html_esc(b, c->version);
	qv_buf_puts(b, " (<code>quiver lab</code>, docs/lab.md). The same study gives the same "
	               "page, byte for byte.</footer>\n</body>\n</html>\n");
}

/* ---- the files ---- */

qv_status qv_lab_write_from(const qv_lab_report *r, const qv_lab_source *games, const char *dir,
                            qv_err *err)
{
	if (!r || !r->plan || !r->plan->cfg.game || !dir || !games ||
	    games->total != r->plan->total)
		return qv_fail(err, QV_EINVAL,
		               "qv_lab_write: a report, its plan's games and a folder are needed");
	qv_buf out[2] = {{0}};
	static const char *const names[2] = {"report.html", "report.json"};
	page P = {.b = &out[0], .p = r->plan, .games = games};
	write_html(r, &P);
	write_json(r, &out[1]);
	qv_status st = P.fault.rc;
	if (st)
		*err = P.fault.err;
	/* games.csv first: the report's files appear only once every game has been read. */
	qv__lab_out csv;
	if (!st)
		st = qv__lab_out_open(&csv, dir, "games.csv", err);
	if (!st) {
		qv_status rc = write_csv(r, games, &csv, err);
		st = qv__lab_out_commit(&csv, rc == QV_OK, err);
		st = rc ? rc : st;
	}
	for (int i = 0; i < 2 && st == QV_OK; i++)
		st = out[i].failed ? qv_fail(err, QV_ENOMEM, "out of memory writing %s", names[i])
		                   : qv__lab_write_file(dir, names[i], &out[i], err);
	for (int i = 0; i < 2; i++)
		qv_buf_free(&out[i]);
	return st;
}

qv_status qv_lab_write(const qv_lab_report *r, const qv_lab_game *games, const char *dir,
                       qv_err *err)
{
	qv_lab_source src = {.games = games, .total = r && r->plan ? r->plan->total : 0};
	if (r && r->plan && r->plan->total > 0 && !games)
		return qv_fail(err, QV_EINVAL,
		               "qv_lab_write: a report, its plan's games and a folder are needed");
	return qv_lab_write_from(r, &src, dir, err);
}
