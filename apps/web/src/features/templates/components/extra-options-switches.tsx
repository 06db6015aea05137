import { TEMPLATE_ADDITIONAL_OPTIONS, type TTemplateOptions } from '@colete/contract';
import { Box, FormControlLabel, FormGroup, Switch } from '@mui/material';
import { OPTION_LABELS, type ExtraOption } from './template-options';

/** The extra-option switches, the four sub-options indented under 'Servicii aditionale'. */
export function ExtraOptionsSwitches({
  options,
  onChange,
  disabled = false,
  label,
}: {
  options: TTemplateOptions;
  onChange: (key: ExtraOption, value: boolean) => void;
  disabled?: boolean;
  /** Names the group (the card names its template). */
  label: string;
}) {
  // Each switch a whole row a finger can hit (at least 40 px), the switch inside the card (no
  // negative margin), the label on one line beside it.
  const toggle = (key: ExtraOption) => (
    <FormControlLabel
      key={key}
      control={<Switch size="small" checked={options[key]} onChange={(e) => onChange(key, e.target.checked)} disabled={disabled} sx={{ flexShrink: 0 }} />}
      label={OPTION_LABELS[key]}
      sx={{ ml: 0, mr: 0, minHeight: 40, columnGap: 1, '& .MuiFormControlLabel-label': { whiteSpace: 'nowrap' } }}
    />
  );
  return (
    <FormGroup role="group" aria-label={label}>
      {toggle('allowRepayment')}
      {toggle('allowClientReference')}
      {toggle('additional')}
      <Box sx={{ pl: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column' }}>{TEMPLATE_ADDITIONAL_OPTIONS.map(toggle)}</Box>
    </FormGroup>
  );
}
