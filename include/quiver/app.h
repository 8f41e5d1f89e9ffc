/*
 * app.h - the narrow C API of quiver's app: the engine compiled to WebAssembly and run in a
 * Web Worker, behind the page's one interface to a table (docs/architecture.md, "The app";
 * docs/web.md, "The app"). One call takes a request as JSON text and answers JSON text, so that
 * the worker's glue passes strings and nothing else crosses between JavaScript and C. The
 * answers are those of a server, built by the same code (src/engine/feed/): the games and their
 * reference, a local table's info and frames, the verdicts of lessons, a replay, a review, and
 * what the analysis board asks (the computer's best move and its line).
 *
 * A request is {"op": NAME, ...}; an answer is the op's JSON, or {"error": "message", "code":
 * N} (N a qv_status: QV_EINVAL for a bad request, QV_ESTATE for one that does not fit the
 * table as it is, QV_ENOMEM) that names what is wrong and what is expected. The ops:
 *   games                                 GET /api/games's answer
 *   reference {game, variant?}            GET /api/games/GAME/reference's
 *   new {id, seed, request}               a local table (request: POST /api/tables's body);
 *                                         its info with the catalogue
 *   load {saved}, save {id}, free {id}    what the browser keeps of a table, and back
 *   info {id}, record {id}                a table's info; its record (as `quiver replay` reads)
 *   join {id, seat?, token, name?}        {"seat", "token"}: a person's seat taken
 *   hello {id, token}                     {"seat"}: the seat a token holds, or "public"
 *   frame {id, seat, snapshot}            the frame that viewer's connection is sent now
 *   act {id, seat, v, action}, takeback {id, seat, v}, resign {id, seat, v}   {}
 *   history {id, seat, line}              the look back's "history" frame
 *   step {id}                             {"stepped": bool}: an AI seat's decision or chance
 *   analysis {id, record, upto}           a local table of people at a record's position
 *   best {id, iterations, plies, seed}    the computer's best move for the one to move, and
 *                                         its line
 *   replay {record, full}                 POST /api/replay's answer for a record's text
 *   lesson {text, name}, lesson_page {...}, lesson_try {..., step, action},
 *   lesson_check {text, name}             a lesson's summary, page, verdict, whole check
 *   review_new {record, iterations?, reply_iterations?, samples?, seed}, review_step,
 *   review_json                           the computer's review of a record, a decision a call
 *
 * Not thread-safe: the worker's one thread calls it. The answer stays valid until the next
 * call.
 */
#ifndef QUIVER_APP_H
#define QUIVER_APP_H

/* Answers one request (JSON text); never NULL. */
const char *qv_app_call(const char *request);

#endif
