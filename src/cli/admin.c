/*
 * admin.c - `quiver admin`: the site operator's tools on the database of a running `quiver
 * serve` (the same --db): list the tables and a table's chat, end a table with a reason its
 * players read, ban an address (an IPv6 one by its /64) or suspend an account and undo either,
 * hide a chat line, and read the audit, where every act is written with when, who (the
 * moderator: --as NAME, or the name sudo gives in SUDO_USER, else the OS user) and why. What the
 * running server must do itself (end a table, hide a line, read the bans, close a suspended
 * account's channels) it does within a second (src/server/state/admin.h); this command waits for it
 * (--wait) and says what it did.
 */
#include <arpa/inet.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/admin_bans.h"
#include "cli/admin_list.h"
#include "cli/cli.h"
#include "core/clock.h"
#include "server/base/addr.h"
#include "server/base/token.h"
#include "server/players/credentials.h"
#include "server/state/admin.h"
#include "server/store/owners.h"
#include "server/table/chat.h"

/* One subcommand: its name, its arguments, its options (besides --db, --wait, --help), its
 * help. */
typedef struct admin_cmd {
	const char *name, *args;
	int npos;       /* positional arguments it takes */
	bool reason;    /* takes --reason */
	bool needs_why; /* --reason is required */
	bool list;      /* takes --limit (and tables: --status, --game) */
	const char *help;
} admin_cmd;

static const admin_cmd cmds[] = {
    {"tables", "[--status waiting|playing|over] [--game G] [--limit N]", 0, false, false, true,
     "Lists the tables, newest first: id, game, status, when it was made, its last move and\n"
     "its seats (each seat's name, @username when signed in, or its level, or open)."},
    {"chat", "TABLE", 1, false, false, false,
     "Lists the chat lines table TABLE keeps, each with its number (which hide takes), when,\n"
     "who (name and seat) and what was said."},
    {"end", "TABLE --reason TEXT", 1, true, true, false,
     "Ends table TABLE (waiting or playing) now, without a result: its players see the\n"
     "game ended by the site's operator, with the reason. A rated table rates nobody."},
    {"ban", "ADDRESS [--reason TEXT]", 1, true, false, false,
     "Bans a client address: every request from it is refused (403, with the reason).\n"
     "ADDRESS is an IPv4 address (203.0.113.7) or an IPv6 address (2001:db8:1:2::5), which\n"
     "bans its whole /64 (2001:db8:1:2::/64), the block one household is given; a /64\n"
     "may be given as such."},
    {"unban", "ADDRESS", 1, false, false, false, "Lifts the ban of ADDRESS (as ban takes it)."},
    {"suspend", "USERNAME [--reason TEXT]", 1, true, false, false,
     "Suspends an account: it cannot sign in (403, with the reason) and every session of it\n"
     "ends now (its pages are signed out, its players' channels closed). Seats it holds\n"
     "stay its own (their tokens are not sessions)."},
    {"unsuspend", "USERNAME", 1, false, false, false,
     "Lifts the suspension of USERNAME: it may sign in again."},
    {"hide", "TABLE LINE [--reason TEXT]", 2, true, false, false,
     "Hides chat line LINE (its number, as chat lists it) of table TABLE: no one receives it\n"
     "any more (every page at the table gets the chat again without it; a record or replay\n"
     "never carries the chat)."},
    {"audit", "[--limit N]", 0, false, false, true,
     "Lists the operator's acts, oldest first: when, its number, who (the OS user), what,\n"
     "the reason, and what the server did (or \"not done yet\")."},
    {"reports", "[--limit N]", 0, false, false, true,
     "Lists the players' reports (POST /api/tables/ID/report), newest first: when, its\n"
     "number, the table and the seat reported (name, @username), the chat line reported\n"
     "(its number and text as it was), the reason, and who reported (address, @username).\n"
     "Act on one with end, hide, ban or suspend."},
};
#define NCMDS ((int)(sizeof cmds / sizeof cmds[0]))

