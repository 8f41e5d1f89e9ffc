/*
 * inproc.c - `quiver serve` inside the fuzzer's process (inproc.h).
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "inproc.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../support/tmpdir.h"
#include "client.h"
#include "server/listen.h"

static qv__server *srv;
static char dir[64];
static char db[128];
static long calls;
static int restarts;

/* Removes the database and its journal files. */
static void remove_db(void)
{
	static const char *const ext[] = {"", "-wal", "-shm", "-journal"};
	for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
		char p[160];
		snprintf(p, sizeof p, "%s%s", db, ext[i]);
		unlink(p);
	}
}

static void stop_at_exit(void)
{
	if (srv)
		qv__server_stop(srv);
	srv = NULL;
	remove_db();
	rmdir(dir);
}

static void start(void)
{
	qv__server_config cfg = {.host = "127.0.0.1",
	                         .port = 0,
	                         .db = db,
	                         .web_dir = QV_SOURCE_DIR "/web",
	                         .rules_dir = QV_SOURCE_DIR "/docs/rules",
	                         .tutorials_dir = QV_SOURCE_DIR "/tutorials",
	                         .max_sockets = 64,
	                         .threads = 2,
	                         .max_tables = 2000};
	qv_err err = {""};
	if (qv__server_start(&srv, &cfg, &err)) {
		fprintf(stderr, "inproc: the server did not start on %s: %s\n", db, err.msg);
		abort();
	}
}

int fz_server(int every, bool *fresh)
{
	*fresh = true;
	if (!srv) {
		signal(SIGPIPE, SIG_IGN);
		if (!qv_test_mkdtemp(dir, sizeof dir, "quiver-fuzz-")) {
			perror("inproc: mkdtemp");
			abort();
		}
		snprintf(db, sizeof db, "%s/fuzz.db", dir);
		start();
		atexit(stop_at_exit);
	} else if (every > 0 && ++calls % every == 0) {
		/* Every other restart reads the tables back; the others start afresh. */
		qv__server_stop(srv);
		srv = NULL;
		if (++restarts % 2 == 0)
			remove_db();
		start();
	} else {
		*fresh = false;
	}
	return qv__server_port(srv);
}

char *fz_exchange(int port, const void *data, size_t len, size_t *n)
{
	int fd = tc_dial(port);
	if (fd < 0)
		return NULL;
	/* The server may answer and close before reading everything: a failed send is fine. */
	for (const char *p = data; len > 0;) {
		ssize_t k = send(fd, p, len, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		p += k;
		len -= (size_t)k;
	}
	shutdown(fd, SHUT_WR);
	size_t cap = 4096, got = 0;
	char *buf = malloc(cap);
	if (!buf)
		abort();
	double end = tc_now_ms() + FZ_WAIT_MS;
	for (;;) {
		double left = end - tc_now_ms();
		if (left <= 0) {
			fprintf(stderr, "inproc: no end of the answer within %d ms\n", FZ_WAIT_MS);
			abort();
		}
		struct pollfd p = {.fd = fd, .events = POLLIN};
		int r = poll(&p, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		if (got + 4096 + 1 > cap) {
			cap *= 2;
			char *g = realloc(buf, cap);
			if (!g)
				abort();
			buf = g;
		}
		ssize_t k = recv(fd, buf + got, cap - got - 1, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	close(fd);
	buf[got] = '\0';
	*n = got;
	return buf;
}

void fz_check_alive(int port)
{
	tc_reply r;
	int status = tc_http(port, "GET", "/api/games", NULL, 0, &r);
	tc_reply_free(&r);
	if (status != 200) {
		fprintf(stderr, "inproc: GET /api/games answered %d, expected 200\n", status);
		abort();
	}
}

int fz_create(int port, const char *body, char id[32])
{
	tc_reply r;
	int status = tc_http(port, "POST", "/api/tables", body, strlen(body), &r);
	id[0] = '\0';
	const char *s = json_string_value(json_object_get(r.json, "id"));
	if (status == 201 && s)
		snprintf(id, 32, "%s", s);
	tc_reply_free(&r);
	return status;
}
