/*
 * legal.c - which Arrow Party actions are legal: legal() lists the decisions (the uses of the
 * items phase and ready, the throws, the directions), chance() the outcomes with their
 * probabilities (the card a swap takes, the stack drawn from, the landing, the roll, the items
 * a bump gives), and check accepts exactly the listed ones, with explain() saying why anything
 * else is refused: one source of truth, so they cannot disagree. Nothing here changes a state.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"

/* ---- legal actions ---- */

/* Copies of `kind` in p's hand not yet spoken for by its uses (a use, the swap's gift). */
static int spare(const ap_tables *T, const ap_player *pl, int kind)
{
	int n = ap_hand_count(pl, AP_NARROWS + kind) - ap_used(pl, kind);
	if (ap_used_effect(T, pl, AP_E_SWAP) && pl->swap_item == kind)
		n--;
	return n;
}

/* spare() of every kind at once (n: AP_NKINDS entries), in one pass over the hand: its items
 * come last, as hands are sorted by card. */
static void spares(const ap_tables *T, const ap_player *pl, int *n)
{
	memset(n, 0, AP_NKINDS * sizeof *n);
	for (int i = pl->nhand - 1; i >= 0 && ap_is_item(pl->hand[i].card); i--)
		n[ap_kind(pl->hand[i].card)]++;
	for (unsigned u = pl->uses; u; u &= u - 1)
		n[__builtin_ctz(u)]--;
	if (ap_used_effect(T, pl, AP_E_SWAP))
		n[pl->swap_item]--;
}

int ap_legal_uses(const ap_state *s, int p, qv_action *out)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int n = 0, sp[AP_NKINDS];
	spares(T, pl, sp);
	for (int k = 0; k < T->nkinds; k++) {
		/* held and spare, and no item of its effect used this round */
		if (sp[k] < 1 || ap_used_effect(T, pl, T->effect[k]))
			continue;
		switch (T->effect[k]) {
		case AP_E_DICE:
			for (int d = 0; d < T->ndice; d++)
				if (d != pl->die)
					out[n++] = AP_MAKE(AP_ACT_USE, k | d << 4);
			break;
		case AP_E_SWAP:
			for (int t = 0; t < s->nplayers; t++) {
				if (t == p)
					continue;
				for (int i = 0; i < T->nkinds; i++)
					if (sp[i] - (i == k) >= 1)
						out[n++] = AP_MAKE(AP_ACT_USE, k | t << 4 | i << 8);
			}
			break;
		case AP_E_EXCHANGE:
			for (int t = 0; t < s->nplayers; t++)
				if (t != p)
					out[n++] = AP_MAKE(AP_ACT_USE, k | t << 4);
			break;
		default: out[n++] = AP_MAKE(AP_ACT_USE, k); break;
		}
	}
	return n;
}

int ap_legal(const void *st, qv_action *out)
{
	const ap_state *s = st;
	const ap_player *pl = &s->pl[s->active < s->nplayers ? s->active : 0];
	int n = 0;
	switch (s->phase) {
	case AP_PH_ITEMS:
		n = ap_legal_uses(s, s->active, out);
		out[n++] = AP_MAKE(AP_ACT_READY, 0);
		break;
	case AP_PH_THROW:
		for (int i = 0; i < pl->nhand; i++)
			if (!ap_is_item(pl->hand[i].card))
				out[n++] = AP_MAKE(AP_ACT_THROW, pl->hand[i].card);
		break;
	case AP_PH_GO: {
		int m = ap_arrow_dirs(s, s->active);
		for (int d = 0; d < QV_NDIRS; d++)
			if (m >> d & 1)
				out[n++] = AP_MAKE(AP_ACT_GO, d);
		break;
	}
	default: break;
	}
	return n;
}

/* Item outcomes of a random card from p's hand: kinds with weights; "none" when empty. */
static int item_weights(const ap_player *pl, int *w)
{
	int total = 0;
	memset(w, 0, AP_NKINDS * sizeof *w); /* every kind a set may have */
	for (int i = 0; i < pl->nhand; i++)
		if (ap_is_item(pl->hand[i].card)) {
			w[ap_kind(pl->hand[i].card)]++;
			total++;
		}
	return total;
}

/* The outcomes of the first pending bump's give: the item each of the pair gives (none when
 * it holds none), each weighted by its copies, independently. */
static inline int give_outcomes(const ap_state *s, const ap_tables *T, qv_action *out, double *prob)
{
	int n = 0;
	int i = __builtin_ctz(s->pending);
	int wa[AP_NKINDS], wb[AP_NKINDS];
	int ta = item_weights(&s->pl[ap_pair_a[i]], wa);
	int tb = item_weights(&s->pl[ap_pair_b[i]], wb);
	for (int a = 0; a <= T->nkinds; a++) {
		double pa = ta ? (a ? (double)wa[a - 1] / ta : 0) : (a ? 0 : 1);
		if (pa <= 0)
			continue;
		for (int b = 0; b <= T->nkinds; b++) {
			double pb = tb ? (b ? (double)wb[b - 1] / tb : 0) : (b ? 0 : 1);
			if (pb <= 0)
				continue;
			out[n] = AP_MAKE(AP_ACT_GIVE, a | b << 4);
			prob[n++] = pa * pb;
		}
	}
	return n;
}

