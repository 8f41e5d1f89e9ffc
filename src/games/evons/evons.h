/*
 * evons.h - Evons internals shared by the files of this folder: the card table, the state,
 * the action encoding, the board queries every file uses, and each file's functions. Not a
 * public header: everything outside this folder sees the game only through `qv_evons`
 * (game.h).
 *
 * Card kinds are numbered in the order of the card table the game plays with (ev_tables,
 * built from data/evons/base.json or a variant): the monsters, then the blocks; the built-in
 * set's are the rules page's 20 monsters and six blocks. Cells are 0..48,
 * row * 7 + column, columns x a b c d e y (0..6) west to east and rows 0..6 south to north,
 * so x0 = 0 and y6 = 48. The main zone is columns 1..5 of rows 1..5.
 *
 * A card on the board carries an instance number given when it enters the board; stack entries
 * name their card by it, so an entry follows its card through moves and ends when the card
 * leaves the board.
 */
#ifndef QUIVER_EVONS_H
#define QUIVER_EVONS_H

#include "games/deck.h"
#include "quiver/game.h"
#include "quiver/variant.h"

/* The card table's capacity: a card kind + 1 fits the 5 bits of the action encoding. */
#define EV_MAX_KINDS  31
#define EV_MAX_DECKS  16 /* decks a set may name */
#define EV_ID_MAX     14 /* the longest card or deck id: the compact diagram prints it */
#define EV_CODE_MAX   6  /* the longest code, the card's name on the board diagram */
#define EV_MAX_COST   99
#define EV_MAX_STAT   99  /* ATK and DEF */
#define EV_MAX_POINTS 99  /* a Firestorm's fixed points */
#define EV_MAX_BUDGET 255 /* a Resurrection's budget */
#define EV_NCELLS     49
#define EV_SIDE       7
#define EV_DECK_MIN   EV_HAND_START /* a deck deals at least the first hand */
#define EV_DECK_MAX   60
#define EV_MAX_COPIES 4
#define EV_HAND_START 5
#define EV_CREDITS    50
#define EV_INCOME     5
#define EV_MAX_STACK  100 /* two entries per card on the board at most, and 49 cells */
/* legal() lists at most 3,089: plays and covers of up to 31 monster kinds on each empty cell,
 * a reveal per occupied one, end (a mulligan at most 326, a chain step at most 249). A search
 * node may hold more children than this (open loop: src/ai/mcts_select.c). */
#define EV_MAX_ACTIONS 3100
#define EV_MAX_CHANCE  2

enum { EV_FIRE, EV_WATER, EV_EARTH, EV_ELECTRIC, EV_NATURE, EV_DARKNESS, EV_NELEMENTS };

/* What an arrow does besides pointing (EV_AB_NONE: a plain, Normal arrow). */
enum {
	EV_AB_NONE,
	EV_AB_REMOVE,
	EV_AB_BLOCK,
	EV_AB_FIRESTORM,
	EV_AB_SWAP,
	EV_AB_SHOCKWAVE,
	EV_AB_MAGNETISM,
	EV_AB_GROWTH,
	EV_AB_RESURRECTION,
	EV_NABILITIES
};

/* A card of the table. An arrow's ability is one of the engine's kinds with its parameter:
 * Firestorm's fixed points (0: the card's current DEF, as printed on the rules page), or
 * Resurrection's budget (the card's cost unless the set gives another). */
typedef struct ev_kind {
	char id[EV_ID_MAX + 1];
	char code[EV_CODE_MAX + 1]; /* for the diagram; "BLOCK" for a block */
	uint8_t element, cost, atk, def;
	uint8_t arrows;            /* bit d: an arrow in printed direction d (N = away) */
	uint8_t ability[QV_NDIRS]; /* EV_AB_* of the arrow in printed direction d */
	uint8_t param[QV_NDIRS];   /* its parameter (above) */
} ev_kind;

