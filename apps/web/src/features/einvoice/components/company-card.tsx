import { billingAddressLine, fiscalIdLabel, type TBillingData } from '@colete/contract';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChooseCompanyDialog } from './einvoice-company-dialogs';

/** The company shown: its name, CUI, trade register and address, 'Schimba firma' when another is connected (spec 002 section 2.7). */
export function CompanyCard({ company, others, onChange }: { company: TBillingData; others: TBillingData[]; onChange: (code: string) => void }) {
  const [choosing, setChoosing] = useState(false);
  const e = company.entityData;
  return (
    <Card sx={{ mb: 2, maxWidth: 1200 }}>
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h2" sx={{ fontSize: 18 }}>
            {e.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {fiscalIdLabel(e.fiscalIdentificationType)} {e.identificationCode}
            {e.tradeRegister ? ` · ${e.tradeRegister}` : ''} · {billingAddressLine(company.address)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {others.length > 0 && (
            <Button size="small" startIcon={<SwapHorizIcon />} onClick={() => setChoosing(true)}>
              Schimba firma
            </Button>
          )}
          <Button component={RouterLink} to="/profile/invoicing-system/companies/list" size="small">
            Management firme
          </Button>
        </Box>
      </CardContent>
      {choosing && (
        <ChooseCompanyDialog
          companies={others}
          onChoose={(code) => {
            setChoosing(false);
            onChange(code);
          }}
          onClose={() => setChoosing(false)}
        />
      )}
    </Card>
  );
}
