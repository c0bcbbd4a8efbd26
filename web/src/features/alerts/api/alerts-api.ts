import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export type AlertRules = ResponseOf<'get_alert_rules'>;
export type AlertRule = AlertRules['rules'][number];
export type AlertRuleDraft = BodyOf<'create_alert_rule'>;
export type Backtest = ResponseOf<'backtest_alert_rule'>;
export type AlertHistory = ResponseOf<'get_alert_history'>;

export const ALERT_RULES_KEY = ['get_alert_rules'] as const;
/** The bell (app shell) keys the whole history the same way: a change here refreshes it too. */
const HISTORY_KEY = ['get_alert_history'] as const;

export const alertRulesQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ALERT_RULES_KEY,
    queryFn: ({ signal }) => apiGet('get_alert_rules', {}, { signal }),
    enabled,
  });

export function useAlertRules(enabled: boolean) {
  return useQuery(alertRulesQueryOptions(enabled));
}

/** A rule's history in pages of 300, newest first; fetchNextPage reads the older ones. */
export function useRuleHistory(ruleId: string | null) {
  return useInfiniteQuery({
    queryKey: [...HISTORY_KEY, ruleId],
    queryFn: ({ signal, pageParam }) =>
      apiGet('get_alert_history', { rule_id: ruleId!, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: ruleId !== null,
  });
}

/** Every rule write refreshes the list (and the history, whose rule names may change). */
function useRuleWrite<V>(write: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ALERT_RULES_KEY });
      void client.invalidateQueries({ queryKey: HISTORY_KEY });
    },
  });
}

export const useCreateRule = () => useRuleWrite((rule: AlertRuleDraft) => apiPost('create_alert_rule', rule));
export const useUpdateRule = () =>
  useRuleWrite((v: { id: string; rule: AlertRuleDraft }) => apiPost('update_alert_rule', v));
export const useRuleStatus = () =>
  useRuleWrite((v: { id: string; status: 'active' | 'paused' }) => apiPost('set_alert_rule_status', v));
export const useDeleteRule = () => useRuleWrite((id: string) => apiPost('delete_alert_rule', { id }));

export function useBacktest() {
  return useMutation({ mutationFn: (rule: AlertRuleDraft) => apiPost('backtest_alert_rule', { rule }) });
}

export function usePauseFromEmail() {
  return useMutation({ mutationFn: (token: string) => apiPost('pause_alert_from_email', { token }) });
}

export type PushConfig = ResponseOf<'get_push_config'>;
const PUSH_CONFIG_KEY = ['get_push_config'] as const;

/** Whether the server sends browser notifications (and its public key); asked for subscribers only. */
export function usePushConfig(enabled: boolean) {
  return useQuery({
    queryKey: PUSH_CONFIG_KEY,
    queryFn: ({ signal }) => apiGet('get_push_config', {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

function usePushWrite<V>(write: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void client.invalidateQueries({ queryKey: PUSH_CONFIG_KEY }),
  });
}

export const useSubscribePush = () => usePushWrite((sub: BodyOf<'subscribe_push'>) => apiPost('subscribe_push', sub));
export const useUnsubscribePush = () => usePushWrite((endpoint: string) => apiPost('unsubscribe_push', { endpoint }));
