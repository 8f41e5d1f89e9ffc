/*
 * property.c - the property tester: plays many random games of one game through the game
 * interface (include/quiver/game.h) and checks, on the way, what every game of quiver must
 * satisfy. It knows no game's rules, so it works for every game in the registry.
 *
 * Usage: property <game> [--games N] [--param key=value ...] [--seed S] [--only I]
 *                        [--random-variant K]
 *
 * With --random-variant K the games are played with a random valid variant of the game's
 * components, the K-th one random_variant draws (every number, enum and direction of some
 * entries changed within what the game declares, an entry left out now and then; drawn again
 * until the game's build accepts one), so that the properties hold for what a designer may
 * write, not only for the printed set.
 *
 * The properties, numbered as in failure reports:
 *   1. every listed action applies, its notation parses back to it, listed actions are
 *      distinct and at most max_actions, to_move agrees with legal() and chance(), and the
 *      game's count() (when it has one) with legal();
 *   2. actions that are not listed (notation seen elsewhere, damaged notation, random
 *      integers) are rejected with a message and leave the state byte for byte unchanged,
 *      and garbage notation is rejected cleanly;
 *   3. the game's sampler draws only listed actions, and all of them;
 *   4. the state JSON round-trips exactly (bytes and text), and damaged JSON is refused
 *      cleanly or loaded into a state that still works;
 *   5. the record (every action in notation) replays to the same final state, directly and
 *      (in the full games and one in RECORD_EVERY of the others) through the match layer
 *      (qv_match_load_json, then qv_match_record_json and qv_match_load_text once more);
 *   6. determinize keeps every viewer's view and text diagram, depends only on that view and
 *      the RNG, and leaves the mover's legal actions alone, and what qv_sample_legal draws
 *      from them with a given RNG (the random agent draws on the true state, agent.h); for
 *      THREE ARROWS also: no view shows the kind or facing of another player's covered piece;
 *   7. returns are in [-1, 1] (summing to 0 for two players), ranks are well formed and agree
 *      with the returns;
 *   8. the game ends within MAX_STEPS steps;
 *   9. the narration of an action (apply's qv_events) is well formed, changes nothing in the
 *      state, and tells each player nothing that player may not know: for another player v,
 *      (a) when another option at the same state leads to a different state that v's view
 *      cannot tell apart from the action's, the narrations worded for v are the same (so a
 *      covered piece's kind or a secret choice is not told), and (b) for a determinization d
 *      of the state for v in which the action is legal too, when v's view after the action is
 *      the same in the truth and in d, the move as v is told it (qv_action_seen) and the
 *      narration worded for v are the same too (else they tell v something that differs
 *      between worlds v cannot tell apart);
 *  10. every line of every diagram (full and compact layouts, every viewer) fits 80 columns,
 *      and the compact layout fits COMPACT_ROWS rows, so a game plays at 80x24;
 *  11. the game's reveals (qv_game.reveals, the rule of takebacks) misses no reveal: an oracle
 *      that knows nothing of the game determinizes the state before a decision for each player
 *      v several times (REVEAL_WORLDS) and applies the decision there, for v's own decision
 *      the same action (illegal there, or a different view of v after it: a reveal) and for
 *      another's every option of that world (none leaving v the view v has after the truth's
 *      action: a reveal); whenever it finds a reveal, reveals must say so (at every step of the
 * full games, on a share REVEALS_P of the heavy steps of the others);
 *  12. what a person is told an action would do (qv_game.action_note, the View JSON's `what`
 *      and the `what` command) names no hidden fact: for the player to move, every listed
 *      action (up to NARRATION_ALTS, drawn at random when more) has the same note and the
 *      same confirmation in the truth and in NOTE_WORLDS determinizations for that player,
 *      which the player cannot tell from the truth (at every decision of the full games, on a
 *      share NOTES_P of the heavy steps of the others);
 *  13. every state keeps the game's invariants (qv_game.state_ok, which every game of the
 *      registry states): at every step, after every listed action applied, in every
 *      determinization made for a view and after every option listed there applied, and in
 *      damaged JSON that load_json accepts.
 *
 * Game i starts from seed qv_seed_mix(S, i), and the tester's own choices come from an RNG
 * derived from that seed, so `--only i` replays game i exactly. The first FULL_GAMES games
 * check everything at every step; the others check the costly properties (every listed
 * action, JSON, determinize) on a random subset of steps, about HEAVY_STEPS per game whatever
 * the games' length (the rate comes from the length of a few unchecked games played first),
 * and always at the first and the last step. QV_PROPERTY_SCALE (a positive real) multiplies the
 * number of games (at least one is played); QV_PROPERTY_FULL sets how many are checked in full
 * (FULL_GAMES by default; the sanitizer run of `make test` checks one, the release run three).
 */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/core.h"
#include "quiver/game.h"
#include "quiver/match.h"
#include "quiver/variant.h"

#define MAX_STEPS      100000 /* a game still running after this many steps fails (8) */
#define FULL_GAMES     3      /* the first games check every property at every step */
#define HEAVY_STEPS    3      /* later games: JSON and determinize checks wanted per game */
#define RECORD_EVERY   4      /* later games: one in this many also replays through the match */
#define ALL_ACTIONS_P  0.03   /* later games: chance of applying every listed action */
#define SOME_ACTIONS   3      /* later games: listed actions applied per step besides the chosen */
#define TEXT_MAX       256    /* room for one action's notation */
#define POOL_SIZE      4096   /* notation texts kept for property 2 */
#define POOL_TEXT      96     /* longest text kept in the pool */
#define SEEN_SIZE      (1u << 16) /* hashes of texts already offered to the pool */
#define UNIFORM_STATES 2          /* sampler uniformity checks per game (4 in the full games) */
#define JSON_FLAGS     (JSON_SORT_KEYS | JSON_COMPACT | JSON_ENCODE_ANY)
#define NARRATION_P    0.25 /* later games: chance that a heavy step checks the narration */
#define NARRATION_ALTS 48   /* property 9 (a): options compared, drawn at random when more */
#define REVEAL_WORLDS  6    /* property 11: determinizations per viewer and decision */
#define REVEALS_P      0.3  /* later games: chance that a heavy step checks property 11 */
#define NOTE_WORLDS    4    /* property 12: determinizations compared with the truth */
#define NOTES_P        0.3  /* later games: chance that a heavy step checks property 12 */
#define MAX_COLUMNS    80   /* property 10: the width of a diagram line */
#define COMPACT_ROWS                                                                               \
	17 /* property 10: the compact diagram, leaving 7 rows of a 24-row                         \
	    * terminal for what just happened and the prompt */

static const char *const prop_names[] = {
    "",
    "legal actions apply and their notation round-trips",
    "unlisted actions and bad notation are rejected",
    "the sampler draws listed actions uniformly",
    "the state JSON round-trips",
    "records replay",
    "views hide what they must",
    "returns and ranks",
    "the game ends",
    "the narration tells each viewer only what it may know",
    "diagrams fit an 80x24 terminal",
    "reveals misses no reveal",
    "what an action would do names no hidden fact",
    "states keep the game's invariants",
};

/* A set of actions mapping each to its index in the list it came from: open addressing with
 * generation stamps, so clearing it is O(1). */
typedef struct aset {
	uint32_t mask;
	uint32_t gen;
	qv_action *key;
	int *index;
	uint32_t *stamp;
} aset;

/* The actions of one game so far, with their notation as written before each was applied. */
typedef struct history {
	qv_action *act;
	size_t *off;
	int n, cap;
	char *text;
	size_t len, tcap;
} history;

/* Notation texts seen in this run, offered to later states as probably-unlisted actions. */
typedef struct pool {
	int n;
	char (*text)[POOL_TEXT];
	uint64_t *seen; /* hashes of every text ever offered (0 = empty slot) */
	uint32_t nseen;
} pool;

typedef struct ctx {
	const qv_game *g;
	qv_params params;
	const char *argv_params; /* " --param k=v ..." for the reproduce line */
	char label[600];         /* "three-arrows players=2 size=6 mode=standard" */
	uint64_t base_seed;
	bool three_arrows;

	/* the game being played */
	int game;
	uint64_t seed;
	int step;
	bool full;
	int nplayers;
	int uniform_left;
	double heavy_p;  /* chance that a step gets the JSON and determinize checks */
	qv_rng play;     /* chooses the actions: the game's course depends on nothing else */
	qv_rng rng;      /* every random choice of the checks */
	qv_rng pool_rng; /* which pool texts new ones replace */

	/* states of state_size bytes: the game, scratch copies, determinizations, fresh inits */
	unsigned char *st, *tmp, *d1, *d2, *fresh, *alt, *wafter;
	qv_action *acts, *acts2; /* max_actions each */
	qv_action *wopts;        /* the options of a determinization: max_actions, max_chance */
	double *wprobs;          /* max_chance */
	int nacts;
	qv_action *outs; /* max_chance */
	double *probs;
	int nouts;
	int *counts; /* max_actions, sampler draws per listed action */
	aset set;    /* the listed actions (or chance outcomes) of the current state */
	history hist;
	pool pool;

	qv_buf diagram[2]; /* render_text of the truth and of a determinization */

	/* the failure of the current game */
	int failed_prop;
	bool heavy; /* the current step gets the costly checks */
	qv_buf why;
	int shown; /* failures reported so far */

	/* totals */
	long long actions;
	int passed, failed;
	long hidden_pairs, hidden_changed; /* THREE ARROWS: views hiding a piece; changed by det. */
	unsigned long long full_games;     /* the first games, checked in full (FULL_GAMES) */
} ctx;

/* Allocation for the tester itself: running out of memory ends the run (status 2). */
static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		fprintf(stderr, "property: out of memory\n");
		exit(2);
	}
	return q;
}

/* Zeroed allocation for the tester itself. */
static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p) {
		fprintf(stderr, "property: out of memory\n");
		exit(2);
	}
	return p;
}

/* Records why the current game failed (the first failure wins) and returns false, so checks
 * can end with `return fail(c, 2, "...")`. */
