import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import DashboardCustomizeOutlinedIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import WhereToVoteOutlinedIcon from '@mui/icons-material/WhereToVoteOutlined';
import type { ReactNode } from 'react';

/** The profile areas shown in the navigation: only the areas that work (each issue adds its own). */
export type NavItem = { label: string; path: string; icon: ReactNode; /** Shown to admins only. */ adminOnly?: boolean };

export const NAV_ITEMS: NavItem[] = [
  { label: 'Comenzi', path: '/profile/orders', icon: <LocalShippingOutlinedIcon /> },
  { label: 'Magazine online', path: '/profile/integration', icon: <StorefrontOutlinedIcon /> },
  { label: 'Adrese', path: '/profile/addresses', icon: <PlaceOutlinedIcon /> },
  { label: 'Puncte de ridicare', path: '/profile/pick-up-points', icon: <WhereToVoteOutlinedIcon /> },
  { label: 'Sabloane', path: '/profile/templates', icon: <DashboardCustomizeOutlinedIcon /> },
  { label: 'Cont preplatit', path: '/profile/prepay', icon: <AccountBalanceWalletOutlinedIcon /> },
  { label: 'Date facturare', path: '/profile/billing', icon: <ReceiptLongOutlinedIcon /> },
  { label: 'Setari', path: '/profile/settings', icon: <SettingsOutlinedIcon /> },
  { label: 'Cereri puncte ridicare', path: '/profile/admin/pick-up-points', icon: <FactCheckOutlinedIcon />, adminOnly: true },
];
