/*
 * serve.c - `quiver serve`: options, finding the web folder and the rules pages, and running
 * the server (src/server/) until SIGINT or SIGTERM.
 */
#include <arpa/inet.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "quiver/review.h"
#include "server/api/http.h"
#include "server/base/oplog.h"
#include "server/base/token.h"
#include "server/listen.h"
#include "server/store/store.h"

static const cli_opt serve_opts[] = {
    {"host", "H"},
    {"port", "P"},
    {"db", "DB"},
    {"web", "DIR"},
    {"rules", "DIR"},
    {"max-sockets", "N"},
    {"threads", "N"},
    {"max-tables", "N"},
    {"help", NULL},
    {"tutorials", "DIR"},
    {"max-sockets-per-address", "N"},
    {"waiting-expiry", "S"},
    {"create-rate", "N"},
    {"address-tables", "N"},
    {"address-ai-tables", "N"},
    {"away-limit", "S"},
    {"idle-limit", "S"},
    {"max-connections-per-address", "N"},
    {"secure-cookies", NULL},
    {"trusted-proxy", "ADDR"},
    {"db-timeout", "MS"},
    {"log-level", "LEVEL"},
    {"review-iterations", "N"},
    {"id-prefix", "HEX"},
    {"db-connections", "N"},
    {"challenge-expiry", "S"},
    {"routes", NULL},
    {NULL, NULL},
};

/* `quiver serve --routes`: the route table of http.c as it is compiled, one `METHOD PATH` a
 * line, so that the contract test (tests/api/contract.test.mjs) checks that
 * docs/api/openapi.yaml names every route the server answers. */
static void print_routes(void)
{
	for (size_t i = 0; i < qv__http_routes.nroutes; i++)
		printf("%s %s\n", qv__http_routes.routes[i].method, qv__http_routes.routes[i].path);
}

/* The second half of `quiver serve --help`: the limits, the proxy, the log, and the example. */
static void serve_help_limits(void)
{
	printf(
	    "  --max-sockets N   open WebSockets before new ones get 503 (default %d; all\n"
	    "                    served by one thread)\n"
	    "  --max-sockets-per-address N\n"
	    "                    open WebSockets from one client address before new ones\n"
	    "                    from it get 429 (default 32)\n"
	    "  --max-connections-per-address N\n"
	    "                    connections of any kind from one client address before new\n"
	    "                    ones are refused at once (default %d)\n"
	    "  --threads N       worker threads for AI seats and chance events (default 2)\n"
	    "  --max-tables N    tables not over before creating one gets 503 (default 1000)\n"
	    "  --waiting-expiry S  seconds a table waits for its players before it is removed\n"
	    "                    (default %d: one hour)\n"
	    "  --create-rate N   tables (and accounts) one client address may create per\n"
	    "                    minute, in bursts of up to N (default %d; 429 past it)\n"
	    "  --address-tables N  tables not over one client address may have created\n"
	    "                    (default %d; 429 past it)\n"
	    "  --address-ai-tables N  of those, tables with an easy, medium or hard seat\n"
	    "                    (default %d; 429 past it)\n"
	    "  --review-iterations N  the search of each decision of a game's review (its\n"
	    "                    best move; after each move, searches of 3/20 of N value it:\n"
	    "                    default %d, docs/server.md \"Reviews\")\n"
	    "  --away-limit S    seconds a person's seat must be offline and to move at a\n"
	    "                    table without a clock before another player may claim it\n"
	    "                    timed out (default %d: five minutes)\n"
	    "  --idle-limit S    seconds a table that plays without a running clock may go\n"
	    "                    with nobody connected and nothing happening before it ends\n"
	    "                    as abandoned (default %d: one day)\n"
	    "  --challenge-expiry S  seconds a challenge to a player waits for its answer\n"
	    "                    (default %d: ten minutes)\n"
	    "  --secure-cookies  mark the player-key cookie Secure: the browser sends it over\n"
	    "                    HTTPS only (behind a proxy that serves HTTPS)\n"
	    "  --trusted-proxy ADDR  a reverse proxy (IPv4 or IPv6 address; up to 16, one\n"
	    "                    option each) whose connections begin with the PROXY protocol\n"
	    "                    v2 header (HAProxy's send-proxy-v2): its client's address is\n"
	    "                    the one every per-address limit counts\n"
	    "  --log-level LEVEL the lines kept on stderr, each with its UTC time and level:\n"
	    "                    error, warn or info (default info: all)\n"
	    "  --id-prefix HEX   one or two hex digits that begin the id of every table made\n"
	    "                    here, so that a site's proxy sends its requests to this\n"
	    "                    process from the first (docs/deploy.md; default: none)\n"
	    "  --routes          print the HTTP routes this server answers, one `METHOD PATH`\n"
	    "                    a line (docs/api/openapi.yaml describes them), and exit\n"
	    "  -h, --help        this help\n\n"
	    "example: quiver serve --port 8080 --db games.db\n"
	    "         curl -X POST http://127.0.0.1:8080/api/tables \\\n"
	    "              -d '{\"game\": \"three-arrows\", \"seats\": [\"human\", \"hard\"]}'\n",
	    QV__MAX_SOCKETS, QV__CONNECTIONS_PER_ADDRESS, QV__WAITING_TTL, QV__CREATE_RATE,
	    QV__ADDRESS_TABLES, QV__ADDRESS_AI_TABLES, QV_REVIEW_ITERATIONS, QV__AWAY_LIMIT,
	    QV__IDLE_LIMIT, QV__CHALLENGE_TTL);
}

