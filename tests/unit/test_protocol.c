/*
 * test_protocol.c - the engine protocol: exact replies of qv_protocol_handle (ids, comments,
 * errors, every command on THREE ARROWS), and qv_protocol_run over a file (long lines, CRLF,
 * end of input, quit).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "quiver/game.h"
#include "quiver/protocol.h"

/* A session with seed 1 (as in the scenario tests). */
static int setup(void **state)
{
	*state = qv_protocol_new(1);
	return *state ? 0 : -1;
}

/* Frees the session. */
static int teardown(void **state)
{
	qv_protocol_free(*state);
	return 0;
}

/* The whole reply to line (final empty line included); the caller frees it. */
static char *ask(qv_protocol *p, const char *line, bool *quit)
{
	qv_buf out = {0};
	bool q = qv_protocol_handle(p, line, &out);
	if (quit)
		*quit = q;
	char *s = strdup(qv_buf_str(&out));
	qv_buf_free(&out);
	assert_non_null(s);
	return s;
}

/* Sends line and checks the exact reply. */
static void expect(qv_protocol *p, const char *line, const char *want)
{
	char *got = ask(p, line, NULL);
	if (strcmp(got, want) != 0)
		fail_msg("command '%s':\nexpected [%s]\n     got [%s]", line, want, got);
	free(got);
}

/* Sends line and checks that the reply starts with want. */
static void expect_prefix(qv_protocol *p, const char *line, const char *want)
{
	char *got = ask(p, line, NULL);
	if (strncmp(got, want, strlen(want)) != 0)
		fail_msg("command '%s':\nexpected [%s...]\n     got [%s]", line, want, got);
	size_t n = strlen(got);
	assert_true(n >= 2 && got[n - 1] == '\n' && got[n - 2] == '\n');
	free(got);
}

/* The text of a one-line success reply ("= text"), without prefix and final lines. */
static char *ask_line(qv_protocol *p, const char *line)
{
	char *got = ask(p, line, NULL);
	if (strncmp(got, "= ", 2) != 0)
		fail_msg("command '%s': expected a success reply, got [%s]", line, got);
	size_t n = strlen(got);
	assert_true(n >= 4);
	got[n - 2] = '\0';
	assert_null(strchr(got, '\n'));
	memmove(got, got + 2, n - 3);
	return got;
}

/* Checks the reply shape every reply must have: "=" or "?", no trailing blank on a line, no
 * empty line but the last. */
static void check_shape(const char *reply)
{
	size_t n = strlen(reply);
	assert_true(n >= 3);
	assert_true(reply[0] == '=' || reply[0] == '?');
	assert_true(reply[n - 1] == '\n' && reply[n - 2] == '\n');
	for (size_t i = 0; i + 2 < n; i++) {
		assert_false(reply[i] == '\n' && reply[i + 1] == '\n');
		assert_false((reply[i] == ' ' || reply[i] == '\t') && reply[i + 1] == '\n');
	}
}

/* A THREE ARROWS position where p1 can attack c2 from c1 (strength 1 against 1). */
static const char *const attack_position = "load {\"game\":\"three-arrows\",\"state\":{\"board\":["
                                           "{\"sq\":\"c1\",\"owner\":\"p1\",\"piece\":\"A\"},"
                                           "{\"sq\":\"c2\",\"owner\":\"p2\",\"piece\":\"X\"}],"
                                           "\"players\":[{\"home\":\"S\"},{\"home\":\"N\"}]}}";

/* ---- framing -------------------------------------------------------------------------------- */

/* The identity commands. */
static void test_identity(void **state)
{
	qv_protocol *p = *state;
	expect(p, "protocol_version", "= 1\n\n");
	expect(p, "name", "= quiver\n\n");
	expect(p, "version", "= " QV_VERSION "\n\n");
	/* Every registered game, one per line, in registry order; three-arrows first. */
	char want[512] = "= ";
	for (int i = 0; qv_games[i]; i++) {
		strcat(want, qv_games[i]->name);
		strcat(want, "\n");
	}
	strcat(want, "\n");
	assert_string_equal(qv_games[0]->name, "three-arrows");
	assert_non_null(qv_games[1]);
	expect(p, "list_games", want);
}

