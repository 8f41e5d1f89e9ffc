// The rules page (rules.html?game=NAME): the game's rules page as the server serves it
// (/rules/NAME.md, the project's docs/rules/), shown as formatted text. The Markdown is turned
// into elements with text nodes only (never parsed as HTML): headings, paragraphs, lists,
// tables, code blocks, `code`, **bold** and links.

import { byId, h, replace } from './dom.js';
import { t } from './i18n.js';

const game = new URLSearchParams(location.search).get('game') ?? '';
const article = byId('rules');
const error = byId('rules-error');

/**
 * Inline Markdown: `code`, **bold**, *emphasis*, [text](link); the rest as text.
 * @param {string} text
 * @returns {(Node | string)[]}
 */
export function inline(text) {
  /** @type {(Node | string)[]} */
  const out = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (m[1] !== undefined) out.push(h('code', {}, m[1]));
    else if (m[2] !== undefined) out.push(h('strong', {}, ...inline(m[2])));
    else if (m[3] !== undefined) out.push(h('em', {}, ...inline(m[3])));
    else {
      // only plain web links; links between the project's Markdown files stay text
      const href = /^https?:\/\//.test(m[5]) ? m[5] : null;
      out.push(href ? h('a', { href }, m[4]) : m[4]);
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Block Markdown: turns the page into elements.
 * @param {string} md
 * @returns {Node[]}
 */
export function blocks(md) {
  const lines = md.replace(/\r/g, '').split('\n');
  /** @type {Node[]} */
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const head = /^(#{1,4})\s+(.*)$/.exec(line);
    if (head) {
      const level = Math.min(4, head[1].length + 1);
      out.push(h(/** @type {'h2'} */ (`h${level}`), {}, ...inline(head[2])));
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      i++;
      // focusable: a diagram wider than a phone scrolls, and the keyboard must reach it
      out.push(h('pre', { tabindex: '0' }, h('code', {}, code.join('\n'))));
      continue;
    }
    if (line.startsWith('|')) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
      const cells = (/** @type {string} */ r) =>
        r
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim());
      const body = rows.slice(2).map(cells);
      out.push(
        h(
          'div',
          { class: 'table-wrap', tabindex: '0' },
          h(
            'table',
            { class: 'ranks' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                cells(rows[0]).map((c) => h('th', { scope: 'col' }, ...inline(c))),
              ),
            ),
            h(
              'tbody',
              {},
              body.map((r) =>
                h(
                  'tr',
                  {},
                  r.map((c) => h('td', {}, ...inline(c))),
                ),
              ),
            ),
          ),
        ),
      );
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const list = h(ordered ? 'ol' : 'ul', {});
      while (i < lines.length) {
        const m = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(lines[i]);
        if (!m) {
          // a continuation line of the item
          if (lines[i].trim() && /^\s+/.test(lines[i]) && list.lastChild) {
            list.lastChild.appendChild(document.createTextNode(' '));
            for (const n of inline(lines[i].trim()))
              list.lastChild.appendChild(typeof n === 'string' ? document.createTextNode(n) : n);
            i++;
            continue;
          }
          break;
        }
        list.appendChild(h('li', {}, ...inline(m[3])));
        i++;
      }
      out.push(list);
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() && !/^(#|\||```|\s*([-*]|\d+\.)\s)/.test(lines[i]); i++)
      para.push(lines[i].trim());
    out.push(h('p', {}, ...inline(para.join(' '))));
  }
  return out;
}

async function main() {
  if (!/^[a-z0-9-]+$/.test(game)) {
    error.textContent = t('rules.no-game');
    replace(article);
    return;
  }
  const res = await fetch(`rules/${game}.md`);
  if (!res.ok) {
    error.textContent = t('rules.no-page', { game, status: res.status });
    replace(article);
    return;
  }
  const md = await res.text();
  replace(article, blocks(md));
  const title = /^#\s+(.*)$/m.exec(md);
  if (title) document.title = t('rules.page-title', { title: title[1] });
  const h1 = document.getElementById('title');
  if (h1 && title) h1.textContent = title[1];
}

main().catch((e) => {
  error.textContent = e instanceof Error ? e.message : String(e);
});
