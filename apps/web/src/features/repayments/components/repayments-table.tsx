import { REPAYMENTS_LIST_MESSAGES as T, type TRepaymentRow } from '@colete/contract';
import { Box, Link, List, ListItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { RepaymentStatus } from './repayment-status';

const TrackingDialog = lazy(() => import('../../../components/shipment/tracking-dialog').then((m) => ({ default: m.TrackingDialog })));

const detailsPath = (r: TRepaymentRow) => `/profile/details/order/${encodeURIComponent(r.uniqueId)}`;
const day = (d: string | null) => (d ? formatDate(d) : '-');
const C = T.columns;

/** The AWB: opens the shared tracking dialog. */
function AwbLink({ r, onTrack }: { r: TRepaymentRow; onTrack: (uniqueId: string) => void }) {
  return (
    <Link component="button" type="button" onClick={() => onTrack(r.uniqueId)} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} aria-label={`Urmarire AWB ${r.orderAwb}`}>
      {r.orderAwb}
    </Link>
  );
}

/** The recipient: opens the shipment's page. */
const Recipient = ({ r }: { r: TRepaymentRow }) => (
  <Link component={RouterLink} to={detailsPath(r)} sx={{ fontWeight: 600 }}>
    {r.toAddress.text}
  </Link>
);

/** A cancelled row: struck through and greyed (still readable: text.secondary keeps the contrast), its status as is. */
const canceledSx = { bgcolor: 'grey.50', '& td': { color: 'text.secondary', textDecoration: 'line-through' }, '& td.keep': { textDecoration: 'none' } };

function WideTable({ rows, onTrack }: { rows: TRepaymentRow[]; onTrack: (id: string) => void }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={T.title} sx={{ '& th, & td': { px: 1 }, '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {[C.orderDate, C.recipient, C.awb, C.reference, C.amount, C.holder, C.account, C.status, C.delivered, C.sentByCourier, C.received, C.sentToClient].map((h, i) => (
              <TableCell key={h} align={i === 4 ? 'right' : 'left'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.uniqueId} data-canceled={r.isCanceled || undefined} sx={r.isCanceled ? canceledSx : undefined}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.orderDate)}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <Recipient r={r} />
              </TableCell>
              <TableCell>
                <AwbLink r={r} onTrack={onTrack} />
              </TableCell>
              <TableCell>{r.clientReference ?? '-'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatMoneyBani(r.amount)}
              </TableCell>
              <TableCell>{r.bank.name ?? '-'}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{r.bank.account ?? '-'}</TableCell>
              <TableCell className="keep">
                <RepaymentStatus status={r.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.dates.deliveryDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.dates.sentToUsDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.dates.receivedByUsDate)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.dates.sentToClientDate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PhoneCards({ rows, onTrack }: { rows: TRepaymentRow[]; onTrack: (id: string) => void }) {
  return (
    <List disablePadding aria-label={T.title}>
      {rows.map((r) => (
        <ListItem key={r.uniqueId} divider data-canceled={r.isCanceled || undefined} sx={{ px: 1, display: 'block', bgcolor: r.isCanceled ? 'grey.50' : undefined }}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {formatDate(r.orderDate)}
            </Typography>
            <RepaymentStatus status={r.status} />
          </Stack>
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <Recipient r={r} />
          </Box>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
            <AwbLink r={r} onTrack={onTrack} />
            <Typography sx={{ fontWeight: 700, textDecoration: r.isCanceled ? 'line-through' : undefined }}>{formatMoneyBani(r.amount)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[r.clientReference && `Ref. ${r.clientReference}`, r.bank.name, r.bank.account].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {C.delivered}: {day(r.dates.deliveryDate)} · {C.sentByCourier}: {day(r.dates.sentToUsDate)} · {C.received}: {day(r.dates.receivedByUsDate)} · {C.sentToClient}:{' '}
            {day(r.dates.sentToClientDate)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** The repayments: a table on wide screens, one card per repayment on a phone; the AWB opens the tracking dialog. */
export function RepaymentsTable({ rows }: { rows: TRepaymentRow[] }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'));
  const [tracking, setTracking] = useState<string | null>(null);
  return (
    <>
      {wide ? <WideTable rows={rows} onTrack={setTracking} /> : <PhoneCards rows={rows} onTrack={setTracking} />}
      {tracking && (
        <Suspense fallback={null}>
          <TrackingDialog uniqueId={tracking} onClose={() => setTracking(null)} />
        </Suspense>
      )}
    </>
  );
}
