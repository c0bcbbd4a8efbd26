import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { DATA_SOURCES, type DataSource, keyInUse } from '@tapewatch/shared/api/data-sources';
import type { RouteName } from '@tapewatch/shared/api/routes';
import { providerKeyArnVar } from '@tapewatch/functions/platform/secret-env';
import type { DeployConfig, ProviderKeyName } from './config.ts';

/**
 * Live market data on AWS: the data mode and vendor choices for every function, and each provider
 * key in its own Secrets Manager secret ({"api_key": "..."}, created by the operator, so no value
 * enters the template). Only the functions that fetch from a provider (the registry's `jobs` and
 * `fetchedBy`, for the vendor chosen) may read its secret; they load it at cold start
 * (functions/src/platform/secret-env.ts). The others learn which keys are configured by name only
 * (TAPEWATCH_CONFIGURED_KEYS), to say what is missing on the screens.
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

  /** Shared by every function: the data mode, the vendor choices and the names (never values) of the configured keys. */
  environment(): Record<string, string> {
    if (this.config.mode !== 'live') return {};
    return {
      TAPEWATCH_DATA_MODE: 'live',
      TAPEWATCH_CONFIGURED_KEYS: [...this.secrets.keys()].sort().join(','),
      OPTION_CHAIN_SOURCE: this.config.optionChainSource,
    };
  }

  /** The configured secrets a job needs: those of the sources it fetches from. */
  secretsOf(job: string): Array<[ProviderKeyName, ISecret]> {
    return this.secretsFetchedBy((s) => s.jobs.includes(job) || (s.fetchedBy?.jobs.includes(job) ?? false));
  }

  /** The configured secrets a route needs: those of the sources it fetches from on request. */
  routeSecrets(route: RouteName): Array<[ProviderKeyName, ISecret]> {
    return this.secretsFetchedBy((s) => s.fetchedBy?.routes.includes(route) ?? false);
  }

  /** For a function built with the secrets extension: read access to these secrets, and their ARNs. */
  configure(fn: LambdaFunction, secrets: Array<[ProviderKeyName, ISecret]>): void {
    for (const [key, secret] of secrets) {
      secret.grantRead(fn);
      fn.addEnvironment(providerKeyArnVar(key), secret.secretArn);
    }
  }

  private secretsFetchedBy(fetches: (source: DataSource) => boolean): Array<[ProviderKeyName, ISecret]> {
    const env = this.environment();
    return [...this.secrets].filter(([key]) => DATA_SOURCES.some((s) => keyInUse(s, env) === key && fetches(s)));
  }
}
