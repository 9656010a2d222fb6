// Tests of summary.mjs (its pure functions on small fixtures of our own) and of run.mjs and summary.mjs as commands,
// against a fake of the suite's engine interface that each test writes into a temporary directory.
// Run: node --test Scripts/cachetests/

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import {
  countResults,
  failureMessage,
  findRegressions,
  isPrivateCacheTest,
  markers,
  renderMarkdown,
  replaceGenerated,
  selectTests,
  summaryDocument,
} from './summary.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const types = { pass: 'P', fail: 'F', optional_fail: 'O', dependency_fail: 'D', untested: 'U' };

/** A stand-in for the suite's determineTestResult: true passes, dependencies must pass, optimal fails softly. */
function fakeDetermine(suites, id, results) {
  const test = suites.flatMap((suite) => suite.tests).find((candidate) => candidate.id === id);
  if (results[id] === undefined) return types.untested;
  for (const dependency of test.depends_on ?? []) {
    if (fakeDetermine(suites, dependency, results) !== types.pass) return types.dependency_fail;
  }
  if (results[id] === true) return types.pass;
  return test.kind === 'optimal' ? types.optional_fail : types.fail;
}

const suites = [
  {
    name: 'One',
    id: 'one',
    tests: [
      { id: 'req-pass', name: 'Required, passes' },
      { id: 'req-fail', name: 'Required,\nfails', kind: 'required' },
      { id: 'req-dep', name: 'Depends on a failure', depends_on: ['req-fail'] },
      { id: 'opt-pass', name: 'Optimal, passes', kind: 'optimal' },
      { id: 'opt-fail', name: 'Optimal, fails', kind: 'optimal' },
      { id: 'check', name: 'A check', kind: 'check' },
    ],
  },
  {
    name: 'Two',
    id: 'two',
    tests: [
      { id: 'browser', name: 'Browser only', browser_only: true },
      { id: 'shared', name: 'Shared caches only', browser_skip: true },
      { id: 'cdn', name: 'CDN only', cdn_only: true },
      { id: 'req-missing', name: 'Never ran' },
    ],
  },
];

const results = {
  'req-pass': true,
  'req-fail': ['Assertion', 'Response 2 does not come from cache'],
  'req-dep': true,
  'opt-pass': true,
  'opt-fail': ['Assertion', 'nope'],
  check: true,
  browser: true,
  shared: true,
  cdn: true,
};

describe('selection', () => {
  test('leaves out browser_only, browser_skip and cdn_only tests, keeping the order', () => {
    assert.deepEqual(
      selectTests(suites).map((t) => t.id),
      ['req-pass', 'req-fail', 'req-dep', 'opt-pass', 'opt-fail', 'check', 'req-missing'],
    );
    assert.equal(isPrivateCacheTest({ id: 'x', browser_only: false }), true);
  });
});

describe('countResults', () => {
  test('counts required and optimal passes over the selection, by the given determineTestResult', () => {
    const counts = countResults(suites, results, fakeDetermine, types);

    assert.deepEqual(counts.required, { passed: 1, total: 4 });
    assert.deepEqual(counts.optimal, { passed: 1, total: 2 });
    assert.deepEqual(counts.passingRequired, ['req-pass']);
  });

  test('lists each required failure with its name and the reason', () => {
    const counts = countResults(suites, results, fakeDetermine, types);

    assert.deepEqual(counts.requiredFailures, [
      { id: 'req-fail', name: 'Required,\nfails', message: 'Assertion: Response 2 does not come from cache' },
      { id: 'req-dep', name: 'Depends on a failure', message: 'a test it depends on did not pass' },
      { id: 'req-missing', name: 'Never ran', message: 'no result (not run)' },
    ]);
  });

  test('sorts the passing required ids', () => {
    const all = { 'req-pass': true, 'req-fail': true, 'req-dep': true, 'req-missing': true };

    assert.deepEqual(countResults(suites, all, fakeDetermine, types).passingRequired, [
      'req-dep',
      'req-fail',
      'req-missing',
      'req-pass',
    ]);
  });
});

describe('failureMessage', () => {
  test('joins the error name and message on one line', () => {
    assert.equal(failureMessage(['Setup', 'PUT config\nresulted in 502'], types.fail, types), 'Setup: PUT config resulted in 502');
    assert.equal(failureMessage(false, types.fail, types), 'false');
  });
});

describe('renderMarkdown', () => {
  test('writes the table with N/M cells and the list of failures', () => {
    const counts = countResults(suites, results, fakeDetermine, types);
    const text = renderMarkdown({
      suiteCommit: 'abc123',
      date: '2026-01-02',
      rows: [
        { name: 'Ours', counts },
        { name: 'Theirs', counts: { required: { passed: 4, total: 4 }, optimal: { passed: 0, total: 2 } } },
      ],
      failures: counts.requiredFailures,
    });

    assert.match(text, /^Run on 2026-01-02 with http-tests\/cache-tests at `abc123`/);
    assert.ok(text.includes('| implementation | Required | Optimal |\n|---|---|---|\n| Ours | 1/4 | 1/2 |\n| Theirs | 4/4 | 0/2 |'));
    assert.ok(text.includes('(3):\n\n- `req-fail`: Required, fails. Assertion: Response 2 does not come from cache\n'));
  });

  test('says so when nothing required fails, and when the commit is unknown', () => {
    const counts = { required: { passed: 1, total: 1 }, optimal: { passed: 0, total: 0 } };
    const text = renderMarkdown({ suiteCommit: null, date: 'd', rows: [{ name: 'Ours', counts }], failures: [] });

    assert.match(text, /an unknown commit/);
    assert.match(text, /: none\.$/);
  });
});

