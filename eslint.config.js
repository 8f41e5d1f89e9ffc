// ESLint for the browser client (web/, modules run in the browser) and its tests
// (tests/browser/, node scripts that also hand functions to the browser to run).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build*/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  { files: ['web/**/*.js'], languageOptions: { globals: globals.browser } },
  { files: ['tests/browser/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  { files: ['eslint.config.js'], languageOptions: { globals: globals.node } },
];
