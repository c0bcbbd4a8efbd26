import { useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { NavLink, useLocation } from 'react-router';
import { NAV_ITEMS, visibleNavItems, type NavItem } from '../nav-config.ts';
import { useSession } from '../../lib/session.ts';
import { SIDEBAR_WIDTH } from '../theme.ts';

/** Active for its own path and the ticker paths under it (/clusters/AAPL); case-insensitive like the routes. */
const isActive = (pathname: string, path: string) => {
  const p = pathname.toLowerCase();
  const q = path.toLowerCase();
  return p === q || p.startsWith(`${q}/`);
};

function NavEntry({
  item,
  expanded,
  onNavigate,
  nested = false,
}: {
  item: NavItem;
  expanded: boolean;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const { pathname } = useLocation();
  const { label, path, icon: Icon } = item;
  return (
    <ListItemButton
      component={NavLink}
      to={path}
      selected={isActive(pathname, path)}
      onClick={onNavigate}
      sx={{ minHeight: nested ? 40 : 48, px: 2.5, pl: nested && expanded ? 4.5 : 2.5, whiteSpace: 'nowrap' }}
      aria-label={label}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 'auto', justifyContent: 'center' }}>
        <Icon fontSize={nested ? 'small' : 'medium'} />
      </ListItemIcon>
      <ListItemText primary={label} sx={{ opacity: expanded ? 1 : 0, transition: 'opacity 150ms' }} />
    </ListItemButton>
  );
}

/** A group header (not a link) with its sublinks always listed below it, indented when expanded. */
function NavGroup({ item, expanded, onNavigate }: { item: NavItem; expanded: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <Box role="group" aria-label={item.label}>
      {/* A div, not an li: the group sits in a nav, not in a list. */}
      <ListItem component="div" sx={{ minHeight: 40, px: 2.5, whiteSpace: 'nowrap' }}>
        <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 'auto', justifyContent: 'center' }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={item.label} sx={{ opacity: expanded ? 1 : 0, transition: 'opacity 150ms' }} />
      </ListItem>
      {item.children?.map((child) => (
        <NavEntry key={child.path} item={child} expanded={expanded} onNavigate={onNavigate} nested />
      ))}
    </Box>
  );
}

function NavList({ expanded, onNavigate }: { expanded: boolean; onNavigate?: () => void }) {
  const basic = useSession().subscription === 'basic';
  return (
    <List component="nav" aria-label="Main">
      {visibleNavItems(NAV_ITEMS, basic).map((item) =>
        item.children ? (
          <NavGroup key={item.label} item={item} expanded={expanded} onNavigate={onNavigate} />
        ) : (
          <NavEntry key={item.path} item={item} expanded={expanded} onNavigate={onNavigate} />
        ),
      )}
    </List>
  );
}

interface DesktopSidebarProps {
  pinned: boolean;
  onTogglePin: () => void;
}

/** Collapsed to icons; expands over the content on hover; pinned it stays open and pushes the content. */
export function DesktopSidebar({ pinned, onTogglePin }: DesktopSidebarProps) {
  const [hovered, setHovered] = useState(false);
  const expanded = pinned || hovered;
  const width = expanded ? SIDEBAR_WIDTH.expanded : SIDEBAR_WIDTH.collapsed;
  return (
    <Drawer
      variant="permanent"
      data-testid="sidebar"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      slotProps={{
        paper: {
          sx: {
            width,
            overflowX: 'hidden',
            transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
            boxShadow: expanded && !pinned ? 8 : 'none',
          },
        },
      }}
    >
      <Toolbar />
      <Box
        sx={{
          display: 'flex',
          justifyContent: expanded ? 'flex-end' : 'center',
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconButton
          size="small"
          onClick={onTogglePin}
          aria-pressed={pinned}
          aria-label="Pin sidebar"
          title={pinned ? 'Unpin sidebar' : 'Pin sidebar open'}
        >
          {pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
        </IconButton>
      </Box>
      <NavList expanded={expanded} />
    </Drawer>
  );
}

export function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH.expanded } } }}
      ModalProps={{ keepMounted: true }}
    >
      <Toolbar />
      <NavList expanded onNavigate={onClose} />
    </Drawer>
  );
}
