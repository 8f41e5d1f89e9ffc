/*
 * setup.c - the parameters of ConCardia and the set-up of a game (init): the components played
 * with, the two decks (a deck of the set by its id, or card ids), each shuffled with the
 * generator seeded by init unless shuffle=false, and the opening hands drawn from them.
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"
#include "games/deck.h"

/* The built-in set's deck names: what the deck parameters name besides card ids (a variant's
 * decks are accepted too, by their ids). */
static const char *const starter_names[] = {"expedition", "foundry", NULL};

const qv_param_def cc_params[] = {
    {.key = "deck1",
     .def = "expedition",
     .allowed = "expedition, foundry, or a comma-separated list of 8-60 card ids",
     .help = "p1's deck",
     .kind = QV_PARAM_TEXT,
     .choices = starter_names},
    {.key = "deck2",
     .def = "foundry",
     .allowed = "expedition, foundry, or a comma-separated list of 8-60 card ids",
     .help = "p2's deck",
     .kind = QV_PARAM_TEXT,
     .choices = starter_names},
    {.key = "shuffle",
     .def = "true",
     .help = "false keeps the listed order (top of deck first)",
     .kind = QV_PARAM_BOOL},
    {.key = "target",
     .def = "5",
     .help = "points that end the game",
     .kind = QV_PARAM_INT,
     .lo = 1,
     .hi = 60},
    {.key = "max_turns",
     .def = "300",
     .help = "safety cap: the game ends after this many turns",
     .kind = QV_PARAM_INT,
     .lo = 20,
     .hi = 5000},
    QV_VARIANT_PARAM,
};

/* Reads a deck parameter into list (top of deck first): a deck of the set by its id, or card
 * ids. */
static qv_status parse_deck(const cc_tables *T, const qv_params *params, const char *key,
                            uint8_t *list, int *n, qv_err *err)
{
	const char *v = qv_params_get(params, key);
	if (!v)
		v = qv_param_find(cc_params, CC_NPARAMS, key)->def;
	for (int k = 0; k < T->ndecks; k++)
		if (strcmp(v, T->decks[k].id) == 0 || qv_streq_nocase(v, T->decks[k].id)) {
			*n = T->decks[k].n;
			memcpy(list, T->decks[k].cards, (size_t)*n);
			return QV_OK;
		}
	/* The decks' names for the messages, written only here (not at every playout's init). */
	char decks[16 * CC_MAX_DECKS] = "";
	for (int k = 0; k < T->ndecks; k++) {
		size_t used = strlen(decks);
		qv_fmt(decks + used, sizeof decks - used, "%s%s", k == 0 ? "" : ", ",
		       T->decks[k].id);
	}
	uint8_t count[CC_MAX_CARDS] = {0};
	*n = 0;
	const char *p = v;
	char tok[32];
	size_t len;
	while (qv_list_next(&p, tok, sizeof tok, &len)) {
		if (len == 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: an empty card id in '%.60s' (expected %s, or card ids separated by commas, e.g. %s,...)",
			    key, v, decks, T->cards[0].id);
		int card = len < 31 ? cc_find_card(T, tok) : -1;
		if (card < 0)
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: unknown card id '%s' (a card id is a template and a trait r, p or s, e.g. striker-p; templates: %s; or a starter deck: %s)",
			    key, tok, T->names, decks);
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

qv_status cc_init(void *st, const qv_params *params, uint64_t seed, qv_err *err)
{
	long target, max_turns;
	bool shuffle;
	uint8_t list[2][CC_DECK_MAX];
	int n[2];
	qv_status rc;
	const qv_variant *v;
	qv_params merged;
	if ((rc = qv_params_check_keys(params, cc_params, CC_NPARAMS, "concardia", err)) ||
	    (rc = qv_variant_open(&qv_concardia, params, &v, &merged, err)))
		return rc;
	const cc_tables *T = v->tables;
	if ((rc = parse_deck(T, &merged, "deck1", list[0], &n[0], err)) ||
	    (rc = parse_deck(T, &merged, "deck2", list[1], &n[1], err)) ||
	    (rc = qv_param_bool(&merged, cc_params, CC_NPARAMS, "shuffle", &shuffle, err)) ||
	    (rc = qv_param_int(&merged, cc_params, CC_NPARAMS, "target", &target, err)) ||
	    (rc = qv_param_int(&merged, cc_params, CC_NPARAMS, "max_turns", &max_turns, err)))
		return rc;
	cc_state *s = st;
	memset(s, 0, sizeof *s);
	s->variant = v->slot;
	s->target = (uint16_t)target;
	s->max_turns = (uint16_t)max_turns;
	s->shuffle = (uint8_t)shuffle;
	qv_rng rng;
	qv_rng_seed(&rng, seed);
	for (int p = 0; p < 2; p++) {
		cc_player *pl = &s->pl[p];
		pl->decklen = (uint8_t)n[p];
		qv__deck_setup(list[p], n[p], pl->owned, pl->deck, &pl->ndeck,
		               shuffle ? &rng : NULL);
		for (int i = 0; i < CC_HAND; i++) {
			int card = qv__deck_draw(pl->deck, &pl->ndeck, pl->hand, &pl->nhand);
			if (card >= 0)
				s->held[p] |= 1ull << card;
		}
	}
	s->phase = CC_PH_START;
	s->active = 0;
	return QV_OK;
}
