// What this copy of the client is, decided where it is served (docs/web.md, "The app"): by
// `quiver serve` (LOCAL false: the tables, lessons and replays are the server's, which answers
// this file itself and says whether the app's engine is beside the pages) or as the app built
// by `make web`, a static folder that plays everything in the page's own engine (LOCAL true:
// build/web/site.js says so). ENGINE: the engine (web/engine/, WebAssembly) is there, so that
// the page reviews and analyses finished games itself rather than asking a server.

export const LOCAL = false;
export const ENGINE = false;
