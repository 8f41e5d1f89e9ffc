/*
 * listen.c - `quiver serve`'s front door (listen.h): the server's state (server.c) opened, then
 * the network layer (net.c: the loop, libmicrohttpd, the request workers) started in front of it
 * with the handlers it calls (the API's, http.c; the WebSockets' handshake, handshake.c, socket,
 * wsock.c, and messages, ws.c and the players' channels', ws/channel.c); and everything stopped in
 * order.
 */
#include <stdio.h>
#include <string.h>

#include "server/api/http.h"
#include "server/cluster/cluster.h"
#include "server/listen.h"
#include "server/net/net.h"
#include "server/net/wsock.h"
#include "server/players/director.h"
#include "server/players/player.h"
#include "server/players/pwgate.h"
#include "server/players/skeleton.h"
#include "server/state/admin.h"
#include "server/ws/channel.h"
#include "server/ws/handshake.h"
#include "server/ws/ws.h"

/* The server's hooks into the floors above it: the sockets' messages, the players' channels. */
static void wire(qv__server *srv)
{
	srv->ws_message = qv__chan_or_table_message;
	srv->ws_pong = qv__ws_pong;
	srv->chan_gone = qv__chan_gone;
	srv->chan_close = qv__chan_close;
	srv->chan_tell = qv__chan_tell_account;
	srv->chan_accounts = qv__chan_accounts;
	srv->joined = qv__chan_joined;
	srv->crowd = qv__ws_crowd;
	srv->close_banned = qv__ws_close_banned;
	srv->zombie_room = qv__server_zombie_room;
}

/* Before anyone is let in: the site's secret (player.h), the usernames' keys of likeness of
 * accounts made before schema 9 (skeleton.h), the bans read (and the operator's acts done
 * while no server ran). */
static qv_status prepare(qv__server *srv, qv_err *err)
{
	qv_status rc = qv__player_secret(srv->store, srv->secret, err);
	if (!rc)
		rc = qv__skeleton_fill(srv->store, err);
	if (!rc)
		rc = qv__admin_start(srv, &srv->admin, err);
	return rc;
}

qv_status qv__server_start(qv__server **out, const qv__server_config *cfg, qv_err *err)
{
	*out = NULL;
	qv__server *srv;
	struct qv__chans *chans = qv__chans_new();
	if (!chans)
		return qv_fail(err, QV_ENOMEM, "out of memory starting the server");
	qv_status rc = qv__server_open(&srv, cfg, qv__chan_broadcast, chans, err);
	if (rc) {
		qv__chans_free(chans);
		return rc;
	}
	wire(srv);
	if ((rc = prepare(srv, err)) != 0) {
		qv__server_stop(srv);
		return rc;
	}
	static const qv__net_handlers handlers = {
	    .request = qv__http_handle,
	    .paced = qv__http_paced,
	    .escape_ok = qv__http_escape_ok,
	    .refused = qv__http_refused,
	    .upgrade = qv__ws_upgrade,
	    .upgraded = qv__ws_upgraded,
	    .abandoned = qv__ws_abandoned,
	    .event = qv__ws_event,
	    .take_poked = qv__ws_take_poked,
	    .tick = qv__ws_tick,
	    .stop_all = qv__ws_stop_all,
	    .release_all = qv__ws_release_all,
	};
	srv->pwgate = qv__pwgate_new();
	if (!srv->pwgate) {
		qv__server_stop(srv);
		return qv_fail(err, QV_ENOMEM, "cannot start the password gate's threads");
	}
	char why[256] = "";
	int port = 0;
	if (qv__net_start(srv, cfg->host, cfg->port, &handlers, &port, why, sizeof why) != 0) {
		bool host = strncmp(why, "--host", 6) == 0;
		qv__server_stop(srv);
		if (host)
			return qv_fail(err, QV_EINVAL, "%s", why);
		return qv_fail(err, QV_EIO, "cannot listen on %s port %d: %s", cfg->host, cfg->port,
		               why);
	}
	srv->port = port;
	/* The other processes heard once this one answers (a table let go on their request is
	 * asked for here next). */
	rc = qv__cluster_start(srv, err);
	if (!rc) /* the tournaments run once the server answers */
		rc = qv__director_start(srv, &srv->director, err);
	if (rc) {
		qv__server_stop(srv);
		return rc;
	}
	*out = srv;
	return QV_OK;
}

int qv__server_port(const qv__server *srv) { return srv->port; }

void qv__server_stop(qv__server *srv)
{
	if (!srv)
		return;
	/* The sockets and the requests first; then the workers of the AI (which may still tell a
	 * table's connections, now none, of a change); then what the loop kept. */
	qv__director_stop(srv->director);
	srv->director = NULL;
	qv__admin_stop(srv->admin);
	srv->admin = NULL;
	qv__cluster_stop(srv);
	/* The requests in the password gate are answered (those waiting, 503) before the loop
	 * stops waiting for its requests. */
	qv__pwgate_stop(srv->pwgate);
	qv__net_stop(srv);
	struct qv__net *net = srv->net;
	struct qv__chans *chans = srv->chans;
	struct qv__pwgate *pwgate = srv->pwgate;
	srv->net = NULL;
	qv__server_close(srv);
	qv__net_free(net);
	qv__chans_free(chans);
	qv__pwgate_free(pwgate);
}
