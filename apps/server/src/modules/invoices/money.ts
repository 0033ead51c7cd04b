// The computation lives in the contract so that the staff console's invoice form adds up exactly as the server does.
export { divideRounded, formatUsd, fromCents, invoiceTotals, lineAmountCents, sumCents, taxCents, toCents } from '@portal/contract';
