/*
 * spiel.h - quiver's stable C API for search and learning: the four games as OpenSpiel sees a
 * game (states, integer actions, chance outcomes, returns, information states, tensors), built
 * on the game interface (game.h) without changing a game. It is the API of the shared library
 * libquiver.so (pkg-config quiver) and of the Python package (python/quiver, docs/python.md).
 *
 * Stability: QV_SPIEL_API_VERSION counts the changes that break a caller (a function removed
 * or changed, an action id, a tensor layout or a serialized form read differently); additions
 * keep it. qv_spiel_api_version() is the library's, to compare with the header's.
 *
 * Ids. A player's action is an id in [0, qv_spiel_num_distinct_actions): the game's action
 * integers (game.h) are `type << shift | payload`, and each type of decision has a segment of
 * ids of its own, in the game's type order, an id being the segment's start plus the payload
 * (docs/python.md, "Action ids", lists the segments per game). One kind of decision has a
 * payload too wide for a segment: an Evons mulligan, whose id is the segment's start plus its
 * place among the mulligans legal() lists. A chance outcome's id is its place in the list the
 * game's chance() gives, in [0, qv_spiel_max_chance_outcomes). legal actions are sorted ids.
 *
 * Players: a seat 0..n-1, QV_SPIEL_CHANCE, or QV_SPIEL_TERMINAL (OpenSpiel's kChancePlayerId
 * and kTerminalPlayerId). The game interface asks the seats of a secret simultaneous step one
 * at a time, in seat order, each seat's view hiding the others' commitments until all are
 * made, so QV_SPIEL_SIMULTANEOUS is never the current player; it is defined for callers that
 * compare with OpenSpiel's ids.
 *
 * Information. A player's observation string is the game's diagram for that seat
 * (render_text), its observation tensor the seat's view (view_json, which the game builds to
 * hold exactly what that seat may know now) hashed into qv_spiel_tensor_size floats. Its
 * information state has perfect recall: the string is every observation of the seat in order,
 * a line each, as the engine's narrated log tells that seat each action of the history (its
 * own in full, another's or chance's as far as the seat may know it, nothing of another's
 * secret commitment that leaves its view as it was) and each consequence the game narrates,
 * then "view " and the view as compact JSON with sorted keys. The tensor hashes those lines
 * (with their places) into the slots of the view's (docs/python.md, "Information state",
 * "Tensors"). Not the number of actions so far: within a secret simultaneous step a seat may
 * choose several times (Arrow Party's items), and how many times is hidden from the others
 * until all have chosen. A hidden fact reaches no string or tensor of a seat that may not know
 * it. A state keeps each seat's lines as they are worked out (a clone copies them), so a call
 * tells the seat only the actions since its last call; the first costs the whole history.
 *
 * Errors: every function that can fail returns a qv_status (0 or a negative code) and writes
 * a message into err (which may be NULL) naming the problem and the form expected. Bad input
 * never crashes.
 *
 * Threads: a game handle is immutable after qv_spiel_game_new and may be shared; a state or an
 * agent must be used by one thread at a time, even through the functions that take it const
 * (the information states keep the lines they work out in the state).
 */
#ifndef QUIVER_SPIEL_H
#define QUIVER_SPIEL_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"

#define QV_SPIEL_API_VERSION 2

enum {
	QV_SPIEL_CHANCE = -1,
	QV_SPIEL_SIMULTANEOUS = -2,
	QV_SPIEL_TERMINAL = -4,
};

typedef struct qv_spiel_game qv_spiel_game;
typedef struct qv_spiel_state qv_spiel_state;
typedef struct qv_spiel_agent qv_spiel_agent;

/* QV_SPIEL_API_VERSION of the library. */
int qv_spiel_api_version(void);

/* The games' names, NULL-terminated ("three-arrows", "concardia", "evons", "arrow-party"). */
const char *qv_spiel_game_name_at(int i);

/* The length at which a game ends by default: the API's own cap (below). */
#define QV_SPIEL_MAX_GAME_LENGTH 10000

/* A game by name with its parameters as "key=value,..." (players=3,variant=FILE, ...; "" or
 * NULL for the defaults). One parameter is the API's rather than the game's:
 * max_game_length=N (1-100000000, QV_SPIEL_MAX_GAME_LENGTH by default), the actions (chance
 * outcomes included) after which a state is terminal whatever the game says, with the returns
 * the game gives at that point: OpenSpiel's MaxGameLength, a bound the rules of quiver's
 * games do not give in actions (their caps count turns and rounds). Fails naming the unknown game
 * and the known ones, or the bad parameter and what it allows. The caller frees the game with
 * qv_spiel_game_free after every state made from it. */
qv_status qv_spiel_game_new(qv_spiel_game **out, const char *name, const char *params, qv_err *err);
void qv_spiel_game_free(qv_spiel_game *g);

const char *qv_spiel_game_name(const qv_spiel_game *g);
/* The parameters as given (after parsing), "key=value,..." in the order given. */
const char *qv_spiel_game_params(const qv_spiel_game *g);
int qv_spiel_num_players(const qv_spiel_game *g);
int qv_spiel_num_distinct_actions(const qv_spiel_game *g);
int qv_spiel_max_chance_outcomes(const qv_spiel_game *g);
/* The most ids qv_spiel_legal_actions gives at any state (a decision's or a chance node's):
 * room enough for its out. */
