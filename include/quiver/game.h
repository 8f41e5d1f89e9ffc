/*
 * game.h - the game interface: what every game in quiver provides, and all that the AI, the
 * engine and the front ends know about a game.
 *
 * A game is one constant qv_game descriptor plus the functions it points to. Its state is one
 * flat struct of `state_size` bytes with no pointers, so copying a state is memcpy and a state
 * can live on the stack, in an array or in a search tree. It has no implicit padding (every
 * gap is a named field kept zero), so two states are equal exactly when their bytes are:
 * sight.c and the search compare states with memcmp. The descriptor is immutable and the
 * functions keep no hidden globals, so different states may be used from different threads at
 * once; one state must not be used by two threads at the same time.
 *
 * Actions are small non-negative integers private to each game. Their public form is the text
 * notation of the game's rules page (action_to_text / action_from_text). The same integers name
 * the outcomes of chance events. Anything random is either a chance event (to_move returns
 * QV_CHANCE and chance() lists the outcomes with their probabilities) or drawn from an RNG kept
 * inside the state and seeded by init, so parameters, seed and the list of actions (chance
 * outcomes included) determine a game completely.
 *
 * Players are numbered 0..num_players-1 and written p1..pN in text.
 *
 * Hidden information: render_text and view_json show a viewer exactly what that viewer may
 * know. determinize replaces everything a viewer cannot know by a random guess that is
 * consistent with the viewer's view; its result depends only on that view and the RNG, never
 * on the hidden truth, so search on a determinized state cannot cheat.
 *
 * Adding a game: one folder src/games/<name>/ defining a qv_game, and one line in
 * src/games/registry.c.
 */
#ifndef QUIVER_GAME_H
#define QUIVER_GAME_H

#include "core.h"

#define QV_MAX_PLAYERS 5

/* What to_move returns besides a player index. */
enum { QV_CHANCE = -1, QV_OVER = -2 };

/* Whom a log line is about, besides a player (whose decision it states) and QV_CHANCE (a
 * chance outcome): a consequence the rules apply (a capture, a score, an elimination, a walk),
 * named "game" (qv_player_name). */
enum { QV_RULES = -3 };

/* Viewers besides a player index: everything (referee, debugging) or only public facts
 * (a spectator). */
enum { QV_VIEW_ALL = -1, QV_VIEW_PUBLIC = -2 };

typedef int32_t qv_action;

struct json_t; /* jansson */

/* A level's strength measured in a game: its Elo against the level beginner, with the 95%
 * interval, from round-robin matches between the levels (bench/ladder.py, docs/ai.md). */
typedef struct qv_level_elo {
	const char *level; /* a name of qv_agent_levels (agent.h); NULL ends a list */
	int elo, lo, hi;
} qv_level_elo;

/* What a viewer may know of an action, as a game tells it from its own hidden information
 * (qv_game.sight): which words of the action's notation the viewer cannot know. */
typedef struct qv_sight {
	uint32_t hidden; /* bit k: word k of the notation (0 the verb) is unknown: written "?" */
	bool all;        /* nothing of it can be said: written "(hidden)" */
	bool secret;     /* another player's secret commitment: only its verb, then " ?" */
	bool unsaid;     /* with secret: the viewer's view does not change, so nothing is said */
} qv_sight;

