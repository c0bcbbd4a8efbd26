import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_KEY_LIMITS } from '@tapewatch/shared/api-keys/limits';
import { formatNumber } from '../../../lib/format.ts';
import { useApiKeyActions, useApiKeys, type ApiKeyRow } from '../api/api-keys.ts';

const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString() : 'never');

function KeyRow({ row, onRevoke }: { row: ApiKeyRow; onRevoke: (id: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const { minute, day } = row.usage;
  return (
    <Box
      data-testid="api-key-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr auto' },
        gap: 1,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {row.name}{' '}
          <Box component="code" sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
            {row.prefix}…
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Created {when(row.created_at)} · last used {when(row.last_used_at)}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="api-key-usage">
          Today {formatNumber(day.used)} / {formatNumber(day.limit)} · this minute {formatNumber(minute.used)} /{' '}
          {formatNumber(minute.limit)}
        </Typography>
      </Box>
      <Box sx={{ alignSelf: 'center' }}>
        {confirming ? (
          <>
            <Button color="error" size="small" onClick={() => onRevoke(row.id)}>
              Revoke now
            </Button>
            <Button size="small" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button color="error" size="small" onClick={() => setConfirming(true)} aria-label={`Revoke ${row.name}`}>
            Revoke
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** API keys on Profile (issue 26): create (the secret shown once), list with usage, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys(true);
  const { create, revoke } = useApiKeyActions();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const rows = keys.data?.keys ?? [];
  const full = rows.length >= API_KEY_LIMITS.keysPerUser;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, password },
      {
        onSuccess: (answer) => {
          setSecret(answer.secret);
          setName('');
        },
        // A wrong password is answered with an alert; the field is cleared either way.
        onSettled: () => setPassword(''),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 2, mt: 3 }}>
      <Typography variant="h6" component="h2">
        API keys
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        For your own scripts: send <code>Authorization: Bearer &lt;key&gt;</code>. A key has your plan and cannot change
        your account. See the <Link href="/developers">developer docs</Link>.
      </Typography>
      {secret && (
        <Alert
          severity="success"
          onClose={() => setSecret(null)}
          sx={{ my: 1, '& .MuiAlert-message': { minWidth: 0 } }}
        >
          Copy your key now: it is not shown again.
          <Box
            component="code"
            data-testid="api-key-secret"
            sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere', fontSize: '0.9em' }}
          >
            {secret}
          </Box>
          <Button size="small" sx={{ mt: 0.5 }} onClick={() => void navigator.clipboard?.writeText(secret)}>
            Copy
          </Button>
        </Alert>
      )}
      {rows.map((row) => (
        <KeyRow key={row.id} row={row} onRevoke={(id) => revoke.mutate(id)} />
      ))}
      {keys.isSuccess && rows.length === 0 && (
        <Typography variant="body2" sx={{ py: 1 }}>
          No keys yet.
        </Typography>
      )}
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Key name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: API_KEY_LIMITS.nameLength } }}
          disabled={full}
          sx={{ flex: '1 1 200px' }}
        />
        <TextField
          size="small"
          type="password"
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={full}
          sx={{ flex: '1 1 160px' }}
        />
        <Button type="submit" variant="contained" disabled={full || !name.trim() || !password || create.isPending}>
          Create key
        </Button>
      </Box>
      {full && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          You have {API_KEY_LIMITS.keysPerUser} keys, the most you can hold. Revoke one to create another.
        </Typography>
      )}
    </Paper>
  );
}
