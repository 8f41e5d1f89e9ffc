// ESLint for the browser client (web/, modules run in the browser) and its tests
// (tests/browser/, node scripts that also hand functions to the browser to run).
import js from '@eslint/js';
import globals from 'globals';

/**
 * The type expression after each JSDoc tag of a comment, `{…}` with nested braces, its lines'
 * leading `*` removed.
 * @param {string} text a block comment's text
 */
function jsdocTypes(text) {
  const types = [];
  for (const tag of text.matchAll(/@(?:type|param|returns?|typedef|property|prop|template|satisfies)\s*\{/g)) {
    let depth = 0;
    const start = tag.index + tag[0].length - 1;
    for (let i = start; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        types.push({ type: text.slice(start + 1, i).replace(/\n\s*\*/g, '\n'), offset: start });
        break;
      }
    }
  }
  return types;
}

/** `any` or `*` in a JSDoc type switches the type check off for that value: name the type instead. */
const noJsdocAny = {
  meta: {
    type: 'problem',
    messages: { any: "'{{found}}' in a JSDoc type: name the type (web/types.js has the server's JSON)" },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (comment.type !== 'Block' || !comment.value.startsWith('*')) continue;
          for (const { type, offset } of jsdocTypes(comment.value)) {
            // A string literal type ('any' as a value) is not the type `any`: blanked first.
            const bare = type.replace(/'[^']*'|"[^"]*"/g, (q) => ' '.repeat(q.length));
            const m = /\bany\b|(?<![\w.])\*(?![\w/])/.exec(bare);
            if (!m) continue;
            const at = comment.range[0] + 2 + offset;
            context.report({
              loc: context.sourceCode.getLocFromIndex(at),
              messageId: 'any',
              data: { found: m[0] },
            });
          }
        }
      },
    };
  },
};

/**
 * The client's files whose words are not in the catalogs yet (docs/web.md, "Languages"): the
 * rule `quiver/no-raw-text`, scripts/i18n-check.mjs and the browser test of the languages skip
 * them. None now: a file or page written before its words can go into web/i18n/ is named here
 * until they have.
 * @type {string[]}
 */
export const UNTRANSLATED = [];

/** Words that are the same in every language: the site's name and the games' own names. */
const SAME_EVERYWHERE = new Set(['quiver', 'THREE ARROWS', 'ConCardia', 'Evons', 'Arrow Party']);

/**
 * Whether a string a page would show has words in it (two letters in a row), so belongs in a
 * catalog: marks, numbers, separators and seat names (p1) do not.
 * @param {string} text
 */
function hasWords(text) {
  return /\p{L}{2,}/u.test(text) && !SAME_EVERYWHERE.has(text.trim());
}

/** The attributes a person reads or hears. */
const SHOWN_ATTRS = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription']);
/** The properties of an element a person reads or hears. */
const SHOWN_PROPS = new Set(['textContent', 'innerText', 'title', 'placeholder', 'alt', 'ariaLabel']);

/** The client's functions that put their arguments on the page or say them (a status line). */
const SAYERS = new Set(['say', 'tell', 'fail']);
/** Names of variables whose value the page shows (a button's label, a heading's title). */
const SHOWN_NAMES = new Set(['label', 'title', 'heading', 'caption']);

/**
 * A literal in a place where it reaches the page (a child of h()/s()/replace()/append(), a
 * shown attribute, textContent, an argument of say()/tell()/fail(), a variable named label or
 * title, …) is a string no translation can replace: it must come from
 * t(key) (i18n.js). The places are those the client writes text through; a string handed to
 * another function is that function's to translate.
 */
