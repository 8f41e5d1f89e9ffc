/*
 * admin_bans.c - `quiver admin ban` and `unban` on a site of several processes (admin_bans.h).
 * Each running server reads the audit every 500 ms; once it has read the bans again it says
 * "bans LINE NAME" on the database's channel (src/server/state/admin.c), NAME its application
 * name ("quiver serve 1234@host"). The running servers are the sessions of the database whose
 * application name begins with QV__STORE_SERVE_NAME (pg_stat_activity), read at every poll, so
 * that one that ends meanwhile is not waited for. Before, the command answered when the first
 * process had done its part, and another served the banned address for up to half a second
 * more, or for as long as it was stopped.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/admin_bans.h"
#include "cli/cli.h"
#include "core/clock.h"
#include "server/store/owners.h"

/* The most running servers told apart. */
#define SERVERS 64

struct admin_bans {
	qv__store *s;
	pthread_mutex_t lock;
	pthread_cond_t heard;
	bool listening; /* the listener's connection is made */
	/* What each server said last: the line of the audit up to which its bans are in force. */
	char name[SERVERS][64];
	long long upto[SERVERS];
	int n;
	double until; /* the end of the wait (qv_mono) */
};

/* The listener's events: "" once it listens, "bans LINE NAME" from a server, NULL its tick. */
static void on_event(void *ctx, const char *payload)
{
	admin_bans *b = ctx;
	long long line;
	int at = 0;
	if (!payload)
		return;
	pthread_mutex_lock(&b->lock);
	if (!payload[0])
		b->listening = true;
	else if (sscanf(payload, "bans %lld %n", &line, &at) == 1 && at > 0) {
		int i = 0;
		while (i < b->n && strcmp(b->name[i], payload + at) != 0)
			i++;
		if (i < SERVERS) {
			qv_copy(b->name[i], sizeof b->name[i], payload + at);
			b->upto[i] = i < b->n && b->upto[i] > line ? b->upto[i] : line;
			b->n += i == b->n;
		}
	}
	pthread_cond_broadcast(&b->heard);
	pthread_mutex_unlock(&b->lock);
}

admin_bans *admin_bans_hear(qv__store *s, double wait)
{
	admin_bans *b = calloc(1, sizeof *b);
	if (!b) {
		cli_fail("admin", "out of memory");
		return NULL;
	}
	b->s = s;
	b->until = qv_mono() + wait;
	pthread_mutex_init(&b->lock, NULL);
	pthread_cond_init(&b->heard, NULL);
	qv_err err;
	if (qv__store_listen(s, on_event, b, &err)) {
		cli_fail("admin", "cannot hear the running servers: %s", err.msg);
		pthread_cond_destroy(&b->heard);
		pthread_mutex_destroy(&b->lock);
		free(b);
		return NULL;
	}
	/* the act is written once the listener hears, or no answer could be missed */
	pthread_mutex_lock(&b->lock);
	while (!b->listening && qv_mono() < b->until) {
		struct timespec at = qv_deadline(false, 0.1);
		pthread_cond_timedwait(&b->heard, &b->lock, &at);
	}
	pthread_mutex_unlock(&b->lock);
	return b;
}

/* The running servers, by name (distinct). */
typedef struct running {
	char name[SERVERS][64];
	int n;
} running;

static qv_status running_row(void *ctx, int n, const char *const *v)
{
	running *r = ctx;
	if (n > 0 && v[0] && r->n < SERVERS)
		qv_copy(r->name[r->n++], sizeof r->name[0], v[0]);
	return QV_OK;
}

/* Of the running servers, into `missing` (a text of names, len bytes) those that did not say
 * line id is in force; their count, or -1 when the database failed. *all: the running ones. */
static int missing_of(admin_bans *b, long long id, int *all, char *missing, size_t len)
{
	running r = {0};
	const char *args[] = {QV__STORE_SERVE_NAME "%"};
	qv_err err;
	if (qv__store_query(
	        b->s,
	        "SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = "
	        "current_database() AND application_name LIKE $1 ORDER BY 1",
	        1, args, running_row, &r, &err))
		return -1;
	int n = 0;
	size_t used = 0;
	missing[0] = '\0';
	pthread_mutex_lock(&b->lock);
	for (int i = 0; i < r.n; i++) {
		bool said = false;
		for (int k = 0; k < b->n && !said; k++)
			said = strcmp(b->name[k], r.name[i]) == 0 && b->upto[k] >= id;
		if (!said && used + strlen(r.name[i]) + 3 < len)
			used += (size_t)snprintf(missing + used, len - used, "%s%s", n ? ", " : "",
			                         r.name[i]);
		n += !said;
	}
	pthread_mutex_unlock(&b->lock);
	*all = r.n;
	return n;
}

void admin_bans_stop(admin_bans *b)
{
	qv__store_listen_stop(b->s);
	pthread_cond_destroy(&b->heard);
	pthread_mutex_destroy(&b->lock);
	free(b);
}

int admin_bans_wait(admin_bans *b, long long id, const char *action, const char *target,
                    const char *ok)
{
	char missing[1024];
	int all = 0, n;
	for (;;) {
		n = missing_of(b, id, &all, missing, sizeof missing);
		if (n <= 0 || qv_mono() >= b->until)
			break;
		pthread_mutex_lock(&b->lock); /* until a server says something, or a poll's time */
		struct timespec at = qv_deadline(false, 0.1);
		pthread_cond_timedwait(&b->heard, &b->lock, &at);
		pthread_mutex_unlock(&b->lock);
	}
	admin_bans_stop(b);
	if (n < 0)
		return cli_fail("admin", "%s %s: written (audit #%lld), then the database failed",
		                action, target, id);
	if (all == 0) {
		printf("%s %s: written (audit #%lld); no server runs on this database: a server "
		       "on it does it when it starts\n",
		       action, target, id);
		return CLI_EXIT_OK;
	}
	if (n > 0)
		return cli_fail(
		    "admin",
		    "%s %s: written (audit #%lld); %d of the %d running servers did not "
		    "have it in force within the wait: %s (each reads the audit every "
		    "500 ms: one stopped or cut off from the database does it when it "
		    "reads it again)",
		    action, target, id, n, all, missing);
	printf("%s %s: %s (audit #%lld) by every running server (%d)\n", action, target, ok, id,
	       all);
	return CLI_EXIT_OK;
}
