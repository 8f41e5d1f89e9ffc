/*
 * test_spiel_recall.c - the information states of the spiel API (include/quiver/spiel.h,
 * src/engine/spiel/recall.c) over random games: perfect recall (two histories a seat can tell
 * apart give it different information states, and go on doing so), secrecy (a world the
 * resampler draws for a seat and the true state, played on alike, give the seat the same ones
 * while its views agree), a secret simultaneous choice hidden from the other seats (not even
 * how many were made), the same information states whether a state kept them from its start,
 * began keeping them late (a replay) or was read back from its serialized form, clones
 * that share their lines without seeing each other's later ones, a state no longer asked that
 * stops keeping them and catches up when asked again, worlds drawn for one seat that the others
 * tell apart as they see them (one information state, one set of actions), lines that add up to
 * the observation, with a tensor whose rows are the lines, and observations kept in parts (a
 * step observing again only the parts it may have changed) the same as whole ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "scale.h"
#include "spieltest.h"

/* Whether seat p's information state (string and tensor) is the same at x and y; *tensor
 * says whether the tensors agree. */
static bool same_recall(const qv_spiel_state *x, const qv_spiel_state *y, int p, bool *tensor)
{
	qv_err err = {{0}};
	char *a = qv_spiel_information_state_string(x, p);
	char *b = qv_spiel_information_state_string(y, p);
	assert_true(a && b);
	bool eq = strcmp(a, b) == 0;
	free(a), free(b);
	int n = qv_spiel_information_state_tensor_size(x->game);
	float *ta = malloc(sizeof *ta * (size_t)n), *tb = malloc(sizeof *tb * (size_t)n);
	assert_true(ta && tb);
	assert_int_equal(qv_spiel_information_state_tensor(x, p, ta, &err), QV_OK);
	assert_int_equal(qv_spiel_information_state_tensor(y, p, tb, &err), QV_OK);
	*tensor = memcmp(ta, tb, sizeof *ta * (size_t)n) == 0;
	free(ta), free(tb);
	return eq;
}

/* Perfect recall: at states of random games, two different actions lead to x and y; a seat
 * that made them, or whose view differs after them, can tell x and y apart, so its information
 * state string must differ, and go on differing while both games go on with the same actions,
 * even where its views come to agree again (which only the recall of what it saw can tell). */
static void test_perfect_recall(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		int cap = qv_spiel_max_legal_actions(g), np = qv_spiel_num_players(g);
		int32_t *ids = malloc(sizeof *ids * (size_t)cap);
		assert_non_null(ids);
		int apart = 0, recalled = 0;
		qv_rng rng;
		qv_rng_seed(&rng, 4242 + (uint64_t)c);
		qv_err err = {{0}};
		/* two games a configuration, one in a scaled run (both of `make test`'s) */
		for (int k = 0; k < qv_test_games(2, 1); k++) {
			qv_spiel_state *s = spiel_start(g);
			for (int step = 0;
			     s->decisions < 90 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL;
			     step += s->deal == NULL) {
				int n = qv_spiel_legal_actions(s, ids, cap, &err);
				int who = qv_spiel_current_player(s);
				if (n >= 2 && who >= 0 && step % 3 == 0) {
					int32_t a = ids[qv_rng_below(&rng, (uint32_t)n)], b = a;
					while (b == a)
						b = ids[qv_rng_below(&rng, (uint32_t)n)];
					for (int p = 0; p < np; p++) {
						qv_spiel_state *x = qv_spiel_clone(s),
						               *y = qv_spiel_clone(s);
						spiel_apply(x, a);
						spiel_apply(y, b);
						/* settle the deals both ask, alike where they can
						 */
						while (qv_spiel_current_player(x) ==
						           QV_SPIEL_CHANCE &&
						       x->deal && y->deal) {
							int32_t id = spiel_random_id(x, &rng);
							if (qv_spiel_apply(y, id, &err) != QV_OK)
								break;
							spiel_apply(x, id);
						}
						char *vx = spiel_view(x, p), *vy = spiel_view(y, p);
						bool told = who == p || strcmp(vx, vy) != 0;
						free(vx), free(vy);
						for (int more = 0; told && more < 6; more++) {
							bool tensor;
							if (same_recall(x, y, p, &tensor))
								fail_msg(
								    "%s: seat %d told ids %d and %d "
								    "apart, but not %d steps later",
								    g->g->name, p, a, b, more);
							apart++;
							vx = spiel_view(x, p),
							vy = spiel_view(y, p);
							recalled += strcmp(vx, vy) == 0;
							free(vx), free(vy);
							if (qv_spiel_current_player(x) ==
							        QV_SPIEL_TERMINAL ||
							    qv_spiel_current_player(x) !=
							        qv_spiel_current_player(y))
								break;
							int32_t id = spiel_random_id(x, &rng);
							spiel_apply(x, id);
							if (qv_spiel_apply(y, id, &err) != QV_OK)
								break;
						}
						qv_spiel_state_free(x);
						qv_spiel_state_free(y);
					}
				}
				spiel_apply(s, spiel_random_id(s, &rng));
			}
			qv_spiel_state_free(s);
		}
		print_message("%s %s: %d pairs told apart, %d of them by recall alone\n",
		              spiel_configs[c].game, spiel_configs[c].params, apart, recalled);
		assert_true(apart > 0);
		free(ids);
		qv_spiel_game_free(g);
	}
}

