// The JSON the browser client receives from `quiver serve` and sends to it, as JSDoc types for
// the type check (tsconfig.json): a table's info, the WebSocket frames, each game's View JSON,
// the games, lessons and replays of the HTTP API (docs/server.md; each game's view is
// described in docs/state-json-<game>.md). Modules import them with
// `@typedef {import('./types.js').Name} Name`; nothing here runs.

export {};

/** @typedef {Record<string, string | number | boolean>} Params a game's parameters by key */

/**
 * @typedef {Object} SeatInfo one seat of a table
 * @property {string} seat p1, p2, …
 * @property {string} kind `human`, or the level the server plays it at (easy, medium, hard, random, greedy)
 * @property {boolean} claimed whether a person took it (AI seats: always)
 * @property {boolean} online whether a connection said hello with its token (AI seats: always)
 * @property {string} [name] the person's name (the seat's name until joined), the level's for an AI seat;
 *   not in the lobby's list (GET /api/tables), only in a table's own info
 * @property {boolean} [open] true only for a human seat anyone may join (not an invite seat)
 * @property {number} [away_ms] how long a claimed human seat has had no connection (0 while online)
 * @property {number | null} [away_since] since when (the server's epoch ms) a claimed human seat has
 *   had no connection; null while online, for AI and unclaimed seats
 * @property {number | null} [turn_since] since when (the server's epoch ms) the seat has kept the
 *   game waiting (to move, its turn running); null when it does not
 * @property {boolean} [zombie] true while the server plays a person's seat after it timed out or
 *   resigned in a game of 3 or more
 * @property {string} [zombie_level] a zombie's level: "medium", or "beginner" when the table's
 *   creator had its tables with searching seats at the server's cap
 * @property {string} [username] the account that took the seat (its name too), whose profile is
 *   player.html?name=USERNAME
 * @property {number} [rating] at a rated table, the account's rating of the kind of game when it
 *   took the seat
 * @property {boolean} [provisional] whether that rating is still provisional (shown with "?")
 */

/**
 * @typedef {Object} RatingChange what a rated game did to one account's rating (GET
 *   /api/tables/ID/ratings)
 * @property {string} username
 * @property {number} before
 * @property {number} after
 * @property {number} change after − before
 */

/**
 * @typedef {Object} ClockInfo a table's clock (info's `clock`)
 * @property {'none' | 'move' | 'fischer' | 'days'} kind
 * @property {number} [seconds] per move (`move`)
 * @property {number} [base] Fischer's starting time, in seconds
 * @property {number} [increment] Fischer's increment per move, in seconds
 * @property {number} [days] per move (`days`)
 * @property {Record<string, number>} left milliseconds left per claimed human seat
 * @property {string[]} running the seats whose clock runs now
 * @property {number} now the server's epoch milliseconds when it wrote this
 */

/**
 * @typedef {{seat: string, rank: number, score: number, reason?: 'timeout' | 'resigned'}} Rank a seat's
 *   place once the game is over; `reason` for a seat that left the game
 */

/**
 * @typedef {Object} VariantInfo which components a table plays with (info's `variant`)
 * @property {string} name the variant's name, `base` for the built-in set
 * @property {string} sha256 its hash (GET /api/games/GAME/reference?variant=SHA256)
 * @property {boolean} builtin whether it is the game's built-in set
 */

