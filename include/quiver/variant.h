/*
 * variant.h - components as data: the built-in sets of the games and the variant files of the
 * designer's lab (docs/variants.md).
 *
 * What a game may vary (its pieces, cards, decks, items, die) is a JSON document, its
 * *components*: the built-in set is data/<game>/base.json, embedded by the build
 * (cmake/embed_data.cmake), and a
 * variant file names a set to start from (`extends`) and edits it block by block. A game
 * declares the shape of its document (qv_components: blocks of fields, checked here with one
 * wording for every game) and builds its own tables from a resolved document (build), once
 * per variant; its states name those tables by a slot number (qv_variant_tables), so a state
 * stays one flat struct without pointers and an action costs what it cost with constant
 * tables.
 *
 * A variant file:
 *   {"quiver_variant": 1, "game": "concardia", "name": "weak striker",
 *    "extends": "base",                       (or "other-file.json", relative to this file)
 *    "params": {"target": 6},                 (defaults of the game's parameters)
 *    "cards": {"remove": ["id", ...], "modify": {"id": {"strength": 3}}, "add": [{...}]},
 *    "die": {"faces": [...]}}
 * A list block (cards, pieces) is either such an edit or an array, which replaces the list; a
 * record block (the die) is an object whose fields replace the extended ones. `extends` is
 * "base" when absent. A resolved document (what `quiver variant show` prints, what records
 * carry) has no `extends`, every block complete, and is itself a valid variant file.
 *
 * Loaded variants are kept or held. A kept variant lives as long as the process: the built-in
 * sets, files, and documents loaded with qv_variant_from_json (the command line, the lab and
 * the engine protocol, where states copied anywhere may name them). A held variant lives as
 * long as it has holders (qv_variant_hold): every match holds its variant, and a server holds
 * the variant of a client's document while it uses it, so the variant leaves the registry when
 * the last game and the last request playing it end. At most QV_VARIANT_MAX are loaded at
 * once, of which at most QV_VARIANT_SHARED_MAX sent by clients; the same document loaded twice
 * is one variant. Loading is thread-safe; a variant once returned never changes, and stays
 * valid while its caller holds it (or it is kept).
 */
#ifndef QUIVER_VARIANT_H
#define QUIVER_VARIANT_H

#include "game.h"

#define QV_VARIANT_MAX       256       /* variants one process may hold, built-in sets included */
#define QV_VARIANT_BYTES     (1 << 20) /* the largest variant file read */
#define QV_VARIANT_DEPTH     8         /* files an `extends` chain may pass through */
#define QV_VARIANT_NAME      64        /* a variant's name, with its NUL */
#define QV_VARIANT_HASHLEN   65        /* the SHA-256 in hexadecimal, with its NUL */
#define QV_VARIANT_ABILITIES 8         /* abilities one entry may carry (qv_components.abilities) */
#define QV_VARIANT_PROBLEMS  20        /* problems of one file the checker lists */

/* What a game tells the designer's lab (src/lab/lab.h) through its components' board
 * and touched (qv_components, below): declared here, with the games, so that a game's lab
 * hooks need nothing of the layers above it. */
#define QV_LAB_MAX_SQUARES 676 /* squares of a board the heat maps draw (26 x 26) */

/* A board as the heat maps draw it: w x h squares, square (x, y) is index x + y * w, x from
 * west to east, y from south to north; files[x] names a column, rank0 is the number of row 0
 * (THREE ARROWS a..f and 1, Evons x a b c d e y and 0). */
typedef struct qv_lab_board {
	int w, h;
	char files[32];
	int rank0;
} qv_lab_board;

/* One square touched by an action: placed on or walked through, by a seat. */
typedef struct qv_lab_touch {
	int seat, square;
} qv_lab_touch;

/* Of the QV_VARIANT_MAX - 1 slots, QV_VARIANT_RESERVE are never given to documents sent by
 * clients (QV_VARIANT_SHARED): they stay for the built-in sets, lessons and files, which so
 * never compete with clients for room. Clients' documents take at most the rest. */
#define QV_VARIANT_RESERVE    32
#define QV_VARIANT_SHARED_MAX (QV_VARIANT_MAX - 1 - QV_VARIANT_RESERVE)

/* ---- what a game declares ---- */

/* The kinds of a field's value, and how it is checked (every failure names the JSON path, the
 * value received and what is accepted). */
