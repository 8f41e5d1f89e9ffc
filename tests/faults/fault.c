/*
 * fault.c - the failing allocator and the fault loop of fault.h.
 *
 * The wrappers are reached by the linker's --wrap: a call to malloc in any object of the test
 * executable (the static libraries included) becomes a call to __wrap_malloc, and
 * __real_malloc is the allocator the build would have used. Only the thread that runs the
 * scenario counts (see scenario_thread), so every run of a scenario allocates alike.
 */
#include "fault.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>
#include <sqlite3.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);

static atomic_bool armed;
/* Only the thread that runs the scenario counts: a background thread's allocations (the
 * store's checkpointer) come at times no run can repeat. */
static _Thread_local bool scenario_thread;
static atomic_int paused;
static atomic_long counted;
static long fail_at;
static _Atomic fault_where fired;

/* Whether this allocation is the one to refuse. */
static bool refuse(fault_where where)
{
	if (!scenario_thread || !atomic_load(&armed) || atomic_load(&paused) > 0)
		return false;
	long k = atomic_fetch_add(&counted, 1) + 1;
	if (k != fail_at)
		return false;
	atomic_store(&fired, where);
	return true;
}

void *__wrap_malloc(size_t n) { return refuse(FAULT_LIBC) ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t k, size_t n) { return refuse(FAULT_LIBC) ? NULL : __real_calloc(k, n); }
void *__wrap_realloc(void *p, size_t n) { return refuse(FAULT_LIBC) ? NULL : __real_realloc(p, n); }
char *__wrap_strdup(const char *s) { return refuse(FAULT_LIBC) ? NULL : __real_strdup(s); }

static void *json_alloc(size_t n) { return refuse(FAULT_JSON) ? NULL : __real_malloc(n); }

/* SQLite's own allocator (the default methods), with the refusal in front. */
static sqlite3_mem_methods sqlite_real;

static void *sqlite_alloc(int n) { return refuse(FAULT_SQLITE) ? NULL : sqlite_real.xMalloc(n); }
static void *sqlite_grow(void *p, int n)
{
	return refuse(FAULT_SQLITE) ? NULL : sqlite_real.xRealloc(p, n);
}

void fault_init(void)
{
	json_set_alloc_funcs(json_alloc, free);
	sqlite3_mem_methods mine;
	if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &sqlite_real) != SQLITE_OK) {
		fprintf(stderr, "fault: SQLite's allocator cannot be read\n");
		exit(2);
	}
	mine = sqlite_real;
	mine.xMalloc = sqlite_alloc;
	mine.xRealloc = sqlite_grow;
	/* Without its memory statistics SQLite calls the methods directly, so each of its
	 * allocations is counted once. */
	if (sqlite3_config(SQLITE_CONFIG_MALLOC, &mine) != SQLITE_OK ||
	    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) != SQLITE_OK) {
		fprintf(stderr, "fault: SQLite's allocator cannot be replaced\n");
		exit(2);
	}
}

void fault_pause(void) { atomic_fetch_add(&paused, 1); }
void fault_resume(void) { atomic_fetch_sub(&paused, 1); }

/* ---- the loop ------------------------------------------------------------------------------ */

/* What the reference run saw at each step. */
typedef struct ref_step {
	qv_status rc;
	char *out, *print;
	long counted; /* allocations counted when the step ended */
} ref_step;

static struct {
	const char *name;
	long n;        /* the allocation refused in this run (0: none, the reference) */
	int step;      /* steps made in this run */
	ref_step *ref; /* the reference run's steps */
	int nref, capref;
	bool failed; /* this run found a difference */
	int reports; /* differences printed, all runs */
} run;

#define MAX_REPORTS      20
#define FAULT_MAX_STRIDE 64 /* the largest FAULT_STRIDE */

/* Where two texts first differ, with some context: the whole texts can be long. */
static const char *excerpt(const char *s, size_t at, char *buf, size_t len)
{
	size_t from = at > 160 ? at - 160 : 0;
	snprintf(buf, len, "%s%.400s%s", from ? "..." : "", s + from,
	         strlen(s + from) > 400 ? "..." : "");
	return buf;
}

