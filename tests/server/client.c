/*
 * client.c - the test client of `quiver serve`: HTTP/1.1 requests, WebSocket frames (RFC
 * 6455) over blocking sockets with poll() timeouts, and the server's process.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "client.h"

/* Any single wait on the server (its start, a reply, its stop) gives up after this long: a bound
 * on a condition, generous for the sanitizer build on a busy machine. */
#define IO_TIMEOUT_MS 120000

double tc_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* ---- the server process ---------------------------------------------------------------------- */

/* One start of tc_server_start: 0 serving, 1 the process ended before it served, -1 else. */
static int start_once(tc_server *s, const char *quiver, const char *db, const char *const *extra)
{
	int out[2];
	if (pipe(out) != 0)
		return -1;
	const char *argv[32] = {quiver, "serve", "--port", "0", "--db", db};
	int argc = 6;
	for (int i = 0; extra && extra[i] && argc < 31; i++)
		argv[argc++] = extra[i];
	argv[argc] = NULL;
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(out[1], 1);
		close(out[0]);
		close(out[1]);
		execv(quiver, (char *const *)argv);
		_exit(127);
	}
	close(out[1]);
	s->pid = pid;
	s->port = 0;
	char line[256];
	size_t n = 0;
	double end = tc_now_ms() + IO_TIMEOUT_MS;
	while (n < sizeof line - 1 && tc_now_ms() < end) {
		struct pollfd p = {.fd = out[0], .events = POLLIN};
		if (poll(&p, 1, 200) <= 0)
			continue;
		ssize_t r = read(out[0], line + n, 1);
		if (r <= 0)
			break;
		if (line[n] == '\n') {
			line[n] = '\0';
			break;
		}
		n++;
	}
	line[n] = '\0';
	close(out[0]);
	/* "serving http://HOST:PORT/": the port follows the last colon (HOST may be "::1"). */
	const char *colon = strncmp(line, "serving http://", 15) == 0 ? strrchr(line, ':') : NULL;
	if (!colon || sscanf(colon, ":%d/", &s->port) != 1) {
		/* A process that already ended keeps its own status through the SIGKILL. */
		int status = tc_server_stop(s, SIGKILL);
		return WIFEXITED(status) && WEXITSTATUS(status) == 1 ? 1 : -1;
	}
	return 0;
}

/* A server that ends at start with status 1 (as when PostgreSQL, under a loaded machine's
 * busiest moment, does not answer within its connect_timeout: "timeout expired") is started
 * again 2 s later, at most three starts in all, as systemd runs docs/deploy/quiver@.service
 * (Restart=on-failure, RestartSec=2); its message is on the test's stderr. A clean clone at a
 * load of 10 failed cluster/processes so. */
int tc_server_start(tc_server *s, const char *quiver, const char *db, const char *const *extra)
{
	for (int attempt = 1;; attempt++) {
		int rc = start_once(s, quiver, db, extra);
		if (rc <= 0 || attempt == 3)
			return rc == 0 ? 0 : -1;
		fprintf(stderr, "tc_server_start: the server ended at start (status 1): started "
		                "again 2 s later, as its systemd unit would\n");
		usleep(2000000);
	}
}

int tc_server_stop(tc_server *s, int sig)
{
	int status = 0;
	if (s->pid <= 0)
		return 0;
	kill(s->pid, sig);
	double end = tc_now_ms() + IO_TIMEOUT_MS;
	while (waitpid(s->pid, &status, WNOHANG) == 0) {
		if (tc_now_ms() > end) {
			kill(s->pid, SIGKILL);
			waitpid(s->pid, &status, 0);
			break;
		}
		usleep(10000);
	}
	s->pid = 0;
	return status;
}

/* ---- sockets ----------------------------------------------------------------------------------
 */

/* The source address of this thread's connections (tc_set_source); "" is the kernel's choice. */
static _Thread_local char source[INET_ADDRSTRLEN];
/* The address this thread's connections go to (tc_set_target); "" is 127.0.0.1. */
static _Thread_local char target[INET6_ADDRSTRLEN];

