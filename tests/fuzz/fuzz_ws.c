/*
 * fuzz_ws.c - libFuzzer target for a table's WebSocket in `quiver serve`: the server runs
 * inside this process (inproc.h) on 127.0.0.1 and each input is a table and a session on its
 * socket, so the frames go through the server's loop (wsock.c reads them) into ws.c's handlers
 * on the request workers, the table (table.c), the store (store/sqlite.c) and the AI seats'
 * searches on the server's workers, as in a real server. A crash, a sanitizer report, or a socket
 * that neither answers a ping nor closes is a bug.
 *
 * The input is lines. The first is the body of POST /api/tables; every human seat is then
 * claimed (POST /join) and a WebSocket opened on the table. Each further line is one message:
 * "$1".."$6" in it stand for the seats' tokens and "$V" for the last version the socket heard,
 * so that hellos authenticate and acts are current. A line whose first byte is below 0x10 (not
 * a newline) sends the rest in a frame of that kind instead of a text frame: 0x01-0x0a that
 * opcode (binary, close, ping, pong...), 0x0b a continuation, 0x0c the first part of a
 * fragmented text message, 0x0d an unmasked text frame, 0x0e-0x0f a frame with a reserved
 * opcode. After each message a ping frame ({"type": "ping"}) waits for its pong: every frame
 * before it has been handled. AI seats play at small budgets: "medium" and "hard" are asked for
 * as "easy" (100 iterations), so that a search runs at every AI turn and an input stays fast.
 */
#define _DEFAULT_SOURCE /* usleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "client.h"
#include "fuzz_text.h"
#include "inproc.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#define RESTART_EVERY 500
#define MAX_TOKENS    6

/* The request with AI seats at the smallest search budget; NULL when it is not JSON (it is then
 * sent as it is). */
static char *small_budgets(const char *body)
{
	json_t *req = json_loads(body, 0, NULL);
	json_t *seats = json_object_get(req, "seats");
	size_t i;
	json_t *s;
	json_array_foreach(seats, i, s)
	{
		const char *k = json_string_value(s);
		if (k && (strcmp(k, "medium") == 0 || strcmp(k, "hard") == 0))
			json_array_set_new(seats, i, json_string("easy"));
	}
	char *out = req ? json_dumps(req, JSON_COMPACT) : NULL;
	json_decref(req);
	return out;
}

/* The line with its placeholders replaced. */
static char *expand(const char *line, char tokens[][64], int ntokens, long long v)
{
	size_t len = strlen(line);
	char *out = malloc(len * 32 + 1);
	if (!out)
		abort();
	size_t k = 0;
	for (size_t i = 0; i < len; i++) {
		char next = line[i + 1];
		if (line[i] == '$' && next >= '1' && next <= '0' + MAX_TOKENS) {
			int t = next - '1';
			const char *tok = t < ntokens ? tokens[t] : "";
			memcpy(out + k, tok, strlen(tok));
			k += strlen(tok);
			i++;
		} else if (line[i] == '$' && next == 'V') {
			k += (size_t)sprintf(out + k, "%lld", v);
			i++;
		} else {
			out[k++] = line[i];
		}
	}
	out[k] = '\0';
	return out;
}

