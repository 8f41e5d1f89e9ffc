/*
 * sight.c - what a viewer may know of an action: the one check behind every announcement of
 * a move (`quiver play`, the narrated log of the protocol and the server) and behind what a
 * searching agent is told between its decisions (qv_agent_observe).
 *
 * The test is by views: a word of the notation is unknown to viewer v when another option at
 * `before` leads to a different state whose view for v is the same as the action's. Comparing
 * view JSON for hundreds of options would cost milliseconds, so a cheap exact filter comes
 * first: determinize depends only on the view and the RNG, so two states whose
 * determinizations (same viewer, same RNG stream) differ have different views, and only the
 * options whose determinizations coincide with the action's are compared as JSON. Two options
 * that lead to the very same state hide nothing (a die roll whose every outcome ends alike).
 *
 * The options of the true state are not enough: when what the mover holds is hidden, the true
 * options tell what it holds (the only item a player can be robbed of names that player's
 * hand). So the options of a few determinizations of `before` for the viewer (worlds the viewer
 * cannot tell from the truth) are compared too: a word is unknown when some option of such a
 * world, with a different word, leaves the viewer the same view.
 *
 * This compares states with memcmp, which is why a game's state has no implicit padding
 * (game.h).
 *
 * All of that is the definition, and its cost: hundreds of applies and determinizations an
 * act. A game that can tell from its own hidden information which words a viewer cannot know
 * (qv_game.sight: a covered piece's kind, a card from a hidden hand, a secret commitment) says
 * so at once, and the views are compared only where it cannot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <pthread.h>

#include "core/fmt.h"
#include "games/json_util.h"
#include "games/sight.h"
#include "quiver/game.h"

/* Any fixed seed will do: both states of a comparison are determinized from the same stream. */
#define SIGHT_SEED 0x6f62736572766531ull

/* The most words an action's notation has that the word-by-word comparison handles; longer
 * notations are hidden whole when anything in them is unknown. */
#define SIGHT_MAX_WORDS 24
/* Worlds (determinizations for the viewer) whose options are compared besides the truth's. */
#define SIGHT_WORLDS 4

/* Splits text into at most max words in place; returns the count, or -1 if there are more. */
static int words(char *text, char **w, int max)
{
	int n = qv_split(text, w, max);
	return n > max ? -1 : n;
}

/* viewer's view of st as compact JSON text into out (emptied first): the game's view_text, or
 * its tree written out. Two views are the same view exactly when their texts are the same
 * bytes (a game writes its keys in one order). False when out of memory. */
static bool view_of(const qv_game *g, const void *st, int viewer, qv_buf *out)
{
	qv_buf_clear(out);
	if (g->view_text)
		return g->view_text(st, viewer, out);
	json_t *j = g->view_json(st, viewer);
	bool ok = j && qv__json_append(out, j);
	json_decref(j);
	return ok;
}

/* Copies st into det and determinizes it for viewer from the fixed stream. */
static void determinized(const qv_game *g, const void *st, void *det, int viewer)
{
	memcpy(det, st, g->state_size);
	qv_rng rng;
	qv_rng_seed(&rng, SIGHT_SEED);
	g->determinize(det, viewer, &rng);
}

/* Another player's secret commitment: only its verb, and nothing at all when the viewer's view
 * did not change (a commitment whose very number is secret). The options the mover had depend
 * on what the mover holds, so they are not consulted. */
static int secret_seen(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                       size_t len)
{
	void *after = malloc(g->state_size);
	int visible = QV_ENOMEM; /* shown, as a verb, when the views cannot be compared */
	if (after) {
		memcpy(after, before, g->state_size);
		g->apply(after, a, NULL);
		qv_buf now = {0}, was = {0};
		if (view_of(g, after, viewer, &now) && view_of(g, before, viewer, &was))
			visible = strcmp(qv_buf_str(&now), qv_buf_str(&was)) != 0;
		qv_buf_free(&now);
		qv_buf_free(&was);
		free(after);
	}
	size_t verb = strcspn(buf, " ");
	if (buf[verb])
		qv_fmt(buf + verb, len - verb, " ?");
	return visible;
}

/* The scratch of one check: six states, the options and their probabilities. */
typedef struct sight {
	unsigned char *result, *result_det, *alt, *alt_det, *world, *world_result;
	qv_action *opts;
	double *prob;
	qv_buf view, alt_view; /* the viewer's views after the action and an option (view_of) */
	bool failed; /* a view could not be made (out of memory): more is hidden than need be */
	bool mine;   /* the states and lists are the thread's (scratch_take) */
} sight;

