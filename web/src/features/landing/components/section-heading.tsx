import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function SectionHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 2.5, maxWidth: 760 }}>
      <Typography variant="h4" component="h2" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {title}
      </Typography>
      {children && (
        <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}
