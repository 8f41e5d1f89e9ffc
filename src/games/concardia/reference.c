/*
 * reference.c - what each ConCardia card is, for players (`quiver rules concardia`, the
 * prompt's `card <name>`): one entry per card id of the set played with, in the set's order
 * (the built-in set: the rules page's card table, each trait r, p, s). An entry gives the
 * trait and what it beats,
 * Strength, Defense, the arrows (in the owner's frame, and as they point on the board for p1
 * and for p2), the type, the card's text, its cost and how to use it. A name is matched
 * without regard to case: a card id (striker-p) gives one entry, a template (striker) or the
 * three letters the board shows (str) gives its three cards. Lines fit 80 columns.
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"

#define WIDTH 80

static const char *const arrow_glyph[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};

/* The cost of a card's ability and how it is used, by kind ('%d' stands for the ability's
 * cost, '@' for the card's id, '#' for its name; use NULL: nothing to type). */
static const struct {
	const char *cost, *use;
} usage[CC_NKINDS] = {
    [CC_AB_MOVE] = {"none", "act <its square> slide <to> (to an empty adjacent square), act <its "
                            "square> jump <to> (over an adjacent card to the empty square beyond)"},
    [CC_AB_SHOVE] = {"%d, paid one unit at a time: a card from hand or a Charge Counter",
                     "act <its square> shove <square of the card pushed> (a card of either "
                     "player; it moves one square directly away, onto an empty square)"},
    [CC_AB_SABOTAGE] = {"X = the target's Defense - 1 (at least 0), paid one unit at a time: a "
                        "card from hand or a Charge Counter; Power = X + 1 (the # "
                        "itself). The # is set aside while paying, then discarded",
                        "immediate @ <target's square>"},
    [CC_AB_CHARGE] = {"%d for the boost, paid one unit at a time: a card from hand or a Charge "
                      "Counter (its own included); charging is free",
                      "persist @, or play it; act <its square> boost, act persistent @ boost"},
    [CC_AB_SUPERIOR] = {"none (always in effect on the grid)", NULL},
    [CC_AB_SUPPORT] = {"none (always in effect on the grid)", NULL},
    [CC_AB_SAVE] = {"the # itself, discarded from hand",
                    "react @ <square>, when the engine offers it; or decline"},
};

/* Appends text word by word, wrapping at WIDTH with lines indented by `indent`; `col` is
 * the column the text starts at. Ends with a newline. */
static void put_wrapped(qv_buf *out, const char *text, int col, int indent)
{
	const char *p = text;
	bool first = true;
	while (*p) {
		size_t n = strcspn(p, " ");
		if (!first && col + 1 + (int)n > WIDTH) {
			qv_buf_putc(out, '\n');
			for (int i = 0; i < indent; i++)
				qv_buf_putc(out, ' ');
			col = indent;
			first = true;
		}
		if (!first) {
			qv_buf_putc(out, ' ');
			col++;
		}
		for (size_t i = 0; i < n; i++)
			qv_buf_putc(out, p[i]);
		col += (int)n;
		first = false;
		p += n;
		while (*p == ' ')
			p++;
	}
	qv_buf_putc(out, '\n');
}

/* Writes a usage text into buf with its cost, id and name in place of %d, @ and #. */
static void expand(const char *text, const cc_card *t, const char *id, char *buf, size_t len)
{
	size_t at = 0;
	for (const char *u = text; *u && at + 2 * (CC_ID_MAX + 1) < len; u++) {
		if (u[0] == '%' && u[1] == 'd') {
			at += (size_t)qv_fmt(buf + at, len - at, "%d", t->cost);
			u++;
		} else if (*u == '@' || *u == '#') {
			at += (size_t)qv_fmt(buf + at, len - at, "%s", *u == '@' ? id : t->name);
		} else {
			buf[at++] = *u;
		}
	}
	buf[at] = '\0';
}

/* A card's arrows, as named and as drawn on the board for each player ("  arrows N E (on the
 * board: p1 ↑→, p2 ↓←)"). */
static void put_arrows(qv_buf *out, unsigned arrows)
{
	qv_buf_puts(out, "  arrows");
	for (int d = 0; d < QV_NDIRS; d++)
		if (arrows >> d & 1)
			qv_buf_printf(out, " %s", qv_dir_names[d]);
	qv_buf_puts(out, " (on the board: p1 ");
	for (int d = 0; d < QV_NDIRS; d++)
		if (arrows >> d & 1)
			qv_buf_puts(out, arrow_glyph[d]);
	qv_buf_puts(out, ", p2 ");
	for (int d = 0; d < QV_NDIRS; d++)
		if (arrows >> d & 1)
			qv_buf_puts(out, arrow_glyph[cc_board_dir(1, d)]);
	qv_buf_puts(out, ")");
}

/* One entry: the card's id and its numbers, arrows ("no arrows" when it has none), text, cost
 * and use. */
static void put_entry(qv_buf *out, const cc_tables *T, int card)
{
	const cc_card *t = &T->cards[card];
	int tr = t->trait;
	char id[CC_ID_MAX + 1], line[320];
	cc_card_name(T, card, id);
	qv_buf_printf(out, "%s: %s %s (on the board: 1%c %s for p1, 2%c %s for p2)\n", id,
	              cc_trait_names[tr], t->name, "RPS"[tr], t -> code, "RPS"[tr], t -> code);
	qv_buf_printf(out, "  trait %s (beats %s, loses to %s) · Strength %d · Defense %d\n",
	              cc_trait_names[tr], cc_trait_names[(tr + 2) % 3],
	              cc_trait_names[(tr + 1) % 3], t->strength, t->defense);
	if (t->arrows)
		put_arrows(out, t->arrows);
	else
		qv_buf_puts(out, "  no arrows");
	qv_buf_printf(out, " · type %s\n", cc_type_names[t->type]);
	if (!*t->text) {
		qv_buf_puts(out, "  no ability; playing it costs nothing\n");
		return;
	}
	qv_buf_puts(out, "  ");
	put_wrapped(out, t->text, 2, 2);
	int k = t->kind;
	if (usage[k].cost[0] == '%' && t->cost == 0)
		qv_fmt(line, sizeof line, "none");
	else
		expand(usage[k].cost, t, id, line, sizeof line);
	qv_buf_puts(out, "  cost: ");
	put_wrapped(out, line, 8, 4);
	if (usage[k].use) {
		expand(usage[k].use, t, id, line, sizeof line);
		qv_buf_puts(out, "  use: ");
		put_wrapped(out, line, 7, 4);
	}
}

/* The built-in set's tables (NULL when memory runs out): what a reference without a state
 * describes. Here rather than in tables.c, which names nothing of the rules' descriptor. */
static const cc_tables *base_tables(void)
{
	const qv_variant *v = qv_variant_base(&qv_concardia, NULL);
	return v ? v->tables : NULL;
}

int cc_reference(const void *st, const char *name, qv_buf *out)
{
	const cc_tables *T = st ? cc_T(st) : base_tables();
	int n = 0;
	for (int card = 0; T && card < T->ncards; card++) {
		const cc_card *t = &T->cards[card];
		bool match = !name || cc_find_card(T, name) == card ||
		             qv_streq_nocase(name, t->name) || qv_streq_nocase(name, t->code);
		if (!match)
			continue;
		put_entry(out, T, card);
		n++;
	}
	return n;
}
