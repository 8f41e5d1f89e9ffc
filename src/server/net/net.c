/*
 * net.c - the server's loop (net.h): one thread that owns every socket.
 *
 * libmicrohttpd runs without threads of its own: its epoll descriptor sits in the loop's epoll
 * beside the upgraded WebSockets (ws.c reads and writes those) and an eventfd that other threads
 * write to wake the loop. libmicrohttpd reads a request's headers and body and calls `handler`;
 * once the body is in, the connection is suspended and the request goes to a request worker
 * (jobs.h), which runs the API's handler (http.c) or the upgrade's (wsock.c) and hands the
 * finished request back on the `ready` list; the loop resumes the connection and gives
 * libmicrohttpd the answer. So the loop only moves bytes and never waits on a lock, the store or
 * a search, and a slow client holds nothing but its own connection.
 *
 * At the door: libmicrohttpd refuses a client address's connection past
 * --max-connections-per-address at accept, and the sweep closes a connection whose headers have
 * not come within QV__HEADERS_MS, and answers 408 to a body slower than QV__BODY_RATE after its
 * first second. A password request goes on at its address's pace (pace.h): held here, its
 * connection suspended, until its turn, or answered 429 here when too far ahead, so that a
 * flood of them never reaches the workers faster than its addresses' pace.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "server/base/addr.h"
#include "server/net/jobs.h"
#include "server/net/net.h"
#include "server/net/pace.h"
#include "server/net/proxy.h"
#include "server/net/reply.h"
#include "server/net/req.h"
#include "server/net/req_impl.h"
#include "server/net/sha1.h"
#include "server/state/admin.h"
#include "server/state/server.h"

/* How often the loop looks at the deadlines (the door's, the WebSockets'), at most. */
#define SWEEP_MS 250
/* Connections libmicrohttpd takes besides --max-sockets WebSockets, for plain HTTP. */
#define HTTP_CONNECTIONS 1024
/* How long a connection may hold an answer it does not read, in seconds. */
#define IDLE_S 30
/* The memory libmicrohttpd gives each connection for its request's line, headers and reading
 * (its default, 32 KiB, stays with a WebSocket for its life: two a table): a request's
 * headers may take most of it, far more than a browser sends. */
#define CONNECTION_MEMORY (12 * 1024)
/* How long stopping waits for the WebSockets' closing frames and the requests at work. */
#define STOP_MS 3000

/* A connection's stage, as the sweep sees it. */
enum { NC_HEADERS, NC_BODY, NC_WORK, NC_UPGRADED, NC_SHUT };
/* A request's stage. */
enum { REQ_BODY, REQ_WORK, REQ_READY, REQ_SENT };

/* Why a request's target is refused before any handler runs (judge_target). */
enum { TARGET_OK, TARGET_CONTROL, TARGET_NEEDLESS, TARGET_API };
static const char *const target_refusals[] = {
    [TARGET_CONTROL] = "the request's target has a control character (U+0000 to U+001F, U+007F "
                       "to U+009F), as it is or as a %XX escape such as %00: no path or query of "
                       "this site has one",
    [TARGET_NEEDLESS] = "the path has a %XX escape of a character that needs none (a letter, a "
                        "digit, '-', '.', '_', '~' or '/'): send it as it is written, e.g. "
                        "/api/tables/ID",
    [TARGET_API] = "an /api/ path has no %XX escape but in a username (/api/players/NAME, "
                   "/api/account/blocks/NAME): its ids and words are sent as they are written, "
                   "e.g. /api/tables/ID",
};

/* A connection of libmicrohttpd's (its socket context). */
typedef struct netc {
	struct netc *prev, *next;
	int fd;
	char addr[QV__ADDR_TEXT]; /* its client's, as counted (addr.h) */
	int stage;
	double since; /* when the wait for headers began (NC_HEADERS) */
	qv__req *req; /* the request being read (NC_BODY) */
	int target;   /* the verdict on the request's target being read (raw_target) */
} netc;

typedef struct qv__net {
	qv__server *srv;
	qv__net_handlers h; /* what the loop calls (listen.c's) */
	struct MHD_Daemon *d;
	int ep, wake;
	char tag_mhd, tag_wake, tag_proxy; /* their addresses mark their epoll events */
	qv__proxy *proxy; /* the door behind trusted proxies (proxy.h); NULL: libmicrohttpd's */
	pthread_t loop;
	bool looping; /* the loop thread was started */
	atomic_bool stop;
	qv__jobs *jobs;
	pthread_mutex_t lock;
	qv__req *ready;               /* answers ready, under lock */
	netc *conns;                  /* the loop's */
	qv__addr_counts *per_address; /* the loop's: connections open per client address */
	qv__pace *pace;               /* the loop's: password requests' turns, and those held */
	/* the loop's: the writes of keys and sessions, per address, per key, per table */
	qv__writes *writes;
	int suspended; /* requests held or at the workers (the loop's count) */
	int paced_out; /* password requests gone to a worker and not yet ended (the loop's) */
} qv__net;