typedef enum qv_vfield_kind {
	QV_VF_INT,    /* an integer in [lo, hi] */
	QV_VF_BOOL,   /* true or false */
	QV_VF_TEXT,   /* a string of at most hi bytes (0: 200), printable, no control characters */
	QV_VF_ID,     /* a string of 1..hi (0: 24) letters, digits and hyphens */
	QV_VF_ENUM,   /* one of choices (exact) */
	QV_VF_DIRS,   /* an array of lo..hi direction names (N, NE, ... NW), each once unless
	               * `repeats` (THREE ARROWS' Double shows N twice) */
	QV_VF_INTS,   /* an array of lo..hi integers, each in [min, max] */
	QV_VF_IDS,    /* an array of lo..hi ids (QV_VF_ID); what they name, build checks */
	QV_VF_OBJECT, /* an object of the fields `fields`, which a complete entry must have in full
	               */
} qv_vfield_kind;

typedef struct qv_vfield {
	const char *key;
	qv_vfield_kind kind;
	bool optional; /* a complete entry may leave it out (a card without an ability) */
	long lo, hi;   /* INT: bounds; TEXT, ID: longest; DIRS, INTS, IDS: number of elements */
	long min, max; /* INTS: the bounds of each element */
	bool repeats;  /* DIRS: a direction may come more than once */
	const char *const *choices;     /* ENUM: NULL-terminated */
	const struct qv_vfield *fields; /* OBJECT: its fields, */
	int nfields;                    /* and how many */
} qv_vfield;

typedef enum qv_vblock_kind {
	QV_VB_LIST,   /* entries, each with a unique id (the field `id_key`), edited by
	               * remove/modify/add or replaced by an array */
	QV_VB_RECORD, /* one object whose fields an edit replaces one by one */
} qv_vblock_kind;

typedef struct qv_vblock {
	const char *key; /* "cards" */
	qv_vblock_kind kind;
	const char *id_key; /* LIST: the field holding each entry's id ("id", "kind") */
	const char *noun;   /* LIST: what one entry is called in messages ("card") */
	int min, max;       /* LIST: how many entries the resolved list may have */
	const qv_vfield *fields;
	int nfields;
} qv_vblock;

struct qv_variant_problems;

/* A game's components (qv_game.components). */
typedef struct qv_components {
	/* The built-in set's text; NULL (every game of the registry): data/<game name>/base.json
	 * as the build embeds it. */
	const char *base;
	const qv_vblock *blocks;
	int nblocks;
	/* Cross-checks a resolved document (its blocks complete, every field already checked
	 * against the declaration: unique ids, sizes and bounds) and builds the game's tables
	 * from it: on success *tables is a malloc'd block that lives as long as the variant (the
	 * process, unless the variant is held and left: qv_variant_release) and that the game's
	 * states reach through their slot (qv_variant_tables). A failure names the
	 * JSON path in the resolved document and what is wrong ("/decks/0/cards: 7 cards; a deck
	 * needs 8-60"), through qv_variant_build_problem: loading stops at the first (problems
	 * NULL), while the checker (problems given) goes on to every cross-check it can still
	 * make and lists each one there; either way err holds the first. Called once per
	 * variant, never on a hot path. */
	qv_status (*build)(const struct json_t *resolved, void **tables,
	                   struct qv_variant_problems *problems, qv_err *err);

	/* ---- what the designer's lab studies (src/lab/lab.h); NULL: nothing ---- */

	/* The list block whose entries the lab examines one by one, its *components* ("cards",
	 * "pieces", "items"); component k is entry k of that block in the resolved document. */
	const char *studied;
	/* The component that a, a decision legal at st, plays (its index in the studied block of
	 * the variant st plays with), or -1 when a plays none (a pass, a move of a piece already
	 * placed). Cheap: the lab asks it for every legal action of every decision. */
	int (*component_of)(const void *st, qv_action a);
	/* A complete document (as resolved, every block an array, no `extends`) of `resolved`
	 * without component k's effect: k removed, or replaced by a plain one where removing it
	 * would break the game's cross-checks (a deck's size); its name says which. A plain
	 * stand-in takes its numbers from `base`, the game's built-in set as resolved, never from
	 * `resolved`: a card planted far above its peers would otherwise raise every other
	 * card's stand-in. Caller owns it. NULL with err when k cannot be taken out. */
	struct json_t *(*ablate)(const struct json_t *resolved, const struct json_t *base, int k,
	                         qv_err *err);
	/* What ablate does, as the lab's report words it after "each component": "made a plain
	 * card of its trait" (NULL: "taken out of the game"). */
	const char *ablation_words;
	/* The copies of the studied block's entry that seat holds as its game starts (its deck
	 * list, its pieces, the items dealt to it): who "holds" a component, and how many copies
	 * of it, in the lab's per-copy effects and per-card figures. NULL: every seat holds one
	 * copy of every entry. */
	int (*held)(const void *st, int seat, int entry);
	/* How many of the other seats' pieces or cards seat has captured so far (the lab counts a
	 * play's captures from it to the seat's next decision). NULL: the game has no captures. */
	int (*captured)(const void *st, int seat);
	/* The kinds of the abilities that entry (one of the studied block's, as resolved)
	 * carries, each once, into out (pointers into entry); returns how many, at most max. The
	 * lab studies each ability as a component too: the entries that carry it, forbidden
	 * together in restricted play and taken off them all (drop_ability) in its ablation.
	 * NULL: the game's entries carry none. */
	int (*abilities)(const struct json_t *entry, const char **out, int max);
	/* Takes ability `kind` off entry (a copy the lab owns), leaving the rest of it: a
	 * plain arrow, a card without text. With abilities. */
	void (*drop_ability)(struct json_t *entry, const char *kind);
	/* The board of st, for the heat maps. */
	void (*board)(const void *st, struct qv_lab_board *out);
	/* The squares action a (a decision or a chance outcome applied to before, giving after)
	 * placed a piece on or walked a piece through, each with the seat it counts for; writes
	 * at most max into out and returns how many. */
	int (*touched)(const void *before, qv_action a, const void *after, struct qv_lab_touch *out,
	               int max);
	/* The parameters that give each seat its own components, seat by seat, NULL-terminated
	 * ({"deck1", "deck2", NULL}: p1's deck, p2's): the lab swaps their values between the
	 * seats as it rotates, so that a side's effect is told from a seat's. NULL: every seat
	 * holds the same components. */
	const char *const *sides;
} qv_components;

