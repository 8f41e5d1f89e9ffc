/*
 * db.c - `quiver db`: the server's database as a whole. `quiver db copy FROM TO` copies a
 * whole store into an empty one, SQLite into PostgreSQL or back (store/copy.h), and checks the
 * copy row by row; its progress goes to stderr.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "server/store/copy.h"
#include "server/store/store.h"

static void db_help(FILE *f)
{
	fprintf(
	    f,
	    "usage: quiver db copy FROM TO\n\n"
	    "Copies the whole database of `quiver serve` (tables, seats, actions, players,\n"
	    "accounts, recovery codes, sessions, ratings and their history, the operator's\n"
	    "bans, suspensions and audit, the players' reports, mutes and blocks) from FROM\n"
	    "into TO, which must be empty, in one transaction, then reads every table back from\n"
	    "both and compares them row by row. Stop the server on FROM first: a FROM that a\n"
	    "running server has open is refused, naming it (the process that holds an SQLite\n"
	    "file, or the servers using a PostgreSQL database).\n\n"
	    "FROM and TO are each what `quiver serve --db` takes: an SQLite file (FROM must\n"
	    "exist; TO is made when missing), or a PostgreSQL connection string,\n"
	    "postgresql://USER:PASSWORD@HOST:PORT/NAME or libpq's key=value form\n"
	    "(\"host=H dbname=NAME\"); a PostgreSQL database must exist, and gets the schema\n"
	    "when empty.\n\n"
	    "  -h, --help   this help\n\n"
	    "example: quiver db copy quiver.db postgresql://quiver@localhost/quiver\n"
	    "         quiver db copy \"dbname=quiver\" backup.db\n");
}

int cli_db(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		if (argc < 2) {
			db_help(stderr);
			return CLI_EXIT_USAGE;
		}
		db_help(stdout);
		return CLI_EXIT_OK;
	}
	if (strcmp(argv[1], "copy") != 0)
		return cli_usage("db", "unknown db command '%s' (expected copy)", argv[1]);
	for (int i = 2; i < argc; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			db_help(stdout);
			return CLI_EXIT_OK;
		}
	if (argc != 4)
		return cli_usage("db", "copy takes two databases, FROM and TO; got %d", argc - 2);
	if (strcmp(argv[2], argv[3]) == 0)
		return cli_usage("db", "copy: FROM and TO are the same database '%s'", argv[2]);
	qv_err err;
	qv__store_application("quiver db copy");
	if (qv__store_copy(argv[2], argv[3], stderr, &err))
		return cli_fail("db", "copy: %s", err.msg);
	return CLI_EXIT_OK;
}
