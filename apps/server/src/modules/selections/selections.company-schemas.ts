import {
  ApiErrorSchema,
  IdSchema,
  INTEGRATION_ALLOWANCE_SORTS,
  INTEGRATION_SELECTION_SORTS,
  IntegrationAllowanceCreateSchema,
  IntegrationAllowanceDetailSchema,
  IntegrationAllowancePageSchema,
  IntegrationAllowanceUpdateSchema,
  IntegrationAllowanceChangeOrderSchema,
  IntegrationSelectionChooseSchema,
  IntegrationSelectionCreateSchema,
  IntegrationSelectionDetailSchema,
  IntegrationSelectionOptionCreateSchema,
  IntegrationSelectionOptionSchema,
  IntegrationSelectionOptionUpdateSchema,
  IntegrationSelectionPageSchema,
  IntegrationSelectionPhotosSchema,
  IntegrationSelectionUpdateSchema,
  MAX_PHOTO_BYTES,
  SELECTION_MAX_OPTIONS,
  SELECTION_OPTION_MAX_PHOTOS,
  SELECTION_STATUSES,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's selections and allowances routes take and answer, with the words the OpenAPI document
 * (/api/openapi.json) gives them: one schema per route, named by its operationId. The handlers are in
 * selections.company-routes.ts and allowances.company-routes.ts (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

/** An option's photos: images every browser shows, checked by their bytes, up to the option's limit in one request. */
export const OPTION_PHOTO_UPLOAD_POLICY = {
  field: 'files',
  maxFiles: SELECTION_OPTION_MAX_PHOTOS,
  maxBytes: MAX_PHOTO_BYTES,
  accept: ['jpeg', 'png', 'webp'] as const,
};

export const integrationAllowancesListQuery = defineListQuery({
  filters: {
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    updated_since: { kind: 'timestamp' },
  },
  sorts: INTEGRATION_ALLOWANCE_SORTS,
  defaultSort: 'position',
});

export const integrationSelectionsListQuery = defineListQuery({
  filters: {
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    allowance_id: { kind: 'integer', description: 'The selections drawing on these allowances; a comma means any of' },
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${SELECTION_STATUSES.join(', ')}` },
    updated_since: { kind: 'timestamp' },
  },
  sorts: INTEGRATION_SELECTION_SORTS,
  defaultSort: 'position',
});

const idParams = z.object({ id: IdSchema });
const optionParams = z.object({ id: IdSchema, option: IdSchema });
const photoParams = z.object({ id: IdSchema, option: IdSchema, photo: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 409: ApiErrorSchema, 422: ApiErrorSchema };
const allowanceTags = ['Allowances'];
const tags = ['Selections'];
const deleted = z.null().describe('Deleted');

const TRAIL =
  'The difference goes to the contract only through change orders: after the change, the allowance’s pending change order (a draft, or a sent one not yet ' +
  "answered) is made to carry what is still outstanding, a new one made when there is none (sent at once when the company's " +
  'selection_overage_change_orders is send), and a pending one with nothing left to carry is deleted (a draft) or withdrawn (a sent one).';

export const listAllowances = {
  operationId: 'listAllowances',
  tags: allowanceTags,
  summary: "List the company's allowances",
  description:
    "A page of the company's allowances with their money (30 a page unless page[size] says otherwise). filter[project_id] (comma = any of), " +
    `filter[updated_since] (an ISO 8601 moment with its offset); sort takes ${INTEGRATION_ALLOWANCE_SORTS.join(', ')} (- for descending; default position).`,
  querystring: integrationAllowancesListQuery.querystring,
  response: { 200: IntegrationAllowancePageSchema, ...errors },
};

export const getAllowance = {
  operationId: 'getAllowance',
  tags: allowanceTags,
  summary: 'Read an allowance with its money and change orders',
  description:
    'amount, chosen (the prices of the current choices of its selections), difference (chosen − amount; negative: a credit), carried (the totals of its ' +
    "approved change orders), outstanding (difference − carried) and every change order made from it. Another company's allowance: 404.",
  params: idParams,
  response: { 200: IntegrationAllowanceDetailSchema, ...errors },
};

export const createAllowance = {
  operationId: 'createAllowance',
  tags: allowanceTags,
  summary: 'Create an allowance for a project',
  description:
    "The money the contract already holds for something the customer picks later (amount as a decimal string, not negative). project_id of another company's project: 422. " +
    'It goes after the project’s other allowances unless position says otherwise.',
  body: IntegrationAllowanceCreateSchema,
  response: { 201: IntegrationAllowanceDetailSchema, ...writeErrors },
};

export const updateAllowance = {
  operationId: 'updateAllowance',
  tags: allowanceTags,
  summary: 'Change an allowance’s name, amount or place',
  description: `Fields left out stay as they are. A new amount changes the difference: ${TRAIL}`,
  params: idParams,
  body: IntegrationAllowanceUpdateSchema,
  response: { 200: IntegrationAllowanceDetailSchema, ...writeErrors },
};

export const deleteAllowance = {
  operationId: 'deleteAllowance',
  tags: allowanceTags,
  summary: 'Delete an allowance',
  description:
    'Its selections stay, drawing on no allowance; the change orders made from it stay as they are (an approved one is part of the contract), no longer linked to it.',
  params: idParams,
  response: { 204: deleted, ...writeErrors },
};

export const creditAllowance = {
  operationId: 'creditAllowance',
  tags: allowanceTags,
  summary: 'Carry an allowance’s credit as a change order',
  description:
    'When what is chosen is under the allowance (outstanding is negative), makes a change order draft for that credit, linked to the allowance, and answers it (read it whole at GET /integration/change-orders/{id}, edit it, send it). ' +
    'A credit is never made by itself. With no credit outstanding, or a pending change order already carrying it: 409.',
  params: idParams,
  response: { 201: IntegrationAllowanceChangeOrderSchema, ...writeErrors },
};

export const listSelections = {
  operationId: 'listSelections',
  tags,
  summary: "List the company's selections",
  description:
    "A page of the company's selections (30 a page unless page[size] says otherwise). filter[project_id], filter[allowance_id] (comma = any of), " +
    `filter[status] (${SELECTION_STATUSES.join(', ')}; comma = any of), filter[updated_since] (an ISO 8601 moment with its offset); ` +
    `sort takes ${INTEGRATION_SELECTION_SORTS.join(', ')} (- for descending; default position).`,
  querystring: integrationSelectionsListQuery.querystring,
  response: { 200: IntegrationSelectionPageSchema, ...errors },
};

export const getSelection = {
  operationId: 'getSelection',
  tags,
  summary: 'Read a selection with its options, the choice and its history',
  description:
    "The options with their photos (signed links), the current choice with its whole evidence (who, when, IP address, browser, what it was then) and every choice ever made, newest first. Another company's selection: 404.",
  params: idParams,
  response: { 200: IntegrationSelectionDetailSchema, ...errors },
};

export const createSelection = {
  operationId: 'createSelection',
  tags,
  summary: 'Create a selection for a project, with its options',
  description:
    'A choice the customer makes in the portal (once the company has selections switched on). room groups it on the portal; deadline (YYYY-MM-DD, UTC) is the last day to ' +
    `choose, null for none; allowance_id an allowance of the same project (422 otherwise). Up to ${SELECTION_MAX_OPTIONS} options at once, each with a title, a price ` +
    '(a decimal string), and optionally a description, lead_time_days (0 to 730) and an http(s) supplier_url; photos are uploaded per option.',
  body: IntegrationSelectionCreateSchema,
  response: { 201: IntegrationSelectionDetailSchema, ...writeErrors },
};

export const updateSelection = {
  operationId: 'updateSelection',
  tags,
  summary: 'Change a selection',
  description:
    'Fields left out stay as they are. Moving a selection that has a choice to another allowance (or to none) moves its price between them: ' +
    `the change order trail of both is worked out again. ${TRAIL}`,
  params: idParams,
  body: IntegrationSelectionUpdateSchema,
  response: { 200: IntegrationSelectionDetailSchema, ...writeErrors },
};

export const deleteSelection = {
  operationId: 'deleteSelection',
  tags,
  summary: 'Delete a selection',
  description: 'With its options and photos. A selection that has a choice answers 409: reset the choice first.',
  params: idParams,
  response: { 204: deleted, ...writeErrors },
};

export const createSelectionOption = {
  operationId: 'createSelectionOption',
  tags,
  summary: 'Add an option to a selection',
  description: `At the end unless position says otherwise; at most ${SELECTION_MAX_OPTIONS} options (409 past that).`,
  params: idParams,
  body: IntegrationSelectionOptionCreateSchema,
  response: { 201: IntegrationSelectionOptionSchema, ...writeErrors },
};

export const updateSelectionOption = {
  operationId: 'updateSelectionOption',
  tags,
  summary: 'Change an option',
  description: 'Fields left out stay as they are. A choice already made keeps the title and price it was made at: its evidence does not change.',
  params: optionParams,
  body: IntegrationSelectionOptionUpdateSchema,
  response: { 200: IntegrationSelectionOptionSchema, ...writeErrors },
};

export const deleteSelectionOption = {
  operationId: 'deleteSelectionOption',
  tags,
  summary: 'Delete an option',
  description: 'With its photos. An option that was ever chosen (now or before) answers 409: it is part of the evidence of that choice.',
  params: optionParams,
  response: { 204: deleted, ...writeErrors },
};

export const uploadSelectionOptionPhotos = {
  operationId: 'uploadSelectionOptionPhotos',
  tags,
  summary: 'Upload photos of an option',
  description:
    `multipart/form-data: images in \`files\` (JPEG, PNG or WebP, checked by their bytes, at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB and 50 megapixels each). ` +
    `An option has at most ${SELECTION_OPTION_MAX_PHOTOS} photos: more answers 409 and stores none. They go after its other photos, in the order sent.`,
  params: optionParams,
  response: { 201: IntegrationSelectionPhotosSchema, ...writeErrors, 413: ApiErrorSchema, 415: ApiErrorSchema },
};

export const deleteSelectionOptionPhoto = {
  operationId: 'deleteSelectionOptionPhoto',
  tags,
  summary: 'Delete a photo of an option',
  description: 'The photo and its file.',
  params: photoParams,
  response: { 204: deleted, ...writeErrors },
};

const action = (operationId: string, summary: string, description: string) => ({
  operationId,
  tags,
  summary,
  description,
  params: idParams,
  response: { 200: IntegrationSelectionDetailSchema, ...writeErrors },
});

export const lockSelection = action(
  'lockSelection',
  'Lock a selection',
  'The company has ordered what was chosen: the customer can no longer choose or change the choice (the selection.locked webhook). Locking a locked one changes nothing.',
);

export const unlockSelection = action(
  'unlockSelection',
  'Unlock a selection',
  'The customer may choose again until the deadline (the selection.unlocked webhook). Unlocking one that is not locked changes nothing.',
);

export const resetSelection = action(
  'resetSelection',
  'Reset a selection’s choice',
  `The current choice is kept in the history as replaced by a reset, and the customer may choose again (the selection.reset webhook). ${TRAIL} ` +
    'A selection with no choice answers 409.',
);

export const chooseSelection = {
  operationId: 'chooseSelection',
  tags,
  summary: 'Choose an option on the customer’s behalf',
  description:
    'Recorded as the company’s choice (chosen_by company, with the staff member or API key, the note and the request’s evidence), replacing the current one; the ' +
    'customer sees it in the portal (the selection.chosen webhook). A locked selection answers 409; the deadline does not bind the company. ' +
    `option_id must be one of the selection's options (422). Choosing the option already chosen changes nothing. ${TRAIL}`,
  params: idParams,
  body: IntegrationSelectionChooseSchema,
  response: { 200: IntegrationSelectionDetailSchema, ...writeErrors },
};
