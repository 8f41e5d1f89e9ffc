/*
 * reference.c - what each thing of THREE ARROWS is, for players (the descriptor's reference;
 * `piece <code>` at the prompt of `quiver play`): the seven piece kinds in notation order,
 * each with its copies, its arrows relative to its facing and where they point in each facing
 * (read from the game's own tables, tables.c), then the holder, covers, shields, bonus pieces
 * and the die. A name is matched without regard to case: a piece's letter (A) or name (Angle),
 * a code as the board shows it (1A, 2y; 1? is a covered piece), or a thing's name (cover,
 * shield, bonus, die, holder, in the singular or the plural). Lines fit 80 columns.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "three_arrows.h"

/* Directions relative to a piece's facing, clockwise from straight ahead. */
static const char *const relative_names[QV_NDIRS] = {
    "ahead", "ahead-right", "right", "behind-right", "behind", "behind-left", "left", "ahead-left"};
static const char *const dir_glyphs[QV_NDIRS] = {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};

/* What a piece kind adds to its entry beyond its arrows (NULL: nothing). */
static const char *const kind_notes[TA_NKINDS] = {
    [TA_D] = "The Double's arrow counts 2 in an attack or a defence.",
    [TA_R] = "The Triple's arrow counts 3 in an attack or a defence.",
    [TA_Z] = "Placed last: only by a player whose 16 other pieces have left the\n"
             "holder, or once any Terminator is on the board. From then on every\n"
             "player may place only their own Terminator, and a piece that captures\n"
             "stays where it is. It cannot be covered; it can be shielded.",
};

/* The other things, in the order the rules page introduces them: the names each answers to
 * (the first is the entry's), and its text. */
