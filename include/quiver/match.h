/*
 * match.h - a game in progress: a game, its parameters and seed, the current state and the
 * history of every action (decisions and chance outcomes), with undo, records and full-state
 * JSON. The engine protocol, `quiver play`, `quiver replay` and the arena all drive games
 * through a match.
 *
 * Forced moves: after every change the match applies, at once, a decision with exactly one
 * legal option and a chance event with exactly one outcome (they stay in the history, marked
 * automatic), so players and agents are asked only real choices. A secret commitment
 * (qv_game.secret) is always asked. A front end may hold back a person's forced decisions to
 * show them first (qv_match_hold_forced). Chance events with several outcomes are never sampled
 * implicitly: the caller names one (qv_match_play) or asks the match to draw one
 * (qv_match_chance, qv_match_settle) with the match's own RNG.
 *
 * A match owns its memory; it is not thread-safe.
 */
#ifndef QUIVER_MATCH_H
#define QUIVER_MATCH_H

#include "game.h"

struct json_t;
struct qv_agent;

typedef struct qv_move {
	qv_action action;
	int who;        /* player index, or QV_CHANCE */
	bool automatic; /* applied by the match because it was the only option */
} qv_move;

/* How many positions a match keeps for its walks (qv_match_walk). */
#define QV_MATCH_MARKS 8

/* Room for one player's commitments made ahead of their turn (qv_match_act). */
#define QV_PENDING_TEXT 1024

/* A match. Its fields may be read; they are changed only through the functions below. */
typedef struct qv_match {
	const qv_game *game;
	/* The variant its game plays with, held for the match's life (qv_variant_hold: a variant
	 * sent by a client leaves the registry when no match plays it); NULL for a game without
	 * components. */
	const struct qv_variant *variant;
	qv_params params; /* every parameter, defaults filled in */
	uint64_t seed;
	void *state;   /* the current state */
	void *base;    /* the state the history starts from (after init or load) */
	qv_move *hist; /* hist[0..nhist) */
	int nhist, caphist;
	char names[QV_MAX_PLAYERS][QV_NAME_MAX]; /* player names or agent specs, for records */
	/* The narration: entry i's consequences are the lines of said.s[said_at[i] ..
	 * said_at[i + 1]) (the last entry's run to said.len). */
	qv_events said;
	uint32_t *said_at;
	/* Each entry's move as each viewer may know it (qv_action_seen), made when first asked
	 * for: seen[i * (players + 2) + v], v a player, then players for QV_VIEW_PUBLIC and
	 * players + 1 for QV_VIEW_ALL (NULL: not yet; "" for nothing to say). */
	char **seen;
	int nseen; /* how many entries of seen hold text (none: nothing to free) */
	/* bit p: p's forced decisions wait for the front end (qv_match_hold_forced) */
	unsigned hold;
	bool quiet;   /* actions are applied without narration (qv_match_quiet) */
	int noptions; /* legal actions at the current state as last counted, or -1 (not yet) */
	/* The pending chance event's outcomes, listed once per position (nchance -1: not yet),
	 * max_chance entries each. */
	qv_action *cout;
	double *cprob;
	int nchance;
	int who; /* the player to move when known (qv_match_to_move) */
	/* Each entry's notation, written when the match applied it from the state before it
	 * (qv_match_notation), for entries [0, nnotes): all of them in a match that narrates,
	 * none in a quiet one. Entry i's is the NUL-terminated text at notes + note_at[i], and
	 * notes_len ends the last one's. It is the full-knowledge text (the referee's and the
	 * record's), never a viewer's: a viewer is told seen[] instead. */
	char *notes;
	size_t notes_len, notes_cap;
	uint32_t *note_at;
	int nnotes;
	/* Commitments made ahead of their turn in a simultaneous secret step (qv_match_act):
	 * player p's are the notation lines of pending[p], each ended by a newline, applied in
	 * order when p comes to move. Bit p of npending says that pending[p] holds one. The room
	 * (QV_MAX_PLAYERS rows) is made with the first such commitment: NULL until then, as in
	 * every match of a game without simultaneous steps. Read it with qv_match_committed. */
	char (*pending)[QV_PENDING_TEXT];
	unsigned npending;
	void *scratch; /* a state to work out a player's turn in a step, made on first use */
	/* Players who left the game (qv_match_leave): left[p] says why (QV_LEFT_RESIGNED,
	 * QV_LEFT_TIMEOUT; 0 while p plays), at the history length left_at[p]. `ended`: so few
	 * players are left that the game is over. */
	unsigned char left[QV_MAX_PLAYERS];
	int left_at[QV_MAX_PLAYERS];
	bool ended;
	/* Positions where walks ended, so that the next walk from there starts there and not from
	 * base: slot k, when mark_at[k] >= 0, is the state before entry mark_at[k], at marks + k *
	 * the game's state_size (allocated on first use); mark_used orders them for reuse. */
	void *marks;
	int mark_at[QV_MATCH_MARKS];
	unsigned mark_used[QV_MATCH_MARKS];
	unsigned mark_clock;
} qv_match;

