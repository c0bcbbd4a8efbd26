import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Link component={RouterLink} to="/">
        Back to the start page
      </Link>
    </Box>
  );
}
