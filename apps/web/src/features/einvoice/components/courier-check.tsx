import { courierCostTolerance, formatBani, type ReceivedInvoiceStatus, type TCourierCheck } from '@colete/contract';
import { Alert, Box, Card, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';

/*
 * The platform's own company (Internal account, issue 25): a courier invoice's check against what each
 * of its AWBs cost us, as the invoice's page shows it: the verdict, then one row per line.
 */

const lei = (bani: number | null) => (bani === null ? '-' : formatBani(bani));

const verdictOf = (l: TCourierCheck['lines'][number]) => l.problem ?? (l.costBani !== null ? `Corect (toleranta ${lei(courierCostTolerance(l.costBani))})` : 'Corect');

/** On a phone: one small block per line instead of a table wider than the screen. */
function LineCards({ lines }: { lines: TCourierCheck['lines'] }) {
  return (
    <Stack component="ul" aria-label="AWB-uri facturate" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((l, k) => (
        <Box component="li" key={k} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Linia {l.line ?? k + 1} · AWB {l.awb ?? '-'}
          </Typography>
          <Typography variant="body2">
            Facturat {lei(l.invoicedBani)} · Cost inregistrat {lei(l.costBani)}
          </Typography>
          <Typography variant="body2" sx={{ color: l.problem ? 'warning.dark' : 'success.dark' }}>
            {verdictOf(l)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

export function CourierCheckCard({ check, status }: { check: TCourierCheck | null; status: ReceivedInvoiceStatus }) {
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'));
  if (!check) {
    if (status !== 'supplier_missing') return null;
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        Furnizorul nu este in lista furnizorilor platformei. Daca factura este corecta, alegeti Actiuni, apoi Adauga furnizor si accepta.
      </Alert>
    );
  }
  const ok = check.problems.length === 0;
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label="Verificarea costurilor AWB">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: 16, mb: 1 }}>
          Verificarea costurilor AWB{check.courierName ? ` (${check.courierName})` : ''}
        </Typography>
        <Alert severity={ok ? 'success' : 'warning'} sx={{ mb: check.lines.length ? 2 : 0 }}>
          {ok ? (
            'Fiecare AWB facturat este al platformei si costa cat am inregistrat la activare.'
          ) : (
            <>
              De verificat:
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {check.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </Alert>
        {check.lines.length > 0 && !wide && <LineCards lines={check.lines} />}
        {check.lines.length > 0 && wide && (
          <TableContainer>
            <Table size="small" aria-label="AWB-uri facturate">
              <TableHead>
                <TableRow>
                  <TableCell>Linia</TableCell>
                  <TableCell>AWB</TableCell>
                  <TableCell align="right">Facturat</TableCell>
                  <TableCell align="right">Cost inregistrat</TableCell>
                  <TableCell>Rezultat</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {check.lines.map((l, k) => (
                  <TableRow key={k}>
                    <TableCell>{l.line ?? k + 1}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{l.awb ?? '-'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {lei(l.invoicedBani)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {lei(l.costBani)}
                    </TableCell>
                    <TableCell sx={{ color: l.problem ? 'warning.dark' : 'success.dark', minWidth: 160 }}>{verdictOf(l)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
