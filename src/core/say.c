/*
 * say.c - narration lines as games say them (core.h's qv_say): the text, and the message a
 * page words in another language (the format and its arguments, those of a secret part made
 * secret parts of their own). games/game.c words both for a viewer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/say.h"

/* Whether c would end a line, its text, an argument of its message or a phrase's part, or
 * (secret) a secret part. */
static inline bool breaks(char c, bool secret)
{
	return c == QV_SAY_MSG || c == QV_SAY_ARG || c == QV_SAY_PHRASE || c == QV_SAY_PART ||
	       c == '\n' || (secret && (c == '{' || c == '}' || c == '|'));
}

/* Appends text (n bytes) as part of a line: with '?' for a byte that breaks it (above). In a
 * secret part (secret), its braces and bars too, so that the part stays one. */
static void msg_text(qv_buf *b, const char *text, size_t n, bool secret)
{
	while (n) {
		size_t k = 0;
		while (k < n && !breaks(text[k], secret))
			k++;
		qv_buf_putn(b, text, k);
		if (k < n)
			qv_buf_putc(b, '?'), k++;
		text += k, n -= k;
	}
}

size_t qv__say_conversion(const char *fmt, int *stars, char *letter, int *longs)
{
	*stars = *longs = 0;
	*letter = fmt[0];
	if (fmt[0] == 's' || fmt[0] == 'd') /* most are these */
		return 1;
	size_t i = strspn(fmt, "-+ #0");
	*stars = *longs = 0;
	if (fmt[i] == '*')
		(*stars)++, i++;
	i += strspn(fmt + i, "0123456789");
	if (fmt[i] == '.') {
		i++;
		if (fmt[i] == '*')
			(*stars)++, i++;
		i += strspn(fmt + i, "0123456789");
	}
	for (; fmt[i] == 'l' || fmt[i] == 'h' || fmt[i] == 'z'; i++)
		*longs += fmt[i] == 'l' ? 1 : fmt[i] == 'z' ? 3 : 0;
	*letter = fmt[i];
	return strchr("dicuxXs", fmt[i]) && fmt[i] ? i + 1 : 0;
}

/* The next argument of ap, written by its conversion (spec, n bytes from its '%') into buf:
 * the conversion with its stars put in as numbers (an int of ap each), then the value. */
static void one_argument(const char *spec, size_t n, va_list *ap, char *buf, size_t len)
{
	if (n == 2 && spec[1] == 's') { /* most are these two: written here, not by snprintf */
		const char *v = va_arg(*ap, const char *);
		size_t k = 0;
		for (; v && v[k] && k + 1 < len; k++)
			buf[k] = v[k];
		buf[k] = '\0';
		return;
	}
	if (n == 2 && spec[1] == 'd') {
		int v = va_arg(*ap, int);
		char d[12];
		size_t k = 0, at = 0;
		unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
		do
			d[k++] = (char)('0' + u % 10);
		while ((u /= 10));
		if (v < 0)
			buf[at++] = '-';
		while (k)
			buf[at++] = d[--k];
		buf[at] = '\0';
		return;
	}
	char f[64];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 16 < sizeof f; i++) {
		if (spec[i] == '*')
			k += (size_t)snprintf(f + k, sizeof f - k, "%d", va_arg(*ap, int));
		else
			f[k++] = spec[i];
	}
	f[k] = '\0';
	int stars, longs;
	char letter;
	qv__say_conversion(f + 1, &stars, &letter, &longs);
	if (letter == 's')
		snprintf(buf, len, f, va_arg(*ap, const char *));
	else if (longs == 3)
		snprintf(buf, len, f, va_arg(*ap, size_t));
	else if (longs >= 2)
		snprintf(buf, len, f, va_arg(*ap, long long));
	else if (longs == 1)
		snprintf(buf, len, f, va_arg(*ap, long));
	else
		snprintf(buf, len, f, va_arg(*ap, int));
}

/* Appends an argument (n bytes of arg) of a secret part of mask as a secret part of its own:
 * {M:arg|} read by who knows the secret, {M:|arg} (pub) by the others. */
static void put_in_part(qv_buf *out, const char *mask, const char *arg, size_t n, bool pub)
{
	qv_buf_putc(out, '{');
	msg_text(out, mask, strlen(mask), true);
	qv_buf_puts(out, pub ? ":|" : ":");
	msg_text(out, arg, n, true);
	qv_buf_puts(out, pub ? "}" : "|}");
}

