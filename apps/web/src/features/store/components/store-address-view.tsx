import { STORE_ADDRESS_MESSAGES, type TStoreAddress } from '@colete/contract';
import { Box, Typography } from '@mui/material';

const L = STORE_ADDRESS_MESSAGES.labels;

/** The shop's address as the buyer typed it, read-only ('-' where empty; spec 001 section 2 "Store address form"). */
export function StoreAddressView({ address }: { address: TStoreAddress }) {
  const provinceCity = [address.province, address.city].filter((p) => p?.trim()).join(', ');
  const rows: [string, string | null][] = [
    [L.firstName, address.firstName],
    [L.lastName, address.lastName],
    [L.company, address.company],
    [L.phone, address.phone],
    [L.provinceCity, provinceCity],
    [L.zip, address.zip],
    [L.address1, address.address1],
    [L.address2, address.address2],
  ];
  return (
    <Box
      component="dl"
      aria-label={STORE_ADDRESS_MESSAGES.storeAddress}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value?.trim() ? value : '-'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
