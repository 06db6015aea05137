import { isValidElement, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { useMe } from '../features/auth/api/get-me';
import { RequireAuth } from '../features/auth/components/require-auth';
import { lazyWithPreload } from '../lib/lazy-with-preload';

/** A lazy page that can also be asked to start downloading before it renders. */
const lazyPage = lazyWithPreload;

// Each page is its own chunk, and so is the signed-in shell: the first screen loads only what it shows.
const ProfileLayout = lazyPage(() => import('./layout/profile-layout'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/dashboard-page'));
const SettingsLandingPage = lazyPage(() => import('../features/settings/pages/settings-landing-page'));
const SecurityPage = lazyPage(() => import('../features/settings/pages/security-page'));
const RepaymentPage = lazyPage(() => import('../features/settings/pages/repayment-page'));
const NotifyMailPage = lazyPage(() => import('../features/settings/pages/notify-mail-page'));
const NotifySmsPage = lazyPage(() => import('../features/settings/pages/notify-sms-page'));
const OutboxPage = lazyPage(() => import('../features/mail/pages/outbox-page'));
const PrintPage = lazyPage(() => import('../features/settings/pages/print-page'));
const PrintOrderPage = lazyPage(() => import('../features/settings/pages/print-order-page'));
const SchedulePage = lazyPage(() => import('../features/settings/pages/schedule-page'));
const PrepayPage = lazyPage(() => import('../features/prepay/pages/prepay-page'));
const AfterPaymentPage = lazyPage(() => import('../features/prepay/pages/after-payment-page'));
const SubscriptionsPage = lazyPage(() => import('../features/prepay/pages/subscriptions-page'));
const BillingDataPage = lazyPage(() => import('./routes/billing-data-route'));
const InvoicingSettingsPage = lazyPage(() => import('../features/billing/pages/invoicing-settings-page'));
const InvoicesPage = lazyPage(() => import('../features/billing/pages/invoices-page'));
const BalanceInvoicesPage = lazyPage(() => import('../features/balance/pages/balance-invoices-page'));
const BalanceAvailablePage = lazyPage(() => import('../features/balance/pages/balance-available-page'));
const BalanceBonusPage = lazyPage(() => import('../features/balance/pages/balance-bonus-page'));
const BalanceGeneralPage = lazyPage(() => import('../features/balance/pages/balance-general-page'));
const ClientReferralsPage = lazyPage(() => import('../features/referrals/pages/client-referrals-page'));
const AddressesPage = lazyPage(() => import('../features/addresses/pages/addresses-page'));
const ShipmentsListPage = lazyPage(() => import('../features/shipments/pages/shipments-list-page'));
const NewShipmentPage = lazyPage(() => import('./routes/new-shipment-route'));
const ShipmentDetailsPage = lazyPage(() => import('../features/shipments/pages/shipment-details-page'));
const PickupListPage = lazyPage(() => import('../features/pickup-points/pages/pickup-list-page'));
const PickupAddPage = lazyPage(() => import('../features/pickup-points/pages/pickup-add-page'));
const PickupRequestsAdminPage = lazyPage(() => import('../features/pickup-points/pages/pickup-requests-admin-page'));
const AuditLogPage = lazyPage(() => import('../features/balance/pages/audit-log-page'));
const AdminPaymentsPage = lazyPage(() => import('../features/balance/pages/admin-payments-page'));
const ReconciliationPage = lazyPage(() => import('../features/reconciliation/pages/reconciliation-page'));
const EInvoiceDeadlinesPage = lazyPage(() => import('../features/einvoice/pages/einvoice-deadlines-page'));
const TemplatesLandingPage = lazyPage(() => import('../features/templates-landing/pages/templates-landing-page'));
const PackagingTemplatesPage = lazyPage(() => import('../features/packaging/pages/packaging-templates-page'));
const SavedPackagesPage = lazyPage(() => import('../features/packaging/pages/saved-packages-page'));
const TemplatesListPage = lazyPage(() => import('../features/templates/pages/templates-list-page'));
const TemplateEditorPage = lazyPage(() => import('../features/templates/pages/template-editor-page'));
const PublicReturnPage = lazyPage(() => import('../features/templates/pages/public-return-page'));
const PublicTrackingPage = lazyPage(() => import('../features/tracking/pages/public-tracking-page'));
const IntegrationPage = lazyPage(() => import('../features/store/pages/integration-page'));
const StoreOrdersPage = lazyPage(() => import('../features/store/pages/store-orders-page'));
const StoreOrderPage = lazyPage(() => import('../features/store/pages/order-page'));
const RepaymentsListPage = lazyPage(() => import('../features/repayments/pages/repayments-list-page'));
const RepaymentSheetsPage = lazyPage(() => import('../features/repayments/pages/repayment-sheets-page'));
const RepaymentsAwaitingPage = lazyPage(() => import('../features/repayments/pages/repayments-awaiting-page'));
const ReceivedInvoicesPage = lazyPage(() => import('../features/einvoice/pages/received-invoices-page'));
const ReceivedInvoicePage = lazyPage(() => import('../features/einvoice/pages/received-invoice-page'));
const SentInvoicesPage = lazyPage(() => import('../features/einvoice/pages/sent-invoices-page'));
const SendInvoicePage = lazyPage(() => import('./routes/send-invoice-route'));
const CustomersPage = lazyPage(() => import('../features/customers/pages/customers-page'));
const CustomerPage = lazyPage(() => import('../features/customers/pages/customer-page'));
const EInvoiceCompaniesPage = lazyPage(() => import('../features/einvoice/pages/einvoice-companies-page'));
const EInvoiceConnectPage = lazyPage(() => import('../features/einvoice/pages/einvoice-connect-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));

/** The repayments list and sheets show the admins' controls (pay now, company, mark unprocessed). */
function RepaymentsListRoute() {
  return <RepaymentsListPage isAdmin={!!useMe().data?.isAdmin} />;
}
function RepaymentSheetsRoute() {
  return <RepaymentSheetsPage isAdmin={!!useMe().data?.isAdmin} />;
}

/** The dashboard shows an admin without a chosen client the platform's figures. */
function DashboardRoute() {
  return <DashboardPage isAdmin={!!useMe().data?.isAdmin} />;
}

/** The template editor shows its terms section to admins only: the session is the app's to know. */
function TemplateEditorRoute() {
  return <TemplateEditorPage isAdmin={!!useMe().data?.isAdmin} />;
}

/** The balance pages show the admin's actions (invoice buttons, payment actions) to admins only. */
function BalanceRoute({ page: Page }: { page: ComponentType<{ isAdmin: boolean }> }) {
  return <Page isAdmin={!!useMe().data?.isAdmin} />;
}

const page = (node: ReactNode) => <Suspense fallback={<LoadingState fullPage />}>{node}</Suspense>;

// Declarative routing (BrowserRouter + useRoutes): no page uses loaders, actions or fetchers, and
// the data router they need weighs about a sixth of the first load.
const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/profile/dashboard" replace /> },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/register', element: page(<RegisterPage />) },
  { path: '/order/return/:uniqueId', element: page(<PublicReturnPage />) },
  { path: '/tracking/:awb', element: page(<PublicTrackingPage />) },
  {
    path: '/profile',
    element: <RequireAuth />,
    children: [
      {
        element: page(<ProfileLayout />),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'settings', element: <SettingsLandingPage /> },
          { path: 'settings/security', element: <SecurityPage /> },
          { path: 'settings/repayment', element: <RepaymentPage /> },
          { path: 'settings/notify', element: <Navigate to="mail" replace /> },
          { path: 'settings/notify/mail', element: <NotifyMailPage /> },
          { path: 'settings/notify/sms', element: <NotifySmsPage /> },
          { path: 'settings/notify/outbox', element: <OutboxPage /> },
          { path: 'settings/print', element: <PrintPage /> },
          { path: 'settings/print/order', element: <PrintOrderPage /> },
          { path: 'settings/schedule', element: <SchedulePage /> },
          { path: 'settings/card-management', element: <Navigate to="subscriptions" replace /> },
          { path: 'settings/card-management/subscriptions', element: <SubscriptionsPage /> },
          { path: 'addresses', element: <AddressesPage /> },
          { path: 'customers', element: <CustomersPage /> },
          { path: 'customers/:id', element: <CustomerPage /> },
          { path: 'orders', element: <ShipmentsListPage /> },
          { path: 'orders/new', element: <NewShipmentPage /> },
          // The same page on a saved draft (its details page's 'Modifica comanda').
          { path: 'orders/edit/:uniqueId', element: <NewShipmentPage /> },
          { path: 'details/order/:uniqueId', element: <ShipmentDetailsPage /> },
          { path: 'pick-up-points', element: <Navigate to="list" replace /> },
          { path: 'pick-up-points/list', element: <PickupListPage /> },
          { path: 'pick-up-points/add', element: <PickupAddPage /> },
          { path: 'admin/pick-up-points', element: <PickupRequestsAdminPage /> },
          { path: 'admin/payments', element: <AdminPaymentsPage /> },
          { path: 'admin/audit-log', element: <AuditLogPage /> },
          { path: 'admin/reconciliation', element: <ReconciliationPage /> },
          { path: 'admin/einvoice-deadlines', element: <EInvoiceDeadlinesPage /> },
          { path: 'integration', element: <IntegrationPage /> },
          { path: 'shopify/orders/:clientId', element: <StoreOrdersPage /> },
          { path: 'shopify/order/:id', element: <StoreOrderPage /> },
          { path: 'prepay', element: <PrepayPage /> },
          { path: 'billing', element: <Navigate to="data/list" replace /> },
          { path: 'billing/data/list', element: <BillingDataPage /> },
          { path: 'billing/settings', element: <InvoicingSettingsPage /> },
          { path: 'invoices', element: <InvoicesPage /> },
          { path: 'invoicing-system', element: <Navigate to="system-invoices/received/list" replace /> },
          { path: 'invoicing-system/system-invoices/received/list', element: <ReceivedInvoicesPage /> },
          { path: 'invoicing-system/system-invoices/received/:receivedInvoiceId', element: <ReceivedInvoicePage /> },
          { path: 'invoicing-system/system-invoices/sent/list', element: <SentInvoicesPage /> },
          { path: 'invoicing-system/system-invoices/send', element: <SendInvoicePage /> },
          { path: 'invoicing-system/companies/list', element: <EInvoiceCompaniesPage /> },
          { path: 'invoicing-system/connect', element: <EInvoiceConnectPage /> },
          { path: 'balance', element: <Navigate to="invoices" replace /> },
          { path: 'balance/invoices', element: <BalanceRoute page={BalanceInvoicesPage} /> },
          { path: 'balance/available', element: <BalanceRoute page={BalanceAvailablePage} /> },
          { path: 'balance/bonus', element: <BalanceRoute page={BalanceBonusPage} /> },
          { path: 'balance/general', element: <BalanceGeneralPage /> },
          { path: 'client-referrals', element: <ClientReferralsPage /> },
          { path: 'repayments', element: <Navigate to="list" replace /> },
          { path: 'repayments/list', element: <RepaymentsListRoute /> },
          { path: 'repayments/sheet', element: <RepaymentSheetsRoute /> },
          { path: 'repayments/awaiting', element: <RepaymentsAwaitingPage /> },
          { path: 'after-payment/:identifier', element: <AfterPaymentPage /> },
          { path: 'templates', element: <TemplatesLandingPage /> },
          { path: 'templates/packaging', element: <Navigate to="data/list" replace /> },
          { path: 'templates/packaging/data/list', element: <PackagingTemplatesPage /> },
          { path: 'templates/packaging/packages/list', element: <SavedPackagesPage /> },
          { path: 'templates/orders', element: <Navigate to="list" replace /> },
          { path: 'templates/orders/list', element: <TemplatesListPage /> },
          { path: 'templates/orders/new', element: <TemplateEditorRoute /> },
          { path: 'templates/orders/edit/:id', element: <TemplateEditorRoute /> },
        ],
      },
    ],
  },
  { path: '*', element: page(<NotFoundPage />) },
];

/** The preload of the lazy page an element shows (itself or inside its Suspense). */
function preloadOf(node: ReactNode): (() => void) | undefined {
  if (!isValidElement(node)) return undefined;
  const type = node.type as { preload?: () => void };
  return typeof type.preload === 'function' ? type.preload : preloadOf((node.props as { children?: ReactNode }).children);
}

export function AppRoutes() {
  const { pathname } = useLocation();
  // The chunks of every matched route download at once (on /profile/... the signed-in shell and the
  // page, while the session is being checked), not each only when its parent has rendered.
  for (const match of matchRoutes(routes, pathname) ?? []) preloadOf(match.route.element)?.();
  return useRoutes(routes);
}
