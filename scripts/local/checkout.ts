import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  decodeLocalSession,
  LOCAL_BASIC_PRICE,
  localSubscriptionId,
  userIdOfLocalCustomer,
} from '@tapewatch/functions/platform/payments-local';
import { PROMO } from '@tapewatch/shared/constants';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { readBody } from './lambda-event.ts';
import { sameOriginPath } from './request-guard.ts';

const PROMO_CODE = PROMO.couponCode;
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
.card{border:1px solid #e3e8ee;border-radius:8px;padding:1.5rem}button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer}
button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}.err{color:#c0123c}.muted{color:#697386;font-size:.9rem}input{padding:.5rem;font-size:1rem}</style></head>
<body><p class="muted">Local test mode: this page plays the payment provider's hosted page.</p><div class="card">${body}</div></body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

const redirect = (res: ServerResponse, to: string): void => void res.writeHead(303, { location: to }).end();

function subscriptionObject(userId: string, customerId: string, status: string) {
  return {
    id: localSubscriptionId(userId),
    object: 'subscription',
    customer: customerId,
    status,
    metadata: { userId },
    items: {
      object: 'list',
      data: [{ object: 'subscription_item', price: { id: LOCAL_BASIC_PRICE, unit_amount: 3900, currency: 'usd' } }],
    },
  };
}

/** /dev/checkout/:session and /dev/portal/:customer: the local stand-ins for Stripe's hosted pages. */
export async function serveLocalPayments(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  baseUrl: string,
): Promise<void> {
  const [, , kind, id = '', action] = url.pathname.split('/');
  const post = req.method === 'POST';
  if (kind === 'checkout') {
    const session = decodeLocalSession(id);
    if (!session) return page(res, 404, 'Checkout', '<h1>Checkout session not found</h1>');
    // Like Stripe's page: Apply checks a code and shows the discounted first month before paying.
    const form = (error = '', applied = '') =>
      page(
        res,
        error ? 400 : 200,
        'Subscribe to Basic',
        `<h1>Subscribe to Tapewatch Basic</h1>${
          applied
            ? `<p data-testid="price"><s>$39.00</s> <strong>$${(39 * (1 - PROMO.percentOff / 100)).toFixed(2)}</strong> the first month with ${esc(applied)} (${PROMO.percentOff}% off), then $39.00 per month</p>`
            : '<p data-testid="price"><strong>$39.00</strong> per month</p>'
        }
<p>Account: ${esc(session.email)}</p><form method="post" action="/dev/checkout/${id}/pay"><p><label>Promotion code <input name="promo" autocomplete="off" value="${esc(applied)}"></label>
<button class="secondary" type="submit" formaction="/dev/checkout/${id}/apply">Apply</button></p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}<p><button type="submit">Pay</button></p></form>
<form method="post" action="/dev/checkout/${id}/cancel"><button class="secondary" type="submit">Cancel</button></form>`,
      );
    if (!post) return form();
    if (action === 'cancel') return redirect(res, session.cancelUrl);
    const promo = new URLSearchParams((await readBody(req)).toString('utf8')).get('promo')?.trim() ?? '';
    if (promo !== '' && promo.toUpperCase() !== PROMO_CODE) return form('This code is invalid.');
    if (action === 'apply') return promo === '' ? form() : form('', promo.toUpperCase());
    const subscriptionId = localSubscriptionId(session.userId);
    const completed = localEvent('checkout.session.completed', {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: session.userId,
      customer: session.customerId,
      subscription: subscriptionId,
      payment_status: 'paid',
      status: 'complete',
      amount_total: promo ? Math.round(3900 * (1 - PROMO.percentOff / 100)) : 3900,
      metadata: { userId: session.userId },
    });
    const created = localEvent(
      'customer.subscription.created',
      subscriptionObject(session.userId, session.customerId, 'active'),
    );
    for (const event of [completed, created]) {
      const out = await deliverEvent(baseUrl, event);
      if (out.status !== 200)
        return page(res, 502, 'Checkout', `<h1>Webhook failed</h1><p class="err">${esc(JSON.stringify(out.body))}</p>`);
    }
    return redirect(res, session.successUrl);
  }
  if (kind === 'portal') {
    const customerId = decodeURIComponent(id);
    const userId = userIdOfLocalCustomer(customerId);
    // Only back to this app: an open redirect here would lend the billing page to phishing.
    const safeBack = sameOriginPath(url.searchParams.get('return'), baseUrl);
    if (!userId) return page(res, 404, 'Billing', '<h1>Customer not found</h1>');
    if (!post) {
      return page(
        res,
        200,
        'Manage subscription',
        `<h1>Manage your subscription</h1><p>Tapewatch Basic, $39.00 per month</p>
<form method="post" action="/dev/portal/${encodeURIComponent(customerId)}/cancel?return=${encodeURIComponent(safeBack)}"><button type="submit">Cancel subscription</button></form>
<p><a href="${esc(safeBack)}">Return to Tapewatch</a></p>`,
      );
    }
    if (action === 'cancel') {
      const out = await deliverEvent(
        baseUrl,
        localEvent('customer.subscription.deleted', subscriptionObject(userId, customerId, 'canceled')),
      );
      if (out.status !== 200)
        return page(res, 502, 'Billing', `<h1>Webhook failed</h1><p class="err">${esc(JSON.stringify(out.body))}</p>`);
    }
    return redirect(res, safeBack);
  }
  page(res, 404, 'Not found', '<h1>Not found</h1>');
}
