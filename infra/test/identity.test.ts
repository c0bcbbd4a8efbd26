import { NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, updatePasswordProblem } from '@tapewatch/shared/schemas/accounts';
import { synth, type Resource } from './synth.ts';

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

describe('Cognito user pool and web client', () => {
  const { stack, template } = synth();
  // Route functions may sit in nested stacks (one per handler area); their policies with them.
  const allTemplates = [
    template,
    ...stack.node
      .findAll()
      .filter((c): c is NestedStack => c instanceof NestedStack)
      .map((n) => Template.fromStack(n)),
  ];
  const pools = Object.values(template.findResources('AWS::Cognito::UserPool')) as Resource[];
  const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as Resource[];
  const pool = pools[0]!.Properties!;
  const client = clients[0]!.Properties!;

  it('has one pool and one client', () => {
    expect(pools).toHaveLength(1);
    expect(clients).toHaveLength(1);
  });

  it('uses the email as the username, case-insensitively', () => {
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
  });

  it('lets only the sign-up Lambda create users (no public SignUp that skips our validation)', () => {
    expect(pool.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true });
  });

  it('password policy = the product rule (8-128 characters, no class requirements)', () => {
    const policy = (pool.Policies as { PasswordPolicy: Record<string, unknown> }).PasswordPolicy;
    expect(policy).toMatchObject({
      MinimumLength: 8,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
    // The product's own check is at least as strict as Cognito's: every accepted password passes the pool.
    // Cognito's own limits: at most 256 characters, and no whitespace at either end (^\S.*\S$).
    const problem = (password: string) => updatePasswordProblem({ password, password_confirmation: password });
    expect(problem('a'.repeat(8))).toBeNull();
    expect(problem('a'.repeat(7))).not.toBeNull();
    expect(ACCOUNT_LIMITS.passwordMax).toBeLessThanOrEqual(256);
    expect(problem(' a b c d e ')).not.toBeNull();
    expect(problem('a b c d e\t')).not.toBeNull();
  });

  it('Cognito sends no mail: no auto-verification, no self-service recovery (our mail port sends the links)', () => {
    expect(pool.AutoVerifiedAttributes ?? []).toEqual([]);
    expect(pool.AccountRecoverySetting).toEqual({ RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] });
    expect(pool.EmailConfiguration).toBeUndefined();
  });

  it('web client: public (no secret), server-side password auth and refresh only', () => {
    expect(client.GenerateSecret).toBe(false);
    expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual([
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('tokens: 1 hour access and id, 30 days refresh, revocation enabled', () => {
    const units = client.TokenValidityUnits as Record<string, string>;
    const seconds = (field: string, unit: string) => (client[field] as number) * UNIT_SECONDS[units[unit]!]!;
    expect(seconds('AccessTokenValidity', 'AccessToken')).toBe(3600);
    expect(seconds('IdTokenValidity', 'IdToken')).toBe(3600);
    expect(seconds('RefreshTokenValidity', 'RefreshToken')).toBe(30 * 86400);
    expect(client.EnableTokenRevocation).toBe(true);
  });

  it('users cannot rewrite email or preferred_username with their own access token', () => {
    const writable = client.WriteAttributes as string[];
    expect(writable.length).toBeGreaterThan(0); // an empty list would mean "all" to Cognito
    expect(writable).not.toContain('email');
    expect(writable).not.toContain('preferred_username');
  });

  it('account functions may create users and end sessions on this pool; no function calls the public SignUp', () => {
    const policies = allTemplates.flatMap((t) => Object.values(t.findResources('AWS::IAM::Policy')) as Resource[]);
    const cognitoStatements = policies.flatMap((p) =>
      ((p.Properties?.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement ?? []).filter(
        (s) => [s.Action].flat().some((a) => a.startsWith('cognito-idp:')),
      ),
    );
    const actions = new Set(cognitoStatements.flatMap((s) => [s.Action].flat()));
    expect(actions).toContain('cognito-idp:AdminCreateUser');
    expect(actions).toContain('cognito-idp:AdminSetUserPassword');
    expect(actions).toContain('cognito-idp:AdminUserGlobalSignOut');
    expect([...actions].filter((a) => !a.startsWith('cognito-idp:Admin'))).toEqual([]);
  });
});
