import type { IntegrationStaff } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../../../components/document-title';
import { ImagePicker, ImagePickerSection } from '../../../components/image-picker';
import { InlineAlert } from '../../../components/labelled-field';
import { useStaffMemberChange } from '../../../components/staff-member';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useDeleteProfileAvatar, useProfile, useUpdateProfile, useUploadProfileAvatar } from '../api/profile';

const ROLE = { owner: 'Owner', staff: 'Staff' } as const;

/**
 * "Your profile" (docs/staff-console.md): every member, owner or staff, sets the name, title, phone and picture that
 * customers see beside their notes, in emails and on visits. Email and role are an owner's to change, on the Staff page.
 */
export function ProfilePage() {
  useDocumentTitle('Your profile');
  const profile = useProfile();
  return (
    <>
      <PageHeading title="Your profile">How customers see you: beside your notes, in their emails and on visits.</PageHeading>
      {profile.isPending ? (
        <PageSpinner />
      ) : profile.isError ? (
        <p role="alert" className="text-slate-700">
          Your profile could not be loaded. Check your connection and reload the page.
        </p>
      ) : (
        <div className="flex max-w-2xl flex-col gap-6">
          <PictureSection profile={profile.data} />
          <ProfileForm profile={profile.data} />
        </div>
      )}
    </>
  );
}

function PictureSection({ profile }: { profile: IntegrationStaff }) {
  const upload = useUploadProfileAvatar();
  const remove = useDeleteProfileAvatar();
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = formErrors(upload.error ?? remove.error);
  const message = refusal ?? Object.values(errors.fields)[0] ?? errors.form;

  return (
    <ImagePickerSection
      headingId="picture"
      heading="Picture"
      className="gap-4"
      current={
        profile.avatar_url ? (
          <img src={profile.avatar_url} alt="Your picture" width={64} height={64} className="size-16 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-2xl font-semibold text-slate-700"
          >
            {profile.name.slice(0, 1).toUpperCase()}
          </span>
        )
      }
      hint="JPEG, PNG or WebP, at most 2 MB. Customers see it while the company shows profile pictures."
      error={<InlineAlert message={message} />}
    >
      <ImagePicker
        inputLabel="Your picture file"
        labels={{ add: 'Add a picture', replace: 'Replace the picture', remove: 'Remove the picture' }}
        hasImage={Boolean(profile.avatar_url)}
        uploading={upload.isPending}
        removing={remove.isPending}
        onUpload={(file) => upload.mutate(file, { onSuccess: () => toast.success('Picture saved') })}
        onRemove={() => remove.mutate(undefined, { onSuccess: () => toast.success('Picture removed') })}
        onRefuse={setRefusal}
        buttonClassName="px-4 py-1.5 text-sm"
      />
    </ImagePickerSection>
  );
}

function ProfileForm({ profile }: { profile: IntegrationStaff }) {
  const update = useUpdateProfile();
  const changeMember = useStaffMemberChange();
  const [form, setForm] = useState({ name: profile.name, title: profile.title ?? '', phone: profile.phone ?? '' });
  const errors = formErrors(update.error);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { name: form.name, title: form.title.trim() || null, phone: form.phone.trim() || null },
      {
        onSuccess: (saved) => {
          changeMember({ name: saved.name });
          toast.success('Profile saved', 'Customers see it from now on.');
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="details"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="details" className="text-lg font-semibold text-slate-900">
        Details
      </h2>
      <FormError message={errors.form} />
      <TextField label="Name" value={form.name} onChange={set('name')} error={errors.fields.name} required maxLength={200} autoComplete="name" />
      <TextField
        label="Title"
        value={form.title}
        onChange={set('title')}
        error={errors.fields.title}
        hint="Optional, e.g. Project manager"
        maxLength={200}
        autoComplete="organization-title"
      />
      <TextField
        label="Phone"
        type="tel"
        value={form.phone}
        onChange={set('phone')}
        error={errors.fields.phone}
        hint="Optional"
        maxLength={50}
        autoComplete="tel"
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm text-slate-700">
        <dt className="font-medium text-slate-900">Email</dt>
        <dd className="break-all">{profile.email ?? 'None'}</dd>
        <dt className="font-medium text-slate-900">Role</dt>
        <dd>{ROLE[profile.role]}</dd>
      </dl>
      <p className="text-sm text-slate-600">Your email (how you sign in) and your role are not changed here: another owner changes them for you.</p>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save your profile'}
        </Button>
      </div>
    </form>
  );
}
