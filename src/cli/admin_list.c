/*
 * admin_list.c - the lists of `quiver admin` (admin.h): tables with their seats, one table's
 * chat lines with their numbers (which `quiver admin hide` takes), and the audit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cli/admin_list.h"
#include "cli/cli.h"
#include "quiver/core.h"

void admin_time(double at, char *out, size_t len)
{
	if (at <= 0) {
		qv_copy(out, len, "-");
		return;
	}
	time_t t = (time_t)at;
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, len, "%Y-%m-%d %H:%M:%SZ", &tm);
}

/* Rows kept as text, each of n values (NULL kept as ""). */
typedef struct text_rows {
	char **v;
	int n, cols, cap;
	bool nomem;
} text_rows;

static qv_status keep_row(void *ctx, int n, const char *const *values)
{
	text_rows *r = ctx;
	if (r->n == r->cap) {
		int cap = r->cap ? 2 * r->cap : 32;
		char **grown = realloc(r->v, (size_t)cap * (size_t)r->cols * sizeof *grown);
		if (!grown) {
			r->nomem = true;
			return QV_ENOMEM;
		}
		r->v = grown;
		r->cap = cap;
	}
	for (int k = 0; k < r->cols; k++) {
		r->v[r->n * r->cols + k] = strdup(k < n && values[k] ? values[k] : "");
		if (!r->v[r->n * r->cols + k])
			r->nomem = true;
	}
	r->n++;
	return r->nomem ? QV_ENOMEM : QV_OK;
}

static const char *cell(const text_rows *r, int row, int col)
{
	const char *v = r->v[row * r->cols + col];
	return v ? v : "";
}

static void rows_free(text_rows *r)
{
	for (int i = 0; i < r->n * r->cols; i++)
		free(r->v[i]);
	free(r->v);
}

/* Runs select into r (cols columns); false after a message. */
static bool query(qv__store *s, const char *select, int nargs, const char *const *args,
                  text_rows *r, int cols)
{
	*r = (text_rows){.cols = cols};
	qv_err err;
	qv_status rc = qv__store_query(s, select, nargs, args, keep_row, r, &err);
	if (rc || r->nomem) {
		cli_fail("admin", "%s", r->nomem ? "out of memory reading the database" : err.msg);
		rows_free(r);
		return false;
	}
	return true;
}

int admin_table_known(qv__store *s, const char *id, bool *over)
{
	const char *args[] = {id};
	text_rows r;
	if (!query(s, "SELECT status FROM tables WHERE id = $1", 1, args, &r, 1))
		return -1;
	int known = r.n > 0;
	if (over)
		*over = known && strcmp(cell(&r, 0, 0), "over") == 0;
	rows_free(&r);
	if (!known)
		cli_fail("admin",
		         "no table '%s' in this database (`quiver admin tables` lists them)", id);
	return known;
}

/* The username of account id, into out ("" when none). */
static void username(qv__store *s, json_int_t id, char *out, size_t len)
{
	char text[24];
	snprintf(text, sizeof text, "%lld", (long long)id);
	const char *args[] = {text};
	text_rows r;
	out[0] = '\0';
	if (query(s, "SELECT username FROM accounts WHERE id = CAST($1 AS INTEGER)", 1, args, &r,
	          1)) {
		if (r.n > 0)
			qv_copy(out, len, cell(&r, 0, 0));
		rows_free(&r);
	}
}

/* A table's seats as one line: "p1 Ann @ann, p2 easy, p3 open". */
static void seats_text(qv__store *s, const char *id, const char *people, qv_buf *out)
{
	const char *args[] = {id};
	text_rows r;
	if (!query(s,
	           "SELECT seat, kind, CASE WHEN token_hash IS NULL THEN 0 ELSE 1 END FROM seats "
	           "WHERE table_id = $1 ORDER BY seat",
	           1, args, &r, 3))
		return;
	json_t *folk = people[0] ? json_loads(people, 0, NULL) : NULL;
	const json_t *seats = json_object_get(folk, "seats");
	for (int i = 0; i < r.n; i++) {
		char seat[16], user[128] = "";
		snprintf(seat, sizeof seat, "p%d", atoi(cell(&r, i, 0)) % 100 + 1);
		const json_t *e = json_object_get(seats, seat);
		const char *name = json_string_value(json_object_get(e, "name"));
		const json_t *account = json_object_get(e, "account");
		if (json_is_integer(account))
			username(s, json_integer_value(account), user, sizeof user);
		bool human = strcmp(cell(&r, i, 1), "human") == 0,
		     claimed = strcmp(cell(&r, i, 2), "1") == 0;
		qv_buf_printf(out, "%s%s ", i ? ", " : "", seat);
		if (!human)
			qv_buf_printf(out, "%s", cell(&r, i, 1));
		else if (!claimed)
			qv_buf_printf(out, "%s",
			              json_object_get(e, "invite") ? "(invited)" : "(open)");
		else
			qv_buf_printf(out, "%s", name ? name : "(no name)");
		if (user[0])
			qv_buf_printf(out, " @%s", user);
	}
	json_decref(folk);
	rows_free(&r);
}

