/*
 * lab_help.c - the help of `quiver lab` (run, sweep, merge): every option with its default.
 */
#include <stdio.h>

#include "cli/lab_help.h"
#include "lab/lab.h"

/* The options after --components, and the sweep's and the examples' lines of the help. */
static void help_rest(void)
{
	printf("  --until-settled W   play the study again with twice the component games\n"
	       "                      until every component's intervals are at most W wide\n"
	       "                      (e.g. 0.2, 20 pp) or it is beyond a margin; the report\n"
	       "                      is the last round's, a plain study with those component\n"
	       "                      games\n"
	       "  --settle-cap M      the most component games --until-settled may reach\n"
	       "                      (default %d)\n"
	       "  --margin S,L        the smallest effect that counts: each component gets a\n"
	       "                      verdict on balance (its ablation: a seat's or a deck's\n"
	       "                      score), strength (restricted play's score) and length,\n"
	       "                      'beyond' when an interval lies beyond +-S of score (0.05:\n"
	       "                      5 points) or +-L decisions of length, 'within' when inside,\n"
	       "                      'unsettled' otherwise; flagged: beyond on balance (default\n"
	       "                      %g,%g; 0: none)\n"
	       "  --seed S            seed of the study; game i uses a seed mixed from S and i\n"
	       "                      (default: random; printed)\n"
	       "  --threads T         games played at once (default: the number of CPUs); the\n"
	       "                      results do not depend on it\n"
	       "  --param K=V         a game parameter (repeatable; quiver rules <game>)\n"
	       "  --out DIR           where the report goes (created if needed), and the games'\n"
	       "                      lines as they finish (DIR/games.lab); a folder that holds\n"
	       "                      a report or a study's games already is refused\n"
	       "  --force             write over the report or the games a folder holds\n"
	       "  --resume DIR        go on with the study (or sweep) DIR holds, stopped by a\n"
	       "                      Ctrl-C or a crash: its options are the study's own (give\n"
	       "                      --threads or --progress only); the report is the one an\n"
	       "                      uninterrupted run writes, byte for byte\n"
	       "  --progress SECONDS  without a terminal, a progress line every SECONDS (default\n"
	       "                      %d); 0: no progress at all, on a terminal either\n"
	       "  --shard k/K         play only slice k of K (0 <= k < K) and write\n"
	       "                      DIR/shard-k-of-K.lab; `quiver lab merge` makes the report,\n"
	       "                      the same bytes as one machine's (scripts/lab-slurm.sh runs\n"
	       "                      the slices as a Slurm job array)\n"
	       "  -h, --help          this help\n\n"
	       "A sweep takes one number through a range, a game parameter (max_turns) or a\n"
	       "number of the variant by its path (cards.scout-r.strength, die.faces.0), plays\n"
	       "--games games (default %d) per value and player count, every value on the same\n"
	       "seed, and writes one report of curves: each seat's score, the fairness gap and\n"
	       "the mean length, with their intervals. It shards and merges like a study.\n\n"
	       "examples: quiver lab run concardia --games 400 --out study\n"
	       "          quiver lab sweep concardia --vary cards.scout-r.strength=1..9 --out s\n"
	       "          quiver lab run evons --variant my.json --baseline base.json --out cmp\n"
	       "          quiver lab run three-arrows --shard 0/4 --seed 7 --out shards\n"
	       "          quiver lab merge shards/*.lab --out study\n",
	       CLI_LAB_DEFAULT_SETTLE_CAP, CLI_LAB_DEFAULT_MARGIN_SCORE,
	       CLI_LAB_DEFAULT_MARGIN_LENGTH, CLI_LAB_DEFAULT_PROGRESS,
	       CLI_LAB_DEFAULT_SWEEP_GAMES);
}

void cli_lab_help(void)
{
	printf("usage: quiver lab run <game> [--variant FILE] [--baseline FILE]\n"
	       "                      [--agents A,B...] [--players N,M...]\n"
	       "                      [--games N | --precision P] [--component-games M]\n"
	       "                      [--ladder-games L] [--ladder LO-HI] [--luck-games L]\n"
	       "                      [--paired] [--fixed-sides] [--components ID,ID...]\n"
	       "                      [--until-settled W [--settle-cap M]] [--margin S,L]\n"
	       "                      [--seed S]\n"
	       "                      [--threads T] [--param K=V]... --out DIR [--force]\n"
	       "                      [--shard k/K] [--progress SECONDS]\n"
	       "       quiver lab run --resume DIR [--threads T] [--progress SECONDS]\n"
	       "       quiver lab sweep <game> --vary PATH=LO..HI[:STEP] [--variant FILE]\n"
	       "                      [--agents A,B...] [--players N,M...] [--games N]\n"
	       "                      [--paired] [--fixed-sides] [--seed S] [--threads T]\n"
	       "                      [--param K=V]... --out DIR [--force] [--shard k/K]\n"
	       "       quiver lab merge SHARD... --out DIR [--force]\n\n"
	       "Studies a game's variant by self-play and writes one report: whether the game is\n"
	       "fair for every seat at every player count, how long, drawish and lucky it is,\n"
	       "how tense, and which components (cards, pieces, items, abilities) cause that,\n"
	       "with 95%% intervals. DIR/report.html is one self-contained page (no network),\n"
	       "DIR/report.json the same figures, DIR/games.csv one row per game. docs/lab.md\n"
	       "explains every figure.\n\n"
	       "  --variant FILE      the components studied (docs/variants.md; default: the\n"
	       "                      built-in set)\n"
	       "  --baseline FILE     a variant to compare with: every figure side by side, with\n"
	       "                      its difference and interval\n"
	       "  --agents A,B...     the players, agent specs (quiver arena --help); seats\n"
	       "                      rotate among them (default: %s, self-play)\n"
	       "  --players N,M...    the player counts studied (default: every count the game\n"
	       "                      allows)\n"
	       "  --games N           games per player count (default %d)\n"
	       "  --precision P       instead of --games: enough games for each seat's score\n"
	       "                      to be known within +-P (95%%), e.g. 0.02\n"
	       "  --component-games M games per component and player count for its ablation\n"
	       "                      (the variant without it, and the variant itself on the\n"
	       "                      same seeds) and its restricted play (one seat may not\n"
	       "                      use it); 0 leaves components out (default %d)\n"
	       "  --ladder-games L    games per rung of the skill ladder (ismcts with 2^(k+1)\n"
	       "                      against 2^k iterations); 0 leaves it out (default %d)\n"
	       "  --ladder LO-HI      the ladder's rungs k (default %d-%d)\n"
	       "  --luck-games L      games of random against the study's first agent (the\n"
	       "                      luck floor); 0 leaves them out (default %d)\n"
	       "  --paired            the games of one seat rotation share their dice and deals\n"
	       "  --fixed-sides       each seat keeps its own deck (deck1, deck2); by default the\n"
	       "                      decks swap seats in every other rotation, and the report\n"
	       "                      tells a deck's effect from a seat's\n"
	       "  --components ID,... study only these components by ablation and restricted\n"
	       "                      play (ids, or the words entries and abilities); the\n"
	       "                      others keep their play rates (default: all)\n",
	       CLI_LAB_DEFAULT_AGENT, CLI_LAB_DEFAULT_GAMES, CLI_LAB_DEFAULT_COMPONENT_GAMES,
	       CLI_LAB_DEFAULT_LADDER_GAMES, QV_LAB_LADDER_LO, QV_LAB_LADDER_HI,
	       CLI_LAB_DEFAULT_LUCK_GAMES);
	help_rest();
}
