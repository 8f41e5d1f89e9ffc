/*
 * concardia.h - ConCardia (Arrow rules) internals shared by the files of this folder: the
 * components' tables, the state, the action encoding. Not a public header: everything outside
 * this folder sees the game only through `qv_concardia` (game.h).
 *
 * The cards are data (data/concardia/base.json, or a variant: docs/variants.md): tables.c
 * builds a cc_tables from the resolved document once per variant, and a state names its tables
 * by the variant's slot (cc_T). Card ids are the cards' places in the document's list, 0 .. at
 * most 62 (the built-in set: template * 3 + trait, 42 cards). Squares are 0..35,
 * rank * 6 + file, so a1 = 0, b1 = 1, ..., f6 = 35: ascending square numbers are the rules
 * page's square order a1, b1, ..., f6. A set of squares or of card ids is a uint64_t bitmask.
 *
 * Speed: random playouts and the search apply millions of actions, so the rules work on
 * bitmasks and keep what the Capture step asks up to date instead of rescanning the grid: the
 * state holds the squares of each player's cards (occ) and of the cards that do something
 * (supports, chargers, movers) or are boosted, the sum of the superior Strengths pointing at
 * each card (atk) and the cards whose sum reaches their printed Defense (threat). These are
 * derived from the grid and change only with it, through cc_put, cc_lift, cc_move and
 * cc_set_boost, so two states with the same grid keep the same values. Likewise the card ids in
 * each hand (held), which every decision of the action step asks: they change with the hand only,
 * through cc_hand_take, the draw, and cc_hands_held after a hand is dealt or loaded. The tables
 * give, by a cell's value (card id + 1), its numbers, its ability's kind, the cells it beats and
 * the squares it points at from each square for each owner, so nothing is looked up by name on a
 * hot path.
 */
#ifndef QUIVER_CONCARDIA_H
#define QUIVER_CONCARDIA_H

#include "games/deck.h"
#include "quiver/game.h"
#include "quiver/variant.h"

/* The most cards a set may hold: card ids are 6 bits in an action, a cell holds id + 1 in a
 * byte and the masks of the cells a card beats are 64 bits over cell values. */
#define CC_MAX_CARDS    63
#define CC_MAX_DECKS    16 /* named decklists in a set */
#define CC_ID_MAX       15 /* characters of a card id */
#define CC_NSQ          36
#define CC_HAND         7 /* cards drawn at set-up */
#define CC_DECK_MIN     8 /* the opening hand and one card to draw */
#define CC_DECK_MAX     60
#define CC_MAX_PERSIST  4  /* Persistent Area slots (only Persistent cards go there) */
#define CC_MAX_COUNTERS 9  /* a charge ability's most counters, at most */
#define CC_START_SQ1    14 /* c3: p1's starting card goes there */
#define CC_START_SQ2    21 /* d4: p2's */
#define CC_MAX_ACTIONS  4096
#define CC_MAX_CHANCE   2

/* Traits, as a card's trait field. */
enum { CC_ROCK, CC_PAPER, CC_SCISSORS };

/* The kinds of ability the engine can play (docs/variants.md), a card's ability.kind. */
enum {
	CC_AB_NONE,
	CC_AB_MOVE,     /* Action: slide this card, or jump it over an adjacent card (courier) */
	CC_AB_SHOVE,    /* Action - Cost N: push an adjacent card one square away (shover) */
	CC_AB_SABOTAGE, /* Immediate - Cost X: remove an opponent card (saboteur) */
	CC_AB_CHARGE,   /* Persistent: Charge Counters; Action - Cost N: +S Strength (dynamo) */
	CC_AB_SUPERIOR, /* Play: Superior to cards of its own trait (duelist) */
	CC_AB_SUPPORT,  /* Play: your adjacent cards have +D Defense (banner) */
	CC_AB_SAVE,     /* Hand Reaction: save a card from capture (aegis) */
	CC_NKINDS
};