/* The lines add up: each seat's "= slot:value" lines, applied in order to its observation at
 * the start (which every history of the game shares, so it is not written), give its
 * observation now, at every step of random games; and the information state tensor's rows are
 * the lines, the last first (a row per own action, with its id from the history, and per slot
 * of a change), after the number of rows before them. */
static void apply_lines(const char *text, float *obs)
{
	for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
		if (line[0] != '=')
			continue;
		for (const char *p = line + 1; *p == ' ';) {
			char *end;
			long slot = strtol(p, &end, 10);
			assert_true(*end == ':');
			obs[slot] = (float)strtol(end + 1, &end, 10);
			p = end;
		}
	}
}

/* The rows of seat p's lines (text) into rows (room for them all: at most the bytes of text),
 * its own actions' ids those of p in the history of s; returns how many. */
static int rows_of_lines(const qv_spiel_state *s, int p, const char *text, float (*rows)[6])
{
	int n = qv_spiel_history(s, NULL, NULL, 0), k = 0, own = 0;
	int32_t *ids = malloc(sizeof *ids * (size_t)(n + 1));
	int8_t *who = malloc(sizeof *who * (size_t)(n + 1));
	assert_true(ids && who);
	qv_spiel_history(s, ids, who, n);
	for (const char *line = text; *line; line = strchr(line, '\n') + 1, k++) {
		memset(rows[k], 0, sizeof rows[k]);
		if (line[0] != '=') {
			assert_true(line[0] == 'p' && line[1] == '1' + p);
			while (own < n && who[own] != p)
				own++;
			assert_true(own < n);
			rows[k][0] = 1;
			rows[k][4] = (float)ids[own++];
			continue;
		}
		for (const char *at = line + 1; *at == ' '; k++) {
			char *end;
			memset(rows[k], 0, sizeof rows[k]);
			rows[k][at == line + 1 ? 1 : 2] = 1;
			rows[k][4] = (float)strtol(at, &end, 10);
			rows[k][5] = (float)strtol(end + 1, &end, 10);
			at = end;
		}
		k--;
	}
	free(ids), free(who);
	return k;
}

