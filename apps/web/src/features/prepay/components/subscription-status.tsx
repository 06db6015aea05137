import { Chip } from '@mui/material';

/** 0 inactive, 1 pending, 2 active; any other value is unknown (spec 000 section 3). */
const STATUS: Record<number, { label: string; color: 'default' | 'warning' | 'success' }> = {
  0: { label: 'Inactiv', color: 'default' },
  1: { label: 'In asteptare', color: 'warning' },
  2: { label: 'Activ', color: 'success' },
};

export function SubscriptionStatus({ status }: { status: number }) {
  const s = STATUS[status] ?? { label: 'Necunoscut', color: 'default' as const };
  return <Chip size="small" label={s.label} color={s.color} variant={s.color === 'default' ? 'outlined' : 'filled'} />;
}
