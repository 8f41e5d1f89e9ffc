/*
 * store.c - a study's games on disk (lab.h, "the games on disk"): the journal a study writes
 * each game into as it finishes, read back to resume an interrupted study and sorted into
 * index order when it is complete; and the files of lines the report is computed from, read
 * by cursors that hold one game at a time.
 *
 * Why a file and not memory: a study once kept every game's record until the end, 1.3 to 1.9
 * KB a game (198 MB at 100,000 games, 13 GB at the cap of 10 million), and a Ctrl-C lost
 * them all. Here a game's line is written (and flushed to the kernel) as soon as it is
 * played, so an interrupted study loses only the games being played, and nothing the lab
 * holds grows with the number of games: the journal's set of games done is a bit a game
 * (12.5 KB at 100,000), its sort goes through an index in a temporary file, and a
 * computation reads the sorted file through cursors, each holding one line.
 */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "lab/lab.h"

/* A file's lines are found again by the offset of every LAB_STRIDE-th line, kept when it is
 * opened: a cursor starts at the mark before its game and steps over at most LAB_STRIDE - 1
 * lines (a study's arms start anywhere). */
#define LAB_STRIDE 256
/* A journal's lines reach the kernel at most this long after their game ends: each game's add
 * flushes once the last flush is this old, and the run's progress tick flushes whatever is
 * left (qv_lab_journal_flush). A write per game cost a third more CPU than the games
 * themselves in a study of random agents (7 microseconds a game). */
#define LAB_FLUSH_SECONDS 0.1
/* The lines a journal's sort holds in memory while it waits for the games before them: the
 * games finish nearly in order (the workers take them in order), so the window is a few games
 * wide; a journal resumed after an interruption has whole stretches out of order, and is
 * sorted through an index on disk instead. */
#define LAB_SORT_WINDOW (16 << 20)

struct qv_lab_journal {
	FILE *f;
	char *path;
	int lo, hi;
	uint8_t *done; /* bit i - lo: game i is in the file */
	int ndone;
	pthread_mutex_t mu;
	qv_buf line;    /* the line being written, under mu */
	double flushed; /* when the lines last went to the kernel (monotonic seconds) */
	bool dirty;     /* lines written since */
};

/* The first line of the file f (without its newline) into *out (malloc'd), f left after it. */
static qv_status read_header(FILE *f, const char *path, char **out, qv_err *err)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, f);
	if (n <= 0 || line[n - 1] != '\n') {
		free(line);
		return qv_fail(err, QV_EINVAL,
		               "%s: no header line: is it the games of a study (quiver lab run)?",
		               path);
	}
	line[n - 1] = '\0';
	*out = line;
	return QV_OK;
}

qv_status qv_lab_file_header(const char *path, char **header, qv_err *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return qv_fail(err, QV_EIO, "cannot read '%s': %s", path, strerror(errno));
	qv_status rc = read_header(f, path, header, err);
	fclose(f);
	return rc;
}

/* Reads the games of a journal being resumed (f after its header): every complete line read,
 * checked and marked done; a last line without its newline (the process stopped while
 * writing it) cut off the file. */
static qv_status read_journal(qv_lab_journal *j, qv_err *err)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long end = ftell(j->f);
	qv_status rc = QV_OK;
	qv_lab_game g;
	while (!rc && (n = getline(&line, &cap, j->f)) > 0) {
		if (line[n - 1] != '\n')
			break; /* cut short: dropped below */
		qv_err why;
		if (qv_lab_line_read(line, (size_t)n - 1, &g, &why)) {
			rc = qv_fail(err, QV_EINVAL, "%s: a line after game %d: %s", j->path,
			             j->ndone, why.msg);
			break;
		}
		int i = g.index;
		qv_lab_game_free(&g);
		if (i < j->lo || i >= j->hi || (j->done[(i - j->lo) / 8] >> ((i - j->lo) % 8) & 1))
			rc = qv_fail(
			    err, QV_EINVAL,
			    "%s: game %d is outside its range %d-%d or there twice: the file "
			    "is not one study's journal",
			    j->path, i, j->lo, j->hi - 1);
		else {
			j->done[(i - j->lo) / 8] |= (uint8_t)(1u << ((i - j->lo) % 8));
			j->ndone++;
			end = ftell(j->f);
		}
	}
	free(line);
	if (rc)
		return rc;
	if (ferror(j->f))
		return qv_fail(err, QV_EIO, "cannot read '%s': %s", j->path, strerror(errno));
	/* What follows the last complete line goes, so that the next line starts a line. */
	if (fflush(j->f) || ftruncate(fileno(j->f), end) || fseek(j->f, end, SEEK_SET))
		return qv_fail(err, QV_EIO, "cannot write '%s': %s", j->path, strerror(errno));
	return QV_OK;
}

