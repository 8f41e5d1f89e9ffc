/*
 * testgame.c - HIGH CARD, a tiny two-player game that exercises every feature of the game
 * interface the match layer cares about. It exists only for tests.
 *
 * Rules. At the start (and after every round) each player is dealt a hidden card from 1 to 6,
 * drawn from an RNG kept in the state and seeded by init. A round is:
 *   1. p1 chooses `step 1`, `step 2` or `step 3` and scores that many points (a real choice);
 *   2. p2 plays `pass`, the only option (a forced decision);
 *   3. chance tosses a coin: `coin heads` (p2 scores 3) or `coin tails` (nothing), each 1/2,
 *      or heads with 3/4 when the parameter coin=loaded;
 *   4. chance rings the `bell`, its only outcome (a forced chance event);
 *   5. p1 then p2 commit secretly to `hold` or `fold`. Folding is allowed only with a card of
 *      4 or more and when folding=true, so a player often has the single option `hold`; the
 *      commitment is secret, so the engine must still ask it.
 *   6. Showdown: if both hold, the higher card scores 2 (equal cards: nothing); if exactly one
 *      folds, the other scores 1. New cards are dealt.
 * The game ends after `rounds` rounds (parameter, 1-5, default 2). Score: points; rank by
 * points, equal points share a rank.
 *
 * Parameters: rounds (1-5), folding (true/false), coin (fair/loaded): an integer, a boolean
 * and a string, to test how parameters are written in JSON.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "testgame.h"

enum { PH_STEP, PH_PASS, PH_COIN, PH_BELL, PH_COMMIT1, PH_COMMIT2, PH_OVER, PH_N };

static const char *const phase_names[PH_N] = {"step",    "pass",    "coin", "bell",
                                              "commit1", "commit2", "over"};
static const char *const action_names[QV_TG_NACTIONS] = {
    "step 1", "step 2", "step 3", "pass", "coin heads", "coin tails", "bell", "hold", "fold"};

typedef struct tg_state {
	qv_rng rng;
	int rounds;   /* parameter */
	bool folding; /* parameter */
	bool loaded;  /* parameter coin=loaded */
	int played;   /* rounds completed */
	int phase;
	int card[2];
	int score[2];
	int commit[2]; /* -1, QV_TG_HOLD or QV_TG_FOLD */
} tg_state;

static const char *const tg_coins[] = {"fair", "loaded", NULL};

static const qv_param_def tg_params[] = {
    {.key = "rounds",
     .def = "2",
     .help = "number of rounds",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = 5},
    {.key = "folding",
     .def = "true",
     .help = "whether a card of 4+ may fold",
     .kind = QV_PARAM_BOOL},
    {.key = "coin",
     .def = "fair",
     .help = "loaded: heads with probability 3/4",
     .kind = QV_PARAM_CHOICE,
     .choices = tg_coins},
};
#define TG_NPARAMS ((int)(sizeof tg_params / sizeof tg_params[0]))

/* Deals both hidden cards from the state's RNG. */
static void deal(tg_state *s)
{
	for (int i = 0; i < 2; i++)
		s->card[i] = 1 + (int)qv_rng_below(&s->rng, 6);
}

/* Validates the parameters and sets up round one. */
static qv_status tg_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	tg_state s = {0};
	long rounds;
	bool folding;
	int coin;
	qv_status rc = qv_params_check_keys(params, tg_params, TG_NPARAMS, "high card", err);
	if (!rc)
		rc = qv_param_int(params, tg_params, TG_NPARAMS, "rounds", &rounds, err);
	if (!rc)
		rc = qv_param_bool(params, tg_params, TG_NPARAMS, "folding", &folding, err);
	if (!rc)
		rc = qv_param_choice(params, tg_params, TG_NPARAMS, "coin", &coin, err);
	if (rc)
		return rc;
	qv_rng_seed(&s.rng, seed);
	s.rounds = (int)rounds;
	s.folding = folding;
	s.loaded = coin == 1;
	s.phase = PH_STEP;
	s.commit[0] = s.commit[1] = -1;
	deal(&s);
	memcpy(st, &s, sizeof s);
	return QV_OK;
}

/* Always two players. */
static int tg_num_players(const void *st)
{
	(void)st;
	return 2;
}

/* The mover follows directly from the phase. */
static int tg_to_move(const void *st)
{
	static const int who[PH_N] = {0, 1, QV_CHANCE, QV_CHANCE, 0, 1, QV_OVER};
	return who[((const tg_state *)st)->phase];
}

/* May player p fold now (a card of 4 or more, and folding allowed)? */
static bool may_fold(const tg_state *s, int p) { return s->folding && s->card[p] >= 4; }

