import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { OPENAPI_PATH, useOpenApi } from './api/get-openapi.ts';
import { OperationCard } from './components/operation-card.tsx';
import { QuickStart } from './components/quick-start.tsx';
import { operationsByTag } from './utils/operations.ts';

// "dark pool" finds get_dark_pool_data and "Dark-pool positions" alike.
const words = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[_\-/]+/g, ' ')
    .trim();

/** The public API: quick start and a reference rendered from the OpenAPI document the server publishes. */
export function DevelopersPage() {
  const { data, error, isPending } = useOpenApi();
  const [filter, setFilter] = useState('');
  const origin = window.location.origin;
  const groups = useMemo(() => {
    if (!data) return [];
    const needle = words(filter);
    return operationsByTag(data)
      .map((g) => ({
        ...g,
        operations: g.operations.filter((o) => !needle || words(`${o.path} ${o.summary} ${g.tag}`).includes(needle)),
      }))
      .filter((g) => g.operations.length > 0);
  }, [data, filter]);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Tapewatch API
      </Typography>
      <Typography variant="body1" sx={{ mb: 2 }} data-testid="developers-intro">
        The data behind every screen, as JSON over HTTPS. Free analytics need no key (with one, each answer tells how
        much of your quota is left); your watchlists and options flow need an API key, created on your Profile page, and
        flow needs the basic plan. Every error answers with{' '}
        <code>{'{ "alert_show": true, "alert_message": "..." }'}</code> and a 4xx status. The machine-readable
        description is <Link href={OPENAPI_PATH}>{OPENAPI_PATH}</Link> (OpenAPI 3.1): point your client generator at it.
      </Typography>
      <QuickStart origin={origin} />
      <Typography variant="h5" component="h2" gutterBottom>
        Reference
      </Typography>
      <TextField
        label="Find a route"
        size="small"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      {error && <Alert severity="error">{error.message}</Alert>}
      <LoadingOverlay open={isPending} />
      {groups.map((g) => (
        <Box component="section" key={g.tag} aria-label={g.tag} sx={{ mb: 3 }}>
          <Typography variant="h6" component="h3">
            {g.tag}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {g.description}
          </Typography>
          {g.operations.map((op) => (
            <OperationCard key={`${op.method} ${op.path}`} op={op} origin={origin} />
          ))}
        </Box>
      ))}
      {data && groups.length === 0 && <Typography>No route matches “{filter}”.</Typography>}
    </Box>
  );
}
