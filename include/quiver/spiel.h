/*
 * spiel.h - quiver's stable C API for search and learning: the four games as OpenSpiel sees a
 * game (states, integer actions, chance outcomes, returns, information states, tensors), built
 * on the game interface (game.h) without changing a game's rules. It is the API of the shared
 * library libquiver.so (pkg-config quiver) and of the Python package (python/quiver,
 * docs/python.md).
 *
 * Stability: QV_SPIEL_API_VERSION counts the changes that break a caller (a function removed
 * or changed, an action id, a tensor layout or a serialized form read differently); additions
 * keep it. qv_spiel_api_version() is the library's, to compare with the header's.
 *
 * Chance. Everything random is a chance node with its outcomes' exact probabilities: the dice,
 * coins and draws of the games' rules, and the deal, which the API makes explicit where a
 * game shuffles (ConCardia's and Evons' decks, Arrow Party's stacks, items and ground): each
 * card dealt is a chance node whose outcomes are the card ids that can come, a hand dealt as a
 * multiset in ascending id, and a pile nobody has seen (a deck, a stack) dealt a card at a
 * time as its cards are drawn (docs/python.md, "Chance"). So the initial state is the same on
 * every call. With the API's parameter chance=sampled, chance is drawn inside the state instead
 * (OpenSpiel's sampled stochastic games), from a generator seeded by the parameter rng_seed
 * and, for each new initial state, how many the game has made before.
 *
 * Ids. A player's action is an id in [0, qv_spiel_num_distinct_actions): the game's action
 * integers (game.h) are `type << shift | payload`, and each type of decision has a segment of
 * ids of its own, in the game's type order, an id being the segment's start plus the payload
 * (docs/python.md, "Action ids", lists the segments per game). One kind of decision has a
 * payload too wide for a segment: an Evons mulligan, whose id is the segment's start plus its
 * place among the mulligans legal() lists. Each id also has a factored form: the heads (the
 * type, then each field of the payload: square, facing, kind, ...), a bijection with the ids.
 * A chance outcome's id is in [0, qv_spiel_max_chance_outcomes): a dealt card's id, or a game
 * outcome's place in the list the game's chance() gives. Legal actions are sorted ids.
 *
 * Players: a seat 0..n-1, QV_SPIEL_CHANCE, or QV_SPIEL_TERMINAL (OpenSpiel's kChancePlayerId
 * and kTerminalPlayerId). The game interface asks the seats of a secret simultaneous step one
 * at a time, in seat order, each seat's view hiding the others' commitments until all are
 * made, so QV_SPIEL_SIMULTANEOUS is never the current player.
 *
 * Information. A seat's observation tensor is planes [C, H, W] (a channel per feature, a cell
 * per square) then scalars, every slot a whole number, holding exactly what the seat may know
 * now (its view); its observation string is the game's diagram for it. Its information state
 * has perfect recall: the string is a line per event the seat saw, its own actions in the
 * game's notation ("p1 place A c3 N") and each change of its observation tensor ("= 12:1
 * 40:0", slot:value); its tensor is the observation now followed by the same events as rows
 * (recall): how many rows came before those it holds, then the last `recall` rows (a
 * parameter, 128 by default), the last first, each six floats: a one-hot of the row's kind
 * (own action, a change's first slot, a further slot of it, a world's start), then what (the
 * action's id, the slot, the world's seat) and the slot's new value. While the history holds
 * at most `recall` rows the tensor has the string's perfect recall: two information states
 * give two tensors. They are kept as actions apply while a state (or the state it was cloned
 * from) is asked for one, so that asking never replays the whole history, and a state no
 * longer asked stops keeping them after its next decision (the next ask replays from there);
 * docs/python.md, "Information state", has the details. With the parameter tensor=hashed both
 * tensors are the older hashed 4,096 floats.
 *
 * Errors: every function that can fail returns a qv_status (0 or a negative code) and writes
 * a message into err (which may be NULL) naming the problem and the form expected. Bad input
 * never crashes.
 *
 * Threads: a game handle may be shared once made (a sampled game counts the states it made
 * atomically); a state or an agent must be used by one thread at a time, even through the
 * functions that take it const (the information states are worked out into the state). States
 * cloned from one another may be used by different threads.
 */
