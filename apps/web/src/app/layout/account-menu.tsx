import LogoutIcon from '@mui/icons-material/Logout';
import { Box, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';

/**
 * The top bar's account menu (name, email, sign-out): its own chunk, which the shell asks for when
 * the pointer or the focus reaches the account button, so no first load carries MUI's Menu,
 * Popover and Modal for it, nor the sign-out's mutation.
 */
export default function AccountMenu({
  anchorEl,
  onClose,
  user,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  user: { name: string; email: string } | null | undefined;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => {
    onClose();
    logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  };
  return (
    <Menu anchorEl={anchorEl} open={!!anchorEl} onClose={onClose}>
      <Box sx={{ px: 2, py: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{user?.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user?.email}
        </Typography>
      </Box>
      <MenuItem onClick={onLogout} disabled={logout.isPending}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Deconectare
      </MenuItem>
    </Menu>
  );
}
