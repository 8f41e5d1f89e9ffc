/*
 * rules.c - the rules of Evons (docs/rules/evons.md): the card table, parameters and
 * set-up with the mulligan, turns and hand plays, the activation sequence (ability phases,
 * conflicts, flips) on a LIFO chain stack, the eight abilities, the end, ranks,
 * determinization and a heuristic.
 *
 * Legality has one source of truth: legal() lists the actions, and check accepts exactly the
 * listed ones (explain() words a refusal), so the two cannot disagree; apply trusts that its
 * action is legal. Drawing is never a
 * chance event: the decks are put in order when the game starts (shuffled with the state's
 * own generator, or as listed with shuffle=false) and a draw takes the top card; a mulligan
 * shuffles with the same generator. The only chance event is the coin for the first player.
 *
 * Everything a decision starts is done at once up to the next real decision: after an
 * ability, a conflict or a burn point, entries whose card has left the board are dropped,
 * a Firestorm with no target left loses its points, and an empty stack returns to the main
 * phase. The end by a full main zone is checked after every change of the board.
 *
 * Given a qv_events, apply narrates every step as it happens (see "narration" below); the
 * narration lives in cold, out-of-line helpers called only then.
 */
#include <stdio.h>
#include <string.h>

#include "evons.h"
#include "games/deck.h"

/* ---- the card table ---- */

#define AR(d) (1u << (d))
#define N_    QV_N
#define NE_   QV_NE
#define E_    QV_E
#define SE_   QV_SE
#define S_    QV_S
#define SW_   QV_SW
#define W_    QV_W
#define NW_   QV_NW
#define FS    EV_AB_FIRESTORM
#define SW    EV_AB_SWAP
#define SH    EV_AB_SHOCKWAVE
#define MG    EV_AB_MAGNETISM
#define GR    EV_AB_GROWTH
#define RS    EV_AB_RESURRECTION
#define BL    EV_AB_BLOCK
#define RM    EV_AB_REMOVE
/* ability[] is indexed by printed direction N NE E SE S SW W NW. */
/* clang-format off */
const ev_kind ev_kinds[EV_NKINDS] = {
    {"cinder-pup", "cinder", EV_FIRE, 6, 2, 2, AR(N_) | AR(S_), {FS, 0, 0, 0, 0, 0, 0, 0}},
    {"flame-warden", "warden", EV_FIRE, 12, 3, 4, AR(N_) | AR(NE_) | AR(NW_), {0, FS, 0, 0, 0, 0, 0, FS}},
    {"inferno-drake", "drake", EV_FIRE, 20, 5, 5, AR(N_) | AR(E_) | AR(W_) | AR(S_), {FS, 0, 0, 0, 0, 0, 0, 0}},
    {"tide-sprite", "sprite", EV_WATER, 6, 1, 3, AR(N_) | AR(E_), {SW, 0, 0, 0, 0, 0, 0, 0}},
    {"reef-guard", "reef", EV_WATER, 12, 2, 5, AR(N_) | AR(S_) | AR(E_) | AR(W_), {0, 0, 0, 0, SW, 0, 0, 0}},
    {"maelstrom", "maelst", EV_WATER, 20, 4, 6, AR(N_) | AR(NE_) | AR(NW_) | AR(S_), {SW, 0, 0, 0, 0, 0, 0, 0}},
    {"pebble-golem", "pebble", EV_EARTH, 7, 2, 3, AR(N_), {SH, 0, 0, 0, 0, 0, 0, 0}},
    {"quake-ram", "quake", EV_EARTH, 13, 4, 3, AR(N_) | AR(NE_) | AR(NW_), {SH, 0, 0, 0, 0, 0, 0, 0}},
    {"mountain-titan", "titan", EV_EARTH, 22, 5, 7, AR(N_) | AR(E_) | AR(W_) | AR(S_), {SH, 0, SH, 0, 0, 0, SH, 0}},
    {"spark-mite", "spark", EV_ELECTRIC, 6, 2, 2, AR(NE_) | AR(NW_), {0, MG, 0, 0, 0, 0, 0, 0}},
    {"volt-lynx", "lynx", EV_ELECTRIC, 12, 3, 3, AR(N_) | AR(E_) | AR(W_), {0, 0, MG, 0, 0, 0, 0, 0}},
    {"storm-coil", "coil", EV_ELECTRIC, 19, 4, 5, AR(N_) | AR(E_) | AR(S_) | AR(W_), {MG, 0, 0, 0, 0, 0, 0, 0}},
    {"seedling", "seed", EV_NATURE, 5, 1, 2, AR(N_), {GR, 0, 0, 0, 0, 0, 0, 0}},
    {"briar-stag", "briar", EV_NATURE, 11, 3, 3, AR(N_) | AR(NE_) | AR(NW_), {0, GR, 0, 0, 0, 0, 0, 0}},
    {"elder-grove", "grove", EV_NATURE, 18, 3, 7, AR(N_) | AR(E_) | AR(W_) | AR(S_), {GR, 0, 0, 0, GR, 0, 0, 0}},
    {"grave-bat", "bat", EV_DARKNESS, 6, 2, 2, AR(N_) | AR(S_), {0, 0, 0, 0, RS, 0, 0, 0}},
    {"bone-knight", "knight", EV_DARKNESS, 13, 4, 3, AR(N_) | AR(E_) | AR(W_), {RS, 0, 0, 0, 0, 0, 0, 0}},
    {"lich-queen", "lich", EV_DARKNESS, 21, 4, 5, AR(N_) | AR(NE_) | AR(NW_) | AR(S_), {RS, 0, 0, 0, 0, 0, 0, 0}},
    {"sentry", "sentry", EV_EARTH, 9, 2, 4, AR(N_) | AR(E_) | AR(W_) | AR(S_), {0, 0, 0, 0, BL, 0, 0, 0}},
    {"assassin", "assasn", EV_DARKNESS, 14, 4, 2, AR(N_) | AR(NE_) | AR(NW_), {RM, 0, 0, 0, 0, 0, 0, 0}},
    {"block-fire", "BLOCK", EV_FIRE, 0, 0, 0, 0, {0}},
    {"block-water", "BLOCK", EV_WATER, 0, 0, 0, 0, {0}},
    {"block-earth", "BLOCK", EV_EARTH, 0, 0, 0, 0, {0}},
    {"block-electric", "BLOCK", EV_ELECTRIC, 0, 0, 0, 0, {0}},
    {"block-nature", "BLOCK", EV_NATURE, 0, 0, 0, 0, {0}},
    {"block-darkness", "BLOCK", EV_DARKNESS, 0, 0, 0, 0, {0}},
};
/* clang-format on */
#undef AR

const char *const ev_element_names[EV_NELEMENTS] = {"Fire",     "Water",  "Earth",
                                                    "Electric", "Nature", "Darkness"};
const char *const ev_element_codes[EV_NELEMENTS] = {"Fi", "Wa", "Ea", "El", "Na", "Da"};
const char *const ev_ability_names[EV_NABILITIES] = {"Normal",    "Remove", "Block",
                                                     "Firestorm", "Swap",   "Shockwave",
                                                     "Magnetism", "Growth", "Resurrection"};
const char *const ev_phase_names[EV_NPHASES] = {"mulligan", "coin", "main", "chain", "over"};
const char *const ev_step_names[EV_NSTEPS] = {"ability1", "conflicts", "ability2"};
const char *const ev_end_names[EV_NENDS] = {"none", "full", "idle", "cap"};

static const char *const starter_names[] = {"blaze", "bedrock", NULL};

/* ---- geometry ---- */

static const char col_letters[EV_SIDE + 1] = "xabcdey";

int ev_step(int cell, int dir)
{
	int c = cell % EV_SIDE + qv_dir_dx[dir], r = cell / EV_SIDE + qv_dir_dy[dir];
	if (c < 0 || r < 0 || c >= EV_SIDE || r >= EV_SIDE)
		return -1;
	return r * EV_SIDE + c;
}

/* Bit c: cell c is in the main zone (columns 1..5 of rows 1..5). */
#define MAIN_ROW (0x3Eull) /* columns 1..5 of a row */
#define MAIN_ZONE                                                                                  \
	(MAIN_ROW << 7 | MAIN_ROW << 14 | MAIN_ROW << 21 | MAIN_ROW << 28 | MAIN_ROW << 35)

bool ev_in_main(int cell) { return cell >= 0 && cell < EV_NCELLS && (MAIN_ZONE >> cell & 1); }

int ev_board_dir(int ctrl, int printed) { return ctrl == 0 ? printed : (printed + 4) % 8; }

