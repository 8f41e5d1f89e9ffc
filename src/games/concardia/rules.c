/*
 * rules.c - the rules of ConCardia, Arrow rules (docs/rules/concardia.md): the card
 * table, parameters and set-up, the secret start, the five-step turn, costs, the capture step
 * with its reactions, the end, ranks, determinization and a heuristic.
 *
 * Legality has one source of truth: legal() lists the actions, and apply accepts exactly the
 * listed ones (check_action explains a refusal), so the two cannot disagree. Drawing is never
 * a chance event: the decks are put in order (shuffled with a generator seeded by init, or as
 * listed with shuffle=false) when the game starts, and a draw takes the top card. The only
 * chance event is the coin that picks the first player when the starting cards tie.
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"

/* ---- the card table ---- */

#define AR(d) (1u << (d))
const cc_template cc_templates[CC_NTEMPLATES] = {
    {"sentinel", 1, 5, AR(QV_N) | AR(QV_S), "Airship", "sen", ""},
    {"striker", 4, 2, AR(QV_N), "Adventurer", "str", ""},
    {"lancer", 3, 2, AR(QV_NW) | AR(QV_NE), "Adventurer", "lan", ""},
    {"flanker", 2, 3, AR(QV_W) | AR(QV_E) | AR(QV_S), "Airship", "fla", ""},
    {"scout", 2, 2, AR(QV_N) | AR(QV_NE) | AR(QV_NW) | AR(QV_S), "Adventurer", "sco", ""},
    {"guard", 2, 4, AR(QV_N), "Maker", "gua", ""},
    {"star", 1, 2, AR(QV_N) | AR(QV_NE) | AR(QV_E) | AR(QV_S) | AR(QV_W) | AR(QV_NW), "Maker",
     "sta", ""},
    {"courier", 2, 2, AR(QV_N) | AR(QV_S), "Adventurer", "cou",
     "Action: Slide this card, or Jump it over an adjacent card."},
    {"shover", 2, 2, AR(QV_N), "Airship", "sho",
     "Action - Cost 1: Slide a card adjacent to this card one square directly away from it."},
    {"saboteur", 1, 2, AR(QV_N) | AR(QV_E) | AR(QV_W), "Maker", "sab",
     "Immediate - Cost X: Remove an opponent card in the Play Area whose Defense <= Power."},
    {"dynamo", 1, 3, AR(QV_N) | AR(QV_NE) | AR(QV_NW), "Maker", "dyn",
     "Persistent: put a Charge Counter on this card (at most 3). Action - Cost 2: this card has "
     "+2 Strength until end of turn."},
    {"duelist", 2, 2, AR(QV_N) | AR(QV_E), "Airship", "due",
     "Play: this card is Superior to cards of its own trait."},
    {"banner", 1, 3, AR(QV_N), "Maker", "ban",
     "Play: your other cards adjacent to this card have +1 Defense."},
    {"aegis", 1, 3, AR(QV_N), "Airship", "aeg",
     "Hand Reaction: when one of your cards would be captured, discard this card: that card is "
     "not captured this Capture Step."},
};
#undef AR

const char cc_trait_letters[3] = {'r', 'p', 's'};
const char *const cc_phase_names[CC_NPHASES] = {"start", "coin", "action", "pay", "react", "over"};
const char *const cc_end_names[] = {"none", "points", "passes", "loss", "cap"};
const char *const cc_pend_names[] = {"none", "shove", "boost", "boost-persistent", "sabotage"};

static const char *const starter_names[2] = {"expedition", "foundry"};
static const uint8_t starter_templates[2][7] = {
    {CC_STRIKER, CC_LANCER, CC_SCOUT, CC_STAR, CC_COURIER, CC_DYNAMO, CC_AEGIS},
    {CC_SENTINEL, CC_FLANKER, CC_GUARD, CC_SHOVER, CC_SABOTEUR, CC_DUELIST, CC_BANNER},
};

static inline bool is_persistent(int tmpl) { return tmpl == CC_DYNAMO; }
static inline int sq_of(int file, int rank) { return rank * 6 + file; }
#define SQ_C3 14 /* p1's starting square */
#define SQ_D4 21 /* p2's starting square */

int cc_step(int sq, int d)
{
	int f = sq % 6 + qv_dir_dx[d], r = sq / 6 + qv_dir_dy[d];
	if (f < 0 || r < 0 || f >= 6 || r >= 6)
		return -1;
	return sq_of(f, r);
}

int cc_board_dir(int owner, int d) { return owner == 0 ? d : (d + 4) % 8; }

int cc_find_card(const char *text)
{
	size_t n = strlen(text);
	if (n < 3 || n > 12 || text[n - 2] != '-')
		return -1;
	int trait = -1;
	for (int t = 0; t < 3; t++)
		if ((text[n - 1] | 0x20) == cc_trait_letters[t])
			trait = t;
	if (trait < 0)
		return -1;
	for (int k = 0; k < CC_NTEMPLATES; k++) {
		const char *id = cc_templates[k].id;
		size_t m = strlen(id);
		bool same = m == n - 2;
		for (size_t i = 0; same && i < m; i++)
			same = (text[i] | 0x20) == id[i];
		if (same)
			return k * 3 + trait;
	}
	return -1;
}

/* ---- the grid ---- */

static inline bool occupied(const cc_state *s, int sq) { return s->grid[sq].card != 0; }
static inline int cell_card(const cc_state *s, int sq) { return s->grid[sq].card - 1; }

static uint64_t occ_mask(const cc_state *s)
{
	uint64_t m = 0;
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (occupied(s, sq))
			m |= 1ull << sq;
	return m;
}

/* True when the card on `from` has an arrow pointing at the adjacent square `to`. */
static bool points_at(const cc_state *s, int from, int to)
{
	const cc_cell *c = &s->grid[from];
	unsigned arrows = cc_templates[cc_tmpl(c->card - 1)].arrows;
	for (int d = 0; d < QV_NDIRS; d++)
		if ((arrows >> d & 1) && cc_step(from, cc_board_dir(c->owner, d)) == to)
			return true;
	return false;
}

int cc_strength(const cc_state *s, int sq)
{
	const cc_cell *c = &s->grid[sq];
	return cc_templates[cc_tmpl(c->card - 1)].strength + 2 * c->boost;
}