/* Ids are echoed; blanks and a trailing CR are ignored; what is not an id is a command. */
static void test_ids_and_blanks(void **state)
{
	qv_protocol *p = *state;
	expect(p, "7 name", "=7 quiver\n\n");
	expect(p, "007 protocol_version", "=007 1\n\n");
	expect(p, "  name  ", "= quiver\n\n");
	expect(p, "name\r", "= quiver\n\n");
	expect(p, "\t3\tname", "=3 quiver\n\n");
	expect(p, "12", "?12 no command after the id: expected [id] command [arguments]\n\n");
	expect_prefix(p, "12abc name", "? unknown command '12abc' (commands: ");
	expect(
	    p, "5 frob",
	    "?5 unknown command 'frob' (commands: protocol_version, name, version, "
	    "list_games, new, variant, params, to_move, legal, play, acting, act, what, chance, settle, undo, "
	    "history, show, state, view, load, result, score, returns, log, genmove, "
	    "record, help, quit)\n\n");
	expect_prefix(p, "NAME", "? unknown command 'NAME'");
}

/* Empty lines and comments get no reply at all. */
static void test_comments_and_empty_lines(void **state)
{
	qv_protocol *p = *state;
	expect(p, "", "");
	expect(p, "   \t ", "");
	expect(p, "\r", "");
	expect(p, "# a comment", "");
	expect(p, "   # indented comment", "");
	bool quit = true;
	free(ask(p, "# quit", &quit));
	assert_false(quit);
}

/* A wrong number of arguments names the command's form. */
static void test_usage_errors(void **state)
{
	qv_protocol *p = *state;
	expect(p, "name please", "? usage: name\n\n");
	expect(p, "2 protocol_version 2", "?2 usage: protocol_version\n\n");
	expect(p, "new", "? usage: new <game> [key=value...]\n\n");
	expect(p, "load", "? usage: load <json>\n\n");
	expect(p, "new three-arrows", "=\n\n");
	expect(p, "play", "? usage: play <action>\n\n");
	expect(p, "view", "? usage: view <pN|all|public>\n\n");
	expect(p, "view p1 p2", "? usage: view <pN|all|public>\n\n");
	expect(p, "show p1 p2", "? usage: show [pN|all|public] [compact]\n\n");
	expect(p, "genmove", "? usage: genmove <agent>\n\n");
	expect(p, "undo 2",
	       "? unknown seat '2': expected undo, or undo p1-p2 followed by the other "
	       "seats played by people\n\n");
	expect(p, "undo p1 p2 p1 p2 p1 p2", "? usage: undo [pN [pM...]]\n\n");
	expect(p, "to_move", "= p1\n\n");
}

/* Game commands without a game say how to start one. */
static void test_no_game(void **state)
{
	qv_protocol *p = *state;
	static const char *const cmds[] = {
	    "params", "to_move", "legal",          "play place Y c1 N",
	    "chance", "settle",  "undo",           "history",
	    "show",   "state",   "view p1",        "result",
	    "score",  "returns", "genmove random", "record",
	};
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		expect(p, cmds[i], "? no game: start one with 'new <game>'\n\n");
	expect(p, "9 legal", "?9 no game: start one with 'new <game>'\n\n");
	/* Commands that need no game still work. */
	expect(p, "name", "= quiver\n\n");
	char *help = ask(p, "help", NULL);
	check_shape(help);
	assert_non_null(strstr(help, "\nquit "));
	assert_non_null(strstr(help, "\nnew <game> [key=value...] "));
	free(help);
}

