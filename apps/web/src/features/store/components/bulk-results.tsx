import { STORE_BULK_MESSAGES, STORE_REFUSAL_MESSAGES, storeOrderPagePath, type TStoreBulkResult, type TStoreBulkRun } from '@colete/contract';
import { Link as RouterLink } from 'react-router';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { copyText } from '../../../lib/copy-text';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';

const m = STORE_BULK_MESSAGES;
const c = m.columns;
type Activated = NonNullable<TStoreBulkResult['result']>;

/** The AWB with its copy button ('AWB-ul a fost copiat!'). */
function Awb({ awb }: { awb: string }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {awb}
      </Typography>
      <Tooltip title={m.copyAwb(awb)}>
        <IconButton size="small" aria-label={m.copyAwb(awb)} onClick={async () => void ((await copyText(awb)) && enqueueSnackbar(m.copied, { variant: 'success', autoHideDuration: 3000 }))}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

const cells = (r: Activated) => ({
  courier: `${r.service.service.courierName} ${r.service.service.name}`,
  pickup: r.estimatedPickUpDate ? formatDate(r.estimatedPickUpDate) : '-',
  price: formatMoneyBani(r.service.price.total),
});

/**
 * The results per order (spec 002 "Bulk result per order"): courier, AWB, estimated pick-up and
 * price for each activated fulfillment order; 'Comanda #n nu a putut fi activata (reasons)' for the
 * others. A table on a wide screen, one block per order on a phone.
 */
export function BulkResults({ run, clientId }: { run: TStoreBulkRun; clientId: number }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const rows = run.orders.flatMap((o) => o.results.map((r, i) => ({ key: `${o.shopifyGraphQLId}-${i}`, order: o.orderDisplayName, orderId: o.shopifyGraphQLId, r })));
  const failed = rows.filter((x) => !x.r.result);
  // Issue 24: the AWB exists but the shop refused its fulfillment for good; the order page offers the way out.
  const refused = rows.filter((x) => x.r.result && x.r.storeRefusal);
  const made = rows.filter((x): x is typeof x & { r: { result: Activated } } => !!x.r.result);
  return (
    <Box>
      {failed.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {failed.map((x) => (
            <Alert key={x.key} severity="error">
              {m.orderFailed(x.order, x.r.errors)}
            </Alert>
          ))}
        </Stack>
      )}
      {refused.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {refused.map((x) => (
            <Alert
              key={x.key}
              severity="warning"
              data-testid="bulk-store-refusal"
              action={
                <Button component={RouterLink} to={storeOrderPagePath(clientId, x.orderId)} color="inherit" size="small" sx={{ minHeight: 32 }}>
                  {STORE_REFUSAL_MESSAGES.openOrder}
                </Button>
              }
            >
              {STORE_REFUSAL_MESSAGES.inRun(x.order, x.r.result!.awb, x.r.storeRefusal!.text)} {STORE_REFUSAL_MESSAGES.choices}
            </Alert>
          ))}
        </Stack>
      )}
      {made.length > 0 && phone && (
        <Stack spacing={1.5} aria-label={m.resultsTitle}>
          {made.map(({ key, order, r }) => {
            const v = cells(r.result);
            return (
              <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{order}</Typography>
                <Typography variant="body2">{v.courier}</Typography>
                <Awb awb={r.result.awb} />
                <Typography variant="body2" color="text.secondary">
                  {c.pickup}: {v.pickup} · {c.price}: {v.price}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
      {made.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label={m.resultsTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{c.order}</TableCell>
                <TableCell>{c.courier}</TableCell>
                <TableCell>{c.awb}</TableCell>
                <TableCell>{c.pickup}</TableCell>
                <TableCell align="right">{c.price}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {made.map(({ key, order, r }) => {
                const v = cells(r.result);
                return (
                  <TableRow key={key}>
                    <TableCell sx={{ fontWeight: 600 }}>{order}</TableCell>
                    <TableCell>{v.courier}</TableCell>
                    <TableCell>
                      <Awb awb={r.result.awb} />
                    </TableCell>
                    <TableCell>{v.pickup}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {v.price}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