typedef struct ev_deck {
	char id[EV_ID_MAX + 1];
	uint8_t n;
	uint8_t list[EV_DECK_MAX]; /* card kinds, top of the deck first */
} ev_deck;

/* The components a game plays with (tables.c builds them from data/evons/base.json or a
 * variant): the card table, monsters first (kinds 0..nmonsters-1) then blocks, and the
 * decks the deck parameters may name. */
typedef struct ev_tables {
	int nkinds, nmonsters, ndecks;
	/* [controller][stored kind, kind + 1]: the board arrows of a face-up card (bit d: an
	 * arrow in board direction d); 0 for an empty cell and for blocks */
	uint8_t board_arrows[2][EV_MAX_KINDS + 1];
	uint8_t cost[EV_MAX_KINDS]; /* kind[k].cost, packed for the main phase's counting */
	uint32_t afford[256];       /* [credits, at most 255]: the monster kinds costing at most
	                             * that (bit k), for the main phase's counting */
	uint8_t doc[EV_MAX_KINDS];  /* each kind's place in the document's cards (the lab's
	                             * component index: blocks may come before monsters there) */
	ev_kind kind[EV_MAX_KINDS];
	ev_deck deck[EV_MAX_DECKS];
	char card_form[1600]; /* what a deck parameter accepts, for messages */
} ev_tables;

extern const char *const ev_element_names[EV_NELEMENTS];
extern const char *const ev_element_codes[EV_NELEMENTS];
extern const char *const ev_ability_names[EV_NABILITIES];
extern const struct qv_components ev_components;

static inline bool ev_is_block(const ev_tables *T, int kind) { return kind >= T->nmonsters; }

/* Phases: what the current decision is about. */
enum {
	EV_PH_MULLIGAN, /* `active` keeps or mulligans (p1, then p2) */
	EV_PH_COIN,     /* chance: the first player */
	EV_PH_MAIN,     /* the active player's hand play or end */
	EV_PH_CHAIN,    /* the chain stack resolves: the top entry's decision */
	EV_PH_OVER,
	EV_NPHASES
};

/* Steps of an activation sequence (the flip is done when the conflicts are over). */
enum { EV_ST_ABILITY1, EV_ST_CONFLICTS, EV_ST_ABILITY2, EV_NSTEPS };

/* How the game ended. */
enum { EV_END_NONE, EV_END_FULL, EV_END_IDLE, EV_END_CAP, EV_NENDS };

/* Action encoding: type << 26 | payload. */
enum {
	EV_ACT_KEEP = 1,
	EV_ACT_MULLIGAN = 2, /* up to 5 fields of 5 bits: kind + 1, in card-table order */
	EV_ACT_PLAY = 3,     /* kind | cell << 5 */
	EV_ACT_COVER = 4,    /* kind | cell << 5 */
	EV_ACT_REVEAL = 5,   /* cell */
	EV_ACT_END = 6,
	EV_ACT_ABILITY = 7, /* board dir | argtype << 3 | value << 5 */
	EV_ACT_BURN = 8,    /* cell */
	EV_ACT_NEXT = 9,
	EV_ACT_CONFLICT = 10, /* cell */
	EV_ACT_COIN = 11      /* player */
};
enum { EV_ARG_NONE, EV_ARG_CARD, EV_ARG_CELL };

#define EV_TYPE(a)                   ((int)((uint32_t)(a) >> 26))
#define EV_ARG(a)                    ((int)((uint32_t)(a)&0x3FFFFFFu))
#define EV_MAKE(type, arg)           ((qv_action)(((uint32_t)(type) << 26) | (uint32_t)(arg)))
#define EV_ABIL(dir, argtype, value) EV_MAKE(EV_ACT_ABILITY, (dir) | (argtype) << 3 | (value) << 5)

/* Cell flags. */
enum {
	EV_F_COVERED = 1,
	EV_F_GROWTH = 2,
	EV_F_MOVED = 4,      /* moved by an ability this turn */
	EV_F_REACTIVATED = 8 /* reactivated this turn */
};

