import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CONTACT_EMAIL, SOCIAL_LINKS } from './social-links.ts';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{
        mt: 4,
        px: { xs: 2, sm: 3 },
        py: 3,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        justifyContent: 'space-between',
      }}
    >
      <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to="/privacy" color="text.secondary">
          Privacy
        </Link>
        <Link component={RouterLink} to="/terms" color="text.secondary">
          Terms of Use
        </Link>
        <Link component={RouterLink} to="/developers" color="text.secondary">
          API
        </Link>
        <Link component={RouterLink} to="/status" color="text.secondary">
          Data status
        </Link>
        <Link href={`mailto:${CONTACT_EMAIL}`} color="text.secondary">
          {CONTACT_EMAIL}
        </Link>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {SOCIAL_LINKS.map(({ label, href, icon: Icon }) => (
          <IconButton
            key={label}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            size="small"
          >
            <Icon fontSize="small" />
          </IconButton>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        © {year} Tapewatch. Market data for information only, not investment advice.
      </Typography>
    </Box>
  );
}