/* Legal decisions in the documented order: steps 1-3; pass; hold then fold. */
static int tg_legal(const void *st, qv_action *out)
{
	const tg_state *s = st;
	switch (s->phase) {
	case PH_STEP: out[0] = QV_TG_STEP1, out[1] = QV_TG_STEP2, out[2] = QV_TG_STEP3; return 3;
	case PH_PASS: out[0] = QV_TG_PASS; return 1;
	case PH_COMMIT1:
	case PH_COMMIT2: {
		int p = s->phase == PH_COMMIT1 ? 0 : 1;
		out[0] = QV_TG_HOLD;
		if (!may_fold(s, p))
			return 1;
		out[1] = QV_TG_FOLD;
		return 2;
	}
	default: return 0;
	}
}

/* The coin (two outcomes) and the bell (one). */
static int tg_chance(const void *st, qv_action *out, double *prob)
{
	const tg_state *s = st;
	if (s->phase == PH_COIN) {
		out[0] = QV_TG_HEADS, prob[0] = s->loaded ? 0.75 : 0.5;
		out[1] = QV_TG_TAILS, prob[1] = 1 - prob[0];
		return 2;
	}
	if (s->phase == PH_BELL) {
		out[0] = QV_TG_BELL, prob[0] = 1;
		return 1;
	}
	return 0;
}

/* Scores the showdown and starts the next round or ends the game. */
static void showdown(tg_state *s, qv_events *ev)
{
	bool hold0 = s->commit[0] == QV_TG_HOLD, hold1 = s->commit[1] == QV_TG_HOLD;
	qv_say(ev, "p1 %s, p2 %s", hold0 ? "holds" : "folds", hold1 ? "holds" : "folds");
	/* The cards are never shown: each player knows only their own. */
	qv_say(ev, "{1:p1 had card %d|}", s->card[0]);
	if (hold0 && hold1) {
		if (s->card[0] != s->card[1])
			s->score[s->card[0] > s->card[1] ? 0 : 1] += 2;
	} else if (hold0 != hold1) {
		s->score[hold0 ? 0 : 1] += 1;
	}
	s->commit[0] = s->commit[1] = -1;
	if (++s->played >= s->rounds) {
		s->phase = PH_OVER;
	} else {
		deal(s);
		s->phase = PH_STEP;
	}
}

/* Whether a is one of the options of legal()/chance(). */
static qv_status tg_check(const void *st, qv_action a, qv_err *err)
{
	const tg_state *s = st;
	qv_action opts[3];
	double prob[2];
	int n = s->phase == PH_COIN || s->phase == PH_BELL ? tg_chance(s, opts, prob)
	                                                   : tg_legal(s, opts);
	bool ok = false;
	for (int i = 0; i < n; i++)
		ok = ok || opts[i] == a;
	if (!ok) {
		if (s->phase == PH_OVER)
			return qv_fail(err, QV_EILLEGAL, "the game is over");
		char list[64] = "";
		for (int i = 0; i < n; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			         i ? ", " : "", action_names[opts[i]]);
		return qv_fail(err, QV_EILLEGAL, "not possible in phase %s (possible: %s)",
		               phase_names[s->phase], list);
	}
	return QV_OK;
}

/* Applies a decision or chance outcome, narrating the coin, the commitments (each known only
 * to its player) and the showdown. */
static void tg_apply(void *st, qv_action a, qv_events *ev)
{
	tg_state *s = st;
	switch (s->phase) {
	case PH_STEP:
		s->score[0] += a - QV_TG_STEP1 + 1;
		s->phase = PH_PASS;
		break;
	case PH_PASS: s->phase = PH_COIN; break;
	case PH_COIN:
		if (a == QV_TG_HEADS)
			s->score[1] += 3;
		qv_say(ev, a == QV_TG_HEADS ? "heads: p2 scores 3" : "tails: nobody scores");
		s->phase = PH_BELL;
		break;
	case PH_BELL: s->phase = PH_COMMIT1; break;
	case PH_COMMIT1:
		s->commit[0] = a;
		qv_say(ev, "{1:p1 chooses %s|}", action_names[a]);
		s->phase = PH_COMMIT2;
		break;
	default:
		s->commit[1] = a;
		showdown(s, ev);
		break;
	}
}

/* The points of each player. */
static void tg_score(const void *st, int *out)
{
	const tg_state *s = st;
	out[0] = s->score[0];
	out[1] = s->score[1];
}

