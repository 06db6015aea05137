import { MAIL_SETTING_KEYS, NOTIFY_MAX_EMAILS, ZMailSettings, messages, type MailSettingKey, type TMailSettings } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Divider, FormControlLabel, IconButton, Stack, Switch, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useSettingsSection } from '../api/get-settings-section';
import { useSaveSettingsSection } from '../api/save-settings-section';
import { SectionTabs } from '../../../components/section-tabs';
import { OutboxLink } from '../components/outbox-link';
import { SettingsFrame } from '../components/settings-frame';
import { useSettingsFeedback } from '../components/use-settings-feedback';
import { SaveBar } from '../../../components/form-actions';
import { ApiError } from '../../../lib/api-client';

export const NOTIFY_TABS = [
  { label: 'Email', path: '/profile/settings/notify/mail' },
  { label: 'SMS', path: '/profile/settings/notify/sms' },
];

const LABELS: Record<MailSettingKey, { title: string; hint: string }> = {
  sendInvoiceMail: { title: 'Facturi', hint: 'Facturile emise pentru contul dumneavoastra.' },
  sendOrderDeliveryAlerts: { title: 'Alerte de livrare', hint: 'Cand o comanda este livrata, refuzata sau returnata.' },
  sendRepaymentSheet: { title: 'Borderouri de ramburs', hint: 'Borderoul fiecarei plati de rambursuri.' },
  sendOrderConfirmationToSender: { title: 'Confirmare comanda catre expeditor', hint: 'Confirmarea si eticheta fiecarei comenzi create.' },
  sendOrderConfirmationToMarkedEmails: { title: 'Confirmare comanda catre adresele de mai jos', hint: 'O copie a confirmarii pentru colegi sau depozit.' },
  sendOrderConfirmationWithoutAttachments: { title: 'Confirmare comanda fara atasamente', hint: 'Confirmarile de mai sus pleaca fara eticheta atasata; o descarcati din pagina comenzii.' },
  sendOrderReturn: { title: 'Retururi', hint: 'Cand un client trimite un retur prin formularul public.' },
  sendEInvoiceReceived: { title: 'e-Factura: facturi primite', hint: 'Cand firmele conectate la e-Factura primesc facturi noi de la furnizori.' },
};

/** 'Fara atasamente' is a switch over the two confirmations above it: it sends nothing itself, so it asks for no address. */
const SWITCH_ONLY: ReadonlySet<MailSettingKey> = new Set(['sendOrderConfirmationWithoutAttachments']);

const emailRule = ZMailSettings.shape.sendInvoiceMail.shape.emails.element;
const emailError = (value: string) => (emailRule.safeParse(value).success ? undefined : messages.settings.emailInvalid);
/** A field's id in the form's errors: '<item>.<index>'. The server names it 'settings.<item>.emails.<index>'. */
const fieldId = (key: string, index: number | string) => `${key}.${index}`;
const SERVER_FIELD = /^settings\.(\w+)\.emails\.(\d+)$/;

