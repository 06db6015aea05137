import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { useMe } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { useSelectedClient } from '../../lib/selected-client';
import { NAV_ITEMS } from '../nav';
import { needsClient } from './client-gate';

const DRAWER_WIDTH = 240;
// Admins only: clients never download the selector (an Autocomplete).
// Admins only too: the prompt shown in place of a client's page while no client is chosen.
const ChooseClientPrompt = lazy(() => import('./choose-client-prompt'));
const ClientSelector = lazy(() => import('../../components/client-selector').then((m) => ({ default: m.ClientSelector })));

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  const isAdmin = !!useMe().data?.isAdmin;
  return (
    <Box component="nav" aria-label="Navigare principala">
      <List>
        {NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin).map((item) => (
          <ListItem key={item.path} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={item.path}
            onClick={onNavigate}
            selected={location.pathname.startsWith(item.path)}
            aria-current={location.pathname.startsWith(item.path) ? 'page' : undefined}
            sx={{ mx: 1, borderRadius: 2 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The signed-in shell: top bar, navigation, the admin's client selector and the page. */
export default function ProfileLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const user = me.data;
  const { client } = useSelectedClient();
  const { pathname } = useLocation();
  // An admin sees a client's page only for a chosen client, never as an empty account of their own.
  const waitsForClient = !!user?.isAdmin && !client && needsClient(pathname);

  const onLogout = () => {
    setMenuAnchor(null);
    logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {!desktop && (
            <IconButton color="inherit" edge="start" aria-label="Deschide meniul" onClick={() => setMobileOpen(true)} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <LocalShippingOutlinedIcon sx={{ mr: 1 }} aria-hidden />
          <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.1rem', flex: 1 }} noWrap>
            Colete Online
          </Typography>
          <IconButton
            color="inherit"
            aria-label={`Contul meu: ${user?.name ?? ''}`}
            aria-haspopup="menu"
            onClick={(e) => setMenuAnchor(e.currentTarget)}
          >
            <AccountCircleOutlinedIcon />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
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
        </Toolbar>
      </AppBar>

      <Drawer
        variant={desktop ? 'permanent' : 'temporary'}
        open={desktop || mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ width: desktop ? DRAWER_WIDTH : undefined, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <Navigation onNavigate={() => setMobileOpen(false)} />
      </Drawer>

      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, pt: { xs: 10, sm: 11 } }}>
        {user?.isAdmin && (
          <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', gap: 2, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
            <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>Actionati in numele clientului:</Typography>
            <Suspense fallback={null}>
              <ClientSelector />
            </Suspense>
          </Paper>
        )}
        <Suspense fallback={<LoadingState />}>
          {waitsForClient ? <ChooseClientPrompt /> : <Outlet />}
        </Suspense>
      </Box>
    </Box>
  );
}
