import { pickupPointStatus, type TPickupPoint } from '@colete/contract';
import { Chip } from '@mui/material';

/** The display status of spec 000 section 4, in the theme's colours (red, green, orange). */
export function PickupStatusChip({ point }: { point: Pick<TPickupPoint, 'deleted' | 'enabled' | 'rejected'> }) {
  const status = pickupPointStatus(point);
  return <Chip size="small" color={status.color} label={status.label} />;
}