static bool fail(ctx *c, int prop, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(ctx *c, int prop, const char *fmt, ...)
{
	if (c->failed_prop)
		return false;
	char msg[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	c->failed_prop = prop;
	qv_buf_clear(&c->why);
	qv_buf_puts(&c->why, msg);
	return false;
}

/* Appends a long piece of evidence (a JSON text, a diagram) to the failure message. */
static void detail(ctx *c, const char *name, const char *text)
{
	qv_buf_printf(&c->why, "\n  %s:\n%s", name, text ? text : "(null)");
}

/* The offset of the first differing byte of two states, for messages. */
static size_t first_diff(const ctx *c, const void *a, const void *b)
{
	const unsigned char *x = a, *y = b;
	size_t i = 0;
	while (i < c->g->state_size && x[i] == y[i])
		i++;
	return i;
}

/* FNV-1a: hashes notation texts for the pool. */
static uint64_t hash_text(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h ? h : 1;
}

/* Sizes the set for up to `max` actions (at most half full). */
static void aset_init(aset *s, int max)
{
	uint32_t cap = 16;
	while (cap < 2u * (uint32_t)max + 2u)
		cap *= 2;
	s->mask = cap - 1;
	s->gen = 1;
	s->key = xcalloc(cap, sizeof *s->key);
	s->index = xcalloc(cap, sizeof *s->index);
	s->stamp = xcalloc(cap, sizeof *s->stamp);
}

/* Empties the set. */
static void aset_clear(aset *s)
{
	if (++s->gen == 0) {
		memset(s->stamp, 0, (size_t)(s->mask + 1) * sizeof *s->stamp);
		s->gen = 1;
	}
}

/* The slot of action a: where it is, or the empty slot where it would go. */
static uint32_t aset_slot(const aset *s, qv_action a)
{
	uint32_t i = ((uint32_t)a * 0x9E3779B1u) >> 7 & s->mask;
	while (s->stamp[i] == s->gen && s->key[i] != a)
		i = (i + 1) & s->mask;
	return i;
}

/* Adds a with its list index; false when a was already in the set. */
static bool aset_add(aset *s, qv_action a, int index)
{
	uint32_t i = aset_slot(s, a);
	if (s->stamp[i] == s->gen)
		return false;
	s->stamp[i] = s->gen;
	s->key[i] = a;
	s->index[i] = index;
	return true;
}

/* The list index of a, or -1 when a is not in the set. */
static int aset_find(const aset *s, qv_action a)
{
	uint32_t i = aset_slot(s, a);
	return s->stamp[i] == s->gen ? s->index[i] : -1;
}

/* Appends an action and its notation to the history. */
static void hist_push(history *h, qv_action a, const char *text)
{
	size_t n = strlen(text) + 1;
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 256;
		h->act = xrealloc(h->act, (size_t)h->cap * sizeof *h->act);
		h->off = xrealloc(h->off, (size_t)h->cap * sizeof *h->off);
	}
	if (h->len + n > h->tcap) {
		while (h->len + n > h->tcap)
			h->tcap = h->tcap ? 2 * h->tcap : 4096;
		h->text = xrealloc(h->text, h->tcap);
	}
	memcpy(h->text + h->len, text, n);
	h->act[h->n] = a;
	h->off[h->n++] = h->len;
	h->len += n;
}

/* The notation of history entry i. */
static const char *hist_text(const history *h, int i) { return h->text + h->off[i]; }

/* Offers a notation text to the pool. A text already offered once is ignored; once the pool
 * is full, a new text replaces a random one, so the pool keeps changing over the run. Only
 * texts of the games' course are offered, so the pool at the start of game i depends only on
 * the seed and i (see play_game). */
static void pool_offer(ctx *c, const char *text)
{
	pool *p = &c->pool;
	if (strlen(text) >= POOL_TEXT || !*text)
		return;
	if (p->nseen < SEEN_SIZE / 2) {
		uint64_t h = hash_text(text);
		uint32_t i = (uint32_t)h & (SEEN_SIZE - 1);
		while (p->seen[i] && p->seen[i] != h)
			i = (i + 1) & (SEEN_SIZE - 1);
		if (p->seen[i])
			return;
		p->seen[i] = h;
		p->nseen++;
	} else if (qv_rng_below(&c->pool_rng, 64)) {
		return;
	}
	int slot = p->n < POOL_SIZE ? p->n++ : (int)qv_rng_below(&c->pool_rng, POOL_SIZE);
	strcpy(p->text[slot], text);
}

/* A random text from the pool, or NULL when it is empty. */
static const char *pool_pick(ctx *c)
{
	pool *p = &c->pool;
	return p->n ? p->text[qv_rng_below(&c->rng, (uint32_t)p->n)] : NULL;
}

/* Compact JSON text with sorted keys (caller frees), or NULL when j cannot be dumped. */
static char *dump(const json_t *j) { return j ? json_dumps(j, JSON_FLAGS) : NULL; }

/* Writes the notation of a in st into buf (TEXT_MAX bytes) and checks what action_to_text
 * returns: the length of a NUL-terminated text that fits. */
static bool to_text(ctx *c, const void *st, qv_action a, char *buf, const char *what)
{
	buf[0] = '\0';
	int len = c->g->action_to_text(st, a, buf, TEXT_MAX);
	if (len < 0)
		return fail(c, 1, "action_to_text fails (%d) for %s %d", len, what, a);
	if (len >= TEXT_MAX || memchr(buf, '\0', TEXT_MAX) == NULL || strlen(buf) != (size_t)len)
		return fail(c, 1, "action_to_text for %s %d returns %d, but the text is '%.*s'",
		            what, a, len, TEXT_MAX - 1, buf);
	return true;
}

/* action_to_text must not write past the buffer it is given, even when the text does not
 * fit, and what it writes there is the whole text's start, cut with its NUL as snprintf cuts:
 * calls it with a 4-byte buffer followed by guard bytes (whole: the text with room). */
static bool check_small_buffer(ctx *c, qv_action a, const char *whole)
{
	unsigned char guard[12];
	memset(guard, 0xA5, sizeof guard);
	(void)c->g->action_to_text(c->st, a, (char *)guard, 4);
	for (size_t i = 4; i < sizeof guard; i++)
		if (guard[i] != 0xA5)
			return fail(c, 1,
			            "action_to_text writes past a 4-byte buffer for action %d", a);
	const char *cut = (const char *)guard;
	if (!memchr(cut, '\0', 4) || strncmp(cut, whole, 3) != 0 ||
	    strlen(cut) != (strlen(whole) < 3 ? strlen(whole) : 3))
		return fail(
		    c, 1,
		    "action_to_text in a 4-byte buffer writes '%.4s' for action %d, not the "
		    "start of '%s' cut with its NUL",
		    cut, a, whole);
	return true;
}

/* Property 13: state st keeps the game's invariants (state_ok); `where` says which state it
 * is for the message ("after 'place A b1 N'", "determinized for p2"), NULL for the game's own
 * state at this step. */
static bool check_invariants(ctx *c, const unsigned char *st, const char *where)
{
	qv_err why = {{0}};
	if (!c->g->state_ok)
		return fail(c, 13, "the game states no invariants (state_ok is NULL)");
	if (c->g->state_ok(st, &why))
		return true;
	return fail(c, 13, "the state%s%s breaks an invariant: %s", where ? " " : "",
	            where ? where : "", why.msg);
}

/* Property 1 for one listed action (or chance outcome): its notation parses back to it, it
 * applies to a copy of the state, and the copy then has a sensible mover. */
static bool check_listed(ctx *c, qv_action a, const char *what)
{
	const qv_game *g = c->g;
	char text[TEXT_MAX];
	qv_err err = {{0}};
	qv_action b = -1;
	if (!to_text(c, c->st, a, text, what))
		return false;
	if (!check_small_buffer(c, a, text))
		return false;
	qv_status s = g->action_from_text(c->st, text, &b, &err);
	if (s != QV_OK)
		return fail(c, 1, "the notation '%s' of %s %d does not parse: %s", text, what, a,
		            err.msg);
	if (b != a)
		return fail(c, 1, "the notation '%s' of %s %d parses to %d", text, what, a, b);
	memcpy(c->tmp, c->st, g->state_size);
	err.msg[0] = '\0';
	s = qv_apply_checked(g, c->tmp, a, NULL, &err);
	if (s != QV_OK)
		return fail(c, 1, "%s '%s' is rejected by apply (%d): %s", what, text, s, err.msg);
	int w = g->to_move(c->tmp);
	if (w != QV_CHANCE && w != QV_OVER && (w < 0 || w >= g->num_players(c->tmp)))
		return fail(c, 1, "after %s '%s', to_move returns %d", what, text, w);
	char where[TEXT_MAX + 16];
	snprintf(where, sizeof where, "after '%s'", text);
	return check_invariants(c, c->tmp, where);
}

/* Property 1 for the current state: to_move, legal() and chance() agree; the listed actions
 * are distinct, non-negative and at most max_actions; chance probabilities sum to 1; and
 * some (or all) listed actions pass check_listed. Leaves the list in c->acts or c->outs and
 * in c->set for the other checks. */
static bool check_moves(ctx *c, int who)
{
	const qv_game *g = c->g;
	int np = g->num_players(c->st);
	if (np != c->nplayers)
		return fail(c, 1, "num_players changed from %d to %d", c->nplayers, np);
	if (who != QV_CHANCE && who != QV_OVER && (who < 0 || who >= np))
		return fail(c, 1, "to_move returns %d with %d players", who, np);
	int n = g->legal(c->st, c->acts);
	int nc = g->chance(c->st, c->outs, c->probs);
	if (g->count && g->count(c->st) != n)
		return fail(c, 1, "count() says %d but legal() lists %d", g->count(c->st), n);
	c->nacts = c->nouts = 0;
	aset_clear(&c->set);
	if (who >= 0) {
		if (n <= 0 || n > g->max_actions)
			return fail(c, 1, "p%d is to move but legal() returns %d (max_actions %d)",
			            who + 1, n, g->max_actions);
		if (nc != 0)
			return fail(c, 1, "p%d is to move but chance() returns %d", who + 1, nc);
		c->nacts = n;
		for (int i = 0; i < n; i++) {
			if (c->acts[i] < 0)
				return fail(c, 1, "legal() lists the negative action %d",
				            c->acts[i]);
			if (!aset_add(&c->set, c->acts[i], i))
				return fail(c, 1, "legal() lists action %d twice", c->acts[i]);
		}
		if (c->full) {
			int n2 = g->legal(c->st, c->acts2);
			if (n2 != n || memcmp(c->acts, c->acts2, (size_t)n * sizeof *c->acts) != 0)
				return fail(c, 1, "two calls of legal() give different lists");
		}
		bool all =
		    c->full || n <= SOME_ACTIONS + 1 || qv_rng_double(&c->rng) < ALL_ACTIONS_P;
		for (int k = 0; k < (all ? n : SOME_ACTIONS); k++) {
			int i = all ? k : (int)qv_rng_below(&c->rng, (uint32_t)n);
			if (!check_listed(c, c->acts[i], "listed action"))
				return false;
		}
		return true;
	}
	if (n != 0)
		return fail(c, 1, "%s but legal() returns %d",
		            who == QV_CHANCE ? "chance is to move" : "the game is over", n);
	if (who == QV_OVER) {
		if (nc != 0)
			return fail(c, 1, "the game is over but chance() returns %d", nc);
		return true;
	}
	if (nc <= 0 || nc > g->max_chance)
		return fail(c, 1, "chance is to move but chance() returns %d (max_chance %d)", nc,
		            g->max_chance);
	c->nouts = nc;
	double sum = 0;
	for (int i = 0; i < nc; i++) {
		if (c->outs[i] < 0)
			return fail(c, 1, "chance() lists the negative outcome %d", c->outs[i]);
		if (!aset_add(&c->set, c->outs[i], i))
			return fail(c, 1, "chance() lists outcome %d twice", c->outs[i]);
		if (!(c->probs[i] > 0 && c->probs[i] <= 1))
			return fail(c, 1, "chance outcome %d has probability %g", c->outs[i],
			            c->probs[i]);
		sum += c->probs[i];
	}
	if (fabs(sum - 1) > 1e-9)
		return fail(c, 1, "chance probabilities sum to %.17g", sum);
	bool all = c->full || nc <= 16;
	for (int k = 0; k < (all ? nc : 4); k++) {
		int i = all ? k : (int)qv_rng_below(&c->rng, (uint32_t)nc);
		if (!check_listed(c, c->outs[i], "chance outcome"))
			return false;
	}
	return true;
}

/* Property 2 for one action: if it is listed it must apply; otherwise apply must refuse it
 * with a negative status and a message, leaving the state byte for byte as it was. `text`
 * is the notation it came from, or NULL for a made-up integer. */
static bool try_action(ctx *c, qv_action a, const char *text)
{
	const qv_game *g = c->g;
	char shown[TEXT_MAX + 32];
	if (text)
		snprintf(shown, sizeof shown, "'%.*s' (action %d)", TEXT_MAX - 1, text, a);
	else
		snprintf(shown, sizeof shown, "action %d", a);
	qv_err err = {{0}};
	memcpy(c->tmp, c->st, g->state_size);
	qv_status s = qv_apply_checked(g, c->tmp, a, NULL, &err);
	if (aset_find(&c->set, a) >= 0) {
		if (s != QV_OK)
			return fail(c, 2, "listed %s is rejected (%d): %s", shown, s, err.msg);
		return true;
	}
	if (s >= 0)
		return fail(c, 2, "apply accepts %s, which is not listed (status %d)", shown, s);
	if (memcmp(c->tmp, c->st, g->state_size) != 0)
		return fail(c, 2, "rejecting %s changed the state (first differing byte %zu)",
		            shown, first_diff(c, c->tmp, c->st));
	if (!err.msg[0] || !memchr(err.msg, '\0', sizeof err.msg))
		return fail(c, 2, "apply rejects %s without a message", shown);
	if (!text) {
		/* action_to_text of a made-up integer: an error or a well-formed text. */
		char buf[TEXT_MAX];
		buf[0] = '\0';
		int len = g->action_to_text(c->st, a, buf, sizeof buf);
		if (len >= 0 && (len >= TEXT_MAX || strlen(buf) != (size_t)len))
			return fail(c, 2, "action_to_text of %s returns %d for '%.*s'", shown, len,
			            TEXT_MAX - 1, buf);
	}
	return true;
}

/* Property 2 for one text: it either parses (then try_action judges the action) or fails
 * with a negative status and a message. Garbage (must_fail) may not parse at all. */
static bool try_text(ctx *c, const char *text, bool must_fail)
{
	qv_err err = {{0}};
	qv_action a = -1;
	qv_status s = c->g->action_from_text(c->st, text, &a, &err);
	size_t len = strlen(text);
	if (s == QV_OK) {
		if (must_fail)
			return fail(
			    c, 2, "the garbage notation '%.100s'%s (%zu bytes) parses as action %d",
			    text, len > 100 ? "..." : "", len, a);
		return try_action(c, a, text);
	}
	if (s > 0)
		return fail(c, 2, "action_from_text returns the positive status %d for '%.100s'", s,
		            text);
	if (!err.msg[0] || !memchr(err.msg, '\0', sizeof err.msg))
		return fail(c, 2, "action_from_text rejects '%.100s'%s without a message", text,
		            len > 100 ? "..." : "");
	return true;
}

/* A random character from `set`. */
static char pick_char(ctx *c, const char *set)
{
	return set[qv_rng_below(&c->rng, (uint32_t)strlen(set))];
}

/* Fills buf[0..n) with random characters of a 32-character alphabet (letters and digits),
 * five bits of the RNG each. */
static void random_word(ctx *c, char *buf, size_t n)
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzQRST01";
	uint64_t bits = 0;
	for (size_t i = 0; i < n; i++, bits >>= 5) {
		if (i % 12 == 0)
			bits = qv_rng_next(&c->rng);
		buf[i] = alphabet[bits & 31];
	}
}