/* One card as the set prints it, and what its ability's kind and parameters make of it. */
typedef struct cc_card {
	char id[CC_ID_MAX + 1];   /* "striker-r": the name, '-', the trait's letter */
	char name[CC_ID_MAX + 1]; /* "striker" */
	char code[4];             /* the name's first three letters, for the diagram */
	uint8_t trait, strength, defense;
	uint8_t arrows;   /* bit d: an arrow in direction d of the owner's frame (N = away) */
	uint8_t type;     /* index in cc_type_names */
	uint8_t kind;     /* CC_AB_* */
	uint8_t cost;     /* shove, charge: the Action's cost */
	uint8_t counters; /* charge: the most Charge Counters it holds */
	uint8_t boost;    /* charge: the Strength its Action adds */
	uint8_t bonus;    /* support: the Defense it gives */
	uint8_t pad_[6];
	uint64_t same_name; /* the card ids of its name */
	char text[192];     /* the card text, "" when none */
} cc_card;

typedef struct cc_deck {
	char id[32];
	int n;
	uint8_t cards[CC_DECK_MAX]; /* card ids, top of deck first */
} cc_deck;

/* A set's tables (tables.c builds them; they never change). Arrays "by cell" are indexed by a
 * cell's value, card id + 1, 0 for an empty square (all zero there). */
typedef struct cc_tables {
	int ncards, ndecks;
	int id_width;    /* the longest card id's length */
	int max_defense; /* the highest printed Defense of the set */
	cc_card cards[CC_MAX_CARDS];
	cc_deck decks[CC_MAX_DECKS];
	uint64_t of_kind[CC_NKINDS]; /* the card ids with each kind of ability */
	/* by cell */
	uint8_t strength[64], defense[64], boost[64], bonus[64], kind[64], counters[64];
	uint8_t arrows[64], cost[64];
	uint64_t beats[64];             /* the cells whose card it beats for capture */
	uint64_t points[2][64][CC_NSQ]; /* the squares it points at from each square, by owner */
	char names[640]; /* the names in order, each once: "sentinel, striker, ..." */
} cc_tables;

extern const qv_game qv_concardia;
extern const qv_components cc_components;
extern const char *const cc_trait_names[4];            /* "Rock", "Paper", "Scissors", NULL */
extern const char *const cc_type_names[4];             /* "Adventurer", "Airship", "Maker", NULL */
extern const char *const cc_kind_names[CC_NKINDS + 1]; /* "none", "move", ..., NULL */

/* a's trait beats b's trait (Rock > Scissors > Paper > Rock). */
static inline bool cc_beats(int ta, int tb) { return (ta - tb + 3) % 3 == 1; }

/* Phases: what the current decision is about. */
enum {
	CC_PH_START,  /* the secret starting choice of `active` (p1, then p2) */
	CC_PH_COIN,   /* chance: who plays first */
	CC_PH_ACTION, /* the active player's action */
	CC_PH_PAY,    /* the active player pays a cost, one unit per decision */
	CC_PH_REACT,  /* a "would be captured" reaction is offered */
	CC_PH_OVER,
	CC_NPHASES
};

/* What a cost is being paid for (pend_kind). */
enum { CC_PEND_NONE, CC_PEND_SHOVE, CC_PEND_BOOST, CC_PEND_PBOOST, CC_PEND_SABOTAGE };

/* How the game ended. */
enum { CC_END_NONE, CC_END_POINTS, CC_END_PASSES, CC_END_LOSS, CC_END_CAP };

