/*
 * test_routes.c - routes as data (route.h) without sockets: the API's table (http.c) decides
 * every handler, the 404 lists of known paths and the 405 Allow lists; every route is reached
 * by its own method and path; the list styles and shapes of the matcher.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "server/api/http.h"

/* A server as far as routing looks at it: with or without lessons. */
static qv__server *fake_server(bool lessons)
{
	qv__server *srv = calloc(1, sizeof *srv);
	assert_non_null(srv);
	srv->cfg.tutorials_dir = lessons ? "tutorials" : NULL;
	return srv;
}

/* Resolves method and path on the API's table with lessons. */
static qv__route_match resolve(const char *method, const char *path)
{
	qv__server *srv = fake_server(true);
	qv__route_match m;
	qv__route_resolve(&qv__http_routes, srv, method, path, &m);
	free(srv);
	return m;
}

/* The request reaches the route of this method and pattern. */
static void reaches(const char *method, const char *path, const char *route_method,
                    const char *pattern)
{
	qv__route_match m = resolve(method, path);
	if (m.status || !m.route)
		fail_msg("%s %s: status %d (%s), expected the route %s %s", method, path, m.status,
		         m.msg, route_method, pattern);
	assert_string_equal(m.route->method, route_method);
	assert_string_equal(m.route->path, pattern);
}

/* The request is refused with this status and message (404) or Allow list (405). */
static void refused(const char *method, const char *path, int status, const char *text)
{
	qv__route_match m = resolve(method, path);
	if (m.status != status)
		fail_msg("%s %s: status %d (%s), expected %d", method, path, m.status, m.msg,
		         status);
	assert_null(m.route);
	assert_string_equal(status == 405 ? m.allow : m.msg, text);
}

static void test_api_routes(void **state)
{
	(void)state;
	reaches("GET", "/api/games", "GET", "/api/games");
	reaches("HEAD", "/api/games", "GET", "/api/games");
	reaches("GET", "/api/games/evons/reference", "GET", "/api/games/{gamename}/reference");
	reaches("HEAD", "/api/games/concardia/reference", "GET", "/api/games/{gamename}/reference");
	reaches("GET", "/api/tables", "GET", "/api/tables");
	reaches("POST", "/api/tables", "POST", "/api/tables");
	reaches("GET", "/api/tables/0123456789abcdef", "GET", "/api/tables/{table}");
	reaches("GET", "/api/tables/", "GET", "/api/tables/{table}"); /* no table '' */
	reaches("POST", "/api/tables/x/join", "POST", "/api/tables/{table}/join");
	reaches("GET", "/api/tables/x/record", "GET", "/api/tables/{table}/record");
	reaches("GET", "/api/tables/x/replay", "GET", "/api/tables/{table}/replay");
	reaches("GET", "/api/tables/x/ws", "GET", QV__WS_PATH);
	reaches("POST", "/api/tables/x/report", "POST", "/api/tables/{table}/report");
	reaches("GET", "/api/tables/x/ratings", "GET", "/api/tables/{table}/ratings");
	reaches("POST", "/api/tables/x/mute", "POST", "/api/tables/{table}/mute");
	reaches("GET", "/api/tables/x/mute", "GET", "/api/tables/{table}/mute");
	reaches("POST", "/api/replay", "POST", "/api/replay");
	reaches("GET", "/api/me", "GET", "/api/me");
	reaches("POST", "/api/accounts", "POST", "/api/accounts");
	reaches("POST", "/api/accounts/recover", "POST", "/api/accounts/recover");
	reaches("POST", "/api/session", "POST", "/api/session");
	reaches("DELETE", "/api/session", "DELETE", "/api/session");
	reaches("POST", "/api/account/password", "POST", "/api/account/password");
	reaches("GET", "/api/account/export", "GET", "/api/account/export");
	reaches("DELETE", "/api/account", "DELETE", "/api/account");
	reaches("GET", "/api/lessons", "GET", "/api/lessons");
	reaches("GET", "/api/lessons/", "GET", "/api/lessons");
	reaches("GET", "/api/lessons/evons", "GET", "/api/lessons/{game}");
	reaches("GET", "/api/lessons/evons/", "GET", "/api/lessons/{game}");
	reaches("GET", "/api/lessons/evons/01-first", "GET", "/api/lessons/{game}/{lesson}");
	reaches("POST", "/api/lessons/evons/01-first/try", "POST",
	        "/api/lessons/{game}/{lesson}/try");
	reaches("POST", "/api/lessons/evons/01-first/try/", "POST",
	        "/api/lessons/{game}/{lesson}/try");
	reaches("GET", "/", "GET", "*");
	reaches("HEAD", "/index.html", "GET", "*");
	reaches("GET", "/apix", "GET", "*");
	reaches("GET", "/api-docs/x", "GET", "*");

	/* The captures, as the handlers read them. */
	qv__route_match m = resolve("POST", "/api/lessons/three-arrows/02-x/try");
	assert_int_equal(m.status, 0);
	assert_string_equal(((const qv_game *)qv__route_cap_of(&m, "game")->value)->name,
	                    "three-arrows");
	assert_string_equal(qv__route_cap_of(&m, "lesson")->text, "02-x");
	m = resolve("GET", "/api/tables/0123456789abcdef/record");
	assert_string_equal(qv__route_cap_of(&m, "table")->text, "0123456789abcdef");
	assert_null(qv__route_cap_of(&m, "game"));
}

