/*
 * notation.c - Arrow Party actions as text, exactly as the rules page writes them:
 *   use <item> | use dice <die> | use swap <player> <item> | use exchange <player> | ready |
 *   throw <card> | go <dir> | land <k> | roll <n> | give <item|none> <item|none> |
 *   take <item> | stack <value>
 * Cards and dice are their ids in the components (1a..5f, x2, half, ..., d4..d20 in the
 * built-in set), players p1..p5, directions N..NW. quiver prints ids as the components write
 * them (directions upper case) and reads any case.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"

void ap_card_name(const ap_tables *T, int card, char *buf)
{
	if (ap_is_item(card) && ap_kind(card) < T->nkinds)
		qv_copy(buf, 12, T->item_id[ap_kind(card)]);
	else if (card >= 0 && card < T->narrows)
		qv_copy(buf, 12, T->arrow_id[card]);
	else
		qv_fmt(buf, 12, "?");
}

int ap_find_item(const ap_tables *T, const char *text)
{
	for (int k = 0; k < T->nkinds; k++)
		if (qv_streq_nocase(text, T->item_id[k]))
			return k;
	return -1;
}

int ap_find_card(const ap_tables *T, const char *text)
{
	int k = ap_find_item(T, text);
	if (k >= 0)
		return AP_NARROWS + k;
	for (int c = 0; c < T->narrows; c++)
		if (qv_streq_nocase(text, T->arrow_id[c]))
			return c;
	return -1;
}

int ap_find_die(const ap_tables *T, const char *text)
{
	for (int d = 0; d < T->ndice; d++)
		if (qv_streq_nocase(text, T->die_id[d]))
			return d;
	return -1;
}

/* The ids of the item kinds, or of the dice, joined by ", " (the last by " or " with `or`)
 * into buf. */
static const char *id_list(const ap_tables *T, bool dice, bool use_or, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	int count = dice ? T->ndice : T->nkinds;
	for (int i = 0; i < count && n < len; i++)
		n += (size_t)qv_fmt(buf + n, len - n, "%s%s",
		                    !i                         ? ""
		                    : use_or && i == count - 1 ? " or "
		                                               : ", ",
		                    dice ? T->die_id[i] : T->item_id[i]);
	return buf;
}

void ap_cell_name(const ap_state *s, int cell, char *buf)
{
	qv_sq_name(cell % s->size, cell / s->size, buf);
}

void ap_use_text(const ap_tables *T, const ap_player *pl, int kind, char *buf, size_t len)
{
	const char *id = T->item_id[kind];
	switch (T->effect[kind]) {
	case AP_E_DICE: qv_fmt(buf, len, "%s %s", id, T->die_id[pl->dice_to % T->ndice]); break;
	case AP_E_SWAP:
		qv_fmt(buf, len, "%s p%d %s", id, pl->swap_target + 1,
		       T->item_id[pl->swap_item % T->nkinds]);
		break;
	case AP_E_EXCHANGE: qv_fmt(buf, len, "%s p%d", id, pl->exch_target + 1); break;
	default: qv_copy(buf, len, id); break;
	}
}

static int fail_text(char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	return QV_EINVAL;
}

static const char *give_name(const ap_tables *T, int g) { return g ? T->item_id[g - 1] : "none"; }

/* v (0 to 99) in decimal, in b (3 bytes). */
static const char *num(char *b, int v)
{
	char *at = b;
	if (v >= 10)
		*at++ = (char)('0' + v / 10);
	*at++ = (char)('0' + v % 10);
	*at = '\0';
	return b;
}

