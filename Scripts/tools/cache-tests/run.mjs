// Runs the http-tests/cache-tests suite from a checkout against a cache under test, and writes the engine's results
// as JSON: { testId: true | [errorName, message] }.
//
//   node run.mjs --suite DIR --base URL --out FILE [--tests ID,ID...] [--concurrency N] [--no-rerun]
//
// DIR is the checkout, used where it is (its tests/index.mjs and test-engine/client/runner.mjs are imported as they
// are; nothing is written into it). URL is the cache under test: every request goes through it, the suite's own
// server behind it.
//
// How the engine is driven (test-engine/client/runner.mjs, test.mjs and fetching.mjs):
// - runTests(suites, useBrowserCache, baseUrl, chunkSize) runs chunkSize tests at a time, each one's requests in
//   order, with the global fetch; every test it runs gets a result in the module's table, which getResults() returns.
// - The selection is the private-cache one of summary.mjs (no browser_skip or cdn_only test). The engine is run in
//   its mode for caches other than the browser's own (useBrowserCache false): each request carries the
//   placeholders `Pragma: foo` and `Cache-Control: nothing-to-see-here`, which keep Node's fetch from adding
//   `Pragma: no-cache` and `Cache-Control: no-cache` to conditional requests as the Fetch standard asks of a
//   browser. That mode leaves out browser_only tests, which check the rules of a private cache; the engine is
//   handed copies of them without the flag.
// - A test that asks for a Fetch cache mode gets the request header Fetch sends the cache for it (`no-cache`:
//   `Cache-Control: max-age=0`; `no-store` and `reload`: `Cache-Control: no-cache`) in place of the placeholder.
// - The engine waits 3 s after each request marked pause_after; the chunk size is the whole selection unless
//   --concurrency says otherwise, so the run lasts about as long as its slowest test.
// - Many tests give a response a freshness of 1 or 2 s and expect it still fresh on the next request, which a
//   loaded machine can miss. So every required or optimal test that did not pass is run once more, those alone
//   (unless --no-rerun), and counts by that second run; the run names the tests that passed only then.
//
// Exit status: 0 when every selected test has a result; 1 when any has none (the engine was not driven as it
// expects), naming them; 2 on a usage error. Uses Node's built-in fetch; no npm package.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { isOptimal, isRequired, selectTests } from './summary.mjs';

const usage =
  'usage: node run.mjs --suite DIR --base URL --out FILE [--tests ID,ID...] [--concurrency N] [--no-rerun]';

function fail(message) {
  console.error(`run.mjs: ${message}\n${usage}`);
  process.exit(2);
}

/** Imports `relative` from the checkout at `suite` by absolute file URL. */
export function importFromSuite(suite, relative) {
  return import(pathToFileURL(path.join(path.resolve(suite), relative)).href);
}

/**
 * The suites to hand the engine: each suite with only the selected tests (all of the private-cache selection, or
 * the ones named in `only`), browser_only cleared so that the engine's mode for other caches runs them.
 * @returns {{suites: object[], ids: string[], unknown: string[]}} unknown: names in `only` the suite has no test for
 */
export function engineSelection(suites, only) {
  const wanted = only ? new Set(only) : null;
  const selected = selectTests(suites).filter((test) => !wanted || wanted.has(test.id));
  const chosen = new Set(selected);
  const ids = selected.map((test) => test.id);
  const known = new Set(ids);
  const unknown = only ? only.filter((id) => !known.has(id)) : [];
  const engineSuites = suites
    .map((suite) => ({
      ...suite,
      tests: suite.tests.filter((test) => chosen.has(test)).map((test) => ({ ...test, browser_only: false })),
    }))
    .filter((suite) => suite.tests.length > 0);
  return { suites: engineSuites, ids, unknown };
}