static void test_lines_add_up(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		int n = qv_spiel_observation_tensor_size(g), np = qv_spiel_num_players(g);
		int ni = qv_spiel_information_state_tensor_size(g), cap = (ni - n - 1) / 6;
		float *obs = malloc(sizeof *obs * (size_t)n),
		      *sum = malloc(sizeof *sum * (size_t)n);
		float *info = malloc(sizeof *info * (size_t)ni);
		float *start = malloc(sizeof *start * (size_t)(n * np));
		assert_true(obs && sum && info && start);
		qv_rng rng;
		qv_rng_seed(&rng, 77 + (uint64_t)c);
		qv_err err = {{0}};
		qv_spiel_state *s = spiel_start(g);
		free(qv_spiel_information_state_string(s, 0));
		for (int p = 0; p < np; p++)
			assert_int_equal(
			    qv_spiel_observation_tensor(s, p, start + (size_t)p * (size_t)n, &err),
			    QV_OK);
		for (int step = 0; step < 400; step++) {
			for (int p = 0; p < np; p++) {
				assert_int_equal(qv_spiel_observation_tensor(s, p, obs, &err),
				                 QV_OK);
				memcpy(sum, start + (size_t)p * (size_t)n, sizeof *sum * (size_t)n);
				char *text = qv_spiel_information_state_string(s, p);
				assert_non_null(text);
				apply_lines(text, sum);
				assert_memory_equal(sum, obs, sizeof *obs * (size_t)n);
				float(*rows)[6] = malloc(sizeof *rows * (strlen(text) + 1));
				assert_non_null(rows);
				int k = rows_of_lines(s, p, text, rows);
				free(text);
				assert_int_equal(
				    qv_spiel_information_state_tensor(s, p, info, &err), QV_OK);
				assert_memory_equal(info, obs, sizeof *obs * (size_t)n);
				assert_true(info[n] == (float)(k > cap ? k - cap : 0));
				for (int r = 0; r < cap; r++) {
					float none[6] = {0};
					const float *want = r < k ? rows[k - 1 - r] : none;
					assert_memory_equal(info + n + 1 + 6 * r, want,
					                    sizeof none);
				}
				free(rows);
			}
			if (qv_spiel_current_player(s) == QV_SPIEL_TERMINAL)
				break;
			spiel_apply(s, spiel_random_id(s, &rng));
		}
		qv_spiel_state_free(s);
		free(obs), free(sum), free(info), free(start);
		qv_spiel_game_free(g);
	}
}

/* How many of a's slots are below slot. */
static int32_t below(const qv__sparse *a, int32_t slot)
{
	int32_t n = 0;
	while (n < a->n && a->idx[n] < slot)
		n++;
	return n;
}

/* Where an indexed seat says its parts begin in its observation is where they begin
 * (handles.h, qv__seat). */
static void parts_indexed(const qv_spiel_state *s, const qv__seat *a)
{
	const qv_spiel_game *g = s->game;
	for (int i = 0; a->indexed && i <= g->nparts; i++)
		assert_int_equal(a->at[i], below(&a->obs, g->part_from[i]));
}

/* The parts the game says several seats see alike (the keys its `changed` gives, asked with
 * every seat's parts changed as much as they can be: from the game's initial state to s's)
 * hold the same slots in the seats' whole observations (whole[p], one per seat), each from its
 * own part's start; returns how many pairs of parts it compared. */
static long parts_shared(const qv_spiel_state *s, qv__sparse *whole)
{
	const qv_spiel_game *g = s->game;
	int np = g->nplayers;
	long pairs = 0;
	uint32_t mask[QV_MAX_PLAYERS] = {0};
	int8_t key[QV_MAX_PLAYERS][QV__OBS_PARTS];
	memset(key, -1, sizeof key);
	g->part->changed(g->initial, QV__CUR(s), mask, key);
	for (int p = 0; p < np; p++) {
		assert_int_equal(qv__seat_observe(s, p, &whole[p]), QV_OK);
		for (int i = 0; i < g->nparts; i++)
			assert_true(key[p][i] < 64); /* games/spiel.h: 0 to 63, or -1 */
	}
	for (int a = 0; a < np * g->nparts; a++)
		for (int b = a + 1; b < np * g->nparts; b++) {
			int va = a / g->nparts, ia = a % g->nparts, vb = b / g->nparts,
			    ib = b % g->nparts;
			if (key[va][ia] < 0 || key[va][ia] != key[vb][ib])
				continue;
			const int32_t *from = g->part_from;
			int32_t x = below(&whole[va], from[ia]), y = below(&whole[vb], from[ib]);
			int32_t n = below(&whole[va], from[ia + 1]) - x;
			assert_int_equal(below(&whole[vb], from[ib + 1]) - y, n);
			for (int k = 0; k < n; k++) {
				assert_int_equal(whole[va].idx[x + k] - from[ia],
				                 whole[vb].idx[y + k] - from[ib]);
				assert_true(whole[va].val[x + k] == whole[vb].val[y + k]);
			}
			pairs++;
		}
	return pairs;
}