/* quit replies and ends the session; with arguments it is a usage error. */
static void test_quit(void **state)
{
	qv_protocol *p = *state;
	bool quit = false;
	char *r = ask(p, "name", &quit);
	assert_false(quit);
	free(r);
	r = ask(p, "4 quit", &quit);
	assert_true(quit);
	assert_string_equal(r, "=4\n\n");
	free(r);
	r = ask(p, "quit now", &quit);
	assert_false(quit);
	assert_string_equal(r, "? usage: quit\n\n");
	free(r);
}

/* ---- a game of THREE ARROWS ------------------------------------------------------------------ */

/* new with parameters, params listing them, and failed news keeping the game. */
static void test_new_and_params(void **state)
{
	qv_protocol *p = *state;
	expect(p, "new three-arrows", "=\n\n");
	expect(p, "to_move", "= p1\n\n");
	expect(p, "params", "= players=2\nsize=6\nmode=standard\nmax_turns=400\nvariant=base\n\n");
	expect(p, "new three-arrows players=3 mode=tactical", "=\n\n");
	expect(p, "params", "= players=3\nsize=6\nmode=tactical\nmax_turns=400\nvariant=base\n\n");
	/* A bad new leaves the previous game. */
	expect(p, "new three-arrows size=9", "? bad value '9' for size: expected 6, 7 or 8\n\n");
	expect_prefix(p, "new three-arrows colour=red",
	              "? unknown parameter 'colour' for three-arrows");
	expect(p, "new three-arrows size", "? 'size' is not a parameter: expected key=value\n\n");
	expect_prefix(p, "new chess", "? unknown game 'chess' (known: three-arrows");
	expect(p, "params", "= players=3\nsize=6\nmode=tactical\nmax_turns=400\nvariant=base\n\n");
}

/* play, undo and history, and errors that change nothing. */
static void test_play_undo_history(void **state)
{
	qv_protocol *p = *state;
	expect(p, "new three-arrows", "=\n\n");
	expect(p, "history", "=\n\n");
	expect(p, "undo", "? nothing to undo\n\n");
	expect(p, "play place Y c1 N", "=\n\n");
	expect(p, "to_move", "= p2\n\n");
	expect(p, "history", "= place Y c1 N\n\n");
	char *before = ask_line(p, "state");
	expect_prefix(p, "play attack c1 c2", "? illegal action 'attack c1 c2': ");
	expect_prefix(p, "play place Q c1 N", "? ");
	expect_prefix(p, "play    ", "? usage: play <action>");
	char *after = ask_line(p, "state");
	assert_string_equal(before, after);
	free(before);
	free(after);
	expect(p, "play place X f4 N shielded", "=\n\n");
	expect(p, "history", "= place Y c1 N\nplace X f4 N shielded\n\n");
	expect(p, "1 undo", "=1\n\n");
	expect(p, "history", "= place Y c1 N\n\n");
	expect(p, "undo", "=\n\n");
	expect(p, "to_move", "= p1\n\n");
	expect(p, "undo", "? nothing to undo\n\n");
	expect(p, "result", "= not over\n\n");
	expect(p, "score", "= p1 0\np2 0\n\n");
}

/* The legal list in the game's order. */
static void test_legal(void **state)
{
	qv_protocol *p = *state;
	expect(p, "new three-arrows", "=\n\n");
	char *legal = ask(p, "legal", NULL);
	check_shape(legal);
	assert_true(strncmp(legal, "= place A b1 N\nplace A b1 N covered\n", 36) == 0);
	assert_non_null(strstr(legal, "\nplace Y c1 N\n"));
	assert_null(strstr(legal, "place A a1"));
	free(legal);
}

