/*
 * tables.c - the printed components of ConCardia (docs/rules/concardia.md): the 14 card
 * designs (trait by trait, numbers, arrows, text), the starter decks, and the grid's constant
 * tables worked out by the compiler from them: each square's neighbours, lines and the squares
 * each card points at from each square, and which cells beat which for capture. Data only,
 * and the lookup of a card by its id: every other file of the game reads these.
 */
#include <string.h>

#include "concardia.h"

/* ---- the card table ---- */

/* The printed arrows of each template (bit d: direction d in the owner's frame), for the card
 * table and the table of the squares each card points at. */
#define AR(d)           (1u << (d))
#define ARROWS_SENTINEL (AR(QV_N) | AR(QV_S))
#define ARROWS_STRIKER  (AR(QV_N))
#define ARROWS_LANCER   (AR(QV_NW) | AR(QV_NE))
#define ARROWS_FLANKER  (AR(QV_W) | AR(QV_E) | AR(QV_S))
#define ARROWS_SCOUT    (AR(QV_N) | AR(QV_NE) | AR(QV_NW) | AR(QV_S))
#define ARROWS_GUARD    (AR(QV_N))
#define ARROWS_STAR     (AR(QV_N) | AR(QV_NE) | AR(QV_E) | AR(QV_S) | AR(QV_W) | AR(QV_NW))
#define ARROWS_COURIER  (AR(QV_N) | AR(QV_S))
#define ARROWS_SHOVER   (AR(QV_N))
#define ARROWS_SABOTEUR (AR(QV_N) | AR(QV_E) | AR(QV_W))
#define ARROWS_DYNAMO   (AR(QV_N) | AR(QV_NE) | AR(QV_NW))
#define ARROWS_DUELIST  (AR(QV_N) | AR(QV_E))
#define ARROWS_BANNER   (AR(QV_N))
#define ARROWS_AEGIS    (AR(QV_N))
const cc_template cc_templates[CC_NTEMPLATES] = {
    {"sentinel", 1, 5, ARROWS_SENTINEL, "Airship", "sen", ""},
    {"striker", 4, 2, ARROWS_STRIKER, "Adventurer", "str", ""},
    {"lancer", 3, 2, ARROWS_LANCER, "Adventurer", "lan", ""},
    {"flanker", 2, 3, ARROWS_FLANKER, "Airship", "fla", ""},
    {"scout", 2, 2, ARROWS_SCOUT, "Adventurer", "sco", ""},
    {"guard", 2, 4, ARROWS_GUARD, "Maker", "gua", ""},
    {"star", 1, 2, ARROWS_STAR, "Maker", "sta", ""},
    {"courier", 2, 2, ARROWS_COURIER, "Adventurer", "cou",
     "Action: Slide this card, or Jump it over an adjacent card."},
    {"shover", 2, 2, ARROWS_SHOVER, "Airship", "sho",
     "Action - Cost 1: Slide a card adjacent to this card one square directly away from it."},
    {"saboteur", 1, 2, ARROWS_SABOTEUR, "Maker", "sab",
     "Immediate - Cost X: Remove an opponent card in the Play Area whose Defense <= Power."},
    {"dynamo", 1, 3, ARROWS_DYNAMO, "Maker", "dyn",
     "Persistent: put a Charge Counter on this card (at most 3). Action - Cost 2: this card has "
     "+2 Strength until end of turn."},
    {"duelist", 2, 2, ARROWS_DUELIST, "Airship", "due",
     "Play: this card is Superior to cards of its own trait."},
    {"banner", 1, 3, ARROWS_BANNER, "Maker", "ban",
     "Play: your other cards adjacent to this card have +1 Defense."},
    {"aegis", 1, 3, ARROWS_AEGIS, "Airship", "aeg",
     "Hand Reaction: when one of your cards would be captured, discard this card: that card is "
     "not captured this Capture Step."},
};

const char cc_trait_letters[3] = {'r', 'p', 's'};
const char *const cc_phase_names[CC_NPHASES] = {"start", "coin", "action", "pay", "react", "over"};
const char *const cc_end_names[] = {"none", "points", "passes", "loss", "cap"};
const char *const cc_pend_names[] = {"none", "shove", "boost", "boost-persistent", "sabotage"};