static void wake(qv__net *net)
{
	uint64_t one = 1;
	ssize_t n = write(net->wake, &one, sizeof one);
	(void)n; /* a full counter already wakes the loop */
}

/* ---- reading a request ---------------------------------------------------------------------- */

static enum MHD_Result copy_pair(void *cls, enum MHD_ValueKind kind, const char *key,
                                 const char *value)
{
	/* a query's name without a value counts as absent (so "?limit" is no limit) */
	if (kind == MHD_GET_ARGUMENT_KIND && !value)
		return MHD_YES;
	return qv__pairs_add(cls, key, value) ? MHD_YES : MHD_NO;
}

/* What the request asked, copied out of the connection; NULL when out of memory. */
static qv__req *read_request(qv__net *net, struct MHD_Connection *mc, const char *url,
                             const char *method, const char *version)
{
	qv__req *r = qv__req_new();
	if (!r)
		return NULL;
	r->srv = net->srv;
	r->mc = mc;
	r->method = strdup(method);
	r->path = strdup(url);
	r->version = strdup(strncmp(version, "HTTP/", 5) == 0 ? version + 5 : version);
	const union MHD_ConnectionInfo *ci =
	    MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	qv__addr_text(ci ? ci->client_addr : NULL, r->addr, sizeof r->addr);
	MHD_get_connection_values(mc, MHD_HEADER_KIND, copy_pair, &r->headers);
	MHD_get_connection_values(mc, MHD_GET_ARGUMENT_KIND, copy_pair, &r->args);
	if (!r->method || !r->path || !r->version) {
		qv__req_free(r);
		return NULL;
	}
	const char *length = qv__req_header(r, "Content-Length");
	r->expected = length ? strtoll(length, NULL, 10) : -1;
	/* What an upgrade is, for the purpose of sending it to ws.c (which checks the rest of
	 * RFC 6455's handshake): Upgrade naming websocket and Connection naming upgrade. */
	const char *upgrade = qv__req_header(r, "Upgrade");
	r->wants_upgrade = upgrade && strcasestr(upgrade, "websocket") &&
	                   qv__req_header(r, "Connection") &&
	                   strcasestr(qv__req_header(r, "Connection"), "upgrade");
	return r;
}

/* ---- answering ------------------------------------------------------------------------------ */

static void upgraded(void *cls, struct MHD_Connection *mc, void *con_cls, const char *extra,
                     size_t extra_len, MHD_socket sock, struct MHD_UpgradeResponseHandle *urh)
{
	(void)mc;
	(void)con_cls;
	qv__req *r = cls;
	if (r->nc)
		r->nc->stage = NC_UPGRADED;
	if (r->counted) /* the request is over; the socket's messages count themselves */
		qv__server_busy(r->srv, -1);
	r->counted = false;
	struct qv__conn *c = r->upgrade;
	r->upgrade = NULL; /* the socket is c's now: the request's end abandons nothing */
	r->srv->net->h.upgraded(c, sock, urh, extra, extra_len);
}

/* The response of an upgrade the handler accepted: 101 with the accept key. */
static struct MHD_Response *upgrade_response(qv__req *r)
{
	struct MHD_Response *resp = MHD_create_response_for_upgrade(upgraded, r);
	char accept[29];
	const char *key = qv__req_header(r, "Sec-WebSocket-Key");
	qv__ws_accept_key(key ? key : "", accept);
	if (resp && (MHD_add_response_header(resp, "Upgrade", "websocket") != MHD_YES ||
	             MHD_add_response_header(resp, "Sec-WebSocket-Accept", accept) != MHD_YES)) {
		MHD_destroy_response(resp);
		resp = NULL;
	}
	return resp;
}

/* The answer the handler wrote, as libmicrohttpd's response (taking its body); NULL when out of
 * memory. */
static struct MHD_Response *response_of(qv__req *r)
{
	struct MHD_Response *resp;
	if (r->upgrade)
		return upgrade_response(r);
	if (r->file >= 0) {
		resp = MHD_create_response_from_fd_at_offset64(r->file_size, r->file,
		                                               (uint64_t)r->file_at);
		if (resp)
			r->file = -1; /* libmicrohttpd closes it */
	} else if (r->answer.s) {
		resp = MHD_create_response_from_buffer(r->answer.len, r->answer.s,
		                                       MHD_RESPMEM_MUST_FREE);
		if (resp)
			r->answer = (qv_buf){0};
	} else {
		resp = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
	}
	for (size_t i = 0; resp && i < r->out.n; i++)
		if (MHD_add_response_header(resp, r->out.name[i], r->out.value[i]) != MHD_YES) {
			MHD_destroy_response(resp);
			resp = NULL;
		}
	return resp;
}