/* Observations kept in parts (games/spiel.h: once information states are kept, a step
 * observes again only the parts the game says it may have changed): at every step of random
 * games each seat's observation is the one observed whole, and each part writes the slots of
 * its own range only; a part left out of what a step changed shows as a slot that differs, and
 * where the seat's index says each part begins is where it begins; parts the game says several
 * seats see alike are the same in their observations (parts_shared). */
static void test_parts_kept(void **state)
{
	(void)state;
	static const spiel_config more[] = {{"arrow-party", "players=3,shuffle=false", 2}};
	int nconfigs = spiel_nconfigs + (int)(sizeof more / sizeof *more), inparts = 0;
	long shared = 0; /* pairs of parts seen alike, compared */
	for (int c = 0; c < nconfigs; c++) {
		const spiel_config *k =
		    c < spiel_nconfigs ? &spiel_configs[c] : &more[c - spiel_nconfigs];
		qv_spiel_game *g = spiel_game(k->game, k->params);
		int np = qv_spiel_num_players(g);
		int size = g->layout.c * g->layout.h * g->layout.w + g->layout.nscalars;
		qv__sparse whole = {0}, seats[QV_MAX_PLAYERS] = {{0}};
		int32_t *idx = malloc(sizeof *idx * (size_t)size);
		float *val = malloc(sizeof *val * (size_t)size);
		assert_true(idx && val);
		inparts += g->nparts > 0;
		qv_rng rng;
		qv_rng_seed(&rng, 5150 + (uint64_t)c);
		for (int game = 0; game < 6; game++) {
			qv_spiel_state *s = spiel_start(g);
			/* keeps them from here, asked for a tensor in every other game */
			if (game % 2) {
				float *t = malloc(
				    sizeof *t * (size_t)qv_spiel_information_state_tensor_size(g));
				assert_non_null(t);
				qv_err err = {{0}};
				assert_int_equal(qv_spiel_information_state_tensor(s, 0, t, &err),
				                 QV_OK);
				free(t);
			} else {
				free(qv_spiel_information_state_string(s, 0));
			}
			for (int step = 0; qv_spiel_current_player(s) != QV_SPIEL_TERMINAL;
			     step++) {
				/* asked at every step, so that the seats never lag */
				assert_int_equal(qv__recall_on(s, QV__KEEP_ALL, NULL), QV_OK);
				assert_false(s->lag);
				if (g->nparts && step % 3 == 0)
					shared += parts_shared(s, seats);
				for (int p = 0; p < np; p++) {
					const qv__sparse *kept = &s->seat[p].obs;
					assert_int_equal(qv__seat_observe(s, p, &whole), QV_OK);
					assert_int_equal(kept->n, whole.n);
					assert_memory_equal(kept->idx, whole.idx,
					                    sizeof *whole.idx * (size_t)whole.n);
					assert_memory_equal(kept->val, whole.val,
					                    sizeof *whole.val * (size_t)whole.n);
					parts_indexed(s, &s->seat[p]);
					for (int i = 0; step % 5 == 0 && i < g->nparts; i++) {
						qv__obs o = {.idx = idx,
						             .val = val,
						             .cap = size,
						             .size = size,
						             .last = -1};
						g->part->observe_part(QV__CUR(s), p, i, &o);
						assert_false(o.failed);
						for (int j = 0; j < o.n; j++) {
							assert_true(idx[j] >= g->part_from[i]);
							assert_true(idx[j] < g->part_from[i + 1]);
						}
					}
				}
				spiel_apply(s, spiel_random_id(s, &rng));
			}
			qv_spiel_state_free(s);
		}
		free(whole.idx), free(whole.val), free(idx), free(val);
		for (int p = 0; p < QV_MAX_PLAYERS; p++)
			free(seats[p].idx), free(seats[p].val);
		qv_spiel_game_free(g);
	}
	assert_true(inparts > 0);
	assert_true(shared > 0);
}

