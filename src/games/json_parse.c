/*
 * json_parse.c - the one way quiver reads JSON it did not write itself in this process: a
 * request's body, a WebSocket message, a record, a state to load, a variant document, a lesson,
 * the lab's files, what the server's store kept (json_util.h, qv__json_parse).
 *
 * jansson 2.14 cannot be handed such text as it is, for two reasons.
 *
 * Depth. Its parser recurses once per level of nesting, up to 2,048 levels, and so does
 * json_decref on the tree it builds. The server's requests ran on CivetWeb's threads then, with
 * 100 KiB of stack (a request worker has 512 KiB now), and a body of 1,000 '[' (2 KB)
 * overflowed one: a single request killed the server. So one pass over the bytes
 * comes first (qv__json_measure): it keeps the depth of arrays and objects outside strings,
 * honouring escapes, and refuses a text nested deeper than QV__JSON_DEPTH (64) levels before
 * jansson sees it. No document quiver reads comes near: the deepest, a full state and a
 * lesson, nest 7 levels (a record 3, a variant 5).
 *
 * Memory. jansson's lexer drops a failed allocation (akheron/jansson#362; the fixes proposed
 * in #735 and #747 are not in Debian's 2.14): a character vanishes from a token, the lexer
 * loses its place, an assertion fails, or a string is decoded past the end of the buffer it
 * was given. Parsing twice and comparing (what quiver did before) cannot stop a read past a
 * buffer. So a parse never meets a failing allocation: the same pass adds up what jansson may
 * allocate for the text (below), one allocation reserves that much (the only point where the
 * parse can run out of memory, refused then as "out of memory"), and jansson parses with that
 * reservation as its allocator: an arena it bumps through, in which a free does nothing. The
 * tree is then copied out to ordinary memory by json_deep_copy, whose failures jansson handles
 * cleanly (each level checks what it got and releases what it made), and the arena is
 * released whole.
 *
 * The arena's allocator is jansson's global one (json_set_alloc_funcs), in place only while a
 * parse is under way on some thread (a count under a lock), and chained to the one in place
 * before it (the fault tests install their own first). It serves from an arena only on the
 * thread whose parse has one active (a thread-local pointer); every other allocation, on every
 * thread, goes to the chained allocator, and a free of a pointer outside the active arena to
 * the chained free. Installed for good, it cost every allocation of the views written on every
 * move a call and a test: 1.2 % of an act's instructions (docs/benchmarks.md); installed around
 * the parses, it costs nothing between them. jansson reads its two pointers without a lock, so
 * a thread may call either the arena's functions or the chained ones while they are swapped:
 * both serve any thread alike, and every pointer either allocates outside an arena is the
 * chained allocator's, freed by the chained free whichever of the two frees it. No arena's
 * pointer outlives its parse: the value is copied out first.
 *
 * The bound, for jansson 2.14 on any data model (W is sizeof(void *); every allocation counts
 * rounded up to ARENA_ALIGN, as the arena hands it out):
 * - the lexer's token buffer starts at 16 bytes and doubles, the old copy dropped, until the
 *   longest token and its NUL fit (it reads one byte past a number or a word before putting
 *   it back): 16 + 32 + ... + S < 2S, where S is the first such size;
 * - each string is copied out of the token buffer (its raw length with the quotes, plus one);
 *   as a value it then takes a json_string_t (4W), as an object's key a pair (7W, then the
 *   key's bytes and a NUL);
 * - each number takes a json_integer_t or json_real_t (2W + 8); true, false and null are
 *   jansson's constants and take nothing;
 * - each array (5W) or object (9W) starts with 8 slots (W each) or 8 buckets (2W each), and
 *   doubles them when full, the old table dropped: for n elements or keys, at most 8 + 4n
 *   slots or buckets in all, so 4 slots for each element of an array and 4 buckets for each
 *   key of an object (a value in an object takes none).
 * The pass counts every string (a key when it comes right after '{', or after ',' in an
 * object, as jansson reads one), every run of other bytes (a number or a word: at most one
 * value, since jansson wants a bracket, comma or colon after a value) and every bracket that
 * opens, whether jansson would get that far or not: up to where jansson stops, the two see the
 * same structure. tests/unit/test_json_parse.c checks the bound over adversarial shapes (the
 * arena's high-water mark against its size, and that no allocation fell outside it; the worst,
 * "[{},{},...]", reserves 80 bytes per byte of text, of which jansson uses 97 %). Should the
 * bound ever be short, the allocation goes to the chained allocator instead and is counted
 * (qv__json_arena_stats): a parse is never wrong, only back to jansson's own behaviour for
 * that allocation.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/json_util.h"

#if defined(__SANITIZE_ADDRESS__)
#define QV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QV_ASAN 1
#endif
#endif
#ifdef QV_ASAN
#include <sanitizer/asan_interface.h>
/* The sanitizer build poisons the arena and unpoisons each allocation as it is handed out, so a
 * read past what jansson asked for is still reported, as it would be in the heap. */
