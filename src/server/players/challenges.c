/*
 * challenges.c - challenges between accounts (challenges.h): sent, listed, accepted into a
 * table (pairing.h), declined, cancelled and expired, each change told on both accounts'
 * channels.
 *
 * A challenge changes state by one conditional UPDATE (from "open" only), so that two answers at
 * once (two devices, or an accept and a cancel) leave one; an accept first takes it as
 * "accepting" with a random claim of its own, reads the claim back, makes the table, and only
 * then says "accepted" (a table that cannot be made gives the challenge back: "open"). An
 * accept that died on its way is given back after ACCEPTING_S seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "core/clock.h"
#include "core/fields.h"
#include "games/json_util.h"
#include "server/base/oplog.h"
#include "server/net/reply.h"
#include "server/players/challenges.h"
#include "server/players/community.h"
#include "server/players/pairing.h"
#include "server/players/player.h"

/* Seconds after which an accept that never finished (its process died) gives the challenge
 * back. */
#define ACCEPTING_S 30

/* A challenge as read from the store: its JSON as the API gives it, and its two accounts. */
typedef struct chal {
	json_t *j;
	long long from, to;
	char status[16];
	char player[QV__HASH_LEN + 1]; /* the challenger's key */
	char claim[40];                /* the accept's that took it ("" none; never shown) */
	int seat;                      /* the challenger's, 0-based */
	json_t *request;               /* the table it asks for (its "game" ...) */
} chal;

static void chal_free(chal *c)
{
	json_decref(c->j);
	json_decref(c->request);
	memset(c, 0, sizeof *c);
}

#define COLUMNS                                                                                    \
	"SELECT c.id, a.username, b.username, c.request, c.seat, c.status, c.created, c.expires, " \
	"c.table_id, c.challenger, c.challenged, c.player, c.claim FROM challenges c JOIN "        \
	"accounts a ON a.id = c.challenger JOIN accounts b ON b.id = c.challenged "

/* The API's status of a stored one: an accept under way is still "open" to the people. */
static const char *shown_status(const char *stored)
{
	return strcmp(stored, "accepting") == 0 ? "open" : stored;
}

/* One row of COLUMNS as a chal (NULL j when it does not read). */
static chal chal_of(int n, const char *const *v)
{
	chal c = {0};
	json_error_t jerr;
	if (n < 13 || !v[0] || !v[1] || !v[2] || !v[3] || !v[5] ||
	    qv__json_parse(v[3], strlen(v[3]), 0, &c.request, &jerr) != QV_OK)
		return c;
	c.seat = v[4] ? atoi(v[4]) : 0;
	c.from = v[9] ? atoll(v[9]) : 0;
	c.to = v[10] ? atoll(v[10]) : 0;
	qv_copy(c.status, sizeof c.status, v[5]);
	qv_copy(c.player, sizeof c.player, v[11] ? v[11] : "");
	qv_copy(c.claim, sizeof c.claim, v[12] ? v[12] : "");
	const char *game = json_string_value(json_object_get(c.request, "game"));
	const qv_game *g = game ? qv_game_find(game, NULL) : NULL;
	char mine[8], theirs[8];
	c.j = json_pack(
	    "{s:s, s:s, s:s, s:s?, s:s?, s:O?, s:O?, s:b, s:b, s:s, s:s, s:s, s:I, s:I, s:s?}",
	    "id", v[0], "from", v[1], "to", v[2], "game", g ? g->name : NULL, "title",
	    g ? g->title : NULL, "params", json_object_get(c.request, "params"), "clock",
	    json_object_get(c.request, "clock"), "rated",
	    json_is_true(json_object_get(c.request, "rated")), "takebacks",
	    !json_is_false(json_object_get(c.request, "takebacks")), "from_seat",
	    qv_player_name(c.seat, mine), "to_seat", qv_player_name(1 - c.seat, theirs), "status",
	    shown_status(v[5]), "created", (json_int_t)(atof(v[6]) * 1000), "expires",
	    (json_int_t)(atof(v[7]) * 1000), "table", v[8]);
	return c;
}

/* Where rows of COLUMNS go: one chal, or every row's JSON into a list. */
typedef struct chal_rows {
	chal one;
	json_t *list;
	chal *all; /* every row kept (expiry), up to max */
	int n, max;
} chal_rows;