void ev_cell_name(int cell, char *buf)
{
	if (cell < 0 || cell >= EV_NCELLS) {
		snprintf(buf, 4, "?");
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

int ev_find_kind(const char *text)
{
	for (int k = 0; k < EV_NKINDS; k++)
		if (qv_streq_nocase(text, ev_kinds[k].id))
			return k;
	return -1;
}

/* ---- the board ---- */

static inline bool occupied(const ev_state *s, int c) { return s->cell[c].kind != 0; }
static inline int kind_at(const ev_state *s, int c) { return s->cell[c].kind - 1; }
static inline bool covered(const ev_state *s, int c)
{
	return (s->cell[c].flags & EV_F_COVERED) != 0;
}
static inline bool block_at(const ev_state *s, int c)
{
	return occupied(s, c) && ev_is_block(kind_at(s, c));
}
/* A monster, face up or covered (a covered card is never a block). */
static inline bool monster_at(const ev_state *s, int c)
{
	return occupied(s, c) && !ev_is_block(kind_at(s, c));
}
static inline bool faceup_monster(const ev_state *s, int c)
{
	return monster_at(s, c) && !covered(s, c);
}

int ev_find_cell_of(const ev_state *s, int inst)
{
	for (uint64_t m = s->board; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		if (s->cell[c].inst == inst)
			return c;
	}
	return -1;
}

uint64_t ev_board_mask(const ev_state *s)
{
	uint64_t m = 0;
	for (int c = 0; c < EV_NCELLS; c++)
		m |= (uint64_t)(s->cell[c].kind != 0) << c;
	return m;
}

int ev_cur_def(const ev_state *s, int c) { return ev_kinds[kind_at(s, c)].def - s->cell[c].dmg; }

/* The board arrows of the card on c: none for covered cards and blocks. */
static unsigned board_arrows(const ev_state *s, int c)
{
	if (!faceup_monster(s, c))
		return 0;
	unsigned printed = ev_kinds[kind_at(s, c)].arrows, m = 0;
	for (int d = 0; d < QV_NDIRS; d++)
		if (printed >> d & 1)
			m |= 1u << ev_board_dir(s->cell[c].ctrl, d);
	return m;
}

/* The ability of the arrow of the card on c in board direction d (EV_AB_NONE if none). */
static int board_ability(const ev_state *s, int c, int d)
{
	int printed = ev_board_dir(s->cell[c].ctrl, d); /* turning 180 degrees is its own inverse */
	return ev_kinds[kind_at(s, c)].ability[printed];
}

static bool points_at(const ev_state *s, int from, int to)
{
	unsigned m = board_arrows(s, from);
	for (int d = 0; d < QV_NDIRS; d++)
		if ((m >> d & 1) && ev_step(from, d) == to)
			return true;
	return false;
}

unsigned ev_board_arrows(const ev_state *s, int c) { return board_arrows(s, c); }

bool ev_points_at(const ev_state *s, int from, int to) { return points_at(s, from, to); }

static bool main_full(const ev_state *s) { return (s->board & MAIN_ZONE) == MAIN_ZONE; }

/* A face-up monster: kind (stored + 1) 1..20, not covered. */
static inline bool faceup_monster_cell(const ev_cell *x)
{
	return x->kind - 1u < EV_NMONSTERS && !(x->flags & EV_F_COVERED);
}

void ev_scores(const ev_state *s, int *out)
{
	out[0] = out[1] = 0;
	for (uint64_t m = s->board & MAIN_ZONE; m; m &= m - 1) {
		const ev_cell *x = &s->cell[__builtin_ctzll(m)];
		if (faceup_monster_cell(x))
			out[x->ctrl]++;
	}
}

/* ---- narration ----
 *
 * With a qv_events, apply tells what each step did, one short line each (core.h): the parts
 * only a card's owner may know are written {M:secret|public}. A covered card stays "p2's
 * covered card" for the others while it is covered, and is named for everyone when it leaves
 * the board (graveyards and removed cards are public). Every function below does nothing
 * when ev is NULL, and the rules call them only then, so the search pays nothing for them. */

/* Narration is off the hot path: the search calls apply without it millions of times. */
#define NARRATION __attribute__((cold, noinline))

/* The secret-part mask of player p: only p reads the secret. */
static char mask_of(int p) { return p == 0 ? '1' : '2'; }

/* The card on c as narration names it, without its cell: "storm-coil", "block-fire", or
 * "p2's covered card" (its identity a secret of its owner unless `open`). */
NARRATION static void card_label(const ev_state *s, int c, bool open, char *buf, size_t len)
{
	const ev_cell *x = &s->cell[c];
	const char *id = ev_kinds[x->kind - 1].id;
	if (!(x->flags & EV_F_COVERED))
		qv_copy(buf, len, id);
	else if (open)
		snprintf(buf, len, "p%d's covered %s", x->owner + 1, id);
	else
		snprintf(buf, len, "p%d's covered {%c:%s|card}", x->owner + 1, mask_of(x->owner),
		         id);
}

/* The card on c with its cell: "storm-coil on b4". */
NARRATION static void card_at(const ev_state *s, int c, bool open, char *buf, size_t len)
{
	char lab[80], cn[4];
	card_label(s, c, open, lab, sizeof lab);
	ev_cell_name(c, cn);
	snprintf(buf, len, "%s on %s", lab, cn);
}

/* Says which pending activations end with the card on c, which is leaving the board. */
NARRATION static void say_entries_end(const ev_state *s, int c, qv_events *ev)
{
	int inst = s->cell[c].inst;
	for (int i = s->nstack - 1; i >= 0; i--)
		if (s->stack[i].inst == inst) {
			char b[96];
			card_at(s, c, true, b, sizeof b);
			qv_say(ev, "the %sactivation of %s ends",
			       i == s->nstack - 1 ? "" : "waiting ", b);
			return;
		}
}

/* "<prefix> <card on c> (to p2's graveyard)", then the activations that end with it; the
 * card is named for everyone, as the graveyard will show it. */
NARRATION static void say_destroyed(const ev_state *s, int c, const char *prefix,
                                    const char *suffix, qv_events *ev)
{
	char b[96];
	card_at(s, c, true, b, sizeof b);
	qv_say(ev, "%s%s%s (to p%d's graveyard)", prefix, b, suffix, s->cell[c].owner + 1);
	say_entries_end(s, c, ev);
}

/* The score and the winner, when the game ends. */
NARRATION static void say_result(const ev_state *s, qv_events *ev)
{
	int sc[2];
	ev_scores(s, sc);
	int hi = sc[0] > sc[1] ? sc[0] : sc[1], lo = sc[0] > sc[1] ? sc[1] : sc[0];
	if (sc[0] == sc[1])
		qv_say(ev, "a draw: %d face-up monster%s each in the main zone", hi,
		       hi == 1 ? "" : "s");
	else
		qv_say(ev, "p%d wins: %d face-up monster%s in the main zone to %d",
		       sc[0] > sc[1] ? 1 : 2, hi, hi == 1 ? "" : "s", lo);
}

/* ---- changes of the board ---- */

static void to_graveyard(ev_state *s, int c)
{
	ev_player *o = &s->pl[s->cell[c].owner];
	s->gone = 1;
	if (o->ngrave < EV_DECK_MAX)
		o->grave[o->ngrave++] = (uint8_t)kind_at(s, c);
	memset(&s->cell[c], 0, sizeof s->cell[c]);
	s->board &= ~(1ull << c);
}

/* Destroys the card on c (to its owner's graveyard), narrated as "<prefix><card><suffix>". */
static void destroy(ev_state *s, int c, const char *prefix, const char *suffix, qv_events *ev)
{
	if (ev)
		say_destroyed(s, c, prefix, suffix, ev);
	to_graveyard(s, c);
}

static void remove_from_game(ev_state *s, int c)
{
	ev_player *o = &s->pl[s->cell[c].owner];
	s->gone = 1;
	if (o->nremoved < EV_DECK_MAX)
		o->removed[o->nremoved++] = (uint8_t)kind_at(s, c);
	memset(&s->cell[c], 0, sizeof s->cell[c]);
	s->board &= ~(1ull << c);
}

static void place(ev_state *s, int c, int kind, int owner, uint8_t flags)
{
	s->cell[c] = (ev_cell){
	    s->next_inst, (uint8_t)(kind + 1), (uint8_t)owner, (uint8_t)owner, flags, 0, 0};
	s->board |= 1ull << c;
	if (s->next_inst < UINT16_MAX)
		s->next_inst++;
}

/* Why a card goes on the chain stack, for the narration. */
enum { WHY_PLAYED, WHY_RESURRECTED, WHY_MOVED, WHY_FLIPPED };

/* Says that the card on c, just pushed on the stack, activates or reactivates, and why. */
NARRATION static void say_push(const ev_state *s, int c, int why, qv_events *ev)
{
	static const char *const how[] = {[WHY_PLAYED] = "activates",
	                                  [WHY_RESURRECTED] = "activates",
	                                  [WHY_MOVED] = "reactivates (moved by an ability)",
	                                  [WHY_FLIPPED] = "reactivates (moved, then flipped)"};
	char b[96], depth[24] = "";
	card_at(s, c, false, b, sizeof b);
	if (s->nstack > 1)
		snprintf(depth, sizeof depth, ": chain %d deep", s->nstack);
	qv_say(ev, "%s %s%s", b, how[why], depth);
}

static void push(ev_state *s, int c, int why, qv_events *ev)
{
	if (s->nstack >= EV_MAX_STACK)
		return; /* cannot happen: at most two entries per card on the board */
	ev_entry *e = &s->stack[s->nstack++];
	memset(e, 0, sizeof *e);
	e->inst = s->cell[c].inst;
	e->step = EV_ST_ABILITY1;
	if (ev)
		say_push(s, c, why, ev);
}

/* A card was moved onto c by an ability: it reactivates when it is a face-up monster of the
 * player whose turn it is and has not reactivated this turn. */
static void moved_by_ability(ev_state *s, int c, qv_events *ev)
{
	ev_cell *x = &s->cell[c];
	x->flags |= EV_F_MOVED;
	if (faceup_monster(s, c) && x->ctrl == s->active && !(x->flags & EV_F_REACTIVATED)) {
		x->flags |= EV_F_REACTIVATED;
		push(s, c, WHY_MOVED, ev);
	}
}

static void move_card(ev_state *s, int from, int to)
{
	s->cell[to] = s->cell[from];
	memset(&s->cell[from], 0, sizeof s->cell[from]);
	s->board = (s->board & ~(1ull << from)) | 1ull << to;
}

/* Drops the stack entries whose card is no longer on the board (its sequence ended). */
static void purge_stack(ev_state *s)
{
	int k = 0;
	for (int i = 0; i < s->nstack; i++)
		if (ev_find_cell_of(s, s->stack[i].inst) >= 0)
			s->stack[k++] = s->stack[i];
	for (int i = k; i < s->nstack; i++)
		memset(&s->stack[i], 0, sizeof s->stack[i]);
	s->nstack = (uint8_t)k;
}

/* Cells a Firestorm centred on `center` may burn for player p: opponent monsters, face up or
 * covered, on the center and the cells orthogonally adjacent to it. */
static int burn_targets(const ev_state *s, int center, int p, int *out)
{
	static const int orth[5] = {-1, QV_N, QV_E, QV_S, QV_W};
	int n = 0;
	for (int i = 0; i < 5; i++) {
		int c = i == 0 ? center : ev_step(center, orth[i]);
		if (c >= 0 && monster_at(s, c) && s->cell[c].ctrl != p)
			out[n++] = c;
	}
	return n;
}

static void finish_game(ev_state *s, int how, qv_events *ev)
{
	s->phase = EV_PH_OVER;
	s->ended = (uint8_t)how;
	if (ev) {
		static const char *const why[EV_NENDS] = {"", "the main zone is full",
		                                          "two ends in a row without a hand play",
		                                          "the turn cap is reached"};
		qv_say(ev, "%s: the game ends%s", why[how],
		       s->nstack ? " (the chain stack is dropped)" : "");
		say_result(s, ev);
	}
	for (int i = 0; i < s->nstack; i++)
		memset(&s->stack[i], 0, sizeof s->stack[i]);
	s->nstack = 0;
}

/* After every change: the end by a full main zone, the entries of cards gone, Firestorm
 * points with no target left, and the return to the main phase when the stack is empty. */
static void settle(ev_state *s, qv_events *ev)
{
	bool gone = s->gone;
	s->gone = 0;
	if (s->phase == EV_PH_OVER)
		return;
	if (main_full(s)) {
		finish_game(s, EV_END_FULL, ev);
		return;
	}
	if (gone) /* an entry ends only when its card leaves the board */
		purge_stack(s);
	if (s->nstack == 0) {
		s->phase = EV_PH_MAIN;
		return;
	}
	s->phase = EV_PH_CHAIN;
	ev_entry *e = &s->stack[s->nstack - 1];
	int t[5];
	if (e->burn_left && burn_targets(s, e->burn_center, s->active, t) == 0) {
		qv_say(ev, "%d Firestorm point%s %s lost: no target is left", e->burn_left,
		       e->burn_left == 1 ? "" : "s", e->burn_left == 1 ? "is" : "are");
		e->burn_left = e->burn_center = 0;
	}
}

/* ---- turns ---- */

int ev_to_move(const ev_state *s)
{
	switch (s->phase) {
	case EV_PH_OVER: return QV_OVER;
	case EV_PH_COIN: return QV_CHANCE;
	default: return s->active;
	}
}

/* p draws the top card of the deck; returns its kind, or -1 when the deck is empty. */
static int draw(ev_state *s, int p)
{
	ev_player *pl = &s->pl[p];
	return qv__deck_draw(pl->deck, &pl->ndeck, pl->hand, &pl->nhand);
}

/* Says what the start of p's turn gave: credits, the card drawn (for p alone). */
NARRATION static void say_turn(const ev_state *s, int p, bool income, bool first, int k,
                               qv_events *ev)
{
	if (first) {
		qv_say(ev, "p%d goes first: no credits and no draw on this turn", p + 1);
		return;
	}
	char got[64], card[48];
	if (income)
		snprintf(got, sizeof got, "p%d gains %d credits (now %d)", p + 1, EV_INCOME,
		         s->pl[p].credits);
	else
		snprintf(got, sizeof got, "p%d gets no credits on a first turn", p + 1);
	if (k >= 0)
		snprintf(card, sizeof card, "{%c:%s|a card}", mask_of(p), ev_kinds[k].id);
	if (k < 0)
		qv_say(ev, "%s; the deck is empty: no draw", got);
	else if (income)
		qv_say(ev, "%s and draws %s", got, card);
	else
		qv_say(ev, "p%d draws %s (no credits on a first turn)", p + 1, card);
}

static void begin_turn(ev_state *s, int p, qv_events *ev)
{
	ev_player *pl = &s->pl[p];
	s->active = (uint8_t)p;
	s->phase = EV_PH_MAIN;
	s->played = 0;
	if (pl->turns < UINT16_MAX)
		pl->turns++;
	bool income = pl->turns > 1 && pl->credits <= UINT16_MAX - EV_INCOME;
	if (income)
		pl->credits = (uint16_t)(pl->credits + EV_INCOME);
	bool first = p == s->first && s->turn_no == 0;
	int k = first ? -1 : draw(s, p);
	if (ev)
		say_turn(s, p, income, first, k, ev);
}

static void end_turn(ev_state *s, qv_events *ev)
{
	bool damaged = false;
	for (uint64_t m = s->board; m; m &= m - 1) { /* empty cells are all zero */
		int c = __builtin_ctzll(m);
		damaged |= s->cell[c].dmg != 0;
		s->cell[c].dmg = 0;
		s->cell[c].flags &= (uint8_t) ~(EV_F_MOVED | EV_F_REACTIVATED);
	}
	if (damaged)
		qv_say(ev, "all damage clears");
	s->idle = s->played ? 0 : (uint8_t)(s->idle + 1);
	s->played = 0;
	s->turn_no++;
	if (s->idle >= 2) {
		finish_game(s, EV_END_IDLE, ev);
	} else if (s->turn_no >= s->max_turns) {
		finish_game(s, EV_END_CAP, ev);
	} else {
		if (s->idle == 1)
			qv_say(ev, "p%d made no hand play: if p%d makes none either, the game ends",
			       s->active + 1, 2 - s->active);
		begin_turn(s, 1 - s->active, ev);
	}
}

/* ---- init ---- */

static const qv_param_def ev_params[] = {
    {.key = "deck1",
     .def = "blaze",
     .allowed = "blaze, bedrock, or a comma-separated list of 5-60 card ids",
     .help = "p1's deck",
     .kind = QV_PARAM_TEXT,
     .choices = starter_names},
    {.key = "deck2",
     .def = "bedrock",
     .allowed = "blaze, bedrock, or a comma-separated list of 5-60 card ids",
     .help = "p2's deck",
     .kind = QV_PARAM_TEXT,
     .choices = starter_names},
    {.key = "shuffle",
     .def = "true",
     .help = "false keeps the listed order (top of deck first)",
     .kind = QV_PARAM_BOOL},
    {.key = "max_turns",
     .def = "200",
     .help = "safety cap: the game is scored after this many turns",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = 5000},
};
#define EV_NPARAMS ((int)(sizeof ev_params / sizeof ev_params[0]))

/* The starter decks, top first with shuffle=false: the monsters of its three elements in
 * card-table order, two of each, then two sentries, an assassin and its three blocks. */
static int starter(int which, uint8_t *list)
{
	static const uint8_t elems[2][3] = {{EV_FIRE, EV_WATER, EV_ELECTRIC},
	                                    {EV_EARTH, EV_NATURE, EV_DARKNESS}};
	int n = 0;
	for (int k = 0; k < 18; k++)
		for (int e = 0; e < 3; e++)
			if (ev_kinds[k].element == elems[which][e]) {
				list[n++] = (uint8_t)k;
				list[n++] = (uint8_t)k;
			}
	list[n++] = 18; /* sentry */
	list[n++] = 18;
	list[n++] = 19; /* assassin */
	for (int e = 0; e < 3; e++)
		list[n++] = (uint8_t)(EV_NMONSTERS + elems[which][e]);
	return n;
}

#define CARD_FORM                                                                                  \
	"blaze, bedrock, or card ids separated by commas (monsters: cinder-pup, flame-warden, "    \
	"inferno-drake, tide-sprite, reef-guard, maelstrom, pebble-golem, quake-ram, "             \
	"mountain-titan, spark-mite, volt-lynx, storm-coil, seedling, briar-stag, elder-grove, "   \
	"grave-bat, bone-knight, lich-queen, sentry, assassin; blocks: block-fire, block-water, "  \
	"block-earth, block-electric, block-nature, block-darkness)"

/* Reads a deck parameter into list (top of deck first). */
static qv_status parse_deck(const qv_params *params, const char *key, uint8_t *list, int *n,
                            qv_err *err)
{
	const char *v = qv_params_get(params, key);
	if (!v)
		v = qv_param_find(ev_params, EV_NPARAMS, key)->def;
	for (int k = 0; k < 2; k++)
		if (qv_streq_nocase(v, starter_names[k])) {
			*n = starter(k, list);
			return QV_OK;
		}
	uint8_t count[EV_NKINDS] = {0};
	*n = 0;
	const char *p = v;
	char tok[32];
	size_t len;
	while (qv_list_next(&p, tok, sizeof tok, &len)) {
		if (len == 0)
			return qv_fail(err, QV_EINVAL,
			               "%s: an empty card id in '%.60s' (expected %s)", key, v,
			               CARD_FORM);
		int k = len < 31 ? ev_find_kind(tok) : -1;
		if (k < 0)
			return qv_fail(err, QV_EINVAL, "%s: unknown card id '%s' (expected %s)",
			               key, tok, CARD_FORM);
		if (*n >= EV_DECK_MAX)
			return qv_fail(err, QV_EINVAL, "%s: a deck holds at most %d cards", key,
			               EV_DECK_MAX);
		if (!ev_is_block(k) && ++count[k] > EV_MAX_COPIES)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: '%s' appears more than %d times (at most %d copies of a "
			    "monster in a deck)",
			    key, tok, EV_MAX_COPIES, EV_MAX_COPIES);
		list[(*n)++] = (uint8_t)k;
	}
	if (*n < EV_DECK_MIN)
		return qv_fail(err, QV_EINVAL, "%s: a deck needs %d to %d cards, this one has %d",
		               key, EV_DECK_MIN, EV_DECK_MAX, *n);
	return QV_OK;
}

static qv_status ev_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	long max_turns;
	bool shuffle;
	uint8_t list[2][EV_DECK_MAX];
	int n[2];
	qv_status rc;
	if ((rc = qv_params_check_keys(params, ev_params, EV_NPARAMS, "evons", err)) ||
	    (rc = parse_deck(params, "deck1", list[0], &n[0], err)) ||
	    (rc = parse_deck(params, "deck2", list[1], &n[1], err)) ||
	    (rc = qv_param_bool(params, ev_params, EV_NPARAMS, "shuffle", &shuffle, err)) ||
	    (rc = qv_param_int(params, ev_params, EV_NPARAMS, "max_turns", &max_turns, err)))
		return rc;
	ev_state *s = st;
	memset(s, 0, sizeof *s);
	s->max_turns = (uint16_t)max_turns;
	s->shuffle = (uint8_t)shuffle;
	s->next_inst = 1;
	qv_rng_seed(&s->rng, seed);
	for (int p = 0; p < 2; p++) {
		ev_player *pl = &s->pl[p];
		pl->decklen = (uint8_t)n[p];
		pl->credits = EV_CREDITS;
		pl->mull = -1;
		qv__deck_setup(list[p], n[p], pl->owned, pl->deck, &pl->ndeck,
		               shuffle ? &s->rng : NULL);
		for (int i = 0; i < EV_HAND_START; i++)
			(void)draw(s, p);
	}
	s->phase = EV_PH_MULLIGAN;
	s->active = 0;
	return QV_OK;
}

/* ---- legal actions ---- */

/* Appends the mulligans that start with the `depth` cards in seq, then go on with cards
 * left in `left`: with shuffle, each multiset once in card-table order (the deck is shuffled,
 * so the order cannot matter); without, every distinct order (the cards go under the deck in
 * the order named). Depth-first, so the list reads in lexicographic order. */
static int mulligan_tree(const ev_state *s, uint8_t *left, int *seq, int depth, qv_action *out,
                         int n)
{
	if (depth == EV_HAND_START)
		return n;
	int from = s->shuffle && depth > 0 ? seq[depth - 1] : 0;
	for (int k = from; k < EV_NKINDS; k++) {
		if (!left[k])
			continue;
		seq[depth] = k;
		left[k]--;
		uint32_t arg = 0;
		for (int i = 0; i <= depth; i++)
			arg |= (uint32_t)(seq[i] + 1) << (5 * i);
		out[n++] = EV_MAKE(EV_ACT_MULLIGAN, arg);
		n = mulligan_tree(s, left, seq, depth + 1, out, n);
		left[k]++;
	}
	return n;
}

static int legal_mulligan(const ev_state *s, qv_action *out)
{
	uint8_t left[EV_NKINDS];
	int seq[EV_HAND_START];
	memcpy(left, s->pl[s->active].hand, sizeof left);
	out[0] = EV_MAKE(EV_ACT_KEEP, 0);
	return mulligan_tree(s, left, seq, 0, out, 1);
}

static int legal_main(const ev_state *s, qv_action *out)
{
	int p = s->active, n = 0;
	const ev_player *pl = &s->pl[p];
	if (!s->played) {
		for (int k = 0; k < EV_NMONSTERS; k++)
			if (pl->hand[k] && ev_kinds[k].cost <= pl->credits)
				for (int c = 0; c < EV_NCELLS; c++)
					if (!occupied(s, c))
						out[n++] = EV_MAKE(EV_ACT_PLAY, k | c << 5);
		for (int k = 0; k < EV_NMONSTERS; k++)
			if (pl->hand[k])
				for (int c = 0; c < EV_NCELLS; c++)
					if (!occupied(s, c))
						out[n++] = EV_MAKE(EV_ACT_COVER, k | c << 5);
		for (int c = 0; c < EV_NCELLS; c++)
			if (occupied(s, c) && covered(s, c) && s->cell[c].ctrl == p &&
			    ((s->cell[c].flags & EV_F_GROWTH) ||
			     ev_kinds[kind_at(s, c)].cost <= pl->credits))
				out[n++] = EV_MAKE(EV_ACT_REVEAL, c);
	}
	out[n++] = EV_MAKE(EV_ACT_END, 0);
	return n;
}

/* The ability actions of the arrow of the active card (on c) in board direction d. */
static int legal_ability(const ev_state *s, const ev_entry *e, int c, int d, qv_action *out)
{
	int p = s->active, n = 0, t = ev_step(c, d);
	const ev_player *pl = &s->pl[p];
	if (t < 0)
		return 0;
	switch (board_ability(s, c, d)) {
	case EV_AB_REMOVE:
		if (monster_at(s, t))
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	case EV_AB_BLOCK:
		if (!occupied(s, t)) {
			for (int k = EV_NMONSTERS; k < EV_NKINDS; k++)
				if (pl->hand[k])
					out[n++] = EV_ABIL(d, EV_ARG_CARD, k);
		} else if (block_at(s, t)) {
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		}
		break;
	case EV_AB_FIRESTORM: {
		int tg[5];
		if (burn_targets(s, t, p, tg) > 0)
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	}
	case EV_AB_SWAP:
		if (monster_at(s, t))
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	case EV_AB_SHOCKWAVE:
		if (occupied(s, t))
			out[n++] = EV_ABIL(d, EV_ARG_NONE, 0);
		break;
	case EV_AB_MAGNETISM:
		if (!occupied(s, t)) {
			static const int orth[4] = {QV_N, QV_E, QV_S, QV_W};
			int src[4], ns = 0;
			for (int i = 0; i < 4; i++) {
				int x = ev_step(t, orth[i]);
				if (x >= 0 && monster_at(s, x) && x != c)
					src[ns++] = x;
			}
			/* cell order, so the list reads naturally */
			for (int i = 1; i < ns; i++)
				for (int j = i; j > 0 && src[j - 1] > src[j]; j--) {
					int tmp = src[j];
					src[j] = src[j - 1];
					src[j - 1] = tmp;
				}
			for (int i = 0; i < ns; i++)
				out[n++] = EV_ABIL(d, EV_ARG_CELL, src[i]);
		}
		break;
	case EV_AB_GROWTH:
		if (!occupied(s, t))
			for (int k = 0; k < EV_NMONSTERS; k++)
				if (pl->hand[k])
					out[n++] = EV_ABIL(d, EV_ARG_CARD, k);
		break;
	case EV_AB_RESURRECTION:
		if (!occupied(s, t)) {
			int budget = ev_kinds[kind_at(s, c)].cost - e->spent;
			bool seen[EV_NMONSTERS] = {false};
			for (int i = 0; i < pl->ngrave; i++) {
				int k = pl->grave[i];
				if (!ev_is_block(k))
					seen[k] = true;
			}
			for (int k = 0; k < EV_NMONSTERS; k++)
				if (seen[k] && ev_kinds[k].cost <= budget)
					out[n++] = EV_ABIL(d, EV_ARG_CARD, k);
		}
		break;
	default: break;
	}
	return n;
}

static int legal_chain(const ev_state *s, qv_action *out)
{
	const ev_entry *e = &s->stack[s->nstack - 1];
	int c = ev_find_cell_of(s, e->inst), n = 0;
	if (c < 0)
		return 0;
	if (e->burn_left) {
		int t[5];
		int k = burn_targets(s, e->burn_center, s->active, t);
		for (int i = 1; i < k; i++) /* cell order */
			for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
				int tmp = t[j];
				t[j] = t[j - 1];
				t[j - 1] = tmp;
			}
		for (int i = 0; i < k; i++)
			out[n++] = EV_MAKE(EV_ACT_BURN, t[i]);
		return n;
	}
	if (e->step == EV_ST_CONFLICTS) {
		for (int x = 0; x < EV_NCELLS; x++)
			if (e->conflicts >> x & 1)
				out[n++] = EV_MAKE(EV_ACT_CONFLICT, x);
		return n;
	}
	for (int d = 0; d < QV_NDIRS; d++) {
		int printed = ev_board_dir(s->cell[c].ctrl, d);
		if ((ev_kinds[kind_at(s, c)].arrows >> printed & 1) && !(e->used >> printed & 1))
			n += legal_ability(s, e, c, d, out + n);
	}
	out[n++] = EV_MAKE(EV_ACT_NEXT, 0);
	return n;
}

