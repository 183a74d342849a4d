import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CertificateSearchQuery, ListQuery, parseInput } from '../../shared/api/schemas.js';
import { errorHandler } from '../../services/http/errors.js';

/**
 * Query strings as Express reads them (its default parser, as services/http/app.ts uses it): a field
 * given as a list or an object is a 400 naming the field, never a request run as if it were absent.
 */
const t = suite('query input: bracketed and repeated fields');

let base = '';
let server: ReturnType<express.Express['listen']>;

t.before(async () => {
  const app = express();
  app.get('/search', (req, res) => void res.json(parseInput(CertificateSearchQuery, req.query, 'query')));
  app.get('/list', (req, res) => void res.json(parseInput(ListQuery, req.query, 'query')));
  app.use(errorHandler);
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string) => {
  const r = await fetch(`${base}${path}`);
  return { status: r.status, body: (await r.json()) as any };
};

t('q[]=a&q[]=b is a 400 naming q in the error shape, not the whole index', async () => {
  const r = await get('/search?q[]=weather&q[]=agent');
  assert.is(r.status, 400);
  assert.equal(Object.keys(r.body), ['error']);
  assert.is(r.body.error.code, 'invalid_field');
  assert.is(r.body.error.field, 'q');
  assert.match(r.body.error.message, /^q: give one value/);
});

t('other bracketed forms of a known field are refused too (q[0], q[x], encoded brackets, limit[])', async () => {
  for (const qs of ['q[0]=a', 'q[x]=a', 'q%5B%5D=a', 'limit[]=5']) {
    const r = await get(`/search?${qs}`);
    assert.is(r.status, 400, qs);
    assert.is(r.body.error.field, qs.startsWith('limit') ? 'limit' : 'q', qs);
  }
  assert.is((await get('/list?status[]=APPROVED')).body.error.field, 'status');
});

t('a repeated q (q=a&q=b) is a 400 naming q as well', async () => {
  const r = await get('/search?q=a&q=b');
  assert.is(r.status, 400);
  assert.is(r.body.error.field, 'q');
});

t('the honest forms still work: one q, no q, and unknown bracketed parameters are ignored like any unknown parameter', async () => {
  assert.equal((await get('/search?q=weather%20agent&limit=5')).body, { q: 'weather agent', limit: 5 });
  assert.equal((await get('/search')).body, { limit: 20 });
  assert.equal((await get('/search?utm[]=x&q=a')).body, { q: 'a', limit: 20 });
});

t.run();
