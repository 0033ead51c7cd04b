import { createRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { parseId } from './params';
import { staffProjectRoute } from './projects';

const StaffInvoicesPage = lazy(() => import('../features/invoices/components/staff-invoices-page').then((module) => ({ default: module.StaffInvoicesPage })));
const StaffInvoicePage = lazy(() => import('../features/invoices/components/staff-invoice-page').then((module) => ({ default: module.StaffInvoicePage })));
const NewInvoicePage = lazy(() => import('../features/invoices/components/invoice-form-page').then((module) => ({ default: module.NewInvoicePage })));
const EditInvoicePage = lazy(() => import('../features/invoices/components/invoice-form-page').then((module) => ({ default: module.EditInvoicePage })));

const invoiceIdParams = {
  parse: ({ invoiceId }: { invoiceId: string }) => ({ invoiceId: parseId(invoiceId) }),
  stringify: ({ invoiceId }: { invoiceId: number }) => ({ invoiceId: String(invoiceId) }),
};

/** A project's invoices (docs/staff-console.md): the list with the balance and aging, a new draft, one invoice, a draft's edit. */
export const staffProjectInvoicesRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices',
  component: function StaffProjectInvoicesRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <StaffInvoicesPage projectId={projectId} />;
  },
});

export const staffProjectNewInvoiceRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices/new',
  component: function StaffProjectNewInvoiceRoute() {
    const { projectId } = staffProjectRoute.useParams();
    return <NewInvoicePage projectId={projectId} />;
  },
});

export const staffProjectInvoiceRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices/$invoiceId',
  params: invoiceIdParams,
  component: function StaffProjectInvoiceRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { invoiceId } = staffProjectInvoiceRoute.useParams();
    return <StaffInvoicePage key={invoiceId} projectId={projectId} invoiceId={invoiceId} />;
  },
});

export const staffProjectEditInvoiceRoute = createRoute({
  getParentRoute: () => staffProjectRoute,
  path: '/invoices/$invoiceId/edit',
  params: invoiceIdParams,
  component: function StaffProjectEditInvoiceRoute() {
    const { projectId } = staffProjectRoute.useParams();
    const { invoiceId } = staffProjectEditInvoiceRoute.useParams();
    return <EditInvoicePage key={invoiceId} projectId={projectId} invoiceId={invoiceId} />;
  },
});