/* Gives libmicrohttpd the request's answer. */
static enum MHD_Result send_answer(qv__req *r)
{
	if (!r->status || r->failed) {
		struct qv__conn *up = r->upgrade;
		r->upgrade = NULL;
		if (up)
			r->srv->net->h.abandoned(up);
		qv__reply_error(r, r->failed ? 503 : 500,
		                r->failed ? "out of memory writing the answer" : "no answer");
	}
	struct MHD_Response *resp = response_of(r);
	if (!resp)
		return MHD_NO; /* out of memory: the connection closes */
	enum MHD_Result ok = MHD_queue_response(r->mc, (unsigned)r->status, resp);
	MHD_destroy_response(resp);
	r->stage = REQ_SENT;
	return ok;
}

/* Sends the answer r holds at once, on the loop. */
static enum MHD_Result answer_now(qv__req *r)
{
	if (r->nc)
		r->nc->stage = NC_WORK; /* answered: no deadline of the body's any more */
	return send_answer(r);
}

/* Answers at once, on the loop (a refusal before any handler: 413, 408, 503). */
static enum MHD_Result refuse_now(qv__req *r, int status, const char *msg)
{
	qv__reply_error(r, status, "%s", msg);
	return answer_now(r);
}

/* ---- the workers' side ---------------------------------------------------------------------- */

/* The answer back to the loop, once nobody holds the request any more. */
static void hand_back(qv__req *r)
{
	qv__net *net = r->srv->net;
	pthread_mutex_lock(&net->lock);
	r->next = net->ready;
	net->ready = r;
	pthread_mutex_unlock(&net->lock);
	wake(net);
}

/* On a request worker: the request's handler, then the answer back to the loop (unless the
 * handler deferred it to another thread that has not answered yet: req.h). */
static void work(void *arg)
{
	qv__req *r = arg;
	qv__net *net = r->srv->net;
	if (r->wants_upgrade)
		net->h.upgrade(r->srv, r);
	else
		net->h.request(r->srv, r);
	qv__req_resume(r); /* the worker's hold */
}

#define NO_WORKER "the server is stopping or out of memory; try again"

/* Whether a paced request whose turn came is answered at once, on the loop, where a worker
 * would only have found no place for it in the password gate: under a flood of password
 * requests most are, and never wake a worker (net.h: refused). */
static bool refused(qv__net *net, qv__req *r)
{
	return r->paced && net->h.refused && net->h.refused(net->srv, r, net->paced_out);
}

/* Queues r's work for a worker; false when it could not be. */
static bool to_worker(qv__net *net, qv__req *r)
{
	if (!qv__jobs_submit(net->jobs, work, r))
		return false;
	if (r->paced) { /* counted until it ends (completed) */
		r->paced_out = true;
		net->paced_out++;
	}
	return true;
}

/* The whole body is in: to a worker, or held until its turn (pace.h), the connection suspended
 * until the answer is ready. Once the server stops, 503 at once: a request held after the
 * stop's last turns were taken (qv__net_stop's last run still reads the requests that came)
 * would be suspended for ever, and libmicrohttpd aborts the process when it stops with one
 * (a flood of sign-ins while the server stopped did so). */
static enum MHD_Result dispatch(qv__net *net, qv__req *r)
{
	if (atomic_load(&net->stop))
		return refuse_now(r, 503, NO_WORKER);
	bool held = r->turn > qv_mono_ms();
	if (!held && refused(net, r))
		return answer_now(r);
	r->stage = REQ_WORK;
	atomic_store(&r->holds, 1);
	r->hand_back = hand_back;
	if (r->nc)
		r->nc->stage = NC_WORK;
	MHD_suspend_connection(r->mc);
	net->suspended++;
	if (held && qv__pace_hold(net->pace, r, r->turn))
		return MHD_YES;
	if (to_worker(net, r))
		return MHD_YES;
	MHD_resume_connection(r->mc);
	net->suspended--;
	return refuse_now(r, 503, NO_WORKER);
}

/* The held requests whose turn came (all of them when stopping), to the workers; one answered
 * on the loop (refused) or that cannot go (503) is answered by the next MHD_run, as the
 * workers' answers are. */
static void take_turns(qv__net *net, double now)
{
	double until = atomic_load(&net->stop) ? INFINITY : now;
	for (qv__req *r; (r = qv__pace_take(net->pace, until)) != NULL;) {
		if (!refused(net, r)) {
			if (to_worker(net, r))
				continue;
			qv__reply_error(r, 503, "%s", NO_WORKER);
		}
		r->stage = REQ_READY;
		MHD_resume_connection(r->mc);
		net->suspended--;
	}
}

/* The answers the workers made: their connections resumed, to be answered in the next
 * MHD_run. */
static void take_ready(qv__net *net)
{
	pthread_mutex_lock(&net->lock);
	qv__req *r = net->ready;
	net->ready = NULL;
	pthread_mutex_unlock(&net->lock);
	for (qv__req *next; r; r = next) {
		next = r->next;
		r->stage = REQ_READY;
		MHD_resume_connection(r->mc);
		net->suspended--;
	}
}

/* ---- libmicrohttpd's callbacks -------------------------------------------------------------- */

/* Whether a body that began at r->body_from is slower than QV__BODY_RATE after its first
 * second. */
