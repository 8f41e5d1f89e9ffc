/*
 * learn.c - `quiver learn`: the interactive tutorials in the terminal. The lessons are the data
 * files of tutorials/<game>/ (include/quiver/lesson.h, docs/tutorials.md); the learner's
 * progress is kept in a small JSON file. `--check` plays lesson files as tests.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/cli.h"
#include "cli/term.h"
#include "games/json_util.h"
#include "quiver/lesson.h"

static const cli_opt learn_opts[] = {
    {"dir", "DIR"},     {"check", NULL},    {"rules", "FILE"}, {"progress", "FILE"},
    {"coverage", NULL}, {"no-color", NULL}, {"help", NULL},    {NULL, NULL},
};

enum { OPT_DIR, OPT_CHECK, OPT_RULES, OPT_PROGRESS, OPT_COVERAGE, OPT_NO_COLOR, OPT_HELP };

/* The most lessons of one game. */
#define LEARN_MAX_LESSONS 64

static void learn_help(void)
{
	printf(
	    "usage: quiver learn [<game> [<lesson>]] [options]\n"
	    "       quiver learn --check FILE... [--rules FILE [--coverage]]\n\n"
	    "Interactive lessons: each shows a position, explains a rule and asks you to find\n"
	    "the move that uses it. A wrong move gets a hint and is taken back. Without a game,\n"
	    "lists the games' lessons and your progress; with a game, goes on with its first\n"
	    "lesson you have not finished; a lesson is chosen by number or name.\n"
	    "At the prompt: an action, or hint, board, skip, quit.\n\n"
	    "  --dir DIR       the lessons' folder (default: the tutorials/ installed with quiver)\n"
	    "  --progress FILE where your progress is kept (default:\n"
	    "                  $XDG_STATE_HOME/quiver/learn.json, ~/.local/state/quiver/learn.json)\n"
	    "  --no-color      no colours even on a terminal\n"
	    "  --check         play the lesson FILEs as tests: the expected moves are legal, a\n"
	    "                  wrong move gets the hint and changes nothing, the replies apply,\n"
	    "                  every check holds; with --rules, every topic is a section (## ...)\n"
	    "                  of that rules page; with --coverage too, every rule section of\n"
	    "                  the page is taught by one of the FILEs\n"
	    "  -h, --help      this help\n\n"
	    "examples: quiver learn three-arrows\n"
	    "          quiver learn concardia 3\n");
}

/* ---- finding lessons ---- */

/* The lessons' folder: --dir, else tutorials/ next to the executable's folder (the build tree
 * and the source tree), else share/quiver/tutorials of the install prefix. */
static bool find_dir(const char *given, char *out, size_t len)
{
	if (given) {
		qv_copy(out, len, given);
		return true;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return false;
	*slash = '\0';
	static const char *const rel[] = {"/../tutorials", "/../share/quiver/tutorials",
	                                  "/../../tutorials"};
	for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
		struct stat sb;
		snprintf(out, len, "%s%s", exe, rel[i]);
		if (stat(out, &sb) == 0 && S_ISDIR(sb.st_mode))
			return true;
	}
	return false;
}

/* The lesson files of a game (sorted names like "01-first-piece.json"); returns the count
 * (names malloc'd into names[]), or -1 when the folder cannot be read. */
static int list_lessons(const char *dir, const char *game, char **names)
{
	return qv_lesson_list(dir, game, names, LEARN_MAX_LESSONS);
}

static void free_names(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
}

/* ---- progress ---- */

static void progress_path(const char *given, char *out, size_t len)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	if (given)
		qv_copy(out, len, given);
	else if (state && *state)
		snprintf(out, len, "%s/quiver/learn.json", state);
	else
		snprintf(out, len, "%s/.local/state/quiver/learn.json", home && *home ? home : ".");
}

/* The largest progress file read: a few lines per game, far below it; a larger file is not
 * one this command wrote. */
#define PROGRESS_MAX (1 << 20)

/* {"three-arrows": ["01-first-piece", ...], ...}; an absent, unreadable or broken file is
 * treated as no progress (it is rewritten whole on the next success). NULL when memory ran out
 * reading it: the file may hold progress, so it must not be rewritten then. */