int qv_spiel_max_legal_actions(const qv_spiel_game *g);
/* max_game_length: no state of g goes past this many actions. */
int qv_spiel_max_game_length(const qv_spiel_game *g);
/* Floats in an information-state or observation tensor (the same size for both). */
int qv_spiel_tensor_size(const qv_spiel_game *g);

/* The initial state, its own RNG (for games that keep one) seeded by seed. */
qv_status qv_spiel_new_initial_state(const qv_spiel_game *g, uint64_t seed, qv_spiel_state **out,
                                     qv_err *err);
/* A copy that shares nothing with st, its history included; NULL when memory ran out. */
qv_spiel_state *qv_spiel_clone(const qv_spiel_state *st);
void qv_spiel_state_free(qv_spiel_state *st);

/* A seat, QV_SPIEL_CHANCE or QV_SPIEL_TERMINAL. */
int qv_spiel_current_player(const qv_spiel_state *st);
/* Actions applied since the initial state, chance outcomes included. */
int qv_spiel_move_number(const qv_spiel_state *st);

/* The legal ids of the seat to move, ascending, into out (room for
 * qv_spiel_max_legal_actions ids, or fewer when the caller knows better: the count is returned
 * in any case and at most cap written); at a chance node the outcomes' ids; 0 when the game
 * is over. Negative on an error (an action the id map cannot place, err says). */
int qv_spiel_legal_actions(const qv_spiel_state *st, int32_t *out, int cap, qv_err *err);
/* At a chance node, the outcomes' ids and exact probabilities (summing to 1), at most
 * qv_spiel_max_chance_outcomes; 0 elsewhere. */
int qv_spiel_chance_outcomes(const qv_spiel_state *st, int32_t *ids, double *probs, int cap);
/* Applies id (a legal action of the seat to move, or an outcome at a chance node). An id out
 * of range or not legal now fails, saying why; st is then unchanged. */
qv_status qv_spiel_apply(qv_spiel_state *st, int32_t id, qv_err *err);

/* Each seat's return, in [-1, 1] (those the game would have if it ended now when it has not:
 * OpenSpiel's rewards are 0 until the end, which returns() callers check with the player). */
void qv_spiel_returns(const qv_spiel_state *st, double *out);

/* The notation of id at st (a legal action or chance outcome now) into buf; returns its
 * length, or a negative status with err saying why. */
int qv_spiel_action_to_string(const qv_spiel_state *st, int32_t id, char *buf, size_t len,
                              qv_err *err);
/* The id of an action written in the game's notation, legal now. */
qv_status qv_spiel_string_to_action(const qv_spiel_state *st, const char *text, int32_t *out,
                                    qv_err *err);

/* Strings the caller frees with qv_spiel_free; NULL when memory ran out or player is no seat
 * (player -1: everything, for debugging; only with qv_spiel_state_string). */
char *qv_spiel_state_string(const qv_spiel_state *st);
char *qv_spiel_information_state_string(const qv_spiel_state *st, int player);
char *qv_spiel_observation_string(const qv_spiel_state *st, int player);
void qv_spiel_free(void *p);

/* The seat's tensor into out (qv_spiel_tensor_size floats). Fails for a player that is no
 * seat, or when memory ran out. */
qv_status qv_spiel_information_state_tensor(const qv_spiel_state *st, int player, float *out,
                                            qv_err *err);
qv_status qv_spiel_observation_tensor(const qv_spiel_state *st, int player, float *out,
                                      qv_err *err);

/* The state as bytes (text: a header "quiver-spiel 2", then the state the history starts
 * from and the history, as JSON), *len set, freed with qv_spiel_free; NULL when memory ran
 * out. Deserializing gives back a state equal byte for byte, history included. */
char *qv_spiel_serialize(const qv_spiel_state *st, size_t *len);
/* Reads what qv_spiel_serialize wrote for a game of the same name and parameters. Untrusted
 * input: every field is checked and the history replayed action by action, and a corrupted
 * text fails naming what is wrong. The form of API version 1 ("quiver-spiel 1"), which held
 * no history, is refused saying so. */
qv_status qv_spiel_deserialize(const qv_spiel_game *g, const char *data, size_t len,
                               qv_spiel_state **out, qv_err *err);

/* A full state drawn from those that `player` cannot tell apart from st, replacing everything
 * hidden from that seat by a guess consistent with its view: the game's determinize, the one
 * quiver's IS-MCTS starts every iteration from. It depends only on the seat's view and seed.
 * The world keeps player's observations (its information state is st's); its history starts
 * at the world, so another seat's information state there begins with a line saying that what
 * it saw before is not known, then has its observations since. */
qv_status qv_spiel_resample(const qv_spiel_state *st, int player, uint64_t seed,
                            qv_spiel_state **out, qv_err *err);

/* quiver's own players (agent.h specs: "hard", "medium", "mcts:iterations=500", "random",
 * ...) for g. */
qv_status qv_spiel_agent_new(const qv_spiel_game *g, const char *spec, uint64_t seed,
                             qv_spiel_agent **out, qv_err *err);
/* The agent's choice for the seat to move at st, as an id. The agent sees only what that
 * seat may know. Fails at a chance node or at the end. */
qv_status qv_spiel_agent_step(qv_spiel_agent *a, const qv_spiel_state *st, int32_t *out,
                              qv_err *err);
void qv_spiel_agent_free(qv_spiel_agent *a);

#endif
