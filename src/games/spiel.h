/*
 * spiel.h - what the spiel API (include/quiver/spiel.h, src/engine/spiel/) reads off a game
 * beyond its qv_game (internal: not a public header). Each game's src/games/<game>/spiel.c
 * defines one qv__spiel_game, found by qv__spiel_game_of (spiel_parts.c of this folder), as its
 * lab.c tells the designer's lab what it studies: the chance deal, the observation planes and
 * the bounds of a game. Nothing here changes a rule; the functions read and arrange states.
 *
 * The deal. A game that shuffles at set-up (the decks of ConCardia and Evons, Arrow Party's
 * stacks, items and ground) is set up in the spiel API without its own shuffle (the game's
 * parameter shuffle=false), so that the game deals in the listed order; the game's `deal` then
 * says, after set-up and after every action, which cards are still to be dealt by chance, in
 * segments, and `arrange` writes the cards chance dealt into the state. The order of a pile
 * nobody has seen (a deck, a stack) is left undetermined: `canon` keeps it in a canonical order,
 * and the cards a later action draws from it are dealt when they are drawn, from the pile's
 * cards as a multiset. A draw that is dealt afterwards must change nothing but where the
 * drawn cards are (the game's apply reads no drawn card's identity in the action that draws
 * it): tests/unit/test_spiel_deal.c checks it against the same action applied with the dealt
 * cards on top.
 *
 * The observation. A seat's observation is a tensor of planes [C, H, W] (a channel per
 * feature, a cell per square) followed by a vector of scalars, every slot a whole number:
 * `observe` writes exactly what the seat may know now (its view, view_json), nothing hidden
 * (docs/python.md, "Tensors", lists the planes per game).
 */
#ifndef QUIVER_GAMES_SPIEL_H
#define QUIVER_GAMES_SPIEL_H

#include <stdbool.h>
#include <stdint.h>

#include "games/deck.h"
#include "quiver/game.h"

/* ---- observations ---- */

/* Where observe writes: a dense tensor (dense non-NULL, size floats, zeroed by the caller) or
 * a sparse list of the slots that are not 0, by ascending slot (idx[], val[], n of cap; the
 * sink sorts what comes out of order and notes when it ran out of room). */
typedef struct qv__obs {
	float *dense;
	int32_t *idx;
	float *val;
	int n, cap, size;
	int last;      /* the last slot written, to notice an order to sort */
	bool unsorted; /* written out of order: qv__obs_finish sorts */
	bool failed;   /* more slots than cap */
} qv__obs;

static inline void qv__obs_put(qv__obs *o, int slot, int v)
{
	if (v == 0)
		return;
	if (o->dense) {
		o->dense[slot] = (float)v;
		return;
	}
	if (o->n == o->cap) {
		o->failed = true;
		return;
	}
	o->unsorted |= slot <= o->last;
	o->last = slot;
	o->idx[o->n] = slot;
	o->val[o->n++] = (float)v;
}

/* The most parts of an observation (qv__spiel_game's parts). */
#define QV__OBS_PARTS 32

/* Sorts a sparse list written out of order. */
void qv__obs_finish(qv__obs *o);

/* A game's tensor for its parameters: planes c x h x w, then nscalars scalars. */
typedef struct qv__spiel_layout {
	int c, h, w, nscalars;
} qv__spiel_layout;

/* The slot of plane `ch` at column x, row y. */
static inline int qv__obs_slot(const qv__spiel_layout *l, int ch, int x, int y)
{
	return (ch * l->h + y) * l->w + x;
}
/* The slot of scalar i. */
static inline int qv__obs_scalar(const qv__spiel_layout *l, int i)
{
	return l->c * l->h * l->w + i;
}

/* ---- the deal ---- */

#define QV__DEAL_IDS  64  /* what a segment deals: ids 0..63 */
#define QV__DEAL_SEGS 40  /* segments of one deal */
#define QV__DEAL_MAX  800 /* cards of one deal, all segments */

/* How a segment's cards are dealt: one after the other (a pile's order, cells of the
 * ground), or as a multiset dealt in ascending id (a hand, whose order nobody sees). */
enum { QV__DEAL_ORDERED, QV__DEAL_SORTED };

/* A segment: n cards drawn from a pool (counts by id; with chain, added to what the previous
 * segment left), each a chance node whose outcomes are the ids with their exact
 * probabilities. seat: whose cards they become (for the text), -1 for none. */
typedef struct qv__deal_seg {
	int8_t seat;
	uint8_t mode, chain, pile; /* pile: the game's own number for where they go */
	uint16_t n;
	int16_t aux; /* the game's own: what the segment replaces */
	uint16_t pool[QV__DEAL_IDS];
} qv__deal_seg;