static json_t *progress_load(const char *path)
{
	json_t *j = NULL;
	bool short_of_memory = false;
	FILE *f = fopen(path, "rb");
	if (f) {
		char *text = malloc(PROGRESS_MAX + 1);
		size_t n = text ? fread(text, 1, PROGRESS_MAX + 1, f) : 0;
		short_of_memory =
		    !text || (n <= PROGRESS_MAX && qv__json_parse(text, n, JSON_REJECT_DUPLICATES,
		                                                  &j, NULL) == QV_ENOMEM);
		free(text);
		fclose(f);
	}
	if (short_of_memory)
		return NULL;
	if (!json_is_object(j)) {
		json_decref(j);
		j = json_object();
	}
	return j;
}

static bool progress_has(const json_t *p, const char *game, const char *id)
{
	const json_t *done = json_object_get(p, game);
	for (size_t i = 0; json_is_array(done) && i < json_array_size(done); i++)
		if (json_is_string(json_array_get(done, i)) &&
		    strcmp(json_string_value(json_array_get(done, i)), id) == 0)
			return true;
	return false;
}

/* Creates the folders of path (like mkdir -p of its directory). */
static void make_parents(const char *path)
{
	char tmp[PATH_MAX];
	qv_copy(tmp, sizeof tmp, path);
	for (char *s = tmp + 1; *s; s++)
		if (*s == '/') {
			*s = '\0';
			mkdir(tmp, 0777);
			*s = '/';
		}
}

/* Marks a lesson finished and writes the file (atomically: a temporary file renamed). */
static void progress_mark(const char *path, const char *game, const char *id)
{
	json_t *p = progress_load(path);
	if (!p) {
		cli_fail("learn",
		         "out of memory reading your progress in %s: this lesson is not saved",
		         path);
		return;
	}
	if (!progress_has(p, game, id)) {
		json_t *done = json_object_get(p, game);
		if (!json_is_array(done)) {
			done = json_array();
			json_object_set_new(p, game, done);
		}
		json_array_append_new(done, json_string(id));
	}
	make_parents(path);
	char tmp[PATH_MAX + 8];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (json_dump_file(p, tmp, JSON_INDENT(2)) != 0 || rename(tmp, path) != 0)
		cli_fail("learn", "could not save your progress to %s: %s", path, strerror(errno));
	json_decref(p);
}

/* ---- a lesson in the terminal ---- */

typedef struct learner {
	cli_term t;
	bool echo;
	char *line;
	size_t cap;
} learner;

static void show_board(learner *L, const qv_match *m, int viewer)
{
	qv_buf b = {0};
	qv_match_render(m, viewer, (L->t.color ? QV_RENDER_COLOR : 0) | QV_RENDER_COMPACT, &b);
	printf("\n%s", qv_buf_str(&b));
	if (b.len && b.s[b.len - 1] != '\n')
		putchar('\n');
	qv_buf_free(&b);
}

/* One narrated line: what the other seats did and what happened, worded for the learner. */
static void say_line(void *ctx, const qv_log_line *l)
{
	(void)ctx;
	char who[8];
	if (l->consequence && l->about == QV_RULES)
		printf("      %s\n", l->text);
	else
		printf("%s%s: %s\n", l->consequence ? "      " : "  ",
		       qv_player_name(l->about, who), l->text);
}

/* Prints text wrapped at 78 columns. */
static void wrap(const char *text)
{
	int col = 0;
	const char *s = text;
	while (*s) {
		if (*s == '\n') {
			putchar('\n');
			col = 0;
			s++;
			continue;
		}
		size_t w = strcspn(s, " \n");
		if (col > 0 && col + 1 + (int)w > 78) {
			putchar('\n');
			col = 0;
		} else if (col > 0) {
			putchar(' ');
			col++;
		}
		fwrite(s, 1, w, stdout);
		col += (int)w;
		s += w;
		while (*s == ' ')
			s++;
	}
	if (col)
		putchar('\n');
}

enum { LESSON_DONE, LESSON_SKIPPED, LESSON_QUIT, LESSON_FAILED };

/* The learner's answers to step i of lesson l: the move it expects (with hints, and wrong
 * ones taken back) or Enter, or board, skip, quit. LESSON_DONE when the step is done, else
 * how the lesson ends. */