typedef struct qv_game {
	const char *name;    /* command-line name, e.g. "three-arrows" */
	const char *title;   /* display name, e.g. "THREE ARROWS" */
	const char *summary; /* a few paragraphs for `quiver rules`: turn, notation, scoring */
	int min_players, max_players;
	const qv_param_def *params; /* the parameters init accepts, with defaults */
	int nparams;
	int max_actions;   /* legal() never returns more than this */
	int max_chance;    /* chance() never returns more than this */
	size_t state_size; /* bytes of one state */
	/* The score difference the AI's search treats as one unit of lead when it values a
	 * position that is not over (a captured piece in THREE ARROWS). A game whose heuristic
	 * already weighs the scores sets it large, which all but switches the lead off (Arrow
	 * Party: 1000). 0 means 1. */
	int score_unit;
	/* The ismcts options of the levels easy, medium and hard in this game, for a game in
	 * which the shared ones (src/ai/levels.c) do not play apart; a NULL entry takes the
	 * shared one. Arrow Party: more search stops paying past a hundred iterations there, so
	 * its lower levels make deliberate mistakes (ismcts's blunder=). */
	const char *levels[3];
	/* The options of the level `beginner` (greedy with mistakes, src/ai/greedy.c) in this game,
	 * such as "mistakes=1,wild=0.3", for a game in which the shared ones leave it too strong
	 * against greedy (docs/benchmarks.md); NULL: the shared ones. */
	const char *beginner;
	/* The levels' strength in this game as measured for this release, weakest first, ending
	 * with a NULL level (bench/ladder.py prints it): what `quiver play --help` and the lobby
	 * show beside the levels' names. NULL: not measured. */
	const qv_level_elo *ladder;

	/* Sets up a new game in st (state_size bytes). Parameters not given take their defaults;
	 * an unknown key or a bad value fails with a message naming the key, the value and what
	 * is allowed. The seed feeds the state's own RNG (if the game has one). */
	qv_status (*init)(void *st, const qv_params *params, uint64_t seed, qv_err *err);

	int (*num_players)(const void *st);

	/* The player who must decide now, QV_CHANCE when a chance event is pending, or QV_OVER. */
	int (*to_move)(const void *st);

	/* Writes the legal actions of the player to move into out (room for max_actions) and
	 * returns how many; 0 when chance is to move or the game is over. The order is stable
	 * and documented by the game (it is the order `legal` prints). */
	int (*legal)(const void *st, qv_action *out);

	/* When chance is to move: writes the outcomes and their probabilities (summing to 1) and
	 * returns how many (at most max_chance); otherwise returns 0. */
	int (*chance)(const void *st, qv_action *out, double *prob);

	/* Whether a (a player's action or a chance outcome) is legal now: QV_OK, or QV_EILLEGAL
	 * (QV_EINVAL for a value that is no action of this game) with a message saying why. Every
	 * action from outside the game (a person, a record, the protocol) is checked first; see
	 * qv_apply_checked. */
	qv_status (*check)(const void *st, qv_action a, qv_err *err);
	/* Optional (false by default): check tests an action directly, at about the cost of an
	 * apply, rather than by listing the legal actions. A search then tests the children it
	 * already has with check, and lists the legal actions only when it adds one. */
	bool check_is_cheap;

	/* Applies a player's action or a chance outcome that is legal now (one that legal, sample
	 * or chance gave, or that check accepted) without checking it again: the hot path of
	 * playouts and search (Pachi's board_quick_play). An action that is not legal is a
	 * programmer error with unspecified results. When ev is not NULL, appends the action's
	 * consequences for people (see qv_events in core.h), telling each viewer only what that
	 * viewer may know. */
	void (*apply)(void *st, qv_action a, qv_events *ev);

	/* Per-player utilities in [-1, 1] (meaningful once the game is over; before that, the
	 * utilities the game would have if it ended now). Optional: NULL means the utilities of
	 * the ranks (qv_utilities_from_ranks). Callers use qv_returns. */
	void (*returns)(const void *st, double *out);

	/* Per-player scores as each rules page defines them (for display and `score`). */
	void (*score)(const void *st, int *out);

	/* Final ranks, 1 best; tied players share a rank and the next rank skips (1 1 3). */
	void (*ranks)(const void *st, int *out);

	/* Writes the notation of a (legal now, or just applied from this state) into buf.
	 * Returns the length, or a negative status if a is not an action of this game. */
	int (*action_to_text)(const void *st, qv_action a, char *buf, size_t len);

	/* Parses notation into an action of the current situation. Malformed text fails with
	 * QV_EINVAL and a message giving the expected form. Parsing does not check legality;
	 * apply does. Equivalent spellings (e.g. a facing that gives the same arrows) map to
	 * the one canonical action. */
	qv_status (*action_from_text)(const void *st, const char *text, qv_action *out,
	                              qv_err *err);

	/* Appends a diagram of the state as `viewer` sees it (a player, QV_VIEW_ALL or
	 * QV_VIEW_PUBLIC) and a line saying who is to move and what is pending. flags:
	 * QV_RENDER_COLOR for ANSI colours, QV_RENDER_COMPACT for a layout that fits 80 columns and
	 * 24 rows with the prompt (without it the full layout, which still fits 80 columns). */
	void (*render_text)(const void *st, int viewer, unsigned flags, qv_buf *out);

	/* Replaces everything `viewer` cannot know by a random guess consistent with what the
	 * viewer can see. The result depends only on the viewer's view and rng. */
	void (*determinize)(void *st, int viewer, qv_rng *rng);

	/* The game's part of the full-state JSON (everything, round-trips exactly) and of a
	 * player's view (only what that viewer may know). Caller owns the returned object. */
	struct json_t *(*state_json)(const void *st);
	struct json_t *(*view_json)(const void *st, int viewer);

	/* Loads the game's part of a full-state JSON into st, which init has already set up with
	 * the game's parameters. Untrusted input: every value is checked, and a problem fails
	 * with QV_EINVAL and a message naming the field. On failure st is unspecified. */
	qv_status (*load_json)(void *st, const struct json_t *j, qv_err *err);

	/* ---- optional (may be NULL) ---- */

	/* True when the pending decision is a secret commitment, which the engine must ask even
	 * when only one option exists (so that no one learns a hidden hand from its behaviour).
	 * NULL: never. */
	bool (*secret)(const void *st);

	/* A simultaneous secret step (ConCardia's start cards, Arrow Party's items, throw and
	 * direction): every player of the step commits a choice that the others learn only once
	 * all have. The game asks them one at a time, in seat order, as any decision; this says
	 * who else may already choose: the players of the current step who have not committed
	 * yet, as a mask (bit p for player p), the player to move among them; 0 outside such a
	 * step. *done (never NULL) gets those of the step who have committed, so that a new step
	 * is told from the same one going on: within a step the players (returned | *done) stay
	 * the same and *done only grows. The game guarantees that within a step a player's
	 * options (legal, check, notation, action_note) do not depend on the commitments of the
	 * players before it, nor the outcome on the order in which they are made, and that no
	 * chance event comes between them: so a match may take a commitment before its turn and
	 * apply it when the turn comes (qv_match_act), with the outcome of the seat order
	 * (tests/unit/test_together.c checks it). NULL: the game has no such steps. */
	unsigned (*together)(const void *st, unsigned *done);

	/* Draws one legal action of the player to move, each with equal probability, faster than
	 * enumerating them (random playouts), and sets *n to the number of actions it drew among
	 * (what count returns; 0, with -1 returned, when there is none). A single option is
	 * drawn like any other: the draw always consumes the RNG as legal()'s caller would.
	 * Knowing n with the draw lets a caller tell a forced decision from a real one with the
	 * same work (the arena). NULL: the caller enumerates with legal(). */
	qv_action (*sample)(const void *st, qv_rng *rng, int *restrict n);

	/* How many actions legal() would list, without listing them (the engine asks it after
	 * every action to find forced moves; the arena's branching statistics). NULL: legal() is
	 * called. */
	int (*count)(const void *st);

	/* A cheap positional estimate in [-1, 1] of how well `player` stands (for greedy and as a
	 * search prior). NULL: no opinion (0). */
	double (*heuristic)(const void *st, int player);
	/* Optional, with heuristic: every player's heuristic at once, out[p] exactly what
	 * heuristic(st, p) gives, for a game whose players' estimates share their work. A
	 * search's evaluation of a position asks for all of them. NULL: heuristic per player. */
	void (*heuristics)(const void *st, double *out);

	/* Optional, with heuristic: a search's ranking of a node's actions without playing them.
	 * For each of acts[0..n) (legal at st), ok[i] says whether heur[i] is heuristic(after,
	 * player) to the last bit and score[i * QV_MAX_PLAYERS ...] the scores of after, where
	 * after is st with acts[i] applied, the game not over after it; where ok[i] is false (an
	 * action the game does not value this way) the caller applies it. NULL: every action is
	 * applied. */
	void (*values_after)(const void *st, const qv_action *acts, int n, int player, double *heur,
	                     int *score, bool *ok);

	/* True when a finished game was ended by its safety cap (a `max_turns` parameter) rather
	 * than by its rules; the arena counts such games. NULL: the game has no cap. */
	bool (*capped)(const void *st);

	/* True when `player`, still in the game, could not act at its next turn if the position
	 * st stayed as it is, so that the game would skip it (THREE ARROWS skips a player who can
	 * neither place, attack, unshield nor uncover). It reads only what `player` may know.
	 * The agents use it never to choose an action that leaves their own player so when
	 * another action does not (qv__agent_legal). NULL: the game never skips a player. */
	bool (*stranded)(const void *st, int player);

	/* What the thing called `name` is, for players: a piece's arrows, a card's text and
	 * numbers, an item's effect and points (the rules page's reference), in the components
	 * st plays with (st NULL: the built-in set's). name NULL: every entry, in the rules
	 * page's order. Appends to out and returns the number of entries written, 0 when the game
	 * has nothing by that name (matched case-insensitively). NULL: the game has no such
	 * things. */
	int (*reference)(const void *st, const char *name, qv_buf *out);

	/* For a person choosing among the legal actions: a short note on what a (legal now) would
	 * do, such as "3 against 1 before the die", written into buf; returns its length, 0 when
	 * there is nothing to say. Sets *confirm when the action deserves a confirmation because
	 * it ends the game, may eliminate the player, or leaves the player unable to act at its
	 * next turn (THREE ARROWS would skip it). NULL: no notes. */
	int (*action_note)(const void *st, qv_action a, char *buf, size_t len, bool *confirm);

	/* Whether the decision a of the player to move at st (legal there) shows `viewer` (a
	 * player) something hidden that viewer's view of st (view_json) did not tell: the rule
	 * behind takebacks (qv_match_takeback), which never cross a reveal. Let W be the states
	 * viewer cannot tell apart from st (the same view for viewer). When viewer is the mover,
	 * a reveals when viewer's view after a differs between two states of W (a card drawn from
	 * a deck, a piece uncovered by force, secrets answered, a face-up card of a start choice).
	 * When viewer is another player, who does not know a, a reveals when some state of W could
	 * not have led by any of its options to the view viewer has after a (a card played from a
	 * hidden hand, a covered piece uncovered). Decided from the state, never by sampling,
	 * and never false where something is learnt (property 11 of tests/property checks it
	 * against an oracle); a game may answer true in a few cases where little or nothing is
	 * (the comment above its reveals in rules.c lists them), which only refuses an undo.
	 * Chance outcomes are never asked: a takeback never crosses one. QV_VIEW_ALL knows
	 * everything (false). NULL: the game hides nothing (no determinize); a game with hidden
	 * information must have it (a match treats each of its actions as a reveal when it has
	 * not). */
	bool (*reveals)(const void *st, qv_action a, int viewer);

	/* What a variant may change (include/quiver/variant.h): the built-in set, the shape of a
	 * variant's document and the build of the game's tables from one. The game's init reads
	 * the parameter `variant` (QV_VARIANT_PARAM) through qv_variant_open. NULL: the game's
	 * components are fixed. */
	const struct qv_components *components;

	/* Whether st keeps every invariant of the game's state, as Stockfish's pos_is_ok checks
	 * a position: each count within its bounds and equal to what it counts (hands and decks
	 * against the decklists, pieces against their owners and holders), what apply keeps
	 * beside the board (masks, sums) equal to what the board gives, the phase and the player
	 * to move agreeing with the rest, unused slots and padding zero. Returns true, or false
	 * with why (may be NULL) naming the first invariant broken and the values that break it.
	 * Every state that init, apply, determinize and load_json make keeps them: the sanitizer
	 * build checks the state at the end of every apply (QV_ASSERT_STATE), load_json refuses
	 * a state that breaks one, and the property tests ask at every step. It reads the whole
	 * state: not for hot paths. NULL: the game states no invariants. */
	bool (*state_ok)(const void *st, qv_err *why);

	/* view_json's object appended to out as compact JSON text, byte for byte what its tree is
	 * written as (qv__json_dumps), without building the tree: for the server, which writes a
	 * view for every viewer after every move. False when out of memory (or a text is not
	 * UTF-8). NULL: the tree is built and written. */
	bool (*view_text)(const void *st, int viewer, qv_buf *out);

	/* What `viewer` (a player other than the one to move, or QV_VIEW_PUBLIC) may know of a, a
	 * decision of the player to move at st (legal there) or an outcome of its chance event,
	 * told from the game's own hidden information, with no view built and no world guessed:
	 * *out says which words of a's notation the viewer cannot know, exactly as qv_action_seen
	 * defines them (a word is unknown when some option of a world the viewer cannot tell from
	 * st, with another word there, leaves the viewer the view a leaves). Returns false where
	 * the game cannot tell (out is then unspecified), and qv_action_seen compares views
	 * (tests/unit/test_sight.c compares the two over random games of every game). NULL: views
	 * are always compared. */
	bool (*sight)(const void *st, qv_action a, int viewer, qv_sight *out);
} qv_game;

