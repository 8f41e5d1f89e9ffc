/*
 * compact.c - `legal` for people: a long list of actions folded into items that spell exactly
 * the same actions ("place A b1 N [covered] [shielded]", "place A b1 N/E/S/W"), so that a player
 * reads dozens of placements at a glance (cli_compact_actions in cli.h).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define COMPACT_MAX_WORDS 16
#define COMPACT_MAX_OPT   8

typedef struct compact_text {
	char *words[COMPACT_MAX_WORDS];
	int nwords;
	char buf[128];
} compact_text;

/* qsort/bsearch order for strings. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* True when text (a list of words with word `skip` left out) is one of the sorted texts. */
static bool contains_without(char *const *sorted, int n, const compact_text *t, int skip)
{
	char joined[128];
	size_t used = 0;
	joined[0] = '\0';
	for (int k = 0; k < t->nwords; k++)
		if (k != skip && used < sizeof joined)
			used += (size_t)snprintf(joined + used, sizeof joined - used, "%s%s",
			                         used ? " " : "", t->words[k]);
	const char *key = joined;
	return bsearch(&key, sorted, (size_t)n, sizeof *sorted, cmp_str) != NULL;
}

/* The index of word w in opt[0..nopt), or -1. */
static int opt_index(char (*opt)[32], int nopt, const char *w)
{
	for (int i = 0; i < nopt; i++)
		if (strcmp(opt[i], w) == 0)
			return i;
	return -1;
}

/* Appends a malloc'd copy of text to items; false when out of memory. */
static bool push_item(char ***items, int *n, int *cap, const char *text)
{
	if (*n == *cap) {
		int ncap = *cap ? *cap * 2 : 64;
		char **grown = realloc(*items, sizeof *grown * (size_t)ncap);
		if (!grown)
			return false;
		*items = grown;
		*cap = ncap;
	}
	char *copy = strdup(text);
	if (!copy)
		return false;
	(*items)[(*n)++] = copy;
	return true;
}

/* An item being joined: its words, each a malloc'd string. */
typedef struct join_item {
	char *w[COMPACT_MAX_WORDS];
	int nw;
	bool gone; /* merged into an earlier item */
} join_item;

/* True when items a and b have the same words except at position pos, where neither holds
 * an [optional] word. */
static bool joinable(const join_item *a, const join_item *b, int pos)
{
	if (a->nw != b->nw || pos >= a->nw || a->w[pos][0] == '[' || b->w[pos][0] == '[')
		return false;
	for (int k = 0; k < a->nw; k++)
		if (k != pos && strcmp(a->w[k], b->w[k]) != 0)
			return false;
	return true;
}

/* Joins items that differ in exactly one word into "w1/w2", trying the last position first
 * (facings, then squares, then pieces for a placement). Each joined item stands for the cross
 * product of its words, exactly the actions it came from, because items are disjoint. Returns
 * the number of items written to *out, or -1 when out of memory. */