qv_status qv_lab_journal_open(const char *path, const char *header, int lo, int hi, bool resume,
                              qv_lab_journal **out, qv_err *err)
{
	*out = NULL;
	if (lo < 0 || hi < lo)
		return qv_fail(err, QV_EINVAL, "bad range %d-%d of a journal", lo, hi);
	qv_lab_journal *j = calloc(1, sizeof *j);
	if (j) {
		j->path = strdup(path);
		j->done = calloc((size_t)(hi - lo) / 8 + 1, 1);
	}
	if (!j || !j->path || !j->done) {
		if (j) {
			free(j->path);
			free(j->done);
		}
		free(j);
		return qv_fail(err, QV_ENOMEM, "out of memory for the journal of %d games",
		               hi - lo);
	}
	j->lo = lo;
	j->hi = hi;
	pthread_mutex_init(&j->mu, NULL);
	qv_status rc = QV_OK;
	j->f = fopen(path, resume ? "r+b" : "w+b");
	if (!j->f)
		rc = qv_fail(err, QV_EIO, "cannot %s '%s': %s", resume ? "read" : "write", path,
		             strerror(errno));
	char *have = NULL;
	if (!rc && resume && !(rc = read_header(j->f, path, &have, err)) &&
	    strcmp(have, header) != 0)
		rc = qv_fail(err, QV_EINVAL,
		             "%s holds the games of another study (its header differs from this "
		             "study's)",
		             path);
	free(have);
	if (!rc && resume)
		rc = read_journal(j, err);
	if (!rc && !resume && (fputs(header, j->f) < 0 || fputc('\n', j->f) < 0 || fflush(j->f)))
		rc = qv_fail(err, QV_EIO, "cannot write '%s': %s", path, strerror(errno));
	if (rc) {
		qv_lab_journal_close(j);
		return rc;
	}
	*out = j;
	return QV_OK;
}

bool qv_lab_journal_has(const qv_lab_journal *j, int index)
{
	int k = index - j->lo;
	return k >= 0 && index < j->hi && (j->done[k / 8] >> (k % 8) & 1);
}

int qv_lab_journal_count(const qv_lab_journal *j) { return j->ndone; }

qv_status qv_lab_journal_add(qv_lab_journal *j, const qv_lab_game *g, qv_err *err)
{
	pthread_mutex_lock(&j->mu);
	qv_buf_clear(&j->line);
	qv_lab_line_write(g, &j->line);
	qv_buf_putc(&j->line, '\n');
	int k = g->index - j->lo;
	qv_status rc = QV_OK;
	/* What the kernel has survives the process: flushed at most LAB_FLUSH_SECONDS after. */
	double t = qv_mono();
	if (j->line.failed)
		rc = qv_fail(err, QV_ENOMEM, "out of memory writing game %d", g->index);
	else if (fwrite(j->line.s, 1, j->line.len, j->f) != j->line.len ||
	         (t - j->flushed >= LAB_FLUSH_SECONDS && fflush(j->f)))
		rc = qv_fail(err, QV_EIO, "cannot write '%s': %s", j->path, strerror(errno));
	else if (k >= 0 && g->index < j->hi && !(j->done[k / 8] >> (k % 8) & 1)) {
		j->done[k / 8] |= (uint8_t)(1u << (k % 8));
		j->ndone++;
	}
	if (!rc && t - j->flushed >= LAB_FLUSH_SECONDS)
		j->flushed = t;
	else if (!rc)
		j->dirty = true;
	pthread_mutex_unlock(&j->mu);
	return rc;
}

qv_status qv_lab_journal_flush(qv_lab_journal *j, qv_err *err)
{
	pthread_mutex_lock(&j->mu);
	qv_status rc = QV_OK;
	if (j->dirty && fflush(j->f))
		rc = qv_fail(err, QV_EIO, "cannot write '%s': %s", j->path, strerror(errno));
	j->dirty = false;
	j->flushed = qv_mono();
	pthread_mutex_unlock(&j->mu);
	return rc;
}