/* The end of a game's apply: in the sanitizer build (QV_CHECKS, core.h) it aborts, naming the
 * game and what state_ok says, when st breaks an invariant of g's state, so that the engine,
 * the search and the tests check every state they reach; in other builds it costs nothing. */
#ifdef QV_CHECKS
#define QV_ASSERT_STATE(g, st) qv__assert_state(g, st, __FILE__, __LINE__)
void qv__assert_state(const qv_game *g, const void *st, const char *file, int line);
#else
#define QV_ASSERT_STATE(g, st) ((void)0)
#endif

/* Flags of render_text. */
enum { QV_RENDER_COLOR = 1, QV_RENDER_COMPACT = 2 };

/* ---- the registry (src/games/registry.c) ---- */

/* All games, in the order `list_games` prints them, NULL-terminated. */
extern const qv_game *const qv_games[];

/* The game named `name`, or NULL (with a message listing the known games in err). */
const qv_game *qv_game_find(const char *name, qv_err *err);

/* ---- helpers over the interface (src/games/game.c) ---- */

/* Name of a player index, to_move value or QV_RULES: "p1".., "chance", "over", "game".
 * buf >= 8 bytes. */
const char *qv_player_name(int who, char *buf);
/* Parses "p1".."p5" (case-insensitive) against n players; -1 if not one. */
int qv_player_parse(const char *text, int nplayers);