static int step_answer(learner *L, const qv_lesson *l, int i, qv_match *m)
{
	const qv_lesson_step *s = &l->steps[i];
	qv_err err;
	for (;;) {
		if (s->expect)
			printf("your move (or hint, board, skip, quit)> ");
		else
			printf("[Enter to go on, or skip, quit] ");
		if (!cli_read_line(&L->line, &L->cap, L->echo, NULL)) {
			printf("\n");
			return LESSON_QUIT;
		}
		char *in = cli_trim(L->line);
		if (qv_streq_nocase(in, "quit") || qv_streq_nocase(in, "exit"))
			return LESSON_QUIT;
		if (qv_streq_nocase(in, "skip"))
			return LESSON_SKIPPED;
		if (qv_streq_nocase(in, "board")) {
			show_board(L, m, l->learner);
			continue;
		}
		if (!s->expect) {
			if (qv_lesson_next(l, i, m, &err)) {
				cli_fail("learn", "%s", err.msg);
				return LESSON_FAILED;
			}
			return LESSON_DONE;
		}
		if (!*in)
			continue;
		if (qv_streq_nocase(in, "hint")) {
			wrap(s->hint ? s->hint
			             : "Read the text above once more: the move uses it.");
			continue;
		}
		qv_lesson_verdict v = qv_lesson_try(l, i, m, in, &err);
		if (v == QV_LESSON_RIGHT) {
			printf("Right.\n");
			return LESSON_DONE;
		}
		if (v == QV_LESSON_HINT) {
			printf("Not this one (taken back). ");
			wrap(err.msg);
		} else {
			printf("'%.60s%s' is not a move here: %s\n", in,
			       strlen(in) > 60 ? "..." : "", err.msg);
		}
	}
}

/* Plays one lesson; returns how it ended. */
static int run_lesson(learner *L, const qv_lesson *l, int number, int total)
{
	qv_match *m;
	qv_err err;
	if (qv_lesson_begin(l, &m, &err)) {
		cli_fail("learn", "%s", err.msg);
		return LESSON_FAILED;
	}
	printf("\n%s, lesson %d of %d: %s\n", l->game->title, number, total, l->title);
	int rc = LESSON_DONE;
	for (int i = 0; i < l->nsteps && rc == LESSON_DONE; i++) {
		const qv_lesson_step *s = &l->steps[i];
		printf("\n");
		wrap(s->text);
		show_board(L, m, l->learner);
		if (s->nhighlight) {
			printf("Look at:");
			for (int k = 0; k < s->nhighlight; k++)
				printf(" %s", s->highlight[k]);
			printf("\n");
		}
		int from = m->nhist;
		rc = step_answer(L, l, i, m);
		if (rc == LESSON_DONE) {
			qv_match_log(m, l->learner, from, say_line, NULL);
			if (qv_lesson_verify(l, i, m, &err)) {
				cli_fail("learn", "this lesson is broken: %s", err.msg);
				rc = LESSON_FAILED;
			}
		}
	}
	qv_match_free(m);
	if (rc == LESSON_DONE)
		printf("\nLesson complete: %s.\n", l->title);
	return rc;
}

/* ---- the command ---- */

/* `quiver learn` without a game: each game's lessons and how many are done. */
static int list_all(const char *dir, const char *progress)
{
	json_t *p = progress_load(progress);
	printf("Lessons (quiver learn <game> goes on where you stopped):\n");
	for (int g = 0; qv_games[g]; g++) {
		char *names[LEARN_MAX_LESSONS];
		int n = list_lessons(dir, qv_games[g]->name, names);
		int done = 0;
		for (int i = 0; i < n; i++) {
			char id[256];
			snprintf(id, sizeof id, "%.*s", (int)strlen(names[i]) - 5, names[i]);
			done += progress_has(p, qv_games[g]->name, id);
		}
		printf("  %-14s %-30s %d lesson%s, %d done\n", qv_games[g]->name,
		       qv_games[g]->title, n > 0 ? n : 0, n == 1 ? "" : "s", done);
		free_names(names, n > 0 ? n : 0);
	}
	json_decref(p);
	return CLI_EXIT_OK;
}

/* Offers a first game against `easy` once every lesson of the game is done. */
static int offer_game(learner *L, const qv_game *g)
{
	printf("\nYou have finished the lessons of %s. Play a game against the computer (easy) "
	       "now? [Y/n] ",
	       g->title);
	if (!cli_read_line(&L->line, &L->cap, L->echo, NULL))
		return CLI_EXIT_OK;
	char *in = cli_trim(L->line);
	if (*in && tolower((unsigned char)*in) != 'y')
		return CLI_EXIT_OK;
	char players[64] = "human";
	for (int i = 1; i < g->min_players; i++)
		strcat(players, ",easy");
	char *args[] = {"play", (char *)g->name, "--players", players, NULL};
	return cli_play(4, args);
}

