/*
 * fuzz_protocol.c - libFuzzer target: feeds arbitrary bytes, split into lines, to the engine
 * protocol. Every parser sits behind it (command lines, game parameters, action notation, state
 * and record JSON, lessons aside, agent specs), so a crash, a sanitizer report or a reply that
 * does not end with an empty line is a bug. Build with `make fuzz` (clang), which instruments
 * the whole library, not only this file.
 *
 * Each input starts a fresh session with a game in progress, so that inputs reach the action
 * parsers without having to discover `new` first: the first byte chooses the game (and is
 * then skipped when it is not text), and a few forced-free opening moves are played.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_text.h"
#include "quiver/game.h"
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
	int ngames = 0;
	while (qv_games[ngames])
		ngames++;
	/* A first byte below ' ' picks the game and is not part of the text. */
	int game = size > 0 && data[0] < ' ' ? data[0] % ngames : 0;
	if (size > 0 && data[0] < ' ') {
		data++;
		size--;
	}
	qv_protocol *p = qv_protocol_new(1);
	qv_buf out = {0};
	char line[64];
	snprintf(line, sizeof line, "new %s", qv_games[game]->name);
	send(p, line, &out);
	send(p, "settle", &out);
	char *text = fz_text(data, size);
	for (char *l = text, *next; l; l = next) {
		next = strchr(l, '\n');
		if (next)
			*next++ = '\0';
		if (strncmp(l, "genmove", 7) == 0)
			continue; /* agents search: slow, and not a parser */
		if (send(p, l, &out))
			break;
	}
	free(text);
	qv_buf_free(&out);
	qv_protocol_free(p);
	return 0;
}
