import { useId, useState } from 'react';
import { customerName } from '../../../../lib/preview';
import { useProjectShares } from '../api/get-project-shares';
import { PreviewAsCustomer } from './preview-as-customer';

/** A project's "Preview as customer": which of the customers it is shared with, and the action. */
export function ProjectPreview({ projectId }: { projectId: number }) {
  const id = useId();
  const shares = useProjectShares(projectId);
  const [picked, setPicked] = useState<number | null>(null);
  const customers = shares.data?.data ?? [];
  const chosen = customers.find((share) => share.portal_user.id === picked) ?? customers[0];

  return (
    <section aria-labelledby={`${id}-heading`} className="max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-heading`} className="mb-1 text-lg font-semibold text-slate-900">
        Preview as customer
      </h2>
      <p className="mb-4 text-slate-600">See the portal in a new tab exactly as a customer sees this project. Nothing can be changed there.</p>
      {shares.isPending ? (
        <p role="status" className="text-slate-700">
          Loading the customers…
        </p>
      ) : null}
      {shares.isError ? (
        <p role="alert" className="text-red-800">
          The customers could not be loaded. Try again in a moment.
        </p>
      ) : null}
      {shares.isSuccess && customers.length === 0 ? <p className="text-slate-700">This project is not shared with any customer yet.</p> : null}
      {chosen ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-customer`} className="text-sm font-medium text-slate-800">
              Customer
            </label>
            <select
              id={`${id}-customer`}
              value={chosen.portal_user.id}
              onChange={(event) => setPicked(Number(event.target.value))}
              className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 sm:max-w-sm"
            >
              {customers.map((share) => (
                <option key={share.portal_user.id} value={share.portal_user.id}>
                  {customerName(share.portal_user) === share.portal_user.email
                    ? share.portal_user.email
                    : `${customerName(share.portal_user)} (${share.portal_user.email})`}
                </option>
              ))}
            </select>
          </div>
          <PreviewAsCustomer projectId={projectId} portalUserId={chosen.portal_user.id} />
        </div>
      ) : null}
    </section>
  );
}
