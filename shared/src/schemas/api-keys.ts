import { z } from 'zod';
import { API_KEY_LIMITS } from '../api-keys/limits.ts';
import { reauthPassword } from './accounts.ts';
import { userName } from './names.ts';

/** The key id shown next to a key (never the secret): 16 hex digits. */
export const apiKeyId = z.string().regex(/^[0-9a-f]{16}$/, 'expected a key id');

export const createApiKeyBody = z.strictObject({
  name: userName(API_KEY_LIMITS.nameLength, 'give the key a name'),
  /** A key acts for the account: creating one asks for the password again. */
  password: reauthPassword,
});

export const revokeApiKeyBody = z.strictObject({ id: apiKeyId });

const usageWindow = z.object({
  used: z.number().int(),
  limit: z.number().int(),
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (e.g. `tw_live_Ab3x`), to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  /** Minute precision; null until the key is first used. */
  last_used_at: z.string().nullable(),
  usage: z.object({ minute: usageWindow, day: usageWindow }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysResponse = z.object({
  keys: z.array(apiKeySchema),
  limits: z.object({ keysPerUser: z.number().int() }),
});
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

export const createApiKeyResponse = z.object({
  key: apiKeySchema,
  /** The whole key: shown once, never stored or shown again. */
  secret: z.string(),
});

export const revokeApiKeyResponse = z.object({ revoked: z.string() });