static int ev_legal(const void *st, qv_action *out)
{
	const ev_state *s = st;
	switch (s->phase) {
	case EV_PH_MULLIGAN: return legal_mulligan(s, out);
	case EV_PH_MAIN: return legal_main(s, out);
	case EV_PH_CHAIN: return legal_chain(s, out);
	default: return 0;
	}
}

/* ---- sampling and counting without the list ----
 *
 * The main phase's list is up to 2 x 20 x 49 plays and covers: the sampler counts each family
 * (plays: affordable monster kinds x empty cells; covers: monster kinds x empty cells; reveals;
 * end), draws one index with the same qv_rng_below(n) a caller of legal() would, and decodes
 * the action at that index in legal()'s order, so a random game is the same game either way.
 * The mulligan (twice a game) and the chain (a few actions) are listed as legal() lists them. */

/* The index of the i-th (from 0) set bit of m, which has more than i. */
static int nth_bit(uint64_t m, int i)
{
	int base = 0;
	for (int n; i >= (n = __builtin_popcount((uint32_t)(m & 0xFFFF))); m >>= 16, base += 16)
		i -= n;
	while (i--)
		m &= m - 1;
	return base + __builtin_ctzll(m);
}

/* The main phase's families: affordable monster kinds in hand (plays), monster kinds in hand
 * (covers), the revealable cells, the empty cells. */
