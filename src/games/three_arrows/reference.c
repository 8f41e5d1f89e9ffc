/*
 * reference.c - what each thing of THREE ARROWS is, for players (the descriptor's reference;
 * `piece <code>` at the prompt of `quiver play`): the piece kinds in notation order, each
 * with its copies, its arrows relative to its facing and where they point in each facing, then
 * the holder, covers, shields, bonus pieces and the die, all read from the components the
 * state plays with (tables.c). A name is matched without regard to case: a piece's letter (A) or
 * name (Angle), a code as the board shows it (1A, 2y; 1? is a covered piece), or a thing's name
 * (cover, shield, bonus, die, holder, in the singular or the plural). The texts are broken by hand
 * to read well with the built-in set; a line that a variant's names or numbers make longer
 * than 80 columns is broken again (put_lines).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "three_arrows.h"

/* Directions relative to a piece's facing, clockwise from straight ahead. */
static const char *const relative_names[QV_NDIRS] = {
    "ahead", "ahead-right", "right", "behind-right", "behind", "behind-left", "left", "ahead-left"};
static const char *const dir_glyphs[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};

/* The other things, in the order the rules page introduces them: the names each answers to
 * (the first is the entry's), and its text, written by put_thing from the components. */
static const char *const things[][3] = {
    {"holder", "holders", NULL},
    {"cover", "covers", "covered"},
    {"shield", "shields", "shielded"},
    {"bonus", "bonus-piece", "bonus-pieces"},
    {"die", "dice", NULL},
};
#define NTHINGS ((int)(sizeof things / sizeof things[0]))

