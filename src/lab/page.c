/*
 * page.c - the writers of the lab's pages (page.h): numbers as text, escaping, the JSON
 * writer, SVG primitives, the HTML blocks of a section, the stylesheet, and a file written
 * whole or not at all.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/page.h"

/* ---- numbers as text ---- */

bool qv__lab_known(double x) { return isfinite(x); }
bool qv__lab_known_ci(qv_interval ci) { return isfinite(ci.lo) && isfinite(ci.hi); }
bool qv__lab_measured(const qv_lab_est *e) { return e->n > 0 && isfinite(e->v); }
/* A test that was run: a difference and a p-value. */
bool qv__lab_tested(const qv_lab_delta *d) { return isfinite(d->d) && isfinite(d->p); }

/* A proportion x, or an interval's ends, in hundredths with one decimal through fmt (one or
 * two %f conversions); "n/a" when unknown. */
qv__lab_txt qv__lab_hundredths(double x, const char *fmt)
{
	qv__lab_txt t;
	if (!qv__lab_known(x))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, fmt, qv_clean_zero(100 * x, 1));
	return t;
}

qv__lab_txt qv__lab_hundredths_ci(qv_interval ci, const char *fmt)
{
	qv__lab_txt t;
	if (!qv__lab_known_ci(ci))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, fmt, qv_clean_zero(100 * ci.lo, 1),
		         qv_clean_zero(100 * ci.hi, 1));
	return t;
}

/* A percentage with one decimal: "52.3%", "[48.1%, 56.4%]". */
qv__lab_txt qv__lab_pct(double x) { return qv__lab_hundredths(x, "%.1f%%"); }
qv__lab_txt qv__lab_pct_ci(qv_interval ci) { return qv__lab_hundredths_ci(ci, "[%.1f%%, %.1f%%]"); }

/* A difference of proportions in percentage points: "+3.2 pp", "[-1.0, +7.4]". */
qv__lab_txt qv__lab_pp(double d) { return qv__lab_hundredths(d, "%+.1f pp"); }
qv__lab_txt qv__lab_pp_ci(qv_interval ci) { return qv__lab_hundredths_ci(ci, "[%+.1f, %+.1f]"); }

/* A plain number with dec decimals, signed when sign is set. */
qv__lab_txt qv__lab_num(double x, int dec, bool sign)
{
	qv__lab_txt t;
	if (!qv__lab_known(x))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, sign ? "%+.*f" : "%.*f", dec, qv_clean_zero(x, dec));
	return t;
}

qv__lab_txt qv__lab_num_ci(qv_interval ci, int dec, bool sign)
{
	qv__lab_txt t;
	if (!qv__lab_known_ci(ci))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, sign ? "[%+.*f, %+.*f]" : "[%.*f, %.*f]", dec,
		         qv_clean_zero(ci.lo, dec), dec, qv_clean_zero(ci.hi, dec));
	return t;
}

qv__lab_txt qv__lab_pval(double p)
{
	qv__lab_txt t;
	if (!qv__lab_known(p))
		snprintf(t.s, sizeof t.s, "n/a");
	else if (p < 0.001)
		snprintf(t.s, sizeof t.s, "&lt;0.001");
	else
		snprintf(t.s, sizeof t.s, "%.3f", p);
	return t;
}

/* An SVG coordinate. */
qv__lab_txt qv__lab_co(double x)
{
	qv__lab_txt t;
	snprintf(t.s, sizeof t.s, "%.1f", qv_clean_zero(x, 1));
	return t;
}

/* ---- escaping ---- */

void qv__lab_html_esc(qv_buf *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': qv_buf_puts(b, "&amp;"); break;
		case '<': qv_buf_puts(b, "&lt;"); break;
		case '>': qv_buf_puts(b, "&gt;"); break;
		case '"': qv_buf_puts(b, "&quot;"); break;
		case '\'': qv_buf_puts(b, "&#39;"); break;
		default: qv_buf_putc(b, *s);
		}
	}
}

/* The start of a table row headed by text: "<tr><th scope="row">text</th>". */
void qv__lab_row_head(qv_buf *b, const char *text)
{
	qv_buf_puts(b, "<tr><th scope=\"row\">");
	qv__lab_html_esc(b, text);
	qv_buf_puts(b, "</th>");
}