typedef struct main_families {
	uint32_t play_kinds, cover_kinds;
	uint64_t reveal, empty;
	int nplay, ncover, nreveal, nempty;
} main_families;

static void count_main(const ev_state *s, main_families *f)
{
	int p = s->active;
	const ev_player *pl = &s->pl[p];
	memset(f, 0, sizeof *f);
	for (int k = 0; k < EV_NMONSTERS; k++)
		if (pl->hand[k]) {
			f->cover_kinds |= 1u << k;
			if (ev_kinds[k].cost <= pl->credits)
				f->play_kinds |= 1u << k;
		}
	f->empty = ~s->board & ((1ull << EV_NCELLS) - 1);
	for (uint64_t m = s->board; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		const ev_cell *x = &s->cell[c];
		if ((x->flags & EV_F_COVERED) && x->ctrl == p &&
		    ((x->flags & EV_F_GROWTH) || ev_kinds[x->kind - 1].cost <= pl->credits))
			f->reveal |= 1ull << c;
	}
	f->nplay = __builtin_popcount(f->play_kinds);
	f->ncover = __builtin_popcount(f->cover_kinds);
	f->nreveal = __builtin_popcountll(f->reveal);
	f->nempty = __builtin_popcountll(f->empty);
}

/* The i-th action of legal_main's list for the families f. */
static qv_action main_action(const main_families *f, int i)
{
	int n = f->nplay * f->nempty;
	if (i < n)
		return EV_MAKE(EV_ACT_PLAY, nth_bit(f->play_kinds, i / f->nempty) |
		                                nth_bit(f->empty, i % f->nempty) << 5);
	i -= n;
	n = f->ncover * f->nempty;
	if (i < n)
		return EV_MAKE(EV_ACT_COVER, nth_bit(f->cover_kinds, i / f->nempty) |
		                                 nth_bit(f->empty, i % f->nempty) << 5);
	i -= n;
	if (i < f->nreveal)
		return EV_MAKE(EV_ACT_REVEAL, nth_bit(f->reveal, i));
	return EV_MAKE(EV_ACT_END, 0);
}

