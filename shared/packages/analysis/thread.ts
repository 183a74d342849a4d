/**
 * Body of an archive analysis thread (see pool.ts): one archive at a time, the result posted back as
 * data. Nothing here touches the database, the network or the disk.
 */
import { serveTasks } from '../../threads/thread-body.js';
import { analyzeArchive } from './index.js';
import type { AnalyzeOptions } from './types.js';

serveTasks((m: { input: Uint8Array; opts: AnalyzeOptions }) =>
  analyzeArchive(Buffer.from(m.input.buffer, m.input.byteOffset, m.input.byteLength), m.opts),
);
