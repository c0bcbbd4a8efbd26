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

/** Part of a body: its bytes and, when the part recurs, its segment made once and kept. */
export interface BodyPart {
  readonly plain: Buffer;
  readonly kept?: () => Promise<Buffer>;
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
  let crc = 0;
  let length = 0;
  const segments: Promise<Buffer>[] = [];
  let fresh: Buffer[] = [];
  const flushFresh = () => {
    if (fresh.length === 0) return;
    segments.push(deflateSegment(fresh.length === 1 ? fresh[0]! : Buffer.concat(fresh), PER_ANSWER_LEVEL));
    fresh = [];
  };
  for (const part of parts) {
    crc = crc32(part.plain, crc);
    length += part.plain.length;
    if (part.kept) {
      flushFresh();
      segments.push(part.kept());
    } else if (part.plain.length > 0) fresh.push(part.plain);
  }
  flushFresh();
  return gzipOfSegments(await Promise.all(segments), crc, length);
}
