/*
 * test_variants.c - tables that play a variant at `quiver serve`, from the outside: a table
 * created with a variant document plays with it (its info names it, its catalogue is the
 * resolved document `quiver variant show --json` prints, the snapshot carries the catalogue and
 * updates do not, the reference of the variant is its own), survives kill -9 and a restart (the
 * new process registers the stored document again), its rematch plays the same variant, and its
 * finished game's record replays with qv_match_load_json, `quiver replay` and the replay API, each
 * with the variant. Bad documents get a 400 naming their JSON path, a bad params.variant a 400
 * saying what is accepted, an unknown hash in the reference a 404. One client address's open
 * tables play at most 3 variants (429 past them); a variant leaves the server when the last
 * table playing it ends; the clients' variants fill at most their room of the registry (503
 * past it, the variants loaded and the built-in sets still playable), and a restart loads again
 * only those of open tables.
 *
 * The game is the first of ConCardia, THREE ARROWS, Evons and Arrow Party whose components are
 * data (`quiver variant dump` prints them); for ConCardia one card's strength is changed too.
 *
 * Usage: test_variants PATH-TO-QUIVER. Every wait is bounded; an alarm ends a stuck run.
 */
#define _DEFAULT_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"
#include "quiver/match.h"
#include "quiver/variant.h"

static const char *const games[] = {"concardia", "three-arrows", "evons", "arrow-party", NULL};

/* The output of a command run by the shell, parsed as JSON; NULL when it fails or prints
 * something else. */
