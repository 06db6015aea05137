import { PICKUP_UNUSED_DAYS, messages, type TPickupPoint } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import WhereToVoteOutlinedIcon from '@mui/icons-material/WhereToVoteOutlined';
import { Alert, Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { PageHeader } from '../../../components/page-header';
import { usePickupPoints } from '../api/get-pickup-points';
import { useRequestPickupDelete } from '../api/request-pickup-delete';
import { tableParam, useTableQuery } from '../../../lib/use-table-query';
import { PickupPointItem } from '../components/pickup-point-item';

const p = messages.pickupPoints;
const PICKUP_TABLE = { displayDeleted: tableParam.flag() };

/** /profile/pick-up-points/list (spec 000 section 2). */
export default function PickupListPage() {
  // The deleted toggle is kept in the URL, so a reload shows the same list.
  const { values: { displayDeleted }, update } = useTableQuery(PICKUP_TABLE);
  const points = usePickupPoints(displayDeleted);
  const requestDelete = useRequestPickupDelete();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<TPickupPoint | null>(null);

  const onDelete = () =>
    deleting &&
    requestDelete.mutate(deleting.id, {
      onSuccess: () => {
        enqueueSnackbar(p.deleteRequested, { variant: 'success' });
        setDeleting(null);
      },
      onError: () => enqueueSnackbar(p.deleteError, { variant: 'error' }),
    });

  const addButton = (label: string, variant: 'contained' | 'outlined' = 'contained') => (
    <Button component={RouterLink} to="/profile/pick-up-points/add" variant={variant} startIcon={<AddIcon />}>
      {label}
    </Button>
  );
  const list = points.data ?? [];

  return (
    <>
      <PageHeader title="Puncte de ridicare" subtitle="Adresele de unde curierii ridica regulat coletele dumneavoastra." actions={addButton('Solicita punct de ridicare')} />
      <Alert severity="info" sx={{ mb: 2, maxWidth: 1000 }}>
        {p.unusedRule(PICKUP_UNUSED_DAYS)}
      </Alert>
      <FormControlLabel
        control={<Switch checked={displayDeleted} onChange={(e) => update({ displayDeleted: e.target.checked })} />}
        label={p.showDeleted}
        sx={{ mb: 2 }}
      />
      {points.isPending ? (
        <LoadingState label="Se incarca punctele de ridicare..." />
      ) : points.isError ? (
        <ErrorState onRetry={() => void points.refetch()} />
      ) : list.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 5, px: 2, maxWidth: 640, mx: 'auto' }}>
          <WhereToVoteOutlinedIcon sx={{ fontSize: 56, mb: 1, color: 'text.secondary' }} aria-hidden />
          <Typography variant="h2" component="p" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {p.empty}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {p.discountExplanation}
          </Typography>
          {addButton('Solicita un punct de ridicare', 'outlined')}
        </Box>
      ) : (
        <Stack spacing={1.5} sx={{ maxWidth: 1000 }}>
          {list.map((point) => (
            <PickupPointItem key={point.id} point={point} onRequestDelete={() => setDeleting(point)} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Stergere punct de ridicare"
        confirmLabel="Trimite cererea"
        destructive
        pending={requestDelete.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(null)}
      >
        Solicitati stergerea punctului de ridicare {deleting?.forwarderName} de la adresa {deleting?.address}? Reducerea nu se mai aplica din momentul cererii.
      </ConfirmDialog>
    </>
  );
}
