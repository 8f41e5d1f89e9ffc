/*
 * notation.c - ConCardia actions as text, exactly as the rules page writes them:
 *   start <card> | play <card> <sq> | persist <card> | act <sq> slide <sq> |
 *   act <sq> jump <sq> | act <sq> shove <sq> | act <sq> boost | act persistent <card> boost |
 *   immediate <card> <sq> | discard <card> | counter <sq> | counter persistent <card> |
 *   react <card> <sq> | decline | pass | coin p1 | coin p2
 * A card is written as its id in the set played with: its name, '-', its trait's letter
 * (striker-p). Parsing ignores case.
 */
#include <stdio.h>
#include <string.h>

#include "concardia.h"
#include "core/fmt.h"

void cc_card_name(const cc_tables *T, int card, char *buf)
{
	qv_fmt(buf, CC_ID_MAX + 1, "%s", card >= 0 && card < T->ncards ? T->cards[card].id : "?");
}

static void sqn(int sq, char *buf) { qv_sq_name(sq % 6, sq / 6, buf); }

int cc_action_to_text(const void *st, qv_action a, char *buf, size_t len)
{
	const cc_tables *T = cc_T(st);
	int type = CC_TYPE(a), arg = CC_ARG(a), x = CC_A(arg), y = CC_B(arg);
	char c[CC_ID_MAX + 1], s1[4], s2[4];
	bool card_x = type == CC_ACT_START || type == CC_ACT_PLAY || type == CC_ACT_PERSIST ||
	              type == CC_ACT_PBOOST || type == CC_ACT_IMMEDIATE || type == CC_ACT_DISCARD ||
	              type == CC_ACT_PCOUNTER || type == CC_ACT_REACT;
	bool sq_x = type == CC_ACT_SLIDE || type == CC_ACT_JUMP || type == CC_ACT_SHOVE ||
	            type == CC_ACT_BOOST || type == CC_ACT_COUNTER;
	bool sq_y = type == CC_ACT_PLAY || type == CC_ACT_SLIDE || type == CC_ACT_JUMP ||
	            type == CC_ACT_SHOVE || type == CC_ACT_IMMEDIATE || type == CC_ACT_REACT;
	bool ok = a >= 0 && type >= CC_ACT_START && type <= CC_ACT_COIN;
	if (ok && card_x && x >= T->ncards)
		ok = false;
	if (ok && sq_x && x >= CC_NSQ)
		ok = false;
	if (ok && sq_y && y >= CC_NSQ)
		ok = false;
	if (ok && !sq_y && (arg >> 6))
		ok = false;
	if (ok && (type == CC_ACT_DECLINE || type == CC_ACT_PASS) && arg)
		ok = false;
	if (ok && type == CC_ACT_COIN && arg > 1)
		ok = false;
	if (!ok) {
		if (len)
			buf[0] = '\0';
		return QV_EINVAL;
	}
	cc_card_name(T, x, c);
	sqn(x, s1);
	sqn(y, s2);
	switch (type) {
	case CC_ACT_START: return qv_fmt(buf, len, "start %s", c);
	case CC_ACT_PLAY: return qv_fmt(buf, len, "play %s %s", c, s2);
	case CC_ACT_PERSIST: return qv_fmt(buf, len, "persist %s", c);
	case CC_ACT_SLIDE: return qv_fmt(buf, len, "act %s slide %s", s1, s2);
	case CC_ACT_JUMP: return qv_fmt(buf, len, "act %s jump %s", s1, s2);
	case CC_ACT_SHOVE: return qv_fmt(buf, len, "act %s shove %s", s1, s2);
	case CC_ACT_BOOST: return qv_fmt(buf, len, "act %s boost", s1);
	case CC_ACT_PBOOST: return qv_fmt(buf, len, "act persistent %s boost", c);
	case CC_ACT_IMMEDIATE: return qv_fmt(buf, len, "immediate %s %s", c, s2);
	case CC_ACT_DISCARD: return qv_fmt(buf, len, "discard %s", c);
	case CC_ACT_COUNTER: return qv_fmt(buf, len, "counter %s", s1);
	case CC_ACT_PCOUNTER: return qv_fmt(buf, len, "counter persistent %s", c);
	case CC_ACT_REACT: return qv_fmt(buf, len, "react %s %s", c, s2);
	case CC_ACT_DECLINE: return qv_fmt(buf, len, "decline");
	case CC_ACT_PASS: return qv_fmt(buf, len, "pass");
	default: return qv_fmt(buf, len, "coin p%d", arg + 1);
	}
}