function MailForm({ initial }: { initial: TMailSettings }) {
  const [settings, setSettings] = useState<TMailSettings>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettingsSection<TMailSettings>('mail');
  const feedback = useSettingsFeedback();
  const inputs = useRef(new Map<string, HTMLInputElement>());

  /**
   * Shows the refusal like the other settings pages: the errors at their fields, and the first
   * invalid field (in the page's order) focused and scrolled to the middle of the screen.
   */
  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = MAIL_SETTING_KEYS.flatMap((key) => settings[key].emails.map((_, i) => fieldId(key, i))).find((id) => next[id]);
    const input = first ? inputs.current.get(first) : undefined;
    if (!input) return;
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: 'center' });
  };

  type Item = TMailSettings[MailSettingKey];
  // Every change is computed from the latest state, never from the render that showed the button.
  const update = (key: MailSettingKey, change: (item: Item) => Partial<Item>) =>
    setSettings((s) => ({ ...s, [key]: { ...s[key], ...change(s[key]) } }));
  const setEmail = (key: MailSettingKey, index: number, value: string) => {
    update(key, (item) => ({ emails: item.emails.map((e, i) => (i === index ? value : e)) }));
    // A field showing an error is checked again as the user types, so the error goes away at
    // once (and does not vanish on blur, moving the buttons below it under the pointer).
    setErrors((e) => {
      const id = fieldId(key, index);
      if (!e[id] || emailError(value)) return e;
      const next = { ...e };
      delete next[id];
      return next;
    });
  };
  const validateEmail = (key: MailSettingKey, index: number) =>
    setErrors((e) => {
      const next = { ...e };
      const problem = emailError(settings[key].emails[index] ?? '');
      if (problem) next[fieldId(key, index)] = problem;
      else delete next[fieldId(key, index)];
      return next;
    });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZMailSettings.safeParse(settings);
    if (!parsed.success) {
      showErrors(Object.fromEntries(parsed.error.issues.map((i) => [fieldId(String(i.path[0]), String(i.path[2] ?? '')), i.message])));
      feedback.invalid();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (data) => feedback.saved(data.message),
      onError: (error) => {
        // A refusal by the server (400) names its fields: shown the same way.
        const refused = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
        const fields = refused.flatMap(([path, message]) => {
          const m = SERVER_FIELD.exec(path);
          return m ? [[fieldId(m[1]!, m[2]!), message] as const] : [];
        });
        if (fields.length > 0) showErrors(Object.fromEntries(fields));
        feedback.failed(error);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notificari prin email">
      <Stack spacing={2} divider={<Divider flexItem />}>
        {MAIL_SETTING_KEYS.map((key) => {
          const item = settings[key];
          return (
            <Box key={key} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 600 }}>
                {LABELS[key].title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {LABELS[key].hint}
              </Typography>
              <FormControlLabel
                control={<Switch checked={item.enabled} onChange={(e) => update(key, () => ({ enabled: e.target.checked }))} />}
                label={item.enabled ? 'Activat' : 'Dezactivat'}
              />
              {!SWITCH_ONLY.has(key) && (
                <Stack spacing={0.5} sx={{ mt: 1 }}>
                  {item.emails.map((email, index) => (
                    <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <TextField
                        size="small"
                        type="email"
                        label={`Email ${index + 1} - ${LABELS[key].title}`}
                        value={email}
                        onChange={(e) => setEmail(key, index, e.target.value)}
                        onBlur={() => validateEmail(key, index)}
                        error={!!errors[fieldId(key, index)]}
                        // The line under the field is always there, so an error appearing on blur moves
                        // nothing: a click that blurred the field (on 'Salveaza', say) lands where aimed.
                        helperText={errors[fieldId(key, index)] ?? ' '}
                        inputRef={(el: HTMLInputElement | null) => {
                          if (el) inputs.current.set(fieldId(key, index), el);
                          else inputs.current.delete(fieldId(key, index));
                        }}
                      />
                      <IconButton
                        aria-label={`Sterge adresa ${index + 1} - ${LABELS[key].title}`}
                        disabled={item.emails.length <= 1}
                        onClick={() => {
                          update(key, (current) => ({ emails: current.emails.filter((_, i) => i !== index) }));
                          setErrors({});
                        }}
                      >
                        <CloseIcon />
                      </IconButton>
                    </Stack>
                  ))}
                  {item.emails.length < NOTIFY_MAX_EMAILS && (
                    <Box>
                      <Button size="small" startIcon={<AddIcon />} onClick={() => update(key, (current) => ({ emails: [...current.emails, ''] }))} aria-label={`Adauga adresa - ${LABELS[key].title}`}>
                        Adauga adresa
                      </Button>
                    </Box>
                  )}
                </Stack>
              )}
            </Box>
          );
        })}
        <SaveBar pending={save.isPending} />
      </Stack>
    </form>
  );
}

export default function NotifyMailPage() {
  const mail = useSettingsSection<TMailSettings>('mail');
  return (
    <SettingsFrame
      title="Notificari"
      subtitle="Ce mesaje primiti si la ce adrese (maxim 3 adrese pentru fiecare)."
      status={mail.status}
      onRetry={() => void mail.refetch()}
      tabs={<SectionTabs label="Tip notificari" tabs={NOTIFY_TABS} />}
    >
      <OutboxLink />
      {mail.data && <MailForm initial={mail.data} />}
    </SettingsFrame>
  );
}

