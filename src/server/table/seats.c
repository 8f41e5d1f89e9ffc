/*
 * seats.c - the seats of a table (seats.h): kinds, joins, tokens, invites, names, connections,
 * and their JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "server/base/rating.h"
#include "server/table/seats.h"

unsigned qv__seats_people(const qv__seat *seat, int n)
{
	unsigned mask = 0;
	for (int i = 0; i < n; i++)
		mask |= seat[i].human ? 1u << i : 0u;
	return mask;
}

int qv__seats_unclaimed(const qv__seat *seat, int n)
{
	for (int i = 0; i < n; i++)
		if (seat[i].human && !seat[i].hash[0])
			return i;
	return -1;
}

bool qv__seats_open(const qv__seat *seat, int n)
{
	for (int i = 0; i < n; i++)
		if (seat[i].human && !seat[i].invite && !seat[i].hash[0])
			return true;
	return false;
}

void qv__seats_invite(qv__seat *seat, int n, unsigned mask, qv__invites *out)
{
	out->n = 0;
	for (int i = 0; i < n; i++) {
		if (!(mask >> i & 1u))
			continue;
		seat[i].invite = true;
		out->seat[out->n] = i;
		qv__token_new(out->code[out->n], seat[i].invite_hash);
		out->n++;
	}
}

/* The seat a request names ("p2"), checked: a person's seat, its code when it is an invite
 * seat, none when it is open, and free. */
static qv_status choose_named(const qv__seat *seat, int n, const qv__join *req, int *p,
                              bool *forbidden, qv_err *err)
{
	char name[8], quoted[QV_QUOTE_MAX * 4 + 4];
	int s = qv_player_parse(req->seat, n);
	if (s < 0)
		return qv_fail(err, QV_EINVAL,
		               "seat: '%s' is not a seat of this table; expected p1 to p%d",
		               qv_shorten(req->seat, QV_QUOTE_MAX, quoted, sizeof quoted), n);
	if (!seat[s].human)
		return qv_fail(err, QV_EINVAL,
		               "seat: %s is played by the server (%s); only human seats can "
		               "be joined",
		               qv_player_name(s, name), seat[s].kind);
	if (seat[s].invite && (!req->invite || !qv__token_matches(req->invite, req->invite_len,
	                                                          seat[s].invite_hash))) {
		*forbidden = true;
		return qv_fail(err, QV_ESTATE,
		               req->invite ? "invite: that is not the invite code of seat %s"
		                           : "seat %s is for an invited player: join with "
		                             "its invite code, {\"invite\": \"...\"}",
		               qv_player_name(s, name));
	}
	if (!seat[s].invite && req->invite)
		return qv_fail(err, QV_EINVAL,
		               "invite: seat %s is an open seat and takes no invite code",
		               qv_player_name(s, name));
	if (seat[s].hash[0])
		return qv_fail(err, QV_ESTATE, "seat %s is already taken", qv_player_name(s, name));
	*p = s;
	return QV_OK;
}

/* The invite seat whose code a request gives, free. */
static qv_status choose_invited(const qv__seat *seat, int n, const qv__join *req, const char *id,
                                int *p, bool *forbidden, qv_err *err)
{
	char name[8];
	/* Every invite seat's hash is compared, in constant time, whichever matches. */
	int found = -1;
	for (int i = 0; i < n; i++) {
		bool match = seat[i].invite &&
		             qv__token_matches(req->invite, req->invite_len, seat[i].invite_hash);
		found = match ? i : found;
	}
	if (found < 0) {
		*forbidden = true;
		return qv_fail(err, QV_ESTATE,
		               "invite: that is not the invite code of a seat at table %s", id);
	}
	if (seat[found].hash[0])
		return qv_fail(err, QV_ESTATE,
		               "seat %s is already taken: an invite code works once",
		               qv_player_name(found, name));
	*p = found;
	return QV_OK;
}

qv_status qv__seats_choose(const qv__seat *seat, int n, const qv__join *req, const char *id, int *p,
                           bool *forbidden, qv_err *err)
{
	*p = -1;
	if (req->seat)
		return choose_named(seat, n, req, p, forbidden, err);
	if (req->invite)
		return choose_invited(seat, n, req, id, p, forbidden, err);
	bool invited = false;
	for (int i = 0; i < n && *p < 0; i++) {
		if (seat[i].human && !seat[i].hash[0] && !seat[i].invite)
			*p = i;
		invited |= seat[i].human && !seat[i].hash[0] && seat[i].invite;
	}
	if (*p < 0)
		return qv_fail(err, QV_ESTATE,
		               invited ? "no open seat at table %s: the free seats are for invited "
		                         "players (join with an invite code)"
		                       : "no free seat at table %s: every human seat is taken",
		               id);
	return QV_OK;
}

