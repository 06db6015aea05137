import { billingAddressLine, fiscalIdLabel, type TBillingData } from '@colete/contract';
import AddIcon from '@mui/icons-material/Add';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, List, ListItem, ListItemButton, ListItemText, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { usePrepareEInvoiceConnection } from '../api/prepare-einvoice-connection';

/** The placeholder entry of the connect dialog (spec 002 section 2.7: subscription number -1). */
const ADD_COMPANY = -1;
/** The billing list with its add dialog open, for a company not entered yet. */
const ADD_COMPANY_PATH = '/profile/billing/data/list?adauga=firma';

/** A company's lines: name, then its tax id, trade register and address. */
function CompanyText({ entry }: { entry: TBillingData }) {
  const e = entry.entityData;
  return (
    <ListItemText
      primary={e.name}
      secondary={`${fiscalIdLabel(e.fiscalIdentificationType)} ${e.identificationCode}${e.tradeRegister ? ` · ${e.tradeRegister}` : ''} · ${billingAddressLine(entry.address)}`}
    />
  );
}

function AddCompanyButton() {
  return (
    <Button component={RouterLink} to={ADD_COMPANY_PATH} startIcon={<AddIcon />}>
      Adauga o firma noua
    </Button>
  );
}

/**
 * The connect dialog (spec 002 section 2.7): the companies not connected yet, each with its name,
 * tax id, trade register and address, and 'Adauga o firma noua' (the -1 entry); 'Conecteaza-te'
 * sends the browser to the tax authority's consent page, which brings it back to e-Factura's pages.
 */
export function ConnectCompanyDialog({ companies, onClose }: { companies: TBillingData[]; onClose: () => void }) {
  const [picked, setChosen] = useState<number | null>(null);
  // A single company is chosen for the user (also when the list arrives after the dialog opened).
  const chosen = picked ?? (companies.length === 1 ? companies[0]!.fiscalSubaccountNumber : null);
  const [leaving, setLeaving] = useState(false);
  const prepare = usePrepareEInvoiceConnection();
  const { enqueueSnackbar } = useSnackbar();
  const entry = companies.find((c) => c.fiscalSubaccountNumber === chosen);
  const connect = () => {
    if (!entry) return;
    prepare.mutate(
      { fiscalSubaccountNumber: entry.fiscalSubaccountNumber, identificationCode: entry.entityData.identificationCode, returnTo: 'einvoice' },
      {
        onSuccess: (data) => {
          setLeaving(true);
          window.location.assign(data.url);
        },
        onError: (err) => enqueueSnackbar(apiErrorMessage(err), { variant: 'error' }),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="connect-company-title">
      <DialogTitle id="connect-company-title">Alegeti firma pe care o conectati</DialogTitle>
      <DialogContent>
        {companies.length === 0 ? (
          <Typography>Nu aveti nicio firma verificata care sa poata fi conectata. Adaugati datele de facturare ale firmei.</Typography>
        ) : (
          <RadioGroup aria-label="Firme care pot fi conectate" value={chosen ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
            {companies.map((c) => (
              <FormControlLabel key={c.fiscalSubaccountNumber} value={c.fiscalSubaccountNumber} control={<Radio />} label={<CompanyText entry={c} />} sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.5 } }} />
            ))}
            <FormControlLabel value={ADD_COMPANY} control={<Radio />} label="Adauga o firma noua" />
          </RadioGroup>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Veti fi redirectionat catre pagina ANAF, unde va autentificati cu certificatul digital al firmei si autorizati accesul Colete Online.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Renunta</Button>
        {companies.length === 0 || chosen === ADD_COMPANY ? (
          <AddCompanyButton />
        ) : (
          <Button variant="contained" disabled={!entry || prepare.isPending || leaving} onClick={connect}>
            Conecteaza-te
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** 'Alegeti firma' (spec 002 section 2.7): the other connected companies, each with its tax id by type; choosing one selects it. */
export function ChooseCompanyDialog({ companies, onChoose, onClose }: { companies: TBillingData[]; onChoose: (identificationCode: string) => void; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="choose-company-title">
      <DialogTitle id="choose-company-title">Alegeti firma</DialogTitle>
      <DialogContent>
        {companies.length === 0 ? (
          <Typography>Nu aveti alta firma conectata la e-Factura.</Typography>
        ) : (
          <List aria-label="Firme conectate">
            {companies.map((c) => (
              <ListItem key={c.fiscalSubaccountNumber} disablePadding>
                <ListItemButton onClick={() => onChoose(c.entityData.identificationCode)}>
                  <CompanyText entry={c} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {companies.length === 0 && <AddCompanyButton />}
        <Button onClick={onClose}>Inchide</Button>
      </DialogActions>
    </Dialog>
  );
}