#define POISON(p, n)   ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n)   ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* ---- the arena ------------------------------------------------------------------------------ */

/* What malloc guarantees on every platform quiver builds on (max_align_t). */
#define ARENA_ALIGN ((size_t)16)

typedef struct arena {
	unsigned char *base;
	size_t cap, used;
	size_t spilled; /* allocations made by the chained allocator for want of room */
} arena;

/* The allocator in place before the arena's, read when the first of the parses under way
 * begins (atomic: another thread may be in arena_malloc then, reading the same value). They
 * start as jansson's own, so that a thread that sees the arena's functions before it sees
 * these set (nothing orders jansson's two pointers with them) still calls an allocator. */
static _Atomic(json_malloc_t) chained_malloc = malloc;
static _Atomic(json_free_t) chained_free = free;
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static int parsing; /* parses under way, on every thread (under hook_lock) */
static _Thread_local arena *active;

/* For the tests: every spill since the start, and this thread's last parse. */
static atomic_size_t spills;
static _Thread_local size_t last_reserved, last_used, cap_for_tests;

static size_t round_up(size_t n) { return (n + ARENA_ALIGN - 1) & ~(ARENA_ALIGN - 1); }

static void *arena_malloc(size_t n)
{
	arena *a = active;
	if (a) {
		size_t need = round_up(n);
		if (need >= n && need <= a->cap - a->used) {
			void *p = a->base + a->used;
			a->used += need;
			UNPOISON(p, n);
			return p;
		}
		a->spilled++;
		atomic_fetch_add(&spills, 1);
	}
	return atomic_load_explicit(&chained_malloc, memory_order_relaxed)(n);
}

static void arena_free(void *p)
{
	const arena *a = active;
	if (a && (uintptr_t)p - (uintptr_t)a->base < a->cap)
		return; /* released with the arena */
	atomic_load_explicit(&chained_free, memory_order_relaxed)(p);
}

/* A parse begins: the arena's allocator goes in place if it is the first under way. */
static void hook_in(void)
{
	pthread_mutex_lock(&hook_lock);
	if (parsing++ == 0) {
		json_malloc_t m;
		json_free_t f;
		json_get_alloc_funcs(&m, &f);
		atomic_store_explicit(&chained_malloc, m, memory_order_relaxed);
		atomic_store_explicit(&chained_free, f, memory_order_relaxed);
		json_set_alloc_funcs(arena_malloc, arena_free);
	}
	pthread_mutex_unlock(&hook_lock);
}

/* A parse ends: the allocator before it goes back after the last one under way. */
static void hook_out(void)
{
	pthread_mutex_lock(&hook_lock);
	if (--parsing == 0)
		json_set_alloc_funcs(atomic_load_explicit(&chained_malloc, memory_order_relaxed),
		                     atomic_load_explicit(&chained_free, memory_order_relaxed));
	pthread_mutex_unlock(&hook_lock);
}

/* ---- the pass over the bytes ----------------------------------------------------------------- */

#define WORD sizeof(void *)

