/*
 * test_trickle.c - limits at the door (issue 37). The attack: one client address opens a
 * thousand connections at once and trickles into them, some a request's headers and some a
 * body (a POST whose Content-Length is 1,000, one byte every 3 s); a server with a thread per
 * connection, or none of these limits, gives it every connection it has, and a player from
 * another address waits.
 *
 * What must hold, measured and printed:
 * - the address holds at most --max-connections-per-address of the server's connections (64 by
 *   default; 16 when given): exactly that many of its 1,000 are taken, the rest are refused at
 *   accept (closed at once, no byte answered), and no more are held at any moment of the attack
 *   (the server's own sockets, as /proc shows them, sampled);
 * - headers not complete within 10 s close the connection, however they trickle; a body that
 *   comes at less than 1 KiB/s after its first second is answered 408 and closed; the attacker
 *   opens a new connection for each one closed, and goes on for TRICKLE_MS;
 * - meanwhile another address (127.0.0.3) plays: its GET /api/games is answered within API_MS,
 *   and a new WebSocket says hello and gets its snapshot within WS_MS (several of each; the
 *   largest counts).
 *
 * Every wait is a wait for a condition with a deadline; an alarm ends a stuck run.
 *
 * Usage: test_trickle PATH-TO-QUIVER.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "harness.h"

#define ATTACKER "127.0.0.2"
#define PLAYER   "127.0.0.3"
/* Connections the attacker opens at once, and the most it opens in all (a new one for each of
 * its connections the server closes). */
#define ATTACK     1000
#define ATTACK_ALL 3000
/* The server's default --max-connections-per-address (net.h), and the one given. */
#define PER_ADDRESS       64
#define PER_ADDRESS_GIVEN 16
/* How long the trickle goes on, and how often a trickling connection sends a byte. */
#define TRICKLE_MS    15000
#define BYTE_EVERY_MS 3000
/* The door's deadlines (net.h): the headers within HEADERS_MS of the connection; after its
 * first second a body comes at 1,024 bytes a second (QV__BODY_RATE) or is answered 408. The bounds
 * allow the server's sweep (a quarter of a second) and a loaded machine. */
#define HEADERS_MS      10000
#define HEADERS_LATE_MS 13000
#define BODY_FIRST_MS   1000
#define BODY_LATE_MS    4000
/* How long the attacker's burst may take to be sorted into held and refused (less than the
 * headers' deadline, which would close the held ones). */
#define SORT_MS 8000
/* The player's bounds, how often it plays, and when it gives up on one answer. */
#define API_MS        100.0
#define WS_MS         200.0
#define PLAY_EVERY_MS 500
#define GIVE_UP_MS    2000
#define GIVE_UPS_MAX  3

/* The first bytes of every attacking connection: a request line, and no end of headers. */
static const char REQUEST_LINE[] = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n";
/* The rest of a body-trickler's headers, and the first byte of its body. */
static const char BODY_HEADERS[] =
    "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";
/* What a header-trickler sends, a byte at a time. */
static const char SLOW_HEADER[] = "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

/* ---- the attacker's connections -------------------------------------------------------------- */

enum kind { HEADERS, BODY };

typedef struct conn {
	int fd; /* -1 once closed on our side */
	enum kind kind;
	bool connected, closed; /* closed: by the server */
	bool refused;           /* closed at once with no answer: refused at accept */
	bool burst;             /* one of the first ATTACK */
	double opened;          /* when connect() began (the server accepts it later) */
	double body_at;         /* when the body began (BODY) */
	double next_byte;       /* when the next trickled byte is due */
	double closed_at;
	size_t sent;     /* bytes of SLOW_HEADER or of the body sent */
	size_t got;      /* bytes the server answered */
	char answer[16]; /* their first bytes */
} conn;

typedef struct attack {
	conn c[ATTACK_ALL];
	int n;
	int server_max; /* the most of the attacker's connections the server held at once */
} attack;