/* Starts a new game. params may be NULL (all defaults). Forced moves are applied. */
qv_status qv_match_new(qv_match **out, const qv_game *g, const qv_params *params, uint64_t seed,
                       qv_err *err);
void qv_match_free(qv_match *m);

/* Starts a new game in m, as qv_match_new would with m's game, its (completed) parameters and
 * this seed, forced opening moves included, but in m's memory: for a driver that plays many
 * games in a row (an arena worker), which then allocates nothing per game. The history with its
 * narration and worded moves is dropped; the names and the quiet and held settings stay. On
 * error (init refusing the parameters it accepted before) m still holds its game unchanged. */
qv_status qv_match_restart(qv_match *m, uint64_t seed, qv_err *err);

/* A copy of m that nothing done to either reaches (src/engine/match/fork.c): the same game,
 * parameters, names, history, notation, narration, commitments, leavers and settings, so that a
 * change can be built on the copy while m stays as it was (the server's acts: the next match
 * is built, saved, then put in m's place). The copy starts without m's worded moves (a cache:
 * see qv_match_pass_seen); the two read m's walk marks (another cache, the positions walks
 * start from) until either keeps a new one, which then copies them. Each is freed on its own
 * with qv_match_free, and each may be used by a thread of its own. QV_ENOMEM: *out NULL,
 * nothing changed. */
qv_status qv_match_fork(const qv_match *m, qv_match **out, qv_err *err);
/* Makes dst, a match of the same game, a copy of src as qv_match_fork would, in dst's own
 * memory, each buffer made anew only where its size differs from src's: a driver that builds
 * many changes apart (the server) then allocates nothing for most, and a dst that held a
 * longer game holds no more than src afterwards. dst's worded moves are dropped. QV_ENOMEM:
 * dst is unchanged but for its worded moves, and may still be freed or copied into. */
qv_status qv_match_copy(qv_match *dst, const qv_match *src, qv_err *err);
/* Moves from's worded moves (what qv_match_log keeps of each entry for each viewer) into to,
 * for the first entries the two matches share (the same moves from the same base), and its
 * walk marks of those entries when to reads them or has none (from then has none): the match
 * that takes another's place words its log as cheaply as the old one would have. Entries to
 * has worded already keep their words. Needs no memory. */
void qv_match_pass_seen(qv_match *from, qv_match *to);
/* How many first history entries two matches of one game share: the same moves, one after the
 * other, from the same base (a match and its fork after a change: the entries the change
 * kept). */
int qv_match_shared(const qv_match *a, const qv_match *b);

int qv_match_to_move(const qv_match *m);
bool qv_match_over(const qv_match *m);

/* Applies a player's action, or a named chance outcome when chance is to move, then the
 * forced moves. On error nothing changes. */
qv_status qv_match_play(qv_match *m, qv_action a, qv_err *err);