/* A random word of a random pool text, copied into word (POOL_TEXT bytes). */
static void pool_word(ctx *c, char *word)
{
	char copy[POOL_TEXT], *tok[16];
	const char *src = pool_pick(c);
	word[0] = '\0';
	if (!src)
		return;
	strcpy(copy, src);
	int n = qv_split(copy, tok, 16);
	if (n > 16)
		n = 16;
	if (n > 0)
		strcpy(word, tok[qv_rng_below(&c->rng, (uint32_t)n)]);
}

/* Damages a notation text the way people and programs get notation wrong: a word dropped,
 * doubled, swapped, replaced by a word of another action, one character changed, a word
 * added, or everything upper case. The result may well still be an action. */
static void mutate(ctx *c, const char *src, char *out, size_t cap)
{
	char copy[POOL_TEXT], *tok[18], word[POOL_TEXT], changed[POOL_TEXT];
	strcpy(copy, src);
	int n = qv_split(copy, tok, 16);
	if (n > 16)
		n = 16;
	if (n == 0) {
		tok[0] = copy;
		n = 1;
	}
	int i = (int)qv_rng_below(&c->rng, (uint32_t)n),
	    j = (int)qv_rng_below(&c->rng, (uint32_t)n);
	switch (qv_rng_below(&c->rng, 7)) {
	case 0: /* drop a word */
		memmove(&tok[i], &tok[i + 1], (size_t)(n - i - 1) * sizeof *tok);
		n--;
		break;
	case 1: /* double a word */
		memmove(&tok[i + 1], &tok[i], (size_t)(n - i) * sizeof *tok);
		n++;
		break;
	case 2: /* replace a word by a word of another text */
		pool_word(c, word);
		tok[i] = word;
		break;
	case 3: { /* change one character */
		strcpy(changed, tok[i]);
		size_t len = strlen(changed);
		if (len) {
			size_t k = qv_rng_below(&c->rng, (uint32_t)len);
			changed[k] = qv_rng_below(&c->rng, 2) ? (char)(changed[k] + 1)
			                                      : pick_char(c, "0123456789azAZ+-_");
		}
		tok[i] = changed;
		break;
	}
	case 4: /* add a word */
		pool_word(c, word);
		tok[n++] = word;
		break;
	case 5: { /* swap two words */
		char *t = tok[i];
		tok[i] = tok[j];
		tok[j] = t;
		break;
	}
	default: /* upper case */
		for (int k = 0; k < n; k++)
			for (char *p = tok[k]; *p; p++)
				if (*p >= 'a' && *p <= 'z')
					*p = (char)(*p - 'a' + 'A');
		break;
	}
	size_t len = 0;
	out[0] = '\0';
	for (int k = 0; k < n && len + strlen(tok[k]) + 2 < cap; k++)
		len += (size_t)snprintf(out + len, cap - len, "%s%s", k ? " " : "", tok[k]);
}

/* Feeds action_from_text one piece of garbage and checks it is refused. The kinds: empty,
 * blank, a control or non-ASCII byte inside text, a valid text followed by a 4000-letter
 * word, a 5000-letter word, and 300 words of notation. */
static bool try_garbage(ctx *c)
{
	static char big[6000];
	const char *src = pool_pick(c);
	size_t len = 0;
	switch (qv_rng_below(&c->rng, 6)) {
	case 0: big[0] = '\0'; break;
	case 1: strcpy(big, qv_rng_below(&c->rng, 2) ? " " : " \t  \t"); break;
	case 2: {
		snprintf(big, sizeof big, "%s", src ? src : "x");
		len = strlen(big);
		size_t at = qv_rng_below(&c->rng, (uint32_t)len + 1);
		static const char bad[] = "\x01\x02\x07\x08\x1b\x7f\x80\xc3\xff";
		memmove(big + at + 1, big + at, len - at + 1);
		big[at] = bad[qv_rng_below(&c->rng, (uint32_t)sizeof bad - 1)];
		break;
	}
	case 3:
		len = (size_t)snprintf(big, sizeof big, "%s ", src ? src : "x");
		random_word(c, big + len, 4000);
		big[len + 4000] = '\0';
		break;
	case 4:
		random_word(c, big, 5000);
		big[5000] = '\0';
		break;
	default:
		for (int k = 0; k < 300; k++) {
			char word[POOL_TEXT];
			pool_word(c, word);
			if (!word[0])
				strcpy(word, "x");
			if (len + strlen(word) + 2 >= sizeof big)
				break;
			len += (size_t)snprintf(big + len, sizeof big - len, "%s%s", k ? " " : "",
			                        word);
		}
		break;
	}
	return try_text(c, big, true);
}

/* A made-up action integer: near a listed one (off by a little, or one bit flipped), small,
 * negative, or anything at all. */
static qv_action random_action(ctx *c)
{
	uint32_t k = qv_rng_below(&c->rng, 20);
	int n = c->nacts ? c->nacts : c->nouts;
	const qv_action *list = c->nacts ? c->acts : c->outs;
	if (k < 10 && n > 0) {
		qv_action a = list[qv_rng_below(&c->rng, (uint32_t)n)];
		if (k < 5)
			return a + (qv_action)qv_rng_below(&c->rng, 17) - 8;
		return a ^ (qv_action)(1u << qv_rng_below(&c->rng, 20));
	}
	if (k < 15)
		return (qv_action)qv_rng_below(&c->rng, 65536);
	if (k < 18)
		return -1 - (qv_action)qv_rng_below(&c->rng, 1000);
	return (qv_action)(uint32_t)qv_rng_next(&c->rng);
}

/* Property 2 for the current state: texts from the pool (as they are and damaged), garbage,
 * and made-up integers. */
static bool check_rejects(ctx *c)
{
	int k = c->full ? 4 : 1;
	for (int i = 0; i < 3 * k; i++) {
		const char *text = pool_pick(c);
		if (text && !try_text(c, text, false))
			return false;
	}
	for (int i = 0; i < 2 * k; i++) {
		const char *text = pool_pick(c);
		char damaged[POOL_TEXT * 2];
		if (!text)
			break;
		mutate(c, text, damaged, sizeof damaged);
		if (!try_text(c, damaged, false))
			return false;
	}
	if ((c->full || qv_rng_below(&c->rng, 8) == 0) && !try_garbage(c))
		return false;
	for (int i = 0; i < 3 * k; i++)
		if (!try_action(c, random_action(c), NULL))
			return false;
	return true;
}

/* Property 3: the sampler returns listed actions; on a few states with small lists, many
 * draws reach every listed action and none far more often than the others. */
static bool check_sample(ctx *c)
{
	const qv_game *g = c->g;
	char text[TEXT_MAX];
	int drawn = -1;
	qv_action a = g->sample(c->st, &c->rng, &drawn);
	if (aset_find(&c->set, a) < 0)
		return fail(c, 3, "sample returns %d, which legal() does not list", a);
	int n = c->nacts;
	if (drawn != n)
		return fail(c, 3, "sample says it drew among %d actions, but legal() lists %d",
		            drawn, n);
	if (c->uniform_left <= 0 || n < 2 || n > 64 || (!c->full && qv_rng_below(&c->rng, 4)))
		return true;
	c->uniform_left--;
	int per = 50, draws = per * n;
	memset(c->counts, 0, (size_t)n * sizeof *c->counts);
	for (int k = 0; k < draws; k++) {
		int i = aset_find(&c->set, g->sample(c->st, &c->rng, &drawn));
		if (i < 0)
			return fail(c, 3, "sample returns an action that legal() does not list");
		c->counts[i]++;
	}
	for (int i = 0; i < n; i++)
		if (c->counts[i] == 0 || c->counts[i] > 3 * per) {
			if (!to_text(c, c->st, c->acts[i], text, "listed action"))
				return false;
			return fail(c, 3,
			            "in %d draws over %d listed actions, sample drew '%s' %d times",
			            draws, n, text, c->counts[i]);
		}
	return true;
}

/* Property 7: returns in [-1, 1] (summing to 0 for two players); once the game is over,
 * ranks in 1..n with ties skipping (1 1 3) and a worse rank never getting more. For THREE
 * ARROWS the returns are the rank-based utilities of its rules page. */
