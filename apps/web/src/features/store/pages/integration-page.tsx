import { STORE_LIST_MESSAGES, STORE_RETURN_PARAM, messages, storeOrdersPath, type TStoreAccount } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Alert, AlertTitle, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { useDisconnectStore, useNeedsAuth, useStoreAccounts } from '../api/store-accounts';
import { ConnectStoreDialog } from '../components/connect-store-dialog';

const m = messages.store;

/**
 * Back from the shop: ?shopify=connected, or ?shopify=error&reason=refused|failed; shown once, then
 * the query is cleared. A store that was not connected stays said on the page (until closed): the
 * merchant who refused, or whom the shop sent back without a code, reads it there.
 */
function useStoreReturn() {
  const [params, setParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const shown = useRef(false);
  const outcome = params.get(STORE_RETURN_PARAM);
  const reason = params.get('reason');
  const [notConnected, setNotConnected] = useState<string | null>(() => (outcome && outcome !== 'connected' ? (reason === 'refused' ? m.refused : m.connectFailed) : null));
  useEffect(() => {
    if (!outcome || shown.current) return;
    shown.current = true;
    if (outcome === 'connected') enqueueSnackbar(m.connected, { variant: 'success' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(STORE_RETURN_PARAM);
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, enqueueSnackbar, setParams]);
  return { notConnected, dismiss: () => setNotConnected(null) };
}

function StatusChip({ account }: { account: TStoreAccount }) {
  if (account.status === 'CONNECTED') return <Chip size="small" color="success" label="Conectat" />;
  return <Chip size="small" color="error" variant="outlined" label="Deconectat" />;
}

function StoreRow({ account, appsUrl, onDisconnect, onReconnect, reconnecting }: { account: TStoreAccount; appsUrl: string | null; onDisconnect: () => void; onReconnect: () => void; reconnecting: boolean }) {
  const headingId = `store-${account.clientId}`;
  const connected = account.status === 'CONNECTED';
  return (
    <Paper component="article" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'center' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {account.name}
          </Typography>
          <StatusChip account={account} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {account.shop}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {connected
            ? `Conectat din ${formatDate(account.connectedAt)}`
            : account.disconnectReason === 'uninstalled'
              ? `Aplicatia a fost dezinstalata din magazin pe ${formatDate(account.disconnectedAt!)}`
              : `Deconectat pe ${formatDate(account.disconnectedAt!)}`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {connected && (
          <Button component={RouterLink} to={storeOrdersPath(account.clientId)} variant="contained">
            {STORE_LIST_MESSAGES.ordersLink}
          </Button>
        )}
        {connected && appsUrl && (
          <Link href={appsUrl.replace('{shop}', encodeURIComponent(account.shop))} variant="body2">
            Aplicatiile magazinului (simulator)
          </Link>
        )}
        {connected ? (
          <Button variant="outlined" color="error" onClick={onDisconnect}>
            Deconecteaza
          </Button>
        ) : (
          <Button variant="outlined" onClick={onReconnect} disabled={reconnecting}>
            Reconecteaza
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** /profile/integration: the connected stores (issue 13): shop, name, since when, status; connect, disconnect, reconnect. */
export default function IntegrationPage() {
  const storeReturn = useStoreReturn();
  const accounts = useStoreAccounts();
  const disconnect = useDisconnectStore();
  const reconnect = useNeedsAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [connecting, setConnecting] = useState(false);
  const [leaving, setLeaving] = useState<TStoreAccount | null>(null);
  const data = accounts.data;
  const list = data?.list ?? [];

  const onDisconnect = () =>
    leaving &&
    disconnect.mutate(leaving.clientId, {
      onSuccess: () => {
        enqueueSnackbar(m.disconnected, { variant: 'success' });
        setLeaving(null);
      },
      onError: () => enqueueSnackbar(messages.common.genericError, { variant: 'error' }),
    });
  const onReconnect = (account: TStoreAccount) =>
    reconnect.mutate({ apiClientId: account.clientId }, { onError: () => enqueueSnackbar(m.connectFailed, { variant: 'error' }) });

  const connectButton = (variant: 'contained' | 'outlined' = 'contained') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => setConnecting(true)} disabled={!data}>
      Conecteaza un magazin
    </Button>
  );

  return (
    <>
      <PageHeader title="Magazine online" subtitle="Magazinele Shopify conectate: comenzile lor se transforma in expedieri." actions={connectButton()} />
      {storeReturn.notConnected && (
        <Alert severity="warning" onClose={storeReturn.dismiss} closeText="Inchide" sx={{ mb: 2, maxWidth: 1000 }}>
          <AlertTitle>{m.notConnected}</AlertTitle>
          {storeReturn.notConnected}
        </Alert>
      )}
      {accounts.isPending ? (
        <LoadingState label="Se incarca magazinele..." />
      ) : accounts.isError ? (
        <ErrorState message={m.loadError} onRetry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 5, px: 2, maxWidth: 640, mx: 'auto' }}>
          <StorefrontOutlinedIcon sx={{ fontSize: 56, mb: 1, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h2" component="p" sx={{ fontSize: '1.2rem', mb: 1 }}>
            Nu aveti niciun magazin conectat.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Conectati magazinul Shopify ca sa vedeti comenzile lui aici si sa le trimiteti prin curier.
          </Typography>
          {connectButton('outlined')}
        </Box>
      ) : (
        <Stack spacing={1.5} sx={{ maxWidth: 1000 }}>
          {list.map((account) => (
            <StoreRow
              key={account.clientId}
              account={account}
              appsUrl={data?.simulatorAppsUrl ?? null}
              onDisconnect={() => setLeaving(account)}
              onReconnect={() => onReconnect(account)}
              reconnecting={reconnect.isPending}
            />
          ))}
        </Stack>
      )}
      {connecting && data && <ConnectStoreDialog open onClose={() => setConnecting(false)} demoShop={data.demoShop} />}
      <ConfirmDialog
        open={!!leaving}
        title="Deconectare magazin"
        confirmLabel="Deconecteaza"
        destructive
        pending={disconnect.isPending}
        onConfirm={onDisconnect}
        onClose={() => setLeaving(null)}
      >
        Deconectati magazinul {leaving?.name} ({leaving?.shop})? Comenzile lui nu mai apar aici pana il conectati din nou.
      </ConfirmDialog>
    </>
  );
}