/* The state and the structs inside it have no implicit padding (game.h): every gap is a
 * named pad_ field kept zero, and the build fails if a change brings padding back. */
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wpadded"
/* A cell of the board. kind is the card kind + 1 (0: empty). */
typedef struct ev_cell {
	uint16_t inst;
	uint8_t kind, owner, ctrl, flags, dmg, pad_;
} ev_cell;

/* One pending activation. `used` holds printed directions (the card's controller does not
 * change during its turn, so printed and board directions stay tied). `at` is the cell of its
 * card, kept by apply when the card moves (the card is found without a search of the board);
 * once the card has left the board the cell holds another instance or none. */
typedef struct ev_entry {
	uint64_t conflicts; /* step conflicts: cells of the defenders still to fight */
	uint16_t inst;
	uint8_t step, used, spent, burn_center, burn_left, at;
} ev_entry;

typedef struct ev_player {
	uint8_t owned[EV_MAX_KINDS]; /* the deck list (a parameter), by kind */
	uint8_t hand[EV_MAX_KINDS];  /* cards in hand, by kind */
	uint8_t deck[EV_DECK_MAX];   /* deck[ndeck - 1] is the top */
	uint8_t grave[EV_DECK_MAX];
	uint8_t removed[EV_DECK_MAX];
	uint8_t decklen, ndeck, nhand, ngrave, nremoved;
	int8_t mull; /* -1: not decided yet; else the number of cards returned (0: kept) */
	uint16_t credits, turns;
} ev_player;

typedef struct ev_state {
	qv_rng rng; /* shuffles (set-up and mulligans) */
	ev_cell cell[EV_NCELLS];
	ev_player pl[2];
	ev_entry stack[EV_MAX_STACK];
	uint64_t board; /* bit c: a card on cell c (kept with cell[]; ev_board_mask rebuilds it) */
	uint64_t covered; /* bit c: a covered card on cell c (kept with cell[]; ev_covered_mask
	                   * rebuilds it): the main phase's reveals without a walk of the board */
	uint16_t max_turns, turn_no, next_inst;
	uint16_t variant; /* the slot of the components played with (ev_T) */
	uint8_t shuffle, phase, active, first, idle, played, ended, nstack;
	uint8_t gone; /* a card left the board during the action being applied; 0 between actions */
	uint8_t pad_[7];
} ev_state;
#pragma GCC diagnostic pop

/* The components s plays with. */
static inline const ev_tables *ev_T(const ev_state *s) { return qv_variant_tables(s->variant); }

/* The components (tables.c): lookups in the tables, and a deck parameter's value (a deck's
 * id or card ids separated by commas) read into list, top of the deck first. */
#define EV_DEFAULT_DECK1 "blaze"
#define EV_DEFAULT_DECK2 "bedrock"
extern const char *const ev_base_deck_names[3];         /* the deck parameters' suggestions */
int ev_find_kind(const ev_tables *T, const char *text); /* card kind, or -1 */
qv_status ev_parse_deck(const ev_tables *T, const char *key, const char *v, uint8_t *list, int *n,
                        qv_err *err);
extern const char *const ev_phase_names[EV_NPHASES];
extern const char *const ev_step_names[EV_NSTEPS];
extern const char *const ev_end_names[EV_NENDS];

/* Geometry and the board: small queries every file of the game uses, the rules' hot paths
 * included, so they are inline here. */

/* The cell one step away from each cell in each board direction (N, NE, ..., NW, as
 * qv_dir_dx and qv_dir_dy), or -1 off the board: a constant table (board.c). */
extern const int8_t ev_nb[EV_NCELLS][QV_NDIRS];

/* The cell one step away in board direction dir, or -1. */
static inline int ev_step(int cell, int dir)
{
	QV_ASSERT(cell >= 0 && cell < EV_NCELLS && dir >= 0 && dir < QV_NDIRS);
	return ev_nb[cell][dir];
}