int tc_set_source(const char *addr)
{
	struct in_addr in;
	if (addr && inet_pton(AF_INET, addr, &in) != 1)
		return -1;
	snprintf(source, sizeof source, "%s", addr ? addr : "");
	return 0;
}

int tc_set_target(const char *addr)
{
	struct in6_addr in;
	if (addr && inet_pton(AF_INET, addr, &in) != 1 && inet_pton(AF_INET6, addr, &in) != 1)
		return -1;
	snprintf(target, sizeof target, "%s", addr ? addr : "");
	return 0;
}

/* The Host header's value for port: "127.0.0.1:8080", "[::1]:8080". */
static void host_of(int port, char *out, size_t size)
{
	if (strchr(target, ':'))
		snprintf(out, size, "[%s]:%d", target, port);
	else
		snprintf(out, size, "%s:%d", target[0] ? target : "127.0.0.1", port);
}

/* fd connected to the address a (Nagle off, as a browser's socket), or -1 with fd closed. */
static int connect_fd(int fd, const struct sockaddr *a, socklen_t len)
{
	int one = 1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (connect(fd, a, len) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A connected TCP socket to the IPv6 address `target`, or -1. */
static int dial6(int port)
{
	struct sockaddr_in6 a = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port)};
	int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	inet_pton(AF_INET6, target, &a.sin6_addr);
	return connect_fd(fd, (struct sockaddr *)&a, sizeof a);
}

int tc_dial(int port)
{
	if (strchr(target, ':'))
		return dial6(port);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	if (source[0]) {
		struct sockaddr_in from = {.sin_family = AF_INET};
		inet_pton(AF_INET, source, &from.sin_addr);
		if (bind(fd, (struct sockaddr *)&from, sizeof from) != 0) {
			close(fd);
			return -1;
		}
	}
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (target[0])
		inet_pton(AF_INET, target, &a.sin_addr);
	return connect_fd(fd, (struct sockaddr *)&a, sizeof a);
}

/* Writes all of buf; 0 on success. */
static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Reads more bytes into a growing buffer, waiting up to timeout_ms. Returns the count read,
 * 0 on timeout, -1 on close or error. */
static int read_more(int fd, char **buf, size_t *len, size_t *cap, int timeout_ms)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	int r = poll(&p, 1, timeout_ms);
	if (r == 0)
		return 0;
	if (r < 0)
		return errno == EINTR ? 0 : -1;
	if (*len + 4096 + 1 > *cap) {
		size_t c = *cap ? *cap * 2 : 8192;
		while (c < *len + 4096 + 1)
			c *= 2;
		char *g = realloc(*buf, c);
		if (!g)
			return -1;
		*buf = g;
		*cap = c;
	}
	ssize_t n = recv(fd, *buf + *len, *cap - *len - 1, 0);
	if (n <= 0)
		return -1;
	*len += (size_t)n;
	(*buf)[*len] = '\0';
	return (int)n;
}

/* ---- HTTP -------------------------------------------------------------------------------------
 */

int tc_http(int port, const char *method, const char *path, const char *body, size_t len,
            tc_reply *out)
{
	return tc_http_with(port, method, path, NULL, body, len, out);
}

