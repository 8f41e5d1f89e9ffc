/*
 * reference.c - what each thing of Arrow Party is, for players (the descriptor's reference):
 * the 30 arrow cards with their arrows and points, the 10 item kinds with their points and
 * effect, the six dice, and the two ground cards, in the rules page's order. A name is matched
 * case-insensitively: a card id (3c, x2), a die (d8), star or skull, or an arrow value (3) for
 * the six cards of that value.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"

/* The effect of each item kind when used, as the rules page gives it, in lines of at most
 * 72 columns (each printed after four spaces). */
static const char *const item_text[AP_NKINDS] = {
    /* x2 */
    "use x2: this round your steps are twice the roll (x2 applies before\n"
    "half and minus5).",
    /* half */
    "use half: this round your steps are half the roll, rounded down (after\n"
    "x2, before minus5).",
    /* minus5 */
    "use minus5: this round your steps are the roll minus 5, at least 0\n"
    "(after x2 and half).",
    /* reverse */
    "use reverse: this round you may also go opposite to any arrow of your\n"
    "landed card.",
    /* draw */
    "use draw: draw the top card of a random non-empty arrow stack into\n"
    "your hand (after the exchanges, swaps and dice).",
    /* dice */
    "use dice d<n>: replace your die by one of another kind (d4 d6 d8 d10\n"
    "d12 d20) for this round's roll and the rest of the game.",
    /* swap */
    "use swap <player> <item>: give that player one of your items (not one\n"
    "used this round) and take one of their items at random, from their hand\n"
    "before yours arrives (nothing if they hold none). It does nothing if\n"
    "either of you uses noswap. Swaps resolve in seat order after exchanges.",
    /* noswap */
    "use noswap: from the reveal on, no item exchange involves you this\n"
    "round: a swap aimed at you does nothing, and a bump with you exchanges\n"
    "nothing either way.",
    /* nopickup */
    "use nopickup: this round you pick up no item cards on your walk (stars\n"
    "and skulls still); the items stay on the ground.",
    /* exchange */
    "use exchange <player>: you and that player trade positions at once\n"
    "(exchanges resolve first, in seat order).",
};

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
	snprintf(buf, 24, v ? "%+d point%s" : "0 points", v, v == 1 || v == -1 ? "" : "s");
	return buf;
}

static void put_arrow(int card, qv_buf *out)
{
	char c[12], p[24], like[32] = "";
	int v = ap_value(card);
	ap_card_name(card, c);
	for (int i = 0; i < AP_NARROWS; i++)
		if (i != card && ap_value(i) == v && ap_arrows[i] == ap_arrows[card]) {
			char o[12];
			ap_card_name(i, o);
			size_t len = strlen(like);
			snprintf(like + len, sizeof like - len, "%s%s", len ? " " : "", o);
		}
	qv_buf_printf(out, "%s: arrow card, value %d (%s in hand at the end), arrows %s\n", c, v,
	              points(v, p), ap_arrow_text[card]);
	qv_buf_printf(out, "    thrown, it lands turned k x 45 degrees (k = 0-7)%s%s\n",
	              like[0] ? "; like " : "", like);
}

static void put_item(int k, qv_buf *out)
{
	char p[24];
	qv_buf_printf(out, "%s: item card, %s in hand at the end (four copies)\n", ap_item_ids[k],
	              points(ap_item_points[k], p));
	put_lines(item_text[k], out);
	qv_buf_puts(out, "    A used item leaves the hand at the reveal; one use of each kind a "
	                 "round.\n");
}

static void put_die(int d, qv_buf *out)
{
	char p[24];
	int f = ap_die_faces[d];
	qv_buf_printf(out, "d%d: die, rolls 1-%d, each as likely; %s at the end\n", f, f,
	              points(ap_die_points[d], p));
	qv_buf_puts(out, d == 1 ? "    Everyone starts with a d6; the item dice changes it.\n"
	                        : "    Taken with the item dice (use dice d<n>).\n");
}

static void put_ground(bool star, qv_buf *out)
{
	if (star)
		qv_buf_puts(out, "star: ground card, +10 points at the end\n"
		                 "    Lies face up; whoever enters its cell picks it up.\n");
	else
		qv_buf_puts(out, "skull: ground card, -15 points at the end\n"
		                 "    Lies face up; whoever enters its cell picks it up (nopickup "
		                 "too).\n");
}

int ap_reference(const void *st, const char *name, qv_buf *out)
{
	(void)st;
	int n = 0;
	bool all = name == NULL;
	int value = 0;
	if (name && strlen(name) == 1 && name[0] >= '1' && name[0] <= '5')
		value = name[0] - '0';
	for (int c = 0; c < AP_NARROWS; c++) {
		char id[12];
		ap_card_name(c, id);
		if (all || (value && ap_value(c) == value) || (name && qv_streq_nocase(name, id))) {
			put_arrow(c, out);
			n++;
		}
	}
	for (int k = 0; k < AP_NKINDS; k++)
		if (all || qv_streq_nocase(name, ap_item_ids[k])) {
			put_item(k, out);
			n++;
		}
	for (int d = 0; d < AP_NDICE; d++) {
		char id[8];
		snprintf(id, sizeof id, "d%d", ap_die_faces[d]);
		if (all || qv_streq_nocase(name, id)) {
			put_die(d, out);
			n++;
		}
	}
	if (all || qv_streq_nocase(name, "star") || qv_streq_nocase(name, "stars")) {
		put_ground(true, out);
		n++;
	}
	if (all || qv_streq_nocase(name, "skull") || qv_streq_nocase(name, "skulls")) {
		put_ground(false, out);
		n++;
	}
	return n;
}
