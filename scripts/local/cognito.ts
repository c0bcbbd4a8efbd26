import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { recoverJsonFiles, writeFileAtomic, writeFileAtomicSync, type JsonRecovery } from './atomic-file.ts';
import { localSigningKey } from './local-secrets.ts';

/* cognito-local ships CommonJS without types for its internals; its own start script builds the
   same object graph, but with paths relative to the working directory (./.cognito). */
const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: cognito-local ships untyped CommonJS internals; each use below names what it needs
const cl = (path: string) => require(`cognito-local/lib/${path}`) as Record<string, any>;
const cognitoRequire = createRequire(require.resolve('cognito-local'));
const pinoFactory = cognitoRequire('pino') as (opts: object) => unknown;

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  /** What the start-up repair pass found in the state files (a crash of an earlier process). */
  recovery: JsonRecovery;
  close(): Promise<void>;
}

interface Ids {
  userPoolId: string;
  clientId: string;
  checkoutSecret: string;
}

/** Cognito's own verification mails are not used (our mail port sends links), so drop them. */
const silentSender = { sendEmail: async () => {}, sendSms: async () => {} };

/**
 * Starts cognito-local in this process with its state under `dir` (absolute paths, never the
 * working directory), creates the user pool (email as username) and app client on first start,
 * and points the identity port at it through env. Tokens are signed with the data directory's own
 * key (`keyDir`, local-secrets.ts), never cognito-local's published one.
 */
export async function startLocalCognito(dir: string, keyDir: string): Promise<LocalCognito> {
  mkdirSync(join(dir, 'db'), { recursive: true });
  writeStateAtomically();
  // cognito-local opens every *.json of the directory as a pool and refuses to start on one it cannot parse.
  const recovery = recoverJsonFiles(join(dir, 'db'));
  if (recovery.quarantined.length + recovery.restored.length > 0) {
    process.stderr.write(
      `cognito-local state repaired: restored ${recovery.restored.join(', ') || 'none'}; unreadable, moved aside: ${recovery.quarantined.join(', ') || 'none'}\n`,
    );
  }
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const logger = pinoFactory({ level: 'silent' });
  const ctx = { logger };
  const { StormDBDataStoreFactory } = cl('services/dataStore/stormDb');
  const services = cl('services');
  const config = {
    LambdaClient: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: 'http://127.0.0.1:0' },
    KMSConfig: { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, region: 'local' },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
  };
  capRefreshTokens();
  useSigningKey(keyDir);
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(join(dir, 'db'));
  const cognitoFactory = new (cl('services/cognitoService').CognitoServiceFactoryImpl)(
    join(dir, 'db'),
    dataStoreFactory,
    new (cl('services/userPoolService').UserPoolServiceFactoryImpl)(clock, dataStoreFactory),
  );
  const cognito = await cognitoFactory.create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognito,
    { enabled: () => false },
    new (cl('services/crypto').CryptoService)(config.KMSConfig),
  );
  const deps = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(
      triggers,
      new (cl('services/messageDelivery/messageDelivery').MessageDeliveryService)(silentSender),
    ),
    otp: cl('services/otp').otp,
    tokenGenerator: new (cl('services/tokenGenerator').JwtTokenGenerator)(clock, triggers, config.TokenConfig),
    triggers,
  };
  const { createServer } = cl('server/server');
  const { Router } = cl('server/Router');
  const server = (await createServer(Router(deps), logger, config.ServerConfig, deps).start()) as Server;
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  // The token generator reads the issuer at signing time; the port is only known now.
  config.TokenConfig.IssuerDomain = endpoint;

  const ids = await ensurePool(endpoint, join(dir, 'ids.json'));
  const issuer = `${endpoint}/${ids.userPoolId}`;
  const local: LocalCognito = {
    endpoint,
    userPoolId: ids.userPoolId,
    clientId: ids.clientId,
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    recovery,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  Object.assign(process.env, {
    COGNITO_ENDPOINT: endpoint,
    COGNITO_USER_POOL_ID: local.userPoolId,
    COGNITO_CLIENT_ID: local.clientId,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URI: local.jwksUri,
  });
  process.env.CHECKOUT_TICKET_SECRET ??= ids.checkoutSecret;
  return local;
}

/**
 * cognito-local keeps each pool in memory and saves it whole with stormdb's fs.writeFile: a process
 * killed mid-write left a truncated file (which then refused to load), and two saves in flight could
 * interleave. Saves become ordered temp-file-and-rename writes.
 */
function writeStateAtomically(): void {
  const engine = (cognitoRequire('stormdb') as { localFileEngine: { prototype: Record<string, unknown> } })
    .localFileEngine.prototype;
  if (engine.__tapewatchAtomic) return;
  type Engine = { path: string; async: boolean; serialize: (data: unknown) => string; read(): unknown };
  engine.write = function (this: Engine, data: unknown) {
    const text = this.serialize(data);
    if (this.async) return writeFileAtomic(this.path, text);
    writeFileAtomicSync(this.path, text);
    return null;
  };
  engine.init = function (this: Engine) {
    if (existsSync(this.path)) return this.read();
    writeFileAtomicSync(this.path, this.serialize({}));
    return {};
  };
  engine.__tapewatchAtomic = true;
}

/**
 * cognito-local appends every refresh token to the user's record and rewrites the whole pool file
 * on each login, so logins slow down linearly with their count. Locally only the newest 20 per
 * user stay valid (Cognito itself keeps them all for their lifetime).
 */
function capRefreshTokens(): void {
  const proto = cl('services/userPoolService').UserPoolServiceImpl.prototype;
  if (proto.__tapewatchCapped) return;
  const store = proto.storeRefreshToken;
  proto.storeRefreshToken = function (this: unknown, ctx: unknown, token: string, user: { RefreshTokens?: string[] }) {
    const kept = Array.isArray(user.RefreshTokens) ? user.RefreshTokens.slice(-19) : [];
    return store.call(this, ctx, token, { ...user, RefreshTokens: kept });
  };
  proto.__tapewatchCapped = true;
}

/**
 * cognito-local signs with the private key it ships (public in its package) and serves that key's
 * public half as the pool's JWKS. Both are the required JSON modules, read at each use: replace
 * them with this data directory's pair. The key object is parsed once (jsonwebtoken would re-parse
 * a PEM for each of the 3 tokens of a login).
 */
function useSigningKey(keyDir: string): void {
  const { privateKey, jwk } = localSigningKey(keyDir);
  (cl('keys/cognitoLocal.private.json') as { pem: unknown }).pem = privateKey;
  (cl('keys/cognitoLocal.public.json') as { jwk: unknown }).jwk = jwk;
}

async function ensurePool(endpoint: string, idsFile: string): Promise<Ids> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as Ids;
    const found = await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId })).catch(() => null);
    if (found) return ids;
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'tapewatch-users',
      UsernameAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'tapewatch-web',
      ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // Cognito's defaults (cognito-local would otherwise issue 24-hour access tokens).
      AccessTokenValidity: 1,
      IdTokenValidity: 1,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      EnableTokenRevocation: true,
    }),
  );
  const ids: Ids = {
    userPoolId,
    clientId: app.UserPoolClient!.ClientId!,
    checkoutSecret: randomBytes(32).toString('base64url'),
  };
  writeFileAtomicSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}
