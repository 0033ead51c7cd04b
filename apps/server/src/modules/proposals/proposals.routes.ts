import {
  ApiErrorSchema,
  IdSchema,
  PORTAL_PROPOSAL_STATUSES,
  PROPOSAL_DEFAULT_PAGE_SIZE,
  PROPOSAL_DEFAULT_SORT,
  PROPOSAL_SORTS,
  ProposalAcceptSchema,
  ProposalDeclineSchema,
  ProposalDetailSchema,
  ProposalPageSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject, type ProjectScope } from '../../core/access/projects';
import { requireUser } from '../../core/access/request';
import { consolePath, consoleUrl, officeRecipient } from '../../core/mail/office';
import { brandOf, logoLoader } from '../../core/pdf/kit';
import { projectReadsRepository } from '../../core/projects';
import { userAgentOf } from '../../core/signatures/evidence';
import { storeSignedPdf } from '../../core/signatures/stored-pdf';
import type { CompanyRow } from '../../db/rows';
import { notFound } from '../../lib/http-errors';
import { defineListQuery, refuseUnknownStatuses } from '../../lib/list-query';
import { portalUserName } from '../../lib/names';
import { knownCustomer } from '../../core/customer-names';
import { pageUrls, paginate } from '../../lib/pagination';
import { binaryReply } from '../../lib/reply-media';
import { itemsOf, type ProposalTree } from './proposals.content';
import { proposalAnsweredEmail } from './proposals-email';
import { renderSignedProposalPdf } from './proposals.pdf';
import { proposalsRepository } from './proposals.repository';
import { serializeProposal, serializeProposalDetail } from './proposals.serializers';
import { refuse, sendSignedPdf } from './proposals.service';

/**
 * Proposals, the portal side (docs/requirements.md 11.8, docs/company-api.md "Proposals"): a customer reads the
 * project's proposals, accepts one with a typed signature (the evidence and a signed PDF are kept) or declines it.
 */

