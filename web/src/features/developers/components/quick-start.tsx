import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CodeBlock } from './code-block.tsx';

const examples = (origin: string) => ({
  curl: `# Free data needs no token
curl '${origin}/api/get_short_interest?top=float'

# Sign in once; the answer holds the access token
TOKEN=$(curl -s '${origin}/api/submit_login' -H 'Content-Type: application/json' \\
  -d '{"username_or_email":"you@example.com","password":"..."}' | jq -r .token)

# Options flow (basic plan)
curl '${origin}/api/get_options_flow_top_premiums_data?lookback=100' -H "Authorization: Bearer $TOKEN"`,
  TypeScript: `const base = '${origin}';
const res = await fetch(\`\${base}/api/get_dark_pool_individual_data?ticker=SPY\`);
if (!res.ok) throw new Error((await res.json()).alert_message); // every error is an alert
const darkPools = await res.json();

const flow = await fetch(\`\${base}/api/get_current_options_flow\`, {
  headers: { Authorization: \`Bearer \${process.env.TAPEWATCH_TOKEN}\` },
}).then((r) => r.json());`,
  Python: `import os, requests

base = "${origin}"
r = requests.get(f"{base}/api/get_ticker_prices", params={"ticker": "SPY", "window": 252})
r.raise_for_status()
prices = r.json()

flow = requests.get(
    f"{base}/api/get_historical_options_flow",
    params={"dates": '{"start":"2024-03-01","end":"2024-03-08"}', "filters": "[]"},
    headers={"Authorization": f"Bearer {os.environ['TAPEWATCH_TOKEN']}"},
).json()`,
  WebSocket: `// The live feed (basic plan): one JSON frame per batch of new trades
const ws = new WebSocket('${origin.replace(/^http/, 'ws')}/ws?token=' + encodeURIComponent(token));
ws.onmessage = (e) => {
  const frame = JSON.parse(e.data); // { type: 'trades', data: [...] } or { type: 'session_closed', reason }
  console.log(frame);
};`,
});

/** Copy-paste starts for the languages traders script in, with this site's address filled in. */
export function QuickStart({ origin }: { origin: string }) {
  const all = examples(origin);
  const langs = Object.keys(all) as Array<keyof typeof all>;
  const [lang, setLang] = useState<keyof typeof all>('curl');
  return (
    <Box component="section" aria-labelledby="quick-start" sx={{ mb: 3 }}>
      <Typography id="quick-start" variant="h5" component="h2" gutterBottom>
        Quick start
      </Typography>
      <Tabs
        value={lang}
        onChange={(_, v: keyof typeof all) => setLang(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Language"
      >
        {langs.map((l) => (
          <Tab key={l} value={l} label={l} />
        ))}
      </Tabs>
      <Box sx={{ mt: 1 }}>
        <CodeBlock code={all[lang]} label={`${lang} example`} />
      </Box>
    </Box>
  );
}
