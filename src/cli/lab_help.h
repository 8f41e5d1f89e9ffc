/*
 * lab_help.h (cli) - the defaults of `quiver lab run` and `lab sweep`, and their help
 * (lab_help.c), for lab.c and lab_merge.c.
 */
#ifndef QUIVER_CLI_LAB_HELP_H
#define QUIVER_CLI_LAB_HELP_H

#define CLI_LAB_DEFAULT_GAMES           200
#define CLI_LAB_DEFAULT_SWEEP_GAMES     100
#define CLI_LAB_DEFAULT_COMPONENT_GAMES 100
#define CLI_LAB_DEFAULT_LADDER_GAMES    20
#define CLI_LAB_DEFAULT_LUCK_GAMES      20
#define CLI_LAB_DEFAULT_AGENT           "medium"
#define CLI_LAB_DEFAULT_SETTLE_CAP      1600
#define CLI_LAB_DEFAULT_MARGIN_SCORE    0.05 /* --margin: 5 points of score */
#define CLI_LAB_DEFAULT_MARGIN_LENGTH   0.5  /* and half a decision of length */
#define CLI_LAB_DEFAULT_PROGRESS        60   /* seconds between progress lines off a terminal */

/* Prints the help of quiver lab. */
void cli_lab_help(void);

#endif