/* The same for an action known to be legal now, which is not checked again: an answer of
 * qv_agent_decide or qv_agent_choose for this state (they check it). forced: the caller found
 * it the only option (qv_decision_forced), and it is recorded as automatic, as the match's own
 * forced moves are; a driver that holds every player's forced decisions (the arena) finds them
 * itself this way. Anything else goes through qv_match_play. */
qv_status qv_match_play_checked(qv_match *m, qv_action a, bool forced, qv_err *err);
/* The same from notation; the message of a rejected action names the problem. */
qv_status qv_match_play_text(qv_match *m, const char *text, qv_err *err);

/* What the action in `text` would do, for the player to move (who may know all it says): the
 * game's action_note, or "nothing more than the move itself" when the game has nothing to say,
 * written into buf (QV_NOTE_TEXT bytes is room enough); *confirm (may be NULL) is set when the
 * action ends the game or may eliminate the mover. The one text of the protocol's and the
 * terminal's `what` and of the server's `what` frame. Nothing changes. Fails, naming the
 * problem, when the game is over, chance is to move, or the text is malformed or illegal. */
qv_status qv_match_what(qv_match *m, const char *text, char *buf, size_t len, bool *confirm,
                        qv_err *err);
/* The same for `player`, one of qv_match_acting: at its own turn in a simultaneous step when it
 * is not to move (qv_match_turn_of). QV_ESTATE when the player has no decision to make. */
qv_status qv_match_what_as(qv_match *m, int player, const char *text, char *buf, size_t len,
                           bool *confirm, qv_err *err);

/* ---- leaving a game ---- */

/* Why a player left: it resigned, or its time ran out at a table. */
enum { QV_LEFT_RESIGNED = 1, QV_LEFT_TIMEOUT = 2 };

/* `player` leaves the game now (reason QV_LEFT_*), as Board Game Arena and lichess treat a
 * resignation or a player out of time: when at most one player is then left, the game is over
 * and that player wins; with more, the game goes on, the seat played by someone else (an agent,
 * a "zombie"), and the player ranks below every player who did not leave (qv_match_ranks).
 * Recorded at the current point of the history: records carry it ("left") and replay it.
 * QV_ESTATE when the game is over or the player has left already; QV_EINVAL for a bad player
 * or reason. */
qv_status qv_match_leave(qv_match *m, int player, int reason, qv_err *err);

/* A player whose time ran out comes back to a game that goes on: it plays and ranks as before.
 * QV_ESTATE when it did not leave by a timeout (a resignation is final) or the game is over. */
qv_status qv_match_return(qv_match *m, int player, qv_err *err);

/* Why player left (QV_LEFT_*), or 0 while it plays. */
int qv_match_left(const qv_match *m, int player);
/* "resigned" or "timeout" for a QV_LEFT_* reason, NULL for another value. */
const char *qv_left_name(int reason);

/* The final ranks (1 best, ties sharing): the game's, with every player who left ranked below
 * every player who did not (among themselves by the game's ranks). */
void qv_match_ranks(const qv_match *m, int *out);

/* ---- simultaneous secret steps ---- */

/* The players who may decide now, as a mask (bit p for player p): the player to move and, in
 * a simultaneous secret step (qv_game.together), every other player of the step whose part is
 * not yet committed here. 0 when chance is to move or the game is over. */
unsigned qv_match_acting(qv_match *m);

/* The decision `text` (notation) of `player`, one of qv_match_acting: played at once, with the
 * forced moves and commitments that follow, when the player is to move (qv_match_play_text);
 * otherwise checked against the player's own turn in the step and kept as a commitment, which
 * the match applies when that turn comes, exactly as if it had been made then. So the players
 * of a step may decide in any order and the game is the one of the seat order. QV_ESTATE (with
 * the reason) when the player may not decide now; QV_EINVAL malformed; QV_EILLEGAL against the
 * rules (QV_ESTATE too past QV_PENDING_TEXT bytes of commitments). Nothing changes on error. */
qv_status qv_match_act(qv_match *m, int player, const char *text, qv_err *err);