/* Action encoding: type << 16 | payload. Cards and squares take 6 bits each. */
enum {
	CC_ACT_START = 1,     /* card */
	CC_ACT_PLAY = 2,      /* card | sq << 6 */
	CC_ACT_PERSIST = 3,   /* card */
	CC_ACT_SLIDE = 4,     /* from | to << 6 */
	CC_ACT_JUMP = 5,      /* from | to << 6 */
	CC_ACT_SHOVE = 6,     /* from | pushed << 6 */
	CC_ACT_BOOST = 7,     /* sq */
	CC_ACT_PBOOST = 8,    /* card (in the Persistent Area) */
	CC_ACT_IMMEDIATE = 9, /* card | target << 6 */
	CC_ACT_DISCARD = 10,  /* card */
	CC_ACT_COUNTER = 11,  /* sq */
	CC_ACT_PCOUNTER = 12, /* card (in the Persistent Area) */
	CC_ACT_REACT = 13,    /* card | sq << 6 */
	CC_ACT_DECLINE = 14,
	CC_ACT_PASS = 15,
	CC_ACT_COIN = 16 /* player */
};

#define CC_TYPE(a)         ((int)((uint32_t)(a) >> 16))
#define CC_ARG(a)          ((int)((a)&0xFFFF))
#define CC_MAKE(type, arg) ((qv_action)(((type) << 16) | (arg)))
#define CC_A(arg)          ((arg)&63)
#define CC_B(arg)          (((arg) >> 6) & 63)

/* The state and every struct in it have no implicit padding (game.h: states are compared
 * byte for byte): the build fails if one appears, and the named gaps (pad_) stay zero. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"

/* A square of the grid. card is the card id + 1 (0: empty). */
typedef struct cc_cell {
	uint8_t card, owner, counters, boost;
} cc_cell;

/* One player's zones. Lists of cards hold card ids; unused entries are 0. */
typedef struct cc_player {
	uint8_t owned[CC_MAX_CARDS];     /* the decklist (a parameter), by card id */
	uint8_t hand[CC_MAX_CARDS + 1];  /* cards in hand, by card id (the last byte stays 0) */
	uint8_t deck[CC_DECK_MAX];       /* deck[ndeck - 1] is the top */
	uint8_t discard[CC_DECK_MAX];    /* discard[ndiscard - 1] is the top */
	uint8_t victory[CC_DECK_MAX];    /* the opponent's cards this player captured, in order */
	uint8_t persist[CC_MAX_PERSIST]; /* Persistent Area: card id + 1, in order of arrival */
	uint8_t pcounters[CC_MAX_PERSIST];
	uint8_t decklen, ndeck, nhand, ndiscard, nvictory, npersist;
	uint8_t start; /* secret starting choice, card id + 1, until both are revealed */
	uint8_t turns; /* own turns completed */
	uint8_t lost;  /* lost by having no card on the Board after the third turn */
	uint8_t pad_[3];
} cc_player;

typedef struct cc_state {
	uint64_t would; /* capture step: cards that would be captured */
	uint64_t saved; /* capture step: cards a reaction saved */
	/* derived from grid, kept in step with it (see the top of this file) */
	uint64_t occ[2];                   /* the squares of each player's cards */
	uint64_t held[2];                  /* derived from the hands: their card ids */
	uint64_t threat;                   /* cards whose atk reaches their printed Defense */
	uint64_t banners, dynamos, movers; /* squares of the cards with a support, a charge, a
	                                    * move or shove ability */
	uint64_t boosted;                  /* squares of the cards with a boost */
	cc_cell grid[CC_NSQ];
	cc_player pl[2];
	uint16_t target, max_turns;
	uint16_t turn_no; /* turns completed by both players */
	uint16_t variant; /* the slot of the components played with (cc_T) */
	uint8_t shuffle;
	uint8_t phase;
	uint8_t active; /* whose turn (or whose starting choice) it is */
	uint8_t first;  /* the first player, once known */
	uint8_t passes; /* consecutive turns ended by pass */
	uint8_t ended;  /* CC_END_* */
	/* the action being paid for */
	uint8_t pend_kind, pend_from, pend_to, pend_card, pend_left, pend_paid;
	/* capture step: the next offer (0..71: the active player's squares, then the opponent's)
	 * and whether a reaction was used */
	uint8_t react_next, reacted;
	/* derived from grid: the sum of the Strengths of the superior arrows at each card (0 on an
	 * empty square) */
	uint8_t atk[CC_NSQ];
} cc_state;

#pragma GCC diagnostic pop