void qv_lab_journal_close(qv_lab_journal *j)
{
	if (!j)
		return;
	if (j->f)
		fclose(j->f); /* its lines flushed */
	pthread_mutex_destroy(&j->mu);
	qv_buf_free(&j->line);
	free(j->path);
	free(j->done);
	free(j);
}

/* ---- sorting a journal ---- */

/* One line the windowed sort holds until its turn. */
typedef struct held {
	int index;
	char *text;
	size_t len;
} held;

/* A min-heap of held lines by index. */
typedef struct heap {
	held *h;
	int n, cap;
	size_t bytes;
} heap;

static bool heap_push(heap *q, held x)
{
	if (q->n == q->cap) {
		int cap = q->cap ? 2 * q->cap : 64;
		held *h = realloc(q->h, (size_t)cap * sizeof *h);
		if (!h)
			return false;
		q->h = h;
		q->cap = cap;
	}
	int at = q->n++;
	while (at > 0 && q->h[(at - 1) / 2].index > x.index) {
		q->h[at] = q->h[(at - 1) / 2];
		at = (at - 1) / 2;
	}
	q->h[at] = x;
	q->bytes += x.len;
	return true;
}

static held heap_pop(heap *q)
{
	held top = q->h[0], last = q->h[--q->n];
	int at = 0;
	for (;;) {
		int c = 2 * at + 1;
		if (c >= q->n)
			break;
		if (c + 1 < q->n && q->h[c + 1].index < q->h[c].index)
			c++;
		if (q->h[c].index >= last.index)
			break;
		q->h[at] = q->h[c];
		at = c;
	}
	if (q->n > 0)
		q->h[at] = last;
	q->bytes -= top.len;
	return top;
}

static void heap_free(heap *q)
{
	for (int k = 0; k < q->n; k++)
		free(q->h[k].text);
	free(q->h);
}

/* Writes the journal's game lines (j->f after its header) in index order to `to`, holding the
 * lines that come before their turn: QV_OK; QV_ESTATE when they would take more than
 * LAB_SORT_WINDOW bytes (a resumed journal: the caller sorts it another way); QV_EINVAL for a
 * game missing or there twice. */
static qv_status window_sort(qv_lab_journal *j, FILE *to, qv_err *err)
{
	heap q = {0};
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int next = j->lo;
	qv_status rc = QV_OK;
	while (!rc && (n = getline(&line, &cap, j->f)) > 0) {
		int i = (int)strtol(line, NULL, 10);
		if (i < next || i >= j->hi) {
			rc = qv_fail(err, QV_EINVAL, "%s: game %d is there twice", j->path, i);
			break;
		}
		if (i > next) {
			held x = {i, malloc((size_t)n), (size_t)n};
			if (!x.text || !heap_push(&q, x)) {
				free(x.text);
				rc = qv_fail(err, QV_ENOMEM, "out of memory sorting '%s'", j->path);
			} else if (q.bytes > LAB_SORT_WINDOW) {
				rc = QV_ESTATE;
			} else
				memcpy(x.text, line, (size_t)n);
			continue;
		}
		if (fwrite(line, 1, (size_t)n, to) != (size_t)n)
			rc = qv_fail(err, QV_EIO, "cannot sort '%s': %s", j->path, strerror(errno));
		for (next++; !rc && q.n > 0 && q.h[0].index <= next; next++) {
			held x = heap_pop(&q);
			if (x.index < next)
				rc = qv_fail(err, QV_EINVAL, "%s: game %d is there twice", j->path,
				             x.index);
			else if (fwrite(x.text, 1, x.len, to) != x.len)
				rc = qv_fail(err, QV_EIO, "cannot sort '%s': %s", j->path,
				             strerror(errno));
			free(x.text);
		}
	}
	if (!rc && next != j->hi)
		rc = qv_fail(err, QV_EINVAL, "%s: game %d is missing", j->path, next);
	free(line);
	heap_free(&q);
	return rc;
}

/* One entry of the index sort: where game lo + k's line starts in the journal, and its length
 * with the newline. */
typedef struct entry {
	long long at;
	long long len;
} entry;

/* Writes the journal's game lines (from offset `start` of j->f) in index order to `to`,
 * through an index of the lines' places in a temporary file (one entry per game, so nothing in
 * memory grows with the games): for a journal whose lines are far out of order. */