static int join_items(char **in, int n, char ***out)
{
	join_item *it = calloc((size_t)(n > 0 ? n : 1), sizeof *it);
	bool ok = it != NULL;
	int maxw = 0;
	for (int i = 0; ok && i < n; i++) {
		char copy[512];
		char *w[COMPACT_MAX_WORDS + 1];
		qv_copy(copy, sizeof copy, in[i]);
		int nw = qv_split(copy, w, COMPACT_MAX_WORDS);
		if (nw > COMPACT_MAX_WORDS)
			nw = COMPACT_MAX_WORDS; /* cannot happen: pass 1 kept at most that many */
		for (int k = 0; k < nw && ok; k++)
			ok = (it[i].w[k] = strdup(w[k])) != NULL;
		it[i].nw = nw;
		if (nw > maxw)
			maxw = nw;
	}
	for (int pos = maxw - 1; ok && pos >= 1; pos--)
		for (int i = 0; ok && i < n; i++) {
			if (it[i].gone)
				continue;
			for (int j = i + 1; ok && j < n; j++) {
				if (it[j].gone || !joinable(&it[i], &it[j], pos))
					continue;
				size_t la = strlen(it[i].w[pos]), lb = strlen(it[j].w[pos]);
				char *joined = realloc(it[i].w[pos], la + lb + 2);
				if (!joined) {
					ok = false;
					break;
				}
				joined[la] = '/';
				memcpy(joined + la + 1, it[j].w[pos], lb + 1);
				it[i].w[pos] = joined;
				it[j].gone = true;
			}
		}
	char **items = NULL;
	int nitems = 0, cap = 0;
	for (int i = 0; ok && i < n; i++) {
		if (it[i].gone)
			continue;
		qv_buf b = {0};
		for (int k = 0; k < it[i].nw; k++)
			qv_buf_printf(&b, "%s%s", k ? " " : "", it[i].w[k]);
		ok = !b.failed && push_item(&items, &nitems, &cap, qv_buf_str(&b));
		qv_buf_free(&b);
	}
	for (int i = 0; it && i < n; i++)
		for (int k = 0; k < it[i].nw; k++)
			free(it[i].w[k]);
	free(it);
	if (!ok) {
		cli_free_items(items, nitems);
		return -1;
	}
	*out = items;
	return nitems;
}

/* The optional words of the texts (sorted: the same texts in order), in order of first
 * appearance, into opt; returns how many (at most COMPACT_MAX_OPT). */
static int optional_words(const compact_text *t, int n, char *const *sorted, char (*opt)[32])
{
	int nopt = 0;
	for (int i = 0; i < n; i++)
		for (int k = 1; k < t[i].nwords; k++) {
			const char *w = t[i].words[k];
			if (opt_index(opt, nopt, w) >= 0 || strlen(w) >= 32)
				continue;
			bool optional = true;
			for (int j = 0; j < n && optional; j++)
				for (int q = 1; q < t[j].nwords; q++)
					if (strcmp(t[j].words[q], w) == 0 &&
					    !contains_without(sorted, n, &t[j], q)) {
						optional = false;
						break;
					}
			if (optional && nopt < COMPACT_MAX_OPT)
				strcpy(opt[nopt++], w);
		}
	return nopt;
}

/* Each text's base (its words but the optional ones) into base[i] (malloc'd) and the optional
 * words it holds as bits of mask[i]; false when out of memory. */
static bool split_bases(const compact_text *t, int n, char (*opt)[32], int nopt, unsigned *mask,
                        char **base)
{
	for (int i = 0; i < n; i++) {
		qv_buf b = {0};
		for (int k = 0; k < t[i].nwords; k++) {
			int o = k > 0 ? opt_index(opt, nopt, t[i].words[k]) : -1;
			if (o >= 0)
				mask[i] |= 1u << o;
			else
				qv_buf_printf(&b, "%s%s", b.len ? " " : "", t[i].words[k]);
		}
		base[i] = b.failed ? NULL : strdup(qv_buf_str(&b));
		qv_buf_free(&b);
		if (!base[i])
			return false;
	}
	return true;
}

/* Pass 1 of compact: one item per base, "base [o1] [o2]", when all combinations of its
 * optional words are present, else its texts as they are; pushed onto mid. False when out of
 * memory. */
