#!/usr/bin/env bash
# size_rule.sh - fails when a C file is too long, or holds a function that is: by default a file
# over 1,000 lines or a function over 60 (its first line to its closing brace, as .clang-format
# lays it out: the body's braces alone at the start of their lines). One file is one idea, and a
# function a reader holds in mind at once (docs/HACKING.md).
#
#   size_rule.sh [-l FILE_LINES] [-f FUNCTION_LINES] [-r] [-x EXCEPTIONS] DIR
#
# -r takes DIR's sub-folders too. -x names a list of what is over the limits today and may stay
# so for now, one line each (`#` begins a comment): `PATH LINES` for a file, `PATH NAME LINES`
# for a function (PATH relative to DIR, NAME the function's, LINES its length today). The list
# may only shrink: an entry is a ceiling (the file or function may get shorter, not longer),
# and an entry that is within the limits now, or that names nothing, fails too, so that it is
# taken off. Every break is printed (with the function and its length); the exit status is 1
# when there is one.
set -euo pipefail

usage() {
	echo "usage: size_rule.sh [-l FILE_LINES] [-f FUNCTION_LINES] [-r] [-x EXCEPTIONS] DIR" >&2
	exit 2
}
file_max=1000
fn_max=60
deep=0
exceptions=/dev/null
while getopts "l:f:rx:" opt; do
	case $opt in
	l) file_max=$OPTARG ;;
	f) fn_max=$OPTARG ;;
	r) deep=1 ;;
	x) exceptions=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ] || [ ! -d "$1" ] || [ ! -r "$exceptions" ]; then
	usage
fi
root=${1%/}

if [ "$deep" = 1 ]; then
	files=$(cd "$root" && find . -name '*.[ch]' | sed 's|^\./||' | sort)
else
	files=$(cd "$root" && find . -maxdepth 1 -name '*.[ch]' | sed 's|^\./||' | sort)
fi

# Every file's and function's length over the limits, one line each: `PATH LINES FILE-HEAD`
# for a file, `PATH NAME LINES START HEAD` for a function. A definition begins at a line
# starting with a name, outside a body, and its body is the lines from "{" alone to "}" at the
# start of a line; its name is the word before the first "(" of its first line.
over=$(for f in $files; do
	awk -v max="$fn_max" -v fmax="$file_max" -v path="$f" '
		/^[A-Za-z_]/ && !inside { start = FNR; head = $0 }
		/^\{$/ && !inside { inside = 1; if (!start) start = FNR }
		/^\}/ && inside {
			n = FNR - start + 1
			if (n > max) {
				name = head
				sub(/\(.*/, "", name)
				sub(/.*[ *]/, "", name)
				printf "fn %s %s %d %d %s\n", path, name, n, start, head
			}
			inside = 0
			start = 0
		}
		END { if (FNR > fmax) printf "file %s %d\n", path, FNR }' "$root/$f"
done)

# The exceptions, as `file PATH LINES` and `fn PATH NAME LINES`.
allowed=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$exceptions" | awk '
	NF == 2 { print "file", $1, $2; next }
	NF == 3 { print "fn", $1, $2, $3; next }
	{ printf "bad %s\n", $0 }')

found=0
report() {
	echo "$1"
	found=$((found + 1))
}
while read -r kind path a b c rest; do
	[ -n "${kind:-}" ] || continue
	if [ "$kind" = file ]; then
		limit=$(awk -v p="$path" '$1 == "file" && $2 == p { print $3 }' <<<"$allowed")
		if [ -z "$limit" ]; then
			report "$root/$path: $a lines; at most $file_max in a file"
		elif [ "$a" -gt "$limit" ]; then
			report "$root/$path: $a lines; its exception allows $limit (it may only shrink)"
		fi
	else
		limit=$(awk -v p="$path" -v n="$a" '$1 == "fn" && $2 == p && $3 == n { print $4 }' <<<"$allowed")
		if [ -z "$limit" ]; then
			report "$root/$path:$c: $b lines; at most $fn_max in a function: $rest"
		elif [ "$b" -gt "$limit" ]; then
			report "$root/$path:$c: $b lines; its exception allows $limit (it may only shrink): $rest"
		fi
	fi
done <<<"$over"

# An exception that is not needed any more (or never was, or is malformed) is taken off.
while read -r kind path a b; do
	[ -n "${kind:-}" ] || continue
	case $kind in
	bad) report "$exceptions: '$path $a $b': expected 'PATH LINES' or 'PATH NAME LINES'" ;;
	file)
		grep -q "^file $path " <<<"$over" ||
			report "$exceptions: $path is within $file_max lines now (or gone): take it off the list" ;;
	fn)
		grep -q "^fn $path $a " <<<"$over" ||
			report "$exceptions: $path $a is within $fn_max lines now (or gone): take it off the list" ;;
	esac
done <<<"$allowed"

if [ "$found" -gt 0 ]; then
	echo "$found file(s) or function(s) over the limits: split them by what they do"
	exit 1
fi
checked=$(wc -w <<<"$files")
echo "$checked files within $file_max lines, their functions within $fn_max," \
	"$(grep -c . <<<"$allowed" || true) exception(s) listed"
