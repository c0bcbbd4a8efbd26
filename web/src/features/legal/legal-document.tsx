import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export const LEGAL_UPDATED = '2026-11-22';

/** A static legal text: title, date and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  return (
    <Box component="article" aria-label={title} sx={{ maxWidth: 820, mx: 'auto', py: { xs: 1, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Last updated {LEGAL_UPDATED}
      </Typography>
      <Typography sx={{ mb: 2 }}>{intro}</Typography>
      {sections.map((s, i) => (
        <Box component="section" key={s.heading} sx={{ mb: 2.5 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 0.75 }}>
            {i + 1}. {s.heading}
          </Typography>
          {s.paragraphs.map((p) => (
            <Typography key={p} sx={{ mb: 1 }} color="text.secondary">
              {p}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