static bool body_late(const qv__req *r, double now)
{
	double after = now - r->body_from - 1000;
	if (after <= 0)
		return false;
	double need = QV__BODY_RATE * after / 1000;
	if (r->expected >= 0 && need > (double)r->expected)
		need = (double)r->expected;
	return (double)r->body.len < need;
}

/* The 408's message, for a body late at `now`. */
static void late_message(const qv__req *r, double now, char *msg, size_t len)
{
	char of[32] = "";
	if (r->expected >= 0)
		snprintf(of, sizeof of, " of %lld", r->expected);
	snprintf(msg, len,
	         "the request body did not arrive in time: %zu%s bytes came in %.1f s; after its "
	         "first second a body must come at %d bytes a second or more",
	         r->body.len, of, (now - r->body_from) / 1000, QV__BODY_RATE);
}

/* A part of the body. */
static enum MHD_Result take_body(qv__req *r, const char *data, size_t *len)
{
	size_t n = *len;
	*len = 0;
	if (r->stage != REQ_BODY)
		return MHD_YES; /* answered early: the rest is dropped */
	if (r->body.len + n > QV__BODY_MAX) {
		char msg[100];
		snprintf(msg, sizeof msg, "request body too large: more than %d bytes",
		         QV__BODY_MAX);
		return refuse_now(r, 413, msg);
	}
	qv_buf_putn(&r->body, data, n);
	if (r->body.failed)
		return refuse_now(r, 503, "out of memory reading the request's body");
	double now = qv_mono_ms();
	if (body_late(r, now)) {
		char msg[300];
		late_message(r, now, msg, sizeof msg);
		return refuse_now(r, 408, msg);
	}
	return MHD_YES;
}

/* Whether the request says its body's length two ways that may disagree: two Content-Length
 * headers of different values, or a Content-Length with a Transfer-Encoding (RFC 9112 6.3: a
 * proxy in front that reads the other one would see another request in the same bytes, the
 * smuggling of requests). libmicrohttpd takes either. */
static bool framing_ambiguous(const qv__req *r)
{
	const char *first = NULL;
	for (size_t i = 0; i < r->headers.n; i++) {
		if (strcasecmp(r->headers.name[i], "Transfer-Encoding") == 0 &&
		    qv__req_header(r, "Content-Length"))
			return true;
		if (strcasecmp(r->headers.name[i], "Content-Length") != 0)
			continue;
		if (first && strcmp(first, r->headers.value[i]) != 0)
			return true;
		first = r->headers.value[i];
	}
	return false;
}

/* Answers 400 to a request of ambiguous framing, and closes its connection (whatever follows
 * on it cannot be told apart from its body). */
static enum MHD_Result refuse_framing(qv__req *r)
{
	qv__reply_error(r, 400,
	                "the body's length is given two ways: %s; send one Content-Length, or "
	                "Transfer-Encoding: chunked alone",
	                qv__req_header(r, "Transfer-Encoding")
	                    ? "Content-Length and Transfer-Encoding"
	                    : "two Content-Length headers of different values");
	qv__req_add_header(r, "Connection", "close");
	if (r->nc)
		r->nc->stage = NC_WORK;
	return send_answer(r);
}

/* Answers 429 at once, with Retry-After: retry (a refusal of a pace). */
static enum MHD_Result refuse_paced(qv__req *r, int retry, const char *msg)
{
	char header[16];
	snprintf(header, sizeof header, "%d", retry);
	qv__reply_error(r, 429, "%s", msg);
	qv__req_add_header(r, "Retry-After", header);
	return answer_now(r);
}

/* The request's pace (pace.h): a password request's turn, kept in r->turn for dispatch, or
 * answered 429 here when it would wait too long; a write's (a puzzle's attempt too), on at once
 * within its address's, browser's and table's allowances, else 429 here naming the bound
 * (qv__writes_turn). */
static enum MHD_Result pace(qv__net *net, qv__req *r)
{
	char who[QV__ADDR_TEXT] = "", table[QV__ADDR_TEXT] = "";
	int kind = net->h.paced ? net->h.paced(net->srv, r, who, table) : QV__PACED_NONE;
	char msg[300];
	bool write = kind == QV__PACED_WRITE || kind == QV__PACED_ATTEMPT;
	int wait = write ? qv__writes_turn(net->writes, kind == QV__PACED_ATTEMPT, r->addr, who,
	                                   table, qv_mono_ms(), msg, sizeof msg)
	                 : 0;
	if (write)
		return wait ? refuse_paced(r, wait, msg) : MHD_YES;
	if (kind != QV__PACED_PASSWORD)
		return MHD_YES;
	int retry;
	r->paced = true;
	r->turn = qv__pace_turn(net->pace, r->addr, qv_mono_ms(), &retry);
	if (r->turn >= 0)
		return MHD_YES;
	snprintf(msg, sizeof msg,
	         "too many password requests from your address: one goes on every %d ms and at "
	         "most %d wait their turn; try again in %d s",
	         QV__PACE_MS, QV__PACE_AHEAD, retry);
	return refuse_paced(r, retry, msg);
}

