/*
 * arrow_party.h - Arrow Party internals shared by the files of this folder: the card tables,
 * the state, the action encoding, the small queries every file uses, and each file's
 * functions. Not a public header: everything outside this folder sees the game only through
 * `qv_arrow_party` (game.h).
 *
 * Cards are numbered 0..39: the 30 arrow cards 0..29 (value v = card / 6 + 1, letter
 * card % 6, so 0 is 1a and 29 is 5f), then the 10 item kinds 30..39 in table order (the four
 * copies of a kind are identical, so a kind is a card). Cells are y * size + x, so a1 = 0 and
 * ascending cell numbers run a1, b1, ..., a2, ...
 *
 * Knowledge: every card in a hand carries a mask of who knows its identity: bit p for player
 * p, and AP_PUBLIC when everyone (spectators too) knows it; a public card has every player's
 * bit too. Hands are kept sorted by (card, mask), so equal hands are equal bytes whatever
 * happened before: determinize relies on it.
 */
#ifndef QUIVER_ARROW_PARTY_H
#define QUIVER_ARROW_PARTY_H

#include "quiver/game.h"

#define AP_NARROWS    30 /* arrow cards a set may have: 5 stacks of AP_STACK_MAX */
#define AP_NKINDS     10 /* item kinds a set may have (the state counts items by kind) */
#define AP_NCARDS     (AP_NARROWS + AP_NKINDS)
#define AP_NVALUES    5
#define AP_STACK_MAX  6
#define AP_HAND_MAX   80 /* a hand can hold every card: checked by the build */
#define AP_SIZE_MAX   26
#define AP_NCELLS     (AP_SIZE_MAX * AP_SIZE_MAX)
#define AP_NDICE      6 /* dice a set may have */
#define AP_NPAIRS     10
#define AP_ITEMS_MAX  (AP_HAND_MAX - AP_NARROWS) /* items of all kinds together */
#define AP_DEAL_ITEMS 3                          /* items dealt to each player at set-up */
#define AP_PUBLIC     0x20
/* The knowledge of a public card in a game of n players: every player's bit and AP_PUBLIC. */
#define AP_ALL_KNOW(n) ((uint8_t)(((1u << (n)) - 1) | AP_PUBLIC))
/* legal() lists at most 57 (item uses: 5 dice, 40 swaps, 4 exchanges, 7 others, ready; a
 * throw lists at most the 30 arrow cards), chance() at most 121 (11 x 11 gives of a pair). */
#define AP_MAX_ACTIONS 64
#define AP_MAX_CHANCE  128

/* The effects an item kind may have (its `effect.kind` in the components, docs/variants.md),
 * in the order of the rules page. The three movement effects apply in this order; each
 * effect is used at most once a round by a player. */
enum {
	AP_E_MULTIPLY, /* steps x factor */
	AP_E_DIVIDE,   /* steps / divisor, rounded down */
	AP_E_SUBTRACT, /* steps - n, at least 0 */
	AP_E_REVERSE,
	AP_E_DRAW, /* draws `cards` arrow cards */
	AP_E_DICE,
	AP_E_SWAP,
	AP_E_NOSWAP,
	AP_E_NOPICKUP,
	AP_E_EXCHANGE,
	AP_NEFFECTS
};

#define AP_ID_MAX 11 /* the longest id of a card or die */

/* The components a game plays with (tables.c builds them from a resolved document, once per
 * variant; a state names them by its `variant` slot). Arrow cards are numbered 0..narrows-1
 * sorted by value (stable: table order within a value), items AP_NARROWS + kind in table
 * order, dice 0..ndice-1 in table order. */
