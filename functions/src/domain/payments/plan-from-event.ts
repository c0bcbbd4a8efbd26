import type { PaymentEvent } from '../../platform/payments-types.ts';

export type PlanDecision =
  | {
      kind: 'apply';
      userId?: string;
      customerId?: string;
      subscriptionId?: string;
      subscription: 'basic' | 'free';
      /** event.created * 10 + rank: later events win; within one second a cancel beats a renewal. */
      version: number;
    }
  | { kind: 'ignore'; reason: string }
  | { kind: 'reject'; message: string };

// Within one second: a paid checkout beats a still-incomplete subscription.created, and a cancel beats a renewal.
const RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'checkout.session.completed': 1,
  'customer.subscription.updated': 2,
  'invoice.payment_failed': 3,
  'customer.subscription.deleted': 4,
};
/** Admin changes rank above every webhook of the same second. */
export const ADMIN_RANK = 5;
export const planVersion = (epochSeconds: number, rank: number): number => epochSeconds * 10 + rank;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== ''
    ? v
    : typeof v === 'object' && v && typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : undefined;
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** Statuses in which Stripe still delivers the service. */
const ACTIVE = new Set(['active', 'trialing']);

/** Maps one verified provider event to the plan it implies (pure; the caller applies it). */
export function planFromEvent(event: PaymentEvent, basicPriceId: string): PlanDecision {
  const rank = RANK[event.type];
  if (rank === undefined) return { kind: 'ignore', reason: `event type ${event.type}` };
  const o = event.data.object;
  const version = planVersion(event.created, rank);
  const customerId = str(o.customer);
  switch (event.type) {
    case 'checkout.session.completed': {
      const userId = str(o.client_reference_id);
      if (o.mode !== 'subscription') return { kind: 'ignore', reason: 'not a subscription checkout' };
      if (!userId) return { kind: 'ignore', reason: 'checkout without client_reference_id' };
      const paid = o.payment_status === 'paid' || o.payment_status === 'no_payment_required';
      if (!paid) return { kind: 'ignore', reason: `payment_status ${String(o.payment_status)}` };
      return { kind: 'apply', userId, customerId, subscriptionId: str(o.subscription), subscription: 'basic', version };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const items = (rec(o.items).data as unknown[] | undefined) ?? [];
      const prices = items.map((i) => str(rec(i).price) ?? '');
      const unknown = prices.find((p) => p !== basicPriceId);
      if (unknown !== undefined)
        return { kind: 'reject', message: `Unknown price id '${unknown}': only the Basic plan is sold.` };
      const deleted = event.type === 'customer.subscription.deleted';
      return {
        kind: 'apply',
        userId: str(rec(o.metadata).userId),
        customerId,
        subscriptionId: str(o.id),
        subscription: !deleted && ACTIVE.has(String(o.status)) ? 'basic' : 'free',
        version,
      };
    }
    default: {
      // invoice.payment_failed: the subscription id moved under parent.subscription_details in newer API versions.
      const details = rec(rec(o.parent).subscription_details);
      return {
        kind: 'apply',
        userId: str(rec(details.metadata).userId),
        customerId,
        subscriptionId: str(details.subscription) ?? str(o.subscription),
        subscription: 'free',
        version,
      };
    }
  }
}