/* The headers are in: the request begins. */
static enum MHD_Result begin(qv__net *net, struct MHD_Connection *mc, const char *url,
                             const char *method, const char *version, void **con_cls)
{
	qv__req *r = read_request(net, mc, url, method, version);
	if (!r)
		return MHD_NO;
	*con_cls = r;
	/* In flight from its headers to its end, so that a death while a request is read,
	 * handled or answered is never counted against a table's AI search (the crash-loop
	 * guard, server.c). */
	qv__server_busy(net->srv, 1);
	r->counted = true;
	const union MHD_ConnectionInfo *ci =
	    MHD_get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	r->nc = ci ? ci->socket_context : NULL;
	r->body_from = qv_mono_ms();
	r->stage = REQ_BODY;
	if (r->nc) {
		r->nc->stage = NC_BODY;
		r->nc->req = r;
	}
	char why[256];
	if (qv__admin_banned(net->srv->admin, r->addr, why, sizeof why)) {
		char msg[400];
		snprintf(msg, sizeof msg,
		         "your address (%s) is banned from this site by its operator%s%s", r->addr,
		         why[0] ? ": " : "", why);
		return refuse_now(r, 403, msg);
	}
	int target = r->nc ? r->nc->target : TARGET_OK;
	if (r->nc)
		r->nc->target = TARGET_OK;
	if (target != TARGET_OK)
		return refuse_now(r, 400, target_refusals[target]);
	if (framing_ambiguous(r))
		return refuse_framing(r);
	if (r->expected > QV__BODY_MAX) {
		char msg[120];
		snprintf(msg, sizeof msg, "request body too large: %lld bytes; at most %d",
		         r->expected, QV__BODY_MAX);
		return refuse_now(r, 413, msg);
	}
	return pace(net, r);
}

/* The byte the escape at p ("%XX") stands for, or -1 when p is no escape (libmicrohttpd keeps
 * such a '%' as it is). */
static int escaped_byte(const char *p)
{
	static const char hex[] = "0123456789abcdef";
	if (p[0] != '%' || !p[1] || !p[2])
		return -1;
	const char *hi = strchr(hex, p[1] | 0x20), *lo = strchr(hex, p[2] | 0x20);
	return hi && lo ? (int)(hi - hex) * 16 + (int)(lo - hex) : -1;
}

/* Whether byte c needs no escape in a path: an unreserved character of RFC 3986, or '/'. */
static bool needless(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
}

/* Whether the escape at p stands for a control character: a C0 one or DEL as a byte, or a C1
 * one (U+0080 to U+009F) as UTF-8's two escaped bytes. */
static bool control_escape(const char *p)
{
	int c = escaped_byte(p);
	if (c == 0xc2) {
		int next = escaped_byte(p + 3);
		return next >= 0x80 && next <= 0x9f;
	}
	return c >= 0 && (c < 0x20 || c == 0x7f);
}

/* The verdict on a request's target as the client sent it, before libmicrohttpd decodes it
 * (the path once, its query's names and values each): a TARGET_* reason to refuse it, or
 * TARGET_OK. The server reads the decoded path as a C string, a proxy in front routes on the
 * target as it was sent (HAProxy's hash of /api/tables/ID): a target the two may read as two
 * paths is refused, wherever its escape is. So no control character, sent as it is or escaped
 * (a %00 ends the server's path where the proxy's goes on: /api/tables/ID%00 was served as the
 * table by a process the proxy did not choose); in the path no escape of a character that
 * needs none (/%61pi/tables/ID); and in an /api/ path no escape at all but where the API
 * reads a name (net.h's escape_ok). */
static int judge_target(const qv__net *net, const char *target)
{
	size_t path_end = strcspn(target, "?");
	for (size_t i = 0; target[i]; i++) {
		unsigned char b = (unsigned char)target[i], next = (unsigned char)target[i + 1];
		if (b < 0x20 || b == 0x7f || (b == 0xc2 && next >= 0x80 && next <= 0x9f) ||
		    (b == '%' && control_escape(target + i)))
			return TARGET_CONTROL;
		if (b != '%' || i >= path_end || escaped_byte(target + i) < 0)
			continue;
		if (needless(escaped_byte(target + i)))
			return TARGET_NEEDLESS;
		if (net->h.escape_ok && !net->h.escape_ok(target, i))
			return TARGET_API;
	}
	return TARGET_OK;
}

/* libmicrohttpd's look at a request's target as it came, before any decoding: the verdict is
 * marked on its connection, for begin to refuse the request once its headers are in. */
static void *raw_target(void *cls, const char *uri, struct MHD_Connection *mc)
{
	const union MHD_ConnectionInfo *ci =
	    MHD_get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	netc *nc = ci ? ci->socket_context : NULL;
	if (nc)
		nc->target = judge_target(cls, uri ? uri : "");
	return NULL; /* begin still sees the request's first call */
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *mc, const char *url,
                               const char *method, const char *version, const char *upload,
                               size_t *upload_len, void **con_cls)
{
	qv__net *net = cls;
	qv__req *r = *con_cls;
	if (!r)
		return begin(net, mc, url, method, version, con_cls);
	if (*upload_len)
		return take_body(r, upload, upload_len);
	if (r->stage == REQ_BODY)
		return dispatch(net, r);
	if (r->stage == REQ_READY)
		return send_answer(r);
	return MHD_YES;
}