/* The text of `quiver serve --help`: what it serves, the address, the database and the
 * folders (then serve_help_limits). */
static void serve_help(void)
{
	printf(
	    "usage: quiver serve [--host H] [--port P] [--db DB] [options]\n\n"
	    "Serves online play: the browser client at http://HOST:PORT/ and the HTTP and\n"
	    "WebSocket API of docs/server.md (tables with private seats, AI seats, spectators).\n"
	    "Once it accepts connections it prints `serving http://HOST:PORT/` on stdout.\n"
	    "Every change is saved in the database before any client hears of it; tables that\n"
	    "are not over resume when the server is started again on the same database.\n"
	    "Stop it with Ctrl-C (SIGINT) or SIGTERM.\n\n"
	    "  --host H          IPv4 or IPv6 address to listen on (default 127.0.0.1;\n"
	    "                    0.0.0.0 for every IPv4 interface, :: for every interface)\n"
	    "  --port P          port (default 8080; 0 takes a free one)\n"
	    "  --db DB           the database of tables and records: an SQLite file (default\n"
	    "                    quiver.db in the current directory; created when missing),\n"
	    "                    or PostgreSQL: postgresql://USER:PASSWORD@HOST:PORT/NAME or\n"
	    "                    libpq's key=value form (\"host=H dbname=NAME\"; libpq's PG*\n"
	    "                    variables fill in the rest); its schema made when empty\n"
	    "  --db-timeout MS   PostgreSQL: how long a statement may take before it is\n"
	    "                    cancelled and the act refused as \"the site is slow\" (default\n"
	    "                    %d); a row lock is waited for half of it, and a connection\n"
	    "                    whose server went away is found within about it (keepalives)\n"
	    "  --db-connections N\n"
	    "                    PostgreSQL: the connections each process writes its tables\n"
	    "                    on at once (default %d, at most %d), besides the one that\n"
	    "                    holds its tables' locks; SQLite has one\n"
	    "  --web DIR         folder served at / (default: the installed share/quiver/web,\n"
	    "                    or web/ of the source tree quiver was built from)\n"
	    "  --rules DIR       folder of <game>.md pages served at /rules/ (default: the\n"
	    "                    installed share/quiver/rules, or docs/rules/ of the source)\n"
	    "  --tutorials DIR   folder of <game>/NN-topic.json lessons for /learn/<game>\n"
	    "                    (default: the installed share/quiver/tutorials, or\n"
	    "                    tutorials/ of the source)\n",
	    QV__STORE_TIMEOUT_MS, QV__STORE_CONNECTIONS, QV__STORE_CONNECTIONS_MAX);
	serve_help_limits();
}

/* Adds --trusted-proxy ADDR to cfg; false (the usage said) when it is no address or one too
 * many. */