describe('replaceGenerated', () => {
  const [begin, end] = markers();

  test('replaces only the text between the markers', () => {
    const text = `# Head\n\nhand-written\n\n${begin}\n\nold\n\n${end}\n\nfoot\n`;

    assert.equal(replaceGenerated(text, 'new\n'), `# Head\n\nhand-written\n\n${begin}\n\nnew\n\n${end}\n\nfoot\n`);
  });

  test('appends markers to a file without them, and writes them alone into an empty one', () => {
    assert.equal(replaceGenerated('# Head\n\n', 'new'), `# Head\n\n${begin}\n\nnew\n\n${end}\n`);
    assert.equal(replaceGenerated('', 'new'), `${begin}\n\nnew\n\n${end}\n`);
  });
});

describe('findRegressions', () => {
  const counts = countResults(suites, results, fakeDetermine, types);

  test('names the required tests that passed in the baseline and fail now', () => {
    const baseline = summaryDocument('c', { ...counts, passingRequired: ['req-dep', 'req-fail', 'req-pass'] });

    assert.deepEqual(findRegressions(baseline, counts), ['req-dep', 'req-fail']);
  });

  test('ignores tests the suite no longer has as required, and a missing baseline', () => {
    assert.deepEqual(findRegressions({ passing_required: ['gone', 'opt-fail', 'req-pass'] }, counts), []);
    assert.deepEqual(findRegressions(null, counts), []);
  });
});

/** Writes a fake of the suite's engine interface (our own, a few lines) into `directory`. */
function writeFakeSuite(directory) {
  const write = (relative, text) => {
    mkdirSync(path.dirname(path.join(directory, relative)), { recursive: true });
    writeFileSync(path.join(directory, relative), text);
  };
  write(
    'tests/index.mjs',
    `export default [{ name: 'Fake', id: 'fake', tests: [
      { id: 'fresh', name: 'Answers 200' }, { id: 'broken', name: 'Answers 500' },
      { id: 'soft', name: 'Optimal', kind: 'optimal' }, { id: 'browser', name: 'Browser', browser_only: true }] }]\n`,
  );
  write(
    'test-engine/client/runner.mjs',
    `const results = {}
    export async function runTests (suites, fetchFunction, browserCache, base) {
      for (const test of suites.flatMap(s => s.tests)) {
        if (test.browser_only && !browserCache) continue
        const response = await fetchFunction(base + '/test/' + test.id)
        results[test.id] = response.status === 200 ? true : ['Assertion', 'status ' + response.status]
      }
    }
    export function getResults () { return results }\n`,
  );
  write(
    'test-engine/lib/results.mjs',
    `export const resultTypes = { pass: 'pass', fail: 'fail', optional_fail: 'optional_fail' }
    export function determineTestResult (suites, id, results) {
      const test = suites.flatMap(s => s.tests).find(t => t.id === id)
      if (results[id] === true) return resultTypes.pass
      return test.kind === 'optimal' ? resultTypes.optional_fail : resultTypes.fail
    }\n`,
  );
  write('results/chrome.json', JSON.stringify({ fresh: true, broken: true, soft: true }));
}

function node(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, args, (error, stdout, stderr) => {
      resolve({ status: error ? error.code : 0, stdout, stderr });
    });
  });
}

describe('run.mjs and summary.mjs as commands, on a fake engine', () => {
  test('run.mjs writes the results; summary.mjs writes the report and the JSON, and gates on the baseline', async (t) => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cache-tests-'));
    t.after(() => rmSync(directory, { recursive: true, force: true }));
    writeFakeSuite(directory);
    const server = http.createServer((request, response) => {
      response.statusCode = request.url === '/test/broken' ? 500 : 200;
      response.end('body');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const base = `http://127.0.0.1:${server.address().port}/`;
    const file = (name) => path.join(directory, name);

    const run = await node([path.join(here, 'run.mjs'), '--suite', directory, '--base', base, '--out', file('results.json')]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(readFileSync(file('results.json'), 'utf8')), {
      fresh: true,
      broken: ['Assertion', 'status 500'],
      soft: true,
    });

    writeFileSync(file('report.md'), `# Report\n\nhand-written\n`);
    const summaryArgs = [path.join(here, 'summary.mjs'), '--suite', directory, '--results', file('results.json'),
      '--report', file('report.md'), '--json', file('summary.json'), '--baseline'];
    const first = await node([...summaryArgs, file('no-baseline.json')]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /\| CachingHTTPClient \(cache-tests-proxy\) \| 1\/2 \| 1\/1 \|/);
    assert.match(first.stdout, /\| Chrome \(published results\) \| 2\/2 \| 1\/1 \|/);
    assert.match(first.stdout, /- `broken`: Answers 500\. Assertion: status 500/);
    assert.match(first.stdout, /no baseline.*nothing to compare/);
    const report = readFileSync(file('report.md'), 'utf8');
    assert.ok(report.startsWith('# Report\n\nhand-written\n\n<!-- Scripts/cache-tests: generated results begin'));
    const summary = JSON.parse(readFileSync(file('summary.json'), 'utf8'));
    assert.deepEqual(summary.passing_required, ['fresh']);
    assert.deepEqual(summary.required, { passed: 1, total: 2 });

    writeFileSync(file('baseline.json'), JSON.stringify({ ...summary, passing_required: ['broken', 'fresh'] }));
    const gated = await node([...summaryArgs, file('baseline.json')]);
    assert.equal(gated.status, 1);
    assert.match(gated.stdout, /1 required test\(s\) pass in .*baseline\.json but fail now:\n {2}broken\n/);

    const missingSuite = await node([path.join(here, 'run.mjs'), '--base', base, '--out', file('x.json')]);
    assert.equal(missingSuite.status, 2);
    assert.match(missingSuite.stderr, /--suite is required/);
  });
});
