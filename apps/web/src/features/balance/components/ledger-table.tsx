import { balanceMessages as T, type TBalanceTransaction } from '@colete/contract';
import { Box, Chip, List, ListItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { formatDateTime, formatMoneyBani } from '../../../lib/format';

type Props = { rows: TBalanceTransaction[]; previous: { label: string; bani: number }; label: string };

const Revert = () => <Chip size="small" color="success" variant="outlined" label={T.revert} sx={{ ml: 1 }} />;

/** The movements of a period oldest first, under the previous-period line: a table on wide screens, cards on a phone. */
export function LedgerTable({ rows, previous, label }: Props) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  if (!wide) {
    return (
      <List disablePadding aria-label={label}>
        <ListItem divider sx={{ px: 1, justifyContent: 'space-between', gap: 1 }} data-testid="previous-line">
          <Typography sx={{ fontWeight: 600 }}>{previous.label}</Typography>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoneyBani(previous.bani)}</Typography>
        </ListItem>
        {rows.map((r) => (
          <ListItem key={r.id} divider sx={{ px: 1, display: 'block' }} data-testid="balance-row">
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(r.dateTime)}
              </Typography>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="row-amount">
                {formatMoneyBani(r.amount)}
              </Typography>
            </Stack>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {r.description}
              {r.isRevert && <Revert />}
            </Typography>
            {r.orderAwb && (
              <Typography variant="body2" color="text.secondary">
                {T.columns.awb}: {r.orderAwb}
              </Typography>
            )}
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{T.columns.date}</TableCell>
            <TableCell>{T.columns.description}</TableCell>
            <TableCell>{T.columns.awb}</TableCell>
            <TableCell align="right">{T.columns.amount}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow data-testid="previous-line" sx={{ bgcolor: 'action.hover' }}>
            <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
              {previous.label}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoneyBani(previous.bani)}
            </TableCell>
          </TableRow>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="balance-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.dateTime)}</TableCell>
              <TableCell>
                {r.description}
                {r.isRevert && <Revert />}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.orderAwb ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="row-amount">
                {formatMoneyBani(r.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