/* A use as text: "use <item>" and what it names (a die, a player, a player and an item). */
static int use_text(const ap_state *s, int arg, char *buf, size_t len)
{
	const ap_tables *T = ap_T(s);
	int k = arg & 15, x = arg >> 4 & 15, y = arg >> 8 & 15;
	if (k >= T->nkinds || arg >> 12)
		return fail_text(buf, len);
	int e = T->effect[k];
	const char *id = T->item_id[k];
	if (e == AP_E_DICE && x < T->ndice && !y)
		return qv_join(buf, len, 3, (const char *[]){"use", id, T->die_id[x]});
	if (e == AP_E_SWAP && x < s->nplayers && y < T->nkinds)
		return qv_join(buf, len, 4,
		               (const char *[]){"use", id, (char[]){'p', (char)('1' + x), '\0'},
		                                T->item_id[y]});
	if (e == AP_E_EXCHANGE && x < s->nplayers && !y)
		return qv_join(buf, len, 3,
		               (const char *[]){"use", id, (char[]){'p', (char)('1' + x), '\0'}});
	if (e != AP_E_DICE && e != AP_E_SWAP && e != AP_E_EXCHANGE && !x && !y)
		return qv_join(buf, len, 2, (const char *[]){"use", id});
	return fail_text(buf, len);
}

int ap_action_to_text(const void *st, qv_action a, char *buf, size_t len)
{
	const ap_state *s = st;
	const ap_tables *T = ap_T(s);
	int type = AP_TYPE(a), arg = AP_ARG(a);
	if (a < 0)
		return fail_text(buf, len);
	switch (type) {
	case AP_ACT_USE: return use_text(s, arg, buf, len);
	case AP_ACT_READY:
		return arg ? fail_text(buf, len) : qv_join(buf, len, 1, (const char *[]){"ready"});
	case AP_ACT_THROW: {
		if (arg >= T->narrows)
			return fail_text(buf, len);
		char c[12];
		ap_card_name(T, arg, c);
		return qv_join(buf, len, 2, (const char *[]){"throw", c});
	}
	case AP_ACT_GO:
		if (arg >= QV_NDIRS)
			return fail_text(buf, len);
		return qv_join(buf, len, 2, (const char *[]){"go", qv_dir_names[arg]});
	case AP_ACT_LAND:
		return arg < 8
		           ? qv_join(buf, len, 2, (const char *[]){"land", num((char[3]){0}, arg)})
		           : fail_text(buf, len);
	case AP_ACT_ROLL:
		return arg >= 1 && arg <= 20
		           ? qv_join(buf, len, 2, (const char *[]){"roll", num((char[3]){0}, arg)})
		           : fail_text(buf, len);
	case AP_ACT_GIVE: {
		int x = arg & 15, y = arg >> 4 & 15;
		if (x > T->nkinds || y > T->nkinds || arg >> 8)
			return fail_text(buf, len);
		return qv_join(buf, len, 3,
		               (const char *[]){"give", give_name(T, x), give_name(T, y)});
	}
	case AP_ACT_TAKE:
		return arg < T->nkinds
		           ? qv_join(buf, len, 2, (const char *[]){"take", T->item_id[arg]})
		           : fail_text(buf, len);
	case AP_ACT_STACK:
		return arg >= 1 && arg <= AP_NVALUES
		           ? qv_join(buf, len, 2, (const char *[]){"stack", num((char[3]){0}, arg)})
		           : fail_text(buf, len);
	default: return fail_text(buf, len);
	}
}

static qv_status parse_item(const ap_tables *T, const char *t, const char *what, int *k,
                            qv_err *err)
{
	*k = ap_find_item(T, t);
	char list[AP_NKINDS * (AP_ID_MAX + 2) + 1];
	if (*k < 0)
		return qv_fail(err, QV_EINVAL, "unknown item '%.20s' in %s (items: %s)", t, what,
		               id_list(T, false, false, list, sizeof list));
	return QV_OK;
}

static qv_status parse_player(const ap_state *s, const char *t, const char *what, int *p,
                              qv_err *err)
{
	*p = qv_player_parse(t, s->nplayers);
	if (*p < 0)
		return qv_fail(err, QV_EINVAL,
		               "'%.20s' is not a player of this game in %s (p1-p%d)", t, what,
		               s->nplayers);
	return QV_OK;
}

