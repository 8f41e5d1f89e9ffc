/*
 * setup.c - the parameters of Arrow Party and the set-up of a game (init): the arrow stacks and
 * the item deck, each shuffled with the generator seeded by init unless shuffle=false, the
 * opening hands dealt from them, and the ground, laid at random or as the ground parameter
 * lists it.
 */
#include <stdio.h>
#include <string.h>

#include "arrow_party.h"
#include "core/fmt.h"

static const char *const ap_auto[] = {"auto", NULL};
static const char *const ap_random[] = {"random", NULL};

const qv_param_def ap_params[] = {
    {.key = "players",
     .def = "4",
     .help = "card players (the engine is the game master)",
     .kind = QV_PARAM_INT,
     .lo = 3,
     .hi = 5},
    {.key = "size",
     .def = "15",
     .help = "the play area is size x size cells",
     .kind = QV_PARAM_INT,
     .lo = 9,
     .hi = 26},
    {.key = "rounds",
     .def = "10",
     .help = "rounds; the redistribution starts round rounds/2 + 1",
     .kind = QV_PARAM_INT,
     .lo = 2,
     .hi = 10,
     .step = 2},
    {.key = "stars",
     .def = "auto",
     .allowed = "0-40 or auto (2 x players)",
     .help = "star cards on the ground (+10 each)",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 40,
     .choices = ap_auto},
    {.key = "skulls",
     .def = "auto",
     .allowed = "0-40 or auto (2 x players)",
     .help = "skull cards on the ground (-15 each)",
     .kind = QV_PARAM_INT,
     .lo = 0,
     .hi = 40,
     .choices = ap_auto},
    {.key = "shuffle",
     .def = "true",
     .help = "false: stacks and item deck keep table order",
     .kind = QV_PARAM_BOOL},
    {.key = "ground",
     .def = "random",
     .allowed = "random, or cell:card,... (card: star, skull or an item id)",
     .help = "an explicit ground layout replacing the random one",
     .kind = QV_PARAM_TEXT,
     .choices = ap_random},
    QV_VARIANT_PARAM,
};

/* Reads stars= or skulls=: a count, or auto (per_player of the components x players). */
static qv_status read_count(const qv_params *params, const char *key, long per_player, long players,
                            long *out, qv_err *err)
{
	const char *v = qv_params_get(params, key);
	if (!v || qv_streq_nocase(v, "auto")) {
		*out = per_player * players;
		return QV_OK;
	}
	return qv_param_int(params, ap_params, AP_NPARAMS, key, out, err);
}

/* The error for a ground card that is neither star, skull nor an item of the set. */
static qv_status unknown_card(const ap_tables *T, const char *card, const char *cell, qv_err *err)
{
	char list[AP_NKINDS * (AP_ID_MAX + 2) + 1] = "";
	for (int i = 0; i < T->nkinds; i++)
		qv_fmt(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
		       T->item_id[i]);
	return qv_fail(err, QV_EINVAL,
	               "ground: unknown card '%.20s' at %s (expected star, skull or an "
	               "item: %s)",
	               card, cell, list);
}

/* Lays the card `card` of one entry on the cell named `cell`, an item from those left in
 * `left` (by kind). */
static qv_status lay_card(ap_state *s, int at, const char *cell, const char *card, uint8_t *left,
                          qv_err *err)
{
	if (qv_streq_nocase(card, "star")) {
		s->ground[at] = AP_G_STAR;
		return QV_OK;
	}
	if (qv_streq_nocase(card, "skull")) {
		s->ground[at] = AP_G_SKULL;
		return QV_OK;
	}
	const ap_tables *T = ap_T(s);
	int k = ap_find_item(T, card);
	if (k < 0)
		return unknown_card(T, card, cell, err);
	if (left[k] == 0)
		return qv_fail(err, QV_EINVAL,
		               "ground: no %s card is left after the deal for %s (%d copies, the "
		               "players hold the rest)",
		               T->item_id[k], cell, T->count[k]);
	left[k]--;
	s->ground[at] = (uint8_t)(AP_G_ITEM + k) | AP_G_KNOWN;
	return QV_OK;
}

