/*
 * game.c - helpers shared by all games and their users: player names, ranks and rank-based
 * utilities, and drawing random actions and chance outcomes through the game interface.
 */
#include <stdio.h>
#include <string.h>

#include "quiver/game.h"

const char *qv_player_name(int who, char *buf)
{
	if (who == QV_CHANCE)
		return strcpy(buf, "chance");
	if (who == QV_OVER)
		return strcpy(buf, "over");
	snprintf(buf, 8, "p%u", (unsigned)(who + 1) % 1000u);
	return buf;
}

int qv_player_parse(const char *text, int nplayers)
{
	if ((text[0] != 'p' && text[0] != 'P') || text[1] < '1' || text[1] > '9' || text[2])
		return -1;
	int p = text[1] - '1';
	return p < nplayers ? p : -1;
}

void qv_utilities_from_ranks(const int *ranks, int n, double *out)
{
	if (n == 1) {
		out[0] = 0;
		return;
	}
	/* Players with rank r occupy places r-1 .. r-2+k (0-based), k = how many share it. */
	for (int i = 0; i < n; i++) {
		int k = 0;
		for (int j = 0; j < n; j++)
			k += ranks[j] == ranks[i];
		double sum = 0;
		for (int place = ranks[i] - 1; place < ranks[i] - 1 + k; place++)
			sum += 1.0 - 2.0 * place / (n - 1);
		out[i] = sum / k;
	}
}

void qv_ranks_from_order(int n, int (*cmp)(const void *ctx, int a, int b), const void *ctx,
			 int *out)
{
	for (int i = 0; i < n; i++) {
		int better = 0;
		for (int j = 0; j < n; j++)
			if (j != i && cmp(ctx, j, i) > 0)
				better++;
		out[i] = better + 1;
	}
}

qv_action qv_sample_chance(const qv_game *g, const void *st, qv_rng *rng, qv_action *buf,
			   double *prob)
{
	int n = g->chance(st, buf, prob);
	if (n <= 0)
		return -1;
	double x = qv_rng_double(rng);
	for (int i = 0; i < n - 1; i++) {
		if (x < prob[i])
			return buf[i];
		x -= prob[i];
	}
	return buf[n - 1];
}

qv_action qv_sample_legal(const qv_game *g, const void *st, qv_rng *rng, qv_action *buf)
{
	if (g->sample)
		return g->sample(st, rng);
	int n = g->legal(st, buf);
	return n > 0 ? buf[qv_rng_below(rng, (uint32_t)n)] : -1;
}