qv_status qv__seats_over(const char *id, qv_err *err)
{
	return qv_fail(err, QV_ESTATE, "the game at table %s is over", id);
}

int qv__seats_auth(const qv__seat *seat, int n, const char *token, size_t len, int *device)
{
	int found = -1, dev = -1;
	for (int i = 0; i < n; i++) {
		bool match = seat[i].hash[0] && qv__token_matches(token, len, seat[i].hash);
		found = match ? i : found;
		dev = match ? -1 : dev;
		for (int d = 0; d < seat[i].ndevices; d++) {
			match = qv__token_matches(token, len, seat[i].device[d].hash);
			found = match ? i : found;
			dev = match ? d : dev;
		}
	}
	if (device)
		*device = dev;
	return found;
}

void qv__seat_device_add(qv__seat *s, const char token_hash[QV__HASH_LEN + 1], const char *session)
{
	QV_ASSERT(s->device); /* a draft's seat: room of the change's own (change.h) */
	int at = -1;
	for (int d = 0; d < s->ndevices && at < 0; d++)
		if (strcmp(s->device[d].session, session) == 0)
			at = d;
	if (at < 0 && s->ndevices == QV__DEVICES)
		at = 0;
	if (at >= 0) {
		/* The place is given up and the device goes last: the list stays oldest first. */
		memmove(&s->device[at], &s->device[at + 1],
		        (size_t)(s->ndevices - at - 1) * sizeof s->device[0]);
		s->ndevices--;
	}
	qv__device *d = &s->device[s->ndevices++];
	qv_copy(d->hash, sizeof d->hash, token_hash);
	qv_copy(d->session, sizeof d->session, session);
}

void qv__seat_online(qv__seat *s, int delta, double now)
{
	s->online += delta;
	if (s->online == 0)
		s->gone = now;
}

const char *qv__seat_name(const qv__seat *s, int p)
{
	static const char *const seats[] = {"p1", "p2", "p3", "p4", "p5"};
	_Static_assert(sizeof seats / sizeof seats[0] == QV_MAX_PLAYERS, "a name for every seat");
	return s->name[0] ? s->name : s->human ? seats[p] : s->kind;
}

json_t *qv__seat_info_json(const qv__seat *s, int p, bool over, bool stored, double now)
{
	char name[8];
	bool online = !s->human || (!stored && s->online > 0);
	bool open = s->human && !s->invite && !s->hash[0] && !over;
	json_t *e = json_pack("{s:s, s:s, s:b, s:b, s:s, s:b}", "seat", qv_player_name(p, name),
	                      "kind", s->kind, "claimed", !s->human || s->hash[0], "online", online,
	                      "name", qv__seat_name(s, p), "open", open);
	long long away = 0;
	bool absent = !stored && s->human && s->hash[0] && s->online == 0;
	if (absent)
		away = (long long)((now - s->gone) * 1000);
	if (s->username[0])
		e = qv__json_put(e, "username", json_string(s->username));
	if (s->rating > 0) {
		e = qv__json_put(e, "rating", json_integer((json_int_t)lround(s->rating)));
		e = qv__json_put(e, "provisional",
		                 json_boolean(s->deviation >= QV__GLICKO2_PROVISIONAL));
	}
	e = qv__json_put(e, "away_ms", json_integer(away > 0 ? away : 0));
	return qv__json_put(e, "away_since",
	                    absent ? json_integer((json_int_t)(s->gone * 1000)) : json_null());
}

/* A seat's devices as the store keeps them: [{"token": hash, "session": hash}, ...]. */
static json_t *devices_json(const qv__seat *s)
{
	json_t *list = json_array();
	for (int d = 0; list && d < s->ndevices; d++)
		list = qv__json_push(list, json_pack("{s:s, s:s}", "token", s->device[d].hash,
		                                     "session", s->device[d].session));
	return list;
}

/* Whether text is a hash as the store keeps one (64 hex digits). */
static bool is_hash(const json_t *text)
{
	const char *v = json_string_value(text);
	if (!v || strlen(v) != QV__HASH_LEN)
		return false;
	return strspn(v, "0123456789abcdef") == QV__HASH_LEN;
}

/* Reads a stored seat's devices (NULL: none) into s, with room for them made for the first;
 * false when the list is not one, or when out of memory (*oom then set). */
