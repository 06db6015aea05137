import type { TShipmentSummary } from '@colete/contract';
import { Box, Chip, Link, List, ListItem, ListItemButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useDeferredValue } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CourierLogo } from '../../../components/courier-logo';
import { ShipmentStatusChip } from '../../../components/shipment/shipment-status-chip';
import { formatDate, formatMoney, formatTime } from '../../../lib/format';

const detailsPath = (s: TShipmentSummary) => `/profile/details/order/${encodeURIComponent(s.uniqueId)}`;
/** A return made on a template's public page, told apart from the merchant's own shipments. */
const ReturnChip = ({ s }: { s: TShipmentSummary }) => (s.kind === 'return' ? <Chip size="small" variant="outlined" label="Retur" sx={{ ml: 1 }} /> : null);
const NO_ROWS: TShipmentSummary[] = [];
const courierLine = (s: TShipmentSummary) => [s.courierName, s.serviceName].filter(Boolean).join(' · ') || '-';
/**
 * The customer of a row: the recipient of the merchant's shipment, the sender of a return (the
 * customer sends it back; the recipient is the merchant's own address).
 */
const partyOf = (s: TShipmentSummary) => (s.kind === 'return' ? s.sender : s.recipient);

/** A table on wide screens, a list of rows on a phone; a row opens the shipment's details. */
export function ShipmentsTable({ rows }: { rows: TShipmentSummary[] }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  // A page of rows takes a slow phone hundreds of milliseconds to draw: React draws them in the
  // background, in slices that leave the page responsive, instead of in one long task.
  const shown = useDeferredValue(rows, NO_ROWS);
  return wide ? <WideTable rows={shown} /> : <PhoneRows rows={shown} />;
}

function WideTable({ rows }: { rows: TShipmentSummary[] }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Comenzi" sx={{ '& th, & td': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Data</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Client</TableCell>
            <TableCell>Curier / serviciu</TableCell>
            <TableCell>AWB</TableCell>
            <TableCell align="right">Pret</TableCell>
            <TableCell align="right">Ramburs</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={s.uniqueId} hover onClick={() => navigate(detailsPath(s))} sx={{ cursor: 'pointer' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(s.createdAt)}
                <Typography variant="body2" color="text.secondary">
                  {formatTime(s.createdAt)}
                </Typography>
              </TableCell>
              <TableCell>
                <ShipmentStatusChip status={s.status} />
                <ReturnChip s={s} />
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                <Link component={RouterLink} to={detailsPath(s)} onClick={(e) => e.stopPropagation()} sx={{ fontWeight: 600, display: 'inline-block', minHeight: 24, lineHeight: '24px' }}>
                  {partyOf(s).contactName}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {s.kind === 'return' ? 'Expeditor: ' : ''}
                  {partyOf(s).city}, {partyOf(s).county}
                  {s.clientReference ? ` · Ref. ${s.clientReference}` : ''}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 130 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {s.courierName && s.courierLogo && <CourierLogo name={s.courierName} logo={s.courierLogo} size={28} />}
                  <Box>
                    {s.courierName ?? '-'}
                    {s.serviceName && (
                      <Typography variant="body2" color="text.secondary">
                        {s.serviceName}
                      </Typography>
                    )}
                  </Box>
                </Box>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{s.awb ?? '-'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.price)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {s.cod ? formatMoney(s.cod) : '-'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PhoneRows({ rows }: { rows: TShipmentSummary[] }) {
  return (
    <List disablePadding aria-label="Comenzi">
      {rows.map((s) => (
        <ListItem key={s.uniqueId} disablePadding divider>
          <ListItemButton component={RouterLink} to={detailsPath(s)} sx={{ px: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {/* A long status ('AWB generat, asteapta preluarea') goes under the date on a narrow phone instead of out of the card. */}
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(s.createdAt)} {formatTime(s.createdAt)}
                </Typography>
                <Box>
                  <ShipmentStatusChip status={s.status} />
                  <ReturnChip s={s} />
                </Box>
              </Stack>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {partyOf(s).contactName} · {partyOf(s).city}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {courierLine(s)}
                {s.awb ? ` · AWB ${s.awb}` : ''}
              </Typography>
              <Typography variant="body2">
                {formatMoney(s.price)}
                {s.cod ? ` · ramburs ${formatMoney(s.cod)}` : ''}
              </Typography>
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
