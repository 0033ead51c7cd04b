import type { IntegrationChangeOrderDetail } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import type { EditorLine } from '../../components/line-items-editor';
import type { ChangeOrderDraftBody } from './api/change-order-steps';

export type DraftItem = EditorLine;

/** The editor's fields as typed: numbers stay text until sent, so a half-typed "-" or "" is the office's to finish. */
export interface DraftForm {
  /** Empty on a new draft: the server gives the next number of the company's sequence. */
  number: string;
  title: string;
  description: string;
  tax_rate: string;
  schedule_days: string;
  /** "" for no deadline. */
  approval_deadline: string;
  invoice_on_approval: boolean;
  items: DraftItem[];
  file_ids: number[];
}

let nextKey = 0;
export const blankItem = (): DraftItem => ({ key: ++nextKey, description: '', quantity: '1', unit_price: '' });

/** The form of a new draft, or of the draft `changeOrder` as the server holds it. */
export function draftForm(changeOrder: IntegrationChangeOrderDetail | undefined): DraftForm {
  if (!changeOrder)
    return {
      number: '',
      title: '',
      description: '',
      tax_rate: '0',
      schedule_days: '0',
      approval_deadline: '',
      invoice_on_approval: false,
      items: [blankItem()],
      file_ids: [],
    };
  return {
    number: String(changeOrder.number),
    title: changeOrder.title,
    description: changeOrder.description ?? '',
    tax_rate: changeOrder.tax_rate,
    schedule_days: String(changeOrder.schedule_days),
    approval_deadline: changeOrder.approval_deadline ?? '',
    invoice_on_approval: changeOrder.invoice_on_approval,
    items:
      changeOrder.items.length > 0
        ? changeOrder.items.map((item) => ({ key: ++nextKey, description: item.description, quantity: item.quantity, unit_price: item.unit_price }))
        : [blankItem()],
    file_ids: changeOrder.files.map((file) => file.id),
  };
}

/** A whole number as typed, or the text itself, so that the server names what is wrong with it rather than the form guessing. */
const wholeNumber = (typed: string): number | string => (/^\s*-?\d+\s*$/.test(typed) ? Number(typed) : typed);

/**
 * What the form sends: empty texts as null, an empty tax rate and schedule as 0, an empty number left out (the server
 * gives the next one); the server checks every field and names it.
 */
export function draftBody(form: DraftForm): ChangeOrderDraftBody {
  const number = form.number.trim();
  return {
    ...(number === '' ? {} : { number: wholeNumber(number) as number }),
    title: form.title,
    description: form.description.trim() === '' ? null : form.description,
    tax_rate: form.tax_rate.trim() === '' ? '0' : form.tax_rate.trim(),
    schedule_days: form.schedule_days.trim() === '' ? 0 : (wholeNumber(form.schedule_days) as number),
    approval_deadline: form.approval_deadline === '' ? null : form.approval_deadline,
    invoice_on_approval: form.invoice_on_approval,
    items: form.items.map(({ description, quantity, unit_price }) => ({ description, quantity: quantity.trim(), unit_price: moneyForApi(unit_price) })),
    file_ids: form.file_ids,
  };
}
