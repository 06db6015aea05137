import type { TShipmentDetail } from '@colete/contract';
import { Box, Typography } from '@mui/material';

/** A party of a saved shipment: contact, phone and the address line. */
export function AddressView({ label, address }: { label: string; address: TShipmentDetail['senderAddress'] }) {
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>
        {address.contactName}
        {address.company ? ` · ${address.company}` : ''}
      </Typography>
      <Typography variant="body2">{address.line}</Typography>
      <Typography variant="body2">
        {address.postalCode} {address.city}, {address.county}
      </Typography>
      <Typography variant="body2">
        {address.phone}
        {address.email ? ` · ${address.email}` : ''}
      </Typography>
    </Box>
  );
}
