#!/usr/bin/env python3
"""Every kind of request to a running `quiver serve`, for bench/stack_paint.py.

Usage: bench/stack_requests.py PORT

Files (a page, the tutorials' page, a rules page, a range), the API's lists, then for each game
a table with a `hard` seat (Evons with two 60-card deck lists, the longest parameters): join,
the WebSocket's hello, acts until the AI has answered, undo, the table's info; then JSON nested
64 levels deep (the deepest read), 65, 1,000 and 65,000 (refused) at every entry point that
reads JSON: POST /api/tables, join, /api/replay, a lesson's try, a WebSocket message before and
after hello. The server needs `--address-ai-tables 8` or more. Needs python3.
"""
import json
import os
import socket
import struct
import sys
import urllib.error
import urllib.request

PORT = int(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__.strip().split("\n\n")[1])
BASE = "http://127.0.0.1:%d" % PORT


def http(method, path, body=None, headers=None):
    data = body.encode() if body is not None else None
    req = urllib.request.Request(BASE + path, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def send(s, text):
    data, mask = text.encode(), os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0xFE]) + struct.pack(">H", n))
    s.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def exactly(s, n):
    data = b""
    while len(data) < n:
        more = s.recv(n - len(data))
        if not more:
            raise EOFError("the server closed the socket")
        data += more
    return data


def receive(s):
    head = exactly(s, 2)
    n = head[1] & 127
    if n == 126:
        n = struct.unpack(">H", exactly(s, 2))[0]
    elif n == 127:
        n = struct.unpack(">Q", exactly(s, 8))[0]
    return json.loads(exactly(s, n))


def upgrade(tid):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=60)
    s.sendall(("GET /api/tables/%s/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n" % tid).encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += exactly(s, 1)
    return s


def nested(head, depth):
    """head (which opens one object) then arrays to `depth` levels, closed when that fits a
    body; head "": arrays alone."""
    arrays = depth - 1 if head else depth
    if depth > 1000:
        return head + "[" * arrays
    return head + "[" * arrays + "]" * arrays + ("}" if head else "")


def deep():
    tid = json.loads(http("POST", "/api/tables",
                          json.dumps({"game": "three-arrows", "seats": ["human", "human"]}))[1])["id"]
    for path, head in [("/api/tables", '{"game": "three-arrows", "params": '),
                       ("/api/tables/%s/join" % tid, '{"name": '),
                       ("/api/replay", '{"game": "three-arrows", "actions": '),
                       ("/api/lessons/three-arrows/01-first-piece/try", '{"step": ')]:
        for depth in (64, 65, 1000, 65000):
            print("deep", path, depth, http("POST", path, nested(head, depth))[0])
    s = upgrade(tid)
    for when in ("before hello", "after hello"):
        if when == "after hello":
            send(s, json.dumps({"type": "hello", "token": None}))
            print("deep hello", receive(s)["type"])
        for depth in (64, 65, 1000, 65000):
            send(s, nested("", depth))
            print("deep message", when, depth, receive(s).get("message", "")[:40])
    s.close()


def play(game, seats, params):
    status, body = http("POST", "/api/tables",
                        json.dumps({"game": game, "seats": seats, "params": params}))
    print(game, "create", status)
    if status != 201:
        return
    tid = json.loads(body)["id"]
    token = json.loads(http("POST", "/api/tables/%s/join" % tid, "{}")[1])["token"]
    s = upgrade(tid)
    send(s, json.dumps({"type": "hello", "token": token}))
    frame = receive(s)
    for _ in range(4):
        legal = (frame.get("view") or {}).get("legal") or []
        if not legal:
            break
        send(s, json.dumps({"type": "act", "action": legal[0], "v": frame["v"]}))
        frame = receive(s)
        print(game, frame["type"], frame.get("error", ""))
    send(s, json.dumps({"type": "undo", "v": frame.get("v", 0)}))
    print(game, "undo", receive(s)["type"])
    s.close()
    print(game, "info", http("GET", "/api/tables/" + tid)[0])


for path in ["/", "/learn", "/rules/evons.md", "/api/games", "/api/tables", "/api/lessons",
             "/api/lessons/evons", "/nothing"]:
    print(path, http("GET", path)[0])
print("range", http("GET", "/", headers={"Range": "bytes=0-9"})[0])
deck = ", ".join(["block-electric"] * 60)
play("three-arrows", ["human", "hard"], {})
play("concardia", ["human", "hard"], {})
play("arrow-party", ["human", "hard", "easy"], {})
play("evons", ["human", "hard"], {"deck1": deck, "deck2": deck, "shuffle": "false"})
deep()