/**
 * @typedef {Object} TableInfo a table's info (GET /api/tables/ID, and in every frame)
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {Params} params
 * @property {VariantInfo | null} [variant] null for a game without components
 * @property {Catalogue | null} [catalogue] the components (GET /api/tables/ID, the 201 of
 *   POST /api/tables and a snapshot's info only; null for a game without components)
 * @property {SeatInfo[]} seats
 * @property {'waiting' | 'playing' | 'over'} status
 * @property {number} v the version
 * @property {boolean} private
 * @property {Rank[] | null} result null until the game is over
 * @property {string[]} [to_move] every seat that may act now: the one to move and, in a secret
 *   step everyone chooses at once, each seat of it that has not chosen; [] unless playing
 * @property {string} [stopped] why the table plays no more, when it has stopped
 * @property {'abandoned' | 'aborted' | 'drawn' | 'closed'} [ended] how a game ended that no
 *   move ended: abandoned (nobody was at the table and nothing happened for the server's idle
 *   limit), aborted (a seat aborted it before everyone had moved) and closed (the site's
 *   operator ended it: quiver admin end), all without a result; drawn (a draw offer accepted:
 *   every seat ranked first)
 * @property {string} [ended_why] the operator's reason of a closed table
 * @property {number} [spectators] the connections watching without a seat
 * @property {boolean} [abortable] whether {"type": "abort"} would end the game now
 * @property {boolean} [takebacks] false at a table created without takebacks (no move is taken back)
 * @property {boolean} [rated] whether its end rates the accounts at its seats
 * @property {string} [unrated] at a rated table that will rate nobody, or only its new accounts
 *   (said once its seats are all taken, decided again at its end): why (the server's rules
 *   against rating farming), a sentence to show
 * @property {ClockInfo} [clock] the clock, its time left and who runs
 * @property {number | null} [away_limit] the server's --away-limit, in seconds: at a table without a
 *   clock, a seat away and kept waiting for that long (the shorter of the two) may be claimed
 * @property {{seat: string, code: string}[]} [invites] the invite codes, in the creator's 201 answer only
 * @property {Offer | null} [offer] a takeback asked for or a draw offered, not yet answered
 * @property {boolean} [local] a table in this browser, played by the page's own engine (the app:
 *   local.js); its seats are all this device's people or the computer
 * @property {RematchInfo | null} [rematch] on an over table: who asked for a rematch, and the new
 *   table once everyone did
 */

/**
 * @typedef {Object} TablePage a page of the lobby (GET /api/tables), newest first
 * @property {TableInfo[]} tables at most the page's limit (50 unless asked, at most 100), their
 *   seats without names
 * @property {string | null} next the cursor of the following page (`?after=`), null on the last
 * @property {string} etag the page's ETag, to ask again with If-None-Match (304 when unchanged)
 */

/**
 * @typedef {Object} Offer a takeback request or a draw offer waiting for its answers
 * @property {'takeback' | 'draw'} kind
 * @property {string} by the seat that asked
 * @property {number} to the version the table goes back to (a draw: the version it was made
 *   at, plus one)
 * @property {string[]} waiting the seats whose answer is awaited
 */

/** @typedef {{asked: string[], table: string | null}} RematchInfo who asked for a rematch; the new table's id */

/**
 * @typedef {Object} ChatLine one chat line, as the server sends it and keeps it
 * @property {number} [n] its number at the table (1 for the first line), by which an operator hides it
 * @property {string} from the seat that wrote it (p1…) or `spectator`
 * @property {string} name the writer's name ("spectator" for a spectator)
 * @property {string} text only ever shown as text
 * @property {number} at when the server received it, epoch ms
 */

/**
 * @typedef {{who: string, text: string}} LogLine one line of the move log, worded for its viewer;
 *   `who` is whom it is about: the seat whose decision it states ("p1"), "chance" for a chance
 *   outcome, "game" for a consequence the rules apply
 */

/**
 * A game's catalogue: the resolved variant document of a table, replay or lesson (what
 * `quiver variant dump GAME` prints for the built-in set; docs/variants.md), with the blocks of
 * the game in `B`. The drawing modules read every printed number, name and arrow from it.
 * @template {string} G the game's name
 * @template B the game's blocks
 * @typedef {{quiver_variant: number, game: G, name: string, params: Record<string, string | number | boolean>} & B} CatalogueOf
 */