void qv__lab_json_esc(qv_buf *b, const char *s)
{
	qv_buf_putc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			qv_buf_putc(b, '\\');
			qv_buf_putc(b, *s);
		} else if (c == '\n') {
			qv_buf_puts(b, "\\n");
		} else if (c == '\t') {
			qv_buf_puts(b, "\\t");
		} else if (c < 0x20 || c == 0x7f) {
			qv_buf_printf(b, "\\u%04x", c);
		} else {
			qv_buf_putc(b, *s);
		}
	}
	qv_buf_putc(b, '"');
}

/* RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
void qv__lab_csv_field(qv_buf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		qv_buf_puts(b, s);
		return;
	}
	qv_buf_putc(b, '"');
	for (; *s; s++) {
		if (*s == '"')
			qv_buf_putc(b, '"');
		qv_buf_putc(b, *s);
	}
	qv_buf_putc(b, '"');
}

/* ---- JSON ---- */

/* The separator and indentation before a value, and its key inside an object. */
void qv__lab_jw_at(qv__lab_jw *w, const char *key)
{
	if (!w->first[w->depth])
		qv_buf_putc(w->b, ',');
	w->first[w->depth] = false;
	qv_buf_putc(w->b, '\n');
	for (int i = 0; i < w->depth; i++)
		qv_buf_puts(w->b, "  ");
	if (key) {
		qv__lab_json_esc(w->b, key);
		qv_buf_puts(w->b, ": ");
	}
}

void qv__lab_jw_open(qv__lab_jw *w, const char *key, char c)
{
	qv__lab_jw_at(w, key);
	qv_buf_putc(w->b, c);
	w->depth++;
	QV_ASSERT(w->depth < 16);
	w->first[w->depth] = true;
}

void qv__lab_jw_close(qv__lab_jw *w, char c)
{
	bool empty = w->first[w->depth];
	w->depth--;
	if (!empty) {
		qv_buf_putc(w->b, '\n');
		for (int i = 0; i < w->depth; i++)
			qv_buf_puts(w->b, "  ");
	}
	qv_buf_putc(w->b, c);
}

void qv__lab_json_num(qv_buf *b, double x)
{
	if (!qv__lab_known(x))
		qv_buf_puts(b, "null");
	else
		qv_buf_printf(b, "%.6g", x == 0 ? 0.0 : x);
}

void qv__lab_jw_num(qv__lab_jw *w, const char *key, double x)
{
	qv__lab_jw_at(w, key);
	qv__lab_json_num(w->b, x);
}

void qv__lab_jw_int(qv__lab_jw *w, const char *key, long long x)
{
	qv__lab_jw_at(w, key);
	qv_buf_printf(w->b, "%lld", x);
}

void qv__lab_jw_str(qv__lab_jw *w, const char *key, const char *s)
{
	qv__lab_jw_at(w, key);
	qv__lab_json_esc(w->b, s);
}

void qv__lab_jw_bool(qv__lab_jw *w, const char *key, bool x)
{
	qv__lab_jw_at(w, key);
	qv_buf_puts(w->b, x ? "true" : "false");
}

void qv__lab_jw_null(qv__lab_jw *w, const char *key)
{
	qv__lab_jw_at(w, key);
	qv_buf_puts(w->b, "null");
}

void qv__lab_jw_ci(qv__lab_jw *w, const char *key, qv_interval ci)
{
	qv__lab_jw_at(w, key);
	if (!qv__lab_known_ci(ci)) {
		qv_buf_puts(w->b, "null");
		return;
	}
	qv_buf_putc(w->b, '[');
	qv__lab_json_num(w->b, ci.lo);
	qv_buf_puts(w->b, ", ");
	qv__lab_json_num(w->b, ci.hi);
	qv_buf_putc(w->b, ']');
}

/* An array of numbers on one line. */
void qv__lab_jw_nums(qv__lab_jw *w, const char *key, const double *x, int n)
{
	qv__lab_jw_at(w, key);
	qv_buf_putc(w->b, '[');
	for (int i = 0; i < n; i++) {
		if (i)
			qv_buf_puts(w->b, ", ");
		qv__lab_json_num(w->b, x[i]);
	}
	qv_buf_putc(w->b, ']');
}