static void admin_help(FILE *f)
{
	fprintf(f, "usage: quiver admin COMMAND [ARGUMENTS] [--db DB] [--wait S]\n\n"
	           "The site operator's tools, on the database of `quiver serve` while it runs.\n"
	           "Each act is written in the audit (when, who, what, why); the running server\n"
	           "does its part within a second, and this command waits for it. Who is the\n"
	           "moderator: --as NAME, else the user sudo names (SUDO_USER), else the OS user;\n"
	           "with the OS user beside it when that differs (\"ann (OS user root)\").\n\n"
	           "Commands:\n");
	for (int i = 0; i < NCMDS; i++)
		fprintf(f, "  %-9s %s\n", cmds[i].name, cmds[i].args);
	fprintf(
	    f, "\nOptions of every command:\n"
	       "  --db DB      the database, as `quiver serve --db` takes it (default quiver.db):\n"
	       "               an SQLite file, or postgresql://USER@HOST/NAME or \"dbname=NAME\"\n"
	       "  --wait S     seconds to wait for the running server to do its part (default\n"
	       "               10; 0: do not wait)\n"
	       "  --as NAME    the moderator's name, for the audit (before or after COMMAND)\n"
	       "  -h, --help   this help; `quiver admin COMMAND --help`: the command's\n\n"
	       "example: quiver admin tables --status playing\n"
	       "         quiver admin end 0011aabbccddeeff --reason \"abusive names\"\n");
}

static void cmd_help(const admin_cmd *c, FILE *f)
{
	fprintf(f, "usage: quiver admin %s %s [--db DB] [--wait S]\n\n%s\n\n", c->name, c->args,
	        c->help);
	if (c->reason)
		fprintf(f, "  --reason TEXT  why (at most %d characters), kept in the audit%s\n",
		        QV__ADMIN_WHY_CHARS, c->needs_why ? "; required" : "");
	if (c->list)
		fprintf(f, "  --limit N      at most N lines (default 50)\n");
	if (strcmp(c->name, "tables") == 0)
		fprintf(f,
		        "  --status S     only the tables waiting, playing or over\n"
		        "  --game G       only the tables of game G (`quiver rules` lists them)\n");
	fprintf(f, "  --db DB        the database, as `quiver serve --db` takes it (default\n"
	           "                 quiver.db)\n"
	           "  --wait S       seconds to wait for the running server (default 10)\n"
	           "  --as NAME      the moderator's name, for the audit\n"
	           "  -h, --help     this help\n");
}

/* The value v of option o (an index of read_args' options) into a; 0, or the exit code of
 * a usage error. */
static int set_value(admin_args *a, int o, const char *v)
{
	char *end;
	switch (o) {
	case 0: a->db = v; break;
	case 1:
		a->wait = strtod(v, &end);
		if (*end || end == v || a->wait < 0 || a->wait > 3600)
			return cli_usage("admin",
			                 "--wait: expected seconds from 0 to 3600, got '%s'", v);
		break;
	case 2: a->reason = v; break;
	case 3:
		if (strcmp(v, "waiting") && strcmp(v, "playing") && strcmp(v, "over"))
			return cli_usage(
			    "admin", "--status: expected waiting, playing or over, got '%s'", v);
		a->status = v;
		break;
	case 4: a->game = v; break;
	case 7: a->as = v; break;
	default:
		a->limit = strtol(v, &end, 10);
		if (*end || end == v || a->limit < 1 || a->limit > 100000)
			return cli_usage("admin",
			                 "--limit: expected a count from 1 to 100000, got '%s'", v);
	}
	return CLI_EXIT_OK;
}

/* What the options must hold together: every argument, a reason where one is needed; the
 * reason and the moderator's name cleaned (into static buffers). 0, or the exit code of a
 * usage error. */
static int checked_args(const admin_cmd *c, admin_args *a)
{
	if (a->npos < c->npos)
		return cli_usage("admin", "%s takes %s", c->name, c->args);
	if (c->needs_why && (!a->reason || !a->reason[0]))
		return cli_usage("admin", "%s needs --reason TEXT: the players read it", c->name);
	static char clean[QV__ADMIN_WHY];
	qv_err err;
	if (a->reason && qv__text_clean(a->reason, strlen(a->reason), QV__ADMIN_WHY_CHARS,
	                                "--reason", clean, sizeof clean, &err))
		return cli_usage("admin", "%s", err.msg);
	if (a->reason)
		a->reason = clean;
	static char as[QV__ADMIN_WHO];
	if (a->as &&
	    qv__text_clean(a->as, strlen(a->as), QV__ADMIN_WHO_CHARS, "--as", as, sizeof as, &err))
		return cli_usage("admin", "%s", err.msg);
	if (a->as)
		a->as = as;
	return CLI_EXIT_OK;
}