/**
 * The View JSON of one viewer (`qv_match_view_json`): the game's own view in `view`, the legal
 * actions when the viewer is to move.
 * @template {string} G the game's name
 * @template S the game's view
 * @template [C=never] the game's catalogue
 * @typedef {Object} ViewOf
 * @property {G} game
 * @property {Params} params
 * @property {C} [catalogue] the components the game is played with, put there by the page from
 *   its table's, replay's or lesson's catalogue (the server's View JSON has none); a view
 *   without one draws no printed component
 * @property {string} viewer p1…, `public` or `all`
 * @property {string} to_move p1…, `chance` or `over`
 * @property {S} view
 * @property {string[]} [legal] the viewer's legal actions in notation, when it may act now (to
 *   move, or choosing ahead of its turn in a secret step everyone chooses at once)
 * @property {string[]} [committed] the viewer's own choices made ahead of its turn in such a
 *   step, played when everyone has chosen
 * @property {string[]} [what] beside legal: what each action would do, from what the viewer may
 *   know ("" when the game says nothing)
 * @property {boolean[]} [confirm] beside legal: whether the action deserves a confirmation (it
 *   ends the game or may eliminate the mover)
 * @property {boolean} [forced] true when legal's one action is a forced decision the server
 *   holds for this seat ("Your only move")
 */

/** @typedef {ThreeArrowsView | ConcardiaView | EvonsView | ArrowPartyView} View any game's View JSON */

/**
 * @typedef {ThreeArrowsCatalogue | ConcardiaCatalogue | EvonsCatalogue | ArrowPartyCatalogue} Catalogue a
 *   game's components as data: the resolved variant document (docs/variants.md) of the built-in
 *   set (`name` "base") or of a variant, which the server sends once per table, replay or lesson
 *   and the pages put on every View as `catalogue`; each game's blocks are typed under its heading
 */

// THREE ARROWS (docs/state-json-three-arrows.md)

/**
 * @typedef {Object} ThreeArrowsPiece a piece on the board; an opponent's covered piece shows
 *   only its square, owner and marks
 * @property {string} sq
 * @property {string} owner
 * @property {string} [piece] its kind's letter (the catalogue's `kind`)
 * @property {string} [facing] N, E, S or W
 * @property {string[]} [arrows] its arrows as they point on the board, a direction once per
 *   arrow (a Double facing E: ["E", "E"]); with `piece`
 * @property {boolean} covered
 * @property {boolean} shielded
 */

/**
 * @typedef {Object} ThreeArrowsPlayer
 * @property {number} covers
 * @property {number} shields
 * @property {number} bonus
 * @property {number} captured
 * @property {Record<string, number>} lost own pieces captured, by kind
 * @property {string | null} home the side of the first piece
 * @property {number} eliminated 0 in the game, k the k-th out
 * @property {number} holder_count
 * @property {Record<string, number>} [holder] the pieces in the holder, by kind (the viewer's only)
 */

/**
 * @typedef {Object} ThreeArrowsState
 * @property {ThreeArrowsPiece[]} board
 * @property {ThreeArrowsPlayer[]} players
 * @property {string} turn
 * @property {'start' | 'main' | 'defend' | 'die' | 'capture' | 'over'} phase
 * @property {{from: string, to: string, strength?: number, defence?: number} | null} attack the attack
 *   in progress; before the capture, the attack's and the defence's strengths
 * @property {number} extra_turns
 * @property {number} turns
 * @property {boolean} terminator_placed
 */

/**
 * @typedef {Object} ThreeArrowsPieceKind a piece kind as printed (docs/variants.md, THREE ARROWS)
 * @property {string} kind its letter, the notation's (A, T, …)
 * @property {string} name
 * @property {number} count copies in each holder at the start
 * @property {string[]} arrows facing N; a direction written k times is an arrow of strength k
 * @property {string} [ability] `terminator`: the piece that ends the placing of others
 */

/**
 * @typedef {CatalogueOf<'three-arrows', {
 *   pieces: ThreeArrowsPieceKind[],
 *   player: {covers: number, shields: number, bonus: number},
 *   die: {faces: number[]},
 * }>} ThreeArrowsCatalogue
 */

/** @typedef {ViewOf<'three-arrows', ThreeArrowsState, ThreeArrowsCatalogue>} ThreeArrowsView */