/* Rank-based utilities from ranks (1 best): 1st = +1, last = -1, linear between, players
 * sharing a rank get the average of the places they share. */
void qv_utilities_from_ranks(const int *ranks, int n, double *out);

/* The utilities of st: g->returns, or those of the ranks when the game has none. */
void qv_returns(const qv_game *g, const void *st, double *out);

/* Ranks from a per-player key compared with cmp(a, b) > 0 meaning a ranks above b; equal keys
 * share a rank (1 1 3). */
void qv_ranks_from_order(int n, int (*cmp)(const void *ctx, int a, int b), const void *ctx,
                         int *out);

/* Checks a and applies it: the way in for an action from outside the game. On error st is
 * unchanged and err says why. ev as in apply (may be NULL). */
qv_status qv_apply_checked(const qv_game *g, void *st, qv_action a, qv_events *ev, qv_err *err);

/* Words one narration line (qv_events) for viewer (a player, QV_VIEW_ALL or QV_VIEW_PUBLIC):
 * each secret part becomes its secret or its public reading. Appends the result (without a
 * newline) to out; returns false, appending nothing, when nothing is left for the viewer. */
bool qv_word_line(const char *line, size_t len, int viewer, qv_buf *out);

/* The message of a narration line (core.h's QV_SAY_MSG) worded for viewer as qv_word_line
 * words its text: appends the format, then each argument after a QV_SAY_ARG, its secret parts
 * read for the viewer (so a secret part's mask is empty for a viewer who may not read it).
 * Returns false, appending nothing, for a line without a message. */
