import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery, useTheme } from '@mui/material';
import { OrderView } from './order-view';

/** The order page's view in a dialog (spec 002 section 2.1): 1200 px wide, titled 'Detalii comanda' and the order's name. */
export function OrderDialog({ clientId, orderId, orderName, open, onClose }: { clientId: number; orderId: string; orderName: string; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth={false} PaperProps={{ sx: { width: fullScreen ? undefined : 1200, maxWidth: '100%' } }} aria-labelledby="store-order-dialog-title">
      <DialogTitle id="store-order-dialog-title" sx={{ pr: 6 }}>
        Detalii comanda {orderName}
        <IconButton aria-label="Inchide" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{open && <OrderView clientId={clientId} orderId={orderId} onLeave={onClose} />}</DialogContent>
    </Dialog>
  );
}