/** The request header Fetch sends a cache for a request's cache mode, or null for the modes that send none. */
export function cacheModeHeader(mode) {
  if (mode === 'no-cache') return 'max-age=0';
  if (mode === 'no-store' || mode === 'reload') return 'no-cache';
  return null;
}

/**
 * A fetch for the engine's mode for other caches: a request whose init names a cache mode other than the engine's
 * own `no-store` gets that mode's Cache-Control in place of the engine's placeholder.
 */
export function fetchForEngine(fetchFunction) {
  return (url, init = {}) => {
    const header = init.cache === 'no-store' ? null : cacheModeHeader(init.cache);
    if (header === null || !Array.isArray(init.headers)) return fetchFunction(url, init);
    const headers = init.headers.filter(([name]) => name.toLowerCase() !== 'cache-control');
    headers.push(['Cache-Control', header]);
    return fetchFunction(url, { ...init, headers });
  };
}

/** The selected ids that have no result in `results`. */
export function missingResults(ids, results) {
  return ids.filter((id) => !Object.prototype.hasOwnProperty.call(results, id));
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        suite: { type: 'string' },
        base: { type: 'string' },
        out: { type: 'string' },
        tests: { type: 'string' },
        concurrency: { type: 'string' },
        'no-rerun': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(error.message);
  }
  for (const name of ['suite', 'base', 'out']) {
    if (!values[name]) fail(`--${name} is required`);
  }
  if (typeof globalThis.fetch !== 'function') fail(`this Node (${process.version}) has no built-in fetch`);
  const only = values.tests ? values.tests.split(',').filter((id) => id !== '') : null;
  const concurrency = values.concurrency === undefined ? null : Number(values.concurrency);
  if (concurrency !== null && !(Number.isInteger(concurrency) && concurrency > 0)) {
    fail(`--concurrency takes a positive whole number, not ${values.concurrency}`);
  }
  const base = values.base.replace(/\/+$/, '');
  const { default: suites } = await importFromSuite(values.suite, 'tests/index.mjs');
  const runner = await importFromSuite(values.suite, 'test-engine/client/runner.mjs');
  const selection = engineSelection(suites, only);
  if (selection.unknown.length > 0) fail(`no selected test with the id ${selection.unknown.join(', ')}`);
  if (selection.ids.length === 0) fail('the selection is empty');

  globalThis.fetch = fetchForEngine(globalThis.fetch);
  const started = Date.now();
  await runner.runTests(selection.suites, false, base, concurrency ?? selection.ids.length);
  const counted = new Set(selectTests(suites).filter((test) => isRequired(test) || isOptimal(test)).map((t) => t.id));
  const failed = Object.entries(runner.getResults())
    .filter(([id, result]) => result !== true && counted.has(id))
    .map(([id]) => id);
  if (!values['no-rerun'] && failed.length > 0) {
    // The engine refuses a second result for a test, so the first ones go from its table (test-engine/client/test.mjs).
    const { testResults } = await importFromSuite(values.suite, 'test-engine/client/test.mjs');
    for (const id of failed) delete testResults[id];
    const again = engineSelection(suites, failed);
    await runner.runTests(again.suites, false, base, concurrency ?? again.ids.length);
    const passedAgain = failed.filter((id) => testResults[id] === true);
    console.error(
      `run.mjs: ${failed.length} test(s) that did not pass were run again; ${passedAgain.length} passed then` +
        (passedAgain.length > 0 ? `: ${passedAgain.join(', ')}` : ''),
    );
  }
  const results = runner.getResults();
  await writeFile(values.out, JSON.stringify(results, null, 2) + '\n');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const missing = missingResults(selection.ids, results);
  console.error(
    `run.mjs: ${selection.ids.length - missing.length} of ${selection.ids.length} selected tests have a result ` +
      `(${seconds} s), written to ${values.out}`,
  );
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, and ${missing.length - 10} more` : '');
    console.error(`run.mjs: FAILED: ${missing.length} selected test(s) have no result: ${shown}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