int cc_defense(const cc_state *s, int sq)
{
	const cc_cell *c = &s->grid[sq];
	int def = cc_templates[cc_tmpl(c->card - 1)].defense;
	for (int d = 0; d < QV_NDIRS; d++) {
		int n = cc_step(sq, d);
		if (n >= 0 && occupied(s, n) && s->grid[n].owner == c->owner &&
		    cc_tmpl(cell_card(s, n)) == CC_BANNER)
			def++;
	}
	return def;
}

/* True when the card on `from` counts as beating the card on `to` for capture: its trait
 * beats the target's, or it is Superior to it (a duelist against its own trait). */
static bool superior(const cc_state *s, int from, int to)
{
	int a = cell_card(s, from), b = cell_card(s, to);
	if (cc_beats(cc_trait(a), cc_trait(b)))
		return true;
	return cc_tmpl(a) == CC_DUELIST && cc_trait(a) == cc_trait(b);
}

/* The sum of the Strengths of the superior arrows at sq and how many there are (the hot path
 * of the Capture step and the heuristic: kept inline). */
static inline int attack_sum(const cc_state *s, int sq, int *str, int *sum)
{
	int n = 0, total = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		int a = cc_step(sq, d);
		if (a < 0 || !occupied(s, a) || s->grid[a].owner == s->grid[sq].owner)
			continue;
		if (points_at(s, a, sq) && superior(s, a, sq)) {
			int k = cc_strength(s, a);
			if (str)
				str[n] = k;
			total += k;
			n++;
		}
	}
	*sum = total;
	return n;
}

int cc_attackers(const cc_state *s, int sq, int *str, int *sum)
{
	return attack_sum(s, sq, str, sum);
}

uint64_t cc_would_capture(const cc_state *s)
{
	uint64_t m = 0;
	for (int sq = 0; sq < CC_NSQ; sq++) {
		if (!occupied(s, sq))
			continue;
		int sum, n = attack_sum(s, sq, NULL, &sum);
		if (n > 0 && sum >= cc_defense(s, sq))
			m |= 1ull << sq;
	}
	return m;
}

int cc_board_count(const cc_state *s, int p)
{
	int n = s->pl[p].npersist;
	for (int sq = 0; sq < CC_NSQ; sq++)
		n += occupied(s, sq) && s->grid[sq].owner == p;
	return n;
}

int cc_units(const cc_state *s, int p)
{
	int n = s->pl[p].nhand;
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (occupied(s, sq) && s->grid[sq].owner == p)
			n += s->grid[sq].counters;
	for (int i = 0; i < s->pl[p].npersist; i++)
		n += s->pl[p].pcounters[i];
	return n;
}

static int aegis_held(const cc_player *pl)
{
	return pl->hand[CC_AEGIS * 3] + pl->hand[CC_AEGIS * 3 + 1] + pl->hand[CC_AEGIS * 3 + 2];
}

static int persist_slot(const cc_player *pl, int card)
{
	for (int i = 0; i < pl->npersist; i++)
		if (pl->persist[i] == card + 1)
			return i;
	return -1;
}

static bool persist_has_template(const cc_player *pl, int tmpl)
{
	for (int i = 0; i < pl->npersist; i++)
		if (cc_tmpl(pl->persist[i] - 1) == tmpl)
			return true;
	return false;
}

/* ---- turns, the capture step and the end ---- */

int cc_to_move(const cc_state *s)
{
	switch (s->phase) {
	case CC_PH_OVER: return QV_OVER;
	case CC_PH_COIN: return QV_CHANCE;
	case CC_PH_REACT: return s->react_next < CC_NSQ ? s->active : 1 - s->active;
	default: return s->active;
	}
}

/* Draws the top card of p's deck into p's hand; returns it, or -1 when the deck is empty. */
static int draw(cc_state *s, int p)
{
	cc_player *pl = &s->pl[p];
	if (pl->ndeck == 0)
		return -1;
	int card = pl->deck[--pl->ndeck];
	pl->deck[pl->ndeck] = 0;
	pl->hand[card]++;
	pl->nhand++;
	return card;
}

/* Steps 1 and 2 of p's turn: the draw and the Persistent effects (dynamos charge). */
static void begin_turn(cc_state *s, int p, qv_events *ev)
{
	s->active = (uint8_t)p;
	s->phase = CC_PH_ACTION;
	int card = draw(s, p);
	if (ev)
		cc_say_draw(s, p, card, ev);
	for (int sq = 0; sq < CC_NSQ; sq++) {
		cc_cell *c = &s->grid[sq];
		if (c->card && c->owner == p && cc_tmpl(c->card - 1) == CC_DYNAMO &&
		    c->counters < CC_MAX_COUNTERS) {
			c->counters++;
			if (ev)
				cc_say_charge(c->card - 1, sq, -1, c->counters, ev);
		}
	}
	cc_player *pl = &s->pl[p];
	for (int i = 0; i < pl->npersist; i++)
		if (cc_tmpl(pl->persist[i] - 1) == CC_DYNAMO &&
		    pl->pcounters[i] < CC_MAX_COUNTERS) {
			pl->pcounters[i]++;
			if (ev)
				cc_say_charge(pl->persist[i] - 1, -1, p, pl->pcounters[i], ev);
		}
	if (ev && s->passes == 1)
		qv_say(ev, "p%d passed; if p%d passes too, the game ends", 2 - p, p + 1);
}

/* The Immediate card set aside while its cost was paid goes to its owner's discard pile. */
static void set_aside_to_discard(cc_state *s, qv_events *ev)
{
	if (!s->pend_card)
		return;
	cc_player *pl = &s->pl[s->active];
	pl->discard[pl->ndiscard++] = (uint8_t)(s->pend_card - 1);
	if (ev)
		cc_say_to_discard(s->pend_card - 1, s->active, ev);
	s->pend_card = 0;
}

/* The third-turn rule: a player who has completed three own turns and has no card on the
 * Board loses. Returns true when the game ended. */
static bool check_loss(cc_state *s, qv_events *ev)
{
	bool any = false;
	for (int p = 0; p < 2; p++)
		if (s->pl[p].turns >= 3 && cc_board_count(s, p) == 0) {
			s->pl[p].lost = 1;
			any = true;
		}
	if (any) {
		s->ended = CC_END_LOSS;
		s->phase = CC_PH_OVER;
		s->would = s->saved = 0;
		s->react_next = s->reacted = 0;
		set_aside_to_discard(s, ev);
		if (ev)
			cc_say_end(s, ev);
	}
	return any;
}

/* Step 5: the used Immediate card goes to the discard pile, boosts end, the end is checked,
 * and the next turn begins. */
