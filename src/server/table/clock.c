/*
 * clock.c - a table's clocks (clock.h): the settings read from a request, the time each seat
 * has left, and the first deadline.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/fields.h"
#include "games/json_util.h"
#include "server/table/clock.h"

/* The kinds' names, by QV__CLOCK_*. */
static const char *const kind_names[] = {"none", "move", "fischer", "days"};

/* The fields of each kind's settings, NULL-terminated. */
static const char *const fields_none[] = {"kind", NULL};
static const char *const fields_move[] = {"kind", "seconds", NULL};
static const char *const fields_fischer[] = {"kind", "base", "increment", NULL};
static const char *const fields_days[] = {"kind", "days", NULL};

#define CLOCK_FORMS                                                                                \
	"{\"kind\": \"none\"}, {\"kind\": \"move\", \"seconds\": S}, {\"kind\": \"fischer\", "     \
	"\"base\": S, \"increment\": S} or {\"kind\": \"days\", \"days\": D}"

bool qv__clock_on(const qv__clock *c) { return c->kind != QV__CLOCK_NONE; }

/* The whole allowance of one move, in ms (per move, days per move). */
static long long per_move_ms(const qv__clock *c)
{
	return c->kind == QV__CLOCK_MOVE ? c->seconds * 1000 : c->days * 86400 * 1000;
}

/* Reads setting `name` of the clock: a whole number from lo to hi. */
static qv_status read_setting(const json_t *j, const char *name, long long lo, long long hi,
                              const char *unit, long long *out, qv_err *err)
{
	const json_t *v = json_object_get(j, name);
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return qv_fail(err, QV_EINVAL,
		               "clock.%s: expected a whole number of %s from %lld to %lld", name,
		               unit, lo, hi);
	*out = json_integer_value(v);
	return QV_OK;
}

qv_status qv__clock_parse(qv__clock *c, const json_t *j, qv_err *err)
{
	*c = (qv__clock){.kind = QV__CLOCK_NONE};
	if (!j)
		return QV_OK;
	if (!json_is_object(j))
		return qv_fail(err, QV_EINVAL, "clock: expected an object, one of %s", CLOCK_FORMS);
	const char *kind = json_string_value(json_object_get(j, "kind"));
	int k = -1;
	for (int i = 0; kind && i < 4; i++)
		if (strcmp(kind, kind_names[i]) == 0)
			k = i;
	if (k < 0)
		return qv_fail(err, QV_EINVAL,
		               "clock.kind: expected \"none\", \"move\", \"fischer\" or \"days\" "
		               "(the clock is one of %s)",
		               CLOCK_FORMS);
	static const char *const *const fields[] = {fields_none, fields_move, fields_fischer,
	                                            fields_days};
	qv_status rc = qv__json_check_keys(j, "clock", fields[k], err);
	if (rc)
		return rc;
	c->kind = k;
	if (k == QV__CLOCK_MOVE)
		rc = read_setting(j, "seconds", 1, QV__CLOCK_MOVE_MAX, "seconds", &c->seconds, err);
	else if (k == QV__CLOCK_FISCHER) {
		rc = read_setting(j, "base", 1, QV__CLOCK_BASE_MAX, "seconds", &c->base, err);
		if (!rc)
			rc = read_setting(j, "increment", 0, QV__CLOCK_INCREMENT_MAX, "seconds",
			                  &c->increment, err);
	} else if (k == QV__CLOCK_DAYS)
		rc = read_setting(j, "days", 1, QV__CLOCK_DAYS_MAX, "days", &c->days, err);
	if (rc) {
		*c = (qv__clock){.kind = QV__CLOCK_NONE};
		return rc;
	}
	long long start = k == QV__CLOCK_FISCHER ? c->base * 1000 : k ? per_move_ms(c) : 0;
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		c->left[p] = start;
	return QV_OK;
}

json_t *qv__clock_settings_json(const qv__clock *c)
{
	json_t *j = json_pack("{s:s}", "kind", kind_names[c->kind]);
	if (c->kind == QV__CLOCK_MOVE)
		j = qv__json_put(j, "seconds", json_integer(c->seconds));
	if (c->kind == QV__CLOCK_FISCHER) {
		j = qv__json_put(j, "base", json_integer(c->base));
		j = qv__json_put(j, "increment", json_integer(c->increment));
	}
	if (c->kind == QV__CLOCK_DAYS)
		j = qv__json_put(j, "days", json_integer(c->days));
	return j;
}