/* The token buffer's allocations while it grows to hold `longest` bytes and a NUL. */
static size_t token_cost(size_t longest)
{
	size_t size = 16, sum = 16;
	while (size < longest + 1) {
		size *= 2;
		sum += size;
	}
	return sum;
}

/* Fills jerr as jansson does (its code in the text's last byte). */
static void set_error(json_error_t *jerr, enum json_error_code code, int line, int column,
                      size_t position, const char *text)
{
	jerr->line = line;
	jerr->column = column;
	jerr->position = (int)(position < (size_t)INT32_MAX ? position : (size_t)INT32_MAX);
	snprintf(jerr->source, sizeof jerr->source, "%s", "<buffer>");
	snprintf(jerr->text, sizeof jerr->text, "%s", text);
	jerr->text[JSON_ERROR_TEXT_LENGTH - 1] = (char)code;
}

/* The pass's state: where it is in the structure and what it has added up. */
typedef struct pass {
	size_t sum;       /* the bound so far, the token buffer's aside */
	size_t longest;   /* the longest token, with the byte read past a number or a word */
	int depth;        /* arrays and objects open */
	uint64_t objects; /* bit d - 1 set: the container at depth d is an object */
	bool key_next;    /* the next string is a key (after '{', or after ',' in an object) */
} pass;

static bool in_object(const pass *p) { return p->depth > 0 && (p->objects >> (p->depth - 1) & 1); }

/* An item begins at the current depth: what its parent's table may grow by for it (4 slots
 * of an array, 4 buckets of an object for a key; a value in an object takes none). */
static void item(pass *p, bool key)
{
	if (p->depth > 0 && !in_object(p))
		p->sum += 4 * WORD;
	else if (key)
		p->sum += 8 * WORD;
}

/* A string of raw length `raw` (its quotes included) ends: its copy out of the token buffer,
 * then a json_string_t, or a key's pair with the key's bytes. */
static void string_ends(pass *p, size_t raw, bool key)
{
	p->sum += round_up(raw + 1) + (key ? round_up(7 * WORD + raw - 1) : round_up(4 * WORD));
	p->longest = raw > p->longest ? raw : p->longest;
}

/* A run of other bytes ends (a number or a word: one value at most, since jansson wants a
 * bracket, comma or colon after a value). */
static void run_ends(pass *p, size_t run)
{
	item(p, false);
	p->sum += round_up(2 * WORD + 8);
	p->longest = run + 1 > p->longest ? run + 1 : p->longest;
	p->key_next = false;
}

/* The end of the string whose opening quote is at text[i]: the index of its closing quote, or
 * len when it is never closed. Counts the lines and columns it crosses (columns count
 * characters, as jansson's do); an escaped byte never ends the string. */
static inline size_t string_end(const char *text, size_t len, size_t i, int *line, int *column)
{
	for (i++; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if ((c & 0xC0) != 0x80)
			++*column;
		if (c == '\\' && i + 1 < len) {
			i++;
			*column += ((unsigned char)text[i] & 0xC0) != 0x80;
		} else if (c == '"') {
			return i;
		} else if (c == '\n') {
			++*line;
			*column = 0;
		}
	}
	return len;
}

/* A bracket, comma or colon outside strings (or a space, which changes nothing): an array or
 * object opens (its table's first slots or buckets counted) or closes, or what the next
 * string is changes. */
static inline void punctuation(pass *p, unsigned char c)
{
	if (c == '[' || c == '{') {
		item(p, false);
		uint64_t bit = (uint64_t)1 << p->depth++;
		if (c == '{') { /* the object, its first 8 buckets */
			p->objects |= bit;
			p->sum += round_up(9 * WORD) + 16 * WORD;
		} else { /* the array, its first 8 slots */
			p->objects &= ~bit;
			p->sum += round_up(5 * WORD) + 8 * WORD;
		}
		p->key_next = c == '{';
	} else if (c == ']' || c == '}') {
		p->depth -= p->depth > 0; /* a stray bracket is jansson's to refuse */
		p->key_next = false;
	} else if (c == ',') {
		p->key_next = in_object(p);
	} else if (c == ':') {
		p->key_next = false;
	}
}

