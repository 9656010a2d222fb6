// Summarises a run of the http-tests/cache-tests suite against CachingHTTPClient (see Scripts/cache-tests.md).
//
//   node summary.mjs --suite DIR --results FILE [--report FILE.md] [--json FILE.json] [--baseline FILE.json]
//
// Selection: the tests a private cache can run, the ones with no browser_only, browser_skip or cdn_only. Counts the
// required (kind absent or 'required') and optimal tests of the selection that pass, as the suite's own
// determineTestResult judges them, for our results and for the published results/{chrome,firefox,safari}.json of the
// checkout; prints a Markdown table and the required failures, writes them into the report between the
// generated-results markers (the hand-written text around them stays), and writes the JSON summary.
//
// Gate: a required test that passes in the baseline (by default Scripts/cache-tests.json as committed in HEAD, else
// the working file) but not now fails the run (exit 1). No baseline: nothing to compare, and it says so.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const SUITE_NAME = 'http-tests/cache-tests';
export const OUR_IMPLEMENTATION = 'CachingHTTPClient (cache-tests-proxy)';
export const BROWSERS = [
  ['chrome', 'Chrome (published results)'],
  ['firefox', 'Firefox (published results)'],
  ['safari', 'Safari (published results)'],
];
const REPORT_SCRIPT = 'cache-tests';

/** Whether a private cache runs `test`: not browser_only, browser_skip or cdn_only. */
export function isPrivateCacheTest(test) {
  return test.browser_only !== true && test.browser_skip !== true && test.cdn_only !== true;
}

/** Whether `test` is required: kind absent or 'required'. */
export function isRequired(test) {
  return test.kind === undefined || test.kind === 'required';
}

/** Whether `test` is optimal. */
export function isOptimal(test) {
  return test.kind === 'optimal';
}

/** The selected tests of `suites`, in order. */
export function selectTests(suites) {
  return suites.flatMap((suite) => suite.tests.filter(isPrivateCacheTest));
}

/** One line for a test that did not pass: the engine's message, or why there is none. */
export function failureMessage(raw, resultType, resultTypes) {
  if (resultType === resultTypes.dependency_fail) return 'a test it depends on did not pass';
  if (raw === undefined) return 'no result (not run)';
  if (Array.isArray(raw)) return oneLine(raw.filter((part) => part !== undefined && part !== '').join(': '));
  return oneLine(String(raw));
}