static qv_status index_sort(qv_lab_journal *j, long long start, FILE *to, qv_err *err)
{
	FILE *idx = tmpfile();
	if (!idx)
		return qv_fail(err, QV_EIO, "cannot make a temporary file to sort '%s': %s",
		               j->path, strerror(errno));
	char *line = NULL, *copy = NULL;
	size_t cap = 0, copy_cap = 0;
	ssize_t n;
	qv_status rc = QV_OK;
	long long at = start;
	if (fseeko(j->f, (off_t)start, SEEK_SET))
		rc = qv_fail(err, QV_EIO, "cannot sort '%s': %s", j->path, strerror(errno));
	while (!rc && (n = getline(&line, &cap, j->f)) > 0) {
		long i = strtol(line, NULL, 10);
		entry e = {at, n};
		if (i < j->lo || i >= j->hi ||
		    pwrite(fileno(idx), &e, sizeof e, (off_t)((i - j->lo) * (long)sizeof e)) !=
		        (ssize_t)sizeof e)
			rc = qv_fail(err, QV_EIO, "cannot sort '%s' (game %ld)", j->path, i);
		at += n;
	}
	for (int k = 0; !rc && k < j->hi - j->lo; k++) {
		entry e;
		if (pread(fileno(idx), &e, sizeof e, (off_t)k * (off_t)sizeof e) !=
		        (ssize_t)sizeof e ||
		    e.len <= 0) {
			rc = qv_fail(err, QV_EINVAL, "%s: game %d is missing", j->path, j->lo + k);
			break;
		}
		if ((size_t)e.len > copy_cap) {
			char *c = realloc(copy, (size_t)e.len);
			if (!c) {
				rc = qv_fail(err, QV_ENOMEM, "out of memory sorting '%s'", j->path);
				break;
			}
			copy = c;
			copy_cap = (size_t)e.len;
		}
		if (pread(fileno(j->f), copy, (size_t)e.len, (off_t)e.at) != (ssize_t)e.len ||
		    fwrite(copy, 1, (size_t)e.len, to) != (size_t)e.len)
			rc = qv_fail(err, QV_EIO, "cannot sort '%s': %s", j->path, strerror(errno));
	}
	free(line);
	free(copy);
	fclose(idx);
	return rc;
}

/* Writes the journal in index order to `to`: its header, then its games, by the window when
 * they are nearly in order, else by the index. */
static qv_status sort_into(qv_lab_journal *j, FILE *to, qv_err *err)
{
	char *line = NULL;
	size_t cap = 0;
	rewind(j->f);
	ssize_t n = getline(&line, &cap, j->f); /* the header, written as it is */
	qv_status rc = QV_OK;
	if (n <= 0 || fwrite(line, 1, (size_t)n, to) != (size_t)n)
		rc = qv_fail(err, QV_EIO, "cannot sort '%s'", j->path);
	free(line);
	if (rc)
		return rc;
	rc = window_sort(j, to, err);
	if (rc != QV_ESTATE)
		return rc;
	if (fflush(to) || ftruncate(fileno(to), (off_t)n) || fseeko(to, (off_t)n, SEEK_SET))
		return qv_fail(err, QV_EIO, "cannot sort '%s': %s", j->path, strerror(errno));
	return index_sort(j, n, to, err);
}

qv_status qv_lab_journal_finish(qv_lab_journal *j, const char *path, qv_err *err)
{
	if (j->ndone != j->hi - j->lo) {
		qv_status rc = qv_fail(err, QV_ESTATE, "%s holds %d of the %d games of its range",
		                       j->path, j->ndone, j->hi - j->lo);
		qv_lab_journal_close(j);
		return rc;
	}
	char *tmp = malloc(strlen(path) + 8);
	FILE *to = NULL;
	qv_status rc = QV_OK;
	if (!tmp)
		rc = qv_fail(err, QV_ENOMEM, "out of memory");
	else {
		sprintf(tmp, "%s.sort", path);
		if (fflush(j->f) || !(to = fopen(tmp, "wb")))
			rc = qv_fail(err, QV_EIO, "cannot write '%s': %s", tmp, strerror(errno));
	}
	if (!rc)
		rc = sort_into(j, to, err);
	if (to && fclose(to) && !rc)
		rc = qv_fail(err, QV_EIO, "cannot write '%s': %s", tmp, strerror(errno));
	/* The sorted file takes the journal's place (or its final name) in one step. */
	if (!rc && rename(tmp, path) != 0)
		rc = qv_fail(err, QV_EIO, "cannot write '%s': %s", path, strerror(errno));
	if (!rc && strcmp(path, j->path) != 0)
		remove(j->path);
	if (rc && tmp)
		remove(tmp);
	free(tmp);
	qv_lab_journal_close(j);
	return rc;
}

