import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Link as RouterLink } from 'react-router';
import { NAV_ITEMS } from '../nav-config.ts';

interface NavbarAccountMenuProps {
  anchor: HTMLElement;
  onClose: () => void;
  onLogout: () => void;
  /** Basic subscribers also get the Options Flow links here on phones, where the sidebar is closed. */
  basic?: boolean;
}

/** The logged-in user's menu: Profile and Logout, and for basic subscribers on phones the Options Flow screens. */
export function NavbarAccountMenu({ anchor, onClose, onLogout, basic = false }: NavbarAccountMenuProps) {
  // Only below the md breakpoint: on wider screens the sidebar's Options Flow group is in view. Not
  // rendered (rather than hidden with CSS) so keyboard focus never lands on an invisible item.
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const flow = basic && phone ? (NAV_ITEMS.find((i) => i.basicOnly)?.children ?? []) : [];
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {flow.length > 0 && <ListSubheader sx={{ lineHeight: '32px' }}>Options Flow</ListSubheader>}
      {flow.map((item) => (
        <MenuItem key={item.path} component={RouterLink} to={item.path} onClick={onClose}>
          <ListItemIcon>
            <item.icon fontSize="small" />
          </ListItemIcon>
          {item.label}
        </MenuItem>
      ))}
      {flow.length > 0 && <Divider />}
      <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
        <ListItemIcon>
          <PersonIcon fontSize="small" />
        </ListItemIcon>
        Profile
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onLogout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
