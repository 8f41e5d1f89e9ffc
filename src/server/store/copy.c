/*
 * copy.c - a whole store copied into an empty one (copy.h): each table's rows read
 * as text from the source and inserted with $N parameters into the destination (the same
 * statement text serves both backends: SQLite reads $1 as the first parameter and its column
 * affinity turns the text back into integers and reals), in one transaction; then both read
 * back whole and compared.
 *
 * An SQLite destination is written under a temporary name beside it and renamed into place
 * once checked, so that a copy that fails (a live source changing under it, a full disk, a
 * Ctrl-C) leaves nothing at the destination to block the next try.
 *
 * The check compares rows, not replays: every value of every row alike (reals as the doubles
 * they are) means every table's stored record and every action it would replay are alike.
 *
 * A source a running server writes to is refused, naming it (an SQLite file another process
 * holds open, by its pid; a PostgreSQL database with sessions of `quiver serve`, by their
 * names): copied while it changes, it failed half-way with a bare "FOREIGN KEY constraint
 * failed" (a table's actions read after a table the copy had read before them), or missed what
 * changed. The source is read in one transaction all the same (one snapshot), so that what a
 * program other than quiver changes meanwhile cannot break the copy.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/store/copy.h"
#include "server/store/store.h"

/* The store's tables in an order that keeps PostgreSQL's foreign keys (a table before its
 * seats and actions), each with its columns and their kinds: T text, I integer, R real. */
static const struct copy_table {
	const char *name, *columns, *kinds;
} copy_tables[] = {
    {"tables",
     "id, game, params, seed, private, v, status, created, finished, record, ai_starts, "
     "stopped, creator, info, people, variant",
     "TTTIIITRRTITTTTT"},
    {"seats", "table_id, seat, kind, token_hash, player", "TITTT"},
    {"actions", "table_id, idx, who, action, automatic, at", "TITTIR"},
    {"players", "hash, name, created, seen, account", "TTRRI"},
    {"accounts", "id, username, lower, hash, created, password_at", "ITTTRR"},
    {"recovery", "account, code_hash, used", "ITR"},
    {"sessions", "hash, account, created, seen, addr", "TIRRT"},
    {"ratings", "account, game, players, rating, deviation, volatility, mu, sigma, games, updated",
     "ITIRRRRRIR"},
    {"rating_history", "account, game, players, at, rating, table_id", "ITIRRT"},
    {"rated", "table_id, at", "TR"},
    {"bans", "addr, at, who, reason", "TRTT"},
    {"suspensions", "account, at, who, reason", "IRTT"},
    {"audit", "id, at, who, action, target, reason, done, outcome", "IRTTTTRT"},
    {"reports", "id, at, addr, player, account, table_id, seat, name, reported, line, text, reason",
     "IRTTITTTIITT"},
    {"mutes", "who, table_id, seat, at", "TTTR"},
    {"blocks", "account, blocked, at", "IIR"},
    {"secrets", "name, value", "TT"},
    {"ties", "account, mark, at", "ITR"},
    {"follows", "account, followed, at", "IIR"},
    {"presence", "account, origin, at", "ITR"},
    {"challenges",
     "id, challenger, challenged, player, addr, request, seat, status, created, expires, "
     "answered, claim, table_id",
     "TIITTTITRRRTT"},
    {"puzzles",
     "id, table_id, step, game, body, themes, rating, deviation, volatility, plays, solved, "
     "created",
     "TTITTTRRRIIR"},
    {"puzzle_sources", "table_id, game, looked, candidates, made, done, at", "TTIIIIR"},
    {"puzzle_ratings", "account, rating, deviation, volatility, games, updated", "IRRRIR"},
    {"puzzle_attempts", "account, puzzle, at, solved", "ITRI"},
    {"tournaments",
     "id, kind, name, creator, request, starts, minutes, rounds, pause, status, round, "
     "round_end, director, director_at, created, finished, winner, why",
     "TTTITRIIITIRTRRRTT"},
    {"tournament_players", "tournament, account, username, player, rating, joined, seq, active",
     "TITTRRII"},
    {"tournament_games", "tournament, round, board, table_id, first, second, result, at, ended",
     "TIITIITRR"},
    {"tournament_waves", "tournament, wave, at, waiting", "TIRT"},
};
#define NTABLES ((int)(sizeof copy_tables / sizeof copy_tables[0]))

/* A SELECT of a table's columns. */
static void select_of(const struct copy_table *t, char *out, size_t len)
{
	snprintf(out, len, "SELECT %s FROM %s", t->columns, t->name);
}

