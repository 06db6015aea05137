import type { TAddressEntry } from '@colete/contract';
import { Box, Typography } from '@mui/material';
import type { HTMLAttributes, Key } from 'react';

/** One address-book entry in a picker's list: its short name, then the contact and the address line the picker chose. */
export function renderAddressEntryOption(line: (e: TAddressEntry) => string) {
  return function AddressEntryOption({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, e: TAddressEntry) {
    return (
      <Box component="li" key={key} {...props}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{e.shortName}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {e.contactName} · {line(e)}
          </Typography>
        </Box>
      </Box>
    );
  };
}
