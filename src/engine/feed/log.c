/*
 * log.c - the log of one viewer of a table (log.h).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/feed/log.h"
#include "games/json_util.h"

void qv__log_free(qv__log *log)
{
	for (int i = 0; i < log->n; i++)
		free(log->line[i].text);
	free(log->line);
}

/* Appends one worded line to the log being filled (ctx). */
typedef struct log_fill {
	qv__log *log;
	long long *serial;
	bool failed;
} log_fill;

static void add_line(void *ctx, const qv_log_line *line)
{
	log_fill *f = ctx;
	qv__log *log = f->log;
	if (f->failed)
		return;
	if (log->n == log->cap) {
		int cap = log->cap ? 2 * log->cap : 64;
		qv__logline *grown = realloc(log->line, (size_t)cap * sizeof *grown);
		if (!grown) {
			f->failed = true;
			return;
		}
		log->line = grown;
		log->cap = cap;
	}
	qv__logline *l = &log->line[log->n];
	size_t n = strlen(line->text) + 1, k = line->msg ? strlen(line->msg) : 0;
	if (!(l->text = malloc(n + k + 1))) {
		f->failed = true;
		return;
	}
	memcpy(l->text, line->text, n);
	memcpy(l->text + n, line->msg ? line->msg : "", k + 1);
	l->entry = line->entry;
	l->serial = ++*f->serial;
	qv_player_name(line->about, l->who);
	log->n++;
}

bool qv__log_fill(qv__log *log, qv_match *m, int viewer, long long *serial)
{
	if (log->upto < m->nhist) {
		log_fill f = {.log = log, .serial = serial};
		int had = log->n;
		if (qv_match_log(m, viewer, log->upto, add_line, &f) || f.failed) {
			qv__log_cut(log, had, log->upto);
			return false;
		}
		log->upto = m->nhist;
	}
	QV_ASSERT(log->upto == m->nhist);
	QV_ASSERT(log->n == 0 || log->line[log->n - 1].entry < m->nhist);
	return true;
}

void qv__log_cut(qv__log *log, int n, int upto)
{
	while (log->n > n)
		free(log->line[--log->n].text);
	log->upto = upto;
}

void qv__log_forget(qv__log *log, int nhist)
{
	while (log->n > 0 && log->line[log->n - 1].entry >= nhist)
		free(log->line[--log->n].text);
	if (log->upto > nhist)
		log->upto = nhist;
	QV_ASSERT(log->n == 0 || log->line[log->n - 1].entry < nhist);
}

bool qv__log_text(const qv__log *log, int from, bool messages, qv_buf *out)
{
	bool ok = true;
	qv_buf_putc(out, '[');
	for (int i = from; i < log->n && ok; i++) {
		qv_buf_puts(out, i > from ? ",{\"who\":" : "{\"who\":");
		ok = qv__json_append_string(out, log->line[i].who, strlen(log->line[i].who));
		const char *text = log->line[i].text, *msg = text + strlen(text) + 1;
		qv_buf_puts(out, ",\"text\":");
		ok = ok && qv__json_append_string(out, text, strlen(text));
		if (messages && *msg) { /* "msg": [the format, then each argument] */
			qv_buf_puts(out, ",\"msg\":[");
			for (const char *p = msg, *end; ok; p = end + 1) {
				end = p + strcspn(p, "\x1e");
				ok = qv__json_append_string(out, p, (size_t)(end - p));
				if (!*end)
					break;
				qv_buf_putc(out, ',');
			}
			qv_buf_putc(out, ']');
		}
		qv_buf_putc(out, '}');
	}
	qv_buf_putc(out, ']');
	return ok && !out->failed;
}
