#!/usr/bin/env python3
"""Writes src/server/base/confusables.c: the data of Unicode's confusables (UTS #39, "Unicode
Security Mechanisms", section 4: the skeleton of a string) that the server's rule for usernames
needs (src/server/players/skeleton.c), from the machine's ICU (libicu, the Debian package libicu72:
its spoof checker holds confusables.txt compiled). Run once when the Unicode version is to
change, and commit the file it writes; the build never runs it, and quiver has no dependency on
ICU. Before writing, it checks that the tables, read as skeleton.c reads them, give ICU's own
skeleton (uspoof_getSkeleton) for every code point and for random strings.

The skeleton of a string is the NFD of the string, each character replaced by its prototype
(the confusables data), then NFD again. The tables hold what that needs: each code point's
canonical decomposition (Hangul syllables aside: theirs is arithmetic, in skeleton.c), each
decomposed code point's skeleton when it is not the code point itself (its prototype, in NFD),
and the canonical combining classes, by which NFD orders marks.

Encoding (to keep the file short): a code point is 3 digits of base 64 (18 bits: every one in
the tables is below U+40000), the digits "0-9A-Za-z" then "+" and "/", most significant
first; a count is 2 digits, a length 1.
  decomps: CODE LENGTH PARTS..., a code point's canonical decomposition;
  runs: FIRST COUNT TARGET, COUNT consecutive code points from FIRST whose skeletons are single
        code points from TARGET on, in order;
  seqs: CODE LENGTH TARGETS..., a code point whose skeleton has LENGTH (2 or more) code points;
  marks: FIRST LAST CLASS, code points FIRST to LAST of canonical combining class CLASS (2
        digits; class 0 is every other code point).

usage: scripts/confusables_table.py [OUT]   (default: src/server/base/confusables.c beside this script)
"""
import ctypes
import ctypes.util
import os
import random
import shutil
import subprocess
import sys
import textwrap

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/"
HANGUL = (0xAC00, 0xD7A3)


