import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface StripeSettingsProps {
  priceId: string;
  /** Created by the operator before the deploy (README), so no secret value ever enters the template. */
  secretName: string;
}

/**
 * Stripe on AWS: the price id is plain configuration; the API key and webhook signing secret live in
 * one Secrets Manager secret ({"secret_key": "sk_...", "webhook_secret": "whsec_..."}) that the
 * payment code loads at cold start (functions/src/platform/secret-env.ts, cached per container).
 */
export class StripeSettings extends Construct {
  readonly secret: ISecret;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: StripeSettingsProps,
  ) {
    super(scope, id);
    this.secret = Secret.fromSecretNameV2(this, 'Secret', props.secretName);
  }

  /** For a function built with `secretsExtension`: where the secret is, and read access to it alone. */
  configure(fn: LambdaFunction): void {
    this.secret.grantRead(fn);
    fn.addEnvironment('STRIPE_SECRET_ARN', this.secret.secretArn);
    fn.addEnvironment('STRIPE_PRICE_BASIC', this.props.priceId);
  }
}