static bool trusted_proxy(qv__server_config *cfg, const char *v)
{
	unsigned char bytes[16];
	if (inet_pton(AF_INET, v, bytes) != 1 && inet_pton(AF_INET6, v, bytes) != 1) {
		cli_usage("serve",
		          "--trusted-proxy: '%s' is not an IPv4 or IPv6 address (e.g. 127.0.0.1 or "
		          "::1: the proxy's own address, as the server sees its connections)",
		          v);
		return false;
	}
	if (cfg->ntrusted_proxies >= QV__PROXIES_MAX) {
		cli_usage("serve", "--trusted-proxy: at most %d addresses", QV__PROXIES_MAX);
		return false;
	}
	cfg->trusted_proxies[cfg->ntrusted_proxies++] = v;
	return true;
}

/* Whether dir is a folder. */
static bool is_dir(const char *dir)
{
	struct stat sb;
	return stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* The folder `installed` relative to the executable's prefix (<prefix>/bin/quiver ->
 * <prefix>/share/quiver/...), else `source` in the source tree this binary was built from;
 * NULL when neither exists. */
static const char *find_dir(const char *installed, const char *source, char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			int k = snprintf(buf, len, "%s/../share/quiver/%s", exe, installed);
			if (k > 0 && (size_t)k < len && is_dir(buf))
				return buf;
		}
	}
	int k = snprintf(buf, len, "%s/%s", QV_SOURCE_DIR, source);
	return k > 0 && (size_t)k < len && is_dir(buf) ? buf : NULL;
}

/* The process's name among a site's processes in the database, "quiver serve PID@HOST"
 * (`quiver admin` waits for each of them, store.h). */
static void name_process(void)
{
	/* (PostgreSQL keeps 63 bytes of a name and cuts a longer one: the prefix `quiver admin`
	 * looks for comes first) */
	char host[40] = "", name[sizeof QV__STORE_SERVE_NAME + 21 + 1 + sizeof host];
	gethostname(host, sizeof host - 1);
	snprintf(name, sizeof name, QV__STORE_SERVE_NAME "%ld@%s", (long)getpid(), host);
	qv__store_application(name);
}

/* The glibc tunable that sizes each thread's cache of freed blocks, and the value the server
 * runs with (see without_thread_caches). */
#define TCACHE_TUNABLE "glibc.malloc.tcache_count"
#define TCACHE_OFF     TCACHE_TUNABLE "=0"

/* Memory: glibc gives every thread a cache of the small blocks it frees (the tcache: up to 7 blocks
 * of each size up to 1 KiB, some 230 KiB at most), kept for that thread until it mallocs that size
 * again or ends: to the arenas they stay in use, so malloc_trim cannot give their pages back, and
 * they pin the free space around them. CivetWeb, the server's HTTP library before, served each
 * connection on a thread of its own, from a pool of --max-sockets + 8 threads that never ended, so
 * under a steady load the caches of hundreds of threads filled slowly as they served connection
 * after connection, and the RSS with them: 54 to 95 MiB in 5 minutes of 500 sockets, still rising,
 * with no block leaked (glibc's blocks in use grew by 16 MiB; with the caches off by 3 MiB, and the
 * RSS stayed within 68.6 to 71.0 MiB over the last 5 minutes of 10: docs/benchmarks.md). glibc
 * reads the caches' size only when a program starts, from GLIBC_TUNABLES, so `quiver serve` runs
 * itself again once, before it starts any thread or opens anything, with the caches off. It does
 * not when GLIBC_TUNABLES sets the caches already (the second run, or a user's choice:
 * `GLIBC_TUNABLES=glibc.malloc.tcache_count=7` keeps glibc's default), and an exec that fails
 * leaves the server as it was. A program run setuid or with capabilities (AT_SECURE) is not run
 * again: glibc may drop the tunable from such a program's environment, and it would then run itself
 * again forever. The network layer now has one loop and request workers that end when idle (at most
 * QV__JOBS_MAX), so the caches are bounded by the workers rather than by the connections; they stay
 * off all the same. */
static void without_thread_caches(void)
{
#ifdef __GLIBC__
	const char *had = getenv("GLIBC_TUNABLES");
	if ((had && strstr(had, TCACHE_TUNABLE)) || getauxval(AT_SECURE))
		return;
	size_t len = (had ? strlen(had) + 1 : 0) + sizeof TCACHE_OFF;
	char *value = malloc(len);
	if (!value)
		return;
	snprintf(value, len, "%s%s%s", had ? had : "", had && *had ? ":" : "", TCACHE_OFF);
	char *kept = had ? strdup(had) : NULL;
	/* By its own path, not /proc/self/exe: the kernel names a process after the file it
	 * executes, and the server was `exe` to pidof, ps -C and top. */
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0 && (!had || kept) && setenv("GLIBC_TUNABLES", value, 1) == 0) {
		exe[n] = '\0';
		execv(exe, cli_argv());
		if (kept)
			setenv("GLIBC_TUNABLES", kept, 1);
		else
			unsetenv("GLIBC_TUNABLES");
	}
	free(kept);
	free(value);