static qv_status chal_row(void *ctx, int n, const char *const *v)
{
	chal_rows *r = ctx;
	chal c = chal_of(n, v);
	if (!c.j) {
		chal_free(&c);
		return QV_OK;
	}
	if (r->list) {
		json_array_append(r->list, c.j);
		chal_free(&c);
	} else if (r->all && r->n < r->max) {
		r->all[r->n++] = c;
	} else {
		chal_free(&r->one);
		r->one = c;
	}
	return QV_OK;
}

/* Challenge id into *out: 1 found, 0 none, -1 the database failed. */
static int chal_load(qv__server *srv, const char *id, chal *out)
{
	chal_rows r = {0};
	const char *args[] = {id};
	qv_err err;
	if (qv__store_query(srv->store, COLUMNS "WHERE c.id = $1", 1, args, chal_row, &r, &err))
		return -1;
	*out = r.one;
	return out->j != NULL;
}

/* Tells both accounts of c what it is now. */
static void tell(qv__server *srv, const chal *c)
{
	json_t *frame = json_pack("{s:s, s:O}", "type", "challenge", "challenge", c->j);
	if (!frame)
		return;
	if (srv->chan_tell) {
		srv->chan_tell(srv, c->from, frame);
		srv->chan_tell(srv, c->to, frame);
	}
	json_decref(frame);
}

/* Challenge id moved from status `from` to `status` (with the table made, or NULL), only
 * while it is under `claim` (an accept's, or "": any): reads it back into *out; 1 when it is
 * now `status` (under that claim), 0 when another answer or accept came first, -1 the database
 * failed. */
static int chal_move(qv__server *srv, const char *id, const char *from, const char *status,
                     const char *table, const char *claim, chal *out)
{
	qv__num now = qv__num_real(qv_wall());
	const char *args[] = {status, now.text, table, id, from, claim};
	qv_err err;
	if (qv__store_run(srv->store,
	                  "UPDATE challenges SET status = $1, answered = CAST($2 AS DOUBLE "
	                  "PRECISION), table_id = COALESCE($3, table_id) WHERE id = $4 AND status "
	                  "= $5 AND ($6 = '' OR claim = $6)",
	                  6, args, &err))
		return -1;
	int found = chal_load(srv, id, out);
	return found <= 0 ? found
	                  : strcmp(out->status, status) == 0 &&
	                        (!claim[0] || strcmp(out->claim, claim) == 0);
}

/* Every open challenge past its time becomes "expired", told to both accounts. */
static void expire(qv__server *srv)
{
	chal all[16];
	chal_rows r = {.all = all, .max = 16};
	qv__num now = qv__num_real(qv_wall());
	const char *args[] = {now.text};
	qv_err err;
	if (qv__store_query(srv->store,
	                    COLUMNS "WHERE c.status = 'open' AND c.expires <= CAST($1 AS DOUBLE "
	                            "PRECISION) ORDER BY c.expires",
	                    1, args, chal_row, &r, &err))
		qv__oplog(QV__WARN, "challenges past their time stay open: %s", err.msg);
	for (int i = 0; i < r.n; i++) {
		chal c = {0};
		const char *id = json_string_value(json_object_get(all[i].j, "id"));
		if (chal_move(srv, id, "open", "expired", NULL, "", &c) == 1)
			tell(srv, &c);
		chal_free(&c);
		chal_free(&all[i]);
	}
}

/* The requester of a challenge route into s (a change, `change`: from this site, as
 * qv__community_changer), the challenges past their time expired first: 0, or the answer given. */
static int begin(qv__server *srv, qv__req *c, bool change, qv__session *s)
{
	int st = change ? qv__community_changer(srv, c, s) : qv__session_require(srv, c, s);
	if (!st)
		expire(srv);
	return st;
}

/* Answers `status` {"challenge": ch}: the status. */
static int reply_one(qv__req *c, int status, const chal *ch)
{
	json_t *body = json_pack("{s:O}", "challenge", ch->j);
	qv__reply_json(c, status, body);
	json_decref(body);
	return status;
}

/* ---- sending one ---- */

static const char *const fields[] = {"username", "game",      "params", "clock",
                                     "rated",    "takebacks", "seat",   NULL};