static json_t *run_json(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static json_t *run_json(const char *fmt, ...)
{
	char cmd[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	json_error_t jerr;
	json_t *j = json_loadf(p, JSON_DISABLE_EOF_CHECK, &jerr);
	int status = pclose(p);
	if (status != 0) {
		json_decref(j);
		return NULL;
	}
	return j;
}

/* The first game whose components are data, and its built-in set. */
static const char *variant_game(json_t **base)
{
	for (int i = 0; games[i]; i++) {
		*base = run_json("'%s' variant dump %s 2>/dev/null", th_quiver, games[i]);
		if (*base)
			return games[i];
	}
	fail_msg("no game has its components as data (quiver variant dump fails for each)");
	return NULL;
}

/* The seats of a table of game where every seat is `kind`. */
static const char *seats_of(const char *game, const char *kind, char *buf, size_t len)
{
	int n = strcmp(game, "arrow-party") == 0 ? 3 : 2;
	size_t used = (size_t)snprintf(buf, len, "[");
	for (int i = 0; i < n; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s\"%s\"", i ? ", " : "", kind);
	snprintf(buf + used, len - used, "]");
	return buf;
}

/* A variant of game named `name` on the built-in set base; for ConCardia its first card's
 * strength changed by one (*changed names that card), else the built-in components under
 * another name (a variant of its own: the name is part of what is hashed). */
static json_t *make_variant(const char *game, const json_t *base, const char *name,
                            char changed[64])
{
	json_t *doc = json_pack("{s:i, s:s, s:s}", "quiver_variant", 1, "game", game, "name", name);
	changed[0] = '\0';
	if (strcmp(game, "concardia") == 0) {
		const json_t *card = json_array_get(json_object_get(base, "cards"), 0);
		json_int_t s = json_integer_value(json_object_get(card, "strength"));
		snprintf(changed, 64, "%s", json_string_value(json_object_get(card, "id")));
		json_object_set_new(doc, "cards",
		                    json_pack("{s:{s:{s:I}}}", "modify", changed, "strength",
		                              s > 2 ? s - 1 : s + 1));
	}
	return doc;
}

/* The resolved document of doc as `quiver variant show --json` prints it. */
static json_t *resolved(const json_t *doc)
{
	char path[128];
	snprintf(path, sizeof path, "%s/variant.json", th_tmpdir);
	assert_int_equal(json_dump_file(doc, path, 0), 0);
	json_t *r = run_json("'%s' variant show '%s' --json", th_quiver, path);
	assert_non_null(r);
	return r;
}

/* The SHA-256 of doc resolved, as `quiver variant show` prints it on stderr. */
static void sha_of(const json_t *doc, char sha[72])
{
	char path[128], cmd[512], line[512];
	snprintf(path, sizeof path, "%s/variant.json", th_tmpdir);
	assert_int_equal(json_dump_file(doc, path, 0), 0);
	/* the hash line is on stderr (stdout is the document alone) */
	snprintf(cmd, sizeof cmd, "'%s' variant show '%s' 2>&1 >/dev/null", th_quiver, path);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	sha[0] = '\0';
	while (fgets(line, sizeof line, p))
		if (strncmp(line, "sha256 ", 7) == 0)
			sscanf(line + 7, "%64s", sha);
	assert_int_equal(pclose(p), 0);
	assert_int_equal(strlen(sha), 64);
}

/* A table request {"game", "seats", "variant"} as text (caller frees). */
static char *request(const char *game, const char *seats, const json_t *doc)
{
	json_error_t jerr;
	json_t *s = json_loads(seats, 0, &jerr);
	json_t *req = json_pack("{s:s, s:o, s:O}", "game", game, "seats", s, "variant", doc);
	char *text = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	return text;
}

/* The reference entries of game's variant sha ("" for the built-in set), as {name: text}. */
static json_t *reference(const char *game, const char *sha)
{
	char path[192];
	snprintf(path, sizeof path, "/api/games/%s/reference%s%s", game, sha[0] ? "?variant=" : "",
	         sha);
	json_t *j = th_http("GET", path, NULL, 200);
	json_t *out = json_object();
	json_t *entries = json_object_get(j, "entries");
	assert_true(json_array_size(entries) > 0);
	for (size_t i = 0; i < json_array_size(entries); i++) {
		json_t *e = json_array_get(entries, i);
		json_object_set(out, json_string_value(json_object_get(e, "name")),
		                json_object_get(e, "text"));
	}
	json_decref(j);
	return out;
}

/* Checks info's variant and catalogue against the variant named name resolved to want. */
static void check_variant_info(const json_t *info, const char *name, const json_t *want,
                               char sha[72])
{
	const json_t *v = json_object_get(info, "variant");
	assert_string_equal(json_string_value(json_object_get(v, "name")), name);
	assert_true(json_is_false(json_object_get(v, "builtin")));
	const char *hash = json_string_value(json_object_get(v, "sha256"));
	assert_non_null(hash);
	assert_int_equal(strlen(hash), 64);
	if (sha[0])
		assert_string_equal(hash, sha);
	snprintf(sha, 72, "%s", hash);
	if (!json_equal(json_object_get(info, "catalogue"), (json_t *)want)) {
		char *got = json_dumps(json_object_get(info, "catalogue"), JSON_COMPACT);
		fail_msg("the catalogue is not the resolved variant: %.400s", got);
	}
	/* The table's params name the variant by its hash, as records do. */
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(info, "params"), "variant")), hash);
}

/* One decision by the seat to move (not a choice ahead of its turn in a step everyone chooses
 * at once, which would not move the version on); returns the new version. */
static long long act_once(th_seat *seats, int n)
{
	for (int i = 0; i < n; i++)
		th_seat_drain(&seats[i]);
	for (int i = 0; i < n; i++) {
		char me[16];
		snprintf(me, sizeof me, "p%d", i + 1);
		const char *to_move = json_string_value(json_object_get(seats[i].view, "to_move"));
		if (!to_move || strcmp(to_move, me) != 0 ||
		    !json_array_size(json_object_get(seats[i].view, "legal")))
			continue;
		long long v = seats[i].v;
		th_seat_act(&seats[i], th_seat_first(&seats[i]));
		th_seat_reach(&seats[i], v + 1);
		return seats[i].v;
	}
	fail_msg("no seat may act");
	return -1;
}

/* ---- a table with a variant: plays, restarts ---------------------------------------------- */

