import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constants, crc32, gunzipSync, inflateRawSync } from 'node:zlib';
import {
  crc32Combine,
  crc32Shift,
  deflateSegment,
  gzipBase64OfParts,
  keptSegment,
  segmentBase64,
} from './gzip-segments.ts';

const bytes = fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a));

describe('gzip from segments compressed apart', () => {
  it("combines CRCs as the CRC of the bytes end to end (zlib's crc32_combine)", () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), crc32Shift(b.length))).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 300 },
    );
  });

  it('pads a segment to a multiple of 3 bytes with blocks that decode to nothing', async () => {
    for (const plain of ['', 'a', 'ab', 'abc', 'abcd', 'x'.repeat(1000)].map((t) => Buffer.from(t))) {
      const padded = Buffer.from(segmentBase64(await deflateSegment(plain, 6)), 'base64');
      expect(padded.length % 3).toBe(0);
      expect(inflateRawSync(padded, { finishFlush: constants.Z_SYNC_FLUSH }).equals(plain)).toBe(true);
    }
  });

  it('decodes to the parts end to end, kept segments and fresh runs mixed, empty parts included', async () => {
    const parts = fc.array(fc.tuple(bytes, fc.boolean(), fc.integer({ min: 1, max: 9 })), { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(parts, async (list) => {
        const body = list.map(([plain, kept, level]) =>
          kept ? { plain, kept: () => keptSegment(plain, level) } : { plain },
        );
        const gz = Buffer.from(await gzipBase64OfParts(body), 'base64');
        expect(gunzipSync(gz).equals(Buffer.concat(list.map(([p]) => p)))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