const noRawText = {
  meta: {
    type: 'problem',
    messages: { raw: 'words shown on the page as a literal ({{text}}): put them in web/i18n/en.js and use t()' },
    schema: [],
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    /** @param {import('estree').Node | import('estree').SpreadElement | null | undefined} node */
    const check = (node) => {
      if (!node) return;
      switch (node.type) {
        case 'Literal':
          if (typeof node.value === 'string' && hasWords(node.value))
            context.report({ node, messageId: 'raw', data: { text: JSON.stringify(node.value).slice(0, 40) } });
          break;
        case 'TemplateLiteral':
          for (const q of node.quasis)
            if (hasWords(q.value.cooked ?? ''))
              context.report({
                node: q,
                messageId: 'raw',
                data: { text: JSON.stringify(q.value.cooked).slice(0, 40) },
              });
          break;
        case 'ConditionalExpression':
          check(node.consequent);
          check(node.alternate);
          break;
        case 'LogicalExpression':
          check(node.left);
          check(node.right);
          break;
        case 'BinaryExpression':
          if (node.left.type !== 'PrivateIdentifier') check(node.left);
          check(node.right);
          break;
        case 'ArrayExpression':
          node.elements.forEach(check);
          break;
        case 'SpreadElement':
          check(node.argument);
          break;
        default:
          break;
      }
    };
    /** @param {import('estree').Node} node */
    const attrs = (node) => {
      if (node.type !== 'ObjectExpression') return;
      for (const p of node.properties) {
        if (p.type !== 'Property') continue;
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : '';
        if (SHOWN_ATTRS.has(key)) check(/** @type {import('estree').Expression} */ (p.value));
      }
    };
    return {
      /** @param {import('estree').CallExpression} node */
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : '';
        if (SAYERS.has(name)) {
          node.arguments.forEach(check);
        } else if (name === 'h' || name === 's') {
          if (node.arguments[1]) attrs(/** @type {import('estree').Node} */ (node.arguments[1]));
          node.arguments.slice(2).forEach(check);
        } else if (name === 'replace' || name === 'append' || name === 'replaceChildren') {
          node.arguments.slice(callee.type === 'Identifier' ? 1 : 0).forEach(check);
        } else if (name === 'setAttribute') {
          const a = node.arguments[0];
          if (a?.type === 'Literal' && SHOWN_ATTRS.has(String(a.value))) check(node.arguments[1]);
        }
      },
      /** @param {import('estree').VariableDeclarator} node */
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && SHOWN_NAMES.has(node.id.name)) check(node.init);
      },
      /** @param {import('estree').NewExpression} node */
      NewExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'ApiError') check(node.arguments[0]);
      },
      /** @param {import('estree').AssignmentExpression} node */
      AssignmentExpression(node) {
        const l = node.left;
        if (l.type === 'MemberExpression' && l.property.type === 'Identifier' && SHOWN_PROPS.has(l.property.name))
          check(node.right);
      },
    };
  },
};

export default [
  { ignores: ['build*/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['web/**/*.js'],
    languageOptions: { globals: globals.browser },
    plugins: { quiver: { rules: { 'no-jsdoc-any': noJsdocAny, 'no-raw-text': noRawText } } },
    rules: { 'quiver/no-jsdoc-any': 'error', 'quiver/no-raw-text': 'error' },
  },
  ...(UNTRANSLATED.some((f) => f.endsWith('.js'))
    ? [{ files: UNTRANSLATED.filter((f) => f.endsWith('.js')), rules: { 'quiver/no-raw-text': 'off' } }]
    : []),
  { files: ['tests/browser/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ['eslint.config.js'], languageOptions: { globals: globals.node } },
  // the HTTP API description's lint and contract test: Node scripts
  { files: ['tests/api/*.mjs'], languageOptions: { globals: globals.node } },
  { files: ['bench/peer/*.mjs'], languageOptions: { globals: globals.node } },
  // the app's parity test, its build and its benchmarks: Node scripts (bench/app_speed.mjs also
  // hands functions to the browser)
  { files: ['tests/app/*.mjs', 'tests/docs/*.mjs', 'scripts/*.mjs'], languageOptions: { globals: globals.node } },
  // The documentation site's own script (docs/js/, mkdocs.yml), a classic script in its pages.
  { files: ['docs/js/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
  { files: ['bench/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
