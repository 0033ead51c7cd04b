import { formatUsd, invoiceTotals, lineAmountCents, PROPOSAL_STATUSES, type IntegrationProposalSectionInput } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import type { CompanyRow } from '../../db/rows';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { refuseUnknownStatuses } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { proposalSentNotice } from './proposals-email';
import { proposalsRepository, type DraftFields } from './proposals.repository';
import { serializeCompanyProposal, serializeCompanyProposalDetail } from './proposals.serializers';
import { refuse, sendSignedPdf } from './proposals.service';
import * as schemas from './proposals.company-schemas';

/** numeric(14,2): the largest amount the books hold, in cents. */
const MAX_CENTS = 99_999_999_999_999;

export interface ProposalsCompanyRoutesOptions {
  publicUrl: string;
}

const toSections = (sections: readonly IntegrationProposalSectionInput[]): DraftFields['sections'] =>
  sections.map((section) => ({
    title: section.title,
    items: (section.items ?? []).map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      optional: item.optional ?? false,
    })),
  }));

/** Every amount that does not fit the books, named by its field. */
function checkMoney(fields: Pick<DraftFields, 'sections' | 'taxRate'>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const largest = formatUsd(MAX_CENTS);
  fields.sections.forEach((section, sectionIndex) =>
    section.items.forEach((item, itemIndex) => {
      if (Math.abs(lineAmountCents(item.quantity, item.unitPrice)) > MAX_CENTS) {
        problems[`sections.${sectionIndex}.items.${itemIndex}.unit_price`] = [`The item's amount (quantity × unit price) may not be more than ${largest}.`];
      }
    }),
  );
  if (Object.keys(problems).length > 0) return problems;
  const items = fields.sections.flatMap((section) => section.items);
  const all = invoiceTotals(items, fields.taxRate);
  const required = invoiceTotals(
    items.filter((item) => !item.optional),
    fields.taxRate,
  );
  if (Math.abs(all.total) > MAX_CENTS || Math.abs(all.subtotal) > MAX_CENTS) problems.sections = [`The proposal's total may not be more than ${largest}.`];
  else if (required.subtotal < 0) problems.sections = ['The required items may not add up to less than 0.00.'];
  return problems;
}

/**
 * Proposals, the company side (docs/company-api.md "Proposals"): a CRM or the staff console drafts, sends, withdraws
 * and replaces proposals with `proposals:read` / `proposals:write`. What the customer was sent is never edited: a
 * change is a new version (`revise`), and sending it supersedes the one before.
 */
