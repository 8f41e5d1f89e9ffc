#!/usr/bin/env bash
# links.sh ROOT - checks every relative link of ROOT/README.md and of the Markdown files under
# ROOT/docs: the file it names must exist (relative to the page, as GitHub resolves it), and a
# `#section` part must be the anchor of a heading of that file (GitHub's rule: lower case, only
# letters, digits, spaces, '-' and '_' kept, spaces turned into '-'). Links to other sites
# (http:, https:, mailto:) are left alone; links inside fenced code blocks and `code` are not
# links. Prints each broken link as FILE:LINE: TARGET: why, and exits 1 if there is any.
#
# Before the project's pages it checks itself on a small tree made for the purpose, with one
# link of each kind that must pass and of each kind that must fail, so a checker that would
# pass everything fails here.
set -u

# The anchors of a Markdown file's headings, one per line (a repeated heading gets -1, -2, ...).
anchors() {
	awk '
		/^(```|~~~)/ { fence = !fence; next }
		fence { next }
		/^#+[ \t]/ {
			h = $0
			sub(/^#+[ \t]+/, "", h)
			sub(/[ \t]+#*[ \t]*$/, "", h)
			h = tolower(h)
			gsub(/[^a-z0-9 _-]/, "", h)
			gsub(/ /, "-", h)
			if (h in seen) { seen[h]++; h = h "-" seen[h] } else seen[h] = 0
			print h
		}' "$1"
}

# The links of a Markdown file as LINE<TAB>TARGET, outside code.
links() {
	awk '
		/^[ \t]*(```|~~~)/ { fence = !fence; next }
		fence { next }
		{
			line = $0
			gsub(/`[^`]*`/, "", line)
			while (match(line, /\]\([^)]*\)/)) {
				t = substr(line, RSTART + 2, RLENGTH - 3)
				sub(/^[ \t]*</, "", t); sub(/>[ \t]*$/, "", t)
				sub(/[ \t].*$/, "", t)
				print NR "\t" t
				line = substr(line, RSTART + RLENGTH)
			}
		}' "$1"
}

# Checks the links of one page; prints what is broken and returns 1 if anything is.
check_page() {
	local page=$1 dir bad=0 n target path anchor file
	dir=$(dirname "$page")
	while IFS=$'\t' read -r n target; do
		case $target in
		http:* | https:* | mailto:*) continue ;;
		'')
			echo "$page:$n: empty link target"
			bad=1
			continue
			;;
		esac
		path=${target%%#*}
		anchor=
		[[ $target == *'#'* ]] && anchor=${target#*#}
		if [[ -z $path ]]; then
			file=$page
		else
			file=$dir/$path
			if [[ ! -e $file ]]; then
				echo "$page:$n: $target: no such file ($file)"
				bad=1
				continue
			fi
		fi
		if [[ -n $anchor ]]; then
			if [[ ! -f $file || $file != *.md ]]; then
				echo "$page:$n: $target: #$anchor in a file that is not a Markdown page"
				bad=1
			elif ! anchors "$file" | grep -qxF -- "$anchor"; then
				echo "$page:$n: $target: no heading of $file has the anchor #$anchor"
				bad=1
			fi
		fi
	done < <(links "$page")
	return $bad
}

# Checks README.md and every page under docs/ of a tree.
check_tree() {
	local root=$1 bad=0 page
	while IFS= read -r page; do
		check_page "$page" || bad=1
	done < <({
		[[ -f $root/README.md ]] && echo "$root/README.md"
		[[ -d $root/docs ]] && find "$root/docs" -name '*.md' | LC_ALL=C sort
	})
	return $bad
}

# ---- the checker on a tree made to test it ----
self=$(mktemp -d)
trap 'rm -rf "$self"' EXIT
mkdir -p "$self/docs/rules"
touch "$self/docs/picture.png"
cat >"$self/README.md" <<'EOF'
# Top
See [the guide](docs/guide.md), [its part](docs/guide.md#second-part-two), [a picture](
docs/picture.png) and [the site](https://example.org/nothing.md).
```
[not a link](docs/missing.md)
```
EOF
cat >"$self/docs/guide.md" <<'EOF'
# Guide
## Second part: `two`
## Second part: two
Back [up](../README.md#top), [here](#guide), [rules](rules/a.md), `[code](nothing.md)`.
EOF
echo '# A' >"$self/docs/rules/a.md"
if ! out=$(check_tree "$self"); then
	echo "links.sh: the checker refused good links:"
	echo "$out"
	exit 1
fi
cat >"$self/docs/rules/a.md" <<'EOF'
# A
[gone](missing.md), [no section](../guide.md#third), [outside](../../nothing.md),
[not a page](../picture.png#top), [here](#b).
EOF
out=$(check_tree "$self")
for want in 'missing.md: no such file' '#third' 'nothing.md: no such file' \
	'not a Markdown page' '#b: no heading'; do
	if ! grep -qF -- "$want" <<<"$out"; then
		echo "links.sh: the checker missed a broken link ($want); it printed:"
		echo "$out"
		exit 1
	fi
done

# ---- the project ----
root=${1:?usage: links.sh ROOT}
if ! check_tree "$root"; then
	echo "links.sh: broken relative links (above)"
	exit 1
fi
echo "links.sh: every relative link of README.md and docs/ resolves"