/* Higher score ranks higher. */
static int cmp_score(const void *ctx, int a, int b)
{
	const tg_state *s = ctx;
	return (s->score[a] > s->score[b]) - (s->score[a] < s->score[b]);
}

/* Ranks by points; equal points share a rank. */
static void tg_ranks(const void *st, int *out) { qv_ranks_from_order(2, cmp_score, st, out); }

/* Rank-based utilities. */
static void tg_returns(const void *st, double *out)
{
	int ranks[2];
	tg_ranks(st, ranks);
	qv_utilities_from_ranks(ranks, 2, out);
}

/* The notation does not depend on the state. */
static int tg_action_to_text(const void *st, qv_action a, char *buf, size_t len)
{
	(void)st;
	if (a < 0 || a >= QV_TG_NACTIONS)
		return QV_EINVAL;
	return snprintf(buf, len, "%s", action_names[a]);
}

/* Accepts the notation with any amount of blank space between words. */
static qv_status tg_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err)
{
	(void)st;
	char copy[64], *tok[3];
	if (strlen(text) >= sizeof copy)
		return qv_fail(err, QV_EINVAL, "'%.40s...' is too long for an action", text);
	strcpy(copy, text);
	int n = qv_split(copy, tok, 2);
	char canon[64] = "";
	if (n == 1 || n == 2)
		snprintf(canon, sizeof canon, "%s%s%s", tok[0], n == 2 ? " " : "",
		         n == 2 ? tok[1] : "");
	for (int a = 0; a < QV_TG_NACTIONS; a++)
		if (strcmp(canon, action_names[a]) == 0) {
			*out = a;
			return QV_OK;
		}
	return qv_fail(err, QV_EINVAL,
	               "'%s' is not an action: expected step 1-3, pass, hold, fold, coin heads, "
	               "coin tails or bell",
	               text);
}

/* A few lines: round, both players (hidden cards as '?'), and who is to move. */
static void tg_render_text(const void *st, int viewer, unsigned flags, qv_buf *out)
{
	bool color = flags & QV_RENDER_COLOR;
	const tg_state *s = st;
	qv_buf_printf(out, "HIGH CARD  round %d of %d\n", s->played + (s->phase != PH_OVER),
	              s->rounds);
	for (int p = 0; p < 2; p++) {
		bool sees = viewer == QV_VIEW_ALL || viewer == p;
		qv_buf_printf(out, "p%d  card ", p + 1);
		if (sees)
			qv_buf_printf(out, "%d", s->card[p]);
		else
			qv_buf_putc(out, '?');
		qv_buf_printf(out, "  score %d", s->score[p]);
		if (s->commit[p] >= 0)
			qv_buf_printf(out, "  %s", sees ? action_names[s->commit[p]] : "committed");
		qv_buf_putc(out, '\n');
	}
	int who = tg_to_move(s);
	char name[8];
	if (color)
		qv_buf_puts(out, "\033[1m");
	if (who == QV_OVER)
		qv_buf_puts(out, "game over");
	else
		qv_buf_printf(out, "%s to move (%s)", qv_player_name(who, name),
		              phase_names[s->phase]);
	if (color)
		qv_buf_puts(out, "\033[0m");
	qv_buf_putc(out, '\n');
}

/* Guesses what viewer cannot see: the other cards, a hidden commitment and the deck. */
static void tg_determinize(void *st, int viewer, qv_rng *rng)
{
	tg_state *s = st;
	if (viewer == QV_VIEW_ALL)
		return;
	for (int p = 0; p < 2; p++) {
		if (p == viewer)
			continue;
		s->card[p] = 1 + (int)qv_rng_below(rng, 6);
		if (s->commit[p] >= 0)
			s->commit[p] =
			    may_fold(s, p) && qv_rng_below(rng, 2) ? QV_TG_FOLD : QV_TG_HOLD;
	}
	qv_rng_seed(&s->rng, qv_rng_next(rng));
}