/* The lesson of names[0..n-1] to start from: the one `which` names (by its name, without or
 * with its number, or by its number 1-n), or without it the first one not done yet (all done:
 * the first again). -1 when `which` names none. */
static int first_lesson(const qv_game *g, char **names, int n, const char *which,
                        const char *progress)
{
	int first = -1;
	json_t *p = progress_load(progress);
	if (which) {
		long k;
		for (int i = 0; i < n && first < 0; i++)
			if (strncmp(names[i], which, strlen(which)) == 0 ||
			    (strlen(names[i]) > 3 &&
			     strncmp(names[i] + 3, which, strlen(which)) == 0))
				first = i;
		if (first < 0 && qv_parse_long(which, &k) && k >= 1 && k <= n)
			first = (int)k - 1;
		json_decref(p);
		return first;
	}
	for (int i = 0; i < n && first < 0; i++) {
		char id[256];
		snprintf(id, sizeof id, "%.*s", (int)strlen(names[i]) - 5, names[i]);
		if (!progress_has(p, g->name, id))
			first = i;
	}
	json_decref(p);
	if (first < 0) {
		printf("You have done every lesson of %s; starting again from the first.\n",
		       g->title);
		first = 0;
	}
	return first;
}

/* Whether the progress file holds every lesson of g in dir as done. */
static bool every_done(const qv_game *g, const char *dir, const char *progress)
{
	json_t *now = progress_load(progress);
	bool every = true;
	char *again[LEARN_MAX_LESSONS];
	int k = list_lessons(dir, g->name, again);
	for (int i = 0; i < k; i++) {
		char id[256];
		snprintf(id, sizeof id, "%.*s", (int)strlen(again[i]) - 5, again[i]);
		every = every && progress_has(now, g->name, id);
	}
	free_names(again, k > 0 ? k : 0);
	json_decref(now);
	return every;
}

/* Plays lessons of game g from the chosen one (or the first unfinished). */
static int learn_game(learner *L, const qv_game *g, const char *dir, const char *which,
                      const char *progress)
{
	char *names[LEARN_MAX_LESSONS];
	int n = list_lessons(dir, g->name, names);
	if (n <= 0)
		return cli_fail("learn", "no lessons for %s in %s/%s", g->name, dir, g->name);
	int first = first_lesson(g, names, n, which, progress);
	if (first < 0) {
		free_names(names, n);
		return cli_usage("learn", "no lesson '%s' for %s: expected 1-%d or a lesson's name",
		                 which, g->name, n);
	}
	int rc = CLI_EXIT_OK;
	bool all_done = true;
	for (int i = first; i < n; i++) {
		char path[PATH_MAX * 2];
		qv_err err;
		qv_lesson *l;
		snprintf(path, sizeof path, "%s/%s/%s", dir, g->name, names[i]);
		if (qv_lesson_load_file(&l, path, &err)) {
			rc = cli_fail("learn", "%s", err.msg);
			break;
		}
		int r = run_lesson(L, l, i + 1, n);
		if (r == LESSON_DONE)
			progress_mark(progress, g->name, l->id);
		else
			all_done = false;
		qv_lesson_free(l);
		if (r == LESSON_QUIT) {
			printf("Your progress is saved; quiver learn %s goes on from here.\n",
			       g->name);
			break;
		}
		if (r == LESSON_FAILED) {
			rc = CLI_EXIT_RUNTIME;
			break;
		}
	}
	free_names(names, n);
	if (rc == CLI_EXIT_OK && all_done && every_done(g, dir, progress))
		rc = offer_game(L, g);
	return rc;
}

/* Reads the `## ` section titles of a rules page into titles (malloc'd); returns the count or
 * -1 when the file cannot be read. */
static int rules_sections(const char *path, char **titles, int max)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[512];
	int n = 0;
	while (fgets(line, sizeof line, f) && n < max) {
		if (strncmp(line, "## ", 3) != 0)
			continue;
		char *t = cli_trim(line + 3);
		if ((titles[n] = strdup(t)))
			n++;
	}
	fclose(f);
	return n;
}

/* Sections of a rules page that describe the page or the program rather than a rule of the
 * game; a lesson may teach them, but none has to (docs/tutorials.md). */
static const char *const not_rules[] = {"Parameters", "Legal order", "Readings", "Reference", NULL};

