/*
 * agent.h - computer players. An agent knows a game only through the game interface.
 *
 * Agents are written as specs: `name[:key=value,...]`, e.g. `random`, `greedy:seed=7`,
 * `mcts:iterations=2000`, `hard`. Every agent accepts `seed=`; unknown agents and unknown or
 * out-of-range keys are rejected with a message naming the accepted form. docs/ai.md describes
 * every kind and its keys.
 *
 * Fair play is structural: qv_agent_choose never hands an agent the true state. It copies the
 * state and runs the game's determinize for the player to move, so what the agent sees depends
 * only on that player's view. A kind that only draws uniformly among the legal actions (random)
 * is handed no state at all: qv_agent_choose makes the draw itself (see choose below).
 * qv_agent_observe, which tells a searching agent what happened between its decisions, passes
 * on only what the agent's seat can see.
 *
 * An agent is not thread-safe: one thread at a time may call the functions below on it (an
 * agent may run threads of its own inside qv_agent_choose), except qv_agent_interrupt, which
 * any thread or signal handler may call at any time.
 *
 * Limits: a search never runs longer than 300 seconds per decision, and its trees never reserve
 * more than half of the machine's physical memory (a bigger nodes= is refused, naming the most
 * allowed); qv_agent_interrupt stops a search early.
 */
#ifndef QUIVER_AGENT_H
#define QUIVER_AGENT_H

#include <stdatomic.h>

#include "game.h"

typedef struct qv_agent qv_agent;

/* What an agent's last decision cost (zeros for agents that do not search), and what its search
 * thought of the action it chose. */
typedef struct qv_agent_stats {
	uint64_t iterations; /* search iterations, summed over the agent's threads */
	double seconds;      /* wall-clock time of the search */
	uint64_t nodes;      /* tree nodes in use at the end, summed over threads */
	uint64_t bytes;      /* memory the search held at its end, its most: trees and scratch */
	/* The mover's evaluation of the action chosen, in [-1, 1] (its mean utility for the
	 * mover over the search, summed over the threads' trees: what the designer's lab draws
	 * as tension); NAN when the decision was not searched (an agent that does not search, a
	 * forced decision, a single allowed action, a blunder=, no memory, an interrupt before
	 * the first iteration). */
	double value;
} qv_agent_stats;

/* One kind of agent. choose gets a private, determinized copy of the state that it may modify,
 * and must return a legal action of `player` (the player to move).
 *
 * choose NULL: the kind draws uniformly among the legal actions. qv_agent_choose then draws
 * with qv_sample_legal on the state it was given and the agent's RNG, without the copy and the
 * determinization, which cost more than the draw. Nothing hidden leaks into the choice: the
 * player to move's legal actions, in their order, and what the game's sampler draws from them
 * with a given RNG are the same in the truth and in every determinization for that player
 * (property 6 of tests/property/property.c checks both for every game). */
/* The `seed` key every agent kind accepts (read by qv_agent_new, not by the kind), with the
 * kind's own words for what it seeds: `QV_AGENT_SEED_KEY("seed of the search")`. */
#define QV_AGENT_SEED_KEY(what)                                                                    \
	{                                                                                          \
		.key = "seed", .def = "derived from the game's seed",                              \
		.allowed = "a whole number 0-18446744073709551615", .help = (what),                \
		.kind = QV_PARAM_INT, .lo = 0, .hi = (double)UINT64_MAX                            \
	}

typedef struct qv_agent_kind {
	const char *name;
	const char *help;         /* one line, with the keys it accepts */
	const qv_param_def *keys; /* accepted keys (seed included) */
	int nkeys;
	qv_status (*create)(qv_agent *a, const qv_params *opts, qv_err *err);
	qv_action (*choose)(qv_agent *a, void *st, int player);
	void (*destroy)(qv_agent *a); /* may be NULL */

	/* ---- optional (may be NULL) ---- */

	/* Told of every action applied to the game, as qv_agent_observe filtered it: `who` is
	 * the player who decided or QV_CHANCE, and `action` the action, or -1 when the agent's
	 * seat cannot tell which of several possible actions happened. Kinds that keep nothing
	 * between decisions leave it NULL (qv_agent_observe then costs nothing). */
	void (*observe)(qv_agent *a, int who, qv_action action);
	/* Drops whatever the agent kept between decisions (a search tree). */
	void (*reset)(qv_agent *a);
	/* What the last decision cost. NULL: nothing to report (all zeros). */
	void (*stats)(const qv_agent *a, qv_agent_stats *out);
	/* Bytes the agent holds now besides its fixed part (qv_agent_memory). NULL: none. */
	size_t (*held)(const qv_agent *a);
} qv_agent_kind;