/* Lays one entry `tok` (cell:card) of the ground parameter. */
static qv_status ground_entry(ap_state *s, char *tok, uint8_t *left, qv_err *err)
{
	char *colon = strchr(tok, ':');
	if (!colon)
		return qv_fail(err, QV_EINVAL,
		               "ground: '%.40s' is not cell:card (expected e.g. c5:star, d7:skull, "
		               "e2:x2; cards: star, skull or an item id)",
		               tok);
	*colon = '\0';
	int x, y;
	qv_err e;
	if (qv_sq_parse(tok, s->size, s->size, &x, &y, &e))
		return qv_fail(err, QV_EINVAL, "ground: bad cell '%.8s': %s", tok, e.msg);
	int cell = y * s->size + x;
	for (int p = 0; p < s->nplayers; p++)
		if (ap_start_cell(s->size, p) == cell)
			return qv_fail(err, QV_EINVAL,
			               "ground: %s is p%d's starting cell (no ground card may lie "
			               "there)",
			               tok, p + 1);
	if (s->ground[cell])
		return qv_fail(err, QV_EINVAL, "ground: cell %s is listed twice (one card a cell)",
		               tok);
	return lay_card(s, cell, tok, colon + 1, left, err);
}

/* Lays the explicit ground `v` (cell:card,...) from the items left in `left` (by kind). */
static qv_status parse_ground(ap_state *s, const char *v, uint8_t *left, qv_err *err)
{
	const char *rest = v;
	char tok[64];
	size_t len;
	while (qv_list_next(&rest, tok, sizeof tok, &len)) {
		if (len == 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "ground: an empty entry in '%.60s' (expected cell:card,... e.g. "
			    "c5:star,d7:skull,e2:x2)",
			    v);
		qv_status rc = ground_entry(s, tok, left, err);
		if (rc)
			return rc;
	}
	return QV_OK;
}

/* Puts `what` on a uniformly random free cell (not a starting cell, no card). */
static void place_random(ap_state *s, qv_rng *rng, uint16_t *free_cells, int *nfree, int what)
{
	int i = (int)qv_rng_below(rng, (uint32_t)*nfree);
	s->ground[free_cells[i]] = (uint8_t)what;
	free_cells[i] = free_cells[--*nfree];
}

/* The arrow stacks: each value's cards in table order, shuffled unless shuffle=false. */
static void fill_stacks(ap_state *s, const ap_tables *T)
{
	for (int v = 0; v < AP_NVALUES; v++) {
		int n = T->nvalue[v];
		uint8_t list[AP_STACK_MAX];
		for (int i = 0; i < n; i++)
			list[i] = (uint8_t)(T->first[v] + i);
		if (s->shuffle)
			qv_shuffle_bytes(list, n, &s->rng);
		for (int i = 0; i < n; i++)
			s->stack[v][i] = list[n - 1 - i];
		s->nstack[v] = (uint8_t)n;
	}
}

/* Deals the opening hands: an arrow card of each stack, then AP_DEAL_ITEMS items from the
 * item deck (`deck`, *ndeck kinds, shuffled unless shuffle=false), and puts every player on
 * its starting cell with the starting die. Returns how many items of the deck were dealt. */
static int deal(ap_state *s, const ap_tables *T, uint8_t *deck, int *ndeck)
{
	*ndeck = 0;
	for (int k = 0; k < T->nkinds; k++)
		for (int i = 0; i < T->count[k]; i++)
			deck[(*ndeck)++] = (uint8_t)k;
	if (s->shuffle)
		qv_shuffle_bytes(deck, *ndeck, &s->rng);
	for (int v = 0; v < AP_NVALUES; v++)
		for (int p = 0; p < s->nplayers; p++)
			ap_hand_add(&s->pl[p], ap_pop_stack(s, v), 1 << p);
	int top = 0;
	for (int r = 0; r < AP_DEAL_ITEMS; r++)
		for (int p = 0; p < s->nplayers; p++)
			ap_hand_add(&s->pl[p], AP_NARROWS + deck[top++], 1 << p);
	for (int p = 0; p < s->nplayers; p++) {
		s->pl[p].die = (uint8_t)T->start_die;
		s->pl[p].pos = (uint16_t)ap_start_cell(s->size, p);
	}
	return top;
}