static qv_status parse_sq(const char *t, int *sq, qv_err *err)
{
	int f, r;
	qv_status rc = qv_sq_parse(t, 6, 6, &f, &r, err);
	if (rc == QV_OK)
		*sq = r * 6 + f;
	return rc;
}

static qv_status parse_card(const cc_tables *T, const char *t, int *card, qv_err *err)
{
	*card = cc_find_card(T, t);
	if (*card < 0)
		return qv_fail(
		    err, QV_EINVAL,
		    "unknown card '%.40s': a card id is a template and a trait r, p or s, e.g. striker-p (templates: %s)",
		    t, T->names);
	return QV_OK;
}

#define FORMS                                                                                      \
	"start <card>, play <card> <sq>, persist <card>, act <sq> slide|jump|shove <sq>, "         \
	"act <sq> boost, act persistent <card> boost, immediate <card> <sq>, discard <card>, "     \
	"counter <sq>, counter persistent <card>, react <card> <sq>, decline, pass, coin p1|p2"

/* start, persist and discard <card>. */
static qv_status parse_card_verb(const cc_tables *T, char **tok, int n, qv_action *out, qv_err *err)
{
	const char *verb = tok[0];
	int card;
	qv_status rc;
	if (n != 2)
		return qv_fail(err, QV_EINVAL, "expected '%s <card>', e.g. %s striker-p", verb,
		               verb);
	if ((rc = parse_card(T, tok[1], &card, err)))
		return rc;
	int type = qv_streq_nocase(verb, "start")     ? CC_ACT_START
	           : qv_streq_nocase(verb, "persist") ? CC_ACT_PERSIST
	                                              : CC_ACT_DISCARD;
	*out = CC_MAKE(type, card);
	return QV_OK;
}

/* play, immediate and react <card> <sq>. */
static qv_status parse_card_square_verb(const cc_tables *T, char **tok, int n, qv_action *out,
                                        qv_err *err)
{
	const char *verb = tok[0];
	int card, sq;
	qv_status rc;
	if (n != 3)
		return qv_fail(err, QV_EINVAL, "expected '%s <card> <sq>', e.g. %s striker-p c4",
		               verb, verb);
	if ((rc = parse_card(T, tok[1], &card, err)) || (rc = parse_sq(tok[2], &sq, err)))
		return rc;
	int type = qv_streq_nocase(verb, "play")        ? CC_ACT_PLAY
	           : qv_streq_nocase(verb, "immediate") ? CC_ACT_IMMEDIATE
	                                                : CC_ACT_REACT;
	*out = CC_MAKE(type, card | sq << 6);
	return QV_OK;
}

