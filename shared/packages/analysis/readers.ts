/**
 * Streaming readers: tar (optionally gzip / zstd compressed) through the `tar` package's Parser,
 * zip through yauzl. Both read from the in-memory buffer only; nothing is written to disk, no link
 * is followed, and the collector decides for each entry whether its bytes are kept.
 */
import { Parser, type ReadEntry } from 'tar';
import yauzl from 'yauzl';
import type { ArchiveCollector, EntryKind } from './archive-collector.js';

/** Compressed bytes handed to the tar parser per write: bounds what one gunzip step can inflate. */
const TAR_SLICE = 16 * 1024;
/** Give the event loop a turn every this many compressed bytes. */
const YIELD_EVERY = 2 * 1024 * 1024;

function tarKind(type: ReadEntry['type']): EntryKind {
  switch (type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return 'file';
    case 'Directory':
    case 'GNUDumpDir':
      return 'directory';
    case 'SymbolicLink':
      return 'symlink';
    case 'Link':
      return 'hardlink';
    case 'CharacterDevice':
    case 'BlockDevice':
    case 'FIFO':
      return 'special';
    default:
      return 'other';
  }
}

const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads a tar archive (gzip / zstd compressed or not) entry by entry. `input` is the archive in
 * memory, or its bytes as they arrive (a download): then it is read once, and what the parser does
 * not take after a limit stops the read is still passed to `onChunk` (the caller hashes the whole file).
 */
export async function readTar(input: Buffer | AsyncIterable<Uint8Array>, col: ArchiveCollector, onChunk?: (c: Uint8Array) => void): Promise<void> {
  let finished = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const finish = (): void => {
    if (finished) return;
    finished = true;
    resolveDone();
  };

  const parser = new Parser({
    strict: false,
    // The collector checks the ratio itself, with a floor (early chunks can legitimately spike).
    maxDecompressionRatio: Number.POSITIVE_INFINITY,
    onwarn: (code: string, message: string) => col.archiveWarning(code, String(message)),
    onReadEntry: (entry: ReadEntry) => {
      const kind = tarKind(entry.type);
      const sink = col.begin(entry.path, kind, entry.size, { linkTarget: entry.linkpath });
      if (!sink) {
        // Skipped entries still pass their (decompressed) bytes through the ratio check.
        if (entry.size > 0) entry.on('data', (c: Buffer) => col.onBytes(c.length));
        entry.resume();
        return;
      }
      entry.on('data', (c: Buffer) => {
        if (col.stopped) return sink.drop();
        sink.push(c);
      });
      entry.on('end', () => {
        if (!col.stopped) sink.end();
      });
    },
  });
  parser.on('error', (err: Error) => {
    if (!col.stopped) col.markCorrupt(err.message);
    finish();
  });
  parser.on('end', finish);
  parser.on('close', finish);
  col.onStop = () => {
    parser.abort(new Error('analysis limit reached'));
    finish();
  };

  let sinceYield = 0;
  let fed = 0;
  const feed = async (buf: Buffer): Promise<void> => {
    for (let off = 0; off < buf.length && !finished; off += TAR_SLICE) {
      const end = Math.min(buf.length, off + TAR_SLICE);
      fed += end - off;
      col.compressedFed = fed;
      parser.write(buf.subarray(off, end));
      sinceYield += end - off;
      if (sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        await yieldTurn();
      }
    }
  };
  if (Buffer.isBuffer(input)) {
    await feed(input);
  } else {
    for await (const chunk of input) {
      onChunk?.(chunk);
      // Past a limit the parser is done; the rest of the stream is only passed to onChunk.
      if (!finished) await feed(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  }
  if (!finished) parser.end();
  // The parser finishes synchronously in practice; guard against a stream that never ends.
  await Promise.race([done, new Promise<void>((r) => setTimeout(r, 10_000).unref())]);
  finish();
}

function zipKind(entry: yauzl.Entry, name: string): EntryKind {
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
  const madeByUnix = entry.versionMadeBy >>> 8 === 3 || entry.versionMadeBy >>> 8 === 19;
  if (name.endsWith('/')) return 'directory';
  if (madeByUnix || mode !== 0) {
    if (mode === 0o120000) return 'symlink';
    if (mode === 0o040000) return 'directory';
    if (mode === 0o020000 || mode === 0o060000 || mode === 0o010000 || mode === 0o140000) return 'special';
  }
  return 'file';
}

export async function readZip(input: Buffer, col: ArchiveCollector): Promise<void> {
  return new Promise<void>((resolve) => {
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      resolve();
    };
    yauzl.fromBuffer(input, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true }, (err, zip) => {
      if (err || !zip) {
        col.markCorrupt(err?.message ?? 'unreadable zip');
        return finish();
      }
      const next = (): void => {
        if (col.stopped || finished) {
          zip.close();
          return finish();
        }
        zip.readEntry();
      };
      col.onStop = () => {
        zip.close();
        finish();
      };
      zip.on('error', (e: Error) => {
        col.markCorrupt(e.message);
        finish();
      });
      zip.on('end', finish);
      zip.on('entry', (entry: yauzl.Entry) => {
        const raw = entry.fileName as unknown as Buffer;
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
        const kind = zipKind(entry, name);
        if (kind === 'file' && (entry.generalPurposeBitFlag & 1) !== 0) {
          col.skipped(name, 'archive_encrypted_entry', 'encrypted zip entry: not readable, ignored');
          return next();
        }
        if (kind === 'file' && entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
          col.skipped(name, 'archive_unsupported_entry', `zip compression method ${entry.compressionMethod} is not supported: entry ignored`);
          return next();
        }
        const sink = col.begin(name, kind, entry.uncompressedSize, { compressedSize: entry.compressedSize });
        if (!sink) return next();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) {
            sink.drop();
            col.markCorrupt(e?.message ?? 'unreadable entry', name);
            return next();
          }
          let failed = false;
          stream.on('data', (c: Buffer) => {
            if (col.stopped) {
              sink.drop();
              stream.destroy();
              return finish();
            }
            if (sink.bytes + c.length > entry.uncompressedSize) {
              failed = true;
              sink.drop();
              col.markCorrupt('entry inflates past its declared size', name);
              stream.destroy();
              return next();
            }
            sink.push(c);
          });
          stream.on('error', (se: Error) => {
            if (failed) return;
            failed = true;
            sink.drop();
            col.markCorrupt(se.message, name);
            next();
          });
          stream.on('end', () => {
            if (failed) return;
            if (!col.stopped) sink.end();
            next();
          });
        });
      });
      zip.readEntry();
    });
  });
}