export async function proposalsCompanyRoutes(fastify: FastifyInstance, options: ProposalsCompanyRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = proposalsRepository(app.database.db);
  const today = () => app.now().toISOString().slice(0, 10);

  async function detail(companyId: number, proposalId: number) {
    const tree = await repository.companyFind(companyId, proposalId);
    if (!tree) throw notFound();
    return serializeCompanyProposalDetail(tree, today());
  }

  /**
   * Everyone the project is shared with hears of the proposal, each with a link to it under their own entity; the
   * notices service leaves out whoever turned proposal emails off, everyone while the company has proposals switched
   * off, and anyone already told of this version.
   */
  async function tellCustomers(request: FastifyRequest, company: CompanyRow, proposalId: number) {
    const tree = await repository.companyFind(company.id, proposalId);
    if (!tree) return;
    const { proposal } = tree;
    const project = await repository.project({ companyId: company.id, projectId: proposal.project_id });
    if (!project) return;
    await app.notices.send(request.log, {
      kind: 'proposal',
      recordId: proposal.id,
      companyId: company.id,
      projectId: proposal.project_id,
      build: (recipient) =>
        proposalSentNotice({
          company,
          project,
          proposal,
          proposalUrl: `${options.publicUrl}/proposals?entity=${recipient.entityId}&proposal=${proposal.id}`,
        }),
    });
  }

  app.get(
    '/integration/proposals',
    {
      config: { apiKey: true, scope: 'proposals:read' },
      schema: schemas.listProposals,
      preValidation: schemas.integrationProposalsListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.integrationProposalsListQuery.from(request);
      refuseUnknownStatuses(filters.status, PROPOSAL_STATUSES);
      const { rows, total } = await repository.companyList(company.id, { filters, sort, page, today: today() });
      return paginate(
        rows.map((row) => serializeCompanyProposal(row, today())),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get('/integration/proposals/:id', { config: { apiKey: true, scope: 'proposals:read' }, schema: schemas.getProposal }, async (request) =>
    detail(requireApiCompany(request).id, request.params.id),
  );

  app.get('/integration/proposals/:id/pdf', { config: { apiKey: true, scope: 'proposals:read' }, schema: schemas.getProposalPdf }, async (request, reply) => {
    const tree = await repository.companyFind(requireApiCompany(request).id, request.params.id);
    if (!tree) throw notFound();
    if (!tree.acceptance) throw new HttpError(409, 'This proposal has not been accepted: the signed PDF is made when the customer accepts it.');
    return sendSignedPdf(app, reply, tree.proposal, tree.acceptance, 'inline');
  });

  app.post('/integration/proposals', { config: { apiKey: true, scope: 'proposals:write' }, schema: schemas.createProposal }, async (request, reply) => {
    const company = requireApiCompany(request);
    const body = request.body;
    const project = await repository.project({ companyId: company.id, projectId: body.project_id });
    if (!project) throw invalid({ project_id: ["The project must be one of the company's projects."] });
    const fields: DraftFields = {
      title: body.title,
      intro: body.intro ?? null,
      terms: body.terms ?? null,
      expiresOn: body.expires_on,
      taxRate: body.tax_rate,
      sections: toSections(body.sections),
    };
    const problems = checkMoney(fields);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const id = await repository.createDraft(company.id, project.id, fields, app.now());
    return reply.status(201).send(await detail(company.id, id));
  });

  app.patch('/integration/proposals/:id', { config: { apiKey: true, scope: 'proposals:write' }, schema: schemas.updateProposal }, async (request) => {
    const company = requireApiCompany(request);
    const body = request.body;
    const current = await repository.companyFind(company.id, request.params.id);
    if (!current) throw notFound();
    const { proposal } = current;
    if (proposal.state !== 'draft') refuse({ refused: 'state', status: 'sent', expiresOn: proposal.expires_on }, 'company');
    const fields: DraftFields = {
      title: body.title ?? proposal.title,
      intro: body.intro === undefined ? proposal.intro : body.intro,
      terms: body.terms === undefined ? proposal.terms : body.terms,
      expiresOn: body.expires_on ?? proposal.expires_on,
      taxRate: body.tax_rate ?? proposal.tax_rate,
      sections: body.sections
        ? toSections(body.sections)
        : current.sections.map((section) => ({
            title: section.title,
            items: section.items.map((item) => ({
              description: item.description,
              quantity: item.quantity,
              unitPrice: item.unit_price,
              optional: item.optional,
            })),
          })),
    };
    const problems = checkMoney(fields);
    if (Object.keys(problems).length > 0) throw invalid(problems);
    const refusal = await repository.updateDraft(company.id, proposal.id, fields, app.now());
    if (refusal) refuse(refusal.refused === 'state' ? { ...refusal, status: 'sent' } : refusal, 'company');
    return detail(company.id, proposal.id);
  });

  app.delete('/integration/proposals/:id', { config: { apiKey: true, scope: 'proposals:write' }, schema: schemas.deleteProposal }, async (request, reply) => {
    const refusal = await repository.deleteDraft(requireApiCompany(request).id, request.params.id);
    if (refusal) {
      if (refusal.refused === 'state') throw new HttpError(409, 'This proposal has been sent and cannot be deleted: withdraw it instead.');
      refuse(refusal, 'company');
    }
    return reply.status(204).send(null);
  });

  app.post('/integration/proposals/:id/send', { config: { apiKey: true, scope: 'proposals:write' }, schema: schemas.sendProposal }, async (request) => {
    const company = requireApiCompany(request);
    const refusal = await repository.send(company.id, request.params.id, app.now(), today());
    if (refusal) {
      if (refusal.refused === 'state') throw new HttpError(409, 'This proposal has already been sent.');
      refuse(refusal, 'company');
    }
    await tellCustomers(request, company, request.params.id).catch((error: unknown) =>
      request.log.error({ event: 'proposals.customer-mail-failed', proposalId: request.params.id, err: error }, 'customers were not told of a sent proposal'),
    );
    return detail(company.id, request.params.id);
  });

  app.post('/integration/proposals/:id/withdraw', { config: { apiKey: true, scope: 'proposals:write' }, schema: schemas.withdrawProposal }, async (request) => {
    const company = requireApiCompany(request);
    const refusal = await repository.withdraw(company.id, request.params.id, app.now(), today());
    if (refusal) {
      if (refusal.refused === 'state' && refusal.status === 'draft') throw new HttpError(409, 'A draft is deleted, not withdrawn.');
      if (refusal.refused === 'state' && refusal.status === 'withdrawn') throw new HttpError(409, 'This proposal is already withdrawn.');
      refuse(refusal, 'company');
    }
    return detail(company.id, request.params.id);
  });

  app.post(
    '/integration/proposals/:id/revise',
    { config: { apiKey: true, scope: 'proposals:write' }, schema: schemas.reviseProposal },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const result = await repository.revise(company.id, request.params.id, app.now(), today());
      if ('refused' in result) {
        if (result.refused === 'state' && result.status === 'draft')
          throw new HttpError(409, 'This proposal is a draft: change it instead of making a new version.');
        refuse(result, 'company');
      }
      return reply.status(201).send(await detail(company.id, result.id));
    },
  );
}