/* legal, chance, settle, play of an outcome and the end of a game. */
static void test_chance_commands(void **state)
{
	qv_protocol *p = *state;
	expect(p, attack_position, "=\n\n");
	expect(p, "chance", "? chance is not to move (p1 is)\n\n");
	expect(p, "settle", "=\n\n");
	expect(p, "play attack c1 c2", "=\n\n");
	expect(p, "to_move", "= chance\n\n");
	expect(p, "legal", "= die +1\t0.333333\ndie 0\t0.333333\ndie -1\t0.333333\n\n");
	expect(p, "genmove random", "? chance is to move: use 'chance' or 'settle'\n\n");
	char *die = ask_line(p, "chance");
	assert_true(strcmp(die, "die +1") == 0 || strcmp(die, "die 0") == 0 ||
	            strcmp(die, "die -1") == 0);
	free(die);
	expect(p, "undo", "=\n\n");
	expect(p, "to_move", "= chance\n\n");
	die = ask_line(p, "settle");
	assert_true(strncmp(die, "die ", 4) == 0);
	free(die);
	expect(p, "undo", "=\n\n");
	expect(p, "play die 0", "=\n\n");
	expect(p, "history", "= attack c1 c2\ndie 0\n\n");
	expect(p, "to_move", "= p2\n\n");
	expect(p, "undo", "=\n\n");
	expect(p, "play die +1", "=\n\n");
	/* 2 against 1: p2's only piece is captured and the game is over. */
	expect(p, "to_move", "= over\n\n");
	expect(p, "legal", "=\n\n");
	expect(p, "result", "= p1 1 1\np2 2 0\n\n");
	expect(p, "score", "= p1 1\np2 0\n\n");
	expect(p, "returns", "= p1 1\np2 -1\n\n");
	expect(p, "play stay", "? the game is over\n\n");
	expect(p, "chance", "? the game is over\n\n");
	expect(p, "genmove random", "? the game is over\n\n");
	expect(p, "settle", "=\n\n");
	char *rec = ask_line(p, "record");
	assert_non_null(strstr(rec, "\"actions\":[\"attack c1 c2\",\"die +1\"],\"result\":["
	                            "{\"player\":\"p1\",\"rank\":1,\"score\":1},{\"player\":"
	                            "\"p2\",\"rank\":2,\"score\":0}]}"));
	assert_non_null(strstr(rec, "\"start\":{"));
	/* The record replays to the same end. */
	char *load = malloc(strlen(rec) + 8);
	sprintf(load, "load %s", rec);
	expect(p, "new three-arrows", "=\n\n");
	expect(p, load, "=\n\n");
	expect(p, "result", "= p1 1 1\np2 2 0\n\n");
	expect(p, "history", "= attack c1 c2\ndie +1\n\n");
	free(load);
	free(rec);
}

/* state round-trips through load; bad loads keep the game. */
static void test_state_and_load(void **state)
{
	qv_protocol *p = *state;
	expect(p, "new three-arrows", "=\n\n");
	expect(p, "play place Y c1 N", "=\n\n");
	char *st = ask_line(p, "state");
	static const char head[] =
	    "{\"game\":\"three-arrows\",\"params\":{\"players\":2,"
	    "\"size\":6,\"mode\":\"standard\",\"max_turns\":400,\"variant\":\"base\"},"
	    "\"variant\":{\"name\":\"base\",\"sha256\":\"";
	assert_true(strncmp(st, head, sizeof head - 1) == 0);
	assert_non_null(strstr(st, "\"},\"seed\":\"1\",\"to_move\":\"p2\",\"state\":{"));
	char *load = malloc(strlen(st) + 8);
	sprintf(load, "load %s", st);
	expect(p, "new three-arrows size=8", "=\n\n");
	expect(p, load, "=\n\n");
	char *again = ask_line(p, "state");
	assert_string_equal(st, again);
	expect(p, "history", "=\n\n");
	expect(p, "to_move", "= p2\n\n");
	/* Bad loads change nothing. */
	expect_prefix(p, "load {\"game\":", "? broken JSON at line 1, column ");
	expect_prefix(p, "load [1]", "? expected a JSON object with \"game\"");
	expect_prefix(p, "load {\"game\":\"three-arrows\",\"seed\":\"-1\",\"actions\":[]}",
	              "? seed: expected a string of decimal digits");
	expect_prefix(p, "load {\"game\":\"three-arrows\",\"seed\":1.5,\"actions\":[]}",
	              "? seed: expected a string of decimal digits");
	expect_prefix(p, "load {\"game\":\"three-arrows\",\"actions\":[\"place Y c1 N\",\"jump\"]}",
	              "? action 2 ('jump'): ");
	expect_prefix(p,
	              "load {\"game\":\"three-arrows\",\"actions\":[\"place Y c1 N\","
	              "\"place Y c1 N\"]}",
	              "? action 2 ('place Y c1 N'): ");
	free(again);
	again = ask_line(p, "state");
	assert_string_equal(st, again);
	free(again);
	free(load);
	free(st);
}

