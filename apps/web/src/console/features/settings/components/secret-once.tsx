import { Check, Copy, Plus, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { OpenFormButton, SettingsHeading } from './settings-page';

/** A secret the server shows once (a new API key, a webhook's signing secret): copy it now, it cannot be read again. */
export function SecretOnce({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = () =>
    void navigator.clipboard?.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300 sm:p-6">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </h2>
      <p className="text-amber-950">Copy it now and keep it somewhere safe: it is shown this once and cannot be read again. Whoever holds it can use it.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          aria-label="Secret"
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200 select-all"
        >
          {secret}
        </code>
        <Button variant="secondary" className="px-4 py-2 text-sm" onClick={copy}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
      <div>
        <Button variant="ghost" className="bg-white px-4 py-2 text-sm" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}

/**
 * The heading of a page that creates things with a secret (API keys, webhook endpoints): its button opens the form,
 * and what the form created shows its secret once, until the next form is opened.
 */
export function CreateWithSecret<Created>({
  title,
  openLabel,
  intro,
  secretTitle,
  secretOf,
  form,
}: {
  title: string;
  openLabel: string;
  intro: ReactNode;
  secretTitle: (created: Created) => string;
  /** The secret to show; null: nothing to show. */
  secretOf: (created: Created) => string | null;
  form: (handlers: { onCancel: () => void; onCreated: (created: Created) => void }) => ReactNode;
}) {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const secret = created === null ? null : secretOf(created);
  return (
    <>
      <SettingsHeading
        title={title}
        action={
          <OpenFormButton
            open={creating}
            icon={Plus}
            onOpen={() => {
              setCreating(true);
              setCreated(null);
            }}
          >
            {openLabel}
          </OpenFormButton>
        }
      >
        {intro}
      </SettingsHeading>
      {created !== null && secret !== null ? <SecretOnce title={secretTitle(created)} secret={secret} onDone={() => setCreated(null)} /> : null}
      {creating
        ? form({
            onCancel: () => setCreating(false),
            onCreated: (next) => {
              setCreating(false);
              setCreated(next);
            },
          })
        : null}
    </>
  );
}
