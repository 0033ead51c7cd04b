import type { IntegrationCompany, IntegrationCompanyUpdate } from '@portal/contract';
import { DEFAULT_PORTAL_COLOR } from '@portal/contract/constants';
import { useState, type FormEvent } from 'react';
import { ImagePicker, ImagePickerSection } from '../../../components/image-picker';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { applyPortalColor } from '../../../../lib/portal-color';
import { toast } from '../../../../lib/toast';
import { useDeleteLogo } from '../api/delete-logo';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { useUploadLogo } from '../api/upload-logo';
import { BrandingPreview } from './branding-preview';
import { SettingsError, SettingsHeading } from './settings-page';
import { TextAreaField } from './text-area-field';
import { TimeZoneForm } from './time-zone-form';

const HEX = /^#[0-9a-f]{6}$/i;

/** Branding (docs/staff-console.md): name, colour, logo, welcome message and theme code, with the portal previewed as typed. */
export function BrandingPage() {
  const company = useCompany();
  if (company.isPending) return <PageSpinner />;
  if (company.isError) return <SettingsError error={company.error} />;
  return <BrandingForm company={company.data} />;
}

/** The details as typed, not yet saved: the preview shows them as they are. */
interface DetailsDraft {
  name: string;
  color: string;
  welcome: string;
  themeCode: string;
}

/** The details' draft and their save. */
function useBrandingDetails(company: IntegrationCompany) {
  const [draft, setDraft] = useState<DetailsDraft>({
    name: company.name,
    color: company.color ?? DEFAULT_PORTAL_COLOR,
    welcome: company.portal_welcome_message ?? '',
    themeCode: company.theme_code ?? '',
  });
  const update = useUpdateCompany();
  const set = (field: keyof DetailsDraft) => (value: string) => setDraft((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: IntegrationCompanyUpdate = { name: draft.name, color: draft.color, portal_welcome_message: draft.welcome.trim() || null };
    if (draft.themeCode.trim() !== (company.theme_code ?? '')) body.theme_code = draft.themeCode;
    update.mutate(body, {
      onSuccess: (saved) => {
        // The console wears the company's colour too: it changes with the portal's, without a reload.
        applyPortalColor(saved.color);
        toast.success('Branding saved', 'The portal shows it now.');
      },
    });
  };

  return { draft, set, submit, pending: update.isPending, errors: formErrors(update.error) };
}

function BrandingForm({ company }: { company: IntegrationCompany }) {
  const details = useBrandingDetails(company);
  const { name, color, welcome } = details.draft;
  return (
    <div className="flex flex-col gap-6">
      <SettingsHeading title="Branding">How the portal and its sign-in pages look to your customers.</SettingsHeading>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex flex-col gap-6">
          <DetailsForm details={details} />
          <LogoSection company={company} />
          <TimeZoneForm company={company} />
        </div>
        <div className="flex flex-col gap-2 xl:sticky xl:top-4">
          <h2 className="text-sm font-semibold text-slate-700">Preview (before saving)</h2>
          <BrandingPreview draft={{ name, color, logoUrl: company.logo_url, welcome }} fallbackColor={company.color ?? DEFAULT_PORTAL_COLOR} />
        </div>
      </div>
    </div>
  );
}

function DetailsForm({ details: { draft, set, submit, pending, errors } }: { details: ReturnType<typeof useBrandingDetails> }) {
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <FormError message={errors.form} />
      <TextField
        label="Company name"
        value={draft.name}
        onChange={(event) => set('name')(event.target.value)}
        error={errors.fields.name}
        required
        maxLength={200}
      />
      <ColourField color={draft.color} onChange={set('color')} error={errors.fields.color} />
      <TextAreaField
        label="Welcome message"
        value={draft.welcome}
        onChange={(event) => set('welcome')(event.target.value)}
        error={errors.fields.portal_welcome_message}
        hint="Shown to customers above their project."
        rows={4}
        maxLength={2000}
      />
      <TextField
        label="Theme code"
        value={draft.themeCode}
        onChange={(event) => set('themeCode')(event.target.value)}
        error={errors.fields.theme_code}
        hint={`Brands the sign-in pages: /login?theme=${draft.themeCode.trim() || 'your-code'}. Lower-case letters, digits and dashes.`}
        spellCheck={false}
        autoComplete="off"
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save branding'}
        </Button>
      </div>
    </form>
  );
}

/** The colour as a hex code, with the browser's colour picker beside it for those who would rather pick. */
function ColourField({ color, onChange, error }: { color: string; onChange: (color: string) => void; error: string | undefined }) {
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Colour"
        value={color}
        onChange={(event) => onChange(event.target.value.trim())}
        error={error}
        hint="A hex code such as #0f766e: the colour bar and the buttons."
        spellCheck={false}
        autoComplete="off"
      />
      <label className="flex w-fit items-center gap-2 text-sm text-slate-700">
        <input
          type="color"
          value={HEX.test(color) ? color.toLowerCase() : DEFAULT_PORTAL_COLOR}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-0.5"
        />
        Pick the colour
      </label>
    </div>
  );
}

/** The logo, saved as soon as it is chosen, apart from the details' Save. */
function LogoSection({ company }: { company: IntegrationCompany }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = formErrors(upload.error ?? remove.error);
  return (
    <ImagePickerSection
      headingId="logo-heading"
      heading="Logo"
      className="gap-3"
      current={
        company.logo_url ? (
          <img
            src={company.logo_url}
            alt="Current logo"
            width={64}
            height={64}
            className="h-16 w-auto max-w-full rounded-xl object-contain ring-1 ring-slate-200 sm:max-w-64"
          />
        ) : (
          <p className="text-slate-600">No logo yet: the portal shows the company's name alone.</p>
        )
      }
      hint="JPEG, PNG or WebP, at most 2 MB. A square image looks best. It is saved as soon as you choose it."
      error={<FormError message={refusal ?? errors.fields.file ?? errors.form} />}
    >
      <ImagePicker
        inputLabel="Logo image"
        labels={{ add: 'Upload a logo', replace: 'Replace the logo', remove: 'Remove the logo' }}
        hasImage={Boolean(company.logo_url)}
        uploading={upload.isPending}
        removing={remove.isPending}
        onUpload={(file) => upload.mutate(file, { onSuccess: () => toast.success('Logo saved') })}
        onRemove={() => remove.mutate(undefined, { onSuccess: () => toast.success('Logo removed') })}
        onRefuse={setRefusal}
        buttonClassName="px-4 py-2 text-sm"
      />
    </ImagePickerSection>
  );
}