#endif
}

/* Raises the limit of open files to what --max-sockets WebSockets and the plain connections
 * beside them take, as far as the hard limit allows (the default soft limit, 1,024, would
 * refuse connections long before 10,000 sockets). */
static void room_for_sockets(int max_sockets)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return;
	rlim_t want = (rlim_t)max_sockets + 2048;
	if (rl.rlim_max != RLIM_INFINITY && want > rl.rlim_max)
		want = rl.rlim_max;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
		return;
	rl.rlim_cur = want;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/* The signals that stop the server, blocked in every thread and awaited by main. */
static void block_stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, set, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* The settings of `quiver serve` before its options. */
static const qv__server_config serve_defaults = {.host = "127.0.0.1",
                                                 .port = 8080,
                                                 .db = "quiver.db",
                                                 .max_sockets_per_address = 32,
                                                 QV__SERVER_LIMITS};

/* A whole-number option of `quiver serve`: its index in serve_opts, its bounds, and the field
 * of the configuration it sets, an int or (seconds) a double. */
typedef struct serve_number {
	int opt;
	long lo, hi;
	size_t field;
	bool seconds;
} serve_number;

#define SERVE_INT(f)     offsetof(qv__server_config, f), false
#define SERVE_SECONDS(f) offsetof(qv__server_config, f), true

static const serve_number serve_numbers[] = {
    {1, 0, 65535, SERVE_INT(port)},
    {5, 1, 20000, SERVE_INT(max_sockets)},
    {6, 1, 64, SERVE_INT(threads)},
    {7, 1, 1000000, SERVE_INT(max_tables)},
    {10, 1, 20000, SERVE_INT(max_sockets_per_address)},
    {11, 1, 30 * 86400, SERVE_SECONDS(waiting_ttl)},
    {12, 1, 1000000, SERVE_INT(create_rate)},
    {13, 1, 1000000, SERVE_INT(address_tables)},
    {14, 1, 1000000, SERVE_INT(address_ai_tables)},
    {15, 1, 30 * 86400, SERVE_SECONDS(away_limit)},
    {16, 1, 365 * 86400, SERVE_SECONDS(idle_limit)},
    {17, 1, 100000, SERVE_INT(max_connections_per_address)},
    {20, 100, 600000, SERVE_INT(db_timeout_ms)},
    {22, 10, QV_REVIEW_ITERATIONS_MAX, SERVE_INT(review_iterations)},
    {24, 1, QV__STORE_CONNECTIONS_MAX, SERVE_INT(db_connections)},
    {25, 1, 30 * 86400, SERVE_SECONDS(challenge_ttl)},
};

/* Sets the whole-number option `opt` from its value v: 1 when it was one and is set, 0 when
 * `opt` is no whole-number option, -1 after a usage message. */
static int number_option(qv__server_config *cfg, int opt, const char *v)
{
	for (size_t i = 0; i < sizeof serve_numbers / sizeof serve_numbers[0]; i++) {
		const serve_number *n = &serve_numbers[i];
		if (n->opt != opt)
			continue;
		char name[64];
		long x;
		snprintf(name, sizeof name, "--%s", serve_opts[opt].name);
		if (!cli_long("serve", name, v, n->lo, n->hi, &x))
			return -1;
		if (n->seconds)
			*(double *)(void *)((char *)cfg + n->field) = (double)x;
		else
			*(int *)(void *)((char *)cfg + n->field) = (int)x;
		return 1;
	}
	return 0;
}

/* --log-level LEVEL, in force at once; false after a usage message. */
static bool log_level(const char *v)
{
	int level = qv__level_named(v);
	if (level < 0) {
		cli_usage("serve", "--log-level: '%s' is no level (expected error, warn or info)",
		          v);
		return false;
	}
	qv__oplog_level((qv__level)level);
	return true;
}

