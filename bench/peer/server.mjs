// The boardgame.io 0.50.2 peer of `quiver serve` for the load test (bench/peer/load.mjs): a
// minimal boardgame.io server of the game in game.mjs, its lobby API and socket.io transport on
// one port of 127.0.0.1, the match state in boardgame.io's default store (in memory). Prints
// `serving http://127.0.0.1:PORT/` once it listens, as quiver does; SIGTERM or SIGINT stop it.
//
//   node bench/peer/server.mjs [--port P]      (default 0: a free port)
import { createRequire } from 'node:module';
import { makeGame } from './game.mjs';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server');
const { INVALID_MOVE } = require('boardgame.io/core');

const at = process.argv.indexOf('--port');
const port = at > 0 ? Number(process.argv[at + 1]) : 0;
const server = Server({ games: [makeGame(INVALID_MOVE)], origins: ['http://127.0.0.1'] });
const { appServer, apiServer } = await server.run({ port });
const address = /** @type {import('node:net').AddressInfo} */ (appServer.address());
process.stdout.write(`serving http://127.0.0.1:${address.port}/\n`);
const stop = () => {
  appServer.close();
  apiServer?.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