void qv__lab_jw_ints(qv__lab_jw *w, const char *key, const int *x, int n)
{
	qv__lab_jw_at(w, key);
	qv_buf_putc(w->b, '[');
	for (int i = 0; i < n; i++)
		qv_buf_printf(w->b, i ? ", %d" : "%d", x[i]);
	qv_buf_putc(w->b, ']');
}

/* An estimate: {"value", "ci", "n"}, value and ci null when nothing was measured. */
void qv__lab_jw_est(qv__lab_jw *w, const char *key, const qv_lab_est *e)
{
	qv__lab_jw_open(w, key, '{');
	bool m = qv__lab_measured(e);
	qv__lab_jw_num(w, "value", m ? e->v : NAN);
	qv__lab_jw_ci(w, "ci", m ? e->ci : (qv_interval){NAN, NAN});
	qv__lab_jw_int(w, "n", e->n);
	qv__lab_jw_close(w, '}');
}

/* A difference: {"delta", "ci", "p", "beyond"}: "beyond" is a test Benjamini-Hochberg flags
 * whose interval lies beyond the margin; "flagged" is a component's word alone (its balance). */
void qv__lab_jw_delta(qv__lab_jw *w, const char *key, const qv_lab_delta *d)
{
	qv__lab_jw_open(w, key, '{');
	qv__lab_jw_num(w, "delta", d->d);
	qv__lab_jw_ci(w, "ci", d->ci);
	qv__lab_jw_num(w, "p", d->p);
	qv__lab_jw_bool(w, "beyond", d->flagged);
	qv__lab_jw_close(w, '}');
}

/* ---- the stylesheet ---- */

/* The stylesheet: light by default, dark when the reader's system asks for it, and a print
 * layout without backgrounds that starts each player count on a new page. Figures sit beside
 * their numbers on wide screens and above them on narrow ones; tables scroll sideways inside
 * their own region rather than widening the page. */
