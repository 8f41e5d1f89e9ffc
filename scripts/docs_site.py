"""The hooks of the documentation site (mkdocs.yml, `make docs`), for Debian's mkdocs 1.4.

What mkdocs does not do by itself:
- A nav entry holding a '*' (such as "server/*.md") stands for every page it matches that the
  nav does not name elsewhere, in name order, each titled by its first heading: a page added
  to such a folder is in the site without touching mkdocs.yml.
- A page of docs/ that the nav leaves out is a warning, so `mkdocs build --strict` fails on it
  (mkdocs 1.4 only mentions it), as it fails on a link to a page that does not exist.
- A page's title in the navigation is its first heading without Markdown's backquotes ("The
  quiver command", not "The `quiver` command"): mkdocs shows a title as text.
- The search works from the site's files too (file:///.../index.html), where browsers refuse
  mkdocs' search its worker and its fetch of search_index.json: the index is also written as
  search/search_index.js, which docs/js/file-search.js reads with a plain script tag.
- A list right under a line of text ("Build, set-up, CI" then "- `CMakeLists.txt` ..."), which
  GitHub shows as a list, is a list in the site too: Python-Markdown wants a blank line before
  it, and without one makes the items one paragraph with the text.
"""

import fnmatch
import json
import logging
import os
import re

log = logging.getLogger("mkdocs.hooks.quiver")


def _pages(docs_dir):
    """Every Markdown page under docs_dir, as paths relative to it with '/' between folders."""
    found = []
    for folder, _, names in os.walk(docs_dir):
        for name in names:
            if name.endswith(".md"):
                rel = os.path.relpath(os.path.join(folder, name), docs_dir)
                found.append(rel.replace(os.sep, "/"))
    return sorted(found)


def _named(items):
    """The pages the nav names without a pattern."""
    named = set()
    for item in items:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            named |= _named(value)
        elif isinstance(value, str) and "*" not in value:
            named.add(value)
    return named


def _expand(items, pages):
    """The nav with each pattern replaced by the pages it matches (none: the entry goes)."""
    out = []
    for item in items:
        title, value = next(iter(item.items())) if isinstance(item, dict) else (None, item)
        if isinstance(value, list):
            out.append({title: _expand(value, pages)})
        elif isinstance(value, str) and "*" in value:
            out.extend(p for p in pages if fnmatch.fnmatchcase(p, value))
        else:
            out.append(item)
    return out


def on_config(config):
    """The nav with its '*' entries expanded, before mkdocs reads it."""
    if config["nav"]:
        named = _named(config["nav"])
        pages = [p for p in _pages(config["docs_dir"]) if p not in named]
        config["nav"] = _expand(config["nav"], pages)
    return config


def on_nav(nav, config, files):
    """A warning for each page the nav leaves out (so --strict fails), naming where to add it."""
    listed = {page.file.src_path.replace(os.sep, "/") for page in nav.pages}
    for page in files.documentation_pages():
        if page.src_path.replace(os.sep, "/") not in listed:
            log.warning(
                "docs/%s is not in the site's navigation: add it to the nav of mkdocs.yml",
                page.src_path,
            )
    return nav


_ITEM = re.compile(r"^ {0,3}([-*+]|[0-9]+[.)]) ")
_FENCE = re.compile(r"^ *(```|~~~)")


def on_page_markdown(markdown, page, config, files):
    """The page with a blank line put between a line of text and a list that follows it."""
    if page.title:
        page.title = page.title.replace("`", "")
    out = []
    fence = False
    prev = ""
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            fence = not fence
        elif (not fence and _ITEM.match(line) and prev.strip() and not _ITEM.match(prev)
              and not prev.startswith((" ", "\t", "#", "|", ">"))):
            out.append("")
        out.append(line)
        prev = line
    return "\n".join(out)


def on_post_build(config):
    """search/search_index.js: mkdocs' search index as a script, for docs/js/file-search.js."""
    folder = os.path.join(config["site_dir"], "search")
    with open(os.path.join(folder, "search_index.json"), encoding="utf-8") as f:
        index = json.load(f)
    with open(os.path.join(folder, "search_index.js"), "w", encoding="utf-8") as f:
        f.write("window.quiverSearchIndex = ")
        json.dump(index, f, ensure_ascii=False, separators=(",", ":"))
        f.write(";\n")
