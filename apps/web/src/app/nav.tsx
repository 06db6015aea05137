import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import DashboardCustomizeOutlinedIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import WhereToVoteOutlinedIcon from '@mui/icons-material/WhereToVoteOutlined';
import CreditScoreOutlinedIcon from '@mui/icons-material/CreditScoreOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import RuleOutlinedIcon from '@mui/icons-material/RuleOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import Diversity3OutlinedIcon from '@mui/icons-material/Diversity3Outlined';
import type { ReactNode } from 'react';

/** The profile areas shown in the navigation: only the areas that work (each issue adds its own). */
export type NavItem = { label: string; path: string; icon: ReactNode; /** Shown to admins only. */ adminOnly?: boolean };

export const NAV_ITEMS: NavItem[] = [
  { label: 'Panou de control', path: '/profile/dashboard', icon: <SpaceDashboardOutlinedIcon /> },
  { label: 'Comenzi', path: '/profile/orders', icon: <LocalShippingOutlinedIcon /> },
  { label: 'Clienti', path: '/profile/customers', icon: <GroupOutlinedIcon /> },
  { label: 'Magazine online', path: '/profile/integration', icon: <StorefrontOutlinedIcon /> },
  { label: 'Adrese', path: '/profile/addresses', icon: <PlaceOutlinedIcon /> },
  { label: 'Puncte de ridicare', path: '/profile/pick-up-points', icon: <WhereToVoteOutlinedIcon /> },
  { label: 'Sabloane', path: '/profile/templates', icon: <DashboardCustomizeOutlinedIcon /> },
  { label: 'Cont preplatit', path: '/profile/prepay', icon: <AccountBalanceWalletOutlinedIcon /> },
  { label: 'Date facturare', path: '/profile/billing', icon: <ReceiptLongOutlinedIcon /> },
  { label: 'Facturi', path: '/profile/invoices', icon: <RequestQuoteOutlinedIcon /> },
  { label: 'e-Factura', path: '/profile/invoicing-system', icon: <MarkEmailReadOutlinedIcon /> },
  { label: 'Sold', path: '/profile/balance', icon: <AccountBalanceOutlinedIcon /> },
  { label: 'Rambursuri', path: '/profile/repayments', icon: <PaymentsOutlinedIcon /> },
  { label: 'Recomanda si castiga', path: '/profile/client-referrals', icon: <Diversity3OutlinedIcon /> },
  { label: 'Setari', path: '/profile/settings', icon: <SettingsOutlinedIcon /> },
  { label: 'Cereri puncte ridicare', path: '/profile/admin/pick-up-points', icon: <FactCheckOutlinedIcon />, adminOnly: true },
  { label: 'Plati clienti', path: '/profile/admin/payments', icon: <CreditScoreOutlinedIcon />, adminOnly: true },
  { label: 'Jurnal actiuni admin', path: '/profile/admin/audit-log', icon: <HistoryOutlinedIcon />, adminOnly: true },
  { label: 'Reconciliere rambursuri', path: '/profile/admin/reconciliation', icon: <RuleOutlinedIcon />, adminOnly: true },
  { label: 'Termene e-Factura', path: '/profile/admin/einvoice-deadlines', icon: <AlarmOutlinedIcon />, adminOnly: true },
];
