// Runs the http-tests/cache-tests suite from a developer's checkout against a cache under test, and writes the
// engine's results as JSON: { testId: true | [errorName, message] }.
//
//   node run.mjs --suite DIR --base URL --out FILE
//
// DIR is the checkout (its tests/index.mjs and test-engine/client/runner.mjs are imported as they are); URL is the
// cache under test (every request goes through it, the suite's own server behind it). Tests that need a browser
// cache are left out by the engine itself. Uses Node's built-in fetch; no npm package.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const usage = 'usage: node run.mjs --suite DIR --base URL --out FILE';

function fail(message) {
  console.error(`run.mjs: ${message}\n${usage}`);
  process.exit(2);
}

/** Imports `relative` from the checkout at `suite` by absolute file URL. */
export function importFromSuite(suite, relative) {
  return import(pathToFileURL(path.join(path.resolve(suite), relative)).href);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { suite: { type: 'string' }, base: { type: 'string' }, out: { type: 'string' } },
    }));
  } catch (error) {
    fail(error.message);
  }
  for (const name of ['suite', 'base', 'out']) {
    if (!values[name]) fail(`--${name} is required`);
  }
  if (typeof globalThis.fetch !== 'function') fail(`this Node (${process.version}) has no built-in fetch`);
  const base = values.base.replace(/\/+$/, '');
  const { default: suites } = await importFromSuite(values.suite, 'tests/index.mjs');
  const runner = await importFromSuite(values.suite, 'test-engine/client/runner.mjs');
  await runner.runTests(suites, globalThis.fetch, false, base);
  const results = runner.getResults();
  await writeFile(values.out, JSON.stringify(results, null, 2) + '\n');
  console.error(`run.mjs: ${Object.keys(results).length} results written to ${values.out}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