/* The parameter every game with components lists among its params: which components a new
 * game is played with ("base", or the SHA-256 of a loaded variant). Its value is read by
 * qv_variant_open, never typed by people: front ends load a file (--variant) or a document
 * (POST /api/tables) and set it. */
#define QV_VARIANT_PARAM                                                                           \
	{                                                                                          \
		.key = "variant", .def = "base",                                                   \
		.allowed = "base, or the SHA-256 of a variant loaded with --variant",              \
		.help = "the components played with (docs/variants.md)", .kind = QV_PARAM_TEXT     \
	}

/* ---- loaded variants ---- */

typedef struct qv_variant {
	const qv_game *game;
	char name[QV_VARIANT_NAME];      /* "base" for a built-in set */
	char sha256[QV_VARIANT_HASHLEN]; /* of `text` */
	bool builtin;                    /* the game's built-in set */
	uint16_t slot;                   /* what the game's states hold (qv_variant_tables) */
	const char *text;    /* the resolved document, compact with sorted keys: what is hashed */
	struct json_t *json; /* the same, parsed; read-only (see qv_variant_json) */
	qv_params params;    /* the document's `params`: defaults of the game's parameters */
	const void *tables;  /* what the game's build made */
	/* The registry's own, under its lock. */
	int holds;   /* qv_variant_hold's not yet released */
	bool kept;   /* lives as long as the process, whatever its holds */
	bool shared; /* loaded for a client (QV_VARIANT_SHARED): one of QV_VARIANT_SHARED_MAX */
} qv_variant;

/* The tables of slot (a state's variant field), as its game's build made them. Constant time:
 * for the hot paths. */
extern const void *qv__variant_tables[QV_VARIANT_MAX];
static inline const void *qv_variant_tables(unsigned slot) { return qv__variant_tables[slot]; }

/* g's built-in set, loaded at its first use. NULL (with err) only when memory runs out or the
 * embedded set is broken (a build error: tests/unit/test_variant.c loads every game's). */
const qv_variant *qv_variant_base(const qv_game *g, qv_err *err);

/* The variant of g named by key: "base", or the SHA-256 of one loaded (key may be NULL:
 * base). NULL, with a message naming what is accepted, when there is none. The pointer is
 * valid as long as someone holds the variant: a caller that uses it afterwards holds it
 * itself, with qv_variant_find_held. */
const qv_variant *qv_variant_find(const qv_game *g, const char *key, qv_err *err);

/* qv_variant_find that holds what it finds, in one step under the registry's lock (a variant
 * found by hash could otherwise leave before it is held); release it with
 * qv_variant_release. */
const qv_variant *qv_variant_find_held(const qv_game *g, const char *key, qv_err *err);

/* Holds v, which the caller holds already or which is kept (NULL: nothing). */
void qv_variant_hold(const qv_variant *v);
/* Gives back a hold (NULL: nothing). The variant leaves the registry, its slot and memory
 * freed, when its last hold goes and it is not kept: no state may name its slot afterwards. */
void qv_variant_release(const qv_variant *v);

/* How many variants are loaded, the built-in sets included; with shared, only those loaded
 * for clients (QV_VARIANT_SHARED). */
int qv_variant_loaded(bool shared);

