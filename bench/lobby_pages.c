/*
 * lobby_pages.c - what the lobby costs (issue 36): it starts `quiver serve` on a temporary
 * database, makes --tables public tables of Arrow Party (5 seats on a 26x26 area, every seat
 * claimed with a name of 24 letters, so that each is listed as playing), from one client
 * address per 20 tables, then measures GET /api/tables: the first page (bytes, ms: the median
 * of 21), the whole list walked page by page with `next` (pages, bytes, ms), and the poll of a
 * lobby page when nothing changed (If-None-Match with the first page's ETag: the status, its
 * bytes, ms). It prints one line of JSON. A server that answers in one page (no `next`) is
 * walked in one.
 *
 * Usage: lobby_pages PATH-TO-QUIVER [--tables N]
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"

static tc_server server;

static void die(const char *why)
{
	fprintf(stderr, "lobby_pages: %s\n", why);
	if (server.pid > 0)
		tc_server_stop(&server, SIGKILL);
	exit(1);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int tables = 1000;
	if (argc < 2) {
		fprintf(stderr, "usage: lobby_pages PATH-TO-QUIVER [--tables N]\n");
		return 2;
	}
	if (argc >= 4 && strcmp(argv[2], "--tables") == 0)
		tables = atoi(argv[3]);
	if (tables < 1 || tables > 20000)
		die("--tables 1..20000");
	signal(SIGPIPE, SIG_IGN);
	char dir[] = "/tmp/qvlobbyXXXXXX", db[64], max[16];
	if (!mkdtemp(dir))
		die("cannot make a temporary folder");
	snprintf(db, sizeof db, "%s/lobby.db", dir);
	snprintf(max, sizeof max, "%d", tables + 10);
	const char *extra[] = {"--max-tables", max, NULL};
	if (tc_server_start(&server, argv[1], db, extra))
		die("the server did not start");
	const char *req = "{\"game\": \"arrow-party\", \"params\": {\"size\": 26, \"players\": 5}, "
	                  "\"seats\": [\"human\", \"human\", \"human\", \"human\", \"human\"], "
	                  "\"private\": false}";
	for (int i = 0; i < tables; i++) {
		char addr[32], path[96], body[96];
		snprintf(addr, sizeof addr, "127.0.%d.%d", 20 + i / 20 / 250, 1 + (i / 20) % 250);
		tc_set_source(addr);
		tc_reply r;
		if (tc_http(server.port, "POST", "/api/tables", req, strlen(req), &r) != 201)
			die("cannot create a table");
		snprintf(path, sizeof path, "/api/tables/%s/join",
		         json_string_value(json_object_get(r.json, "id")));
		tc_reply_free(&r);
		for (int k = 1; k <= 5; k++) {
			snprintf(body, sizeof body,
			         "{\"seat\": \"p%d\", \"name\": \"xxxxxxxxxxxxxxxxxxxxxxxx\"}", k);
			if (tc_http(server.port, "POST", path, body, strlen(body), &r) != 200)
				die("cannot claim a seat");
			tc_reply_free(&r);
		}
	}
	tc_set_source(NULL);
	/* The first page, 21 times: the median time. */
	double ms[21];
	size_t first_bytes = 0;
	char etag[64] = "";
	for (int i = 0; i < 21; i++) {
		tc_reply r;
		double t0 = tc_now_ms();
		if (tc_http(server.port, "GET", "/api/tables", NULL, 0, &r) != 200)
			die("GET /api/tables failed");
		ms[i] = tc_now_ms() - t0;
		first_bytes = r.len;
		if (!tc_header(&r, "ETag", etag, sizeof etag))
			etag[0] = '\0';
		tc_reply_free(&r);
	}
	qsort(ms, 21, sizeof ms[0], by_value);
	/* The whole list, page by page. */
	int pages = 0, listed = 0;
	size_t all_bytes = 0;
	char path[160] = "/api/tables";
	double t0 = tc_now_ms();
	for (;;) {
		tc_reply r;
		if (tc_http(server.port, "GET", path, NULL, 0, &r) != 200)
			die("a page failed");
		pages++;
		all_bytes += r.len;
		listed += (int)json_array_size(json_object_get(r.json, "tables"));
		const char *next = json_string_value(json_object_get(r.json, "next"));
		if (next)
			snprintf(path, sizeof path, "/api/tables?after=%s", next);
		tc_reply_free(&r);
		if (!next)
			break;
	}
	double walk_ms = tc_now_ms() - t0;
	/* A poll with nothing changed. */
	char headers[128];
	snprintf(headers, sizeof headers, "If-None-Match: %s\r\n", etag);
	tc_reply r;
	t0 = tc_now_ms();
	int poll_status =
	    tc_http_with(server.port, "GET", "/api/tables", etag[0] ? headers : NULL, NULL, 0, &r);
	double poll_ms = tc_now_ms() - t0;
	size_t poll_bytes = r.len;
	tc_reply_free(&r);
	printf("{\"tables\": %d, \"first_page_bytes\": %zu, \"first_page_ms_median\": %.1f, "
	       "\"pages\": %d, \"listed\": %d, \"all_pages_bytes\": %zu, \"all_pages_ms\": %.1f, "
	       "\"poll_unchanged_status\": %d, \"poll_unchanged_bytes\": %zu, "
	       "\"poll_unchanged_ms\": %.1f}\n",
	       tables, first_bytes, ms[10], pages, listed, all_bytes, walk_ms, poll_status,
	       poll_bytes, poll_ms);
	tc_server_stop(&server, SIGTERM);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "lobby_pages: could not remove %s\n", dir);
	return 0;
}