/* A chain decision lists at most 20 cards per arrow and next. */
#define EV_MAX_CHAIN_ACTIONS (QV_NDIRS * EV_NMONSTERS + 1)

/* The mulligan's list, kept apart so that its large buffer stays off the other paths. */
__attribute__((noinline)) static qv_action sample_listed(const ev_state *s, qv_rng *rng, int *n)
{
	qv_action list[EV_MAX_ACTIONS];
	*n = ev_legal(s, list);
	return *n > 0 ? list[qv_rng_below(rng, (uint32_t)*n)] : -1;
}

static qv_action ev_sample(const void *st, qv_rng *rng, int *restrict n)
{
	const ev_state *s = st;
	switch (s->phase) {
	case EV_PH_MAIN: {
		if (s->played) {
			*n = 1;
			(void)qv_rng_below(rng, 1); /* as a caller of legal() draws among one */
			return EV_MAKE(EV_ACT_END, 0);
		}
		main_families f;
		count_main(s, &f);
		int k = *n = (f.nplay + f.ncover) * f.nempty + f.nreveal + 1;
		return main_action(&f, (int)qv_rng_below(rng, (uint32_t)k));
	}
	case EV_PH_CHAIN: {
		qv_action list[EV_MAX_CHAIN_ACTIONS];
		int k = *n = legal_chain(s, list);
		return k > 0 ? list[qv_rng_below(rng, (uint32_t)k)] : -1;
	}
	case EV_PH_MULLIGAN: return sample_listed(s, rng, n);
	default: *n = 0; return -1;
	}
}

static int ev_count(const void *st)
{
	const ev_state *s = st;
	switch (s->phase) {
	case EV_PH_MAIN: {
		if (s->played)
			return 1;
		main_families f;
		count_main(s, &f);
		return (f.nplay + f.ncover) * f.nempty + f.nreveal + 1;
	}
	case EV_PH_CHAIN: {
		qv_action list[EV_MAX_CHAIN_ACTIONS];
		return legal_chain(s, list);
	}
	case EV_PH_MULLIGAN: {
		qv_action list[EV_MAX_ACTIONS];
		return legal_mulligan(s, list);
	}
	default: return 0;
	}
}

static int ev_chance(const void *st, qv_action *out, double *prob)
{
	const ev_state *s = st;
	if (s->phase != EV_PH_COIN)
		return 0;
	for (int p = 0; p < 2; p++) {
		out[p] = EV_MAKE(EV_ACT_COIN, p);
		prob[p] = 0.5;
	}
	return 2;
}

/* ---- why an action is refused ---- */

static const char *kname(int k) { return k >= 0 && k < EV_NKINDS ? ev_kinds[k].id : "?"; }

/* What the player to move is asked now, for messages. */
static void pending_text(const ev_state *s, char *buf, size_t len)
{
	int p = s->active + 1;
	switch (s->phase) {
	case EV_PH_MULLIGAN:
		snprintf(buf, len, "p%d keeps or mulligans: keep or mulligan <card>...", p);
		break;
	case EV_PH_COIN: snprintf(buf, len, "a coin picks the first player: coin p1|p2"); break;
	case EV_PH_MAIN:
		if (s->played)
			snprintf(buf, len, "p%d has made the turn's hand play and must end", p);
		else
			snprintf(buf, len,
			         "p%d makes a hand play (play <card> <cell>, cover <card> <cell>, "
			         "reveal <cell>) or ends the turn (end)",
			         p);
		break;
	case EV_PH_CHAIN: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		char b[4];
		ev_cell_name(ev_find_cell_of(s, e->inst), b);
		if (e->burn_left)
			snprintf(buf, len, "p%d deals Firestorm points (%d left): burn <cell>", p,
			         e->burn_left);
		else if (e->step == EV_ST_CONFLICTS)
			snprintf(buf, len,
			         "p%d chooses the next conflict of the card on %s: "
			         "conflict <cell>",
			         p, b);
		else
			snprintf(buf, len,
			         "the card on %s is in Ability Phase %d: ability <dir> "
			         "[args] or next",
			         b, e->step == EV_ST_ABILITY1 ? 1 : 2);
		break;
	}
	default: snprintf(buf, len, "the game is over"); break;
	}
}

static qv_status explain(const ev_state *s, qv_action a, qv_err *err)
{
	static const int phase_of[] = {
	    [EV_ACT_KEEP] = EV_PH_MULLIGAN, [EV_ACT_MULLIGAN] = EV_PH_MULLIGAN,
	    [EV_ACT_PLAY] = EV_PH_MAIN,     [EV_ACT_COVER] = EV_PH_MAIN,
	    [EV_ACT_REVEAL] = EV_PH_MAIN,   [EV_ACT_END] = EV_PH_MAIN,
	    [EV_ACT_ABILITY] = EV_PH_CHAIN, [EV_ACT_BURN] = EV_PH_CHAIN,
	    [EV_ACT_NEXT] = EV_PH_CHAIN,    [EV_ACT_CONFLICT] = EV_PH_CHAIN,
	    [EV_ACT_COIN] = EV_PH_COIN,
	};
	int type = EV_TYPE(a), arg = EV_ARG(a), p = s->active;
	const ev_player *pl = &s->pl[p];
	char what[200], b[4];
	pending_text(s, what, sizeof what);
	if (a < 0 || type < EV_ACT_KEEP || type > EV_ACT_COIN)
		return qv_fail(err, QV_EINVAL, "not an action of this game");
	if (s->phase == EV_PH_OVER)
		return qv_fail(err, QV_EILLEGAL, "the game is over");
	if (phase_of[type] != s->phase)
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	int k = arg & 31, c = arg >> 5;
	switch (type) {
	case EV_ACT_MULLIGAN:
		return qv_fail(err, QV_EILLEGAL,
		               "p%d can only return cards from the hand (each as often as held)",
		               p + 1);
	case EV_ACT_PLAY:
	case EV_ACT_COVER:
		if (s->played)
			return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
		if (k >= EV_NKINDS || !pl->hand[k])
			return qv_fail(err, QV_EILLEGAL, "p%d does not hold %s", p + 1, kname(k));
		if (ev_is_block(k))
			return qv_fail(err, QV_EILLEGAL,
			               "a block reaches the board only by a Block ability");
		if (c >= EV_NCELLS || occupied(s, c))
			return qv_fail(err, QV_EILLEGAL, "%s is not an empty cell",
			               (ev_cell_name(c, b), b));
		return qv_fail(err, QV_EILLEGAL, "p%d cannot pay %s's cost %d (credits: %d)", p + 1,
		               kname(k), ev_kinds[k].cost, pl->credits);
	case EV_ACT_REVEAL:
		if (s->played)
			return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
		if (arg >= EV_NCELLS || !occupied(s, arg) || !covered(s, arg) ||
		    s->cell[arg].ctrl != p)
			return qv_fail(err, QV_EILLEGAL, "%s holds no covered card of p%d",
			               (ev_cell_name(arg, b), b), p + 1);
		return qv_fail(err, QV_EILLEGAL, "p%d cannot pay the cost %d (credits: %d)", p + 1,
		               ev_kinds[kind_at(s, arg)].cost, pl->credits);
	case EV_ACT_ABILITY: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		int cc = ev_find_cell_of(s, e->inst), d = arg & 7;
		if (e->burn_left || e->step == EV_ST_CONFLICTS)
			return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
		if (cc < 0 || !(board_arrows(s, cc) >> d & 1))
			return qv_fail(err, QV_EILLEGAL, "the active card has no arrow pointing %s",
			               qv_dir_names[d]);
		int ab = board_ability(s, cc, d);
		if (ab == EV_AB_NONE)
			return qv_fail(err, QV_EILLEGAL, "the %s arrow of the active card is plain",
			               qv_dir_names[d]);
		if (e->used >> ev_board_dir(s->cell[cc].ctrl, d) & 1)
			return qv_fail(err, QV_EILLEGAL,
			               "the %s arrow's ability was already used in this activation",
			               qv_dir_names[d]);
		static const char *const need[EV_NABILITIES] = {
		    "",
		    "Remove needs a monster on the target: ability <dir>",
		    "Block needs an empty target and a block card in hand (ability <dir> "
		    "<block-card>) or a block on the target (ability <dir>)",
		    "Firestorm needs an opponent monster on the target or orthogonally next to it: "
		    "ability <dir>",
		    "Swap needs a monster on the target: ability <dir>",
		    "Shockwave needs a card on the target: ability <dir>",
		    "Magnetism needs an empty target and a card (not a block, not the active card) "
		    "orthogonally next to it: ability <dir> <source-cell>",
		    "Growth needs an empty target and a monster in hand: ability <dir> <card>",
		    "Resurrection needs an empty target and a monster in the own graveyard whose "
		    "cost fits the budget left: ability <dir> <card>"};
		return qv_fail(err, QV_EILLEGAL, "%s ability %s cannot be used that way: %s",
		               ev_ability_names[ab], qv_dir_names[d], need[ab]);
	}
	case EV_ACT_BURN:
		return qv_fail(err, QV_EILLEGAL,
		               "a Firestorm point goes to an opponent monster on the target or a "
		               "cell orthogonally next to it; now: %s",
		               what);
	case EV_ACT_CONFLICT:
		return qv_fail(err, QV_EILLEGAL, "%s is not a pending conflict; now: %s",
		               (ev_cell_name(arg < EV_NCELLS ? arg : -1, b), b), what);
	default: return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	}
}

/* ---- the activation sequence ---- */

/* The defenders the active card on c fights in its conflict step. */
static uint64_t defenders(const ev_state *s, int c)
{
	uint64_t m = 0;
	if (!ev_in_main(c))
		return 0;
	unsigned arrows = board_arrows(s, c);
	for (int d = 0; d < QV_NDIRS; d++) {
		int t = ev_step(c, d);
		if ((arrows >> d & 1) && t >= 0 && ev_in_main(t) && faceup_monster(s, t) &&
		    s->cell[t].ctrl != s->cell[c].ctrl && points_at(s, t, c))
			m |= 1ull << t;
	}
	return m;
}

/* The flip step of the active card on c, then Ability Phase 2. Flipped cards that were moved
 * earlier this turn reactivate; they run in the active card's arrow order, clockwise from N. */