int admin_tables(qv__store *s, const admin_args *a)
{
	char limit[24];
	snprintf(limit, sizeof limit, "%ld", a->limit);
	const char *args[] = {a->status ? a->status : "", a->game ? a->game : "", limit};
	text_rows r;
	if (!query(s,
	           "SELECT t.id, t.game, t.status, t.created, coalesce(t.people, ''), "
	           "(SELECT max(at) FROM actions x WHERE x.table_id = t.id) FROM tables t "
	           "WHERE (CAST($1 AS TEXT) = '' OR t.status = $1) AND (CAST($2 AS TEXT) = '' OR "
	           "t.game = $2) ORDER BY t.created DESC, t.id LIMIT CAST($3 AS INTEGER)",
	           3, args, &r, 6))
		return CLI_EXIT_RUNTIME;
	if (r.n == 0)
		printf("no tables%s%s%s%s\n", a->status ? " " : "", a->status ? a->status : "",
		       a->game ? " of " : "", a->game ? a->game : "");
	else
		printf("%-16s  %-12s  %-7s  %-20s  %-20s  %s\n", "TABLE", "GAME", "STATUS",
		       "CREATED", "LAST MOVE", "SEATS");
	for (int i = 0; i < r.n; i++) {
		char created[32], last[32];
		admin_time(strtod(cell(&r, i, 3), NULL), created, sizeof created);
		admin_time(strtod(cell(&r, i, 5), NULL), last, sizeof last);
		qv_buf seats = {0};
		seats_text(s, cell(&r, i, 0), cell(&r, i, 4), &seats);
		printf("%-16s  %-12s  %-7s  %-20s  %-20s  %s\n", cell(&r, i, 0), cell(&r, i, 1),
		       cell(&r, i, 2), created, last, qv_buf_str(&seats));
		qv_buf_free(&seats);
	}
	rows_free(&r);
	return CLI_EXIT_OK;
}

int admin_chat(qv__store *s, const admin_args *a)
{
	const char *id = a->pos[0];
	if (admin_table_known(s, id, NULL) != 1)
		return CLI_EXIT_RUNTIME;
	const char *args[] = {id};
	text_rows r;
	if (!query(s, "SELECT coalesce(people, '') FROM tables WHERE id = $1", 1, args, &r, 1))
		return CLI_EXIT_RUNTIME;
	json_t *folk = r.n > 0 ? json_loads(cell(&r, 0, 0), 0, NULL) : NULL;
	rows_free(&r);
	const json_t *chat = json_object_get(folk, "chat");
	size_t i;
	const json_t *e;
	if (json_array_size(chat) == 0)
		printf("table %s keeps no chat line\n", id);
	json_array_foreach(chat, i, e)
	{
		char at[32];
		admin_time((double)json_integer_value(json_object_get(e, "at")) / 1000, at,
		           sizeof at);
		printf("%4lld  %s  %s (%s): %s\n",
		       (long long)json_integer_value(json_object_get(e, "n")), at,
		       json_string_value(json_object_get(e, "name")),
		       json_string_value(json_object_get(e, "from")),
		       json_string_value(json_object_get(e, "text")));
	}
	json_decref(folk);
	return CLI_EXIT_OK;
}

/* The rows of select, whose one parameter is a's --limit, into r (cols columns); false after
 * a message. */
static bool limited(qv__store *s, const admin_args *a, const char *select, text_rows *r, int cols)
{
	char limit[24];
	snprintf(limit, sizeof limit, "%ld", a->limit);
	const char *args[] = {limit};
	return query(s, select, 1, args, r, cols);
}

int admin_audit(qv__store *s, const admin_args *a)
{
	text_rows r;
	if (!limited(s, a,
	             "SELECT id, at, who, action, target, coalesce(reason, ''), done, "
	             "coalesce(outcome, '') FROM audit ORDER BY id DESC LIMIT CAST($1 AS INTEGER)",
	             &r, 8))
		return CLI_EXIT_RUNTIME;
	if (r.n == 0)
		printf("the audit is empty\n");
	for (int i = r.n - 1; i >= 0; i--) {
		char at[32];
		admin_time(strtod(cell(&r, i, 1), NULL), at, sizeof at);
		const char *reason = cell(&r, i, 5), *outcome = cell(&r, i, 7);
		printf("%s  #%s  %s  %s %s%s%s%s  [%s]\n", at, cell(&r, i, 0), cell(&r, i, 2),
		       cell(&r, i, 3), cell(&r, i, 4), reason[0] ? " (reason: " : "", reason,
		       reason[0] ? ")" : "", cell(&r, i, 6)[0] ? outcome : "not done yet");
	}
	rows_free(&r);
	return CLI_EXIT_OK;
}

int admin_reports(qv__store *s, const admin_args *a)
{
	text_rows r;
	if (!limited(
	        s, a,
	        "SELECT r.id, r.at, r.table_id, r.seat, coalesce(r.name, ''), coalesce(x.username, "
	        "''), coalesce(CAST(r.line AS TEXT), ''), coalesce(r.text, ''), r.reason, r.addr, "
	        "coalesce(y.username, '') FROM reports r LEFT JOIN accounts x ON x.id = "
	        "r.reported LEFT JOIN accounts y ON y.id = r.account ORDER BY r.id DESC LIMIT "
	        "CAST($1 AS INTEGER)",
	        &r, 11))
		return CLI_EXIT_RUNTIME;
	if (r.n == 0)
		printf("no reports\n");
	for (int i = 0; i < r.n; i++) {
		char at[32];
		admin_time(strtod(cell(&r, i, 1), NULL), at, sizeof at);
		printf("%s  #%s  table %s %s %s%s%s\n", at, cell(&r, i, 0), cell(&r, i, 2),
		       cell(&r, i, 3), cell(&r, i, 4), cell(&r, i, 5)[0] ? " @" : "",
		       cell(&r, i, 5));
		if (cell(&r, i, 6)[0])
			printf("    line %s: %s\n", cell(&r, i, 6), cell(&r, i, 7));
		printf("    reason: %s\n    by %s%s%s\n", cell(&r, i, 8), cell(&r, i, 9),
		       cell(&r, i, 10)[0] ? " @" : "", cell(&r, i, 10));
	}
	rows_free(&r);
	return CLI_EXIT_OK;
}
