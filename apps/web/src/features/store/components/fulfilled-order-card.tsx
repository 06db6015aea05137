import { messages, type TFulfilledOrder } from '@colete/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Alert, Box, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LabelDownload } from '../../../components/shipment/label-download';
import { ShipmentStatusChip } from '../../../components/shipment/shipment-status-chip';
import { TrackingDialog } from '../../../components/shipment/tracking-dialog';
import { copyText } from '../../../lib/copy-text';
import { formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/snackbar';
import { STORE_ORDER_TEXTS } from './order-texts';
import { StoreRefusalNotice } from './store-refusal-notice';

type Internal = NonNullable<TFulfilledOrder['internalOrder']>;
type Line = TFulfilledOrder['lineItems'][number];
type ChipColor = 'success' | 'info' | 'warning' | 'error' | 'default';

/** A product line: its picture (or a placeholder), its name and 'x{quantity}'. */
function ProductLine({ line }: { line: Line }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      {line.image ? (
        <Box component="img" src={line.image.url} alt="" sx={{ width: 40, height: 40, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }} />
      ) : (
        <Box aria-hidden sx={{ width: 40, height: 40, borderRadius: 1, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <ImageOutlinedIcon fontSize="small" color="disabled" />
        </Box>
      )}
      <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{line.title}</Typography>
      <Typography sx={{ fontWeight: 600 }}>x{line.quantity}</Typography>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box>{children}</Box>
    </Box>
  );
}

/** The platform's shipment of the part: status, parties, courier, AWB with tracking and copy, labels, details. */
function InternalOrder({ order }: { order: Internal }) {
  const { enqueueSnackbar } = useSnackbar();
  const [tracking, setTracking] = useState(false);
  const awb = order.awb.main;
  const copy = async () => {
    if (awb && (await copyText(awb))) enqueueSnackbar(messages.shipments.awbCopied, { variant: 'success', autoHideDuration: 3000 });
  };
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ShipmentStatusChip status={{ text: order.status.text, color: order.status.color as ChipColor }} />
        {order.status.dateTime && (
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(order.status.dateTime)}
          </Typography>
        )}
        {order.status.reason && <Typography variant="body2">{order.status.reason}</Typography>}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
        <Fact label="De la:">
          {order.addresses.from.contactName} / {order.addresses.from.addressCity}
        </Fact>
        <Fact label="Pana la:">
          {order.addresses.to.contactName} / {order.addresses.to.addressCity}
        </Fact>
        <Fact label="Curier">{[order.forwarder.name, order.forwarder.serviceName.firstPart].filter(Boolean).join(' - ')}</Fact>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography>
          AWB: <strong>{awb ?? '-'}</strong>
        </Typography>
        {awb && (
          <>
            <Tooltip title={STORE_ORDER_TEXTS.track}>
              <IconButton aria-label={STORE_ORDER_TEXTS.track} onClick={() => setTracking(true)}>
                <LocalShippingOutlinedIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={STORE_ORDER_TEXTS.copyAwb}>
              <IconButton aria-label={STORE_ORDER_TEXTS.copyAwb} onClick={() => void copy()}>
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <LabelDownload uniqueId={order.uniqueId} formats={order.labelFormats} />
        <Tooltip title={STORE_ORDER_TEXTS.details}>
          <IconButton aria-label={STORE_ORDER_TEXTS.details} component={RouterLink} to={`/profile/details/order/${encodeURIComponent(order.uniqueId)}`}>
            <InfoOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {tracking && <TrackingDialog uniqueId={order.uniqueId} onClose={() => setTracking(false)} />}
    </Stack>
  );
}

/** A fulfilled part of the order (spec 002 section 2.1 "Fulfilled order block"). */
export function FulfilledOrderCard({ fulfilled, clientId, orderId, onChanged }: { fulfilled: TFulfilledOrder; clientId: number; orderId: string; onChanged: () => void }) {
  return (
    <Card variant="outlined" data-testid="fulfilled-order">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            {fulfilled.name}
          </Typography>
          {fulfilled.storeRefusal ? (
            <StoreRefusalNotice clientId={clientId} orderId={orderId} refusal={fulfilled.storeRefusal} onChanged={onChanged} />
          ) : (
            fulfilled.storePending && <Alert severity="warning">{messages.storeActivation.storePending}</Alert>
          )}
          {fulfilled.internalOrder ? (
            <InternalOrder order={fulfilled.internalOrder} />
          ) : (
            <Alert severity="info">
              {STORE_ORDER_TEXTS.notOnPlatform}
              {fulfilled.dateTime && ` ${STORE_ORDER_TEXTS.sentInShop(formatDateTime(fulfilled.dateTime))}`}
            </Alert>
          )}
          {fulfilled.lineItems.length > 0 && (
            <Stack spacing={1} component="section" aria-label={STORE_ORDER_TEXTS.products}>
              {fulfilled.lineItems.map((l, i) => (
                <ProductLine key={i} line={l} />
              ))}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