static bool check_returns(ctx *c, int who)
{
	const qv_game *g = c->g;
	int np = c->nplayers;
	double ret[QV_MAX_PLAYERS], want[QV_MAX_PLAYERS], sum = 0;
	int score[QV_MAX_PLAYERS], rank[QV_MAX_PLAYERS];
	qv_returns(g, c->st, ret);
	g->score(c->st, score);
	for (int i = 0; i < np; i++) {
		if (!(ret[i] >= -1 && ret[i] <= 1))
			return fail(c, 7, "returns gives p%d %g", i + 1, ret[i]);
		sum += ret[i];
	}
	if (np == 2 && fabs(sum) > 1e-9)
		return fail(c, 7, "the two returns %g and %g do not sum to 0", ret[0], ret[1]);
	if (who != QV_OVER)
		return true;
	g->ranks(c->st, rank);
	for (int i = 0; i < np; i++) {
		int better = 0;
		for (int j = 0; j < np; j++)
			better += rank[j] < rank[i];
		if (rank[i] < 1 || rank[i] > np || rank[i] != better + 1)
			return fail(c, 7, "p%d has rank %d, but %d players rank better", i + 1,
			            rank[i], better);
	}
	for (int i = 0; i < np; i++)
		for (int j = 0; j < np; j++) {
			if (rank[i] > rank[j] && ret[i] > ret[j])
				return fail(
				    c, 7,
				    "p%d ranks %d with return %g, above p%d ranking %d with %g",
				    i + 1, rank[i], ret[i], j + 1, rank[j], ret[j]);
			if (rank[i] == rank[j] && fabs(ret[i] - ret[j]) > 1e-9)
				return fail(c, 7, "p%d and p%d share rank %d but return %g and %g",
				            i + 1, j + 1, rank[i], ret[i], ret[j]);
		}
	if (c->three_arrows) {
		qv_utilities_from_ranks(rank, np, want);
		for (int i = 0; i < np; i++)
			if (fabs(ret[i] - want[i]) > 1e-9)
				return fail(
				    c, 7, "p%d has rank %d and return %g; rank-based utility is %g",
				    i + 1, rank[i], ret[i], want[i]);
	}
	return true;
}

/* Sets up c->fresh as game `c->game` starts (same parameters and seed). */
static bool fresh_init(ctx *c, int prop)
{
	qv_err err = {{0}};
	memset(c->fresh, 0, c->g->state_size);
	qv_status s = c->g->init(c->fresh, &c->params, c->seed, &err);
	if (s != QV_OK)
		return fail(c, prop, "init fails on the second call (%d): %s", s, err.msg);
	return true;
}

/* Property 4, robustness half: one leaf of the state JSON is replaced by a value of a wrong
 * type or an absurd number, and the result loaded into a fresh state. load_json must either
 * refuse it with a negative status and a message or produce a state on which the interface
 * still works (the sanitizer build catches what a bad load breaks). */
static bool check_damaged_json(ctx *c, json_t *j)
{
	json_t *node = j, *parent = NULL;
	char key[256] = "";
	size_t index = 0;
	for (int depth = 0; depth < 6 && (json_is_object(node) || json_is_array(node)); depth++) {
		size_t n = json_is_object(node) ? json_object_size(node) : json_array_size(node);
		if (n == 0)
			break;
		size_t pick = qv_rng_below(&c->rng, (uint32_t)n);
		parent = node;
		if (json_is_array(node)) {
			index = pick;
			key[0] = '\0';
			node = json_array_get(node, pick);
		} else {
			void *it = json_object_iter(node);
			for (size_t k = 0; k < pick; k++)
				it = json_object_iter_next(node, it);
			snprintf(key, sizeof key, "%s", json_object_iter_key(it));
			node = json_object_iter_value(it);
		}
		if (qv_rng_below(&c->rng, 4) == 0)
			break;
	}
	if (!parent)
		return true;
	json_t *bad;
	switch (qv_rng_below(&c->rng, 8)) {
	case 0: bad = json_string("zz9"); break;
	case 1: bad = json_integer(-7); break;
	case 2: bad = json_integer(1000000000); break;
	case 3: bad = json_null(); break;
	case 4: bad = json_array(); break;
	case 5: bad = json_real(0.5); break;
	case 6: bad = json_true(); break;
	default: bad = json_object(); break;
	}
	if (json_is_object(parent))
		json_object_set_new(parent, key, bad);
	else
		json_array_set_new(parent, index, bad);
	if (!fresh_init(c, 4))
		return false;
	qv_err err = {{0}};
	qv_status s = c->g->load_json(c->fresh, j, &err);
	if (s > 0)
		return fail(c, 4, "load_json returns the positive status %d", s);
	if (s < 0) {
		if (!err.msg[0])
			return fail(c, 4, "load_json refuses damaged JSON without a message");
		return true;
	}
	/* Accepted: the state must still be usable. */
	qv_buf text = {0};
	int who = c->g->to_move(c->fresh);
	(void)c->g->legal(c->fresh, c->acts2);
	c->g->render_text(c->fresh, QV_VIEW_ALL, false, &text);
	qv_buf_free(&text);
	json_decref(c->g->state_json(c->fresh));
	if (who != QV_CHANCE && who != QV_OVER && (who < 0 || who >= c->g->num_players(c->fresh)))
		return fail(c, 4, "load_json accepts damaged JSON giving to_move %d", who);
	return check_invariants(c, c->fresh, "loaded from damaged JSON");
}

/* Property 4: state_json, printed and parsed back as text, loads into a freshly initialised
 * state that is byte for byte the original and prints the same text again. */
static bool check_json(ctx *c)
{
	const qv_game *g = c->g;
	json_t *j = g->state_json(c->st);
	char *s1 = dump(j), *s2 = NULL;
	json_decref(j);
	if (!s1)
		return fail(c, 4, "state_json returns nothing printable");
	json_error_t jerr;
	json_t *back = json_loads(s1, JSON_DECODE_ANY, &jerr);
	bool ok = false;
	if (!back) {
		fail(c, 4, "state_json prints text that does not parse: %s", jerr.text);
		detail(c, "state JSON", s1);
		goto out;
	}
	if (!fresh_init(c, 4))
		goto out;
	qv_err err = {{0}};
	qv_status s = g->load_json(c->fresh, back, &err);
	if (s != QV_OK) {
		fail(c, 4, "load_json refuses the state's own JSON (%d): %s", s, err.msg);
		detail(c, "state JSON", s1);
		goto out;
	}
	j = g->state_json(c->fresh);
	s2 = dump(j);
	json_decref(j);
	if (!s2 || strcmp(s1, s2) != 0) {
		fail(c, 4, "the loaded state prints different JSON");
		detail(c, "original", s1);
		detail(c, "loaded", s2);
		goto out;
	}
	if (memcmp(c->fresh, c->st, g->state_size) != 0) {
		fail(c, 4,
		     "the loaded state differs from the original at byte %zu of %zu although "
		     "the JSON texts are equal (padding, or a field the JSON leaves out)",
		     first_diff(c, c->fresh, c->st), g->state_size);
		goto out;
	}
	ok = c->full || qv_rng_below(&c->rng, 4) == 0 ? check_damaged_json(c, back) : true;
out:
	json_decref(back);
	free(s1);
	free(s2);
	return ok;
}

/* The name of a viewer for messages. */
static const char *viewer_name(int v, char *buf)
{
	if (v == QV_VIEW_PUBLIC)
		return strcpy(buf, "public");
	return qv_player_name(v, buf);
}

/* THREE ARROWS: in the view of v, another player's covered piece shows only its square,
 * owner, cover and shield, and only the viewer's own holder is listed by kind. Sets *hidden
 * when the view hides at least one piece. */
static bool check_ta_view(ctx *c, const json_t *view, int v, bool *hidden)
{
	char me[8] = "", name[8];
	const json_t *board = json_object_get(view, "board"), *e, *players, *p;
	size_t i;
	if (v >= 0)
		qv_player_name(v, me);
	if (!json_is_array(board))
		return fail(c, 6, "the view of %s has no \"board\" array", viewer_name(v, name));
	json_array_foreach(board, i, e)
	{
		const char *owner = json_string_value(json_object_get(e, "owner")), *key;
		const char *sq = json_string_value(json_object_get(e, "sq"));
		json_t *val;
		if (!json_is_true(json_object_get(e, "covered")) ||
		    (owner && strcmp(owner, me) == 0))
			continue;
		*hidden = true;
		json_object_foreach((json_t *)e, key, val)
		{
			if (strcmp(key, "sq") && strcmp(key, "owner") && strcmp(key, "covered") &&
			    strcmp(key, "shielded"))
				return fail(
				    c, 6,
				    "the view of %s shows \"%s\" of the covered piece of %s on %s",
				    viewer_name(v, name), key, owner ? owner : "?", sq ? sq : "?");
		}
	}
	players = json_object_get(view, "players");
	json_array_foreach(players, i, p)
	{
		if ((int)i != v && json_object_get(p, "holder"))
			return fail(c, 6, "the view of %s shows the holder of p%zu by kind",
			            viewer_name(v, name), i + 1);
	}
	return true;
}

/* The view of v (the caller releases it) and its text diagram (into out); for THREE ARROWS
 * the view of the true state is also checked by check_ta_view. */
static json_t *view_of(ctx *c, const void *st, int v, qv_buf *out, bool check, bool *hidden)
{
	json_t *j = c->g->view_json(st, v);
	char name[8];
	if (!j) {
		fail(c, 6, "view_json returns nothing for %s", viewer_name(v, name));
		return NULL;
	}
	if (check && c->three_arrows && !check_ta_view(c, j, v, hidden)) {
		json_decref(j);
		return NULL;
	}
	qv_buf_clear(out);
	c->g->render_text(st, v, false, out);
	return j;
}

/* Adds the compact texts of two JSON values to the failure message. */
static void detail_json(ctx *c, const char *name1, const json_t *j1, const char *name2,
                        const json_t *j2)
{
	char *a = dump(j1), *b = dump(j2);
	detail(c, name1, a);
	detail(c, name2, b);
	free(a);
	free(b);
}

/* Property 13 in a world: every option listed in determinization `world` (the mover's legal
 * actions, or the chance outcomes) applied there keeps the invariants. A search plays them
 * there, and so does qv_action_seen when it words a move for another player: a world whose
 * options break the state (an item taken from a hand the world did not deal it to) once
 * aborted the server in the sanitizer build. */
static bool check_world_options(ctx *c, const unsigned char *world, const char *where)
{
	const qv_game *g = c->g;
	int who = g->to_move(world);
	if (who == QV_OVER)
		return true;
	int n =
	    who == QV_CHANCE ? g->chance(world, c->wopts, c->wprobs) : g->legal(world, c->wopts);
	for (int i = 0; i < n; i++) {
		memcpy(c->wafter, world, g->state_size);
		g->apply(c->wafter, c->wopts[i], NULL);
		qv_err why = {{0}};
		if (g->state_ok(c->wafter, &why))
			continue;
		char text[TEXT_MAX];
		if (g->action_to_text(world, c->wopts[i], text, sizeof text) < 0)
			snprintf(text, sizeof text, "action %d", (int)c->wopts[i]);
		json_t *before = g->state_json(world);
		fail(c, 13, "'%s', listed in the state %s, breaks an invariant there: %s", text,
		     where, why.msg);
		char *dumped = dump(before);
		detail(c, "the determinized state", dumped);
		free(dumped);
		json_decref(before);
		return false;
	}
	return true;
}

