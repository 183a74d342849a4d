/**
 * Body of an archive analysis thread (see pool.ts): one archive at a time, the result posted back as
 * data. Nothing here touches the database, the network or the disk.
 */
import { useThreadAnalysisSettings } from '../../sandbox/analysis-settings.js';
import { serveTasks } from '../../threads/thread-body.js';
import { analyzeArchive, analyzeArchiveStream, type ArchiveAnalysis, type StreamedAnalysis } from './index.js';
import type { ArchiveTask } from './pool.js';

useThreadAnalysisSettings();
serveTasks<ArchiveTask, ArchiveAnalysis | StreamedAnalysis>((m) =>
  'stream' in m
    ? analyzeArchiveStream(m.stream as unknown as AsyncIterable<Uint8Array>, m.opts, m.digest)
    : analyzeArchive(Buffer.from(m.input.buffer, m.input.byteOffset, m.input.byteLength), m.opts),
);