/* Secrecy: a world resampled for seat p (everything hidden from p redrawn) and the true state
 * go on with the same actions; while p's views agree at every step, p cannot tell the two
 * histories apart, so its information state (string and tensor) must be the same in both,
 * though the worlds differ in what p cannot see: nothing hidden from p reaches it. */
static void test_secrecy(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		int np = qv_spiel_num_players(g);
		int compared = 0, differing = 0;
		qv_rng rng;
		qv_rng_seed(&rng, 777 + (uint64_t)c);
		qv_err err = {{0}};
		for (int k = 0; k < qv_test_games(2, 1); k++) {
			qv_spiel_state *s = spiel_start(g);
			for (int step = 0;
			     s->decisions < 120 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL;
			     step += s->deal == NULL) {
				for (int p = 0; p < np && step % 4 == 0 && !s->deal; p++) {
					qv_spiel_state *x = qv_spiel_clone(s), *r = NULL;
					assert_int_equal(
					    qv_spiel_resample(s, p, qv_rng_next(&rng), &r, &err),
					    QV_OK);
					for (int more = 0; more < 8; more++) {
						char *vx = spiel_view(x, p), *vr = spiel_view(r, p);
						bool agree = strcmp(vx, vr) == 0;
						free(vx), free(vr);
						if (!agree)
							break;
						bool tensor;
						if (!same_recall(x, r, p, &tensor))
							fail_msg(
							    "%s: seat %d's information state differs "
							    "between two histories it cannot tell apart",
							    g->g->name, p);
						assert_true(tensor);
						compared++;
						differing += !spiel_same(x, r);
						if (qv_spiel_current_player(x) ==
						        QV_SPIEL_TERMINAL ||
						    qv_spiel_current_player(x) !=
						        qv_spiel_current_player(r))
							break;
						int32_t id = spiel_random_id(x, &rng);
						spiel_apply(x, id);
						if (qv_spiel_apply(r, id, &err) != QV_OK)
							break;
					}
					qv_spiel_state_free(x);
					qv_spiel_state_free(r);
				}
				spiel_apply(s, spiel_random_id(s, &rng));
			}
			qv_spiel_state_free(s);
		}
		print_message("%s %s: %d comparisons, %d of them of worlds that differ\n",
		              spiel_configs[c].game, spiel_configs[c].params, compared, differing);
		/* THREE ARROWS hides only covered pieces, which short games may not have */
		if (strcmp(spiel_configs[c].game, "three-arrows") != 0)
			assert_true(differing > 0);
		qv_spiel_game_free(g);
	}
}

/* Worlds drawn for one seat, as OpenSpiel's IS-MCTS keys its nodes: wherever another seat is
 * to move with the same information state in two worlds played on alike, its legal actions are
 * the same (one key, one set of actions), and two worlds whose views differ for a seat give it
 * different information states. A world once began every other seat with nothing but a line
 * saying its past was unknown, so worlds dealing it different hands gave it one key. */
