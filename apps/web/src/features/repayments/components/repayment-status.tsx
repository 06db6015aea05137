import type { TRepaymentRow } from '@colete/contract';
import { Box } from '@mui/material';

/** The status in its colour (the server's rgba), as a small outlined label. */
export function RepaymentStatus({ status }: { status: TRepaymentRow['status'] }) {
  return (
    <Box
      component="span"
      data-status={status.code}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: '1px solid',
        borderColor: status.rgba,
        color: status.rgba,
        fontSize: 13,
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {status.text}
    </Box>
  );
}
