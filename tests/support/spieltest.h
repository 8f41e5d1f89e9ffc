/*
 * spieltest.h - what the spiel API's unit tests (unit/test_spiel*.c) share: games made or the
 * test failed, random ids (a legal action drawn uniformly, a chance outcome by its
 * probability), a seat's view as text, the configurations played, and an expected refusal.
 */
#ifndef QV_TEST_SPIELTEST_H
#define QV_TEST_SPIELTEST_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/spiel/handles.h"

typedef struct spiel_config {
	const char *game, *params;
	int games; /* random games played to the end */
} spiel_config;

/* The configurations the tests play: every game, the ones with more players, a deal off. */
extern const spiel_config spiel_configs[];
extern const int spiel_nconfigs;

/* The game, or the test fails naming the refusal. */
qv_spiel_game *spiel_game(const char *name, const char *params);
/* The initial state, or the test fails. */
qv_spiel_state *spiel_start(const qv_spiel_game *g);
/* A random id at s (not over): a legal action drawn uniformly, or a chance outcome by its
 * probability. */
int32_t spiel_random_id(const qv_spiel_state *s, qv_rng *rng);
/* Applies id, or the test fails naming the refusal. */
void spiel_apply(qv_spiel_state *s, int32_t id);
/* Seat p's view (view_json of the current state) as compact text with sorted keys. */
char *spiel_view(const qv_spiel_state *s, int p);
/* Whether the two states are the same game state at the same move. */
bool spiel_same(const qv_spiel_state *a, const qv_spiel_state *b);
/* rc is want and err says `says`, or the test fails. */
void spiel_expect(qv_status rc, qv_status want, const qv_err *err, const char *says);

#endif