static void test_worlds_told_apart(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		int np = qv_spiel_num_players(g), nmax = qv_spiel_max_legal_actions(g);
		int32_t *la = malloc(sizeof *la * (size_t)nmax),
		        *lb = malloc(sizeof *lb * (size_t)nmax);
		assert_true(la && lb);
		qv_rng rng;
		qv_rng_seed(&rng, 991 + (uint64_t)c);
		qv_err err = {{0}};
		int keyed = 0;
		qv_spiel_state *s = spiel_start(g);
		for (int step = 0;
		     s->decisions < 150 && qv_spiel_current_player(s) != QV_SPIEL_TERMINAL;
		     step += s->deal == NULL) {
			int p = qv_spiel_current_player(s);
			if (step % 5 == 0 && p >= 0) {
				qv_spiel_state *a = NULL, *b = NULL;
				assert_int_equal(
				    qv_spiel_resample(s, p, qv_rng_next(&rng), &a, &err), QV_OK);
				assert_int_equal(
				    qv_spiel_resample(s, p, qv_rng_next(&rng), &b, &err), QV_OK);
				for (int more = 0; more < 10; more++) {
					int q = qv_spiel_current_player(a);
					for (int o = 0; o < np; o++) {
						char *va = spiel_view(a, o), *vb = spiel_view(b, o);
						char *ia = qv_spiel_information_state_string(a, o);
						char *ib = qv_spiel_information_state_string(b, o);
						assert_true(ia && ib);
						if (strcmp(va, vb) != 0 && strcmp(ia, ib) == 0)
							fail_msg(
							    "%s: seat %d has one information state in two "
							    "worlds it sees differently",
							    g->g->name, o);
						free(va), free(vb), free(ia), free(ib);
					}
					if (q < 0 || q != qv_spiel_current_player(b))
						break;
					char *ia = qv_spiel_information_state_string(a, q);
					char *ib = qv_spiel_information_state_string(b, q);
					if (strcmp(ia, ib) == 0) {
						int na = qv_spiel_legal_actions(a, la, nmax, &err);
						int nb = qv_spiel_legal_actions(b, lb, nmax, &err);
						if (na != nb ||
						    memcmp(la, lb, sizeof *la * (size_t)na) != 0)
							fail_msg(
							    "%s: seat %d has one information state and two "
							    "sets of legal actions",
							    g->g->name, q);
						keyed++;
					}
					free(ia), free(ib);
					int32_t id = spiel_random_id(a, &rng);
					spiel_apply(a, id);
					if (qv_spiel_apply(b, id, &err) != QV_OK)
						break;
				}
				qv_spiel_state_free(a);
				qv_spiel_state_free(b);
			}
			spiel_apply(s, spiel_random_id(s, &rng));
		}
		print_message("%s %s: %d keys shared by two worlds\n", spiel_configs[c].game,
		              spiel_configs[c].params, keyed);
		assert_true(keyed > 0);
		qv_spiel_state_free(s);
		free(la), free(lb);
		qv_spiel_game_free(g);
	}
}

/* At a secret simultaneous step (game.h's together), the choice of the seat to move is hidden
 * from the other seats of the step until all have chosen: two choices after which the same
 * seat is to move leave them the same information state, and a choice after which the mover
 * goes on choosing (Arrow Party's items, one by one before `ready`) leaves them what they had,
 * so that not even the number of its choices shows. */
static void test_together(void **state)
{
	(void)state;
	static const char *const games[] = {"concardia", "arrow-party"};
	for (int c = 0; c < 2; c++) {
		qv_spiel_game *g = spiel_game(games[c], "");
		int cap = qv_spiel_max_legal_actions(g), met = 0;
		int32_t *ids = malloc(sizeof *ids * (size_t)cap);
		qv_rng rng;
		qv_rng_seed(&rng, 31 + (uint64_t)c);
		qv_err err = {{0}};
		qv_spiel_state *s = spiel_start(g);
		while (qv_spiel_current_player(s) != QV_SPIEL_TERMINAL && met < 40) {
			const qv_game *gg = g->g;
			unsigned done = 0, open = gg->together && !s->deal
			                              ? gg->together(QV__CUR(s), &done)
			                              : 0;
			int who = qv_spiel_current_player(s);
			if (who >= 0 && (open & ~(1u << who))) {
				met++;
				int n = qv_spiel_legal_actions(s, ids, cap, &err),
				    m = n < 6 ? n : 6;
				qv_spiel_state *after[6];
				for (int i = 0; i < m; i++) {
					after[i] = qv_spiel_clone(s);
					spiel_apply(after[i], ids[i]);
				}
				for (int p = 0; p < g->nplayers; p++) {
					if (p == who || !(open >> p & 1))
						continue;
					for (int i = 0; i < m; i++) {
						bool tensor;
						int next = qv_spiel_current_player(after[i]);
						if (next == who)
							assert_true(
							    same_recall(s, after[i], p, &tensor) &&
							    tensor);
						for (int j = i + 1; j < m; j++)
							if (qv_spiel_current_player(after[j]) ==
							    next)
								assert_true(same_recall(after[i],
								                        after[j], p,
								                        &tensor) &&
								            tensor);
					}
				}
				for (int i = 0; i < m; i++)
					qv_spiel_state_free(after[i]);
			}
			spiel_apply(s, spiel_random_id(s, &rng));
		}
		assert_true(met > 0);
		qv_spiel_state_free(s);
		free(ids);
		qv_spiel_game_free(g);
	}
}

