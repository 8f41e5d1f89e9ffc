/*
 * tourney.h - tournaments as arithmetic, no I/O: the pairings of a Swiss round (FIDE's Dutch
 * system, simplified as lichess's Swiss is) and of an arena's waiting players (lichess's arena),
 * and the scores both count. The server keeps the players, the games and their results
 * (players/tournaments.h) and calls these at each round or wave; the tests check them against
 * a reference of their own.
 *
 * Swiss. The players are ranked by score (high first), then rating, then the order they joined.
 * With an odd number, one gets a bye (a point): the lowest ranked who has had none, going up the
 * ranks until the others can be paired. The others are paired so that no two meet twice (nor two
 * the caller says may not meet: a block), by the Dutch rule within each score group: the group's
 * upper half (S1) against its lower half (S2) in order, S1[i] against S2[i]; when that would
 * repeat a game, the next of S2 is tried (S2[i+1], ..., then back up), and a group that cannot
 * be paired whole sends its lowest players down to the next group (down-floaters), as FIDE's
 * C.04.3 does. The search goes through every choice before it gives up, so it finds a pairing
 * without a repeat whenever there is one, in the Dutch order of preference; past
 * QV__SWISS_STEPS steps it stops (a round that cannot be paired ends the tournament early, as
 * lichess's does). Colours: the player with more blacks than whites gets white; when equal, the
 * one whose last game was black; else (round 1, or both alike) the higher ranked alternates by
 * board (white on board 1, black on board 2, ...).
 *
 * Arena. The players waiting for a game (not in one) are paired at once, in rank order (score,
 * then performance: fewer games for the same score, then the order they joined): the first
 * with the next who is not its last opponent; one whose only possible opponent is its last one
 * waits for another to be free, unless nobody else is playing (then nobody would come); two kept
 * apart (a block) are never paired. A game is
 * worth 2 points for a win, 1 for a draw and 0 for a loss; after two wins in a row a player is "on
 * fire" and its games are worth double (4 and 2) until one that is not a win.
 */
#ifndef QUIVER_SERVER_BASE_TOURNEY_H
#define QUIVER_SERVER_BASE_TOURNEY_H

#include <stdbool.h>

/* The most steps the Swiss search takes (each a pair tried) before it gives up. */
#define QV__SWISS_STEPS 200000

/* A player as the pairings see it. */
typedef struct qv__tp {
	long long id;       /* the account */
	double score;       /* points so far (Swiss: 1 a win; arena: as counted below) */
	double rating;      /* its rating when it joined (a new player's 1500) */
	int order;          /* its place in joining: the last tiebreak */
	int games;          /* games played (arena: fewer for a score ranks higher) */
	int whites, blacks; /* Swiss: games at the first and second seat */
	int last_colour;    /* Swiss: 1 first seat, -1 second, 0 none yet */
	bool had_bye;       /* Swiss */
	long long last;     /* arena: its last opponent's account (0: none) */
} qv__tp;

/* Whether accounts a and b may not meet (they met already, or a block keeps them apart). */
typedef bool (*qv__tp_apart)(void *ctx, long long a, long long b);

/* Sorts players (n) into Swiss rank order: score, rating (high first), then order. */
void qv__swiss_rank(qv__tp *players, int n);

/* The pairs of the next Swiss round of players (n, in any order; sorted into rank order here):
 * pairs[k] = {first seat, second seat}, indices into the sorted players, board k; *bye the index
 * of the player with the bye (-1: none). The number of pairs, or -1 when no pairing without a
 * repeat exists (or the search ran out of steps). pairs has room for n / 2. */
int qv__swiss_pair(qv__tp *players, int n, qv__tp_apart apart, void *ctx, int (*pairs)[2],
                   int *bye);

/* Sorts waiting players (n) into arena rank order: score (high first), fewer games, order. */
void qv__arena_rank(qv__tp *players, int n);

/* The pairs of an arena's waiting players (n, in any order; sorted here): pairs[k] = {first
 * seat, second seat} (the higher ranked first), indices into the sorted players; two who just
 * played each other meet again only when no other player of the arena is in a game
 * (others_playing false); two that apart says may not meet (a block; NULL: none) never do. The
 * number of pairs. */
int qv__arena_pair(qv__tp *waiting, int n, bool others_playing, qv__tp_apart apart, void *ctx,
                   int (*pairs)[2]);

/* An arena player's points from its results in order ('W', 'D', 'L'; any other: no result, a
 * game that counts for nothing and breaks no streak), and whether it is on fire after them. */
int qv__arena_points(const char *results, bool *fire);

#endif
