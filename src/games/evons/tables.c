/*
 * tables.c - the printed components of Evons (docs/rules/evons.md): the 26 cards (element,
 * cost, ATK, DEF, arrows and the ability of each arrow) in the order of the rules page's card
 * table, the names of elements, abilities, phases and steps, and the two starter decks. Data
 * only, and the lookup of a card by its id: every other file of the game reads these.
 */
#include <string.h>

#include "evons.h"

/* ---- the cards ---- */

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
/* The names of the state's enumerations, as the JSON writes them. */
const char *const ev_phase_names[EV_NPHASES] = {"mulligan", "coin", "main", "chain", "over"};
const char *const ev_step_names[EV_NSTEPS] = {"ability1", "conflicts", "ability2"};
const char *const ev_end_names[EV_NENDS] = {"none", "full", "idle", "cap"};

/* ---- the starter decks ---- */

const char *const ev_starter_names[3] = {"blaze", "bedrock", NULL};

int ev_find_kind(const char *text)
{
	for (int k = 0; k < EV_NKINDS; k++)
		if (qv_streq_nocase(text, ev_kinds[k].id))
			return k;
	return -1;
}

/* The starter decks, top first with shuffle=false: the monsters of its three elements in
 * card-table order, two of each, then two sentries, an assassin and its three blocks. */
int ev_starter(int which, uint8_t *list)
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