#ifndef QUIVER_SPIEL_H
#define QUIVER_SPIEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"

#define QV_SPIEL_API_VERSION 5

enum {
	QV_SPIEL_CHANCE = -1,
	QV_SPIEL_SIMULTANEOUS = -2,
	QV_SPIEL_TERMINAL = -4,
};

/* The most heads of a factored action. */
#define QV_SPIEL_MAX_HEADS 8

typedef struct qv_spiel_game qv_spiel_game;
typedef struct qv_spiel_state qv_spiel_state;
typedef struct qv_spiel_agent qv_spiel_agent;

/* QV_SPIEL_API_VERSION of the library. */
int qv_spiel_api_version(void);

/* The games' names, NULL-terminated ("three-arrows", "concardia", "evons", "arrow-party"). */
const char *qv_spiel_game_name_at(int i);

/* A game by name with its parameters as "key=value,..." (players=3,variant=FILE, ...; "" or
 * NULL for the defaults). Some parameters are the API's rather than the game's:
 *   max_game_length=N  the decisions after which a state is terminal (truncated): a cut
 *                      with no outcome, its returns 0 for every seat; at most, and by
 *                      default, the game's own longest (qv_spiel_max_game_length);
 *   truncated_returns=zero|ranks  the returns of a truncated state: 0 (the default), or
 *                      the game's ranks at the cut (a guess at the outcome, not one);
 *   chance=explicit|sampled  chance nodes (the default) or chance drawn inside the state;
 *   rng_seed=N         the seed of sampled chance (0 to 2^63-1, 0 by default);
 *   tensor=planes|hashed  the tensors' layout (planes by default);
 *   recall=N           the rows of the information-state tensor (0 to 65536, 128 by
 *                      default): the last events of the seat's information state.
 * Fails naming the unknown game and the known ones, or the bad parameter and what it allows.
 * The caller frees the game with qv_spiel_game_free after every state made from it. */
qv_status qv_spiel_game_new(qv_spiel_game **out, const char *name, const char *params, qv_err *err);
void qv_spiel_game_free(qv_spiel_game *g);

const char *qv_spiel_game_name(const qv_spiel_game *g);
/* The game's display name ("THREE ARROWS") and the players it may have. */
const char *qv_spiel_game_title(const qv_spiel_game *g);
void qv_spiel_players_range(const qv_spiel_game *g, int *lo, int *hi);
/* The parameters as given (after parsing), "key=value,..." in the order given. */
const char *qv_spiel_game_params(const qv_spiel_game *g);
/* Every parameter, the game's then the API's, given or defaulted: "key=value,..." (OpenSpiel's
 * GetParameters). */
const char *qv_spiel_game_parameters(const qv_spiel_game *g);
/* The kind of parameter key (qv_param_kind, core.h), -1 for a key the game does not take. */
int qv_spiel_parameter_kind(const qv_spiel_game *g, const char *key);
int qv_spiel_num_players(const qv_spiel_game *g);
int qv_spiel_num_distinct_actions(const qv_spiel_game *g);
int qv_spiel_max_chance_outcomes(const qv_spiel_game *g);
/* The most ids qv_spiel_legal_actions gives at any state (a decision's or a chance node's):
 * room enough for its out. */
int qv_spiel_max_legal_actions(const qv_spiel_game *g);
/* The most decisions a game goes through (OpenSpiel's MaxGameLength): the game's own longest,
 * worked out from its rules and parameters, or max_game_length when it is lower. */
int qv_spiel_max_game_length(const qv_spiel_game *g);
/* The most chance outcomes a game draws, the deal's included (MaxChanceNodesInHistory). */
int qv_spiel_max_chance_nodes(const qv_spiel_game *g);
/* Whether chance is drawn inside the states (chance=sampled). */
bool qv_spiel_chance_sampled(const qv_spiel_game *g);
/* Whether no game of g has a chance node (THREE ARROWS tactical), and whether a seat may
 * know everything (OpenSpiel's perfect information: nothing is hidden from anyone). */
