/*
 * notation.c - THREE ARROWS actions as text, exactly as the rules page writes them:
 *   place <piece> <sq> <facing> [covered] [shielded] | uncover <sq> | attack <from> <to> |
 *   unshield <sq> | bonus <k> | defend | stay | advance <facing> | die +1 | die 0 | die -1
 * Parsing is lenient about case and the order of `covered`/`shielded`; a facing that gives the
 * same arrows as an earlier one (any facing of a Cross) is read as that canonical facing. The
 * pieces' letters and the die's values are the state's components (tables.c).
 */
#include <stdio.h>
#include <string.h>

#include "core/fmt.h"
#include "three_arrows.h"

int ta_action_to_text(const void *st, qv_action a, char *buf, size_t len)
{
	const ta_tables *T = ta_T(st);
	int arg = TA_ARG(a);
	char s1[4], s2[4];
	int n;
	switch (TA_TYPE(a)) {
	case TA_ACT_PLACE: {
		/* without snprintf: every view lists the mover's placements (qv_join, core.h) */
		char k[2] = {(arg >> 8 & 7) < T->nkinds ? T->letters[arg >> 8 & 7] : '?', 0};
		const char *w[6] = {"place", k, s1, ta_facing_names[arg >> 6 & 3]};
		int nw = 4;
		qv_sq_name(ta_file(arg & 63), ta_rank(arg & 63), s1);
		if (arg >> 11 & 1)
			w[nw++] = "covered";
		if (arg >> 12 & 1)
			w[nw++] = "shielded";
		n = qv_join(buf, len, nw, w);
		break;
	}
	case TA_ACT_UNCOVER:
	case TA_ACT_UNSHIELD:
		qv_sq_name(ta_file(arg & 63), ta_rank(arg & 63), s1);
		n = qv_join(
		    buf, len, 2,
		    (const char *[]){TA_TYPE(a) == TA_ACT_UNCOVER ? "uncover" : "unshield", s1});
		break;
	case TA_ACT_ATTACK:
		qv_sq_name(ta_file(arg & 63), ta_rank(arg & 63), s1);
		qv_sq_name(ta_file(arg >> 6 & 63), ta_rank(arg >> 6 & 63), s2);
		n = qv_join(buf, len, 3, (const char *[]){"attack", s1, s2});
		break;
	case TA_ACT_BONUS: n = qv_fmt(buf, len, "bonus %d", arg); break;
	case TA_ACT_DEFEND: n = qv_fmt(buf, len, "defend"); break;
	case TA_ACT_STAY: n = qv_fmt(buf, len, "stay"); break;
	case TA_ACT_ADVANCE: n = qv_fmt(buf, len, "advance %s", ta_facing_names[arg & 3]); break;
	case TA_ACT_DIE: n = qv_fmt(buf, len, "die %s", ta_die_text(ta_die_value(arg), s1)); break;
	default:
		if (len)
			buf[0] = '\0';
		return QV_EINVAL;
	}
	return n;
}

static qv_status parse_sq(const ta_state *s, const char *t, int *sq, qv_err *err)
{
	int f, r;
	qv_status rc = qv_sq_parse(t, s->size, s->size, &f, &r, err);
	if (rc == QV_OK)
		*sq = ta_sq(f, r);
	return rc;
}

static int parse_facing(const char *t)
{
	for (int f = 0; f < 4; f++)
		if (qv_streq_nocase(t, ta_facing_names[f]))
			return f;
	return -1;
}

static int parse_kind(const ta_tables *T, const char *t)
{
	return strlen(t) == 1 ? ta_kind_of_letter(T, (unsigned char)t[0]) : -1;
}

#define FORMS                                                                                      \
	"place <piece> <sq> <facing> [covered] [shielded], uncover <sq>, attack <from> <to>, "     \
	"unshield <sq>, bonus <k>, defend, stay, advance <facing>, die +1|0|-1"

/* "place <piece> <sq> <facing> [covered] [shielded]", its n words in tok. */
static qv_status place_from_text(const ta_state *s, char **tok, int n, qv_action *out, qv_err *err)
{
	const ta_tables *T = ta_T(s);
	qv_status rc;
	int sq;
	if (n < 4 || n > 6)
		return qv_fail(
		    err, QV_EINVAL,
		    "expected 'place <piece> <sq> <facing> [covered] [shielded]', e.g. place Y c1 N");
	int k = parse_kind(T, tok[1]);
	if (k < 0)
		return qv_fail(err, QV_EINVAL, "'%s' is not a piece: expected %s", tok[1],
		               T->letter_list);
	if ((rc = parse_sq(s, tok[2], &sq, err)))
		return rc;
	int f = parse_facing(tok[3]);
	if (f < 0)
		return qv_fail(err, QV_EINVAL, "'%s' is not a facing: expected N, E, S or W",
		               tok[3]);
	int cov = 0, sh = 0;
	for (int i = 4; i < n; i++) {
		if (qv_streq_nocase(tok[i], "covered") && !cov)
			cov = 1;
		else if (qv_streq_nocase(tok[i], "shielded") && !sh)
			sh = 1;
		else
			return qv_fail(
			    err, QV_EINVAL,
			    "'%s' after the facing: expected 'covered' and/or 'shielded'", tok[i]);
	}
	*out = TA_PLACE(sq, T->canon_facing[k][f], k, cov, sh);
	return QV_OK;
}

