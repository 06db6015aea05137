import type { TSmsSettings } from '@colete/contract';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useSettingsSection } from '../api/get-settings-section';
import { useSaveSettingsSection } from '../api/save-settings-section';
import { SectionTabs } from '../../../components/section-tabs';
import { SettingsFrame } from '../components/settings-frame';
import { useSettingsFeedback } from '../components/use-settings-feedback';
import { NOTIFY_TABS } from './notify-mail-page';
import { SaveBar } from '../../../components/form-actions';

function SmsForm({ initial }: { initial: TSmsSettings }) {
  const [enabled, setEnabled] = useState(initial.pickUpRecipientNotify.enabled.value);
  const [second, setSecond] = useState(initial.pickUpRecipientNotify.secondPhoneAlso.value);
  const save = useSaveSettingsSection<TSmsSettings>('sms');
  const feedback = useSettingsFeedback();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { pickUpRecipientNotify: { enabled: { value: enabled }, secondPhoneAlso: { value: enabled && second } } },
      { onSuccess: (data) => feedback.saved(data.message), onError: feedback.failed },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notificari prin SMS">
      <Stack spacing={2}>
        <Typography sx={{ fontWeight: 600 }}>Ridicarea coletului</Typography>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label="Destinatarul primeste un SMS cand curierul ridica coletul"
        />
        <FormControlLabel
          control={<Switch checked={enabled && second} disabled={!enabled} onChange={(e) => setSecond(e.target.checked)} />}
          label="Trimite SMS-ul si pe al doilea numar de telefon al destinatarului"
        />
        <SaveBar pending={save.isPending} />
      </Stack>
    </form>
  );
}

export default function NotifySmsPage() {
  const sms = useSettingsSection<TSmsSettings>('sms');
  return (
    <SettingsFrame
      title="Notificari"
      subtitle="Mesajele SMS trimise destinatarilor."
      status={sms.status}
      onRetry={() => void sms.refetch()}
      tabs={<SectionTabs label="Tip notificari" tabs={NOTIFY_TABS} />}
    >
      {sms.data && <SmsForm initial={sms.data} />}
    </SettingsFrame>
  );
}