bool qv_spiel_deterministic(const qv_spiel_game *g);
bool qv_spiel_perfect_information(const qv_spiel_game *g);

/* The tensors: an observation is c planes of h x w then nscalars (c*h*w + nscalars floats);
 * an information state that, then 1 + 6 * recall floats (tensor=planes). With tensor=hashed,
 * c, h and w are 0 and both tensors are 4,096 scalars. */
void qv_spiel_tensor_layout(const qv_spiel_game *g, int *c, int *h, int *w, int *nscalars);
int qv_spiel_observation_tensor_size(const qv_spiel_game *g);
int qv_spiel_information_state_tensor_size(const qv_spiel_game *g);
/* The name of slot i of the information-state tensor (the observation's come first):
 * "owner.me@c3", "score.next", "recall.before", "recall0.own", "recall0.what"; its length, or
 * a negative status for a slot out of range. */
int qv_spiel_tensor_slot_name(const qv_spiel_game *g, int slot, char *buf, size_t len);

/* An id's factored form as text ("place(square=3,facing=1,...)"), whatever the state: the
 * game's action_to_string; its length, or a negative status for an id out of range. */
int qv_spiel_game_action_to_string(const qv_spiel_game *g, int32_t id, char *buf, size_t len,
                                   qv_err *err);
/* The factored actions: how many heads (the type first), each head's name and size. */
int qv_spiel_action_heads(const qv_spiel_game *g);
const char *qv_spiel_action_head_name(const qv_spiel_game *g, int head);
int qv_spiel_action_head_size(const qv_spiel_game *g, int head);
/* An id's heads (the heads its type does not use are 0), and the id of heads; the second
 * fails for heads that are no id's. */
qv_status qv_spiel_action_factor(const qv_spiel_game *g, int32_t id, int32_t *heads, qv_err *err);
qv_status qv_spiel_action_unfactor(const qv_spiel_game *g, const int32_t *heads, int32_t *id,
                                   qv_err *err);

/* The initial state: the same on every call, a chance node while the deal is to come; with
 * chance=sampled, a state past its own chance, dealt anew on each call. */
qv_status qv_spiel_new_initial_state(const qv_spiel_game *g, qv_spiel_state **out, qv_err *err);
/* A copy that shares nothing mutable with st; NULL when memory ran out. */
qv_spiel_state *qv_spiel_clone(const qv_spiel_state *st);
void qv_spiel_state_free(qv_spiel_state *st);

/* A seat, QV_SPIEL_CHANCE or QV_SPIEL_TERMINAL. */
int qv_spiel_current_player(const qv_spiel_state *st);
/* Actions applied since the initial state, chance outcomes included. */
int qv_spiel_move_number(const qv_spiel_state *st);
/* Whether the state is terminal by max_game_length while the game goes on. */
bool qv_spiel_truncated(const qv_spiel_state *st);
/* The ids applied since the initial state (a resampled world: since it was drawn), with who
 * chose each (a seat or QV_SPIEL_CHANCE), into ids and players (either may be NULL; at most
 * cap written); returns how many there are. */
int qv_spiel_history(const qv_spiel_state *st, int32_t *ids, int8_t *players, int cap);

/* The legal ids of the seat to move, ascending, into out (room for
 * qv_spiel_max_legal_actions ids, or fewer when the caller knows better: the count is returned
 * in any case and at most cap written); at a chance node the outcomes' ids; 0 when the game
 * is over. Negative on an error (an action the id map cannot place, err says). */
int qv_spiel_legal_actions(const qv_spiel_state *st, int32_t *out, int cap, qv_err *err);
/* At a chance node, the outcomes' ids ascending and exact probabilities (summing to 1), at
 * most qv_spiel_max_chance_outcomes; 0 elsewhere. */
