import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import type { ReactNode } from 'react';

/** The sections of the settings area (spec 000 section 2); a card without a path is shown as coming soon. */
export type SettingsSection = { title: string; description: string; icon: ReactNode; path?: string };

export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    title: 'Rambursuri',
    description: 'Contul bancar in care primiti banii din ramburs si cat de des ii primiti.',
    icon: <AccountBalanceOutlinedIcon />,
    path: '/profile/settings/repayment',
  },
  {
    title: 'Securitate',
    description: 'Schimbati parola contului.',
    icon: <LockOutlinedIcon />,
    path: '/profile/settings/security',
  },
  {
    title: 'Notificari',
    description: 'Ce notificari primiti pe email si SMS si la ce adrese.',
    icon: <NotificationsOutlinedIcon />,
    path: '/profile/settings/notify/mail',
  },
  {
    title: 'Printare',
    description: 'Formatul etichetei AWB (A4 sau A6) si printarea comenzilor.',
    icon: <PrintOutlinedIcon />,
    path: '/profile/settings/print',
  },
  {
    title: 'Program',
    description: 'Programul de lucru saptamanal pentru ridicarea coletelor.',
    icon: <ScheduleOutlinedIcon />,
    path: '/profile/settings/schedule',
  },
  {
    title: 'Abonamente',
    description: 'Abonamentele cu cardul care reincarca automat contul preplatit.',
    icon: <CreditCardOutlinedIcon />,
    path: '/profile/settings/card-management/subscriptions',
  },
];
