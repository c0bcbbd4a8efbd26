import { z } from 'zod';

/** Polygon answers some failures with HTTP 200 and status "ERROR"/"NOT_AUTHORIZED" in the body. */
export class PolygonEnvelopeError extends Error {
  constructor(message: string) {
    super(`polygon: ${message}`);
    this.name = 'PolygonEnvelopeError';
  }
}

const envelopeSchema = z.looseObject({
  status: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  next_url: z.string().optional(),
});

const OK_STATUSES = new Set(['OK', 'DELAYED']);

/** Validates the outer object and returns it with the status already checked. */
export function checkEnvelope(json: unknown): z.infer<typeof envelopeSchema> & Record<string, unknown> {
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) throw new PolygonEnvelopeError('payload is not an object');
  const env = parsed.data;
  if (env.status !== undefined && !OK_STATUSES.has(env.status)) {
    throw new PolygonEnvelopeError(
      `status ${env.status}${(env.error ?? env.message) ? `: ${env.error ?? env.message}` : ''}`,
    );
  }
  return env;
}

/** The results array, or [] when Polygon omits it for an empty range (resultsCount: 0). */
export function resultsOf(env: Record<string, unknown>, key = 'results'): unknown[] {
  const results = env[key];
  if (results === undefined || results === null) return [];
  if (!Array.isArray(results)) throw new PolygonEnvelopeError(`${key} is not an array`);
  return results;
}