/* The calling thread's states and lists, kept for its life (the key frees them when it ends)
 * and grown to the largest game it checked: six states made and freed at every check (10 KiB
 * for Arrow Party) made glibc's malloc gather every small block freed since
 * (malloc_consolidate) at each of the hundreds of checks of an act at a table of five. A check
 * made during another takes its own. */
typedef struct sight_scratch {
	unsigned char *states;
	qv_action *opts;
	double *prob;
	size_t states_room;
	int opts_room, prob_room;
} sight_scratch;

static _Thread_local sight_scratch *kept;
static _Thread_local bool kept_busy;
static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static bool kept_keyed;

static void scratch_free(void *p)
{
	sight_scratch *k = p;
	free(k->states);
	free(k->opts);
	free(k->prob);
	free(k);
	if (k == kept)
		kept = NULL;
}

static void make_kept_key(void) { kept_keyed = pthread_key_create(&kept_key, scratch_free) == 0; }

/* The thread's scratch grown to hold the lists and states given, and taken; NULL when it is in
 * use or out of memory. */
static sight_scratch *scratch_take(size_t states, int opts, int prob)
{
	if (kept_busy)
		return NULL;
	if (!kept) {
		pthread_once(&kept_once, make_kept_key);
		sight_scratch *k = kept_keyed ? calloc(1, sizeof *k) : NULL;
		if (!k || pthread_setspecific(kept_key, k) != 0) {
			free(k);
			return NULL;
		}
		kept = k;
	}
	sight_scratch *k = kept;
	if (states > k->states_room) {
		free(k->states);
		k->states = malloc(states);
		k->states_room = k->states ? states : 0;
	}
	if (opts > k->opts_room) {
		free(k->opts);
		k->opts = malloc(sizeof *k->opts * (size_t)opts);
		k->opts_room = k->opts ? opts : 0;
	}
	if (prob > k->prob_room) {
		free(k->prob);
		k->prob = malloc(sizeof *k->prob * (size_t)prob);
		k->prob_room = k->prob ? prob : 0;
	}
	if (!k->states || !k->opts || !k->prob)
		return NULL;
	kept_busy = true;
	return k;
}

static void sight_free(sight *s)
{
	if (s->mine) {
		kept_busy = false;
	} else {
		free(s->result);
		free(s->opts);
		free(s->prob);
	}
	qv_buf_free(&s->view);
	qv_buf_free(&s->alt_view);
}

static bool sight_alloc(const qv_game *g, sight *s)
{
	size_t sz = g->state_size;
	int most = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	int nprob = g->max_chance > 0 ? g->max_chance : 1;
	most = most > 0 ? most : 1;
	*s = (sight){0};
	sight_scratch *k = scratch_take(6 * sz, most, nprob);
	if (k) {
		s->mine = true;
		s->result = k->states;
		s->opts = k->opts;
		s->prob = k->prob;
	} else {
		s->result = malloc(6 * sz);
		s->opts = malloc(sizeof *s->opts * (size_t)most);
		s->prob = malloc(sizeof *s->prob * (size_t)nprob);
		if (!s->result || !s->opts || !s->prob) {
			sight_free(s);
			return false;
		}
	}
	s->result_det = s->result + sz;
	s->alt = s->result + 2 * sz;
	s->alt_det = s->result + 3 * sz;
	s->world = s->result + 4 * sz;
	s->world_result = s->result + 5 * sz;
	return true;
}

/* False when option o, applied at `from` (the true state or a world) into s->alt, surely
 * leaves viewer a view other than the action's (in s->result), or ends as the action does in
 * that same place (`same`: the action applied at `from`, or NULL when it cannot be played
 * there); true when only the views can tell (views_alike). Both tests are cheap: memcmp of
 * states, where views are JSON written and compared. */
static bool maybe_confusable(const qv_game *g, sight *s, const void *from, const void *same,
                             qv_action o, int viewer)
{
	size_t sz = g->state_size;
	memcpy(s->alt, from, sz);
	g->apply(s->alt, o, NULL);
	if (memcmp(s->alt, same ? same : s->result, sz) == 0)
		return false; /* the same outcome: nothing is hidden by not knowing which */
	if (g->determinize) {
		determinized(g, s->alt, s->alt_det, viewer);
		if (memcmp(s->alt_det, s->result_det, sz) != 0)
			return false; /* different determinizations: different views */
	}
	return true;
}

/* True when s->alt (an option applied by maybe_confusable) leaves viewer the very view that
 * the action gave. */
static bool views_alike(const qv_game *g, sight *s, int viewer)
{
	bool made = s->view.len > 0 || view_of(g, s->result, viewer, &s->view);
	bool theirs = view_of(g, s->alt, viewer, &s->alt_view);
	s->failed |= !made || !theirs;
	bool alike =
	    !made || !theirs || strcmp(qv_buf_str(&s->view), qv_buf_str(&s->alt_view)) == 0;
	return alike;
}

