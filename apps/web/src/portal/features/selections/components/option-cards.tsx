import type { SelectionChoice, SelectionOption } from '@portal/contract';
import { ExternalLink, SwatchBook } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ViewerPhoto } from '../../../../components/photo-viewer';
import { WriteControls } from '../../../../components/read-only';
import { StatusBadge } from '../../../../components/status-badge';
import { formatDay, formatMoney } from '../../../../lib/format';
import { responsiveImage } from '../../../../lib/image-url';
import { againstAllowance, differenceTone } from '../../../../lib/selection-format';

// The viewer (a Radix dialog with its focus and scroll-lock code) loads with the first photo opened, as in the albums.
const loadViewer = () => import('../../../../components/photo-viewer');
const PhotoViewer = lazy(() => loadViewer().then((module) => ({ default: module.PhotoViewer })));
const prefetchViewer = () => void loadViewer().catch(() => undefined);

/** While the customer is choosing: the option picked so far, and how to pick another. */
export interface Picking {
  picked: number | null;
  onPick: (optionId: number) => void;
}

const leadTime = (days: number) => (days === 0 ? 'In stock' : `${days} ${days === 1 ? 'day' : 'days'}`);

/** An option's photos as the viewer shows them: its title is each one's caption (the alt text). */
const viewerPhotos = (option: SelectionOption): ViewerPhoto[] =>
  option.photos.map((photo) => ({ id: photo.id, caption: option.title, width: photo.file.width, height: photo.file.height, file: photo.file }));

/**
 * The options side by side: on a phone a row that scrolls sideways, a card at a time (scroll snap), the next one
 * peeking in to say there is more; from `sm` up a grid. Each card opens its photos in the albums' viewer.
 */
export function OptionCards({ options, choice, picking }: { options: SelectionOption[]; choice: SelectionChoice | null; picking: Picking | null }) {
  const [viewing, setViewing] = useState<{ option: SelectionOption; index: number } | null>(null);
  const [viewerOpened, setViewerOpened] = useState(false);
  const radioName = useId();
  const row = useChosenInView(choice?.option_id);
  const open = (option: SelectionOption) => {
    setViewerOpened(true);
    setViewing({ option, index: 0 });
  };
  return (
    <section aria-labelledby="options-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="options-heading" className="text-lg font-semibold text-slate-900">
          {options.length} {options.length === 1 ? 'option' : 'options'}
        </h2>
        {options.length > 1 ? <p className="text-sm text-slate-600 sm:hidden">Swipe to compare them.</p> : null}
      </div>
      {options.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-8 text-center text-slate-600 ring-1 ring-slate-200">The company has not added the options yet.</p>
      ) : (
        // Focusable: a keyboard scrolls the row on a phone even when no card holds a control.
        <ul
          ref={row}
          aria-label="Options"
          tabIndex={0}
          onPointerEnter={prefetchViewer}
          onFocus={prefetchViewer}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 outline-offset-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3"
        >
          {options.map((option) => (
            <OptionCard
              key={option.id}
              option={option}
              chosen={choice?.option_id === option.id ? choice : null}
              picking={picking}
              radioName={radioName}
              onOpenPhotos={() => open(option)}
            />
          ))}
        </ul>
      )}
      {viewerOpened ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={viewing ? viewerPhotos(viewing.option) : []}
            index={viewing ? viewing.index : null}
            onIndexChange={(index) => setViewing((current) => (current ? { ...current, index } : current))}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * On a phone the row shows a card at a time: it starts at the chosen option's card, not the first one, so what was
 * chosen is in sight. From `sm` up the grid does not scroll, and this changes nothing.
 */
function useChosenInView(optionId: number | undefined) {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = row.current;
    const card = list?.querySelector<HTMLElement>('[data-chosen]');
    if (!list || !card) return;
    list.scrollLeft += card.getBoundingClientRect().left - list.getBoundingClientRect().left - parseFloat(getComputedStyle(list).paddingLeft || '0');
  }, [optionId]);
  return row;
}

