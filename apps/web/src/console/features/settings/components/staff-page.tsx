import type { IntegrationStaff, IntegrationStaffCreate } from '@portal/contract';
import { STAFF_ROLES, type StaffRole } from '@portal/contract/company-side';
import { UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LabelledSelect } from '../../../../components/labelled-select';
import { ImagePicker } from '../../../components/image-picker';
import { fieldAria, InlineAlert, LabelledField } from '../../../components/labelled-field';
import { useStaffMember } from '../../../components/staff-member';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useCreateStaffMember } from '../api/create-staff-member';
import { useInviteStaffMember } from '../api/invite-staff-member';
import { useSetStaffActive } from '../api/set-staff-active';
import { useDeleteStaffAvatar, useUploadStaffAvatar } from '../api/staff-avatar';
import { useStaffMembers } from '../api/staff-members';
import { useUpdateStaffMember } from '../api/update-staff-member';
import { ConfirmButton } from './confirm-button';
import { OpenFormButton, SettingsForm, SettingsHeading, SettingsList } from './settings-page';

export const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' };

/** The company's staff (docs/staff-console.md): add, invite, change role, deactivate and reactivate. */
export function StaffPage() {
  const staff = useStaffMembers();
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <SettingsHeading
        title="Staff"
        action={
          <OpenFormButton open={adding} icon={UserPlus} onOpen={() => setAdding(true)}>
            Add a member
          </OpenFormButton>
        }
      >
        Who signs in to this console. Owners also manage these settings.
      </SettingsHeading>
      {adding ? <AddMemberForm onDone={() => setAdding(false)} /> : null}
      <SettingsList
        query={staff}
        label="Staff members"
        empty={
          <EmptyState icon={Users} title="No staff yet">
            Add the people of your office, then send each an invitation to the console.
          </EmptyState>
        }
      >
        {(member) => <StaffRow key={member.id} member={member} />}
      </SettingsList>
    </div>
  );
}

function AddMemberForm({ onDone }: { onDone: () => void }) {
  const create = useCreateStaffMember();
  const invite = useInviteStaffMember();
  const [form, setForm] = useState({ name: '', email: '', title: '', phone: '', role: 'staff' as StaffRole });
  const [sendInvitation, setSendInvitation] = useState(true);
  const roleId = useId();
  const errors = formErrors(create.error);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: IntegrationStaffCreate = {
      name: form.name,
      email: form.email.trim() || null,
      title: form.title.trim() || null,
      phone: form.phone.trim() || null,
      role: form.role,
    };
    // The form closes only once both calls have answered: a closed form would hear neither.
    create.mutate(body, {
      onSuccess: (member) => {
        if (!sendInvitation || !member.email) {
          toast.success(`${member.name} added`);
          return onDone();
        }
        invite.mutate(member.id, {
          onSuccess: () => toast.success(`${member.name} added`, `An invitation is on its way to ${member.email}.`),
          onError: (error) => toast.error(`${member.name} added, but the invitation was not sent`, formErrors(error).form ?? undefined),
          onSettled: onDone,
        });
      },
    });
  };

  return (
    <SettingsForm
      title="Add a member"
      onSubmit={submit}
      error={errors.form}
      pending={create.isPending || invite.isPending}
      submitLabel="Add the member"
      pendingLabel="Adding…"
      onCancel={onDone}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={form.name} onChange={set('name')} error={errors.fields.name} required autoComplete="off" />
        <TextField label="Email" type="email" value={form.email} onChange={set('email')} error={errors.fields.email} autoComplete="off" />
        <TextField
          label="Title"
          value={form.title}
          onChange={set('title')}
          error={errors.fields.title}
          hint="Optional, e.g. Project manager"
          autoComplete="off"
        />
        <TextField label="Phone" type="tel" value={form.phone} onChange={set('phone')} error={errors.fields.phone} hint="Optional" autoComplete="off" />
        <LabelledField id={roleId} label="Role" error={errors.fields.role}>
          <select
            id={roleId}
            value={form.role}
            onChange={set('role')}
            {...fieldAria(roleId, errors.fields.role)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900"
          >
            <RoleOptions />
          </select>
        </LabelledField>
      </div>
      <label className="flex items-center gap-2 text-slate-800">
        <input type="checkbox" checked={sendInvitation} onChange={(event) => setSendInvitation(event.target.checked)} className="size-4" />
        Email them an invitation to the console now
      </label>
    </SettingsForm>
  );
}

