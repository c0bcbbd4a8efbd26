import { describe, expect, it } from 'vitest';
import { planFromEvent, planVersion } from './plan-from-event.ts';

const PRICE = 'price_basic';
const ev = (type: string, object: Record<string, unknown>, created = 1_700_000_000) => ({
  id: `evt_${type}`,
  type,
  created,
  data: { object },
});
const sub = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  customer: 'cus_1',
  status,
  metadata: { userId: 'u1' },
  items: { data: [{ price: { id: PRICE } }] },
  ...extra,
});

describe('planFromEvent', () => {
  it('a paid subscription checkout grants basic to client_reference_id, never to an email', () => {
    const d = planFromEvent(
      ev('checkout.session.completed', {
        mode: 'subscription',
        client_reference_id: 'u1',
        customer: 'cus_1',
        subscription: 'sub_1',
        payment_status: 'paid',
        customer_email: 'x@y.z',
      }),
      PRICE,
    );
    expect(d).toEqual({
      kind: 'apply',
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      subscription: 'basic',
      version: planVersion(1_700_000_000, 1),
    });
    expect(
      planFromEvent(
        ev('checkout.session.completed', { mode: 'subscription', customer_email: 'x@y.z', payment_status: 'paid' }),
        PRICE,
      ).kind,
    ).toBe('ignore');
    expect(
      planFromEvent(
        ev('checkout.session.completed', { mode: 'payment', client_reference_id: 'u1', payment_status: 'paid' }),
        PRICE,
      ).kind,
    ).toBe('ignore');
  });

  it.each([
    ['active', 'basic'],
    ['trialing', 'basic'],
    ['past_due', 'free'],
    ['unpaid', 'free'],
    ['incomplete', 'free'],
    ['canceled', 'free'],
  ])('subscription status %s -> %s', (status, plan) => {
    expect(planFromEvent(ev('customer.subscription.updated', sub(status)), PRICE)).toMatchObject({
      kind: 'apply',
      userId: 'u1',
      subscription: plan,
    });
  });

  it('deleted is free whatever the status; payment_failed is free and finds the subscription under parent', () => {
    expect(planFromEvent(ev('customer.subscription.deleted', sub('active')), PRICE)).toMatchObject({
      subscription: 'free',
    });
    const failed = planFromEvent(
      ev('invoice.payment_failed', {
        customer: 'cus_1',
        parent: { subscription_details: { subscription: 'sub_1', metadata: { userId: 'u1' } } },
      }),
      PRICE,
    );
    expect(failed).toMatchObject({
      kind: 'apply',
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      subscription: 'free',
    });
  });

  it('within one second: checkout beats an incomplete created, a cancel beats a renewal', () => {
    const v = (type: string, o: Record<string, unknown>) =>
      (planFromEvent(ev(type, o), PRICE) as { version: number }).version;
    expect(
      v('checkout.session.completed', { mode: 'subscription', client_reference_id: 'u1', payment_status: 'paid' }),
    ).toBeGreaterThan(v('customer.subscription.created', sub('incomplete')));
    expect(v('customer.subscription.deleted', sub('canceled'))).toBeGreaterThan(
      v('customer.subscription.updated', sub('active')),
    );
    expect(planVersion(1_700_000_001, 0)).toBeGreaterThan(v('customer.subscription.deleted', sub('canceled')));
  });

  it('rejects unknown prices and ignores other event types', () => {
    expect(
      planFromEvent(
        ev('customer.subscription.created', sub('active', { items: { data: [{ price: { id: 'price_gold' } }] } })),
        PRICE,
      ),
    ).toEqual({
      kind: 'reject',
      message: "Unknown price id 'price_gold': only the Basic plan is sold.",
    });
    expect(planFromEvent(ev('invoice.paid', {}), PRICE).kind).toBe('ignore');
  });
});