/* Views and diagrams for every kind of viewer. */
static void test_view_and_show(void **state)
{
	qv_protocol *p = *state;
	expect(p, "new three-arrows", "=\n\n");
	expect(p, "play place Y c1 N covered", "=\n\n");
	char *v = ask_line(p, "view p1");
	assert_non_null(strstr(v, "\"viewer\":\"p1\",\"to_move\":\"p2\",\"view\":{"));
	assert_null(strstr(v, "\"legal\""));
	assert_non_null(strstr(v, "\"piece\":\"Y\""));
	free(v);
	v = ask_line(p, "view p2");
	assert_non_null(strstr(v, "\"legal\":[\"place A a2 N\","));
	assert_null(strstr(v, "\"piece\":\"Y\""));
	free(v);
	expect(p, "view p3", "? unknown viewer 'p3': expected p1-p2, all or public\n\n");
	expect(p, "show nobody", "? unknown viewer 'nobody': expected p1-p2, all or public\n\n");
	static const char *const shows[] = {"show", "show all", "show p1", "show p2",
	                                    "show public"};
	for (size_t i = 0; i < sizeof shows / sizeof shows[0]; i++) {
		char *r = ask(p, shows[i], NULL);
		check_shape(r);
		assert_true(r[0] == '=');
		assert_null(strchr(r, '\033'));
		assert_true(strchr(r, '\n') < r + strlen(r) - 2); /* several lines */
		free(r);
	}
}

/* genmove plays and echoes, names the seat in the record, and is reproducible. */
static void test_genmove(void **state)
{
	qv_protocol *p = *state;
	expect(p, "new three-arrows", "=\n\n");
	char *a1 = ask_line(p, "genmove random");
	char *a2 = ask_line(p, "genmove greedy");
	char *hist = ask(p, "history", NULL);
	char want[512];
	snprintf(want, sizeof want, "= %s\n%s\n\n", a1, a2);
	assert_string_equal(hist, want);
	free(hist);
	char *rec = ask_line(p, "record");
	assert_non_null(strstr(rec, "\"players\":[\"random\",\"greedy\"]"));
	free(rec);
	expect_prefix(p, "genmove nosuch", "? unknown agent 'nosuch'");
	expect_prefix(p, "genmove random:seed=x", "? ");
	expect(p, "history", want);
	/* The same session seed plays the same game. */
	qv_protocol *q = qv_protocol_new(1);
	expect(q, "new three-arrows", "=\n\n");
	char *b1 = ask_line(q, "genmove random");
	assert_string_equal(a1, b1);
	free(b1);
	qv_protocol_free(q);
	free(a1);
	free(a2);
}

/* Replies of random sessions always have the protocol's shape. */
static void test_reply_shape(void **state)
{
	qv_protocol *p = *state;
	static const char *const cmds[] = {
	    "new three-arrows", "legal",  "genmove random", "show",       "show p2", "settle",
	    "history",          "state",  "view p1",        "record",     "result",  "score",
	    "returns",          "params", "help",           "list_games", "undo",    "frob",
	    "play x",           "chance", "to_move",
	};
	for (int round = 0; round < 3; round++)
		for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
			char *r = ask(p, cmds[i], NULL);
			check_shape(r);
			free(r);
		}
}