long long qv__clock_left(const qv__clock *c, int p, double now)
{
	if (!(c->running >> p & 1u))
		return c->left[p];
	return c->left[p] - (long long)floor((now - c->since[p]) * 1000);
}

double qv__clock_running_for(const qv__clock *c, int p, double now)
{
	return c->running >> p & 1u ? now - c->since[p] : 0;
}

void qv__clock_sync(qv__clock *c, unsigned running, unsigned decided, double now)
{
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		bool was = c->running >> p & 1u, is = running >> p & 1u, chose = decided >> p & 1u;
		if (was && (!is || chose) && qv__clock_on(c)) {
			c->left[p] = qv__clock_left(c, p, now);
			c->since[p] = now;
		}
		/* The increment comes with a decision played, whether the seat's clock ran until
		 * then (an act) or stopped on its commitment earlier. */
		if (chose && c->kind == QV__CLOCK_FISCHER)
			c->left[p] += c->increment * 1000;
		/* Per move: each decision has the whole allowance, also one of several in a turn.
		 */
		if (is && (!was || chose)) {
			c->since[p] = now;
			if (c->kind == QV__CLOCK_MOVE || c->kind == QV__CLOCK_DAYS)
				c->left[p] = per_move_ms(c);
		}
	}
	c->running = running;
}

void qv__clock_resume(qv__clock *c, int p)
{
	/* since[p] still says when the clock stopped (qv__clock_sync), so the time since counts
	 * from there; without a clock it says when the seat's turn began. */
	c->running |= 1u << p;
	c->held &= ~(1u << p);
}

void qv__clock_mark_take(const qv__clock *c, int from, double now, qv__clock_mark *out)
{
	*out = (qv__clock_mark){.from = from, .at = now, .running = c->running};
	for (int p = 0; p < QV_MAX_PLAYERS; p++)
		out->left[p] = qv__clock_left(c, p, now);
}

void qv__clock_rewind(qv__clock *c, const qv__clock_mark *mark, unsigned stand, int by,
                      double charged, unsigned running, double now)
{
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		bool decided = stand >> p & 1u;
		c->left[p] = mark->left[p];
		if (p == by)
			c->left[p] -= (long long)floor(charged * 1000);
		if (decided && c->kind == QV__CLOCK_FISCHER)
			c->left[p] += c->increment * 1000;
		c->since[p] = now;
		bool starts = running >> p & 1u && (!(mark->running >> p & 1u) || decided);
		if (starts && (c->kind == QV__CLOCK_MOVE || c->kind == QV__CLOCK_DAYS))
			c->left[p] = per_move_ms(c);
	}
	c->running = running;
	c->held = 0;
}

double qv__clock_deadline(const qv__clock *c)
{
	double first = 0;
	for (int p = 0; qv__clock_on(c) && p < QV_MAX_PLAYERS; p++) {
		if (!(c->running >> p & 1u))
			continue;
		double at = c->since[p] + (double)c->left[p] / 1000;
		if (first == 0 || at < first)
			first = at;
	}
	return first;
}

unsigned qv__clock_out(const qv__clock *c, double now)
{
	unsigned out = 0;
	for (int p = 0; qv__clock_on(c) && p < QV_MAX_PLAYERS; p++)
		if (c->running >> p & 1u && qv__clock_left(c, p, now) <= 0)
			out |= 1u << p;
	return out;
}

void qv__clock_returned(qv__clock *c, int p)
{
	if (c->kind != QV__CLOCK_FISCHER)
		return;
	long long base = c->base * 1000;
	c->left[p] = base < QV__CLOCK_RETURN_MS ? base : QV__CLOCK_RETURN_MS;
}

/* The settings with "left" (ms) of the seats of mask `seats` at `now`, clamped at 0 when
 * `clamp`, and "running", the running seats among them (none when !running_shown). NULL when
 * out of memory. */
static json_t *times_json(const qv__clock *c, unsigned seats, bool clamp, bool running_shown,
                          double now)
{
	json_t *j = qv__clock_settings_json(c), *left = json_object(), *running = json_array();
	char name[8];
	for (int p = 0; p < QV_MAX_PLAYERS; p++) {
		if (!(seats >> p & 1u))
			continue;
		long long ms = qv__clock_left(c, p, now);
		left = qv__json_put(left, qv_player_name(p, name),
		                    json_integer(clamp && ms < 0 ? 0 : ms));
		if (running_shown && c->running >> p & 1u)
			running = qv__json_push(running, json_string(name));
	}
	j = qv__json_put(j, "left", left);
	return qv__json_put(j, "running", running);
}