int ap_chance(const void *st, qv_action *out, double *prob)
{
	const ap_state *s = st;
	const ap_player *pl = &s->pl[s->active < s->nplayers ? s->active : 0];
	const ap_tables *T = ap_T(s);
	int n = 0;
	switch (s->phase) {
	case AP_PH_TAKE: {
		int w[AP_NKINDS], total = item_weights(&s->pl[pl->swap_target], w);
		for (int k = 0; k < T->nkinds; k++)
			if (w[k]) {
				out[n] = AP_MAKE(AP_ACT_TAKE, k);
				prob[n++] = (double)w[k] / total;
			}
		break;
	}
	case AP_PH_DRAW: {
		int ne = 0;
		for (int v = 0; v < AP_NVALUES; v++)
			ne += s->nstack[v] > 0;
		for (int v = 0; v < AP_NVALUES; v++)
			if (s->nstack[v]) {
				out[n] = AP_MAKE(AP_ACT_STACK, v + 1);
				prob[n++] = 1.0 / ne;
			}
		break;
	}
	case AP_PH_LAND:
		for (int k = 0; k < 8; k++) {
			out[n] = AP_MAKE(AP_ACT_LAND, k);
			prob[n++] = 1.0 / 8;
		}
		break;
	case AP_PH_ROLL: {
		int f = T->die_faces[pl->die];
		for (int r = 1; r <= f; r++) {
			out[n] = AP_MAKE(AP_ACT_ROLL, r);
			prob[n++] = 1.0 / f;
		}
		break;
	}
	case AP_PH_WALK:
		if (s->pending)
			n = give_outcomes(s, T, out, prob);
		break;
	default: break;
	}
	return n;
}

/* ---- why an action is refused ---- */

static qv_status explain_use(const ap_state *s, int p, int arg, qv_err *err)
{
	const ap_player *pl = &s->pl[p];
	const ap_tables *T = ap_T(s);
	int k = arg & 15, x = arg >> 4 & 15, y = arg >> 8 & 15;
	char b[8];
	if (k >= T->nkinds)
		return qv_fail(err, QV_EINVAL, "not an item of this game");
	const char *id = T->item_id[k];
	int e = T->effect[k];
	bool targets = e == AP_E_SWAP || e == AP_E_EXCHANGE;
	if (targets && x >= s->nplayers)
		return qv_fail(err, QV_EILLEGAL, "%s is not a player of this game (p1-p%d)",
		               qv_player_name(x, b), s->nplayers);
	if (targets && x == p)
		return qv_fail(err, QV_EILLEGAL, "p%d cannot %s with itself (name another player)",
		               p + 1, id);
	if (ap_used(pl, k))
		return qv_fail(err, QV_EILLEGAL,
		               "p%d already uses a %s this round (at most one copy of each kind)",
		               p + 1, id);
	if (ap_used_effect(T, pl, e))
		return qv_fail(err, QV_EILLEGAL,
		               "p%d already uses a %s this round (at most one item of each effect, "
		               "here %s)",
		               p + 1, T->item_id[ap_used_kind(T, pl, e)], ap_effect_names[e]);
	if (!ap_hand_count(pl, AP_NARROWS + k))
		return qv_fail(err, QV_EILLEGAL, "p%d does not hold a %s", p + 1, id);
	if (spare(T, pl, k) < 1)
		return qv_fail(err, QV_EILLEGAL, "p%d's %s is already given by its swap this round",
		               p + 1, id);
	if (e == AP_E_DICE) {
		if (x >= T->ndice)
			return qv_fail(err, QV_EINVAL, "use %s takes a die of this game", id);
		return qv_fail(err, QV_EILLEGAL,
		               "p%d already has a %s (%s replaces the die by a different kind)",
		               p + 1, T->die_id[x], id);
	}
	if (targets) {
		if (x >= s->nplayers)
			return qv_fail(err, QV_EILLEGAL, "%s is not a player of this game (p1-p%d)",
			               qv_player_name(x, b), s->nplayers);
		if (x == p)
			return qv_fail(err, QV_EILLEGAL,
			               "p%d cannot %s with itself (name another player)", p + 1,
			               id);
		if (e == AP_E_SWAP) {
			if (y >= T->nkinds)
				return qv_fail(err, QV_EINVAL, "not an item of this game");
			if (!ap_hand_count(pl, AP_NARROWS + y))
				return qv_fail(err, QV_EILLEGAL, "p%d does not hold a %s to give",
				               p + 1, T->item_id[y]);
			return qv_fail(err, QV_EILLEGAL,
			               "p%d has no %s left to give that is not used this round",
			               p + 1, T->item_id[y]);
		}
	}
	return qv_fail(err, QV_EILLEGAL, "not a valid use of %s", id);
}

