import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, gunzipSync } from 'node:zlib';
import { crc32Combine, gzipOfParts, keptSegment } from './gzip-segments.ts';

const bytes = fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a));

describe('gzip from segments compressed apart', () => {
  it("combines CRCs as the CRC of the bytes end to end (zlib's crc32_combine)", () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 300 },
    );
  });

  it('decodes to the parts end to end, kept segments and fresh runs mixed, empty parts included', async () => {
    const parts = fc.array(fc.tuple(bytes, fc.boolean(), fc.integer({ min: 1, max: 9 })), { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(parts, async (list) => {
        const body = list.map(([plain, kept, level]) =>
          kept ? { plain, kept: () => keptSegment(plain, level) } : { plain },
        );
        const gz = await gzipOfParts(body);
        expect(gunzipSync(gz).equals(Buffer.concat(list.map(([p]) => p)))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
