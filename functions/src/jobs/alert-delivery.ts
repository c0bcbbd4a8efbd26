import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PLAN_PAUSED_MESSAGE } from '@tapewatch/shared/alerts/limits';
import type { FiredAlert } from '@tapewatch/shared/schemas/alerts';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { WsEvent, WsFrame } from '@tapewatch/shared/ws/messages';
import { AlertHistoryRepository, type NewAlert } from '../data/alert-history-repository.ts';
import { AlertMailRepository } from '../data/alert-mail-repository.ts';
import { AlertRulesRepository } from '../data/alert-rules-repository.ts';
import { ConnectionRepository } from '../data/connection-repository.ts';
import { UsersRepository } from '../data/users-repository.ts';
import {
  composeAlertEmail,
  emptyMailState,
  flushDue,
  onMatches,
  underDailyCap,
} from '../domain/alerts/email-throttle.ts';
import { signPauseLink } from '../domain/alerts/pause-link.ts';
import { errorFields, log } from '../lib/log.ts';
import { startedEarly } from '../lib/started-early.ts';
import { alertLinkSecret, appBaseUrl } from '../platform/alert-link-secret.ts';
import { newYorkDate } from '../platform/clock.ts';
import { mailer, type Mailer } from '../platform/mail.ts';
import { postToConnection } from '../platform/realtime.ts';
import { AlertAllowance } from './alert-allowance.ts';
import { AlertSockets, PlanCache } from './alert-audience.ts';
import { AlertMatcher, type RuleMatch } from './alert-matcher.ts';
import { emitAlertFailure } from './alert-metrics.ts';
import { AlertWebPush } from './alert-web-push.ts';

export interface DeliveryReport {
  /** Alerts stored and pushed one by one (within the user's in-app allowance). */
  fired: number;
  /** Matches past the allowance, counted into "N more trades matched" items. */
  folded: number;
  /** Alerts sockets reached (the in-app toast). */
  pushed: number;
  emailed: number;
  /** Browser notifications the push services accepted. */
  webPushed: number;
}

/**
 * Fired alerts from the live path: within the user's in-app allowance (alert-allowance.ts; the rest
 * fold into one "N more trades matched" item) stored in the history first-class (a closed socket
 * loses nothing) and pushed to the user's open sockets as `alert` events; every match is emailed
 * under the per-rule throttle and the per-user daily cap. A user whose plan ended has their rules paused, not deleted.
 */