/* Bit c: cell c is in the main zone (columns 1..5 of rows 1..5). */
#define EV_MAIN_ROW (0x3Eull) /* columns 1..5 of a row */
#define EV_MAIN_ZONE                                                                               \
	(EV_MAIN_ROW << 7 | EV_MAIN_ROW << 14 | EV_MAIN_ROW << 21 | EV_MAIN_ROW << 28 |            \
	 EV_MAIN_ROW << 35)

static inline bool ev_in_main(int cell)
{
	return cell >= 0 && cell < EV_NCELLS && (EV_MAIN_ZONE >> cell & 1);
}

/* A printed direction turned to the board (and back: turning 180 degrees is its own
 * inverse). */
static inline int ev_board_dir(int ctrl, int printed)
{
	return ctrl == 0 ? printed : (printed + 4) % 8;
}

static inline bool ev_occupied(const ev_state *s, int c) { return s->cell[c].kind != 0; }
static inline int ev_kind_at(const ev_state *s, int c) { return s->cell[c].kind - 1; }
static inline bool ev_covered(const ev_state *s, int c)
{
	return (s->cell[c].flags & EV_F_COVERED) != 0;
}
static inline bool ev_block_at(const ev_state *s, int c)
{
	return ev_occupied(s, c) && ev_is_block(ev_T(s), ev_kind_at(s, c));
}
/* A monster, face up or covered (a covered card is never a block). */
static inline bool ev_monster_at(const ev_state *s, int c)
{
	return ev_occupied(s, c) && !ev_is_block(ev_T(s), ev_kind_at(s, c));
}
static inline bool ev_faceup_monster(const ev_state *s, int c)
{
	return ev_monster_at(s, c) && !ev_covered(s, c);
}

/* The cell of instance inst, or -1. */
static inline int ev_find_cell_of(const ev_state *s, int inst)
{
	for (uint64_t m = s->board; m; m &= m - 1) {
		int c = __builtin_ctzll(m);
		if (s->cell[c].inst == inst)
			return c;
	}
	return -1;
}

/* The cell of a stack entry's card, or -1 when the card has left the board. */
static inline int ev_entry_cell(const ev_state *s, const ev_entry *e)
{
	QV_ASSERT(e->at < EV_NCELLS);
	const ev_cell *x = &s->cell[e->at];
	return x->kind && x->inst == e->inst ? e->at : -1;
}

/* The DEF left to the card on c this turn. */
static inline int ev_cur_def(const ev_state *s, int c)
{
	return ev_T(s)->kind[ev_kind_at(s, c)].def - s->cell[c].dmg;
}

/* The board arrows of the card on c (bit d: an arrow in board direction d): none for covered
 * cards and blocks. */
static inline unsigned ev_board_arrows(const ev_state *s, int c)
{
	const ev_cell *x = &s->cell[c];
	if (x->flags & EV_F_COVERED)
		return 0;
	return ev_T(s)->board_arrows[x->ctrl][x->kind];
}

/* The ability of the arrow of the card on c in board direction d (EV_AB_NONE if none). */
static inline int ev_board_ability(const ev_state *s, int c, int d)
{
	return ev_T(s)->kind[ev_kind_at(s, c)].ability[ev_board_dir(s->cell[c].ctrl, d)];
}

/* The parameter of that ability (ev_kind.param). */
static inline int ev_board_param(const ev_state *s, int c, int d)
{
	return ev_T(s)->kind[ev_kind_at(s, c)].param[ev_board_dir(s->cell[c].ctrl, d)];
}

/* The points the Firestorm of the arrow of the card on c in board direction d deals: its fixed
 * points, else the card's current DEF. */
static inline int ev_firestorm_points(const ev_state *s, int c, int d)
{
	int fixed = ev_board_param(s, c, d);
	return fixed ? fixed : ev_cur_def(s, c);
}

static inline bool ev_points_at(const ev_state *s, int from, int to)
{
	unsigned m = ev_board_arrows(s, from);
	for (int d = 0; d < QV_NDIRS; d++)
		if ((m >> d & 1) && ev_step(from, d) == to)
			return true;
	return false;
}