/* Rows inserted into the destination. */
typedef struct inserting {
	qv__store *to;
	char sql[512];
	long long count;
	qv_err *err;
} inserting;

static qv_status insert_row(void *ctx, int n, const char *const *values)
{
	inserting *c = ctx;
	c->count++;
	return qv__store_run(c->to, c->sql, n, values, c->err);
}

/* The INSERT of a table's columns, $1..$n. */
static void insert_of(const struct copy_table *t, char *out, size_t len)
{
	int n = snprintf(out, len, "INSERT INTO %s (%s) VALUES (", t->name, t->columns);
	for (int i = 0; t->kinds[i] && n > 0 && (size_t)n < len; i++)
		n += snprintf(out + n, len - (size_t)n, "%s$%d", i ? ", " : "", i + 1);
	if (n > 0 && (size_t)n < len)
		snprintf(out + n, len - (size_t)n, ")");
}

static qv_status count_row(void *ctx, int n, const char *const *values)
{
	long long *count = ctx;
	*count += n > 0 && values[0] ? atoll(values[0]) : 0;
	return QV_OK;
}

/* Every row of every table of s: its count into *rows. */
static qv_status count_rows(qv__store *s, long long *rows, qv_err *err)
{
	*rows = 0;
	qv_status rc = QV_OK;
	for (int i = 0; !rc && i < NTABLES; i++) {
		char sql[96];
		snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", copy_tables[i].name);
		rc = qv__store_rows(s, sql, count_row, rows, err);
	}
	return rc;
}

/* PostgreSQL's identities of accounts.id, audit.id and reports.id set past the ids copied (SQLite's
 * INTEGER PRIMARY KEY takes the next id from the largest there). */
static qv_status identity_after(qv__store *to, const char *db, qv_err *err)
{
	if (!qv__store_is_pg(db))
		return QV_OK;
	qv_status rc = qv__store_run(to,
	                             "SELECT setval(pg_get_serial_sequence('accounts', 'id'), "
	                             "COALESCE((SELECT max(id) FROM accounts), 0) + 1, false)",
	                             0, NULL, err);
	if (!rc)
		rc = qv__store_run(to,
		                   "SELECT setval(pg_get_serial_sequence('audit', 'id'), "
		                   "COALESCE((SELECT max(id) FROM audit), 0) + 1, false)",
		                   0, NULL, err);
	if (!rc)
		rc = qv__store_run(to,
		                   "SELECT setval(pg_get_serial_sequence('reports', 'id'), "
		                   "COALESCE((SELECT max(id) FROM reports), 0) + 1, false)",
		                   0, NULL, err);
	return rc;
}

/* Copies the rows of every table, in the destination's one transaction. */
static qv_status copy_rows(qv__store *from, qv__store *to, const char *to_db, FILE *progress,
                           qv_err *err)
{
	qv_status rc = qv__store_run(to, "BEGIN", 0, NULL, err);
	for (int i = 0; !rc && i < NTABLES; i++) {
		const struct copy_table *t = &copy_tables[i];
		inserting c = {.to = to, .err = err};
		char sql[512];
		insert_of(t, c.sql, sizeof c.sql);
		select_of(t, sql, sizeof sql);
		rc = qv__store_rows(from, sql, insert_row, &c, err);
		if (!rc && progress)
			fprintf(progress, "quiver db copy: %s: %lld row%s\n", t->name, c.count,
			        c.count == 1 ? "" : "s");
	}
	if (!rc)
		rc = identity_after(to, to_db, err);
	if (!rc)
		rc = qv__store_run(to, "COMMIT", 0, NULL, err);
	if (rc)
		qv__store_run(to, "ROLLBACK", 0, NULL, NULL);
	return rc;
}

/* A table's rows read whole, each as one string of its values in a form alike in both
 * backends (a real as the double it is, "%.17g"; NULL as \x1e; values joined by \x1f). */
typedef struct reading {
	const char *kinds;
	char **rows;
	int n, cap;
	bool failed;
} reading;

static qv_status keep_row(void *ctx, int n, const char *const *values)
{
	reading *r = ctx;
	size_t len = 1;
	for (int k = 0; k < n; k++)
		len += (values[k] ? strlen(values[k]) : 0) + 32;
	char *row = malloc(len);
	if (r->n == r->cap) {
		int cap = r->cap ? 2 * r->cap : 256;
		char **grown = realloc(r->rows, (size_t)cap * sizeof *grown);
		if (grown) {
			r->rows = grown;
			r->cap = cap;
		}
	}
	if (!row || r->n == r->cap) {
		free(row);
		return QV_ENOMEM;
	}
	size_t used = 0;
	for (int k = 0; k < n; k++) {
		if (k)
			row[used++] = '\x1f';
		if (!values[k])
			used += (size_t)snprintf(row + used, len - used, "\x1e");
		else if (r->kinds[k] == 'R')
			used += (size_t)snprintf(row + used, len - used, "%.17g",
			                         strtod(values[k], NULL));
		else
			used += (size_t)snprintf(row + used, len - used, "%s", values[k]);
	}
	row[used] = '\0';
	r->rows[r->n++] = row;
	return QV_OK;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void reading_free(reading *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->rows[i]);
	free(r->rows);
}