/* The error of an array or object opened at text[i] beyond QV__JSON_DEPTH, as jansson's own. */
static qv_status too_deep(json_error_t *jerr, int line, int column, size_t i)
{
	char what[120];
	snprintf(what, sizeof what,
	         "nested deeper than %d levels (arrays and objects inside one another)",
	         QV__JSON_DEPTH);
	set_error(jerr, json_error_stack_overflow, line, column, i + 1, what);
	return QV_EINVAL;
}

/* A text this long could make the bound itself overflow; no loader reads anything near it
 * (each byte adds at most 31 words to the bound: an object opened in an array). */
#define MEASURE_MAX ((SIZE_MAX - 1024) / (64 * WORD))

qv_status qv__json_measure(const char *text, size_t len, size_t *bound, json_error_t *jerr)
{
	*bound = 0;
	if (len > MEASURE_MAX) {
		set_error(jerr, json_error_out_of_memory, 1, 0, 0, "out of memory: text too long");
		return QV_ENOMEM;
	}
	pass p = {.longest = 1};
	size_t run = 0;
	int line = 1, column = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if ((c & 0xC0) != 0x80) /* columns count characters, as jansson's do */
			column++;
		bool other =
		    !(c == '"' || c == '[' || c == '{' || c == ']' || c == '}' || c == ',' ||
		      c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r');
		if (other) {
			run++;
			continue;
		}
		if (run > 0) {
			run_ends(&p, run);
			run = 0;
		}
		if (c == '"') {
			bool key = p.key_next && in_object(&p);
			item(&p, key);
			p.key_next = false;
			/* a string never closed runs to the end: jansson allocates nothing for it,
			 * but it is counted anyway */
			size_t end = string_end(text, len, i, &line, &column);
			string_ends(&p, end - i + 1, key);
			i = end;
		} else if ((c == '[' || c == '{') && p.depth == QV__JSON_DEPTH) {
			return too_deep(jerr, line, column, i);
		} else if (c == '\n') {
			line++;
			column = 0;
		} else {
			punctuation(&p, c);
		}
	}
	if (run > 0)
		run_ends(&p, run);
	*bound = p.sum + token_cost(p.longest);
	return QV_OK;
}

/* ---- the parse ------------------------------------------------------------------------------ */

static qv_status out_of_memory(json_error_t *jerr)
{
	set_error(jerr, json_error_out_of_memory, 1, 0, 0, "out of memory");
	return QV_ENOMEM;
}

qv_status qv__json_parse(const char *text, size_t len, size_t flags, json_t **out,
                         json_error_t *jerr)
{
	json_error_t mine;
	if (!jerr)
		jerr = &mine;
	*out = NULL;
	size_t bound;
	qv_status rc = qv__json_measure(text, len, &bound, jerr);
	if (rc)
		return rc;
	arena a = {.cap = cap_for_tests && cap_for_tests < bound ? cap_for_tests : bound};
	a.base = malloc(a.cap);
	if (!a.base)
		return out_of_memory(jerr);
	POISON(a.base, a.cap);
	hook_in();
	active = &a;
	json_t *tree = json_loadb(text, len, flags, jerr);
	active = NULL;
	last_reserved = a.cap;
	last_used = a.used;
	json_t *copy = tree ? json_deep_copy(tree) : NULL;
	if (a.spilled) { /* what fell outside the arena is the chained allocator's to free */
		active = &a;
		json_decref(tree);
		active = NULL;
	}
	hook_out(); /* after the last free that may name the arena */
	UNPOISON(a.base, a.cap);
	free(a.base);
	if (!tree)
		return QV_EINVAL; /* jerr holds jansson's reason */
	if (!copy)
		return out_of_memory(jerr);
	*out = copy;
	return QV_OK;
}

void qv__json_arena_stats(qv__json_arena *out)
{
	out->reserved = last_reserved;
	out->used = last_used;
	out->spilled = atomic_load(&spills);
}

void qv__json_arena_cap(size_t cap) { cap_for_tests = cap; }