struct qv_agent {
	const qv_agent_kind *kind;
	const qv_game *game;
	char spec[QV_NAME_MAX];
	qv_rng rng;
	int seat;        /* the player it chose for last; -1 before its first choice */
	void *data;      /* the kind's own data */
	void *scratch;   /* a state_size copy used by qv_agent_choose */
	qv_action *abuf; /* max_actions entries, for kinds that enumerate */
	atomic_int stop; /* set by qv_agent_interrupt, cleared when a decision ends */
	bool release;    /* gives its search memory back after each decision (qv_agent_set_keep) */
	uint64_t forbid; /* the components it never chooses, bit k for k (qv_agent_forbid) */
	bool unasked;    /* its last decision was forced and answered without it (no stats) */
};

/* All agent kinds, NULL-terminated. */
extern const qv_agent_kind *const qv_agent_kinds[];

/* Creates an agent from a spec for game g. default_seed is used unless the spec sets seed=. */
qv_status qv_agent_new(qv_agent **out, const char *spec, const qv_game *g, uint64_t default_seed,
                       qv_err *err);
void qv_agent_free(qv_agent *a);

/* Adds the agent specs of one comma-separated list (a word of --players or --agents) after the
 * *n specs already in specs, at most max in all. A piece holding '=' but no ':' continues the
 * options of the spec before it in the same list, so `mcts:iterations=9,threads=2,greedy` is
 * two specs. Fails with QV_EINVAL, naming the piece, on an empty piece, a spec longer than
 * QV_NAME_MAX - 1 characters or more than max specs; *n then counts the specs added before. */
qv_status qv_agent_split_specs(const char *list, char (*specs)[QV_NAME_MAX], int *n, int max,
                               qv_err *err);

/* The kinds a person picks an opponent from by name alone, each with a fixed, bounded budget:
 * the levels that search (easy, medium, hard: the first QV_AGENT_SEARCH_LEVELS), then beginner,
 * random and greedy. NULL-terminated. The server's computer seats and the seats a loaded
 * record may name by itself are these. */
extern const char *const qv_agent_levels[];
/* The levels offered to people who play, weakest first: beginner, easy, medium, hard (the
 * `levels` of GET /api/games; random and greedy stay for the command line and the arena).
 * NULL-terminated. */
extern const char *const qv_agent_offered[];
#define QV_AGENT_SEARCH_LEVELS 3
/* Whether name is one of the levels that search (easy, medium or hard). */
bool qv_agent_level_searches(const char *name);

/* The ismcts options behind the level `easy`, `medium` or `hard` in game g: the game's own
 * (qv_game.levels) or the shared ones when g is NULL or sets none. NULL for another name. */
const char *qv_agent_level_options(const qv_game *g, const char *level);

/* The options of the level `beginner` in game g: the game's own (qv_game.beginner) or the
 * shared ones ("mistakes=0.7,wild=0.2"). */
const char *qv_agent_beginner_options(const qv_game *g);

/* The measured strength of `level` in game g (qv_game.ladder: Elo against beginner, with its
 * interval), or NULL when the game has none for that level. */
const qv_level_elo *qv_agent_level_elo(const qv_game *g, const char *level);

/* Whether a measured strength is settled enough to be shown beside a level's name: its 95%
 * interval within QV_LADDER_SETTLED Elo either side. A level with too few games between it and
 * its neighbours (hard, whose games are long) can read weaker than the level below it by
 * chance alone; the front ends show "?" for it until bench/ladder.py has played them. */
#define QV_LADDER_SETTLED 200
bool qv_agent_level_settled(const qv_level_elo *e);

/* Chooses an action for the player to move in st (which is not modified). Fails with
 * QV_ESTATE if no player is to move. The agent's seat becomes that player; when it differs
 * from the seat of its previous choice, anything kept between decisions is dropped first (so
 * what it learnt as one player never informs its play as another). */
qv_status qv_agent_choose(qv_agent *a, const void *st, qv_action *out, qv_err *err);

/* For a driver that finds the forced decisions itself rather than leaving them to a match (the
 * arena, whose match holds them: qv_match_hold_forced). Sets *noptions to the number of legal
 * actions of the player to move and *forced to whether the decision is forced
 * (qv_decision_forced). A forced decision's *out is its only action, and the agent is not asked:
 * a searching agent does not search, and a uniform one's RNG is left as it was, so the agent
 * meets the same decisions with the same RNG as under a match that applies forced moves
 * itself. Otherwise *out is the agent's choice, as qv_agent_choose gives it. For a uniform kind
 * all of it costs one draw of the game's sampler, with no separate count. */
qv_status qv_agent_decide(qv_agent *a, const void *st, qv_action *out, int *noptions, bool *forced,
                          qv_err *err);

