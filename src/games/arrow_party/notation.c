/*
 * notation.c - Arrow Party actions as text, exactly as the rules page writes them:
 *   use <item> | use dice <die> | use swap <player> <item> | use exchange <player> | ready |
 *   throw <card> | go <dir> | land <k> | roll <n> | give <item|none> <item|none> |
 *   take <item> | stack <value>
 * Cards are ids (1a..5f, x2, half, ...), players p1..p5, dice d4..d20, directions N..NW.
 * quiver prints lower case (directions upper case) and reads any case.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"

void ap_card_name(int card, char *buf)
{
	if (card < 0 || card >= AP_NCARDS)
		snprintf(buf, 12, "?");
	else if (ap_is_item(card))
		qv_copy(buf, 12, ap_item_ids[ap_kind(card)]);
	else
		snprintf(buf, 12, "%d%c", ap_value(card), 'a' + card % 6);
}

int ap_find_item(const char *text)
{
	for (int k = 0; k < AP_NKINDS; k++)
		if (qv_streq_nocase(text, ap_item_ids[k]))
			return k;
	return -1;
}

int ap_find_card(const char *text)
{
	int k = ap_find_item(text);
	if (k >= 0)
		return AP_NARROWS + k;
	if (strlen(text) == 2 && text[0] >= '1' && text[0] <= '5') {
		int letter = (text[1] | 0x20) - 'a';
		if (letter >= 0 && letter < 6)
			return (text[0] - '1') * 6 + letter;
	}
	return -1;
}

int ap_find_die(const char *text)
{
	if ((text[0] | 0x20) != 'd')
		return -1;
	long n;
	if (!qv_parse_long(text + 1, &n))
		return -1;
	for (int d = 0; d < AP_NDICE; d++)
		if (ap_die_faces[d] == n)
			return d;
	return -1;
}

void ap_cell_name(const ap_state *s, int cell, char *buf)
{
	qv_sq_name(cell % s->size, cell / s->size, buf);
}

void ap_use_text(const ap_player *pl, int kind, char *buf, size_t len)
{
	switch (kind) {
	case AP_DICE: snprintf(buf, len, "dice d%d", ap_die_faces[pl->dice_to % AP_NDICE]); break;
	case AP_SWAP:
		snprintf(buf, len, "swap p%d %s", pl->swap_target + 1,
		         ap_item_ids[pl->swap_item % AP_NKINDS]);
		break;
	case AP_EXCHANGE: snprintf(buf, len, "exchange p%d", pl->exch_target + 1); break;
	default: qv_copy(buf, len, ap_item_ids[kind]); break;
	}
}

static int fail_text(char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	return QV_EINVAL;
}

static const char *give_name(int g) { return g ? ap_item_ids[g - 1] : "none"; }

int ap_action_to_text(const void *st, qv_action a, char *buf, size_t len)
{
	const ap_state *s = st;
	int type = AP_TYPE(a), arg = AP_ARG(a);
	if (a < 0)
		return fail_text(buf, len);
	switch (type) {
	case AP_ACT_USE: {
		int k = arg & 15, x = arg >> 4 & 15, y = arg >> 8 & 15;
		if (k >= AP_NKINDS || arg >> 12)
			return fail_text(buf, len);
		if (k == AP_DICE && x < AP_NDICE && !y)
			return snprintf(buf, len, "use dice d%d", ap_die_faces[x]);
		if (k == AP_SWAP && x < s->nplayers && y < AP_NKINDS)
			return snprintf(buf, len, "use swap p%d %s", x + 1, ap_item_ids[y]);
		if (k == AP_EXCHANGE && x < s->nplayers && !y)
			return snprintf(buf, len, "use exchange p%d", x + 1);
		if (k != AP_DICE && k != AP_SWAP && k != AP_EXCHANGE && !x && !y)
			return snprintf(buf, len, "use %s", ap_item_ids[k]);
		return fail_text(buf, len);
	}
	case AP_ACT_READY: return arg ? fail_text(buf, len) : snprintf(buf, len, "ready");
	case AP_ACT_THROW: {
		if (arg >= AP_NARROWS)
			return fail_text(buf, len);
		char c[12];
		ap_card_name(arg, c);
		return snprintf(buf, len, "throw %s", c);
	}
	case AP_ACT_GO:
		if (arg >= QV_NDIRS)
			return fail_text(buf, len);
		return snprintf(buf, len, "go %s", qv_dir_names[arg]);
	case AP_ACT_LAND: return arg < 8 ? snprintf(buf, len, "land %d", arg) : fail_text(buf, len);
	case AP_ACT_ROLL:
		return arg >= 1 && arg <= 20 ? snprintf(buf, len, "roll %d", arg)
		                             : fail_text(buf, len);
	case AP_ACT_GIVE: {
		int x = arg & 15, y = arg >> 4 & 15;
		if (x > AP_NKINDS || y > AP_NKINDS || arg >> 8)
			return fail_text(buf, len);
		return snprintf(buf, len, "give %s %s", give_name(x), give_name(y));
	}
	case AP_ACT_TAKE:
		return arg < AP_NKINDS ? snprintf(buf, len, "take %s", ap_item_ids[arg])
		                       : fail_text(buf, len);
	case AP_ACT_STACK:
		return arg >= 1 && arg <= AP_NVALUES ? snprintf(buf, len, "stack %d", arg)
		                                     : fail_text(buf, len);
	default: return fail_text(buf, len);
	}
}

#define ITEM_LIST "x2, half, minus5, reverse, draw, dice, swap, noswap, nopickup, exchange"

static qv_status parse_item(const char *t, const char *what, int *k, qv_err *err)
{
	*k = ap_find_item(t);
	if (*k < 0)
		return qv_fail(err, QV_EINVAL, "unknown item '%.20s' in %s (items: " ITEM_LIST ")",
		               t, what);
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
	int k, x = 0, y = 0;
	qv_status rc = parse_item(tok[1], "use", &k, err);
	if (rc)
		return rc;
	int want = k == AP_DICE ? 3 : k == AP_SWAP ? 4 : k == AP_EXCHANGE ? 3 : 2;
	if (n != want) {
		if (k == AP_DICE)
			return qv_fail(err, QV_EINVAL,
			               "expected use dice <die> (d4, d6, d8, d10, d12 or d20)");
		if (k == AP_SWAP)
			return qv_fail(err, QV_EINVAL,
			               "expected use swap <player> <item> (e.g. use swap p3 x2)");
		if (k == AP_EXCHANGE)
			return qv_fail(err, QV_EINVAL,
			               "expected use exchange <player> (e.g. use exchange p2)");
		return qv_fail(err, QV_EINVAL, "use %s takes no argument", ap_item_ids[k]);
	}
	if (k == AP_DICE) {
		x = ap_find_die(tok[2]);
		if (x < 0)
			return qv_fail(err, QV_EINVAL,
			               "unknown die '%.20s' (dice: d4, d6, d8, d10, d12, d20)",
			               tok[2]);
	} else if (k == AP_SWAP) {
		if ((rc = parse_player(s, tok[2], "use swap", &x, err)) ||
		    (rc = parse_item(tok[3], "use swap", &y, err)))
			return rc;
	} else if (k == AP_EXCHANGE) {
		if ((rc = parse_player(s, tok[2], "use exchange", &x, err)))
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
static qv_status parse_throw(char **tok, int n, qv_action *out, qv_err *err)
{
	if (n != 2)
		return qv_fail(err, QV_EINVAL, "expected throw <card> (an arrow card 1a-5f)");
	int c = ap_find_card(tok[1]);
	if (c < 0)
		return qv_fail(err, QV_EINVAL,
		               "unknown card '%.20s' (arrow cards are 1a-1f, 2a-2f, ..., 5a-5f)",
		               tok[1]);
	if (ap_is_item(c))
		return qv_fail(err, QV_EINVAL,
		               "%s is an item card: throw takes an arrow card (1a-5f)", tok[1]);
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
	long v;
	if (qv_streq_nocase(w, "use"))
		return parse_use(s, tok, n, out, err);
	if (qv_streq_nocase(w, "ready")) {
		if (n != 1)
			return qv_fail(err, QV_EINVAL, "ready takes no argument");
		*out = AP_MAKE(AP_ACT_READY, 0);
		return QV_OK;
	}
	if (qv_streq_nocase(w, "throw"))
		return parse_throw(tok, n, out, err);
	if (qv_streq_nocase(w, "go"))
		return parse_go(tok, n, out, err);
	if (qv_streq_nocase(w, "land") || qv_streq_nocase(w, "roll") ||
	    qv_streq_nocase(w, "stack")) {
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
	if (qv_streq_nocase(w, "take")) {
		int k;
		if (n != 2)
			return qv_fail(err, QV_EINVAL, "expected take <item>");
		if ((rc = parse_item(tok[1], "take", &k, err)))
			return rc;
		*out = AP_MAKE(AP_ACT_TAKE, k);
		return QV_OK;
	}
	if (qv_streq_nocase(w, "give")) {
		if (n != 3)
			return qv_fail(err, QV_EINVAL, "expected give <item|none> <item|none>");
		int g[2];
		for (int i = 0; i < 2; i++) {
			if (qv_streq_nocase(tok[1 + i], "none")) {
				g[i] = 0;
				continue;
			}
			if ((rc = parse_item(tok[1 + i], "give (or none)", &g[i], err)))
				return rc;
			g[i]++;
		}
		*out = AP_MAKE(AP_ACT_GIVE, g[0] | g[1] << 4);
		return QV_OK;
	}
	return qv_fail(err, QV_EINVAL, "unknown action '%.20s' (expected %s)", w, forms);
}