/* Loads, checks and resolves the variant file at path (its `extends` chain read relative to
 * each file's folder) and builds its tables. g, when not NULL, is the game it must be for.
 * The first failure is named by the file (after the files whose `extends` led to it) and the
 * JSON path, the value received and what is accepted, or the line and column of a syntax
 * error. */
qv_status qv_variant_load(const char *path, const qv_game *g, const qv_variant **out, qv_err *err);

/* Every problem qv_variant_check found in a file: the first QV_VARIANT_PROBLEMS, in the order
 * found, each a message as qv_variant_load's; n counts them all, those not listed too. */
typedef struct qv_variant_problems {
	int n;
	qv_err list[QV_VARIANT_PROBLEMS];
} qv_variant_problems;

/* For a game's build (qv_components.build): the cross-check problem fmt, in err when it is the
 * first (err->msg empty) and in problems when given (the checker's list); returns QV_EINVAL. A
 * build given problems goes on with its next check, else stops at this one. */
qv_status qv_variant_build_problem(qv_variant_problems *problems, qv_err *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* qv_variant_load for the checker (`quiver variant check`): rather than stopping at the first
 * problem, it goes on past every one after which there is still something to check (a bad
 * value, an unknown key or id, an `extends` file that cannot be read: the file's own values
 * are checked then, but not what names the entries of the set it extends) and lists them all
 * in *problems. It stops where nothing more can be checked: a syntax error, a game unknown or
 * missing. A problem in a file reached through `extends` is named by the chain of files that
 * led to it ("weak.json extends mid.json: /cards/2/strength: ..."), and a file that cannot be
 * read by the `/extends` that names it ("weak.json: /extends: mid.json: cannot open: ...").
 * QV_OK, with *out loaded as qv_variant_load's, when there is no problem (problems->n is 0);
 * else the first problem's code. */
qv_status qv_variant_check(const char *path, const qv_game *g, const qv_variant **out,
                           qv_variant_problems *problems);

/* The same for a document received from a client or a record: its `extends` may only be
 * "base" (a server never reads files a client names). what prefixes the paths in messages
 * ("variant" gives "variant/cards/add/0: ..."). Both keep the variant, and fail with
 * QV_ESTATE, loading nothing, when QV_VARIANT_MAX variants are loaded already and this one is
 * not among them. */
qv_status qv_variant_from_json(const struct json_t *doc, const qv_game *g, const char *what,
                               const qv_variant **out, qv_err *err);

/* The room a held variant takes in the registry. */
typedef enum qv_variant_room {
	/* A client's document (a server's table request or replay, a table's stored document):
	 * refused, QV_ESTATE, when QV_VARIANT_SHARED_MAX such variants are loaded, so that
	 * clients never take the last QV_VARIANT_RESERVE slots. */
	QV_VARIANT_SHARED,
	/* The installation's (a lesson's start, a record the command line loads): any slot. */
	QV_VARIANT_RESERVED,
} qv_variant_room;

/* qv_variant_from_json that holds the variant rather than keeping it: *out carries one hold,
 * which the caller gives back with qv_variant_release. A document already loaded is the
 * loaded variant, whatever its room; a new one takes a slot of `room` (QV_ESTATE when there
 * is none: a server answers 503). */
qv_status qv_variant_from_json_held(const struct json_t *doc, const qv_game *g, const char *what,
                                    qv_variant_room room, const qv_variant **out, qv_err *err);

/* The lab's ablation of an ability (qv_components.abilities): resolved with ability `kind`
 * taken off every entry of the studied block that carries it (drop_ability), named
 * "<name> without ability:<kind>". A new document owned by the caller; NULL with err when the
 * game's entries carry no abilities or none carries this one. */
struct json_t *qv_variant_without_ability(const qv_game *g, const struct json_t *resolved,
                                          const char *kind, qv_err *err);

/* For a game's init: the variant named by params' `variant`, and the parameters to read the
 * rest from: those given, and the variant's for the keys not given (merged may be params
 * itself only when the variant has none; pass another). */
qv_status qv_variant_open(const qv_game *g, const qv_params *params, const qv_variant **out,
                          qv_params *merged, qv_err *err);

/* Fills out with every parameter of g: the given value, else the variant's, else the
 * default (qv_params_complete with the variant's params first): what records keep. */
void qv_variant_complete(const qv_game *g, const qv_params *params, qv_params *out);

/* The variant a state of g set up with params plays with (the value of its `variant`):
 * never NULL for params init accepted. */
const qv_variant *qv_variant_of_params(const qv_game *g, const qv_params *params);

/* A new reference to the resolved document (caller decrefs; never change it). */
struct json_t *qv_variant_json(const qv_variant *v);

/* Appends the resolved document, indented for people, with a final newline (`variant dump`,
 * `variant show`). */
void qv_variant_print(const qv_variant *v, qv_buf *out);

#endif