static void clean_up(cc_state *s, qv_events *ev)
{
	int p = s->active;
	s->would = s->saved = 0;
	s->react_next = s->reacted = 0;
	set_aside_to_discard(s, ev);
	for (int sq = 0; sq < CC_NSQ; sq++)
		s->grid[sq].boost = 0;
	if (s->pl[p].turns < 255)
		s->pl[p].turns++;
	s->turn_no++;
	if (check_loss(s, ev))
		return;
	int end = CC_END_NONE;
	for (int q = 0; q < 2; q++)
		if (s->pl[q].nvictory >= s->target)
			end = CC_END_POINTS;
	if (!end && s->passes >= 2)
		end = CC_END_PASSES;
	if (!end && s->turn_no >= s->max_turns)
		end = CC_END_CAP;
	if (end) {
		s->ended = (uint8_t)end;
		s->phase = CC_PH_OVER;
		if (ev)
			cc_say_end(s, ev);
		return;
	}
	begin_turn(s, 1 - p, ev);
}

/* Steps 4b to 5: offers the next "would be captured" reaction, or, when none is left,
 * captures every card that would be captured, all at once, and cleans up. */
static void advance_capture(cc_state *s, qv_events *ev)
{
	for (; s->react_next < 2 * CC_NSQ; s->react_next++) {
		int who = s->react_next < CC_NSQ ? s->active : 1 - s->active;
		int sq = s->react_next % CC_NSQ;
		if ((s->would >> sq & 1) && s->grid[sq].owner == who && !(s->saved >> sq & 1) &&
		    aegis_held(&s->pl[who])) {
			s->phase = CC_PH_REACT;
			if (ev)
				cc_say_threat(s, sq, ev);
			return;
		}
	}
	uint64_t caught = s->reacted ? cc_would_capture(s) : s->would;
	caught &= ~s->saved;
	if (ev && caught)
		cc_say_captures(s, caught, ev); /* on the grid as it stands: all at once */
	for (int sq = 0; sq < CC_NSQ; sq++) {
		if (!(caught >> sq & 1))
			continue;
		cc_cell *c = &s->grid[sq];
		cc_player *capturer = &s->pl[1 - c->owner];
		capturer->victory[capturer->nvictory++] = (uint8_t)(c->card - 1);
		memset(c, 0, sizeof *c);
	}
	clean_up(s, ev);
}

/* Step 4a, after the action. */
static void begin_capture(cc_state *s, qv_events *ev)
{
	s->pend_kind = s->pend_from = s->pend_to = s->pend_left = s->pend_paid = 0;
	s->phase = CC_PH_ACTION; /* not REACT unless an offer is made */
	s->would = cc_would_capture(s);
	s->saved = 0;
	s->reacted = 0;
	s->react_next = 0;
	advance_capture(s, ev);
}

static void move_card(cc_state *s, int from, int to)
{
	s->grid[to] = s->grid[from];
	memset(&s->grid[from], 0, sizeof s->grid[from]);
}

static int dir_between(int from, int to)
{
	int dx = to % 6 - from % 6, dy = to / 6 - from / 6;
	for (int d = 0; d < QV_NDIRS; d++)
		if (qv_dir_dx[d] == dx && qv_dir_dy[d] == dy)
			return d;
	return -1;
}

void cc_pending_effect(cc_state *s, qv_events *ev)
{
	switch (s->pend_kind) {
	case CC_PEND_SHOVE: {
		int d = dir_between(s->pend_from, s->pend_to);
		int to = d >= 0 ? cc_step(s->pend_to, d) : -1;
		bool moved = to >= 0 && !occupied(s, to);
		if (ev)
			cc_say_shove(s, moved ? to : -1, ev);
		if (moved)
			move_card(s, s->pend_to, to);
		break;
	}
	case CC_PEND_BOOST:
		s->grid[s->pend_from].boost = 1;
		if (ev)
			cc_say_boost(s, s->pend_from, ev);
		break;
	case CC_PEND_PBOOST:
		if (ev)
			cc_say_boost(s, -1, ev);
		break;
	case CC_PEND_SABOTAGE: {
		int sq = s->pend_to;
		bool removed = occupied(s, sq) && cc_defense(s, sq) <= s->pend_paid + 1;
		if (ev)
			cc_say_sabotage(s, removed, ev);
		if (removed) {
			cc_player *owner = &s->pl[s->grid[sq].owner];
			owner->discard[owner->ndiscard++] = (uint8_t)(s->grid[sq].card - 1);
			memset(&s->grid[sq], 0, sizeof s->grid[sq]);
		}
		break;
	}
	default: break;
	}
}

/* The effect of a paid action, then the capture step. */
static void resolve_pending(cc_state *s, qv_events *ev)
{
	cc_pending_effect(s, ev);
	s->pend_kind = s->pend_from = s->pend_to = s->pend_left = s->pend_paid = 0;
	if (check_loss(s, ev))
		return;
	begin_capture(s, ev);
}

/* ---- init ---- */

static const qv_param_def cc_params[] = {
    {"deck1", "expedition", "expedition, foundry, or a comma-separated list of 8-60 card ids",
     "p1's deck"},
    {"deck2", "foundry", "expedition, foundry, or a comma-separated list of 8-60 card ids",
     "p2's deck"},
    {"shuffle", "true", "true or false", "false keeps the listed order (top of deck first)"},
    {"target", "5", "a whole number from 1 to 60", "points that end the game"},
    {"max_turns", "300", "a whole number from 20 to 5000",
     "safety cap: the game ends after this many turns"},
};
#define CC_NPARAMS ((int)(sizeof cc_params / sizeof cc_params[0]))