/* Fills st (state_size bytes) with the position at which `player` decides in the current step:
 * the current state when the player is to move; else the current one with placeholder choices
 * for the players before it in the step (never their real commitments) and the player's own
 * commitments applied. Returns false, st unspecified, when the player may not decide now. An
 * agent chooses for a player of a step from there (the choice is then the player's
 * commitment), and a front end lists its options (legal, action_to_text, action_note). */
bool qv_match_turn_of(qv_match *m, int player, void *st);

/* The commitments `player` made ahead of their turn, one notation line each (newline-ended),
 * or "" for none: for that player's own eyes (its view's "committed") and for a store that
 * keeps them; never for anyone else. */
const char *qv_match_committed(const qv_match *m, int player);

/* Withdraws the commitments `player` made ahead of their turn, which nobody has seen: the
 * player decides again. Returns how many were withdrawn. */
int qv_match_withdraw(qv_match *m, int player);

/* Holds back the forced decisions of the players with their bit set in `players` (bit p for
 * player p): the match no longer applies such a decision by itself, so that a front end can
 * show it to the person first ("your only move is `uncover c1`; press Enter") and then apply
 * it with qv_match_play. It is still recorded as automatic (the only option), so undo, records
 * and the log treat it as before. Chance events and other players' forced decisions are applied
 * as usual. Clearing a bit applies a decision it held at once. A new or loaded match holds
 * nothing; forced moves applied before the call stay applied. */
void qv_match_hold_forced(qv_match *m, unsigned players);

/* From now on, applies actions without their narration (the log then has no consequence
 * lines for them) and without keeping their notation (records and qv_match_move_text work it
 * out by a walk when asked): for matches that nobody reads, such as the arena's, where wording
 * every move would cost more than the rules. A new match narrates. */
void qv_match_quiet(qv_match *m);

/* The number of legal actions of the player to move (0 when chance or nobody is to move),
 * counted once per position: the search for forced moves has usually counted them already.
 * -1 when they cannot be listed (out of memory). */
int qv_match_count_legal(qv_match *m);

/* Whether the player to move is held (qv_match_hold_forced) and has exactly one option, which
 * then waits for the front end: true, with *out (may be NULL) the action. The count it makes is
 * kept for qv_match_count_legal. */
bool qv_match_held(qv_match *m, qv_action *out);

/* Draws one outcome of the pending chance event and applies it (then the forced moves). The
 * draw depends only on the match's seed and the number of history entries before it, so a
 * replayed game meets the same dice at the same point, and no undo can re-roll a die. A seat's
 * takeback never crosses a chance outcome (qv_match_takeback), so a player never sees the
 * outcome drawn at an index and then returns to before it; only the referee's qv_match_undo
 * can (and then meets the same outcome again). Fails with QV_ESTATE when chance is not to
 * move. *out gets the outcome. */
qv_status qv_match_chance(qv_match *m, qv_action *out, qv_err *err);

/* Draws and applies chance outcomes until a player must decide or the game is over. Returns
 * the number applied; outcomes (if not NULL, room for `max`) receives them. */
int qv_match_settle(qv_match *m, qv_action *outcomes, int max);

/* Takes back the last decision or chance outcome that was not automatic, together with the
 * automatic moves that followed it, whatever it showed: the referee's undo (the engine
 * protocol's `undo`, a store failure at the server), for whoever sees everything. Players
 * take back through qv_match_undo_seat. QV_ESTATE when there is nothing to take back. */
qv_status qv_match_undo(qv_match *m, qv_err *err);

/* ---- takebacks ---- */

/* What taking back a seat's last decision would undo, and whether the table's rule allows it:
 * the engine's one answer for `quiver play`, the server's undo and (later) takeback requests
 * between people. The rule: a seat takes back its own last decision (qv_move not automatic)
 * with every move after it. With another person at the table, only while no other player
 * has decided since; alone against agents, their answers go too. Never across a chance
 * outcome (a die, a draw, a coin: any entry of QV_CHANCE, even a forced one), so no outcome
 * once shown is ever met again from before it; and never across a decision that showed a
 * person at the table something hidden (qv_game.reveals), so no one keeps knowledge of the
 * position the takeback returns to beyond that position's own view. Agents forget the game
 * after a takeback (their seats are reset), so what they were shown does not count. */
