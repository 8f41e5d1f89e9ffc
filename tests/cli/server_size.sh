#!/usr/bin/env bash
# server_size.sh - fails when a C file of a folder is too long, or holds a function that is:
# by default a file over 1,000 lines or a function over 60 (its first line to its closing
# brace, as .clang-format lays it out: the body's braces alone at the start of their lines).
# One file is one idea, and a function a reader holds in mind at once (docs/HACKING.md).
#
#   server_size.sh [-l FILE_LINES] [-f FUNCTION_LINES] DIR
#
# Every file over a limit is printed with the function and its length; the exit status is 1
# when there is one.
set -euo pipefail

file_max=1000
fn_max=60
while getopts "l:f:" opt; do
	case $opt in
	l) file_max=$OPTARG ;;
	f) fn_max=$OPTARG ;;
	*)
		echo "usage: server_size.sh [-l FILE_LINES] [-f FUNCTION_LINES] DIR" >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
	echo "usage: server_size.sh [-l FILE_LINES] [-f FUNCTION_LINES] DIR" >&2
	exit 2
fi

found=0
checked=0
for file in "$1"/*.c "$1"/*.h; do
	[ -e "$file" ] || continue
	checked=$((checked + 1))
	lines=$(wc -l <"$file")
	if [ "$lines" -gt "$file_max" ]; then
		echo "$file: $lines lines; at most $file_max in a file"
		found=$((found + 1))
	fi
	# A definition begins at a line starting with a name, outside a body, and its body is
	# the lines from "{" alone to "}" at the start of a line.
	long=$(awk -v max="$fn_max" '
		/^[A-Za-z_]/ && !inside { start = FNR; head = $0 }
		/^\{$/ && !inside { inside = 1; if (!start) start = FNR }
		/^\}/ && inside {
			n = FNR - start + 1
			if (n > max) printf "%s:%d: %d lines; at most %d in a function: %s\n",
				FILENAME, start, n, max, head
			inside = 0
			start = 0
		}' "$file")
	if [ -n "$long" ]; then
		echo "$long"
		found=$((found + $(printf '%s\n' "$long" | wc -l)))
	fi
done
if [ "$found" -gt 0 ]; then
	echo "$found file(s) or function(s) over the limits: split them by what they do"
	exit 1
fi
echo "$checked files within $file_max lines, their functions within $fn_max"
