import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * One gzip member assembled from deflate segments compressed apart (issue 23). A segment ends with
 * a sync flush: its last block is not final and it ends on a byte boundary, so segments placed end
 * to end form one valid deflate stream (what pigz does across threads). A body made mostly of parts
 * that recur across answers (a day's rows) then compresses each recurring part once and only the
 * rest per answer. Each segment starts with an empty window, which costs a few per cent of size on
 * segments of tens of kB. Lambda returns binary bodies as base64, and base64 strings concatenate
 * when every piece but the last is a multiple of 3 bytes long: each segment is padded to one with
 * empty stored blocks, so a kept segment keeps its base64 and an answer encodes only its new bytes.
 */

/** A recurring part compressed once, with its bytes' CRC-32 (the answer's CRC combines them). */
export interface KeptSegment {
  /** The segment, padded to a multiple of 3 bytes, in base64. */
  readonly base64: string;
  readonly crc: number;
  /** x^(8 * length) modulo the CRC polynomial: moves a CRC past this segment's bytes (crc32Combine). */
  readonly shift: number;
}

/** Part of a body: its bytes and, when the part recurs, its segment made once and kept. */
export interface BodyPart {
  readonly plain: Buffer;
  readonly kept?: () => Promise<KeptSegment>;
}

/** An empty stored block (BFINAL 0, BTYPE 00, LEN 0, NLEN 0xffff): 5 bytes that decode to nothing. */
const EMPTY_STORED = [0x00, 0x00, 0x00, 0xff, 0xff];
/**
 * gzip's member header (deflate, no name or comment, no mtime, unknown OS; RFC 1952) and an empty
 * stored block: 15 bytes, in base64 once.
 */
const HEADER_BASE64 = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff, ...EMPTY_STORED]).toString('base64');
/** Per-answer parts are sent once: the cheapest level (recurring parts choose their own). */
const PER_ANSWER_LEVEL = 1;

/** `plain` as a segment (raw deflate ending in a sync flush), compressed on the thread pool. */
export function deflateSegment(plain: Buffer, level: number): Promise<Buffer> {
  // The output arrives a chunk at a time on the main thread: about the output's size makes it one.
  const chunkSize = Math.min(1 << 20, Math.max(1 << 14, plain.length >> 2));
  return deflateRawAsync(plain, { level, finishFlush: constants.Z_SYNC_FLUSH, chunkSize });
}

/** Empty stored blocks that pad a segment to a multiple of 3 bytes, by its length mod 3 (5 bytes add 2, 10 add 1). */
const PADDING = [Buffer.alloc(0), Buffer.from(EMPTY_STORED), Buffer.from([...EMPTY_STORED, ...EMPTY_STORED])];

/** A segment padded to a multiple of 3 bytes, in base64 (pieces of such base64 concatenate). */
export function segmentBase64(segment: Buffer): string {
  const pad = PADDING[segment.length % 3]!;
  return (pad.length === 0 ? segment : Buffer.concat([segment, pad])).toString('base64');
}

/** `plain` as a kept segment: compressed on the thread pool, its CRC taken once. */
export async function keptSegment(plain: Buffer, level: number): Promise<KeptSegment> {
  return {
    base64: segmentBase64(await deflateSegment(plain, level)),
    crc: crc32(plain),
    shift: crc32Shift(plain.length),
  };
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

/** What moves a CRC past `length` bytes (zlib's crc32_combine_gen): the same for every segment that long. */
export function crc32Shift(length: number): number {
  return x2nModP(length, 3);
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's shift (crc32Shift of its length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA >>> 0) ^ crcB) >>> 0;
}

/**
 * The parts' bytes, in order, as one gzip member in base64: kept segments as they are, each run of
 * parts without one compressed now (at the cheapest level, on the thread pool, all runs at once).
 */
export async function gzipBase64OfParts(parts: readonly BodyPart[]): Promise<string> {
  let length = 0;
  const pieces: Promise<string>[] = [Promise.resolve(HEADER_BASE64)];
  /** Per part in order: its bytes and, for a kept segment, their CRC (else it runs over them). */
  const crcs: { plain: Buffer; kept?: Promise<KeptSegment> }[] = [];
  let fresh: Buffer[] = [];
  const flushFresh = () => {
    if (fresh.length === 0) return;
    const plain = fresh.length === 1 ? fresh[0]! : Buffer.concat(fresh);
    pieces.push(deflateSegment(plain, PER_ANSWER_LEVEL).then(segmentBase64));
    fresh = [];
  };
  for (const part of parts) {
    length += part.plain.length;
    if (part.kept) {
      flushFresh();
      const kept = part.kept();
      pieces.push(kept.then((k) => k.base64));
      crcs.push({ plain: part.plain, kept });
    } else if (part.plain.length > 0) {
      fresh.push(part.plain);
      crcs.push({ plain: part.plain });
    }
  }
  flushFresh();
  const encoded = await Promise.all(pieces);
  let crc = 0;
  for (const part of crcs) {
    const kept = part.kept && (await part.kept);
    crc = kept ? crc32Combine(crc, kept.crc, kept.shift) : crc32(part.plain, crc);
  }
  // The end: an empty final block (fixed codes: BFINAL 1, BTYPE 01, end-of-block), CRC-32, length.
  const end = Buffer.from([0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
  end.writeUInt32LE(crc >>> 0, 2);
  end.writeUInt32LE(length % 2 ** 32, 6);
  encoded.push(end.toString('base64'));
  return encoded.join('');
}