/* --id-prefix HEX: one or two lowercase hex digits; false after a usage message. */
static bool id_prefix(qv__server_config *cfg, const char *v)
{
	if (!v[0] || strlen(v) > QV__ID_PREFIX_MAX || strspn(v, "0123456789abcdef") != strlen(v)) {
		cli_usage("serve",
		          "--id-prefix: '%s' is not one or two lowercase hex "
		          "digits (e.g. 1 for the first process of a site)",
		          v);
		return false;
	}
	cfg->id_prefix = v;
	return true;
}

/* The folders given with --web, --rules and --tutorials (NULL: found by find_dir). */
typedef struct serve_dirs {
	const char *web, *rules, *tutorials;
} serve_dirs;

/* One option (cli_next's `opt`, with its value v) into cfg and d: -1 to go on, else the
 * command's exit code (after --help, --routes, or a usage message). */
static int serve_option(qv__server_config *cfg, serve_dirs *d, int opt, const char *v)
{
	int number = number_option(cfg, opt, v);
	if (number)
		return number < 0 ? CLI_EXIT_USAGE : -1;
	switch (opt) {
	case 0: cfg->host = v; break;
	case 2: cfg->db = v; break;
	case 3: d->web = v; break;
	case 4: d->rules = v; break;
	case 8: serve_help(); return CLI_EXIT_OK;
	case 9: d->tutorials = v; break;
	case 18: cfg->secure_cookies = true; break;
	case 19: return trusted_proxy(cfg, v) ? -1 : CLI_EXIT_USAGE;
	case 21: return log_level(v) ? -1 : CLI_EXIT_USAGE;
	case 23: return id_prefix(cfg, v) ? -1 : CLI_EXIT_USAGE;
	case 26: print_routes(); return CLI_EXIT_OK;
	case CLI_OPT_POSITIONAL:
		return cli_usage("serve",
		                 "unexpected argument '%s': quiver serve takes only "
		                 "options (see --help)",
		                 v);
	default: return CLI_EXIT_USAGE;
	}
	return -1;
}

/* The folders of the web client, the rules pages and the lessons into cfg: those given,
 * which must be folders, else found (find_dir; bufs holds them). The exit code of a usage
 * error, or 0. */
static int serve_folders(qv__server_config *cfg, const serve_dirs *d, char (*bufs)[PATH_MAX])
{
	if (d->web && !is_dir(d->web))
		return cli_usage("serve", "--web: '%s' is not a folder", d->web);
	if (d->rules && !is_dir(d->rules))
		return cli_usage("serve", "--rules: '%s' is not a folder", d->rules);
	if (d->tutorials && !is_dir(d->tutorials))
		return cli_usage("serve", "--tutorials: '%s' is not a folder", d->tutorials);
	cfg->web_dir = d->web ? d->web : find_dir("web", "web", bufs[0], PATH_MAX);
	cfg->rules_dir = d->rules ? d->rules : find_dir("rules", "docs/rules", bufs[1], PATH_MAX);
	cfg->tutorials_dir =
	    d->tutorials ? d->tutorials : find_dir("tutorials", "tutorials", bufs[2], PATH_MAX);
	if (!cfg->web_dir)
		fprintf(stderr,
		        "quiver serve: no web folder found (give --web DIR); serving the API "
		        "only\n");
	return CLI_EXIT_OK;
}

/* quiver serve: the options, the folders, then the server until SIGINT or SIGTERM. */
int cli_serve(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "serve", argc, argv);
	qv__server_config cfg = serve_defaults;
	serve_dirs d = {0};
	const char *v;
	int o, rc;
	while ((o = cli_next(&p, serve_opts, &v)) != CLI_OPT_END)
		if ((rc = serve_option(&cfg, &d, o, v)) >= 0)
			return rc;
	without_thread_caches();
	char bufs[3][PATH_MAX];
	if ((rc = serve_folders(&cfg, &d, bufs)))
		return rc;
	room_for_sockets(cfg.max_sockets);
	name_process();
	sigset_t stop;
	block_stop_signals(&stop);
	qv__server *srv;
	qv_err err;
	if (qv__server_start(&srv, &cfg, &err))
		return cli_fail("serve", "%s", err.msg);
	printf("serving http://%s:%d/\n", cfg.host, qv__server_port(srv));
	fflush(stdout);
	int sig;
	sigwait(&stop, &sig);
	qv__server_stop(srv);
	return CLI_EXIT_OK;
}