/* The rows of table t of s, sorted, into r. */
static qv_status read_table(qv__store *s, const struct copy_table *t, reading *r, qv_err *err)
{
	*r = (reading){.kinds = t->kinds};
	char sql[512];
	select_of(t, sql, sizeof sql);
	qv_status rc = qv__store_rows(s, sql, keep_row, r, err);
	if (rc == QV_ENOMEM)
		return qv_fail(err, QV_ENOMEM, "out of memory reading the table %s", t->name);
	if (!rc && r->n > 0)
		qsort(r->rows, (size_t)r->n, sizeof *r->rows, by_text);
	return rc;
}

/* Both stores' rows of table t compared. */
static qv_status check_table(qv__store *a, qv__store *b, const struct copy_table *t, qv_err *err)
{
	reading ra, rb;
	qv_status rc = read_table(a, t, &ra, err);
	if (!rc)
		rc = read_table(b, t, &rb, err);
	else
		rb = (reading){0};
	if (!rc && ra.n != rb.n)
		rc = qv_fail(err, QV_EIO,
		             "the check: the table %s has %d rows in the source and %d in "
		             "the copy",
		             t->name, ra.n, rb.n);
	for (int i = 0; !rc && i < ra.n; i++)
		if (strcmp(ra.rows[i], rb.rows[i]) != 0)
			rc = qv_fail(err, QV_EIO,
			             "the check: a row of the table %s differs in the copy "
			             "(source: %.200s)",
			             t->name, ra.rows[i]);
	reading_free(&ra);
	reading_free(&rb);
	return rc;
}

/* A source that is an SQLite path must exist (opening would make it). */
static qv_status source_exists(const char *db, qv_err *err)
{
	struct stat st;
	if (!qv__store_is_pg(db) && stat(db, &st) != 0)
		return qv_fail(err, QV_EINVAL,
		               "FROM: no SQLite database '%s' (expected an existing "
		               "file, or a PostgreSQL connection string: postgresql://... or "
		               "key=value ...)",
		               db);
	return QV_OK;
}

/* SQLite keeps a shared lock on one byte of the -shm file of a database in WAL mode for as
 * long as a connection has it open (its "dead man switch", os_unix.c's UNIX_SHM_DMS: 128). */
#define SHM_DMS 128

/* An SQLite database another process has open: refused, naming the process (a lock's pid is the
 * kernel's, so the name is the one it runs as). */