/* A request ended (answered, or its connection gone). */
static void completed(void *cls, struct MHD_Connection *mc, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
	(void)cls;
	(void)mc;
	(void)why;
	qv__req *r = *con_cls;
	if (!r)
		return;
	QV_ASSERT(r->stage != REQ_WORK); /* a suspended connection neither ends nor times out */
	if (r->paced_out)
		r->srv->net->paced_out--;
	if (r->counted)
		qv__server_busy(r->srv, -1);
	if (r->upgrade)
		r->srv->net->h.abandoned(r->upgrade); /* the 101 never went out */
	if (r->nc) {
		r->nc->req = NULL;
		if (r->nc->stage != NC_UPGRADED && r->nc->stage != NC_SHUT) {
			r->nc->stage = NC_HEADERS; /* the next request's headers are awaited */
			r->nc->since = qv_mono_ms();
		}
	}
	qv__req_free(r);
	*con_cls = NULL;
}

/* A connection opens or closes: kept on the loop's list for its deadlines. */
static void connection(void *cls, struct MHD_Connection *mc, void **socket_context,
                       enum MHD_ConnectionNotificationCode what)
{
	qv__net *net = cls;
	if (what == MHD_CONNECTION_NOTIFY_STARTED) {
		const union MHD_ConnectionInfo *ci =
		    MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);
		netc *nc = ci ? calloc(1, sizeof *nc) : NULL;
		if (!nc)
			return; /* out of memory: no deadlines at the door for this one */
		nc->fd = ci->connect_fd;
		nc->since = qv_mono_ms();
		const union MHD_ConnectionInfo *ai =
		    MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		qv__addr_text(ai ? ai->client_addr : NULL, nc->addr, sizeof nc->addr);
		if (!qv__addr_counts_add(net->per_address, nc->addr))
			nc->addr[0] = '\0'; /* out of memory: not counted */
		nc->next = net->conns;
		if (net->conns)
			net->conns->prev = nc;
		net->conns = nc;
		*socket_context = nc;
		return;
	}
	netc *nc = *socket_context;
	if (!nc)
		return;
	if (nc->addr[0])
		qv__addr_counts_remove(net->per_address, nc->addr);
	if (nc->prev)
		nc->prev->next = nc->next;
	else
		net->conns = nc->next;
	if (nc->next)
		nc->next->prev = nc->prev;
	free(nc);
	*socket_context = NULL;
}

/* ---- the loop ------------------------------------------------------------------------------- */

/* Writes a whole 408 on a connection whose body stopped coming (libmicrohttpd writes nothing
 * while it reads a body, so the bytes go out alone), and shuts it: libmicrohttpd then finds it
 * closed and lets it go. */
static void shut_late(netc *nc, double now)
{
	char msg[300], body[400], text[600];
	late_message(nc->req, now, msg, sizeof msg);
	snprintf(body, sizeof body, "{\"error\":\"%s\"}", msg);
	int n = snprintf(text, sizeof text,
	                 "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; "
	                 "charset=utf-8\r\nContent-Length: %zu\r\nCache-Control: no-store\r\n"
	                 "Connection: close\r\n\r\n%s",
	                 strlen(body), body);
	ssize_t sent = send(nc->fd, text, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL);
	(void)sent; /* a client that cannot take 400 bytes is closed all the same */
	shutdown(nc->fd, SHUT_RDWR);
	nc->stage = NC_SHUT;
}

/* The door's deadlines: headers within QV__HEADERS_MS, a body at QV__BODY_RATE. */
static void sweep(qv__net *net, double now)
{
	for (netc *nc = net->conns; nc; nc = nc->next) {
		if (nc->stage == NC_HEADERS && now - nc->since > QV__HEADERS_MS) {
			shutdown(nc->fd, SHUT_RDWR);
			nc->stage = NC_SHUT;
		} else if (nc->stage == NC_BODY && nc->req && body_late(nc->req, now)) {
			shut_late(nc, now);
		}
	}
}

/* How long epoll may wait: to libmicrohttpd's next timeout or a held request's turn, at most
 * SWEEP_MS. */
static int wait_ms(qv__net *net)
{
	MHD_UNSIGNED_LONG_LONG t;
	int ms = SWEEP_MS;
	if (MHD_get_timeout(net->d, &t) == MHD_YES && t < SWEEP_MS)
		ms = (int)t;
	double turn = qv__pace_next(net->pace, qv_mono_ms());
	if (turn >= 0 && turn < ms)
		ms = (int)ceil(turn);
	return ms;
}

/* Whether the loop may end: stopping, no request at a worker and no WebSocket left (or out of
 * time). */