// ConCardia (docs/state-json-concardia.md)

/**
 * @typedef {Object} ConcardiaCard a card on the grid
 * @property {string} sq
 * @property {string} card its id: template-trait (`dynamo-r`)
 * @property {string} owner
 * @property {number} counters
 * @property {boolean} boost
 * @property {number} [strength] its current Strength (a boost's added)
 * @property {number} [defense] its current Defense (banners' added)
 */

/**
 * @typedef {Object} ConcardiaPlayer hands and the starting card are the viewer's only
 * @property {string[]} [hand]
 * @property {number} hand_count
 * @property {number} deck_count
 * @property {string[]} discard
 * @property {string[]} victory
 * @property {{card: string, counters: number}[]} persistent
 * @property {string | null} [start]
 * @property {boolean} start_chosen
 * @property {number} turns
 * @property {boolean} lost
 * @property {number} points
 */

/**
 * @typedef {Object} ConcardiaPending the action being paid for
 * @property {string} kind shove, boost, boost-persistent, sabotage or none
 * @property {string} [from]
 * @property {string} [to]
 * @property {string} [card]
 * @property {number} left
 * @property {number} paid
 */

/**
 * @typedef {Object} ConcardiaState
 * @property {ConcardiaCard[]} board
 * @property {ConcardiaPlayer[]} players
 * @property {'start' | 'coin' | 'action' | 'pay' | 'react' | 'over'} phase
 * @property {string} active
 * @property {string | null} first
 * @property {number} turns
 * @property {number} passes
 * @property {string} ended
 * @property {ConcardiaPending | null} pending
 * @property {{would: string[], saved: string[], next: number, reacted: boolean} | null} capture
 */

/**
 * @typedef {Object} ConcardiaAbility a card's ability: one of the engine's kinds (move, shove,
 *   sabotage, charge, superior, support, save) with its numbers
 * @property {string} kind
 * @property {number} [cost] units paid to use it (shove, charge)
 * @property {number} [counters] the most Charge Counters the card holds (charge)
 * @property {number} [strength] the Strength a boost adds (charge)
 * @property {number} [defense] the Defense it gives adjacent cards (support)
 */

/**
 * @typedef {Object} ConcardiaCardDesign a card as printed (docs/variants.md, ConCardia)
 * @property {string} id the notation's (`striker-r`)
 * @property {string} name
 * @property {'Rock' | 'Paper' | 'Scissors'} trait
 * @property {number} strength
 * @property {number} defense
 * @property {string[]} arrows in the owner's frame (N towards the opponent)
 * @property {string} type Adventurer, Airship or Maker
 * @property {ConcardiaAbility} [ability]
 */

/**
 * @typedef {CatalogueOf<'concardia', {
 *   cards: ConcardiaCardDesign[],
 *   decks: {id: string, cards: string[]}[],
 * }>} ConcardiaCatalogue
 */

/** @typedef {ViewOf<'concardia', ConcardiaState, ConcardiaCatalogue>} ConcardiaView */

// Evons (docs/state-json-evons.md)

/**
 * @typedef {Object} EvonsCard a card on the board; a covered card's id is its owner's only
 * @property {string} cell
 * @property {string} [card]
 * @property {string} owner
 * @property {string} controller
 * @property {number} inst
 * @property {boolean} covered
 * @property {boolean} growth
 * @property {number} damage
 * @property {number} [atk] a face-up monster's current ATK
 * @property {number} [def] a face-up monster's current DEF (its damage taken off)
 * @property {boolean} moved
 * @property {boolean} reactivated
 */

/**
 * @typedef {Object} EvonsPlayer the hand is the viewer's only
 * @property {string[]} [hand]
 * @property {number} hand_count
 * @property {number} deck_count
 * @property {string[]} graveyard
 * @property {string[]} removed
 * @property {number} credits
 * @property {number | null} mulligan
 * @property {number} turns
 * @property {number} score
 */