/* The game's part of the JSON, shared by state_json and view_json. */
static json_t *to_json(const tg_state *s, int viewer, bool with_rng)
{
	json_t *cards = json_array(), *scores = json_array(), *commits = json_array();
	for (int p = 0; p < 2; p++) {
		bool sees = viewer == QV_VIEW_ALL || viewer == p;
		json_array_append_new(cards, sees ? json_integer(s->card[p]) : json_null());
		json_array_append_new(scores, json_integer(s->score[p]));
		if (s->commit[p] < 0)
			json_array_append_new(commits, json_null());
		else
			json_array_append_new(
			    commits, json_string(sees ? action_names[s->commit[p]] : "secret"));
	}
	/* Whole or nothing (NULL when out of memory), as every game's JSON. */
	bool whole = json_array_size(cards) == 2 && json_array_size(scores) == 2 &&
	             json_array_size(commits) == 2;
	json_t *j = whole ? json_pack("{s:i, s:s, s:O, s:O, s:O}", "played", s->played, "phase",
	                              phase_names[s->phase], "cards", cards, "scores", scores,
	                              "commits", commits)
	                  : NULL;
	json_decref(cards);
	json_decref(scores);
	json_decref(commits);
	if (j && with_rng) {
		json_t *rng = json_array();
		for (int i = 0; i < 4; i++) {
			char hex[17];
			snprintf(hex, sizeof hex, "%016" PRIx64, s->rng.s[i]);
			json_array_append_new(rng, json_string(hex));
		}
		if (json_array_size(rng) != 4 || json_object_set(j, "rng", rng)) {
			json_decref(j);
			j = NULL;
		}
		json_decref(rng);
	}
	return j;
}

/* Everything, the deck RNG included, so the state round-trips exactly. */
static json_t *tg_state_json(const void *st) { return to_json(st, QV_VIEW_ALL, true); }

/* What viewer may see: own card and commitment only, and no RNG. */
static json_t *tg_view_json(const void *st, int viewer) { return to_json(st, viewer, false); }

/* Reads an integer field in [lo, hi]. */
static qv_status get_int(const json_t *v, const char *name, int lo, int hi, int *out, qv_err *err)
{
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return qv_fail(err, QV_EINVAL, "%s: expected a whole number from %d to %d", name,
		               lo, hi);
	*out = (int)json_integer_value(v);
	return QV_OK;
}

/* Reads an array field of exactly n elements. */
static qv_status get_array(const json_t *j, const char *name, size_t n, const json_t **out,
                           qv_err *err)
{
	const json_t *v = json_object_get(j, name);
	if (!json_is_array(v) || json_array_size(v) != n)
		return qv_fail(err, QV_EINVAL, "%s: expected an array of %zu elements", name, n);
	*out = v;
	return QV_OK;
}

/* Loads every field, all required, checking ranges and that the phase fits the commitments. */
static qv_status tg_load_json(void *st, const json_t *j, qv_err *err)
{
	tg_state *s = st;
	const json_t *a = NULL;
	char name[32];
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "state: expected an object");
	if (get_int(json_object_get(j, "played"), "played", 0, s->rounds, &s->played, err))
		return QV_EINVAL;
	const char *phase = json_string_value(json_object_get(j, "phase"));
	for (s->phase = 0; phase && s->phase < PH_N; s->phase++)
		if (strcmp(phase, phase_names[s->phase]) == 0)
			break;
	if (!phase || s->phase == PH_N)
		return qv_fail(err, QV_EINVAL,
		               "phase: expected step, pass, coin, bell, commit1, "
		               "commit2 or over");
	if ((s->phase == PH_OVER) != (s->played == s->rounds))
		return qv_fail(err, QV_EINVAL, "phase: 'over' exactly when played = rounds (%d)",
		               s->rounds);
	if (get_array(j, "cards", 2, &a, err))
		return QV_EINVAL;
	for (int p = 0; p < 2; p++) {
		snprintf(name, sizeof name, "cards[%d]", p);
		if (get_int(json_array_get(a, (size_t)p), name, 1, 6, &s->card[p], err))
			return QV_EINVAL;
	}
	if (get_array(j, "scores", 2, &a, err))
		return QV_EINVAL;
	for (int p = 0; p < 2; p++) {
		snprintf(name, sizeof name, "scores[%d]", p);
		if (get_int(json_array_get(a, (size_t)p), name, 0, 100000, &s->score[p], err))
			return QV_EINVAL;
	}
	if (get_array(j, "commits", 2, &a, err))
		return QV_EINVAL;
	for (int p = 0; p < 2; p++) {
		const json_t *c = json_array_get(a, (size_t)p);
		const char *txt = json_string_value(c);
		bool want = p == 0 && s->phase == PH_COMMIT2;
		s->commit[p] = -1;
		if (txt && strcmp(txt, "hold") == 0)
			s->commit[p] = QV_TG_HOLD;
		else if (txt && strcmp(txt, "fold") == 0 && may_fold(s, p))
			s->commit[p] = QV_TG_FOLD;
		else if (!json_is_null(c))
			return qv_fail(err, QV_EINVAL,
			               "commits[%d]: expected null, \"hold\" or \"fold\" (fold "
			               "only with a card of 4+ when folding is on)",
			               p);
		if ((s->commit[p] >= 0) != want)
			return qv_fail(err, QV_EINVAL, "commits[%d]: %s in phase %s", p,
			               want ? "required" : "must be null", phase_names[s->phase]);
	}
	if (get_array(j, "rng", 4, &a, err))
		return QV_EINVAL;
	uint64_t any = 0;
	for (int i = 0; i < 4; i++) {
		const char *hex = json_string_value(json_array_get(a, (size_t)i));
		char *end = NULL;
		if (hex && strlen(hex) == 16)
			s->rng.s[i] = strtoull(hex, &end, 16);
		if (!hex || strlen(hex) != 16 || *end)
			return qv_fail(err, QV_EINVAL, "rng[%d]: expected 16 hexadecimal digits",
			               i);
		any |= s->rng.s[i];
	}
	if (!any)
		return qv_fail(err, QV_EINVAL, "rng: must not be all zero");
	return QV_OK;
}

