#!/usr/bin/env python3
"""Mutation testing of the four games' rules code (docs/testing.md): do quiver's own tests
notice when a rule breaks?

The generator reads src/games/<game>/legal.c and rules.c and lists every single-line mutant of
a small set of kinds (relational, arithmetic, bitwise and logical operators swapped, `!`
dropped, integer constants one up or one down, an `if` condition forced true or false, a
statement replaced by `;`), skipping comments, strings and preprocessor lines. A seed draws N
of them. Each is built in a copy of the tree (never the source tree): one build directory is
reused, only the mutated file changes, so each build is incremental, and only the targets the
tests need are built, without link-time optimisation. The tests run are the mutated game's:
its scenarios (and the engine's), its unit test and its lessons first, stopping at the first
failure, then its property tests at QV_PROPERTY_SCALE (0.05 unless set), all within a time
limit of 10 times the unmutated run. A mutant is killed (a test failed), timed out, not
compiled, or survived; a survivor listed in tests/mutation/equivalent.txt (judged to behave
exactly as the original, with the reason) is counted apart, and the score is
(killed + timed out) / (killed + timed out + real survivors).

usage:
  scripts/mutation.py [--seed S] [--n N] [--build DIR] [--jobs J]
      the run (`make mutation`): the table per game and each survivor's file:line and patch,
      printed and written to DIR/mutation-report.md
  scripts/mutation.py --list FILE... [--seed S] [--n N]
      the generator alone: every mutant of the files (or N drawn with the seed), one a line
  scripts/mutation.py --kill BUILD FILE LINE OLD NEW SCENARIO...
      one mutant (OLD replaced by NEW on line LINE of FILE, a path in the source tree)
      compiled against BUILD's objects and linked into a scenario runner of its own, which
      runs each SCENARIO file: exits 0 when a scenario fails (the mutant is killed), 1 when
      all pass (the quick test, tests/mutation/)
Python 3 standard library only.
"""
import argparse
import difflib
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The games: their name (tests, scenarios, lessons) and their C folder.
GAMES = [("three-arrows", "three_arrows"), ("concardia", "concardia"), ("evons", "evons"),
         ("arrow-party", "arrow_party")]
RULES_FILES = ["legal.c", "rules.c"]

# What each operator may become: one mutant per replacement.
REPLACE = {
    "<": ["<=", ">"], "<=": ["<", ">"], ">": [">=", "<"], ">=": [">", "<"],
    "==": ["!="], "!=": ["=="],
    "&&": ["||"], "||": ["&&"],
    "+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "%": ["*"],
    "+=": ["-="], "-=": ["+="], "++": ["--"], "--": ["++"],
    "<<": [">>"], ">>": ["<<"], "&": ["|"], "|": ["&"], "^": ["|"],
}
# Operators that are binary only after an operand (not `-x`, `*p`, `&x`).
BINARY_ONLY = {"+", "-", "*", "&"}

TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*(?![.\w]))
  | (?P<float>\d+\.\d*(?:[eE][-+]?\d+)?[fF]?|\d+[eE][-+]?\d+)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<op>\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|[-+*/%<>=!&|^~?:;,.(){}\[\]])
