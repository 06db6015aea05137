import { einvoiceMessages } from '@colete/contract';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { useEInvoiceEntries } from '../api/received-invoices';
import { ConnectCompanyDialog } from '../components/einvoice-company-dialogs';
import { canConnect, useEInvoiceReturn } from '../components/einvoice-connect-dialog';

/**
 * /profile/invoicing-system/connect (spec 002 section 2.7): what the e-Factura integration gives,
 * that it is free, and the way in: 'Conecteaza-ma la e-Factura' (the connect dialog), or
 * 'Adauga date facturare' first when the client has no billing data. A client with a connected
 * company is sent on to its invoices; `?adauga=1` ('Adauga o firma noua' in 'Management firme')
 * keeps the page and opens the dialog.
 */
export default function EInvoiceConnectPage() {
  const entries = useEInvoiceEntries();
  const [params] = useSearchParams();
  const adding = params.has('adauga');
  const [open, setOpen] = useState(adding);
  // Back from a refused consent: its message here.
  useEInvoiceReturn();
  if (entries.isPending) return <LoadingState label="Se incarca datele de facturare..." />;
  if (entries.isError) return <ErrorState message={einvoiceMessages.companiesFailed} onRetry={() => void entries.refetch()} />;
  const list = entries.data;
  const connectable = list.filter(canConnect);
  const noBilling = list.length === 0;
  if (list.some((e) => e.eInvoice?.state === 'ACTIVE') && !adding) {
    return <Navigate to="/profile/invoicing-system/system-invoices/received/list" replace />;
  }
  return (
    <>
      <PageHeader title="Conectare e-Factura" subtitle="Sistemul national de facturare electronica (SPV), legat de contul dumneavoastra." />
      <Card sx={{ maxWidth: 760 }}>
        <CardContent>
          <Typography sx={{ mb: 1 }}>Conectati firma la e-Factura si aveti facturile primite intr-un singur loc:</Typography>
          <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3, '& li': { mb: 0.5 } }}>
            <li>vedeti si descarcati facturile primite de la furnizori (originalul semnat, XML si PDF);</li>
            <li>trimiteti mesaje emitentilor: respingeti o factura si spuneti de ce, direct prin e-Factura;</li>
            <li>emiterea facturilor si aplicatia mobila vor urma in curand.</li>
          </Box>
          <Typography sx={{ mb: 2 }}>Accesul este gratuit si ramane gratuit pentru clientii serviciului de curierat Colete Online.</Typography>
          {noBilling ? (
            <>
              <Typography sx={{ mb: 2 }} color="text.secondary">
                Pentru conectare aveti nevoie de datele de facturare ale firmei.
              </Typography>
              <Button component={RouterLink} to="/profile/billing/data/list" variant="contained">
                Adauga date facturare
              </Button>
            </>
          ) : (
            <Button variant="contained" startIcon={<CloudSyncOutlinedIcon />} onClick={() => setOpen(true)}>
              Conecteaza-ma la e-Factura
            </Button>
          )}
        </CardContent>
      </Card>
      {open && !noBilling && <ConnectCompanyDialog companies={connectable} onClose={() => setOpen(false)} />}
    </>
  );
}