/* Reads a deck parameter into list (top of deck first). */
static qv_status parse_deck(const qv_params *params, const char *key, uint8_t *list, int *n,
                            qv_err *err)
{
	const char *v = qv_params_get(params, key);
	if (!v)
		v = strcmp(key, "deck1") == 0 ? "expedition" : "foundry";
	for (int k = 0; k < 2; k++)
		if (qv_streq_nocase(v, starter_names[k])) {
			*n = 0;
			for (int i = 0; i < 7; i++)
				for (int t = 0; t < 3; t++)
					list[(*n)++] = (uint8_t)(starter_templates[k][i] * 3 + t);
			return QV_OK;
		}
	uint8_t count[CC_NCARDS] = {0};
	*n = 0;
	const char *p = v;
	char tok[32];
	size_t len;
	while (qv_list_next(&p, tok, sizeof tok, &len)) {
		if (len == 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: an empty card id in '%.60s' (expected expedition, foundry, or card ids separated by commas, e.g. striker-r,lancer-p,...)",
			    key, v);
		int card = len < 31 ? cc_find_card(tok) : -1;
		if (card < 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: unknown card id '%s' (a card id is a template and a trait r, p or s, e.g. striker-p; templates: sentinel, striker, lancer, flanker, scout, guard, star, courier, shover, saboteur, dynamo, duelist, banner, aegis; or a starter deck: expedition, foundry)",
			    key, tok);
		if (*n >= CC_DECK_MAX)
			return qv_fail(err, QV_EINVAL, "%s: a deck holds at most %d cards", key,
			               CC_DECK_MAX);
		if (++count[card] > 2)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: '%s' appears more than twice (a card id at most twice in a deck)",
			    key, tok);
		list[(*n)++] = (uint8_t)card;
	}
	if (*n < CC_DECK_MIN)
		return qv_fail(err, QV_EINVAL, "%s: a deck needs %d to %d cards, this one has %d",
		               key, CC_DECK_MIN, CC_DECK_MAX, *n);
	return QV_OK;
}

static qv_status cc_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	static const char *const bools[] = {"false", "true", NULL};
	long target, max_turns;
	int shuffle;
	uint8_t list[2][CC_DECK_MAX];
	int n[2];
	qv_status rc;
	if ((rc = qv_params_check_keys(params, cc_params, CC_NPARAMS, "concardia", err)) ||
	    (rc = parse_deck(params, "deck1", list[0], &n[0], err)) ||
	    (rc = parse_deck(params, "deck2", list[1], &n[1], err)) ||
	    (rc =
	         qv_param_choice(params, cc_params, CC_NPARAMS, "shuffle", bools, &shuffle, err)) ||
	    (rc = qv_param_int(params, cc_params, CC_NPARAMS, "target", 1, 60, &target, err)) ||
	    (rc = qv_param_int(params, cc_params, CC_NPARAMS, "max_turns", 20, 5000, &max_turns,
	                       err)))
		return rc;
	cc_state *s = st;
	memset(s, 0, sizeof *s);
	s->target = (uint16_t)target;
	s->max_turns = (uint16_t)max_turns;
	s->shuffle = (uint8_t)shuffle;
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	for (int p = 0; p < 2; p++) {
		cc_player *pl = &s->pl[p];
		pl->decklen = (uint8_t)n[p];
		for (int i = 0; i < n[p]; i++)
			pl->owned[list[p][i]]++;
		if (shuffle)
			for (int i = n[p] - 1; i > 0; i--) {
				int j = (int)qv_rng_below(&rng, (uint32_t)(i + 1));
				uint8_t t = list[p][i];
				list[p][i] = list[p][j];
				list[p][j] = t;
			}
		for (int i = 0; i < n[p]; i++)
			pl->deck[i] = list[p][n[p] - 1 - i];
		pl->ndeck = (uint8_t)n[p];
		for (int i = 0; i < 7; i++)
			draw(s, p);
	}
	s->phase = CC_PH_START;
	s->active = 0;
	return QV_OK;
}

/* ---- legal actions ---- */

/* Empty squares adjacent to a card on the grid. */
static uint64_t place_targets(const cc_state *s)
{
	uint64_t occ = occ_mask(s), m = 0;
	for (int sq = 0; sq < CC_NSQ; sq++) {
		if (occ >> sq & 1)
			continue;
		for (int d = 0; d < QV_NDIRS; d++) {
			int n = cc_step(sq, d);
			if (n >= 0 && (occ >> n & 1)) {
				m |= 1ull << sq;
				break;
			}
		}
	}
	return m;
}

/* The destinations of the card on sq for slide (one step) and jump (over an adjacent card),
 * and the cards a shover there can push (each with an empty square beyond). */
static uint64_t slide_dests(const cc_state *s, int sq)
{
	uint64_t m = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		int t = cc_step(sq, d);
		if (t >= 0 && !occupied(s, t))
			m |= 1ull << t;
	}
	return m;
}

static uint64_t jump_dests(const cc_state *s, int sq)
{
	uint64_t m = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		int over = cc_step(sq, d), t = over >= 0 ? cc_step(over, d) : -1;
		if (t >= 0 && occupied(s, over) && !occupied(s, t))
			m |= 1ull << t;
	}
	return m;
}

static uint64_t shove_targets(const cc_state *s, int sq)
{
	uint64_t m = 0;
	for (int d = 0; d < QV_NDIRS; d++) {
		int n = cc_step(sq, d), t = n >= 0 ? cc_step(n, d) : -1;
		if (t >= 0 && occupied(s, n) && !occupied(s, t))
			m |= 1ull << n;
	}
	return m;
}

/* Saboteur's X against the card on sq: its Defense - 1, at least 0. */
static int sabotage_cost(const cc_state *s, int sq)
{
	int x = cc_defense(s, sq) - 1;
	return x < 0 ? 0 : x;
}

static int emit_mask(qv_action *out, int n, int type, int base, uint64_t m)
{
	for (; m; m &= m - 1)
		out[n++] = CC_MAKE(type, base | __builtin_ctzll(m) << 6);
	return n;
}

static int legal_action_step(const cc_state *s, qv_action *out)
{
	int p = s->active, n = 0;
	const cc_player *pl = &s->pl[p];
	uint64_t targets = place_targets(s);
	for (int c = 0; c < CC_NCARDS; c++)
		if (pl->hand[c])
			n = emit_mask(out, n, CC_ACT_PLAY, c, targets);
	if (pl->npersist < CC_MAX_PERSIST)
		for (int c = 0; c < CC_NCARDS; c++)
			if (pl->hand[c] && is_persistent(cc_tmpl(c)) &&
			    !persist_has_template(pl, cc_tmpl(c)))
				out[n++] = CC_MAKE(CC_ACT_PERSIST, c);
	int units = cc_units(s, p);
	for (int sq = 0; sq < CC_NSQ; sq++) {
		if (!occupied(s, sq) || s->grid[sq].owner != p)
			continue;
		switch (cc_tmpl(cell_card(s, sq))) {
		case CC_COURIER:
			n = emit_mask(out, n, CC_ACT_SLIDE, sq, slide_dests(s, sq));
			n = emit_mask(out, n, CC_ACT_JUMP, sq, jump_dests(s, sq));
			break;
		case CC_SHOVER:
			if (units >= 1)
				n = emit_mask(out, n, CC_ACT_SHOVE, sq, shove_targets(s, sq));
			break;
		case CC_DYNAMO:
			if (units >= 2)
				out[n++] = CC_MAKE(CC_ACT_BOOST, sq);
			break;
		default: break;
		}
	}
	for (int i = 0; i < pl->npersist; i++)
		if (cc_tmpl(pl->persist[i] - 1) == CC_DYNAMO && units >= 2)
			out[n++] = CC_MAKE(CC_ACT_PBOOST, pl->persist[i] - 1);
	for (int c = CC_SABOTEUR * 3; c < CC_SABOTEUR * 3 + 3; c++) {
		if (!pl->hand[c])
			continue;
		for (int sq = 0; sq < CC_NSQ; sq++)
			if (occupied(s, sq) && s->grid[sq].owner != p &&
			    units - 1 >= sabotage_cost(s, sq))
				out[n++] = CC_MAKE(CC_ACT_IMMEDIATE, c | sq << 6);
	}
	out[n++] = CC_MAKE(CC_ACT_PASS, 0);
	return n;
}

