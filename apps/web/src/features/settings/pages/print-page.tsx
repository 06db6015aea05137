import { AWB_FORMATS, type AwbFormat, type TPrintSettings } from '@colete/contract';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { useState } from 'react';
import { useSettingsSection } from '../api/get-settings-section';
import { useSaveSettingsSection } from '../api/save-settings-section';
import { SectionTabs } from '../../../components/section-tabs';
import { SettingsFrame } from '../components/settings-frame';
import { useSettingsFeedback } from '../components/use-settings-feedback';
import { SaveBar } from '../../../components/form-actions';

export const PRINT_TABS = [
  { label: 'Format eticheta', path: '/profile/settings/print' },
  { label: 'Printare comenzi', path: '/profile/settings/print/order' },
];

const FORMATS: Record<AwbFormat, { title: string; hint: string; labels: number }> = {
  A4: { title: 'A4', hint: 'Pagina obisnuita, pentru orice imprimanta.', labels: 1 },
  A6: { title: 'A6 (10 x 15 cm)', hint: 'Eticheta autoadeziva, pentru imprimante de etichete.', labels: 1 },
};

/** A sheet drawn to scale (A4 210x297, A6 105x148) with the label on it. */
function SheetPicture({ format }: { format: AwbFormat }) {
  const a4 = format === 'A4';
  return (
    <Box aria-hidden sx={{ height: 120, display: 'flex', alignItems: 'flex-end', justifyContent: 'center' }}>
      <Box sx={{ width: a4 ? 84 : 42, height: a4 ? 118 : 59, border: 2, borderColor: 'text.secondary', borderRadius: 0.5, bgcolor: 'background.paper', p: 0.5 }}>
        <Box sx={{ height: a4 ? '50%' : '100%', border: 1, borderColor: 'primary.main', borderRadius: 0.5, display: 'grid', alignContent: 'space-evenly', px: 0.5 }}>
          {[0, 1, 2].map((i) => (
            <Box key={i} sx={{ height: 3, bgcolor: 'primary.light', width: `${90 - i * 20}%` }} />
          ))}
          <Box sx={{ height: 8, backgroundImage: 'repeating-linear-gradient(90deg, #111 0 2px, transparent 2px 4px)' }} />
        </Box>
      </Box>
    </Box>
  );
}

function PrintForm({ initial }: { initial: TPrintSettings }) {
  const [awbFormat, setFormat] = useState<AwbFormat>(initial.awbFormat);
  const save = useSaveSettingsSection<TPrintSettings>('print');
  const feedback = useSettingsFeedback();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ awbFormat }, { onSuccess: (data) => feedback.saved(data.message), onError: feedback.failed });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Format eticheta">
      <Typography id="awb-format-label" sx={{ fontWeight: 600, mb: 2 }}>
        Formatul etichetei AWB
      </Typography>
      <Box role="radiogroup" aria-labelledby="awb-format-label" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
        {AWB_FORMATS.map((f) => (
          <Card key={f} sx={{ borderColor: awbFormat === f ? 'primary.main' : undefined, borderWidth: awbFormat === f ? 2 : 1 }}>
            <CardActionArea role="radio" aria-checked={awbFormat === f} aria-label={FORMATS[f].title} onClick={() => setFormat(f)} sx={{ p: 2 }}>
              <SheetPicture format={f} />
              <Typography sx={{ fontWeight: 600, mt: 1 }}>{FORMATS[f].title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {FORMATS[f].hint}
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <SaveBar pending={save.isPending} />
    </form>
  );
}

export default function PrintPage() {
  const print = useSettingsSection<TPrintSettings>('print');
  return (
    <SettingsFrame
      title="Printare"
      subtitle="Cum se tiparesc etichetele AWB ale comenzilor."
      status={print.status}
      onRetry={() => void print.refetch()}
      tabs={<SectionTabs label="Setari printare" tabs={PRINT_TABS} />}
    >
      {print.data && <PrintForm initial={print.data} />}
    </SettingsFrame>
  );
}
