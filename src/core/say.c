/*
 * say.c - narration lines as games say them (core.h's qv_say): the text, and the message a
 * page words in another language (the format and its arguments, those of a secret part made
 * secret parts of their own). games/game.c words both for a viewer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/say.h"

/* Appends text (n bytes) as part of a line: with '?' for a byte that would end the line, its
 * text, an argument of its message or a phrase's part. In a secret part (secret), its braces
 * and bars too, so that the part stays one. */
static void msg_text(qv_buf *b, const char *text, size_t n, bool secret)
{
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		bool bad = c == QV_SAY_MSG || c == QV_SAY_ARG || c == QV_SAY_PHRASE ||
		           c == QV_SAY_PART || c == '\n' ||
		           (secret && (c == '{' || c == '}' || c == '|'));
		qv_buf_putc(b, bad ? '?' : c);
	}
}

size_t qv__say_conversion(const char *fmt, int *stars, char *letter, int *longs)
{
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

/* What a format says with the arguments ap holds, both ways: its text (as printf writes it,
 * a phrase by its text) and its message (core.h: the format, then each argument after sep,
 * an argument of a secret part made a secret part of its own). In a line's message (sep
 * QV_SAY_ARG) a phrase is an argument whole; in a phrase's (QV_SAY_PART), by its text. */
static void render(const char *fmt, va_list *ap, char sep, qv_buf *text, qv_buf *msg)
{
	msg_text(msg, fmt, strlen(fmt), false);
	/* where in a secret part "{M:secret|public}" the format is: none, the mask, the
	 * secret, the public reading */
	enum { OUT, MASK, SECRET, PUBLIC } at = OUT;
	char mask[16] = "0", arg[1024];
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			qv_buf_putc(text, *p);
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
			qv_buf_putc(text, '%');
			p += p[1] == '%';
			continue;
		}
		one_argument(p, n + 1, ap, arg, sizeof arg);
		p += n;
		const char *phrase = strchr(arg, QV_SAY_PHRASE);
		size_t shown = phrase ? (size_t)(phrase - arg) : strlen(arg);
		msg_text(text, arg, shown, false);
		qv_buf_putc(msg, sep);
		if (at == OUT) {
			if (phrase && sep == QV_SAY_ARG)
				qv_buf_puts(msg, phrase); /* as qv_phrase made it */
			else
				msg_text(msg, arg, shown, false);
			continue;
		}
		if (at == MASK)
			snprintf(mask, sizeof mask, "%.15s", arg);
		qv_buf_putc(msg, '{');
		msg_text(msg, mask, strlen(mask), true);
		qv_buf_puts(msg, at == PUBLIC ? ":|" : ":");
		msg_text(msg, at == MASK ? mask : arg, at == MASK ? strlen(mask) : shown, true);
		qv_buf_puts(msg, at == PUBLIC ? "}" : "|}");
	}
}

void qv_vsay(qv_events *ev, const char *mark, const char *fmt, va_list ap)
{
	qv_buf text = {0}, msg = {0};
	va_list again;
	va_copy(again, ap);
	render(fmt, &again, QV_SAY_ARG, &text, &msg);
	va_end(again);
	qv_buf_puts(&ev->text, mark);
	qv_buf_puts(&ev->text, qv_buf_str(&text));
	qv_buf_putc(&ev->text, QV_SAY_MSG);
	qv_buf_puts(&ev->text, qv_buf_str(&msg));
	qv_buf_putc(&ev->text, '\n');
	if (text.failed || msg.failed)
		ev->text.failed = true;
	qv_buf_free(&text);
	qv_buf_free(&msg);
	ev->n++;
}

int qv_phrase(char *buf, size_t len, const char *fmt, ...)
{
	qv_buf text = {0}, msg = {0};
	va_list ap;
	va_start(ap, fmt);
	render(fmt, &ap, QV_SAY_PART, &text, &msg);
	va_end(ap);
	size_t t = text.len, m = msg.len, n = 0;
	if (len && !text.failed && !msg.failed) {
		/* the text, then the phrase's message where there is room for it all */
		n = t < len - 1 ? t : len - 1;
		memcpy(buf, qv_buf_str(&text), n);
		if (t + 1 + m < len) {
			buf[n++] = QV_SAY_PHRASE;
			memcpy(buf + n, qv_buf_str(&msg), m);
			n += m;
		}
	}
	if (len)
		buf[n] = '\0';
	qv_buf_free(&text);
	qv_buf_free(&msg);
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
