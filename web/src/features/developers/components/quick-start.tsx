import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CodeBlock } from './code-block.tsx';

const examples = (origin: string) => ({
  curl: `# Create a key on your Profile page (shown once), then keep it out of your scripts' source
export TAPEWATCH_KEY=tw_live_...

# Free data: with a key, every answer says how much of its quota is left (RateLimit-* headers)
curl -i '${origin}/api/get_short_interest?top=float' -H "Authorization: Bearer $TAPEWATCH_KEY"

# Your watchlists, and options flow (the key has your plan: basic for flow)
curl '${origin}/api/get_watchlists' -H "Authorization: Bearer $TAPEWATCH_KEY"
curl '${origin}/api/get_options_flow_top_premiums_data?lookback=100' -H "Authorization: Bearer $TAPEWATCH_KEY"

# Over the quota (free: 60 a minute, 5,000 a day; basic: 300 and 100,000): 429 with Retry-After`,
  TypeScript: `const base = '${origin}';
const headers = { Authorization: \`Bearer \${process.env.TAPEWATCH_KEY}\` };

const res = await fetch(\`\${base}/api/get_dark_pool_individual_data?ticker=SPY\`, { headers });
if (res.status === 429) await new Promise((r) => setTimeout(r, Number(res.headers.get('Retry-After')) * 1000));
if (!res.ok) throw new Error((await res.json()).alert_message); // every error is an alert
const darkPools = await res.json();
console.log('left this window:', res.headers.get('RateLimit-Remaining'));

const flow = await fetch(\`\${base}/api/get_current_options_flow\`, { headers }).then((r) => r.json());`,
  Python: `import os, requests

base = "${origin}"
s = requests.Session()
s.headers["Authorization"] = f"Bearer {os.environ['TAPEWATCH_KEY']}"

r = s.get(f"{base}/api/get_ticker_prices", params={"ticker": "SPY", "window": 252})
r.raise_for_status()
prices = r.json()
print("left:", r.headers["RateLimit-Remaining"], "resets in", r.headers["RateLimit-Reset"], "s")

flow = s.get(
    f"{base}/api/get_historical_options_flow",
    params={"dates": '{"start":"2024-03-01","end":"2024-03-08"}', "filters": "[]"},
).json()`,
  WebSocket: `// The live feed (basic plan) takes a key as the token: one JSON frame per batch of new trades
const ws = new WebSocket('${origin.replace(/^http/, 'ws')}/ws?token=' + encodeURIComponent(process.env.TAPEWATCH_KEY));
ws.onmessage = (e) => {
  const frame = JSON.parse(e.data); // { event: 'new_flow', data: '<one trade as JSON>' }, or an array of them
  console.log(frame);
};`,
});

/**
 * Copy-paste starts for the languages traders script in, with this site's address filled in. Scripts
 * use an API key from Profile (a session token works too, but expires and is meant for the website).
 */
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
