import { useEffect } from 'react';

/** The ad conversion of a subscription (spec part 2 section 9): value 1 in CAD. */
export const CONVERSION_EVENT = { value: 1, currency: 'CAD' } as const;

type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

/**
 * Sends the conversion to the ad tag only when the build names a conversion target
 * (VITE_ADS_CONVERSION_ID) and the page has a gtag function; otherwise it does nothing, so no
 * third-party script is ever loaded for it.
 */
export function recordConversion(target = import.meta.env.VITE_ADS_CONVERSION_ID as string | undefined): boolean {
  const gtag = (window as { gtag?: Gtag }).gtag;
  if (!target || typeof gtag !== 'function') return false;
  gtag('event', 'conversion', { send_to: target, value: CONVERSION_EVENT.value, currency: CONVERSION_EVENT.currency });
  return true;
}

/** Records the conversion once per mount. */
export function useConversionEvent(): void {
  useEffect(() => {
    recordConversion();
  }, []);
}