/* 405: the Allow list is every method the path's routes take, in the table's order. */
static void test_allow_lists(void **state)
{
	(void)state;
	refused("DELETE", "/api/tables", 405, "GET, POST");
	refused("POST", "/api/games", 405, "GET");
	refused("GET", "/api/replay", 405, "POST");
	refused("GET", "/api/session", 405, "POST, DELETE");
	refused("GET", "/api/accounts", 405, "POST");
	refused("POST", "/api/account", 405, "DELETE");
	refused("POST", "/api/account/export", 405, "GET");
	refused("GET", "/api/tables/x/join", 405, "POST");
	refused("HEAD", "/api/tables/x/join", 405, "POST");
	refused("POST", "/api/tables/x", 405, "GET");
	refused("POST", "/api/tables/", 405, "GET");
	refused("PUT", "/api/tables/x/record", 405, "GET");
	refused("POST", "/api/tables/x/ws", 405, "GET");
	refused("GET", "/api/tables/x/report", 405, "POST");
	refused("POST", "/api/tables/x/ratings", 405, "GET");
	refused("DELETE", "/api/tables/x/mute", 405, "POST, GET");
	refused("POST", "/api/games/arrow-party/reference", 405, "GET");
	refused("POST", "/api/lessons", 405, "GET");
	refused("POST", "/api/lessons/evons", 405, "GET");
	refused("GET", "/api/lessons/evons/01-first/try", 405, "POST");
	refused("POST", "/index.html", 405, "GET, HEAD");
	refused("OPTIONS", "/", 405, "GET, HEAD");

	/* Every route: its own method reaches it; another gets 405 naming its method. */
	const qv__routes *t = &qv__http_routes;
	for (size_t i = 0; i < t->nroutes; i++) {
		const qv__route *r = &t->routes[i];
		char path[256] = "";
		for (const char *p = r->path; *p;) {
			if (*p == '{') {
				bool game = strncmp(p, "{game}", 6) == 0 ||
				            strncmp(p, "{gamename}", 10) == 0;
				strcat(path, game ? "evons" : "a1");
				p = strchr(p, '}') + 1;
			} else {
				strncat(path, p, 1);
				p++;
			}
		}
		if (strcmp(path, "*") == 0)
			strcpy(path, "/some/file.html");
		reaches(r->method, path, strcmp(r->method, "HEAD") == 0 ? "GET" : r->method,
		        r->path);
		qv__route_match m = resolve("PATCH", path);
		assert_int_equal(m.status, 405);
		if (!strstr(m.allow, r->method))
			fail_msg("PATCH %s: Allow '%s' lacks %s", path, m.allow, r->method);
	}
}