const char qv__lab_css[] =
    ":root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;"
    "--panel:#f6f8fa;--accent:#0b5cad;--flag:#a8420a;--flagband:rgba(213,94,0,.13);"
    "--cap:#e69f00;--base:#1f2328;--s1:#0072b2;--s2:#d55e00;--s3:#009e73;--s4:#cc79a7;"
    "--s5:#e69f00;--ab:#0072b2;--re:#d55e00;--hi:0,114,178;--lo:213,94,0}\n"
    "@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9ba4ae;"
    "--line:#3d444d;--panel:#161b22;--accent:#6cb0ff;--flag:#ffa061;"
    "--flagband:rgba(239,138,79,.2);--cap:#f0c05a;--base:#e6edf3;--s1:#56b4e9;--s2:#ef8a4f;"
    "--s3:#3fc19b;--s4:#e3a3cf;--s5:#f0c05a;--ab:#56b4e9;--re:#ef8a4f;--hi:86,180,233;"
    "--lo:239,138,79}}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;background:var(--bg);color:var(--fg);"
    "font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}\n"
    "header,main{max-width:1120px;margin:0 auto;padding:0 16px}\n"
    "header{padding-top:20px}\n"
    ".kicker{margin:0;color:var(--muted);font-size:.875rem;letter-spacing:.04em;"
    "text-transform:uppercase}\n"
    "h1{font-size:1.75rem;line-height:1.25;margin:.2em 0 .3em;overflow-wrap:anywhere}\n"
    "h2{font-size:1.4rem;margin:1.6em 0 .4em;padding-bottom:.2em;"
    "border-bottom:2px solid var(--line)}\n"
    "h3{font-size:1.1rem;margin:1.6em 0 .2em}\n"
    "h4{font-size:1rem;margin:1em 0 .2em}\n"
    "p{margin:.4em 0}\n"
    ".sub{margin:0 0 .6em;overflow-wrap:anywhere}\n"
    ".how{color:var(--muted);font-size:.9rem;max-width:75ch}\n"
    ".none{font-style:italic;color:var(--muted)}\n"
    "nav ul{list-style:none;margin:.6em 0;padding:0;display:flex;flex-wrap:wrap;gap:6px 16px}\n"
    "a{color:var(--accent)}\n"
    ".fig{display:grid;grid-template-columns:minmax(0,480px) minmax(0,1fr);gap:8px 24px;"
    "align-items:start;margin:.6em 0}\n"
    "@media (max-width:760px){.fig{grid-template-columns:minmax(0,1fr)}}\n"
    "figure{margin:0}\n"
    "figcaption{color:var(--muted);font-size:.875rem;margin-top:.3em}\n"
    "svg{display:block;width:100%;height:auto;max-width:560px}\n"
    "svg text{fill:var(--fg);font-size:14px}\n"
    "svg .mut{fill:var(--muted)}\n"
    "svg .grid{stroke:var(--line);stroke-width:1}\n"
    "svg .axis{stroke:var(--muted);stroke-width:1}\n"
    "svg .fair{stroke:var(--fg);stroke-width:1.5;stroke-dasharray:5 4}\n"
    "svg .k1{--c:var(--s1)}svg .k2{--c:var(--s2)}svg .k3{--c:var(--s3)}"
    "svg .k4{--c:var(--s4)}svg .k5{--c:var(--s5)}\n"
    "svg .ci{stroke:var(--c);stroke-width:3;stroke-linecap:round}\n"
    "svg .pt{fill:var(--c);stroke:var(--bg);stroke-width:1.5}\n"
    "svg .bar{fill:var(--s1)}\n"
    "svg .cap{fill:var(--cap)}\n"
    "svg .baseline{fill:none;stroke:var(--base);stroke-width:2;stroke-dasharray:6 3}\n"
    "svg .ab{--c:var(--ab)}svg .re{--c:var(--re)}\n"
    "svg .flagband{fill:var(--flagband)}\n"
    "svg .flagged{font-weight:700;fill:var(--flag)}\n"
    "svg .cell{stroke:var(--line);stroke-width:1;fill:var(--c)}\n"
    "svg .win{fill:none;stroke:var(--ab);stroke-width:2.5}\n"
    "svg .lose{fill:none;stroke:var(--re);stroke-width:2.5;stroke-dasharray:7 4}\n"
    "svg .winpt{fill:var(--ab)}svg .losept{fill:var(--re)}\n"
    ".scroll{overflow-x:auto;max-width:100%}\n"
    /* a list's table on a wide screen, the same rows as a list (ol.narrow) on a phone */
    "ol.narrow{display:none;padding-left:1.4em}ol.narrow li{margin:.3em 0}\n"
    "@media (max-width:480px){.scroll.wide{display:none}ol.narrow{display:block}}\n"
    "table{border-collapse:collapse;font-variant-numeric:tabular-nums;font-size:.875rem;"
    "margin:.3em 0}\n"
    "caption{text-align:left;font-weight:600;padding:0 0 .3em}\n"
    "th,td{padding:4px 8px;border-bottom:1px solid var(--line);text-align:right;"
    "white-space:nowrap}\n"
    "th{font-weight:600}\n"
    "thead th{white-space:normal;vertical-align:bottom;min-width:5em}\n"
    "tbody th{white-space:normal;min-width:7em}td.t{white-space:normal}\n"
    "th code,td code{overflow-wrap:break-word}.seat{white-space:nowrap}\n"
    "th:first-child,td:first-child,th.t,td.t{text-align:left}\n"
    /* a phone: the chosen columns of a table inside the screen (a component's id broken
     * where it must, narrower cells), the rest folded below them */
    "@media (max-width:480px){table{font-size:.8rem}th,td{padding:4px 3px}"
    "thead th{min-width:3.5em}"
    "tbody th{min-width:0;overflow-wrap:anywhere}}\n"
    "td.flag,span.flag{color:var(--flag);font-weight:700}\n"
    ".verdict{border:2px solid var(--accent);border-radius:10px;padding:4px 16px 12px;"
    "background:var(--panel);margin:.8em 0}\n"
    ".verdict h3{margin-top:.6em}\n"
    ".lead{font-size:1.05rem;max-width:75ch}\n"
    ".tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(128px,1fr));gap:8px;"
    "margin:.6em 0}\n"
    ".tiles div{border:1px solid var(--line);border-radius:8px;padding:6px 10px;"
    "background:var(--bg)}\n"
    ".tiles dt{color:var(--muted);font-size:.8rem}\n"
    ".tiles dd{margin:0;font-size:1.2rem;font-weight:600;font-variant-numeric:tabular-nums}\n"
    ".tiles dd span{display:block;font-size:.8rem;font-weight:400;color:var(--muted)}\n"
    ".maps{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px;"
    "margin:.6em 0}\n"
    ".maps svg{max-width:260px}\n"
    ".swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;"
    "vertical-align:-.05em;margin-right:.3em;background:var(--c)}\n"
    ".k1{--c:var(--s1)}.k2{--c:var(--s2)}.k3{--c:var(--s3)}.k4{--c:var(--s4)}"
    ".k5{--c:var(--s5)}\n"
    "pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--panel);"
    "border:1px solid var(--line);border-radius:6px;padding:8px 10px;font-size:.85rem}\n"
    ".none code{white-space:nowrap}\n"
    "code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;"
    "overflow-wrap:anywhere}\n"
    "dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 16px}\n"
    "dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}\n"
    "details{margin:.4em 0}summary{cursor:pointer;color:var(--accent)}\n"
    "footer{max-width:1120px;margin:2em auto;padding:0 16px;color:var(--muted);"
    "font-size:.875rem}\n"
    "@media print{:root{--bg:#fff;--fg:#000;--muted:#333;--line:#999;--panel:#fff;"
    "--accent:#000;--flag:#8a3300;--base:#000}\n"
    "body{background:none;font-size:11pt}nav{display:none}\n"
    "section.players,section.reproduce{break-before:page}\n"
    ".verdict,.tiles div,pre{background:none}\n"
    ".scroll{overflow:visible}figure,table,.verdict{break-inside:avoid}\n"
    "td[style]{background:none!important}}\n";