static const struct {
	const char *names[3];
	const char *text;
} things[] = {
    {{"holder", "holders", NULL},
     "holder: a player's pieces not yet placed, 17 at the start\n"
     "    (A3 T3 X3 Y3 D3 R1 Z1). Its owner sees them by kind, the others only how\n"
     "    many are left.\n"},
    {{"cover", "covers", "covered"},
     "cover: 3 for each player (none in the tactical mode), placed with a piece\n"
     "    (place <piece> <sq> <facing> covered). The others see only \"a covered piece\n"
     "    of pN\" (1? on the board; its owner sees 1a, lower case): not its kind nor\n"
     "    its facing. A covered piece has no arrows at all (no placing from it, no\n"
     "    attack, nothing added to a defence) but holds its square and keeps a line\n"
     "    unbroken. Its owner uncovers it for free (uncover <sq>) in their turn\n"
     "    before the action, or as the defender of an attack; the cover is gone.\n"
     "    The Terminator cannot be covered.\n"},
    {{"shield", "shields", "shielded"},
     "shield: 3 for each player, placed with a piece (place <piece> <sq> <facing>\n"
     "    shielded; s on the board). A shielded piece cannot be attacked until an\n"
     "    opponent with an uncovered arrow pointing at it spends a whole action on\n"
     "    unshield <sq>, which throws the shield away. A shielded piece that attacks\n"
     "    and loses is still captured; one that captures and advances keeps it.\n"},
    {{"bonus", "bonus-piece", "bonus-pieces"},
     "bonus: a bonus piece; each player starts with 1. The attacker wins one when\n"
     "    the die shows -1 and the attack does not capture; the defender wins one\n"
     "    when the die shows +1 and the attacker captures by exactly one. At the\n"
     "    very start of a turn, bonus <k> (2 <= k <= held) spends k for k-1 extra\n"
     "    turns. Unused bonus pieces break ties between players equal in captures.\n"},
    {{"die", "dice", NULL},
     "die: six faces, two each of +1, 0 and -1 (die +1, die 0, die -1: 1 in 3\n"
     "    each), rolled after every attack and added to the attack's strength; none\n"
     "    in the tactical mode. Higher captures the other piece, equal does nothing.\n"},
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

/* The absolute directions (and glyphs) of kind k facing f, in the order of relative_names
 * from its facing: "N E  ↑→". */
static void put_facing(int k, int f, qv_buf *out)
{
	char glyphs[QV_NDIRS * 4 + 1] = "";
	size_t used = 0;
	bool first = true;
	for (int o = 0; o < QV_NDIRS; o++) {
		int d = qv_dir_rot((qv_dir)o, 2 * f);
		int n = ta_arrows[k][f][d];
		if (!n)
			continue;
		qv_buf_printf(out, "%s%s", first ? "" : " ", qv_dir_names[d]);
		if (n > 1)
			qv_buf_printf(out, "×%d", n);
		first = false;
		used += (size_t)snprintf(glyphs + used, sizeof glyphs - used, "%s", dir_glyphs[d]);
	}
	qv_buf_printf(out, "  %s", glyphs);
}

static void put_kind(int k, qv_buf *out)
{
	int narrows = 0;
	for (int d = 0; d < QV_NDIRS; d++)
		narrows += ta_arrows[k][0][d] > 0;
	qv_buf_printf(out, "%c: %s, %d in each holder at the start, %d arrow%s\n",
	              ta_kind_letters[k], ta_kind_names[k], ta_copies[k], narrows,
	              narrows == 1 ? "" : "s");
	qv_buf_puts(out, "    arrows:");
	bool first = true;
	for (int o = 0; o < QV_NDIRS; o++) {
		int n = ta_arrows[k][0][o]; /* facing N: relative and absolute agree */
		if (!n)
			continue;
		qv_buf_printf(out, "%s %s", first ? "" : ",", relative_names[o]);
		if (n > 1)
			qv_buf_printf(out, " ×%d", n);
		first = false;
	}
	qv_buf_putc(out, '\n');
	if (ta_nfacings[k] == 1) {
		qv_buf_puts(out, "    the same in every facing (written N): ");
		put_facing(k, 0, out);
		qv_buf_putc(out, '\n');
	} else {
		/* Two facings a line, the first of each padded to a common width. */
		for (int f = 0; f < 4; f += 2) {
			qv_buf line = {0};
			qv_buf_printf(&line, "    facing %s: ", ta_facing_names[f]);
			put_facing(k, f, &line);
			int width = columns(qv_buf_str(&line));
			qv_buf_printf(&line, "%*s   facing %s: ", width < 36 ? 36 - width : 0, "",
			              ta_facing_names[f + 1]);
			put_facing(k, f + 1, &line);
			qv_buf_printf(out, "%s\n", qv_buf_str(&line));
			qv_buf_free(&line);
		}
	}
	if (kind_notes[k]) {
		for (const char *t = kind_notes[k]; *t;) {
			size_t len = strcspn(t, "\n");
			qv_buf_printf(out, "    %.*s\n", (int)len, t);
			t += len + (t[len] == '\n');
		}
	}
}

/* The kind a name stands for (letter, name or board code "1A"), or -1; a board code of a
 * covered piece of another player ("1?") gives TA_NKINDS. */
static int kind_of(const char *name)
{
	size_t n = strlen(name);
	if (n == 2 && name[0] >= '1' && name[0] <= '0' + TA_MAX_PLAYERS) {
		if (name[1] == '?')
			return TA_NKINDS;
		name++;
		n = 1;
	}
	for (int k = 0; k < TA_NKINDS; k++)
		if ((n == 1 && toupper((unsigned char)name[0]) == ta_kind_letters[k]) ||
		    qv_streq_nocase(name, ta_kind_names[k]))
			return k;
	return -1;
}

int ta_reference(const void *st, const char *name, qv_buf *out)
{
	(void)st;
	int want = name ? kind_of(name) : -1, n = 0;
	for (int k = 0; k < TA_NKINDS; k++)
		if (!name || want == k) {
			put_kind(k, out);
			n++;
		}
	for (int t = 0; t < NTHINGS; t++) {
		bool match =
		    !name || (want == TA_NKINDS && strcmp(things[t].names[0], "cover") == 0);
		for (int i = 0; i < 3 && name && !match && things[t].names[i]; i++)
			match = qv_streq_nocase(name, things[t].names[i]);
		if (match) {
			qv_buf_puts(out, things[t].text);
			n++;
		}
	}
	return n;
}