/* World w, a determinization of `before` for viewer, into s->world, and where the action
 * leads there (s->world_result) in *same, NULL when it cannot be played there; false when
 * the world is the truth itself (the viewer is hidden nothing). */
static bool world(const qv_game *g, sight *s, const void *before, qv_action a, int w, int viewer,
                  const void **same)
{
	qv_rng rng;
	memcpy(s->world, before, g->state_size);
	qv_rng_seed(&rng, SIGHT_SEED + 1 + (uint64_t)w);
	g->determinize(s->world, viewer, &rng);
	if (memcmp(s->world, before, g->state_size) == 0)
		return false;
	*same = NULL;
	if (!g->check(s->world, a, NULL)) {
		memcpy(s->world_result, s->world, g->state_size);
		g->apply(s->world_result, a, NULL);
		*same = s->world_result;
	}
	return true;
}

/* An option's notation not split into words yet (option_words). */
#define NOT_WORDED (-2)

/* Option o's notation at `from` split into aw (in alt): its word count, or -1 when it has no
 * notation or more words than the comparison handles (or the action's has: nw < 0). */
static int option_words(const qv_game *g, const void *from, qv_action o, int nw,
                        char alt[QV_ACTION_TEXT], char **aw)
{
	if (nw < 0 || g->action_to_text(from, o, alt, QV_ACTION_TEXT) < 0)
		return -1;
	return words(alt, aw, SIGHT_MAX_WORDS);
}

/* Whether an option worded aw (na words) can change nothing that is shown: each of its words
 * is the action's (ow, nw words) or hidden already. Only asked when `exact` need not be told
 * or is known false already (asked). */
static bool nothing_new(int na, int nw, char **ow, char **aw, const bool *hidden, bool asked)
{
	if (!asked || na != nw || nw < 0)
		return false;
	for (int k = 0; k < nw; k++)
		if (!hidden[k] && strcmp(ow[k], aw[k]) != 0)
			return false;
	return true;
}

/* buf, holding a's notation, worded as a game's sight s says; returns as qv_action_seen. */
static int sight_line(const qv_sight *s, char *buf, size_t len, bool *exact)
{
	if (exact)
		*exact = !s->all && !s->secret && !s->hidden;
	if (s->all) {
		qv_fmt(buf, len, "(hidden)");
		return true;
	}
	if (s->secret) {
		size_t verb = strcspn(buf, " ");
		if (buf[verb])
			qv_fmt(buf + verb, len - verb, " ?");
		return !s->unsaid;
	}
	if (!s->hidden)
		return true;
	char orig[QV_ACTION_TEXT], *w[SIGHT_MAX_WORDS];
	qv_copy(orig, sizeof orig, buf);
	int nw = words(orig, w, SIGHT_MAX_WORDS);
	if (nw < 0) {
		qv_fmt(buf, len, "(hidden)");
		return true;
	}
	size_t used = 0;
	buf[0] = '\0';
	for (int k = 0; k < nw && used < len; k++)
		used += (size_t)qv_fmt(buf + used, len - used, "%s%s", k ? " " : "",
		                       (s->hidden >> k & 1) ? "?" : w[k]);
	return true;
}

/* What views_seen has found so far about the words of the action's notation. */
typedef struct seen {
	int nw;       /* the number of words (negative: too many to tell apart) */
	char **ow;    /* the words */
	bool *hidden; /* the words some confusable option has otherwise */
	bool any;     /* some option leaves the viewer the same view */
	bool all;     /* one such option is worded with other words: all is hidden */
} seen;

/* Option o, played from `from` (whose result with the action is `same`), compared with the
 * action: when it leaves viewer the same view, the words it says otherwise are hidden.
 * `asked` when the caller asked whether the wording is exact. */
