#!/usr/bin/env bash
# page_length.sh DOCS [MAX] - no Markdown page under DOCS longer than MAX lines (600): a page a
# reader can scan, split into pages by subject when it grows. Prints each page over the limit
# with its length and exits 1 if there is any. The pages in EXEMPT are not checked (each with
# why; take a line off when its page is split).
set -u
docs=${1:?usage: page_length.sh DOCS [MAX]}
max=${2:-600}
EXEMPT=()
bad=0
count=0
while IFS= read -r -d '' page; do
	rel=${page#"$docs"/}
	skip=0
	for e in "${EXEMPT[@]}"; do [ "$rel" = "$e" ] && skip=1; done
	[ $skip = 1 ] && continue
	count=$((count + 1))
	n=$(wc -l <"$page")
	if [ "$n" -gt "$max" ]; then
		echo "$rel: $n lines; at most $max a page (split it into pages by subject)"
		bad=1
	fi
done < <(find "$docs" -name '*.md' -print0 | sort -z)
[ $bad = 0 ] && echo "$count pages, each at most $max lines"
exit $bad