static void flip_step(ev_state *s, int c, qv_events *ev)
{
	ev_entry *e = &s->stack[s->nstack - 1];
	e->step = EV_ST_ABILITY2;
	e->conflicts = 0;
	if (!ev_in_main(c))
		return;
	int p = s->cell[c].ctrl, react[QV_NDIRS], nr = 0, said = 0;
	unsigned arrows = board_arrows(s, c);
	char b[96];
	for (int d = 0; d < QV_NDIRS; d++) {
		int t = ev_step(c, d);
		if (!(arrows >> d & 1) || t < 0 || !ev_in_main(t) || !occupied(s, t) ||
		    s->cell[t].ctrl == p || block_at(s, t))
			continue;
		ev_cell *x = &s->cell[t];
		said++;
		if (covered(s, t)) {
			if (!(x->flags & EV_F_GROWTH)) {
				destroy(s, t, "the flip destroys ", "", ev);
			} else if (ev) {
				card_at(s, t, false, b, sizeof b);
				qv_say(ev, "%s is Growth-placed: not flipped", b);
			}
			continue;
		}
		if (points_at(s, t, c)) {
			if (ev) {
				card_at(s, t, false, b, sizeof b);
				qv_say(ev, "%s points back: not flipped", b);
			}
			continue;
		}
		x->ctrl = (uint8_t)p;
		if (ev) {
			card_at(s, t, false, b, sizeof b);
			qv_say(ev, "%s flips to p%d", b, p + 1);
		}
		if ((x->flags & EV_F_MOVED) && !(x->flags & EV_F_REACTIVATED)) {
			x->flags |= EV_F_REACTIVATED;
			react[nr++] = t;
		}
	}
	if (!said && ev) {
		card_at(s, c, false, b, sizeof b);
		qv_say(ev, "%s: nothing to flip", b);
	}
	for (int i = nr - 1; i >= 0; i--)
		push(s, react[i], WHY_FLIPPED, NULL);
	/* narrated in the order they will run: the last pushed runs first */
	for (int i = 0; ev && i < nr; i++) {
		card_at(s, react[i], false, b, sizeof b);
		if (i == 0)
			qv_say(ev, "%s reactivates (moved, then flipped): chain %d deep", b,
			       s->nstack);
		else
			qv_say(ev, "%s reactivates after it (moved, then flipped)", b);
	}
}

/* The narration of ability use by the card on c towards t (board direction d), before it
 * changes the board. */
NARRATION static void say_ability(const ev_state *s, int c, int d, int argtype, int val,
                                  qv_events *ev)
{
	int t = ev_step(c, d), p = s->active;
	char tn[4], a[96], b[96];
	ev_cell_name(t, tn);
	switch (board_ability(s, c, d)) {
	case EV_AB_REMOVE: say_destroyed(s, t, "Remove destroys ", "", ev); break;
	case EV_AB_BLOCK:
		if (argtype == EV_ARG_CARD) {
			qv_say(ev, "Block puts %s from p%d's hand on %s", ev_kinds[val].id, p + 1,
			       tn);
		} else {
			card_at(s, t, true, a, sizeof a);
			qv_say(ev, "Block sends %s to p%d's graveyard", a, s->cell[t].owner + 1);
		}
		break;
	case EV_AB_FIRESTORM: {
		int pts = ev_cur_def(s, c);
		qv_say(ev, "Firestorm around %s: %d point%s to deal (%s's DEF)", tn, pts,
		       pts == 1 ? "" : "s", ev_kinds[kind_at(s, c)].id);
		break;
	}
	case EV_AB_SWAP:
		card_at(s, c, false, a, sizeof a);
		card_at(s, t, false, b, sizeof b);
		qv_say(ev, "Swap: %s and %s change places", a, b);
		break;
	case EV_AB_SHOCKWAVE: {
		int l = ev_step(t, d);
		if (l < 0) {
			card_at(s, t, true, a, sizeof a);
			qv_say(ev, "Shockwave pushes %s off the board", a);
			card_label(s, t, true, a, sizeof a);
			qv_say(ev, "%s is out of the game (p%d's removed cards)", a,
			       s->cell[t].owner + 1);
			say_entries_end(s, t, ev);
			break;
		}
		char ln[4];
		ev_cell_name(l, ln);
		card_label(s, t, false, a, sizeof a);
		qv_say(ev, "Shockwave pushes %s from %s to %s", a, tn, ln);
		if (occupied(s, l))
			say_destroyed(s, l, "", " is crushed", ev);
		break;
	}
	case EV_AB_MAGNETISM: {
		char sn[4];
		ev_cell_name(val, sn);
		card_label(s, val, false, a, sizeof a);
		qv_say(ev, "Magnetism pulls %s from %s to %s", a, sn, tn);
		break;
	}
	case EV_AB_GROWTH:
		qv_say(ev, "Growth puts {%c:%s|a monster} from p%d's hand face down on %s",
		       mask_of(p), ev_kinds[val].id, p + 1, tn);
		break;
	case EV_AB_RESURRECTION: {
		const ev_entry *e = &s->stack[s->nstack - 1];
		qv_say(ev, "Resurrection: %s from p%d's graveyard to %s (cost %d of %d spent)",
		       ev_kinds[val].id, p + 1, tn, e->spent + ev_kinds[val].cost,
		       ev_kinds[kind_at(s, c)].cost);
		break;
	}
	default: break;
	}
}

static void use_ability(ev_state *s, ev_entry *e, int c, int d, int argtype, int val, qv_events *ev)
{
	int p = s->active, t = ev_step(c, d);
	if (ev)
		say_ability(s, c, d, argtype, val, ev);
	e->used |= (uint8_t)(1u << ev_board_dir(s->cell[c].ctrl, d));
	switch (board_ability(s, c, d)) {
	case EV_AB_REMOVE: to_graveyard(s, t); break;
	case EV_AB_BLOCK:
		if (argtype == EV_ARG_CARD) {
			s->pl[p].hand[val]--;
			s->pl[p].nhand--;
			place(s, t, val, p, 0);
		} else {
			to_graveyard(s, t);
		}
		break;
	case EV_AB_FIRESTORM:
		e->burn_center = (uint8_t)t;
		e->burn_left = (uint8_t)ev_cur_def(s, c);
		break;
	case EV_AB_SWAP: {
		ev_cell tmp = s->cell[t];
		s->cell[t] = s->cell[c];
		s->cell[c] = tmp;
		moved_by_ability(s, c, ev); /* the target, now where the active card stood */
		break;
	}
	case EV_AB_SHOCKWAVE: {
		int l = ev_step(t, d);
		if (l < 0) {
			remove_from_game(s, t);
			break;
		}
		if (occupied(s, l))
			to_graveyard(s, l);
		move_card(s, t, l);
		moved_by_ability(s, l, ev);
		break;
	}
	case EV_AB_MAGNETISM:
		move_card(s, val, t);
		moved_by_ability(s, t, ev);
		break;
	case EV_AB_GROWTH:
		s->pl[p].hand[val]--;
		s->pl[p].nhand--;
		place(s, t, val, p, EV_F_COVERED | EV_F_GROWTH);
		break;
	case EV_AB_RESURRECTION: {
		ev_player *pl = &s->pl[p];
		int i = pl->ngrave - 1;
		while (i >= 0 && pl->grave[i] != val)
			i--; /* the most recent copy leaves the graveyard */
		memmove(&pl->grave[i], &pl->grave[i + 1], (size_t)(pl->ngrave - 1 - i));
		pl->grave[--pl->ngrave] = 0;
		e->spent = (uint8_t)(e->spent + ev_kinds[val].cost);
		place(s, t, val, p, 0);
		push(s, t, WHY_RESURRECTED, ev);
		break;
	}
	default: break;
	}
}

/* One Firestorm point on cell t. */
static void burn(ev_state *s, ev_entry *e, int t, qv_events *ev)
{
	e->burn_left--;
	bool dead = covered(s, t);
	if (!dead) {
		ev_cell *x = &s->cell[t];
		if (x->dmg < 255)
			x->dmg++;
		dead = ev_cur_def(s, t) <= 0;
	}
	int tg[5];
	if (dead) {
		destroy(s, t, "1 point destroys ", "", ev);
		/* points with no target left are said lost by settle */
		if (ev && e->burn_left && burn_targets(s, e->burn_center, s->active, tg))
			qv_say(ev, "%d Firestorm point%s left", e->burn_left,
			       e->burn_left == 1 ? "" : "s");
	} else if (ev) {
		char b[96], left[24] = "";
		if (e->burn_left)
			snprintf(left, sizeof left, ", %d left", e->burn_left);
		card_at(s, t, false, b, sizeof b);
		qv_say(ev, "1 point to %s: DEF %d this turn%s", b, ev_cur_def(s, t), left);
	}
	if (e->burn_left == 0)
		e->burn_center = 0;
}

/* What a card took in a conflict, for the narration: "storm-coil on b4 takes 3: DEF 2
 * this turn", or its destruction. */
NARRATION static void say_hit(const ev_state *s, int c, int dmg, qv_events *ev)
{
	char b[96];
	card_at(s, c, false, b, sizeof b);
	int def = ev_cur_def(s, c);
	if (def > 0)
		qv_say(ev, "%s takes %d: DEF %d this turn", b, dmg, def);
	else
		qv_say(ev, "%s takes %d: DEF %d, destroyed (to p%d's graveyard)", b, dmg, def,
		       s->cell[c].owner + 1);
}

/* The conflict of the active card on c with the defender on t: simultaneous damage. */
static void conflict(ev_state *s, ev_entry *e, int c, int t, qv_events *ev)
{
	e->conflicts &= ~(1ull << t);
	int atk_a = ev_kinds[kind_at(s, c)].atk, atk_d = ev_kinds[kind_at(s, t)].atk;
	if (ev) {
		char a[96], b[96];
		card_at(s, c, false, a, sizeof a);
		card_at(s, t, false, b, sizeof b);
		qv_say(ev, "%s (ATK %d) and %s (ATK %d) clash", a, atk_a, b, atk_d);
	}
	ev_cell *a = &s->cell[c], *b = &s->cell[t];
	a->dmg = (uint8_t)(a->dmg + atk_d > 255 ? 255 : a->dmg + atk_d);
	b->dmg = (uint8_t)(b->dmg + atk_a > 255 ? 255 : b->dmg + atk_a);
	bool dead_a = ev_cur_def(s, c) <= 0, dead_d = ev_cur_def(s, t) <= 0;
	if (ev) {
		say_hit(s, c, atk_d, ev);
		say_hit(s, t, atk_a, ev);
		if (dead_a)
			say_entries_end(s, c, ev);
		if (dead_d)
			say_entries_end(s, t, ev);
	}
	if (dead_d)
		to_graveyard(s, t);
	if (dead_a) {
		to_graveyard(s, c);
		return; /* settle drops the entry: the sequence ends at once */
	}
	if (e->conflicts == 0)
		flip_step(s, c, ev);
}

