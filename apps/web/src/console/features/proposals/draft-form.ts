import type { IntegrationProposalDetail } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { proposalTotals } from '../../../lib/proposal-totals';
import type { ProposalDraftBody } from './api/save-proposal';

export interface DraftItem {
  /** The row's key on screen, so that removing one keeps what was typed in the others. */
  key: number;
  description: string;
  quantity: string;
  /** In dollars, as typed: "1250" or "1250.00". */
  unit_price: string;
  optional: boolean;
}

export interface DraftSection {
  key: number;
  title: string;
  items: DraftItem[];
}

export interface DraftForm {
  title: string;
  intro: string;
  terms: string;
  expires_on: string;
  tax_rate: string;
  sections: DraftSection[];
}

let nextKey = 0;
export const blankItem = (): DraftItem => ({ key: ++nextKey, description: '', quantity: '1', unit_price: '', optional: false });
export const blankSection = (title = ''): DraftSection => ({ key: ++nextKey, title, items: [blankItem()] });

/** The form of a new draft, or of the draft `proposal` as the server holds it. */
export function draftForm(proposal: IntegrationProposalDetail | undefined, expiresOn: string): DraftForm {
  if (!proposal) return { title: '', intro: '', terms: '', expires_on: expiresOn, tax_rate: '0', sections: [blankSection('Scope of work')] };
  return {
    title: proposal.title,
    intro: proposal.intro ?? '',
    terms: proposal.terms ?? '',
    expires_on: proposal.expires_on,
    tax_rate: proposal.tax_rate,
    sections: proposal.sections.map((section) => ({
      key: ++nextKey,
      title: section.title,
      items: section.items.map((item) => ({
        key: ++nextKey,
        description: item.description,
        quantity: item.quantity,
        unit_price: item.unit_price,
        optional: item.optional,
      })),
    })),
  };
}

/** What the form sends: empty texts as null, an empty tax rate as 0; the server checks every field and names it. */
export function draftBody(form: DraftForm): ProposalDraftBody {
  return {
    title: form.title,
    intro: form.intro.trim() === '' ? null : form.intro,
    terms: form.terms.trim() === '' ? null : form.terms,
    expires_on: form.expires_on,
    tax_rate: form.tax_rate.trim() === '' ? '0' : form.tax_rate.trim(),
    sections: form.sections.map((section) => ({
      title: section.title,
      items: section.items.map(({ description, quantity, unit_price, optional }) => ({
        description,
        quantity: quantity.trim(),
        unit_price: moneyForApi(unit_price),
        optional,
      })),
    })),
  };
}

const QUANTITY = /^\d{1,9}(\.\d{1,3})?$/;
const PRICE = /^-?\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,3}(\.\d{1,4})?$/;

export interface DraftTotals {
  /** The required items with tax: what the proposal says it comes to. */
  total: number;
  /** With every optional item ticked. */
  withOptions: number;
}

/** The draft's totals as the office types, the server's arithmetic; null while a number is not one the server takes. */
export function draftTotals(form: DraftForm): DraftTotals | null {
  const items = form.sections.flatMap((section) => section.items);
  const rate = form.tax_rate.trim() === '' ? '0' : form.tax_rate.trim();
  if (!RATE.test(rate) || Number(rate) > 100) return null;
  if (items.some((item) => !QUANTITY.test(item.quantity.trim()) || !PRICE.test(moneyForApi(item.unit_price)))) return null;
  const sections = form.sections.map((section) => ({
    items: section.items.map((item) => ({ id: item.key, quantity: item.quantity.trim(), unit_price: moneyForApi(item.unit_price), optional: item.optional })),
  }));
  return {
    total: proposalTotals(sections, rate, new Set()).total,
    withOptions: proposalTotals(sections, rate, new Set(items.map((item) => item.key))).total,
  };
}
