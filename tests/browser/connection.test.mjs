// web/connection.js in node, on a socket of its own making (FakeSocket) and node's mock timers:
// a socket that never answers (a process that took the connection and hangs, a proxy that
// queued it) is given up after GREET_MS and tried again; a greeted one is kept; a dropped one is
// tried again after the growing wait; one whose ping goes unanswered for 2.5 s is given up and
// tried again, so that a socket falling silent at any moment is noticed within 5 s (the third
// audit: a paused process left its players up to 20 s without a word).

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';

/** A WebSocket that does nothing until the test says so. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  /** @type {FakeSocket[]} */
  static made = [];
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    /** @type {Record<string, ((ev: any) => void)[]>} */
    this.on = {};
    /** @type {string[]} */
    this.sent = [];
    FakeSocket.made.push(this);
  }
  /** @param {string} type @param {(ev: any) => void} fn */
  addEventListener(type, fn) {
    (this.on[type] ??= []).push(fn);
  }
  /** @param {string} type @param {any} [ev] */
  fire(type, ev = {}) {
    for (const fn of this.on[type] ?? []) fn(ev);
  }
  /** @param {string} text */
  send(text) {
    this.sent.push(text);
  }
  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.fire('close', { code: 1006 });
  }
  /** The server takes it and greets it with a snapshot. */
  greet() {
    this.readyState = FakeSocket.OPEN;
    this.fire('open');
    this.fire('message', { data: JSON.stringify({ type: 'snapshot', v: 0 }) });
  }
}

// @ts-ignore: the page's global, for connection.js
globalThis.WebSocket = FakeSocket;
const { Connection } = await import('../../web/connection.js');

/** A connection whose states are kept in `states`. */
function connection() {
  /** @type {string[]} */
  const states = [];
  const c = new Connection('ws://127.0.0.1:1/api/tables/0123456789abcdef/ws', () => ({ type: 'hello', token: null }), {
    onFrame: () => {},
    onState: (st) => states.push(st),
  });
  return { c, states };
}

test('a socket never answered is dropped after 15 s and tried again', () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  try {
    FakeSocket.made = [];
    const { c, states } = connection();
    c.start();
    assert.equal(FakeSocket.made.length, 1);
    mock.timers.tick(14999);
    assert.equal(FakeSocket.made[0].readyState, FakeSocket.CONNECTING, 'still waited for at 14.999 s');
    mock.timers.tick(1);
    assert.equal(FakeSocket.made[0].readyState, FakeSocket.CLOSED, 'given up at 15 s');
    assert.equal(states.at(-1), 'lost');
    mock.timers.tick(500);
    assert.equal(FakeSocket.made.length, 2, 'tried again after the first wait');
    FakeSocket.made[1].greet();
    assert.equal(states.at(-1), 'open');
    assert.deepEqual(JSON.parse(FakeSocket.made[1].sent[0]), { type: 'hello', token: null });
    c.close();
  } finally {
    mock.timers.reset();
  }
});

test('a greeted socket is kept however long it lives; a dropped one is tried again', () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  try {
    FakeSocket.made = [];
    const { c, states } = connection();
    c.start();
    FakeSocket.made[0].greet();
    // pings every 2 s, each answered by a pong
    for (let i = 0; i < 6; i++) {
      mock.timers.tick(2000);
      FakeSocket.made[0].fire('message', { data: JSON.stringify({ type: 'pong' }) });
    }
    assert.equal(FakeSocket.made[0].readyState, FakeSocket.OPEN);
    assert.equal(FakeSocket.made.length, 1);
    assert.equal(FakeSocket.made[0].sent.filter((f) => JSON.parse(f).type === 'ping').length, 6);
    FakeSocket.made[0].close();
    assert.equal(states.at(-1), 'lost');
    mock.timers.tick(499);
    assert.equal(FakeSocket.made.length, 1);
    mock.timers.tick(1);
    assert.equal(FakeSocket.made.length, 2);
    c.close();
    assert.equal(states.at(-1), 'closed');
  } finally {
    mock.timers.reset();
  }
});

test('a socket whose ping goes unanswered for 2.5 s is given up and tried again', () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  try {
    FakeSocket.made = [];
    const { c, states } = connection();
    c.start();
    FakeSocket.made[0].greet();
    mock.timers.tick(2000); // the first ping
    assert.equal(FakeSocket.made[0].sent.filter((f) => JSON.parse(f).type === 'ping').length, 1);
    mock.timers.tick(2499);
    assert.equal(FakeSocket.made[0].readyState, FakeSocket.OPEN, 'still waited for at 2.499 s');
    mock.timers.tick(1);
    assert.equal(FakeSocket.made[0].readyState, FakeSocket.CLOSED, 'given up 2.5 s after the ping');
    assert.equal(states.at(-1), 'lost');
    mock.timers.tick(500);
    assert.equal(FakeSocket.made.length, 2, 'tried again after the first wait');
    FakeSocket.made[1].greet();
    assert.equal(states.at(-1), 'open');
    // a frame of any kind answers a ping as well as a pong
    mock.timers.tick(2000);
    FakeSocket.made[1].fire('message', { data: JSON.stringify({ type: 'presence' }) });
    mock.timers.tick(1999);
    assert.equal(FakeSocket.made[1].readyState, FakeSocket.OPEN);
    c.close();
  } finally {
    mock.timers.reset();
  }
});

test('a socket that falls silent at any moment is noticed within 5 s', () => {
  // the silence begins at each 100 ms of a ping's period, after frames answered every ping
  for (let at = 0; at < 2000; at += 100) {
    mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
    try {
      FakeSocket.made = [];
      const { c, states } = connection();
      c.start();
      FakeSocket.made[0].greet();
      for (let i = 0; i < 3; i++) {
        mock.timers.tick(2000);
        FakeSocket.made[0].fire('message', { data: JSON.stringify({ type: 'pong' }) });
      }
      mock.timers.tick(at);
      FakeSocket.made[0].fire('message', { data: JSON.stringify({ type: 'update', v: 1 }) });
      // from here on, nothing comes
      let noticed = 0;
      while (states.at(-1) !== 'lost' && noticed <= 5000) {
        mock.timers.tick(10);
        noticed += 10;
      }
      assert.ok(noticed <= 5000, `silent from ${at} ms into a ping's period: noticed after ${noticed} ms`);
      c.close();
    } finally {
      mock.timers.reset();
    }
  }
});