const char *const cc_starter_names[3] = {"expedition", "foundry", NULL};
const uint8_t cc_starter_templates[2][7] = {
    {CC_STRIKER, CC_LANCER, CC_SCOUT, CC_STAR, CC_COURIER, CC_DYNAMO, CC_AEGIS},
    {CC_SENTINEL, CC_FLANKER, CC_GUARD, CC_SHOVER, CC_SABOTEUR, CC_DUELIST, CC_BANNER},
};

/* ---- the grid's geometry ---- */

/* Constant tables, worked out by the compiler: the square one step away in each direction
 * (N, NE, E, SE, S, SW, W, NW, as qv_dir_dx and qv_dir_dy; the unit tests compare them) and the
 * set of a square's neighbours. */
#define IN_GRID(sq, dx, dy)                                                                        \
	((sq) % 6 + (dx) >= 0 && (sq) % 6 + (dx) < 6 && (sq) / 6 + (dy) >= 0 && (sq) / 6 + (dy) < 6)
#define NB(sq, dx, dy)  (IN_GRID(sq, dx, dy) ? (sq) + 6 * (dy) + (dx) : -1)
#define BIT(sq, dx, dy) (IN_GRID(sq, dx, dy) ? 1ull << (((sq) + 6 * (dy) + (dx)) & 63) : 0)
#define NB_ROW(sq)                                                                                 \
	{                                                                                          \
		NB(sq, 0, 1), NB(sq, 1, 1), NB(sq, 1, 0), NB(sq, 1, -1), NB(sq, 0, -1),            \
		    NB(sq, -1, -1), NB(sq, -1, 0), NB(sq, -1, 1)                                   \
	}
#define ADJ(sq)                                                                                    \
	(BIT(sq, 0, 1) | BIT(sq, 1, 1) | BIT(sq, 1, 0) | BIT(sq, 1, -1) | BIT(sq, 0, -1) |         \
	 BIT(sq, -1, -1) | BIT(sq, -1, 0) | BIT(sq, -1, 1))
#define RANK(M, r)                                                                                 \
	M(6 * (r)), M(6 * (r) + 1), M(6 * (r) + 2), M(6 * (r) + 3), M(6 * (r) + 4), M(6 * (r) + 5)
#define GRID(M) RANK(M, 0), RANK(M, 1), RANK(M, 2), RANK(M, 3), RANK(M, 4), RANK(M, 5)

#define LINE(sq, d, dx, dy) (IN_GRID(sq, 2 * (dx), 2 * (dy)) ? 1u << (d) : 0u)
#define LINES(sq)                                                                                  \
	(LINE(sq, QV_N, 0, 1) | LINE(sq, QV_NE, 1, 1) | LINE(sq, QV_E, 1, 0) |                     \
	 LINE(sq, QV_SE, 1, -1) | LINE(sq, QV_S, 0, -1) | LINE(sq, QV_SW, -1, -1) |                \
	 LINE(sq, QV_W, -1, 0) | LINE(sq, QV_NW, -1, 1))

const int8_t cc_nb[CC_NSQ][QV_NDIRS] = {GRID(NB_ROW)};
const uint64_t cc_adj[CC_NSQ] = {GRID(ADJ)};
const uint8_t cc_lines[CC_NSQ] = {GRID(LINES)};

/* The squares a card of each template points at from each square, for each owner: the
 * arrows as printed for p1 (f = 1), turned 180 degrees for p2 (f = -1). */
#define POINT(A, sq, d, dx, dy) ((A) >> (d)&1 ? BIT(sq, dx, dy) : 0)
#define POINTS(A, sq, f)                                                                           \
	(POINT(A, sq, QV_N, 0, f) | POINT(A, sq, QV_NE, f, f) | POINT(A, sq, QV_E, f, 0) |         \
	 POINT(A, sq, QV_SE, f, -(f)) | POINT(A, sq, QV_S, 0, -(f)) |                              \
	 POINT(A, sq, QV_SW, -(f), -(f)) | POINT(A, sq, QV_W, -(f), 0) |                           \
	 POINT(A, sq, QV_NW, -(f), f))
#define RANK_A(M, A, f, r)                                                                         \
	M(A, 6 * (r), f), M(A, 6 * (r) + 1, f), M(A, 6 * (r) + 2, f), M(A, 6 * (r) + 3, f),        \
	    M(A, 6 * (r) + 4, f), M(A, 6 * (r) + 5, f)
#define GRID_A(M, A, f)                                                                            \
	RANK_A(M, A, f, 0), RANK_A(M, A, f, 1), RANK_A(M, A, f, 2), RANK_A(M, A, f, 3),            \
	    RANK_A(M, A, f, 4), RANK_A(M, A, f, 5)