/* Reads the options of command c from argv (argv[0] is its name) into a. */
static int read_args(const admin_cmd *c, int argc, char **argv, admin_args *a)
{
	static const cli_opt opts[] = {{"db", "DB"},    {"wait", "S"},  {"reason", "TEXT"},
	                               {"status", "S"}, {"game", "G"},  {"limit", "N"},
	                               {"help", NULL},  {"as", "NAME"}, {NULL, NULL}};
	cli_parser p;
	cli_parser_init(&p, "admin", argc, argv);
	const char *v;
	int o;
	while ((o = cli_next(&p, opts, &v)) != CLI_OPT_END) {
		if (o == CLI_OPT_BAD)
			return CLI_EXIT_USAGE;
		if (o == 6) {
			cmd_help(c, stdout);
			return -1;
		}
		if (o == CLI_OPT_POSITIONAL) {
			if (a->npos == c->npos)
				return cli_usage("admin",
				                 "%s takes %s; '%s' is one argument too many",
				                 c->name, c->args, v);
			a->pos[a->npos++] = v;
			continue;
		}
		bool fits = (o <= 1) || o == 7 || (o == 2 && c->reason) ||
		            (o >= 3 && o <= 4 && c->list && strcmp(c->name, "tables") == 0) ||
		            (o == 5 && c->list);
		if (!fits)
			return cli_usage("admin", "%s takes no --%s (it takes %s)", c->name,
			                 opts[o].name, c->args);
		int rc = set_value(a, o, v);
		if (rc)
			return rc;
	}
	return checked_args(c, a);
}

/* An address as the server counts it (addr.h) into out: IPv4 whole, IPv6 by its /64 (an
 * IPv4-mapped one as IPv4); false after a message naming the forms expected. */
static bool address_of(const char *text, char out[QV__ADDR_TEXT])
{
	char plain[INET6_ADDRSTRLEN + 4];
	qv_copy(plain, sizeof plain, text);
	char *slash = strchr(plain, '/');
	bool prefix64 = slash && strcmp(slash, "/64") == 0;
	if (slash)
		*slash = '\0';
	struct sockaddr_in v4 = {.sin_family = AF_INET};
	struct sockaddr_in6 v6 = {.sin6_family = AF_INET6};
	if (!slash && inet_pton(AF_INET, plain, &v4.sin_addr) == 1) {
		qv__addr_text((const struct sockaddr *)&v4, out, QV__ADDR_TEXT);
		return true;
	}
	if ((!slash || prefix64) && strlen(text) < sizeof plain &&
	    inet_pton(AF_INET6, plain, &v6.sin6_addr) == 1) {
		qv__addr_text((const struct sockaddr *)&v6, out, QV__ADDR_TEXT);
		return true;
	}
	cli_usage("admin",
	          "ADDRESS: expected an IPv4 address (203.0.113.7), an IPv6 address "
	          "(2001:db8:1:2::5, which stands for its /64) or an IPv6 /64 "
	          "(2001:db8:1:2::/64); got '%s'",
	          text);
	return false;
}

/* Who acts, for the audit: the moderator's name (`as`, from --as; else the user sudo ran this
 * command for, SUDO_USER, when it runs as root), with the OS user beside it when that differs;
 * else the OS user alone. A moderator working through sudo was recorded as root. */
static void operator_name(const char *as, char *out, size_t len)
{
	char os[64];
	const struct passwd *pw = getpwuid(geteuid());
	if (pw && pw->pw_name && pw->pw_name[0])
		qv_copy(os, sizeof os, pw->pw_name);
	else
		snprintf(os, sizeof os, "uid %u", (unsigned)geteuid());
	const char *sudo = getenv("SUDO_USER");
	static char sudo_clean[QV__ADMIN_WHO];
	qv_err err;
	if (!as && geteuid() == 0 && sudo && sudo[0] &&
	    !qv__text_clean(sudo, strlen(sudo), QV__ADMIN_WHO_CHARS, "SUDO_USER", sudo_clean,
	                    sizeof sudo_clean, &err))
		as = sudo_clean;
	if (as && strcmp(as, os) != 0)
		snprintf(out, len, "%s (OS user %s)", as, os);
	else
		qv_copy(out, len, as ? as : os);
}