/* ---- SVG ---- */

/* <svg> with its accessible name (escaped here). */
void qv__lab_svg_open(qv_buf *b, int w, int h, const char *label)
{
	qv_buf_printf(b, "<svg viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", w, h);
	qv__lab_html_esc(b, label);
	qv_buf_puts(b, "\"><title>");
	qv__lab_html_esc(b, label);
	qv_buf_puts(b, "</title>\n");
}

void qv__lab_svg_text(qv_buf *b, double x, double y, const char *anchor, const char *cls,
                      const char *text)
{
	qv_buf_printf(b, "<text x=\"%s\" y=\"%s\"", qv__lab_co(x).s, qv__lab_co(y).s);
	if (anchor)
		qv_buf_printf(b, " text-anchor=\"%s\"", anchor);
	if (cls)
		qv_buf_printf(b, " class=\"%s\"", cls);
	qv_buf_putc(b, '>');
	qv__lab_html_esc(b, text);
	qv_buf_puts(b, "</text>\n");
}

/* An axis label centred under x, or against the figure's edge where it would cross it (its
 * width estimated at 8 units a character of the 14-unit font). */
void qv__lab_svg_tick(qv_buf *b, double x, double y, int w, const char *text)
{
	double half = 4 * (double)strlen(text);
	const char *anchor = "middle";
	if (x + half > w - 2) {
		anchor = "end";
		x = fmin(x, w - 2);
	} else if (x - half < 2) {
		anchor = "start";
		x = fmax(x, 2);
	}
	qv__lab_svg_text(b, x, y, anchor, "mut", text);
}

/* A percentage for an axis: whole when it is whole ("40%"). */
qv__lab_txt qv__lab_tick_pct(double x)
{
	qv__lab_txt t;
	double v = qv_clean_zero(100 * x, 1);
	if (fabs(v - round(v)) < 1e-9)
		snprintf(t.s, sizeof t.s, "%.0f%%", v);
	else
		snprintf(t.s, sizeof t.s, "%.1f%%", v);
	return t;
}

void qv__lab_svg_line(qv_buf *b, double x1, double y1, double x2, double y2, const char *cls)
{
	qv_buf_printf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" class=\"%s\"/>\n",
	              qv__lab_co(x1).s, qv__lab_co(y1).s, qv__lab_co(x2).s, qv__lab_co(y2).s, cls);
}

