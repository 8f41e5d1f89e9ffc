#!/usr/bin/env python3
"""Writes src/server/base/unicode.c: the Unicode classes the server's rule for players' names needs
(src/server/table/chat.c), as sorted tables of code point ranges, from the machine's Unicode data
(Python's unicodedata, whose version the file states). Run once when the Unicode version is to
change, and commit the file it writes (laid out by clang-format when it is installed); the
build never runs it, and quiver has no dependency for it.

usage: scripts/unicode_tables.py [OUT]   (default: src/server/base/unicode.c beside this script)
"""
import os
import shutil
import subprocess
import sys
import textwrap
import unicodedata

# What each class is made of: the general categories of the Unicode data.
CLASSES = [
    ("alnum", "a letter or a digit: every letter (Lu, Ll, Lt, Lm, Lo) and number (Nd, Nl, No)",
     {"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No"}),
    ("mark", "a combining mark drawn on the character before it: Mn (nonspacing) and Me "
     "(enclosing)", {"Mn", "Me"}),
    ("format", "a format character, which shows nothing itself (Cf): direction marks and "
     "embeddings, zero-width spaces and joiners, word joiners and invisible operators, the "
     "byte order mark, tags, the soft hyphen", {"Cf"}),
]


def ranges(categories):
    """The code points of the given categories as (first, last) ranges, in order."""
    out = []
    for c in range(0x110000):
        if unicodedata.category(chr(c)) not in categories:
            continue
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def table(name, what, rows):
    said = textwrap.wrap(f"{what}; {len(rows)} ranges.", 96)
    lines = ["/* " + said[0]] + [" * " + x for x in said[1:]]
    lines[-1] += " */"
    lines.append(f"static const qv__urange {name}[] = {{")
    cells = [f"{{0x{a:04X}, 0x{b:04X}}}," for a, b in rows]
    line = "   "
    for cell in cells:
        if len(line) + 1 + len(cell) > 100:
            lines.append(line)
            line = "   "
        line += " " + cell
    lines.append(line)
    lines.append("};")
    return "\n".join(lines)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "src", "server", "base",
                                                             "unicode.c")
    version = unicodedata.unidata_version
    parts = [f"""/*
 * unicode.c - the Unicode classes of a character that the rule for players' names needs
 * (unicode.h), as sorted tables of code point ranges searched by halves.
 *
 * Written by scripts/unicode_tables.py from Unicode {version} (the general categories of the
 * machine's Unicode data, Python's unicodedata): do not edit; run the script again for
 * another version of Unicode. A character assigned after that version is in no class.
 */
#include "server/base/unicode.h"

/* A range of code points, first and last included. */
typedef struct qv__urange {{
	int32_t lo, hi;
}} qv__urange;"""]
    for name, what, cats in CLASSES:
        parts.append(table(name, what[0].upper() + what[1:], ranges(cats)))
    parts.append("""/* Whether c is in the n ranges of t. */
static bool in(const qv__urange *t, size_t n, int32_t c)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c < t[mid].lo)
			hi = mid;
		else if (c > t[mid].hi)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

#define IN(t, c) in(t, sizeof t / sizeof t[0], c)

qv__uclass qv__unicode_class(int32_t c)
{
	if (IN(alnum, c))
		return QV__U_ALNUM;
	if (IN(mark, c))
		return QV__U_MARK;
	if (IN(format, c))
		return QV__U_FORMAT;
	return QV__U_OTHER;
}

const char *qv__unicode_version(void) { return \"""" + version + """\"; }""")
    with open(out, "w") as f:
        f.write("\n\n".join(parts) + "\n")
    # Laid out as the rest of the C (the checked-in .clang-format), when clang-format is here.
    if shutil.which("clang-format"):
        subprocess.run(["clang-format", "-i", out], check=True)


if __name__ == "__main__":
    main()
