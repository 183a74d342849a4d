/**
 * FileSink: where the archive readers stream one file's bytes (hash, head, kept content).
 * Moved out of archive-collector.ts unchanged.
 */
import { guardRead } from './reader-guard.js';
import { createHash, type Hash } from 'node:crypto';
import type { Lang } from '../signals.js';
import { HEAD_BYTES, isMagicBinary } from './files.js';
import type { ArchiveCollector } from '../archive-collector.js';

/** Texts read only for orders hidden for an AI model (agent-orders.ts), and their size limit (not counted as kept code). */
const ORDERS_TEXT = /\.(?:json|md|mdc|txt)$/i;
const ORDERS_TEXT_BYTES = 64 * 1024;

export class FileSink {
  private readonly hash: Hash = createHash('sha256');
  private chunks: Buffer[] | null;
  private head: Buffer | null = null;
  bytes = 0;
  tooLarge = false;
  private closed = false;
  private readonly ordersOnly: boolean;

  constructor(
    private readonly col: ArchiveCollector,
    readonly path: string,
    readonly declaredSize: number,
    private lang: Lang | 'maybe' | null,
    private readonly maxBytes: number,
    private readonly ordinal: number,
    private readonly reread = false,
  ) {
    // Small texts that are not code (tool descriptions, instruction files) are kept too, for hidden agent orders.
    this.ordersOnly = lang === null && declaredSize <= ORDERS_TEXT_BYTES && ORDERS_TEXT.test(path);
    this.chunks = (lang !== null && declaredSize <= maxBytes) || this.ordersOnly ? [] : null;
    if (lang !== null && declaredSize > maxBytes) this.tooLarge = true;
  }

  push(chunk: Buffer): void {
    if (this.closed) return;
    const first = this.head === null;
    this.bytes += chunk.length;
    this.hash.update(chunk);
    if (this.head === null) this.head = chunk.length >= HEAD_BYTES ? chunk.subarray(0, HEAD_BYTES) : chunk;
    else if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    // A compiled file under a code name (by its magic bytes) is only hashed: its bytes are never kept.
    if (first && this.chunks && isMagicBinary(this.head, this.path)) this.chunks = null;
    if (this.chunks) {
      if (this.bytes > (this.ordersOnly ? ORDERS_TEXT_BYTES : this.maxBytes)) {
        this.chunks = null;
        this.tooLarge = this.lang !== null;
      } else {
        this.chunks.push(chunk);
      }
    }
    this.col.onBytes(chunk.length, this.chunks !== null && !this.ordersOnly);
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    const sha256 = this.hash.digest('hex');
    const head = this.head ?? Buffer.alloc(0);
    let content: Buffer | null = null;
    if (this.chunks) content = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.bytes);
    this.chunks = null;
    // A reader that throws loses the rest of this file's reading, never the archive's: the failure is reported (reader-guard.ts).
    const done = guardRead(this.col.readerFailures, this.path, 'file', () => {
      this.col.finishFile(this.path, this.bytes, sha256, head, content, this.lang, this.tooLarge, this.ordinal, this.reread);
      return true;
    });
    // Failed before the entry was listed: it is still in the archive (its role, what imports it).
    if (!done && !this.col.seenPaths.has(this.path)) {
      this.col.seenPaths.add(this.path);
      this.col.entries.push({ path: this.path, size: this.bytes, sha256 });
    }
  }

  /** Abandon without recording (the read was cut short). */
  drop(): void {
    this.closed = true;
    this.chunks = null;
  }
}