/**
 * @typedef {Object} EvonsStackEntry an activation on the chain stack
 * @property {number} inst
 * @property {string} cell
 * @property {'ability1' | 'conflicts' | 'ability2'} step
 * @property {string[]} used
 * @property {number} spent
 * @property {string[]} conflicts
 * @property {{center: string, left: number} | null} burn
 */

/**
 * @typedef {Object} EvonsState
 * @property {EvonsCard[]} board
 * @property {EvonsPlayer[]} players
 * @property {'mulligan' | 'coin' | 'main' | 'chain' | 'over'} phase
 * @property {string} active
 * @property {string | null} first
 * @property {number} turns
 * @property {number} idle
 * @property {boolean} played
 * @property {number} next_inst
 * @property {EvonsStackEntry[]} stack
 * @property {string} ended
 */

/**
 * @typedef {Object} EvonsCardDesign a card as printed (docs/variants.md, Evons): a monster or
 *   a block (a block has only its id, type and element)
 * @property {string} id the notation's (`cinder-pup`)
 * @property {string} [code] the short name of the text diagrams
 * @property {'monster' | 'block'} type
 * @property {string} element fire, water, earth, electric, nature or darkness
 * @property {number} [cost]
 * @property {number} [atk]
 * @property {number} [def]
 * @property {string[]} [arrows] in the controller's frame (N towards the opponent)
 * @property {Record<string, {kind: string}>} [abilities] the ability arrows by direction:
 *   firestorm, swap, shockwave, magnetism, growth, resurrection, block or remove
 */

/**
 * @typedef {CatalogueOf<'evons', {
 *   cards: EvonsCardDesign[],
 *   decks: {id: string, cards: string[]}[],
 * }>} EvonsCatalogue
 */

/** @typedef {ViewOf<'evons', EvonsState, EvonsCatalogue>} EvonsView */

// Arrow Party (docs/state-json-arrow-party.md)

/** @typedef {string | {card: string, known: string[]}} ArrowPartyHandEntry a card id, or one others know too */

/**
 * @typedef {Object} ArrowPartyPlayer what the viewer may not know is left out
 * @property {string} pos
 * @property {string} die
 * @property {number} stars
 * @property {number} skulls
 * @property {ArrowPartyHandEntry[]} [hand] the viewer's own
 * @property {number} [hand_count]
 * @property {number[]} [arrows] the values of the arrow cards held (another player's)
 * @property {string[]} [items_known] the item kinds the viewer knows in that hand
 * @property {number} [items_unknown] how many item cards the viewer cannot name
 * @property {string[]} [uses]
 * @property {string | null} [throw]
 * @property {number | null} land
 * @property {number | null} roll
 * @property {string | null} [go]
 * @property {number} steps
 * @property {boolean} skip
 * @property {boolean} [committed] in the secret phases: whether the player has committed
 * @property {number} [score] the viewer's only
 */

/**
 * @typedef {Object} ArrowPartyState
 * @property {number} round
 * @property {'items' | 'take' | 'draw' | 'throw' | 'land' | 'roll' | 'go' | 'walk' | 'over'} phase
 * @property {string} active
 * @property {ArrowPartyPlayer[]} players
 * @property {{cell: string, card: string, known?: boolean}[]} ground
 * @property {number[]} [stack_sizes]
 * @property {string[][]} discards
 * @property {string[]} item_discard
 * @property {number} [out_count]
 * @property {{tick: number, bumped: string[], pending: string[]} | null} walk
 */

/**
 * @typedef {Object} ArrowPartyItem an item card as printed (docs/variants.md, Arrow Party)
 * @property {string} id the notation's (`x2`)
 * @property {{kind: string, factor?: number, divisor?: number, steps?: number, cards?: number}} effect
 *   one of the engine's kinds (multiply, divide, subtract, reverse, draw, dice, swap, noswap,
 *   nopickup, exchange) with its numbers
 * @property {number} points held at the end
 * @property {number} count copies in the game
 */