/* Property 6 for viewer v: (a) a determinization shows v the same view and diagram as the
 * truth; (b) determinizing a determinization with the same RNG gives the same state as
 * determinizing the truth, so the result depends only on the view and the RNG; (c) the legal
 * actions of the player to move do not depend on what that player cannot see; (d) THREE
 * ARROWS views hide covered pieces (check_ta_view). Views are compared as JSON values, which
 * is what comparing their sorted compact texts would say, without printing them. */
static bool check_viewer(ctx *c, int v, int who)
{
	const qv_game *g = c->g;
	size_t size = g->state_size;
	qv_buf *t1 = &c->diagram[0], *t2 = &c->diagram[1];
	json_t *j1 = NULL, *j2 = NULL;
	char name[8];
	bool ok = false, hidden = false;
	qv_rng x, y;
	qv_rng_seed(&x, qv_rng_next(&c->rng));
	qv_rng_seed(&y, qv_rng_next(&c->rng));
	qv_rng x2 = x;

	viewer_name(v, name);
	j1 = view_of(c, c->st, v, t1, true, &hidden);
	if (!j1)
		goto out;
	memcpy(c->d1, c->st, size);
	g->determinize(c->d1, v, &x);
	char where[32];
	snprintf(where, sizeof where, "determinized for %s", name);
	if (!check_invariants(c, c->d1, where) || !check_world_options(c, c->d1, where))
		goto out;
	j2 = view_of(c, c->d1, v, t2, false, NULL);
	if (!j2)
		goto out;
	if (!json_equal(j1, j2)) {
		fail(c, 6, "determinize for %s changes what %s sees (view_json)", name, name);
		detail_json(c, "view of the true state", j1, "view of the determinized state", j2);
		goto out;
	}
	if (strcmp(qv_buf_str(t1), qv_buf_str(t2)) != 0) {
		fail(c, 6, "determinize for %s changes what %s sees (render_text)", name, name);
		detail(c, "diagram of the true state", qv_buf_str(t1));
		detail(c, "diagram of the determinized state", qv_buf_str(t2));
		goto out;
	}
	memcpy(c->d2, c->st, size);
	g->determinize(c->d2, v, &y);
	g->determinize(c->d2, v, &x2);
	if (memcmp(c->d1, c->d2, size) != 0) {
		json_t *s1 = g->state_json(c->d1), *s2 = g->state_json(c->d2);
		fail(c, 6,
		     "determinize for %s depends on more than the view and the RNG: the same RNG "
		     "gives different states from the truth and from another determinization "
		     "(first differing byte %zu)",
		     name, first_diff(c, c->d1, c->d2));
		detail_json(c, "from the truth", s1, "from a determinization", s2);
		json_decref(s1);
		json_decref(s2);
		goto out;
	}
	if (v >= 0 && v == who) {
		int n = g->legal(c->d1, c->acts2);
		if (n != c->nacts || memcmp(c->acts, c->acts2, (size_t)n * sizeof *c->acts) != 0) {
			fail(c, 6,
			     "the legal actions of %s (to move) change when determinized for %s: "
			     "%d listed instead of %d",
			     name, name, n, c->nacts);
			goto out;
		}
		for (int k = 0; k < 4; k++) {
			qv_rng r1, r2;
			qv_rng_seed(&r1, qv_rng_next(&c->rng));
			r2 = r1;
			int n1, n2;
			qv_action a1 = qv_sample_legal(g, c->st, &r1, c->acts2, &n1);
			qv_action a2 = qv_sample_legal(g, c->d1, &r2, c->acts2, &n2);
			if (a1 != a2 || n1 != n2 || memcmp(&r1, &r2, sizeof r1) != 0) {
				fail(
				    c, 6,
				    "the sampler draws %d among %d from the truth but %d among %d from "
				    "a determinization for %s (to move) with the same RNG%s",
				    (int)a1, n1, (int)a2, n2, name,
				    a1 == a2 && n1 == n2 ? ", using a different amount of it" : "");
				goto out;
			}
		}
	}
	if (hidden) {
		c->hidden_pairs++;
		c->hidden_changed += memcmp(c->d1, c->st, size) != 0;
	}
	ok = true;
out:
	json_decref(j1);
	json_decref(j2);
	return ok;
}

/* Property 6. With `all`, for every player and the public viewer (and, in the full games,
 * the referee's view and the coloured diagrams are drawn too, for the sanitizers); otherwise
 * for the player to move and one other random viewer, which keeps the cost per step low
 * while every viewer is still checked many times per game. */
static bool check_hidden(ctx *c, int who, bool all)
{
	int nv = c->nplayers + 1; /* viewer nplayers stands for QV_VIEW_PUBLIC */
	if (!all) {
		int v = (int)qv_rng_below(&c->rng, (uint32_t)nv);
		if (who >= 0 && v == who)
			v = (v + 1 + (int)qv_rng_below(&c->rng, (uint32_t)nv - 1)) % nv;
		if (who >= 0 && !check_viewer(c, who, who))
			return false;
		return check_viewer(c, v == c->nplayers ? QV_VIEW_PUBLIC : v, who);
	}
	for (int v = 0; v < nv; v++)
		if (!check_viewer(c, v == c->nplayers ? QV_VIEW_PUBLIC : v, who))
			return false;
	if (c->full) {
		qv_buf b = {0};
		c->g->render_text(c->st, QV_VIEW_ALL, true, &b);
		for (int v = 0; v < c->nplayers; v++)
			c->g->render_text(c->st, v, true, &b);
		qv_buf_free(&b);
		json_decref(c->g->view_json(c->st, QV_VIEW_ALL));
	}
	return true;
}

/* Property 5: the notation of every action, parsed and applied from a fresh start, gives the
 * same actions and the same final state. */
static bool check_replay(ctx *c)
{
	const qv_game *g = c->g;
	if (!fresh_init(c, 5))
		return false;
	for (int i = 0; i < c->hist.n; i++) {
		const char *text = hist_text(&c->hist, i);
		qv_err err = {{0}};
		qv_action a = -1;
		qv_status s = g->action_from_text(c->fresh, text, &a, &err);
		if (s != QV_OK)
			return fail(c, 5, "replaying action %d '%s': it does not parse: %s", i + 1,
			            text, err.msg);
		if (a != c->hist.act[i])
			return fail(c, 5, "replaying action %d '%s': it parses to %d, not %d",
			            i + 1, text, a, c->hist.act[i]);
		s = qv_apply_checked(g, c->fresh, a, NULL, &err);
		if (s != QV_OK)
			return fail(c, 5, "replaying action %d '%s': apply refuses it: %s", i + 1,
			            text, err.msg);
	}
	if (memcmp(c->fresh, c->st, g->state_size) != 0)
		return fail(c, 5,
		            "the replayed game ends in a different state (first differing byte "
		            "%zu)",
		            first_diff(c, c->fresh, c->st));
	return true;
}

/* Property 5 through the match layer: the record built from the history loads with
 * qv_match_load_json into the same final state; the match's own record of it, printed and
 * loaded again with qv_match_load_text, gives the same state and the same notation. */
static bool check_match_record(ctx *c)
{
	const qv_game *g = c->g;
	json_t *actions = json_array(), *params = json_object(), *again = NULL;
	for (int i = 0; i < c->hist.n; i++)
		json_array_append_new(actions, json_string(hist_text(&c->hist, i)));
	for (int i = 0; i < c->params.n; i++)
		json_object_set_new(params, qv_params_key(&c->params, i),
		                    json_string(qv_params_value(&c->params, i)));
	json_t *rec = json_pack("{s:s, s:o, s:I, s:O}", "game", g->name, "params", params, "seed",
	                        (json_int_t)(int64_t)c->seed, "actions", actions);
	qv_match *m = NULL, *m2 = NULL;
	qv_err err = {{0}};
	char *text = NULL, *a1 = NULL, *a2 = NULL;
	bool ok = false;
	qv_status s = rec ? qv_match_load_json(&m, rec, &err) : QV_ENOMEM;
	if (s != QV_OK) {
		fail(c, 5, "qv_match_load_json refuses the record (%d): %s", s, err.msg);
		goto out;
	}
	if (memcmp(m->state, c->st, g->state_size) != 0) {
		fail(c, 5,
		     "the record loaded by qv_match_load_json ends in a different state (first "
		     "differing byte %zu)",
		     first_diff(c, m->state, c->st));
		goto out;
	}
	again = qv_match_record_json(m);
	text = dump(again);
	s = text ? qv_match_load_text(&m2, text, &err) : QV_ENOMEM;
	if (s != QV_OK) {
		fail(c, 5, "qv_match_load_text refuses the match's own record (%d): %s", s,
		     err.msg);
		detail(c, "record", text);
		goto out;
	}
	if (memcmp(m2->state, c->st, g->state_size) != 0) {
		fail(c, 5,
		     "the match's own record, loaded again, ends in a different state (first "
		     "differing byte %zu)",
		     first_diff(c, m2->state, c->st));
		goto out;
	}
	a1 = dump(actions);
	a2 = dump(json_object_get(again, "actions"));
	if (!a1 || !a2 || strcmp(a1, a2) != 0) {
		fail(c, 5, "qv_match_record_json writes different actions from those loaded");
		detail(c, "loaded", a1);
		detail(c, "written", a2);
		goto out;
	}
	ok = true;
out:
	qv_match_free(m);
	qv_match_free(m2);
	json_decref(rec);
	json_decref(actions);
	json_decref(again);
	free(text);
	free(a1);
	free(a2);
	return ok;
}

/* Sets the rate of the costly checks so that a game gets about HEAVY_STEPS of them: plays a
 * few games with random actions and no checks (their seeds come from the base seed, so the
 * rate, and with it every game, is the same whichever games are run) and measures their
 * length. A game that misbehaves here just ends its calibration game early; the checked
 * games will report it. */
static void calibrate(ctx *c)
{
	const qv_game *g = c->g;
	long steps = 0;
	int games = 8;
	for (int k = 0; k < games; k++) {
		uint64_t seed = qv_seed_mix(c->base_seed ^ 0xca11b4a7e5eedull, (uint64_t)k);
		qv_rng_seed(&c->rng, seed);
		if (g->init(c->st, &c->params, seed, NULL) != QV_OK)
			break;
		for (int n = 0; n < MAX_STEPS; n++, steps++) {
			int who = g->to_move(c->st);
			qv_action a = -1;
			if (who >= 0) {
				int nl = g->legal(c->st, c->acts);
				if (nl > 0 && nl <= g->max_actions)
					a = c->acts[qv_rng_below(&c->rng, (uint32_t)nl)];
			} else if (who == QV_CHANCE) {
				a = qv_sample_chance(g, c->st, &c->rng, c->outs, c->probs);
			}
			if (a < 0)
				break;
			g->apply(c->st, a, NULL);
		}
	}
	c->heavy_p = fmin(0.5, fmax(0.01, HEAVY_STEPS / ((double)steps / games + 1)));
}

/* Prints the failure of the current game: where, why, the actions so far and the state, and
 * the command that replays exactly this game. */
static void report(ctx *c)
{
	printf("FAIL %s: game %d (seed %llu), step %d: property %d (%s)\n  %s\n", c->label, c->game,
	       (unsigned long long)c->seed, c->step, c->failed_prop, prop_names[c->failed_prop],
	       qv_buf_str(&c->why));
	printf("  history (%d actions):", c->hist.n);
	for (int i = 0; i < c->hist.n; i++)
		printf("%s%s", i ? "; " : " ", hist_text(&c->hist, i));
	json_t *j = c->g->state_json(c->st);
	char *s = dump(j);
	json_decref(j);
	printf("\n  state: %s\n  reproduce: property %s%s --seed %llu --only %d\n",
	       s ? s : "(none)", c->g->name, c->argv_params, (unsigned long long)c->base_seed,
	       c->game);
	free(s);
	fflush(stdout);
}

