/*
 * play_sigint.h (cli) - Ctrl-C in `quiver play` (play_sigint.c): what a press asks for, read
 * by the turns and the prompts of play_game.c and play_prompt.c.
 */
#ifndef QUIVER_CLI_PLAY_SIGINT_H
#define QUIVER_CLI_PLAY_SIGINT_H

#include <signal.h>
#include <stdatomic.h>

#include "cli/cli.h"

/* The agent searching now (NULL at a prompt): a press stops its search. */
extern _Atomic(qv_agent *) play_sig_agent;
/* Save and quit at the next chance. */
extern volatile sig_atomic_t play_sig_quit;
/* A search was stopped early. */
extern volatile sig_atomic_t play_sig_stopped;

/* Installs the handler without SA_RESTART, so that a press interrupts a prompt's read. */
void play_catch_sigint(void);

#endif