/* "advance <facing>". In the capture phase the facing is the attacker's own, and one whose
 * arrows an earlier facing has is that facing, as in a placing. */
static qv_status advance_from_text(const ta_state *s, char **tok, int n, qv_action *out,
                                   qv_err *err)
{
	int f = n == 2 ? parse_facing(tok[1]) : -1;
	if (f < 0)
		return qv_fail(err, QV_EINVAL,
		               "expected 'advance <facing>' with facing N, E, S or W");
	if (s->phase == TA_PH_CAPTURE)
		f = ta_T(s)->canon_facing[TA_KIND(s->cell[s->atk_from])][f];
	*out = TA_MAKE(TA_ACT_ADVANCE, f);
	return QV_OK;
}

/* "die <value>": a value the die shows, with or without its sign ("1", "+1", "-0"). */
static qv_status die_from_text(const ta_tables *T, char **tok, int n, qv_action *out, qv_err *err)
{
	long v;
	const char *t = n == 2 ? tok[1] : "";
	bool digits =
	    (t[0] == '+' || t[0] == '-') ? t[1] >= '0' && t[1] <= '9' : t[0] >= '0' && t[0] <= '9';
	for (int i = 0; digits && qv_parse_long(t, &v) && i < T->nvalues; i++)
		if (T->value[i] == v) {
			*out = TA_DIE(T->value[i]);
			return QV_OK;
		}
	char faces[TA_MAX_CHANCE * 10];
	return qv_fail(err, QV_EINVAL, "expected %s", ta_die_list(T, true, faces, sizeof faces));
}

qv_status ta_action_from_text(const void *st, const char *text, qv_action *out, qv_err *err)
{
	const ta_state *s = st;
	const ta_tables *T = ta_T(s);
	char line[128];
	char *tok[8];
	int n;
	qv_status rc = qv_action_split(text, line, sizeof line, tok, 7, FORMS, &n, err);
	if (rc)
		return rc;
	const char *verb = tok[0];
	int sq, sq2;

	if (qv_streq_nocase(verb, "place"))
		return place_from_text(s, tok, n, out, err);
	if (qv_streq_nocase(verb, "uncover") || qv_streq_nocase(verb, "unshield")) {
		bool unc = qv_streq_nocase(verb, "uncover");
		if (n != 2)
			return qv_fail(err, QV_EINVAL, "expected '%s <sq>'",
			               unc ? "uncover" : "unshield");
		if ((rc = parse_sq(s, tok[1], &sq, err)))
			return rc;
		*out = TA_MAKE(unc ? TA_ACT_UNCOVER : TA_ACT_UNSHIELD, sq);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "attack")) {
		if (n != 3)
			return qv_fail(err, QV_EINVAL,
			               "expected 'attack <from> <to>', e.g. attack c3 c4");
		if ((rc = parse_sq(s, tok[1], &sq, err)) || (rc = parse_sq(s, tok[2], &sq2, err)))
			return rc;
		*out = TA_MAKE(TA_ACT_ATTACK, sq | sq2 << 6);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "bonus")) {
		long k;
		if (n != 2 || !qv_parse_long(tok[1], &k) || k < 2 || k > TA_MAX_BONUS)
			return qv_fail(err, QV_EINVAL,
			               "expected 'bonus <k>' with a whole number k >= 2");
		*out = TA_MAKE(TA_ACT_BONUS, (int)k);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "defend") || qv_streq_nocase(verb, "stay")) {
		if (n != 1)
			return qv_fail(err, QV_EINVAL, "'%s' takes no argument", verb);
		*out = TA_MAKE(qv_streq_nocase(verb, "defend") ? TA_ACT_DEFEND : TA_ACT_STAY, 0);
		return QV_OK;
	}
	if (qv_streq_nocase(verb, "advance"))
		return advance_from_text(s, tok, n, out, err);
	if (qv_streq_nocase(verb, "die"))
		return die_from_text(T, tok, n, out, err);
	return qv_fail(err, QV_EINVAL, "unknown action '%s': expected one of %s", verb, FORMS);
}