function OptionCard({
  option,
  chosen,
  picking,
  radioName,
  onOpenPhotos,
}: {
  option: SelectionOption;
  chosen: SelectionChoice | null;
  picking: Picking | null;
  radioName: string;
  onOpenPhotos: () => void;
}) {
  const titleId = useId();
  const picked = picking?.picked === option.id;
  const ring = picked ? 'ring-2 ring-blue-700' : chosen ? 'ring-2 ring-green-600' : 'ring-1 ring-slate-200';
  return (
    // Relative: the screen-reader-only words inside stay inside the row that scrolls, not past the page's edge.
    <li
      aria-labelledby={titleId}
      data-chosen={chosen ? true : undefined}
      className={`relative flex w-[85%] max-w-80 shrink-0 snap-start flex-col overflow-hidden rounded-2xl bg-white sm:w-auto sm:max-w-none ${ring}`}
    >
      <OptionPhoto option={option} onOpen={onOpenPhotos} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="font-semibold wrap-anywhere text-slate-900">
          {option.title}
        </h3>
        {chosen ? <ChosenMark choice={chosen} /> : null}
        <p>
          <span className="text-xl font-semibold text-slate-900 tabular-nums">{formatMoney(option.price)}</span>
          {option.difference !== null ? (
            <span className={`block text-sm font-medium ${differenceTone(option.difference)}`}>{againstAllowance(option.difference)}</span>
          ) : null}
        </p>
        {option.description ? <p className="text-sm whitespace-pre-line text-slate-700">{option.description}</p> : null}
        {option.lead_time_days !== null ? (
          <p className="text-sm text-slate-700">
            <span className="text-slate-600">Lead time: </span>
            {leadTime(option.lead_time_days)}
          </p>
        ) : null}
        {option.supplier_url ? (
          <a
            href={option.supplier_url}
            target="_blank"
            rel="noopener"
            // The card's title in the name: every card has a link of the same words.
            aria-label={`See it at the supplier: ${option.title} (opens in a new tab)`}
            className="inline-flex items-center gap-1 self-start text-sm font-medium text-blue-800 underline"
          >
            See it at the supplier
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          </a>
        ) : null}
        {picking ? (
          <WriteControls>
            <label
              className={`mt-auto flex cursor-pointer items-center gap-3 rounded-full px-4 py-3 font-semibold ring-1 ${picked ? 'bg-blue-50 text-blue-900 ring-blue-700' : 'text-slate-800 ring-slate-300 hover:bg-slate-100'}`}
            >
              {/* The card's title in the name: every card has a radio of the same words. */}
              <input
                type="radio"
                name={radioName}
                checked={picked}
                onChange={() => picking.onPick(option.id)}
                aria-label={`Choose this option: ${option.title}`}
                className="size-5 shrink-0 accent-slate-900"
              />
              Choose this option
            </label>
          </WriteControls>
        ) : null}
      </div>
    </li>
  );
}

/** Who chose this option and when: the customer, or the company for them (with why, when it said). */
function ChosenMark({ choice }: { choice: SelectionChoice }) {
  const day = formatDay(choice.chosen_at);
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <StatusBadge tone="success" label="Chosen" className="self-start" />
      {choice.chosen_by === 'customer' ? (
        <p>
          Chosen by you on {day}, signed “<span className="wrap-anywhere">{choice.signer_name}</span>”.
        </p>
      ) : (
        <p>Chosen for you by the company on {day}.</p>
      )}
      {choice.chosen_by === 'company' && choice.note ? <p className="whitespace-pre-line text-slate-600">“{choice.note}”</p> : null}
    </div>
  );
}

/** The option's first photo, which opens all of its photos; a plain tile of the same size without any. */
function OptionPhoto({ option, onOpen }: { option: SelectionOption; onOpen: () => void }) {
  const first = option.photos[0];
  if (!first?.file.image_url) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        <SwatchBook aria-hidden="true" className="size-10 text-slate-400" />
      </div>
    );
  }
  const count = option.photos.length;
  const image = responsiveImage(first.file.image_url, 'selection-option');
  return (
    <button type="button" onClick={onOpen} className="relative block" aria-label={`See the ${count === 1 ? 'photo' : `${count} photos`} of ${option.title}`}>
      <img {...image} alt="" loading="lazy" decoding="async" className="aspect-[4/3] h-auto w-full object-cover" />
      {count > 1 ? (
        <span aria-hidden="true" className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2.5 py-0.5 text-xs font-semibold text-white">
          {count} photos
        </span>
      ) : null}
    </button>
  );
}