def icu():
    """ICU's spoof checker's skeleton and the combining class, as Python functions, and the
    library's version."""
    for v in range(80, 60, -1):
        try:
            i18n = ctypes.CDLL(f"libicui18n.so.{v}")
            uc = ctypes.CDLL(f"libicuuc.so.{v}")
            break
        except OSError:
            continue
    else:
        sys.exit("confusables_table.py: no libicu found (Debian: apt-get install libicu72)")
    status = ctypes.c_int(0)
    opener = getattr(i18n, f"uspoof_open_{v}")
    opener.restype = ctypes.c_void_p
    checker = opener(ctypes.byref(status))
    get = getattr(i18n, f"uspoof_getSkeleton_{v}")
    u16 = ctypes.POINTER(ctypes.c_uint16)
    get.argtypes = [ctypes.c_void_p, ctypes.c_uint32, u16, ctypes.c_int32, u16, ctypes.c_int32,
                    ctypes.POINTER(ctypes.c_int)]
    get.restype = ctypes.c_int32
    nfd_instance = getattr(uc, f"unorm2_getNFDInstance_{v}")
    nfd_instance.restype = ctypes.c_void_p
    normalizer = nfd_instance(ctypes.byref(status))
    normalize = getattr(uc, f"unorm2_normalize_{v}")
    normalize.argtypes = [ctypes.c_void_p, u16, ctypes.c_int32, u16, ctypes.c_int32,
                          ctypes.POINTER(ctypes.c_int)]
    normalize.restype = ctypes.c_int32
    ccc = getattr(uc, f"u_getCombiningClass_{v}")
    ccc.argtypes = [ctypes.c_int32]
    ccc.restype = ctypes.c_uint8

    def skeleton(text):
        b = text.encode("utf-16-le", "surrogatepass")
        n = len(b) // 2
        src = (ctypes.c_uint16 * max(n, 1)).from_buffer_copy(b or b"\0\0")
        dst = (ctypes.c_uint16 * (64 * max(n, 1)))()
        st = ctypes.c_int(0)
        m = get(checker, 0, src, n, dst, 64 * max(n, 1), ctypes.byref(st))
        if st.value > 0:
            raise RuntimeError(f"uspoof_getSkeleton failed ({st.value}) on {text!r}")
        return [ord(x) for x in bytes(dst)[:2 * m].decode("utf-16-le")]

    def nfd(c):
        b = chr(c).encode("utf-16-le", "surrogatepass")
        src = (ctypes.c_uint16 * 2).from_buffer_copy(b.ljust(4, b"\0"))
        dst = (ctypes.c_uint16 * 64)()
        st = ctypes.c_int(0)
        m = normalize(normalizer, src, len(b) // 2, dst, 64, ctypes.byref(st))
        if st.value > 0:
            raise RuntimeError(f"unorm2_normalize failed ({st.value}) on U+{c:04X}")
        return [ord(x) for x in bytes(dst)[:2 * m].decode("utf-16-le")]

    return skeleton, nfd, lambda c: ccc(c), v


def hangul(c):
    """The canonical decomposition of a Hangul syllable (Unicode 3.12)."""
    s = c - 0xAC00
    out = [0x1100 + s // 588, 0x1161 + (s % 588) // 28]
    if s % 28:
        out.append(0x11A7 + s % 28)
    return out


def reorder(cps, ccc):
    """NFD's canonical ordering: each run of marks sorted, stably, by class."""
    out = list(cps)
    i = 0
    while i < len(out):
        if ccc(out[i]) == 0:
            i += 1
            continue
        j = i
        while j < len(out) and ccc(out[j]) != 0:
            j += 1
        out[i:j] = sorted(out[i:j], key=ccc)
        i = j
    return out


def digits(x, n):
    assert 0 <= x < 64 ** n, x
    return "".join(DIGITS[(x >> (6 * (n - 1 - k))) & 63] for k in range(n))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "src", "server", "base",
                                                            "confusables.c")
    skeleton, nfd, ccc, version = icu()
    decomp, proto = {}, {}
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF or HANGUL[0] <= c <= HANGUL[1]:
            continue
        d = nfd(c)
        if d != [c]:
            decomp[c] = d
            continue
        s = skeleton(chr(c))
        if s != [c]:
            proto[c] = s
    singles = sorted(c for c, s in proto.items() if len(s) == 1)
    runs = []
    for c in singles:
        t = proto[c][0]
        if runs and runs[-1][0] + runs[-1][1] == c and runs[-1][2] + runs[-1][1] == t \
                and runs[-1][1] < 64 ** 2 - 1:
            runs[-1][1] += 1
        else:
            runs.append([c, 1, t])
    seqs = sorted((c, s) for c, s in proto.items() if len(s) > 1)
    decomps = sorted(decomp.items())
    marks = []
    for c in range(0x40000):
        k = ccc(c)
        if not k:
            continue
        if marks and marks[-1][1] == c - 1 and marks[-1][2] == k:
            marks[-1][1] = c
        else:
            marks.append([c, c, k])
    mark_of = {}
    for a, b, k in marks:
        for c in range(a, b + 1):
            mark_of[c] = k

    def klass(c):
        return mark_of.get(c, 0)

    def mine(text):
        cps = []
        for ch in text:
            c = ord(ch)
            cps += hangul(c) if HANGUL[0] <= c <= HANGUL[1] else decomp.get(c, [c])
        out = []
        for x in reorder(cps, klass):
            out += proto.get(x, [x])
        return reorder(out, klass)

    # the tables, read as skeleton.c reads them, agree with ICU
    rng = random.Random(52)
    pool = [c for c in range(0x30000) if not 0xD800 <= c <= 0xDFFF]
    marked = sorted(mark_of)
    for c in pool:
        assert mine(chr(c)) == skeleton(chr(c)), hex(c)
    for _ in range(20000):
        text = "".join(chr(rng.choice(marked if rng.random() < 0.4 else pool))
                       for _ in range(rng.randint(1, 6)))
        assert mine(text) == skeleton(text), [hex(ord(x)) for x in text]

    def literal(name, what, records):
        text = "".join(records)
        said = textwrap.wrap(what, 96)
        lines = ["/* " + said[0]] + [" * " + x for x in said[1:]]
        lines[-1] += " */"
        lines.append(f"const char {name}[] =")
        for i in range(0, len(text), 92):
            lines.append(f'    "{text[i:i + 92]}"')
        lines[-1] += ";"
        return "\n".join(lines)

    body = "\n\n".join([
        literal("qv__confusables_runs",
                f"Runs of code points whose skeletons are single code points: {len(runs)} "
                f"runs of {len(singles)} code points.",
                [digits(a, 3) + digits(n, 2) + digits(t, 3) for a, n, t in runs]),
        literal("qv__confusables_decomps",
                f"Canonical decompositions (NFD), Hangul syllables aside: {len(decomps)} code "
                f"points, of {sum(len(d) for _, d in decomps)} code points in all.",
                [digits(c, 3) + digits(len(d), 1) + "".join(digits(x, 3) for x in d)
                 for c, d in decomps]),
        literal("qv__confusables_seqs",
                f"Code points whose skeletons are sequences: {len(seqs)}, of "
                f"{sum(len(s) for _, s in seqs)} code points in all.",
                [digits(c, 3) + digits(len(s), 1) + "".join(digits(x, 3) for x in s)
                 for c, s in seqs]),
        literal("qv__confusables_marks",
                f"Canonical combining classes other than 0: {len(marks)} ranges.",
                [digits(a, 3) + digits(b, 3) + digits(k, 2) for a, b, k in marks]),
    ])
    head = f"""/*
 * confusables.c - the data of Unicode's confusables (UTS #39), written by
 * scripts/confusables_table.py from ICU {version}'s spoof checker (libicu{version}), Unicode's
 * confusables.txt for ICU's Unicode version. Do not edit: run the script. The encoding is the
 * script's head; skeleton.c reads it.
 */
#include "server/base/confusables.h"

"""
    text = head + body + "\n"
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    fmt = shutil.which("clang-format")
    if fmt:
        subprocess.run([fmt, "-i", out], check=True)
    print(f"{out}: {len(decomps)} decompositions, {len(runs)} runs, {len(seqs)} sequences, "
          f"{len(marks)} classes of marks")


if __name__ == "__main__":
    main()