bool qv_word_message(const char *line, size_t len, int viewer, qv_buf *out);

/* Appends a narration line (as qv_say) that states what `who` decided (a player: a secret
 * commitment revealed once every player has made one) or a chance outcome (QV_CHANCE: the
 * die's roll, a card's landing, a coin), marked so that the log names it so (qv_line_about);
 * QV_RULES is plain qv_say. Does nothing when ev is NULL. */
void qv_say_by(qv_events *ev, int who, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* As qv_say's: nothing is built or called without a listener. */
#define qv_say_by(ev, who, ...) ((ev) ? qv_say_by((ev), (who), __VA_ARGS__) : (void)0)

/* Whom a narration line (len bytes, no newline) is about: the player or QV_CHANCE its mark
 * names (qv_say_by), QV_RULES for an unmarked line. */
int qv_line_about(const char *line, size_t len);

/* What `viewer` may know of action a, a decision of the player to move at `before` or an
 * outcome of its chance event (src/games/sight.c). Writes a's notation into buf with every
 * word the viewer cannot know written "?" (another's covered placement shows no kind; another
 * player's secret commitment shows only its verb, as "throw ?"), or "(hidden)" when nothing
 * of it can be said. A word is unknown when another option at `before` leads to a different
 * state that the viewer's view (view_json) cannot tell apart from a's. *exact (may be NULL)
 * is set when the viewer can tell a apart from every other option. Returns false when the
 * viewer's view does not change at all under another player's secret commitment, which is then
 * best left unsaid (not even its number is known), true (1) otherwise, and QV_ENOMEM when a
 * view could not be made: buf then hides at least what it must ("(hidden)" or more "?"),
 * which is safe to show but not to keep. The player to move and QV_VIEW_ALL know everything.
 * The game's sight answers where it can (a few hundred instructions); elsewhere it costs about
 * one apply and determinize per option: not for hot paths. */
int qv_action_seen(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                   size_t len, bool *exact);

/* ---- what things are (src/games/lookup.c) ---- */

/* The names of g's reference entries (qv_game.reference) in its order, one a line, appended
 * to out: the first word of every entry, kept only when the game answers to it. Returns how
 * many; 0 for a game without a reference. */
int qv_reference_names(const qv_game *g, const void *st, qv_buf *out);

/* What a person asks at a prompt ("card striker-r"): appends the reference entry of name to out
 * and returns QV_OK; otherwise fails with QV_EINVAL, out unchanged, and a message saying that
 * the game has no reference at all, or nothing by that name, then naming up to six nearest
 * names it knows. */
qv_status qv_lookup(const qv_game *g, const void *st, const char *name, qv_buf *out, qv_err *err);

/* Draws a chance outcome of st by its probabilities. Returns the outcome; buffers must hold
 * max_chance entries. */
qv_action qv_sample_chance(const qv_game *g, const void *st, qv_rng *rng, qv_action *buf,
                           double *prob);
/* Draws one of the n outcomes out[] by their probabilities prob[] (n >= 1): the draw of
 * qv_sample_chance, for a caller that has listed them already. */
qv_action qv_pick_chance(qv_rng *rng, const qv_action *out, const double *prob, int n);

/* Draws a uniformly random legal action (through g->sample when the game has one). buf must
 * hold max_actions entries when the game has no sampler. Returns -1 if there is none. *n gets
 * the number of legal actions drawn among. */
qv_action qv_sample_legal(const qv_game *g, const void *st, qv_rng *rng, qv_action *buf, int *n);

/* Whether the decision at st, with n legal actions, is forced: exactly one option, and not a
 * secret commitment (qv_game.secret), which is always asked so that no one learns a hidden
 * hand from how fast it is answered. The one rule behind the match's forced moves and the
 * arena's. */
bool qv_decision_forced(const qv_game *g, const void *st, int n);

/* Counts the legal actions of the player to move into *n (as qv_count_legal, buf likewise) and,
 * when the decision is forced (qv_decision_forced), returns true with its only action in *out:
 * the test for a forced decision of whoever has not drawn already (the match, a searching
 * agent). */
bool qv_only_option(const qv_game *g, const void *st, qv_action *buf, int *n, qv_action *out);

/* The number of legal actions (through g->count when the game has one); buf as above. */
int qv_count_legal(const qv_game *g, const void *st, qv_action *buf);

#endif