/* ---- files of lines in index order ---- */

/* A file's games are parsed once, as it is opened, into records in a temporary file: every
 * computation then reads them back as they are, a memory copy a game, instead of parsing its
 * text again (a report reads the main games in a dozen passes; parsing each line each time was
 * 57% of a study of random agents). A record is a fixed head and the game's arrays, each padded
 * to 8 bytes, so that a cursor's arrays point into its buffer aligned. */
typedef struct record_head {
	int32_t index, players, agent[QV_MAX_PLAYERS], rank[QV_MAX_PLAYERS];
	double utility[QV_MAX_PLAYERS];
	int32_t decisions, positions, capped, nvalues, ncomp, nsquare, nheld, nopening;
	int64_t legal;
} record_head;

/* The counts of a record follow one another without padding. */
_Static_assert(sizeof(qv_lab_count) % 8 == 0, "a record's counts are 8-byte aligned");

/* n bytes rounded up to 8. */
static size_t padded(size_t n) { return (n + 7) & ~(size_t)7; }

/* The bytes of the record of a game with head h, the head included. */
static size_t record_size(const record_head *h)
{
	return sizeof *h + padded((size_t)h->nvalues) + padded((size_t)h->nvalues * 2) +
	       padded((size_t)(h->ncomp + h->nsquare + h->nheld) * sizeof(qv_lab_count)) +
	       padded((size_t)h->nopening);
}

/* Writes n bytes of p and the padding to 8 after them to f; false on a failed write. */
static bool put_padded(FILE *f, const void *p, size_t n)
{
	static const char zero[8];
	return (n == 0 || fwrite(p, 1, n, f) == n) &&
	       (padded(n) == n || fwrite(zero, 1, padded(n) - n, f) == padded(n) - n);
}

/* Writes game g's record to f. */
static bool put_record(FILE *f, const qv_lab_game *g)
{
	record_head h;
	memset(&h, 0, sizeof h);
	h.index = g->index;
	h.players = g->players;
	for (int s = 0; s < QV_MAX_PLAYERS; s++) {
		h.agent[s] = g->agent[s];
		h.rank[s] = g->rank[s];
		h.utility[s] = g->utility[s];
	}
	h.decisions = g->decisions;
	h.positions = g->positions;
	h.capped = g->capped;
	h.legal = g->legal;
	h.nvalues = g->nvalues;
	h.ncomp = g->ncomp;
	h.nsquare = g->nsquare;
	h.nheld = g->nheld;
	h.nopening = g->opening ? (int32_t)strlen(g->opening) : 0;
	size_t nc = sizeof(qv_lab_count);
	return fwrite(&h, sizeof h, 1, f) == 1 && put_padded(f, g->mover, (size_t)h.nvalues) &&
	       put_padded(f, g->value, (size_t)h.nvalues * 2) &&
	       (h.ncomp == 0 || fwrite(g->comp, nc, (size_t)h.ncomp, f) == (size_t)h.ncomp) &&
	       (h.nsquare == 0 ||
	        fwrite(g->square, nc, (size_t)h.nsquare, f) == (size_t)h.nsquare) &&
	       put_padded(f, g->held, (size_t)h.nheld * nc) &&
	       put_padded(f, g->opening, (size_t)h.nopening);
}

/* Reads the game lines of f (after its header line) for games lo .. hi-1, each parsed and
 * written to out->bin as its record, every LAB_STRIDE-th record's offset kept. */
