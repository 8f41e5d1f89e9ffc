/*
 * lookup.c - "what is this?" for front ends: the names of a game's reference entries and the
 * lookup of one name, with the nearest names when the game has nothing by it (`card <name>` at
 * the prompt of `quiver play`; the server answers the same way).
 *
 * The names are read from the whole reference (reference(NULL)): every line that starts an
 * entry (not indented) begins with the entry's name, and a word is kept as a name only when
 * the game itself answers to it, so a change in a game's layout can make the list shorter but
 * never wrong.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "quiver/game.h"

/* How many nearest names a lookup of an unknown name suggests. */
#define LOOKUP_SUGGESTIONS 6

/* Whether the line-separated list holds name (case-insensitively). */
static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *s = list; *s;) {
		size_t len = strcspn(s, "\n");
		if (len == n) {
			size_t i = 0;
			while (i < n &&
			       tolower((unsigned char)s[i]) == tolower((unsigned char)name[i]))
				i++;
			if (i == n)
				return true;
		}
		s += len + (s[len] == '\n');
	}
	return false;
}

int qv_reference_names(const qv_game *g, const void *st, qv_buf *out)
{
	if (!g->reference)
		return 0;
	qv_buf all = {0}, probe = {0}, names = {0};
	g->reference(st, NULL, &all);
	int n = 0;
	for (const char *s = qv_buf_str(&all); *s;) {
		size_t len = strcspn(s, "\n");
		if (len > 0 && !isspace((unsigned char)s[0])) {
			char word[64];
			size_t w = 0;
			while (w < len && w < sizeof word - 1 && !isspace((unsigned char)s[w]) &&
			       !strchr(":,;(", s[w]))
				w++;
			memcpy(word, s, w);
			word[w] = '\0';
			qv_buf_clear(&probe);
			if (w > 0 && !listed(qv_buf_str(&names), word) &&
			    g->reference(st, word, &probe) > 0) {
				qv_buf_printf(&names, "%s\n", word);
				n++;
			}
		}
		s += len + (s[len] == '\n');
	}
	qv_buf_puts(out, qv_buf_str(&names));
	qv_buf_free(&all);
	qv_buf_free(&probe);
	qv_buf_free(&names);
	return n;
}

qv_status qv_lookup(const qv_game *g, const void *st, const char *name, qv_buf *out, qv_err *err)
{
	if (!g->reference)
		return qv_fail(err, QV_EINVAL,
		               "%s has no reference of its pieces, cards or items "
		               "yet",
		               g->title);
	char quoted[QV_QUOTE_MAX * 4 + 4];
	if (!name || !*name)
		return qv_fail(err, QV_EINVAL, "expected a name");
	size_t before = out->len;
	if (g->reference(st, name, out) > 0)
		return QV_OK;
	/* Nothing by that name: drop anything written, and find the nearest names (stable by
	 * edit distance, so the game's order breaks ties). */
	out->len = before;
	if (out->s)
		out->s[before] = '\0';
	qv_buf names = {0};
	qv_reference_names(g, st, &names);
	const char *all = qv_buf_str(&names);
	int best[LOOKUP_SUGGESTIONS], bestd[LOOKUP_SUGGESTIONS], nb = 0;
	for (const char *s = all; *s;) {
		size_t len = strcspn(s, "\n");
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)len, s);
		qv_nearest_keep(best, bestd, &nb, LOOKUP_SUGGESTIONS, (int)(s - all),
		                qv_edit_distance(name, word));
		s += len + (s[len] == '\n');
	}
	char near[LOOKUP_SUGGESTIONS * 66] = "";
	size_t used = 0;
	for (int i = 0; i < nb && used < sizeof near; i++)
		used += (size_t)snprintf(near + used, sizeof near - used, "%s%.*s", i ? ", " : "",
		                         (int)strcspn(all + best[i], "\n"), all + best[i]);
	qv_fail(err, QV_EINVAL, "%s has nothing called '%s'%s%s", g->title,
	        qv_shorten(name, QV_QUOTE_MAX, quoted, sizeof quoted), nb ? "; nearest: " : "",
	        near);
	qv_buf_free(&names);
	return QV_EINVAL;
}
