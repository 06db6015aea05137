import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** From the mail settings to the mail the account was sent. */
export function OutboxLink() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Button component={RouterLink} to="/profile/settings/notify/outbox" startIcon={<ForwardToInboxOutlinedIcon />}>
        Emailuri trimise
      </Button>
    </Box>
  );
}