/* ---- HTML ---- */

/* A heading with its id (the section's prefix, then id). */
void qv__lab_heading(qv_buf *b, const char *prefix, const char *tag, const char *id,
                     const char *title)
{
	qv_buf_printf(b, "<%s id=\"%s-%s\">%s</%s>\n", tag, prefix, id, title, tag);
}

/* The one line that says how to read the figure under it (only where it was measured). */
void qv__lab_how(qv_buf *b, const char *text)
{
	qv_buf_printf(b, "<p class=\"how\">%s</p>\n", text);
}

/* The sentence that stands where a figure was not measured. */
void qv__lab_not_measured(qv_buf *b, const char *why)
{
	qv_buf_printf(b, "<p class=\"none\">%s</p>\n", why);
}

/* A table in a region that scrolls sideways on a narrow screen (keyboard users reach it by
 * its tabindex). */
void qv__lab_table_open(qv_buf *b, const char *prefix, const char *id, const char *caption)
{
	qv__lab_table_open_as(b, prefix, id, caption, NULL);
}

void qv__lab_table_open_as(qv_buf *b, const char *prefix, const char *id, const char *caption,
                           const char *classes)
{
	qv_buf_printf(b,
	              "<div class=\"scroll%s%s\" role=\"region\" tabindex=\"0\" "
	              "aria-labelledby=\"%s-%s\"><table>\n<caption id=\"%s-%s\">",
	              classes ? " " : "", classes ? classes : "", prefix, id, prefix, id);
	qv__lab_html_esc(b, caption);
	qv_buf_puts(b, "</caption>\n");
}

void qv__lab_table_close(qv_buf *b) { qv_buf_puts(b, "</table></div>\n"); }

/* A verdict's words (the effects table, the two lists): `beyond` ("flagged" on balance,
 * "strong" or "a burden", "lengthens" or "shortens"), "within &plusmn;5 pp", "unsettled"; in a
 * cell of its own when cell, else in a span (flagged ones marked) in running text. */
void qv__lab_verdict_words(qv_buf *b, qv_lab_verdict v, double margin, bool points,
                           const char *beyond, bool cell)
{
	const char *tag = cell ? "td" : "span";
	switch (v) {
	case QV_LAB_BEYOND:
		qv_buf_printf(b, "<%s class=\"t flag\">%s</%s>", tag, beyond, tag);
		break;
	case QV_LAB_WITHIN:
		qv_buf_printf(b, "<%s class=\"t\">within &plusmn;%g%s</%s>", tag,
		              points ? 100 * margin : margin, points ? " pp" : "", tag);
		break;
	case QV_LAB_UNSETTLED: qv_buf_printf(b, "<%s class=\"t\">unsettled</%s>", tag, tag); break;
	default: qv_buf_printf(b, "<%s class=\"t\">&ndash;</%s>", tag, tag); break;
	}
}

void qv__lab_verdict_cell(qv_buf *b, qv_lab_verdict v, double margin, bool points,
                          const char *beyond)
{
	qv__lab_verdict_words(b, v, margin, points, beyond, true);
}

/* ---- estimates as text ---- */

/* "52.3% [48.1%, 56.4%]" for a measured proportion, else "n/a". */
qv__lab_txt2 qv__lab_est_pct(const qv_lab_est *e)
{
	qv__lab_txt2 t;
	if (!qv__lab_measured(e))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, "%s %s", qv__lab_pct(e->v).s, qv__lab_pct_ci(e->ci).s);
	return t;
}

qv__lab_txt2 qv__lab_est_num(const qv_lab_est *e, int dec)
{
	qv__lab_txt2 t;
	if (!qv__lab_measured(e))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, "%s %s", qv__lab_num(e->v, dec, false).s,
		         qv__lab_num_ci(e->ci, dec, false).s);
	return t;
}

/* The same without the unit, for a column that names it: "+3.2 [-1.0, +7.4]". */
qv__lab_txt2 qv__lab_delta_points(const qv_lab_delta *d)
{
	qv__lab_txt2 t;
	if (!qv__lab_known(d->d))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, "%s %s", qv__lab_num(100 * d->d, 1, true).s,
		         qv__lab_pp_ci(d->ci).s);
	return t;
}

