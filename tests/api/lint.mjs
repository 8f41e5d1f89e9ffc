// lint.mjs - lints docs/api/openapi.yaml with Redocly's OpenAPI linter (@redocly/openapi-core,
// pinned in package-lock.json) under its `recommended-strict` rules, where every warning is an
// error: a broken $ref, an operation without a 4xx answer or an operationId, an unused
// component, a path parameter not declared, a schema that is not JSON Schema. Then checks
// that the WebSocket frames' schemas (docs/api/frames.schema.json) compile under JSON Schema
// 2020-12 (ajv). Exits non-zero naming each problem. ctest runs it as api/lint.
//
// Two rules are off, since the API is what it is: operation-4xx-response (GET /api/games,
// /api/health, /metrics and the pages have no 4xx of their own) and operation-2xx-response
// (a WebSocket's success is 101 Switching Protocols).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, formatProblems, lint } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ref = join(root, 'docs', 'api', 'openapi.yaml');
const config = await createConfig({
  extends: ['recommended-strict'],
  rules: { 'operation-4xx-response': 'off', 'operation-2xx-response': 'off' },
});
const problems = await lint({ ref, config });
if (problems.length) {
  formatProblems(problems, {
    format: 'codeframe',
    totals: { errors: problems.length, warnings: 0, ignored: 0 },
    version: 'quiver',
  });
  console.error(`${ref}: ${problems.length} problem(s)`);
  process.exit(1);
}
const frames = JSON.parse(readFileSync(join(root, 'docs', 'api', 'frames.schema.json'), 'utf8'));
new Ajv2020({ strict: true, allErrors: true }).compile(frames);
console.log(`${ref}: no problem; frames.schema.json compiles`);