""", re.S | re.X)


def tokens(text):
    """(kind, value, line, column) of every token of C source, comments and whitespace
    dropped, preprocessor lines (with their continuations) left out."""
    # Blank out the preprocessor lines first, keeping the line count.
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("#"):
            while lines[i].endswith("\\") and i + 1 < len(lines):
                lines[i] = ""
                i += 1
            lines[i] = ""
        i += 1
    text = "\n".join(lines)
    out, pos, line, start = [], 0, 1, 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise ValueError("cannot read C at line %d: %r" % (line, text[pos:pos + 20]))
        kind, value = m.lastgroup, m.group()
        if kind not in ("ws", "comment"):
            out.append((kind, value, line, pos - start))
        nl = value.count("\n")
        if nl:
            line += nl
            start = pos + value.rfind("\n") + 1
        pos = m.end()
    return out


def number_mutants(value):
    """The constants one up and one down (never below zero), suffix and base kept."""
    m = re.match(r"(0[xX][0-9a-fA-F]+|\d+)([uUlL]*)$", value)
    digits, suffix = m.groups()
    n = int(digits, 0)
    fmt = (lambda k: "0x%X" % k) if digits[:2] in ("0x", "0X") else str
    return [fmt(k) + suffix for k in (n + 1, n - 1) if k >= 0]


TYPE_WORDS = {"int", "char", "void", "unsigned", "long", "short", "bool", "const", "float",
              "double", "signed", "struct"}


def pointer_declaration(toks, i):
    """Whether the `*` at toks[i] declares a pointer (`const ta_state *s = ...`, `(qv_events
    *ev,`) rather than multiplies: after a type word, or after a name that starts a
    declaration and before a name that ends one."""
    prev = toks[i - 1][1]
    if prev in TYPE_WORDS:
        return True
    if toks[i - 1][0] != "ident" or i < 2 or i + 2 >= len(toks) or toks[i + 1][0] != "ident":
        return False
    return toks[i - 2][1] in ("(", ",", "{", ";", "}", "const", "static") and \
        toks[i + 2][1] in ("=", ",", ")", ";", "[")


def mutants_of(path, text):
    """Every mutant of one file: dicts of file, line (1-based), column, old, new and kind,
    `old` replaced by `new` at the column of that line."""
    toks = tokens(text)
    lines = text.split("\n")
    found = []

    def add(i, old, new, kind, col=None):
        _, _, line, c = toks[i]
        found.append({"file": path, "line": line, "col": c if col is None else col, "old": old,
                      "new": new, "kind": kind})

    for i, (kind, value, line, col) in enumerate(toks):
        prev = toks[i - 1] if i else ("op", ";", 0, 0)
        after_operand = prev[0] in ("ident", "number", "float", "string") or prev[1] in (")", "]")
        if kind == "op" and value in REPLACE:
            if value in BINARY_ONLY and not after_operand:
                continue
            if value == "*" and pointer_declaration(toks, i):
                continue
            for new in REPLACE[value]:
                add(i, value, new, "operator")
        elif kind == "op" and value == "!" and i + 1 < len(toks) and toks[i + 1][1] != "=":
            add(i, "!", "", "negation dropped")
        elif kind == "number":
            for new in number_mutants(value):
                add(i, value, new, "constant")
        elif kind == "ident" and value == "if" and i + 1 < len(toks) and toks[i + 1][1] == "(":
            # the condition, when it closes on the same line
            depth, j = 0, i + 1
            while j < len(toks):
                depth += {"(": 1, ")": -1}.get(toks[j][1], 0)
                if depth == 0:
                    break
                j += 1
            if j < len(toks) and toks[j][2] == line:
                text_line = lines[line - 1]
                c0, c1 = toks[i + 1][3] + 1, toks[j][3]
                cond = text_line[c0:c1]
                for forced in ("1", "0"):
                    found.append({"file": path, "line": line, "col": c0, "old": cond,
                                  "new": forced, "kind": "condition forced"})
    # Statements: a line holding one whole statement that ends in `;`, inside a function body
    # (depth > 0, not an initializer), neither a declaration with a type we recognise nor a
    # return, replaced by `;`.
    depth_at = {}
    depth = 0
    for kind, value, line, col in toks:
        depth_at.setdefault(line, depth)
        if value == "{":
            depth += 1
        elif value == "}":
            depth -= 1
    by_line = {}
    for t in toks:
        by_line.setdefault(t[2], []).append(t)
    for line, ts in by_line.items():
        if depth_at.get(line, 0) < 1 or ts[-1][1] != ";" or len(ts) < 3:
            continue
        first = ts[0][1]
        if first in ("return", "break", "continue", "goto", "case", "default", "else", "for",
                     "while", "if", "do", "}", "{", "static", "const", "int", "unsigned",
                     "bool", "char", "long", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
                     "int8_t", "int16_t", "size_t", "qv_status", "struct", "typedef"):
            continue
        if ts[0][0] == "ident" and ts[1][0] == "ident":
            continue  # a declaration: `type name ...`
        if ts[0][0] == "ident" and ts[1][1] == "*" and len(ts) > 2 and ts[2][0] == "ident" \
                and ts[0][1].endswith(("_t", "_state", "_tables", "_player", "_cell")):
            continue
        bal = 0
        ok = True
        for t in ts:
            bal += {"(": 1, ")": -1, "[": 1, "]": -1, "{": 1, "}": -1}.get(t[1], 0)
            if bal < 0:
                ok = False
        if not ok or bal:
            continue
        text_line = lines[line - 1]
        c0 = ts[0][3]
        c1 = ts[-1][3] + 1
        found.append({"file": path, "line": line, "col": c0, "old": text_line[c0:c1],
                      "new": ";", "kind": "statement deleted"})
    found.sort(key=lambda m: (m["line"], m["col"], m["new"]))
    return found


def apply(text, m):
    """The file's text with mutant m applied."""
    lines = text.split("\n")
    line = lines[m["line"] - 1]
    assert line[m["col"]:m["col"] + len(m["old"])] == m["old"], (m, line)
    lines[m["line"] - 1] = line[:m["col"]] + m["new"] + line[m["col"] + len(m["old"]):]
    return "\n".join(lines)