/* The grid's geometry (tables.c): cc_nb[sq][d] is the square one step away from sq in board
 * direction d (QV_N..QV_NW), or -1 off the grid; cc_adj[sq] the set of sq's 8 neighbours. */
extern const int8_t cc_nb[CC_NSQ][QV_NDIRS];
extern const uint64_t cc_adj[CC_NSQ];
/* The neighbours of sq with a square beyond them, in line, on the grid, for jumps and shoves
 * (a neighbour over = sq + step has that square at over + step = 2 * over - sq). */
extern const uint64_t cc_over[CC_NSQ];
/* The board direction from a square to its neighbour `to`: cc_dir(from, to). */
extern const int8_t cc_delta_dir[15];
static inline int cc_dir(int from, int to) { return cc_delta_dir[to - from + 7]; }

/* The tables of the components s plays with. */
static inline const cc_tables *cc_T(const cc_state *s)
{
	return (const cc_tables *)qv_variant_tables(s->variant);
}

/* The only ways the grid changes (rules.c): a card put on an empty square, a card lifted off
 * (its square left empty), a card moved to an empty square, a card's boost set or cleared.
 * They keep the masks, atk and threat in step with the grid. */
void cc_put(cc_state *s, int sq, cc_cell c);
void cc_lift(cc_state *s, int sq);
void cc_move(cc_state *s, int from, int to);
void cc_set_boost(cc_state *s, int sq, int boost);

/* The set of cards in p's hand, bit c for card id c: what held keeps (rules.c). */
uint64_t cc_hand_mask(const cc_player *pl);
/* Takes a card out of p's hand, keeping held. */
void cc_hand_take(cc_state *s, int p, int card);
/* Sets held from the hands, after they were dealt or loaded. */
void cc_hands_held(cc_state *s);

/* Rules (rules.c). */
static inline int cc_to_move(const cc_state *s)
{
	if (s->phase == CC_PH_ACTION) /* first: most decisions of a game are turns' actions */
		return s->active;
	switch (s->phase) {
	case CC_PH_OVER: return QV_OVER;
	case CC_PH_COIN: return QV_CHANCE;
	case CC_PH_REACT: return s->react_next < CC_NSQ ? s->active : 1 - s->active;
	default: return s->active;
	}
}

/* The card in cell a counts as beating the card in cell b for capture. */
static inline bool cc_superior_cell(const cc_tables *T, const cc_cell *a, const cc_cell *b)
{
	return T->beats[a->card] >> b->card & 1;
}

/* The sum of the Strengths of the superior arrows at the card on sq from the opponent cards
 * `foes` next to it: what atk keeps (cc_put), and what the state's check sums again. */
static inline int cc_superior_sum(const cc_tables *T, const cc_state *s, int sq, uint64_t foes)
{
	int sum = 0;
	for (; foes; foes &= foes - 1) {
		int a = __builtin_ctzll(foes);
		const cc_cell *c = &s->grid[a];
		if ((T->points[c->owner][c->card][a] >> sq & 1) &&
		    cc_superior_cell(T, c, &s->grid[sq]))
			sum += T->strength[c->card] + T->boost[c->card] * c->boost;
	}
	return sum;
}

/* True when the card on `from` has an arrow pointing at the adjacent square `to`: the arrow
 * printed in the direction from `from` to `to`, turned by the owner's facing. */
static inline bool cc_points_at(const cc_state *s, int from, int to)
{
	const cc_cell *c = &s->grid[from];
	int d = cc_dir(from, to) ^ (c->owner << 2); /* (d + 4) % 8 for p2's cards */
	return cc_T(s)->arrows[c->card] >> d & 1;
}

/* The Strength and Defense of the card on sq as they are now (a boost, adjacent supports). */
static inline int cc_strength(const cc_state *s, int sq)
{
	const cc_tables *T = cc_T(s);
	const cc_cell *c = &s->grid[sq];
	return T->strength[c->card] + T->boost[c->card] * c->boost;
}

