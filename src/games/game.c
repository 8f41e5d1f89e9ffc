/*
 * game.c - helpers shared by all games and their users: player names, ranks and rank-based
 * utilities, and drawing random actions and chance outcomes through the game interface.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "core/say.h"
#include "quiver/game.h"

const char *qv_player_name(int who, char *buf)
{
	if (who == QV_CHANCE)
		return strcpy(buf, "chance");
	if (who == QV_OVER)
		return strcpy(buf, "over");
	if (who == QV_RULES)
		return strcpy(buf, "game");
	qv_fmt(buf, 8, "p%u", (unsigned)(who + 1) % 1000u);
	return buf;
}

int qv_player_parse(const char *text, int nplayers)
{
	if ((text[0] != 'p' && text[0] != 'P') || text[1] < '1' || text[1] > '9' || text[2])
		return -1;
	int p = text[1] - '1';
	return p < nplayers ? p : -1;
}

void qv_utilities_from_ranks(const int *ranks, int n, double *out)
{
	if (n == 1) {
		out[0] = 0;
		return;
	}
	/* Players with rank r occupy places r-1 .. r-2+k (0-based), k = how many share it. */
	for (int i = 0; i < n; i++) {
		int k = 0;
		for (int j = 0; j < n; j++)
			k += ranks[j] == ranks[i];
		double sum = 0;
		for (int place = ranks[i] - 1; place < ranks[i] - 1 + k; place++)
			sum += 1.0 - 2.0 * place / (n - 1);
		out[i] = sum / k;
	}
}

void qv_ranks_from_order(int n, int (*cmp)(const void *ctx, int a, int b), const void *ctx,
                         int *out)
{
	for (int i = 0; i < n; i++) {
		int better = 0;
		for (int j = 0; j < n; j++)
			if (j != i && cmp(ctx, j, i) > 0)
				better++;
		out[i] = better + 1;
	}
}

qv_action qv_sample_chance(const qv_game *g, const void *st, qv_rng *rng, qv_action *buf,
                           double *prob)
{
	int n = g->chance(st, buf, prob);
	return n > 0 ? qv_pick_chance(rng, buf, prob, n) : -1;
}

qv_action qv_pick_chance(qv_rng *rng, const qv_action *out, const double *prob, int n)
{
	double x = qv_rng_double(rng);
	for (int i = 0; i < n - 1; i++) {
		if (x < prob[i])
			return out[i];
		x -= prob[i];
	}
	return out[n - 1];
}

void qv_returns(const qv_game *g, const void *st, double *out)
{
	if (g->returns) {
		g->returns(st, out);
		return;
	}
	int r[QV_MAX_PLAYERS];
	g->ranks(st, r);
	qv_utilities_from_ranks(r, g->num_players(st), out);
}

int qv_count_legal(const qv_game *g, const void *st, qv_action *buf)
{
	return g->count ? g->count(st) : g->legal(st, buf);
}

/* qv_sample_legal for a game without a sampler: a function of its own, so that the sampler's
 * path saves no registers for it. */
static __attribute__((noinline)) qv_action sample_listed(const qv_game *g, const void *st,
                                                         qv_rng *rng, qv_action *buf, int *n)
{
	*n = g->legal(st, buf);
	return *n > 0 ? buf[qv_rng_below(rng, (uint32_t)*n)] : -1;
}

qv_action qv_sample_legal(const qv_game *g, const void *st, qv_rng *rng, qv_action *buf, int *n)
{
	/* tail calls both: nothing of this frame is needed after them (a playout's every
	 * decision comes here) */
	if (g->sample)
		return g->sample(st, rng, n);
	return sample_listed(g, st, rng, buf, n);
}

bool qv_decision_forced(const qv_game *g, const void *st, int n)
{
	return n == 1 && !(g->secret && g->secret(st));
}

bool qv_only_option(const qv_game *g, const void *st, qv_action *buf, int *n, qv_action *out)
{
	*n = qv_count_legal(g, st, buf);
	if (!qv_decision_forced(g, st, *n))
		return false;
	if (g->count) /* counted without listing: list the one */
		g->legal(st, buf);
	*out = buf[0];
	return true;
}

qv_status qv_apply_checked(const qv_game *g, void *st, qv_action a, qv_events *ev, qv_err *err)
{
	qv_status rc = g->check(st, a, err);
	if (rc)
		return rc;
	g->apply(st, a, ev);
	return QV_OK;
}