static void test_variant_table(void **state)
{
	(void)state;
	json_t *base;
	const char *game = variant_game(&base);
	char changed[64], sha[72] = "", seats[128], db[128];
	json_t *doc = make_variant(game, base, "weak striker", changed);
	json_t *want = resolved(doc);
	snprintf(db, sizeof db, "%s", th_new_db());
	th_start(db, NULL);

	char *body = request(game, seats_of(game, "human", seats, sizeof seats), doc);
	json_t *made = th_http("POST", "/api/tables", body, 201);
	free(body);
	check_variant_info(made, "weak striker", want, sha);
	char id[32];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
	json_decref(made);
	json_t *info = th_info(id);
	check_variant_info(info, "weak striker", want, sha);
	int n = (int)json_array_size(json_object_get(info, "seats"));
	json_decref(info);

	/* The seats play; the snapshot carries the catalogue, an update does not. */
	char tokens[3][64];
	th_seat conns[3];
	for (int i = 0; i < n; i++) {
		char seat[16];
		snprintf(seat, sizeof seat, "p%d", i + 1);
		th_join(id, seat, tokens[i]);
	}
	for (int i = 0; i < n; i++) {
		th_seat_open(&conns[i], id, tokens[i]);
		check_variant_info(conns[i].table, "weak striker", want, sha);
	}
	act_once(conns, n);
	for (int i = 0; i < n; i++) {
		th_seat_drain(&conns[i]);
		assert_null(json_object_get(conns[i].table, "catalogue"));
		assert_string_equal(json_string_value(json_object_get(
		                        json_object_get(conns[i].table, "variant"), "sha256")),
		                    sha);
	}
	long long v = act_once(conns, n);
	for (int i = 0; i < n; i++)
		th_seat_reach(&conns[i], v);
	json_t *view_before = json_incref(conns[0].view);

	/* The reference of the variant: a changed card's entry says so, the rest as built in. */
	json_t *ref = reference(game, sha), *ref_base = reference(game, "");
	assert_int_equal(json_object_size(ref), json_object_size(ref_base));
	if (changed[0]) {
		char entry[80];
		snprintf(entry, sizeof entry, "%s", changed);
		const char *a = json_string_value(json_object_get(ref, entry));
		const char *b = json_string_value(json_object_get(ref_base, entry));
		if (!a || !b || strcmp(a, b) == 0)
			fail_msg("the reference of %s is the built-in one: %s", entry,
			         a ? a : "none");
	} else {
		assert_true(json_equal(ref, ref_base));
	}
	json_decref(ref_base);
	th_refused("GET",
	           "/api/games/concardia/reference?variant="
	           "00000000000000000000000000000000000000000000000000000000000000ff",
	           NULL, 404, "no variant");

	/* kill -9, and a new process: the table comes back with its variant. */
	for (int i = 0; i < n; i++)
		th_seat_close(&conns[i]);
	tc_server_stop(&th_server, SIGKILL);
	th_start(db, NULL);
	info = th_info(id);
	check_variant_info(info, "weak striker", want, sha);
	assert_int_equal(json_integer_value(json_object_get(info, "v")), v);
	json_decref(info);
	for (int i = 0; i < n; i++)
		th_seat_open(&conns[i], id, tokens[i]);
	assert_true(json_equal(conns[0].view, view_before));
	check_variant_info(conns[0].table, "weak striker", want, sha);
	json_t *ref_again = reference(game, sha); /* registered again by the restore */
	assert_true(json_equal(ref, ref_again));
	json_decref(ref_again);
	json_decref(ref);
	assert_true(act_once(conns, n) > v); /* and it plays on */

	/* A resignation ends a game of two; the rematch both ask for plays the same variant. */
	if (n == 2) {
		th_seat_drain(&conns[0]);
		th_seat_send(&conns[0], "{\"type\": \"resign\", \"v\": %lld}", conns[0].v);
		while (strcmp(json_string_value(json_object_get(conns[1].table, "status")), "over"))
			th_seat_next(&conns[1]);
		for (int i = 0; i < n; i++)
			th_seat_send(&conns[i], "{\"type\": \"rematch\"}");
		const char *next = NULL;
		json_t *old = NULL;
		for (int k = 0; k < 1000 && !next; k++) {
			json_decref(old);
			old = th_info(id);
			next = json_string_value(
			    json_object_get(json_object_get(old, "rematch"), "table"));
			if (!next)
				usleep(10000);
		}
		if (!next)
			fail_msg("no rematch table was made");
		json_t *again = th_info(next);
		check_variant_info(again, "weak striker", want, sha);
		json_decref(again);
		json_decref(old);
	}
	for (int i = 0; i < n; i++)
		th_seat_close(&conns[i]);
	json_decref(view_before);
	th_stop();
	json_decref(want);
	json_decref(doc);
	json_decref(base);
}

