/*
 * fuzz_protocol.c - libFuzzer target: feeds arbitrary bytes, split into lines, to the engine
 * protocol. Every parser sits behind it (command lines, game parameters, action notation, state
 * and record JSON, agent specs), so a crash, a sanitizer report or a reply that does not end
 * with an empty line is a bug. Build with `make fuzz` (clang).
 *
 * Each input starts a fresh session with a THREE ARROWS game in progress, so that inputs reach
 * the action parsers without having to discover `new` first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/protocol.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* Sends one line and checks that the reply is well formed. */
static bool send(qv_protocol *p, const char *line, qv_buf *out)
{
	qv_buf_clear(out);
	bool quit = qv_protocol_handle(p, line, out);
	const char *s = qv_buf_str(out);
	size_t n = strlen(s);
	/* Comments and blank lines get no reply; everything else ends with "\n\n". */
	if (n && (n < 2 || s[n - 1] != '\n' || s[n - 2] != '\n' || (s[0] != '=' && s[0] != '?')))
		abort();
	return quit;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	qv_protocol *p = qv_protocol_new(1);
	qv_buf out = {0};
	send(p, "new three-arrows", &out);
	send(p, "play place Y c1 N", &out);
	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strncmp(line, "genmove", 7) == 0)
			continue; /* agents search: slow, and not a parser */
		if (send(p, line, &out))
			break;
	}
	free(text);
	qv_buf_free(&out);
	qv_protocol_free(p);
	return 0;
}
