import type { IntegrationCompany, IntegrationCompanyUpdate } from '@portal/contract';
import { DEFAULT_PORTAL_COLOR, MAX_PUBLIC_IMAGE_BYTES } from '@portal/contract/constants';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { TextField } from '../../../components/ui/text-field';
import { formErrors } from '../../../lib/form-errors';
import { tooLargeMessage } from '../../../lib/format';
import { applyPortalColor } from '../../../lib/portal-color';
import { toast } from '../../../lib/toast';
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

function BrandingForm({ company }: { company: IntegrationCompany }) {
  const [name, setName] = useState(company.name);
  const [color, setColor] = useState(company.color ?? DEFAULT_PORTAL_COLOR);
  const [welcome, setWelcome] = useState(company.portal_welcome_message ?? '');
  const [themeCode, setThemeCode] = useState(company.theme_code ?? '');
  const update = useUpdateCompany();
  const upload = useUploadLogo();
  const removeLogo = useDeleteLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const errors = formErrors(update.error);
  const logoErrors = formErrors(upload.error ?? removeLogo.error);
  // A file larger than the server takes is refused here, before it is sent.
  const [logoRefusal, setLogoRefusal] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: IntegrationCompanyUpdate = { name, color, portal_welcome_message: welcome.trim() || null };
    if (themeCode.trim() !== (company.theme_code ?? '')) body.theme_code = themeCode;
    update.mutate(body, {
      onSuccess: (saved) => {
        // The console wears the company's colour too: it changes with the portal's, without a reload.
        applyPortalColor(saved.color);
        toast.success('Branding saved', 'The portal shows it now.');
      },
    });
  };

  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    const refusal = tooLargeMessage(file, MAX_PUBLIC_IMAGE_BYTES);
    setLogoRefusal(refusal);
    if (!refusal) upload.mutate(file, { onSuccess: () => toast.success('Logo saved') });
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <div className="flex flex-col gap-6">
      <SettingsHeading title="Branding">How the portal and its sign-in pages look to your customers.</SettingsHeading>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex flex-col gap-6">
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <FormError message={errors.form} />
            <TextField
              label="Company name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.fields.name}
              required
              maxLength={200}
            />
            <div className="flex flex-col gap-2">
              <TextField
                label="Colour"
                value={color}
                onChange={(event) => setColor(event.target.value.trim())}
                error={errors.fields.color}
                hint="A hex code such as #0f766e: the colour bar and the buttons."
                spellCheck={false}
                autoComplete="off"
              />
              <label className="flex w-fit items-center gap-2 text-sm text-slate-700">
                <input
                  type="color"
                  value={HEX.test(color) ? color.toLowerCase() : DEFAULT_PORTAL_COLOR}
                  onChange={(event) => setColor(event.target.value)}
                  className="h-9 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-0.5"
                />
                Pick the colour
              </label>
            </div>
            <TextAreaField
              label="Welcome message"
              value={welcome}
              onChange={(event) => setWelcome(event.target.value)}
              error={errors.fields.portal_welcome_message}
              hint="Shown to customers above their project."
              rows={4}
              maxLength={2000}
            />
            <TextField
              label="Theme code"
              value={themeCode}
              onChange={(event) => setThemeCode(event.target.value)}
              error={errors.fields.theme_code}
              hint={`Brands the sign-in pages: /login?theme=${themeCode.trim() || 'your-code'}. Lower-case letters, digits and dashes.`}
              spellCheck={false}
              autoComplete="off"
            />
            <div>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save branding'}
              </Button>
            </div>
          </form>
          <section aria-labelledby="logo-heading" className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="logo-heading" className="text-lg font-semibold text-slate-900">
              Logo
            </h2>
            <div className="flex flex-wrap items-center gap-4">
              {company.logo_url ? (
                <img
                  src={company.logo_url}
                  alt="Current logo"
                  width={64}
                  height={64}
                  className="h-16 w-auto max-w-full rounded-xl object-contain ring-1 ring-slate-200 sm:max-w-64"
                />
              ) : (
                <p className="text-slate-600">No logo yet: the portal shows the company's name alone.</p>
              )}
              <div className="flex flex-wrap gap-2">
                <input
                  ref={fileInput}
                  type="file"
                  aria-label="Logo image"
                  tabIndex={-1}
                  accept="image/jpeg,image/png,image/webp"
                  className="sr-only"
                  onChange={(event) => chooseLogo(event.target.files?.[0])}
                />
                <Button variant="ghost" className="px-4 py-2 text-sm" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
                  {upload.isPending ? 'Uploading…' : company.logo_url ? 'Replace the logo' : 'Upload a logo'}
                </Button>
                {company.logo_url ? (
                  <Button
                    variant="ghost"
                    className="px-4 py-2 text-sm"
                    disabled={removeLogo.isPending}
                    onClick={() => removeLogo.mutate(undefined, { onSuccess: () => toast.success('Logo removed') })}
                  >
                    Remove the logo
                  </Button>
                ) : null}
              </div>
            </div>
            <p className="text-sm text-slate-600">JPEG, PNG or WebP, at most 2 MB. A square image looks best. It is saved as soon as you choose it.</p>
            <FormError message={logoRefusal ?? logoErrors.fields.file ?? logoErrors.form} />
          </section>
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