static void option_seen(const qv_game *g, sight *s, const void *from, const void *same, qv_action o,
                        int viewer, bool asked, seen *v)
{
	char alt[QV_ACTION_TEXT], *aw[SIGHT_MAX_WORDS];
	/* An option whose every word is the action's or already hidden can change nothing that
	 * is shown: its view is not built. A shielded placement in THREE ARROWS has a dozen such
	 * options per world, each a view to build and compare. Once a word is hidden, the option
	 * is worded before it is played out: a card drawn in Arrow Party has as many others as
	 * the stack has cards, each a state to determinize; before, most options of a THREE
	 * ARROWS placement are told apart by playing them out, cheaper than wording them. */
	int na = NOT_WORDED;
	if (v->any) {
		na = option_words(g, from, o, v->nw, alt, aw);
		if (nothing_new(na, v->nw, v->ow, aw, v->hidden, v->any || !asked))
			return;
	}
	if (!maybe_confusable(g, s, from, same, o, viewer))
		return;
	if (na == NOT_WORDED) {
		na = option_words(g, from, o, v->nw, alt, aw);
		if (nothing_new(na, v->nw, v->ow, aw, v->hidden, v->any || !asked))
			return;
	}
	if (!views_alike(g, s, viewer))
		return;
	v->any = true;
	if (na != v->nw || v->nw < 0) {
		v->all = true;
		return;
	}
	for (int k = 0; k < v->nw; k++)
		if (strcmp(v->ow[k], aw[k]) != 0)
			v->hidden[k] = true;
}

/* What qv_action_seen says when views are compared: the options of the truth and of `worlds`
 * worlds, each word of buf (a's notation) hidden when another option with another word there
 * leaves viewer the same view. */
static int views_seen(const qv_game *g, const void *before, qv_action a, int viewer, int mover,
                      char *buf, size_t len, bool *exact, int worlds)
{
	sight s;
	if (!sight_alloc(g, &s)) {
		qv_fmt(buf, len, "(hidden)"); /* without the views nothing can be shown safely */
		if (exact)
			*exact = false;
		return QV_ENOMEM;
	}
	memcpy(s.result, before, g->state_size);
	g->apply(s.result, a, NULL);
	if (g->determinize)
		determinized(g, s.result, s.result_det, viewer);
	char orig[QV_ACTION_TEXT], *ow[SIGHT_MAX_WORDS];
	qv_copy(orig, sizeof orig, buf);
	bool hidden[SIGHT_MAX_WORDS] = {false};
	seen v = {words(orig, ow, SIGHT_MAX_WORDS), ow, hidden, false, false};
	/* The truth's options, then those of the worlds that differ from it. */
	for (int w = -1; w < (g->determinize ? worlds : 0) && !v.all; w++) {
		const void *from = before, *same = s.result;
		if (w >= 0 && !world(g, &s, before, a, w, viewer, &same))
			continue; /* nothing hidden from the viewer here */
		from = w >= 0 ? s.world : before;
		int n =
		    mover == QV_CHANCE ? g->chance(from, s.opts, s.prob) : g->legal(from, s.opts);
		for (int i = 0; i < n && !v.all; i++)
			if (w >= 0 || s.opts[i] != a)
				option_seen(g, &s, from, same, s.opts[i], viewer, exact != NULL,
				            &v);
	}
	sight_free(&s);
	if (exact)
		*exact = !v.any;
	int shown = s.failed ? QV_ENOMEM : 1;
	if (v.all) {
		qv_fmt(buf, len, "(hidden)");
		return shown;
	}
	if (!v.any)
		return shown;
	size_t used = 0;
	buf[0] = '\0';
	for (int k = 0; k < v.nw && used < len; k++)
		used += (size_t)qv_fmt(buf + used, len - used, "%s%s", k ? " " : "",
		                       hidden[k] ? "?" : ow[k]);
	return shown;
}

/* qv_action_seen, the game's sight asked first when `ask` is set, with `worlds` worlds. */
static int action_seen(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                       size_t len, bool *exact, bool ask, int worlds)
{
	char scratch[8];
	if (!buf || len == 0) {
		buf = scratch;
		len = sizeof scratch;
	}
	if (g->action_to_text(before, a, buf, len) < 0)
		qv_fmt(buf, len, "action %d", (int)a);
	if (exact)
		*exact = true;
	int mover = g->to_move(before);
	if (viewer == QV_VIEW_ALL || (mover >= 0 && mover == viewer) || mover == QV_OVER)
		return true;
	if (g->check(before, a, NULL))
		return true; /* it cannot happen here, so there is nothing to hide */
	qv_sight told;
	if (ask && g->sight && g->sight(before, a, viewer, &told))
		return sight_line(&told, buf, len, exact);
	if (mover >= 0 && g->secret && g->secret(before)) {
		if (exact)
			*exact = false;
		return secret_seen(g, before, a, viewer, buf, len);
	}
	return views_seen(g, before, a, viewer, mover, buf, len, exact, worlds);
}

int qv_action_seen(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                   size_t len, bool *exact)
{
	return action_seen(g, before, a, viewer, buf, len, exact, true, SIGHT_WORLDS);
}

int qv__action_seen_views(const qv_game *g, const void *before, qv_action a, int viewer, char *buf,
                          size_t len, bool *exact, int worlds)
{
	return action_seen(g, before, a, viewer, buf, len, exact, false, worlds);
}