/* What a format says with the arguments ap holds, one way or the other: its text (as printf
 * writes it, a phrase by its text) or its message (core.h: the format, then each argument
 * after sep, an argument of a secret part made a secret part of its own). In a line's message
 * (sep QV_SAY_ARG) a phrase is an argument whole; in a phrase's (QV_SAY_PART), by its text.
 * Written straight into out: a line's text and message each take a pass over the arguments
 * (a va_copy each), so that saying a line allocates nothing but its room in out. */
static void render(const char *fmt, va_list *ap, char sep, bool message, qv_buf *out)
{
	if (message)
		msg_text(out, fmt, strlen(fmt), false);
	/* where in a secret part "{M:secret|public}" the format is: none, the mask, the
	 * secret, the public reading */
	enum { OUT, MASK, SECRET, PUBLIC } at = OUT;
	char mask[16] = "0", arg[1024];
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			size_t k = strcspn(p, "%{}:|");
			if (!message)
				qv_buf_putn(out, p, k ? k : 1);
			if (k) {
				p += k - 1;
				continue;
			}
			if (*p == '{')
				at = MASK;
			else if (*p == '}')
				at = OUT;
			else if (at == MASK && *p == ':')
				at = SECRET;
			else if (at == SECRET && *p == '|')
				at = PUBLIC;
			continue;
		}
		int stars, longs;
		char letter;
		size_t n = qv__say_conversion(p + 1, &stars, &letter, &longs);
		if (!n) { /* "%%", or one no game writes: told as it is */
			if (!message)
				qv_buf_putc(out, '%');
			p += p[1] == '%';
			continue;
		}
		one_argument(p, n + 1, ap, arg, sizeof arg);
		p += n;
		const char *phrase = strchr(arg, QV_SAY_PHRASE);
		size_t shown = phrase ? (size_t)(phrase - arg) : strlen(arg);
		if (!message) {
			msg_text(out, arg, shown, false);
			continue;
		}
		qv_buf_putc(out, sep);
		if (at == OUT) {
			if (phrase && sep == QV_SAY_ARG)
				qv_buf_puts(out, phrase); /* as qv_phrase made it */
			else
				msg_text(out, arg, shown, false);
			continue;
		}
		if (at == MASK)
			snprintf(mask, sizeof mask, "%.15s", arg);
		put_in_part(out, mask, at == MASK ? mask : arg, at == MASK ? strlen(mask) : shown,
		            at == PUBLIC);
	}
}

void qv_vsay(qv_events *ev, const char *mark, const char *fmt, va_list ap)
{
	va_list again;
	qv_buf_puts(&ev->text, mark);
	va_copy(again, ap);
	render(fmt, &again, QV_SAY_ARG, false, &ev->text);
	va_end(again);
	qv_buf_putc(&ev->text, QV_SAY_MSG);
	va_copy(again, ap);
	render(fmt, &again, QV_SAY_ARG, true, &ev->text);
	va_end(again);
	qv_buf_putc(&ev->text, '\n');
	ev->n++;
}

int qv_phrase(char *buf, size_t len, const char *fmt, ...)
{
	qv_buf out = {0};
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	render(fmt, &ap, QV_SAY_PART, false, &out);
	size_t t = out.len;
	qv_buf_putc(&out, QV_SAY_PHRASE);
	render(fmt, &again, QV_SAY_PART, true, &out);
	va_end(again);
	va_end(ap);
	/* the text, then the phrase's message where there is room for it all */
	size_t n = out.failed || !len ? 0 : out.len < len ? out.len : t < len ? t : len - 1;
	if (n)
		memcpy(buf, qv_buf_str(&out), n);
	if (len)
		buf[n] = '\0';
	qv_buf_free(&out);
	return (int)n;
}

/* The parentheses keep the name from the macro of core.h. */
void(qv_say)(qv_events *ev, const char *fmt, ...)
{
	if (!ev)
		return;
	va_list ap;
	va_start(ap, fmt);
	qv_vsay(ev, "", fmt, ap);
	va_end(ap);
}

void qv_events_clear(qv_events *ev)
{
	qv_buf_clear(&ev->text);
	ev->n = 0;
}

void qv_events_free(qv_events *ev)
{
	qv_buf_free(&ev->text);
	ev->n = 0;
}
