#!/usr/bin/env python3
"""site_check.py SITE - checks a documentation site that `mkdocs build` made (make docs) for
what reading it offline needs: no page, style sheet or script loads anything from the network
(an http:, https: or protocol-relative // address in a src, a style sheet's or icon's href, an
object's data, a CSS url() or @import; links a reader follows, <a href>, are allowed), the
home page, the search index holding every page, and every image a page shows present in the
site. Prints each problem as FILE: what, and exits 1 if there is any.

site_check.py --self-test first checks itself on a small site made to fail in each way and on
one made to pass, so that a checker that would pass everything fails.
"""

import html.parser
import json
import os
import re
import sys
import tempfile
from urllib.parse import unquote, urlsplit

REMOTE = re.compile(r"^\s*(https?:|//)", re.I)
CSS_REMOTE = re.compile(r"""(url\(\s*['"]?\s*(https?:|//)|@import\s+['"](https?:|//))""", re.I)
LOADING_RELS = {"stylesheet", "icon", "preload", "modulepreload", "manifest", "prefetch",
                "apple-touch-icon", "shortcut"}
SRC_TAGS = {"script", "img", "iframe", "audio", "video", "source", "embed", "input", "track"}


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.loads = []  # (tag, address) of everything the page loads
        self.images = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in SRC_TAGS and a.get("src"):
            self.loads.append((tag, a["src"]))
            if tag == "img":
                self.images.append(a["src"])
        if tag == "img" and a.get("srcset"):
            self.loads.append((tag, a["srcset"]))
        if tag == "link" and a.get("href"):
            rels = set((a.get("rel") or "").lower().split())
            if rels & LOADING_RELS:
                self.loads.append((tag, a["href"]))
        if tag == "object" and a.get("data"):
            self.loads.append((tag, a["data"]))
        if a.get("style") and CSS_REMOTE.search(a["style"]):
            self.loads.append((tag + " style", a["style"]))


def check(site):
    problems = []
    pages = []
    for folder, _, names in os.walk(site):
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, site)
            if name.endswith(".html"):
                pages.append(rel)
                parser = Page()
                parser.feed(open(path, encoding="utf-8").read())
                for tag, address in parser.loads:
                    if REMOTE.match(address) or (tag.endswith("style") and CSS_REMOTE.search(address)):
                        problems.append(f"{rel}: <{tag}> loads {address} from the network")
                for src in parser.images:
                    if REMOTE.match(src) or src.startswith("data:"):
                        continue
                    target = os.path.normpath(os.path.join(folder, unquote(urlsplit(src).path)))
                    if not os.path.isfile(target):
                        problems.append(f"{rel}: the image {src} is not in the site")
            elif name.endswith(".css"):
                for m in CSS_REMOTE.finditer(open(path, encoding="utf-8", errors="replace").read()):
                    problems.append(f"{rel}: loads {m.group(0)} from the network")
    if "index.html" not in pages:
        problems.append("index.html: the site has no home page")
    index = os.path.join(site, "search", "search_index.json")
    if not os.path.isfile(index):
        problems.append("search/search_index.json: the site has no search index")
    else:
        indexed = {d["location"].split("#")[0] for d in json.load(open(index, encoding="utf-8"))["docs"]}
        for rel in pages:
            if rel not in ("404.html", "search.html") and rel.replace(os.sep, "/") not in indexed and \
                    not (rel == "index.html" and "" in indexed):
                problems.append(f"{rel}: not in the search index")
    return problems, len(pages)


def self_test():
    """The checker on a site that breaks each rule once, and on one that breaks none."""
    with tempfile.TemporaryDirectory() as site:
        os.makedirs(os.path.join(site, "search"))
        os.makedirs(os.path.join(site, "css"))
        ok = '<link rel="stylesheet" href="css/a.css"><a href="https://example.org/">a link</a>'
        open(os.path.join(site, "index.html"), "w").write(ok + '<img src="here.png">')
        open(os.path.join(site, "here.png"), "w").write("png")
        open(os.path.join(site, "css", "a.css"), "w").write("body { background: url(../here.png) }")
        docs = [{"location": "", "title": "home"}, {"location": "bad.html", "title": "bad"}]
        json.dump({"docs": docs}, open(os.path.join(site, "search", "search_index.json"), "w"))
        problems, _ = check(site)
        if problems:
            return [f"self-test: a good site got: {p}" for p in problems]
        open(os.path.join(site, "bad.html"), "w").write(
            '<script src="https://cdn.example/x.js"></script>'
            '<link rel="stylesheet" href="//fonts.example/f.css">'
            '<img src="missing.png"><div style="background: url(http://x/y.png)"></div>')
        open(os.path.join(site, "unindexed.html"), "w").write("<p>no index entry</p>")
        open(os.path.join(site, "css", "b.css"), "w").write('@import "https://fonts.example/f.css";')
        problems, _ = check(site)
        want = ["x.js", "<link> loads //fonts.example", "missing.png", "http://x/y.png", "unindexed.html",
                "@import"]
        text = "\n".join(problems) + "\n"
        return [f"self-test: the checker missed {w.strip()}" for w in want if w not in text]


def main():
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        failed = self_test()
        args = args[1:]
        if failed:
            print("\n".join(failed))
            return 1
    if len(args) != 1:
        sys.exit("usage: site_check.py [--self-test] SITE")
    problems, count = check(args[0])
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"{count} pages: nothing loaded from the network, every page searchable, every image present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
