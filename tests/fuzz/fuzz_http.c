/*
 * fuzz_http.c - libFuzzer target for the HTTP side of `quiver serve`: each input is the raw
 * bytes a client sends on one connection (one request or several, a body, an upgrade), given
 * to the server running inside this process (inproc.h) on 127.0.0.1. So the bytes go through
 * libmicrohttpd's parser, under the server's loop (net.c), into the same handlers a real server
 * runs: the API (http.c), the files and rules pages (files.c), the lessons (lessons.c), replays
 * (replay.c), the store (store/sqlite.c) behind every table created, and the WebSocket upgrade
 * (wsock.c). A crash, a sanitizer report, an
 * answer that is not HTTP, or a server that stops answering is a bug.
 *
 * So that inputs reach the handlers of a table without guessing its id, "$W" in the input
 * stands for a waiting table (two human seats, none claimed), "$P" for one in play (a human
 * against `easy`, the human seat claimed) and "$O" for a finished one (two `random` seats).
 */
#define _GNU_SOURCE /* strcasestr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "inproc.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* Restart the server every this many inputs (see inproc.h). */
#define RESTART_EVERY 2000
/* Check that it still answers every this many inputs. */
#define CHECK_EVERY 50

static char waiting[32], playing[32], over[32];

/* The tables the placeholders stand for, made again whenever the server starts. */
static void make_tables(int port)
{
	fz_create(port, "{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", waiting);
	fz_create(port, "{\"game\": \"concardia\", \"seats\": [\"human\", \"easy\"]}", playing);
	fz_create(port, "{\"game\": \"three-arrows\", \"seats\": [\"random\", \"random\"]}", over);
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", playing);
	tc_reply r;
	tc_http(port, "POST", path, "{}", 2, &r);
	tc_reply_free(&r);
}

/* The input with its placeholders replaced. */
static char *expand(const unsigned char *data, size_t size, size_t *n)
{
	char *out = malloc(size * 16 + 1);
	if (!out)
		abort();
	size_t k = 0;
	for (size_t i = 0; i < size; i++) {
		const char *id = NULL;
		if (data[i] == '$' && i + 1 < size)
			id = data[i + 1] == 'W'   ? waiting
			     : data[i + 1] == 'P' ? playing
			     : data[i + 1] == 'O' ? over
			                          : NULL;
		if (id) {
			size_t l = strlen(id);
			memcpy(out + k, id, l);
			k += l;
			i++;
		} else {
			out[k++] = (char)data[i];
		}
	}
	out[k] = '\0';
	*n = k;
	return out;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static long inputs;
	bool fresh;
	int port = fz_server(RESTART_EVERY, &fresh);
	if (fresh)
		make_tables(port);
	size_t len, got;
	char *req = expand(data, size, &len);
	char *ans = fz_exchange(port, req, len, &got);
	free(req);
	if (!ans) {
		fprintf(stderr, "fuzz_http: the server took no connection\n");
		abort();
	}
	/* Whatever it answers (libmicrohttpd may also just close on bytes that are not HTTP) is
	 * HTTP. Only "HTTP/" is checked: CivetWeb, the server's HTTP library before, repeated the
	 * client's protocol in its own 400 ("HTTP/H&TP/1.1 400 Bad Request"). */
	if (got > 0 && strncmp(ans, "HTTP/", 5) != 0) {
		fprintf(stderr, "fuzz_http: an answer that is not HTTP: %.200s\n", ans);
		abort();
	}
	free(ans);
	if (++inputs % CHECK_EVERY == 0)
		fz_check_alive(port);
	return 0;
}