/* The display width of a line of UTF-8 text without escape sequences: one column per code
 * point (the diagrams use box drawing and arrows, one column each). */
static int columns(const char *s, size_t len)
{
	int w = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == 0x1b) { /* an ANSI sequence: ESC [ ... letter */
			while (i + 1 < len && !((s[i + 1] >= 'A' && s[i + 1] <= 'Z') ||
			                        (s[i + 1] >= 'a' && s[i + 1] <= 'z')))
				i++;
			i++;
			continue;
		}
		w += (ch & 0xC0) != 0x80;
	}
	return w;
}

/* Property 10 for one diagram: no line wider than MAX_COLUMNS, and at most `rows` lines. */
static bool check_diagram(ctx *c, int v, unsigned flags, int rows)
{
	char vn[16];
	qv_buf b = {0};
	c->g->render_text(c->st, v, flags, &b);
	const char *s = qv_buf_str(&b);
	int n = 0;
	bool ok = true;
	while (*s && ok) {
		size_t len = strcspn(s, "\n");
		n++;
		if (columns(s, len) > MAX_COLUMNS)
			ok =
			    fail(c, 10,
			         "a line of the %s diagram for %s is %d columns wide (at most %d): "
			         "'%.*s'",
			         flags & QV_RENDER_COMPACT ? "compact" : "full", viewer_name(v, vn),
			         columns(s, len), MAX_COLUMNS, (int)len, s);
		s += len + (s[len] == '\n');
	}
	if (ok && rows > 0 && n > rows)
		ok = fail(c, 10, "the compact diagram for %s has %d lines (at most %d)",
		          viewer_name(v, vn), n, rows);
	if (!ok)
		detail(c, "diagram", qv_buf_str(&b));
	qv_buf_free(&b);
	return ok;
}

/* Property 10: both layouts, with and without colours, for the player to move (or the
 * referee) and the public. */
static bool check_layout(ctx *c, int who)
{
	int v = who >= 0 ? who : QV_VIEW_ALL;
	return check_diagram(c, v, 0, 0) && check_diagram(c, v, QV_RENDER_COMPACT, COMPACT_ROWS) &&
	       check_diagram(c, v, QV_RENDER_COLOR | QV_RENDER_COMPACT, COMPACT_ROWS) &&
	       check_diagram(c, QV_VIEW_PUBLIC, QV_RENDER_COMPACT, COMPACT_ROWS);
}

/* Property 9, the form of a narration's text or of an argument of its message: secret parts
 * written {M:secret|public} with M a non-empty hexadecimal mask, and no brace or bar outside
 * them. */
static bool well_formed_text(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		if (s[i] == '}' || s[i] == '|')
			return false;
		if (s[i] != '{') {
			i++;
			continue;
		}
		size_t k = ++i;
		while (i < len && strchr("0123456789abcdefABCDEF", s[i]) && s[i])
			i++;
		if (i == k || i >= len || s[i] != ':')
			return false;
		int bars = 0;
		for (i++; i < len && s[i] != '}'; i++) {
			if (s[i] == '{')
				return false;
			bars += s[i] == '|';
		}
		if (i >= len || bars != 1)
			return false;
		i++;
	}
	return true;
}

/* Property 9, the form of a narration line: its text well formed, then its message (core.h):
 * the format, and each argument well formed. */
static bool well_formed(const char *s, size_t len)
{
	const char *msg = memchr(s, QV_SAY_MSG, len), *end = s + len;
	if (!msg || !well_formed_text(s, (size_t)(msg - s)))
		return false;
	const char *arg = memchr(msg, QV_SAY_ARG, (size_t)(end - msg));
	while (arg && arg < end) {
		const char *next = memchr(arg + 1, QV_SAY_ARG, (size_t)(end - arg - 1));
		const char *to = next ? next : end, *part = arg + 1;
		/* a phrase: its format, then each part well formed */
		bool phrase = part < to && *part == QV_SAY_PHRASE;
		if (phrase && !(part = memchr(part, QV_SAY_PART, (size_t)(to - part))))
			part = to;
		while (part < to) {
			const char *stop =
			    phrase ? memchr(part + 1, QV_SAY_PART, (size_t)(to - part - 1)) : NULL;
			size_t skip = phrase ? 1 : 0;
			if (!well_formed_text(part + skip,
			                      (size_t)((stop ? stop : to) - part) - skip))
				return false;
			part = stop ? stop : to;
		}
		arg = next;
	}
	return true;
}

/* The narration of ev worded for viewer v, one line each, its message after a tab. */
static void worded(const qv_events *ev, int v, qv_buf *out)
{
	const char *s = qv_buf_str(&ev->text);
	while (*s) {
		size_t len = strcspn(s, "\n");
		if (qv_word_line(s, len, v, out)) {
			qv_buf_putc(out, '\t');
			qv_word_message(s, len, v, out);
			qv_buf_putc(out, '\n');
		}
		s += len + (s[len] == '\n');
	}
}

/* The narration of applying o at c->st, into c->alt and ev (cleared first). */
static void narrate(ctx *c, qv_action o, qv_events *ev)
{
	qv_events_clear(ev);
	memcpy(c->alt, c->st, c->g->state_size);
	c->g->apply(c->alt, o, ev);
}

/* Property 9 (a): another option o at c->st that viewer v cannot tell apart from a (which led
 * to c->tmp, narrated in ev) must be narrated alike for v. The views are compared only when
 * the determinizations for v coincide (a cheap exact filter, as in sight.c). */
static bool check_alternatives(ctx *c, int who, qv_action a, const char *text, const qv_events *ev)
{
	const qv_game *g = c->g;
	size_t sz = g->state_size;
	int n = who == QV_CHANCE ? g->chance(c->st, c->outs, c->probs) : g->legal(c->st, c->acts);
	const qv_action *opts = who == QV_CHANCE ? c->outs : c->acts;
	qv_events oev = {0};
	qv_buf mine = {0}, theirs = {0};
	bool ok = true;
	/* Every option in the full games, else NARRATION_ALTS drawn at random (with repeats). */
	int tries = c->full || n <= NARRATION_ALTS ? n : NARRATION_ALTS;
	for (int k = 0; ok && k < tries; k++) {
		int i = tries == n ? k : (int)qv_rng_below(&c->rng, (uint32_t)n);
		if (opts[i] == a)
			continue;
		narrate(c, opts[i], &oev);
		if (memcmp(c->alt, c->tmp, sz) == 0)
			continue;
		for (int v = 0; ok && v < c->nplayers; v++) {
			if (v == who)
				continue;
			qv_rng r1, r2;
			qv_rng_seed(&r1, 7);
			qv_rng_seed(&r2, 7);
			memcpy(c->d1, c->tmp, sz);
			memcpy(c->d2, c->alt, sz);
			g->determinize(c->d1, v, &r1);
			g->determinize(c->d2, v, &r2);
			if (memcmp(c->d1, c->d2, sz) != 0)
				continue; /* different determinizations: different views */
			json_t *va = g->view_json(c->tmp, v), *vo = g->view_json(c->alt, v);
			bool same = va && vo && json_equal(va, vo);
			json_decref(va);
			json_decref(vo);
			if (!same)
				continue;
			qv_buf_clear(&mine);
			qv_buf_clear(&theirs);
			worded(ev, v, &mine);
			worded(&oev, v, &theirs);
			if (strcmp(qv_buf_str(&mine), qv_buf_str(&theirs)) != 0) {
				char vn[16], alt[TEXT_MAX];
				if (g->action_to_text(c->st, opts[i], alt, sizeof alt) < 0)
					snprintf(alt, sizeof alt, "action %d", opts[i]);
				ok = fail(c, 9,
				          "the narration of '%s' tells %s what %s cannot see: '%s' "
				          "looks the same to %s but is narrated otherwise",
				          text, viewer_name(v, vn), vn, alt, vn);
				detail(c, "narration for the viewer", qv_buf_str(&mine));
				detail(c, "of the other option", qv_buf_str(&theirs));
			}
		}
	}
	qv_events_free(&oev);
	qv_buf_free(&mine);
	qv_buf_free(&theirs);
	return ok;
}

/* Property 9 for action a (to be applied at c->st by `who`, a player or chance). */
static bool check_narration(ctx *c, int who, qv_action a, const char *text)
{
	const qv_game *g = c->g;
	size_t sz = g->state_size;
	qv_events ev = {0}, dev = {0};
	qv_buf mine = {0}, theirs = {0};
	bool ok = true;
	memcpy(c->tmp, c->st, sz);
	g->apply(c->tmp, a, &ev);
	memcpy(c->fresh, c->st, sz);
	g->apply(c->fresh, a, NULL);
	if (memcmp(c->tmp, c->fresh, sz) != 0)
		ok = fail(c, 9, "'%s' leaves another state when narrated (byte %zu differs)", text,
		          first_diff(c, c->tmp, c->fresh));
	const char *s = qv_buf_str(&ev.text);
	for (int n = 0; ok && *s; n++) {
		size_t len = strcspn(s, "\n");
		if (!well_formed(s, len))
			ok = fail(c, 9,
			          "line %d of the narration of '%s' is not well formed: '%.*s'",
			          n + 1, text, (int)len, s);
		s += len + (s[len] == '\n');
	}
	if (ok && g->determinize)
		ok = check_alternatives(c, who, a, text, &ev);
	for (int v = 0; ok && g->determinize && v < c->nplayers; v++) {
		if (v == who)
			continue;
		memcpy(c->d1, c->st, sz);
		g->determinize(c->d1, v, &c->rng);
		if (g->check(c->d1, a, NULL) != QV_OK)
			continue;
		memcpy(c->d2, c->d1, sz); /* the world before the action */
		qv_events_clear(&dev);
		g->apply(c->d1, a, &dev);
		json_t *vt = g->view_json(c->tmp, v), *vd = g->view_json(c->d1, v);
		bool same = vt && vd && json_equal(vt, vd);
		json_decref(vt);
		json_decref(vd);
		if (!same)
			continue;
		qv_buf_clear(&mine);
		qv_buf_clear(&theirs);
		/* The move itself as v is told it (qv_action_seen), then its consequences. */
		char line[TEXT_MAX];
		if (qv_action_seen(g, c->st, a, v, line, sizeof line, NULL))
			qv_buf_printf(&mine, "%s\n", line);
		worded(&ev, v, &mine);
		if (qv_action_seen(g, c->d2, a, v, line, sizeof line, NULL))
			qv_buf_printf(&theirs, "%s\n", line);
		worded(&dev, v, &theirs);
		if (strcmp(qv_buf_str(&mine), qv_buf_str(&theirs)) != 0) {
			char vn[16];
			ok = fail(c, 9,
			          "the narration of '%s' tells %s something it may not know: it "
			          "differs in a world %s cannot tell from the truth",
			          text, viewer_name(v, vn), vn);
			detail(c, "narration for the viewer", qv_buf_str(&mine));
			detail(c, "in the other world", qv_buf_str(&theirs));
		}
	}
	qv_events_free(&ev);
	qv_events_free(&dev);
	qv_buf_free(&mine);
	qv_buf_free(&theirs);
	return ok;
}