typedef struct qv_takeback {
	bool allowed;   /* the rule allows it: qv_match_undo_seat would take it back */
	int from;       /* the first history entry it takes back; -1: the seat has no decision */
	int decisions;  /* decisions among entries [from, nhist) that were not automatic */
	unsigned seats; /* bit p: a decision of p (automatic or not) is among them */
	unsigned shown; /* bit p: one of them showed p something hidden (qv_game.reveals) */
	int chance;     /* the first chance outcome among them (an entry), or -1 */
	int reveal;     /* the first entry that showed a person at the table something, or -1 */
	int answered;   /* with other people: the first other player's decision since, or -1 */
	qv_err why;     /* when not allowed: the reason, worded for the seat asking */
	qv_err barrier; /* when chance or reveal is set: why no agreement can allow it either */
} qv_takeback;

/* Works out the takeback of `player`'s last decision under the rule above. `humans` has bit p
 * set for each seat played by a person (the player's own bit need not be set). Changes
 * nothing (the match's narration cache aside). The reason text names the move as the player
 * may know it, never anything hidden from the player. QV_EINVAL for a player not in the game,
 * QV_ENOMEM; otherwise QV_OK, with out->allowed saying whether the rule allows it. The range is
 * always everything from the player's last decision on, so a caller with another rule for
 * who must agree (a takeback request answered by the seats in out->seats) reads out->chance
 * and out->shown for itself. */
qv_status qv_match_takeback(qv_match *m, int player, unsigned humans, qv_takeback *out,
                            qv_err *err);

/* Undo for a seat at a table (`quiver play`, the server): takes back what qv_match_takeback
 * allows, or fails with QV_ESTATE and its reason (QV_EINVAL for a player not in the game). */
qv_status qv_match_undo_seat(qv_match *m, int player, unsigned humans, qv_err *err);

/* A takeback request that every other person whose decisions it undoes has accepted (a table
 * between people, where the server asks them): takes back `player`'s last decision and every
 * move after it whoever decided since, but still never across a chance outcome or a reveal
 * (QV_ESTATE with out->barrier's reason, or with the reason the player has nothing to take
 * back). The caller works out who must agree from qv_match_takeback's `seats`. */
qv_status qv_match_takeback_agreed(qv_match *m, int player, unsigned humans, qv_err *err);

/* The notation of history entry i as the match wrote it when it applied the entry: the
 * full-knowledge text, for the referee and records, never for a viewer who may not know the
 * move (qv_match_log words it for each viewer). "" for an i outside the history, and for
 * every entry of a quiet match, which keeps none (qv_match_quiet). Valid until the history
 * changes. */
const char *qv_match_notation(const qv_match *m, int i);

/* Writes the notation of history entry i into buf: the kept one, or for a quiet match's entry
 * one worked out by a walk to it ("" outside the history). */
void qv_match_move_text(const qv_match *m, int i, char *buf, size_t len);

/* ---- walking the history ---- */

/* Called by qv_match_walk for entry `entry` with the true state before it (the entry's move is
 * m->hist[entry]); `before` is valid during the call only. Returns false to stop the walk. It
 * may read the match and word its moves (qv_match_log_entry), never change its history. */
typedef bool (*qv_walk_fn)(void *ctx, int entry, const void *before);

/* Hands fn the state before each history entry from `from` (0 if negative) to the end, in
 * order, in one pass: the one way the engine, the server and the command line go over a past
 * game. The pass starts from the nearest position the match kept at or before `from` (where an
 * earlier walk ended; else base), so a caller that walks each time from where it stopped (a
 * log, an agent told the new moves) costs the new entries only, not a replay of the game.
 * QV_ENOMEM, with fn never called, when the state to walk with cannot be allocated. */
qv_status qv_match_walk(qv_match *m, int from, qv_walk_fn fn, void *ctx);

