/*
 * listen.c - `quiver serve`'s front door (listen.h): CivetWeb started on the port in front of
 * the server's state (server.c), with the HTTP handler of http.c at "/" and the WebSocket
 * handlers of ws.c at the table's WebSocket path; and everything stopped in order.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>

#include "server/http.h"
#include "server/listen.h"
#include "server/ws.h"

/* CivetWeb's own messages (a client that hung up, a failed write) are not the server's
 * errors; they are dropped. */
static int quiet_log(const struct mg_connection *c, const char *message)
{
	(void)c;
	(void)message;
	return 1;
}

/* Every HTTP request is counted in flight while it is handled (qv__server_busy): a process
 * that dies meanwhile has its death counted against no table's AI search. */
static int http_counted(struct mg_connection *c, void *cbdata)
{
	qv__server_busy(cbdata, 1);
	int st = qv__http_handle(c, cbdata);
	qv__server_busy(cbdata, -1);
	return st;
}

qv_status qv__server_start(qv__server **out, const qv__server_config *cfg, qv_err *err)
{
	*out = NULL;
	struct in_addr addr;
	if (inet_pton(AF_INET, cfg->host, &addr) != 1)
		return qv_fail(err, QV_EINVAL,
		               "--host: '%s' is not an IPv4 address (e.g. 127.0.0.1, "
		               "or 0.0.0.0 for every interface)",
		               cfg->host);
	qv__server *srv;
	qv_status rc = qv__server_open(&srv, cfg, qv__ws_broadcast, err);
	if (rc)
		return rc;

	char ports[96], threads[16];
	snprintf(ports, sizeof ports, "%s:%d", cfg->host, cfg->port);
	snprintf(threads, sizeof threads, "%d", cfg->max_sockets + QV__HTTP_THREADS);
	const char *options[] = {"listening_ports", ports, "num_threads", threads,
	                         /* Headers, and each read or write of a request (ws.c keeps its
	                          * own deadlines, and reply.c the body's). */
	                         "request_timeout_ms", "10000", "enable_keep_alive", "no",
	                         "enable_directory_listing", "no",
	                         /* A frame is written as a header then a payload: without this,
	                          * Nagle holds the payload until the client's delayed ACK of the
	                          * header, 40 ms later on Linux. */
	                         "tcp_nodelay", "1",
	                         /* The web folder's files (files.c): cached, but asked again
	                          * each time with their ETag (a 304 when unchanged), so a new
	                          * version is seen at once. */
	                         "static_file_cache_control", "no-cache", NULL};
	struct mg_callbacks callbacks = {0};
	callbacks.log_message = quiet_log;
	callbacks.begin_request = qv__ws_check_upgrade;
	callbacks.connection_close = qv__ws_connection_gone;
	struct mg_init_data init = {
	    .callbacks = &callbacks, .user_data = srv, .configuration_options = options};
	char why[256] = "";
	struct mg_error_data error = {.text = why, .text_buffer_size = sizeof why};
	mg_init_library(MG_FEATURES_WEBSOCKET);
	srv->ctx = mg_start2(&init, &error);
	if (!srv->ctx) {
		qv__server_stop(srv);
		return qv_fail(err, QV_EIO, "cannot listen on %s: %s", ports,
		               why[0] ? why : "CivetWeb did not start");
	}
	struct mg_server_port port;
	if (mg_get_server_ports(srv->ctx, 1, &port) != 1) {
		qv__server_stop(srv);
		return qv_fail(err, QV_EIO, "cannot listen on %s", ports);
	}
	srv->port = port.port;
	mg_set_request_handler(srv->ctx, "/", http_counted, srv);
	qv__ws_register(srv);
	*out = srv;
	return QV_OK;
}

int qv__server_port(const qv__server *srv) { return srv->port; }

/* CivetWeb's listening thread waits in poll() for up to two seconds before it sees that
 * mg_stop has asked it to end. This thread knocks on the listening port until the server has
 * stopped, so that the poll returns at once and Ctrl-C (or a test's SIGTERM) ends the server
 * in milliseconds. */
static void *wake_listener(void *arg)
{
	qv__server *srv = arg;
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)srv->port)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (strcmp(srv->host, "0.0.0.0") != 0 && inet_pton(AF_INET, srv->host, &a.sin_addr) != 1)
		return NULL;
	for (int i = 0; i < 200 && !atomic_load(&srv->stopped); i++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd >= 0) {
			(void)connect(fd, (const struct sockaddr *)&a, sizeof a);
			close(fd);
		}
		nanosleep(&(struct timespec){.tv_nsec = 20 * 1000 * 1000}, NULL);
	}
	return NULL;
}

void qv__server_stop(qv__server *srv)
{
	if (!srv)
		return;
	if (srv->ctx) {
		pthread_t waker;
		bool knocking =
		    srv->port > 0 && pthread_create(&waker, NULL, wake_listener, srv) == 0;
		qv__ws_stop_all(srv);
		mg_stop(srv->ctx);
		atomic_store(&srv->stopped, true);
		if (knocking)
			pthread_join(waker, NULL);
		mg_exit_library();
	}
	qv__server_close(srv);
}
