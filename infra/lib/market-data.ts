import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { providerKeyArnVar } from '@tapewatch/functions/platform/secret-env';
import type { DeployConfig, ProviderKeyName } from './config.ts';

/**
 * Live market data on AWS: the data mode for every function, and each provider key in its own
 * Secrets Manager secret ({"api_key": "..."}, created by the operator, so no value enters the
 * template). Only the jobs that fetch from a provider (the registry's `jobs`) may read its secret;
 * they load it at cold start (functions/src/platform/secret-env.ts). Routes learn which keys are
 * configured by name only (TAPEWATCH_CONFIGURED_KEYS), to say what is missing on the screens.
 */
export class MarketDataSettings extends Construct {
  private readonly secrets = new Map<ProviderKeyName, ISecret>();

  constructor(
    scope: Construct,
    id: string,
    private readonly config: DeployConfig['marketData'],
  ) {
    super(scope, id);
    for (const [key, name] of Object.entries(config.secretNames) as Array<[ProviderKeyName, string]>)
      this.secrets.set(key, Secret.fromSecretNameV2(this, key, name));
  }

  /** Shared by every function: the data mode and the names (never values) of the configured keys. */
  environment(): Record<string, string> {
    if (this.config.mode !== 'live') return {};
    return { TAPEWATCH_DATA_MODE: 'live', TAPEWATCH_CONFIGURED_KEYS: [...this.secrets.keys()].sort().join(',') };
  }

  /** The configured secrets a job needs: those of the sources that list it. */
  secretsOf(job: string): Array<[ProviderKeyName, ISecret]> {
    return [...this.secrets].filter(([key]) => DATA_SOURCES.some((s) => s.envKey === key && s.jobs.includes(job)));
  }

  /** For a job built with the secrets extension: read access to its providers' secrets, and their ARNs. */
  configure(fn: LambdaFunction, job: string): void {
    for (const [key, secret] of this.secretsOf(job)) {
      secret.grantRead(fn);
      fn.addEnvironment(providerKeyArnVar(key), secret.secretArn);
    }
  }
}
