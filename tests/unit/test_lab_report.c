/*
 * test_lab_report.c - the lab's report files (src/lab/report.c) from the hand-made
 * studies of tests/support/lab_sample.c: the page asks nothing of the network and runs no
 * script, has every section, prints a known figure's numbers beside it and escapes a hostile
 * variant name; the JSON parses and holds the values; the CSV has one row per game with its
 * arm, seed and seats, quoting a spec that holds a comma; the same report gives the same
 * bytes; what was not measured is said (page) or null (JSON).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "../support/tmpdir.h"
#include "lab/sections.h"
#include "lab_sample.h"

#define HOSTILE "<script>alert(\"x\")</script> & 'q', \"r\""

/* A temporary folder with the three files of a report written into it. */
typedef struct written {
	char dir[64];
	char *html, *json, *csv;
	size_t csv_len;
} written;

static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("%s was not written", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = malloc((size_t)n + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return s;
}

static void write_report(const qv_test_lab *s, written *w)
{
	assert_non_null(qv_test_mkdtemp(w->dir, sizeof w->dir, "qv-lab-report-"));
	qv_err err = {{0}};
	qv_status st = qv_lab_write(&s->report, s->games, w->dir, &err);
	if (st != QV_OK)
		fail_msg("qv_lab_write: %s", err.msg);
	w->html = slurp(w->dir, "report.html", NULL);
	w->json = slurp(w->dir, "report.json", NULL);
	w->csv = slurp(w->dir, "games.csv", &w->csv_len);
}

static void remove_report(written *w)
{
	static const char *const names[] = {"report.html", "report.json", "games.csv"};
	for (int i = 0; i < 3; i++) {
		char path[128];
		snprintf(path, sizeof path, "%s/%s", w->dir, names[i]);
		unlink(path);
	}
	rmdir(w->dir);
	free(w->html);
	free(w->json);
	free(w->csv);
}

static void contains(const char *text, const char *part)
{
	if (!strstr(text, part))
		fail_msg("expected to find: %s", part);
}

static void lacks(const char *text, const char *part)
{
	if (strstr(text, part))
		fail_msg("expected not to find: %s", part);
}

/* Whether text holds part in any case. */
static bool has_nocase(const char *text, const char *part)
{
	size_t n = strlen(part);
	for (const char *t = text; *t; t++)
		if (strncasecmp(t, part, n) == 0)
			return true;
	return false;
}

static void test_page(void **state)
{
	(void)state;
	qv_test_lab s;
	qv_test_lab_sample(&s, true, HOSTILE);
	written w;
	write_report(&s, &w);

	/* Nothing from the network, no script: the hostile name is escaped everywhere. */
	assert_false(has_nocase(w.html, "http"));
	assert_false(has_nocase(w.html, "<script"));
	assert_false(has_nocase(w.html, "<img"));
	assert_false(has_nocase(w.html, "@import"));
	assert_false(has_nocase(w.html, "url("));
	contains(w.html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;, "
	                 "&quot;r&quot;");
	lacks(w.html, "<script>alert");
	contains(w.html, "<meta name=\"viewport\"");
	contains(w.html, "@media print");
	contains(w.html, "prefers-color-scheme:dark");

	/* Every section of each player count, in the order of LAB.md, then the reproduction. */
	static const char *const ids[] = {"verdict", "seats",  "length", "components", "board",
	                                  "tension", "ladder", "agents", "baseline"};
	static const char *const titles[] = {
	    "Verdict", "Seat scores",    "Game length", "Components",          "Board use",
	    "Tension", "Skill and luck", "Agents",      "Against the baseline"};
	for (int n = 2; n <= 3; n++) {
		const char *at = w.html;
		for (int i = 0; i < 9; i++) {
			char h[96];
			snprintf(h, sizeof h, "<h3 id=\"p%d-%s\">%s</h3>", n, ids[i], titles[i]);
			const char *found = strstr(at, h);
			if (!found)
				fail_msg("no heading %s after the one before it", h);
			at = found;
		}
	}
	contains(w.html, "<h2 id=\"reproduce-title\">Reproduction</h2>");
	contains(w.html, "<h2 id=\"p2-title\">2 players</h2>");
	contains(w.html, "<h2 id=\"p3-title\">3 players</h2>");

	/* The seat scores' numbers beside their plot: p1's score and interval in the table. */
	const qv_lab_est *e = &s.report.section[0].outcomes.seat[0];
	char row[256];
	snprintf(row, sizeof row,
	         "<span class=\"swatch k1\"></span>p1</th><td>%.1f%%</td><td>[%.1f%%, %.1f%%]</td>",
	         100 * e->v, 100 * e->ci.lo, 100 * e->ci.hi);
	contains(w.html, row);
	const char *plot = strstr(w.html, "aria-label=\"Seat scores with 2 players");
	assert_non_null(plot);
	assert_true(strstr(plot, row) - plot < 6000); /* beside the plot, not pages away */

	/* The two questions, each its table; the planted cause leads `strongest` (what a seat
	 * loses without it), beyond the margin on strength (its word: strong; "flagged" is the
	 * balance verdict's alone), its interval below 0. */
	contains(w.html,
	         "<strong>Unbalancing</strong>: what makes the seats, or the decks, unequal?");
	contains(w.html, "<strong>Strongest</strong>: what does a seat lose without it?");
	assert_non_null(strstr(w.html, "Unbalancing: what makes the seats or the decks unequal"));
	const char *verdict = strstr(w.html, "Strongest: what a seat loses without it");
	assert_non_null(verdict);
	const char *body = strstr(verdict, "<tbody>\n");
	assert_non_null(body);
	body += strlen("<tbody>\n");
	const qv_lab_section *S0 = &s.report.section[0];
	const qv_lab_component *T = &S0->component[S0->strongest[0]];
	assert_string_equal(T->id, "T");
	assert_true(T->restrict_score.flagged && T->restrict_score.ci.hi < 0);
	char first[512];
	snprintf(first, sizeof first,
	         "<tr><th scope=\"row\">T</th><td>%+.1f pp</td><td>[%+.1f, %+.1f]</td><td>%+.1f "
	         "pp</td><td>[%+.1f, %+.1f]</td><td>&lt;0.001</td><td class=\"t "
	         "flag\">strong</td></tr>",
	         100 * T->restrict_holder.d, 100 * T->restrict_holder.ci.lo,
	         100 * T->restrict_holder.ci.hi, 100 * T->restrict_score.d,
	         100 * T->restrict_score.ci.lo, 100 * T->restrict_score.ci.hi);
	assert_true(strncmp(body, first, strlen(first)) == 0);
	int nflagged = 0;
	for (int k = 0; k < s.plan.ncomponents; k++)
		nflagged += S0->component[k].flagged;
	char flagged_line[96];
	snprintf(flagged_line, sizeof flagged_line, "%d of 7 components flagged", nflagged);
	contains(w.html, flagged_line);

	/* The reproduction: the study's command, and a game's own line. */
	contains(
	    w.html,
	    "quiver lab run three-arrows --variant FILE --baseline BASELINE --agents "
	    "greedy,mcts:iterations=200,threads=1 --players 2,3 --games 12 "
	    "--component-games 6 --ladder-games 6 --luck-games 6 --ladder 4-10 --seed 20240611 "
	    "--margin 0 --out DIR");
	int capped = s.report.section[0].capped_games[0];
	assert_true(s.report.section[0].ncapped_games > 0);
	char line[256];
	snprintf(line, sizeof line, "--seed %llu --variant FILE",
	         (unsigned long long)qv_seed_mix(s.plan.cfg.seed, (uint64_t)capped));
	contains(w.html, line);
	contains(w.html, s.variant.sha256);
	remove_report(&w);

	/* The file names the user gave, when the plan has them, quoted for a shell. */
	snprintf(s.plan.cfg.variant_file, sizeof s.plan.cfg.variant_file, "two terminators.json");
	snprintf(s.plan.cfg.baseline_file, sizeof s.plan.cfg.baseline_file, "base.json");
	write_report(&s, &w);
	contains(w.html, "quiver lab run three-arrows --variant &#39;two terminators.json&#39; "
	                 "--baseline base.json --agents");
	contains(w.html, "--variant &#39;two terminators.json&#39;\n"); /* a game's line */
	lacks(w.html, "--variant FILE");
	remove_report(&w);

	/* One word for each kind of verdict: a component flagged (on balance) shows its
	 * strength verdict in `strongest` ("flagged" was once its word there too, for strength
	 * beyond the margin), and the verdict names every flagged component, the fifth of the
	 * list as well as the first. */
	qv_lab_section *S = &s.report.section[0];
	qv_lab_component *second = &S->component[S->strongest[1]];
	assert_false(second->flagged);
	second->balance = QV_LAB_BEYOND;
	second->flagged = true;
	second->strength = QV_LAB_UNSETTLED;
	write_report(&s, &w);
	verdict = strstr(w.html, "Strongest: what a seat loses without it");
	char cell[256];
	snprintf(cell, sizeof cell, "<tr><th scope=\"row\">%s</th>", second->id);
	const char *at = strstr(verdict, cell);
	assert_non_null(at);
	const char *end = strstr(at, "</tr>");
	assert_non_null(end);
	char text[1024];
	snprintf(text, sizeof text, "%.*s", (int)(end - at), at);
	contains(text, "<td class=\"t\">unsettled</td>");
	lacks(text, "flagged");
	const char *named = strstr(w.html, " Flagged: ");
	assert_non_null(named);
	snprintf(text, sizeof text, "%.*s", (int)(strstr(named, "</p>") - named), named);
	snprintf(cell, sizeof cell, "<strong>%s</strong>", second->id);
	contains(text, cell);
	remove_report(&w);
	qv_test_lab_sample_free(&s);
}

/* The value at path in root: keys and array indices separated by '/'. */
static json_t *at_path(json_t *root, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", path);
	json_t *v = root;
	for (char *tok = strtok(buf, "/"); tok && v; tok = strtok(NULL, "/"))
		v = json_is_array(v) ? json_array_get(v, (size_t)atoi(tok))
		                     : json_object_get(v, tok);
	if (!v)
		fail_msg("no %s in report.json", path);
	return v;
}

/* The number at path (null: NAN); fails the test when it is not there. */
static double num_at(json_t *root, const char *path)
{
	json_t *v = at_path(root, path);
	if (json_is_null(v))
		return NAN;
	if (!json_is_number(v))
		fail_msg("%s is not a number", path);
	return json_number_value(v);
}

static void near(double got, double want)
{
	if (!(fabs(got - want) <= 1e-5 * fmax(1, fabs(want))))
		fail_msg("got %.9g, expected %.9g", got, want);
}

static void test_json(void **state)
{
	(void)state;
	qv_test_lab s;
	qv_test_lab_sample(&s, true, HOSTILE);
	s.report.section[0].length.branching_game = NAN; /* not measured: null */
	written w;
	write_report(&s, &w);
	json_error_t jerr;
	json_t *j = json_loads(w.json, 0, &jerr);
	if (!j)
		fail_msg("report.json does not parse: %s at line %d", jerr.text, jerr.line);

	assert_string_equal(json_string_value(at_path(j, "plan/variant/name")), HOSTILE);
	assert_string_equal(json_string_value(at_path(j, "plan/variant/sha256")), s.variant.sha256);
	assert_string_equal(json_string_value(at_path(j, "plan/baseline/name")), "base");
	assert_true(json_is_null(at_path(j, "plan/variant/file")));
	assert_string_equal(json_string_value(at_path(j, "plan/seed")), "20240611");
	assert_string_equal(json_string_value(at_path(j, "plan/agents/1")),
	                    "mcts:iterations=200,threads=1");
	near(num_at(j, "plan/total"), s.plan.total);
	near(num_at(j, "plan/players/1"), 3);
	assert_int_equal(json_array_size(at_path(j, "components")), 7);
	assert_string_equal(json_string_value(at_path(j, "components/1")), "T");

	for (int n = 0; n < 2; n++) {
		const qv_lab_section *S = &s.report.section[n];
		char p[128];
		snprintf(p, sizeof p, "sections/%d/players", n);
		near(num_at(j, p), S->players);
		for (int seat = 0; seat < S->players; seat++) {
			snprintf(p, sizeof p, "sections/%d/outcomes/seats/%d/value", n, seat);
			near(num_at(j, p), S->outcomes.seat[seat].v);
			snprintf(p, sizeof p, "sections/%d/outcomes/seats/%d/ci/0", n, seat);
			near(num_at(j, p), S->outcomes.seat[seat].ci.lo);
			snprintf(p, sizeof p, "sections/%d/outcomes/seats/%d/ci/1", n, seat);
			near(num_at(j, p), S->outcomes.seat[seat].ci.hi);
		}
		snprintf(p, sizeof p, "sections/%d/length/turns/value", n);
		near(num_at(j, p), S->length.turns.v);
		snprintf(p, sizeof p, "sections/%d/components/1/restrict_score/delta", n);
		near(num_at(j, p), -0.22);
		snprintf(p, sizeof p, "sections/%d/components/1/flagged", n);
		assert_true(json_is_true(at_path(j, p)));
		/* one word for each kind of flag: a component is flagged (on balance), a test is
		 * beyond its margin; restricted play's test is beyond, never flagged */
		snprintf(p, sizeof p, "sections/%d/components/1/restrict_score/beyond", n);
		assert_true(json_is_true(at_path(j, p)));
		snprintf(p, sizeof p, "sections/%d/components/1/restrict_score", n);
		assert_null(json_object_get(at_path(j, p), "flagged"));
		snprintf(p, sizeof p, "sections/%d/components/1/ablate_sides", n);
		for (size_t d = 0; d < json_array_size(at_path(j, p)); d++)
			assert_null(json_object_get(json_array_get(at_path(j, p), d), "flagged"));
		snprintf(p, sizeof p, "sections/%d/order/0", n);
		near(num_at(j, p), 1);
		snprintf(p, sizeof p, "sections/%d/ladder/0/iterations", n);
		near(num_at(j, p), 32);
		snprintf(p, sizeof p, "sections/%d/luck/value", n);
		near(num_at(j, p), 0.04);
		snprintf(p, sizeof p, "sections/%d/tension/winner/9", n);
		near(num_at(j, p), S->tension.winner[9]);
		snprintf(p, sizeof p, "sections/%d/board/heat/%d", n, S->players - 1);
		assert_int_equal(json_array_size(at_path(j, p)), 36);
		snprintf(p, sizeof p, "sections/%d/compare/0/metric", n);
		assert_string_equal(json_string_value(at_path(j, p)), "seat 1 score");
		snprintf(p, sizeof p, "sections/%d/agents/1/matrix/0", n);
		near(num_at(j, p), 0.7);
		snprintf(p, sizeof p, "sections/%d/agents/0/matrix/0", n);
		assert_true(isnan(num_at(j, p))); /* the diagonal: null */
	}
	assert_true(isnan(num_at(j, "sections/0/length/branching_game")));
	/* keys in the order written: plan before components before sections */
	assert_true(strstr(w.json, "\"plan\"") < strstr(w.json, "\"components\""));
	assert_true(strstr(w.json, "\"components\"") < strstr(w.json, "\"sections\""));

	json_decref(j);
	remove_report(&w);
	qv_test_lab_sample_free(&s);
}

/* The next field of a CSV line (RFC 4180), unquoted into out; moves *p past it. */
static void csv_next(const char **p, char *out, size_t size)
{
	size_t n = 0;
	const char *s = *p;
	if (*s == '"') {
		for (s++; *s; s++) {
			if (*s == '"' && s[1] == '"')
				s++;
			else if (*s == '"')
				break;
			if (n + 1 < size)
				out[n++] = *s;
		}
		s++;
	} else {
		while (*s && *s != ',' && *s != '\r')
			if (n + 1 < size)
				out[n++] = *s++;
	}
	out[n] = '\0';
	if (*s == ',')
		s++;
	*p = s;
}

static void test_csv(void **state)
{
	(void)state;
	qv_test_lab s;
	qv_test_lab_sample(&s, true, HOSTILE);
	written w;
	write_report(&s, &w);

	const char *header = "index,arm,players,component,without,seed,p1,p2,p3,p4,p5,utility_p1,"
	                     "utility_p2,utility_p3,utility_p4,utility_p5,rank_p1,rank_p2,"
	                     "rank_p3,rank_p4,rank_p5,decisions,positions,legal,capped\r\n";
	assert_memory_equal(w.csv, header, strlen(header));
	int lines = 0;
	for (size_t i = 0; i < w.csv_len; i++)
		lines += w.csv[i] == '\n';
	assert_int_equal(lines, s.plan.total + 1);

	/* game 0: main, its seats rotated, the spec with a comma quoted */
	char row[512];
	snprintf(row, sizeof row,
	         "\r\n0,main,2,,,%llu,greedy,\"mcts:iterations=200,threads=1\",,,,",
	         (unsigned long long)qv_seed_mix(s.plan.cfg.seed, 0));
	contains(w.csv, row);

	/* every row: its index, the arm holding it, its component or rung, its seats */
	const char *at = strchr(w.csv, '\n') + 1;
	static const char *const arms[] = {"main",   "baseline", "ablate", "restrict",
	                                   "ladder", "luck",     "control"};
	for (int i = 0; i < s.plan.total; i++) {
		const qv_lab_arm *a = NULL;
		for (int k = 0; k < s.plan.narms; k++)
			if (i >= s.plan.arm[k].first &&
			    i < s.plan.arm[k].first + s.plan.arm[k].games)
				a = &s.plan.arm[k];
		assert_non_null(a);
		const qv_lab_game *g = &s.games[i];
		char f[QV_NAME_MAX], want[64];
		csv_next(&at, f, sizeof f);
		assert_int_equal(atoi(f), i);
		csv_next(&at, f, sizeof f);
		assert_string_equal(f, arms[a->kind]);
		csv_next(&at, f, sizeof f);
		assert_int_equal(atoi(f), a->players);
		csv_next(&at, f, sizeof f);
		if (a->kind == QV_LAB_ABLATE || a->kind == QV_LAB_CONTROL ||
		    a->kind == QV_LAB_RESTRICT)
			assert_string_equal(f, s.plan.component[a->component]);
		else if (a->kind == QV_LAB_LADDER)
			assert_int_equal(atoi(f), a->component);
		else
			assert_string_equal(f, "");
		/* who played without it: the forbidden seat, or every seat of an ablation */
		csv_next(&at, f, sizeof f);
		if (a->kind == QV_LAB_RESTRICT) {
			char forbidden[16] = "";
			for (int seat = 0; seat < g->players; seat++)
				if (g->agent[seat] == 0)
					snprintf(forbidden, sizeof forbidden, "p%d", seat + 1);
			assert_string_equal(f, forbidden);
			assert_true(forbidden[0] != '\0');
		} else {
			assert_string_equal(f, a->kind == QV_LAB_ABLATE ? "all" : "");
		}
		/* The baseline's game j has the seeds of main's game j, an ablation's those of its
		 * control's. */
		int seeded = i, j = i - a->first;
		for (int k = 0; k < s.plan.narms; k++) {
			const qv_lab_arm *m = &s.plan.arm[k];
			if (a->kind == QV_LAB_BASELINE && m->kind == QV_LAB_MAIN &&
			    m->players == a->players && j < m->games)
				seeded = m->first + j;
			if (a->kind == QV_LAB_ABLATE && m->kind == QV_LAB_CONTROL &&
			    m->players == a->players && m->component == a->component &&
			    j < m->games)
				seeded = m->first + j;
		}
		csv_next(&at, f, sizeof f);
		snprintf(want, sizeof want, "%llu",
		         (unsigned long long)qv_seed_mix(s.plan.cfg.seed, (uint64_t)seeded));
		assert_string_equal(f, want);
		for (int seat = 0; seat < QV_MAX_PLAYERS; seat++) {
			csv_next(&at, f, sizeof f);
			assert_string_equal(f, seat < g->players ? a->agents[g->agent[seat]] : "");
		}
		for (int seat = 0; seat < QV_MAX_PLAYERS; seat++) {
			csv_next(&at, f, sizeof f);
			if (seat < g->players)
				assert_true(fabs(atof(f) - g->utility[seat]) < 1e-6);
			else
				assert_string_equal(f, "");
		}
		for (int seat = 0; seat < QV_MAX_PLAYERS; seat++) {
			csv_next(&at, f, sizeof f);
			if (seat < g->players)
				assert_int_equal(atoi(f), g->rank[seat]);
			else
				assert_string_equal(f, "");
		}
		csv_next(&at, f, sizeof f);
		assert_int_equal(atoi(f), g->decisions);
		csv_next(&at, f, sizeof f);
		assert_int_equal(atoi(f), g->positions);
		csv_next(&at, f, sizeof f);
		assert_int_equal(atoll(f), g->legal);
		csv_next(&at, f, sizeof f);
		assert_string_equal(f, g->capped ? "1" : "0");
		assert_memory_equal(at, "\r\n", 2);
		at += 2;
	}
	assert_int_equal(*at, '\0');

	remove_report(&w);
	qv_test_lab_sample_free(&s);
}

/* A report is a function of its inputs: written twice, the same bytes. */
static void test_same_bytes(void **state)
{
	(void)state;
	qv_test_lab a, b;
	qv_test_lab_sample(&a, true, "same");
	qv_test_lab_sample(&b, true, "same");
	written wa, wb;
	write_report(&a, &wa);
	write_report(&b, &wb);
	assert_string_equal(wa.html, wb.html);
	assert_string_equal(wa.json, wb.json);
	assert_string_equal(wa.csv, wb.csv);
	/* and the inputs decide them: another seed, other seeds in the CSV */
	remove_report(&wb);
	qv_test_lab_sample_free(&b);
	qv_test_lab_sample(&b, true, "same");
	b.plan.cfg.seed++;
	write_report(&b, &wb);
	assert_string_not_equal(wa.csv, wb.csv);
	remove_report(&wa);
	remove_report(&wb);
	qv_test_lab_sample_free(&a);
	qv_test_lab_sample_free(&b);
}

static void test_not_measured(void **state)
{
	(void)state;
	qv_test_lab s;
	qv_test_lab_sample(&s, false, "random only");
	written w;
	write_report(&s, &w);
	contains(w.html, "this study ran no component games");
	contains(w.html, "this game has no board the lab can draw");
	contains(w.html, "the agents of this study do not search");
	contains(w.html, "this study ran no ladder games");
	contains(w.html, "One agent played every seat");
	contains(w.html, "No baseline was measured");
	contains(w.html, "<title>THREE ARROWS, \xe2\x80\x9crandom only\xe2\x80\x9d: the designer");
	lacks(w.html, "--baseline BASELINE");
	json_error_t jerr;
	json_t *j = json_loads(w.json, 0, &jerr);
	assert_non_null(j);
	static const char *const nulls[] = {"plan/baseline",
	                                    "sections/0/tension",
	                                    "sections/0/board",
	                                    "sections/0/luck",
	                                    "sections/0/baseline_outcomes",
	                                    "sections/0/baseline_length",
	                                    "sections/0/components/0/ablate_seat/0/delta"};
	for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
		if (!json_is_null(at_path(j, nulls[i])))
			fail_msg("%s is not null", nulls[i]);
	assert_int_equal(json_array_size(at_path(j, "sections/0/ladder")), 0);
	json_decref(j);
	remove_report(&w);
	qv_test_lab_sample_free(&s);
}

static void test_refusals(void **state)
{
	(void)state;
	qv_test_lab s;
	qv_test_lab_sample(&s, false, "x");
	qv_err err = {{0}};
	assert_int_equal(qv_lab_write(&s.report, s.games, "/nonexistent/lab", &err), QV_EIO);
	contains(err.msg, "/nonexistent/lab/games.csv");
	assert_int_equal(qv_lab_write(&s.report, NULL, "/tmp", &err), QV_EINVAL);
	qv_test_lab_sample_free(&s);
}

/* The table of sections (sections.c): every row named once and doing something, the rows of
 * the page at places 0, 1, 2, ... without a gap or a tie, and the verdict, which reads what
 * every other row computed, last in the table (computing nothing) and first on the page. */
static void test_rows(void **state)
{
	(void)state;
	bool placed[64] = {false};
	int nhtml = 0;
	assert_in_range(qv__lab_nrows, 1, 64);
	for (int r = 0; r < qv__lab_nrows; r++) {
		const qv__lab_row *row = &qv__lab_rows[r];
		assert_non_null(row->key);
		assert_true(row->compute || row->json || row->html);
		for (int q = 0; q < r; q++)
			if (strcmp(row->key, qv__lab_rows[q].key) == 0)
				fail_msg("two rows named %s", row->key);
		if (!row->html)
			continue;
		assert_in_range(row->place, 0, qv__lab_nrows - 1);
		if (placed[row->place])
			fail_msg("%s: place %d is taken", row->key, row->place);
		placed[row->place] = true;
		nhtml++;
	}
	for (int i = 0; i < nhtml; i++)
		if (!placed[i])
			fail_msg("no row at place %d of the page", i);
	const qv__lab_row *last = &qv__lab_rows[qv__lab_nrows - 1];
	assert_string_equal(last->key, "verdict");
	assert_null(last->compute);
	assert_int_equal(last->place, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_page),         cmocka_unit_test(test_json),
	    cmocka_unit_test(test_csv),          cmocka_unit_test(test_same_bytes),
	    cmocka_unit_test(test_not_measured), cmocka_unit_test(test_refusals),
	    cmocka_unit_test(test_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