/* clang-format off */
#define TEMPLATES(f)                                                                               \
	{GRID_A(POINTS, ARROWS_SENTINEL, f)}, {GRID_A(POINTS, ARROWS_STRIKER, f)},                 \
	{GRID_A(POINTS, ARROWS_LANCER, f)},   {GRID_A(POINTS, ARROWS_FLANKER, f)},                 \
	{GRID_A(POINTS, ARROWS_SCOUT, f)},    {GRID_A(POINTS, ARROWS_GUARD, f)},                   \
	{GRID_A(POINTS, ARROWS_STAR, f)},     {GRID_A(POINTS, ARROWS_COURIER, f)},                 \
	{GRID_A(POINTS, ARROWS_SHOVER, f)},   {GRID_A(POINTS, ARROWS_SABOTEUR, f)},                \
	{GRID_A(POINTS, ARROWS_DYNAMO, f)},   {GRID_A(POINTS, ARROWS_DUELIST, f)},                 \
	{GRID_A(POINTS, ARROWS_BANNER, f)},   {GRID_A(POINTS, ARROWS_AEGIS, f)}
/* clang-format on */

const uint64_t cc_points[2][CC_NTEMPLATES][CC_NSQ] = {{TEMPLATES(1)}, {TEMPLATES(-1)}};

#undef IN_GRID
#undef NB
#undef BIT
#undef NB_ROW
#undef ADJ
#undef LINE
#undef LINES
#undef POINT
#undef POINTS
#undef RANK_A
#undef GRID_A
#undef TEMPLATES
#undef RANK
#undef GRID

/* The board direction from a square to its neighbour, by their difference + 7. */
const int8_t cc_delta_dir[15] = {QV_SW, QV_S, QV_SE, -1, -1,    -1,   QV_W, -1,
                                 QV_E,  -1,   -1,    -1, QV_NW, QV_N, QV_NE};

int cc_board_dir(int owner, int d) { return owner == 0 ? d : (d + 4) % 8; }

int cc_find_card(const char *text)
{
	size_t n = strlen(text);
	if (n < 3 || n > 12 || text[n - 2] != '-')
		return -1;
	int trait = -1;
	for (int t = 0; t < 3; t++)
		if ((text[n - 1] | 0x20) == cc_trait_letters[t])
			trait = t;
	if (trait < 0)
		return -1;
	for (int k = 0; k < CC_NTEMPLATES; k++) {
		const char *id = cc_templates[k].id;
		size_t m = strlen(id);
		bool same = m == n - 2;
		for (size_t i = 0; same && i < m; i++)
			same = (text[i] | 0x20) == id[i];
		if (same)
			return k * 3 + trait;
	}
	return -1;
}

/* ---- cards on the grid, by the cell's value (card id + 1, 0 for an empty square) ---- */

/* A cell's template, and the cells whose card it beats for capture: its trait beats theirs
 * (Rock > Scissors > Paper > Rock), or it is Superior to them (a duelist against its own
 * trait). Constant tables, worked out by the compiler, for the hot paths. */
#define CELLS_OF_TRAIT(t) (0x12492492492ull << (t)) /* cells 1 + t, 4 + t, ..., 40 + t */
#define BEATEN(cell)                                                                               \
	(CELLS_OF_TRAIT(((cell)-1 + 2) % 3) |                                                      \
	 ((cell)-1 >= 3 * CC_DUELIST && (cell)-1 < 3 * CC_DUELIST + 3                              \
	      ? CELLS_OF_TRAIT(((cell)-1) % 3)                                                     \
	      : 0))
#define TEMPLATE3(k) (k), (k), (k)
#define BEATEN3(k)   BEATEN(3 * (k) + 1), BEATEN(3 * (k) + 2), BEATEN(3 * (k) + 3)
#define ALL14(M)                                                                                   \
	M(0), M(1), M(2), M(3), M(4), M(5), M(6), M(7), M(8), M(9), M(10), M(11), M(12), M(13)

const uint8_t cc_cell_tmpl[CC_NCARDS + 1] = {0, ALL14(TEMPLATE3)};
const uint64_t cc_cell_beats[CC_NCARDS + 1] = {0, ALL14(BEATEN3)};

#undef CELLS_OF_TRAIT
#undef BEATEN
#undef TEMPLATE3
#undef BEATEN3
#undef ALL14