def draw(files, seed, n):
    """N mutants drawn with the seed among every mutant of the files (all when N is 0)."""
    every = []
    for f in files:
        with open(os.path.join(ROOT, f)) as fh:
            every += mutants_of(f, fh.read())
    if n and n < len(every):
        every = random.Random(seed).sample(every, n)
    return every, len(every) if not n else None


def describe(m, text):
    """file:line, then the one-line patch."""
    old = text.split("\n")[m["line"] - 1]
    new = apply(text, m).split("\n")[m["line"] - 1]
    return "%s:%d (%s)\n-%s\n+%s" % (m["file"], m["line"], m["kind"], old, new)


# ---- the run ----

def run(cmd, timeout=None, env=None, cwd=None):
    """(exit status, output) of a command, its whole process group killed at the time limit
    (status None)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                         cwd=cwd, start_new_session=True, text=True, errors="replace")
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return None, out


def game_of(path):
    for name, folder in GAMES:
        if "/%s/" % folder in path:
            return name, folder
    raise ValueError(path)


def test_sets(name, folder):
    """The game's quick tests (scenarios, the engine's, unit, lessons) and its property
    tests, as ctest regular expressions."""
    quick = "^(scenarios/%s/|scenarios/engine/|unit/test_%s$|tutorials/%s/)" % (name, folder, name)
    return quick, "^property/%s/" % name


def ctest(build, regex, env, timeout, jobs, stop):
    cmd = ["ctest", "-j", str(jobs), "-R", regex, "--output-on-failure"]
    if stop:
        cmd.append("--stop-on-failure")
    return run(cmd, timeout=timeout, env=env, cwd=build)


def failed_tests(out):
    """The names of the tests ctest lists as failed."""
    return re.findall(r"^\s+\d+ - (\S+) \(", out.split("The following tests FAILED:")[-1], re.M) \
        if "The following tests FAILED:" in out else []


def load_equivalents(path):
    """(file, original line, mutated line) -> reason, from the checked-in list."""
    eq = {}
    if not os.path.exists(path):
        return eq
    with open(path) as fh:
        for raw in fh:
            if not raw.strip() or raw.startswith("#"):
                continue
            parts = raw.rstrip("\n").split("\t")
            if len(parts) != 4:
                sys.exit("%s: expected file, original, mutant and reason separated by tabs: %r"
                         % (path, raw))
            eq[(parts[0], parts[1].strip(), parts[2].strip())] = parts[3]
    return eq


def copy_tree(dest):
    """The source tree's files (tracked and untracked, not ignored) copied to dest: only those
    whose bytes differ from the copy's, and with the time of the copy, so that the build
    directory kept from an earlier run rebuilds exactly what changed (a run stopped with a
    mutant in place included); files the tree no longer has are removed from the copy."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, check=True, stdout=subprocess.PIPE).stdout.split(b"\0")
    keep = {os.path.join(dest, f.decode()) for f in files if f}
    for top, _, names in os.walk(dest):
        for name in names:
            if os.path.join(top, name) not in keep:
                os.remove(os.path.join(top, name))
    for f in files:
        f = f.decode()
        src = os.path.join(ROOT, f)
        if not f or not os.path.isfile(src) or os.path.islink(src):
            continue
        dst = os.path.join(dest, f)
        with open(src, "rb") as fh:
            data = fh.read()
        if os.path.exists(dst):
            with open(dst, "rb") as fh:
                if fh.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as fh:
            fh.write(data)
        shutil.copymode(src, dst)