function oneLine(text) {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Counts the passes of `results` over the selection of `suites`.
 * @param determineTestResult the suite's (suites, id, results) → result type
 * @param resultTypes the suite's result types; a test passes when its type is resultTypes.pass
 * @returns {{required: {passed, total}, optimal: {passed, total}, passingRequired: string[],
 *   requiredFailures: {id, name, message}[]}}
 */
export function countResults(suites, results, determineTestResult, resultTypes) {
  const counts = {
    required: { passed: 0, total: 0 },
    optimal: { passed: 0, total: 0 },
    passingRequired: [],
    requiredFailures: [],
  };
  for (const test of selectTests(suites)) {
    const required = isRequired(test);
    if (!required && !isOptimal(test)) continue;
    const type = determineTestResult(suites, test.id, results);
    const passed = type === resultTypes.pass;
    const bucket = required ? counts.required : counts.optimal;
    bucket.total += 1;
    if (passed) bucket.passed += 1;
    if (required && passed) counts.passingRequired.push(test.id);
    if (required && !passed) {
      counts.requiredFailures.push({
        id: test.id,
        name: test.name ?? '',
        message: failureMessage(results[test.id], type, resultTypes),
      });
    }
  }
  counts.passingRequired.sort();
  return counts;
}

function fraction(bucket) {
  return `${bucket.passed}/${bucket.total}`;
}

/**
 * The Markdown of a run: what was run, the table (implementation | Required | Optimal) and our required failures.
 * @param rows [{ name, counts }], ours first
 */
export function renderMarkdown({ suiteCommit, date, rows, failures }) {
  const commit = suiteCommit ? `\`${suiteCommit}\`` : 'an unknown commit (the checkout is not a git repository)';
  const lines = [
    `Run on ${date} with ${SUITE_NAME} at ${commit}: the tests a private cache runs (no \`browser_only\`, ` +
      '`browser_skip` or `cdn_only`), passes as the suite judges them.',
    '',
    '| implementation | Required | Optimal |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.name} | ${fraction(row.counts.required)} | ${fraction(row.counts.optimal)} |`),
    '',
  ];
  if (failures.length === 0) {
    lines.push(`Required failures of ${OUR_IMPLEMENTATION}: none.`);
  } else {
    lines.push(`Required failures of ${OUR_IMPLEMENTATION} (${failures.length}):`, '');
    for (const failure of failures) {
      lines.push(`- \`${failure.id}\`: ${oneLine(failure.name)}. ${failure.message}`);
    }
  }
  return lines.join('\n');
}

/** The generated-results marker lines of the report. */
export function markers() {
  return [
    `<!-- Scripts/${REPORT_SCRIPT}: generated results begin (a full run rewrites this part) -->`,
    `<!-- Scripts/${REPORT_SCRIPT}: generated results end -->`,
  ];
}

/**
 * `text` with `results` between the markers (the text around them kept); markers and results are appended when
 * `text` has none.
 */
export function replaceGenerated(text, results) {
  const [begin, end] = markers();
  const block = `${begin}\n\n${results.trim()}\n\n${end}`;
  const beginAt = text.indexOf(begin);
  const endAt = beginAt === -1 ? -1 : text.indexOf(end, beginAt + begin.length);
  if (beginAt !== -1 && endAt !== -1) {
    return text.slice(0, beginAt) + block + text.slice(endAt + end.length);
  }
  return (text.trim() ? text.trimEnd() + '\n\n' : '') + block + '\n';
}

/** The JSON summary that the gate of the next run compares with. */
export function summaryDocument(suiteCommit, counts) {
  return {
    suite: SUITE_NAME,
    suite_commit: suiteCommit ?? null,
    selection: 'tests without browser_only, browser_skip or cdn_only',
    required: counts.required,
    optimal: counts.optimal,
    passing_required: counts.passingRequired,
  };
}

/**
 * The required tests that pass in `baseline` but not in `counts`, sorted. A test the current suite no longer has
 * (or no longer counts as required) is not a regression.
 */
export function findRegressions(baseline, counts) {
  if (!baseline || !Array.isArray(baseline.passing_required)) return [];
  const passing = new Set(counts.passingRequired);
  const failing = new Set(counts.requiredFailures.map((failure) => failure.id));
  return baseline.passing_required.filter((id) => failing.has(id) && !passing.has(id)).sort();
}

/** The baseline: `file` when given; else Scripts/cache-tests.json as committed in HEAD; else the working file. */
export function loadBaseline(root, file) {
  if (file) {
    return existsSync(file) ? { source: file, document: JSON.parse(readFileSync(file, 'utf8')) } : null;
  }
  try {
    const text = execFileSync('git', ['-C', root, 'show', 'HEAD:Scripts/cache-tests.json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { source: 'Scripts/cache-tests.json in HEAD', document: JSON.parse(text) };
  } catch {
    const working = path.join(root, 'Scripts', 'cache-tests.json');
    if (!existsSync(working)) return null;
    return { source: working, document: JSON.parse(readFileSync(working, 'utf8')) };
  }
}

/** The commit the checkout at `suite` is at, or null. */
export function suiteCommit(suite) {
  try {
    return execFileSync('git', ['-C', suite, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

function readJSON(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const usage =
    'usage: node summary.mjs --suite DIR --results FILE [--report FILE.md] [--json FILE.json] [--baseline FILE.json]';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        suite: { type: 'string' },
        results: { type: 'string' },
        report: { type: 'string', default: path.join(root, 'Scripts', 'cache-tests.md') },
        json: { type: 'string', default: path.join(root, 'Scripts', 'cache-tests.json') },
        baseline: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`summary.mjs: ${error.message}\n${usage}`);
    process.exit(2);
  }
  if (!values.suite || !values.results) {
    console.error(`summary.mjs: --suite and --results are required\n${usage}`);
    process.exit(2);
  }
  const suite = path.resolve(values.suite);
  const { default: suites } = await import(pathToFileURL(path.join(suite, 'tests', 'index.mjs')).href);
  const { determineTestResult, resultTypes } = await import(
    pathToFileURL(path.join(suite, 'test-engine', 'lib', 'results.mjs')).href
  );
  const ours = countResults(suites, readJSON(values.results), determineTestResult, resultTypes);
  const rows = [{ name: OUR_IMPLEMENTATION, counts: ours }];
  for (const [file, name] of BROWSERS) {
    const published = path.join(suite, 'results', `${file}.json`);
    if (existsSync(published)) {
      rows.push({ name, counts: countResults(suites, readJSON(published), determineTestResult, resultTypes) });
    }
  }
  const commit = suiteCommit(suite);
  const markdown = renderMarkdown({
    suiteCommit: commit,
    date: new Date().toISOString().slice(0, 10),
    rows,
    failures: ours.requiredFailures,
  });
  console.log(markdown);

  const baseline = loadBaseline(root, values.baseline);
  const report = existsSync(values.report) ? readFileSync(values.report, 'utf8') : '';
  writeFileSync(values.report, replaceGenerated(report, markdown));
  writeFileSync(values.json, JSON.stringify(summaryDocument(commit, ours), null, 2) + '\n');

  if (!baseline) {
    const looked = values.baseline ?? 'Scripts/cache-tests.json, neither committed in HEAD nor in the work tree';
    console.log(`\ncache-tests: gate: no baseline (${looked}): nothing to compare`);
    return;
  }
  const regressions = findRegressions(baseline.document, ours);
  if (regressions.length > 0) {
    console.log(
      `\ncache-tests: gate: ${regressions.length} required test(s) pass in ${baseline.source} but fail now:`,
    );
    for (const id of regressions) console.log(`  ${id}`);
    process.exit(1);
  }
  console.log(`\ncache-tests: gate: every required test that passes in ${baseline.source} still passes`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
