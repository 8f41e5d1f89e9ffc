/*
 * play_sigint.c - Ctrl-C in `quiver play`: one press during an agent's search makes it answer
 * with its best move so far; a press at a prompt, or two within a moment, saves and quits; and
 * should quiver still not stop, a few more end it at once. The handler only marks what was
 * asked for; the game loop and the prompts act on it.
 */
#include <string.h>
#include <time.h>

#include "cli/play_sigint.h"

/* Two Ctrl-C within this many seconds quit, even while an agent searches. */
#define PLAY_DOUBLE_PRESS 1.5

/* What the SIGINT handler touches: the agent searching now (NULL at a prompt), and what the
 * presses asked for. A signal handler has no context argument, so these are file-scope. */
_Atomic(qv_agent *) play_sig_agent;
volatile sig_atomic_t play_sig_quit;
volatile sig_atomic_t play_sig_stopped;
static struct timespec sig_last; /* the previous press (the handler alone uses it) */

/* One press stops the search in progress (its agent answers with its best move so far); a
 * press at a prompt, or a second one within PLAY_DOUBLE_PRESS seconds, asks to save and quit;
 * should quiver still not stop, the third press after that ends it at once (the record saved
 * after the last move stays). Only async-signal-safe calls: clock_gettime, atomic stores,
 * signal, raise. */
static void on_sigint(int sig)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double gap = (double)(now.tv_sec - sig_last.tv_sec) +
	             (double)(now.tv_nsec - sig_last.tv_nsec) * 1e-9;
	bool twice = sig_last.tv_sec != 0 && gap < PLAY_DOUBLE_PRESS;
	sig_last = now;
	if (play_sig_quit >= 3) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	if (play_sig_quit) {
		play_sig_quit++;
		return;
	}
	qv_agent *a = atomic_load(&play_sig_agent);
	if (a)
		qv_agent_interrupt(a);
	if (a && !twice)
		play_sig_stopped = 1;
	else
		play_sig_quit = 1;
}

/* Installs on_sigint without SA_RESTART, so that a press interrupts a prompt's read. */
void play_catch_sigint(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	sigaction(SIGINT, &sa, NULL);
}
