// Tests of summary.mjs and run.mjs: their pure functions on small fixtures of our own; both as commands against a
// fake of the suite's engine interface that each test writes into a temporary directory; and run.mjs against the
// real engine of the checkout at ../shared/cache-tests beside the project's folder, when there is one.
// Run: node --test Scripts/tools/cache-tests/

import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { cacheModeHeader, engineSelection, fetchForEngine, missingResults } from './run.mjs';
import {
  countResults,
  failureMessage,
  findRegressions,
  isPrivateCacheTest,
  markers,
  renderMarkdown,
  replaceGenerated,
  selectTests,
  suiteCommit,
  summaryDocument,
  untestedIds,
} from './summary.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedSuite = path.resolve(here, '..', '..', '..', '..', 'shared', 'cache-tests');

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
  test('keeps browser_only tests, leaves out browser_skip and cdn_only tests, keeping the order', () => {
    assert.deepEqual(
      selectTests(suites).map((t) => t.id),
      ['req-pass', 'req-fail', 'req-dep', 'opt-pass', 'opt-fail', 'check', 'browser', 'req-missing'],
    );
    assert.equal(isPrivateCacheTest({ id: 'x', browser_skip: false }), true);
  });

  test('names the selected tests that have no result', () => {
    assert.deepEqual(untestedIds(suites, results), ['req-missing']);
  });

  test('hands the engine the selected tests only, browser_only cleared, and names unknown ids', () => {
    const all = engineSelection(suites, null);
    assert.deepEqual(all.ids, selectTests(suites).map((t) => t.id));
    assert.deepEqual(all.suites.flatMap((suite) => suite.tests).map((t) => [t.id, t.browser_only ?? false]), [
      ['req-pass', false], ['req-fail', false], ['req-dep', false], ['opt-pass', false], ['opt-fail', false],
      ['check', false], ['browser', false], ['req-missing', false],
    ]);
    assert.equal(suites[1].tests[0].browser_only, true, 'the suite itself is left as it is');

    const some = engineSelection(suites, ['browser', 'shared', 'nope']);
    assert.deepEqual(some.ids, ['browser']);
    assert.deepEqual(some.unknown, ['shared', 'nope']);
    assert.deepEqual(some.suites.map((suite) => suite.id), ['two']);
  });

  test('names the selected ids without a result', () => {
    assert.deepEqual(missingResults(['a', 'b', 'c'], { a: true, c: ['Assertion', 'x'] }), ['b']);
  });
});

describe('fetchForEngine', () => {
  function recorder() {
    const calls = [];
    return { calls, fetch: (url, init) => calls.push([url, init]) };
  }
  const placeholders = [['Pragma', 'foo'], ['Cache-Control', 'nothing-to-see-here'], ['Test-ID', 't']];

  test('sends a Fetch cache mode as the request header Fetch sends for it, in place of the placeholder', () => {
    const { calls, fetch } = recorder();
    fetchForEngine(fetch)('u', { cache: 'no-cache', headers: placeholders });

    assert.deepEqual(calls[0][1].headers, [['Pragma', 'foo'], ['Test-ID', 't'], ['Cache-Control', 'max-age=0']]);
    assert.equal(cacheModeHeader('reload'), 'no-cache');
    assert.equal(cacheModeHeader('default'), null);
  });

  test("leaves the engine's own no-store requests and requests without init as they are", () => {
    const { calls, fetch } = recorder();
    const init = { cache: 'no-store', headers: placeholders };
    fetchForEngine(fetch)('u', init);
    fetchForEngine(fetch)('v');

    assert.equal(calls[0][1], init);
    assert.deepEqual(calls[1], ['v', {}]);
  });
});

