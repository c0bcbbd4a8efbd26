import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AccountTokensRepository } from '../../data/account-tokens-repository.ts';
import { documentClient } from '../../data/client.ts';
import { LoginSourcesRepository } from '../../data/login-sources-repository.ts';
import { RateLimitRepository } from '../../data/rate-limit-repository.ts';
import { UsersRepository } from '../../data/users-repository.ts';
import type { AccountDeps } from '../../domain/accounts/deps.ts';
import { rateLimitAddress } from '../../domain/accounts/ip-bucket.ts';
import { identity } from '../../platform/identity.ts';
import { liveSockets } from '../../platform/live-sockets.ts';
import { mailer } from '../../platform/mail.ts';
import { checkoutTicketSecretSpec, loadSecretEnv } from '../../platform/secret-env.ts';
import { viewerAddress } from '../../platform/viewer-address.ts';

// On AWS only the routes that declare the checkoutTicket secret (sign-up) get its ARN; it is read
// at cold start, never from a plaintext env var. The local runtime sets CHECKOUT_TICKET_SECRET itself.
await loadSecretEnv(checkoutTicketSecretSpec);

/** The real adapters for the account flows (built per request: all of them are cheap wrappers). */
export function accountDeps(event: APIGatewayProxyEventV2): AccountDeps {
  const db = documentClient();
  return {
    users: new UsersRepository(db),
    tokens: new AccountTokensRepository(db),
    limits: new RateLimitRepository(db),
    loginSources: new LoginSourcesRepository(db),
    identity: identity(),
    mailer: mailer(),
    now: () => new Date(),
    baseUrl: (process.env.APP_BASE_URL ?? `https://${event.requestContext.domainName}`).replace(/\/$/, ''),
    // Read where a ticket is signed: only sign-up has the key, and without it there refuses.
    get checkoutSecret(): string {
      const secret = process.env.CHECKOUT_TICKET_SECRET;
      if (!secret) throw new Error('CHECKOUT_TICKET_SECRET is not set');
      return secret;
    },
    sockets: liveSockets(db),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** The viewer's address as the per-IP limits count it: an IPv6 client by its /64 (ip-bucket.ts). */
export function clientIp(event: APIGatewayProxyEventV2): string {
  return rateLimitAddress(viewerAddress(event.headers, event.requestContext?.http?.sourceIp));
}