static qv_status sqlite_live(const char *db, qv_err *err)
{
	char shm[1100];
	snprintf(shm, sizeof shm, "%s-shm", db);
	int fd = open(shm, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return QV_OK; /* no -shm: nobody has it open */
	struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = SHM_DMS, .l_len = 1};
	bool held = fcntl(fd, F_GETLK, &l) == 0 && l.l_type != F_UNLCK;
	close(fd);
	if (!held)
		return QV_OK;
	char comm[64] = "", path[64];
	snprintf(path, sizeof path, "/proc/%d/comm", (int)l.l_pid);
	FILE *f = fopen(path, "r");
	if (f) {
		if (!fgets(comm, sizeof comm, f))
			comm[0] = '\0';
		comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	return qv_fail(err, QV_ESTATE,
	               "FROM: the database %s is live: process %d%s%s%s has it open (a running "
	               "server writes to it); stop it first, or a copy would miss what it "
	               "changes meanwhile",
	               db, (int)l.l_pid, comm[0] ? " (" : "", comm, comm[0] ? ")" : "");
}

static qv_status server_row(void *ctx, int n, const char *const *v)
{
	char *names = ctx;
	size_t used = strlen(names);
	if (n > 0 && v[0] && used + strlen(v[0]) + 3 < 512)
		snprintf(names + used, 512 - used, "%s%s", used ? ", " : "", v[0]);
	return QV_OK;
}

/* A PostgreSQL database that running servers use: refused, naming them. */
static qv_status pg_live(qv__store *s, const char *db, qv_err *err)
{
	char names[512] = "", name[1024];
	const char *args[] = {QV__STORE_SERVE_NAME "%"};
	qv_status rc = qv__store_query(s,
	                               "SELECT DISTINCT application_name FROM pg_stat_activity "
	                               "WHERE datname = current_database() AND application_name "
	                               "LIKE $1 ORDER BY 1",
	                               1, args, server_row, names, err);
	if (rc || !names[0])
		return rc;
	qv__store_name(db, name, sizeof name);
	return qv_fail(err, QV_ESTATE,
	               "FROM: the database %s is live: %s run%s on it; stop %s first, or a copy "
	               "would miss what %s meanwhile",
	               name, names, strchr(names, ',') ? "" : "s",
	               strchr(names, ',') ? "them" : "it",
	               strchr(names, ',') ? "they change" : "it changes");
}

/* Opens db for the copy, a source only when it exists and no server runs on it, then read in
 * one transaction (one snapshot). */
static qv_status open_one(const char *db, bool source, qv__store **out, qv_err *err)
{
	qv_status rc = source ? source_exists(db, err) : QV_OK;
	if (!rc && source && !qv__store_is_pg(db))
		rc = sqlite_live(db, err);
	if (!rc)
		rc = qv__store_open(out, db, err);
	if (!rc && source && qv__store_is_pg(db))
		rc = pg_live(*out, db, err);
	if (!rc && source)
		rc = qv__store_run(*out,
		                   qv__store_is_pg(db)
		                       ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
		                       : "BEGIN",
		                   0, NULL, err);
	return rc;
}

/* Removes an SQLite database's file and its WAL's (a copy that failed). */
static void remove_sqlite(const char *path)
{
	char side[1100];
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
}

/* An SQLite destination is made under a temporary name beside it (the same folder, so that
 * the rename is atomic) and renamed once copied and checked: a copy that fails or is stopped
 * leaves no partial file at `to` to block the next try. A PostgreSQL destination is copied in
 * place; it must be empty. */
static qv_status copy_into(const char *from, const char *to, FILE *progress, qv_err *err);

qv_status qv__store_copy(const char *from, const char *to, FILE *progress, qv_err *err)
{
	if (qv__store_is_pg(to))
		return copy_into(from, to, progress, err);
	qv_status rc = source_exists(from, err);
	if (rc)
		return rc;
	struct stat st;
	if (stat(to, &st) == 0 && st.st_size > 0) {
		qv__store *b = NULL;
		long long rows = 0;
		rc = qv__store_open(&b, to, err);
		if (!rc)
			rc = count_rows(b, &rows, err);
		qv__store_close(b);
		if (!rc && rows > 0)
			rc = qv_fail(err, QV_ESTATE,
			             "TO: the database %s is not empty (%lld rows); the copy "
			             "goes only into an empty one",
			             to, rows);
		if (rc)
			return rc;
	}
	char temp[1024];
	if ((size_t)snprintf(temp, sizeof temp, "%s.copying-%ld", to, (long)getpid()) >=
	    sizeof temp)
		return qv_fail(err, QV_EINVAL, "TO: the path '%s' is too long", to);
	remove_sqlite(temp);
	rc = copy_into(from, temp, progress, err);
	if (!rc && rename(temp, to) != 0)
		rc = qv_fail(err, QV_EIO, "TO: renaming the copy %s to %s failed: %s", temp, to,
		             strerror(errno));
	if (rc)
		remove_sqlite(temp);
	return rc;
}

static qv_status copy_into(const char *from, const char *to, FILE *progress, qv_err *err)
{
	qv__store *a = NULL, *b = NULL;
	qv_status rc = open_one(from, true, &a, err);
	if (!rc)
		rc = open_one(to, false, &b, err);
	long long rows = 0;
	if (!rc)
		rc = count_rows(b, &rows, err);
	if (!rc && rows > 0) {
		char name[1024];
		qv__store_name(to, name, sizeof name);
		rc = qv_fail(err, QV_ESTATE,
		             "TO: the database %s is not empty (%lld rows); the copy "
		             "goes only into an empty one",
		             name, rows);
	}
	if (!rc)
		rc = copy_rows(a, b, to, progress, err);
	for (int i = 0; !rc && i < NTABLES; i++)
		rc = check_table(a, b, &copy_tables[i], err);
	if (!rc && progress)
		fprintf(progress, "quiver db copy: checked: the %d tables alike, row by row\n",
		        NTABLES);
	if (a)
		qv__store_run(a, "ROLLBACK", 0, NULL, NULL); /* the source's snapshot, read only */
	qv__store_close(a);
	qv__store_close(b);
	return rc;
}
