import { STORE_MOVE_MESSAGES, type TAwaitingFulfillmentOrder } from '@colete/contract';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, Menu, MenuItem, Radio, RadioGroup, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { useMoveFulfillmentOrder } from '../api/store-move';

type Props = { clientId: number; orderId: string; fulfillmentOrder: TAwaitingFulfillmentOrder; onMoved: () => void };

/**
 * The awaiting card's menu (spec 002 section 2.1): 'Muta produsele intr-un alt depozit' when the shop
 * has a location the products can move to, opening 'Alegeti o locatie' (spec 001): the locations
 * with Shopify's word on each, those that cannot take the products disabled; 'Muta' needs a choice.
 */
export function MoveMenu({ clientId, fulfillmentOrder, onMoved }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const move = useMoveFulfillmentOrder(clientId, fulfillmentOrder.fulfillmentOrderId);
  const { hasViableLocationsForMove, possibleLocationsForMove } = fulfillmentOrder.fromLocation;
  if (!hasViableLocationsForMove) return null;

  const close = () => {
    if (move.isPending) return;
    setOpen(false);
    setChoice(null);
  };
  const submit = () => {
    if (!choice || move.isPending) return;
    move.mutate(choice, {
      onSuccess: (res) => {
        enqueueSnackbar(res.message ?? STORE_MOVE_MESSAGES.moved, { variant: 'success' });
        setOpen(false);
        setChoice(null);
        onMoved();
      },
      onError: (err) => enqueueSnackbar(err.message || STORE_MOVE_MESSAGES.failed, { variant: 'error' }),
    });
  };

  return (
    <>
      <IconButton aria-label="Optiuni comanda" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setOpen(true);
          }}
        >
          Muta produsele intr-un alt depozit
        </MenuItem>
      </Menu>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="move-dialog-title">
        <DialogTitle id="move-dialog-title">Alegeti o locatie</DialogTitle>
        <DialogContent dividers>
          <RadioGroup value={choice ?? ''} onChange={(e) => setChoice(e.target.value)} aria-labelledby="move-dialog-title">
            {possibleLocationsForMove.map((l) => (
              <FormControlLabel
                key={l.locationId}
                value={l.locationId}
                disabled={!l.movable}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <span>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                      {l.name}
                    </Typography>
                    {l.message && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {l.message}
                      </Typography>
                    )}
                  </span>
                }
              />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={move.isPending}>
            Inchide
          </Button>
          <Button variant="contained" onClick={submit} disabled={!choice || move.isPending}>
            Muta
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