typedef struct ap_tables {
	int narrows, nkinds, ndice, nitems;            /* nitems: the item cards of all kinds */
	uint8_t arrows[AP_NARROWS];                    /* bit d: an arrow in printed direction d */
	uint8_t value[AP_NARROWS];                     /* the number of arrows: the card's stack */
	uint8_t first[AP_NVALUES], nvalue[AP_NVALUES]; /* stack v: cards first[v].. */
	char arrow_id[AP_NARROWS][AP_ID_MAX + 1];
	char arrow_text[AP_NARROWS][24]; /* printed arrows, in printed order */
	char item_id[AP_NKINDS][AP_ID_MAX + 1];
	uint8_t effect[AP_NKINDS]; /* AP_E_* */
	uint8_t param[AP_NKINDS];  /* factor, divisor, steps or cards; else 0 */
	uint8_t count[AP_NKINDS];  /* copies in the game */
	int item_points[AP_NKINDS];
	double worth[AP_NKINDS];     /* the heuristic's worth while rounds remain */
	uint16_t emask[AP_NEFFECTS]; /* the kinds with each effect */
	char die_id[AP_NDICE][AP_ID_MAX + 1];
	int die_faces[AP_NDICE], die_points[AP_NDICE];
	int start_die, max_faces;
	int star_points, skull_points, stars_per_player, skulls_per_player;
} ap_tables;

extern const struct qv_components ap_components;
extern const char *const ap_effect_names[AP_NEFFECTS + 1]; /* NULL-terminated */

/* Ground cells: 0 empty, a star, a skull, or AP_G_ITEM + kind (face down); AP_G_KNOWN marks
 * an item whose identity everyone knows (an explicit `ground` parameter is public). */
enum { AP_G_EMPTY = 0, AP_G_STAR = 1, AP_G_SKULL = 2, AP_G_ITEM = 3, AP_G_KNOWN = 0x80 };

/* Phases, in round order. */
enum {
	AP_PH_ITEMS, /* secret: `use ...` then `ready`, player `active` */
	AP_PH_TAKE,  /* chance: `take <item>` for the swap of player `active` */
	AP_PH_DRAW,  /* chance: `stack <value>` for the draw of player `active` */
	AP_PH_THROW, /* secret: `throw <card>` */
	AP_PH_LAND,  /* chance: `land <k>` */
	AP_PH_ROLL,  /* chance: `roll <n>` */
	AP_PH_GO,    /* secret: `go <dir>` */
	AP_PH_WALK,  /* chance: `give <item|none> <item|none>` for the first pending pair */
	AP_PH_OVER,
	AP_NPHASES
};

/* Action encoding: type << 16 | payload. */
enum {
	AP_ACT_USE = 1, /* kind | a << 4 | b << 8: dice a = die index; swap a = target,
	                   b = item kind; exchange a = target */
	AP_ACT_READY = 2,
	AP_ACT_THROW = 3, /* arrow card */
	AP_ACT_GO = 4,    /* board direction */
	AP_ACT_LAND = 5,  /* k */
	AP_ACT_ROLL = 6,  /* n */
	AP_ACT_GIVE = 7,  /* (kind + 1 or 0) | (kind + 1 or 0) << 4: lower seat first */
	AP_ACT_TAKE = 8,  /* kind */
	AP_ACT_STACK = 9  /* value 1..5 */
};

#define AP_TYPE(a)         ((int)((uint32_t)(a) >> 16))
#define AP_ARG(a)          ((int)((a)&0xFFFF))
#define AP_MAKE(type, arg) ((qv_action)(((type) << 16) | (arg)))

/* The state and everything in it has no implicit padding (game.h): the build fails if a gap
 * appears, and the named gaps (pad_) stay zero. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"

typedef struct ap_entry {
	uint8_t card, know;
} ap_entry;

typedef struct ap_player {
	ap_entry hand[AP_HAND_MAX]; /* sorted by (card, know) */
	uint8_t nhand;
	uint8_t die; /* 0..5: d4 d6 d8 d10 d12 d20 */
	uint8_t stars, skulls;
	uint16_t pos;  /* cell */
	uint16_t uses; /* bit k: kind k used (committed) this round */
	uint8_t dice_to, swap_target, swap_item, exch_target;
	uint8_t throw_card; /* arrow card + 1, 0: none */
	uint8_t land;       /* k + 1, 0: not landed */
	uint8_t roll;       /* 0: not rolled */
	uint8_t go;         /* direction + 1, 0: none */
	uint8_t steps;      /* walk: steps left */
	uint8_t skip;       /* no arrow card this round */
	uint8_t drawn;      /* cards drawn so far by this round's draw (0 outside a draw) */
	uint8_t pad_;
} ap_player;

