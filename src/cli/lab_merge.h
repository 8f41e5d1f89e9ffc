/*
 * lab_merge.h (cli) - `quiver lab merge` (lab_merge.c), for lab.c's dispatch.
 */
#ifndef QUIVER_CLI_LAB_MERGE_H
#define QUIVER_CLI_LAB_MERGE_H

/* quiver lab merge SHARD... --out DIR [--force]: its exit status. */
int cli_lab_merge(int argc, char **argv);

#endif
