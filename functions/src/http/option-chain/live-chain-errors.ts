import { AppError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { MissingApiKeyError, ProviderError, ProviderNotFoundError } from '../../providers/http.ts';
import { ProviderConfigError } from '../../providers/select-provider.ts';

/**
 * What a trader reads when a chain cannot be had: the vendor has none (404), the configuration cannot
 * fetch one (503, naming what to set; never another vendor or the demo instead), or the vendor failed
 * after its retries (503). Anything else is a bug and stays a 500.
 */
export function liveChainError(ticker: string, e: unknown): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof ProviderNotFoundError)
    return new NotFoundError(`No option chain for ${ticker}: it lists no options.`);
  if (e instanceof MissingApiKeyError)
    return new ServiceUnavailableError(
      `Option chains are set to come from Polygon (OPTION_CHAIN_SOURCE=polygon), but ${e.envVar} is not set: set it, or unset OPTION_CHAIN_SOURCE to use CBOE's free delayed quotes.`,
    );
  if (e instanceof ProviderConfigError)
    return new ServiceUnavailableError(
      'The option chain source is misconfigured: OPTION_CHAIN_SOURCE must be cboe or polygon.',
    );
  if (e instanceof ProviderError)
    return new ServiceUnavailableError(
      `The ${e.provider === 'polygon' ? 'Polygon' : 'CBOE'} option chain for ${ticker} could not be fetched just now. Please try again in a minute.`,
    );
  return e;
}
