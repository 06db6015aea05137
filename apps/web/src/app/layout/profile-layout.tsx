import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { LoadingState } from '../../components/loading-state';
import { useMe } from '../../features/auth/api/get-me';
import { lazyWithPreload, whenIdle } from '../../lib/lazy-with-preload';
import { useSelectedClient } from '../../lib/selected-client';
import { NAV_ITEMS } from '../nav';
import { needsClient } from './client-gate';
import { DockedDrawer } from './docked-drawer';

const DRAWER_WIDTH = 240;
// Admins only: clients never download the selector (an Autocomplete).
// Admins only too: the prompt shown in place of a client's page while no client is chosen.
const ChooseClientPrompt = lazy(() => import('./choose-client-prompt'));
const ClientSelector = lazy(() => import('../../components/client-selector').then((m) => ({ default: m.ClientSelector })));
// Chunks of their own, off the first load: the account menu (asked for when the pointer or the focus
// reaches its button) and the phone's drawer (when the phone's page has drawn, or at the same cue).
const AccountMenu = lazyWithPreload(() => import('./account-menu'));
const MobileDrawer = lazyWithPreload(() => import('./mobile-drawer'));

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
  // Mounted from their first opening on, so they close with their transitions as before.
  const [menuUsed, setMenuUsed] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const me = useMe();
  const user = me.data;
  const { client } = useSelectedClient();
  const { pathname } = useLocation();
  // An admin sees a client's page only for a chosen client, never as an empty account of their own.
  const waitsForClient = !!user?.isAdmin && !client && needsClient(pathname);

  useEffect(() => (desktop ? undefined : whenIdle(MobileDrawer.preload)), [desktop]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {!desktop && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Deschide meniul"
              onPointerEnter={MobileDrawer.preload}
              onFocus={MobileDrawer.preload}
              onClick={() => {
                setDrawerUsed(true);
                setMobileOpen(true);
              }}
              sx={{ mr: 1 }}
            >
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
            onPointerEnter={AccountMenu.preload}
            onFocus={AccountMenu.preload}
            onClick={(e) => {
              setMenuUsed(true);
              setMenuAnchor(e.currentTarget);
            }}
          >
            <AccountCircleOutlinedIcon />
          </IconButton>
          {menuUsed && (
            <Suspense fallback={null}>
              <AccountMenu anchorEl={menuAnchor} onClose={() => setMenuAnchor(null)} user={user} />
            </Suspense>
          )}
        </Toolbar>
      </AppBar>

      {desktop ? (
        <DockedDrawer width={DRAWER_WIDTH}>
          <Toolbar />
          <Navigation onNavigate={() => setMobileOpen(false)} />
        </DockedDrawer>
      ) : (
        drawerUsed && (
          <Suspense fallback={null}>
            <MobileDrawer width={DRAWER_WIDTH} open={mobileOpen} onClose={() => setMobileOpen(false)}>
              <Toolbar />
              <Navigation onNavigate={() => setMobileOpen(false)} />
            </MobileDrawer>
          </Suspense>
        )
      )}

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