json_t *qv__clock_save_json(const qv__clock *c, int nseats, double now)
{
	return times_json(c, (1u << nseats) - 1, false, true, now);
}

json_t *qv__clock_info_json(const qv__clock *c, unsigned shown, bool stored, double now)
{
	json_t *j = times_json(c, qv__clock_on(c) ? shown : 0, true, !stored, now);
	return qv__json_put(j, "now", json_integer((json_int_t)(now * 1000)));
}

/* The seats named in `running` (an array of "p1", "p2"...) added to *mask; a name that is not a
 * seat of nseats is refused as `field`.running[i]. */
static qv_status running_seats(const json_t *running, int nseats, const char *field, unsigned *mask,
                               qv_err *err)
{
	size_t i;
	const json_t *seat;
	json_array_foreach(running, i, seat)
	{
		int p =
		    json_is_string(seat) ? qv_player_parse(json_string_value(seat), nseats) : -1;
		if (p < 0)
			return qv_fail(err, QV_EIO, "%s.running[%zu]: expected a seat", field, i);
		*mask |= 1u << p;
	}
	return QV_OK;
}

qv_status qv__clock_load_json(qv__clock *c, const json_t *j, int nseats, double now, qv_err *err)
{
	if (!json_is_object(j))
		return qv_fail(err, QV_EIO, "people.clock: expected an object");
	json_t *settings = json_deep_copy(j);
	if (!settings)
		return qv_fail(err, QV_ENOMEM, "out of memory");
	json_object_del(settings, "left");
	json_object_del(settings, "running");
	qv_err why;
	qv_status rc = qv__clock_parse(c, settings, &why);
	json_decref(settings);
	if (rc)
		return qv_fail(err, QV_EIO, "people.%s", why.msg);
	const json_t *left = json_object_get(j, "left"), *running = json_object_get(j, "running");
	if (!json_is_object(left) || !json_is_array(running))
		return qv_fail(err, QV_EIO, "people.clock: expected \"left\" and \"running\"");
	char name[8];
	for (int p = 0; p < nseats; p++) {
		const json_t *ms = json_object_get(left, qv_player_name(p, name));
		if (!json_is_integer(ms))
			return qv_fail(err, QV_EIO, "people.clock.left.%s: expected ms", name);
		c->left[p] = json_integer_value(ms);
		c->since[p] = now; /* a clock stopped on a commitment resumes from here */
	}
	return running_seats(running, nseats, "people.clock", &c->running, err);
}

json_t *qv__clock_mark_json(const qv__clock_mark *m, int nseats, double now)
{
	json_t *left = json_object(), *running = json_array();
	char name[8];
	for (int p = 0; p < nseats; p++) {
		left = qv__json_put(left, qv_player_name(p, name), json_integer(m->left[p]));
		if (m->running >> p & 1u)
			running = qv__json_push(running, json_string(name));
	}
	double ago = now - m->at;
	return json_pack("{s:i, s:I, s:o, s:o}", "from", m->from, "ago_ms",
	                 (json_int_t)(ago > 0 ? ago * 1000 : 0), "left", left, "running", running);
}

qv_status qv__clock_mark_load(qv__clock_mark *m, const json_t *j, int nseats, double now,
                              qv_err *err)
{
	const json_t *from = json_object_get(j, "from"), *ago = json_object_get(j, "ago_ms");
	const json_t *left = json_object_get(j, "left"), *running = json_object_get(j, "running");
	if (!json_is_integer(from) || json_integer_value(from) < 0 || !json_is_integer(ago) ||
	    json_integer_value(ago) < 0 || !json_is_object(left) || !json_is_array(running))
		return qv_fail(err, QV_EIO,
		               "people.marks: expected {\"from\", \"ago_ms\", \"left\", "
		               "\"running\"}");
	*m = (qv__clock_mark){.from = (int)json_integer_value(from),
	                      .at = now - (double)json_integer_value(ago) / 1000};
	char name[8];
	for (int p = 0; p < nseats; p++) {
		const json_t *ms = json_object_get(left, qv_player_name(p, name));
		if (!json_is_integer(ms))
			return qv_fail(err, QV_EIO, "people.marks.left.%s: expected ms", name);
		m->left[p] = json_integer_value(ms);
	}
	return running_seats(running, nseats, "people.marks", &m->running, err);
}