typedef struct ap_state {
	qv_rng rng;
	ap_player pl[QV_MAX_PLAYERS];
	uint8_t ground[AP_NCELLS];
	uint8_t stack[AP_NVALUES][AP_STACK_MAX]; /* stack[v][n - 1] is the top */
	uint8_t disc[AP_NVALUES][AP_STACK_MAX];  /* in the order returned */
	uint8_t nstack[AP_NVALUES], ndisc[AP_NVALUES];
	uint8_t idisc[AP_NKINDS]; /* used items, by kind */
	uint8_t out[AP_NKINDS];   /* items out of the game, by kind */
	uint16_t bumped;          /* pairs that bumped this round */
	uint16_t pending;         /* pairs of the last tick waiting for their give */
	uint8_t nplayers, size, rounds, shuffle;
	uint8_t round, phase, active, tick;
	uint16_t variant; /* the components' slot (qv_variant_tables) */
} ap_state;

#pragma GCC diagnostic pop

extern const char *const ap_phase_names[AP_NPHASES];
extern const uint8_t ap_pair_a[AP_NPAIRS], ap_pair_b[AP_NPAIRS];

#include "quiver/variant.h"

/* What the designer's lab reads off a game (lab.c), named by ap_components: the item kind a
 * decision uses, the play area of the heat maps, the cells the tokens walk through. */
int ap_component_of(const void *st, qv_action a);
int ap_held(const void *st, int seat, int entry);
void ap_lab_board(const void *st, struct qv_lab_board *out);
int ap_touched(const void *before, qv_action a, const void *after, struct qv_lab_touch *out,
               int max);

/* The components s plays with. */
static inline const ap_tables *ap_T(const ap_state *s) { return qv_variant_tables(s->variant); }

static inline bool ap_is_item(int card) { return card >= AP_NARROWS && card < AP_NCARDS; }
static inline int ap_value(const ap_tables *T, int card) { return T->value[card]; }
#define AP_VALUE_MAX     AP_NVALUES /* the highest ap_value of an arrow card */
#define AP_DIE_FACES_MAX 20         /* the most faces a die may have */
static inline int ap_kind(int card) { return card - AP_NARROWS; }
static inline bool ap_used(const ap_player *p, int kind) { return p->uses >> kind & 1; }
/* Whether p used an item with effect e this round (at most one kind of each effect). */
static inline bool ap_used_effect(const ap_tables *T, const ap_player *p, int e)
{
	return (p->uses & T->emask[e]) != 0;
}
/* The kind with effect e that p used this round (ap_used_effect true). */
static inline int ap_used_kind(const ap_tables *T, const ap_player *p, int e)
{
	return __builtin_ctz(p->uses & T->emask[e]);
}
/* Whether viewer (a player, QV_VIEW_PUBLIC or QV_VIEW_ALL) knows a card of mask know. */
static inline bool ap_knows(int know, int viewer)
{
	if (viewer == QV_VIEW_ALL)
		return true;
	if (viewer == QV_VIEW_PUBLIC)
		return (know & AP_PUBLIC) != 0;
	return (know >> viewer & 1) != 0;
}
static inline int ap_pair_index(int a, int b)
{
	for (int i = 0; i < AP_NPAIRS; i++)
		if (ap_pair_a[i] == a && ap_pair_b[i] == b)
			return i;
	return -1;
}

/* Small queries every file of the game uses, the rules' hot paths included, so they are
 * inline here. */

/* The phases whose decisions are secret commitments (items, throw, go). */
static inline bool ap_secret_phase(int phase)
{
	return phase == AP_PH_ITEMS || phase == AP_PH_THROW || phase == AP_PH_GO;
}

static inline int ap_to_move(const ap_state *s)
{
	switch (s->phase) {
	case AP_PH_OVER: return QV_OVER;
	case AP_PH_ITEMS:
	case AP_PH_THROW:
	case AP_PH_GO: return s->active;
	default: return QV_CHANCE;
	}
}

/* Copies of `card` in a hand. */
static inline int ap_hand_count(const ap_player *pl, int card)
{
	int n = 0;
	for (int i = 0; i < pl->nhand; i++)
		n += pl->hand[i].card == card;
	return n;
}

/* The 8-bit direction mask m turned clockwise by k eighths (0 <= k < 8): bit d goes to
 * bit d + k, modulo 8. */
