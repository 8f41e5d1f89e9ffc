/*
 * tables.c - the printed components of Arrow Party (docs/rules/arrow-party.md): the 30 arrow
 * cards' arrows (as direction masks and as printed text), the ten item kinds with their ids
 * and points, the six dice with their faces and points, the phase names, and the pairs of
 * players a bump can join. Data only: every other file of the game reads these.
 */
#include "arrow_party.h"

#define AR(d) (1u << (d))
const uint8_t ap_arrows[AP_NARROWS] = {
    AR(QV_N),
    AR(QV_N),
    AR(QV_N),
    AR(QV_N),
    AR(QV_N),
    AR(QV_N),
    AR(QV_N) | AR(QV_S),
    AR(QV_N) | AR(QV_S),
    AR(QV_N) | AR(QV_E),
    AR(QV_N) | AR(QV_E),
    AR(QV_N) | AR(QV_NE),
    AR(QV_N) | AR(QV_NE),
    AR(QV_W) | AR(QV_N) | AR(QV_E),
    AR(QV_W) | AR(QV_N) | AR(QV_E),
    AR(QV_N) | AR(QV_SE) | AR(QV_SW),
    AR(QV_N) | AR(QV_SE) | AR(QV_SW),
    AR(QV_NW) | AR(QV_N) | AR(QV_NE),
    AR(QV_NW) | AR(QV_N) | AR(QV_NE),
    AR(QV_N) | AR(QV_E) | AR(QV_S) | AR(QV_W),
    AR(QV_N) | AR(QV_E) | AR(QV_S) | AR(QV_W),
    AR(QV_N) | AR(QV_E) | AR(QV_S) | AR(QV_W),
    AR(QV_NE) | AR(QV_SE) | AR(QV_SW) | AR(QV_NW),
    AR(QV_NE) | AR(QV_SE) | AR(QV_SW) | AR(QV_NW),
    AR(QV_NE) | AR(QV_SE) | AR(QV_SW) | AR(QV_NW),
    AR(QV_W) | AR(QV_NW) | AR(QV_N) | AR(QV_NE) | AR(QV_E),
    AR(QV_W) | AR(QV_NW) | AR(QV_N) | AR(QV_NE) | AR(QV_E),
    AR(QV_W) | AR(QV_NW) | AR(QV_N) | AR(QV_NE) | AR(QV_E),
    AR(QV_N) | AR(QV_NE) | AR(QV_E) | AR(QV_S) | AR(QV_W),
    AR(QV_N) | AR(QV_NE) | AR(QV_E) | AR(QV_S) | AR(QV_W),
    AR(QV_N) | AR(QV_NE) | AR(QV_E) | AR(QV_S) | AR(QV_W),
};
#undef AR

const char *const ap_arrow_text[AP_NARROWS] = {
    "N",           "N",           "N",           "N",           "N",           "N",
    "N S",         "N S",         "N E",         "N E",         "N NE",        "N NE",
    "W N E",       "W N E",       "N SE SW",     "N SE SW",     "NW N NE",     "NW N NE",
    "N E S W",     "N E S W",     "N E S W",     "NE SE SW NW", "NE SE SW NW", "NE SE SW NW",
    "W NW N NE E", "W NW N NE E", "W NW N NE E", "N NE E S W",  "N NE E S W",  "N NE E S W",
};

const char *const ap_item_ids[AP_NKINDS] = {"x2",   "half", "minus5", "reverse",  "draw",
                                            "dice", "swap", "noswap", "nopickup", "exchange"};
const int ap_item_points[AP_NKINDS] = {2, -2, -1, 2, 3, 0, -2, 3, -3, 3};
const int ap_die_faces[AP_NDICE] = {4, 6, 8, 10, 12, AP_DIE_FACES_MAX};
const int ap_die_points[AP_NDICE] = {1, 0, -1, -2, -3, -4};
const char *const ap_phase_names[AP_NPHASES] = {"items", "take", "draw", "throw", "land",
                                                "roll",  "go",   "walk", "over"};
const uint8_t ap_pair_a[AP_NPAIRS] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 3};
const uint8_t ap_pair_b[AP_NPAIRS] = {1, 2, 3, 4, 2, 3, 4, 3, 4, 4};