/* A face-up monster: kind (stored + 1) 1..nmonsters, not covered. */
static inline bool ev_faceup_monster_cell(const ev_tables *T, const ev_cell *x)
{
	return x->kind - 1u < (unsigned)T->nmonsters && !(x->flags & EV_F_COVERED);
}

/* The scores: face-up monsters each player controls in the main zone. */
static inline void ev_scores(const ev_state *s, int *out)
{
	const ev_tables *T = ev_T(s);
	out[0] = out[1] = 0;
	for (uint64_t m = s->board & EV_MAIN_ZONE; m; m &= m - 1) {
		const ev_cell *x = &s->cell[__builtin_ctzll(m)];
		if (ev_faceup_monster_cell(T, x))
			out[x->ctrl]++;
	}
}

/* The rules (rules.c): state, apply and the descriptor. */
extern const qv_game qv_evons;
int ev_to_move(const ev_state *s);
uint64_t ev_board_mask(const ev_state *s);   /* bit c: cell[c] holds a card */
uint64_t ev_covered_mask(const ev_state *s); /* bit c: cell[c] holds a covered card */
void ev_ranks(const void *st, int *out);
/* The cards of player q whose place `viewer` does not know, by kind (EV_MAX_KINDS entries):
 * what determinize deals (any deck, an opponent's hand and covered cards). */
void ev_unseen_kinds(const ev_state *s, int q, int viewer, int *count);
/* What another player may know of an action (sight.c): the descriptor's sight. */
bool ev_sight(const void *st, qv_action a, int viewer, qv_sight *out);
/* Cells a Firestorm centred on `center` may burn for player p (at most 5, in out). */
int ev_burn_targets(const ev_state *s, int center, int p, int *out);

/* The invariants of a state (check.c): the descriptor's state_ok, which names the broken
 * invariant in why (load_json's last check). */
bool ev_state_ok(const void *st, qv_err *why);
/* How many of each kind p's deck list puts anywhere but the deck: p's cards on the board, the
 * hand, the graveyard and the removed pile (load_json fills a missing deck with the rest);
 * placed has EV_MAX_KINDS entries. s->board must agree with the cells. */
void ev_count_placed(const void *st, int p, int *placed); /* a qv__deck_placed_fn */
/* Where player p's cards are (a qv__deck_cards_fn over an ev_state; spiel.c): the hand, the
 * deck, the graveyard and the removed pile, read and written by json.c and the deal. */
qv__deck_cards ev_cards(const void *st, int p);
/* Kind k's id in the card table T (an ev_tables; json.c), for the shared writers and messages
 * of games/deck.h. */
const char *ev_kind_id(const void *T, int k);

/* Legal actions (legal.c): the list, the sampler and count that decode an index instead of
 * listing, the coin, and check with the reason for a refusal. */
int ev_legal(const void *st, qv_action *out);
qv_action ev_sample(const void *st, qv_rng *rng, int *restrict n);
int ev_count(const void *st);
int ev_chance(const void *st, qv_action *out, double *prob);
qv_status ev_check(const void *st, qv_action a, qv_err *err);

/* Narration (narrate.c): each step apply narrates, called only with a qv_events. Cold and
 * out of line, so the search, which applies without one, pays nothing for them. */
#define EV_COLD __attribute__((cold, noinline))

/* Why a card goes on the chain stack, for the narration. */
enum { EV_WHY_PLAYED, EV_WHY_RESURRECTED, EV_WHY_MOVED, EV_WHY_FLIPPED };
/* What destroys a card, for the narration: Remove, a Shockwave crushing it, a flip (of a
 * covered card), a Firestorm point. */
enum { EV_GONE_REMOVE, EV_GONE_CRUSHED, EV_GONE_FLIP, EV_GONE_POINT };
/* The room of a buffer for a card's name as narration gives it (ev_card_at): a phrase's text
 * and its message (core.h's qv_phrase). */
