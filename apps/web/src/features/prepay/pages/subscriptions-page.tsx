import { messages, type TSubscription } from '@colete/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CreditCardOffOutlinedIcon from '@mui/icons-material/CreditCardOffOutlined';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { useDeactivateSubscription } from '../api/deactivate-subscription';
import { useEditSubscription } from '../api/edit-subscription';
import { useSubscriptions } from '../api/get-subscriptions';
import { DeactivateDialog } from '../components/deactivate-dialog';
import { SubscriptionAmountsDialog } from '../components/subscription-amounts-dialog';
import { SubscriptionStatus } from '../components/subscription-status';
import { formatDate, formatMoney } from '../../../lib/format';

const date = (iso: string | null) => (iso ? formatDate(iso) : '-');

function SubscriptionCard({ s, onEdit, onDeactivate }: { s: TSubscription; onEdit: () => void; onDeactivate: () => void }) {
  const label = s.cardData ? `${s.cardData.cardBrand} **** ${s.cardData.lastDigits}` : 'Card neconfirmat';
  return (
    <Card component="article" aria-label={label}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          {s.cardData && <img src={s.cardData.imageString} alt="" width={48} height={32} />}
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
            {s.cardData && (
              <Typography variant="body2" color="text.secondary">
                Expira {s.cardData.expiryDate}
              </Typography>
            )}
          </Box>
          <SubscriptionStatus status={s.status} />
        </Stack>
        <Typography>
          Reincarca <strong>{formatMoney(s.paymentAmount)}</strong> cand soldul scade sub <strong>{formatMoney(s.triggerAmount)}</strong>.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {s.userFinancialSubaccount.entityName} · activat la {date(s.activatedDatetime)}
        </Typography>
      </CardContent>
      {s.status === 2 && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onEdit}>Modifica</Button>
          <Button color="error" onClick={onDeactivate}>
            Dezactiveaza
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

export default function SubscriptionsPage() {
  const list = useSubscriptions();
  const edit = useEditSubscription();
  const deactivate = useDeactivateSubscription();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<TSubscription | null>(null);
  const [deactivating, setDeactivating] = useState<TSubscription | null>(null);

  return (
    <>
      <Button component={RouterLink} to="/profile/settings" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Setari
      </Button>
      <PageHeader title="Abonamente" subtitle="Cardurile care reincarca automat contul preplatit." />
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState message={messages.prepay.subscriptionsLoadError} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <CreditCardOffOutlinedIcon sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography sx={{ mb: 2 }}>Nu aveti niciun abonament. Il puteti crea la reincarcarea contului cu cardul.</Typography>
          <Button variant="contained" component={RouterLink} to="/profile/prepay">
            Reincarcati contul
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 1000 }}>
          {list.data.map((s) => (
            <SubscriptionCard key={s.identifier} s={s} onEdit={() => setEditing(s)} onDeactivate={() => setDeactivating(s)} />
          ))}
        </Box>
      )}
      {editing && (
        <SubscriptionAmountsDialog
          subscription={editing}
          title="Modificare abonament"
          confirmLabel="Salveaza"
          pending={edit.isPending}
          onClose={() => setEditing(null)}
          onSave={(amounts) =>
            edit.mutate(
              { identifier: editing.identifier, amounts },
              {
                onSuccess: (d) => {
                  enqueueSnackbar(d.message, { variant: 'success' });
                  setEditing(null);
                },
                onError: () => enqueueSnackbar(messages.prepay.subscriptionUpdateError, { variant: 'error' }),
              },
            )
          }
        />
      )}
      {deactivating && (
        <DeactivateDialog
          pending={deactivate.isPending}
          onClose={() => setDeactivating(null)}
          onConfirm={() =>
            deactivate.mutate(deactivating.identifier, {
              onSuccess: (d) => {
                enqueueSnackbar(d.message, { variant: 'success' });
                setDeactivating(null);
              },
              onError: () => enqueueSnackbar(messages.prepay.subscriptionDeactivateError, { variant: 'error' }),
            })
          }
        />
      )}
    </>
  );
}