static bool is_rule_section(const char *title)
{
	for (int i = 0; not_rules[i]; i++)
		if (strcmp(not_rules[i], title) == 0)
			return false;
	return true;
}

/* --check FILE...: every lesson plays as its file says; with --rules, every topic names a
 * section of the rules page, and every rule section of the page is the topic of some lesson
 * among the files. */
static int check_files(int n, char **files, const char *rules, bool coverage)
{
	char *sections[256];
	bool taught[256] = {false};
	int nsec = 0;
	if (rules && (nsec = rules_sections(rules, sections, 256)) < 0)
		return cli_fail("learn", "cannot read the rules page '%s'", rules);
	int failed = 0;
	for (int i = 0; i < n; i++) {
		qv_lesson *l = NULL;
		qv_err err;
		qv_status rc = qv_lesson_load_file(&l, files[i], &err);
		if (!rc)
			rc = qv_lesson_check_all(l, &err);
		for (int t = 0; !rc && rules && t < l->ntopics; t++) {
			bool found = false;
			for (int k = 0; k < nsec && !found; k++)
				if (strcmp(sections[k], l->topics[t]) == 0)
					found = taught[k] = true;
			if (!found)
				rc = qv_fail(&err, QV_EINVAL,
				             "%s: topic '%s' is not a section (## ...) of %s",
				             l->id, l->topics[t], rules);
		}
		if (rc) {
			fprintf(stderr, "FAIL %s: %s\n", files[i], err.msg);
			failed++;
		} else {
			printf("ok %s: %s (%d steps)\n", files[i], l->title, l->nsteps);
		}
		qv_lesson_free(l);
	}
	for (int k = 0; rules && coverage && k < nsec; k++)
		if (!taught[k] && is_rule_section(sections[k])) {
			fprintf(stderr, "FAIL %s: no lesson teaches the section '## %s'\n", rules,
			        sections[k]);
			failed++;
		}
	free_names(sections, nsec);
	return failed ? CLI_EXIT_RUNTIME : CLI_EXIT_OK;
}

int cli_learn(int argc, char **argv)
{
	cli_parser p;
	cli_parser_init(&p, "learn", argc, argv);
	const char *dir_opt = NULL, *rules = NULL, *progress_opt = NULL, *v;
	bool check = false, no_color = false, coverage = false;
	char *pos[64];
	int npos = 0, o;
	while ((o = cli_next(&p, learn_opts, &v)) != CLI_OPT_END) {
		switch (o) {
		case OPT_DIR: dir_opt = v; break;
		case OPT_CHECK: check = true; break;
		case OPT_RULES: rules = v; break;
		case OPT_PROGRESS: progress_opt = v; break;
		case OPT_COVERAGE: coverage = true; break;
		case OPT_NO_COLOR: no_color = true; break;
		case OPT_HELP: learn_help(); return CLI_EXIT_OK;
		case CLI_OPT_POSITIONAL:
			if (npos == 64)
				return cli_usage("learn", "too many arguments");
			pos[npos++] = (char *)v;
			break;
		default: return CLI_EXIT_USAGE;
		}
	}
	if (check) {
		if (npos == 0)
			return cli_usage(
			    "learn", "--check needs lesson files: quiver learn --check FILE...");
		if (coverage && !rules)
			return cli_usage("learn", "--coverage needs --rules FILE");
		return check_files(npos, pos, rules, coverage);
	}
	if (rules || coverage)
		return cli_usage("learn", "--rules and --coverage go with --check");
	if (npos > 2)
		return cli_usage(
		    "learn", "unexpected argument '%s': expected quiver learn [<game> [<lesson>]]",
		    pos[2]);
	char dir[PATH_MAX], progress[PATH_MAX];
	if (!find_dir(dir_opt, dir, sizeof dir))
		return cli_fail(
		    "learn",
		    "cannot find the lessons' folder (tutorials/); give it with --dir DIR");
	progress_path(progress_opt, progress, sizeof progress);
	if (npos == 0)
		return list_all(dir, progress);
	const qv_game *g = cli_game("learn", pos[0]);
	if (!g)
		return CLI_EXIT_USAGE;
	learner L = {0};
	cli_term_setup(&L.t, !no_color);
	L.echo = !isatty(STDIN_FILENO);
	int rc = learn_game(&L, g, dir, npos > 1 ? pos[1] : NULL, progress);
	cli_term_done(&L.t);
	free(L.line);
	return rc;
}