static qv_status parse_use(const ap_state *s, char **tok, int n, qv_action *out, qv_err *err)
{
	static const char *form =
	    "use <item>, use dice <die>, use swap <player> <item> or use exchange <player>";
	if (n < 2)
		return qv_fail(err, QV_EINVAL, "expected %s", form);
	const ap_tables *T = ap_T(s);
	int k, x = 0, y = 0;
	qv_status rc = parse_item(T, tok[1], "use", &k, err);
	if (rc)
		return rc;
	int e = T->effect[k];
	const char *id = T->item_id[k];
	char dice[AP_NDICE * (AP_ID_MAX + 2) + 1], what[AP_ID_MAX + 8];
	qv_fmt(what, sizeof what, "use %s", id);
	int want = e == AP_E_DICE ? 3 : e == AP_E_SWAP ? 4 : e == AP_E_EXCHANGE ? 3 : 2;
	if (n != want) {
		if (e == AP_E_DICE)
			return qv_fail(err, QV_EINVAL, "expected use %s <die> (%s)", id,
			               id_list(T, true, true, dice, sizeof dice));
		if (e == AP_E_SWAP)
			return qv_fail(err, QV_EINVAL,
			               "expected use %s <player> <item> (e.g. use %s p3 %s)", id,
			               id, T->item_id[0]);
		if (e == AP_E_EXCHANGE)
			return qv_fail(err, QV_EINVAL, "expected use %s <player> (e.g. use %s p2)",
			               id, id);
		return qv_fail(err, QV_EINVAL, "use %s takes no argument", id);
	}
	if (e == AP_E_DICE) {
		x = ap_find_die(T, tok[2]);
		if (x < 0)
			return qv_fail(err, QV_EINVAL, "unknown die '%.20s' (dice: %s)", tok[2],
			               id_list(T, true, false, dice, sizeof dice));
	} else if (e == AP_E_SWAP) {
		if ((rc = parse_player(s, tok[2], what, &x, err)) ||
		    (rc = parse_item(T, tok[3], what, &y, err)))
			return rc;
	} else if (e == AP_E_EXCHANGE) {
		if ((rc = parse_player(s, tok[2], what, &x, err)))
			return rc;
	}
	*out = AP_MAKE(AP_ACT_USE, k | x << 4 | y << 8);
	return QV_OK;
}

static qv_status parse_number(const char *t, long lo, long hi, const char *what, long *v,
                              qv_err *err)
{
	if (!qv_parse_long(t, v) || *v < lo || *v > hi)
		return qv_fail(err, QV_EINVAL, "%s takes a number %ld-%ld, not '%.20s'", what, lo,
		               hi, t);
	return QV_OK;
}

/* throw <card>: an arrow card. */
static qv_status parse_throw(const ap_tables *T, char **tok, int n, qv_action *out, qv_err *err)
{
	const char *first = T->arrow_id[0], *last = T->arrow_id[T->narrows - 1];
	if (n != 2)
		return qv_fail(err, QV_EINVAL, "expected throw <card> (an arrow card %s-%s)", first,
		               last);
	int c = ap_find_card(T, tok[1]);
	if (c < 0)
		return qv_fail(err, QV_EINVAL,
		               "unknown card '%.20s' (arrow cards are %s-%s, %s-%s, ..., %s-%s)",
		               tok[1], first, T->arrow_id[T->nvalue[0] - 1],
		               T->arrow_id[T->first[1]],
		               T->arrow_id[T->first[1] + T->nvalue[1] - 1],
		               T->arrow_id[T->first[AP_NVALUES - 1]], last);
	if (ap_is_item(c))
		return qv_fail(err, QV_EINVAL,
		               "%s is an item card: throw takes an arrow card (%s-%s)", tok[1],
		               first, last);
	*out = AP_MAKE(AP_ACT_THROW, c);
	return QV_OK;
}

/* go <dir>. */
static qv_status parse_go(char **tok, int n, qv_action *out, qv_err *err)
{
	if (n != 2)
		return qv_fail(err, QV_EINVAL,
		               "expected go <dir> with a direction N, NE, E, SE, S, SW, W or NW");
	int d = qv_dir_parse(tok[1]);
	if (d < 0)
		return qv_fail(err, QV_EINVAL,
		               "unknown direction '%.20s' (expected go <dir> with N, NE, E, SE, S, "
		               "SW, W or NW)",
		               tok[1]);
	*out = AP_MAKE(AP_ACT_GO, d);
	return QV_OK;
}