static bool pass_one(int n, char *const *texts, char **base, const unsigned *mask, char (*opt)[32],
                     int nopt, char ***mid, int *nmid, int *capmid)
{
	bool *done = calloc((size_t)n, sizeof *done);
	bool ok = done != NULL;
	for (int i = 0; ok && i < n; i++) {
		if (done[i])
			continue;
		unsigned all = 0;
		int members = 0;
		unsigned char seen[1u << COMPACT_MAX_OPT] = {0};
		for (int j = i; j < n; j++)
			if (!done[j] && strcmp(base[j], base[i]) == 0) {
				all |= mask[j];
				if (!seen[mask[j]]) {
					seen[mask[j]] = 1;
					members++;
				}
			}
		int bits = 0;
		for (unsigned a = all; a; a &= a - 1)
			bits++;
		bool full = members == (1 << bits);
		for (int j = i; j < n && ok; j++) {
			if (done[j] || strcmp(base[j], base[i]) != 0)
				continue;
			done[j] = true;
			if (!full)
				ok = push_item(mid, nmid, capmid, texts[j]);
		}
		if (full && ok) {
			qv_buf b = {0};
			qv_buf_puts(&b, base[i]);
			for (int o = 0; o < nopt; o++)
				if (all & (1u << o))
					qv_buf_printf(&b, " [%s]", opt[o]);
			ok = !b.failed && push_item(mid, nmid, capmid, qv_buf_str(&b));
			qv_buf_free(&b);
		}
	}
	free(done);
	return ok;
}

/* The grouping of cli_compact_actions, on texts split into words. Optional words: words
 * (never the first) whose removal from any text containing them gives another text of the
 * list. Pass 1 writes a group of texts that differ only in optional words as "base [o1] [o2]"
 * when every combination is present. Pass 2 (join_items) joins items that differ in one word
 * as "w1/w2/w3". */
static int compact(compact_text *t, int n, char *const *texts, char ***out)
{
	char **sorted = malloc(sizeof *sorted * (size_t)n);
	char(*opt)[32] = calloc(COMPACT_MAX_OPT, sizeof *opt);
	unsigned *mask = calloc((size_t)n, sizeof *mask);
	char **base = calloc((size_t)n, sizeof *base);
	char **items = NULL, **mid = NULL;
	int nitems = 0, nmid = 0, capmid = 0, nopt = 0;
	bool ok = sorted && opt && mask && base;
	if (ok) {
		memcpy(sorted, texts, sizeof *sorted * (size_t)n);
		qsort(sorted, (size_t)n, sizeof *sorted, cmp_str);
	}
	if (ok)
		nopt = optional_words(t, n, sorted, opt);
	/* Base text and optional-word mask of each text, then pass 1. */
	ok = ok && split_bases(t, n, opt, nopt, mask, base);
	ok = ok && pass_one(n, texts, base, mask, opt, nopt, &mid, &nmid, &capmid);
	/* Pass 2: join items equal but for one word, position by position from the last. */
	if (ok) {
		nitems = join_items(mid, nmid, &items);
		ok = nitems >= 0;
	}
	for (int i = 0; i < nmid; i++)
		free(mid[i]);
	free(mid);
	for (int i = 0; base && i < n; i++)
		free(base[i]);
	free(base);
	free(mask);
	free(opt);
	free(sorted);
	if (!ok) {
		cli_free_items(items, nitems);
		return -1;
	}
	*out = items;
	return nitems;
}

int cli_compact_actions(char *const *texts, int n, char ***out)
{
	*out = NULL;
	if (n <= 0)
		return 0;
	compact_text *t = calloc((size_t)n, sizeof *t);
	if (!t)
		return -1;
	for (int i = 0; i < n; i++) {
		qv_copy(t[i].buf, sizeof t[i].buf, texts[i]);
		t[i].nwords = qv_split(t[i].buf, t[i].words, COMPACT_MAX_WORDS);
		if (t[i].nwords > COMPACT_MAX_WORDS || strlen(texts[i]) >= sizeof t[i].buf) {
			/* Too long to group safely: list everything as it is. */
			free(t);
			char **items = NULL;
			int nitems = 0, cap = 0;
			for (int k = 0; k < n; k++)
				if (!push_item(&items, &nitems, &cap, texts[k])) {
					cli_free_items(items, nitems);
					return -1;
				}
			*out = items;
			return nitems;
		}
	}
	int r = compact(t, n, texts, out);
	free(t);
	return r;
}

void cli_free_items(char **items, int n)
{
	for (int i = 0; items && i < n; i++)
		free(items[i]);
	free(items);
}
