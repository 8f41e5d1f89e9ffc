/*
 * page.h - the writers of the lab's pages (report.c, and any other page of src/lab/ that is
 * to look the same): numbers as text, escaping for HTML, JSON and CSV, a JSON writer, SVG
 * primitives, the HTML blocks every section uses, the stylesheet, and writing a file of a
 * folder. Internal to the lab.
 *
 * Everything here is a pure function of its arguments: no time, no locale (every number goes
 * through a fixed printf format, a negative zero is printed as zero), so a page written twice
 * from the same numbers is the same bytes. A number that was not measured (NAN, an infinite
 * interval, an estimate of no observations) is "n/a" as text and null in the JSON.
 *
 * Text passed as `text`, `title`, `name`, `value`, `detail` or `why` is HTML written as is
 * (the callers' own sentences, which may hold entities and tags); `label`, `caption` and
 * svg_text's text are escaped here. Anything that comes from the user goes through
 * qv__lab_html_esc first.
 */
#ifndef QUIVER_LAB_PAGE_H
#define QUIVER_LAB_PAGE_H

#include "lab/lab.h"

/* ---- numbers as text ---- */

/* A number as text, returned by value so that a format call can take several at once:
 * qv_buf_printf(b, "%s %s", qv__lab_pct(x).s, qv__lab_pct_ci(ci).s). */
typedef struct qv__lab_txt {
	char s[80];
} qv__lab_txt;
/* Two of them: a value and its interval. */
typedef struct qv__lab_txt2 {
	char s[2 * sizeof(qv__lab_txt) + 8];
} qv__lab_txt2;

/* Finite; an interval with both ends finite; an estimate of at least one observation with
 * a finite value; a test that was run (a finite difference and p-value). */
bool qv__lab_known(double x);
bool qv__lab_known_ci(qv_interval ci);
bool qv__lab_measured(const qv_lab_est *e);
bool qv__lab_tested(const qv_lab_delta *d);

/* A proportion x, or an interval's ends, in hundredths with one decimal through fmt (one or
 * two %f conversions); "n/a" when unknown. */
qv__lab_txt qv__lab_hundredths(double x, const char *fmt);
qv__lab_txt qv__lab_hundredths_ci(qv_interval ci, const char *fmt);
/* A percentage with one decimal: "52.3%", "[48.1%, 56.4%]". */
qv__lab_txt qv__lab_pct(double x);
qv__lab_txt qv__lab_pct_ci(qv_interval ci);
/* A difference of proportions in percentage points: "+3.2 pp", "[-1.0, +7.4]". */
qv__lab_txt qv__lab_pp(double d);
qv__lab_txt qv__lab_pp_ci(qv_interval ci);
/* A plain number with dec decimals, signed when sign is set: "3.14", "[+0.5, +2.0]". */
qv__lab_txt qv__lab_num(double x, int dec, bool sign);
qv__lab_txt qv__lab_num_ci(qv_interval ci, int dec, bool sign);
/* A p-value with three decimals, "&lt;0.001" below that (HTML). */
qv__lab_txt qv__lab_pval(double p);
/* An SVG coordinate: one decimal. */
qv__lab_txt qv__lab_co(double x);
/* "52.3% [48.1%, 56.4%]" for a measured proportion, "3.14 [2.90, 3.38]" for a number; "n/a"
 * when not measured. */
qv__lab_txt2 qv__lab_est_pct(const qv_lab_est *e);
qv__lab_txt2 qv__lab_est_num(const qv_lab_est *e, int dec);
/* A difference and its interval without the unit, for a column that names it:
 * "+3.2 [-1.0, +7.4]" (points), or with dec decimals; "n/a" when not measured. */
qv__lab_txt2 qv__lab_delta_points(const qv_lab_delta *d);
qv__lab_txt2 qv__lab_delta_num(const qv_lab_delta *d, int dec);

/* ---- escaping ---- */

/* s with & < > " ' as entities. */
void qv__lab_html_esc(qv_buf *b, const char *s);
/* s as a JSON string, quotes included. */
void qv__lab_json_esc(qv_buf *b, const char *s);
/* s as a field of CSV (RFC 4180): quoted, its quotes doubled, when it holds a comma, a quote
 * or a line break. */
void qv__lab_csv_field(qv_buf *b, const char *s);

/* ---- JSON ---- */

/* A JSON writer with two-space indentation and keys in the order written, at most 15 levels
 * deep. Start a document with {.b = b, .first = {true}}, or, inside an object already opened
 * by hand, at depth 1 with first[1] = true. key is NULL for an array's element. */
typedef struct qv__lab_jw {
	qv_buf *b;
	int depth;
	bool first[16];
} qv__lab_jw;