/* A non-blocking TCP socket from `from` to the server, its connect() begun; -1 on failure. */
static int dial_from(const char *from)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	struct sockaddr_in src = {.sin_family = AF_INET};
	struct sockaddr_in dst = {.sin_family = AF_INET,
	                          .sin_port = htons((uint16_t)th_server.port)};
	inet_pton(AF_INET, from, &src.sin_addr);
	dst.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	int one = 1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (bind(fd, (struct sockaddr *)&src, sizeof src) != 0 ||
	    (connect(fd, (struct sockaddr *)&dst, sizeof dst) != 0 && errno != EINPROGRESS)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Sends text without waiting; a connection the server has closed takes nothing. */
static void put(conn *c, const char *text, size_t len)
{
	if (c->fd >= 0 && c->connected && !c->closed)
		(void)send(c->fd, text, len, MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* Starts the body of c: the rest of the headers and the body's first byte. */
static void start_body(conn *c, double now)
{
	c->kind = BODY;
	put(c, BODY_HEADERS, strlen(BODY_HEADERS));
	c->body_at = now;
	c->sent = 1;
	c->next_byte = now + BYTE_EVERY_MS;
}

/* Opens one more attacking connection of the given kind; false when none could be. */
static bool open_one(attack *a, enum kind kind, bool burst)
{
	if (a->n == ATTACK_ALL)
		return false;
	conn *c = &a->c[a->n];
	memset(c, 0, sizeof *c);
	c->opened = tc_now_ms();
	c->fd = dial_from(ATTACKER);
	if (c->fd < 0)
		return false;
	a->n++;
	c->kind = kind;
	c->burst = burst;
	c->next_byte = c->opened + BYTE_EVERY_MS;
	return true;
}

/* c's connect() completed: the request line goes out (and a body-trickler's body begins). */
static void connected(conn *c, double now)
{
	int err = 0;
	socklen_t len = sizeof err;
	getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
	c->connected = true;
	if (err) {
		c->closed = true;
		c->closed_at = now;
		return;
	}
	put(c, REQUEST_LINE, strlen(REQUEST_LINE));
	if (c->kind == BODY)
		start_body(c, now);
}

/* Reads what the server sent c, noting its close. */
static void take(conn *c, double now)
{
	char buf[512];
	for (;;) {
		ssize_t k = recv(c->fd, buf, sizeof buf, MSG_DONTWAIT);
		if (k > 0) {
			size_t have = strlen(c->answer), room = sizeof c->answer - 1 - have;
			memcpy(c->answer + have, buf, (size_t)k < room ? (size_t)k : room);
			c->got += (size_t)k;
			continue;
		}
		if (k == 0 || (errno != EAGAIN && errno != EINTR)) {
			c->closed = true;
			c->closed_at = now;
			close(c->fd);
			c->fd = -1;
		}
		return;
	}
}

/* One round of the attack: waits up to wait_ms for the sockets, reads them, trickles what is
 * due. When `reopen`, every connection the server held and then closed is replaced by a new
 * one of the same kind. */
static void attack_round(attack *a, int wait_ms, bool reopen)
{
	static struct pollfd p[ATTACK_ALL];
	static int who[ATTACK_ALL];
	int np = 0;
	for (int i = 0; i < a->n; i++) {
		if (a->c[i].fd < 0)
			continue;
		p[np] = (struct pollfd){.fd = a->c[i].fd,
		                        .events = a->c[i].connected ? POLLIN : POLLOUT};
		who[np++] = i;
	}
	int r = poll(p, (nfds_t)np, wait_ms);
	double now = tc_now_ms();
	for (int k = 0; r > 0 && k < np; k++) {
		conn *c = &a->c[who[k]];
		if (!p[k].revents)
			continue;
		if (!c->connected)
			connected(c, now);
		if (c->connected && !c->closed && (p[k].revents & (POLLIN | POLLHUP | POLLERR)))
			take(c, now);
		if (c->closed && c->fd >= 0) {
			close(c->fd);
			c->fd = -1;
		}
		/* A connection the server held (not refused) is replaced. */
		if (reopen && c->closed && (c->got > 0 || now - c->opened >= BODY_FIRST_MS))
			open_one(a, c->kind, false);
	}
	for (int i = 0; i < a->n; i++) {
		conn *c = &a->c[i];
		if (c->fd < 0 || !c->connected || c->closed || now < c->next_byte)
			continue;
		if (c->kind == HEADERS && c->sent < strlen(SLOW_HEADER))
			put(c, SLOW_HEADER + c->sent, 1);
		else if (c->kind == BODY)
			put(c, "x", 1);
		c->sent++;
		c->next_byte = now + BYTE_EVERY_MS;
	}
}

static void attack_end(attack *a)
{
	for (int i = 0; i < a->n; i++)
		if (a->c[i].fd >= 0)
			close(a->c[i].fd);
}

/* How many of the attacker's connections the server holds, as /proc shows them: the fewest of
 * three looks 10 ms apart when the first sees more than `limit`. A connection refused at accept is
 * accepted and closed at once, and a look that falls between the two sees one more than the server
 * keeps (65 of 64 once, on a loaded machine); a connection the server keeps is in every look. */
static int held_now(int limit)
{
	int fewest = th_server_conns(ATTACKER);
	for (int k = 0; k < 2 && fewest > limit; k++) {
		poll(NULL, 0, 10);
		int h = th_server_conns(ATTACKER);
		if (h < fewest)
			fewest = h;
	}
	return fewest;
}

/* Opens `count` connections at once (each sends its request line and stops there), then
 * waits until the server has taken `limit` of them and refused the rest, or SORT_MS. Returns
 * how many it refused (closed with no byte answered); *held gets how many of the address's
 * connections the server holds, as /proc shows them. */
static int burst(attack *a, int count, int limit, int *held, double *refused_ms)
{
	double t0 = tc_now_ms();
	for (int i = 0; i < count; i++)
		if (!open_one(a, HEADERS, true))
			fail_msg("could not open attacking connection %d: %s", i, strerror(errno));
	double opened_ms = tc_now_ms() - t0, end = t0 + SORT_MS, looked = 0;
	int refused = 0;
	*held = -1;
	for (;;) {
		attack_round(a, 20, false);
		double now = tc_now_ms();
		refused = 0;
		*refused_ms = 0;
		for (int i = 0; i < a->n; i++)
			if (a->c[i].closed && a->c[i].got == 0) {
				a->c[i].refused = true;
				refused++;
				if (a->c[i].closed_at - a->c[i].opened > *refused_ms)
					*refused_ms = a->c[i].closed_at - a->c[i].opened;
			}
		if (now - looked >= 100 || now > end) {
			*held = held_now(limit);
			looked = now;
			if (*held > a->server_max)
				a->server_max = *held;
		}
		if ((refused == count - limit && *held == limit) || now > end)
			break;
	}
	print_message("%s opened %d connections in %.0f ms: the server holds %d, refused %d "
	              "(each closed within %.0f ms of its connect, with no answer)\n",
	              ATTACKER, count, opened_ms, *held, refused, *refused_ms);
	return refused;
}

/* ---- the player ------------------------------------------------------------------------------ */

/* Waits until fd is ready for `events`, up to the deadline; false when it is not. */
static bool ready(int fd, short events, double deadline)
{
	for (;;) {
		double left = deadline - tc_now_ms();
		if (left <= 0)
			return false;
		struct pollfd p = {.fd = fd, .events = events};
		int r = poll(&p, 1, (int)left + 1);
		if (r > 0)
			return true;
		if (r < 0 && errno != EINTR)
			return false;
	}
}

/* A connection of the player's, ready to write, or -1 by the deadline. */
static int player_dial(double deadline)
{
	int fd = dial_from(PLAYER);
	if (fd < 0)
		return -1;
	int err = 0;
	socklen_t len = sizeof err;
	if (!ready(fd, POLLOUT, deadline) || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) ||
	    err) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Sends all of text by the deadline. */
static bool send_by(int fd, const char *text, size_t len, double deadline)
{
	while (len > 0) {
		if (!ready(fd, POLLOUT, deadline))
			return false;
		ssize_t k = send(fd, text, len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (k < 0 && errno != EAGAIN && errno != EINTR)
			return false;
		if (k > 0) {
			text += k;
			len -= (size_t)k;
		}
	}
	return true;
}

/* GET /api/games (Connection: close) read to its end; the time it took in ms, or -1 when no
 * 200 came by GIVE_UP_MS. */
static double play_http(void)
{
	double t0 = tc_now_ms(), deadline = t0 + GIVE_UP_MS;
	int fd = player_dial(deadline);
	if (fd < 0)
		return -1;
	static const char req[] =
	    "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
	char head[16] = "";
	size_t got = 0;
	bool done = false;
	if (send_by(fd, req, strlen(req), deadline))
		while (!done && ready(fd, POLLIN, deadline)) {
			char buf[8192];
			ssize_t k = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
			if (k > 0 && got < sizeof head - 1)
				memcpy(head + got, buf,
				       (size_t)k < sizeof head - 1 - got ? (size_t)k
				                                         : sizeof head - 1 - got);
			if (k > 0)
				got += (size_t)k;
			done = k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR);
		}
	double ms = tc_now_ms() - t0;
	close(fd);
	return done && strncmp(head, "HTTP/1.1 200", 12) == 0 ? ms : -1;
}

/* A spectator's WebSocket of table id: the upgrade, hello and its snapshot; the time it took
 * in ms, or -1 when no snapshot came by GIVE_UP_MS. */
static double play_ws(const char *id)
{
	double t0 = tc_now_ms(), deadline = t0 + GIVE_UP_MS;
	tc_ws w = {.fd = player_dial(deadline)};
	if (w.fd < 0)
		return -1;
	char req[512];
	int n =
	    snprintf(req, sizeof req,
	             "GET /api/tables/%s/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
	             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	             "Sec-WebSocket-Version: 13\r\n\r\n",
	             id);
	char head[2048];
	size_t got = 0;
	char *sep = NULL;
	if (send_by(w.fd, req, (size_t)n, deadline))
		while (!sep && got < sizeof head - 1 && ready(w.fd, POLLIN, deadline)) {
			ssize_t k = recv(w.fd, head + got, sizeof head - 1 - got, MSG_DONTWAIT);
			if (k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR))
				break;
			if (k > 0)
				got += (size_t)k;
			head[got] = '\0';
			sep = strstr(head, "\r\n\r\n");
		}
	double ms = -1;
	if (sep && strncmp(head, "HTTP/1.1 101", 12) == 0) {
		/* The socket is the client's from here (tc_ws reads with poll, blocking is fine).
		 */
		fcntl(w.fd, F_SETFL, fcntl(w.fd, F_GETFL) & ~O_NONBLOCK);
		size_t rest = got - (size_t)(sep + 4 - head);
		w.cap = rest + 1;
		w.buf = malloc(w.cap);
		memcpy(w.buf, sep + 4, rest);
		w.len = rest;
		json_t *snap = NULL;
		if (tc_ws_send_text(&w, "{\"type\": \"hello\", \"token\": null}") == 0) {
			double left = deadline - tc_now_ms();
			snap = left > 0 ? tc_ws_recv_json(&w, (int)left) : NULL;
		}
		const char *type = json_string_value(json_object_get(snap, "type"));
		if (type && strcmp(type, "snapshot") == 0)
			ms = tc_now_ms() - t0;
		json_decref(snap);
	}
	tc_ws_close(&w);
	return ms;
}

/* The player's answers: their times, and how many never came. */
typedef struct plays {
	double ms[256];
	int n, lost;
} plays;

static void note(plays *p, double ms)
{
	if (ms < 0)
		p->lost++;
	else if (p->n < 256)
		p->ms[p->n++] = ms;
}

static double largest(const plays *p)
{
	double m = 0;
	for (int i = 0; i < p->n; i++)
		m = p->ms[i] > m ? p->ms[i] : m;
	return m;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(plays *p)
{
	if (p->n == 0)
		return 0;
	qsort(p->ms, (size_t)p->n, sizeof p->ms[0], by_value);
	return p->ms[p->n / 2];
}

/* ---- the tests ------------------------------------------------------------------------------- */

/* The default limit: 1,000 connections from one address, trickling for TRICKLE_MS while
 * another address plays. */
static void test_trickle(void **state)
{
	(void)state;
	th_room_for_files(ATTACK_ALL + 256);
	th_start(th_new_db(), NULL);
	tc_set_source(PLAYER);
	char id[32];
	th_create("{\"game\": \"three-arrows\", \"seats\": [\"human\", \"human\"]}", id);
	static attack a;
	memset(&a, 0, sizeof a);
	int held;
	double refused_ms;
	int refused = burst(&a, ATTACK, PER_ADDRESS, &held, &refused_ms);
	int refused_with_answer = 0;
	for (int i = 0; i < a.n; i++)
		refused_with_answer += a.c[i].closed && a.c[i].got > 0;

	/* Half of the held ones trickle a body from now on; the rest go on with their headers. */
	double t0 = tc_now_ms(), end = t0 + TRICKLE_MS, looked = 0, next_play = t0;
	int k = 0;
	for (int i = 0; i < a.n; i++)
		if (a.c[i].connected && !a.c[i].closed && k++ % 2 == 0)
			start_body(&a.c[i], t0);
	plays api = {0}, ws = {0};
	while (tc_now_ms() < end) {
		attack_round(&a, 20, true);
		double now = tc_now_ms();
		if (now - looked >= 250) {
			int h = held_now(PER_ADDRESS);
			if (h > a.server_max)
				a.server_max = h;
			looked = now;
		}
		if (now >= next_play && api.lost + ws.lost < GIVE_UPS_MAX) {
			note(&api, play_http());
			note(&ws, play_ws(id));
			next_play = tc_now_ms() + PLAY_EVERY_MS;
		}
	}
	double now = tc_now_ms();

	/* The fates of the connections the server held. */
	int bodies = 0, answered = 0, bodies_late = 0, heads = 0, heads_closed = 0, heads_late = 0;
	double body_min = 1e9, body_max = 0, head_min = 1e9, head_max = 0;
	char bad[256] = "";
	for (int i = 0; i < a.n; i++) {
		conn *c = &a.c[i];
		/* Refused: in the burst, or closed with no answer before any deadline could
		 * close it (a body's first second). */
		c->refused |= !c->burst && c->closed && c->got == 0 &&
		              c->closed_at - c->opened < BODY_FIRST_MS;
		if (!c->connected || c->refused)
			continue;
		if (c->kind == BODY) {
			double after = (c->closed ? c->closed_at : now) - c->body_at;
			if (!c->closed && after < BODY_LATE_MS)
				continue; /* begun near the end: not yet due */
			bodies++;
			bool is408 = c->closed && strncmp(c->answer, "HTTP/1.1 408", 12) == 0;
			answered += is408;
			if (is408) {
				body_min = after < body_min ? after : body_min;
				body_max = after > body_max ? after : body_max;
			}
			if (!is408 || after < BODY_FIRST_MS || after > BODY_LATE_MS) {
				bodies_late++;
				if (!bad[0])
					snprintf(
					    bad, sizeof bad,
					    "a body begun at %.0f ms: %s after %.0f ms, answer '%s'",
					    c->body_at - t0, c->closed ? "closed" : "still open",
					    after, c->answer);
			}
		} else {
			double after = (c->closed ? c->closed_at : now) - c->opened;
			if (!c->closed && after < HEADERS_LATE_MS)
				continue;
			heads++;
			heads_closed += c->closed;
			if (c->closed) {
				head_min = after < head_min ? after : head_min;
				head_max = after > head_max ? after : head_max;
			}
			if (!c->closed || after < HEADERS_MS || after > HEADERS_LATE_MS) {
				heads_late++;
				if (!bad[0])
					snprintf(
					    bad, sizeof bad,
					    "headers begun at %.0f ms: %s after %.0f ms, answer '%s'",
					    c->opened - t0, c->closed ? "closed" : "still open",
					    after, c->answer);
			}
		}
	}
	attack_end(&a);
	if (!answered)
		body_min = 0;
	if (!heads_closed)
		head_min = 0;
	print_message("the trickle, %d s: %d connections opened in all; the server held at most %d "
	              "of them at once\n",
	              TRICKLE_MS / 1000, a.n, a.server_max);
	print_message("bodies at a byte every %d s: %d of %d answered 408 and closed, %.0f to "
	              "%.0f ms after they began\n",
	              BYTE_EVERY_MS / 1000, answered, bodies, body_min, body_max);
	print_message("headers at a byte every %d s: %d of %d closed, %.0f to %.0f ms after the "
	              "connection\n",
	              BYTE_EVERY_MS / 1000, heads_closed, heads, head_min, head_max);
	double api_max = largest(&api), ws_max = largest(&ws);
	print_message("%s meanwhile: GET /api/games %d answered (median %.1f ms, max %.1f ms), %d "
	              "not within %d ms; hello to snapshot %d (median %.1f ms, max %.1f ms), %d "
	              "not within %d ms\n",
	              PLAYER, api.n, median(&api), api_max, api.lost, GIVE_UP_MS, ws.n, median(&ws),
	              ws_max, ws.lost, GIVE_UP_MS);
	tc_set_source(NULL);

	if (held != PER_ADDRESS || refused != ATTACK - PER_ADDRESS)
		fail_msg("of %d connections from %s the server holds %d and refused %d; expected "
		         "%d held and %d refused at accept",
		         ATTACK, ATTACKER, held, refused, PER_ADDRESS, ATTACK - PER_ADDRESS);
	if (refused_with_answer)
		fail_msg("%d connections were answered before they were closed in the burst; a "
		         "refusal at accept answers nothing",
		         refused_with_answer);
	if (a.server_max > PER_ADDRESS)
		fail_msg("the server held %d connections of %s at once (at most %d)", a.server_max,
		         ATTACKER, PER_ADDRESS);
	if (bodies == 0 || heads == 0 || bodies_late || heads_late)
		fail_msg("%d of %d trickled bodies and %d of %d trickled headers missed their "
		         "deadline; first: %s",
		         bodies_late, bodies, heads_late, heads, bad[0] ? bad : "none held");
	if (api.lost || ws.lost || api.n == 0 || ws.n == 0)
		fail_msg("the player from %s was not answered: %d requests and %d sockets lost",
		         PLAYER, api.lost, ws.lost);
	if (api_max > API_MS || ws_max > WS_MS)
		fail_msg("the player waited: GET /api/games up to %.1f ms (at most %.0f), a "
		         "socket's snapshot up to %.1f ms (at most %.0f)",
		         api_max, API_MS, ws_max, WS_MS);
	th_stop();
}

/* --max-connections-per-address given: exactly that many of one address's connections are
 * held, and another address is still served. */
static void test_limit_given(void **state)
{
	(void)state;
	th_room_for_files(ATTACK_ALL + 256);
	char given[16];
	snprintf(given, sizeof given, "%d", PER_ADDRESS_GIVEN);
	const char *const extra[] = {"--max-connections-per-address", given, NULL};
	th_start(th_new_db(), extra);
	static attack a;
	memset(&a, 0, sizeof a);
	int held;
	double refused_ms;
	int refused = burst(&a, 100, PER_ADDRESS_GIVEN, &held, &refused_ms);
	int open = 0;
	for (int i = 0; i < a.n; i++)
		open += !a.c[i].closed;
	tc_set_source(PLAYER);
	json_decref(th_http("GET", "/api/games", NULL, 200));
	tc_set_source(NULL);
	attack_end(&a);
	if (held != PER_ADDRESS_GIVEN || open != PER_ADDRESS_GIVEN ||
	    refused != 100 - PER_ADDRESS_GIVEN)
		fail_msg("--max-connections-per-address %d: of 100 connections the server holds %d "
		         "(%d open on our side) and refused %d",
		         PER_ADDRESS_GIVEN, held, open, refused);
	th_stop();
}

int main(int argc, char **argv)
{
	if (th_init(argc, argv, "trickle", 240))
		return 2;
#define T(f) cmocka_unit_test_teardown(f, th_teardown)
	const struct CMUnitTest tests[] = {
	    T(test_trickle),
	    T(test_limit_given),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
