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
    plugins: { quiver: { rules: { 'no-jsdoc-any': noJsdocAny } } },
    rules: { 'quiver/no-jsdoc-any': 'error' },
  },
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