/* Sends one message as the line asks (see the top of the file). */
static void send_line(tc_ws *w, const char *line)
{
	unsigned char b = (unsigned char)line[0];
	if (b == 0 || b >= 0x10) {
		tc_ws_send_text(w, line);
		return;
	}
	const char *p = line + 1;
	size_t n = strlen(p);
	if (b <= 0x0a) {
		tc_ws_send_frame(w, b, p, n, false);
	} else if (b == 0x0b) {
		tc_ws_send_frame(w, 0, p, n, false);
	} else if (b == 0x0c) {
		tc_ws_send_frame(w, 1, p, n, true);
	} else {
		/* Unmasked (0x0d) or with a reserved opcode (0x0e, 0x0f: 3 and 11), written by
		 * hand. */
		unsigned char head[4] = {(unsigned char)(0x80 | (b == 0x0d   ? 1
		                                                 : b == 0x0e ? 3
		                                                             : 11)),
		                         0, 0, 0};
		size_t h = 2;
		if (n > 65535)
			n = 65535;
		if (n < 126) {
			head[1] = (unsigned char)n;
		} else {
			head[1] = 126;
			head[2] = (unsigned char)(n >> 8);
			head[3] = (unsigned char)n;
			h = 4;
		}
		if (b != 0x0d) {
			/* A reserved opcode still comes masked, as a client's frames must. */
			tc_ws_send_frame(w, head[0] & 0xf, p, n, false);
			return;
		}
		if (send(w->fd, head, h, MSG_NOSIGNAL) == (ssize_t)h)
			(void)send(w->fd, p, n, MSG_NOSIGNAL);
	}
}

/* Waits for the pong of a ping sent after everything else, noting the versions heard. Returns
 * false when the socket closed. */
static bool sync_pong(tc_ws *w, long long *v)
{
	if (tc_ws_send_text(w, "{\"type\": \"ping\"}"))
		return false;
	double end = tc_now_ms() + FZ_WAIT_MS;
	for (;;) {
		int left = (int)(end - tc_now_ms());
		if (left <= 0) {
			fprintf(stderr, "fuzz_ws: no pong and no close within %d ms\n", FZ_WAIT_MS);
			abort();
		}
		int op;
		char *p;
		size_t n;
		int r = tc_ws_recv(w, left, &op, &p, &n);
		if (r < 0)
			return false;
		if (r == 0)
			continue;
		json_t *f = op == 1 ? json_loadb(p, n, 0, NULL) : NULL;
		free(p);
		const char *type = json_string_value(json_object_get(f, "type"));
		json_t *jv = json_object_get(f, "v");
		if (json_is_integer(jv))
			*v = json_integer_value(jv);
		bool pong = type && strcmp(type, "pong") == 0;
		json_decref(f);
		if (pong)
			return true;
	}
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	bool fresh;
	int port = fz_server(RESTART_EVERY, &fresh);
	char *text = fz_text(data, size);
	char *rest = fz_cut_line(text);
	char *body = small_budgets(text);
	char id[32];
	int status = fz_create(port, body ? body : text, id);
	free(body);
	if (status != 201) {
		free(text);
		return 0;
	}
	char tokens[MAX_TOKENS][64];
	int ntokens = 0;
	char path[96];
	snprintf(path, sizeof path, "/api/tables/%s/join", id);
	while (ntokens < MAX_TOKENS) {
		tc_reply r;
		int st = tc_http(port, "POST", path, "{}", 2, &r);
		const char *tok = json_string_value(json_object_get(r.json, "token"));
		if (st == 200 && tok)
			snprintf(tokens[ntokens++], sizeof tokens[0], "%s", tok);
		tc_reply_free(&r);
		if (st != 200)
			break;
	}
	snprintf(path, sizeof path, "/api/tables/%s/ws", id);
	/* The sockets of earlier inputs are closed, but the server may not have noticed yet (503):
	 * try again until it has, within the bound. */
	tc_ws w;
	int rc;
	double end = tc_now_ms() + FZ_WAIT_MS;
	while ((rc = tc_ws_open(&w, port, path)) == 503 && tc_now_ms() < end)
		usleep(1000);
	if (rc != 0) {
		fprintf(stderr, "fuzz_ws: the WebSocket of a new table did not open (%d)\n", rc);
		abort();
	}
	long long v = 0;
	for (char *l = rest, *next; l; l = next) {
		next = strchr(l, '\n');
		if (next)
			*next++ = '\0';
		char *msg = expand(l, tokens, ntokens, v);
		send_line(&w, msg);
		free(msg);
		if (!sync_pong(&w, &v))
			break;
	}
	tc_ws_close(&w);
	free(text);
	return 0;
}