/* Columns taken by UTF-8 text whose characters are all one column wide. */
static int columns(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* The same of its first len bytes. */
static int columns_n(const char *s, size_t len)
{
	int n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

/* Appends text, its lines after the first indented by 4 spaces. A line longer than 80
 * columns (a variant's long name, say) is broken at its last space that fits, and what is
 * left of it goes to the front of the next line, so that the paragraph flows on from there;
 * the built-in set's texts are broken by hand and never need it. */
static void put_lines(const char *text, qv_buf *out)
{
	const char *indent = "";
	qv_buf cur = {0};
	while (*text) {
		size_t len = strcspn(text, "\n");
		if (cur.len)
			qv_buf_putc(&cur, ' ');
		qv_buf_printf(&cur, "%.*s", (int)len, text);
		text += len + (text[len] == '\n');
		const char *line = qv_buf_str(&cur);
		size_t n = strlen(line);
		int room = 80 - (int)strlen(indent);
		while (columns_n(line, n) > room) {
			size_t cut = n;
			while (cut > 0 && (line[cut] != ' ' || columns_n(line, cut) > room))
				cut--;
			if (cut == 0)
				break; /* one word longer than a line */
			qv_buf_printf(out, "%s%.*s\n", indent, (int)cut, line);
			indent = "    ";
			room = 76;
			line += cut + 1;
			n -= cut + 1;
			if (*text)
				break; /* the rest flows into the next line */
		}
		if (*text && line != qv_buf_str(&cur)) {
			char *rest = strdup(line);
			qv_buf_clear(&cur);
			if (rest)
				qv_buf_puts(&cur, rest);
			free(rest);
			continue;
		}
		qv_buf_printf(out, "%s%.*s\n", indent, (int)n, line);
		indent = "    ";
		qv_buf_clear(&cur);
	}
	qv_buf_free(&cur);
}

/* The absolute directions (and glyphs) of kind k facing f, in the order of relative_names
 * from its facing: "N E  ↑→". */
static void put_facing(const ta_tables *T, int k, int f, qv_buf *out)
{
	char glyphs[QV_NDIRS * 4 + 1] = "";
	size_t used = 0;
	bool first = true;
	for (int o = 0; o < QV_NDIRS; o++) {
		int d = qv_dir_rot((qv_dir)o, 2 * f);
		int n = T->arrows[TA_KF_OF(k, f)][d];
		if (!n)
			continue;
		qv_buf_printf(out, "%s%s", first ? "" : " ", qv_dir_names[d]);
		if (n > 1)
			qv_buf_printf(out, "×%d", n);
		first = false;
		used += (size_t)qv_fmt(glyphs + used, sizeof glyphs - used, "%s", dir_glyphs[d]);
	}
	qv_buf_printf(out, "  %s", glyphs);
}

/* What a kind's entry says beyond its arrows: how its arrows count when one counts more than
 * one, and its ability. */
static void put_kind_notes(const ta_tables *T, int k, qv_buf *out)
{
	int ndirs = 0, count = 0;
	for (int d = 0; d < QV_NDIRS; d++)
		if (T->arrows[TA_KF_OF(k, 0)][d]) {
			ndirs++;
			count = count > T->arrows[TA_KF_OF(k, 0)][d] ? count
			                                             : T->arrows[TA_KF_OF(k, 0)][d];
		}
	char text[800];
	if (count > 1 && ndirs == 1) {
		qv_fmt(text, sizeof text, "    The %s's arrow counts %d in an attack or a defence.",
		       T->names[k], count);
		put_lines(text, out);
	} else if (count > 1) {
		qv_fmt(text, sizeof text,
		       "    Each arrow marked ×n counts n in an attack or a defence.");
		put_lines(text, out);
	}
	if (T->last >> k & 1) {
		qv_fmt(text, sizeof text,
		       "    Placed last: only by a player whose %d other pieces have left the\n"
		       "holder, or once any %s is on the board. From then on every\n"
		       "player may place only their own %s, and a piece that captures\n"
		       "stays where it is. It cannot be covered; it can be shielded.",
		       T->others, T->last_names, T->last_names);
		put_lines(text, out);
	}
}

static void put_kind(const ta_tables *T, int k, qv_buf *out)
{
	int narrows = 0;
	for (int d = 0; d < QV_NDIRS; d++)
		narrows += T->arrows[TA_KF_OF(k, 0)][d] > 0;
	qv_buf_printf(out, "%c: %s, %d in each holder at the start, %d arrow%s\n", T->letters[k],
	              T->names[k], T->copies[k], narrows, narrows == 1 ? "" : "s");
	qv_buf_puts(out, "    arrows:");
	bool first = true;
	for (int o = 0; o < QV_NDIRS; o++) {
		int n = T->arrows[TA_KF_OF(k, 0)][o]; /* facing N: relative and absolute agree */
		if (!n)
			continue;
		qv_buf_printf(out, "%s %s", first ? "" : ",", relative_names[o]);
		if (n > 1)
			qv_buf_printf(out, " ×%d", n);
		first = false;
	}
	qv_buf_putc(out, '\n');
	if (T->nfacings[k] == 1) {
		qv_buf_puts(out, "    the same in every facing (written N): ");
		put_facing(T, k, 0, out);
		qv_buf_putc(out, '\n');
	} else {
		/* Two facings a line, the first of each padded to a common width. */
		for (int f = 0; f < 4; f += 2) {
			qv_buf line = {0};
			qv_buf_printf(&line, "    facing %s: ", ta_facing_names[f]);
			put_facing(T, k, f, &line);
			int width = columns(qv_buf_str(&line));
			qv_buf_printf(&line, "%*s   facing %s: ", width < 36 ? 36 - width : 0, "",
			              ta_facing_names[f + 1]);
			put_facing(T, k, f + 1, &line);
			qv_buf_printf(out, "%s\n", qv_buf_str(&line));
			qv_buf_free(&line);
		}
	}
	put_kind_notes(T, k, out);
}

/* Number words for the die's faces, as the rules page writes them. */
static const char *number_word(int n, char *buf)
{
	static const char *const words[] = {"zero", "one",    "two",   "three", "four",
	                                    "five", "six",    "seven", "eight", "nine",
	                                    "ten",  "eleven", "twelve"};
	if (n >= 0 && n <= 12)
		return words[n];
	qv_fmt(buf, 12, "%d", n);
	return buf;
}

/* "-1" or "-2 or -1": the values of the die below (sign < 0) or above 0, as listed. */
static void die_values(const ta_tables *T, int sign, char *buf, size_t len)
{
	int n = 0, at = 0;
	for (int i = 0; i < T->nvalues; i++)
		n += sign * T->value[i] > 0;
	buf[0] = '\0';
	for (int i = 0; i < T->nvalues; i++) {
		if (sign * T->value[i] <= 0)
			continue;
		char v[4];
		size_t used = strlen(buf);
		qv_fmt(buf + used, len - used, "%s%s",
		       at == 0       ? ""
		       : at == n - 1 ? " or "
		                     : ", ",
		       ta_die_text(T->value[i], v));
		at++;
	}
}

static void put_die(const ta_tables *T, char *text, size_t len)
{
	char w1[12], w2[12], values[120] = "", outcomes[400] = "";
	bool even = true;
	for (int i = 0; i < T->nvalues; i++)
		even &= T->weight[i] == T->weight[0];
	for (int i = 0; i < T->nvalues; i++) {
		char v[4], item[48];
		const char *sep = i == 0 ? "" : i == T->nvalues - 1 ? " and " : ", ";
		size_t used = strlen(values);
		if (even)
			qv_fmt(values + used, sizeof values - used, "%s%s", sep,
			       ta_die_text(T->value[i], v));
		else
			qv_fmt(values + used, sizeof values - used, "%s%s of %s", sep,
			       number_word(T->weight[i], w1), ta_die_text(T->value[i], v));
		int d = T->weight[i], g = T->nfaces;
		while (g % d || T->weight[i] % d) /* the chance in lowest terms */
			d--;
		if (even)
			qv_fmt(item, sizeof item, "%sdie %s", i ? ", " : "", v);
		else
			qv_fmt(item, sizeof item, "%sdie %s: %d in %d", i ? ", " : "", v,
			       T->weight[i] / d, T->nfaces / d);
		used = strlen(outcomes);
		qv_fmt(outcomes + used, sizeof outcomes - used, "%s", item);
	}
	int d = T->weight[0];
	while (T->nfaces % d || T->weight[0] % d)
		d--;
	if (T->nvalues == 1)
		qv_fmt(text, len,
		       "die: %s face%s, all %s (die %s), rolled after every attack and added to\n"
		       "the attack's strength; none in the tactical mode. Higher captures the\n"
		       "other piece, equal does nothing.\n",
		       number_word(T->nfaces, w1), T->nfaces == 1 ? "" : "s", values, values);
	else if (even)
		qv_fmt(
		    text, len,
		    "die: %s faces, %s each of %s (%s: %d in %d\n"
		    "each), rolled after every attack and added to the attack's strength; none\n"
		    "in the tactical mode. Higher captures the other piece, equal does nothing.\n",
		    number_word(T->nfaces, w1), number_word(T->weight[0], w2), values, outcomes,
		    T->weight[0] / d, T->nfaces / d);
	else
		qv_fmt(
		    text, len,
		    "die: %s faces, %s (%s),\n"
		    "rolled after every attack and added to the attack's strength; none\n"
		    "in the tactical mode. Higher captures the other piece, equal does nothing.\n",
		    number_word(T->nfaces, w1), values, outcomes);
}

/* The entry of the covers: how many, what the others see, and the pieces that cannot be
 * covered. */
static void put_cover(const ta_tables *T, char *text, size_t len)
{
	/* every kind but one at most, each with its longest name */
	char uncoverable[TA_MAX_KINDS * (TA_NAME_MAX + sizeof " and the ") +
	                 sizeof " cannot be covered."] = "";
	size_t used = 0;
	for (int k = 0, n = 0; k < T->nkinds; k++)
		if (!(T->coverable >> k & 1))
			used += (size_t)qv_fmt(uncoverable + used, sizeof uncoverable - used,
			                       "%s%s", n++ ? " and the " : "\nThe ", T->names[k]);
	if (used)
		qv_fmt(uncoverable + used, sizeof uncoverable - used, " cannot be covered.");
	qv_fmt(text, len,
	       "cover: %d for each player (none in the tactical mode), placed with a piece\n"
	       "(place <piece> <sq> <facing> covered). The others see only \"a covered piece\n"
	       "of pN\" (1? on the board; its owner sees 1a, lower case): not its kind nor\n"
	       "its facing. A covered piece has no arrows at all (no placing from it, no\n"
	       "attack, nothing added to a defence) but holds its square and keeps a line\n"
	       "unbroken. Its owner uncovers it for free (uncover <sq>) in their turn\n"
	       "before the action, or as the defender of an attack; the cover is gone.%s\n",
	       T->covers, uncoverable);
}

/* The entry of thing t (things[]), written from the components into text. */
static void put_thing(const ta_tables *T, int t, char *text, size_t len)
{
	char list[160] = "", neg[64], pos[64];
	size_t used = 0;
	switch (t) {
	case 0:
		for (int k = 0; k < T->nkinds; k++)
			used += (size_t)qv_fmt(list + used, sizeof list - used, "%s%c%d",
			                       k ? " " : "", T->letters[k], T->copies[k]);
		qv_fmt(text, len,
		       "holder: a player's pieces not yet placed, %d at the start\n"
		       "(%s). Its owner sees them by kind, the others only how\n"
		       "many are left.\n",
		       T->pieces, list);
		return;
	case 1: put_cover(T, text, len); return;
	case 2:
		qv_fmt(
		    text, len,
		    "shield: %d for each player, placed with a piece (place <piece> <sq> <facing>\n"
		    "shielded; s on the board). A shielded piece cannot be attacked until an\n"
		    "opponent with an uncovered arrow pointing at it spends a whole action on\n"
		    "unshield <sq>, which throws the shield away. A shielded piece that attacks\n"
		    "and loses is still captured; one that captures and advances keeps it.\n",
		    T->shields);
		return;
	case 3:
		die_values(T, -1, neg, sizeof neg);
		die_values(T, 1, pos, sizeof pos);
		qv_fmt(
		    text, len,
		    "bonus: a bonus piece; each player starts with %d. The attacker wins one when\n"
		    "the die shows %s and the attack does not capture; the defender wins one\n"
		    "when the die shows %s and the attacker captures by %s. At the\n"
		    "very start of a turn, bonus <k> (2 <= k <= held) spends k for k-1 extra\n"
		    "turns. Unused bonus pieces break ties between players equal in captures.\n",
		    T->bonus, neg[0] ? neg : "less than 0 (never)",
		    pos[0] ? pos : "more than 0 (never)",
		    strcmp(pos, "+1") == 0 ? "exactly one" : "no more than the die");
		return;
	default: put_die(T, text, len); return;
	}
}

/* The kind a name stands for (letter, name or board code "1A"), or -1; a board code of a
 * covered piece of another player ("1?") gives TA_MAX_KINDS. */
static int kind_of(const ta_tables *T, const char *name)
{
	size_t n = strlen(name);
	if (n == 2 && name[0] >= '1' && name[0] <= '0' + TA_MAX_PLAYERS) {
		if (name[1] == '?')
			return TA_MAX_KINDS;
		name++;
		n = 1;
	}
	for (int k = 0; k < T->nkinds; k++)
		if ((n == 1 && toupper((unsigned char)name[0]) == T->letters[k]) ||
		    qv_streq_nocase(name, T->names[k]))
			return k;
	return -1;
}

const ta_tables *ta_base_tables(void)
{
	const qv_variant *v = qv_variant_base(&qv_three_arrows, NULL);
	return v ? v->tables : NULL;
}

/* One piece kind for the legend: its letter, its name padded to `wname` columns, its arrows
 * as it points facing N ("↑→", "↑×2") padded to `warrows`, and its copies. */
static void put_legend_kind(const ta_tables *T, int k, int wname, int warrows, qv_buf *out)
{
	char arrows[QV_NDIRS * 8 + 1] = "";
	size_t used = 0;
	for (int o = 0; o < QV_NDIRS; o++) {
		int n = T->arrows[TA_KF_OF(k, 0)][o];
		if (n)
			used += (size_t)qv_fmt(arrows + used, sizeof arrows - used,
			                       n > 1 ? "%s×%d" : "%s", dir_glyphs[o], n);
	}
	qv_buf_printf(out, "%c %s%*s  %s%*s  %d each", T->letters[k], T->names[k],
	              wname - columns(T->names[k]), "", arrows, warrows - columns(arrows), "",
	              T->copies[k]);
}

/* The key to the pieces' codes for a newcomer's first board, on a few lines (`quiver play`
 * shows it at the start of a game): each kind's letter, name, arrows facing N and copies in each
 * holder, two kinds a line. Asked for by its name ("legend") only, so that the reference's
 * listing stays the rules page's. */
static void put_legend(const ta_tables *T, qv_buf *out)
{
	int wname = 0, warrows = 0;
	for (int k = 0; k < T->nkinds; k++) {
		int w = columns(T->names[k]), a = 0;
		for (int o = 0; o < QV_NDIRS; o++)
			a +=
			    T->arrows[TA_KF_OF(k, 0)][o] > 1 ? 3 : T->arrows[TA_KF_OF(k, 0)][o] > 0;
		wname = w > wname ? w : wname;
		warrows = a > warrows ? a : warrows;
	}
	qv_buf_puts(out,
	            "legend: the pieces by their codes (A3 by a holder: 3 A pieces left in it),\n"
	            "    their arrows as they point facing N, and the copies in each holder\n");
	bool two = 2 * (wname + warrows + 14) + 8 <= 80;
	for (int k = 0; k < T->nkinds; k += two ? 2 : 1) {
		qv_buf_puts(out, "    ");
		put_legend_kind(T, k, wname, warrows, out);
		if (two && k + 1 < T->nkinds) {
			qv_buf_puts(out, "    ");
			put_legend_kind(T, k + 1, wname, warrows, out);
		}
		qv_buf_putc(out, '\n');
	}
	qv_buf_puts(out,
	            "    ('piece A' says more of one piece, 'piece' names the other things)\n");
}

int ta_reference(const void *st, const char *name, qv_buf *out)
{
	const ta_tables *T = st ? ta_T(st) : ta_base_tables();
	if (!T)
		return 0;
	if (name && qv_streq_nocase(name, "legend")) {
		put_legend(T, out);
		return 1;
	}
	int want = name ? kind_of(T, name) : -1, n = 0;
	for (int k = 0; k < T->nkinds; k++)
		if (!name || want == k) {
			put_kind(T, k, out);
			n++;
		}
	for (int t = 0; t < NTHINGS; t++) {
		bool match = !name || (want == TA_MAX_KINDS && strcmp(things[t][0], "cover") == 0);
		for (int i = 0; i < 3 && name && !match && things[t][i]; i++)
			match = qv_streq_nocase(name, things[t][i]);
		if (match) {
			char text[1600];
			put_thing(T, t, text, sizeof text);
			put_lines(text, out);
			n++;
		}
	}
	return n;
}