/* land <k>, roll <n> or stack <value>: a chance outcome named by its number. */
static qv_status parse_numbered(char **tok, int n, qv_action *out, qv_err *err)
{
	const char *w = tok[0];
	long v;
	qv_status rc;
	bool land = qv_streq_nocase(w, "land"), roll = qv_streq_nocase(w, "roll");
	if (n != 2)
		return qv_fail(err, QV_EINVAL, "expected %s <%s>",
		               land   ? "land"
		               : roll ? "roll"
		                      : "stack",
		               land   ? "k, 0-7"
		               : roll ? "n, 1-20"
		                      : "value, 1-5");
	if ((rc = parse_number(tok[1], land ? 0 : 1,
	                       land   ? 7
	                       : roll ? 20
	                              : 5,
	                       land   ? "land"
	                       : roll ? "roll"
	                              : "stack",
	                       &v, err)))
		return rc;
	*out = AP_MAKE(land ? AP_ACT_LAND : roll ? AP_ACT_ROLL : AP_ACT_STACK, (int)v);
	return QV_OK;
}

/* give <item|none> <item|none>: what each of the bump's pair gives. */
static qv_status parse_give(const ap_tables *T, char **tok, int n, qv_action *out, qv_err *err)
{
	qv_status rc;
	if (n != 3)
		return qv_fail(err, QV_EINVAL, "expected give <item|none> <item|none>");
	int g[2];
	for (int i = 0; i < 2; i++) {
		if (qv_streq_nocase(tok[1 + i], "none")) {
			g[i] = 0;
			continue;
		}
		if ((rc = parse_item(T, tok[1 + i], "give (or none)", &g[i], err)))
			return rc;
		g[i]++;
	}
	*out = AP_MAKE(AP_ACT_GIVE, g[0] | g[1] << 4);
	return QV_OK;
}

qv_status ap_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err)
{
	const ap_state *s = st;
	char line[128];
	char *tok[6];
	static const char *forms =
	    "use <item> [args], ready, throw <card>, go <dir>; chance: land <k>, roll <n>, "
	    "give <item|none> <item|none>, take <item>, stack <value>";
	int n;
	qv_status rc = qv_action_split(text, line, sizeof line, tok, 5, forms, &n, err);
	if (rc)
		return rc;
	if (n > 5)
		return qv_fail(err, QV_EINVAL, "expected %s", forms);
	const char *w = tok[0];
	if (qv_streq_nocase(w, "use"))
		return parse_use(s, tok, n, out, err);
	if (qv_streq_nocase(w, "ready")) {
		if (n != 1)
			return qv_fail(err, QV_EINVAL, "ready takes no argument");
		*out = AP_MAKE(AP_ACT_READY, 0);
		return QV_OK;
	}
	if (qv_streq_nocase(w, "throw"))
		return parse_throw(ap_T(s), tok, n, out, err);
	if (qv_streq_nocase(w, "go"))
		return parse_go(tok, n, out, err);
	if (qv_streq_nocase(w, "land") || qv_streq_nocase(w, "roll") || qv_streq_nocase(w, "stack"))
		return parse_numbered(tok, n, out, err);
	if (qv_streq_nocase(w, "take")) {
		int k;
		if (n != 2)
			return qv_fail(err, QV_EINVAL, "expected take <item>");
		if ((rc = parse_item(ap_T(s), tok[1], "take", &k, err)))
			return rc;
		*out = AP_MAKE(AP_ACT_TAKE, k);
		return QV_OK;
	}
	if (qv_streq_nocase(w, "give"))
		return parse_give(ap_T(s), tok, n, out, err);
	return qv_fail(err, QV_EINVAL, "unknown action '%.20s' (expected %s)", w, forms);
}