/* Whether the game says that decision a at st shows v something (a game with hidden
 * information and no reveals: everything, as the match treats it). */
static bool says_reveal(const qv_game *g, const void *st, qv_action a, int v)
{
	return g->reveals ? g->reveals(st, a, v) : g->determinize != NULL;
}

/* Whether some option of world w (the same player to move as the truth) leaves v the view
 * `after`; the decision itself first, the likeliest. */
static bool some_option_alike(ctx *c, const void *w, qv_action a, int v, const json_t *after)
{
	const qv_game *g = c->g;
	int n = g->legal(w, c->acts2);
	for (int i = -1; i < n; i++) {
		qv_action o = i < 0 ? a : c->acts2[i];
		if (i >= 0 && o == a)
			continue;
		if (i < 0 && g->check(w, a, NULL) != QV_OK)
			continue;
		memcpy(c->alt, w, g->state_size);
		g->apply(c->alt, o, NULL);
		json_t *view = g->view_json(c->alt, v);
		bool same = view && json_equal(view, after);
		json_decref(view);
		if (same)
			return true;
	}
	return false;
}

/* Property 11: the oracle against the game's reveals for decision a of `who`, every player. */
static bool check_reveals(ctx *c, int who, qv_action a, const char *text)
{
	const qv_game *g = c->g;
	size_t sz = g->state_size;
	if (!g->determinize || who < 0)
		return true;
	memcpy(c->tmp, c->st, sz);
	g->apply(c->tmp, a, NULL);
	for (int v = 0; v < c->nplayers; v++) {
		if (says_reveal(g, c->st, a, v))
			continue;
		json_t *after = g->view_json(c->tmp, v);
		bool found = false;
		for (int k = 0; k < REVEAL_WORLDS && !found; k++) {
			memcpy(c->d1, c->st, sz);
			g->determinize(c->d1, v, &c->rng);
			if (v != who) {
				found = !some_option_alike(c, c->d1, a, v, after);
			} else if (g->check(c->d1, a, NULL) != QV_OK) {
				found = true;
			} else {
				g->apply(c->d1, a, NULL);
				json_t *view = g->view_json(c->d1, v);
				found = !view || !json_equal(view, after);
				json_decref(view);
			}
		}
		json_decref(after);
		if (found) {
			char vn[16];
			return fail(
			    c, 11,
			    "'%s' (by p%d) shows %s something hidden (a world %s cannot tell "
			    "from the truth ends in another view of %s), but reveals says no",
			    text, who + 1, viewer_name(v, vn), vn, vn);
		}
	}
	return true;
}

/* Property 12: the notes of the mover's listed actions (in c->acts) are the same in the truth
 * and in determinizations for the mover. */
static bool check_notes(ctx *c, int who)
{
	const qv_game *g = c->g;
	size_t sz = g->state_size;
	if (!g->action_note || !g->determinize || who < 0 || c->nacts <= 0)
		return true;
	char truth[QV_NOTE_TEXT], guess[QV_NOTE_TEXT], text[TEXT_MAX];
	for (int k = 0; k < NOTE_WORLDS; k++) {
		memcpy(c->d1, c->st, sz);
		g->determinize(c->d1, who, &c->rng);
		int n = c->nacts < NARRATION_ALTS ? c->nacts : NARRATION_ALTS;
		for (int i = 0; i < n; i++) {
			qv_action a = c->nacts <= NARRATION_ALTS
			                  ? c->acts[i]
			                  : c->acts[qv_rng_below(&c->rng, (uint32_t)c->nacts)];
			bool ct = false, cg = false;
			truth[0] = guess[0] = '\0';
			if (g->action_note(c->st, a, truth, sizeof truth, &ct) <= 0)
				truth[0] = '\0';
			if (g->check(c->d1, a, NULL) != QV_OK)
				return fail(
				    c, 12,
				    "a listed action of p%d is illegal in a determinization "
				    "for p%d (property 6 should have said so)",
				    who + 1, who + 1);
			if (g->action_note(c->d1, a, guess, sizeof guess, &cg) <= 0)
				guess[0] = '\0';
			if (strcmp(truth, guess) != 0 || ct != cg) {
				if (g->action_to_text(c->st, a, text, sizeof text) < 0)
					snprintf(text, sizeof text, "#%d", (int)a);
				return fail(
				    c, 12,
				    "the note of '%s' for p%d differs between the truth and a "
				    "world p%d cannot tell from it: '%s'%s against '%s'%s",
				    text, who + 1, who + 1, truth, ct ? " [confirm]" : "", guess,
				    cg ? " [confirm]" : "");
			}
		}
	}
	return true;
}

/* All the checks of one step (the player to move is `who`). They leave the listed actions in
 * c->acts for the choice of the next action. */
static bool check_step(ctx *c, int who)
{
	bool heavy =
	    c->full || c->step == 0 || who == QV_OVER || qv_rng_double(&c->rng) < c->heavy_p;
	if (!check_invariants(c, c->st, NULL) || !check_moves(c, who) || !check_returns(c, who) ||
	    !check_rejects(c))
		return false;
	if (who >= 0 && c->g->sample && !check_sample(c))
		return false;
	c->heavy = heavy;
	return !heavy ||
	       (check_json(c) && check_hidden(c, who, c->full || c->step == 0 || who == QV_OVER) &&
	        check_layout(c, who) &&
	        (!(c->full || qv_rng_double(&c->rng) < NOTES_P) || check_notes(c, who)));
}

/* Reports the current game's failure once, when there is one (the first five in full). */
static void note_failure(ctx *c, bool *reported)
{
	if (!c->failed_prop || *reported)
		return;
	*reported = true;
	if (c->shown++ < 5)
		report(c);
}

/* Plays game c->game to the end with actions drawn from c->play, checking every step when
 * `checked`. The course of the game depends only on the seed and the game's index: after a
 * failure (reported at once) the game is still played to its end without checks, and with
 * `checked` false a game is only played, so that `--only i` can rebuild the text pool of
 * the games before i. Returns false when the game failed. */
static bool play_game(ctx *c, bool checked)
{
	const qv_game *g = c->g;
	qv_err err = {{0}};
	char text[TEXT_MAX], extra[TEXT_MAX];
	bool ok = checked, reported = false;
	c->seed = qv_seed_mix(c->base_seed, (uint64_t)c->game);
	qv_rng_seed(&c->play, qv_seed_mix(c->seed, 0x706c6179ull));
	qv_rng_seed(&c->rng, qv_seed_mix(c->seed, 0x636865636bull));
	qv_rng_seed(&c->pool_rng, qv_seed_mix(c->seed, 0x706f6f6cull));
	c->full = (unsigned long long)c->game < c->full_games;
	c->uniform_left = c->full ? 2 * UNIFORM_STATES : UNIFORM_STATES;
	c->failed_prop = 0;
	c->hist.n = 0;
	c->hist.len = 0;
	c->step = 0;
	memset(c->st, 0, g->state_size);
	qv_status s = g->init(c->st, &c->params, c->seed, &err);
	c->nplayers = s == QV_OK ? g->num_players(c->st) : 0;
	if (s != QV_OK)
		ok = ok && fail(c, 1, "init fails (%d): %s", s, err.msg);
	else if (c->nplayers < g->min_players || c->nplayers > g->max_players)
		ok = ok && fail(c, 1, "num_players is %d, outside %d-%d", c->nplayers,
		                g->min_players, g->max_players);
	for (; s == QV_OK; c->step++) {
		if (c->step >= MAX_STEPS) {
			ok = ok && fail(c, 8, "the game is not over after %d steps", MAX_STEPS);
			break;
		}
		int who = g->to_move(c->st);
		if (ok)
			ok = check_step(c, who);
		note_failure(c, &reported);
		if (!ok && who >= 0) {
			c->nacts = g->legal(c->st, c->acts);
			if (c->nacts <= 0 || c->nacts > g->max_actions)
				break;
		}
		if (who == QV_OVER)
			break;
		qv_action a = who >= 0 ? c->acts[qv_rng_below(&c->play, (uint32_t)c->nacts)]
		                       : qv_sample_chance(g, c->st, &c->play, c->outs, c->probs);
		if (ok)
			ok = to_text(c, c->st, a, text,
			             who >= 0 ? "the chosen action" : "the drawn outcome");
		note_failure(c, &reported);
		if (!ok && (a < 0 || g->action_to_text(c->st, a, text, sizeof text) < 0))
			break;
		text[sizeof text - 1] = '\0';
		hist_push(&c->hist, a, text);
		pool_offer(c, text);
		/* One more listed action's notation for the pool, to try in other states. */
		if (who >= 0 && c->nacts > 1) {
			qv_action b = c->acts[qv_rng_below(&c->play, (uint32_t)c->nacts)];
			if (g->action_to_text(c->st, b, extra, sizeof extra) >= 0)
				pool_offer(c, extra);
		}
		if (ok && c->heavy && (c->full || qv_rng_double(&c->rng) < NARRATION_P))
			ok = check_narration(c, who, a, text);
		if (ok && c->heavy && (c->full || qv_rng_double(&c->rng) < REVEALS_P))
			ok = check_reveals(c, who, a, text);
		note_failure(c, &reported);
		s = qv_apply_checked(g, c->st, a, NULL, &err);
		if (s != QV_OK)
			ok = ok &&
			     fail(c, 1, "'%s' is rejected by apply (%d): %s", text, s, err.msg);
		else if (checked)
			c->actions++;
	}
	/* every game replays from its notation; the match layer's record (the same code for
	 * every game, and the costliest replay) is checked on the full games and one in
	 * RECORD_EVERY of the others */
	if (ok)
		ok = check_replay(c) &&
		     (c->full || c->game % RECORD_EVERY == 0 ? check_match_record(c) : true);
	note_failure(c, &reported);
	return checked && !c->failed_prop;
}

/* ---- a random valid variant ---- */

/* A random value of f's kind near v (what a designer's edit might be), or NULL to keep v:
 * numbers within their bounds, enums and directions anywhere in theirs. Text, ids and lists
 * of ids (what other entries name) stay. */