int tc_http_with(int port, const char *method, const char *path, const char *headers,
                 const char *body, size_t len, tc_reply *out)
{
	memset(out, 0, sizeof *out);
	char head[1024], host[64];
	host_of(port, host, sizeof host);
	int hn = snprintf(head, sizeof head,
	                  "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n"
	                  "Content-Type: application/json\r\nContent-Length: %zu\r\n%s\r\n",
	                  method, path, host, body ? len : 0, headers ? headers : "");
	if (hn < 0 || (size_t)hn >= sizeof head)
		return 0;
	int fd = tc_dial(port);
	if (fd < 0)
		return 0;
	if (write_all(fd, head, (size_t)hn) || (body && write_all(fd, body, len))) {
		/* The server may answer (413) before reading a large body: read what came. */
	}
	char *buf = NULL;
	size_t n = 0, cap = 0;
	double end = tc_now_ms() + IO_TIMEOUT_MS;
	while (tc_now_ms() < end) {
		int r = read_more(fd, &buf, &n, &cap, 200);
		if (r < 0)
			break;
	}
	close(fd);
	if (!buf)
		return 0;
	char *sep = strstr(buf, "\r\n\r\n");
	if (!sep || sscanf(buf, "HTTP/1.%*d %d", &out->status) != 1) {
		free(buf);
		out->status = 0;
		return 0;
	}
	*sep = '\0';
	out->headers = strdup(buf);
	out->len = n - (size_t)(sep + 4 - buf);
	out->body = malloc(out->len + 1);
	memcpy(out->body, sep + 4, out->len);
	out->body[out->len] = '\0';
	free(buf);
	out->json = json_loadb(out->body, out->len, 0, NULL);
	return out->status;
}

bool tc_header(const tc_reply *r, const char *name, char *out, size_t size)
{
	size_t n = strlen(name);
	for (const char *line = r->headers; line; line = strstr(line, "\r\n")) {
		line += line[0] == '\r' ? 2 : 0;
		if (strncasecmp(line, name, n) == 0 && line[n] == ':') {
			const char *v = line + n + 1 + strspn(line + n + 1, " ");
			snprintf(out, size, "%.*s", (int)strcspn(v, "\r\n"), v);
			return true;
		}
	}
	return false;
}

void tc_reply_free(tc_reply *r)
{
	free(r->body);
	free(r->headers);
	json_decref(r->json);
	memset(r, 0, sizeof *r);
}

/* ---- WebSocket --------------------------------------------------------------------------------
 */

int tc_ws_open(tc_ws *w, int port, const char *path) { return tc_ws_open_with(w, port, path, ""); }

int tc_ws_open_with(tc_ws *w, int port, const char *path, const char *headers)
{
	memset(w, 0, sizeof *w);
	w->retry_after = -1;
	w->fd = tc_dial(port);
	if (w->fd < 0)
		return -1;
	char req[2048], host[64];
	host_of(port, host, sizeof host);
	int n = snprintf(req, sizeof req,
	                 "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
	                 "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
	                 "Sec-WebSocket-Version: 13\r\n%s\r\n",
	                 path, host, headers);
	if (n < 0 || (size_t)n >= sizeof req) {
		tc_ws_close(w);
		return -1;
	}
	if (write_all(w->fd, req, (size_t)n)) {
		tc_ws_close(w);
		return -1;
	}
	double end = tc_now_ms() + IO_TIMEOUT_MS;
	char *sep = NULL;
	while (!sep && tc_now_ms() < end) {
		if (read_more(w->fd, &w->buf, &w->len, &w->cap, 200) < 0)
			break;
		sep = w->buf ? strstr(w->buf, "\r\n\r\n") : NULL;
	}
	int status = 0;
	if (!sep || sscanf(w->buf, "HTTP/1.%*d %d", &status) != 1 || status != 101) {
		if (sep) {
			*sep = '\0';
			tc_reply head = {.headers = w->buf};
			char value[16];
			if (tc_header(&head, "Retry-After", value, sizeof value))
				w->retry_after = atoi(value);
		}
		tc_ws_close(w);
		return status > 0 ? status : -1;
	}
	size_t used = (size_t)(sep + 4 - w->buf);
	memmove(w->buf, w->buf + used, w->len - used);
	w->len -= used;
	return 0;
}