/* The same information states however they were worked out: kept at every step (asked for a
 * tensor at every decision: its rows alone until a string is asked), kept until a decision
 * made without an ask and caught up from there when asked (the seats lag: asked for a string
 * once, its lines alone), begun late (the history replayed from the base), read back from the
 * serialized form; and clones sharing their lines each keep their own afterwards. */
static void test_kept_alike(void **state)
{
	(void)state;
	for (int c = 0; c < spiel_nconfigs; c++) {
		qv_spiel_game *g = spiel_game(spiel_configs[c].game, spiel_configs[c].params);
		qv_spiel_state *kept = spiel_start(g), *late = spiel_start(g);
		qv_spiel_state *lags = spiel_start(g);
		qv_rng rng;
		qv_rng_seed(&rng, 555 + (uint64_t)c);
		qv_err err = {{0}};
		float *t = malloc(sizeof *t * (size_t)qv_spiel_information_state_tensor_size(g));
		assert_non_null(t);
		free(qv_spiel_information_state_string(lags, 0));
		assert_int_equal(qv_spiel_information_state_tensor(kept, 0, t, &err), QV_OK);
		/* each keeps what it was asked for: a loop asking for one pays for no other */
		assert_true(kept->track == QV__KEEP_ROWS && lags->track == QV__KEEP_TEXT);
		int lagged = 0;
		for (int step = 0;
		     kept->decisions < 60 && qv_spiel_current_player(kept) != QV_SPIEL_TERMINAL;
		     step++) {
			int who = qv_spiel_current_player(kept);
			if (who >= 0)
				assert_int_equal(
				    qv_spiel_information_state_tensor(kept, who, t, &err), QV_OK);
			int32_t id = spiel_random_id(kept, &rng);
			spiel_apply(kept, id);
			spiel_apply(late, id);
			spiel_apply(lags, id);
			assert_false(kept->lag);
			lagged += lags->lag;
			if (step % 37 != 36)
				continue;
			size_t len;
			char *bytes = qv_spiel_serialize(kept, &len);
			qv_spiel_state *back = NULL, *fresh = qv_spiel_clone(late);
			assert_int_equal(qv_spiel_deserialize(g, bytes, len, &back, &err), QV_OK);
			qv_spiel_state *twin = qv_spiel_clone(kept);
			for (int p = 0; p < g->nplayers; p++) {
				bool tensor;
				assert_true(same_recall(kept, back, p, &tensor) && tensor);
				assert_true(same_recall(kept, fresh, p, &tensor) && tensor);
				assert_true(same_recall(kept, lags, p, &tensor) && tensor);
			}
			/* the clone goes its own way: kept's lines stay as they were */
			char *before = qv_spiel_information_state_string(kept, 0);
			while (qv_spiel_current_player(twin) != QV_SPIEL_TERMINAL &&
			       twin->moves < kept->moves + 5)
				spiel_apply(twin, spiel_random_id(twin, &rng));
			char *still = qv_spiel_information_state_string(kept, 0);
			assert_string_equal(before, still);
			free(before), free(still), free(bytes);
			qv_spiel_state_free(twin);
			qv_spiel_state_free(back);
			qv_spiel_state_free(fresh);
		}
		/* a state asked once keeps nothing after its next decision until asked again */
		assert_true(lagged > 0);
		qv_spiel_state_free(kept);
		qv_spiel_state_free(late);
		qv_spiel_state_free(lags);
		free(t);
		qv_spiel_game_free(g);
	}
}

/* FNV-1a over n bytes, from h. */
static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
	for (const unsigned char *b = p, *end = b + n; b < end; b++)
		h = (h ^ *b) * 1099511628211ull;
	return h;
}

