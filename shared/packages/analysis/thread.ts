/**
 * Body of an analysis thread (see pool.ts): one archive at a time, the result posted back as data.
 * Nothing here touches the database, the network or the disk.
 */
import { parentPort } from 'node:worker_threads';
import { loadParsers } from '../../parsers/tree-sitter.js';
import { analyzeArchive } from './index.js';
import type { AnalyzeOptions } from './types.js';

const port = parentPort;
if (!port) throw new Error('analysis/thread.js runs only as a worker thread');

// The parsers load once when the thread starts (analyzeArchive awaits the same promise).
const ready = loadParsers();

port.on('message', (m: { input: Uint8Array; opts: AnalyzeOptions }) => {
  const input = Buffer.from(m.input.buffer, m.input.byteOffset, m.input.byteLength);
  ready.then(() => analyzeArchive(input, m.opts)).then(
    (result) => port.postMessage({ result }),
    (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
});
