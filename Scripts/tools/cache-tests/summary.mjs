// Summarises a run of the http-tests/cache-tests suite against CachingHTTPClient (see cache-tests.md beside it).
//
//   node summary.mjs --suite DIR --results FILE [--report FILE.md] [--json FILE.json] [--baseline FILE.json]
//     [--explanations FILE.json]
//
// Selection: the tests a private cache runs, the suite's selection for browser caches (no browser_skip or
// cdn_only). Counts the required (kind absent or 'required') and optimal tests of the selection that pass, as the
// suite's own determineTestResult judges them, for our results and for the published
// results/{chrome,firefox,safari}.json of the checkout; prints a Markdown table and our failing required and optimal
// tests (each with its RFC section and why, from the explanations file, by default explanations.json beside this
// script), writes them into the report between the generated-results markers (the hand-written text around them
// stays), and writes the JSON summary. The suite's commit is the one its ORIGIN.md names, else its own git HEAD.
//
// A results file that lacks a selected test fails the run (exit 1) and writes nothing: the run was not complete.
// Gate: a required test that passes in the baseline (by default Scripts/tools/cache-tests/cache-tests.json as committed
// in HEAD, else the working file) but not now fails the run (exit 1). No baseline: nothing to compare, and it says so.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
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

/**
 * Whether a private cache runs `test`: the suite's selection for browser caches, the private caches it measures
 * (browser_only tests in; browser_skip and cdn_only tests, which only shared caches can pass, out).
 */