static void report(const char *what, const char *fmt, const char *a, const char *b)
{
	if (run.failed)
		return; /* the first difference of a run is the one that matters */
	run.failed = true;
	bool brief = getenv("FAULT_BRIEF") != NULL; /* one line per run, all runs */
	if (++run.reports > MAX_REPORTS && !brief)
		return;
	fprintf(stderr, "%s: allocation %ld refused, step %d (%s): ", run.name, run.n, run.step,
	        what);
	if (brief) {
		fprintf(stderr, "%.40s\n", fmt);
		return;
	}
	size_t at = 0;
	while (a[at] && a[at] == b[at])
		at++;
	char ea[600], eb[600];
	fprintf(stderr, fmt, excerpt(a, at, ea, sizeof ea), excerpt(b, at, eb, sizeof eb));
	fputc('\n', stderr);
}

static char *take(qv_buf *b)
{
	char *s = __real_strdup(qv_buf_str(b));
	qv_buf_free(b);
	if (!s) {
		fprintf(stderr, "fault: out of memory in the test itself\n");
		exit(2);
	}
	return s;
}

static char *fingerprint(fault_print print, void *ctx)
{
	qv_buf b = {0};
	fault_pause();
	print(ctx, &b);
	char *s = take(&b);
	fault_resume();
	return s;
}

/* An empty buffer with room for any answer, so that the test's own writing allocates nothing
 * while counting. */
static void room(qv_buf *b)
{
	fault_pause();
	*b = (qv_buf){0};
	for (int i = 0; i < 1 << 12; i++)
		qv_buf_puts(b, "0123456789abcdef");
	qv_buf_clear(b);
	fault_resume();
}

void fault_step(const char *what, fault_call call, fault_print print, void *ctx)
{
	run.step++;
	fault_where was = atomic_load(&fired);
	/* A run is the reference run until its refusal, which falls in the step that reaches
	 * allocation n: only that step needs the state from before, and only the steps from it
	 * on can differ from the reference. */
	const ref_step *r = run.n > 0 && run.step <= run.nref ? &run.ref[run.step - 1] : NULL;
	bool this_step = run.n == 0 || !r || (was == FAULT_NONE && run.n <= r->counted);
	char *before = this_step ? fingerprint(print, ctx) : NULL;
	qv_buf out;
	room(&out);
	qv_err err = {{0}};
	qv_status rc = call(ctx, &out, &err);
	fault_where now = atomic_load(&fired);
	bool usual = r && r->rc == rc;
	if (now != FAULT_NONE && was == FAULT_NONE && !before) {
		report(what, "%s%s", "the refusal fell in another step than in the reference run ",
		       "(the scenario is not deterministic)");
	} else if (now != FAULT_NONE && was == FAULT_NONE && rc != QV_OK && !usual) {
		/* The refusal fell in this call and made it fail (not as it fails without one). */
		char code[64];
		snprintf(code, sizeof code, "%d (%s)", rc, qv_strerror(rc));
		if (rc != QV_ENOMEM)
			report(what, "failed with %s, not out of memory: %s", code, err.msg);
		char *after = fingerprint(print, ctx);
		if (strcmp(before, after) != 0)
			report(what, "a refused call changed the state:\nbefore:\n%s\nafter:\n%s",
			       before, after);
		free(after);
		qv_buf_free(&out);
		room(&out);
		err = (qv_err){{0}};
		rc = call(ctx, &out, &err);
	}
	free(before);
	char *text = take(&out);
	if (run.n > 0 && now == FAULT_NONE) {
		free(text); /* still the reference run */
		return;
	}
	char *print_now = fingerprint(print, ctx);
	if (run.n == 0) {
		if (getenv("FAULT_STEPS")) /* where the allocations are, to keep a scenario short */
			fprintf(stderr, "%s: step %d (%s): %ld allocations so far; rc %d: %.200s\n",
			        run.name, run.step, what, atomic_load(&counted), (int)rc, text);
		if (run.nref == run.capref) {
			run.capref = run.capref ? 2 * run.capref : 64;
			run.ref = __real_realloc(run.ref, (size_t)run.capref * sizeof *run.ref);
			if (!run.ref)
				exit(2);
		}
		run.ref[run.nref++] = (ref_step){rc, text, print_now, atomic_load(&counted)};
		return;
	}
	if (!r) {
		report(what, "%s%s", "a step the reference run did not make", "");
	} else {
		char a[32], b[32];
		snprintf(a, sizeof a, "%d", r->rc);
		snprintf(b, sizeof b, "%d", rc);
		if (r->rc != rc)
			report(what, "status %s expected, %s returned", a, b);
		else if (strcmp(r->out, text) != 0)
			report(what, "answer differs:\nexpected:\n%s\ngot:\n%s", r->out, text);
		else if (strcmp(r->print, print_now) != 0)
			report(what, "state differs:\nexpected:\n%s\ngot:\n%s", r->print,
			       print_now);
	}
	free(text);
	free(print_now);
}