/* The first value of the first row of a query. */
typedef struct first {
	bool found;
	char text[256];
	char second[256];
} first;

static qv_status first_row(void *ctx, int n, const char *const *v)
{
	first *f = ctx;
	if (!f->found && n > 0) {
		f->found = true;
		qv_copy(f->text, sizeof f->text, v[0] ? v[0] : "");
		qv_copy(f->second, sizeof f->second, n > 1 && v[1] ? v[1] : "");
	}
	return QV_OK;
}

/* One act: its changes of the store (sql[i] with args[i], nargs[i] of them; NULL: none) and its
 * audit line, in one transaction. */
typedef struct act {
	const char *action, *target, *reason;
	char at[32], who[QV__ADMIN_WHO + 80]; /* the audit's when and who, which the changes may
	                                       * take too */
	const char *sql[2];
	const char *args[2][4];
	int nargs[2];
} act;

/* A new act of the command's arguments a, stamped now by its moderator. */
static void act_init(act *x, const admin_args *a, const char *action, const char *target)
{
	*x = (act){.action = action, .target = target, .reason = a->reason};
	operator_name(a->as, x->who, sizeof x->who);
	snprintf(x->at, sizeof x->at, "%.3f", qv_wall());
}

/* Writes act x; its audit line's id into *id. */
static qv_status write_act(qv__store *s, const act *x, long long *id, qv_err *err)
{
	const char *line[] = {x->at, x->who, x->action, x->target, x->reason};
	qv_status rc = qv__store_run(s, "BEGIN", 0, NULL, err);
	for (int i = 0; i < 2; i++)
		if (!rc && x->sql[i])
			rc = qv__store_run(s, x->sql[i], x->nargs[i], x->args[i], err);
	if (!rc)
		rc =
		    qv__store_run(s,
		                  "INSERT INTO audit (at, who, action, target, reason) VALUES ($1, "
		                  "$2, $3, $4, $5)",
		                  5, line, err);
	first f = {0};
	if (!rc)
		rc = qv__store_query(s,
		                     "SELECT max(id) FROM audit WHERE who = $1 AND action = $2 AND "
		                     "target = $3",
		                     3, line + 1, first_row, &f, err);
	if (!rc)
		rc = qv__store_run(s, "COMMIT", 0, NULL, err);
	if (rc)
		qv__store_run(s, "ROLLBACK", 0, NULL, NULL);
	*id = atoll(f.text);
	return rc;
}

/* Writes act x and waits up to a->wait seconds for a server to do it; `ok` is the outcome of
 * success. Prints what happened; the exit code. */
static int act_and_wait(qv__store *s, const admin_args *a, const act *x, const char *ok)
{
	long long id;
	qv_err err;
	if (write_act(s, x, &id, &err))
		return cli_fail("admin", "%s %s: %s", x->action, x->target, err.msg);
	char idtext[24];
	snprintf(idtext, sizeof idtext, "%lld", id);
	const char *args[] = {idtext};
	double until = qv_wall() + a->wait;
	for (;;) {
		first f = {0};
		if (qv__store_query(s,
		                    "SELECT done, coalesce(outcome, '') FROM audit WHERE id = $1",
		                    1, args, first_row, &f, &err))
			return cli_fail("admin", "%s %s: written (audit #%lld), then: %s",
			                x->action, x->target, id, err.msg);
		if (f.found && f.text[0]) {
			if (strcmp(f.second, ok) != 0)
				return cli_fail("admin", "%s %s: %s (audit #%lld)", x->action,
				                x->target, f.second, id);
			printf("%s %s: %s (audit #%lld)\n", x->action, x->target, f.second, id);
			return CLI_EXIT_OK;
		}
		if (qv_wall() >= until)
			break;
		struct timespec nap = {0, 100 * 1000000L}; /* a poll of the audit's line, not a wait
		                                              for time to pass */
		nanosleep(&nap, NULL);
	}
	printf("%s %s: written (audit #%lld); no running server did its part within %g s: a "
	       "server on this database does it when it starts\n",
	       x->action, x->target, id, a->wait);
	return CLI_EXIT_OK;
}

/* CLI_EXIT_OK for a table's id as given, known and not over; else the exit code after a
 * message. */
