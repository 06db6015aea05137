import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import { profileMessages } from '@colete/contract';
import { Paper, Typography } from '@mui/material';

/** In place of a client's page while the admin has chosen no client (spec 002: admins fetch only after choosing). */
export default function ChooseClientPrompt() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <PersonSearchOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 1 }}>
        Niciun client selectat
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {profileMessages.clientRequired} Cautati-l dupa nume sau email in lista de mai sus.
      </Typography>
    </Paper>
  );
}