/* The process's processor time: the bound holds on a loaded machine, where the runs wait
 * their turn (ctest's timeout bounds the wall clock). */
static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs the scenario with allocation n refused; returns the allocations it counted. */
static long one_run(void (*scenario)(void), long n)
{
	run.n = n;
	run.step = 0;
	run.failed = false;
	fail_at = n;
	atomic_store(&fired, FAULT_NONE);
	atomic_store(&counted, 0);
	atomic_store(&armed, true);
	scenario();
	atomic_store(&armed, false);
	if (n > 0 && run.step != run.nref)
		report("the end", "%s%s", "the run made a different number of steps", "");
	return atomic_load(&counted);
}

int fault_loop(const char *name, void (*scenario)(void), long max_runs, double max_seconds)
{
	const char *pick = getenv("FAULT_LOOP"); /* only the loop of that name */
	if (pick && strcmp(pick, name) != 0)
		return 0;
	run.name = name;
	run.nref = 0;
	scenario_thread = true;
	int bad = 0;
	/* FAULT_N=n runs only the reference and run n (to debug one refusal). */
	const char *only = getenv("FAULT_N"), *from = getenv("FAULT_FROM"); /* from n on */
	/* FAULT_STRIDE=k and FAULT_START=s refuse allocations s, s + k, s + 2k, ... and the last;
	 * FAULT_START may list several starts, "1,2,3", each taken modulo the stride (make test
	 * refuses one in 32 in each of its two runs, from different starts); by default every
	 * one. */
	long stride = getenv("FAULT_STRIDE") ? atol(getenv("FAULT_STRIDE")) : 1;
	if (stride < 1)
		stride = 1;
	bool starts[FAULT_MAX_STRIDE] = {false}; /* starts[r]: n = r (mod stride) is run */
	int nstarts = 0;
	const char *list = getenv("FAULT_START") ? getenv("FAULT_START") : "1";
	for (const char *p = list; *p;) {
		char *end;
		long s = strtol(p, &end, 10);
		if (end == p || s < 1 || stride > FAULT_MAX_STRIDE) {
			fprintf(stderr,
			        "%s: FAULT_START=%s FAULT_STRIDE=%ld: expected starts 1, 2, ... "
			        "separated by commas, and a stride of at most %d\n",
			        name, list, stride, FAULT_MAX_STRIDE);
			return 1;
		}
		nstarts += !starts[s % stride];
		starts[s % stride] = true;
		p = *end == ',' ? end + 1 : end;
	}
	long total = one_run(scenario, 0);
	double start = seconds();
	for (long n = 1; nstarts > 0 && n <= total; n++) {
		if (n < total && !starts[n % stride])
			continue;
		if (only && n != atol(only))
			continue;
		if (from && n < atol(from))
			continue;
		if (n > max_runs || seconds() - start > max_seconds) {
			fprintf(stderr,
			        "%s: stopped at allocation %ld of %ld: the bound of %ld runs or "
			        "%.0f s of processor time was reached first\n",
			        name, n, total, max_runs, max_seconds);
			bad = 1;
			break;
		}
		long made = one_run(scenario, n);
		bad |= run.failed;
		if (made < n)
			break; /* nothing was refused: every allocation of the scenario was tried */
	}
	for (int i = 0; i < run.nref; i++) {
		free(run.ref[i].out);
		free(run.ref[i].print);
	}
	free(run.ref);
	run.ref = NULL;
	run.capref = 0;
	if (run.reports > MAX_REPORTS)
		fprintf(stderr, "%s: %d more differences not shown\n", name,
		        run.reports - MAX_REPORTS);
	if (stride > 1)
		printf("%s: %ld allocations, %d in %ld (FAULT_START=%s) refused in turn: %s\n",
		       name, total, nstarts, stride, list, bad ? "FAILED" : "ok");
	else
		printf("%s: %ld allocations, each refused in turn: %s\n", name, total,
		       bad ? "FAILED" : "ok");
	return bad;
}
