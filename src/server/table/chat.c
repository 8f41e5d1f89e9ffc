/*
 * chat.c - names and chat lines checked as text, and a table's chat (chat.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "quiver/agent.h"
#include "quiver/game.h"
#include "server/base/unicode.h"
#include "server/table/chat.h"

int32_t qv__utf8_next(const unsigned char *s, size_t n, size_t *len)
{
	int32_t c = s[0];
	size_t k = c < 0x80             ? 1
	           : (c & 0xE0) == 0xC0 ? 2
	           : (c & 0xF0) == 0xE0 ? 3
	           : (c & 0xF8) == 0xF0 ? 4
	                                : 0;
	static const int32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
	if (k == 0 || k > n)
		return -1;
	if (k > 1)
		c &= 0x3F >> (k - 1);
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < least[k] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return -1;
	*len = k;
	return c;
}

bool qv__utf8_valid(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text;
	for (size_t i = 0, k; i < len; i += k)
		if (qv__utf8_next(s + i, len - i, &k) < 0)
			return false;
	return true;
}

/* White space trimmed from both ends: the space and Unicode's other spaces. */
static bool is_space(int32_t c)
{
	return c == ' ' || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
	       c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

/* The characters refused anywhere (chat.h). */
static bool is_refused(int32_t c)
{
	return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029 ||
	       (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

qv_status qv__text_clean(const char *text, size_t len, int max, const char *what, char *out,
                         size_t size, qv_err *err)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t begin = 0, end = 0; /* bytes [begin, end) once trimmed */
	bool seen = false;
	int chars = 0, kept = 0; /* characters from begin; up to the last non-space */
	for (size_t i = 0, k; i < len; i += k) {
		int32_t c = qv__utf8_next(s + i, len - i, &k);
		if (c < 0)
			return qv_fail(err, QV_EINVAL, "%s: not UTF-8 text", what);
		if (is_refused(c))
			return qv_fail(
			    err, QV_EINVAL,
			    "%s: character U+%04X is not allowed (no control characters, "
			    "tabs, line breaks or direction controls)",
			    what, (unsigned)c);
		if (!seen && is_space(c))
			continue;
		if (!seen)
			begin = i;
		seen = true;
		chars++;
		if (!is_space(c)) {
			end = i + k;
			kept = chars;
		}
	}
	if (!seen || kept == 0)
		return qv_fail(err, QV_EINVAL, "%s: empty; expected 1 to %d characters", what, max);
	if (kept > max)
		return qv_fail(err, QV_EINVAL, "%s: %d characters; at most %d", what, kept, max);
	if (end - begin + 1 > size)
		return qv_fail(err, QV_EINVAL, "%s: too long",
		               what); /* cannot be: 4 bytes a char */
	memcpy(out, text + begin, end - begin);
	out[end - begin] = '\0';
	return QV_OK;
}

/* ---- names --------------------------------------------------------------------------------- */

/* Letters, symbols and marks that show nothing (chat.h, qv__name_clean). */
static bool is_filler(int32_t c)
{
	return c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0 || c == 0x2800 ||
	       c == 0x17B4 || c == 0x17B5;
}

/* Whether name, compared with ASCII letters in any case, is w. */
static bool same_word(const char *name, const char *w)
{
	size_t i = 0;
	for (; name[i] && w[i]; i++) {
		char a = name[i], b = w[i];
		a = a >= 'A' && a <= 'Z' ? (char)(a - 'A' + 'a') : a;
		b = b >= 'A' && b <= 'Z' ? (char)(b - 'A' + 'a') : b;
		if (a != b)
			return false;
	}
	return name[i] == w[i];
}

/* The word name is when it is one the table shows for something else, or NULL. */
static const char *reserved(const char *name)
{
	static const char *const words[] = {"human", "invite", "spectator", "chance", "game", NULL};
	for (int i = 0; words[i]; i++)
		if (same_word(name, words[i]))
			return words[i];
	for (int i = 0; qv_agent_levels[i]; i++)
		if (same_word(name, qv_agent_levels[i]))
			return qv_agent_levels[i];
	for (int i = 0; qv_agent_kinds[i]; i++)
		if (same_word(name, qv_agent_kinds[i]->name))
			return qv_agent_kinds[i]->name;
	char seat[8];
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		if (same_word(name, qv_player_name(p, seat)))
			return name;
	return NULL;
}

qv_status qv__name_clean(const char *text, size_t len, char *out, size_t size, qv_err *err)
{
	qv_status rc = qv__text_clean(text, len, QV__NAME_MAX, "name", out, size, err);
	if (rc)
		return rc;
	const unsigned char *s = (const unsigned char *)out;
	size_t n = strlen(out);
	int marks = 0;
	bool alnum = false;
	for (size_t i = 0, k; i < n; i += k) {
		int32_t c = qv__utf8_next(s + i, n - i, &k); /* valid: qv__text_clean checked it */
		qv__uclass cls = qv__unicode_class(c);
		if (cls == QV__U_FORMAT || (c >= 0xE0000 && c <= 0xE007F))
			return qv_fail(
			    err, QV_EINVAL,
			    "name: character U+%04X is not allowed: no format characters "
			    "(direction marks, zero-width spaces and joiners, tags)",
			    (unsigned)c);
		if (is_filler(c))
			return qv_fail(err, QV_EINVAL,
			               "name: character U+%04X shows nothing; a name may not hold "
			               "invisible fillers",
			               (unsigned)c);
		marks = cls == QV__U_MARK ? marks + 1 : 0;
		if (marks > QV__NAME_MARKS)
			return qv_fail(
			    err, QV_EINVAL,
			    "name: %d combining marks in a row; at most %d on one character", marks,
			    QV__NAME_MARKS);
		alnum = alnum || cls == QV__U_ALNUM;
	}
	if (!alnum)
		return qv_fail(err, QV_EINVAL,
		               "name: no letter or digit; a name needs at least one");
	const char *word = reserved(out);
	if (word) {
		char quoted[QV_QUOTE_MAX * 4 + 4];
		return qv_fail(err, QV_EINVAL,
		               "name: '%s' is a word the table shows for something else; a name "
		               "may not be a seat (p1 to p%d), a level, spectator, chance or game",
		               qv_shorten(out, QV_QUOTE_MAX, quoted, sizeof quoted),
		               QV_MAX_PLAYERS);
	}
	return QV_OK;
}

/* ---- a table's chat -------------------------------------------------------------------------- */

void qv__chat_free(qv__chat *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->line[i].text);
	free(c->line);
	*c = (qv__chat){0};
}

bool qv__chat_copy(qv__chat *to, const qv__chat *from)
{
	*to = (qv__chat){.last = from->last};
	if (from->n == 0)
		return true;
	to->line = malloc((size_t)from->n * sizeof *to->line);
	if (!to->line)
		return false;
	to->cap = from->n;
	for (; to->n < from->n; to->n++) {
		to->line[to->n] = from->line[to->n];
		to->line[to->n].text = strdup(from->line[to->n].text);
		if (!to->line[to->n].text) {
			qv__chat_free(to);
			to->last = 0;
			return false;
		}
	}
	return true;
}

static bool is_spectator(const qv__chat_line *l) { return strcmp(l->from, "spectator") == 0; }

qv_status qv__chat_push(qv__chat *c, const char *from, const char *name, const char *text,
                        long long at, qv_err *err)
{
	if (c->n == c->cap) {
		int cap = c->cap ? 2 * c->cap : 16;
		qv__chat_line *grown = realloc(c->line, (size_t)cap * sizeof *grown);
		if (!grown)
			return qv_fail(err, QV_ENOMEM, "out of memory keeping a chat line");
		c->line = grown;
		c->cap = cap;
	}
	qv__chat_line *l = &c->line[c->n];
	l->text = strdup(text);
	if (!l->text)
		return qv_fail(err, QV_ENOMEM, "out of memory keeping a chat line");
	qv_copy(l->from, sizeof l->from, from);
	qv_copy(l->name, sizeof l->name, name);
	l->at = at;
	l->n = ++c->last;
	c->n++;
	return QV_OK;
}

void qv__chat_pop(qv__chat *c)
{
	if (c->n > 0) {
		free(c->line[--c->n].text);
		c->last--;
	}
}

bool qv__chat_hide(qv__chat *c, long long n)
{
	for (int i = 0; i < c->n; i++)
		if (c->line[i].n == n) {
			free(c->line[i].text);
			memmove(&c->line[i], &c->line[i + 1],
			        (size_t)(c->n - i - 1) * sizeof c->line[i]);
			c->n--;
			return true;
		}
	return false;
}

/* Whether line i is among the last QV__CHAT_KEEP of its kind. */
static bool kept(const qv__chat *c, int i)
{
	bool spect = is_spectator(&c->line[i]);
	int later = 0;
	for (int j = i + 1; j < c->n; j++)
		later += is_spectator(&c->line[j]) == spect;
	return later < QV__CHAT_KEEP;
}

void qv__chat_trim(qv__chat *c)
{
	int to = 0;
	for (int i = 0; i < c->n; i++) {
		if (kept(c, i))
			c->line[to++] = c->line[i];
		else
			free(c->line[i].text);
	}
	c->n = to;
}

json_t *qv__chat_line_json(const qv__chat_line *l)
{
	return json_pack("{s:s, s:I, s:s, s:s, s:s, s:I}", "type", "chat", "n", (json_int_t)l->n,
	                 "from", l->from, "name", l->name, "text", l->text, "at",
	                 (json_int_t)l->at);
}

json_t *qv__chat_json(const qv__chat *c, bool spectator)
{
	int first = c->n, seen = 0;
	while (first > 0 && seen < QV__CHAT_KEEP) {
		first--;
		seen += spectator || !is_spectator(&c->line[first]);
	}
	json_t *list = json_array();
	for (int i = first; i < c->n; i++)
		if (spectator || !is_spectator(&c->line[i]))
			list = qv__json_push(list, qv__chat_line_json(&c->line[i]));
	return list;
}

json_t *qv__chat_store_json(const qv__chat *c)
{
	json_t *list = json_array();
	for (int i = 0; i < c->n; i++)
		if (kept(c, i))
			list = qv__json_push(
			    list,
			    json_pack("{s:I, s:s, s:s, s:s, s:I}", "n", (json_int_t)c->line[i].n,
			              "from", c->line[i].from, "name", c->line[i].name, "text",
			              c->line[i].text, "at", (json_int_t)c->line[i].at));
	return list;
}

qv_status qv__chat_load(qv__chat *c, const json_t *j, int nseats, long long last, qv_err *err)
{
	if (!json_is_array(j))
		return qv_fail(err, QV_EIO, "people.chat: expected an array of lines");
	size_t i;
	json_t *e;
	json_array_foreach(j, i, e)
	{
		const char *from = json_string_value(json_object_get(e, "from"));
		const char *name = json_string_value(json_object_get(e, "name"));
		const char *text = json_string_value(json_object_get(e, "text"));
		const json_t *at = json_object_get(e, "at"), *n = json_object_get(e, "n");
		bool seat = from && qv_player_parse(from, nseats) >= 0;
		if (!from || (!seat && strcmp(from, "spectator") != 0) || !name ||
		    strlen(name) >= QV__NAME_BYTES || !text || !json_is_integer(at) ||
		    (n && (!json_is_integer(n) || json_integer_value(n) <= c->last ||
		           json_integer_value(n) > QV__CHAT_LAST_MAX)))
			return qv_fail(err, QV_EIO,
			               "people.chat[%zu]: expected {\"n\" (growing), \"from\", "
			               "\"name\", \"text\", \"at\"}",
			               i);
		if (n)
			c->last = (long long)json_integer_value(n) - 1;
		qv_status rc =
		    qv__chat_push(c, from, name, text, (long long)json_integer_value(at), err);
		if (rc)
			return rc;
	}
	if (last > QV__CHAT_LAST_MAX)
		return qv_fail(err, QV_EIO, "people.chat_last: %lld is past %lld", last,
		               (long long)QV__CHAT_LAST_MAX);
	if (last > c->last)
		c->last = last;
	return QV_OK;
}