describe('countResults', () => {
  test('counts required and optimal passes over the selection, by the given determineTestResult', () => {
    const counts = countResults(suites, results, fakeDetermine, types);

    assert.deepEqual(counts.required, { passed: 2, total: 5 });
    assert.deepEqual(counts.optimal, { passed: 1, total: 2 });
    assert.deepEqual(counts.passingRequired, ['browser', 'req-pass']);
  });

  test('lists each required and optimal failure with its name and the reason', () => {
    const counts = countResults(suites, results, fakeDetermine, types);

    assert.deepEqual(counts.requiredFailures, [
      { id: 'req-fail', name: 'Required,\nfails', message: 'Assertion: Response 2 does not come from cache' },
      { id: 'req-dep', name: 'Depends on a failure', message: 'a test it depends on did not pass' },
      { id: 'req-missing', name: 'Never ran', message: 'no result (not run)' },
    ]);
    assert.deepEqual(counts.optimalFailures, [{ id: 'opt-fail', name: 'Optimal, fails', message: 'Assertion: nope' }]);
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
  test('writes the table with N/M cells and each failure with its RFC section, why and the message', () => {
    const counts = countResults(suites, results, fakeDetermine, types);
    const text = renderMarkdown({
      suiteCommit: 'abc123',
      rows: [
        { name: 'Ours', counts },
        { name: 'Theirs', counts: { required: { passed: 5, total: 5 }, optimal: { passed: 0, total: 2 } } },
      ],
      requiredFailures: counts.requiredFailures,
      optimalFailures: counts.optimalFailures,
      explanations: { 'req-fail': { rfc: '9111, 4.2', why: 'a | b' } },
    });

    assert.match(text, /^http-tests\/cache-tests at `abc123`, the tests a private cache runs/);
    assert.ok(text.includes(
      '| implementation | Required | Optimal |\n|---|---|---|\n| Ours | 2/5 | 1/2 |\n| Theirs | 5/5 | 0/2 |',
    ));
    assert.ok(text.includes('required tests of CachingHTTPClient (cache-tests-proxy) (3):\n\n| test | RFC | why |'));
    assert.ok(text.includes('| `req-fail` | 9111, 4.2 | a \\| b | Assertion: Response 2 does not come from cache |\n'));
    assert.ok(text.includes(
      '| `req-dep` | ? | not explained yet (Depends on a failure) | a test it depends on did not pass |',
    ));
    assert.ok(text.endsWith('(1):\n\n| test | RFC | why | the engine says |\n|---|---|---|---|\n' +
      '| `opt-fail` | ? | not explained yet (Optimal, fails) | Assertion: nope |'));
  });

  test('says so when nothing fails, and when the commit is unknown', () => {
    const counts = { required: { passed: 1, total: 1 }, optimal: { passed: 0, total: 0 } };
    const text = renderMarkdown({
      suiteCommit: null, rows: [{ name: 'Ours', counts }], requiredFailures: [], optimalFailures: [],
    });

    assert.match(text, /an unknown commit/);
    assert.match(text, /Failing required tests of .*: none\.\n\nFailing optimal tests of .*: none\.$/);
  });
});

describe('suiteCommit', () => {
  test("is the commit ORIGIN.md names, and not that of a repository the folder only sits in", (t) => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cache-tests-commit-'));
    t.after(() => rmSync(directory, { recursive: true, force: true }));
    const suite = path.join(directory, 'shared', 'cache-tests');
    mkdirSync(suite, { recursive: true });
    execFileSync('git', ['-C', directory, 'init', '-q']);
    execFileSync('git', ['-C', directory, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q',
      '--allow-empty', '-m', 'outer']);

    assert.equal(suiteCommit(suite), null);
    const commit = 'b55b8bda3dbb8c927c04e85bd8d496a8caa3e4ba';
    writeFileSync(path.join(suite, 'ORIGIN.md'), `http-tests/cache-tests at ${commit} (see LICENSE)\n`);
    assert.equal(suiteCommit(suite), commit);
    const outer = execFileSync('git', ['-C', directory, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    assert.equal(suiteCommit(directory), outer, 'the top folder of a git checkout: its HEAD');
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

/**
 * Writes a fake of the suite's engine interface (our own, a few lines, with the real one's signatures: runTests(tests,
 * useBrowserCache, baseUrl, chunkSize) with the global fetch, getResults(), and the table of results in
 * client/test.mjs that refuses a second result) into `directory`. `dropped` names a test the fake runs but records no
 * result for.
 */
function writeFakeSuite(directory, { dropped = null } = {}) {
  const write = (relative, text) => {
    mkdirSync(path.dirname(path.join(directory, relative)), { recursive: true });
    writeFileSync(path.join(directory, relative), text);
  };
  write(
    'tests/index.mjs',
    `export default [{ name: 'Fake', id: 'fake', tests: [
      { id: 'fresh', name: 'Answers 200' }, { id: 'broken', name: 'Answers 500' },
      { id: 'soft', name: 'Optimal', kind: 'optimal' }, { id: 'browser', name: 'Browser', browser_only: true },
      { id: 'shared', name: 'Shared', browser_skip: true }, { id: 'flaky', name: 'Fails once' }] }]\n`,
  );
  write('test-engine/client/test.mjs', 'export const testResults = {}\n');
  write(
    'test-engine/client/runner.mjs',
    `import { testResults as results } from './test.mjs'
    export async function runTests (tests, browserCache, base, chunkSize = 25) {
      const chosen = tests.flatMap(s => s.tests).filter(test =>
        !(test.browser_only === true && !browserCache) && !(test.browser_skip === true && browserCache))
      for (let index = 0; index < chosen.length; index += chunkSize) {
        await Promise.all(chosen.slice(index, index + chunkSize).map(async test => {
          const response = await fetch(base + '/test/' + test.id, { cache: 'no-store', headers: [] })
          if (test.id === ${JSON.stringify(dropped)}) return
          if (test.id in results) throw new Error('Duplicate test ' + test.id)
          results[test.id] = response.status === 200 ? true : ['Assertion', 'status ' + response.status]
        }))
      }
    }
    export function getResults () { return { ...results } }\n`,
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
    let flakyRuns = 0;
    const server = http.createServer((request, response) => {
      if (request.url === '/test/flaky') flakyRuns += 1;
      const fails = request.url === '/test/broken' || (request.url === '/test/flaky' && flakyRuns === 1);
      response.statusCode = fails ? 500 : 200;
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
      browser: true,
      flaky: true,
    });
    assert.match(run.stderr, /2 test\(s\) that did not pass were run again; 1 passed then: flaky\n/);
    assert.match(run.stderr, /5 of 5 selected tests have a result/);

    writeFileSync(file('report.md'), `# Report\n\nhand-written\n`);
    const summaryArgs = [path.join(here, 'summary.mjs'), '--suite', directory, '--results', file('results.json'),
      '--report', file('report.md'), '--json', file('summary.json'), '--baseline'];
    const first = await node([...summaryArgs, file('no-baseline.json')]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /\| CachingHTTPClient \(cache-tests-proxy\) \| 3\/4 \| 1\/1 \|/);
    assert.match(first.stdout, /\| Chrome \(published results\) \| 2\/4 \| 1\/1 \|/);
    assert.match(first.stdout, /\| `broken` \| \? \| not explained yet \(Answers 500\) \| Assertion: status 500 \|/);
    assert.match(first.stdout, /no baseline.*nothing to compare/);
    const report = readFileSync(file('report.md'), 'utf8');
    assert.ok(report.startsWith('# Report\n\nhand-written\n\n<!-- Scripts/cache-tests: generated results begin'));
    const summary = JSON.parse(readFileSync(file('summary.json'), 'utf8'));
    assert.deepEqual(summary.passing_required, ['browser', 'flaky', 'fresh']);
    assert.deepEqual(summary.required, { passed: 3, total: 4 });

    const baseline = { ...summary, passing_required: ['broken', 'browser', 'flaky', 'fresh'] };
    writeFileSync(file('baseline.json'), JSON.stringify(baseline));
    const gated = await node([...summaryArgs, file('baseline.json')]);
    assert.equal(gated.status, 1);
    assert.match(gated.stdout, /1 required test\(s\) pass in .*baseline\.json but fail now:\n {2}broken\n/);

    const missingSuite = await node([path.join(here, 'run.mjs'), '--base', base, '--out', file('x.json')]);
    assert.equal(missingSuite.status, 2);
    assert.match(missingSuite.stderr, /--suite is required/);
  });

  test('a run in which a selected test gets no result fails, and so does its summary, writing nothing', async (t) => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cache-tests-'));
    t.after(() => rmSync(directory, { recursive: true, force: true }));
    writeFakeSuite(directory, { dropped: 'soft' });
    const server = http.createServer((request, response) => response.end('body'));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const file = (name) => path.join(directory, name);

    const run = await node([path.join(here, 'run.mjs'), '--suite', directory, '--base',
      `http://127.0.0.1:${server.address().port}`, '--out', file('results.json')]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /4 of 5 selected tests have a result/);
    assert.match(run.stderr, /FAILED: 1 selected test\(s\) have no result: soft/);

    const summary = await node([path.join(here, 'summary.mjs'), '--suite', directory, '--results', file('results.json'),
      '--report', file('report.md'), '--json', file('summary.json'), '--baseline', file('none.json')]);
    assert.equal(summary.status, 1);
    assert.match(summary.stderr, /FAILED: 1 of the 5 selected tests have no result .*\(soft\)/);
    assert.equal(existsSync(file('report.md')) || existsSync(file('summary.json')), false);
  });
});

describe('run.mjs against the real engine of ../shared/cache-tests, straight to its server', () => {
  const skip = !existsSync(sharedSuite) && 'no checkout at ../shared/cache-tests';
  test('gives a browser_only test and another one a result each', { skip }, async (t) => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'cache-tests-real-'));
    t.after(() => rmSync(directory, { recursive: true, force: true }));
    const server = spawn(process.execPath, [path.join(sharedSuite, 'test-engine', 'server', 'server.mjs')], {
      env: { ...process.env, npm_config_protocol: 'http', npm_config_port: '0',
        npm_config_pidfile: path.join(directory, 'server.pid') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    t.after(() => server.kill());
    const port = await new Promise((resolve, reject) => {
      let output = '';
      server.stdout.on('data', (chunk) => {
        output += chunk;
        const match = output.match(/Listening on http:\/\/.*:(\d+)\//);
        if (match) resolve(match[1]);
      });
      server.on('exit', () => reject(new Error(`the suite's server ended: ${output}`)));
    });

    const out = path.join(directory, 'results.json');
    const run = await node([path.join(here, 'run.mjs'), '--suite', sharedSuite, '--base', `http://127.0.0.1:${port}`,
      '--out', out, '--tests', 'cc-resp-no-store,cc-resp-private-private']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), {
      'cc-resp-no-store': true,
      'cc-resp-private-private': ['Assertion', 'Response 2 does not come from cache'],
    });
  });
});
