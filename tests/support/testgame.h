/*
 * testgame.h - HIGH CARD, a tiny complete game used to test the match layer (undo, forced
 * moves, secret commitments, chance, JSON, records) without depending on a real game. It is
 * not in the registry; tests use it through `qv_test_game` directly. Its rules are at the top
 * of testgame.c.
 */
#ifndef QUIVER_TESTGAME_H
#define QUIVER_TESTGAME_H

#include "quiver/game.h"

/* The actions of HIGH CARD (the notation is in testgame.c). */
enum {
	QV_TG_STEP1,
	QV_TG_STEP2,
	QV_TG_STEP3,
	QV_TG_PASS,
	QV_TG_HEADS,
	QV_TG_TAILS,
	QV_TG_BELL,
	QV_TG_HOLD,
	QV_TG_FOLD,
	QV_TG_NACTIONS
};

extern const qv_game qv_test_game;

#endif