static inline int ap_rot_mask(int m, int k) { return (m << k | m >> (QV_NDIRS - k)) & 0xff; }

/* Card `card` landed turned k eighths: its board directions (and their opposites with
 * `reverse`). */
static inline int ap_card_dirs(const ap_tables *T, int card, int k, bool reverse)
{
	int m = ap_rot_mask(T->arrows[card], k);
	return reverse ? m | ap_rot_mask(m, 4) : m;
}

/* The board directions `go` may take: those of p's landed card (mask). */
static inline int ap_arrow_dirs(const ap_state *s, int p)
{
	const ap_player *pl = &s->pl[p];
	if (!pl->throw_card || !pl->land)
		return 0;
	const ap_tables *T = ap_T(s);
	return ap_card_dirs(T, pl->throw_card - 1, pl->land - 1,
	                    ap_used_effect(T, pl, AP_E_REVERSE));
}

/* Steps of a roll after the movement items used (uses: a player's `uses`): multiply, then
 * divide, then subtract. */
static inline int ap_steps(const ap_tables *T, int roll, int uses)
{
	int n = roll, m;
	if ((m = uses & T->emask[AP_E_MULTIPLY]))
		n *= T->param[__builtin_ctz((unsigned)m)];
	if ((m = uses & T->emask[AP_E_DIVIDE]))
		n /= T->param[__builtin_ctz((unsigned)m)];
	if ((m = uses & T->emask[AP_E_SUBTRACT])) {
		int k = T->param[__builtin_ctz((unsigned)m)];
		n = n > k ? n - k : 0;
	}
	return n;
}

static inline int ap_score_of(const ap_state *s, int p)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int v = T->star_points * pl->stars + T->skull_points * pl->skulls + T->die_points[pl->die];
	for (int i = 0; i < pl->nhand; i++) {
		int c = pl->hand[i].card;
		v += ap_is_item(c) ? T->item_points[ap_kind(c)] : T->value[c];
	}
	return v;
}

/* Whether p's commitment in the current secret phase is made (for views; the observation asks
 * it of every seat at every step). */
static inline bool ap_committed(const ap_state *s, int p)
{
	if (!ap_secret_phase(s->phase))
		return false;
	if (s->phase != AP_PH_ITEMS && s->pl[p].skip)
		return false;
	return p < s->active;
}
/* Whether the player's secret of the current phase is hidden from viewer. */
static inline bool ap_hidden_commit(const ap_state *s, int p, int viewer)
{
	return ap_secret_phase(s->phase) && viewer != p && viewer != QV_VIEW_ALL;
}

/* Player p's starting cell: the corners, then the middle. Inline: set-up, in setup.c, asks it
 * of every cell for every player when it lays the ground at random. */
static inline int ap_start_cell(int size, int p)
{
	int c = (size + 1) / 2 - 1;
	switch (p) {
	case 0: return 0;
	case 1: return (size - 1) * size + size - 1;
	case 2: return (size - 1) * size;
	case 3: return size - 1;
	default: return c * size + c;
	}
}

/* The rules (rules.c): apply, the end and the descriptor. */
extern const qv_game qv_arrow_party;
void ap_sort_hand(ap_player *pl);
void ap_apply(void *st, qv_action a, qv_events *ev);
/* The end of the game: every item in every hand becomes public (the score is counted in the
 * open). */
void ap_show_items(ap_state *s);
/* Marks a committed use (AP_ARG of a `use`). */
void ap_record_use(const ap_tables *T, ap_player *pl, int arg);

/* Adds `card` to p's hand, known to the players of `know`, keeping the hand sorted. */
static inline void ap_hand_add(ap_player *pl, int card, int know)
{
	if (pl->nhand >= AP_HAND_MAX)
		return;
	pl->hand[pl->nhand++] = (ap_entry){(uint8_t)card, (uint8_t)know};
	ap_sort_hand(pl);
}

/* Takes the top card of stack v (which must not be empty), clearing its slot. */
static inline int ap_pop_stack(ap_state *s, int v)
{
	int c = s->stack[v][--s->nstack[v]];
	s->stack[v][s->nstack[v]] = 0;
	return c;
}