#define EV_PHRASE 256

/* Copies of the stack entries before an action, to tell when the chain goes back to one. */
typedef struct ev_chain_memo {
	ev_entry stack[EV_MAX_STACK];
	int n;
} ev_chain_memo;

EV_COLD void ev_card_label(const ev_state *s, int c, bool open, char *buf, size_t len);
EV_COLD void ev_card_at(const ev_state *s, int c, bool open, char *buf, size_t len);
EV_COLD void ev_say_entries_end(const ev_state *s, int c, qv_events *ev);
EV_COLD void ev_say_destroyed(const ev_state *s, int c, int how, qv_events *ev);
EV_COLD void ev_say_end(const ev_state *s, int how, qv_events *ev);
EV_COLD void ev_say_result(const ev_state *s, qv_events *ev);
EV_COLD void ev_say_push(const ev_state *s, int c, int why, qv_events *ev);
EV_COLD void ev_say_turn(const ev_state *s, int p, bool income, bool first, int k, qv_events *ev);
EV_COLD void ev_say_mulligan(const ev_state *s, int p, int nb, const int *drawn, int n,
                             qv_events *ev);
EV_COLD void ev_say_ability(const ev_state *s, int c, int d, int argtype, int val, qv_events *ev);
EV_COLD void ev_say_hit(const ev_state *s, int c, int dmg, qv_events *ev);
EV_COLD void ev_say_chain_back(const ev_state *s, const ev_chain_memo *m, qv_events *ev);

/* The AI's estimate (heuristic.c). */
double ev_heuristic(const void *st, int player);
/* What it counts of a player: face-up monsters in the main zone (the score), covered cards,
 * the material (ATK + current DEF of the face-up monsters it controls, twice in the main zone),
 * credits and cards in hand. */
typedef struct ev_tally {
	int score, covered, material, credits, hand;
} ev_tally;
void ev_tally_of(const ev_state *s, ev_tally *t); /* both players', t[0] and t[1] */
/* The heuristic of player from the tallies of a game not over: heuristic.c and prior.c share
 * it, so that both give the same number to the last bit. */
double ev_heuristic_of(const ev_tally *t, int player);
/* The search's ranking (prior.c, the descriptor's values_after): the heuristic and scores after
 * plays and covers, without playing them. */
void ev_values_after(const void *st, const qv_action *acts, int n, int player, double *heur,
                     int *score, bool *ok);

/* Notation (notation.c): actions and cells to and from text. */
void ev_cell_name(int cell, char *buf); /* buf >= 4 */
int ev_cell_parse(const char *text);    /* -1 if not a cell */
int ev_action_to_text(const void *st, qv_action a, char *buf, size_t len);
qv_status ev_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err);

/* What cards and abilities are (reference.c) and what an action would do (note.c). */
void ev_arrows_text(const ev_tables *T, int kind, char *buf,
                    size_t len); /* "N Magnetism, E, S, W" */
int ev_reference(const void *st, const char *name, qv_buf *out);
int ev_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm);

/* What the designer's lab asks while it plays (lab.c; ev_components names them): the card
 * an action plays, the board, the cells an action touched (qv_components, variant.h). */
int ev_component_of(const void *st, qv_action a);
int ev_held(const void *st, int seat, int entry);
int ev_captured(const void *st, int seat);
void ev_lab_board(const void *st, struct qv_lab_board *out);
int ev_touched(const void *before, qv_action a, const void *after, struct qv_lab_touch *out,
               int max);

/* Rendering (render.c) and JSON (json.c). */
void ev_render_text(const void *st, int viewer, unsigned flags, qv_buf *out);
struct json_t *ev_state_json(const void *st);
struct json_t *ev_view_json(const void *st, int viewer);
bool ev_view_text(const void *st, int viewer, qv_buf *out); /* view_text.c */
qv_status ev_load_json(void *st, const struct json_t *j, qv_err *err);

#endif