/* The tensors a learner asks at every decision, byte for byte what they were before a seat
 * kept its last rows for the next ask (digests over a seeded game of each configuration, taken
 * at c70e5d9; Arrow Party's again when its active seat's slots moved beside the player to
 * move's, the same before with the old order): the seat to move's at each decision and, every fifth
 * step, every seat's; with recall=5 (its rows kept moving past the front of their room) and the
 * default 128, each ask also set against a fresh clone's, which has no rows kept. A change of a
 * game's rules or of the tensor's layout changes the digests. */
static void test_tensor_pinned(void **state)
{
	(void)state;
	static const uint64_t pinned[][2] = {
	    /* recall=5, recall=128 */
	    {0x5ebe1ff57d9013b7, 0xf2b4af3ff584228d}, /* three-arrows */
	    {0x093f011764068ffe, 0xb5bc826d15dc6f02}, /* players=3 */
	    {0x111283f8580184d0, 0xfb9345765e6dc3dc}, /* mode=tactical */
	    {0x73681345d1fbacf8, 0x3c6eb14bda5a536f}, /* concardia */
	    {0x8def7a6e0899c472, 0x0f8309643032278c}, /* evons */
	    {0xbf7bfd9aefc3ae4e, 0x1f132e53f9760166}, /* arrow-party */
	    {0xb0063eeeb7226622, 0xadcd54e88d4923ca}, /* players=5 */
	    {0x9499bdeb31a86cae, 0xf8d186863ed65ed7}, /* evons shuffle=false */
	};
	assert_int_equal(sizeof pinned / sizeof *pinned, spiel_nconfigs);
	int differ = 0;
	for (int c = 0; c < spiel_nconfigs; c++)
		for (int r = 0; r < 2; r++) {
			char params[128];
			snprintf(params, sizeof params, "%s%srecall=%d", spiel_configs[c].params,
			         *spiel_configs[c].params ? "," : "", r ? 128 : 5);
			qv_spiel_game *g = spiel_game(spiel_configs[c].game, params);
			int n = qv_spiel_information_state_tensor_size(g);
			float *t = malloc(sizeof *t * (size_t)n),
			      *u = malloc(sizeof *u * (size_t)n);
			assert_true(t && u);
			qv_rng rng;
			qv_rng_seed(&rng, 9000 + (uint64_t)c);
			qv_err err = {{0}};
			qv_spiel_state *s = spiel_start(g);
			uint64_t h = 1469598103934665603ull;
			for (int step = 0; step < 300; step++) {
				int who = qv_spiel_current_player(s);
				if (who == QV_SPIEL_TERMINAL)
					break;
				for (int p = 0; p < g->nplayers; p++) {
					if (p != who && step % 5)
						continue;
					assert_int_equal(
					    qv_spiel_information_state_tensor(s, p, t, &err),
					    QV_OK);
					h = fnv_bytes(h, t, sizeof *t * (size_t)n);
					qv_spiel_state *fresh = qv_spiel_clone(s);
					assert_non_null(fresh);
					assert_int_equal(
					    qv_spiel_information_state_tensor(fresh, p, u, &err),
					    QV_OK);
					assert_memory_equal(t, u, sizeof *t * (size_t)n);
					qv_spiel_state_free(fresh);
				}
				spiel_apply(s, spiel_random_id(s, &rng));
			}
			if (h != pinned[c][r])
				print_message("%s %s: %#018llx, not %#018llx\n",
				              spiel_configs[c].game, params, (unsigned long long)h,
				              (unsigned long long)pinned[c][r]);
			differ += h != pinned[c][r];
			qv_spiel_state_free(s);
			free(t), free(u);
			qv_spiel_game_free(g);
		}
	assert_int_equal(differ, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_kept_alike),        cmocka_unit_test(test_lines_add_up),
	    cmocka_unit_test(test_parts_kept),        cmocka_unit_test(test_perfect_recall),
	    cmocka_unit_test(test_secrecy),           cmocka_unit_test(test_together),
	    cmocka_unit_test(test_worlds_told_apart), cmocka_unit_test(test_tensor_pinned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