/* Secret commitments are the two commit phases. */
static bool tg_secret(const void *st)
{
	const tg_state *s = st;
	return s->phase == PH_COMMIT1 || s->phase == PH_COMMIT2;
}

/* p2's commitment brings the showdown, which shows both players the other's card and choice
 * and deals each a new hidden card; nothing else is hidden. */
static bool tg_reveals(const void *st, qv_action a, int viewer)
{
	(void)a;
	const tg_state *s = st;
	return viewer >= 0 && s->phase == PH_COMMIT2;
}

/* A uniformly random legal decision. */
static qv_action tg_sample(const void *st, qv_rng *rng, int *n)
{
	qv_action opts[3];
	*n = tg_legal(st, opts);
	return *n ? opts[qv_rng_below(rng, (uint32_t)*n)] : -1;
}

/* The score difference, squashed into [-1, 1]. */
static double tg_heuristic(const void *st, int player)
{
	const tg_state *s = st;
	double d = s->score[player] - s->score[1 - player];
	return d / (d < 0 ? 5 - d : 5 + d);
}

/* The reference: one entry per thing, the second with a continuation line. */
static const char *const tg_entries[][2] = {
    {"coin", "coin: tossed every round; heads: p2 scores 3, tails: nothing\n"},
    {"hold", "hold: keep the card for the showdown\n  the higher card scores 2\n"},
    {"fold", "fold (a card of 4 or more): leave the showdown; the other player scores 1\n"},
    {"bell", "bell: rings after the coin; nothing happens\n"},
};

/* Every entry for NULL, else the entry named (any case). */
static int tg_reference(const void *st, const char *name, qv_buf *out)
{
	(void)st;
	int n = 0;
	for (size_t i = 0; i < sizeof tg_entries / sizeof tg_entries[0]; i++)
		if (!name || qv_streq_nocase(name, tg_entries[i][0])) {
			qv_buf_puts(out, tg_entries[i][1]);
			n++;
		}
	return n;
}

/* A step says its points; folding gives the other player a point, so it is confirmed. */
static int tg_action_note(const void *st, qv_action a, char *buf, size_t len, bool *confirm)
{
	(void)st;
	*confirm = a == QV_TG_FOLD;
	if (a >= QV_TG_STEP1 && a <= QV_TG_STEP3)
		return snprintf(buf, len, "%d point%s now", a - QV_TG_STEP1 + 1,
		                a == QV_TG_STEP1 ? "" : "s");
	if (a == QV_TG_FOLD)
		return snprintf(buf, len, "the other player scores 1");
	return 0;
}

const qv_game qv_test_game = {
    .name = "high-card",
    .title = "HIGH CARD",
    .summary = "A test game: p1 steps, p2 passes, a coin and a bell, secret hold/fold, "
               "showdown.",
    .min_players = 2,
    .max_players = 2,
    .params = tg_params,
    .nparams = TG_NPARAMS,
    .max_actions = 3,
    .max_chance = 2,
    .state_size = sizeof(tg_state),
    .init = tg_init,
    .num_players = tg_num_players,
    .to_move = tg_to_move,
    .legal = tg_legal,
    .chance = tg_chance,
    .check = tg_check,
    .apply = tg_apply,
    .returns = tg_returns,
    .score = tg_score,
    .ranks = tg_ranks,
    .action_to_text = tg_action_to_text,
    .action_from_text = tg_action_from_text,
    .render_text = tg_render_text,
    .determinize = tg_determinize,
    .state_json = tg_state_json,
    .view_json = tg_view_json,
    .load_json = tg_load_json,
    .secret = tg_secret,
    .sample = tg_sample,
    .heuristic = tg_heuristic,
    .reference = tg_reference,
    .action_note = tg_action_note,
    .reveals = tg_reveals,
};