/* The challenger's seat from the body's "seat" into *seat: 0, or the 400 answered. */
static int seat_of(qv__req *c, const json_t *body, int *seat)
{
	const json_t *s = json_object_get(body, "seat");
	const char *v = s ? json_string_value(s) : "random";
	if (v && strcmp(v, "random") == 0) {
		*seat = (int)randombytes_uniform(2);
		return 0;
	}
	if (v && (strcmp(v, "p1") == 0 || strcmp(v, "p2") == 0)) {
		*seat = v[1] - '1';
		return 0;
	}
	qv__reply_error(c, 400,
	                "seat: expected \"p1\", \"p2\" or \"random\" (your seat; the default is "
	                "random)");
	return 400;
}

/* Reads a challenge's body: the account challenged, the table request and the seat. */
static int read_body(qv__server *srv, qv__req *c, const qv__session *s, qv__store_account *them,
                     json_t **request, int *seat)
{
	json_t *body;
	int st = qv__reply_read_json(c, &body, NULL);
	if (st)
		return st;
	qv_err err;
	const json_t *name = json_object_get(body, "username");
	if (qv__json_check_keys(body, "a challenge", fields, &err)) {
		qv__reply_error(c, 400, "%s", err.msg);
		st = 400;
	} else if (!json_is_string(name)) {
		qv__reply_error(c, 400,
		                "username: expected the username of the account to challenge");
		st = 400;
	}
	if (!st)
		st = qv__community_account(srv, c, json_string_value(name),
		                           json_string_length(name), them);
	if (!st && them->id == s->account.id) {
		qv__reply_error(c, 400, "username: you cannot challenge yourself");
		st = 400;
	}
	if (!st)
		st = seat_of(c, body, seat);
	if (!st)
		st = qv__community_table_request(c, body, request);
	json_decref(body);
	return st;
}

/* The refusal of a challenge between accounts apart by a block (0: none), answered. */
static int apart(qv__server *srv, qv__req *c, long long me, const qv__store_account *them)
{
	int a = qv__community_apart(srv->store, me, them->id);
	if (a < 0)
		qv__reply_error(c, 503, "the database failed reading your blocks; try again");
	else if (a == 1)
		qv__reply_error(c, 403,
		                "you cannot challenge %s: you block them; unblock them on your "
		                "account page first",
		                them->username);
	else if (a == 2)
		qv__reply_error(c, 403,
		                "you cannot challenge %s: they do not accept games with you",
		                them->username);
	return a < 0 ? 503 : a ? 403 : 0;
}

/* Why an insert of account me's challenge to `them` did not happen: 409 answered. */
static int not_inserted(qv__server *srv, qv__req *c, long long me, const qv__store_account *them)
{
	long long to_them = qv__community_count(
	    srv->store,
	    "SELECT count(*) FROM challenges WHERE challenger = CAST($1 AS BIGINT) "
	    "AND challenged = CAST($2 AS BIGINT) AND status IN ('open', "
	    "'accepting')",
	    me, them->id);
	if (to_them < 0) {
		qv__reply_error(c, 503, "the database failed reading your challenges; try again");
		return 503;
	}
	if (to_them)
		qv__reply_error(
		    c, 409,
		    "you have challenged %s already: wait for the answer, or cancel that "
		    "challenge first",
		    them->username);
	else
		qv__reply_error(
		    c, 409,
		    "you have %d challenges waiting for an answer, the most there may be: "
		    "cancel one, or wait for its answer or its end",
		    QV__CHALLENGES_OPEN);
	return 409;
}

