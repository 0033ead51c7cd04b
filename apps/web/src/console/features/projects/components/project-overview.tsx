import type { IntegrationProject } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ImageOff, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formErrors } from '../../../../lib/form-errors';
import { formatDay, formatMoney } from '../../../../lib/format';
import { responsiveImage } from '../../../../lib/image-url';
import { staffQueryPrefix } from '../../../lib/staff-api';
import { useActiveStaff, useSiteTypes } from '../api/get-choices';
import { useCoverChoices } from '../api/get-cover-choices';
import { useStaffProjectDetails } from '../api/get-project';
import { useUpdateProject } from '../api/save-project';
import { formValues, ProjectForm, projectBody } from './project-form';
import { ProjectStatusBadge } from './project-bits';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/**
 * A project's overview in the console: its details (edited in place), its account and its cover photo. `actions` are
 * buttons other areas put beside "Edit details" (the app composes them).
 */
export function StaffProjectOverview({ projectId, actions }: { projectId: number; actions?: ReactNode }) {
  const project = useStaffProjectDetails(projectId);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const update = useUpdateProject(projectId);

  if (!project.data) {
    return project.isError ? (
      <p role="alert" className="text-red-800">
        The project could not be loaded. Try again in a moment.
      </p>
    ) : (
      <PageSpinner label="Loading the project…" />
    );
  }
  const data = project.data;

  if (editing) {
    return (
      <section aria-labelledby="edit-project" className="max-w-3xl">
        <h2 id="edit-project" className="mb-4 text-lg font-semibold text-slate-900">
          Edit details
        </h2>
        <ProjectForm
          initial={formValues(data)}
          currentAccount={data.account ? { id: data.account.id, name: data.account.name } : null}
          submitLabel="Save changes"
          pendingLabel="Saving…"
          pending={update.isPending}
          error={update.error}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
          onSubmit={(values) =>
            update.mutate(projectBody(values), {
              onSuccess: () => {
                setEditing(false);
                setSaved(true);
              },
            })
          }
        />
      </section>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="ghost"
          className="px-5 py-2"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit details
        </Button>
        {actions}
        <p role="status" className="text-sm font-medium text-green-800">
          {saved ? 'Changes saved.' : ''}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <Details project={data} />
          <AccountCard project={data} />
        </div>
        <CoverCard project={data} />
      </div>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-700">{children}</dd>
    </>
  );
}

const optionalMoney = (amount: string | null) => (amount === null ? 'not set' : formatMoney(amount));
/** The figures "Edit details" changes, said in a sentence that reads well when neither is set. */
const ownFigures = (project: IntegrationProject) =>
  project.financials_total_amount === null && project.financials_balance_amount === null
    ? 'The project’s own figures (Edit details) are not set.'
    : `The project’s own figures: total ${optionalMoney(project.financials_total_amount)}, balance ${optionalMoney(project.financials_balance_amount)}.`;
/** The money shown comes from the invoices, not from the figures "Edit details" changes. */
const ownFiguresDiffer = (project: IntegrationProject) =>
  project.portal_total_amount !== project.financials_total_amount || project.portal_balance_amount !== project.financials_balance_amount;

function Details({ project }: { project: IntegrationProject }) {
  const siteTypes = useSiteTypes();
  const staff = useActiveStaff();
  const siteType = siteTypes.data?.find((type) => type.id === project.site_type_id)?.name;
  const rep = staff.data?.find((member) => member.id === project.rep_primary_id)?.name;
  const cityLine = [[project.address_city, project.address_state].filter(Boolean).join(', '), project.address_zip].filter(Boolean).join(' ');
  return (
    <section aria-labelledby="project-details" className={card}>
      <h2 id="project-details" className="mb-4 text-lg font-semibold text-slate-900">
        Details
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <Row term="Name">{project.name ?? '—'}</Row>
        <Row term="Number">{project.number ?? '—'}</Row>
        <Row term="Status">
          <ProjectStatusBadge status={project.status ?? null} />
        </Row>
        <Row term="Site type">{project.site_type_id ? (siteType ?? '…') : '—'}</Row>
        <Row term="Primary rep">{project.rep_primary_id ? (rep ?? 'A former member') : '—'}</Row>
        <Row term="Address">
          {project.address_street || cityLine ? (
            <>
              {project.address_street ? <span className="block">{project.address_street}</span> : null}
              {cityLine ? <span className="block">{cityLine}</span> : null}
            </>
          ) : (
            '—'
          )}
        </Row>
        {/* What the customers see (docs/decisions/112-the-consoles-project-money.md): the sent invoices' figures once there are any. */}
        <Row term="Total">{project.portal_total_amount === null ? '—' : formatMoney(project.portal_total_amount)}</Row>
        <Row term="Balance">
          {project.portal_balance_amount === null ? '—' : formatMoney(project.portal_balance_amount)}
          {ownFiguresDiffer(project) ? (
            <span className="block text-sm text-slate-600">From the sent invoices, as the customers see it. {ownFigures(project)}</span>
          ) : null}
        </Row>
        <Row term="Last activity">{project.last_activity_at ? formatDay(project.last_activity_at) : '—'}</Row>
      </dl>
    </section>
  );
}

function AccountCard({ project }: { project: IntegrationProject }) {
  const account = project.account;
  const contact = account ? [account.prefix, account.first_name, account.last_name].filter(Boolean).join(' ') : '';
  const phones = account ? [account.phone_cell, account.phone_work, account.phone_home].filter(Boolean) : [];
  return (
    <section aria-labelledby="project-account" className={card}>
      <h2 id="project-account" className="mb-4 text-lg font-semibold text-slate-900">
        Account
      </h2>
      {account ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <Row term="Name">{account.name}</Row>
          <Row term="Contact">{contact || '—'}</Row>
          <Row term="Email">{account.email ?? '—'}</Row>
          <Row term="Phone">{phones.length > 0 ? phones.join(' · ') : '—'}</Row>
        </dl>
      ) : (
        <p className="text-slate-600">No account yet. Edit the details to pick one or add a new one.</p>
      )}
    </section>
  );
}