/** The staff-list writes of one member's row, and the first thing any of them refused. */
function useMemberWrites() {
  const update = useUpdateStaffMember();
  const invite = useInviteStaffMember();
  const setActive = useSetStaffActive();
  const uploadAvatar = useUploadStaffAvatar();
  const removeAvatar = useDeleteStaffAvatar();
  const error = update.error ?? invite.error ?? setActive.error ?? uploadAvatar.error ?? removeAvatar.error;
  const message = error ? (Object.values(formErrors(error).fields)[0] ?? formErrors(error).form) : null;
  return { update, invite, setActive, uploadAvatar, removeAvatar, message };
}
type MemberWrites = ReturnType<typeof useMemberWrites>;

function StaffRow({ member }: { member: IntegrationStaff }) {
  const self = useStaffMember().id === member.id;
  const writes = useMemberWrites();
  const { uploadAvatar, removeAvatar } = writes;
  // A picture larger than the server takes is refused before it is sent, and said where the server's refusals are.
  const [refusal, setRefusal] = useState<string | null>(null);
  const message = refusal ?? writes.message;

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-label={member.name}>
      <MemberSummary member={member} self={self} />
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <ImagePicker
          inputLabel={`Picture of ${member.name}`}
          labels={{ add: 'Add a picture', replace: 'Replace the picture', remove: 'Remove the picture' }}
          hasImage={Boolean(member.avatar_url)}
          uploading={uploadAvatar.isPending}
          removing={removeAvatar.isPending}
          onUpload={(file) => uploadAvatar.mutate({ id: member.id, file }, { onSuccess: () => toast.success('Picture saved') })}
          onRemove={() => removeAvatar.mutate(member.id, { onSuccess: () => toast.success('Picture removed') })}
          onRefuse={setRefusal}
          buttonClassName="px-4 py-1.5 text-sm"
        />
        {self ? null : <MemberActions member={member} writes={writes} />}
      </div>
      <InlineAlert message={message} />
    </li>
  );
}

/** Who the member is: picture, name, email and title, with their state (and one's own role) beside. */
function MemberSummary({ member, self }: { member: IntegrationStaff; self: boolean }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        {member.avatar_url ? (
          <img src={member.avatar_url} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-700">
            {member.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-col">
          <p className="font-medium wrap-anywhere text-slate-900">
            {member.name}
            {self ? <span className="text-slate-600"> (you)</span> : null}
          </p>
          <p className="text-sm break-all text-slate-600">{member.email ?? 'No email'}</p>
          {member.title ? <p className="text-sm text-slate-600">{member.title}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={`rounded-full px-2.5 py-0.5 font-medium ${member.active ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-700'}`}
        >
          {member.active ? 'Active' : 'Deactivated'}
        </span>
        {self ? <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700">{ROLE_LABELS[member.role]}</span> : null}
      </div>
    </div>
  );
}

/** What an owner does to another member: change the role, invite, deactivate or reactivate. No one does it to themself. */
function MemberActions({ member, writes: { update, invite, setActive } }: { member: IntegrationStaff; writes: MemberWrites }) {
  return (
    <>
      <LabelledSelect
        as="span"
        label="Role"
        className="flex items-center gap-2"
        selectClassName="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        value={member.role}
        disabled={update.isPending}
        onChange={(role) =>
          update.mutate(
            { id: member.id, body: { role: role as StaffRole } },
            { onSuccess: (saved) => toast.success(`${saved.name} is now ${ROLE_LABELS[saved.role].toLowerCase()}`) },
          )
        }
      >
        <RoleOptions />
      </LabelledSelect>
      {member.active && member.email ? (
        <Button
          variant="ghost"
          className="px-4 py-1.5 text-sm"
          disabled={invite.isPending}
          onClick={() =>
            invite.mutate(member.id, { onSuccess: () => toast.success('Invitation sent', `A link to the console is on its way to ${member.email}.`) })
          }
        >
          {invite.isPending ? 'Sending…' : 'Send an invitation'}
        </Button>
      ) : null}
      {member.active ? (
        <ConfirmButton
          label="Deactivate"
          question={`Deactivate ${member.name}? They are signed out at once.`}
          confirmLabel="Yes, deactivate"
          pending={setActive.isPending}
          onConfirm={() => setActive.mutate({ id: member.id, active: false }, { onSuccess: () => toast.success(`${member.name} deactivated`) })}
        />
      ) : (
        <ConfirmButton
          label="Reactivate"
          question={`Reactivate ${member.name}? They can be invited and sign in again.`}
          confirmLabel="Yes, reactivate"
          danger={false}
          pending={setActive.isPending}
          onConfirm={() => setActive.mutate({ id: member.id, active: true }, { onSuccess: () => toast.success(`${member.name} reactivated`) })}
        />
      )}
    </>
  );
}

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
