import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * One gzip member assembled from deflate segments compressed apart (issue 23). A segment ends with
 * a sync flush: its last block is not final and it ends on a byte boundary, so segments placed end
 * to end form one valid deflate stream (what pigz does across threads). A body made mostly of parts
 * that recur across answers (a day's rows) then compresses each recurring part once and only the
 * rest per answer. Each segment starts with an empty window, which costs a few per cent of size on
 * segments of tens of kB.
 */

/** A recurring part compressed once, with its bytes' CRC-32 (the answer's CRC combines them). */
export interface KeptSegment {
  readonly deflated: Buffer;
  readonly crc: number;
}

/** Part of a body: its bytes and, when the part recurs, its segment made once and kept. */
export interface BodyPart {
  readonly plain: Buffer;
  readonly kept?: () => Promise<KeptSegment>;
}

/** gzip's member header: deflate, no name or comment, no mtime, unknown OS (RFC 1952). */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block with fixed Huffman codes: BFINAL 1, BTYPE 01, end-of-block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** Per-answer parts are sent once: the cheapest level (recurring parts choose their own). */
const PER_ANSWER_LEVEL = 1;

/** `plain` as a segment (raw deflate ending in a sync flush), compressed on the thread pool. */
export function deflateSegment(plain: Buffer, level: number): Promise<Buffer> {
  // The output arrives a chunk at a time on the main thread: about the output's size makes it one.
  const chunkSize = Math.min(1 << 20, Math.max(1 << 14, plain.length >> 2));
  return deflateRawAsync(plain, { level, finishFlush: constants.Z_SYNC_FLUSH, chunkSize });
}

/** `plain` as a kept segment: compressed on the thread pool, its CRC taken once. */
export async function keptSegment(plain: Buffer, level: number): Promise<KeptSegment> {
  return { deflated: await deflateSegment(plain, level), crc: crc32(plain) };
}

/*
 * CRC-32 of two byte strings end to end from their CRCs and the second's length, as zlib's
 * crc32_combine (crc32.c, zlib 1.2.12+): multiplication modulo the CRC polynomial, reflected.
 * Node's zlib does not export it; it spares running the CRC over every kept byte again.
 */
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0..31 (x^1 first). */
const X2N = new Uint32Array(32);
X2N[0] = 0x40000000;
for (let n = 1; n < 32; n += 1) X2N[n] = multModP(X2N[n - 1]!, X2N[n - 1]!);

/** x^(n * 2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA >>> 0) ^ crcB) >>> 0;
}

/** The gzip member of segments holding, in order, `length` plain bytes whose CRC-32 is `crc`. */
export function gzipOfSegments(segments: readonly Buffer[], crc: number, length: number): Buffer {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...segments, FINAL_BLOCK, trailer]);
}

/**
 * The parts' bytes, in order, as one gzip member: kept segments as they are, each run of parts
 * without one compressed now (at the cheapest level, on the thread pool, all runs at once).
 */
export async function gzipOfParts(parts: readonly BodyPart[]): Promise<Buffer> {
  let length = 0;
  const segments: Promise<Buffer>[] = [];
  /** Per part in order: its bytes and, for a kept segment, their CRC (else it runs over them). */
  const crcs: { plain: Buffer; crc?: Promise<number> }[] = [];
  let fresh: Buffer[] = [];
  const flushFresh = () => {
    if (fresh.length === 0) return;
    segments.push(deflateSegment(fresh.length === 1 ? fresh[0]! : Buffer.concat(fresh), PER_ANSWER_LEVEL));
    fresh = [];
  };
  for (const part of parts) {
    length += part.plain.length;
    if (part.kept) {
      flushFresh();
      const kept = part.kept();
      segments.push(kept.then((k) => k.deflated));
      crcs.push({ plain: part.plain, crc: kept.then((k) => k.crc) });
    } else if (part.plain.length > 0) {
      fresh.push(part.plain);
      crcs.push({ plain: part.plain });
    }
  }
  flushFresh();
  const deflated = await Promise.all(segments);
  let crc = 0;
  for (const part of crcs)
    crc = part.crc ? crc32Combine(crc, await part.crc, part.plain.length) : crc32(part.plain, crc);
  return gzipOfSegments(deflated, crc, length);
}
