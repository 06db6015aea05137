import { dashboardMessages as T } from '@colete/contract';
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoneyBani } from '../../../lib/format';
import { useDashboardTile } from '../api/dashboard-tiles';
import { Figure, Tile } from './tile';

const orders = (status: string, since: string) => `/profile/orders?status=${status}&from=${since}`;

export function MoneyTile() {
  return (
    <Tile title={T.money.title} query={useDashboardTile('money')} testId="tile-money">
      {(d) => (
        <>
          <Figure label={T.money.balance} value={formatMoneyBani(d.balance)} to="/profile/balance/available" strong />
          <Figure label={T.money.leftToPay} value={formatMoneyBani(d.leftToPay)} to="/profile/balance/invoices" />
          <Link component={RouterLink} to="/profile/prepay" sx={{ display: 'inline-block', mt: 1 }}>
            {T.money.topUp}
          </Link>
        </>
      )}
    </Tile>
  );
}

export function AttentionTile() {
  return (
    <Tile title={T.attention.title} query={useDashboardTile('shipments')} testId="tile-attention">
      {(d) => (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {T.attention.period}
          </Typography>
          <Figure label={T.attention.addressErrors} value={d.addressErrors} to={orders('returned', d.since)} strong={d.addressErrors > 0} />
          <Figure label={T.attention.returned} value={d.returned} to={orders('returned', d.since)} />
          <Figure label={T.attention.refused} value={d.refused} to={orders('refused', d.since)} />
          <Figure label={T.attention.latePickups} value={d.latePickups} to="/profile/orders?status=created" strong={d.latePickups > 0} />
        </>
      )}
    </Tile>
  );
}

/** Read live from each shop: it has its own loading and error, and never holds up the other tiles. */
export function StoreTile() {
  return (
    <Tile title={T.store.title} query={useDashboardTile('store')} testId="tile-store">
      {(d) =>
        d.stores.length === 0 ? (
          <Box>
            <Typography sx={{ mb: 1 }}>{T.store.none}</Typography>
            <Link component={RouterLink} to="/profile/integration">
              {T.store.connect}
            </Link>
          </Box>
        ) : (
          d.stores.map((s) => (
            <Figure
              key={s.clientId}
              label={`${s.shop}: ${T.store.awaiting}`}
              value={s.awaiting === null ? T.store.shopError : `${s.awaiting}${s.more ? '+' : ''}`}
              to={`/profile/shopify/orders/${s.clientId}`}
              strong={(s.awaiting ?? 0) > 0}
            />
          ))
        )
      }
    </Tile>
  );
}

export function RepaymentsTile() {
  return (
    <Tile title={T.repayments.title} query={useDashboardTile('repayments')} testId="tile-repayments">
      {(d) => (
        <>
          <Figure label={T.repayments.next} value={d.nextPayDate ? formatDate(d.nextPayDate) : T.repayments.noDate} to="/profile/settings/repayment" />
          <Figure label={T.repayments.atUs} value={formatMoneyBani(d.atUs.amount)} to="/profile/repayments/list?filter=atUs" strong />
          <Figure label={T.repayments.atCourier} value={formatMoneyBani(d.atCourier.amount)} to="/profile/repayments/list?filter=atCourier" />
        </>
      )}
    </Tile>
  );
}

export function EInvoiceTile() {
  return (
    <Tile title={T.einvoice.title} query={useDashboardTile('einvoice')} testId="tile-einvoice">
      {(d) =>
        d.connected ? (
          <>
            <Figure label={T.einvoice.newReceived} value={d.newReceived} to="/profile/invoicing-system/system-invoices/received/list" strong={d.newReceived > 0} />
            <Figure label={T.einvoice.unreadMessages} value={d.unreadMessages} to="/profile/invoicing-system/system-invoices/sent/list" strong={d.unreadMessages > 0} />
          </>
        ) : (
          <Box>
            <Typography sx={{ mb: 1 }}>{T.einvoice.notConnected}</Typography>
            <Link component={RouterLink} to="/profile/invoicing-system/companies/list">
              {T.einvoice.connect}
            </Link>
          </Box>
        )
      }
    </Tile>
  );
}
