/*
 * offer.c - offers one seat makes that the others answer (offer.h).
 */
#include <stdio.h>
#include <string.h>

#include "games/json_util.h"
#include "quiver/game.h"
#include "server/table/offer.h"
#include "server/table/seats.h"

/* Each kind of offer: its name (info's "kind"), whether the store writes that name, and the
 * words of its refusals. */
static const struct {
	const char *name;
	bool stored_named;     /* false for a takeback, stored before there were kinds */
	const char *asks;      /* what a seat that made one asks, after the seat's name */
	const char *not_asked; /* after the asker's name: why a seat is not asked */
} kinds[] = {
    [QV__OFFER_TAKEBACK] = {"takeback", false, "asks to take back a move",
                            "'s takeback does not take back any move of yours, so you are not "
                            "asked"},
    [QV__OFFER_DRAW] = {"draw", true, "offers a draw", "'s draw offer is not made to you"},
};

void qv__offer_clear(qv__offer *o) { o->by = -1; }

bool qv__offer_lapses(const qv__offer *o, int seat)
{
	if (o->by < 0)
		return false;
	if (o->kind != QV__OFFER_DRAW)
		return true;
	return seat >= 0 && (o->asked >> seat & 1u);
}

/* The seats of a mask for a sentence: "p2", "p2 and p3", "p2, p3 and p4" (the pages' andList,
 * web/grammar.js). */
static const char *seats_and(unsigned mask, char *buf, size_t size)
{
	char name[8];
	int n = __builtin_popcount(mask), k = 0;
	buf[0] = '\0';
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		if (!(mask >> p & 1u))
			continue;
		size_t len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s",
		         k == 0       ? ""
		         : k == n - 1 ? " and "
		                      : ", ",
		         qv_player_name(p, name));
		k++;
	}
	return buf;
}

qv_status qv__offer_may_ask(const qv__offer *o, int seat, long long v, qv_err *err)
{
	char name[8], waiting[8 * QV_MAX_PLAYERS];
	if (o->by == seat)
		return qv_fail(err, QV_ESTATE,
		               "you have asked for a %s already; it waits for %s to answer",
		               kinds[o->kind].name, seats_and(o->waiting, waiting, sizeof waiting));
	if (o->by >= 0)
		return qv_fail(err, QV_ESTATE,
		               "%s %s: answer that first with {\"type\": \"answer\", \"v\": %lld, "
		               "\"accept\": true or false}",
		               qv_player_name(o->by, name), kinds[o->kind].asks, v);
	return QV_OK;
}

void qv__offer_make(qv__offer *o, qv__offer_kind kind, int by, long long to, unsigned asked,
                    double at)
{
	*o = (qv__offer){
	    .by = by, .to = to, .asked = asked, .waiting = asked, .at = at, .kind = kind};
}

qv_status qv__offer_answer(qv__offer *o, qv__offer_kind kind, int seat, bool accept,
                           qv__offer_outcome *out, qv_err *err)
{
	char name[8];
	const char *word = kinds[kind].name;
	if (o->by < 0 || o->kind != kind)
		return qv_fail(err, QV_ESTATE, "there is no %s request to answer", word);
	if (o->by == seat)
		return qv_fail(err, QV_ESTATE, "the %s request is yours: the others answer it",
		               word);
	if (!(o->asked >> seat & 1u))
		return qv_fail(err, QV_ESTATE, "%s%s", qv_player_name(o->by, name),
		               kinds[kind].not_asked);
	if (!(o->waiting >> seat & 1u))
		return qv_fail(err, QV_ESTATE, "you have answered this %s request already", word);
	if (!accept) {
		*out = QV__OFFER_DECLINED;
		qv__offer_clear(o);
	} else if (o->waiting & ~(1u << seat)) {
		*out = QV__OFFER_WAITS;
		o->waiting &= ~(1u << seat);
	} else {
		*out = QV__OFFER_AGREED;
	}
	return QV_OK;
}

json_t *qv__offer_json(const qv__offer *o, int nseats, bool info, double now)
{
	char name[8];
	json_t *j = json_pack("{s:s, s:I, s:o}", "by", qv_player_name(o->by, name), "to",
	                      (json_int_t)o->to, "waiting", qv__seat_mask_json(o->waiting, nseats));
	if (info)
		return qv__json_put(j, "kind", json_string(kinds[o->kind].name));
	double ago = now - o->at;
	j = qv__json_put(j, "asked", qv__seat_mask_json(o->asked, nseats));
	j = qv__json_put(j, "ago_ms", json_integer((json_int_t)(ago > 0 ? ago * 1000 : 0)));
	if (kinds[o->kind].stored_named)
		j = qv__json_put(j, "kind", json_string(kinds[o->kind].name));
	return j;
}

/* The kind a stored offer names (none: a takeback, stored before there were kinds); false
 * when it names none. */
static bool kind_read(const json_t *j, qv__offer_kind *kind)
{
	*kind = QV__OFFER_TAKEBACK;
	if (!j)
		return true;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (json_is_string(j) && strcmp(json_string_value(j), kinds[k].name) == 0) {
			*kind = (qv__offer_kind)k;
			return true;
		}
	return false;
}

qv_status qv__offer_load(qv__offer *o, const json_t *j, int nseats, double now, qv_err *err)
{
	qv__offer_clear(o);
	if (!j)
		return QV_OK;
	const char *by = json_string_value(json_object_get(j, "by"));
	const json_t *to = json_object_get(j, "to"), *ago = json_object_get(j, "ago_ms");
	qv__offer read = {
	    .by = by ? qv_player_parse(by, nseats) : -1,
	    .at = now - (json_is_integer(ago) ? (double)json_integer_value(ago) / 1000 : 0)};
	if (read.by < 0 || !json_is_integer(to) || (ago && !json_is_integer(ago)) ||
	    !qv__seat_mask_read(json_object_get(j, "asked"), nseats, &read.asked) ||
	    !qv__seat_mask_read(json_object_get(j, "waiting"), nseats, &read.waiting) ||
	    !read.waiting || (read.waiting & ~read.asked) ||
	    !kind_read(json_object_get(j, "kind"), &read.kind))
		return qv_fail(err, QV_EIO,
		               "people.offer: expected {\"by\", \"to\", \"asked\", \"waiting\"} "
		               "naming seats of the table");
	read.to = json_integer_value(to);
	*o = read;
	return QV_OK;
}
