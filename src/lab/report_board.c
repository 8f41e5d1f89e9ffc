/*
 * report_board.c - the row `board` of a report's sections (sections.c): how often each
 * square was placed on or walked through, per seat, in report.json and as heat maps with their
 * tables in report.html.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lab/sections.h"

typedef struct qv__lab_page page;

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

/* ---- the board ---- */

static qv__lab_txt square_name(const qv_lab_board *bd, int q)
{
	qv__lab_txt t;
	int x = q % bd->w, y = q / bd->w;
	char f = x < (int)sizeof bd->files && bd->files[x] ? bd->files[x] : '?';
	snprintf(t.s, sizeof t.s, "%c%d", f, bd->rank0 + y);
	return t;
}

/* A heat map's layout: a square's side, every how many squares a label goes, the margins,
 * and the whole size. */
typedef struct map_geo {
	int cell, every, left, pad, W, H;
} map_geo;

/* The three squares touched most (the best first), -1 where fewer were touched; the touches
 * of all squares in *total. */
static void busiest(const uint32_t *h, int n, int best[3], unsigned long long *total)
{
	*total = 0;
	for (int q = 0; q < n; q++) {
		*total += h[q];
		for (int j = 0; j < 3; j++) {
			if (h[q] > 0 && (best[j] < 0 || h[q] > h[best[j]])) {
				for (int m = 2; m > j; m--)
					best[m] = best[m - 1];
				best[j] = q;
				break;
			}
		}
	}
}

/* The squares of seat s's map, shaded by their touches h (hmax the most of any seat), and the
 * files' and ranks' labels. */
static void heat_squares(qv_buf *b, const qv_lab_board *bd, const map_geo *g, int s,
                         const uint32_t *h, uint32_t hmax)
{
	qv_buf_printf(b, "<g class=\"k%d\">\n", s + 1);
	for (int y = 0; y < bd->h; y++)
		for (int x = 0; x < bd->w; x++) {
			uint32_t c = h[x + y * bd->w];
			double op = hmax && c ? 0.08 + 0.92 * c / hmax : 0;
			qv_buf_printf(b,
			              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
			              "class=\"cell\" fill-opacity=\"%.3f\"/>\n",
			              g->left + x * g->cell, g->pad + (bd->h - 1 - y) * g->cell,
			              g->cell, g->cell, op);
		}
	qv_buf_puts(b, "</g>\n");
	for (int x = 0; x < bd->w; x += g->every) {
		char f[2] = {bd->files[x] ? bd->files[x] : '?', 0};
		qv__lab_svg_text(b, g->left + x * g->cell + g->cell / 2.0,
		                 g->pad + bd->h * g->cell + 16, "middle", "mut", f);
	}
	for (int y = 0; y < bd->h; y += g->every) {
		char r[16];
		snprintf(r, sizeof r, "%d", bd->rank0 + y);
		qv__lab_svg_text(b, g->left - 6,
		                 g->pad + (bd->h - 1 - y) * g->cell + g->cell / 2.0 + 4.5, "end",
		                 "mut", r);
	}
}

/* Seat s's heat map as a figure, its caption naming the touches and the busiest squares. */
static void heat_map(qv_buf *b, const qv_lab_section *S, const map_geo *g, int s, uint32_t hmax)
{
	const qv_lab_board *bd = &S->board;
	int n = bd->w * bd->h;
	const uint32_t *h = S->heat + s * n;
	unsigned long long total;
	int best[3] = {-1, -1, -1};
	busiest(h, n, best, &total);
	qv_buf label = {0};
	qv_buf_printf(&label, "Board use of p%d: %llu touches", s + 1, total);
	qv_buf_puts(b, "<figure>\n");
	qv__lab_svg_open(b, g->W, g->H, qv_buf_str(&label));
	heat_squares(b, bd, g, s, h, hmax);
	qv_buf_puts(b, "</svg>\n<figcaption>");
	qv_buf_printf(b, "<span class=\"swatch k%d\"></span>p%d: %llu touches", s + 1, s + 1,
	              total);
	for (int j = 0; j < 3 && best[j] >= 0; j++)
		qv_buf_printf(b, "%s%s (%" PRIu32 ")",
		              j ? ", " : "; most: ", square_name(bd, best[j]).s, h[best[j]]);
	qv_buf_puts(b, ".</figcaption>\n</figure>\n");
	qv_buf_free(&label);
}

/* Seat s's touches per square in numbers, the top rank first as on the map. */
static void heat_table(page *P, const qv_lab_section *S, int s)
{
	qv_buf *b = P->b;
	const qv_lab_board *bd = &S->board;
	int n = bd->w * bd->h;
	char id[24], cap[48];
	snprintf(id, sizeof id, "heat-%d", s + 1);
	snprintf(cap, sizeof cap, "Touches per square of p%d", s + 1);
	qv__lab_table_open(P->b, P->id, id, cap);
	qv_buf_puts(b, "<thead><tr><th scope=\"col\">Rank</th>");
	for (int x = 0; x < bd->w; x++)
		qv_buf_printf(b, "<th scope=\"col\">%c</th>", bd->files[x] ? bd->files[x] : '?');
	qv_buf_puts(b, "</tr></thead><tbody>\n");
	for (int y = bd->h - 1; y >= 0; y--) {
		qv_buf_printf(b, "<tr><th scope=\"row\">%d</th>", bd->rank0 + y);
		for (int x = 0; x < bd->w; x++)
			qv_buf_printf(b, "<td>%" PRIu32 "</td>", S->heat[s * n + x + y * bd->w]);
		qv_buf_puts(b, "</tr>\n");
	}
	qv_buf_puts(b, "</tbody>\n");
	qv__lab_table_close(b);
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
	map_geo g = {.left = 24, .pad = 4};
	g.cell = side <= 8 ? 26 : 208 / side > 10 ? 208 / side : 10;
	g.every = g.cell >= 18 ? 1 : (18 + g.cell - 1) / g.cell;
	g.W = g.left + bd->w * g.cell + g.pad;
	g.H = g.pad + bd->h * g.cell + 22; /* 22: the files' labels below */
	qv_buf_puts(b, "<div class=\"maps\">\n");
	for (int s = 0; s < N; s++)
		heat_map(b, S, &g, s, hmax);
	qv_buf_puts(b, "</div>\n<details><summary>Touches per square, in numbers</summary>\n");
	for (int s = 0; s < N; s++)
		heat_table(P, S, s);
	qv_buf_puts(b, "</details>\n");
}
