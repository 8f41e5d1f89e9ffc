/*
 * variant_lab.c - what the games' ablate hooks and the designer's lab share of variants: the
 * name of a variant without one component, a variant without one ability (each entry that
 * carries it keeps the rest), and a plain entry standing for a card taken out of a study.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "games/variant.h"

/* Keeps the name first and cuts it rather than the id, because the id is what tells the
 * variants of one study apart; the cut steps back over UTF-8 continuation bytes so that no
 * character is split. An id that alone would not fit (no game's ids come near) leaves no room
 * for the name and is cut by snprintf, bytewise. */
json_t *qv__variant_ablated_name(const json_t *doc, const char *id)
{
	const char *name = json_string_value(json_object_get(doc, "name"));
	if (!name)
		name = "";
	char buf[QV_VARIANT_NAME];
	size_t tail = strlen(" without ") + strlen(id), len = strlen(name),
	       room = tail < sizeof buf - 1 ? sizeof buf - 1 - tail : 0;
	if (len > room) {
		len = room;
		while (len > 0 && ((unsigned char)name[len] & 0xC0) == 0x80)
			len--;
	}
	snprintf(buf, sizeof buf, "%.*s without %s", (int)len, name, id);
	return json_string(buf);
}

json_t *qv_variant_without_ability(const qv_game *g, const json_t *resolved, const char *kind,
                                   qv_err *err)
{
	const qv_components *c = g->components;
	if (!c || !c->studied || !c->abilities || !c->drop_ability) {
		qv_fail(err, QV_EINVAL, "%s's components carry no abilities", g->name);
		return NULL;
	}
	char id[QV_NAME_MAX];
	snprintf(id, sizeof id, "ability:%s", kind);
	json_t *doc = json_deep_copy(resolved), *name = qv__variant_ablated_name(resolved, id);
	json_t *list = json_object_get(doc, c->studied);
	bool found = false;
	size_t i;
	json_t *entry;
	json_array_foreach(list, i, entry)
	{
		const char *kinds[QV_VARIANT_ABILITIES];
		int n = c->abilities(entry, kinds, QV_VARIANT_ABILITIES);
		for (int k = 0; k < n; k++)
			if (strcmp(kinds[k], kind) == 0) {
				c->drop_ability(entry, kind);
				found = true;
				break;
			}
	}
	if (!doc || !name || json_object_set(doc, "name", name)) {
		json_decref(doc);
		json_decref(name);
		qv_fail(err, QV_ENOMEM, "out of memory");
		return NULL;
	}
	json_decref(name);
	if (!found) {
		json_decref(doc);
		qv_fail(err, QV_EINVAL, "none of the variant's %s carries the ability '%s'",
		        c->studied, kind);
		return NULL;
	}
	json_object_del(doc, "extends");
	return doc;
}

/* Half up: the nearest whole number to sum / n (n > 0). */
static long rounded_mean(long sum, long n) { return (2 * sum + n) / (2 * n); }

json_t *qv__variant_plain_entry(const json_t *entry, const json_t *peers, const char *const *kept,
                                int nkept, const char *const *numbers, const int *floor,
                                int nnumbers)
{
	long sum[8] = {0};
	long n = (long)json_array_size(peers);
	int arrows[QV_NDIRS] = {0};
	if (n == 0 || nnumbers > 8)
		return NULL;
	size_t i;
	const json_t *o;
	json_array_foreach(peers, i, o)
	{
		for (int f = 0; f < nnumbers; f++)
			sum[f] += (long)json_integer_value(json_object_get(o, numbers[f]));
		size_t j;
		const json_t *d;
		json_array_foreach(json_object_get(o, "arrows"), j, d)
		{
			for (int dir = 0; dir < QV_NDIRS; dir++)
				arrows[dir] += strcmp(json_string_value(d), qv_dir_names[dir]) == 0;
		}
	}
	json_t *dirs = json_array(), *plain = json_object();
	bool ok = dirs && plain;
	for (int d = 0; ok && d < QV_NDIRS; d++)
		if (2 * arrows[d] > n)
			ok = !json_array_append_new(dirs, json_string(qv_dir_names[d]));
	for (int f = 0; ok && f < nkept; f++)
		ok = !json_object_set(plain, kept[f], json_object_get(entry, kept[f]));
	for (int f = 0; ok && f < nnumbers; f++) {
		long v = rounded_mean(sum[f], n);
		ok = !json_object_set_new(plain, numbers[f],
		                          json_integer(v < floor[f] ? floor[f] : v));
	}
	ok = ok && !json_object_set(plain, "arrows", dirs);
	json_decref(dirs);
	if (!ok) {
		json_decref(plain);
		return NULL;
	}
	return plain;
}
