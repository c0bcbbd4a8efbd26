import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AlertRule } from '../api/alerts-api.ts';
import { ruleSummary } from '../utils/rule-summary.ts';
import { RuleHistory } from './rule-history.tsx';

const PAUSED_BECAUSE: Record<string, string> = {
  user: 'paused',
  email: 'paused from an email',
  plan: 'paused: plan ended',
};

export interface RuleListProps {
  rules: readonly AlertRule[];
  /** Only a subscriber is invited to create one (the page tells the others how to get the plan). */
  canCreate: boolean;
  watchlistName: (id: string | null) => string | null;
  busy: boolean;
  onEdit: (rule: AlertRule) => void;
  onStatus: (rule: AlertRule, status: 'active' | 'paused') => void;
  onDelete: (rule: AlertRule) => void;
}

export function RuleList({ rules, canCreate, watchlistName, busy, onEdit, onStatus, onDelete }: RuleListProps) {
  const [open, setOpen] = useState<string | null>(null);
  if (rules.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-rules">
        {canCreate
          ? 'No alerts yet. Create one here, or press "Alert me on this filter" on the Options Flow page.'
          : 'No alerts yet.'}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {rules.map((r) => (
        <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="rule-row">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
            <Chip
              size="small"
              color={r.status === 'active' ? 'success' : 'default'}
              label={r.status === 'active' ? 'active' : (PAUSED_BECAUSE[r.paused_reason ?? 'user'] ?? 'paused')}
              data-testid="rule-status"
            />
            <Box sx={{ flex: 1 }} />
            <Button size="small" onClick={() => setOpen(open === r.id ? null : r.id)}>
              {open === r.id ? 'Hide history' : 'History'}
            </Button>
            <Button size="small" onClick={() => onEdit(r)}>
              Edit
            </Button>
            <Button
              size="small"
              disabled={busy}
              onClick={() => onStatus(r, r.status === 'active' ? 'paused' : 'active')}
            >
              {r.status === 'active' ? 'Pause' : 'Resume'}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => onDelete(r)}>
              Delete
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {ruleSummary(r.filters, watchlistName(r.watchlist_id))}
          </Typography>
          {open === r.id && (
            <Box sx={{ mt: 1 }}>
              <RuleHistory ruleId={r.id} />
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
