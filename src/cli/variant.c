/*
 * variant.c - `quiver variant`: a game's built-in components as a JSON file to start a variant
 * from (dump), the checker a designer runs after each edit (check), and the resolved file with
 * its SHA-256 (show). The format is docs/variants.md; the work is src/games/variant.c.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "quiver/variant.h"

static void variant_help(void)
{
	printf(
	    "usage: quiver variant dump <game>\n"
	    "       quiver variant check FILE...\n"
	    "       quiver variant show FILE [--json]\n\n"
	    "A variant is a JSON file that changes a game's components (pieces, cards, decks,\n"
	    "items, the die) without rebuilding quiver (docs/variants.md). Play or simulate one\n"
	    "with --variant FILE (quiver play, quiver arena, quiver engine).\n\n"
	    "  dump <game>   print the game's built-in components: a complete variant file to\n"
	    "                copy and edit\n"
	    "  check FILE... check variant files: every problem of a file (the first 20),\n"
	    "                one a line, named by the file (after the files whose extends\n"
	    "                led to it), the JSON path, the value and what is accepted;\n"
	    "                exits 1 if any file has one\n"
	    "  show FILE     print the file resolved (what it extends applied, every block\n"
	    "                complete), itself a variant file, and on stderr its SHA-256,\n"
	    "                which records and reports name it by\n"
	    "  --json        with show: not even the SHA-256 on stderr\n\n"
	    "example: quiver variant dump concardia > weak.json   (edit it, then)\n"
	    "         quiver variant check weak.json && quiver play concardia --variant weak.json\n");
}

static int dump(const char *name)
{
	const qv_game *g = cli_game("variant", name);
	if (!g)
		return CLI_EXIT_USAGE;
	qv_err err;
	const qv_variant *v = g->components ? qv_variant_base(g, &err) : NULL;
	if (!v)
		return cli_fail("variant", "%s",
		                g->components ? err.msg : "this game has no components");
	qv_buf out = {0};
	qv_variant_print(v, &out);
	fputs(qv_buf_str(&out), stdout);
	qv_buf_free(&out);
	return CLI_EXIT_OK;
}

static int check(int n, char **files)
{
	int bad = 0;
	for (int i = 0; i < n; i++) {
		qv_variant_problems problems;
		const qv_variant *v;
		if (qv_variant_check(files[i], NULL, &v, &problems)) {
			int listed =
			    problems.n < QV_VARIANT_PROBLEMS ? problems.n : QV_VARIANT_PROBLEMS;
			for (int k = 0; k < listed; k++)
				fprintf(stderr, "%s\n", problems.list[k].msg);
			if (problems.n > listed)
				fprintf(stderr,
				        "%s: %d more problems not listed (the first %d are)\n",
				        files[i], problems.n - listed, listed);
			bad++;
		} else {
			printf("%s: ok: %s variant \"%s\", sha256 %s%s\n", files[i], v->game->name,
			       v->name, v->sha256, v->builtin ? " (the built-in set)" : "");
		}
	}
	if (bad && n > 1)
		fprintf(stderr, "%d of %d files have a problem\n", bad, n);
	return bad ? CLI_EXIT_RUNTIME : CLI_EXIT_OK;
}

static int show(const char *file, bool json_only)
{
	qv_err err;
	const qv_variant *v;
	if (qv_variant_load(file, NULL, &v, &err))
		return cli_fail("variant", "%s", err.msg);
	qv_buf out = {0};
	qv_variant_print(v, &out);
	fputs(qv_buf_str(&out), stdout);
	qv_buf_free(&out);
	/* The hash on stderr: stdout is the document alone, a variant file to save or pipe. */
	if (!json_only)
		fprintf(stderr, "sha256 %s  %s variant \"%s\"%s\n", v->sha256, v->game->name,
		        v->name, v->builtin ? " (the built-in set)" : "");
	return CLI_EXIT_OK;
}

int cli_variant(int argc, char **argv)
{
	static const cli_opt opts[] = {{"json", NULL}, {"help", NULL}, {NULL, NULL}};
	enum { OPT_JSON, OPT_HELP };
	cli_parser p;
	cli_parser_init(&p, "variant", argc, argv);
	const char *v;
	char *pos[256];
	int npos = 0, o;
	bool json_only = false;
	while ((o = cli_next(&p, opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case OPT_JSON: json_only = true; break;
		case OPT_HELP: variant_help(); return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (npos == (int)(sizeof pos / sizeof pos[0]))
				return cli_usage("variant", "more than %d arguments",
				                 (int)(sizeof pos / sizeof pos[0]));
			pos[npos++] = (char *)v;
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	const char *what = npos ? pos[0] : NULL;
	if (!what)
		return cli_usage("variant", "expected dump <game>, check FILE... or show FILE");
	if (strcmp(what, "dump") == 0) {
		if (npos != 2)
			return cli_usage("variant", "expected quiver variant dump <game>");
		return json_only ? cli_usage("variant", "--json goes with show") : dump(pos[1]);
	}
	if (strcmp(what, "check") == 0) {
		if (npos < 2)
			return cli_usage("variant", "expected quiver variant check FILE...");
		return json_only ? cli_usage("variant", "--json goes with show")
		                 : check(npos - 1, pos + 1);
	}
	if (strcmp(what, "show") == 0) {
		if (npos != 2)
			return cli_usage("variant", "expected quiver variant show FILE");
		return show(pos[1], json_only);
	}
	return cli_usage("variant", "unknown action '%s': expected dump, check or show", what);
}

int cli_variant_param(const char *cmd, const qv_game *g, const char *path, qv_params *params)
{
	if (!path)
		return CLI_EXIT_OK;
	if (!g->components)
		return cli_usage(cmd, "--variant: %s has no components a variant may change",
		                 g->name);
	if (qv_params_get(params, "variant"))
		return cli_usage(cmd, "--variant and --param variant= both given: give one");
	qv_err err;
	const qv_variant *v;
	if (qv_variant_load(path, g, &v, &err))
		return cli_fail(cmd, "--variant: %s", err.msg);
	if (qv_params_set(params, "variant", v->builtin ? "base" : v->sha256, &err))
		return cli_usage(cmd, "--variant: %s", err.msg);
	return CLI_EXIT_OK;
}