/* Tells the agent about one action applied to the game: `before` is the TRUE state before the
 * action and `action` a decision of the player to move there, a chance outcome, or an
 * automatic (single-option) move. Whoever drives a game calls it for every action applied,
 * in order, including the agent's own choices, so that an agent that keeps a search tree can
 * follow the game (or calls qv_agent_reset instead). It leaks nothing: the agent learns the
 * action only if its seat can tell it apart from every other legal action (or outcome) at
 * `before` - the seat's own decisions always, another player's when no alternative leads to
 * the same view (view_json) for the seat; otherwise it learns only that something it cannot
 * see happened. Before the agent's first choice, and for kinds without an observe hook, it
 * does nothing. The cost is paid once per real action (about one apply and determinize per
 * legal alternative), never inside a search. */
void qv_agent_observe(qv_agent *a, const void *before, qv_action action);

/* Asks the agent's decision in progress (or, when none is, its next one) to stop searching and
 * answer at once with the best action found so far (a legal one even if the search had not
 * begun). Async-signal-safe, being one store to a lock-free atomic: a SIGINT handler or another
 * thread may call it while qv_agent_choose runs in another. The request ends with the decision
 * it stopped. Agents that do not search answer at once anyway. */
void qv_agent_interrupt(qv_agent *a);

/* Drops whatever the agent kept between decisions; call it when the game it followed is
 * replaced or taken back (new game, load, undo). */
void qv_agent_reset(qv_agent *a);

/* What the agent's last decision cost, and its value (qv_agent_stats). A forced decision that
 * qv_agent_decide answered without the agent counts as its last: zeros, value NAN. */
void qv_agent_last_stats(const qv_agent *a, qv_agent_stats *out);

/* The mean return per player (out[0..num_players), the rest 0) that the agent's last search
 * found for `action` at its root, summed over its threads' trees: what the review of a game
 * (review.h) reads after a search. False, out untouched, when the last decision was not searched
 * (a kind that does not search, a forced or single allowed action, a blunder=) or never tried
 * `action`. */
bool qv_agent_root_means(const qv_agent *a, qv_action action, double *out);

/* Restricted play (the designer's lab): from now on the agent never chooses a legal action
 * whose component (qv_components.component_of, variant.h) is among `components` (bit k for
 * component k: one card, or every card that carries an ability), unless every legal action of
 * the decision is (then it chooses as usual); 0 lifts the restriction. Every kind obeys: the
 * uniform kind draws uniformly among the allowed actions (the game's sampler's draw when it is
 * allowed, else one among the allowed: the same draws as unrestricted until a forbidden action
 * is drawn), greedy and beginner judge only those,
 * and a search considers only those at its root and at every later decision of its own seat in
 * its tree (its model of itself keeps the restriction; its opponents are not restricted).
 * qv_agent_decide still counts every legal action in *noptions and calls a decision forced
 * only as qv_decision_forced does; a decision with one allowed action among several is
 * answered without a search. A game without component_of: no effect. An agent that forbids
 * nothing chooses exactly as before, with the same draws of its RNG. */
void qv_agent_forbid(qv_agent *a, uint64_t components);

/* ---- for the agent kinds (src/ai) ---- */

/* Removes from acts[0..n), the legal actions of the player to move at st, those whose component
 * (component_of) is in forbid (bit k for k), keeping the others in their order, unless every
 * one is; returns how many remain (n when forbid is 0). g must have component_of when forbid
 * is not 0. */
int qv__agent_allowed(const qv_game *g, uint64_t forbid, const void *st, qv_action *acts, int n);

/* Removes from acts[0..n), the legal actions of the player to move at st, those after which
 * the game goes on with another to move and would skip that player as the position stands
 * (g->stranded; an action after which the same player decides again, such as an attack's
 * capture before its stay or advance, is judged at that decision), keeping
 * the others in their order, unless every one is such; returns how many remain (n when g has
 * no stranded). Applies each action to a copy of st: as dear as one ply of greedy. */
int qv__agent_unstranded(const qv_game *g, const void *st, qv_action *acts, int n);

/* The legal actions at st that a may choose (legal(), then qv__agent_allowed with a's
 * restriction, then, for a kind that chooses (every one but the uniform random),
 * qv__agent_unstranded) into buf (max_actions entries); returns how many. The searches
 * (mcts.c) take their root's choice among these, the greedy kinds judge only these. */
int qv__agent_legal(const qv_agent *a, const void *st, qv_action *buf);

/* Whether a searching agent keeps its trees between decisions (true when created): what it
 * keeps makes the next decision start from the subtree of the moves played. With false the
 * trees and their scratch are given back to the system now and at the end of every decision,
 * which maps them afresh, so between decisions the agent holds only the root statistics of its
 * last one (a few kilobytes): for a server holding many agents, each thinking now and then. */
void qv_agent_set_keep(qv_agent *a, bool keep);

/* Bytes the agent holds now besides its fixed part: a search's trees, their scratch and the
 * last decision's root statistics (0 for agents that do not search). */
size_t qv_agent_memory(const qv_agent *a);

#endif