/* Stores the challenge as "open" within the bounds (one statement): 0, or the answer given. */
static int insert(qv__server *srv, qv__req *c, const qv__session *s, const qv__store_account *them,
                  const json_t *request, int seat, char id[QV__ID_LEN + 1])
{
	qv__table_id_new(id);
	char *text = json_dumps(request, JSON_COMPACT);
	double now = qv_wall();
	qv__num me = qv__num_int(s->account.id), to = qv__num_int(them->id), at = qv__num_real(now),
	        until = qv__num_real(now + srv->cfg.challenge_ttl), where = qv__num_int(seat),
	        most = qv__num_int(QV__CHALLENGES_OPEN);
	const char *player = qv__player_of(srv, c);
	const char *row[] = {id,
	                     me.text,
	                     to.text,
	                     player[0] ? player : NULL,
	                     qv__req_addr(c),
	                     text,
	                     where.text,
	                     at.text,
	                     until.text,
	                     most.text};
	qv_err err;
	qv_status rc =
	    text
	        ? qv__store_run(srv->store,
	                        "INSERT INTO challenges (id, challenger, challenged, player, addr, "
	                        "request, seat, status, created, expires) SELECT $1, CAST($2 AS "
	                        "BIGINT), CAST($3 AS BIGINT), $4, $5, $6, CAST($7 AS BIGINT), "
	                        "'open', CAST($8 AS DOUBLE PRECISION), CAST($9 AS DOUBLE "
	                        "PRECISION) WHERE (SELECT count(*) FROM challenges WHERE "
	                        "challenger = CAST($2 AS BIGINT) AND status IN ('open', "
	                        "'accepting')) < CAST($10 AS BIGINT) AND NOT EXISTS (SELECT 1 "
	                        "FROM challenges WHERE challenger = CAST($2 AS BIGINT) AND "
	                        "challenged = CAST($3 AS BIGINT) AND status IN ('open', "
	                        "'accepting'))",
	                        10, row, &err)
	        : qv_fail(&err, QV_ENOMEM, "out of memory");
	free(text);
	if (rc) {
		qv__reply_error(c, 503, "the challenge could not be kept (%s); try again", err.msg);
		return 503;
	}
	return 0;
}

int qv__challenges_post(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = begin(srv, c, true, &s);
	if (st)
		return st;
	qv__store_account them;
	json_t *request = NULL;
	int seat = 0;
	char id[QV__ID_LEN + 1];
	st = read_body(srv, c, &s, &them, &request, &seat);
	if (!st)
		st = apart(srv, c, s.account.id, &them);
	qv_err err;
	if (!st && qv__server_account_rate(srv, s.account.id, "challenges", &err)) {
		qv__reply_error(c, 429, "%s", err.msg);
		st = 429;
	}
	if (!st)
		st = insert(srv, c, &s, &them, request, seat, id);
	json_decref(request);
	chal made = {0};
	int found = st ? 0 : chal_load(srv, id, &made);
	if (!st && found < 0) {
		qv__reply_error(c, 503, "the database failed reading your challenge; try again");
		st = 503;
	} else if (!st && found == 0) {
		st = not_inserted(srv, c, s.account.id, &them);
	}
	if (!st) {
		tell(srv, &made);
		st = reply_one(c, 201, &made);
	}
	chal_free(&made);
	qv__session_done(srv, c, &s);
	return st;
}

/* ---- reading them ---- */

int qv__challenges_list(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)m;
	qv__session s;
	int st = begin(srv, c, false, &s);
	if (st)
		return st;
	qv__num me = qv__num_int(s.account.id);
	const char *args[] = {me.text};
	chal_rows in = {.list = json_array()}, out = {.list = json_array()};
	qv_err err;
	if (qv__store_query(srv->store,
	                    COLUMNS "WHERE c.challenged = CAST($1 AS BIGINT) AND c.status IN "
	                            "('open', 'accepting') ORDER BY c.created DESC",
	                    1, args, chal_row, &in, &err) ||
	    qv__store_query(srv->store,
	                    COLUMNS "WHERE c.challenger = CAST($1 AS BIGINT) AND c.status IN "
	                            "('open', 'accepting') ORDER BY c.created DESC",
	                    1, args, chal_row, &out, &err)) {
		json_decref(in.list);
		json_decref(out.list);
		qv__reply_error(c, 503, "the database failed reading your challenges; try again");
		st = 503;
	} else {
		json_t *body = json_pack("{s:o, s:o}", "incoming", in.list, "outgoing", out.list);
		qv__reply_json(c, 200, body);
		json_decref(body);
		st = 200;
	}
	qv__session_done(srv, c, &s);
	return st;
}

/* The challenge of the path, one of the session's account's (as `as`: 1 the challenger, 2 the
 * challenged, 3 either) into *out: 0, or the answer given (404 for anyone else). */