qv__lab_txt2 qv__lab_delta_num(const qv_lab_delta *d, int dec)
{
	qv__lab_txt2 t;
	if (!qv__lab_known(d->d))
		snprintf(t.s, sizeof t.s, "n/a");
	else
		snprintf(t.s, sizeof t.s, "%s %s", qv__lab_num(d->d, dec, true).s,
		         qv__lab_num_ci(d->ci, dec, true).s);
	return t;
}

/* ---- scales and tiles ---- */

double qv__lab_scale_at(const qv__lab_scale *s, double x)
{
	double t = s->d1 > s->d0 ? (x - s->d0) / (s->d1 - s->d0) : 0.5;
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	return s->r0 + t * (s->r1 - s->r0);
}

/* The smallest of 1, 2, 5, 10, 20, 50, ... at least x (x > 0). */
double qv__lab_nice_ceil(double x)
{
	double m = 1;
	while (m * 10 <= x)
		m *= 10;
	while (m < x) {
		if (m * 2 >= x)
			return m * 2;
		if (m * 5 >= x)
			return m * 5;
		m *= 10;
	}
	return m;
}

void qv__lab_tile(qv_buf *b, const char *name, const char *value, const char *detail)
{
	qv_buf_printf(b, "<div><dt>%s</dt><dd>%s", name, value);
	if (detail && *detail)
		qv_buf_printf(b, "<span>%s</span>", detail);
	qv_buf_puts(b, "</dd></div>\n");
}

/* ---- files ---- */

qv_status qv__lab_out_open(qv__lab_out *o, const char *dir, const char *name, qv_err *err)
{
	memset(o, 0, sizeof *o);
	qv_buf_printf(&o->path, "%s/%s", dir, name);
	qv_buf_printf(&o->tmp, "%s/.%s.tmp", dir, name);
	if (o->path.failed || o->tmp.failed) {
		qv_buf_free(&o->path);
		qv_buf_free(&o->tmp);
		return qv_fail(err, QV_ENOMEM, "out of memory writing %s", name);
	}
	o->f = fopen(qv_buf_str(&o->tmp), "wb");
	if (!o->f) {
		int e = errno;
		qv_status st =
		    qv_fail(err, QV_EIO, "cannot write %s: %s", qv_buf_str(&o->path), strerror(e));
		qv_buf_free(&o->path);
		qv_buf_free(&o->tmp);
		return st;
	}
	return QV_OK;
}

void qv__lab_out_put(qv__lab_out *o, qv_buf *text)
{
	if (!o->e && text->failed)
		o->e = ENOMEM;
	if (!o->e && fwrite(qv_buf_str(text), 1, text->len, o->f) != text->len)
		o->e = errno ? errno : EIO;
	qv_buf_clear(text);
}

qv_status qv__lab_out_commit(qv__lab_out *o, bool keep, qv_err *err)
{
	int e = o->e;
	if (fflush(o->f) != 0 && !e)
		e = errno;
	if (fclose(o->f) != 0 && !e)
		e = errno;
	if (keep && !e && rename(qv_buf_str(&o->tmp), qv_buf_str(&o->path)) != 0)
		e = errno;
	qv_status st = QV_OK;
	if (e || !keep) {
		remove(qv_buf_str(&o->tmp));
		if (e)
			st = e == ENOMEM ? qv_fail(err, QV_ENOMEM, "out of memory writing %s",
			                           qv_buf_str(&o->path))
			                 : qv_fail(err, QV_EIO, "cannot write %s: %s",
			                           qv_buf_str(&o->path), strerror(e));
	}
	qv_buf_free(&o->path);
	qv_buf_free(&o->tmp);
	return st;
}

qv_status qv__lab_write_file(const char *dir, const char *name, const qv_buf *text, qv_err *err)
{
	qv__lab_out o;
	qv_status st = qv__lab_out_open(&o, dir, name, err);
	if (st)
		return st;
	if (text->failed)
		o.e = ENOMEM;
	else if (fwrite(qv_buf_str(text), 1, text->len, o.f) != text->len)
		o.e = errno ? errno : EIO;
	return qv__lab_out_commit(&o, true, err);
}
