/*
 * notation.c - Evons cells and actions as text, exactly as the rules page writes them:
 *   keep | mulligan <card>... | play <card> <cell> | cover <card> <cell> | reveal <cell> |
 *   ability <dir> [<card> | <source-cell>] | burn <cell> | next | conflict <cell> | end |
 *   coin p1 | coin p2
 * Cards are their ids (cinder-pup, block-fire), cells a column x a b c d e y and a row 0-6,
 * directions board directions (N is towards row 6). Parsing ignores case. With shuffle=true a
 * mulligan names the same action whatever the order of its cards (it is printed in card-table
 * order); with shuffle=false the order is part of the action (the cards go under the deck in
 * the order named).
 */
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"

#define FORMS                                                                                      \
	"keep, mulligan <card>..., play <card> <cell>, cover <card> <cell>, reveal <cell>, "       \
	"ability <dir> [<card>|<cell>], burn <cell>, next, conflict <cell>, end, coin p1|p2"
#define CELL_FORM "a cell is a column x, a, b, c, d, e or y and a row 0-6, e.g. c3 or x0"

/* ---- cells ---- */

static const char col_letters[EV_SIDE + 1] = "xabcdey";

void ev_cell_name(int cell, char *buf)
{
	if (cell < 0 || cell >= EV_NCELLS) {
		qv_fmt(buf, 4, "?");
		return;
	}
	buf[0] = col_letters[cell % EV_SIDE];
	buf[1] = (char)('0' + cell / EV_SIDE);
	buf[2] = '\0';
}

int ev_cell_parse(const char *text)
{
	if (!text[0] || !text[1] || text[2])
		return -1;
	const char *p = strchr(col_letters, text[0] | 0x20);
	if (!p || !*p || text[1] < '0' || text[1] > '6')
		return -1;
	return (text[1] - '0') * EV_SIDE + (int)(p - col_letters);
}

/* ---- actions ---- */

/* True when a is an action of the encoding: a known type whose argument names existing cards
 * and cells (whether it is legal now is another matter). */
static bool action_ok(const ev_state *s, qv_action a)
{
	int type = EV_TYPE(a), arg = EV_ARG(a);
	bool ok = a >= 0;
	int k = arg & 31, cell = arg >> 5;
	switch (ok ? type : 0) {
	case EV_ACT_KEEP:
	case EV_ACT_END:
	case EV_ACT_NEXT: ok = arg == 0; break;
	case EV_ACT_MULLIGAN: {
		ok = arg != 0 && arg < (1 << 25);
		bool ended = false;
		for (int f = 0; ok && f < 5; f++) {
			int x = (arg >> (5 * f)) & 31;
			if (x == 0)
				ended = true;
			else if (ended || x > ev_T(s)->nkinds)
				ok = false;
		}
		break;
	}
	case EV_ACT_PLAY:
	case EV_ACT_COVER: ok = k < ev_T(s)->nkinds && cell < EV_NCELLS; break;
	case EV_ACT_REVEAL:
	case EV_ACT_BURN:
	case EV_ACT_CONFLICT: ok = arg < EV_NCELLS; break;
	case EV_ACT_ABILITY: {
		int at = (arg >> 3) & 3, v = arg >> 5;
		ok = (at == EV_ARG_NONE && v == 0) || (at == EV_ARG_CARD && v < ev_T(s)->nkinds) ||
		     (at == EV_ARG_CELL && v < EV_NCELLS);
		break;
	}
	case EV_ACT_COIN: ok = arg <= 1; break;
	default: ok = false; break;
	}
	return ok;
}

