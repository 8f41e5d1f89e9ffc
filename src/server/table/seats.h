/*
 * seats.h - the seats of a table: who sits at each (a person, known by a token's hash and a
 * name, or a level of the computer with its agent), the invite seats and their codes, which
 * seat a join takes, who is connected, and what the store keeps of them. Internal to the
 * server.
 *
 * No lock and no table here: a table (table.c) owns an array of seats under its lock and calls
 * these functions, which read and change only the seats they are given; none calls back into
 * the table. A person's seat is claimed once, with a token shown once (token.h); an invite
 * seat only by the holder of its code, which is kept hashed as a token is; a name follows the
 * rule of chat.c.
 */
#ifndef QUIVER_SERVER_TABLE_SEATS_H
#define QUIVER_SERVER_TABLE_SEATS_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "engine/feed/request.h"
#include "quiver/agent.h"
#include "server/base/token.h"
#include "server/table/chat.h"

/* The devices of an account that may play a seat besides the one that took it: at most this
 * many, one per session (a session that asks again gets a new token in its own place; a new
 * session past the count takes the place of the longest held). */
#define QV__DEVICES 4

/* A device's token of a seat: its SHA-256 and the hash of the session it was given to. It
 * works only with that session (a WebSocket upgrade that carries it), so that a session ended
 * by a sign-out, a new password or the account's deletion plays no more. */
typedef struct qv__device {
	char hash[QV__HASH_LEN + 1];
	char session[QV__HASH_LEN + 1];
} qv__device;

/* Members declared once and reached both by name (s->hash) and as one struct (s->claim) of
 * type `struct TYPE`, which one assignment copies whole, so that no list of them is kept by
 * hand (Linux's struct_group_tagged): a table's value (table.h) and a seat's claim. */
#define QV__GROUP(TYPE, NAME, ...)                                                                 \
	union {                                                                                    \
		struct {                                                                           \
			__VA_ARGS__                                                                \
		};                                                                                 \
		struct TYPE {                                                                      \
			__VA_ARGS__                                                                \
		} NAME;                                                                            \
	}

typedef struct qv__seat {
	/* What the seat is, set when the table is made: a draft copies it. */
	char kind[16]; /* "human" or a level */
	bool human;
	bool invite;                        /* a human seat only the holder of its invite code may
	                                       join */
	char invite_hash[QV__HASH_LEN + 1]; /* SHA-256 of the invite code */
	/* Who claimed it (qv__seat_claim): part of the table's value, which an act changes on a
	 * draft and publishes whole (change.h). Its wider members first: no padding between. */
	/* The members of a group, one a line: */
	/* clang-format off */
	QV__GROUP(qv__seat_claim, claim,
		long long account; /* the account signed in when it was claimed (0: none), for good */
		double rating, deviation; /* at a rated table, the account's rating of the game and
		                             the number of seats when it took the seat (0: none) */
		/* The account's other devices, oldest first: ndevices of them, in room for
		 * QV__DEVICES made with the first (NULL until then: most seats are played from
		 * one device). A draft shares the live seat's room, read only, unless its change
		 * owns copies (QV__DRAFT_DEVICES, change.h), which publishing hands over. */
		qv__device *device;
		int ndevices;
		char hash[QV__HASH_LEN + 1];   /* SHA-256 of the token; "" while unclaimed */
		char player[QV__HASH_LEN + 1]; /* SHA-256 of the player key that claimed it; "":
		                                  none */
		char name[QV__NAME_BYTES];     /* the person's name; "" until joined (the seat's) */
		char username[QV__NAME_BYTES]; /* the account's username when one took it ("": none),
		                                  its name too */
	);
	/* clang-format on */
	/* The shell: what lives with this process (a draft's are zero; read the live table's). */
	int online;      /* connections that said hello with the seat's token */
	qv_agent *agent; /* AI seats */
	int seen;        /* history entries the agent has been told */
	bool forget;     /* reset the agent before its next use (after an undo) */
	double gone;     /* epoch s: when its last connection closed (or it was claimed, or the
	                    server started) */
} qv__seat;

typedef struct qv__seat_claim qv__seat_claim;

/* A join's check of the people seated already (blocks.h): called under the table's lock with
 * the account (0: none) and player key ("": none) of each of the n claimed seats; QV_OK lets
 * the claimant sit, QV_ESTATE refuses (403, err saying why), another status is a failure. */
typedef qv_status (*qv__join_check)(void *ctx, int n, const long long *accounts,
                                    const char *const *players, qv_err *err);

/* A join's check of a guest's name (a seat taken without an account; players/skeleton.h):
 * called before the table's lock with the name cleaned; QV_OK lets it stand, QV_EINVAL
 * refuses (400, err saying why), another status is a failure. */