/* A deal: its segments, then (filled by the spiel API as chance speaks) the ids dealt, segment
 * after segment, and where the deal stands (the spiel API's: the segment under way, where its
 * cards start, its pool at its start and what is left of it). */
typedef struct qv__deal {
	int nseg, ncards;
	qv__deal_seg seg[QV__DEAL_SEGS];
	uint8_t card[QV__DEAL_MAX];
	int at_seg, seg_from;
	uint16_t start[QV__DEAL_IDS], left[QV__DEAL_IDS];
} qv__deal;

/* Adds a segment to d and returns it (zeroed but for the fields given). */
qv__deal_seg *qv__deal_add(qv__deal *d, int seat, int mode, int pile, int n);

/* Adds the cards' count by id to pool. */
void qv__deal_count(const uint8_t *cards, int n, uint16_t *pool);
/* A pile nobody has seen in canonical order: its ids ascending from the bottom. */
void qv__deal_sort_pile(uint8_t *pile, int n);
/* Segment g dealt to a hand kept as counts by id (ids below nids, at most QV__DEAL_IDS) from a
 * pile (cap bytes, npile cards left after the game drew): the cards the game drew (the
 * segment's pool less what is left in the pile) leave the hand for the cards dealt (g->n of
 * them), and the pile is the rest of the pool, ascending, its unused bytes 0; returns the
 * pile's size. */
int qv__deal_to_hand(const qv__deal_seg *g, const uint8_t *dealt, uint8_t *hand, int nids,
                     uint8_t *pile, int npile, int cap);

/* ---- two players' hands and decks (the card games') ---- */

/* ConCardia and Evons deal, sort and arrange their hands and decks with the same code, reading
 * a player's cards through the game's qv__deck_cards_fn (games/deck.h). */

/* The setup of a game that shuffles its decks (its parameter shuffle): dealt by the API unless
 * shuffle=false was given (qv__spiel_game's setup). */
qv_status qv__spiel_setup_decks(const qv_params *given, qv_params *game, unsigned *flags,
                                qv_err *err);
/* The deal of two players' cards after set-up (before NULL: each opening hand, as a multiset of
 * the player's decklist) or after an action took before to after (each player's draws, from
 * its deck and the cards back[p] counts by id that the action put back into it, NULL: none). */
int qv__spiel_deal_cards(const void *before, const void *after, qv__deck_cards_fn cards,
                         const uint16_t (*back)[QV__DEAL_IDS], unsigned flags, qv__deal *d);
/* Both decks in their canonical order (qv__deal_sort_pile), when the API deals them. */
void qv__spiel_canon_decks(void *st, qv__deck_cards_fn cards, unsigned flags);
/* Each segment's cards into its player's hand in place of those the canonical order gave, the
 * deck the rest of its pool (qv__deal_to_hand). */
void qv__spiel_arrange_cards(void *st, const qv__deal *d, qv__deck_cards_fn cards);
/* A dealt card's name for a deal's notation: name, or "card<id>" for none. */
void qv__spiel_card_name(const char *name, int id, char *buf, size_t len);

/* The four slots of "to_move.me", ".opp", ".chance", ".over": which is who's (a seat, QV_CHANCE
 * or QV_OVER) for viewer, in a two-player game. */
static inline int qv__spiel_to_move_slot(int who, int viewer)
{
	return who == viewer ? 0 : who >= 0 ? 1 : who == QV_CHANCE ? 2 : 3;
}
/* The two seats of a two-player game from the viewer's side, and the to_move slots' names. */
extern const char *const qv__spiel_two[2], *const qv__spiel_to_move_names[4];

/* ---- the head of a two-player game's scalars (the card games') ---- */

/* ConCardia's and Evons' scalars start with the state's head, as their state JSON does
 * (qv__json_put_turn): the phase, one-hot over nphases slots ("phase.<name>"), whose turn and
 * who went first, two slots each ("active.me", "active.opp", "first.me", "first.opp"; first in
 * neither before it is known) and the turn number ("turns"): QV__SPIEL_HEAD(nphases) slots in
 * all, the game's own scalars after them. */
#define QV__SPIEL_HEAD(nphases) ((nphases) + 5)
/* Puts that head for viewer at scalar slot `at`. */
void qv__spiel_put_head(qv__obs *o, int at, int nphases, int viewer, int phase, int active,
                        bool first_known, int first, int turns);
