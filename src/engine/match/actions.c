/*
 * actions.c - the list of actions a thread lists into (qv__match_actions): one per thread,
 * shared by every match the thread serves, rather than one per match.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "engine/match/actions.h"

/* The calling thread's list (qv__match_actions) and its room, in entries; the key frees it
 * when the thread ends. A list per match (64 KiB for THREE ARROWS, whose max_actions is
 * 16,384) was most of an idle table's memory in a server holding a thousand. */
static _Thread_local qv_action *actions;
static _Thread_local int actions_room;
static pthread_key_t actions_key;
static pthread_once_t actions_once = PTHREAD_ONCE_INIT;
static bool actions_keyed;

static void make_actions_key(void) { actions_keyed = pthread_key_create(&actions_key, free) == 0; }

qv_action *qv__match_actions(const qv_game *g)
{
	int need = g->max_actions > g->max_chance ? g->max_actions : g->max_chance;
	if (need < 1)
		need = 1;
	if (need <= actions_room)
		return actions;
	pthread_once(&actions_once, make_actions_key);
	qv_action *list = actions_keyed ? malloc((size_t)need * sizeof *list) : NULL;
	if (!list || pthread_setspecific(actions_key, list) != 0) {
		free(list);
		return NULL;
	}
	free(actions);
	actions = list;
	actions_room = need;
	return list;
}