def main_run(args):
    t0 = time.time()
    build_root = os.path.abspath(args.build)
    tree, build = os.path.join(build_root, "tree"), os.path.join(build_root, "build")
    copy_tree(tree)
    files = ["src/games/%s/%s" % (folder, f) for _, folder in GAMES for f in RULES_FILES]
    # The files mutants are written to are rebuilt at the start whatever their bytes: a run
    # stopped with a mutant in place left its object newer than the file put back.
    for f in files:
        os.utime(os.path.join(tree, f))
    chosen, _ = draw(files, args.seed, args.n)
    texts = {}
    for f in files:
        with open(os.path.join(tree, f)) as fh:
            texts[f] = fh.read()
    targets = ["scenario_runner", "quiver", "property"] + \
        ["test_%s" % folder for _, folder in GAMES]
    rc, out = run(["cmake", "-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                   "-DQV_LTO=OFF"])
    if rc != 0:
        sys.exit(out + "\nmutation: cmake failed")
    build_cmd = ["cmake", "--build", build, "-j", str(args.jobs), "--target"] + targets
    rc, out = run(build_cmd)
    if rc != 0:
        sys.exit(out + "\nmutation: the unmutated tree does not build")
    env = dict(os.environ)
    env.setdefault("QV_PROPERTY_SCALE", "0.05")
    # The unmutated run: every test must pass, and its time sets each game's limit.
    limit = {}
    for name, folder in GAMES:
        start = time.time()
        for regex in test_sets(name, folder):
            rc, out = ctest(build, regex, env, None, args.jobs, False)
            if rc != 0:
                sys.exit(out + "\nmutation: the unmutated %s tests fail" % name)
        limit[name] = max(10 * (time.time() - start), 60)
        print("mutation: %s unmutated in %.0f s (limit %.0f s)" %
              (name, time.time() - start, limit[name]), flush=True)
    equivalent = load_equivalents(os.path.join(ROOT, "tests/mutation/equivalent.txt"))
    results = []
    for i, m in enumerate(chosen):
        name, folder = game_of(m["file"])
        path = os.path.join(tree, m["file"])
        with open(path, "w") as fh:
            fh.write(apply(texts[m["file"]], m))
        start = time.time()
        by = []
        try:
            rc, out = run(build_cmd)
            if rc != 0:
                verdict = "not compiled"
            else:
                verdict = "survived"
                for regex in test_sets(name, folder):
                    left = limit[name] - (time.time() - start)
                    rc, out = ctest(build, regex, env, max(left, 1), args.jobs, True)
                    if rc is None:
                        verdict = "timed out"
                        break
                    if rc != 0:
                        verdict = "killed"
                        by = failed_tests(out)
                        break
        finally:
            with open(path, "w") as fh:
                fh.write(texts[m["file"]])
        key = (m["file"], texts[m["file"]].split("\n")[m["line"] - 1].strip(),
               apply(texts[m["file"]], m).split("\n")[m["line"] - 1].strip())
        if verdict == "survived" and key in equivalent:
            verdict = "equivalent"
        m["verdict"], m["reason"], m["by"] = verdict, equivalent.get(key), by
        results.append(m)
        print("mutation: %d/%d %s:%d %s -> %s: %s%s (%.0f s)" %
              (i + 1, len(chosen), m["file"], m["line"], m["old"], m["new"] or "(nothing)",
               verdict, " by " + " ".join(by) if by else "", time.time() - start), flush=True)
    # The build directory is left with the unmutated tree built.
    run(build_cmd)
    report = write_report(results, texts, args, time.time() - t0)
    with open(os.path.join(build_root, "mutation-report.md"), "w") as fh:
        fh.write(report)
    print(report)
    return 0


def write_report(results, texts, args, seconds):
    cols = ["killed", "timed out", "survived", "equivalent", "not compiled"]
    out = ["# Mutation testing: seed %d, %d mutants, %.0f min" %
           (args.seed, len(results), seconds / 60), "",
           "| game | mutants | " + " | ".join(cols) + " | score |",
           "|---|---:|" + "---:|" * len(cols) + "---:|"]
    total = dict.fromkeys(cols, 0)
    for name, _ in GAMES + [("all", None)]:
        rs = [r for r in results if name == "all" or game_of(r["file"])[0] == name]
        c = {k: sum(r["verdict"] == k for r in rs) for k in cols}
        caught = c["killed"] + c["timed out"]
        real = caught + c["survived"]
        score = "%.1f%%" % (100.0 * caught / real) if real else "n/a"
        out.append("| %s | %d | %s | %s |" % (name, len(rs),
                                              " | ".join(str(c[k]) for k in cols), score))
    out.append("")
    out.append("score: (killed + timed out) / (killed + timed out + survived); equivalent "
               "survivors (tests/mutation/equivalent.txt) and mutants that do not compile are "
               "not counted.")
    # The mutants only the property tests killed: rules whose scenarios check the result of a
    # step but not the state it leaves.
    late = [r for r in results if r["verdict"] == "killed" and r["by"] and
            all(t.startswith("property/") for t in r["by"])]
    if late:
        out += ["", "## Killed by the property tests alone", ""]
        for r in late:
            out.append("```diff\n%s\n```\nfailed: %s" % (describe(r, texts[r["file"]]),
                                                    " ".join(r["by"])))
    for verdict in ("survived", "equivalent"):
        rs = [r for r in results if r["verdict"] == verdict]
        if rs:
            out += ["", "## %s" % ("Survivors" if verdict == "survived" else "Equivalent"), ""]
            for r in rs:
                out.append("```diff\n%s\n```" % describe(r, texts[r["file"]]))
                if r.get("reason"):
                    out.append("equivalent: " + r["reason"])
    return "\n".join(out) + "\n"


# ---- one mutant against a build's objects (the quick test) ----

def make_var(path, key):
    with open(path) as fh:
        for line in fh:
            if line.startswith(key + " = "):
                return line[len(key) + 3:].strip()
    return ""


def no_lto(words):
    return [w for w in words if not w.startswith(("-flto", "-fno-fat-lto", "-ffat-lto"))]


def ninja_command(build, target):
    """The words of the command Ninja runs last to make target in build (run in build), or
    sys.exit when there is none."""
    rc, out = run(["ninja", "-C", build, "-t", "commands", target])
    lines = out.strip().splitlines() if rc == 0 else []
    if not lines:
        sys.exit(out + "\nmutation: ninja knows no command for %s in %s" % (target, build))
    words = shlex.split(lines[-1])
    # a link is written ": && cc ... && :"
    while words and words[0] in (":", "&&"):
        words.pop(0)
    while words and words[-1] in (":", "&&"):
        words.pop()
    return words


def compile_words(build, rel):
    """The compiler and its flags for quivercore's file rel (a path in the source tree), with
    neither its source, its object nor its dependency file, and the folder to run it in: from
    the Makefiles' flags.make, or from Ninja's own command."""
    flags = os.path.join(build, "CMakeFiles/quivercore.dir/flags.make")
    if os.path.exists(flags):
        cache = os.path.join(build, "CMakeCache.txt")
        cc = (make_var(cache, "CMAKE_C_COMPILER:FILEPATH") or
              make_var(cache, "CMAKE_C_COMPILER:STRING") or "cc")
        words = [cc]
        for key in ("C_DEFINES", "C_INCLUDES", "C_FLAGS"):
            words += shlex.split(make_var(flags, key))
        return words, os.path.join(build, "tests")
    words = ninja_command(build, "CMakeFiles/quivercore.dir/%s.o" % rel)
    kept, skip = [], 0
    for w in words:
        if skip:
            skip -= 1
        elif w in ("-o", "-c", "-MT", "-MF"):
            skip = 1
        elif w != "-MD":
            kept.append(w)
    return kept, build


def link_words(build):
    """The scenario runner's link command, and the folder to run it in."""
    link = os.path.join(build, "tests/CMakeFiles/scenario_runner.dir/link.txt")
    if os.path.exists(link):
        with open(link) as fh:
            return shlex.split(fh.read()), os.path.join(build, "tests")
    return ninja_command(build, "tests/scenario_runner"), build


def main_kill(args):
    build = os.path.abspath(args.kill[0])
    rel, line, old, new = args.kill[1], int(args.kill[2]), args.kill[3], args.kill[4]
    scenarios = args.kill[5:]
    src = os.path.join(ROOT, rel)
    with open(src) as fh:
        text = fh.read()
    ms = [m for m in mutants_of(rel, text) if m["line"] == line and m["old"] == old and
          m["new"] == new]
    if len(ms) != 1:
        sys.exit("mutation: the generator makes no single mutant %r -> %r on %s:%d" %
                 (old, new, rel, line))
    cflags, compile_in = compile_words(build, rel)
    words, link_in = link_words(build)
    words = no_lto(words)
    with tempfile.TemporaryDirectory(prefix="quiver-mutant-") as tmp:
        mutated = os.path.join(tmp, os.path.basename(rel))
        with open(mutated, "w") as fh:
            fh.write(apply(text, ms[0]))
        obj = os.path.join(tmp, "mutant.o")
        rc, out = run(no_lto(cflags) + ["-iquote", os.path.dirname(src), "-c", mutated, "-o",
                                        obj], cwd=compile_in)
        if rc != 0:
            sys.exit(out + "\nmutation: the mutant does not compile")
        # The mutated object ahead of the library: the archive's own copy of the file is
        # then never pulled in, and every other object is the build's.
        runner = os.path.join(tmp, "scenario_runner")
        out_at = words.index("-o")
        words[out_at + 1] = runner
        lib = next(i for i, w in enumerate(words) if w.endswith("libquivercore.a"))
        words.insert(lib, obj)
        rc, out = run(words, cwd=link_in)
        if rc != 0:
            sys.exit(out + "\nmutation: the mutant's scenario runner does not link")
        print(describe(ms[0], text))
        killed = False
        for s in scenarios:
            # in the scenario's folder, as ctest runs it (a variant file beside it)
            s = os.path.abspath(s)
            rc, out = run([runner, s], cwd=os.path.dirname(s))
            print("%s: %s" % (s, "fails (the mutant is killed)" if rc else "passes"))
            if rc and args.verbose:
                print(out)
            killed = killed or rc != 0
        return 0 if killed else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--build", default="build-mutation")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", nargs="+", metavar="FILE")
    ap.add_argument("--kill", nargs="+", metavar="ARG")
    ap.add_argument("--verbose", action="store_true", help="--kill: a failing scenario's output")
    args = ap.parse_args()
    if args.list:
        chosen, _ = draw(args.list, args.seed, args.n)
        for m in chosen:
            print("%s:%d:%d: %s: %s -> %s" % (m["file"], m["line"], m["col"] + 1, m["kind"],
                                                m["old"], m["new"] or "(nothing)"))
        return 0
    if args.kill:
        if len(args.kill) < 6:
            ap.error("--kill BUILD FILE LINE OLD NEW SCENARIO...")
        return main_kill(args)
    return main_run(args)


if __name__ == "__main__":
    sys.exit(main())