/* Names slot f (below QV__SPIEL_HEAD(nphases)) of the head, phases[] naming the phases. */
void qv__spiel_head_name(int f, const char *const *phases, int nphases, char *buf, size_t len);

/* ---- a game's part ---- */

/* What the deal covers (setup's flags). */
enum {
	QV__DEAL_PILES = 1, /* the shuffled piles: decks, stacks, the item deck */
	QV__DEAL_GROUND = 2 /* Arrow Party's ground laid at random */
};

typedef struct qv__spiel_game {
	const char *name; /* the game's qv_game.name */
	/* The game's parameters in the spiel API from those given (`given`, the API's own
	 * removed): the same, with the game's own shuffling turned off where the API deals
	 * instead; *flags says what the API deals (QV__DEAL_*). */
	qv_status (*setup)(const qv_params *given, qv_params *game, unsigned *flags, qv_err *err);
	/* The cards still to deal into d (nseg 0: none): after set-up (before NULL, a -1) or
	 * after action a took before to after. Returns d->nseg. NULL: the game deals nothing. */
	int (*deal)(const void *before, qv_action a, const void *after, unsigned flags,
	            qv__deal *d);
	/* Writes the cards of a finished deal d (what deal asked of `st`) into st. */
	void (*arrange)(void *st, const qv__deal *d, unsigned flags);
	/* Puts every pile whose order is not determined in its canonical order. */
	void (*canon)(void *st, unsigned flags);
	/* The name of a dealt id ("striker-r", "star"), for the notation of a deal's outcomes. */
	void (*deal_name)(const void *st, int id, char *buf, size_t len);

	/* The tensor's shape for st's parameters. */
	void (*layout)(const void *st, qv__spiel_layout *out);
	/* The name of plane ch, or of scalar i (scalar true), into buf: "piece.own", "score.p2". */
	void (*slot_name)(const void *st, bool scalar, int i, char *buf, size_t len);
	/* The name of the square at column x, row y (8 bytes), for the slots' names; NULL: a1
	 * at column 0, row 0. */
	void (*cell_name)(const void *st, int x, int y, char *buf);
	/* Seat viewer's observation of st into o (qv__obs_put, planes then scalars). */
	void (*observe)(const void *st, int viewer, qv__obs *o);
	/* Optional (NULL: the recall observes every seat whole after each step), the observation
	 * in parts, so that once information states are kept a step observes again only the parts
	 * it may have changed. `parts` writes where each part's slots begin (from[0] is 0, then
	 * ascending, a part's slots below the next part's start) and returns how many there are
	 * (at most QV__OBS_PARTS); the parts are the same for every state of st's parameters.
	 * observe_part writes the slots of part i of viewer's observation (what observe writes in
	 * that range, qv__obs_put), and observe is every part in turn. changed sets, for each
	 * seat v, the bit i of mask[v] of each part of v's observation that may differ between
	 * before and after: a part whose bit is clear keeps its slots, so a part that reads
	 * anything a step changed must have its bit set (tests/unit/test_spiel_recall.c sets the
	 * observations kept this way against whole ones at every step of random games).
	 * changed also names the parts that show several seats the same thing (a board all see
	 * alike, the hand of a third seat whose secrets none of them knows): one key, 0 to 63,
	 * in share[v][i] for each, the parts of one key holding the same values at the same
	 * places from their own parts' starts (slot from[j] + k of one where the other has
	 * from[i] + k), in after; every key is -1 (a part of the seat's own) before the call. A
	 * step observes the parts of one key once for all (the test checks every key given
	 * against the seats' whole observations). */
	int (*parts)(const void *st, int32_t *from);
	void (*observe_part)(const void *st, int viewer, int i, qv__obs *o);
	void (*changed)(const void *before, const void *after, uint32_t *mask,
	                int8_t (*share)[QV__OBS_PARTS]);
	/* Whether nothing of st's game is hidden from anyone (THREE ARROWS tactical); NULL: a
	 * game with a determinize hides something. */
	bool (*perfect)(const void *st);

	/* The most decisions and chance outcomes (the deal's included) any game of st's
	 * parameters has, from st just set up (OpenSpiel's MaxGameLength and
	 * MaxChanceNodesInHistory). */
	void (*bounds)(const void *st, unsigned flags, long *decisions, long *chance);
} qv__spiel_game;

/* The part of game g (NULL for a game without one). */
const qv__spiel_game *qv__spiel_game_of(const qv_game *g);

/* A copy of given with key set to value (kept or added): what setup writes. */
qv_status qv__spiel_param(const qv_params *given, qv_params *out, const char *key,
                          const char *value, qv_err *err);

#endif