export const proposalsListQuery = defineListQuery({
  filters: {
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${PORTAL_PROPOSAL_STATUSES.join(', ')}` },
  },
  sorts: PROPOSAL_SORTS,
  defaultSort: PROPOSAL_DEFAULT_SORT,
  paginate: { defaultSize: PROPOSAL_DEFAULT_PAGE_SIZE },
});

export interface ProposalsRoutesOptions {
  publicUrl: string;
  brandDir: string;
}

const entityParams = z.object({ entity: IdSchema });
const proposalParams = z.object({ entity: IdSchema, proposal: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const GUARD_NOTE =
  "An entity that is not the caller's, a proposal of another project, a draft, or a company with proposals switched off all answer the same 404.";

export async function proposalsRoutes(fastify: FastifyInstance, options: ProposalsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = proposalsRepository(app.database.db);
  const projectsOf = projectReadsRepository(app.database.db);
  const logo = logoLoader(options.brandDir);
  const today = () => app.now().toISOString().slice(0, 10);

  async function projectOf(request: FastifyRequest, entityId: number): Promise<{ scope: ProjectScope; company: CompanyRow }> {
    const { scope, company } = await requireProject(app, requireUser(request), entityId, 'proposals');
    return { scope, company };
  }

  async function found(scope: ProjectScope, proposalId: number): Promise<ProposalTree> {
    const tree = await repository.portalFind(scope, proposalId);
    if (!tree) throw notFound();
    return tree;
  }

  /**
   * The office hears of an answer: the project's primary rep, else the company's contact address
   * (docs/decisions/114-every-customer-action-reaches-the-office.md); the inbox lists it either way.
   */
  async function tellCompany(request: FastifyRequest, company: CompanyRow, scope: ProjectScope, tree: ProposalTree) {
    const found = await projectsOf.projectWithRep(scope.projectId, scope.companyId);
    const recipient = found ? officeRecipient(company, found.rep) : null;
    if (!found || !recipient) {
      request.log.warn(
        { event: 'proposals.no-office-email', proposalId: tree.proposal.id },
        'no primary rep and no contact email: the answer is in the inbox only',
      );
      return;
    }
    const user = requireUser(request);
    const { proposal, acceptance } = tree;
    app.mailer.sendInBackground(
      proposalAnsweredEmail({
        recipient,
        consoleUrl: consoleUrl(options.publicUrl, consolePath.proposal(scope.projectId, proposal.id)),
        company,
        project: found.project,
        proposal,
        // The company's own names for its customer (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
        customer: { name: portalUserName(await knownCustomer(app.database.db, scope.companyId, user)), email: user.email },
        answer: acceptance
          ? {
              kind: 'accepted',
              signerName: acceptance.signer_name,
              total: acceptance.total,
              options: itemsOf(tree)
                .filter((item) => item.optional && acceptance.selected_item_ids.includes(item.id))
                .map((item) => item.description),
            }
          : { kind: 'declined', reason: proposal.decline_reason },
      }),
      request.log,
    );
  }

  app.get(
    '/entities/:entity/proposals',
    {
      schema: {
        tags: ['proposals'],
        operationId: 'listPortalProposals',
        summary: "The project's proposals",
        description:
          'A page of the proposals of the project behind the entity (10 a page unless page[size] says otherwise), drafts never included. ' +
          `filter[status] takes ${PORTAL_PROPOSAL_STATUSES.join(', ')} (comma = any of); sort takes ${PROPOSAL_SORTS.join(', ')} (- for descending; default ${PROPOSAL_DEFAULT_SORT}). ` +
          GUARD_NOTE,
        params: entityParams,
        querystring: proposalsListQuery.querystring,
        response: { 200: ProposalPageSchema, ...errors },
      },
      preValidation: proposalsListQuery.preValidation,
    },
    async (request) => {
      const { filters, sort, page } = proposalsListQuery.from(request);
      refuseUnknownStatuses(filters.status, PORTAL_PROPOSAL_STATUSES);
      const { scope } = await projectOf(request, request.params.entity);
      const { rows, total } = await repository.portalList(scope, { filters, sort, page, today: today() });
      return paginate(
        rows.map((row) => serializeProposal(row, today())),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get(
    '/entities/:entity/proposals/:proposal',
    {
      schema: {
        tags: ['proposals'],
        operationId: 'getPortalProposal',
        summary: 'One proposal',
        description:
          'The proposal with its sections and items (optional ones marked, and whether they were chosen), tax, totals, terms, and the evidence once accepted. ' +
          'The first time the customer opens it, it is marked viewed and the company hears of it (proposal.viewed). ' +
          GUARD_NOTE,
        params: proposalParams,
        response: { 200: ProposalDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { scope } = await projectOf(request, request.params.entity);
      const tree = await found(scope, request.params.proposal);
      const user = requireUser(request);
      // A staff member previewing the portal is not the customer opening it.
      if (!tree.proposal.viewed_at && !user.preview) {
        const now = app.now();
        if (await repository.markViewed(scope, tree.proposal, user, now)) {
          app.webhooks.wake();
          tree.proposal = { ...tree.proposal, viewed_at: now, updated_at: now };
        }
      }
      return serializeProposalDetail(tree, today());
    },
  );

  app.post(
    '/entities/:entity/proposals/:proposal/accept',
    {
      schema: {
        tags: ['proposals'],
        operationId: 'acceptPortalProposal',
        summary: 'Accept a proposal with a typed signature',
        description:
          'selected_item_ids: the optional items chosen (422 naming the field for any other id); signer_name: the full name as typed; consent: must be true. ' +
          'The evidence (name, email, time, IP address, user agent, options, totals and the SHA-256 of the content as shown) is kept, and the signed PDF made once. ' +
          'An expired, withdrawn, superseded, declined or already accepted proposal answers 409 with a message saying which; of two accepts at once, one wins and the other answers 409. ' +
          GUARD_NOTE,
        params: proposalParams,
        body: ProposalAcceptSchema,
        response: { 200: ProposalDetailSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const user = requireUser(request);
      const now = app.now();
      const project = await repository.project(scope);
      const brand = brandOf(company);
      const companyLogo = await logo(company.logo_url);
      const refusal = await repository.accept(
        scope,
        request.params.proposal,
        {
          portalUser: user,
          signerName: request.body.signer_name,
          ipAddress: request.ip,
          userAgent: userAgentOf(request),
          selectedItemIds: request.body.selected_item_ids,
          now,
          today: today(),
        },
        (tree, evidence) =>
          renderSignedProposalPdf({
            brand,
            logo: companyLogo,
            project: project ?? { number: null, name: null, address_street: null },
            tree,
            evidence,
          }),
        (pdf) => storeSignedPdf(app, pdf),
      );
      if (refusal) refuse(refusal, 'portal');
      app.webhooks.wake();
      const tree = await found(scope, request.params.proposal);
      await tellCompany(request, company, scope, tree);
      request.log.info({ event: 'proposals.accepted', proposalId: tree.proposal.id, userId: user.id }, 'proposal accepted');
      return serializeProposalDetail(tree, today());
    },
  );

  app.post(
    '/entities/:entity/proposals/:proposal/decline',
    {
      schema: {
        tags: ['proposals'],
        operationId: 'declinePortalProposal',
        summary: 'Decline a proposal',
        description:
          'With an optional reason (at most 2,000 characters). An expired, withdrawn, superseded or already answered proposal answers 409 with a message saying which. ' +
          GUARD_NOTE,
        params: proposalParams,
        body: ProposalDeclineSchema,
        response: { 200: ProposalDetailSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { scope, company } = await projectOf(request, request.params.entity);
      const user = requireUser(request);
      const reason = request.body?.reason?.trim() || null;
      const refusal = await repository.decline(scope, request.params.proposal, { portalUser: user, reason, now: app.now(), today: today() });
      if (refusal) refuse(refusal, 'portal');
      app.webhooks.wake();
      const tree = await found(scope, request.params.proposal);
      await tellCompany(request, company, scope, tree);
      return serializeProposalDetail(tree, today());
    },
  );

  app.get(
    '/entities/:entity/proposals/:proposal/pdf',
    {
      schema: {
        tags: ['proposals'],
        operationId: 'getPortalProposalPdf',
        summary: 'The signed proposal as a PDF',
        description:
          'The PDF made when the proposal was accepted, byte for byte (its SHA-256 is the evidence’s pdf_sha256), as an attachment. Before acceptance: 404. ' +
          GUARD_NOTE,
        params: proposalParams,
        response: { 200: binaryReply('The signed PDF', ['application/pdf']), ...errors },
      },
    },
    async (request, reply) => {
      const { scope } = await projectOf(request, request.params.entity);
      const tree = await found(scope, request.params.proposal);
      if (!tree.acceptance) throw notFound();
      return sendSignedPdf(app, reply, tree.proposal, tree.acceptance, 'attachment');
    },
  );
}