static int own(qv__server *srv, qv__req *c, const qv__route_match *m, const qv__session *s, int as,
               chal *out)
{
	const char *id = m->cap[0].text;
	int found = chal_load(srv, id, out);
	if (found < 0) {
		qv__reply_error(c, 503, "the database failed reading the challenge; try again");
		return 503;
	}
	bool mine = found && (((as & 1) && out->from == s->account.id) ||
	                      ((as & 2) && out->to == s->account.id));
	if (mine)
		return 0;
	chal_free(out);
	char shown[QV_QUOTE_MAX * 4 + 4];
	qv__reply_error(c, 404, "no challenge '%s' %s",
	                qv_shorten(id, QV_QUOTE_MAX, shown, sizeof shown),
	                as == 1   ? "from you"
	                : as == 2 ? "to you"
	                          : "of yours");
	return 404;
}

int qv__challenges_get(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__session s;
	int st = begin(srv, c, false, &s);
	if (st)
		return st;
	chal ch = {0};
	st = own(srv, c, m, &s, 3, &ch);
	if (!st)
		st = reply_one(c, 200, &ch);
	chal_free(&ch);
	qv__session_done(srv, c, &s);
	return st;
}

/* ---- answers ---- */

/* The 409 of a challenge no longer open, saying what became of it. */
static int gone(qv__req *c, const chal *ch)
{
	const char *table = json_string_value(json_object_get(ch->j, "table"));
	if (strcmp(ch->status, "accepted") == 0)
		qv__reply_error(c, 409, "this challenge was accepted already: its table is %s",
		                table ? table : "being made");
	else
		qv__reply_error(c, 409, "this challenge is no longer open: it was %s", ch->status);
	return 409;
}

/* Moves the path's challenge of the session's account (as `as`) from open to `status`. */
static int answer(qv__server *srv, qv__req *c, const qv__route_match *m, int as, const char *status)
{
	qv__session s;
	int st = begin(srv, c, true, &s);
	if (st)
		return st;
	chal ch = {0}, now = {0};
	st = own(srv, c, m, &s, as, &ch);
	/* chal_move tells a move by the status it reads after: a challenge answered already so
	 * (a second decline) would pass for moved, and be told again */
	int moved = st || strcmp(ch.status, "open") != 0
	                ? 0
	                : chal_move(srv, m->cap[0].text, "open", status, NULL, "", &now);
	if (!st && moved < 0) {
		qv__reply_error(c, 503, "the database failed answering the challenge; try again");
		st = 503;
	} else if (!st && !moved) {
		st = gone(c, now.j ? &now : &ch);
	} else if (!st) {
		tell(srv, &now);
		st = reply_one(c, 200, &now);
	}
	chal_free(&ch);
	chal_free(&now);
	qv__session_done(srv, c, &s);
	return st;
}

int qv__challenges_decline(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return answer(srv, c, m, 2, "declined");
}

int qv__challenges_cancel(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	return answer(srv, c, m, 1, "cancelled");
}

/* ---- accepting one ---- */

static qv_status text_row(void *ctx, int n, const char *const *v)
{
	qv_copy(ctx, 40, n > 0 && v[0] ? v[0] : "");
	return QV_OK;
}

/* Takes challenge id for this accept ("accepting", with a claim of its own, into claim): 1
 * taken, 0 not (another answer came first, or its time is up), -1 the database failed. */
static int take(qv__server *srv, const char *id, char claim[40])
{
	unsigned char bytes[16];
	char read[40] = "";
	randombytes_buf(bytes, sizeof bytes);
	sodium_bin2hex(claim, 40, bytes, sizeof bytes);
	double now = qv_wall();
	qv__num at = qv__num_real(now), stale = qv__num_real(now - ACCEPTING_S);
	const char *args[] = {claim, at.text, id, stale.text};
	qv_err err;
	if (qv__store_run(srv->store,
	                  "UPDATE challenges SET status = 'accepting', claim = $1, answered = "
	                  "CAST($2 AS DOUBLE PRECISION) WHERE id = $3 AND expires > CAST($2 AS "
	                  "DOUBLE PRECISION) AND (status = 'open' OR (status = 'accepting' AND "
	                  "answered < CAST($4 AS DOUBLE PRECISION)))",
	                  4, args, &err) ||
	    qv__store_query(srv->store, "SELECT claim FROM challenges WHERE id = $1", 1, &id,
	                    text_row, read, &err))
		return -1;
	return strcmp(read, claim) == 0;
}

/* Makes the table of challenge ch for its challenger and the session's account, accepting:
 * 0 with its id, or the refusal's status answered. */