/* Sets the name of a seat for records (a person's name or an agent spec), cut to
 * QV_NAME_MAX - 1 bytes. Out-of-range players are ignored. */
void qv_match_set_name(qv_match *m, int player, const char *name);

/* ---- the narrated log ---- */

/* One line of the log, worded for one viewer. */
typedef struct qv_log_line {
	int entry;        /* the history entry the line belongs to */
	int who;          /* who made that move: a player index or QV_CHANCE */
	int about;        /* whom the line is about: the move's `who` for the move itself; for a
	                   * consequence, QV_RULES (the rules applied it: a capture, a score, a
	                   * walk), or the player whose decision or QV_CHANCE whose outcome it
	                   * states (qv_say_by) */
	bool consequence; /* false: the move itself; true: one of its consequences */
	bool automatic;   /* the move was the only option, applied by the match */
	const char *text; /* worded for the viewer: the move's notation as the viewer may know it
	                   * (qv_action_seen, " (only option)" after a forced move), or a
	                   * consequence (qv_word_line) */
	const char *msg;  /* a consequence's message worded for the viewer (qv_word_message: its
	                   * format, then each argument after a QV_SAY_ARG), for a page that
	                   * words it in another language; NULL for a move */
} qv_log_line;

typedef void (*qv_log_fn)(void *ctx, const qv_log_line *line);

/* Words the log of history entries [from, nhist) for viewer (a player, QV_VIEW_PUBLIC or
 * QV_VIEW_ALL) and calls fn for each line in order: each move, then its consequences. A move
 * the viewer may not even count (another's secret commitment that leaves the viewer's view
 * as it was) has no line. What a viewer is told of a move is worked out once and kept.
 * QV_ENOMEM when a line could not be worded: the lines before it were given, none after. */
qv_status qv_match_log(qv_match *m, int viewer, int from, qv_log_fn fn, void *ctx);

/* The lines of entry i alone, as qv_match_log words them for viewer, given the state before
 * the entry: for a caller that walks the history itself (qv_match_walk) and needs the entry's
 * lines beside its position (`quiver replay --boards`). */
void qv_match_log_entry(qv_match *m, int viewer, int i, const void *before, qv_log_fn fn,
                        void *ctx);

/* A log line as the WebSocket's frames write it (docs/server/websocket.md): {"who", "text"}
 * and a consequence's "msg" (its format, then each argument); NULL when out of memory. */
struct json_t *qv_log_line_json(const qv_log_line *l);

/* Tells agent a every history entry from *seen to the end (each with the true state before it;
 * qv_agent_observe passes on only what the agent's seat may see) and sets *seen to nhist: the
 * one way `quiver play`, the protocol, the arena and the server keep a searching agent's
 * kept tree in step with the game. Costs a walk over the new entries (qv_match_walk) for
 * agents that keep a tree, nothing for the others; an agent that cannot be told (out of
 * memory) forgets the game (qv_agent_reset). */
void qv_match_tell_agent(qv_match *m, struct qv_agent *a, int *seen);

/* The state as seen by viewer, for display (see qv_game.render_text). */
void qv_match_render(const qv_match *m, int viewer, unsigned flags, qv_buf *out);

/* Full-state JSON: {"game", "params", "seed", "to_move", "state"}. Round-trips exactly
 * through qv_match_load_json. Caller owns the result. */
struct json_t *qv_match_state_json(const qv_match *m);
/* A player's view: {"game", "params", "viewer", "to_move", "view"} (plus "legal", "what" and
 * "confirm" when the viewer may decide now, qv_match_acting, listed at its own turn in the
 * step, qv_match_turn_of; "forced": true when that decision is forced and held for it,
 * qv_match_hold_forced; and "committed": [notation] of the commitments it made ahead of its
 * turn). Contains nothing that viewer may not know. */
struct json_t *qv_match_view_json(qv_match *m, int viewer);
/* The same view appended to out as compact JSON text, byte for byte what qv_match_view_json's
 * tree is written as (qv__json_dumps), without the tree of the wrapper and its lists; false
 * when out of memory (or a text is not UTF-8), and then out holds a part of it. */
