import { Box } from '@mui/material';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { OrderView } from '../components/order-view';

/** /profile/shopify/order/{id}?clientId=: the store order page (spec 002 section 2.1), heading 'Detalii comanda'. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const clientId = Number(search.get('clientId'));
  return (
    <Box>
      <PageHeader title="Detalii comanda" />
      {Number.isInteger(clientId) && clientId > 0 && id ? <OrderView clientId={clientId} orderId={id} onLeave={() => void navigate('/profile/integration')} /> : <ErrorState />}
    </Box>
  );
}
