/*
 * reference.c - what each thing of Arrow Party is, for players (the descriptor's reference),
 * in the components a state plays with: the arrow cards with their arrows and points, the item
 * kinds with their points, copies and effect, the dice, and the two ground cards, in the rules
 * page's order. A name is matched case-insensitively: a card id (3c, x2), a die (d8), star or
 * skull, or an arrow value (3) for the cards of that value.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"

/* The effect of each kind of item when used, as the rules page gives it, in lines of at most
 * 72 columns with the built-in set (each printed after four spaces). In the text, {id} is the
 * item's id, {n} its parameter, {x} its parameter in words, {dice} the dice of the set,
 * {die} how a die is named (d<n> when every die is named by its faces);
 * {multiply}, {divide}, {subtract} and {noswap} name the set's first item of that effect. */
static const char *const effect_text[AP_NEFFECTS] = {
    [AP_E_MULTIPLY] = "use {id}: this round your steps are {x} the roll ({id} applies before\n"
                      "{divide} and {subtract}).",
    [AP_E_DIVIDE] = "use {id}: this round your steps are {x} the roll, rounded down (after\n"
                    "{multiply}, before {subtract}).",
    [AP_E_SUBTRACT] = "use {id}: this round your steps are the roll minus {n}, at least 0\n"
                      "(after {multiply} and {divide}).",
    [AP_E_REVERSE] = "use {id}: this round you may also go opposite to any arrow of your\n"
                     "landed card.",
    [AP_E_DRAW] = "use {id}: draw {x} of a random non-empty arrow stack into\n"
                  "your hand (after the exchanges, swaps and dice).",
    /* {dice} breaks its line before the fifth die */
    [AP_E_DICE] = "use {id} {die}: replace your die by one of another kind ({dice}) "
                  "for this round's roll and the rest of the game.",
    [AP_E_SWAP] = "use {id} <player> <item>: give that player one of your items (not one\n"
                  "used this round) and take one of their items at random, from their hand\n"
                  "before yours arrives (nothing if they hold none). It does nothing if\n"
                  "either of you uses {noswap}. Swaps resolve in seat order after exchanges.",
    [AP_E_NOSWAP] = "use {id}: from the reveal on, no item exchange involves you this\n"
                    "round: a swap aimed at you does nothing, and a bump with you exchanges\n"
                    "nothing either way.",
    [AP_E_NOPICKUP] = "use {id}: this round you pick up no item cards on your walk (stars\n"
                      "and skulls still); the items stay on the ground.",
    [AP_E_EXCHANGE] = "use {id} <player>: you and that player trade positions at once\n"
                      "(exchanges resolve first, in seat order).",
};

/* The id of the first item with effect e, or the effect's name when the set has none. */
static const char *first_of(const ap_tables *T, int e)
{
	return T->emask[e] ? T->item_id[__builtin_ctz(T->emask[e])] : ap_effect_names[e];
}

/* Whether every die is named d<faces> (the built-in set's dice). */
static bool dice_by_faces(const ap_tables *T)
{
	for (int d = 0; d < T->ndice; d++) {
		char id[16];
		qv_fmt(id, sizeof id, "d%d", T->die_faces[d]);
		if (strcmp(id, T->die_id[d]) != 0)
			return false;
	}
	return true;
}

/* Fills in effect_text for kind k. */
static void item_effect_text(const ap_tables *T, int k, char *buf, size_t len)
{
	int e = T->effect[k], n = T->param[k];
	const char *t = effect_text[e];
	size_t at = 0;
	buf[0] = '\0';
	while (*t && at < len) {
		const char *close = *t == '{' ? strchr(t, '}') : NULL;
		if (!close) {
			buf[at++] = *t++;
			buf[at < len ? at : len - 1] = '\0';
			continue;
		}
		char key[16], sub[96] = "";
		qv_fmt(key, sizeof key, "%.*s", (int)(close - t - 1), t + 1);
		if (!strcmp(key, "id"))
			qv_copy(sub, sizeof sub, T->item_id[k]);
		else if (!strcmp(key, "n"))
			qv_fmt(sub, sizeof sub, "%d", n);
		else if (!strcmp(key, "x") && e == AP_E_MULTIPLY)
			qv_fmt(sub, sizeof sub, n == 2 ? "twice" : "%d times", n);
		else if (!strcmp(key, "x") && e == AP_E_DIVIDE)
			qv_fmt(sub, sizeof sub, n == 2 ? "half" : "1/%d of", n);
		else if (!strcmp(key, "x") && e == AP_E_DRAW)
			qv_fmt(sub, sizeof sub, n == 1 ? "the top card" : "%d cards, each the top",
			       n);
		else if (!strcmp(key, "die"))
			qv_copy(sub, sizeof sub, dice_by_faces(T) ? "d<n>" : "<die>");
		else if (!strcmp(key, "dice")) {
			size_t m = 0;
			for (int d = 0; d < T->ndice && m < sizeof sub; d++)
				m += (size_t)qv_fmt(sub + m, sizeof sub - m, "%s%s",
				                    !d       ? ""
				                    : d == 4 ? "\n"
				                             : " ",
				                    T->die_id[d]);
		} else
			for (int f = 0; f < AP_NEFFECTS; f++)
				if (!strcmp(key, ap_effect_names[f]))
					qv_copy(sub, sizeof sub, first_of(T, f));
		at += (size_t)qv_fmt(buf + at, len - at, "%s", sub);
		t = close + 1;
	}
}