static int cc_legal(const void *st, qv_action *out)
{
	const cc_state *s = st;
	int n = 0, p = s->active;
	const cc_player *pl = &s->pl[p];
	switch (s->phase) {
	case CC_PH_START:
		for (int c = 0; c < CC_NCARDS; c++)
			if (pl->hand[c])
				out[n++] = CC_MAKE(CC_ACT_START, c);
		break;
	case CC_PH_ACTION: n = legal_action_step(s, out); break;
	case CC_PH_PAY:
		for (int c = 0; c < CC_NCARDS; c++)
			if (pl->hand[c])
				out[n++] = CC_MAKE(CC_ACT_DISCARD, c);
		for (int sq = 0; sq < CC_NSQ; sq++)
			if (occupied(s, sq) && s->grid[sq].owner == p && s->grid[sq].counters)
				out[n++] = CC_MAKE(CC_ACT_COUNTER, sq);
		for (int i = 0; i < pl->npersist; i++)
			if (pl->pcounters[i])
				out[n++] = CC_MAKE(CC_ACT_PCOUNTER, pl->persist[i] - 1);
		break;
	case CC_PH_REACT: {
		int who = cc_to_move(s), sq = s->react_next % CC_NSQ;
		for (int c = CC_AEGIS * 3; c < CC_AEGIS * 3 + 3; c++)
			if (s->pl[who].hand[c])
				out[n++] = CC_MAKE(CC_ACT_REACT, c | sq << 6);
		out[n++] = CC_MAKE(CC_ACT_DECLINE, 0);
		break;
	}
	default: break;
	}
	return n;
}

static int cc_chance(const void *st, qv_action *out, double *prob)
{
	const cc_state *s = st;
	if (s->phase != CC_PH_COIN)
		return 0;
	for (int p = 0; p < 2; p++) {
		out[p] = CC_MAKE(CC_ACT_COIN, p);
		prob[p] = 0.5;
	}
	return 2;
}

/* ---- why an action is refused ---- */

static const char *card_name(int card, char *buf)
{
	cc_card_name(card, buf);
	return buf;
}

static const char *sq_name(int sq, char *buf)
{
	qv_sq_name(sq % 6, sq / 6, buf);
	return buf;
}

/* What the player to move is asked now, for messages. */
static void pending_text(const cc_state *s, char *buf, size_t len)
{
	char b[4];
	switch (s->phase) {
	case CC_PH_START:
		snprintf(buf, len, "p%d must choose a starting card: start <card>", s->active + 1);
		break;
	case CC_PH_COIN:
		snprintf(buf, len, "the coin decides who plays first: coin p1 or coin p2");
		break;
	case CC_PH_ACTION:
		snprintf(buf, len,
		         "p%d chooses the turn's action: play, persist, act, immediate or pass",
		         s->active + 1);
		break;
	case CC_PH_PAY:
		snprintf(
		    buf, len,
		    "p%d is paying a cost (%d left): discard <card>, counter <sq> or counter persistent <card>",
		    s->active + 1, s->pend_left);
		break;
	case CC_PH_REACT:
		snprintf(buf, len, "p%d may react to %s being captured: react <card> %s or decline",
		         cc_to_move(s) + 1, sq_name(s->react_next % CC_NSQ, b), b);
		break;
	default: snprintf(buf, len, "the game is over"); break;
	}
}

static bool valid_card(int c) { return c >= 0 && c < CC_NCARDS; }
static bool valid_sq(int sq) { return sq >= 0 && sq < CC_NSQ; }

