/*
 * reference.c - what Evons's cards and abilities are, for players: `quiver rules evons`,
 * `card <name>` at the prompt and the rules page's card reference all print these entries.
 *
 * One entry per card of the card table (its element, cost, ATK, DEF, arrows with their
 * abilities and each ability's text), then one per ability. Arrows are printed as on the card:
 * N points away from its controller, so on the board a p2 card's N arrow points S. Every line
 * fits 80 columns (the texts are wrapped at 78).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "evons.h"

/* What each ability does, as the rules page says it, with the form of its action. */
static const char *const ability_text[EV_NABILITIES] = {
    [EV_AB_NONE] =
        "A plain arrow points at the cell next to the card in its direction. When the card "
        "activates in the main zone, an opponent face-up monster it points at that points "
        "back defends its position: both deal their ATK to the other's DEF at once (damage "
        "lasts until the end of the turn; DEF 0 or less is destroyed). Opponent cards it "
        "points at that do not point back are flipped to its controller; a covered one is "
        "destroyed instead, unless Growth-placed. Every arrow, ability arrows too, does this. "
        "Arrows are printed as the card's controller sees it: N points away from them, so "
        "the N arrow of a p2 card points S on the board, and a flipped card turns round.",
    [EV_AB_REMOVE] = "Destroys the monster on the target (any controller, face up or covered). "
                     "Write: ability <dir>.",
    [EV_AB_BLOCK] =
        "Target empty: puts a block card from the hand there, face up (ability <dir> "
        "<block-card>). Target holding a block: sends it to its owner's graveyard (ability "
        "<dir>). Blocks reach the board only this way.",
    [EV_AB_FIRESTORM] =
        "Deals as many points as the card's current DEF, one `burn <cell>` each, split among "
        "opponent monsters (face up or covered) on the target and the cells orthogonally next "
        "to it; usable only if there is one. A face-up monster at DEF 0 or less is destroyed, "
        "a covered one by a single point. Points with no target left are lost. Write: ability "
        "<dir>.",
    [EV_AB_SWAP] =
        "The target holds a monster (face up or covered, any controller): it and the card "
        "exchange cells. The other card, if it is the active player's and face up, "
        "reactivates (once a turn). Write: ability <dir>.",
    [EV_AB_SHOCKWAVE] =
        "The target holds a card: pushes it one cell further in the arrow's direction. A card "
        "on the landing cell is destroyed; a card pushed off the board leaves the game. The "
        "pushed card, if the active player's and face up, reactivates (once a turn). Write: "
        "ability <dir>.",
    [EV_AB_MAGNETISM] =
        "The target is empty: moves onto it a card (not a block, not the card itself) from a "
        "cell orthogonally next to the target. The moved card, if the active player's and face "
        "up, reactivates (once a turn). Write: ability <dir> <source-cell>.",
    [EV_AB_GROWTH] =
        "The target is empty: puts a monster from the hand there face down, without paying. "
        "It is Growth-placed: flips do not affect it, and revealing it costs nothing. Write: "
        "ability <dir> <card>.",
    [EV_AB_RESURRECTION] =
        "The target is empty: puts a monster from the own graveyard there face up; its cost "
        "must fit the card's cost less what this activation already brought back. It "
        "activates at once, on top of the chain. Write: ability <dir> <card>.",
};