/* The separator and indentation before a value, and its key inside an object. */
void qv__lab_jw_at(qv__lab_jw *w, const char *key);
/* Opens (c is '{' or '[') and closes (c is '}' or ']') an object or an array. */
void qv__lab_jw_open(qv__lab_jw *w, const char *key, char c);
void qv__lab_jw_close(qv__lab_jw *w, char c);
/* A number with %.6g, null when not finite. */
void qv__lab_json_num(qv_buf *b, double x);
void qv__lab_jw_num(qv__lab_jw *w, const char *key, double x);
void qv__lab_jw_int(qv__lab_jw *w, const char *key, long long x);
void qv__lab_jw_str(qv__lab_jw *w, const char *key, const char *s);
void qv__lab_jw_bool(qv__lab_jw *w, const char *key, bool x);
void qv__lab_jw_null(qv__lab_jw *w, const char *key);
/* An interval as [lo, hi], null when either end is unknown. */
void qv__lab_jw_ci(qv__lab_jw *w, const char *key, qv_interval ci);
/* Arrays of numbers on one line. */
void qv__lab_jw_nums(qv__lab_jw *w, const char *key, const double *x, int n);
void qv__lab_jw_ints(qv__lab_jw *w, const char *key, const int *x, int n);
/* An estimate: {"value", "ci", "n"}, value and ci null when nothing was measured. */
void qv__lab_jw_est(qv__lab_jw *w, const char *key, const qv_lab_est *e);
/* A difference: {"delta", "ci", "p", "flagged"}. */
void qv__lab_jw_delta(qv__lab_jw *w, const char *key, const qv_lab_delta *d);

/* ---- SVG ---- */

/* <svg> of the view box w by h with its accessible name label (role="img", a <title>). */
void qv__lab_svg_open(qv_buf *b, int w, int h, const char *label);
/* A <text> at (x, y); anchor ("middle", "end", ...) and the class cls may be NULL. */
void qv__lab_svg_text(qv_buf *b, double x, double y, const char *anchor, const char *cls,
                      const char *text);
/* An axis label centred under x, or against the edge of a figure w wide where it would cross
 * it. */
void qv__lab_svg_tick(qv_buf *b, double x, double y, int w, const char *text);
/* A percentage for an axis: whole when it is whole ("40%", "12.5%"). */
qv__lab_txt qv__lab_tick_pct(double x);
void qv__lab_svg_line(qv_buf *b, double x1, double y1, double x2, double y2, const char *cls);

/* A scale from the domain [d0, d1] onto [r0, r1]. */
typedef struct qv__lab_scale {
	double d0, d1, r0, r1;
} qv__lab_scale;
/* Where x falls, clamped to the range; the middle of the range for an empty domain. */
double qv__lab_scale_at(const qv__lab_scale *s, double x);
/* The smallest of 1, 2, 5, 10, 20, 50, ... at least x (x > 0): an axis's top. */
double qv__lab_nice_ceil(double x);

/* ---- HTML ---- */

/* The stylesheet of every page of the lab: light, dark and print. */
extern const char qv__lab_css[];

/* <tag id="prefix-id">title</tag>: prefix names the part of the page ("p2"). */
void qv__lab_heading(qv_buf *b, const char *prefix, const char *tag, const char *id,
                     const char *title);
/* The one line that says how to read the figure under it. */
void qv__lab_how(qv_buf *b, const char *text);
/* The sentence that stands where a figure was not measured. */
void qv__lab_not_measured(qv_buf *b, const char *why);
/* A table with its caption (id prefix-id) in a region that scrolls sideways on a narrow
 * screen; qv__lab_table_close ends both. */
void qv__lab_table_open(qv_buf *b, const char *prefix, const char *id, const char *caption);
/* The same, its region of the given classes besides "scroll" (NULL: none): "wide", a table
 * the page hides on a phone, where the same rows follow it as a list of class "narrow". */
void qv__lab_table_open_as(qv_buf *b, const char *prefix, const char *id, const char *caption,
                           const char *classes);
void qv__lab_table_close(qv_buf *b);
/* The start of a table row headed by text: <tr><th scope="row">text</th> (text escaped). */
void qv__lab_row_head(qv_buf *b, const char *text);
/* A component's verdict as a cell: `beyond` (its one word: "flagged" on balance, "strong" or
 * "a burden" on strength, "lengthens" or "shortens" on length), "within &plusmn;margin" (in
 * points when points), "unsettled", or a dash when not tested. */
void qv__lab_verdict_cell(qv_buf *b, qv_lab_verdict v, double margin, bool points,
                          const char *beyond);
/* The same words in a cell (cell) or in a span of running text. */
void qv__lab_verdict_words(qv_buf *b, qv_lab_verdict v, double margin, bool points,
                           const char *beyond, bool cell);
/* A tile of a <dl class="tiles">: name, value, and detail under it when not NULL or "". */
void qv__lab_tile(qv_buf *b, const char *name, const char *value, const char *detail);

/* ---- files ---- */

/* A file of a folder written piece by piece (games.csv, a row per game) and put in place whole
 * when it is complete: written beside its name first, and renamed over it by commit, so a
 * reader never sees half a file. A failure to write is kept and given by commit. */
typedef struct qv__lab_out {
	FILE *f;
	qv_buf path, tmp;
	int e; /* the errno of the first failure */
} qv__lab_out;

qv_status qv__lab_out_open(qv__lab_out *o, const char *dir, const char *name, qv_err *err);
/* Writes text and clears it. */
void qv__lab_out_put(qv__lab_out *o, qv_buf *text);
/* Closes the file and puts it in place (keep), or removes it (!keep: a failure elsewhere);
 * the first failure to write it. */
qv_status qv__lab_out_commit(qv__lab_out *o, bool keep, qv_err *err);

/* Writes text as the file name of the folder dir, atomically: to a file beside it first,
 * renamed over name once complete, so a reader never sees half a file. */
qv_status qv__lab_write_file(const char *dir, const char *name, const qv_buf *text, qv_err *err);

#endif
