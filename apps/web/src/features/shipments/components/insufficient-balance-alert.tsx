import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The refusal of an activation for a too-low prepaid balance, with the way to top up (issue 5). */
export function InsufficientBalanceAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message}{' '}
      <Link component={RouterLink} to="/profile/prepay">
        Reincarcati contul preplatit
      </Link>
    </Alert>
  );
}
