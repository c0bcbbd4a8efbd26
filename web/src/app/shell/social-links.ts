import type { SvgIconComponent } from '@mui/icons-material';
import RedditIcon from '@mui/icons-material/Reddit';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';

export const CONTACT_EMAIL = 'support@tapewatch.app';

// Product accounts; update here when the handles change.
export const SOCIAL_LINKS: ReadonlyArray<{ label: string; href: string; icon: SvgIconComponent }> = [
  { label: 'Tapewatch on X', href: 'https://x.com/tapewatch', icon: XIcon },
  { label: 'Tapewatch on Reddit', href: 'https://www.reddit.com/r/tapewatch', icon: RedditIcon },
  { label: 'Tapewatch on YouTube', href: 'https://www.youtube.com/@tapewatch', icon: YouTubeIcon },
];