static qv_status parse_lines(FILE *f, qv_lab_file *out, qv_err *err)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long long at = 0;
	int k = 0;
	qv_status rc = QV_OK;
	for (; !rc && (n = getline(&line, &cap, f)) > 0; k++) {
		char *end;
		long i = strtol(line, &end, 10);
		qv_lab_game g;
		qv_err why;
		if (end == line || i != out->lo + k || line[n - 1] != '\n') {
			rc = qv_fail(err, QV_EINVAL, "%s: line %d is not game %d", out->path, k + 2,
			             out->lo + k);
			break;
		}
		if (qv_lab_line_read(line, (size_t)n - 1, &g, &why)) {
			rc = qv_fail(err, QV_EINVAL, "%s: game %d: %s", out->path, out->lo + k,
			             why.msg);
			break;
		}
		if (k % LAB_STRIDE == 0)
			out->mark[k / LAB_STRIDE] = at;
		if (!put_record(out->bin, &g))
			rc = qv_fail(err, QV_EIO, "cannot write the parsed games of '%s': %s",
			             out->path, strerror(errno));
		record_head h = {.nvalues = g.nvalues,
		                 .ncomp = g.ncomp,
		                 .nsquare = g.nsquare,
		                 .nheld = g.nheld,
		                 .nopening = g.opening ? (int32_t)strlen(g.opening) : 0};
		at += (long long)record_size(&h);
		qv_lab_game_free(&g);
	}
	free(line);
	if (!rc && ferror(f))
		rc = qv_fail(err, QV_EIO, "cannot read '%s': %s", out->path, strerror(errno));
	if (!rc && k != out->hi - out->lo)
		rc = qv_fail(err, QV_EINVAL, "%s: %d games; expected %d (games %d-%d)", out->path,
		             k, out->hi - out->lo, out->lo, out->hi - 1);
	if (!rc && fflush(out->bin))
		rc = qv_fail(err, QV_EIO, "cannot write the parsed games of '%s': %s", out->path,
		             strerror(errno));
	return rc;
}

qv_status qv_lab_file_open(const char *path, int lo, int hi, qv_lab_file *out, qv_err *err)
{
	memset(out, 0, sizeof *out);
	out->lo = lo;
	out->hi = hi;
	out->path = strdup(path);
	out->nmarks = (hi - lo + LAB_STRIDE - 1) / LAB_STRIDE;
	out->mark = calloc((size_t)out->nmarks + 1, sizeof *out->mark);
	if (!out->path || !out->mark) {
		qv_lab_file_free(out);
		return qv_fail(err, QV_ENOMEM, "out of memory");
	}
	FILE *f = fopen(path, "rb");
	if (!f) {
		qv_lab_file_free(out);
		return qv_fail(err, QV_EIO, "cannot read '%s': %s", path, strerror(errno));
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, f);
	qv_status rc = n > 0 && line[n - 1] == '\n'
	                   ? QV_OK
	                   : qv_fail(err, QV_EINVAL, "%s: no header line", path);
	free(line);
	if (!rc && !(out->bin = tmpfile()))
		rc = qv_fail(err, QV_EIO, "cannot make a temporary file for '%s': %s", path,
		             strerror(errno));
	if (!rc)
		rc = parse_lines(f, out, err);
	fclose(f);
	if (rc)
		qv_lab_file_free(out);
	return rc;
}

void qv_lab_file_free(qv_lab_file *f)
{
	if (f->bin)
		fclose(f->bin);
	free(f->path);
	free(f->mark);
	memset(f, 0, sizeof *f);
}

/* A cursor's records are read from the file in blocks of this many bytes at least. */
#define LAB_CURSOR_BLOCK (64 << 10)

/* Makes the bytes [c->at, c->at + need) of the records the front of the cursor's buffer,
 * reading on as needed; false when the file ends before them. */
static bool fill(qv_lab_cursor *c, size_t need)
{
	if (c->len - c->off >= need)
		return true;
	if (c->off > 0) { /* (a cursor's first fill has no buffer yet: memmove may not take NULL) */
		memmove(c->buf, c->buf + c->off, c->len - c->off);
		c->len -= c->off;
		c->off = 0;
	}
	size_t want = need > LAB_CURSOR_BLOCK ? need : LAB_CURSOR_BLOCK;
	if (want > c->cap) {
		char *b = realloc(c->buf, want);
		if (!b)
			return false;
		c->buf = b;
		c->cap = want;
	}
	while (c->len < need) {
		ssize_t got = pread(fileno(c->src->file->bin), c->buf + c->len, c->cap - c->len,
		                    (off_t)c->pos);
		if (got <= 0)
			return false;
		c->len += (size_t)got;
		c->pos += got;
	}
	return true;
}

