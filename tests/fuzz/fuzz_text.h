/*
 * fuzz_text.h - a fuzzer's input as text, for the targets that read it as lines (fuzz_protocol,
 * fuzz_server, fuzz_ws).
 */
#ifndef QUIVER_FUZZ_TEXT_H
#define QUIVER_FUZZ_TEXT_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The input's bytes, NUL-terminated (malloc'd: the caller frees; aborts when out of memory). */
static inline char *fz_text(const unsigned char *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

/* Ends the first line of text at its newline; returns the rest after it, or NULL when there is
 * only the one line. */
static inline char *fz_cut_line(char *text)
{
	char *rest = strchr(text, '\n');
	if (rest)
		*rest++ = '\0';
	return rest;
}

#endif