/* The reason a well-formed action of this game is not legal now. */
static qv_status explain(const cc_state *s, qv_action a, qv_err *err)
{
	int type = CC_TYPE(a), arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg);
	int p = cc_to_move(s);
	char b1[16], b2[16], what[160];
	pending_text(s, what, sizeof what);
	static const int phase_of[] = {
	    [CC_ACT_START] = CC_PH_START,      [CC_ACT_PLAY] = CC_PH_ACTION,
	    [CC_ACT_PERSIST] = CC_PH_ACTION,   [CC_ACT_SLIDE] = CC_PH_ACTION,
	    [CC_ACT_JUMP] = CC_PH_ACTION,      [CC_ACT_SHOVE] = CC_PH_ACTION,
	    [CC_ACT_BOOST] = CC_PH_ACTION,     [CC_ACT_PBOOST] = CC_PH_ACTION,
	    [CC_ACT_IMMEDIATE] = CC_PH_ACTION, [CC_ACT_DISCARD] = CC_PH_PAY,
	    [CC_ACT_COUNTER] = CC_PH_PAY,      [CC_ACT_PCOUNTER] = CC_PH_PAY,
	    [CC_ACT_REACT] = CC_PH_REACT,      [CC_ACT_DECLINE] = CC_PH_REACT,
	    [CC_ACT_PASS] = CC_PH_ACTION,      [CC_ACT_COIN] = CC_PH_COIN,
	};
	if (type < CC_ACT_START || type > CC_ACT_COIN)
		return qv_fail(err, QV_EINVAL, "not an action of this game");
	if (s->phase == CC_PH_OVER)
		return qv_fail(err, QV_EILLEGAL, "the game is over");
	if (phase_of[type] != s->phase)
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	const cc_player *pl = &s->pl[p >= 0 ? p : 0];
	bool card_arg = type == CC_ACT_START || type == CC_ACT_PLAY || type == CC_ACT_PERSIST ||
	                type == CC_ACT_IMMEDIATE || type == CC_ACT_DISCARD || type == CC_ACT_REACT;
	if (card_arg && (!valid_card(x) || !pl->hand[x]))
		return qv_fail(err, QV_EILLEGAL, "p%d does not hold %s", p + 1,
		               valid_card(x) ? card_name(x, b1) : "that card");
	if (!valid_sq(x) && !card_arg && type != CC_ACT_PBOOST && type != CC_ACT_PCOUNTER &&
	    type != CC_ACT_DECLINE && type != CC_ACT_PASS && type != CC_ACT_COIN)
		return qv_fail(err, QV_EINVAL, "not a square of the 6 x 6 grid");
	switch (type) {
	case CC_ACT_PLAY:
		if (!valid_sq(y) || occupied(s, y))
			return qv_fail(err, QV_EILLEGAL, "%s is not an empty square",
			               valid_sq(y) ? sq_name(y, b2) : "that");
		return qv_fail(
		    err, QV_EILLEGAL,
		    "%s is not adjacent to a card on the grid (a card is played next to one already there)",
		    sq_name(y, b2));
	case CC_ACT_PERSIST:
		if (!is_persistent(cc_tmpl(x)))
			return qv_fail(err, QV_EILLEGAL, "%s is not a Persistent card",
			               card_name(x, b1));
		return qv_fail(err, QV_EILLEGAL,
		               "p%d's Persistent Area already holds a card of that name", p + 1);
	case CC_ACT_SLIDE:
	case CC_ACT_JUMP:
	case CC_ACT_SHOVE:
	case CC_ACT_BOOST: {
		static const int need[] = {[CC_ACT_SLIDE] = CC_COURIER,
		                           [CC_ACT_JUMP] = CC_COURIER,
		                           [CC_ACT_SHOVE] = CC_SHOVER,
		                           [CC_ACT_BOOST] = CC_DYNAMO};
		if (!occupied(s, x) || s->grid[x].owner != p)
			return qv_fail(err, QV_EILLEGAL, "%s holds no card of p%d", sq_name(x, b1),
			               p + 1);
		if (cc_tmpl(cell_card(s, x)) != need[type])
			return qv_fail(err, QV_EILLEGAL,
			               "the card on %s has no such Action (it takes a %s)",
			               sq_name(x, b1), cc_templates[need[type]].id);
		if (type == CC_ACT_BOOST || type == CC_ACT_SHOVE)
			if (cc_units(s, p) < (type == CC_ACT_BOOST ? 2 : 1))
				return qv_fail(
				    err, QV_EILLEGAL,
				    "p%d cannot pay the cost (cards in hand and Charge Counters: %d)",
				    p + 1, cc_units(s, p));
		if (type == CC_ACT_SLIDE)
			return qv_fail(err, QV_EILLEGAL,
			               "a slide goes to an empty adjacent square");
		if (type == CC_ACT_JUMP)
			return qv_fail(
			    err, QV_EILLEGAL,
			    "a jump goes over an adjacent card to the empty square directly beyond it");
		return qv_fail(
		    err, QV_EILLEGAL,
		    "a shove pushes an adjacent card one square directly away, onto an empty square");
	}
	case CC_ACT_PBOOST:
		if (!valid_card(x) || persist_slot(pl, x) < 0)
			return qv_fail(err, QV_EILLEGAL, "p%d's Persistent Area holds no %s", p + 1,
			               valid_card(x) ? card_name(x, b1) : "such card");
		return qv_fail(err, QV_EILLEGAL, "p%d cannot pay the cost 2", p + 1);
	case CC_ACT_IMMEDIATE:
		if (cc_tmpl(x) != CC_SABOTEUR)
			return qv_fail(err, QV_EILLEGAL, "%s has no Immediate ability",
			               card_name(x, b1));
		if (!valid_sq(y) || !occupied(s, y) || s->grid[y].owner == p)
			return qv_fail(err, QV_EILLEGAL,
			               "the target must be an opponent card in the Play Area");
		return qv_fail(err, QV_EILLEGAL, "p%d cannot pay X = %d", p + 1,
		               sabotage_cost(s, y));
	case CC_ACT_COUNTER:
		return qv_fail(err, QV_EILLEGAL, "%s holds no card of p%d with a Charge Counter",
		               sq_name(x, b1), p + 1);
	case CC_ACT_PCOUNTER:
		return qv_fail(err, QV_EILLEGAL,
		               "no card %s with a Charge Counter in p%d's Persistent Area",
		               valid_card(x) ? card_name(x, b1) : "", p + 1);
	case CC_ACT_REACT:
		if (cc_tmpl(x) != CC_AEGIS)
			return qv_fail(err, QV_EILLEGAL,
			               "%s has no reaction to a card being captured",
			               card_name(x, b1));
		return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	default: return qv_fail(err, QV_EILLEGAL, "not now: %s", what);
	}
}

/* ---- apply ---- */

/* Legal when it is the coin's outcome during the toss, or one of the legal actions. */
static qv_status cc_check(const void *st, qv_action a, qv_err *err)
{
	const cc_state *s = st;
	if (s->phase == CC_PH_COIN)
		return CC_TYPE(a) == CC_ACT_COIN && (CC_ARG(a) == 0 || CC_ARG(a) == 1)
		           ? QV_OK
		           : explain(s, a, err);
	qv_action list[CC_MAX_ACTIONS];
	int n = cc_legal(s, list);
	for (int i = 0; i < n; i++)
		if (list[i] == a)
			return QV_OK;
	return explain(s, a, err);
}