/**
 * @typedef {CatalogueOf<'arrow-party', {
 *   arrows: {id: string, arrows: string[]}[],
 *   items: ArrowPartyItem[],
 *   stars: {points: number, per_player: number},
 *   skulls: {points: number, per_player: number},
 *   dice: {id: string, faces: number, points: number, start?: boolean}[],
 * }>} ArrowPartyCatalogue
 *   an arrow card's arrows are relative to its top, and it is worth one point per arrow
 */

/** @typedef {ViewOf<'arrow-party', ArrowPartyState, ArrowPartyCatalogue>} ArrowPartyView */

// The WebSocket (/api/tables/ID/ws)

/**
 * @typedef {Object} SnapshotFrame the answer to hello
 * @property {'snapshot'} type
 * @property {number} v
 * @property {string} seat p1… or `public`
 * @property {TableInfo} table
 * @property {View} view
 * @property {LogLine[]} log
 * @property {ChatLine[]} [chat] the last chat lines this connection may see (spectators' lines
 *   only to spectators), oldest first
 */

/**
 * @typedef {Object} UpdateFrame after every change
 * @property {'update'} type
 * @property {number} v
 * @property {TableInfo} table
 * @property {View} view
 * @property {LogLine[]} log the lines since the connection's last frame (after an undo the server
 *   sends a snapshot instead)
 */

/**
 * @typedef {Object} HistoryFrame the answer to {"type": "history", "line"}: this viewer's own view
 *   right after the move that log line tells (no legal actions: it is only looked at)
 * @property {'history'} type
 * @property {number} v
 * @property {number} line the line asked for
 * @property {number} from the move's first line
 * @property {number} to one past its last line
 * @property {View} view
 */

/** @typedef {{type: 'chat'} & ChatLine} ChatFrame a new chat line */
/**
 * @typedef {Object} SpectatorsFrame the count of spectators, when it changed (at most once a
 *   second; info's `spectators` says it in every snapshot and update)
 * @property {'spectators'} type
 * @property {number} count
 */

/**
 * @typedef {Object} RematchFrame to each connection of the person who sits at the rematch's seat
 *   (and to nobody else): the new table and that person's token for it (none to a connection
 *   opened with a device's token: that device asks for its own at the new table)
 * @property {'rematch'} type
 * @property {string} table
 * @property {string} seat
 * @property {string} [token]
 */

/**
 * @typedef {Object} ChannelFrame news on the player's channel (GET /api/me/ws) about a table of
 *   mine: my turn began, a person took a seat (joined: the seat taken and the name), a days
 *   clock waiting for me runs low, or the table ended
 * @property {'turn' | 'joined' | 'low' | 'over'} type
 * @property {string} table
 * @property {string} game
 * @property {string} seat my seat (joined: the seat taken)
 * @property {string} [name] joined: the person who took it
 * @property {number} [left_ms] low: what the clock has left
 */

/**
 * @typedef {Object} Challenge a challenge between two accounts (docs/server/players.md, "Challenges")
 * @property {string} id
 * @property {string} from the challenger's username
 * @property {string} to the challenged's
 * @property {string} game
 * @property {string} title
 * @property {Record<string, unknown>} [params]
 * @property {{kind: string, seconds?: number, base?: number, increment?: number, days?: number}} [clock]
 * @property {boolean} rated
 * @property {boolean} takebacks
 * @property {string} from_seat the challenger's seat
 * @property {string} to_seat the challenged's
 * @property {'open' | 'accepted' | 'declined' | 'cancelled' | 'expired'} status
 * @property {number} created epoch ms
 * @property {number} expires epoch ms
 * @property {string | null} table the table made once accepted
 */

/**
 * @typedef {Object} ChallengeFrame a challenge of mine changed (on every device of my account)
 * @property {'challenge'} type
 * @property {Challenge} challenge
 */

/**
 * @typedef {Object} MuteFrame my account muted or unmuted a seat at a table (every device)
 * @property {'mute'} type
 * @property {string} table
 * @property {string[]} muted the seats muted there now
 */