/* The parameters and the set-up of a game (setup.c): the descriptor's params and init. */
#define AP_NPARAMS 8
extern const qv_param_def ap_params[AP_NPARAMS];
qv_status ap_init(void *st, const qv_params *params, uint64_t seed, qv_err *err);

/* What a viewer cannot see, guessed, and what a decision shows (determinize.c): the
 * descriptor's determinize and reveals. */
void ap_determinize(void *st, int viewer, qv_rng *rng);
bool ap_reveals(const void *st, qv_action a, int viewer);

/* The invariants of a state (check.c): the descriptor's state_ok, which names the broken
 * invariant in why (load_json's last check, which checks the round's commitments against the
 * phase). */
bool ap_state_ok(const void *st, qv_err *why);
/* The copies of each card (AP_NCARDS entries, arrow cards then item kinds) in the hands, thrown
 * and out of the hands (from the landing to the walk), the stacks and discard piles, the
 * ground, the used items and those out of the game: what load_json fills the stacks and the
 * items out of the game from, and what the check compares with the components. */
void ap_count_cards(const ap_state *s, int *count);

/* Legal actions (legal.c): the list, the chance outcomes, check with the reason for a
 * refusal. */
int ap_legal(const void *st, qv_action *out);
int ap_chance(const void *st, qv_action *out, double *prob);
qv_status ap_check(const void *st, qv_action a, qv_err *err);
/* Legal `use` actions of player p given its commitments so far (items phase). */
int ap_legal_uses(const ap_state *s, int p, qv_action *out);

/* Narration (narrate.c): rules.c calls these only when apply was given a qv_events. */

/* One narration line being built from a list (a walk, a score, the final order): its head
 * ("p1 walks N 5:", "p1 scores 4:", "final order:"), then pieces, each an argument of the
 * line's format (a phrase, or plain text such as a stretch of squares); a format per number of
 * pieces says it. A token that would take the line past the width has the line said and
 * continued on a new one, whose head names its subject again ("p1 walks on:"). Lines go to ev
 * (for the walk, a qv_events that holds them for later). */
#define AP_LINE_PIECES 5   /* the most pieces a line holds */
#define AP_PHRASE      256 /* a piece's room: a phrase's text and its message */
enum { AP_LINE_WALK, AP_LINE_SCORE, AP_LINE_ORDER };
typedef struct ap_line {
	qv_events *ev;
	int kind;    /* AP_LINE_* */
	int p, a, b; /* the head's player, and a walk's direction and steps or a score */
	bool cont;   /* a continuation line ("p1 walks on:") */
	bool run;    /* (a walk) the last piece is plain squares, which the next step may join */
	int n;       /* pieces */
	int ntok;    /* tokens on the line (a piece of a walk may hold several squares) */
	int width;   /* the columns the line takes */
	char piece[AP_LINE_PIECES][AP_PHRASE];
} ap_line;

/* What a step found (pick_up's result): the low four bits, the item kind above them. */
enum { AP_PICK_NONE, AP_PICK_STAR, AP_PICK_SKULL, AP_PICK_KNOWN, AP_PICK_HIDDEN, AP_PICK_LEFT };

/* The walk's lines: each player's stretch since the last pause, said together in seat
 * order at a bump or at the end of the walk. */
typedef struct ap_walk_say {
	qv_events *ev;
	ap_line line[QV_MAX_PLAYERS];
	qv_events held[QV_MAX_PLAYERS]; /* each player's lines of this stretch */
	bool open[QV_MAX_PLAYERS];
	uint8_t found[QV_MAX_PLAYERS][AP_NKINDS]; /* face-down items picked up, by kind */
} ap_walk_say;