/* ---- a finished variant table's record replays ------------------------------------------- */

static void test_variant_record(void **state)
{
	(void)state;
	json_t *base;
	const char *game = variant_game(&base);
	char changed[64], sha[72] = "", seats[128];
	json_t *doc = make_variant(game, base, "record test", changed);
	json_t *want = resolved(doc);
	th_start(th_new_db(), NULL);
	char *body = request(game, seats_of(game, "random", seats, sizeof seats), doc);
	json_t *made = th_http("POST", "/api/tables", body, 201);
	free(body);
	char id[32], path[96];
	snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
	json_decref(made);
	/* The server plays the random seats to the end. */
	th_seat watcher;
	th_seat_open(&watcher, id, NULL);
	while (strcmp(json_string_value(json_object_get(watcher.table, "status")), "over") != 0)
		th_seat_next(&watcher);
	th_seat_close(&watcher);
	json_t *info = th_info(id);
	check_variant_info(info, "record test", want, sha);
	json_decref(info);

	/* The record carries the resolved document and replays with it. */
	snprintf(path, sizeof path, "/api/tables/%s/record", id);
	json_t *rec = th_http("GET", path, NULL, 200);
	assert_true(json_equal(json_object_get(rec, "variant"), want));
	qv_match *m = NULL;
	qv_err err = {0};
	if (qv_match_load_json(&m, rec, &err) != QV_OK)
		fail_msg("the record does not load: %s", err.msg);
	assert_true(qv_match_over(m));
	assert_int_equal((size_t)m->nhist, json_array_size(json_object_get(rec, "actions")));
	qv_match_free(m);

	/* `quiver replay` reads it in a new process, which has never seen the variant. */
	char file[128], cmd[512];
	snprintf(file, sizeof file, "%s/record.json", th_tmpdir);
	assert_int_equal(json_dump_file(rec, file, 0), 0);
	snprintf(cmd, sizeof cmd, "'%s' replay '%s' >/dev/null", th_quiver, file);
	int status = system(cmd);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* The replay API gives the catalogue of what it shows: the table's, and an upload's. */
	snprintf(path, sizeof path, "/api/tables/%s/replay", id);
	json_t *rep = th_http("GET", path, NULL, 200);
	assert_true(json_equal(json_object_get(rep, "catalogue"), want));
	json_decref(rep);
	char *text = json_dumps(rec, JSON_COMPACT);
	rep = th_http("POST", "/api/replay", text, 200);
	free(text);
	assert_true(json_equal(json_object_get(rep, "catalogue"), want));
	json_decref(rep);
	json_decref(rec);
	th_stop();
	json_decref(want);
	json_decref(doc);
	json_decref(base);
}

/* ---- refusals --------------------------------------------------------------------------------
 */

/* POST /api/tables with doc as the variant of game must be refused with status and words. */
static void refused_variant(const char *game, json_t *doc, int status, const char *words)
{
	char seats[128];
	char *body = request(game, seats_of(game, "human", seats, sizeof seats), doc);
	th_refused("POST", "/api/tables", body, status, words);
	free(body);
	json_decref(doc);
}