static inline int cc_defense(const cc_state *s, int sq)
{
	const cc_tables *T = cc_T(s);
	int d = T->defense[s->grid[sq].card];
	for (uint64_t m = cc_adj[sq] & s->banners & s->occ[s->grid[sq].owner]; m; m &= m - 1)
		d += T->bonus[s->grid[__builtin_ctzll(m)].card];
	return d;
}

/* The superior arrows at the card on sq (adjacent opponent cards pointing at it whose trait
 * beats its trait, or Superior to it): returns how many, writes their Strengths into str (room
 * for 8; may be NULL) in direction order N, NE, ..., NW and their sum into *sum (narrate.c,
 * which tells them; note.c asks too). */
int cc_attackers(const cc_state *s, int sq, int *str, int *sum);
/* Squares of the cards that would be captured as the grid stands. */
uint64_t cc_would_capture(const cc_state *s);
/* The effect on the grid of the action being paid for (pend_kind): the shove, the boost or
 * the saboteur's removal; narrated when ev is not NULL. Leaves the pend_ fields alone. */
void cc_pending_effect(cc_state *s, qv_events *ev);
/* p's cards on the Board: the Play Area and the Persistent Area. */
static inline int cc_board_count(const cc_state *s, int p)
{
	return s->pl[p].npersist + __builtin_popcountll(s->occ[p]);
}

/* The cost units p could pay now: cards in hand and Charge Counters (only chargers carry
 * them). */
static inline int cc_units(const cc_state *s, int p)
{
	int n = s->pl[p].nhand;
	for (uint64_t m = s->dynamos & s->occ[p]; m; m &= m - 1)
		n += s->grid[__builtin_ctzll(m)].counters;
	for (int i = 0; i < s->pl[p].npersist; i++)
		n += s->pl[p].pcounters[i];
	return n;
}

/* Saboteur's X against the card on sq: its Defense - 1, at least 0. */
static inline int cc_sabotage_cost(const cc_state *s, int sq)
{
	int x = cc_defense(s, sq) - 1;
	return x < 0 ? 0 : x;
}
/* The slot of card in p's Persistent Area, or -1. */
static inline int cc_persist_slot(const cc_player *pl, int card)
{
	for (int i = 0; i < pl->npersist; i++)
		if (pl->persist[i] == card + 1)
			return i;
	return -1;
}
/* Only Persistent cards (a charge ability) may go to the Persistent Area. */
static inline bool cc_is_persistent(const cc_tables *T, int card)
{
	return T->cards[card].kind == CC_AB_CHARGE;
}
/* The card id of text (any case), or -1 (tables.c). */
int cc_find_card(const cc_tables *T, const char *text);
/* The name of the first card with an ability of kind k ("dynamo"), or the kind's name. */
const char *cc_kind_card(const cc_tables *T, int k);
static inline int cc_step(int sq, int d) { return cc_nb[sq][d]; } /* or -1 off the grid */
int cc_board_dir(int owner, int d); /* a printed direction turned to the board (tables.c) */
extern const char *const cc_phase_names[CC_NPHASES];
extern const char *const cc_end_names[];
extern const char *const cc_pend_names[];

/* The invariants of a state (check.c): the descriptor's state_ok, which names the broken
 * invariant in why (load_json's last check); and its part that the grid's companions (the
 * masks, atk and threat) agree with the grid, which every capture step asserts. */
bool cc_state_ok(const void *st, qv_err *why);
qv_status cc_check_derived(const cc_state *s, qv_err *why);
/* How many of each card id p's decklist puts anywhere but the deck: the grid (p's cards), the
 * hand, the discard pile, the opponent's Victory Pile, the Persistent Area, the secret start
 * and the saboteur set aside (load_json fills a missing deck with the rest). placed has
 * CC_MAX_CARDS entries. */
void cc_count_placed(const void *st, int p, int *placed); /* a qv__deck_placed_fn */
/* Where player p's cards are (a qv__deck_cards_fn over a cc_state; spiel.c): the hand, the
 * deck, the discard pile and the Victory Pile, read and written by json.c and the deal. */
