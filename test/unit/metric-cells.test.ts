import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Counter, Histogram, Registry } from 'prom-client';
import { CellCounter, CellHistogram } from '../../shared/metric-cells.js';

/** The hot path's metric cells write exactly what prom-client's own Histogram and Counter write. */
const t = suite('metric cells: prom-client exposition without hashing labels per observation');
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Bucket edges, values between, above the last bucket, and a label value that needs escaping.
const SAMPLES: [Record<string, string>, number][] = [
  [{ method: 'GET', route: '/a/:id/verify', status: '200' }, 0.0004],
  [{ method: 'GET', route: '/a/:id/verify', status: '200' }, 0.002],
  [{ method: 'GET', route: '/a/:id/verify', status: '200' }, 0.0021],
  [{ method: 'GET', route: '/a/:id/verify', status: '404' }, 0.3],
  [{ method: 'POST', route: '/b "quoted"\\path', status: '201' }, 12],
  [{ method: 'POST', route: '/b "quoted"\\path', status: '201' }, 10],
];

/** The JSON form as a consumer reads it (member order aside; prom-client's empty exemplar slots dropped). */
const json = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === 'exemplar' && v == null ? undefined : v)));

t('a histogram of cells scrapes byte-equal to prom-client Histogram', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const h = new CellHistogram('x_seconds', 'help text', ['method', 'route', 'status'], BUCKETS, ours);
  const p = new Histogram({ name: 'x_seconds', help: 'help text', labelNames: ['method', 'route', 'status'], buckets: BUCKETS, registers: [theirs] });
  const held = h.cell(SAMPLES[0]![0]);
  SAMPLES.forEach(([labels, v], i) => (i < 3 ? held.observe(v) : h.observe(labels, v)));
  for (const [labels, v] of SAMPLES) p.observe(labels, v);
  assert.is(await ours.metrics(), await theirs.metrics());
  assert.equal(json(await ours.getMetricsAsJSON()), json(await theirs.getMetricsAsJSON()), 'the JSON form too');
  assert.match(await ours.metrics(), /x_seconds_bucket\{le="0.002",method="GET",route="\/a\/:id\/verify",status="200"\} 2\n/);
  ours.resetMetrics();
  theirs.resetMetrics();
  assert.is(await ours.metrics(), await theirs.metrics(), 'reset empties both');
  // A cell held across a reset (the fast path holds its cells) counts again, as a prom-client child does.
  held.observe(0.003);
  p.labels(SAMPLES[0]![0]).observe(0.003);
  assert.is(await ours.metrics(), await theirs.metrics(), 'a held cell after a reset');
  assert.match(await ours.metrics(), /x_seconds_count\{method="GET",route="\/a\/:id\/verify",status="200"\} 1\n/);
});

t('a counter of cells scrapes byte-equal to prom-client Counter', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const c = new CellCounter('y_total', 'lookups', ['result'], ours);
  const p = new Counter({ name: 'y_total', help: 'lookups', labelNames: ['result'], registers: [theirs] });
  const hit = c.cell({ result: 'hit' });
  for (let i = 0; i < 5; i++) hit.inc();
  c.inc({ result: 'miss' }, 2);
  p.inc({ result: 'hit' }, 5);
  p.inc({ result: 'miss' }, 2);
  assert.is(await ours.metrics(), await theirs.metrics());
  assert.equal(json(await ours.getMetricsAsJSON()), json(await theirs.getMetricsAsJSON()), 'the JSON form too');
  assert.match(await ours.metrics(), /^y_total\{result="hit"\} 5$/m);
  ours.resetMetrics();
  theirs.resetMetrics();
  assert.is(await ours.metrics(), await theirs.metrics(), 'reset empties both');
  hit.inc();
  p.labels({ result: 'hit' }).inc();
  assert.is(await ours.metrics(), await theirs.metrics(), 'a held cell after a reset');
});

t.run();
