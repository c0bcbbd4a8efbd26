import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface WebPushSettingsProps {
  /** The VAPID public key (base64url): plain configuration, handed to browsers. */
  publicKey: string;
  /** mailto: or https: contact the push services may use. */
  subject: string;
  /** Secret created by the operator before the deploy: {"private_key": "<VAPID private key, base64url>"}. */
  secretName: string;
}

/**
 * Browser notifications of flow alerts (Web Push, VAPID). Configured only when the operator gives the
 * key pair (README); otherwise no function gets any VAPID setting and the feature is off (never a
 * default key). The private key is readable only by the jobs that send alerts; the routes that give
 * browsers the public key get that alone.
 */
export class WebPushSettings extends Construct {
  readonly secret: ISecret;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: WebPushSettingsProps,
  ) {
    super(scope, id);
    this.secret = Secret.fromSecretNameV2(this, 'VapidSecret', props.secretName);
  }

  /** Routes that declare `pushKey`: the public key and subject, no secret. */
  configurePublicKey(fn: LambdaFunction): void {
    fn.addEnvironment('VAPID_PUBLIC_KEY', this.props.publicKey);
    fn.addEnvironment('VAPID_SUBJECT', this.props.subject);
  }

  /** Jobs that send pushes (built with `secretsExtension`): the private key's ARN and read access to it alone. */
  configureSender(fn: LambdaFunction): void {
    this.configurePublicKey(fn);
    this.secret.grantRead(fn);
    fn.addEnvironment('VAPID_SECRET_ARN', this.secret.secretArn);
  }
}
