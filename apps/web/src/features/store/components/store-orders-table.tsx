import {
  SHIPMENT_STATUS_VIEW,
  STORE_FINANCIAL_STATUS_TEXT,
  STORE_FULFILLMENT_STATUS_TEXT,
  STORE_LIST_FILTER_MESSAGES,
  STORE_LIST_MESSAGES,
  holdText,
  type ShipmentStatus,
  type TStoreListOrder,
} from '@colete/contract';
import { Box, Checkbox, Chip, List, ListItem, ListItemButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { formatDate, formatMoney } from '../../../lib/format';

const m = STORE_LIST_MESSAGES;
const c = m.columns;
const f = STORE_LIST_FILTER_MESSAGES;

/** What each column shows (spec 002 section 2.1, the activation preview's columns). */
const view = (row: TStoreListOrder) => {
  const status = row.fulfillment.status;
  return {
    date: formatDate(row.createdAt),
    client: row.customer.displayName ?? '-',
    price: formatMoney(row.price.total / 100),
    paymentType: row.payment.hasCashOnDelivery ? m.cash : m.card,
    paymentStatus: row.payment.status ? (STORE_FINANCIAL_STATUS_TEXT[row.payment.status] ?? row.payment.status) : '-',
    // The shop's fulfillment status (a platform row the shop could not read shows its shipment's).
    orderStatus: STORE_FULFILLMENT_STATUS_TEXT[status] ?? SHIPMENT_STATUS_VIEW[status as ShipmentStatus]?.text ?? status,
    products: m.products(row.items.quantity),
    tags: row.tags.join(', ') || '-',
    awb: row.shipment?.awb ?? '-',
    shipmentStatus: row.shipment ? (SHIPMENT_STATUS_VIEW[row.shipment.status as ShipmentStatus]?.text ?? row.shipment.status) : '-',
  };
};

/** The row's verdict: a fix is needed (address or contact), or it is ready; the platform tabs' rows are already activated. */
function StatusChip({ row }: { row: TStoreListOrder }) {
  if (row.shipmentUniqueId !== null) return null;
  if (row.status.readyForActivation) return <Chip size="small" color="success" label={m.ready} />;
  const hold = row.status.hold;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="warning" label={m.needsFix} />
      {hold && (
        <Typography variant="caption" data-testid="order-hold">
          {holdText(hold)}
        </Typography>
      )}
    </Stack>
  );
}

type Props = {
  rows: TStoreListOrder[];
  /** Selection (the awaiting tab only): the selected orders' ids. */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (all: boolean) => void;
  onOpen: (row: TStoreListOrder) => void;
};

/** The orders list's rows: a table from the sm breakpoint, cards on a phone (390 px). */
export function StoreOrdersTable({ rows, selectable, selected, onToggle, onToggleAll, onOpen }: Props) {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  // The platform tabs' rows are shipments: their AWB and status beside the order's columns (issue 24).
  const shipments = rows.some((r) => r.shipment);
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.shopifyGraphQLId));
  const check = (row: TStoreListOrder) => (
    <Checkbox
      checked={selected.has(row.shopifyGraphQLId)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onToggle(row.shopifyGraphQLId)}
      slotProps={{ input: { 'aria-label': `Selecteaza comanda ${row.orderDisplayName}` } }}
    />
  );

  if (phone) {
    return (
      <List aria-label={m.title} disablePadding>
        {rows.map((row) => {
          const v = view(row);
          return (
            <ListItem key={`${row.shopifyGraphQLId}-${row.position}`} disablePadding divider secondaryAction={selectable ? check(row) : undefined}>
              <ListItemButton onClick={() => onOpen(row)} sx={{ alignItems: 'flex-start', pr: selectable ? 7 : 2 }}>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography sx={{ fontWeight: 600 }}>{row.orderDisplayName}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {v.date}
                    </Typography>
                    <StatusChip row={row} />
                  </Stack>
                  <Typography variant="body2">{v.client}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {v.price} · {v.paymentType} · {v.paymentStatus} · {v.orderStatus} · {v.products}
                    {row.tags.length > 0 && ` · ${v.tags}`}
                  </Typography>
                  {row.shipment && (
                    <Typography variant="body2">
                      {f.awb} {v.awb} · {v.shipmentStatus}
                    </Typography>
                  )}
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={m.title}>
      <Table size="small" aria-label={m.title}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChecked}
                  onChange={(e) => onToggleAll(e.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Selecteaza toate comenzile' } }}
                />
              </TableCell>
            )}
            <TableCell>{c.id}</TableCell>
            <TableCell>{c.date}</TableCell>
            <TableCell>{c.client}</TableCell>
            <TableCell align="right">{c.price}</TableCell>
            <TableCell>{c.paymentType}</TableCell>
            <TableCell>{c.paymentStatus}</TableCell>
            <TableCell>{c.orderStatus}</TableCell>
            <TableCell>{c.products}</TableCell>
            <TableCell>{f.tags}</TableCell>
            {shipments ? (
              <>
                <TableCell>{f.awb}</TableCell>
                <TableCell>{f.shipmentStatus}</TableCell>
              </>
            ) : (
              <TableCell>{c.status}</TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const v = view(row);
            return (
              <TableRow key={`${row.shopifyGraphQLId}-${row.position}`} hover onClick={() => onOpen(row)} sx={{ cursor: 'pointer' }} selected={selected.has(row.shopifyGraphQLId)}>
                {selectable && <TableCell padding="checkbox">{check(row)}</TableCell>}
                <TableCell sx={{ fontWeight: 600 }}>{row.orderDisplayName}</TableCell>
                <TableCell>{v.date}</TableCell>
                <TableCell>{v.client}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {v.price}
                </TableCell>
                <TableCell>{v.paymentType}</TableCell>
                <TableCell>{v.paymentStatus}</TableCell>
                <TableCell>{v.orderStatus}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.products}</TableCell>
                <TableCell>{v.tags}</TableCell>
                {shipments ? (
                  <>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.awb}</TableCell>
                    <TableCell>{v.shipmentStatus}</TableCell>
                  </>
                ) : (
                  <TableCell>
                    <StatusChip row={row} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