/* 404: the family's list of its paths, written from the table; the captures' own 404s. */
static void test_not_found(void **state)
{
	(void)state;
	static const char api[] =
	    "no such API path; the API has /api/games, /api/me, /api/health, /api/accounts, "
	    "/api/session, /api/account, /api/challenges, /api/players, /api/leaderboard, "
	    "/api/tables, /api/replay, /api/tournaments, /api/puzzles and /api/lessons";
	refused("GET", "/api", 404, api);
	refused("GET", "/api/", 404, api);
	refused("GET", "/api/nothing", 404, api);
	refused("GET", "/api/games/", 404, api);
	refused("POST", "/api/games/x", 404, api);
	static const char table[] =
	    "no such path; a table has /api/tables/ID, /join, /record, /replay, /review, /report, "
	    "/ratings, /puzzles, /mute and /ws";
	refused("GET", "/api/tables/x/", 404, table);
	refused("GET", "/api/tables/x/nothing", 404, table);
	refused("GET", "/api/tables/x/join/more", 404, table);
	static const char lessons[] = "no such path; lessons are at /api/lessons/GAME[/ID[/try]]";
	refused("GET", "/api/lessons//", 404, lessons);
	refused("GET", "/api/lessons/three-arrows/x/y/z", 404, lessons);
	refused("GET", "/api/lessons/evons/x/again", 404, lessons);
	refused("POST", "/api/lessons/chess/x/y/z", 404, lessons);

	/* A table id too long for any table, before the path's other parts or its method. */
	char path[200], id[80];
	memset(id, 'a', 70);
	id[70] = '\0';
	snprintf(path, sizeof path, "/api/tables/%s/nothing", id);
	qv__route_match m = resolve("GET", path);
	assert_int_equal(m.status, 404);
	assert_non_null(strstr(m.msg, "no table 'aaaa"));
	snprintf(path, sizeof path, "/api/tables/%s", id);
	m = resolve("POST", path);
	assert_int_equal(m.status, 404);
	assert_non_null(strstr(m.msg, "no table 'aaaa"));

	/* A game or a lesson name that is not one, before the method. */
	refused("GET", "/api/games/chess/reference", 404,
	        "no game 'chess'; GET /api/games lists the games");
	refused("POST", "/api/games/chess/reference", 404,
	        "no game 'chess'; GET /api/games lists the games");
	refused("GET", "/api/lessons/chess", 404,
	        "no game 'chess'; GET /api/lessons lists the games");
	refused("POST", "/api/lessons/chess", 404,
	        "no game 'chess'; GET /api/lessons lists the games");
	refused("GET", "/api/lessons/three-arrows/a.b", 404,
	        "no lesson 'a.b' for three-arrows; GET /api/lessons/three-arrows lists them");
	refused("GET", "/api/lessons/evons/%FF", 404,
	        "no lesson '%FF' for evons; GET /api/lessons/evons lists them");

	/* A server without lessons: every path under /api/lessons. */
	qv__server *srv = fake_server(false);
	static const char *const under[] = {"/api/lessons", "/api/lessons/evons",
	                                    "/api/lessons/x/y/z/w", NULL};
	for (int i = 0; under[i]; i++) {
		qv__route_resolve(&qv__http_routes, srv, "POST", under[i], &m);
		assert_int_equal(m.status, 404);
		assert_string_equal(m.msg,
		                    "this server has no lessons (start it with --tutorials DIR)");
	}
	qv__route_resolve(&qv__http_routes, srv, "GET", "/api/lessonsx", &m);
	assert_string_equal(m.msg, api);
	free(srv);
}