/** The cover the portal shows, and the photos of shared albums to choose another from. */
function CoverCard({ project }: { project: IntegrationProject }) {
  const [choosing, setChoosing] = useState(false);
  const choices = useCoverChoices(project.id, choosing);
  const update = useUpdateProject(project.id);
  const queryClient = useQueryClient();
  const { form } = formErrors(update.error);
  const cover = project.cover_photo ?? null;

  const choose = (photoId: number) =>
    update.mutate(
      { cover_photo_id: photoId },
      {
        onSuccess: () => {
          // The chosen photo's album moved first: the album lists are stale too.
          void queryClient.invalidateQueries({ queryKey: staffQueryPrefix(`/integration/projects/${project.id}/albums`) });
          setChoosing(false);
        },
      },
    );

  return (
    <section aria-labelledby="project-cover" className={`${card} flex min-w-0 flex-col gap-4 self-start`}>
      <h2 id="project-cover" className="text-lg font-semibold text-slate-900">
        Cover photo
      </h2>
      {cover ? (
        <img
          {...responsiveImage(cover.url, 'console-cover')}
          alt={cover.caption ?? 'The project’s cover photo'}
          className="aspect-[3/2] w-full rounded-xl bg-slate-100 object-cover"
        />
      ) : (
        <div className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 p-4 text-center text-slate-600">
          <ImageOff aria-hidden="true" className="size-8" />
          <p>No cover yet: the customers see one once an album with photos is shared.</p>
        </div>
      )}
      <FormError message={form} />
      {choosing ? (
        <CoverChoices choices={choices} current={cover?.id ?? null} pending={update.isPending} onChoose={choose} onClose={() => setChoosing(false)} />
      ) : (
        <Button variant="ghost" className="self-start px-5 py-2" onClick={() => setChoosing(true)}>
          Choose the cover
        </Button>
      )}
    </section>
  );
}

function CoverChoices({
  choices,
  current,
  pending,
  onChoose,
  onClose,
}: {
  choices: ReturnType<typeof useCoverChoices>;
  current: number | null;
  pending: boolean;
  onChoose: (photoId: number) => void;
  onClose: () => void;
}) {
  if (choices.isPending) return <PageSpinner label="Loading the photos…" />;
  if (choices.isError) {
    return (
      <p role="alert" className="text-red-800">
        The photos could not be loaded.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {choices.albums.length === 0 ? (
        <p className="text-slate-600">No shared album holds a photo yet. Share an album on the Photos tab, then choose its best photo here.</p>
      ) : (
        choices.albums.map(({ album, photos }) => (
          <fieldset key={album.id} className="min-w-0">
            <legend className="mb-2 text-sm font-semibold text-slate-900">{album.name}</legend>
            <ul className="grid grid-cols-3 gap-2">
              {photos.map((photo) => {
                const chosen = photo.id === current;
                const label = `Make ${photo.caption ? `“${photo.caption}”` : `photo ${photo.position + 1} of ${album.name}`} the cover`;
                return (
                  <li key={photo.id}>
                    <button
                      type="button"
                      aria-label={label}
                      aria-pressed={chosen}
                      disabled={pending}
                      onClick={() => onChoose(photo.id)}
                      className={`relative block w-full overflow-hidden rounded-lg ring-offset-2 focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60 ${chosen ? 'ring-4 ring-portal' : 'ring-1 ring-slate-200'}`}
                    >
                      {photo.file.image_url ? (
                        <img {...responsiveImage(photo.file.image_url, 'console-cover-choice')} alt="" className="aspect-[4/3] w-full object-cover" />
                      ) : (
                        <span className="block aspect-[4/3] w-full bg-slate-100" />
                      )}
                      {chosen ? (
                        <span className="absolute top-1 right-1 rounded-full bg-portal p-0.5 text-on-portal">
                          <Check aria-hidden="true" className="size-3.5" />
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))
      )}
      {choices.hiddenAlbums.length > 0 ? (
        <p className="text-sm text-slate-600">
          Not offered, as the customers cannot see them: {choices.hiddenAlbums.map((album) => album.name).join(', ')} (not shared).
        </p>
      ) : null}
      <Button variant="ghost" className="self-start px-5 py-2" onClick={onClose} disabled={pending}>
        Done
      </Button>
    </div>
  );
}