static bool done(qv__net *net, double stop_at)
{
	if (!atomic_load(&net->stop))
		return false;
	return (net->suspended == 0 && atomic_load(&net->srv->sockets) == 0) ||
	       qv_mono_ms() > stop_at + STOP_MS;
}

static void *loop(void *arg)
{
	qv__net *net = arg;
	struct epoll_event ev[256];
	double swept = 0, stop_at = 0;
	for (;;) {
		int n = epoll_wait(net->ep, ev, 256, wait_ms(net));
		for (int i = 0; i < n; i++) {
			void *p = ev[i].data.ptr;
			if (p == &net->tag_wake) {
				uint64_t v;
				ssize_t k = read(net->wake, &v, sizeof v);
				(void)k;
			} else if (p == &net->tag_proxy) {
				qv__proxy_run(net->proxy, qv_mono_ms());
			} else if (p != &net->tag_mhd) {
				net->h.event(p, ev[i].events);
			}
		}
		take_ready(net);
		take_turns(net, qv_mono_ms());
		net->h.take_poked(net->srv);
		MHD_run(net->d);
		double now = qv_mono_ms();
		if (now - swept >= SWEEP_MS) {
			sweep(net, now);
			qv__pace_sweep(net->pace, now);
			qv__writes_sweep(net->writes, now);
			if (net->proxy)
				qv__proxy_run(net->proxy, now); /* the late headers */
			net->h.tick(net->srv, now);
			swept = now;
		}
		if (atomic_load(&net->stop) && stop_at == 0)
			stop_at = now;
		if (done(net, stop_at))
			break;
	}
	return NULL;
}

/* ---- for wsock.c ---------------------------------------------------------------------------- */

void qv__net_watch(qv__server *srv, struct qv__conn *c, int fd, int op, bool out)
{
	struct epoll_event e = {.events = EPOLLIN | EPOLLRDHUP | (out ? EPOLLOUT : 0u),
	                        .data.ptr = c};
	epoll_ctl(srv->net->ep, op, fd, &e);
}

void qv__net_close_socket(qv__server *srv, void *handle)
{
	(void)srv;
	MHD_upgrade_action(handle, MHD_UPGRADE_ACTION_CLOSE);
}

void qv__net_wake(qv__server *srv)
{
	if (srv->net)
		wake(srv->net);
}

bool qv__net_submit(qv__server *srv, void (*fn)(void *arg), void *arg)
{
	/* no workers once qv__net_stop has let them end: the caller does the work itself */
	return srv->net && srv->net->jobs && qv__jobs_submit(srv->net->jobs, fn, arg);
}

/* ---- starting and stopping ------------------------------------------------------------------ */

/* libmicrohttpd's own messages (a client that hung up) are not the server's errors. */
static void quiet(void *cls, const char *fmt, va_list ap)
{
	(void)cls;
	(void)fmt;
	(void)ap;
}

/* The address to listen on, and libmicrohttpd's flags for its family; false when host is no
 * IPv4 or IPv6 address. */
static bool listen_addr(const char *host, int port, struct sockaddr_storage *sa, unsigned *flags)
{
	socklen_t len;
	if (!qv__proxy_addr(host, port, sa, &len))
		return false;
	const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)sa;
	/* "::" takes IPv4 clients too, as 0.0.0.0 and :: together would */
	if (sa->ss_family == AF_INET6)
		*flags |=
		    IN6_IS_ADDR_UNSPECIFIED(&v6->sin6_addr) ? MHD_USE_DUAL_STACK : MHD_USE_IPv6;
	return true;
}

/* At accept (and when the proxy's door hands a connection over): refused when its client
 * address, an IPv4 address or an IPv6 /64 (addr.h), has --max-connections-per-address open.
 * libmicrohttpd's own limit per address counts a whole IPv6 address. */
static enum MHD_Result admit(void *cls, const struct sockaddr *sa, socklen_t len)
{
	(void)len;
	qv__net *net = cls;
	char addr[QV__ADDR_TEXT];
	qv__addr_text(sa, addr, sizeof addr);
	return qv__addr_count(net->per_address, addr) < net->srv->cfg.max_connections_per_address
	           ? MHD_YES
	           : MHD_NO;
}

static struct MHD_Daemon *start_daemon(qv__net *net, const struct sockaddr_storage *sa,
                                       unsigned flags, int port)
{
	const qv__server_config *cfg = &net->srv->cfg;
	/* Behind trusted proxies the server listens itself (proxy.c) and hands the connections
	 * over. */
	bool own = cfg->ntrusted_proxies > 0;
	return MHD_start_daemon(
	    flags | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_ALLOW_UPGRADE |
	        (own ? MHD_USE_NO_LISTEN_SOCKET : 0),
	    (uint16_t)port, admit, net, handler, net, MHD_OPTION_SOCK_ADDR, own ? NULL : sa,
	    MHD_OPTION_CONNECTION_LIMIT, (unsigned)(cfg->max_sockets + HTTP_CONNECTIONS),
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_S, MHD_OPTION_NOTIFY_COMPLETED, completed,
	    net, MHD_OPTION_NOTIFY_CONNECTION, connection, net, MHD_OPTION_EXTERNAL_LOGGER, quiet,
	    NULL, MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
	    (size_t)CONNECTION_MEMORY, MHD_OPTION_URI_LOG_CALLBACK, raw_target, net,
	    MHD_OPTION_END);
}

