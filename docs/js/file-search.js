// The search box of a site opened from its files (file:///.../build/docs/index.html), where a
// browser refuses mkdocs' search its Web Worker and the index it would fetch: this script reads
// the same index from search/search_index.js (written beside search_index.json by
// scripts/docs_site.py), builds it with mkdocs' own lunr.js in the page and shows the results
// as mkdocs' search page does. Served over http (python3 -m http.server), it does nothing and
// mkdocs' search works as it is.
/* global lunr, base_url */
(function () {
  if (window.location.protocol !== 'file:') return;
  var results = document.getElementById('mkdocs-search-results');
  var input = document.getElementById('mkdocs-search-query');
  if (!results || !input) return;

  function load(src, then) {
    var s = document.createElement('script');
    s.src = base_url + '/' + src;
    s.onload = then;
    s.onerror = function () {
      results.textContent = 'The search index ' + src + ' is missing: build the site with make docs.';
    };
    document.head.appendChild(s);
  }

  function escapeHtml(value) {
    return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }

  function show(index, docs, query) {
    var found = query.length > 2 ? index.search(query) : [];
    results.textContent = '';
    if (!found.length) {
      var p = document.createElement('p');
      p.textContent = results.getAttribute('data-no-results-text') || 'No results found';
      results.appendChild(p);
      return;
    }
    found.forEach(function (hit) {
      var doc = docs[hit.ref];
      results.insertAdjacentHTML(
        'beforeend',
        '<article><h3><a href="' +
          base_url +
          '/' +
          doc.location +
          '">' +
          escapeHtml(doc.title) +
          '</a></h3><p>' +
          escapeHtml(doc.text.substring(0, 200)) +
          '</p></article>',
      );
    });
  }

  load('search/lunr.js', function () {
    load('search/search_index.js', function () {
      var data = window.quiverSearchIndex;
      var docs = {};
      if (data.config && data.config.separator) lunr.tokenizer.separator = new RegExp(data.config.separator);
      var index = lunr(function () {
        this.field('title');
        this.field('text');
        this.ref('location');
        for (var i = 0; i < data.docs.length; i++) {
          this.add(data.docs[i]);
          docs[data.docs[i].location] = data.docs[i];
        }
      });
      input.addEventListener('keyup', function () {
        show(index, docs, input.value);
      });
      var q = new URLSearchParams(window.location.search).get('q');
      if (q) {
        input.value = q;
        show(index, docs, q);
      }
    });
  });
})();