/* act <sq> slide|jump|shove <sq>, act <sq> boost, act persistent <card> boost. */
static qv_status parse_act(const cc_tables *T, char **tok, int n, qv_action *out, qv_err *err)
{
	int card, sq, sq2;
	qv_status rc;
	if (n >= 2 && qv_streq_nocase(tok[1], "persistent")) {
		if (n != 4 || !qv_streq_nocase(tok[3], "boost"))
			return qv_fail(err, QV_EINVAL, "expected 'act persistent <card> boost'");
		if ((rc = parse_card(T, tok[2], &card, err)))
			return rc;
		*out = CC_MAKE(CC_ACT_PBOOST, card);
		return QV_OK;
	}
	if (n < 3)
		return qv_fail(
		    err, QV_EINVAL,
		    "expected 'act <sq> slide|jump|shove <sq>', 'act <sq> boost' or 'act persistent <card> boost'");
	if ((rc = parse_sq(tok[1], &sq, err)))
		return rc;
	if (qv_streq_nocase(tok[2], "boost")) {
		if (n != 3)
			return qv_fail(err, QV_EINVAL, "'act <sq> boost' takes nothing more");
		*out = CC_MAKE(CC_ACT_BOOST, sq);
		return QV_OK;
	}
	int type = qv_streq_nocase(tok[2], "slide")   ? CC_ACT_SLIDE
	           : qv_streq_nocase(tok[2], "jump")  ? CC_ACT_JUMP
	           : qv_streq_nocase(tok[2], "shove") ? CC_ACT_SHOVE
	                                              : 0;
	if (!type)
		return qv_fail(err, QV_EINVAL,
		               "'%.20s' is not an Action: expected slide, jump, shove or boost",
		               tok[2]);
	if (n != 4)
		return qv_fail(err, QV_EINVAL, "expected 'act <sq> %s <sq>'", tok[2]);
	if ((rc = parse_sq(tok[3], &sq2, err)))
		return rc;
	*out = CC_MAKE(type, sq | sq2 << 6);
	return QV_OK;
}

/* counter <sq>, counter persistent <card>. */
static qv_status parse_counter(const cc_tables *T, char **tok, int n, qv_action *out, qv_err *err)
{
	int card, sq;
	qv_status rc;
	if (n == 3 && qv_streq_nocase(tok[1], "persistent")) {
		if ((rc = parse_card(T, tok[2], &card, err)))
			return rc;
		*out = CC_MAKE(CC_ACT_PCOUNTER, card);
		return QV_OK;
	}
	if (n != 2)
		return qv_fail(err, QV_EINVAL,
		               "expected 'counter <sq>' or 'counter persistent <card>'");
	if ((rc = parse_sq(tok[1], &sq, err)))
		return rc;
	*out = CC_MAKE(CC_ACT_COUNTER, sq);
	return QV_OK;
}

qv_status cc_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err)
{
	const cc_tables *T = cc_T(st);
	char line[128];
	char *tok[8];
	int n;
	qv_status rc = qv_action_split(text, line, sizeof line, tok, 6, FORMS, &n, err);
	if (rc)
		return rc;
	const char *verb = tok[0];
	if (qv_streq_nocase(verb, "start") || qv_streq_nocase(verb, "persist") ||
	    qv_streq_nocase(verb, "discard"))
		return parse_card_verb(T, tok, n, out, err);
	if (qv_streq_nocase(verb, "play") || qv_streq_nocase(verb, "immediate") ||
	    qv_streq_nocase(verb, "react"))
		return parse_card_square_verb(T, tok, n, out, err);
	if (qv_streq_nocase(verb, "act"))
		return parse_act(T, tok, n, out, err);
	if (qv_streq_nocase(verb, "counter"))
		return parse_counter(T, tok, n, out, err);
	if (qv_streq_nocase(verb, "decline") || qv_streq_nocase(verb, "pass")) {
		if (n != 1)
			return qv_fail(err, QV_EINVAL, "'%s' takes no argument", verb);
		*out = CC_MAKE(qv_streq_nocase(verb, "pass") ? CC_ACT_PASS : CC_ACT_DECLINE, 0);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "coin")) {
		int p = n == 2 ? qv_player_parse(tok[1], 2) : -1;
		if (p < 0)
			return qv_fail(err, QV_EINVAL, "expected 'coin p1' or 'coin p2'");
		*out = CC_MAKE(CC_ACT_COIN, p);
		return QV_OK;
	}
	return qv_fail(err, QV_EINVAL, "unknown action '%.20s': expected one of %s", verb, FORMS);
}