static void cc_apply(void *st, qv_action a, qv_events *ev)
{
	cc_state *s = st;
	if (s->phase == CC_PH_COIN) {
		s->first = (uint8_t)CC_ARG(a);
		qv_say(ev, "p%d plays first", CC_ARG(a) + 1);
		begin_turn(s, CC_ARG(a), ev);
		return;
	}
	int arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg), p = s->active;
	cc_player *pl = &s->pl[p];
	switch (CC_TYPE(a)) {
	case CC_ACT_START:
		pl->hand[x]--;
		pl->nhand--;
		pl->start = (uint8_t)(x + 1);
		if (p == 0) {
			s->active = 1;
			break;
		}
		{
			int c1 = s->pl[0].start - 1, c2 = s->pl[1].start - 1;
			s->grid[SQ_C3] = (cc_cell){(uint8_t)(c1 + 1), 0, 0, 0};
			s->grid[SQ_D4] = (cc_cell){(uint8_t)(c2 + 1), 1, 0, 0};
			s->pl[0].start = s->pl[1].start = 0;
			const cc_template *t1 = &cc_templates[cc_tmpl(c1)],
			                  *t2 = &cc_templates[cc_tmpl(c2)];
			int first = -1;
			if (cc_beats(cc_trait(c1), cc_trait(c2)))
				first = 1;
			else if (cc_beats(cc_trait(c2), cc_trait(c1)))
				first = 0;
			else if (t1->defense != t2->defense)
				first = t1->defense < t2->defense ? 0 : 1;
			else if (t1->strength != t2->strength)
				first = t1->strength < t2->strength ? 0 : 1;
			if (ev)
				cc_say_reveal(c1, c2, first, ev);
			if (first < 0) {
				s->phase = CC_PH_COIN;
				s->active = 0;
			} else {
				s->first = (uint8_t)first;
				begin_turn(s, first, ev);
			}
		}
		break;
	case CC_ACT_PLAY:
		pl->hand[x]--;
		pl->nhand--;
		s->grid[y] = (cc_cell){(uint8_t)(x + 1), (uint8_t)p, 0, 0};
		s->passes = 0;
		begin_capture(s, ev);
		break;
	case CC_ACT_PERSIST:
		pl->hand[x]--;
		pl->nhand--;
		pl->persist[pl->npersist] = (uint8_t)(x + 1);
		pl->pcounters[pl->npersist++] = 0;
		s->passes = 0;
		begin_capture(s, ev);
		break;
	case CC_ACT_SLIDE:
	case CC_ACT_JUMP:
		move_card(s, x, y);
		s->passes = 0;
		begin_capture(s, ev);
		break;
	case CC_ACT_SHOVE:
	case CC_ACT_BOOST:
	case CC_ACT_PBOOST:
	case CC_ACT_IMMEDIATE:
		s->passes = 0;
		s->pend_paid = 0;
		if (CC_TYPE(a) == CC_ACT_SHOVE) {
			s->pend_kind = CC_PEND_SHOVE;
			s->pend_from = (uint8_t)x;
			s->pend_to = (uint8_t)y;
			s->pend_left = 1;
		} else if (CC_TYPE(a) == CC_ACT_BOOST) {
			s->pend_kind = CC_PEND_BOOST;
			s->pend_from = (uint8_t)x;
			s->pend_left = 2;
		} else if (CC_TYPE(a) == CC_ACT_PBOOST) {
			s->pend_kind = CC_PEND_PBOOST;
			s->pend_from = (uint8_t)x;
			s->pend_left = 2;
		} else {
			pl->hand[x]--;
			pl->nhand--;
			s->pend_card = (uint8_t)(x + 1);
			s->pend_kind = CC_PEND_SABOTAGE;
			s->pend_to = (uint8_t)y;
			s->pend_left = (uint8_t)sabotage_cost(s, y);
		}
		s->phase = CC_PH_PAY;
		if (ev)
			cc_say_cost(s, ev);
		if (s->pend_left == 0)
			resolve_pending(s, ev);
		break;
	case CC_ACT_DISCARD:
	case CC_ACT_COUNTER:
	case CC_ACT_PCOUNTER:
		if (CC_TYPE(a) == CC_ACT_DISCARD) {
			pl->hand[x]--;
			pl->nhand--;
			pl->discard[pl->ndiscard++] = (uint8_t)x;
		} else if (CC_TYPE(a) == CC_ACT_COUNTER) {
			s->grid[x].counters--;
			if (ev)
				cc_say_counters(cell_card(s, x), x, -1, s->grid[x].counters, ev);
		} else {
			int slot = persist_slot(pl, x);
			pl->pcounters[slot]--;
			if (ev)
				cc_say_counters(x, -1, p, pl->pcounters[slot], ev);
		}
		s->pend_left--;
		s->pend_paid++;
		if (s->pend_left == 0)
			resolve_pending(s, ev);
		else if (ev)
			qv_say(ev, "%d unit%s left to pay", s->pend_left,
			       s->pend_left == 1 ? "" : "s");
		break;
	case CC_ACT_REACT: {
		cc_player *r = &s->pl[cc_to_move(s)];
		r->hand[x]--;
		r->nhand--;
		r->discard[r->ndiscard++] = (uint8_t)x;
		s->saved |= 1ull << y;
		s->reacted = 1;
		s->react_next++;
		if (ev)
			cc_say_saved(s, x, y, ev);
		advance_capture(s, ev);
		break;
	}
	case CC_ACT_DECLINE:
		s->react_next++;
		advance_capture(s, ev);
		break;
	case CC_ACT_PASS:
		s->passes++;
		begin_capture(s, ev);
		break;
	default: break;
	}
}

/* ---- scores, ranks, utilities ---- */

static void cc_score(const void *st, int *out)
{
	const cc_state *s = st;
	for (int p = 0; p < 2; p++)
		out[p] = s->pl[p].nvictory;
}

/* a ranks above b: a loss outranks points; then points, then cards on the Board. */
static int rank_cmp(const void *ctx, int a, int b)
{
	const cc_state *s = ctx;
	if (s->pl[a].lost != s->pl[b].lost)
		return s->pl[a].lost ? -1 : 1;
	if (s->pl[a].lost)
		return 0;
	if (s->pl[a].nvictory != s->pl[b].nvictory)
		return s->pl[a].nvictory > s->pl[b].nvictory ? 1 : -1;
	int ba = cc_board_count(s, a), bb = cc_board_count(s, b);
	if (ba != bb)
		return ba > bb ? 1 : -1;
	return 0;
}

static void cc_ranks(const void *st, int *out) { qv_ranks_from_order(2, rank_cmp, st, out); }

static void cc_returns(const void *st, double *out)
{
	int r[2];
	cc_ranks(st, r);
	qv_utilities_from_ranks(r, 2, out);
}

static int cc_num_players(const void *st)
{
	(void)st;
	return 2;
}

static int cc_to_move_fn(const void *st) { return cc_to_move(st); }

static bool cc_secret(const void *st) { return ((const cc_state *)st)->phase == CC_PH_START; }

static bool cc_capped(const void *st)
{
	const cc_state *s = st;
	return s->phase == CC_PH_OVER && s->ended == CC_END_CAP;
}

/* ---- determinization ---- */

/* Cards of player q whose place every player can see: on the grid, in the Persistent Area,
 * in the discard pile, in the opponent's Victory Pile, or set aside as the Immediate card
 * being used. */
