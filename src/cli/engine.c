/*
 * engine.c - `quiver engine`: the engine protocol (docs/protocol.md) on stdin and stdout, for
 * programs and scripted tests that drive quiver.
 */
#include "cli/cli.h"
#include "quiver/protocol.h"

static const cli_opt engine_opts[] = {
    {"seed", "S"},
    {"help", NULL},
    {"variant", "FILE"},
    {NULL, NULL},
};

/* The text of `quiver engine --help`. */
static void engine_help(void)
{
	printf("usage: quiver engine [--seed S] [--variant FILE]...\n\n"
	       "Reads protocol commands from stdin, one per line, and writes the replies to\n"
	       "stdout: `=[id] text` or `?[id] message`, each ended by an empty line. Bad input\n"
	       "gets a `?` reply and the session goes on; `quit` or end of input ends it.\n"
	       "See docs/protocol.md for the commands.\n\n"
	       "  --seed S     seed for new games, sampled chance outcomes and agents\n"
	       "               (default: 64 random bits from the system)\n"
	       "  --variant FILE  what `new` of the file's game plays with (docs/variants.md);\n"
	       "               repeatable, one per game\n"
	       "  -h, --help   this help\n\n"
	       "example: printf 'new three-arrows\\nlegal\\nquit\\n' | quiver engine --seed 1\n");
}

/* Parses --seed and hands stdin and stdout to the protocol until quit or end of input. */
int cli_engine(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "engine", argc, argv);
	uint64_t seed = 0;
	bool seeded = false;
	const char *v, *variants[QV_PROTOCOL_GAMES];
	int nvariants = 0;
	int o;
	while ((o = cli_next(&p, engine_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case 0:
			if (!cli_seed("engine", "seed", v, &seed))
				return CLI_EXIT_USAGE;
			seeded = true;
			break;
		case 1: engine_help(); return CLI_EXIT_OK;
		case 2:
			if (nvariants == QV_PROTOCOL_GAMES)
				return cli_usage("engine", "--variant given more than %d times",
				                 QV_PROTOCOL_GAMES);
			variants[nvariants++] = v;
			break;
		case CLI_OPT_POSITIONAL:
			return cli_usage(
			    "engine", "unexpected argument '%s': expected quiver engine [--seed S]",
			    v);
		default: return CLI_EXIT_USAGE;
		}
	}
	qv_protocol *proto = qv_protocol_new(seeded ? seed : cli_random_seed());
	if (!proto)
		return cli_fail("engine", "out of memory starting the protocol");
	for (int i = 0; i < nvariants; i++) {
		qv_buf said = {0};
		qv_err err;
		qv_status bad = qv_protocol_use_variant(proto, variants[i], &said, &err);
		qv_buf_free(&said);
		if (bad) {
			qv_protocol_free(proto);
			return cli_fail("engine", "--variant: %s", err.msg);
		}
	}
	int rc = qv_protocol_run(proto, stdin, stdout);
	qv_protocol_free(proto);
	return rc ? CLI_EXIT_RUNTIME : CLI_EXIT_OK;
}