qv_status qv_lab_cursor_open(const qv_lab_source *src, int index, qv_lab_cursor *c, qv_err *err)
{
	memset(c, 0, sizeof *c);
	c->src = src;
	c->next = index;
	if (index < 0 || index > src->total)
		return qv_fail(err, QV_EINVAL, "game %d of a study of %d", index, src->total);
	if (!src->file)
		return QV_OK;
	const qv_lab_file *fl = src->file;
	int k = index + src->shift - fl->lo; /* the game's place in the file */
	if (k < 0 || k > fl->hi - fl->lo)
		return qv_fail(err, QV_EINVAL, "game %d is not in '%s'", index, fl->path);
	if (k == fl->hi - fl->lo)
		return QV_OK; /* at the end */
	c->pos = fl->mark[k / LAB_STRIDE];
	for (int skip = k % LAB_STRIDE; skip > 0; skip--) {
		if (!fill(c, sizeof(record_head))) {
			qv_lab_cursor_close(c);
			return qv_fail(err, QV_EIO, "cannot read the games of '%s'", fl->path);
		}
		size_t size = record_size((const record_head *)(c->buf + c->off));
		if (!fill(c, size)) {
			qv_lab_cursor_close(c);
			return qv_fail(err, QV_EIO, "cannot read the games of '%s'", fl->path);
		}
		c->off += size;
	}
	return QV_OK;
}

/* The game of the record at the front of the cursor's buffer, its arrays in the buffer. */
static void unpack(qv_lab_cursor *c, qv_lab_game *g)
{
	const record_head *h = (const record_head *)(c->buf + c->off);
	memset(g, 0, sizeof *g);
	g->index = h->index;
	g->players = h->players;
	for (int s = 0; s < QV_MAX_PLAYERS; s++) {
		g->agent[s] = h->agent[s];
		g->rank[s] = h->rank[s];
		g->utility[s] = h->utility[s];
	}
	g->decisions = h->decisions;
	g->positions = h->positions;
	g->capped = h->capped != 0;
	g->legal = h->legal;
	g->nvalues = h->nvalues;
	g->ncomp = h->ncomp;
	g->nsquare = h->nsquare;
	g->nheld = h->nheld;
	char *p = c->buf + c->off + sizeof *h;
	g->mover = (uint8_t *)p;
	p += padded((size_t)h->nvalues);
	g->value = (int16_t *)(void *)p;
	p += padded((size_t)h->nvalues * 2);
	g->comp = (qv_lab_count *)(void *)p;
	g->square = g->comp + h->ncomp;
	g->held = g->square + h->nsquare;
	p += padded((size_t)(h->ncomp + h->nsquare + h->nheld) * sizeof(qv_lab_count));
	/* the opening as a string: its bytes, then the padding's first zero (or one of its own) */
	g->opening = c->opening;
	if ((size_t)h->nopening + 1 > c->opening_cap) {
		char *o = realloc(c->opening, (size_t)h->nopening + 1);
		if (!o) {
			g->opening = NULL;
			return;
		}
		c->opening = g->opening = o;
		c->opening_cap = (size_t)h->nopening + 1;
	}
	memcpy(g->opening, p, (size_t)h->nopening);
	g->opening[h->nopening] = '\0';
}

const qv_lab_game *qv_lab_cursor_next(qv_lab_cursor *c, qv_err *err)
{
	const qv_lab_source *src = c->src;
	if (c->next >= src->total) {
		qv_fail(err, QV_EINVAL, "no game after %d", src->total - 1);
		return NULL;
	}
	if (!src->file)
		return &src->games[c->next++];
	size_t size = 0;
	if (!fill(c, sizeof(record_head)) ||
	    !fill(c, size = record_size((const record_head *)(c->buf + c->off)))) {
		qv_fail(err, QV_EIO, "cannot read game %d of '%s'", c->next, src->file->path);
		return NULL;
	}
	unpack(c, &c->g);
	c->off += size;
	if (!c->g.opening) {
		qv_fail(err, QV_ENOMEM, "out of memory reading game %d", c->next);
		return NULL;
	}
	if (c->g.index != c->next + src->shift) {
		qv_fail(err, QV_EINVAL, "%s: the line of game %d says %d", src->file->path,
		        c->next + src->shift, c->g.index);
		return NULL;
	}
	c->g.index = c->next++;
	return &c->g;
}

void qv_lab_cursor_close(qv_lab_cursor *c)
{
	free(c->buf);
	free(c->opening);
	memset(c, 0, sizeof *c);
}
