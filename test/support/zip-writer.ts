/**
 * A tiny zip writer for tests: STORE and DEFLATE (zlib.deflateRawSync) entries, unix modes (so a
 * test can write symlinks and devices), and entries whose sizes are given rather than computed
 * (to build decompression bombs from pre-compressed data without holding the inflated bytes).
 */
import { deflateRawSync } from 'node:zlib';

export interface ZipEntryInput {
  name: string;
  /** Uncompressed content (ignored when `raw` is given). */
  data?: Buffer | string;
  method?: 'store' | 'deflate';
  /** Unix mode including the file type bits, e.g. 0o100644, 0o120777 (symlink). */
  mode?: number;
  /** Already-compressed DEFLATE data with its declared uncompressed size and CRC-32. */
  raw?: { compressed: Buffer; uncompressedSize: number; crc32: number };
}

/** The CRC-32 table (zip / gzip polynomial); ZipCrypto's key schedule uses it too. */
export const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (zip / gzip polynomial); pass the previous value to continue over several chunks. */
export function crc32(buf: Uint8Array, prev = 0): number {
  let c = (prev ^ 0xffffffff) >>> 0;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function buildZip(entries: readonly ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    let method = 0;
    let compressed: Buffer;
    let size: number;
    let crc: number;
    if (e.raw) {
      method = 8;
      compressed = e.raw.compressed;
      size = e.raw.uncompressedSize;
      crc = e.raw.crc32;
    } else {
      const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
      size = data.length;
      crc = crc32(data);
      if (e.method === 'deflate') {
        method = 8;
        compressed = deflateRawSync(data);
      } else {
        compressed = data;
      }
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attrs
    central.writeUInt32LE((((e.mode ?? (e.name.endsWith('/') ? 0o040755 : 0o100644)) & 0xffff) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
