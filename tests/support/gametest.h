/*
 * gametest.h - what the games' unit tests do through the game interface: set up a state from
 * parameters, load a state JSON, parse and play actions, print a view or a diagram. Every
 * failure ends the test with a message naming the input (cmocka's fail_msg).
 */
#ifndef QV_TEST_GAMETEST_H
#define QV_TEST_GAMETEST_H

#include <stdint.h>

#include "quiver/game.h"

/* init with a parameter list "k=v,k=v" ("" for the defaults). */
void qv_test_init(const qv_game *g, void *st, const char *params, uint64_t seed);

/* load_json of the text state_json into st, which init has set up; a test JSON that does not
 * parse fails the test, a state the game refuses returns its status (message in err). */
qv_status qv_test_load_json(const qv_game *g, void *st, const char *state_json, qv_err *err);

/* The action written text; fails the test if the game refuses it. */
qv_action qv_test_parse(const qv_game *g, const void *st, const char *text);

/* Parses and applies text; fails the test if either is refused. */
void qv_test_play(const qv_game *g, void *st, const char *text);

/* Plays one random step: a chance outcome drawn by its probability, or a legal action drawn
 * uniformly; fails the test if there is none or the game refuses it. Returns what it played. */
qv_action qv_test_random_step(const qv_game *g, void *st, qv_rng *rng);

/* One invariant of a game's state broken (qv_game.state_ok): a good state (init with params,
 * then the state JSON loaded unless NULL, then the actions of `plays` separated by ';' played
 * unless NULL), what breaks it, and a part of the message state_ok must give. JSON text may
 * quote with ' for ". */
typedef struct qv_test_breakage {
	const char *params;
	const char *state;
	const char *plays;
	void (*breaks)(void *st);
	const char *says;
} qv_test_breakage;

/* Sets up the good state of b in st (state_size bytes); fails the test, naming the step, if
 * init, the load or an action is refused, or state_ok does not hold there. */
void qv_test_good_state(const qv_game *g, void *st, const qv_test_breakage *b);

/* For each of the n breakages: its good state keeps the invariants, and broken it does not,
 * state_ok's message holding the breakage's words; fails the test naming the first that does
 * not. So every invariant a game states is shown to fire on a state that breaks it. */
void qv_test_breakages(const qv_game *g, const qv_test_breakage *list, int n);

/* Applies a, legal at the good state of the breakage of list (n of them) that `breaks`, to that
 * state broken, in a child process: in the sanitizer build (QV_CHECKS) apply must abort, its
 * message naming the game's state_ok and the breakage's words (QV_ASSERT_STATE, game.h); in
 * other builds it must not (the check costs nothing there). The breakage must be one that a
 * leaves alone (padding, say). */
void qv_test_apply_checks_state(const qv_game *g, const qv_test_breakage *list, int n,
                                void (*breaks)(void *st), const char *a);

/* The game's values_after (the search's values without an apply) held to the truth over
 * `games` random games with params (seeds 1 on): at every position, for every player, every
 * legal action it values is one the game goes on after, with the scores and the heuristic of
 * the state after it to the last bit; fails the test naming the action otherwise. Adds to
 * *legal the legal actions of the positions where the mover was asked, and to *valued those it
 * valued. */
void qv_test_values_after(const qv_game *g, const char *params, int games, long *legal,
                          long *valued);

/* viewer's view as compact JSON with sorted keys, and its diagram without colour; the caller
 * frees them. */
char *qv_test_view(const qv_game *g, const void *st, int viewer);
char *qv_test_diagram(const qv_game *g, const void *st, int viewer);

/* Loads the JSON text as a client's variant of g (qv_variant_from_json, its paths under
 * "variant"): QV_OK, or the refusal with its message in err; a test JSON that does not parse
 * fails the test. */
struct qv_variant;
qv_status qv_test_variant_load(const qv_game *g, const char *text, const struct qv_variant **v,
                               qv_err *err);
/* The variant of g the JSON text describes; fails the test, with the message, if it is
 * refused. */
const struct qv_variant *qv_test_variant(const qv_game *g, const char *text);
/* The message g refuses the variant text with, in err; fails the test if it is accepted. */
const char *qv_test_variant_refusal(const qv_game *g, const char *text, qv_err *err);

/* The variant file examples/variants/<file> of the source tree (found from this file's own
 * path), loaded for g; fails the test if it is refused. */
const struct qv_variant *qv_test_example_variant(const qv_game *g, const char *file);

/* v's resolved document without its component k (qv_components.ablate), complete (no
 * `extends`) and loaded; fails the test, naming the entry, if either step refuses it. */
const struct qv_variant *qv_test_ablated(const qv_game *g, const struct qv_variant *v, int k);

/* The id (its block's id_key) of entry k of the studied block (qv_components.studied) of v's
 * document; fails the test when there is none. */
const char *qv_test_studied_id(const qv_game *g, const struct qv_variant *v, int k);

/* The lab's component_of (qv_components) checked against the actions' own words, for the
 * card games: at st, a player to move in a game of v, every legal action plays -1 or an
 * entry of v's studied block, and plays entry k exactly when a word of its text after the
 * first is a card id (is_card) and that word is k's id; actions whose first word is `except`
 * name cards without playing one. Returns how many of the legal actions play a card. */
int qv_test_check_component_of(const qv_game *g, const void *st, const struct qv_variant *v,
                               bool (*is_card)(const void *st, const char *word),
                               const char *except);

#endif