static int open_table(qv__store *s, const char *id)
{
	if (!qv__table_id_valid(id))
		return cli_usage("admin",
		                 "TABLE: expected a table's id (16 hexadecimal digits, as `quiver "
		                 "admin tables` lists them), got '%s'",
		                 id);
	bool over;
	int known = admin_table_known(s, id, &over);
	if (known == 1 && over)
		return cli_fail("admin", "table %s is over already", id);
	return known == 1 ? CLI_EXIT_OK : CLI_EXIT_RUNTIME;
}

static int do_end(qv__store *s, const admin_args *a)
{
	int rc = open_table(s, a->pos[0]);
	if (rc)
		return rc;
	act x;
	act_init(&x, a, "end", a->pos[0]);
	return act_and_wait(s, a, &x, "ended");
}

static int do_hide(qv__store *s, const admin_args *a)
{
	char *end;
	long long line = strtoll(a->pos[1], &end, 10);
	if (*end || end == a->pos[1] || line < 1)
		return cli_usage("admin",
		                 "LINE: expected a chat line's number (1 or more, as `quiver "
		                 "admin chat TABLE` lists them), got '%s'",
		                 a->pos[1]);
	if (!qv__table_id_valid(a->pos[0]))
		return cli_usage("admin",
		                 "TABLE: expected a table's id (16 hexadecimal digits), got "
		                 "'%s'",
		                 a->pos[0]);
	if (admin_table_known(s, a->pos[0], NULL) != 1)
		return CLI_EXIT_RUNTIME;
	char target[64];
	snprintf(target, sizeof target, "%s %lld", a->pos[0], line);
	act x;
	act_init(&x, a, "hide", target);
	return act_and_wait(s, a, &x, "hidden");
}

static int do_ban(qv__store *s, const admin_args *a, bool ban)
{
	char addr[QV__ADDR_TEXT];
	if (!address_of(a->pos[0], addr))
		return CLI_EXIT_USAGE;
	const char *key[] = {addr};
	first f = {0};
	qv_err err;
	if (qv__store_query(s, "SELECT who, at FROM bans WHERE addr = $1", 1, key, first_row, &f,
	                    &err))
		return cli_fail("admin", "%s", err.msg);
	char since[32];
	admin_time(strtod(f.second, NULL), since, sizeof since);
	if (ban && f.found)
		return cli_fail("admin", "%s is banned already (since %s, by %s)", addr, since,
		                f.text);
	if (!ban && !f.found)
		return cli_fail("admin", "%s is not banned (`quiver admin audit` lists the bans)",
		                addr);
	act x;
	act_init(&x, a, ban ? "ban" : "unban", addr);
	x.sql[0] = ban ? "INSERT INTO bans (addr, at, who, reason) VALUES ($1, $2, $3, $4)"
	               : "DELETE FROM bans WHERE addr = $1";
	x.args[0][0] = addr;
	x.args[0][1] = x.at;
	x.args[0][2] = x.who;
	x.args[0][3] = a->reason;
	x.nargs[0] = ban ? 4 : 1;
	const char *ok = ban ? "refused from now on" : "served again";
	if (!qv__store_shared(s) || a->wait <= 0)
		return act_and_wait(s, a, &x, ok);
	/* several processes: the answer once every running one has it in force */
	admin_bans *b = admin_bans_hear(s, a->wait);
	long long id;
	if (!b)
		return CLI_EXIT_RUNTIME;
	if (write_act(s, &x, &id, &err)) {
		admin_bans_stop(b);
		return cli_fail("admin", "%s %s: %s", x.action, x.target, err.msg);
	}
	return admin_bans_wait(b, id, x.action, x.target, ok);
}