export class AlertDelivery {
  private readonly plans: PlanCache;
  /** The open alerts sockets by user (tests relist it after opening one). */
  readonly sockets: AlertSockets;
  private readonly history: AlertHistoryRepository;
  private readonly mail: AlertMailRepository;
  private readonly rules: AlertRulesRepository;
  private readonly connections: ConnectionRepository;
  private readonly allowance: AlertAllowance;
  private mailing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DynamoDBDocumentClient,
    readonly matcher: AlertMatcher = new AlertMatcher(db),
    private readonly mailerOf: () => Mailer = mailer,
    readonly webPush: AlertWebPush = new AlertWebPush(db),
  ) {
    this.plans = new PlanCache(db);
    this.sockets = new AlertSockets(db);
    this.history = new AlertHistoryRepository(db);
    this.mail = new AlertMailRepository(db);
    this.rules = new AlertRulesRepository(db);
    this.connections = new ConnectionRepository(db);
    this.allowance = new AlertAllowance(db);
  }

  async onTrades(trades: readonly FlowTrade[]): Promise<DeliveryReport> {
    const matches = await this.matcher.match(trades);
    if (matches.length === 0) return { fired: 0, folded: 0, pushed: 0, emailed: 0, webPushed: 0 };
    const users = [...new Set(matches.map((m) => m.compiled.rule.userId))];
    const allowed = await this.plans.subscribed(users);
    // One user's pause failing (an account being deleted refuses the write) must not cost the
    // other users their alerts.
    await Promise.all(
      users
        .filter((u) => !allowed.has(u))
        .map((u) =>
          this.pauseForPlan(u).catch((err: unknown) => log.warn('pausing a lapsed user failed', errorFields(err))),
        ),
    );
    const kept = matches.filter((m) => allowed.has(m.compiled.rule.userId));
    const firedAt = new Date().toISOString();
    const matched: NewAlert[] = kept.map((m) => ({
      id: randomBytes(5).toString('hex'),
      userId: m.compiled.rule.userId,
      ruleId: m.compiled.rule.id,
      ruleName: m.compiled.rule.name,
      firedAt,
      trade: m.trade,
    }));
    // The in-app allowance bounds what one user's rules put on screen and in the history; email has
    // its own throttle and cap, so it still sees every match.
    // Users with an open alerts socket lease first: a toast is waiting for them, the others' alerts
    // only go to the history.
    const open = await this.sockets.forUsers();
    const byUser = this.allowance.apply(matched, (userId) => open.has(userId));
    // A user's toasts go out as soon as their own allowance is known: one user's counter round trip
    // (a new lease) or fold never holds back another's (issue 35: the trade-to-toast p99).
    const pushing = byUser.map((user) =>
      startedEarly(user.then((u) => this.push(u.shown.map((a) => ({ userId: u.userId, alert: toFired(a) }))))),
    );
    const shown = await Promise.all(byUser);
    const alerts = shown.flatMap((u) => u.shown);
    const [, pushedShown] = await Promise.all([this.history.add(alerts), Promise.all(pushing)]);
    const folds = await Promise.all(shown.map((u) => u.fold));
    const folded = folds.reduce((t, f) => t + f.folded, 0);
    const summaries = shown.flatMap((u, i) => {
      const summary = folds[i]!.summary;
      return summary ? [{ userId: u.userId, alert: summary }] : [];
    });
    const pushed = pushedShown.reduce((t, n) => t + n, 0) + (summaries.length > 0 ? await this.push(summaries) : 0);
    // Browser notifications go out after the in-app toasts (never ahead of them), beside the email.
    const webPushing = this.webPush.deliver(alerts).catch((err: unknown) => {
      log.error('alert web push failed', errorFields(err));
      emitAlertFailure('webpush');
      return 0;
    });
    // One batch's email work at a time per container: under load the emails (throttled anyway)
    // fall behind instead of the pushes and history writes of the next trades.
    const emailing = this.mailing.then(() => this.email(kept));
    this.mailing = emailing.then(
      () => undefined,
      () => undefined,
    );
    const emailed = await emailing.catch((err: unknown) => {
      log.error('alert email failed', errorFields(err));
      emitAlertFailure('email');
      return 0;
    });
    return { fired: alerts.length, folded, pushed, emailed, webPushed: await webPushing };
  }

  /** Sends each user's alerts of this batch as one frame to each of their sockets; returns sockets reached. */
  private async push(alerts: ReadonlyArray<{ userId: string; alert: FiredAlert }>): Promise<number> {
    const byUser = new Map<string, FiredAlert[]>();
    for (const a of alerts) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a.alert]);
    let reached = 0;
    const open = await this.sockets.forUsers();
    await Promise.all(
      [...byUser].map(async ([userId, list]) => {
        const ids = open.get(userId);
        if (!ids?.length) return;
        const events: WsEvent[] = list.map((a) => ({ event: 'alert', data: JSON.stringify(a) }));
        const frame: WsFrame = events.length === 1 ? events[0]! : events;
        const data = JSON.stringify(frame);
        for (const connectionId of ids) {
          const ok = await postToConnection(connectionId, data).catch((err: unknown) => {
            log.warn('alert push failed', { connectionId, ...errorFields(err) });
            emitAlertFailure('push');
            return true;
          });
          if (ok) reached += 1;
          else {
            this.sockets.drop(userId, connectionId);
            await this.connections.remove(connectionId);
          }
        }
      }),
    );
    return reached;
  }

  private async email(matches: readonly RuleMatch[]): Promise<number> {
    const byRule = new Map<string, RuleMatch[]>();
    for (const m of matches) {
      const k = `${m.compiled.rule.userId}#${m.compiled.rule.id}`;
      byRule.set(k, [...(byRule.get(k) ?? []), m]);
    }
    let sent = 0;
    for (const list of byRule.values()) {
      const { rule, matchesEverything } = list[0]!.compiled;
      const state = (await this.mail.state(rule.userId, rule.id)) ?? emptyMailState();
      const decision = onMatches(
        state,
        list.map((m) => m.trade),
        Date.now(),
        matchesEverything,
      );
      if (decision.send && (await this.sendEmail(rule.userId, rule.id, rule.name, decision.send))) sent += 1;
      await this.mail.saveState(rule.userId, rule.id, decision.next);
    }
    return sent;
  }

  /** The digest job: sends the waiting matches of every rule whose window has passed. */
  async flushDigests(now = Date.now()): Promise<number> {
    let sent = 0;
    for (const { userId, ruleId } of await this.mail.waitingDigests()) {
      const state = await this.mail.state(userId, ruleId);
      if (!state) continue;
      const rule = await this.rules.get(userId, ruleId);
      const decision = flushDue(state, now);
      if (!decision.send) continue;
      // A paused or deleted rule's waiting matches are dropped (they are in the history already).
      if (rule?.status === 'active' && (await this.sendEmail(userId, ruleId, rule.name, decision.send))) sent += 1;
      await this.mail.saveState(userId, ruleId, decision.next);
    }
    return sent;
  }

  /** False when the email was not sent (daily cap, or no link secret / site URL outside the local runtime). */
  private async sendEmail(
    userId: string,
    ruleId: string,
    ruleName: string,
    batch: { trades: FlowTrade[]; total: number },
  ): Promise<boolean> {
    const today = newYorkDate(new Date());
    if (!underDailyCap(await this.mail.sentOn(userId, today))) return false;
    const [secret, base] = [await alertLinkSecret(), appBaseUrl()];
    if (!secret || !base) {
      log.error('alert email not sent: ALERT_LINK_SECRET or APP_BASE_URL is not configured', { userId, ruleId });
      emitAlertFailure('email');
      return false;
    }
    const profile = await new UsersRepository(this.db).getProfile(userId);
    if (!profile?.email) return false;
    const token = signPauseLink({ userId, ruleId }, secret);
    const { subject, text } = composeAlertEmail({
      ruleName,
      trades: batch.trades,
      total: batch.total,
      pauseUrl: `${base}/alerts/pause/${token}`,
      alertsUrl: `${base}/alerts`,
    });
    await this.mailerOf().send({ to: profile.email, subject, text, link: `${base}/alerts/pause/${token}` });
    await this.mail.countSent(userId, today);
    return true;
  }

  /** Pauses a lapsed user's active rules (reason: plan) and tells them once, by email. */
  private async pauseForPlan(userId: string): Promise<void> {
    const active = (await this.rules.listForUser(userId)).filter((r) => r.status === 'active');
    if (active.length === 0) return;
    for (const r of active) await this.rules.pause(r, 'plan');
    await this.matcher.refresh(true);
    const profile = await new UsersRepository(this.db).getProfile(userId);
    const base = appBaseUrl();
    if (profile?.email)
      await this.mailerOf()
        .send({
          to: profile.email,
          subject: 'Your Tapewatch flow alerts are paused',
          text: `${PLAN_PAUSED_MESSAGE}${base ? `\n\n${base}/alerts` : ''}`,
        })
        .catch((err: unknown) => log.error('plan pause email failed', errorFields(err)));
  }
}

function toFired(a: NewAlert): FiredAlert {
  return {
    id: `${a.firedAt}#${a.id}`,
    rule_id: a.ruleId,
    rule_name: a.ruleName,
    fired_at: a.firedAt,
    read: false,
    trade: a.trade,
  };
}