int qv_spiel_chance_outcomes(const qv_spiel_state *st, int32_t *ids, double *probs, int cap);
/* Applies id (a legal action of the seat to move, or an outcome at a chance node). An id out
 * of range or not legal now fails, saying why; st is then unchanged. */
qv_status qv_spiel_apply(qv_spiel_state *st, int32_t id, qv_err *err);
/* At a chance node, applies the outcome whose cumulative probability first passes u (a draw
 * uniform in [0, 1): the outcomes in the order qv_spiel_chance_outcomes lists them) and
 * returns its id: a random playout's chance step in one call. Negative (err says why) where
 * chance is not to move or u is not in [0, 1). */
int32_t qv_spiel_apply_chance(qv_spiel_state *st, double u, qv_err *err);
/* Takes back the last action, which must be id of player (OpenSpiel's UndoAction): the state
 * is then the one before it. With chance=sampled, the chance drawn after it goes too. */
qv_status qv_spiel_undo(qv_spiel_state *st, int player, int32_t id, qv_err *err);

/* Each seat's return: 0 before the end, then in [-1, 1], summing to 0 exactly in seat order
 * (the ranks' utilities: OpenSpiel's zero-sum terminal rewards; with four seats the last
 * seat's is minus the others' sum, which may differ from its rank's utility in the last bit).
 * A truncated state's are 0 (no outcome), or its ranks' with truncated_returns=ranks. */
void qv_spiel_returns(const qv_spiel_state *st, double *out);

/* The notation of any id in range at st into buf: a legal action in the game's notation
 * ("place A c3 N", "deal striker-r to p1"), any other in its factored form
 * ("place(square=3,facing=1,kind=0,covered=0,shielded=0)"); returns its length, or a negative
 * status (an id out of range) with err saying why. */
int qv_spiel_action_to_string(const qv_spiel_state *st, int32_t id, char *buf, size_t len,
                              qv_err *err);
/* The id of an action written in the game's notation, legal now. */
qv_status qv_spiel_string_to_action(const qv_spiel_state *st, const char *text, int32_t *out,
                                    qv_err *err);

/* Strings the caller frees with qv_spiel_free; NULL when memory ran out or player is no seat
 * (qv_spiel_state_string: everything, for debugging). */
char *qv_spiel_state_string(const qv_spiel_state *st);
char *qv_spiel_information_state_string(const qv_spiel_state *st, int player);
char *qv_spiel_observation_string(const qv_spiel_state *st, int player);
void qv_spiel_free(void *p);

/* The seat's tensors into out (qv_spiel_information_state_tensor_size and
 * qv_spiel_observation_tensor_size floats). Fail for a player that is no seat, or when memory
 * ran out. */
qv_status qv_spiel_information_state_tensor(const qv_spiel_state *st, int player, float *out,
                                            qv_err *err);
qv_status qv_spiel_observation_tensor(const qv_spiel_state *st, int player, float *out,
                                      qv_err *err);

/* The state as bytes (text: a header "quiver-spiel 5", then the state the history starts
 * from and the history, as JSON), *len set, freed with qv_spiel_free; NULL when memory ran
 * out. Deserializing gives back a state equal byte for byte, history included. */
char *qv_spiel_serialize(const qv_spiel_state *st, size_t *len);
/* Reads what qv_spiel_serialize wrote for a game of the same name and parameters. Untrusted
 * input: every field is checked and the history replayed action by action, and a corrupted
 * text fails naming what is wrong. The forms of API versions 1 and 2 are refused saying so.
 * The state keeps its information states (they are worked out as the history replays). */
qv_status qv_spiel_deserialize(const qv_spiel_game *g, const char *data, size_t len,
                               qv_spiel_state **out, qv_err *err);

/* A full state drawn from those that `player` cannot tell apart from st, replacing everything
 * hidden from that seat by a guess consistent with its view: the game's determinize, the one
 * quiver's IS-MCTS starts every iteration from. It depends only on the seat's view and seed.
 * The world keeps player's information state (st's); its history starts at the world, so
 * another seat's information state there begins with a line saying that what it saw before is
 * not known, then has its observations since. Fails while a deal is under way. */
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
