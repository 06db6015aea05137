import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { useMe } from '../api/get-me';

/** Sends a signed-out visitor to /login, remembering the page they asked for. */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingState label="Se incarca..." fullPage />;
  if (me.isError) return <ErrorState onRetry={() => void me.refetch()} fullPage />;
  if (!me.data) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <Outlet />;
}