/* ---- qv_protocol_run ------------------------------------------------------------------------ */

/* Runs the protocol over `in` (n bytes) and returns everything it wrote. */
static char *run(const char *in, size_t n)
{
	FILE *fin = tmpfile(), *fout = tmpfile();
	assert_non_null(fin);
	assert_non_null(fout);
	assert_int_equal(fwrite(in, 1, n, fin), n);
	rewind(fin);
	qv_protocol *p = qv_protocol_new(1);
	assert_int_equal(qv_protocol_run(p, fin, fout), 0);
	qv_protocol_free(p);
	long len = ftell(fout);
	rewind(fout);
	char *out = calloc(1, (size_t)len + 1);
	assert_int_equal(fread(out, 1, (size_t)len, fout), (size_t)len);
	fclose(fin);
	fclose(fout);
	return out;
}

/* qv_protocol_run: comments, CRLF, quit, end of input, NUL bytes. */
static void test_run(void **state)
{
	(void)state;
	static const char in[] = "name\n\n# comment\n1 protocol_version\r\nnew three-arrows\n"
	                         "to_move\nquit\nname\n";
	char *out = run(in, sizeof in - 1);
	assert_string_equal(out, "= quiver\n\n=1 1\n\n=\n\n= p1\n\n=\n\n");
	free(out);

	/* End of input ends the session; a last line without newline still counts. */
	static const char eof[] = "name\nversion";
	out = run(eof, sizeof eof - 1);
	assert_string_equal(out, "= quiver\n\n= " QV_VERSION "\n\n");
	free(out);
	out = run("", 0);
	assert_string_equal(out, "");
	free(out);

	static const char nul[] = "na\0me\nname\n";
	out = run(nul, sizeof nul - 1);
	assert_string_equal(out, "? line contains a NUL byte\n\n= quiver\n\n");
	free(out);
}

/* qv_protocol_run: a line of exactly the limit is accepted, longer ones are refused. */
static void test_run_long_lines(void **state)
{
	(void)state;
	size_t max = QV_PROTOCOL_LINE_MAX;
	char *in = malloc(3 * max + 100);
	size_t n = 0;
	/* Exactly the limit: accepted (and rejected as an action, not as too long). */
	n += (size_t)sprintf(in + n, "play ");
	memset(in + n, 'x', max - 5);
	n += max - 5;
	in[n++] = '\n';
	/* One byte over (with a CR that does not count): too long, skipped to its end. */
	memset(in + n, 'y', max + 1);
	n += max + 1;
	in[n++] = '\r';
	in[n++] = '\n';
	/* Far over, with an id that cannot be honoured. */
	n += (size_t)sprintf(in + n, "5 name ");
	memset(in + n, 'z', max + 10);
	n += max + 10;
	in[n++] = '\n';
	n += (size_t)sprintf(in + n, "2 name\n");
	char *out = run(in, n);
	char want[256];
	snprintf(want, sizeof want,
	         "? no game: start one with 'new <game>'\n\n"
	         "? line too long (more than %u bytes)\n\n"
	         "? line too long (more than %u bytes)\n\n"
	         "=2 quiver\n\n",
	         QV_PROTOCOL_LINE_MAX, QV_PROTOCOL_LINE_MAX);
	assert_string_equal(out, want);
	free(out);
	free(in);
}

/* Runs every test, each on a fresh session. */
int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_identity, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ids_and_blanks, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_comments_and_empty_lines, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_usage_errors, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_no_game, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_quit, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_new_and_params, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_play_undo_history, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_legal, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_chance_commands, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_state_and_load, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_view_and_show, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_genmove, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_reply_shape, setup, teardown),
	    cmocka_unit_test(test_run),
	    cmocka_unit_test(test_run_long_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
