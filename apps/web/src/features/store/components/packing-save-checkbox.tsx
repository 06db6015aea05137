import { packingIssues, type StorePacking, type TAwaitingFulfillmentOrder } from '@colete/contract';
import { Box, Checkbox, FormControlLabel, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSnackbar } from '../../../lib/snackbar';
import { useDeletePacking, useSavePacking } from '../api/store-mutations';

/** How long the packing must stay unchanged before a ticked configuration is saved again. */
const RESAVE_MS = 1_000;
const TOOLTIP = 'Dimensiunile si impartirea pe pachete vor fi precompletate pentru comenzile viitoare cu aceleasi produse.';

/**
 * 'Salveaza configuratie' (spec 002 section 2.1, section 5: the PACKING SAVE_OR_UPDATE mutation):
 * ticked, the packing is saved for this set of products (and saved again a second after each
 * change, while it is valid); unticked, the saved configuration is deleted. Ticked at first when
 * the order came with a saved configuration for its products.
 */
export function PackingSaveCheckbox({ clientId, orderId, fulfillmentOrder, value, disabled }: { clientId: number; orderId: string; fulfillmentOrder: TAwaitingFulfillmentOrder; value: StorePacking; disabled?: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePacking(clientId);
  const remove = useDeletePacking();
  const [mutationId, setMutationId] = useState<number | null>(fulfillmentOrder.savedPacking?.mutationId ?? null);
  // The box follows the merchant's click at once; a failed save or delete puts it back.
  const [on, setOn] = useState(mutationId !== null);
  const savedJson = useRef<string | null>(fulfillmentOrder.savedPacking ? JSON.stringify(fulfillmentOrder.savedPacking.packing) : null);
  const settled = useDebouncedValue(value, RESAVE_MS);
  const busy = save.isPending || remove.isPending;
  const failed = (e: unknown) => enqueueSnackbar(e instanceof ApiError ? e.message : 'A aparut o eroare. Va rugam reincercati!', { variant: 'error' });

  const store = (packing: StorePacking, announce: boolean) => {
    const issues = packingIssues(packing);
    if (issues.length) {
      if (announce) enqueueSnackbar(issues[0]!, { variant: 'error' });
      return;
    }
    const json = JSON.stringify(packing);
    savedJson.current = json;
    save.mutate(
      { orderId, fulfillmentOrderId: fulfillmentOrder.fulfillmentOrderId, packing },
      {
        onSuccess: (res) => {
          setMutationId(res.mutation.mutationId);
          if (announce) enqueueSnackbar(res.message, { variant: 'success' });
        },
        onError: (e) => {
          savedJson.current = null;
          if (announce) setOn(false);
          failed(e);
        },
      },
    );
  };

  // Ticked: a change is saved once the packing has settled. A settled value older than the packing
  // on screen is never saved (the tick saved the newer one already; the debounce catches up next).
  useEffect(() => {
    const json = JSON.stringify(settled);
    if (!on || mutationId === null || busy || savedJson.current === json || json !== JSON.stringify(value)) return;
    store(settled, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved again only when the settled packing changes
  }, [settled, mutationId, on]);

  const toggle = (on: boolean) => {
    if (on) {
      if (packingIssues(value).length === 0) setOn(true);
      return store(value, true);
    }
    setOn(false);
    if (mutationId === null) return;
    remove.mutate(mutationId, {
      onError: (e) => {
        setOn(true);
        failed(e);
      },
      onSuccess: (res) => {
        setMutationId(null);
        savedJson.current = null;
        enqueueSnackbar(res.message ?? 'Configuratia salvata a pachetelor a fost stearsa!', { variant: 'success' });
      },
    });
  };

  return (
    <Box>
      <Tooltip title={TOOLTIP}>
        <FormControlLabel control={<Checkbox checked={on} disabled={disabled || busy} onChange={(e) => toggle(e.target.checked)} />} label="Salveaza configuratie" />
      </Tooltip>
      {on ? (
        <Typography variant="caption" color="text.secondary" component="p">
          Configuratia este salvata pentru comenzile cu aceleasi produse; modificarile se salveaza automat.
        </Typography>
      ) : null}
    </Box>
  );
}
