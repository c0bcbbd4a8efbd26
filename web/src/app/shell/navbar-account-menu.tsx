import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Link as RouterLink } from 'react-router';

interface NavbarAccountMenuProps {
  anchor: HTMLElement;
  onClose: () => void;
  onLogout: () => void;
}

/** The logged-in user's menu: Profile and Logout. */
export function NavbarAccountMenu({ anchor, onClose, onLogout }: NavbarAccountMenuProps) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
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