#ifdef QV_CHECKS
void qv__assert_state(const qv_game *g, const void *st, const char *file, int line)
{
	qv_err why = {{0}};
	if (!g->state_ok || g->state_ok(st, &why))
		return;
	char cond[sizeof why.msg + 64];
	qv_fmt(cond, sizeof cond, "%s state_ok: %s", g->name, why.msg);
	qv__assert_fail(cond, file, line);
}
#endif

/* Whether `viewer` reads the secret of a part known to the players in mask. */
static bool knows(unsigned mask, int viewer)
{
	if (viewer == QV_VIEW_ALL)
		return true;
	return viewer >= 0 && viewer < 32 && (mask >> viewer & 1u);
}

/* Reads one secret part "{M:secret|public}" starting at p (after the brace), appending the
 * reading for viewer; returns the position after the closing brace. A part that is not well
 * formed is a game's bug; it is shown as nothing rather than risk a secret. */
static const char *word_part(const char *p, const char *end, int viewer, qv_buf *out)
{
	unsigned mask = 0;
	while (p < end && *p != ':') {
		int c = *p++;
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0 || mask > 0xFFFFFFu)
			mask = 0;
		else
			mask = mask << 4 | (unsigned)d;
	}
	const char *secret = p < end ? p + 1 : end;
	const char *bar = secret;
	while (bar < end && *bar != '|' && *bar != '}')
		bar++;
	const char *pub = bar < end && *bar == '|' ? bar + 1 : bar;
	const char *close = pub;
	while (close < end && *close != '}')
		close++;
	bool well_formed = p < end && close < end;
	if (well_formed) {
		const char *s = knows(mask, viewer) ? secret : pub;
		const char *e = knows(mask, viewer) ? bar : close;
		while (s < e)
			qv_buf_putc(out, *s++);
	}
	return close < end ? close + 1 : end;
}

/* The length of line's mark ("@p2 ", "@chance "; core.h), 0 for none; *who says whom it
 * names (QV_RULES for none). */
static size_t line_mark(const char *line, size_t len, int *who)
{
	*who = QV_RULES;
	if (len >= 8 && memcmp(line, "@chance ", 8) == 0) {
		*who = QV_CHANCE;
		return 8;
	}
	if (len >= 4 && line[0] == '@' && line[1] == 'p' && line[2] >= '1' && line[2] <= '9' &&
	    line[3] == ' ') {
		*who = line[2] - '1';
		return 4;
	}
	return 0;
}

int qv_line_about(const char *line, size_t len)
{
	int who;
	line_mark(line, len, &who);
	return who;
}

/* The parentheses keep the name from the macro of game.h. */
void(qv_say_by)(qv_events *ev, int who, const char *fmt, ...)
{
	if (!ev)
		return;
	QV_ASSERT(who == QV_RULES || who == QV_CHANCE || (who >= 0 && who < QV_MAX_PLAYERS));
	char mark[16] = "";
	if (who == QV_CHANCE)
		qv_fmt(mark, sizeof mark, "@chance ");
	else if (who >= 0)
		qv_fmt(mark, sizeof mark, "@p%d ", who + 1);
	va_list ap;
	va_start(ap, fmt);
	qv_vsay(ev, mark, fmt, ap);
	va_end(ap);
}

bool qv_word_line(const char *line, size_t len, int viewer, qv_buf *out)
{
	qv_buf tmp = {0};
	int who;
	size_t mark = line_mark(line, len, &who);
	const char *msg = memchr(line, QV_SAY_MSG, len);
	if (msg)
		len = (size_t)(msg - line); /* the text alone */
	const char *p = line + mark, *end = line + len;
	while (p < end) {
		if (*p == '{')
			p = word_part(p + 1, end, viewer, &tmp);
		else
			qv_buf_putc(&tmp, *p++);
	}
	/* Trim, and collapse the double blanks an empty public reading leaves. */
	const char *s = qv_buf_str(&tmp);
	bool any = false, blank = false;
	for (; *s; s++) {
		if (*s == ' ') {
			blank = any;
			continue;
		}
		if (blank)
			qv_buf_putc(out, ' ');
		blank = false;
		qv_buf_putc(out, *s);
		any = true;
	}
	if (tmp.failed)
		out->failed = true; /* a line worded in part is not the line: out says so */
	qv_buf_free(&tmp);
	return any;
}

/* The arguments of a message, after its format: where each starts and ends. */
enum { MSG_ARGS = 32 };
typedef struct msg_args {
	const char *at[MSG_ARGS], *end[MSG_ARGS];
	int n;
} msg_args;