/* Why `go` in direction arg is refused: not an arrow of p's landed card (the ones it has). */
static qv_status explain_go(const ap_state *s, int p, int arg, qv_err *err)
{
	if (arg >= QV_NDIRS)
		return qv_fail(err, QV_EINVAL, "go takes a direction N NE E SE S SW W NW");
	int m = ap_arrow_dirs(s, p);
	char list[40] = "", c[12];
	for (int d = 0; d < QV_NDIRS; d++)
		if (m >> d & 1) {
			strcat(list, " ");
			strcat(list, qv_dir_names[d]);
		}
	ap_card_name(ap_T(s), s->pl[p].throw_card - 1, c);
	return qv_fail(err, QV_EILLEGAL,
	               "%s is not an arrow of p%d's landed card %s (it points:%s)",
	               qv_dir_names[arg], p + 1, c, list);
}

/* What the game waits for, told to a move made out of its phase: each a whole sentence
 * (docs/web/narration.md: a page translates a reason by its format). */
static qv_status not_now(const ap_state *s, qv_err *err)
{
	switch (s->phase) {
	case AP_PH_ITEMS:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for the items phase (use <item> ... then "
		               "ready)");
	case AP_PH_TAKE:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for a swap's random take (chance: take "
		               "<item>)");
	case AP_PH_DRAW:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for a draw (chance: stack <value>)");
	case AP_PH_THROW:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for the throw (throw <card>)");
	case AP_PH_LAND:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for a landing (chance: land <k>)");
	case AP_PH_ROLL:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for a roll (chance: roll <n>)");
	case AP_PH_GO:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for the direction (go <dir>)");
	case AP_PH_WALK:
		return qv_fail(err, QV_EILLEGAL,
		               "not now: the game waits for a bump (chance: give <item|none> "
		               "<item|none>)");
	default: return qv_fail(err, QV_EILLEGAL, "the game is over");
	}
}

static qv_status explain(const ap_state *s, qv_action a, qv_err *err)
{
	int type = AP_TYPE(a), arg = AP_ARG(a), p = s->active;
	static const int phase_of[] = {
	    [AP_ACT_USE] = AP_PH_ITEMS, [AP_ACT_READY] = AP_PH_ITEMS, [AP_ACT_THROW] = AP_PH_THROW,
	    [AP_ACT_GO] = AP_PH_GO,     [AP_ACT_LAND] = AP_PH_LAND,   [AP_ACT_ROLL] = AP_PH_ROLL,
	    [AP_ACT_GIVE] = AP_PH_WALK, [AP_ACT_TAKE] = AP_PH_TAKE,   [AP_ACT_STACK] = AP_PH_DRAW,
	};
	if (a < 0 || type < AP_ACT_USE || type > AP_ACT_STACK)
		return qv_fail(err, QV_EINVAL, "not an action of this game");
	if (s->phase == AP_PH_OVER)
		return qv_fail(err, QV_EILLEGAL, "the game is over");
	if (phase_of[type] != s->phase)
		return not_now(s, err);
	const ap_player *pl = &s->pl[p < s->nplayers ? p : 0];
	const ap_tables *T = ap_T(s);
	char c[12];
	switch (type) {
	case AP_ACT_USE: return explain_use(s, p, arg, err);
	case AP_ACT_THROW:
		if (arg >= T->narrows)
			return qv_fail(err, QV_EINVAL, "throw takes an arrow card");
		ap_card_name(T, arg, c);
		return qv_fail(err, QV_EILLEGAL, "p%d does not hold %s", p + 1, c);
	case AP_ACT_GO: return explain_go(s, p, arg, err);
	case AP_ACT_ROLL:
		return qv_fail(err, QV_EILLEGAL, "p%d's %s rolls 1-%d", p + 1, T->die_id[pl->die],
		               T->die_faces[pl->die]);
	case AP_ACT_LAND: return qv_fail(err, QV_EILLEGAL, "a card lands turned by k = 0-7");
	case AP_ACT_STACK: return qv_fail(err, QV_EILLEGAL, "stack %d is empty or no stack", arg);
	case AP_ACT_TAKE:
		return qv_fail(err, QV_EILLEGAL, "p%d holds no such item to be taken",
		               pl->swap_target + 1);
	case AP_ACT_GIVE: {
		int i = s->pending ? __builtin_ctz(s->pending) : 0;
		return qv_fail(err, QV_EILLEGAL,
		               "the bump of p%d and p%d cannot give that (each gives an item it "
		               "holds, or none when it holds none)",
		               ap_pair_a[i] + 1, ap_pair_b[i] + 1);
	}
	default: return qv_fail(err, QV_EILLEGAL, "not now");
	}
}

/* ---- check ---- */

static bool listed(const ap_state *s, qv_action a)
{
	qv_action list[AP_MAX_CHANCE];
	double prob[AP_MAX_CHANCE];
	int n = ap_to_move(s) == QV_CHANCE ? ap_chance(s, list, prob) : ap_legal(s, list);
	for (int i = 0; i < n; i++)
		if (list[i] == a)
			return true;
	return false;
}

qv_status ap_check(const void *st, qv_action a, qv_err *err)
{
	return listed(st, a) ? QV_OK : explain(st, a, err);
}