static void test_bad_variants(void **state)
{
	(void)state;
	json_t *base;
	const char *game = variant_game(&base);
	th_start(th_new_db(), NULL);
	/* Each problem named by its JSON path under "variant". */
	refused_variant(game,
	                json_pack("{s:i, s:s, s:i}", "quiver_variant", 1, "game", game, "bogus", 1),
	                400, "variant/bogus: unknown key");
	refused_variant(game, json_pack("{s:i, s:s}", "quiver_variant", 2, "game", game), 400,
	                "variant/quiver_variant: expected 1");
	refused_variant(game,
	                json_pack("{s:i, s:s, s:s}", "quiver_variant", 1, "game", game, "extends",
	                          "../../etc/passwd"),
	                400, "variant/extends: expected \"base\"");
	refused_variant(game, json_string("weak striker"), 400, "variant: expected an object");
	const char *other = strcmp(game, "evons") == 0 ? "concardia" : "evons";
	refused_variant(game, json_pack("{s:i, s:s}", "quiver_variant", 1, "game", other), 400,
	                "variant/game: this variant is for");
	if (strcmp(game, "concardia") == 0) {
		const char *id = json_string_value(
		    json_object_get(json_array_get(json_object_get(base, "cards"), 0), "id"));
		refused_variant(game,
		                json_pack("{s:i, s:s, s:{s:{s:{s:[s]}}}}", "quiver_variant", 1,
		                          "game", game, "cards", "modify", id, "arrows", "NNE"),
		                400, "variant/cards/modify/");
	}
	/* A hash sent as params.variant must be one this server has loaded. */
	char body[512];
	snprintf(body, sizeof body, "{\"game\": \"%s\", \"params\": {\"variant\": \"%064d\"}}",
	         game, 7);
	th_refused("POST", "/api/tables", body, 400, "params.variant: '");
	snprintf(body, sizeof body, "{\"game\": \"%s\", \"params\": {\"variant\": \"base\"}}",
	         game);
	json_decref(th_http("POST", "/api/tables", body, 201));
	/* A request refused for another field registers no variant: the reference of its hash
	 * stays unknown until a table is made with it. */
	char changed[64], seats[128], sha[72], path[192];
	json_t *doc = make_variant(game, base, "never loaded", changed);
	json_t *want = resolved(doc);
	sha_of(doc, sha);
	json_t *req =
	    json_pack("{s:s, s:[s], s:O}", "game", game, "seats", "nobody", "variant", doc);
	char *text = json_dumps(req, JSON_COMPACT);
	th_refused("POST", "/api/tables", text, 400, "seats[0]");
	free(text);
	json_decref(req);
	snprintf(path, sizeof path, "/api/games/%s/reference?variant=%s", game, sha);
	th_refused("GET", path, NULL, 404, "no variant");
	char *made = request(game, seats_of(game, "human", seats, sizeof seats), doc);
	json_t *info = th_http("POST", "/api/tables", made, 201);
	free(made);
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(info, "variant"), "sha256")), sha);
	json_decref(th_http("GET", path, NULL, 200));
	/* A params.variant that names it once loaded is accepted, and so is the document with
	 * its own hash; another hash beside a document is refused. */
	snprintf(body, sizeof body, "{\"game\": \"%s\", \"params\": {\"variant\": \"%s\"}}", game,
	         sha);
	json_t *again = th_http("POST", "/api/tables", body, 201);
	assert_true(json_equal(json_object_get(again, "catalogue"), want));
	json_decref(again);
	req = json_pack("{s:s, s:{s:s}, s:O}", "game", game, "params", "variant", "base", "variant",
	                doc);
	text = json_dumps(req, JSON_COMPACT);
	th_refused("POST", "/api/tables", text, 400, "give only one of them");
	free(text);
	json_decref(req);
	json_decref(info);
	json_decref(want);
	json_decref(doc);
	/* The games without components refuse a variant by their name. */
	for (int i = 0; games[i]; i++) {
		json_t *dump = run_json("'%s' variant dump %s 2>/dev/null", th_quiver, games[i]);
		if (!dump)
			refused_variant(
			    games[i],
			    json_pack("{s:i, s:s}", "quiver_variant", 1, "game", games[i]), 400,
			    "has no components");
		json_decref(dump);
	}
	th_stop();
	json_decref(base);
}

