/** The identity port's types, free of the AWS SDK so domain code can import them. */
export interface IdentityUser {
  userId: string;
  email: string;
  /** The product username (preferred_username attribute). */
  username: string;
  confirmed: boolean;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
}

export interface VerifiedAccessToken {
  userId: string;
  tokenId: string;
  expiresAt: number;
  /** Epoch seconds of the login behind the token (auth_time; Cognito keeps it across refreshes). */
  authTime: number;
  /** The login session: Cognito's origin_jti (the same for every refresh of one login), else the jti. */
  sessionId: string;
}

/** Outcomes of a password login that the handler turns into different alerts. */
export class IdentityAuthError extends Error {
  constructor(readonly reason: 'bad_credentials' | 'not_confirmed') {
    super(reason);
  }
}

/** The identity port: Cognito on AWS, cognito-local in the local runtime (same calls). */
export interface Identity {
  signUp(email: string, password: string, username: string): Promise<string>;
  findByEmail(email: string): Promise<IdentityUser | null>;
  confirm(userId: string, email: string): Promise<void>;
  login(email: string, password: string): Promise<SessionTokens>;
  refresh(refreshToken: string): Promise<SessionTokens | null>;
  revoke(refreshToken: string): Promise<void>;
  setPassword(userId: string, password: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** Ends every session of the user at the identity provider (refresh tokens). */
  signOutEverywhere(userId: string): Promise<void>;
  verifyAccessToken(token: string): Promise<VerifiedAccessToken | null>;
}

/** Claims of a token just received from Cognito itself over its API (not from a client): no signature check needed. */
export function unverifiedClaims(jwt: string): { sub?: string; exp?: number; iat?: number; auth_time?: number } {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: string;
      exp?: number;
      iat?: number;
      auth_time?: number;
    };
  } catch {
    return {};
  }
}