qv__deck_cards cc_cards(const void *st, int p);
/* Card `card`'s id in the components T (a cc_tables; json.c), for the shared writers and
 * messages of games/deck.h. */
const char *cc_card_id(const void *T, int card);

/* The parameters and the set-up of a game (setup.c): the descriptor's params and init. */
#define CC_NPARAMS 6
extern const qv_param_def cc_params[CC_NPARAMS];
qv_status cc_init(void *st, const qv_params *params, uint64_t seed, qv_err *err);

/* Legal actions (legal.c): the descriptor's legal, count, sample, chance and check. */
int cc_legal(const void *st, qv_action *out);
int cc_count(const void *st);
qv_action cc_sample(const void *st, qv_rng *rng, int *restrict n);
int cc_chance(const void *st, qv_action *out, double *prob);
qv_status cc_check(const void *st, qv_action a, qv_err *err);

/* Narration (narrate.c): the consequences of an action as lines for people (qv_events), in
 * the third person, each viewer reading only what it may know. */
void cc_say_draw(const cc_state *s, int p, int card, qv_events *ev);
void cc_say_charge(const cc_tables *T, int card, int sq, int p, int counters, qv_events *ev);
void cc_say_counters(const cc_tables *T, int card, int sq, int p, int counters, qv_events *ev);
void cc_say_reveal(const cc_tables *T, int c1, int c2, int first, qv_events *ev);
void cc_say_cost(const cc_state *s, qv_events *ev);
void cc_say_shove(const cc_state *s, int to, qv_events *ev);
void cc_say_boost(const cc_state *s, int sq, qv_events *ev);
void cc_say_sabotage(const cc_state *s, bool removed, qv_events *ev);
void cc_say_threat(const cc_state *s, int sq, qv_events *ev);
void cc_say_saved(const cc_state *s, int card, int sq, qv_events *ev);
void cc_say_captures(const cc_state *s, uint64_t caught, qv_events *ev);
void cc_say_to_discard(const cc_tables *T, int card, int p, qv_events *ev);
void cc_say_end(const cc_state *s, qv_events *ev);
/* "4 superior Strength against Defense 2" for the card on sq as the grid stands; with `each`,
 * a sum of several Strengths is written out ("3+2 = 5 superior Strength against ..."). */
void cc_attack_text(const cc_state *s, int sq, bool each, char *buf, size_t len);

/* What each card is, for players (reference.c): the descriptor's reference(). */
int cc_reference(const void *st, const char *name, qv_buf *out);

/* What an action would do, for the player choosing it (note.c): the descriptor's
 * action_note(). */
int cc_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm);
/* What another player may know of an action (sight.c): the descriptor's sight. */
bool cc_sight(const void *st, qv_action a, int viewer, qv_sight *out);

/* Notation (notation.c). */
void cc_card_name(const cc_tables *T, int card, char *buf); /* buf >= CC_ID_MAX + 1 */
int cc_action_to_text(const void *st, qv_action a, char *buf, size_t len);
qv_status cc_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err);

/* What the designer's lab asks while it plays (lab.c; cc_components names them): the card
 * an action plays, the grid, the squares an action touched (qv_components, variant.h). */
int cc_component_of(const void *st, qv_action a);
int cc_held(const void *st, int seat, int entry);
int cc_captured(const void *st, int seat);
void cc_lab_board(const void *st, struct qv_lab_board *out);
int cc_touched(const void *before, qv_action a, const void *after, struct qv_lab_touch *out,
               int max);

/* Rendering (render.c) and JSON (json.c). */
void cc_render_text(const void *st, int viewer, unsigned flags, qv_buf *out);
struct json_t *cc_state_json(const void *st);
struct json_t *cc_view_json(const void *st, int viewer);
bool cc_view_text(const void *st, int viewer, qv_buf *out); /* view_text.c */
qv_status cc_load_json(void *st, const struct json_t *j, qv_err *err);

#endif
