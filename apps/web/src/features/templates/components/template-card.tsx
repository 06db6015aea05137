import { messages, returnPath, type TTemplateListItem } from '@colete/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { copyText } from '../../../lib/copy-text';
import { useUpdateTemplateSettings } from '../api/update-template-settings';
import { ExtraOptionsSwitches } from './extra-options-switches';
import { setOption, type ExtraOption } from './template-options';

const m = messages.templates;

/** The public return link: the path on this very site. */
export const publicLink = (uniqueId: string) => `${window.location.origin}${returnPath(uniqueId)}`;

/** One template of the list: name, address, the copyable public link, the extra options saved at once, edit and delete. */
export function TemplateCard({ template, onDelete }: { template: TTemplateListItem; onDelete: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTemplateSettings();
  // The switches follow the click at once; a failed save puts the saved values back.
  const [options, setOptions] = useState(template.options);
  const [seen, setSeen] = useState(template.options);
  if (seen !== template.options) {
    setSeen(template.options);
    setOptions(template.options);
  }
  const link = publicLink(template.uniqueId);
  const headingId = `template-${template.id}`;

  const onToggle = (key: ExtraOption, value: boolean) => {
    const before = options;
    const next = setOption(options, key, value);
    setOptions(next);
    update.mutate(
      { uniqueId: template.uniqueId, options: next },
      {
        onSuccess: () => enqueueSnackbar(m.settingsUpdated, { variant: 'success' }),
        onError: () => {
          setOptions(before);
          enqueueSnackbar(m.settingsError, { variant: 'error' });
        },
      },
    );
  };

  const onCopy = async () => {
    if (await copyText(link)) enqueueSnackbar(m.linkCopied, { variant: 'success', autoHideDuration: 3000 });
  };

  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          {template.logo && <Box component="img" src={template.logo} alt="" sx={{ width: 40, height: 40, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }} />}
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', flex: 1, overflowWrap: 'anywhere' }}>
            {template.name}
          </Typography>
          {template.options.approved && <Chip size="small" color="success" variant="outlined" label="Aprobat" />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
          <PlaceOutlinedIcon fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {template.address}
          </Typography>
        </Stack>
        <Box sx={{ mt: 2, p: 1, pl: 1.5, bgcolor: 'action.hover', borderRadius: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" component="a" href={link} target="_blank" rel="noopener" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', color: 'primary.dark' }}>
            {link}
          </Typography>
          <Tooltip title="Copiaza link-ul">
            <IconButton aria-label={`Copiaza link-ul sablonului ${template.name}`} onClick={() => void onCopy()} size="small">
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography variant="h3" component="h3" sx={{ fontSize: '0.95rem', mb: 0.5 }}>
          Optiuni extra
        </Typography>
        <ExtraOptionsSwitches options={options} onChange={onToggle} disabled={update.isPending} label={`Optiuni extra ${template.name}`} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button component={RouterLink} to={`/profile/templates/orders/edit/${template.id}`} startIcon={<EditOutlinedIcon />} aria-label={`Modifica sablonul ${template.name}`}>
          Modifica
        </Button>
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} aria-label={`Sterge sablonul ${template.name}`}>
          Sterge
        </Button>
      </CardActions>
    </Card>
  );
}