static json_t *random_value(const qv_vfield *f, const json_t *v, qv_rng *rng)
{
	switch (f->kind) {
	case QV_VF_INT: {
		long x = (long)json_integer_value(v) + (long)qv_rng_below(rng, 5) - 2;
		return json_integer(x < f->lo ? f->lo : x > f->hi ? f->hi : x);
	}
	case QV_VF_BOOL: return json_boolean(!json_is_true(v));
	case QV_VF_ENUM: {
		int n = 0;
		while (f->choices[n])
			n++;
		return json_string(f->choices[qv_rng_below(rng, (uint32_t)n)]);
	}
	case QV_VF_DIRS: {
		static const char *const dirs[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
		long hi = f->hi < 8 || f->repeats ? f->hi : 8;
		long n = f->lo + (long)qv_rng_below(rng, (uint32_t)(hi - f->lo + 1));
		json_t *a = json_array();
		for (unsigned used = 0; (long)json_array_size(a) < n;) {
			int d = (int)qv_rng_below(rng, 8);
			if (!f->repeats && used >> d & 1)
				continue;
			used |= 1u << d;
			json_array_append_new(a, json_string(dirs[d]));
		}
		return a;
	}
	case QV_VF_INTS: {
		json_t *a = json_array();
		size_t i;
		const json_t *e;
		json_array_foreach(v, i, e)
		{
			long x = (long)json_integer_value(e) + (long)qv_rng_below(rng, 3) - 1;
			json_array_append_new(a, json_integer(x < f->min   ? f->min
			                                      : x > f->max ? f->max
			                                                   : x));
		}
		return a;
	}
	case QV_VF_OBJECT: {
		json_t *o = json_deep_copy(v);
		for (int k = 0; k < f->nfields; k++) {
			const json_t *have = json_object_get(o, f->fields[k].key);
			json_t *x = have && qv_rng_below(rng, 2)
			                ? random_value(&f->fields[k], have, rng)
			                : NULL;
			if (x)
				json_object_set_new(o, f->fields[k].key, x);
		}
		return o;
	}
	default: return NULL;
	}
}

/* Changes some fields of the object o (an entry, a record) at random. */
static void random_fields(json_t *o, const qv_vfield *fields, int n, const char *keep, qv_rng *rng)
{
	for (int k = 0; k < n; k++) {
		const json_t *have = json_object_get(o, fields[k].key);
		if (!have || (keep && strcmp(fields[k].key, keep) == 0) || qv_rng_below(rng, 3))
			continue;
		json_t *x = random_value(&fields[k], have, rng);
		if (x)
			json_object_set_new(o, fields[k].key, x);
	}
}

/* The K-th random valid variant of g: drawn from the built-in set until g's build accepts one
 * (at most 500 draws). Returns it, or NULL after printing why. */
static const qv_variant *random_variant(const qv_game *g, unsigned long long k)
{
	qv_err err = {{0}};
	const qv_variant *base = qv_variant_base(g, &err);
	if (!base) {
		fprintf(stderr, "property: %s\n", err.msg);
		return NULL;
	}
	const qv_components *c = g->components;
	qv_rng rng;
	qv_rng_seed(&rng, qv_seed_mix(0x7661726961ull, k)); /* "varia" */
	for (int draw = 0; draw < 500; draw++) {
		json_t *doc = json_deep_copy(base->json);
		char name[64];
		snprintf(name, sizeof name, "random %llu", k);
		json_object_set_new(doc, "name", json_string(name));
		for (int b = 0; b < c->nblocks; b++) {
			const qv_vblock *blk = &c->blocks[b];
			json_t *v = json_object_get(doc, blk->key);
			if (blk->kind == QV_VB_RECORD) {
				random_fields(v, blk->fields, blk->nfields, NULL, &rng);
				continue;
			}
			size_t i;
			json_t *e;
			json_array_foreach(v, i, e) if (qv_rng_below(&rng, 4) == 0)
			    random_fields(e, blk->fields, blk->nfields, blk->id_key, &rng);
			if ((long)json_array_size(v) > blk->min && qv_rng_below(&rng, 3) == 0)
				json_array_remove(
				    v, (size_t)qv_rng_below(&rng, (uint32_t)json_array_size(v)));
		}
		const qv_variant *out;
		qv_status rc = qv_variant_from_json(doc, g, "random variant", &out, &err);
		json_decref(doc);
		if (rc == QV_OK) {
			printf("property: %s plays the random variant %llu (draw %d), sha256 %s\n",
			       g->name, k, draw + 1, out->sha256);
			return out;
		}
	}
	fprintf(stderr, "property: no random variant of %s was valid in 500 draws; the last: %s\n",
	        g->name, err.msg);
	return NULL;
}

/* Prints how to run the tester. */
static void usage(void)
{
	fprintf(stderr,
	        "usage: property <game> [--games N] [--param key=value ...] [--seed S] [--only I]\n"
	        "                       [--random-variant K]\n"
	        "Plays N random games (times $QV_PROPERTY_SCALE, at least 1) and checks the game\n"
	        "interface's properties at every step. Games:");
	for (int i = 0; qv_games[i]; i++)
		fprintf(stderr, " %s", qv_games[i]->name);
	fprintf(stderr, "\n");
}

/* Reads a non-negative whole number (decimal, or hexadecimal with 0x). */
static bool parse_u64(const char *text, unsigned long long *out)
{
	char *end = NULL;
	if (!*text || *text == '-')
		return false;
	*out = strtoull(text, &end, 0);
	return *end == '\0';
}

/* Reads the options, plays the games, prints the failures (at most five in full) and the
 * summary. Exit status: 0 when every game passed, 1 when one failed, 2 on a usage error. */
int main(int argc, char **argv)
{
	static ctx c;
	qv_err err = {{0}};
	unsigned long long games = 100, seed = 1, only = 0, variant = 0;
	bool have_variant = false;
	bool have_only = false;
	static char argv_params[4096];
	size_t plen = 0;

	if (argc < 2 || argv[1][0] == '-') {
		usage();
		return 2;
	}
	c.g = qv_game_find(argv[1], &err);
	if (!c.g) {
		fprintf(stderr, "property: %s\n", err.msg);
		return 2;
	}
	int labellen = snprintf(c.label, sizeof c.label, "%s", c.g->name);
	for (int i = 2; i < argc; i++) {
		const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!val) {
			usage();
			return 2;
		}
		i++;
		if (strcmp(opt, "--games") == 0 && parse_u64(val, &games) && games > 0 &&
		    games <= 100000000) {
			continue;
		} else if (strcmp(opt, "--seed") == 0 && parse_u64(val, &seed)) {
			continue;
		} else if (strcmp(opt, "--only") == 0 && parse_u64(val, &only) && only < 1u << 30) {
			have_only = true;
		} else if (strcmp(opt, "--random-variant") == 0 && parse_u64(val, &variant) &&
		           c.g->components) {
			have_variant = true;
			if (labellen < (int)sizeof c.label)
				labellen +=
				    snprintf(c.label + labellen, sizeof c.label - (size_t)labellen,
				             " random variant %s", val);
			if (plen < sizeof argv_params)
				plen +=
				    (size_t)snprintf(argv_params + plen, sizeof argv_params - plen,
				                     " --random-variant %s", val);
		} else if (strcmp(opt, "--param") == 0) {
			if (qv_params_parse_kv(&c.params, val, &err) != QV_OK) {
				fprintf(stderr, "property: %s\n", err.msg);
				return 2;
			}
			if (labellen < (int)sizeof c.label)
				labellen += snprintf(c.label + labellen,
				                     sizeof c.label - (size_t)labellen, " %s", val);
			if (plen < sizeof argv_params)
				plen +=
				    (size_t)snprintf(argv_params + plen, sizeof argv_params - plen,
				                     " --param %s", val);
		} else {
			fprintf(stderr, "property: bad option or value: %s %s\n", opt, val);
			usage();
			return 2;
		}
	}
	c.argv_params = argv_params;
	if (have_variant) {
		const qv_variant *v = random_variant(c.g, variant);
		if (!v ||
		    qv_params_set(&c.params, "variant", v->builtin ? "base" : v->sha256, &err))
			return 2;
	}
	const char *scale = getenv("QV_PROPERTY_SCALE");
	if (scale && *scale && !have_only) {
		char *end = NULL;
		double x = strtod(scale, &end);
		if (*end || !(x > 0) || x > 1e6) {
			fprintf(stderr,
			        "property: QV_PROPERTY_SCALE must be a positive number, not '%s'\n",
			        scale);
			return 2;
		}
		games = (unsigned long long)llround((double)games * x);
		if (games < 1)
			games = 1;
	}

	c.full_games = FULL_GAMES;
	const char *full = getenv("QV_PROPERTY_FULL");
	if (full && *full) {
		char *end = NULL;
		unsigned long long n = strtoull(full, &end, 10);
		if (*end || full[0] == '-' || n > 1000000) {
			fprintf(
			    stderr,
			    "property: QV_PROPERTY_FULL must be a whole number of games, not '%s'\n",
			    full);
			return 2;
		}
		c.full_games = n;
	}

	const qv_game *g = c.g;
	c.base_seed = seed;
	c.three_arrows = strcmp(g->name, "three-arrows") == 0;
	c.st = xcalloc(1, g->state_size);
	c.tmp = xcalloc(1, g->state_size);
	c.d1 = xcalloc(1, g->state_size);
	c.d2 = xcalloc(1, g->state_size);
	c.alt = xcalloc(1, g->state_size);
	c.wafter = xcalloc(1, g->state_size);
	c.wopts = xcalloc((size_t)(g->max_actions > g->max_chance ? g->max_actions : g->max_chance),
	                  sizeof *c.wopts);
	c.wprobs = xcalloc((size_t)(g->max_chance > 0 ? g->max_chance : 1), sizeof *c.wprobs);
	c.fresh = xcalloc(1, g->state_size);
	c.acts = xcalloc((size_t)g->max_actions, sizeof *c.acts);
	c.acts2 = xcalloc((size_t)g->max_actions, sizeof *c.acts2);
	c.counts = xcalloc((size_t)g->max_actions, sizeof *c.counts);
	c.outs = xcalloc((size_t)g->max_chance, sizeof *c.outs);
	c.probs = xcalloc((size_t)g->max_chance, sizeof *c.probs);
	aset_init(&c.set, g->max_actions > g->max_chance ? g->max_actions : g->max_chance);
	c.pool.text = xcalloc(POOL_SIZE, sizeof *c.pool.text);
	c.pool.seen = xcalloc(SEEN_SIZE, sizeof *c.pool.seen);

	/* Bad parameters are a usage error, not a failed property. */
	if (g->init(c.st, &c.params, 1, &err) != QV_OK) {
		fprintf(stderr, "property: %s: %s\n", g->name, err.msg);
		return 2;
	}

	calibrate(&c);
	unsigned long long first = have_only ? only : 0, last = have_only ? only + 1 : games;
	for (unsigned long long i = 0; i < last; i++) {
		c.game = (int)i;
		if (i < first)
			(void)play_game(&c, false);
		else if (play_game(&c, true))
			c.passed++;
		else
			c.failed++;
	}
	if (c.shown > 5)
		printf("(%d more failed games not shown)\n", c.shown - 5);
	int status = c.failed ? 1 : 0;
	/* THREE ARROWS: a determinize that never changes a hidden piece would pass property 6
	 * without testing anything; over the run it must change most of them. */
	if (c.three_arrows && c.hidden_pairs >= 20 && c.hidden_changed * 10 < c.hidden_pairs) {
		printf(
		    "FAIL %s: property 6 (%s)\n  determinize changed the state in only %ld of %ld "
		    "views that hide a covered piece\n",
		    c.label, prop_names[6], c.hidden_changed, c.hidden_pairs);
		status = 1;
	}
	if (c.hidden_pairs > 0)
		printf("%s: determinize changed the state in %ld of %ld checked views hiding a "
		       "covered piece\n",
		       c.label, c.hidden_changed, c.hidden_pairs);
	printf("%s: %d games, %lld actions, %d failed\n", c.label, c.passed + c.failed, c.actions,
	       c.failed);
	printf("%d passed, %d failed\n", c.passed, c.failed);

	free(c.st);
	free(c.tmp);
	free(c.d1);
	free(c.d2);
	free(c.wafter);
	free(c.wopts);
	free(c.wprobs);
	free(c.alt);
	free(c.fresh);
	free(c.acts);
	free(c.acts2);
	free(c.counts);
	free(c.outs);
	free(c.probs);
	free(c.set.key);
	free(c.set.index);
	free(c.set.stamp);
	free(c.pool.text);
	free(c.pool.seen);
	free(c.hist.act);
	free(c.hist.off);
	free(c.hist.text);
	qv_buf_free(&c.why);
	qv_buf_free(&c.diagram[0]);
	qv_buf_free(&c.diagram[1]);
	return status;
}