/* The mask of the secret part whose mask starts at p in a format (up to ':'): its literal
 * hexadecimal digits, or argument k's (made "{M:M|}" by the message), k the conversion's. */
static unsigned part_mask(const char *p, const msg_args *a, int k)
{
	unsigned mask = 0;
	if (*p == '%') {
		if (k >= a->n || a->at[k] == a->end[k] || a->at[k][0] != '{')
			return 0;
		p = a->at[k] + 1;
	}
	for (; *p && *p != ':' && *p != '%'; p++) {
		int c = *p;
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0)
			return 0;
		mask = mask << 4 | (unsigned)d;
	}
	return mask;
}

/* Appends format fmt (up to end) as viewer may read it: in a secret part that viewer may not
 * read, the secret's own words are left out, its conversions kept (the arguments keep their
 * places; theirs are empty for the viewer). */
static void word_format(const char *fmt, const char *end, const msg_args *a, int viewer,
                        qv_buf *out)
{
	enum { OUT, MASK, SECRET, PUBLIC } at = OUT;
	bool hide = false;
	for (int k = 0; fmt < end;) {
		if (*fmt == '%') {
			int stars, longs;
			char letter;
			size_t n = qv__say_conversion(fmt + 1, &stars, &letter, &longs);
			size_t len = n ? n + 1 : fmt + 1 < end && fmt[1] == '%' ? 2 : 1;
			if (!(hide && at == SECRET && !n))
				qv_buf_putn(out, fmt, len);
			k += n != 0;
			fmt += len;
			continue;
		}
		if (*fmt == '{') {
			at = MASK;
			hide = !knows(part_mask(fmt + 1, a, k), viewer);
		} else if (at == MASK && *fmt == ':') {
			at = SECRET;
		} else if (at == SECRET && *fmt == '|') {
			at = PUBLIC;
		} else if (*fmt == '}') {
			at = OUT;
		} else if (hide && at == SECRET) {
			fmt++; /* a secret's word */
			continue;
		}
		qv_buf_putc(out, *fmt++);
	}
}

/* The arguments of a message from p (its first separator) up to end, each after a sep. */
static void split_args(const char *p, const char *end, char sep, msg_args *a)
{
	for (a->n = 0; p < end && a->n < MSG_ARGS; a->n++) {
		a->at[a->n] = ++p;
		while (p < end && *p != sep)
			p++;
		a->end[a->n] = p;
	}
}

/* Appends a message's format (from fmt, up to the first sep or end) and its arguments after
 * it, worded for viewer: each after sep, a phrase (in a line's message) by its own format and
 * arguments, after QV_SAY_PHRASE. */
static void word_msg(const char *fmt, const char *end, char sep, int viewer, qv_buf *out)
{
	const char *fmt_end = memchr(fmt, sep, (size_t)(end - fmt));
	if (!fmt_end)
		fmt_end = end;
	msg_args a;
	split_args(fmt_end, end, sep, &a);
	/* a format without secret parts is the same for every viewer */
	if (memchr(fmt, '{', (size_t)(fmt_end - fmt)))
		word_format(fmt, fmt_end, &a, viewer, out);
	else
		qv_buf_putn(out, fmt, (size_t)(fmt_end - fmt));
	for (int k = 0; k < a.n; k++) {
		qv_buf_putc(out, sep);
		const char *p = a.at[k];
		if (sep == QV_SAY_ARG && p < a.end[k] && *p == QV_SAY_PHRASE) {
			qv_buf_putc(out, QV_SAY_PHRASE);
			word_msg(p + 1, a.end[k], QV_SAY_PART, viewer, out);
			continue;
		}
		while (p < a.end[k]) {
			const char *brace = memchr(p, '{', (size_t)(a.end[k] - p));
			if (!brace)
				brace = a.end[k];
			qv_buf_putn(out, p, (size_t)(brace - p));
			p = brace < a.end[k] ? word_part(brace + 1, a.end[k], viewer, out) : brace;
		}
	}
}

bool qv_word_message(const char *line, size_t len, int viewer, qv_buf *out)
{
	const char *msg = memchr(line, QV_SAY_MSG, len), *end = line + len;
	if (!msg)
		return false;
	/* most messages have no secret part: the same for every viewer */
	if (memchr(msg, '{', (size_t)(end - msg)))
		word_msg(msg + 1, end, QV_SAY_ARG, viewer, out);
	else
		qv_buf_putn(out, msg + 1, (size_t)(end - msg - 1));
	return !out->failed;
}