void ap_say_uses(const ap_state *s, qv_events *ev);
void ap_say_exchange(const ap_state *s, int p, qv_events *ev);
void ap_say_swap_void(const ap_state *s, int p, bool noswap_p, bool noswap_t, qv_events *ev);
void ap_say_swap(const ap_state *s, int p, int took, qv_events *ev); /* took: kind or -1 */
void ap_say_die(const ap_state *s, int p, qv_events *ev);
void ap_say_draw(const ap_tables *T, int p, int card, qv_events *ev);
void ap_say_no_draw(int p, qv_events *ev);
void ap_say_skip(int p, qv_events *ev);
void ap_say_throws(const ap_state *s, qv_events *ev);
void ap_say_land(const ap_state *s, int p, qv_events *ev);
void ap_say_roll(const ap_state *s, int p, qv_events *ev);
void ap_walk_say_init(ap_walk_say *ws, qv_events *ev);
void ap_walk_say_free(ap_walk_say *ws);
void ap_walk_still(const ap_state *s, int p, qv_events *ev);
/* p stepped onto its cell this tick with `steps` left before it; what: AP_PICK_* | kind << 4 */
void ap_walk_step(ap_walk_say *ws, const ap_state *s, int p, int steps, int what);
void ap_walk_edge(ap_walk_say *ws, const ap_state *s, int p, int lost);
void ap_walk_flush(ap_walk_say *ws);
/* Tells each player the face-down items it picked up in this stretch, in table order. */
void ap_walk_found(ap_walk_say *ws, const ap_tables *T, int nplayers);
void ap_say_bump(const ap_state *s, int a, int b, bool cross, const uint16_t *before,
                 qv_events *ev);
/* ga, gb: kinds, or -1 for none */
void ap_say_give(const ap_tables *T, int a, int b, int ga, int gb, qv_events *ev);
void ap_say_round_end(const ap_state *s, bool thrown, qv_events *ev);
void ap_say_round(const ap_state *s, qv_events *ev);
void ap_say_refill(int v, int n, qv_events *ev);
void ap_say_dealt(const ap_tables *T, int p, const uint8_t *cards, int n, qv_events *ev);
void ap_say_end(const ap_state *s, const int *ranks, qv_events *ev);

/* Notation (notation.c): cards, items, dice, cells and actions to and from text. */
void ap_card_name(const ap_tables *T, int card, char *buf); /* buf >= 12 */
int ap_find_card(const ap_tables *T, const char *text);     /* a card, or -1 */
int ap_find_item(const ap_tables *T, const char *text);     /* kind, or -1 */
int ap_find_die(const ap_tables *T, const char *text);      /* die index, or -1 */
void ap_cell_name(const ap_state *s, int cell, char *buf);  /* buf >= 4 */
void ap_use_text(const ap_tables *T, const ap_player *pl, int kind, char *buf,
                 size_t len); /* "swap p3 x2" */
int ap_action_to_text(const void *st, qv_action a, char *buf, size_t len);
qv_status ap_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err);

/* Rendering (render.c) and JSON (json.c). */
void ap_render_text(const void *st, int viewer, unsigned flags, qv_buf *out);
struct json_t *ap_state_json(const void *st);
struct json_t *ap_view_json(const void *st, int viewer);
bool ap_view_text(const void *st, int viewer, qv_buf *out); /* view_text.c */
/* The cards on s's area as JSON (with view, face-down items only as "item"): a reference to a
 * tree the thread keeps and shares, which nobody may change (ground.c). */
struct json_t *ap_ground_json(const ap_state *s, bool view);
qv_status ap_load_json(void *st, const struct json_t *j, qv_err *err);

/* What a thing is, for players (reference.c): the descriptor's reference. */
int ap_reference(const void *st, const char *name, qv_buf *out);
/* What an action would do, for a person choosing (note.c): the descriptor's action_note. */
int ap_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm);

/* What another player may know of an action (sight.c): the descriptor's sight. */
bool ap_sight(const void *st, qv_action a, int viewer, qv_sight *out);

/* The AI's positional estimate (heuristic.c). */
double ap_heuristic(const void *st, int player);
/* Every player's ap_heuristic at once: each player's estimate made once (twice for a player
 * who has committed in a secret phase), not once per player asking. */
void ap_heuristics(const void *st, double *out);
/* The direction (1 + board direction) that takes the most on p's straight walk in the
 * direction phase, ties broken by rng: how determinize guesses another player's hidden go. */
int ap_likely_go(const ap_state *s, int p, qv_rng *rng);
/* The card (1 + card) whose walk takes the most on average over landing and roll, ties
 * broken by rng: how determinize guesses another player's hidden throw. */
int ap_likely_throw(const ap_state *s, int p, qv_rng *rng);

#endif
