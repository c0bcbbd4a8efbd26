import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccountRecovery, ClientAttributes, UserPool, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CloudWatchDimensionSource, ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { CognitoAction } from '@tapewatch/shared/api/routes';

/** The CloudWatch dimension of the SES event metrics (its value: the configuration set's name). */
export const MAIL_METRIC_DIMENSION = 'ses:configuration-set';

export interface IdentityProps {
  retain: boolean;
  /** SES-verified sender (MAIL_FROM); without it the mail port's default sender is used. */
  mailFrom?: string;
}

/**
 * The Cognito user pool (email as the username; the product username is the preferred_username
 * attribute plus a DynamoDB uniqueness item) and the web app client. Cognito sends no mail of
 * its own: confirmation and reset links go through the mail port (SES).
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** HMAC key of the sign-up checkout ticket. */
  readonly checkoutTicketSecret: Secret;
  readonly alertLinkSecret: Secret;
  /** Every message goes out through it: its bounce/reject/complaint counts are the mail alarms' metrics. */
  readonly mailConfigurationSet: ConfigurationSet;
  /** Its name as a plain string (the construct's attribute is a Ref): env, grant ARN and alarm dimension. */
  readonly mailConfigurationSetName: string;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: IdentityProps,
  ) {
    super(scope, id);
    this.userPool = new UserPool(this, 'Users', {
      userPoolName: `${Stack.of(this).stackName}-users`,
      // The sign-up Lambda creates users (AdminCreateUser): the public client has no secret, so
      // with self sign-up on anyone could call Cognito's SignUp and skip our validation,
      // username uniqueness and rate limits.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: {},
      signInCaseSensitive: false,
      standardAttributes: {
        email: { required: true, mutable: true },
        preferredUsername: { required: false, mutable: true },
      },
      // The spec's rule: 8-20 characters, no whitespace (checked by the handlers); no class requirements.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.NONE,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.client = this.userPool.addClient('Web', {
      authFlows: { adminUserPassword: true },
      generateSecret: false,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // With their access token users could otherwise rewrite email or preferred_username
      // straight at Cognito (the login name, and the attribute a lost profile is rebuilt from).
      // An empty list means "all" to Cognito, so only the unused locale stays writable.
      writeAttributes: new ClientAttributes().withStandardAttributes({ locale: true }),
    });
    this.checkoutTicketSecret = new Secret(this, 'CheckoutTicketSecret', {
      description: 'HMAC key for the short-lived checkout ticket issued at sign-up',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.mailConfigurationSetName = `${Stack.of(this).stackName}-mail`;
    this.mailConfigurationSet = new ConfigurationSet(this, 'Mail', {
      configurationSetName: this.mailConfigurationSetName,
      reputationMetrics: true,
    });
    // SES publishes each event as a CloudWatch metric (AWS/SES, Send, Bounce, ...) with this dimension.
    this.mailConfigurationSet.addEventDestination('CloudWatch', {
      destination: EventDestination.cloudWatchDimensions([
        {
          name: MAIL_METRIC_DIMENSION,
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: this.mailConfigurationSetName,
        },
      ]),
      events: [
        EmailSendingEvent.SEND,
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.REJECT,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.RENDERING_FAILURE,
      ],
    });
    // Retained with the stage: a new key would turn every pause link already emailed into an error.
    this.alertLinkSecret = new Secret(this, 'AlertLinkSecret', {
      description: 'HMAC key for the one-click pause links in flow alert emails',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }

  /** What every HTTP function needs to verify tokens (the JWKS is public; no IAM). */
  environment(): Record<string, string> {
    return { COGNITO_USER_POOL_ID: this.userPool.userPoolId, COGNITO_CLIENT_ID: this.client.userPoolClientId };
  }

  /** Exactly the Cognito admin actions a route declares (shared/src/api/routes.ts), on this pool only. */
  grantCognito(fn: IGrantable, actions: readonly CognitoAction[]): void {
    if (actions.length === 0) return;
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...new Set(actions)].sort().map((a) => `cognito-idp:${a}`),
        resources: [this.userPool.userPoolArn],
      }),
    );
  }

  /** Routes that declare `mail`: SES sending and the sender address. */
  grantMail(fn: IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    // The account's SES identities (sender domain/address; in the SES sandbox also the verified
    // recipients, which SES authorizes too), never '*'.
    const sesIdentities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    // Sending through a configuration set is authorized on the set too: this one, by name.
    const configurationSet = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.mailConfigurationSetName,
    });
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail'],
        resources: [sesIdentities, configurationSet],
      }),
    );
    fn.addEnvironment('MAIL_CONFIGURATION_SET', this.mailConfigurationSetName);
    if (this.props.mailFrom) fn.addEnvironment('MAIL_FROM', this.props.mailFrom);
  }

  /**
   * Sign-up issues the ticket, the checkout route verifies it. Only the ARN goes into the
   * environment: the function reads the value at cold start (functions/src/platform/secret-env.ts),
   * so it never shows in the Lambda configuration.
   */
  grantCheckoutTicket(fn: IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    this.checkoutTicketSecret.grantRead(fn);
    fn.addEnvironment('CHECKOUT_TICKET_SECRET_ARN', this.checkoutTicketSecret.secretArn);
  }

  /** Alert emails' pause links: the jobs that send them sign, the pause route verifies (ARN only, as above). */
  grantAlertLink(fn: IGrantable & { addEnvironment(key: string, value: string): unknown }): void {
    this.alertLinkSecret.grantRead(fn);
    fn.addEnvironment('ALERT_LINK_SECRET_ARN', this.alertLinkSecret.secretArn);
  }
}
