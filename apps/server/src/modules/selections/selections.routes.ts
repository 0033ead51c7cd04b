import { ApiErrorSchema, IdSchema, SELECTION_MESSAGES, SelectionChooseSchema, SelectionDetailSchema, SelectionsOverviewSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject, type ProjectScope } from '../../core/access/projects';
import { requireUser } from '../../core/access/request';
import { allowancesRepository } from '../../core/allowances/allowances.repository';
import { tellCustomersOfChangeOrder } from '../../core/change-orders/customer-notice';
import { knownCustomer } from '../../core/customer-names';
import { linksOf } from '../../core/files/links';
import { consolePath, consoleUrl, officeRecipient } from '../../core/mail/office';
import { projectReadsRepository } from '../../core/projects';
import { userAgentOf } from '../../core/signatures/evidence';
import type { CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { portalUserName } from '../../lib/names';
import { selectionChoicesRepository, type ChoiceDone, type ChoiceRefusal } from './selection-choices.repository';
import { selectionChosenEmail } from './selections-email';
import { selectionsRepository } from './selections.repository';
import { serializeOverview, serializeSelectionDetail } from './selections.serializers';

/**
 * Selections and allowances, the portal side (docs/company-api.md "Selections and allowances"): a customer reads the
 * project's allowances and selections, and chooses an option with a typed name and the consent box (the evidence as a
 * signature's), changing it until the company locks the selection or its deadline day ends. What is chosen beyond an
 * allowance reaches the contract only through a change order (core/allowances/allowance-trail.ts).
 */

export interface SelectionsRoutesOptions {
  publicUrl: string;
}

const entityParams = z.object({ entity: IdSchema });
const selectionParams = z.object({ entity: IdSchema, selection: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const GUARD_NOTE = "An entity that is not the caller's, a selection of another project, or a company with selections switched off all answer the same 404.";

/** The answer to a refused choice: 404, 409 with the message a client may rely on word for word, or 422 on option_id. */
function refuse(refusal: ChoiceRefusal): never {
  switch (refusal.refused) {
    case 'locked':
      throw new HttpError(409, SELECTION_MESSAGES.locked);
    case 'past_deadline':
      throw new HttpError(409, SELECTION_MESSAGES.pastDeadline(refusal.deadline));
    case 'option_not_found':
      throw invalid({ option_id: [SELECTION_MESSAGES.optionNotFound] });
    default:
      throw notFound();
  }
}

export async function selectionsRoutes(fastify: FastifyInstance, options: SelectionsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const reads = selectionsRepository(db);
  const choices = selectionChoicesRepository(db);
  const projectsOf = projectReadsRepository(db);
  const today = () => app.now().toISOString().slice(0, 10);

  const projectOf = (request: FastifyRequest, entityId: number) => requireProject(app, requireUser(request), entityId, 'selections');

  async function detail(request: FastifyRequest, scope: ProjectScope, selectionId: number) {
    const tree = await reads.find(scope.companyId, selectionId, scope.projectId);
    if (!tree) throw notFound();
    return serializeSelectionDetail(tree, today(), linksOf(app, request));
  }

  /**
   * The office hears of every customer's choice: the project's primary rep, else the company's contact address
   * (docs/decisions/114-every-customer-action-reaches-the-office.md); the inbox lists it either way. Never throws.
   */
  async function tellCompany(request: FastifyRequest, company: CompanyRow, scope: ProjectScope, done: ChoiceDone) {
    const found = await projectsOf.projectWithRep(scope.projectId, scope.companyId);
    const recipient = found ? officeRecipient(company, found.rep) : null;
    if (!found || !recipient || !done.choice) {
      request.log.warn(
        { event: 'selections.no-office-email', selectionId: done.selection.id },
        'no primary rep and no contact email: the choice is in the inbox only',
      );
      return;
    }
    const user = requireUser(request);
    const allowance = done.selection.allowance_id === null ? null : await allowancesRepository(db).ofAllowance(scope.companyId, done.selection.allowance_id);
    app.mailer.sendInBackground(
      selectionChosenEmail({
        recipient,
        consoleUrl: consoleUrl(options.publicUrl, consolePath.selection(scope.projectId, done.selection.id)),
        company,
        project: found.project,
        selection: done.selection,
        option: { title: done.choice.option_title, price: done.choice.option_price },
        signerName: done.choice.signer_name,
        // The company's own names for its customer (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
        customer: { name: portalUserName(await knownCustomer(db, scope.companyId, user)), email: user.email },
        allowance: allowance ? { name: allowance.allowance.name, money: allowance.money } : null,
        sentChangeOrder: done.trail.sentChangeOrderIds.length > 0,
      }),
      request.log,
    );
  }

  app.get(
    '/entities/:entity/selections',
    {
      schema: {
        tags: ['selections'],
        operationId: 'listPortalSelections',
        summary: "The project's allowances and selections",
        description:
          'Every allowance of the project with what is chosen against it (amount, chosen, difference: negative is a credit) and their totals, and every selection ' +
          '(soonest deadline first, none last) with its status, whether the customer may choose, its current choice and a cover photo (signed link). One answer, not paged. ' +
          GUARD_NOTE,
        params: entityParams,
        response: { 200: SelectionsOverviewSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      const [listed, allowances] = await Promise.all([reads.ofProject(scope.companyId, scope.projectId), reads.allowancesOf(scope.companyId, scope.projectId)]);
      return serializeOverview({ ...listed, allowances }, today(), linksOf(app, request));
    },
  );

  app.get(
    '/entities/:entity/selections/:selection',
    {
      schema: {
        tags: ['selections'],
        operationId: 'getPortalSelection',
        summary: 'One selection with its options',
        description:
          'The selection with its options (price, lead time, supplier link, photos as signed links, and the difference from the allowance) and the current choice. ' +
          GUARD_NOTE,
        params: selectionParams,
        response: { 200: SelectionDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      return detail(request, scope, request.params.selection);
    },
  );

  app.post(
    '/entities/:entity/selections/:selection/choose',
    {
      schema: {
        tags: ['selections'],
        operationId: 'choosePortalSelectionOption',
        summary: 'Choose an option with a typed signature',
        description:
          "option_id: one of the selection's options (else 422 on option_id); signer_name: the full name as typed; consent: must be true. The evidence (name, email, time, IP address, browser) is kept. " +
          'The choice may change until the company locks the selection (409) or the deadline day ends (409); choosing the option already chosen answers the selection unchanged. ' +
          "What is chosen beyond the selection's allowance becomes a change order (a draft for the company, or sent at once, as the company chose). " +
          GUARD_NOTE,
        params: selectionParams,
        body: SelectionChooseSchema,
        response: { 200: SelectionDetailSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const user = requireUser(request);
      const customer = await knownCustomer(db, scope.companyId, user);
      const result = await choices.choose({
        companyId: scope.companyId,
        projectId: scope.projectId,
        selectionId: request.params.selection,
        optionId: request.body.option_id,
        actor: {
          chosenBy: 'customer',
          portalUserId: user.id,
          signerName: request.body.signer_name,
          signerEmail: user.email,
          ipAddress: request.ip,
          userAgent: userAgentOf(request),
        },
        now: app.now(),
        today: today(),
        audit: {
          actor: { kind: 'portal_user', id: user.id, label: `${portalUserName(customer)} (${user.email})` },
          action: 'choosePortalSelectionOption',
          summary: 'Choose an option with a typed signature',
          method: request.method,
          route: request.routeOptions.url ?? null,
          status: 200,
          requestId: request.id,
          ip: request.ip,
        },
      });
      if (result.refused !== null) refuse(result);
      if (!result.repeated) {
        app.webhooks.wake();
        for (const changeOrderId of result.trail.sentChangeOrderIds) {
          await tellCustomersOfChangeOrder({ db, notices: app.notices, log: request.log }, { company, changeOrderId, publicUrl: options.publicUrl });
        }
        await tellCompany(request, company, scope, result).catch((error: unknown) =>
          request.log.error({ event: 'selections.office-mail-failed', selectionId: result.selection.id, err: error }, 'the office was not told of a choice'),
        );
        request.log.info(
          { event: 'selections.chosen', selectionId: result.selection.id, userId: user.id, optionId: request.body.option_id },
          'selection chosen',
        );
      }
      return detail(request, scope, request.params.selection);
    },
  );
}
