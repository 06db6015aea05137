import type { ReactNode } from 'react';
import { pickupDaysLabel, type TPickupPoint } from '@colete/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import PrintDisabledOutlinedIcon from '@mui/icons-material/PrintDisabledOutlined';
import { Accordion, AccordionActions, AccordionDetails, AccordionSummary, Box, Button, Stack, Typography } from '@mui/material';
import { CourierLogo } from '../../../components/courier-logo';
import { PickupStatusChip } from './pickup-status-chip';
import { formatDate } from '../../../lib/format';


function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** One point (spec 000 section 2): courier, address, status colour and text, label printing, delete request. */
export function PickupPointItem({ point, onRequestDelete }: { point: TPickupPoint; onRequestDelete: () => void }) {
  const headingId = `pickup-point-${point.id}`;
  return (
    <Accordion component="article" aria-labelledby={headingId} disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${headingId}-details`} id={`${headingId}-summary`}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%', minWidth: 0, pr: 1 }}>
          <CourierLogo name={point.forwarderName} logo={point.courier.logo} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={headingId} component="span" sx={{ fontWeight: 600, display: 'block' }}>
              {point.forwarderName}
            </Typography>
            <Typography variant="body2" component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
              {point.address}
            </Typography>
          </Box>
          <PickupStatusChip point={point} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-details`}>
        <Row label="Adresa din agenda">{point.shortName}</Row>
        <Row label="Printare etichete">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {point.printerAvailable ? <PrintOutlinedIcon fontSize="small" aria-hidden /> : <PrintDisabledOutlinedIcon fontSize="small" aria-hidden />}
            <span>{point.printerAvailable ? 'Aveti imprimanta: tipariti etichetele' : 'Fara imprimanta: curierul aduce etichetele tiparite'}</span>
          </Stack>
        </Row>
        <Row label="Zile de ridicare">{point.pickUpDays.length ? pickupDaysLabel(point.pickUpDays) : 'Stabilite de curier'}</Row>
        <Row label="Expeditii estimate pe luna">{point.estimatedOrdersCount}</Row>
        {point.enabled && point.deleted === 0 && <Row label="Reducere">{point.courier.correction}% la comenzile trimise de la aceasta adresa prin {point.forwarderName}</Row>}
        <Row label="Cerere trimisa">{formatDate(point.createdAt)}</Row>
        {point.approvedAt && <Row label="Aprobat">{formatDate(point.approvedAt)}</Row>}
        {point.rejected && <Row label="Motivul respingerii">{point.rejectReason ?? '-'}</Row>}
      </AccordionDetails>
      {point.deleted === 0 && !point.rejected && (
        <AccordionActions>
          <Button color="error" onClick={onRequestDelete}>
            Solicita stergerea
          </Button>
        </AccordionActions>
      )}
    </Accordion>
  );
}
