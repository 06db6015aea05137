import type { TShipmentStatus } from '@colete/contract';
import { Chip } from '@mui/material';

/** The status text in its theme colour (outlined, dark shade: readable on white at chip size). */
export function ShipmentStatusChip({ status }: { status: Pick<TShipmentStatus, 'text' | 'color'> }) {
  const c = status.color;
  return (
    <Chip
      size="small"
      label={status.text}
      variant={c === 'default' ? 'filled' : 'outlined'}
      sx={c === 'default' ? undefined : { color: `${c}.dark`, borderColor: `${c}.dark`, fontWeight: 600 }}
    />
  );
}
