import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import {
  IdentityAuthError,
  unverifiedClaims,
  type Identity,
  type IdentityUser,
  type SessionTokens,
  type VerifiedAccessToken,
} from './identity-types.ts';

export {
  IdentityAuthError,
  unverifiedClaims,
  type Identity,
  type IdentityUser,
  type SessionTokens,
  type VerifiedAccessToken,
};

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const errName = (err: unknown): string => (err as { name?: string }).name ?? '';

function secondsLeft(jwt: string): number {
  const { exp } = unverifiedClaims(jwt);
  return exp ? Math.max(0, exp - Math.floor(Date.now() / 1000)) : 3600;
}

export class CognitoIdentity implements Identity {
  private readonly client: CognitoIdentityProviderClient;
  private readonly poolId = env('COGNITO_USER_POOL_ID');
  private readonly clientId = env('COGNITO_CLIENT_ID');
  private readonly verifier;

  constructor() {
    const endpoint = process.env.COGNITO_ENDPOINT;
    this.client = new CognitoIdentityProviderClient({
      region: process.env.AWS_REGION ?? 'us-east-1',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
    const issuer =
      process.env.COGNITO_ISSUER ??
      `https://cognito-idp.${process.env.AWS_REGION ?? 'us-east-1'}.amazonaws.com/${this.poolId}`;
    // The default fetcher refuses http: (cognito-local); Node's fetch works for both.
    const fetcher = { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() };
    this.verifier = JwtRsaVerifier.create(
      {
        issuer,
        jwksUri: process.env.COGNITO_JWKS_URI ?? `${issuer}/.well-known/jwks.json`,
        audience: null,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'access' || payload.client_id !== this.clientId)
            throw new Error('not an access token of this app');
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher }) },
    );
  }

  /**
   * Creates the user server-side (self sign-up is off in the pool, so nobody can skip our
   * validation by calling Cognito's public SignUp). Cognito sends nothing; the user starts with
   * email_verified unset, which is what "not confirmed" means here; confirmation stays ours.
   */
  async signUp(email: string, password: string, username: string): Promise<string> {
    const out = await this.client.send(
      new AdminCreateUserCommand({
        UserPoolId: this.poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'preferred_username', Value: username },
        ],
      }),
    );
    const userId = out.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? out.User?.Username;
    if (!userId) throw new Error('AdminCreateUser returned no user id');
    try {
      await this.setPassword(userId, password);
    } catch (err) {
      // A user left with Cognito's temporary password could never log in: undo, then report.
      await this.deleteUser(userId);
      throw err;
    }
    return userId;
  }

  async findByEmail(email: string): Promise<IdentityUser | null> {
    try {
      const out = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.poolId, Username: email }));
      const attr = (n: string) => out.UserAttributes?.find((a) => a.Name === n)?.Value;
      return {
        userId: attr('sub') ?? out.Username!,
        email: attr('email') ?? email,
        username: attr('preferred_username') ?? '',
        // Users are created already CONFIRMED in Cognito's sense (AdminCreateUser + permanent
        // password); our confirmation is the verified email. UNCONFIRMED is a pre-AdminCreateUser user.
        confirmed: out.UserStatus !== 'UNCONFIRMED' && attr('email_verified') === 'true',
      };
    } catch (err) {
      if (errName(err) === 'UserNotFoundException') return null;
      throw err;
    }
  }

  async confirm(userId: string, email: string): Promise<void> {
    try {
      await this.client.send(new AdminConfirmSignUpCommand({ UserPoolId: this.poolId, Username: userId }));
    } catch (err) {
      // Already confirmed (a retried confirmation) is fine.
      if (errName(err) !== 'NotAuthorizedException') throw err;
    }
    await this.client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: this.poolId,
        Username: userId,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }

  async login(email: string, password: string): Promise<SessionTokens> {
    try {
      const out = await this.client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: this.poolId,
          ClientId: this.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const r = out.AuthenticationResult;
      if (!r?.AccessToken) throw new IdentityAuthError('bad_credentials');
      return {
        accessToken: r.AccessToken,
        refreshToken: r.RefreshToken,
        expiresIn: r.ExpiresIn ?? secondsLeft(r.AccessToken),
      };
    } catch (err) {
      const name = errName(err);
      if (name === 'UserNotConfirmedException') throw new IdentityAuthError('not_confirmed');
      if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name))
        throw new IdentityAuthError('bad_credentials');
      throw err;
    }
  }

  async refresh(refreshToken: string): Promise<SessionTokens | null> {
    try {
      const out = await this.client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: this.poolId,
          ClientId: this.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
      const token = out.AuthenticationResult?.AccessToken;
      return token
        ? { accessToken: token, expiresIn: out.AuthenticationResult?.ExpiresIn ?? secondsLeft(token) }
        : null;
    } catch (err) {
      if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidParameterException'].includes(errName(err)))
        return null;
      throw err;
    }
  }

  async revoke(refreshToken: string): Promise<void> {
    try {
      await this.client.send(new RevokeTokenCommand({ ClientId: this.clientId, Token: refreshToken }));
    } catch (err) {
      // An unknown or already revoked refresh token leaves nothing to revoke.
      if (
        !['NotAuthorizedException', 'InvalidParameterException', 'UnsupportedTokenTypeException'].includes(errName(err))
      )
        throw err;
    }
  }

  async setPassword(userId: string, password: string): Promise<void> {
    await this.client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: this.poolId,
        Username: userId,
        Password: password,
        Permanent: true,
      }),
    );
  }

  async deleteUser(userId: string): Promise<void> {
    try {
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.poolId, Username: userId }));
    } catch (err) {
      if (errName(err) !== 'UserNotFoundException') throw err;
    }
  }

  /**
   * Revokes every refresh token of the user (after a password reset). cognito-local has no
   * AdminUserGlobalSignOut; there the profile's tokensValidAfter (checked per request) is what
   * ends the other sessions' access tokens.
   */
  async signOutEverywhere(userId: string): Promise<void> {
    try {
      await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.poolId, Username: userId }));
    } catch (err) {
      if (!['Unsupported', 'UserNotFoundException'].includes(errName(err))) throw err;
    }
  }

  /** Signature checks are the costly part of every authenticated request; a verified token stays so until exp. */
  private readonly verified = new Map<string, VerifiedAccessToken>();

  async verifyAccessToken(token: string): Promise<VerifiedAccessToken | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now() / 1000) return hit;
      this.verified.delete(token);
    }
    const result = await this.verifySignature(token);
    if (result) {
      if (this.verified.size >= 5000) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, result);
    }
    return result;
  }

  private async verifySignature(token: string): Promise<VerifiedAccessToken | null> {
    try {
      const payload = await this.verifier.verify(token, {});
      if (!payload.sub || !payload.exp) return null;
      const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : (payload.iat ?? 0);
      const tokenId = String(payload.jti ?? payload.origin_jti ?? token.slice(-32));
      const sessionId = typeof payload.origin_jti === 'string' ? payload.origin_jti : tokenId;
      return { userId: payload.sub, tokenId, expiresAt: payload.exp, authTime, sessionId };
    } catch {
      return null;
    }
  }
}

let cached: Identity | undefined;

/** One Cognito client and JWKS cache per container; tests and the local runtime reset it. */
export function identity(): Identity {
  cached ??= new CognitoIdentity();
  return cached;
}

export function resetIdentity(): void {
  cached = undefined;
}