int ev_action_to_text(const void *st, qv_action a, char *buf, size_t len)
{
	const ev_state *s = st;
	int type = EV_TYPE(a), arg = EV_ARG(a);
	char c1[4], c2[4];
	int k = arg & 31, cell = arg >> 5;
	if (!action_ok(s, a)) {
		if (len)
			buf[0] = '\0';
		return QV_EINVAL;
	}
	switch (type) {
	case EV_ACT_KEEP: return qv_fmt(buf, len, "keep");
	case EV_ACT_END: return qv_fmt(buf, len, "end");
	case EV_ACT_NEXT: return qv_fmt(buf, len, "next");
	case EV_ACT_MULLIGAN: {
		int n = qv_fmt(buf, len, "mulligan");
		for (int f = 0; f < 5; f++) {
			int x = (arg >> (5 * f)) & 31;
			if (x && n >= 0 && (size_t)n < len)
				n += qv_fmt(buf + n, len - (size_t)n, " %s",
				            ev_T(s)->kind[x - 1].id);
			else if (x)
				n += (int)strlen(ev_T(s)->kind[x - 1].id) + 1;
		}
		return n;
	}
	case EV_ACT_PLAY:
	case EV_ACT_COVER:
		ev_cell_name(cell, c1);
		return qv_fmt(buf, len, "%s %s %s", type == EV_ACT_PLAY ? "play" : "cover",
		              ev_T(s)->kind[k].id, c1);
	case EV_ACT_REVEAL:
	case EV_ACT_BURN:
	case EV_ACT_CONFLICT:
		ev_cell_name(arg, c1);
		return qv_fmt(buf, len, "%s %s",
		              type == EV_ACT_REVEAL ? "reveal"
		              : type == EV_ACT_BURN ? "burn"
		                                    : "conflict",
		              c1);
	case EV_ACT_ABILITY: {
		int at = (arg >> 3) & 3, v = arg >> 5;
		const char *d = qv_dir_names[arg & 7];
		if (at == EV_ARG_CARD)
			return qv_fmt(buf, len, "ability %s %s", d, ev_T(s)->kind[v].id);
		if (at == EV_ARG_CELL) {
			ev_cell_name(v, c2);
			return qv_fmt(buf, len, "ability %s %s", d, c2);
		}
		return qv_fmt(buf, len, "ability %s", d);
	}
	default: return qv_fmt(buf, len, "coin p%d", arg + 1);
	}
}

static qv_status parse_cell(const char *t, int *cell, qv_err *err)
{
	*cell = ev_cell_parse(t);
	if (*cell < 0)
		return qv_fail(err, QV_EINVAL, "bad cell '%.20s': " CELL_FORM, t);
	return QV_OK;
}

static qv_status parse_kind(const ev_state *s, const char *t, int *kind, qv_err *err)
{
	*kind = ev_find_kind(ev_T(s), t);
	if (*kind < 0)
		return qv_fail(err, QV_EINVAL,
		               "unknown card '%.40s': expected a card id of the card table (e.g. "
		               "cinder-pup, tide-sprite, sentry, block-fire)",
		               t);
	return QV_OK;
}

/* mulligan <card>... (tok[1..n-1]): 1 to 5 cards of the hand. */
static qv_status parse_mulligan(const void *st, char **tok, int n, qv_action *out, qv_err *err)
{
	qv_status rc;
	if (n < 2 || n > 6)
		return qv_fail(err, QV_EINVAL,
		               "expected 'mulligan <card>...' naming 1 to 5 cards of the hand, "
		               "e.g. mulligan cinder-pup block-fire");
	int kinds[5];
	for (int i = 1; i < n; i++)
		if ((rc = parse_kind(st, tok[i], &kinds[i - 1], err)))
			return rc;
	int m = n - 1;
	/* With shuffle the order cannot matter: the one action lists the cards in
	 * card-table order. Without, they go under the deck in the order named. */
	const ev_state *s = st;
	for (int i = 1; s->shuffle && i < m; i++)
		for (int j = i; j > 0 && kinds[j - 1] > kinds[j]; j--) {
			int t = kinds[j];
			kinds[j] = kinds[j - 1];
			kinds[j - 1] = t;
		}
	uint32_t arg = 0;
	for (int i = 0; i < m; i++)
		arg |= (uint32_t)(kinds[i] + 1) << (5 * i);
	*out = EV_MAKE(EV_ACT_MULLIGAN, arg);
	return QV_OK;
}