export function isPrivateCacheTest(test) {
  return test.browser_skip !== true && test.cdn_only !== true;
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

/** The ids of the selected tests of `suites` that have no entry in `results`. */
export function untestedIds(suites, results) {
  return selectTests(suites)
    .map((test) => test.id)
    .filter((id) => !Object.prototype.hasOwnProperty.call(results, id));
}

/**
 * Counts the passes of `results` over the selection of `suites`.
 * @param determineTestResult the suite's (suites, id, results) → result type
 * @param resultTypes the suite's result types; a test passes when its type is resultTypes.pass
 * @returns {{required: {passed, total}, optimal: {passed, total}, passingRequired: string[],
 *   requiredFailures: {id, name, message}[], optimalFailures: {id, name, message}[]}}
 */
export function countResults(suites, results, determineTestResult, resultTypes) {
  const counts = {
    required: { passed: 0, total: 0 },
    optimal: { passed: 0, total: 0 },
    passingRequired: [],
    requiredFailures: [],
    optimalFailures: [],
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
    if (!passed) {
      (required ? counts.requiredFailures : counts.optimalFailures).push({
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

function tableCell(text) {
  return oneLine(text).replace(/\|/g, '\\|');
}

/** The Markdown lines of one kind's failures: a table of test, RFC section, why and the engine's message. */
function failureLines(kind, failures, explanations) {
  if (failures.length === 0) return [`Failing ${kind} tests of ${OUR_IMPLEMENTATION}: none.`];
  const lines = [
    `Failing ${kind} tests of ${OUR_IMPLEMENTATION} (${failures.length}):`,
    '',
    '| test | RFC | why | the engine says |',
    '|---|---|---|---|',
  ];
  for (const failure of failures) {
    const explanation = explanations[failure.id];
    const rfc = explanation?.rfc ?? '?';
    const why = explanation?.why ?? `not explained yet (${failure.name})`;
    lines.push(`| \`${failure.id}\` | ${tableCell(rfc)} | ${tableCell(why)} | ${tableCell(failure.message)} |`);
  }
  return lines;
}

/**
 * The Markdown of a run: what was run, the table (implementation | Required | Optimal) and our failing required and
 * optimal tests, each with its RFC section and why from `explanations` ({ id: { rfc, why } }).
 * @param rows [{ name, counts }], ours first
 */
export function renderMarkdown({ suiteCommit, rows, requiredFailures, optimalFailures, explanations = {} }) {
  const commit = suiteCommit ? `\`${suiteCommit}\`` : 'an unknown commit (no ORIGIN.md naming one, not a git checkout)';
  return [
    `${SUITE_NAME} at ${commit}, the tests a private cache runs (the suite's selection for browser caches: no ` +
      '`browser_skip` or `cdn_only`), passes as the suite judges them.',
    '',
    '| implementation | Required | Optimal |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.name} | ${fraction(row.counts.required)} | ${fraction(row.counts.optimal)} |`),
    '',
    ...failureLines('required', requiredFailures, explanations),
    '',
    ...failureLines('optimal', optimalFailures, explanations),
  ].join('\n');
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
    selection: 'tests without browser_skip or cdn_only',
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

/**
 * The baseline: `file` when given; else Scripts/tools/cache-tests/cache-tests.json as committed in HEAD; else the
 * working file.
 */
export function loadBaseline(root, file) {
  if (file) {
    return existsSync(file) ? { source: file, document: JSON.parse(readFileSync(file, 'utf8')) } : null;
  }
  try {
    const text = execFileSync('git', ['-C', root, 'show', 'HEAD:Scripts/tools/cache-tests/cache-tests.json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { source: 'Scripts/tools/cache-tests/cache-tests.json in HEAD', document: JSON.parse(text) };
  } catch {
    const working = path.join(root, 'Scripts', 'tools', 'cache-tests', 'cache-tests.json');
    if (!existsSync(working)) return null;
    return { source: working, document: JSON.parse(readFileSync(working, 'utf8')) };
  }
}

/**
 * The commit of the suite at `suite`: the 40-digit commit its ORIGIN.md names (a checkout copied out of its
 * repository), else the HEAD of the git repository whose top folder it is, else null. A folder inside another
 * repository's work tree is not that repository's commit.
 */
export function suiteCommit(suite) {
  const origin = path.join(suite, 'ORIGIN.md');
  if (existsSync(origin)) {
    const named = readFileSync(origin, 'utf8').match(/\b[0-9a-f]{40}\b/);
    if (named) return named[0];
  }
  const git = (...args) =>
    execFileSync('git', ['-C', suite, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    if (realpathSync(git('rev-parse', '--show-toplevel')) !== realpathSync(suite)) return null;
    return git('rev-parse', 'HEAD');
  } catch {
    return null;
  }
}

function readJSON(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function main() {
  const tool = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(tool, '..', '..', '..');
  const usage =
    'usage: node summary.mjs --suite DIR --results FILE [--report FILE.md] [--json FILE.json] [--baseline FILE.json]' +
    ' [--explanations FILE.json]';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        suite: { type: 'string' },
        results: { type: 'string' },
        report: { type: 'string', default: path.join(tool, 'cache-tests.md') },
        json: { type: 'string', default: path.join(tool, 'cache-tests.json') },
        baseline: { type: 'string' },
        explanations: { type: 'string', default: path.join(tool, 'explanations.json') },
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
  const results = readJSON(values.results);
  const untested = untestedIds(suites, results);
  if (untested.length > 0) {
    const total = selectTests(suites).length;
    console.error(
      `summary.mjs: FAILED: ${untested.length} of the ${total} selected tests have no result in ${values.results} ` +
        `(${untested.slice(0, 10).join(', ')}${untested.length > 10 ? ', ...' : ''}); the run was incomplete, ` +
        'so nothing is written',
    );
    process.exit(1);
  }
  const ours = countResults(suites, results, determineTestResult, resultTypes);
  const rows = [{ name: OUR_IMPLEMENTATION, counts: ours }];
  for (const [file, name] of BROWSERS) {
    const published = path.join(suite, 'results', `${file}.json`);
    if (existsSync(published)) {
      rows.push({ name, counts: countResults(suites, readJSON(published), determineTestResult, resultTypes) });
    }
  }
  const commit = suiteCommit(suite);
  const explanations = existsSync(values.explanations) ? readJSON(values.explanations) : {};
  const markdown = renderMarkdown({
    suiteCommit: commit,
    rows,
    requiredFailures: ours.requiredFailures,
    optimalFailures: ours.optimalFailures,
    explanations,
  });
  console.log(markdown);

  const baseline = loadBaseline(root, values.baseline);
  const report = existsSync(values.report) ? readFileSync(values.report, 'utf8') : '';
  writeFileSync(values.report, replaceGenerated(report, markdown));
  writeFileSync(values.json, JSON.stringify(summaryDocument(commit, ours), null, 2) + '\n');

  if (!baseline) {
    const looked =
      values.baseline ?? 'Scripts/tools/cache-tests/cache-tests.json, neither committed in HEAD nor in the work tree';
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
