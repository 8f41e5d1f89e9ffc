#!/usr/bin/env python3
"""The deepest stack of the server's request paths, from GCC's per-function figures.

Usage: bench/stack_depth.py BUILD SRC [FUNCTION...]

BUILD is a build tree configured with -DQV_STACK_USAGE=ON (every object has its .ci call
graph beside it, with each function's frame from -fstack-usage); SRC is the source tree's src/.
For each FUNCTION (default: what the server's request workers run: an HTTP request's handler,
a WebSocket's handshake, one of its messages and its end) it prints the deepest call path below
it, frame by frame, and the sum: the stack that function needs, not counting the libraries' own
functions (libc, libmicrohttpd, SQLite, jansson, libsodium), whose frames the .ci files do not
hold.

Calls through function pointers are followed too: a call `x->slot(...)` goes to every function
some designated initializer (`.slot = fn`, also inside a macro) names (else every function
passed as a parameter named slot), and a call of a plain parameter `fn(...)` to every function
passed to the enclosing function anywhere in SRC. That
over-approximates, so the figure is an upper bound. A recursion is cut where it closes (and
named in the path); an indirect call nothing resolves is listed at the end.

Needs python3 (Debian's). docs/history/benchmarks-3.md, "The stack of a request", has the figures.
"""
import glob
import os
import re
import sys

ROOTS = ["qv__http_handle", "qv__ws_upgrade", "qv__ws_message", "qv__ws_gone"]
LIBS = ["quivercore.dir", "quiverserver.dir"]

NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)" label: "([^"]*)"')
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof"}


def load(build):
    """Frames (bytes and kind), direct and indirect call edges, and places, of the libraries."""
    frames, kinds, edges, where = {}, {}, {}, {}
    for ci in glob.glob(os.path.join(build, "**", "*.ci"), recursive=True):
        if not any(lib in ci for lib in LIBS):
            continue
        for line in open(ci):
            m = NODE.match(line)
            if m:
                parts = m.group(2).split("\\n")
                b = re.match(r"(\d+) bytes \(([^)]*)\)", parts[2]) if len(parts) >= 3 else None
                if b:
                    frames[m.group(1)] = int(b.group(1))
                    kinds[m.group(1)] = b.group(2)
                    where[m.group(1)] = parts[1]
                continue
            m = EDGE.match(line)
            if m:
                edges.setdefault(m.group(1), []).append((m.group(2), m.group(3)))
    return frames, kinds, edges, where


def short(title):
    """A function's name without its file (static functions are titled file:name) or the
    suffix of a clone (name.isra.0)."""
    return title.rsplit(":", 1)[-1].split(".")[0]


def slot_targets(sources):
    """Slot name -> the functions designated initializers put in it."""
    out = {}
    for text in sources:
        for m in re.finditer(r"\.(\w+)\s*=\s*&?(\w+)\s*[,}]", text):
            out.setdefault(m.group(1), set()).add(m.group(2))
        for d in re.finditer(r"#define (\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", text):
            params = [x.strip() for x in d.group(2).split(",")]
            for m in re.finditer(r"\.(\w+)\s*=\s*&?(\w+)", d.group(3)):
                if m.group(2) not in params:
                    continue
                k = params.index(m.group(2))
                for use in re.finditer(r"\b%s\(([^)]*)\)" % d.group(1), text):
                    args = [x.strip() for x in use.group(1).split(",")]
                    if len(args) == len(params):
                        out.setdefault(m.group(1), set()).add(args[k])
    return out


def param_targets(sources, slot):
    """The functions passed, in any call, as a parameter named slot (a member set from a
    parameter: qv__pool_new(..., run, drop, ...) stores them as p->run, p->drop)."""
    out = set()
    for text in sources:
        for d in re.finditer(r"\b(\w+)\s*\(([^()]*)\)\s*\{", text):
            params = [re.findall(r"\w+", x)[-1:] for x in d.group(2).split(",")]
            names = [p[0] if p else "" for p in params]
            if slot not in names:
                continue
            k = names.index(slot)
            for t in sources:
                for use in re.finditer(r"\b%s\s*\(([^;{]*)\)" % d.group(1), t):
                    args = [x.strip() for x in use.group(1).split(",")]
                    if len(args) == len(names) and re.match(r"\w+$", args[k]):
                        out.add(args[k])
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().split("\n\n")[1])
    build, src = sys.argv[1], sys.argv[2]
    roots = sys.argv[3:] or ROOTS
    frames, kinds, edges, where = load(build)
    if not frames:
        sys.exit("no .ci files under %s: configure it with -DQV_STACK_USAGE=ON and build" % build)
    paths = glob.glob(os.path.join(src, "**", "*.c"), recursive=True)
    sources = [open(p).read() for p in paths]
    byname = {}
    for t in frames:
        byname.setdefault(short(t), []).append(t)
    slots = slot_targets(sources)
    lines = {}
    unresolved = set()

    def calls_at(label):
        # GCC places an indirect call at its statement: the line, the one before and after.
        path, ln, _ = label.rsplit(":", 2)
        if path not in lines:
            lines[path] = open(path).read().split("\n")
        ln = int(ln)
        text = " ".join(lines[path][max(ln - 2, 0):ln + 1])
        return re.findall(r"(->|\.|\b)(\w+)\s*\(", text)

    def passed_to(fn):
        out = set()
        for text in sources:
            for m in re.finditer(r"\b%s\s*\(([^;{]*)" % re.escape(fn), text):
                out |= {w for w in re.findall(r"\b(\w+)\b", m.group(1)) if w in byname}
        return out

    def callees(t):
        for target, label in edges.get(t, []):
            if target != "__indirect_call":
                if target in frames:
                    yield target
                continue
            fns = set()
            for how, name in calls_at(label):
                if how:
                    fns |= slots.get(name) or param_targets(sources, name)
                elif name not in byname and name not in KEYWORDS:
                    fns |= passed_to(short(t))
            if not fns:
                unresolved.add((short(t), label))
            for fn in sorted(fns):
                yield from byname.get(fn, [])

    best, open_ = {}, set()

    def depth(t):
        if t in best:
            return best[t]
        if t in open_:
            return (0, ["(recursion into %s)" % short(t)])
        open_.add(t)
        deepest = (0, [])
        for c in callees(t):
            d = depth(c)
            if d[0] > deepest[0]:
                deepest = d
        open_.discard(t)
        best[t] = (frames.get(t, 0) + deepest[0], [t] + deepest[1])
        return best[t]

    for root in roots:
        titles = byname.get(root)
        if not titles:
            print("%s: not found" % root)
            continue
        for t in titles:
            total, path = depth(t)
            print("%s: %d bytes" % (root, total))
            for p in path:
                kind = kinds.get(p, "")
                print("  %7d  %-34s %s%s" % (frames.get(p, 0), short(p), where.get(p, ""),
                                             "" if kind in ("static", "dynamic,bounded")
                                             else "  (%s)" % kind))
    for fn, label in sorted(unresolved):
        print("unresolved indirect call in %s at %s" % (fn, label))


main()