int tc_ws_send_frame(tc_ws *w, int opcode, const void *data, size_t len, bool more)
{
	uint8_t head[14];
	size_t h = 0;
	head[h++] = (uint8_t)((more ? 0 : 0x80) | (opcode & 0xf));
	if (len < 126) {
		head[h++] = (uint8_t)(0x80 | len);
	} else if (len < 65536) {
		head[h++] = 0x80 | 126;
		head[h++] = (uint8_t)(len >> 8);
		head[h++] = (uint8_t)len;
	} else {
		head[h++] = 0x80 | 127;
		for (int i = 7; i >= 0; i--)
			head[h++] = (uint8_t)((uint64_t)len >> (8 * i));
	}
	uint8_t mask[4] = {(uint8_t)rand(), (uint8_t)rand(), (uint8_t)rand(), (uint8_t)rand()};
	memcpy(head + h, mask, 4);
	h += 4;
	uint8_t *masked = malloc(len ? len : 1);
	if (!masked)
		return -1;
	for (size_t i = 0; i < len; i++)
		masked[i] = ((const uint8_t *)data)[i] ^ mask[i & 3];
	int rc = write_all(w->fd, head, h) || write_all(w->fd, masked, len) ? -1 : 0;
	free(masked);
	return rc;
}

int tc_ws_send_raw(tc_ws *w, const void *bytes, size_t len) { return write_all(w->fd, bytes, len); }

int tc_ws_send_text(tc_ws *w, const char *text)
{
	return tc_ws_send_frame(w, 1, text, strlen(text), false);
}

/* One whole frame from the buffer, if it holds one: returns its total size, 0 if incomplete. */
static size_t parse_frame(const tc_ws *w, int *opcode, size_t *off, size_t *plen)
{
	const uint8_t *b = (const uint8_t *)w->buf;
	if (w->len < 2)
		return 0;
	size_t h = 2, len = b[1] & 127;
	bool masked = b[1] & 128;
	if (len == 126) {
		if (w->len < 4)
			return 0;
		len = (size_t)b[2] << 8 | b[3];
		h = 4;
	} else if (len == 127) {
		if (w->len < 10)
			return 0;
		len = 0;
		for (int i = 0; i < 8; i++)
			len = len << 8 | b[2 + i];
		h = 10;
	}
	if (masked)
		h += 4;
	if (w->len < h + len)
		return 0;
	*opcode = b[0] & 0xf;
	*off = h;
	*plen = len;
	return h + len;
}

int tc_ws_recv(tc_ws *w, int timeout_ms, int *opcode, char **payload, size_t *len)
{
	double end = tc_now_ms() + timeout_ms;
	for (;;) {
		size_t off, plen;
		size_t total = w->fd >= 0 ? parse_frame(w, opcode, &off, &plen) : 0;
		if (total > 0) {
			char *p = malloc(plen + 1);
			memcpy(p, w->buf + off, plen);
			p[plen] = '\0';
			memmove(w->buf, w->buf + total, w->len - total);
			w->len -= total;
			if (*opcode == 9) { /* ping: answer and go on */
				tc_ws_send_frame(w, 10, p, plen, false);
				free(p);
				continue;
			}
			if (*opcode == 8) {
				if (plen >= 2) {
					w->close_code = (uint8_t)p[0] << 8 | (uint8_t)p[1];
					snprintf(w->close_reason, sizeof w->close_reason, "%.*s",
					         (int)(plen - 2), p + 2);
				}
				free(p);
				w->closed = true;
				return -1;
			}
			*payload = p;
			*len = plen;
			return 1;
		}
		if (w->closed || w->fd < 0)
			return -1;
		/* With no time left, what is already there is still read (timeout 0 polls). */
		double left = end - tc_now_ms();
		int r = read_more(w->fd, &w->buf, &w->len, &w->cap, left > 0 ? (int)left : 0);
		if (r < 0) {
			w->closed = true;
			return -1;
		}
		if (r == 0 && left <= 0)
			return 0;
	}
}

json_t *tc_ws_recv_json(tc_ws *w, int timeout_ms)
{
	int op;
	char *p;
	size_t n;
	if (tc_ws_recv(w, timeout_ms, &op, &p, &n) != 1)
		return NULL;
	json_t *j = op == 1 ? json_loadb(p, n, 0, NULL) : NULL;
	free(p);
	return j;
}

void tc_ws_close(tc_ws *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	free(w->buf);
	w->buf = NULL;
	w->len = w->cap = 0;
}