/* Leaves Ability Phase 1 of the active card on c: its conflicts, or its flip step at once. */
static void start_conflicts(ev_state *s, ev_entry *e, int c, qv_events *ev)
{
	uint64_t m = defenders(s, c);
	char b[96];
	if (ev && !ev_in_main(c)) {
		card_at(s, c, false, b, sizeof b);
		qv_say(ev, "%s is in the out zone: no conflicts, no flips", b);
	}
	for (int t = 0; ev && t < EV_NCELLS; t++)
		if (m >> t & 1) {
			card_at(s, t, false, b, sizeof b);
			qv_say(ev, "%s points back: it defends its position", b);
		}
	if (m) {
		e->step = EV_ST_CONFLICTS;
		e->conflicts = m;
	} else {
		flip_step(s, c, ev);
	}
}

/* ---- apply ---- */

/* Whether a is in legal_main's list, tested without listing: the conditions of each family
 * there, on the one card and cell the action names. */
static bool main_listed(const ev_state *s, qv_action a)
{
	int type = EV_TYPE(a), arg = EV_ARG(a), k = arg & 31, c = arg >> 5;
	const ev_player *pl = &s->pl[s->active];
	if (a < 0)
		return false;
	if (type == EV_ACT_END)
		return arg == 0;
	if (s->played)
		return false;
	switch (type) {
	case EV_ACT_PLAY:
	case EV_ACT_COVER:
		return k < EV_NMONSTERS && c < EV_NCELLS && pl->hand[k] && !occupied(s, c) &&
		       (type == EV_ACT_COVER || ev_kinds[k].cost <= pl->credits);
	case EV_ACT_REVEAL:
		return arg < EV_NCELLS && occupied(s, arg) && covered(s, arg) &&
		       s->cell[arg].ctrl == s->active &&
		       ((s->cell[arg].flags & EV_F_GROWTH) ||
		        ev_kinds[kind_at(s, arg)].cost <= pl->credits);
	default: return false;
	}
}

/* Legal when it is the coin's outcome during the toss, or one of the legal actions: the main
 * phase's tested directly, the chain's and the mulligan's (short lists) looked up. */
static qv_status ev_check(const void *st, qv_action a, qv_err *err)
{
	const ev_state *s = st;
	if (s->phase == EV_PH_COIN)
		return EV_TYPE(a) == EV_ACT_COIN && (EV_ARG(a) == 0 || EV_ARG(a) == 1)
		           ? QV_OK
		           : explain(s, a, err);
	if (s->phase == EV_PH_MAIN)
		return main_listed(s, a) ? QV_OK : explain(s, a, err);
	qv_action list[EV_MAX_ACTIONS];
	int n = ev_legal(s, list);
	for (int i = 0; i < n; i++)
		if (list[i] == a)
			return QV_OK;
	return explain(s, a, err);
}

/* The mulligan of p, returning the nb cards of back: they go under the deck (the last one
 * named at the very bottom), the deck is shuffled when the game shuffles, and p draws back
 * to the starting hand. */
static void mulligan(ev_state *s, int p, const int *back, int nb, qv_events *ev)
{
	ev_player *pl = &s->pl[p];
	for (int j = 0; j < nb; j++) {
		pl->hand[back[j]]--;
		pl->nhand--;
	}
	memmove(pl->deck + nb, pl->deck, pl->ndeck);
	for (int j = 0; j < nb; j++)
		pl->deck[j] = (uint8_t)back[nb - 1 - j];
	pl->ndeck = (uint8_t)(pl->ndeck + nb);
	if (s->shuffle)
		qv_shuffle_bytes(pl->deck, pl->ndeck, &s->rng);
	int drawn[EV_HAND_START], n = 0;
	while (pl->nhand < EV_HAND_START && pl->ndeck && n < EV_HAND_START)
		drawn[n++] = draw(s, p);
	if (!ev)
		return;
	qv_say(ev, "p%d puts %d card%s %s and draws %d", p + 1, nb, nb == 1 ? "" : "s",
	       s->shuffle ? "back, shuffles the deck" : "under the deck", n);
	/* which cards, for p alone, in lines that stay short */
	char line[80];
	size_t at = 0;
	for (int i = 0; i < n; i++) {
		const char *id = ev_kinds[drawn[i]].id;
		if (at && at + strlen(id) + 2 > 60) {
			qv_say(ev, "{%c:p%d draws %s|}", mask_of(p), p + 1, line);
			at = 0;
		}
		at += (size_t)snprintf(line + at, sizeof line - at, "%s%s", at ? ", " : "", id);
	}
	if (at)
		qv_say(ev, "{%c:p%d draws %s|}", mask_of(p), p + 1, line);
}

/* Copies of the stack entries before an action, to tell when the chain goes back to one. */
typedef struct chain_memo {
	ev_entry stack[EV_MAX_STACK];
	int n;
} chain_memo;

/* After an action: when the top entry is one that waited under the top before it (the entries
 * above it were done or ended, none was pushed), the chain has gone back to it; says so, with
 * where it stands. */
NARRATION static void say_chain_back(const ev_state *s, const chain_memo *m, qv_events *ev)
{
	if (s->phase != EV_PH_CHAIN || s->nstack == 0)
		return;
	const ev_entry *e = &s->stack[s->nstack - 1];
	bool waited = false;
	/* an entry that waited under the old top, with nothing new above it */
	for (int i = s->nstack - 1; i + 1 < m->n && !waited; i++)
		waited = memcmp(&m->stack[i], e, sizeof *e) == 0;
	int c = ev_find_cell_of(s, e->inst);
	if (!waited || c < 0)
		return;
	char b[96];
	card_at(s, c, false, b, sizeof b);
	qv_say(ev, "the chain goes back to %s (%s)", b,
	       e->burn_left                 ? "Firestorm points"
	       : e->step == EV_ST_CONFLICTS ? "conflicts"
	       : e->step == EV_ST_ABILITY1  ? "Ability Phase 1"
	                                    : "Ability Phase 2");
}

/* Applies a (legal) with its narration when ev is given. */
static void apply_action(ev_state *s, qv_action a, qv_events *ev)
{
	if (s->phase == EV_PH_COIN) {
		s->first = (uint8_t)EV_ARG(a);
		begin_turn(s, EV_ARG(a), ev);
		return;
	}
	int arg = EV_ARG(a), p = s->active;
	ev_player *pl = &s->pl[p];
	switch (EV_TYPE(a)) {
	case EV_ACT_KEEP:
	case EV_ACT_MULLIGAN: {
		int back[5], nb = 0;
		for (int f = 0; f < 5; f++) {
			int k = (arg >> (5 * f)) & 31;
			if (k)
				back[nb++] = k - 1;
		}
		if (nb)
			mulligan(s, p, back, nb, ev);
		pl->mull = (int8_t)nb;
		if (p == 0) {
			s->active = 1;
		} else {
			/* no shuffle is left: a cleared generator keeps later states free of it */
			s->phase = EV_PH_COIN;
			s->active = 0;
			memset(&s->rng, 0, sizeof s->rng);
		}
		return;
	}
	case EV_ACT_PLAY:
	case EV_ACT_COVER: {
		int k = arg & 31, c = arg >> 5;
		pl->hand[k]--;
		pl->nhand--;
		s->played = 1;
		if (EV_TYPE(a) == EV_ACT_COVER) {
			place(s, c, k, p, EV_F_COVERED);
		} else {
			pl->credits = (uint16_t)(pl->credits - ev_kinds[k].cost);
			qv_say(ev, "p%d pays %d credits (%d left)", p + 1, ev_kinds[k].cost,
			       pl->credits);
			place(s, c, k, p, 0);
			push(s, c, WHY_PLAYED, ev);
		}
		settle(s, ev);
		return;
	}
	case EV_ACT_REVEAL: {
		ev_cell *x = &s->cell[arg];
		int k = kind_at(s, arg);
		if (x->flags & EV_F_GROWTH) {
			qv_say(ev, "the card is %s, Growth-placed: no cost", ev_kinds[k].id);
		} else {
			pl->credits = (uint16_t)(pl->credits - ev_kinds[k].cost);
			qv_say(ev, "the card is %s: p%d pays %d credits (%d left)", ev_kinds[k].id,
			       p + 1, ev_kinds[k].cost, pl->credits);
		}
		x->flags &= (uint8_t) ~(EV_F_COVERED | EV_F_GROWTH);
		s->played = 1;
		push(s, arg, WHY_PLAYED, ev);
		settle(s, ev);
		return;
	}
	case EV_ACT_END: end_turn(s, ev); return;
	case EV_ACT_ABILITY: {
		ev_entry *e = &s->stack[s->nstack - 1];
		int c = ev_find_cell_of(s, e->inst);
		use_ability(s, e, c, arg & 7, (arg >> 3) & 3, arg >> 5, ev);
		break;
	}
	case EV_ACT_BURN: burn(s, &s->stack[s->nstack - 1], arg, ev); break;
	case EV_ACT_CONFLICT: {
		ev_entry *e = &s->stack[s->nstack - 1];
		conflict(s, e, ev_find_cell_of(s, e->inst), arg, ev);
		break;
	}
	case EV_ACT_NEXT: {
		ev_entry *e = &s->stack[s->nstack - 1];
		int c = ev_find_cell_of(s, e->inst);
		if (e->step == EV_ST_ABILITY2) {
			if (ev) {
				char b[96];
				card_at(s, c, false, b, sizeof b);
				qv_say(ev, "the activation of %s is over", b);
			}
			memset(e, 0, sizeof *e);
			s->nstack--;
		} else {
			start_conflicts(s, e, c, ev);
		}
		break;
	}
	default: return;
	}
	settle(s, ev);
}