/* ---- how many variants, and for how long ---------------------------------------------------- */

/* POST /api/tables of a table of game (seats as seats_of gives them for kind) playing doc, from
 * this thread's source address; returns the status and copies the new table's id (or ""). */
static int create_with(const char *game, const char *kind, const json_t *doc, char id[32])
{
	char seats[128];
	char *body = request(game, seats_of(game, kind, seats, sizeof seats), doc);
	tc_reply r;
	tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
	free(body);
	snprintf(id, 32, "%s",
	         r.status == 201 ? json_string_value(json_object_get(r.json, "id")) : "");
	int status = r.status;
	tc_reply_free(&r);
	return status;
}

/* The status of GET /api/games/GAME/reference?variant=SHA: 200 while the server holds that
 * variant, 404 once it left (or before it came). */
static int reference_status(const char *game, const char *sha)
{
	char path[192];
	snprintf(path, sizeof path, "/api/games/%s/reference?variant=%s", game, sha);
	tc_reply r;
	tc_http(th_server.port, "GET", path, NULL, 0, &r);
	int status = r.status;
	tc_reply_free(&r);
	return status;
}

/* Waits until table id is over, watching it. */
static void wait_over(const char *id)
{
	th_seat watcher;
	th_seat_open(&watcher, id, NULL);
	while (strcmp(json_string_value(json_object_get(watcher.table, "status")), "over") != 0)
		th_seat_next(&watcher);
	th_seat_close(&watcher);
}

/* Waits until the server no longer holds variant sha: a finished table leaves memory once its
 * last socket closed, and its variant with it. */
static void wait_gone(const char *game, const char *sha)
{
	double end = tc_now_ms() + TH_WAIT_MS;
	while (reference_status(game, sha) == 200 && tc_now_ms() < end)
		usleep(20000);
	assert_int_equal(reference_status(game, sha), 404);
}

/* One client address has at most QV__ADDRESS_VARIANTS (3) variants in its open tables: a
 * fourth is 429 and registers nothing, while its three and the built-in set stay playable.
 * A variant leaves the registry when the last table playing it ends (and after the replay
 * that reads a finished table back), so the address may then bring others. */
static void test_variants_per_address(void **state)
{
	(void)state;
	json_t *base;
	const char *game = variant_game(&base);
	static const char *const extra[] = {"--create-rate", "1000000", NULL};
	th_start(th_new_db(), extra);
	char changed[64], name[32], id[32], sha[4][72];
	json_t *doc[4];
	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof name, "address variant %d", i);
		doc[i] = make_variant(game, base, name, changed);
		sha_of(doc[i], sha[i]);
	}
	for (int i = 0; i < 3; i++)
		assert_int_equal(create_with(game, "human", doc[i], id), 201);
	char seats[128];
	char *body = request(game, seats_of(game, "human", seats, sizeof seats), doc[3]);
	th_refused("POST", "/api/tables", body, 429,
	           "too many variants from your address: its open tables play 3 variants");
	free(body);
	assert_int_equal(reference_status(game, sha[3]), 404);
	assert_int_equal(create_with(game, "human", doc[0], id), 201);
	snprintf(seats, sizeof seats, "{\"game\": \"%s\"}", game);
	json_decref(th_http("POST", "/api/tables", seats, 201));
	/* Another address has its own three. */
	tc_set_source("127.0.3.1");
	assert_int_equal(create_with(game, "human", doc[3], id), 201);
	tc_set_source(NULL);

	/* Tables of random seats end by themselves: their variants leave with them. */
	th_stop();
	th_start(th_new_db(), extra);
	char ended[4][32];
	for (int i = 0; i < 4; i++) {
		assert_int_equal(create_with(game, "random", doc[i], ended[i]), 201);
		wait_over(ended[i]);
		wait_gone(game, sha[i]);
	}
	/* What clients fetch of a finished table needs no variant in the registry; a replay
	 * reads it back for as long as it takes. */
	json_t *info = th_info(ended[0]);
	assert_string_equal(
	    json_string_value(json_object_get(json_object_get(info, "variant"), "sha256")), sha[0]);
	json_decref(info);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/replay", ended[0]);
	json_decref(th_http("GET", path, NULL, 200));
	wait_gone(game, sha[0]);
	th_stop();
	for (int i = 0; i < 4; i++)
		json_decref(doc[i]);
	json_decref(base);
}