static bool devices_load(qv__seat *s, const json_t *list, bool *oom)
{
	s->ndevices = 0;
	if (!list || (json_is_array(list) && json_array_size(list) == 0))
		return true;
	if (!json_is_array(list) || json_array_size(list) > QV__DEVICES)
		return false;
	if (!s->device && !(s->device = calloc(QV__DEVICES, sizeof *s->device)))
		return !(*oom = true);
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	{
		const json_t *hash = json_object_get(e, "token"),
		             *session = json_object_get(e, "session");
		if (!is_hash(hash) || !is_hash(session))
			return false;
		qv__device *d = &s->device[s->ndevices++];
		qv_copy(d->hash, sizeof d->hash, json_string_value(hash));
		qv_copy(d->session, sizeof d->session, json_string_value(session));
	}
	return true;
}

json_t *qv__seats_json(const qv__seat *seat, int n)
{
	json_t *j = json_object();
	char name[8];
	for (int p = 0; j && p < n; p++) {
		const qv__seat *s = &seat[p];
		if (!s->name[0] && !s->invite && !s->account && !s->ndevices && !s->username[0])
			continue;
		json_t *e = json_object();
		if (s->ndevices)
			e = qv__json_put(e, "devices", devices_json(s));
		if (s->name[0])
			e = qv__json_put(e, "name", json_string(s->name));
		if (s->account)
			e = qv__json_put(e, "account", json_integer((json_int_t)s->account));
		if (s->username[0])
			e = qv__json_put(e, "username", json_string(s->username));
		if (s->rating > 0)
			e = qv__json_put(e, "rating", json_pack("[f, f]", s->rating, s->deviation));
		if (s->invite)
			e = qv__json_put(e, "invite", json_string(s->invite_hash));
		j = qv__json_put(j, qv_player_name(p, name), e);
	}
	return j;
}

qv_status qv__seats_load(qv__seat *seat, int n, const json_t *j, qv_err *err)
{
	if (j && !json_is_object(j))
		return qv_fail(err, QV_EIO, "people.seats: expected an object of seats");
	const char *key;
	json_t *e;
	json_object_foreach((json_t *)j, key, e)
	{
		int p = qv_player_parse(key, n);
		const json_t *name = json_object_get(e, "name"),
		             *hash = json_object_get(e, "invite"),
		             *account = json_object_get(e, "account"),
		             *username = json_object_get(e, "username"),
		             *rating = json_object_get(e, "rating");
		bool oom = false;
		bool rating_ok =
		    !rating || (json_is_array(rating) && json_array_size(rating) == 2 &&
		                json_is_number(json_array_get(rating, 0)) &&
		                json_is_number(json_array_get(rating, 1)));
		bool ok =
		    p >= 0 && json_is_object(e) && (!name || json_is_string(name)) &&
		    (!account || json_is_integer(account)) && rating_ok &&
		    (!name || json_string_length(name) < QV__NAME_BYTES) &&
		    (!username ||
		     (json_is_string(username) && json_string_length(username) < QV__NAME_BYTES)) &&
		    (!hash || (json_is_string(hash) && json_string_length(hash) == QV__HASH_LEN)) &&
		    devices_load(&seat[p], json_object_get(e, "devices"), &oom);
		if (oom)
			return qv_fail(err, QV_ENOMEM, "out of memory");
		if (!ok)
			return qv_fail(err, QV_EIO,
			               "people.seats.%s: expected {\"name\", \"invite\", "
			               "\"account\", \"username\", \"rating\", \"devices\"} of a "
			               "seat",
			               key);
		seat[p].account = account ? (long long)json_integer_value(account) : 0;
		if (name)
			qv_copy(seat[p].name, sizeof seat[p].name, json_string_value(name));
		if (username)
			qv_copy(seat[p].username, sizeof seat[p].username,
			        json_string_value(username));
		if (rating) {
			seat[p].rating = json_number_value(json_array_get(rating, 0));
			seat[p].deviation = json_number_value(json_array_get(rating, 1));
		}
		if (hash) {
			seat[p].invite = true;
			qv_copy(seat[p].invite_hash, sizeof seat[p].invite_hash,
			        json_string_value(hash));
		}
	}
	return QV_OK;
}

json_t *qv__seat_mask_json(unsigned mask, int n)
{
	json_t *list = json_array();
	char name[8];
	for (int p = 0; p < n; p++)
		if (mask >> p & 1u)
			list = qv__json_push(list, json_string(qv_player_name(p, name)));
	return list;
}

bool qv__seat_mask_read(const json_t *list, int n, unsigned *mask)
{
	*mask = 0;
	if (!json_is_array(list))
		return false;
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	{
		int p = json_is_string(e) ? qv_player_parse(json_string_value(e), n) : -1;
		if (p < 0)
			return false;
		*mask |= 1u << p;
	}
	return true;
}