/* With a narration, also says when the chain goes back to a waiting activation. */
NARRATION static void apply_narrated(ev_state *s, qv_action a, qv_events *ev)
{
	chain_memo memo;
	memo.n = s->nstack;
	memcpy(memo.stack, s->stack, sizeof memo.stack);
	apply_action(s, a, ev);
	say_chain_back(s, &memo, ev);
}

static void ev_apply(void *st, qv_action a, qv_events *ev)
{
	if (ev)
		apply_narrated(st, a, ev);
	else
		apply_action(st, a, NULL);
}

/* ---- scores, ranks, utilities ---- */

static void ev_score(const void *st, int *out) { ev_scores(st, out); }

static void ev_ranks(const void *st, int *out)
{
	int sc[2];
	ev_scores(st, sc);
	out[0] = sc[0] >= sc[1] ? 1 : 2;
	out[1] = sc[1] >= sc[0] ? 1 : 2;
}

static int ev_num_players(const void *st)
{
	(void)st;
	return 2;
}

static int ev_to_move_fn(const void *st) { return ev_to_move(st); }

static bool ev_capped(const void *st)
{
	const ev_state *s = st;
	return s->phase == EV_PH_OVER && s->ended == EV_END_CAP;
}

/* ---- determinization ---- */

/* The cards of player q whose place `viewer` does not know, by kind: what determinize deals
 * (any deck, an opponent's hand and covered cards). */
static void unseen_kinds(const ev_state *s, int q, int viewer, int *count)
{
	const ev_player *pl = &s->pl[q];
	bool mine = q == viewer;
	for (int k = 0; k < EV_NKINDS; k++)
		count[k] = pl->owned[k] - (mine ? pl->hand[k] : 0);
	for (int c = 0; c < EV_NCELLS; c++)
		if (occupied(s, c) && s->cell[c].owner == q && (mine || !covered(s, c)))
			count[kind_at(s, c)]--;
	for (int i = 0; i < pl->ngrave; i++)
		count[pl->grave[i]]--;
	for (int i = 0; i < pl->nremoved; i++)
		count[pl->removed[i]]--;
}

/* Rebuilds what `viewer` cannot see from public facts (the deck lists are parameters, the
 * board's face-up cards and blocks, graveyards and removed cards are public) and the viewer's
 * own hand and covered cards: the order of both decks, and the opponent's hand and covered
 * cards. Covered cards are monsters, so they take the first monsters of the shuffled pool. */
static void ev_determinize(void *st, int viewer, qv_rng *rng)
{
	ev_state *s = st;
	if (viewer == QV_VIEW_ALL)
		return;
	for (int q = 0; q < 2; q++) {
		ev_player *pl = &s->pl[q];
		bool mine = q == viewer;
		int count[EV_NKINDS];
		unseen_kinds(s, q, viewer, count);
		uint8_t pool[EV_DECK_MAX];
		int n = qv__deck_pool(count, EV_NKINDS, pool, EV_DECK_MAX);
		qv_shuffle_bytes(pool, n, rng);
		if (!mine) {
			/* covered cards first, from the monsters of the pool in shuffled order */
			for (int c = 0; c < EV_NCELLS; c++) {
				if (!occupied(s, c) || s->cell[c].owner != q || !covered(s, c))
					continue;
				int i = 0;
				while (i < n && ev_is_block(pool[i]))
					i++;
				if (i == n)
					continue; /* an inconsistent state; keep what is there */
				s->cell[c].kind = (uint8_t)(pool[i] + 1);
				memmove(pool + i, pool + i + 1, (size_t)(n - 1 - i));
				n--;
			}
		}
		int at = 0;
		if (!mine)
			qv__deck_deal_hand(pool, n, &at, pl->hand, EV_NKINDS, pl->nhand);
		qv__deck_deal_deck(pool, n, &at, pl->deck, EV_DECK_MAX, pl->ndeck);
	}
	if (s->phase == EV_PH_MULLIGAN)
		qv_rng_seed(&s->rng, qv_rng_next(rng));
}

/* ---- reveals (qv_game.reveals) ---- */

/* The covered cards player q owns on the board. */
static int covered_count(const ev_state *s, int q)
{
	int n = 0;
	for (int c = 0; c < EV_NCELLS; c++)
		n += occupied(s, c) && s->cell[c].owner == q && covered(s, c);
	return n;
}

/* A decision shows the viewer something when a card the viewer could not place becomes one it
 * can: a draw from the viewer's own deck, a card played from the opponent's hand or turned
 * face up, a covered card sent to the graveyard; when the viewer's mulligan draws a new hand
 * (from a deck in an order nobody knows, even if the same kinds come back); and when the
 * opponent puts a card face down (a cover, a Growth) while the viewer cannot rule out a hand
 * of blocks only (covered cards are monsters, so it shows that the hand held one). A card going
 * from the opponent's deck to the opponent's hand stays unseen. True also in the rare case where
 * every unseen card is alike, so that nothing is learnt. */
static bool ev_reveals(const void *st, qv_action a, int viewer)
{
	const ev_state *s = st;
	if (viewer < 0 || viewer > 1)
		return false;
	int mover = ev_to_move(s);
	if (EV_TYPE(a) == EV_ACT_MULLIGAN && mover == viewer)
		return true;
	ev_state t = *s;
	ev_apply(&t, a, NULL);
	if (mover == 1 - viewer && covered_count(&t, mover) > covered_count(s, mover)) {
		int unseen[EV_NKINDS], blocks = 0;
		unseen_kinds(s, mover, viewer, unseen);
		for (int k = EV_NMONSTERS; k < EV_NKINDS; k++)
			blocks += unseen[k];
		if (blocks >= s->pl[mover].nhand)
			return true;
	}
	for (int q = 0; q < 2; q++) {
		int before[EV_NKINDS], after[EV_NKINDS];
		unseen_kinds(st, q, viewer, before);
		unseen_kinds(&t, q, viewer, after);
		for (int k = 0; k < EV_NKINDS; k++)
			if (after[k] < before[k])
				return true;
	}
	return false;
}

/* ---- heuristic ---- */

/* The score lead weighs most; then board material (ATK + DEF of controlled face-up monsters,
 * covered cards at a flat value), credits and cards in hand, lightly. */
static double ev_heuristic(const void *st, int player)
{
	const ev_state *s = st;
	if (s->phase == EV_PH_OVER) {
		int rk[2];
		double r[2];
		ev_ranks(s, rk);
		qv_utilities_from_ranks(rk, 2, r);
		return r[player];
	}
	/* the scores and the material in one pass, in cell order as before */
	int sc[2] = {0, 0};
	double w[2] = {0, 0};
	for (uint64_t m = s->board; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		const ev_cell *x = &s->cell[c];
		if (x->kind - 1u >= EV_NMONSTERS) /* a block */
			continue;
		bool in_main = MAIN_ZONE >> c & 1;
		if (x->flags & EV_F_COVERED) {
			w[x->ctrl] += 0.15;
		} else {
			sc[x->ctrl] += in_main;
			w[x->ctrl] += 0.03 * (ev_kinds[x->kind - 1].atk + ev_cur_def(s, c)) *
			              (in_main ? 1.0 : 0.5);
		}
	}
	double v = 0.5 * (sc[player] - sc[1 - player]) + (w[player] - w[1 - player]) +
	           0.01 * (s->pl[player].credits - s->pl[1 - player].credits) +
	           0.05 * (s->pl[player].nhand - s->pl[1 - player].nhand);
	return v / (1.0 + (v < 0 ? -v : v));
}

/* ---- the descriptor ---- */

const qv_game qv_evons = {
    .name = "evons",
    .title = "Evons",
    .summary =
        "A card game on a 7 x 7 board: a 5 x 5 main zone (a1-e5) in an out-zone ring (columns\n"
        "x and y, rows 0 and 6). Each player draws 5 from a deck, may mulligan once (keep, or\n"
        "mulligan <card>...), starts with 50 credits and gains 5 a turn (not on the first).\n"
        "A coin picks the first player, who does not draw on the first turn.\n"
        "\n"
        "A turn: at most one hand play - play <card> <cell> (pay the cost, it activates),\n"
        "cover <card> <cell> (face down, free) or reveal <cell> (pay, it activates) - then\n"
        "end. An activation: Ability Phase 1 (ability <dir> [args] or next), conflicts with\n"
        "opponent cards whose arrows point back (conflict <cell>: both deal ATK to DEF at\n"
        "once), flips of the opponent cards it points at that do not point back, Ability\n"
        "Phase 2. Abilities: Remove, Block, Firestorm (burn <cell> per point), Swap,\n"
        "Shockwave, Magnetism, Growth, Resurrection. Moved cards reactivate (once a turn) on a\n"
        "LIFO chain stack. Directions are board directions; a p2 card is turned 180 degrees.\n"
        "\n"
        "The game ends when the main zone is full, after two consecutive ends without a hand\n"
        "play, or at max_turns. Score: face-up monsters a player controls in the main zone;\n"
        "higher wins, equal is a draw.",
    .min_players = 2,
    .max_players = 2,
    .params = ev_params,
    .nparams = EV_NPARAMS,
    .max_actions = EV_MAX_ACTIONS,
    .max_chance = EV_MAX_CHANCE,
    .state_size = sizeof(ev_state),
    .init = ev_init,
    .num_players = ev_num_players,
    .to_move = ev_to_move_fn,
    .legal = ev_legal,
    .chance = ev_chance,
    .check = ev_check,
    .apply = ev_apply,
    .score = ev_score,
    .ranks = ev_ranks,
    .action_to_text = ev_action_to_text,
    .action_from_text = ev_action_from_text,
    .render_text = ev_render_text,
    .determinize = ev_determinize,
    .state_json = ev_state_json,
    .view_json = ev_view_json,
    .load_json = ev_load_json,
    .secret = NULL,
    .sample = ev_sample,
    .count = ev_count,
    .heuristic = ev_heuristic,
    .capped = ev_capped,
    .reference = ev_reference,
    .action_note = ev_action_note,
    .reveals = ev_reveals,
};