bool qv_match_view_text(qv_match *m, int viewer, qv_buf *out);

/* A record: {"game", "params", "seed", "players", "actions": [notation...], "result"}.
 * "result" is null until the game is over, then a list of {"player", "rank", "score"} (ranks
 * of qv_match_ranks; "reason" added for a player who left). A game someone left has "left":
 * [{"player", "reason", "at"}], at being the number of actions played before it.
 * A match that began from a loaded full state (not from init) also has "start": the game's
 * state JSON of that position, from which the actions replay. */
struct json_t *qv_match_record_json(const qv_match *m);

/* A seed as JSON: a string of decimal digits ("4964684089417609551"), the form records, full
 * states, protocol answers and reports write, since a JSON number above 2^53 loses digits in
 * JavaScript and other readers that hold numbers as doubles. Caller owns the result. */
struct json_t *qv_seed_json(uint64_t seed);
/* Reads a seed written by qv_seed_json, or in the older form of a JSON integer (negative ones
 * being the int64 bits of a seed above INT64_MAX), into *out. Anything else fails with
 * QV_EINVAL and a message naming `field` and the expected form. */
qv_status qv_seed_from_json(const struct json_t *j, const char *field, uint64_t *out, qv_err *err);

/* The one parameters <-> JSON pair, used by records, full states, the arena's --json report and
 * the server (a table request's "params", a table's info). qv_params_to_json writes p (in its
 * order) as an object whose values are typed by their definitions in defs: an integer
 * parameter's number as a JSON integer (a name such as "auto" as a string), a real's as a
 * number, a boolean's as true or false, a choice's and a text's as a string; a key defs lacks
 * as a string. Caller owns the result; NULL when out of memory (never a partial object). */
struct json_t *qv_params_to_json(const qv_params *p, const qv_param_def *defs, int ndefs);
/* Reads such an object (or NULL: no parameters) into out. Each key must be one of defs (what
 * names their owner in the message, e.g. "three-arrows"); an integer or real parameter takes a
 * JSON number, a boolean true or false, and every kind its text form as a string; each value is
 * then checked against its kind and bounds (qv_param_check). A failure names the key and the
 * expected form: "params.size: expected 6, 7 or 8, not true", "params: bad value '9' for size:
 * expected 6, 7 or 8", "params: unknown parameter 'colour' for three-arrows (known: ...)". */
qv_status qv_params_from_json(const struct json_t *j, const qv_param_def *defs, int ndefs,
                              const char *what, qv_params *out, qv_err *err);

/* The most bytes of JSON text a record or a full state may have: far more than any real game
 * needs (the record of a whole game is a few KB), and little enough that parsing cannot eat
 * the machine's memory. Larger texts and files are refused before they are parsed. */
#define QV_RECORD_MAX (4u << 20)

/* Loads either a full-state JSON (has "state") or a record (has "actions") into a new match.
 * A record is replayed action by action; the first action that fails stops the load with a
 * message naming its index and text. On failure *out is NULL. */
qv_status qv_match_load_json(qv_match **out, const struct json_t *j, qv_err *err);
/* The same for a given game, which need not be in the registry (the match tests use a test
 * game): the JSON's "game" must be g's name. */
qv_status qv_match_load_json_game(qv_match **out, const qv_game *g, const struct json_t *j,
                                  qv_err *err);
/* The same from text (parses JSON first; broken or truncated JSON is reported with its line
 * and column; more than QV_RECORD_MAX bytes are refused unparsed). */
qv_status qv_match_load_text(qv_match **out, const char *text, qv_err *err);
/* Reads a file and loads it; the message names the path on failure. A file over
 * QV_RECORD_MAX bytes is refused without being read whole. */
qv_status qv_match_load_file(qv_match **out, const char *path, qv_err *err);
/* Writes the record to path (pretty-printed JSON). */
qv_status qv_match_save_record(const qv_match *m, const char *path, qv_err *err);

#endif