typedef qv_status (*qv__name_check)(void *ctx, const char *name, qv_err *err);

/* A join request: each field NULL when absent. */
typedef struct qv__join {
	const char *seat;   /* "p2"; NULL: the invite's seat, or the first free open seat */
	const char *invite; /* an invite seat's code */
	size_t invite_len;
	const char *name;         /* the person's name (checked here), default the seat's */
	const char *player;       /* the hash of the claimant's player key (player.h), or NULL */
	long long account;        /* the account of the claimant's session, 0: none */
	const char *username;     /* that account's username (the seat's name then), or NULL */
	double rating, deviation; /* its rating at a rated table (0: none) */
	qv__join_check check;     /* NULL: anyone may sit with anyone */
	void *check_ctx;
	qv__name_check name_check; /* NULL: a guest may take any name the rule allows */
	void *name_ctx;
} qv__join;

/* The invite codes of a new table, shown once to its creator. */
typedef struct qv__invites {
	int n;
	int seat[QV_MAX_PLAYERS];
	char code[QV_MAX_PLAYERS][QV__TOKEN_LEN + 1];
} qv__invites;

/* The seats a person plays, as a mask (bit p for seat p). */
unsigned qv__seats_people(const qv__seat *seat, int n);

/* The first person's seat nobody has claimed yet, or -1: a table waits until there is none. */
int qv__seats_unclaimed(const qv__seat *seat, int n);

/* Whether an open seat (a person's, not an invite seat) is free: the lobby lists the table. */
bool qv__seats_open(const qv__seat *seat, int n);

/* Makes the seats of mask invite seats, each with a new code written into *out (shown once, to
 * the creator; the seat keeps its hash). */
void qv__seats_invite(qv__seat *seat, int n, unsigned mask, qv__invites *out);

/* The seat a join request takes at table `id` (for messages): *p, or a refusal. QV_EINVAL: no
 * such seat, an AI seat, or a code for an open seat; QV_ESTATE: taken, no free seat, or an
 * invite seat without its right code (*forbidden set: HTTP 403). Codes are compared in
 * constant time, every invite seat's. */
qv_status qv__seats_choose(const qv__seat *seat, int n, const qv__join *req, const char *id, int *p,
                           bool *forbidden, qv_err *err);

/* A join refused at table `id` because its game is over (QV_ESTATE), whether the table is in
 * memory or only in the store. */
qv_status qv__seats_over(const char *id, qv_err *err);

/* The seat whose token this is, or -1. Every seat's hash, and every device's, is compared, in
 * constant time. *device (unless NULL) is the index of the device whose token it is, -1 for
 * the seat's own token. */
int qv__seats_auth(const qv__seat *seat, int n, const char *token, size_t len, int *device);

/* Gives seat s a new device token for the session whose hash is `session`: into the place that
 * session had, else a free one, else the longest held's. */
void qv__seat_device_add(qv__seat *s, const char token_hash[QV__HASH_LEN + 1], const char *session);

/* Counts a connection of the seat coming (+1) or going (-1) at `now` (epoch s). */
void qv__seat_online(qv__seat *s, int delta, double now);

/* The name of seat p as info and chat lines give it: the person's, else the seat's ("p2") for
 * a person's seat, the level for an AI seat. */
const char *qv__seat_name(const qv__seat *s, int p);

/* Info's entry of seat p: {"seat", "kind", "claimed", "online", "name", "open", "away_ms",
 * "away_since"} (away_ms: how long a claimed person's seat has had no connection at `now`;
 * away_since: since when, epoch ms, null while it has one). `over`: the game
 * is over (no seat is open); `stored`: the copy kept once over, which says no person is online
 * and away. NULL when out of memory. */
json_t *qv__seat_info_json(const qv__seat *s, int p, bool over, bool stored, double now);

/* {"p2": {"name": "Ann", "invite": hash, "account": id, "devices": [{"token", "session"}]},
 * ...}: what each seat keeps besides its token (a seat with none is left out), as the store keeps
 * it; NULL when out of memory. qv__seats_load reads it back (j NULL: nothing kept), untrusted:
 * QV_EIO names the bad entry. */
json_t *qv__seats_json(const qv__seat *seat, int n);
qv_status qv__seats_load(qv__seat *seat, int n, const json_t *j, qv_err *err);

/* The seats of a mask as a JSON array of names, ["p1", "p3"]; NULL when out of memory. */
json_t *qv__seat_mask_json(unsigned mask, int n);

/* A mask of seats (of n) from a JSON array of names; false when it is not one. */
bool qv__seat_mask_read(const json_t *list, int n, unsigned *mask);

#endif