/* The loop's epoll: libmicrohttpd's descriptor and the wake-up. */
static bool watch_own(qv__net *net)
{
	const union MHD_DaemonInfo *di = MHD_get_daemon_info(net->d, MHD_DAEMON_INFO_EPOLL_FD);
	struct epoll_event e1 = {.events = EPOLLIN, .data.ptr = &net->tag_mhd};
	struct epoll_event e2 = {.events = EPOLLIN, .data.ptr = &net->tag_wake};
	return di && epoll_ctl(net->ep, EPOLL_CTL_ADD, di->epoll_fd, &e1) == 0 &&
	       epoll_ctl(net->ep, EPOLL_CTL_ADD, net->wake, &e2) == 0;
}

int qv__net_start(qv__server *srv, const char *host, int port, const qv__net_handlers *h,
                  int *bound, char *why, size_t why_len)
{
	struct sockaddr_storage sa;
	unsigned flags = 0;
	if (!listen_addr(host, port, &sa, &flags)) {
		snprintf(why, why_len,
		         "--host: '%s' is not an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, or "
		         "0.0.0.0 or :: for every interface)",
		         host);
		return -1;
	}
	qv__net *net = calloc(1, sizeof *net);
	if (!net || !(net->jobs = qv__jobs_new())) {
		free(net);
		snprintf(why, why_len, "out of memory");
		return -1;
	}
	net->srv = srv;
	net->h = *h;
	net->per_address = qv__addr_counts_new();
	net->pace = qv__pace_new(QV__PACE_MS, QV__PACE_AHEAD);
	net->writes = qv__writes_new();
	pthread_mutex_init(&net->lock, NULL);
	net->ep = epoll_create1(EPOLL_CLOEXEC);
	net->wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	srv->net = net;
	errno = 0;
	net->d = net->ep >= 0 && net->wake >= 0 && net->per_address && net->pace && net->writes
	             ? start_daemon(net, &sa, flags, port)
	             : NULL;
	if (!net->d) {
		snprintf(why, why_len, "%s",
		         errno ? strerror(errno) : "libmicrohttpd did not start");
		return -1;
	}
	if (srv->cfg.ntrusted_proxies > 0) {
		net->proxy =
		    qv__proxy_open(host, port, srv->cfg.trusted_proxies, srv->cfg.ntrusted_proxies,
		                   net->d, QV__HEADERS_MS, bound, why, why_len);
		struct epoll_event e = {.events = EPOLLIN, .data.ptr = &net->tag_proxy};
		if (!net->proxy || epoll_ctl(net->ep, EPOLL_CTL_ADD, qv__proxy_fd(net->proxy), &e))
			return -1;
	} else {
		const union MHD_DaemonInfo *di =
		    MHD_get_daemon_info(net->d, MHD_DAEMON_INFO_BIND_PORT);
		*bound = di ? di->port : port;
	}
	if (!watch_own(net) || pthread_create(&net->loop, NULL, loop, net) != 0) {
		snprintf(why, why_len, "cannot start the server's loop: %s", strerror(errno));
		return -1;
	}
	net->looping = true;
	return 0;
}

void qv__net_stop(qv__server *srv)
{
	qv__net *net = srv->net;
	if (!net)
		return;
	if (net->looping) {
		net->h.stop_all(srv);
		atomic_store(&net->stop, true);
		wake(net);
		pthread_join(net->loop, NULL);
		net->looping = false;
	}
	net->h.release_all(srv); /* the sockets that did not close in time */
	/* The requests still held for their turn go to the workers (a loop that ran out of time
	 * may have left some), the requests still at work end, their connections resumed; then no
	 * job is left to touch a connection, and libmicrohttpd closes what remains. */
	take_turns(net, INFINITY);
	qv__jobs_free(net->jobs);
	net->jobs = NULL;
	take_ready(net);
	/* A resumed connection is still libmicrohttpd's suspended one until a run takes it back,
	 * and stopping with one suspended is undefined (a replay that waited at the gate past
	 * the loop's end killed the server as it stopped): one run, which also sends the answers.
	 */
	if (net->d)
		MHD_run(net->d);
	qv__proxy_close(net->proxy); /* no more connections to hand over */
	net->proxy = NULL;
	if (net->d)
		MHD_stop_daemon(net->d);
	net->d = NULL;
	net->h.take_poked(srv);
}

void qv__net_free(qv__net *net)
{
	if (!net)
		return;
	if (net->ep >= 0)
		close(net->ep);
	if (net->wake >= 0)
		close(net->wake);
	qv__addr_counts_free(net->per_address);
	qv__pace_free(net->pace);
	qv__writes_free(net->writes);
	pthread_mutex_destroy(&net->lock);
	free(net);
}
