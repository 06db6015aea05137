import type { TOrderSettings } from '@colete/contract';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useState } from 'react';
import { useSettingsSection } from '../api/get-settings-section';
import { useSaveSettingsSection } from '../api/save-settings-section';
import { SectionTabs } from '../../../components/section-tabs';
import { SettingsFrame } from '../components/settings-frame';
import { useSettingsFeedback } from '../components/use-settings-feedback';
import { PRINT_TABS } from './print-page';
import { SaveBar } from '../../../components/form-actions';

function OrderForm({ initial }: { initial: TOrderSettings }) {
  const [willPrint, setWillPrint] = useState(initial.willPrint.value);
  const save = useSaveSettingsSection<TOrderSettings>('order');
  const feedback = useSettingsFeedback();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ willPrint: { value: willPrint } }, { onSuccess: (data) => feedback.saved(data.message), onError: feedback.failed });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Printare comenzi">
      <FormControl sx={{ mb: 3 }}>
        <FormLabel id="will-print-label">Tipariti eticheta pentru comenzile trimise?</FormLabel>
        <RadioGroup aria-labelledby="will-print-label" value={willPrint ? 'yes' : 'no'} onChange={(e) => setWillPrint(e.target.value === 'yes')}>
          <FormControlLabel value="yes" control={<Radio />} label="Da, tiparesc eticheta si o lipesc pe colet" />
          <FormControlLabel value="no" control={<Radio />} label="Nu, curierul aduce eticheta tiparita la ridicare" />
        </RadioGroup>
      </FormControl>
      <SaveBar pending={save.isPending} />
    </form>
  );
}

export default function PrintOrderPage() {
  const order = useSettingsSection<TOrderSettings>('order');
  return (
    <SettingsFrame
      title="Printare"
      subtitle="Daca tipariti singuri etichetele comenzilor."
      status={order.status}
      onRetry={() => void order.refetch()}
      tabs={<SectionTabs label="Setari printare" tabs={PRINT_TABS} />}
    >
      {order.data && <OrderForm initial={order.data} />}
    </SettingsFrame>
  );
}