/**
 * @typedef {Object} Follow an account I follow
 * @property {string} username
 * @property {number} at when I followed it (epoch ms)
 * @property {boolean} online
 * @property {number} playing its tables being played
 * @property {{id: string, game: string, title: string, status: string}[]} tables the public ones
 */

/**
 * @typedef {SnapshotFrame | UpdateFrame | HistoryFrame | ChatFrame | SpectatorsFrame | RematchFrame | {type: 'error', message: string}
 *   | {type: 'pong'} | {type: 'ready'} | ChannelFrame | ChallengeFrame | MuteFrame} ServerFrame
 */

/**
 * @typedef {{type: 'hello', token: string | null, messages?: boolean} | {type: 'act', v: number, action: string}
 *   | {type: 'undo', v: number} | {type: 'ping'} | {type: 'history', line: number}
 *   | {type: 'takeback', v: number} | {type: 'answer', v: number, accept: boolean} | {type: 'rematch'}
 *   | {type: 'chat', text: string} | {type: 'claim', v: number, seat: string} | {type: 'return'}
 *   | {type: 'resign', v: number} | {type: 'abort', v: number} | {type: 'draw', v: number}
 *   | {type: 'moretime', v: number, seat: string} | {type: 'back', v: number}} ClientFrame `back`: an
 *   analysis board's last move taken back, whoever made it (a local table of the app only)
 */

// The HTTP API

/**
 * @typedef {Object} GameInfo a game of GET /api/games
 * @property {string} name
 * @property {string} title
 * @property {number} min_players
 * @property {number} max_players
 * @property {import('./param-fields.js').ParamDef[]} params
 * @property {string[]} levels
 * @property {Record<string, {elo: number, ci: number[], settled: boolean}>} [ladder] each level's measured strength:
 *   Elo against Beginner with its 95% interval (docs/ai/levels.md, "The ladder"), and whether it is settled (its interval within 200 Elo either side)
 */

/** @typedef {{id: string, title: string, topics: string[], steps: number}} LessonInfo a lesson in a list */

/** @typedef {{game: string, title: string, lessons: LessonInfo[]}} GameLessons a game's lessons */

/**
 * @typedef {Object} LessonStep
 * @property {string} text what the learner reads (the terminal's words)
 * @property {string} [web] the same for the page, when it speaks of what the page draws
 * @property {string[]} highlight the squares and cards the step marks
 * @property {string | null} expect the move to find (null: a step of text)
 * @property {string | null} hint
 * @property {string | null} [hintEn] the English hint, when `hint` is a translation (lesson-text.js)
 * @property {View} view the learner's view before the step
 * @property {LogLine[]} log what the step's move and the replies were
 * @property {string[]} learned the step's checks, in words
 */

/**
 * @typedef {Object} Lesson a lesson expanded (GET /api/lessons/GAME/ID)
 * @property {string} game
 * @property {Catalogue | null} [catalogue] the components its start plays with
 * @property {string} id
 * @property {string} title
 * @property {string[]} topics
 * @property {string} learner
 * @property {LessonStep[]} steps
 * @property {View} end the view after the last step
 */

/** @typedef {{verdict: 'right' | 'hint' | 'bad', message: string}} LessonVerdict */

/**
 * @typedef {Object} PatchOp an RFC 6902 operation of a replay step's changes (json-patch.js)
 * @property {'add' | 'remove' | 'replace'} op
 * @property {string} path an RFC 6901 JSON Pointer ("/view/board/3")
 * @property {unknown} [value] the value added or put in its place (not for `remove`)
 */

/**
 * @typedef {Object} ReplayStep
 * @property {string | null} who p1…, `chance`; null at the start
 * @property {string | null} action
 * @property {boolean} automatic
 * @property {View} [view] the referee's view after the step: step 0's, or every step's with ?views=full
 * @property {PatchOp[]} [changes] what the step changed in the step before's view (the steps after 0)
 */