/* ability <dir> [<card>|<cell>]. */
static qv_status parse_ability(const ev_state *s, char **tok, int n, qv_action *out, qv_err *err)
{
	int k, cell;
	if (n < 2 || n > 3)
		return qv_fail(err, QV_EINVAL,
		               "expected 'ability <dir>' or 'ability <dir> <card>|<cell>', e.g. "
		               "ability N, ability NE b4, ability S block-fire");
	int d = qv_dir_parse(tok[1]);
	if (d < 0)
		return qv_fail(err, QV_EINVAL,
		               "bad direction '%.10s': expected N, NE, E, SE, S, SW, W or NW "
		               "(board directions)",
		               tok[1]);
	if (n == 2) {
		*out = EV_ABIL(d, EV_ARG_NONE, 0);
		return QV_OK;
	}
	cell = ev_cell_parse(tok[2]);
	if (cell >= 0) {
		*out = EV_ABIL(d, EV_ARG_CELL, cell);
		return QV_OK;
	}
	k = ev_find_kind(ev_T(s), tok[2]);
	if (k < 0)
		return qv_fail(
		    err, QV_EINVAL,
		    "'%.40s' is neither a card id nor a cell: ability <dir> takes a "
		    "card (Block, Growth, Resurrection) or a source cell (Magnetism; " CELL_FORM
		    ")",
		    tok[2]);
	*out = EV_ABIL(d, EV_ARG_CARD, k);
	return QV_OK;
}

qv_status ev_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err)
{
	char line[256];
	char *tok[8];
	int n;
	qv_status rc = qv_action_split(text, line, sizeof line, tok, 7, FORMS, &n, err);
	if (rc)
		return rc;
	const char *verb = tok[0];
	int k, cell;
	if (qv_streq_nocase(verb, "keep") || qv_streq_nocase(verb, "end") ||
	    qv_streq_nocase(verb, "next")) {
		if (n != 1)
			return qv_fail(err, QV_EINVAL, "'%s' takes no argument", verb);
		int type = qv_streq_nocase(verb, "keep")  ? EV_ACT_KEEP
		           : qv_streq_nocase(verb, "end") ? EV_ACT_END
		                                          : EV_ACT_NEXT;
		*out = EV_MAKE(type, 0);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "mulligan"))
		return parse_mulligan(st, tok, n, out, err);
	if (qv_streq_nocase(verb, "play") || qv_streq_nocase(verb, "cover")) {
		if (n != 3)
			return qv_fail(err, QV_EINVAL,
			               "expected '%s <card> <cell>', e.g. %s seedling c3", verb,
			               verb);
		if ((rc = parse_kind(st, tok[1], &k, err)) || (rc = parse_cell(tok[2], &cell, err)))
			return rc;
		*out = EV_MAKE(qv_streq_nocase(verb, "play") ? EV_ACT_PLAY : EV_ACT_COVER,
		               k | cell << 5);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "reveal") || qv_streq_nocase(verb, "burn") ||
	    qv_streq_nocase(verb, "conflict")) {
		if (n != 2)
			return qv_fail(err, QV_EINVAL, "expected '%s <cell>', e.g. %s c3", verb,
			               verb);
		if ((rc = parse_cell(tok[1], &cell, err)))
			return rc;
		int type = qv_streq_nocase(verb, "reveal") ? EV_ACT_REVEAL
		           : qv_streq_nocase(verb, "burn") ? EV_ACT_BURN
		                                           : EV_ACT_CONFLICT;
		*out = EV_MAKE(type, cell);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "ability"))
		return parse_ability(st, tok, n, out, err);
	if (qv_streq_nocase(verb, "coin")) {
		int p = n == 2 ? qv_player_parse(tok[1], 2) : -1;
		if (p < 0)
			return qv_fail(err, QV_EINVAL, "expected 'coin p1' or 'coin p2'");
		*out = EV_MAKE(EV_ACT_COIN, p);
		return QV_OK;
	}
	return qv_fail(err, QV_EINVAL, "unknown action '%.20s': expected one of %s", verb, FORMS);
}
