import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { requestLine, requestLoggerTo, type RequestFields } from '../../shared/log.js';

/** The hand-built request line (written on every hot read) is the line pino writes. */
const t = suite('request log line: the same bytes as pino');

const cases: RequestFields[] = [
  { reqId: '3f1c2e4a-9b7d-4c1e-8f2a-6d5b4c3a2b10', method: 'GET', path: '/api/v1/public/certificates/3f1c2e4a-9b7d-4c1e-8f2a-6d5b4c3a2b10/verify', ip: '127.0.0.1', status: 200, ms: 0.3 },
  { reqId: 'client "id" \\ with\ttab', method: 'POST', path: '/cert/v1/x', ip: '::ffff:10.0.0.1', status: 429, ms: 12 },
  { reqId: `long-${'x'.repeat(50)}-é-\u2028-\u0001`, method: 'GET', path: '/p/%22', ip: undefined, status: 304, ms: 1234.5 },
  { reqId: 'latin1 \u00ff\u0080 \u007f', method: 'HEAD', path: '/', ip: '::1', status: 500, ms: 0 },
];

t('each line equals pino’s for the same fields, escapes included', () => {
  const lines: string[] = [];
  const log = requestLoggerTo({ write: (l: string) => lines.push(l) });
  log.level = 'info'; // whatever the run's LOG_LEVEL
  const time = /"time":"[^"]+"/;
  for (const f of cases) {
    log.info(f, 'request');
    const ours = requestLine(f);
    assert.is(ours.replace(time, '"time":"T"'), lines.pop()!.replace(time, '"time":"T"'));
    assert.ok(JSON.parse(ours).time, 'a parseable line with a time');
  }
});

t.run();
