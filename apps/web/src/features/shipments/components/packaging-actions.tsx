import { messages, ZPackageAxes, ZPackagingContent, ZPackagingTemplateAddRequest, ZSavedPackageAddRequest } from '@colete/contract';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import { Button, IconButton, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useState } from 'react';
import { packageSizesText } from '../../../components/packaging/package-format';
import { useAddPackagingTemplate, useAddSavedPackage } from '../../../components/packaging/packaging-api';
import { SaveNameDialog } from './save-name-dialog';
import { ApiError } from '../../../lib/api-client';
import { packageSizes, toPackagingContent } from './packaging-values';
import type { PackageValues, ShipmentFormValues } from './shipment-form';

const m = messages.packaging;

/** A refused save: the name's message goes on the field, anything else to a snackbar. */
function useSaveFeedback() {
  const { enqueueSnackbar } = useSnackbar();
  const [nameError, setNameError] = useState<string | undefined>();
  const onError = (error: unknown) => {
    const onName = error instanceof ApiError ? error.errors?.name : undefined;
    setNameError(onName);
    if (!onName) enqueueSnackbar(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : m.saveError, { variant: 'error' });
  };
  return { nameError, setNameError, onError, enqueueSnackbar };
}

/**
 * 'Salveaza ca sablon': the page's packages and content kept as a packaging template under a name.
 * Invalid packages are not saved: `onInvalid` shows their messages on the page.
 */
export function SaveTemplateButton({ values, onInvalid }: { values: () => ShipmentFormValues; onInvalid: () => void }) {
  const add = useAddPackagingTemplate();
  const feedback = useSaveFeedback();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!ZPackagingContent.safeParse(toPackagingContent(values())).success) {
      onInvalid();
      feedback.enqueueSnackbar(messages.common.cannotSaveInvalid, { variant: 'error' });
      return;
    }
    feedback.setNameError(undefined);
    setOpen(true);
  };
  const save = (name: string) =>
    add.mutate(
      { name, template: toPackagingContent(values()) },
      {
        onSuccess: (data) => {
          feedback.enqueueSnackbar(data.message ?? m.templateSaved, { variant: 'success' });
          setOpen(false);
        },
        onError: feedback.onError,
      },
    );

  const current = open ? values() : null;
  return (
    <>
      <Button variant="outlined" startIcon={<BookmarkAddOutlinedIcon />} onClick={start} disabled={add.isPending} sx={{ whiteSpace: 'nowrap' }}>
        Salveaza ca sablon
      </Button>
      <SaveNameDialog
        open={open}
        title="Salveaza sablon de ambalare"
        label="Nume sablon"
        schema={ZPackagingTemplateAddRequest.shape.name}
        pending={add.isPending}
        serverError={feedback.nameError}
        onSave={save}
        onClose={() => setOpen(false)}
      >
        {current && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {current.packageType === 'envelope' ? 'Un plic' : current.packages.length === 1 ? 'Un colet' : `${current.packages.length} colete`}
            {current.content.trim() ? `, continut: ${current.content.trim()}` : ''}. Il veti gasi in Sabloane, la Marfa ambalata.
          </Typography>
        )}
      </SaveNameDialog>
    </>
  );
}

/** The save icon of one package: its weight and sizes kept as a saved package under a name. */
export function SavePackageButton({ label, value, onInvalid }: { label: string; value: () => PackageValues; onInvalid: () => void }) {
  const add = useAddSavedPackage();
  const feedback = useSaveFeedback();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!ZPackageAxes.safeParse(packageSizes(value())).success) {
      onInvalid();
      feedback.enqueueSnackbar(messages.common.cannotSaveInvalid, { variant: 'error' });
      return;
    }
    feedback.setNameError(undefined);
    setOpen(true);
  };
  const save = (name: string) =>
    add.mutate(
      { name, ...packageSizes(value()) },
      {
        onSuccess: (data) => {
          feedback.enqueueSnackbar(data.message ?? m.packageSaved, { variant: 'success' });
          setOpen(false);
        },
        onError: feedback.onError,
      },
    );

  const sizes = open ? packageSizes(value()) : null;
  return (
    <>
      <Tooltip title="Salveaza ca pachet" describeChild>
        <span>
          <IconButton aria-label={label} onClick={start} disabled={add.isPending} size="small">
            <BookmarkAddOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <SaveNameDialog
        open={open}
        title="Salveaza pachet"
        label="Nume pachet"
        schema={ZSavedPackageAddRequest.shape.name}
        pending={add.isPending}
        serverError={feedback.nameError}
        onSave={save}
        onClose={() => setOpen(false)}
      >
        {sizes && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {packageSizesText(sizes)}. Il veti gasi in Sabloane, la Tipuri ambalaje.
          </Typography>
        )}
      </SaveNameDialog>
    </>
  );
}