static int make(qv__server *srv, qv__req *c, const qv__session *s, const chal *ch,
                char table[QV__ID_LEN + 1])
{
	json_t *request = json_deep_copy(ch->request);
	json_object_set_new(request, "private", json_true());
	qv__pair_person people[2];
	people[ch->seat] = (qv__pair_person){
	    ch->from, json_string_value(json_object_get(ch->j, "from")), ch->player};
	people[1 - ch->seat] =
	    (qv__pair_person){s->account.id, s->account.username, qv__player_of(srv, c)};
	qv_err err;
	int st =
	    request ? qv__pairing_make(srv, request, people, 2, qv__req_addr(c), table, &err) : 503;
	json_decref(request);
	if (st)
		qv__reply_error(c, st, "%s", request ? err.msg : "out of memory");
	return st;
}

/* The accepted challenge's answer: a token of the challenged's seat for this device. */
static int accepted(qv__server *srv, qv__req *c, const qv__session *s, const chal *ch,
                    const char *table)
{
	char token[QV__TOKEN_LEN + 1], seat[8];
	int p = 1 - ch->seat;
	qv_err err;
	qv__table *t = qv__server_find_resident(srv, table);
	qv_status rc = t ? qv__table_device_join(t, p, s->account.id, NULL, s->hash, token, &err)
	                 : qv_fail(&err, QV_ESTATE, "the table moved to another process");
	qv__table_unref(t);
	json_t *body = json_pack("{s:O, s:s, s:s, s:s?}", "challenge", ch->j, "table", table,
	                         "seat", qv_player_name(p, seat), "token", rc ? NULL : token);
	qv__reply_json(c, 200, body);
	json_decref(body);
	return 200;
}

/* Challenge id, taken under claim, made "accepted" with its table while still under that claim
 * (its table's id written before anyone is given a seat's token): 0 with the challenge now in
 * *now; or, the table taken away again, the status answered: 409 when this accept lost its
 * claim (it took so long that another accept took the challenge over), 503 when the database
 * failed (the challenge then given back, open, if this accept still holds it). */
static int settle(qv__server *srv, qv__req *c, const char *id, const char *claim, const char *table,
                  chal *now)
{
	int moved = chal_move(srv, id, "accepting", "accepted", table, claim, now);
	if (moved < 0) { /* the write, or its reading back, failed: did it write? */
		chal_free(now);
		int found = chal_load(srv, id, now);
		moved = found < 0 ? -1
		                  : found && !strcmp(now->status, "accepted") &&
		                        !strcmp(now->claim, claim);
	}
	if (moved == 1)
		return 0;
	qv__pairing_unmake(srv, table);
	chal back = {0};
	if (moved < 0 && chal_move(srv, id, "accepting", "open", NULL, claim, &back) < 0)
		qv__oplog(QV__WARN, "challenge %s: not given back after its table failed", id);
	chal_free(&back);
	if (moved < 0) {
		qv__reply_error(c, 503, "the database failed answering the challenge; try again");
		return 503;
	}
	qv__reply_error(c, 409,
	                "this challenge was taken over by another accept while this one made its "
	                "table (which is not kept); GET /api/challenges says what it is now");
	return 409;
}

int qv__challenges_accept(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	qv__session s;
	int st = begin(srv, c, true, &s);
	if (st)
		return st;
	const char *id = m->cap[0].text;
	chal ch = {0}, now = {0};
	char table[QV__ID_LEN + 1], claim[40];
	st = own(srv, c, m, &s, 2, &ch);
	int taken = st ? 0 : take(srv, id, claim);
	if (!st && taken < 0) {
		qv__reply_error(c, 503, "the database failed answering the challenge; try again");
		st = 503;
	} else if (!st && !taken) {
		if (chal_load(srv, id, &now) > 0) {
			st = gone(c, &now);
		} else {
			qv__reply_error(c, 503,
			                "the database failed reading the challenge; try again");
			st = 503;
		}
	}
	if (!st && (st = make(srv, c, &s, &ch, table)) != 0)
		chal_move(srv, id, "accepting", "open", NULL, claim, &now); /* given back */
	if (!st)
		st = settle(srv, c, id, claim, table, &now);
	if (!st) {
		tell(srv, now.j ? &now : &ch);
		st = accepted(srv, c, &s, now.j ? &now : &ch, table);
	}
	chal_free(&ch);
	chal_free(&now);
	qv__session_done(srv, c, &s);
	return st;
}