/* Clients' variants fill at most QV_VARIANT_SHARED_MAX slots (from many addresses, three
 * each): the next new one is 503, the variants loaded and the built-in sets stay playable. A
 * restart registers again only the variants of open tables: once the waiting tables expire,
 * there is room. */
static void test_registry_full(void **state)
{
	(void)state;
	json_t *base;
	const char *game = variant_game(&base);
	static const char *const extra[] = {
	    "--address-tables", "100000", "--create-rate", "1000000", "--max-tables",
	    "100000",           NULL};
	const char *db = th_new_db();
	th_start(db, extra);
	char changed[64], name[32], id[32], addr[32];
	json_t *first = NULL;
	int loaded = 0, status = 201;
	while (status == 201) {
		snprintf(addr, sizeof addr, "127.0.4.%d", 1 + loaded / 3);
		tc_set_source(addr);
		snprintf(name, sizeof name, "variant %d", loaded);
		json_t *doc = make_variant(game, base, name, changed);
		char *body = request(game, "[\"human\", \"human\"]", doc);
		tc_reply r;
		tc_http(th_server.port, "POST", "/api/tables", body, strlen(body), &r);
		free(body);
		if (!first)
			first = json_incref(doc);
		json_decref(doc);
		status = r.status;
		if (status == 503) {
			const char *msg = json_string_value(json_object_get(r.json, "error"));
			if (!msg || !strstr(msg, "variants sent by clients are in use already"))
				fail_msg("a full registry: %s", r.body ? r.body : "(no body)");
		} else if (status != 201) {
			fail_msg("variant %d: status %d: %s", loaded, status, r.body ? r.body : "");
		} else {
			loaded++;
		}
		tc_reply_free(&r);
		if (loaded > QV_VARIANT_SHARED_MAX)
			fail_msg("no limit on the variants a server holds for clients");
	}
	assert_int_equal(loaded, QV_VARIANT_SHARED_MAX);
	double last = th_epoch_ms();
	/* What is loaded stays usable, and so do the built-in sets. */
	tc_set_source("127.0.4.1");
	assert_int_equal(create_with(game, "human", first, id), 201);
	tc_set_source(NULL);
	char plain[256];
	snprintf(plain, sizeof plain, "{\"game\": \"%s\"}", game);
	json_decref(th_http("POST", "/api/tables", plain, 201));

	/* Restarted, the open tables bring their variants back: still full. */
	th_stop();
	th_start(db, extra);
	json_t *doc = make_variant(game, base, "after the restart", changed);
	tc_set_source("127.0.5.1");
	assert_int_equal(create_with(game, "human", doc, id), 503);
	/* Once the tables have waited past --waiting-expiry, a restart removes them, and their
	 * variants are not loaded again. */
	th_stop();
	while (th_epoch_ms() < last + 1500)
		usleep(50000);
	static const char *const expiring[] = {"--waiting-expiry", "1", NULL};
	th_start(db, expiring);
	assert_int_equal(create_with(game, "human", doc, id), 201);
	tc_set_source(NULL);
	json_decref(doc);
	json_decref(first);
	th_stop();
	json_decref(base);
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "variants", 1400))
		return 2;
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_variant_table, th_teardown),
	    cmocka_unit_test_teardown(test_variant_record, th_teardown),
	    cmocka_unit_test_teardown(test_bad_variants, th_teardown),
	    cmocka_unit_test_teardown(test_variants_per_address, th_teardown),
	    cmocka_unit_test_teardown(test_registry_full, th_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