/* The ground the ground parameter lists, from the items the deal left (deck[top..ndeck)); the
 * items it does not lay are out of the game. */
static qv_status lay_listed(ap_state *s, const char *ground, const uint8_t *deck, int top,
                            int ndeck, qv_err *err)
{
	uint8_t left[AP_NKINDS] = {0};
	for (int i = top; i < ndeck; i++)
		left[deck[i]]++;
	qv_status rc = parse_ground(s, ground, left, err);
	if (rc)
		return rc;
	memcpy(s->out, left, sizeof left);
	return QV_OK;
}

/* A random ground: the items the deal left (deck[top..ndeck)), the stars and the skulls, each
 * on a random free cell. */
static qv_status lay_random(ap_state *s, const uint8_t *deck, int top, int ndeck, long stars,
                            long skulls, qv_err *err)
{
	int size = s->size, players = s->nplayers;
	uint16_t free_cells[AP_NCELLS];
	int nfree = 0;
	for (int c = 0; c < size * size; c++) {
		bool start = false;
		for (int p = 0; p < players; p++)
			start |= ap_start_cell(size, p) == c;
		if (!start)
			free_cells[nfree++] = (uint16_t)c;
	}
	int need = ndeck - top + (int)stars + (int)skulls;
	if (need > nfree)
		return qv_fail(err, QV_EINVAL,
		               "stars=%ld and skulls=%ld do not fit: %d items, %ld stars and %ld "
		               "skulls need %d cells but a %ldx%ld area with %ld players has "
		               "%d free cells",
		               stars, skulls, ndeck - top, stars, skulls, need, (long)size,
		               (long)size, (long)players, nfree);
	for (int i = top; i < ndeck; i++)
		place_random(s, &s->rng, free_cells, &nfree, AP_G_ITEM + deck[i]);
	for (int i = 0; i < stars; i++)
		place_random(s, &s->rng, free_cells, &nfree, AP_G_STAR);
	for (int i = 0; i < skulls; i++)
		place_random(s, &s->rng, free_cells, &nfree, AP_G_SKULL);
	return QV_OK;
}

qv_status ap_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	long players, size, rounds, stars = 0, skulls = 0;
	bool shuffle;
	qv_status rc;
	const qv_variant *var;
	qv_params merged;
	if ((rc = qv_params_check_keys(params, ap_params, AP_NPARAMS, "arrow-party", err)) ||
	    (rc = qv_variant_open(&qv_arrow_party, params, &var, &merged, err)))
		return rc;
	params = &merged;
	const ap_tables *T = var->tables;
	if ((rc = qv_param_int(params, ap_params, AP_NPARAMS, "players", &players, err)) ||
	    (rc = qv_param_int(params, ap_params, AP_NPARAMS, "size", &size, err)) ||
	    (rc = qv_param_int(params, ap_params, AP_NPARAMS, "rounds", &rounds, err)) ||
	    (rc = read_count(params, "stars", T->stars_per_player, players, &stars, err)) ||
	    (rc = read_count(params, "skulls", T->skulls_per_player, players, &skulls, err)) ||
	    (rc = qv_param_bool(params, ap_params, AP_NPARAMS, "shuffle", &shuffle, err)))
		return rc;
	const char *ground = qv_params_get(params, "ground");
	if (ground && (qv_streq_nocase(ground, "random") || !*ground))
		ground = NULL;
	ap_state *s = st;
	memset(s, 0, sizeof *s);
	s->variant = var->slot;
	s->nplayers = (uint8_t)players;
	s->size = (uint8_t)size;
	s->rounds = (uint8_t)rounds;
	s->shuffle = (uint8_t)shuffle;
	s->round = 1;
	qv_rng_seed(&s->rng, seed);
	fill_stacks(s, T);
	uint8_t deck[AP_ITEMS_MAX];
	int ndeck, top = deal(s, T, deck, &ndeck);
	if ((rc = ground ? lay_listed(s, ground, deck, top, ndeck, err)
	                 : lay_random(s, deck, top, ndeck, stars, skulls, err)))
		return rc;
	s->phase = AP_PH_ITEMS;
	s->active = 0;
	return QV_OK;
}