static void public_cards(const cc_state *s, int q, uint8_t *used)
{
	memset(used, 0, CC_NCARDS);
	for (int sq = 0; sq < CC_NSQ; sq++)
		if (occupied(s, sq) && s->grid[sq].owner == q)
			used[cell_card(s, sq)]++;
	const cc_player *pl = &s->pl[q], *op = &s->pl[1 - q];
	for (int i = 0; i < pl->npersist; i++)
		used[pl->persist[i] - 1]++;
	for (int i = 0; i < pl->ndiscard; i++)
		used[pl->discard[i]]++;
	for (int i = 0; i < op->nvictory; i++)
		used[op->victory[i]]++;
	if (s->pend_card && s->active == q)
		used[s->pend_card - 1]++;
}

static void shuffle_cards(uint8_t *a, int n, qv_rng *rng)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)qv_rng_below(rng, (uint32_t)(i + 1));
		uint8_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* Rebuilds what `viewer` cannot see from public facts (the decklists are parameters) and
 * the viewer's own hand: the order of the viewer's deck, and the opponent's hand, unrevealed
 * starting choice and deck. When the opponent is being offered a reaction, the engine has
 * shown that they hold an aegis, so the guessed hand holds one too. */
static void cc_determinize(void *st, int viewer, qv_rng *rng)
{
	cc_state *s = st;
	if (viewer == QV_VIEW_ALL)
		return;
	for (int q = 0; q < 2; q++) {
		cc_player *pl = &s->pl[q];
		uint8_t used[CC_NCARDS], pool[CC_DECK_MAX];
		public_cards(s, q, used);
		bool mine = q == viewer;
		int n = 0;
		for (int c = 0; c < CC_NCARDS; c++) {
			int left = pl->owned[c] - used[c];
			if (mine)
				left -= pl->hand[c] + (pl->start == c + 1);
			for (int i = 0; i < left && n < CC_DECK_MAX; i++)
				pool[n++] = (uint8_t)c;
		}
		int fixed = 0;
		if (!mine && s->phase == CC_PH_REACT && cc_to_move(s) == q) {
			int naeg = 0;
			for (int i = 0; i < n; i++)
				naeg += cc_tmpl(pool[i]) == CC_AEGIS;
			if (naeg > 0) {
				int k = (int)qv_rng_below(rng, (uint32_t)naeg);
				for (int i = 0; i < n; i++)
					if (cc_tmpl(pool[i]) == CC_AEGIS && k-- == 0) {
						uint8_t t = pool[0];
						pool[0] = pool[i];
						pool[i] = t;
						break;
					}
				fixed = 1;
			}
		}
		shuffle_cards(pool + fixed, n - fixed, rng);
		int at = 0;
		if (!mine) {
			memset(pl->hand, 0, sizeof pl->hand);
			for (int i = 0; i < pl->nhand && at < n; i++)
				pl->hand[pool[at++]]++;
			if (pl->start && at < n)
				pl->start = (uint8_t)(pool[at++] + 1);
		}
		memset(pl->deck, 0, sizeof pl->deck);
		for (int i = 0; i < pl->ndeck && at < n; i++)
			pl->deck[i] = pool[at++];
	}
}

/* ---- heuristic ---- */

/* Points weigh most; then cards on the Board, cards that would be captured as the grid stands
 * (a threat the opponent may not be able to answer), cards in hand and Charge Counters. */
static double cc_heuristic(const void *st, int player)
{
	const cc_state *s = st;
	if (s->phase == CC_PH_OVER) {
		double r[2];
		cc_returns(s, r);
		return r[player];
	}
	double v = 0;
	uint64_t would = cc_would_capture(s);
	for (int p = 0; p < 2; p++) {
		double w =
		    0.5 * s->pl[p].nvictory + 0.15 * cc_board_count(s, p) + 0.04 * s->pl[p].nhand;
		for (int sq = 0; sq < CC_NSQ; sq++)
			if (occupied(s, sq) && s->grid[sq].owner == p) {
				w += 0.03 * s->grid[sq].counters;
				if (would >> sq & 1)
					w -= 0.3;
			}
		for (int i = 0; i < s->pl[p].npersist; i++)
			w += 0.03 * s->pl[p].pcounters[i];
		if (s->pl[p].turns >= 2 && cc_board_count(s, p) == 0)
			w -= 1.0;
		v += p == player ? w : -w;
	}
	return v / (1.0 + (v < 0 ? -v : v));
}

/* ---- the descriptor ---- */

const qv_game qv_concardia = {
    .name = "concardia",
    .title = "ConCardia (Arrow rules)",
    .summary =
        "A card game on a 6 x 6 grid: capture the opponent's cards with arrows of a superior\n"
        "Rock/Paper/Scissors trait. Each player secretly picks a starting card from a hand of 7\n"
        "(start <card>); the card that loses at R/P/S plays first (then lower Defense, lower\n"
        "Strength, then a coin). p1's card goes on c3, p2's on d4; a p2 card is turned 180 degrees.\n"
        "\n"
        "A turn: draw, dynamos charge, then one action: play <card> <sq> (next to any card),\n"
        "persist <card>, act <sq> slide|jump <to>, act <sq> shove <sq>, act <sq> boost,\n"
        "act persistent <card> boost, immediate <card> <sq>, or pass. Costs are paid one unit at a\n"
        "time: discard <card>, counter <sq>, counter persistent <card>. Then every card whose\n"
        "superior arrows sum to at least its Defense is captured, all at once (an aegis in hand\n"
        "may save one: react <card> <sq> or decline).\n"
        "\n"
        "The game ends at the end of a turn when someone has `target` points (captured cards), or\n"
        "after two passes in a row; from the end of their third turn, a player with no card on the\n"
        "Board loses. Winner: most points, then most cards on the Board. Score: points.",
    .min_players = 2,
    .max_players = 2,
    .params = cc_params,
    .nparams = CC_NPARAMS,
    .max_actions = CC_MAX_ACTIONS,
    .max_chance = CC_MAX_CHANCE,
    .state_size = sizeof(cc_state),
    .init = cc_init,
    .num_players = cc_num_players,
    .to_move = cc_to_move_fn,
    .legal = cc_legal,
    .chance = cc_chance,
    .check = cc_check,
    .apply = cc_apply,
    .returns = cc_returns,
    .score = cc_score,
    .ranks = cc_ranks,
    .action_to_text = cc_action_to_text,
    .action_from_text = cc_action_from_text,
    .render_text = cc_render_text,
    .determinize = cc_determinize,
    .state_json = cc_state_json,
    .view_json = cc_view_json,
    .load_json = cc_load_json,
    .secret = cc_secret,
    .sample = NULL,
    .heuristic = cc_heuristic,
    .capped = cc_capped,
    .reference = cc_reference,
    .action_note = cc_action_note,
};
