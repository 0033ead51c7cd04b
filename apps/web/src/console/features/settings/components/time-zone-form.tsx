import type { IntegrationCompany } from '@portal/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formatStartTime, timeZoneNames } from '../../../../lib/calendar-dates';
import { NO_VALUE } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { searchTimeZones } from '../../../lib/time-zone-search';
import { toast } from '../../../../lib/toast';
import { useUpdateCompany } from '../api/update-company';

/**
 * The company's time zone: where its visits happen, so the portal, the console and the calendar feed show their times
 * in it. The list is the browser's IANA names, found by a city or by the name people call the zone ("Portland",
 * "Eastern", "PST"), and written as IANA writes them, as everywhere else (docs/decisions/117-time-zones-found-and-written-one-way.md);
 * the one chosen stays in the list whatever the search.
 */
export function TimeZoneForm({ company }: { company: IntegrationCompany }) {
  const id = useId();
  const [zone, setZone] = useState(company.time_zone);
  const [search, setSearch] = useState('');
  const update = useUpdateCompany();
  const errors = formErrors(update.error);
  const names = useMemo(() => {
    const all = timeZoneNames();
    return all.includes(company.time_zone) ? all : [company.time_zone, ...all];
  }, [company.time_zone]);
  const query = search.trim();
  const matches = searchTimeZones(names, search).filter((name) => name !== zone);
  const shown = [zone, ...matches];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ time_zone: zone }, { onSuccess: (saved) => toast.success('Time zone saved', `Visits show in ${saved.time_zone} time.`) });
  };

  const fieldError = errors.fields.time_zone;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Time zone
        </h2>
        <p className="text-slate-600">Where your visits happen: the portal, this console and the customers’ calendars show their times in it.</p>
      </div>
      <FormError message={errors.form} />
      <TextField
        label="Search time zones"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint={`${matches.length === 0 && query ? 'No other zone matches.' : `${matches.length} other zones match.`} Type a city or a zone’s name, such as Portland, Chicago or Eastern.`}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-zone`} className="text-sm font-medium text-slate-800">
          Time zone
        </label>
        <select
          id={`${id}-zone`}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-now${fieldError ? ` ${id}-error` : ''}`}
          className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ${fieldError ? 'border-red-600' : 'border-slate-300'}`}
        >
          {shown.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p id={`${id}-now`} className="text-sm text-slate-600">
          It is {safeNow(zone)} there now.
        </p>
        {fieldError ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {fieldError}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={update.isPending || zone === company.time_zone}>
          {update.isPending ? 'Saving…' : 'Save time zone'}
        </Button>
      </div>
    </form>
  );
}

/** The time in a zone, or an em dash for a name this browser does not know (the server is the judge of it). */
function safeNow(zone: string): string {
  try {
    return formatStartTime(new Date().toISOString(), zone);
  } catch {
    return NO_VALUE;
  }
}