/**
 * @typedef {Object} Replay a game step by step (GET /api/tables/ID/replay, POST /api/replay)
 * @property {string} game
 * @property {Params} params
 * @property {Catalogue | null} [catalogue] the components the game was played with
 * @property {string[]} players who played each seat
 * @property {{player: string, rank: number, score: number}[] | null} result
 * @property {ReplayStep[]} steps
 */

/**
 * @typedef {Object} ReviewDecision one decision of a review (docs/server/api.md, "Reviews")
 * @property {number} step the replay's step after the decision
 * @property {string} seat the mover
 * @property {string} played the decision made
 * @property {string} best the best alternative found (the move made when none is better)
 * @property {number} before the mover's expected result with the best action, in [-1, 1]
 * @property {number} after with the action played
 * @property {number} loss before - after
 * @property {number} accuracy 0 to 100
 * @property {'inaccuracy' | 'mistake' | 'blunder' | null} mark
 * @property {number[]} expected every player's expected result after it, as its mover saw it
 * @property {string | null} [played_note] what the move made would do, as its mover could know it
 * @property {string | null} [best_note] what the best move would do (null: nothing better)
 * @property {{seat: string, action: string}[]} [line] the engine's next moves after the best one,
 *   as the mover could foresee them
 */

/**
 * @typedef {Object} Review the computer's review of a game
 * @property {string} game
 * @property {number} total decisions reviewed
 * @property {{iterations: number, reply_iterations: number, samples: number, seed: string}} config
 * @property {{inaccuracy: number, mistake: number, blunder: number}} thresholds losses in [-1, 1]
 * @property {{seat: string, accuracy: number | null, decisions: number, inaccuracies: number,
 *             mistakes: number, blunders: number}[]} seats
 * @property {ReviewDecision[]} decisions
 */

/**
 * @typedef {Object} Puzzle a puzzle from a reviewed game, as shown before it is tried (docs/server/api.md,
 *   "Puzzles"): the position as its player saw it, never its answer
 * @property {string} id
 * @property {string} table the game it comes from
 * @property {string} game
 * @property {string} title
 * @property {number} step the replay's step after the decision
 * @property {string} seat who solves it
 * @property {string[]} themes
 * @property {number} rating
 * @property {number} plays
 * @property {number} solved
 * @property {View} view the player's view before the decision, with its legal moves
 * @property {Catalogue | null} [catalogue]
 */

/**
 * @typedef {Object} PuzzleVerdict a move tried at a puzzle, judged
 * @property {boolean} correct
 * @property {string} answer the one move
 * @property {string} played the move made in the game
 * @property {string} runner_up the best of the others
 * @property {string | null} note what the answer does, as the player could know it
 * @property {{seat: string, action: string}[]} line the engine's moves after the answer
 * @property {number} value the answer's expected result, in [-1, 1]
 * @property {number} second the runner-up's
 * @property {number} [played_value] the move made's
 * @property {string[]} themes
 * @property {boolean} rated
 * @property {{before: number, after: number, change: number, provisional: boolean} | null} rating
 * @property {number} puzzle_rating
 */

/**
 * @typedef {Object} TablePuzzles the puzzles of one game, and how far the server looked for them
 * @property {string} table
 * @property {'none' | 'looking' | 'done'} status
 * @property {number} looked
 * @property {number} candidates
 * @property {number} made
 * @property {{id: string, step: number, themes: string[], rating: number}[]} puzzles
 */

/**
 * @typedef {Object} ReviewState a table's review as the server has it (GET or POST
 *   /api/tables/ID/review)
 * @property {string} table
 * @property {'none' | 'queued' | 'running' | 'done' | 'failed'} status ('none': nobody asked)
 * @property {number} done decisions reviewed so far
 * @property {number} total decisions to review
 * @property {Review} [review] once done
 * @property {string} [error] once failed
 */

/**
 * @typedef {Object} Reference what a game's things are (GET /api/games/GAME/reference)
 * @property {string} game
 * @property {{name: string, text: string}[]} entries the terminal's `card`, `piece`, `item` texts
 */