static int do_suspend(qv__store *s, const admin_args *a, bool suspend)
{
	char lower[QV__NAME_BYTES];
	qv__acct_lower(a->pos[0], strlen(a->pos[0]), lower);
	const char *key[] = {lower};
	first f = {0}, g = {0};
	qv_err err;
	if (qv__store_query(s, "SELECT id, username FROM accounts WHERE lower = $1", 1, key,
	                    first_row, &f, &err))
		return cli_fail("admin", "%s", err.msg);
	if (!f.found)
		return cli_fail("admin", "no account '%s' in this database", a->pos[0]);
	const char *id[] = {f.text};
	if (qv__store_query(s, "SELECT who FROM suspensions WHERE account = CAST($1 AS INTEGER)", 1,
	                    id, first_row, &g, &err))
		return cli_fail("admin", "%s", err.msg);
	if (suspend && g.found)
		return cli_fail("admin", "%s is suspended already (by %s)", f.second, g.text);
	if (!suspend && !g.found)
		return cli_fail("admin", "%s is not suspended", f.second);
	act x;
	act_init(&x, a, suspend ? "suspend" : "unsuspend", f.second);
	x.sql[0] = suspend ? "INSERT INTO suspensions (account, at, who, reason) VALUES ($1, $2, "
	                     "$3, $4)"
	                   : "DELETE FROM suspensions WHERE account = CAST($1 AS INTEGER)";
	x.args[0][0] = f.text;
	x.args[0][1] = x.at;
	x.args[0][2] = x.who;
	x.args[0][3] = a->reason;
	x.nargs[0] = suspend ? 4 : 1;
	if (suspend) {
		x.sql[1] = "DELETE FROM sessions WHERE account = CAST($1 AS INTEGER)";
		x.args[1][0] = f.text;
		x.nargs[1] = 1;
	}
	return act_and_wait(s, a, &x, suspend ? "its sessions ended" : "may sign in again");
}

/* The database opened as the server opens it; NULL after a message. An SQLite file must be
 * there already (the server made it): a mistyped path is not made into an empty database. */
static qv__store *open_store(const char *db)
{
	if (!qv__store_is_pg(db) && access(db, F_OK) != 0) {
		cli_fail(
		    "admin",
		    "no database at '%s': give --db as `quiver serve --db` was given it (default "
		    "quiver.db in the folder quiver serve runs in)",
		    db);
		return NULL;
	}
	qv__store *s;
	qv_err err;
	qv__store_application("quiver admin");
	if (qv__store_open(&s, db, &err)) {
		cli_fail("admin", "%s", err.msg);
		return NULL;
	}
	return s;
}

int cli_admin(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		admin_help(argc < 2 ? stderr : stdout);
		return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
	}
	/* --as NAME may come before the command: `quiver admin --as ann ban ...` */
	const char *as = NULL;
	if (strcmp(argv[1], "--as") == 0 || strncmp(argv[1], "--as=", 5) == 0) {
		bool joined = argv[1][4] == '=';
		if (!joined && (argc < 3 || argv[2][0] == '-'))
			return cli_usage("admin", "--as needs a value: the moderator's name");
		as = joined ? argv[1] + 5 : argv[2];
		argc -= joined ? 1 : 2;
		argv += joined ? 1 : 2;
		if (argc < 2)
			return cli_usage("admin",
			                 "--as %s: which command? (expected tables, chat, end, "
			                 "ban, unban, suspend, unsuspend, hide, audit or reports)",
			                 as);
	}
	const admin_cmd *c = NULL;
	for (int i = 0; i < NCMDS && !c; i++)
		c = strcmp(argv[1], cmds[i].name) == 0 ? &cmds[i] : NULL;
	if (!c)
		return cli_usage("admin",
		                 "unknown command '%s' (expected tables, chat, end, ban, unban, "
		                 "suspend, unsuspend, hide, audit or reports)",
		                 argv[1]);
	admin_args a = {.db = "quiver.db", .limit = 50, .wait = 10, .as = as};
	int rc = read_args(c, argc - 1, argv + 1, &a);
	if (rc)
		return rc < 0 ? CLI_EXIT_OK : rc;
	qv__store *s = open_store(a.db);
	if (!s)
		return CLI_EXIT_RUNTIME;
	switch (c - cmds) {
	case 0: rc = admin_tables(s, &a); break;
	case 1: rc = admin_chat(s, &a); break;
	case 2: rc = do_end(s, &a); break;
	case 3: rc = do_ban(s, &a, true); break;
	case 4: rc = do_ban(s, &a, false); break;
	case 5: rc = do_suspend(s, &a, true); break;
	case 6: rc = do_suspend(s, &a, false); break;
	case 7: rc = do_hide(s, &a); break;
	case 8: rc = admin_audit(s, &a); break;
	default: rc = admin_reports(s, &a);
	}
	qv__store_close(s);
	return rc;
}