/* Appends text wrapped at 78 columns, every line starting with `indent` blanks. */
static void put_wrapped(qv_buf *out, const char *text, int indent)
{
	const char *p = text;
	while (*p) {
		int width = 78 - indent;
		size_t n = strlen(p), cut = n;
		if ((int)n > width) {
			cut = (size_t)width;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = (size_t)width;
		}
		qv_buf_printf(out, "%*s%.*s\n", indent, "", (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

/* The parameter of the ability on arrow d of kind k when the set gives one the rules page does
 * not ("points 3", "budget 10"), into buf; "" otherwise. */
static void param_text(const ev_tables *T, int k, int d, char *buf, size_t len)
{
	const ev_kind *c = &T->kind[k];
	buf[0] = '\0';
	if (c->ability[d] == EV_AB_FIRESTORM && c->param[d])
		qv_fmt(buf, len, c->param[d] == 1 ? "%d point" : "%d points", c->param[d]);
	else if (c->ability[d] == EV_AB_RESURRECTION && c->param[d] != c->cost)
		qv_fmt(buf, len, "budget %d", c->param[d]);
}

/* The arrows of kind k as printed, "N Magnetism, E, S, W", into buf; an ability with a
 * parameter of its own says it: "N Firestorm (3 points)". */
void ev_arrows_text(const ev_tables *T, int k, char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int d = 0; d < QV_NDIRS && at < len; d++) {
		if (!(T->kind[k].arrows >> d & 1))
			continue;
		int ab = T->kind[k].ability[d];
		char param[24];
		param_text(T, k, d, param, sizeof param);
		at += (size_t)qv_fmt(buf + at, len - at, "%s%s%s%s%s%s%s", at ? ", " : "",
		                     qv_dir_names[d], ab ? " " : "", ab ? ev_ability_names[ab] : "",
		                     *param ? " (" : "", param, *param ? ")" : "");
	}
}

static void put_card(const ev_tables *T, qv_buf *out, int k)
{
	const ev_kind *c = &T->kind[k];
	if (ev_is_block(T, k)) {
		qv_buf_printf(out, "%s: %s block\n", c->id, ev_element_names[c->element]);
		put_wrapped(
		    out,
		    "No cost, ATK, DEF or arrows. It reaches the board only through a Block "
		    "ability, face up (it cannot be played, covered or revealed), and stays "
		    "until an ability removes it. It fills a cell; arrows pointing at it do "
		    "nothing in conflicts and flips.",
		    2);
		return;
	}
	char arrows[128];
	ev_arrows_text(T, k, arrows, sizeof arrows);
	qv_buf_printf(out, "%s: %s monster, cost %d, ATK %d, DEF %d\n", c->id,
	              ev_element_names[c->element], c->cost, c->atk, c->def);
	qv_buf_printf(out, "  arrows: %s\n", arrows);
	bool said[EV_NABILITIES] = {false};
	for (int d = 0; d < QV_NDIRS; d++) {
		int ab = T->kind[k].ability[d];
		if (!(c->arrows >> d & 1) || !ab || said[ab])
			continue;
		said[ab] = true;
		char line[1024];
		qv_fmt(line, sizeof line, "%s: %s", ev_ability_names[ab], ability_text[ab]);
		put_wrapped(out, line, 2);
	}
	for (int d = 0; d < QV_NDIRS; d++) {
		char param[24], line[160];
		param_text(T, k, d, param, sizeof param);
		if (!(c->arrows >> d & 1) || !*param)
			continue;
		if (c->ability[d] == EV_AB_FIRESTORM)
			qv_fmt(
			    line, sizeof line,
			    c->param[d] == 1
			        ? "The %s arrow's Firestorm deals %d point, whatever the card's DEF."
			        : "The %s arrow's Firestorm deals %d points, whatever the card's DEF.",
			    qv_dir_names[d], c->param[d]);
		else
			qv_fmt(line, sizeof line,
			       "The %s arrow's Resurrection may bring back costs up to %d, not the "
			       "card's cost.",
			       qv_dir_names[d], c->param[d]);
		put_wrapped(out, line, 2);
	}
}

static void put_ability(const ev_tables *T, qv_buf *out, int ab)
{
	char who[512];
	size_t at = 0;
	who[0] = '\0';
	for (int k = 0; k < T->nmonsters; k++) {
		bool has = false;
		for (int d = 0; d < QV_NDIRS; d++)
			has |= (T->kind[k].arrows >> d & 1) && T->kind[k].ability[d] == ab;
		if (ab == EV_AB_NONE)
			has = T->kind[k].arrows != 0;
		if (has && ab != EV_AB_NONE && at < sizeof who)
			at += (size_t)qv_fmt(who + at, sizeof who - at, "%s%s", at ? ", " : "",
			                     T->kind[k].id);
	}
	if (ab == EV_AB_NONE)
		qv_buf_printf(out, "%s: a plain arrow (every card's arrows act this way)\n",
		              ev_ability_names[ab]);
	else
		qv_buf_printf(out, "%s: an ability arrow (a double arrow on the board, ⇑)\n",
		              ev_ability_names[ab]);
	put_wrapped(out, ability_text[ab], 2);
	if (at) {
		char line[600];
		qv_fmt(line, sizeof line, "On: %s.", who);
		put_wrapped(out, line, 2);
	}
}

/* Whether the first n characters of a and b are equal, ignoring case. */
static bool prefix_nocase(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!a[i] || !b[i] || tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
			return false;
	return true;
}

/* Whether query names card k: its id, a word of its id (`titan`, `queen`), its code in the
 * diagrams (`coil`, `warden`), the compact diagram's four letters of it (`ward`) or the first
 * four letters of its id (`stor`). */
static bool names_card(const ev_tables *T, const char *q, int k)
{
	const char *id = T->kind[k].id;
	if (qv_streq_nocase(q, id) || (!ev_is_block(T, k) && qv_streq_nocase(q, T->kind[k].code)))
		return true;
	size_t n = strlen(q);
	if (n == 4 && !ev_is_block(T, k) &&
	    (prefix_nocase(q, id, 4) || prefix_nocase(q, T->kind[k].code, 4)))
		return true;
	for (const char *w = id; *w;) {
		size_t len = strcspn(w, "-");
		if (len == n && prefix_nocase(q, w, n))
			return true;
		w += len + (w[len] == '-');
	}
	return false;
}

/* The built-in set's tables (NULL when memory runs out): what a reference without a state
 * describes. Here rather than in tables.c, which names nothing of the rules' descriptor. */
static const ev_tables *base_tables(void)
{
	const qv_variant *v = qv_variant_base(&qv_evons, NULL);
	return v ? v->tables : NULL;
}

/* The entries: the cards of st's components (the built-in set's when st is NULL) in card-table
 * order, then the abilities. An exact card id or
 * ability name prints that entry alone; otherwise every card whose id has the query as a word
 * or whose diagram code it is. */
int ev_reference(const void *st, const char *name, qv_buf *out)
{
	const ev_tables *T = st ? ev_T(st) : base_tables();
	int n = 0;
	if (!T)
		return 0;
	if (!name) {
		for (int k = 0; k < T->nkinds; k++, n++)
			put_card(T, out, k);
		for (int ab = 0; ab < EV_NABILITIES; ab++, n++)
			put_ability(T, out, ab);
		return n;
	}
	while (*name == ' ')
		name++;
	int k = ev_find_kind(T, name);
	if (k >= 0) {
		put_card(T, out, k);
		return 1;
	}
	for (int ab = 0; ab < EV_NABILITIES; ab++)
		if (qv_streq_nocase(name, ev_ability_names[ab])) {
			put_ability(T, out, ab);
			return 1;
		}
	for (k = 0; k < T->nkinds; k++)
		if (names_card(T, name, k)) {
			put_card(T, out, k);
			n++;
		}
	return n;
}