/* The matcher on a table of its own: the three list styles follow the rows. */
static int nothing(qv__server *srv, qv__req *c, const qv__route_match *m)
{
	(void)srv;
	(void)c;
	(void)m;
	return 200;
}

static void test_matcher(void **state)
{
	(void)state;
	static const qv__route_kind kinds[] = {{"n", "N", 3, false, NULL}};
	static const qv__route_family families[] = {
	    {"/x/{n}", "x: ", QV__LIST_SUFFIXES, false, NULL, NULL},
	    {"/c", "c: ", QV__LIST_CHAIN, true, NULL, NULL},
	    {"", "top: ", QV__LIST_TOP, false, NULL, NULL},
	};
	static const qv__route routes[] = {
	    {"GET", "/x/{n}", nothing},     {"PUT", "/x/{n}/a", nothing},
	    {"GET", "/x/{n}/b", nothing},   {"GET", "/c/{n}", nothing},
	    {"GET", "/c/{n}/{n}", nothing}, {"GET", "/y", nothing},
	    {"DELETE", "/y", nothing},
	};
	qv__routes t = {routes, 7, families, 3, kinds, 1};
	qv__route_match m;
	qv__route_resolve(&t, NULL, "GET", "/x/12/c", &m);
	assert_int_equal(m.status, 404);
	assert_string_equal(m.msg, "x: /x/N, /a and /b");
	qv__route_resolve(&t, NULL, "GET", "/c/1/2/3", &m);
	assert_string_equal(m.msg, "c: /c/N[/N]");
	qv__route_resolve(&t, NULL, "GET", "/z", &m);
	assert_string_equal(m.msg, "top: /x, /c and /y");
	qv__route_resolve(&t, NULL, "GET", "/x/1234", &m); /* longer than the kind takes */
	assert_int_equal(m.status, 404);
	qv__route_resolve(&t, NULL, "GET", "/c/", &m); /* an empty segment it does not take */
	assert_int_equal(m.status, 404);
	qv__route_resolve(&t, NULL, "POST", "/y", &m);
	assert_int_equal(m.status, 405);
	assert_string_equal(m.allow, "GET, DELETE");
	qv__route_resolve(&t, NULL, "GET", "/c/ab/", &m);
	assert_int_equal(m.status, 0);
	assert_int_equal(m.ncaps, 1);
	assert_string_equal(m.cap[0].text, "ab");

	/* One pattern's shape, and the same pattern as lists write it. */
	qv__route_cap caps[2];
	assert_int_equal(qv__route_shape(QV__WS_PATH, "/api/tables/0a1b/ws", caps, 2), 1);
	assert_int_equal(caps[0].len, 4);
	assert_string_equal(caps[0].text, "0a1b");
	assert_int_equal(qv__route_shape(QV__WS_PATH, "/api/tables//ws", caps, 2), 1);
	assert_int_equal(caps[0].len, 0);
	assert_int_equal(qv__route_shape(QV__WS_PATH, "/api/tables/x/ws/", caps, 2), -1);
	assert_int_equal(qv__route_shape(QV__WS_PATH, "/api/tables/x/y/ws", caps, 2), -1);
	assert_int_equal(qv__route_shape(QV__WS_PATH, "/api/tables/x", caps, 2), -1);
	char buf[64];
	qv__route_shown(&qv__http_routes, QV__WS_PATH, buf, sizeof buf);
	assert_string_equal(buf, "/api/tables/ID/ws");
	qv__route_shown(&qv__http_routes, "/api/lessons/{game}/{lesson}", buf, 12);
	assert_string_equal(buf, "/api/lesson"); /* cut to fit */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_api_routes),
	    cmocka_unit_test(test_allow_lists),
	    cmocka_unit_test(test_not_found),
	    cmocka_unit_test(test_matcher),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
