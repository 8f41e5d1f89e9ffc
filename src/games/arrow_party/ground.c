/*
 * ground.c - the ground of an Arrow Party view or state as JSON (the cards lying on the area),
 * made once and shared: the biggest part of a view (a 26x26 area holds a hundred cards and
 * more), and the same for every viewer but the referee, it was built again for each of them
 * at every change and for every option the wording of a move compares (sight.c). Each thread
 * keeps the last few grounds it made, each with what it depends on (the area's size and
 * cells, the item names of its components, whether face-down items are hidden), and hands out
 * a reference to the one that matches. A tree handed out is shared: nobody may change it.
 */
#include <jansson.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arrow_party.h"
#include "games/json_util.h"

/* The grounds a thread keeps: a broadcast's views and the wording of its moves use one or two
 * (after the move, and the options compared); a thread serving several tables, one each. */
#define KEPT 4

/* A ground made, with everything its JSON depends on. */
typedef struct kept_ground {
	json_t *json; /* NULL: an empty slot */
	unsigned long long used;
	bool view;
	uint8_t size, nkinds;
	char item_id[AP_NKINDS][AP_ID_MAX + 1];
	uint8_t ground[AP_NCELLS];
} kept_ground;

/* The calling thread's grounds; the key frees them when the thread ends. */
static _Thread_local kept_ground *kept;
static _Thread_local unsigned long long kept_clock;
static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static bool kept_keyed;

static void kept_free(void *p)
{
	kept_ground *k = p;
	for (int i = 0; i < KEPT; i++)
		json_decref(k[i].json);
	free(k);
	if (k == kept)
		kept = NULL;
}

static void make_kept_key(void) { kept_keyed = pthread_key_create(&kept_key, kept_free) == 0; }

/* The thread's grounds, made at its first use; NULL when out of memory. */
static kept_ground *thread_kept(void)
{
	if (kept)
		return kept;
	pthread_once(&kept_once, make_kept_key);
	kept_ground *k = kept_keyed ? calloc(KEPT, sizeof *k) : NULL;
	if (k && pthread_setspecific(kept_key, k) != 0) {
		free(k);
		k = NULL;
	}
	return kept = k;
}

static json_t *cell_card(const ap_state *s, int c, bool view)
{
	const ap_tables *T = ap_T(s);
	char b[12];
	int g = s->ground[c];
	json_t *o = json_object();
	qv_sq_name(c % s->size, c / s->size, b);
	o = qv__json_put(o, "cell", json_string(b));
	if (g == AP_G_STAR)
		return qv__json_put(o, "card", json_string("star"));
	if (g == AP_G_SKULL)
		return qv__json_put(o, "card", json_string("skull"));
	if (g & AP_G_KNOWN) {
		ap_card_name(T, AP_NARROWS + (g & ~AP_G_KNOWN) - AP_G_ITEM, b);
		o = qv__json_put(o, "card", json_string(b));
		return qv__json_put(o, "known", json_true());
	}
	if (view)
		return qv__json_put(o, "card", json_string("item"));
	ap_card_name(T, AP_NARROWS + g - AP_G_ITEM, b);
	return qv__json_put(o, "card", json_string(b));
}

/* The ground made anew: the cards on the area, cell by cell; with view, face-down items only
 * as "item". */
static json_t *ground_made(const ap_state *s, bool view)
{
	json_t *a = json_array();
	for (int c = 0; c < s->size * s->size; c++)
		if (s->ground[c])
			a = qv__json_push(a, cell_card(s, c, view));
	return a;
}

/* Whether k was made for s's ground as seen with view. */
static bool same_ground(const kept_ground *k, const ap_state *s, bool view)
{
	const ap_tables *T = ap_T(s);
	return k->json && k->view == view && k->size == s->size && k->nkinds == T->nkinds &&
	       memcmp(k->ground, s->ground, (size_t)s->size * s->size) == 0 &&
	       memcmp(k->item_id, T->item_id, sizeof k->item_id) == 0;
}

json_t *ap_ground_json(const ap_state *s, bool view)
{
	kept_ground *k = thread_kept();
	if (!k)
		return ground_made(s, view);
	int slot = 0;
	for (int i = 0; i < KEPT; i++) {
		if (same_ground(&k[i], s, view)) {
			k[i].used = ++kept_clock;
			return json_incref(k[i].json);
		}
		if (k[i].used < k[slot].used)
			slot = i;
	}
	json_t *made = ground_made(s, view);
	if (!made)
		return NULL;
	kept_ground *e = &k[slot];
	json_decref(e->json);
	const ap_tables *T = ap_T(s);
	e->json = json_incref(made);
	e->used = ++kept_clock;
	e->view = view;
	e->size = s->size;
	e->nkinds = (uint8_t)T->nkinds;
	memcpy(e->item_id, T->item_id, sizeof e->item_id);
	memcpy(e->ground, s->ground, (size_t)s->size * s->size);
	return made;
}
