import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { ReactNode } from 'react';

/** The profile areas shown in the navigation: only the areas that work (each issue adds its own). */
export type NavItem = { label: string; path: string; icon: ReactNode };

export const NAV_ITEMS: NavItem[] = [
  { label: 'Adrese', path: '/profile/addresses', icon: <PlaceOutlinedIcon /> },
  { label: 'Cont preplatit', path: '/profile/prepay', icon: <AccountBalanceWalletOutlinedIcon /> },
  { label: 'Date facturare', path: '/profile/billing', icon: <ReceiptLongOutlinedIcon /> },
  { label: 'Setari', path: '/profile/settings', icon: <SettingsOutlinedIcon /> },
];