static void put_lines(const char *text, qv_buf *out)
{
	while (*text) {
		size_t len = strcspn(text, "\n");
		qv_buf_printf(out, "    %.*s\n", (int)len, text);
		text += len + (text[len] == '\n');
	}
}

/* Points with their sign ("+2", "-15", "0") and the word that follows. buf >= 24. */
static const char *points(int v, char *buf)
{
	qv_fmt(buf, 24, v ? "%+d point%s" : "0 points", v, v == 1 || v == -1 ? "" : "s");
	return buf;
}

static void put_arrow(const ap_tables *T, int card, qv_buf *out)
{
	char c[12], p[24], like[64] = "";
	int v = ap_value(T, card);
	ap_card_name(T, card, c);
	for (int i = 0; i < T->narrows; i++)
		if (i != card && ap_value(T, i) == v && T->arrows[i] == T->arrows[card]) {
			char o[12];
			ap_card_name(T, i, o);
			size_t len = strlen(like);
			qv_fmt(like + len, sizeof like - len, "%s%s", len ? " " : "", o);
		}
	qv_buf_printf(out, "%s: arrow card, value %d (%s in hand at the end), arrows %s\n", c, v,
	              points(v, p), T->arrow_text[card]);
	qv_buf_printf(out, "    thrown, it lands turned k x 45 degrees (k = 0-7)%s%s\n",
	              like[0] ? "; like " : "", like);
}

static void put_item(const ap_tables *T, int k, qv_buf *out)
{
	static const char *const words[] = {"no",  "one",   "two",   "three", "four", "five",
	                                    "six", "seven", "eight", "nine",  "ten"};
	char p[24], copies[16], text[640];
	int n = T->count[k];
	if (n <= 10)
		qv_fmt(copies, sizeof copies, "%s cop%s", words[n], n == 1 ? "y" : "ies");
	else
		qv_fmt(copies, sizeof copies, "%d copies", n);
	qv_buf_printf(out, "%s: item card, %s in hand at the end (%s)\n", T->item_id[k],
	              points(T->item_points[k], p), copies);
	item_effect_text(T, k, text, sizeof text);
	put_lines(text, out);
	qv_buf_puts(out, "    A used item leaves the hand at the reveal; one use of each kind a "
	                 "round.\n");
}

static void put_die(const ap_tables *T, int d, qv_buf *out)
{
	char p[24];
	int f = T->die_faces[d];
	qv_buf_printf(out, "%s: die, rolls 1-%d, each as likely; %s at the end\n", T->die_id[d], f,
	              points(T->die_points[d], p));
	int e = AP_E_DICE;
	bool item = T->emask[e] != 0;
	if (d == T->start_die)
		qv_buf_printf(out, "    Everyone starts with a %s%s%s%s.\n", T->die_id[d],
		              item ? "; the item " : "", item ? first_of(T, e) : "",
		              item ? " changes it" : "");
	else if (item)
		qv_buf_printf(out, "    Taken with the item %s (use %s %s).\n", first_of(T, e),
		              first_of(T, e), dice_by_faces(T) ? "d<n>" : "<die>");
	else
		qv_buf_puts(out, "    No item of this set changes a die to it.\n");
}

static void put_ground(const ap_tables *T, bool star, qv_buf *out)
{
	char p[24];
	if (star) {
		qv_buf_printf(out, "star: ground card, %s at the end\n", points(T->star_points, p));
		qv_buf_puts(out, "    Lies face up; whoever enters its cell picks it up.\n");
		return;
	}
	qv_buf_printf(out, "skull: ground card, %s at the end\n", points(T->skull_points, p));
	if (T->emask[AP_E_NOPICKUP])
		qv_buf_printf(out,
		              "    Lies face up; whoever enters its cell picks it up (%s too).\n",
		              first_of(T, AP_E_NOPICKUP));
	else
		qv_buf_puts(out, "    Lies face up; whoever enters its cell picks it up.\n");
}

int ap_reference(const void *st, const char *name, qv_buf *out)
{
	const ap_tables *T;
	if (st) {
		T = ap_T(st);
	} else {
		qv_err err;
		const qv_variant *v = qv_variant_base(&qv_arrow_party, &err);
		if (!v)
			return 0;
		T = v->tables;
	}
	int n = 0;
	bool all = name == NULL;
	int value = 0;
	if (name && strlen(name) == 1 && name[0] >= '1' && name[0] <= '5')
		value = name[0] - '0';
	for (int c = 0; c < T->narrows; c++) {
		char id[12];
		ap_card_name(T, c, id);
		if (all || (value && ap_value(T, c) == value) ||
		    (name && qv_streq_nocase(name, id))) {
			put_arrow(T, c, out);
			n++;
		}
	}
	for (int k = 0; k < T->nkinds; k++)
		if (all || qv_streq_nocase(name, T->item_id[k])) {
			put_item(T, k, out);
			n++;
		}
	for (int d = 0; d < T->ndice; d++)
		if (all || qv_streq_nocase(name, T->die_id[d])) {
			put_die(T, d, out);
			n++;
		}
	if (all || qv_streq_nocase(name, "star") || qv_streq_nocase(name, "stars")) {
		put_ground(T, true, out);
		n++;
	}
	if (all || qv_streq_nocase(name, "skull") || qv_streq_nocase(name, "skulls")) {
		put_ground(T, false, out);
		n++;
	}
	return n;
}
