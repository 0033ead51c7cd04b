import {
  ApiErrorSchema,
  ERROR_MESSAGES,
  IdSchema,
  IntegrationCompanySchema,
  IntegrationCompanyUpdateSchema,
  type IntegrationCompany,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireApiCompany } from '../../core/access/request';
import { serializeCompany } from '../../core/companies';
import { filesRepository } from '../../core/files/files.repository';
import { sendFile } from '../../core/files/serve';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import type { CompanyRow, PortalThemeRow } from '../../db/rows';
import { HttpError, invalid } from '../../lib/http-errors';
import { companiesRepository, logoPath } from './companies.repository';

/** A logo is an image the sign-in pages and the portal's header show: small, and of a kind every browser draws. */
const LOGO_POLICY = { maxBytes: 2 * 1024 * 1024, accept: ['jpeg', 'png', 'webp'] as const };
/** A logo's URL changes with each upload, so a browser may keep one for a day. */
const LOGO_MAX_AGE_S = 86_400;
const THEME_CODE_TAKEN = 'The theme code is already taken by another company.';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * The company side of the company itself (docs/company-api.md, "Company"): its details, branding and switches, its
 * logo. The portal and the sign-in pages show a change at once: the company and theme rows notify the response cache.
 */
export async function companiesIntegrationRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const repository = companiesRepository(db);
  const files = filesRepository(db);

  const serialize = ({ company, theme }: { company: CompanyRow; theme: PortalThemeRow | null }): IntegrationCompany => {
    const { portal_theme: _none, ...fields } = serializeCompany(company, options.publicUrl);
    return { ...fields, theme_code: theme?.code ?? null };
  };

  app.get(
    '/integration/company',
    {
      config: { apiKey: true, scope: 'company:read' },
      schema: {
        tags: ['Company'],
        operationId: 'getCompany',
        summary: "The key's company: its details, branding, switches and theme code",
        response: { 200: IntegrationCompanySchema, ...errors },
      },
    },
    async (request) => serialize(await repository.ownCompany(requireApiCompany(request).id)),
  );

  app.patch(
    '/integration/company',
    {
      config: { apiKey: true, scope: 'company:write' },
      schema: {
        tags: ['Company'],
        operationId: 'updateCompany',
        summary: "Change the company's details, branding or switches",
        description:
          'Any of the fields; what is left out stays. The colour, name and theme code brand the portal and its sign-in pages at once. ' +
          'A theme code another company holds answers 422.',
        body: IntegrationCompanyUpdateSchema,
        response: { 200: IntegrationCompanySchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { theme_code: themeCode, ...fields } = request.body;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      const updated = await repository.update(company.id, changes, themeCode, app.now());
      if (updated === 'theme-code-taken') throw invalid({ theme_code: [THEME_CODE_TAKEN] });
      request.log.info({ event: 'company.updated', companyId: company.id, fields: Object.keys(request.body) }, 'company updated');
      return serialize(updated);
    },
  );

  app.put(
    '/integration/company/logo',
    {
      config: { apiKey: true, scope: 'company:write' },
      schema: {
        tags: ['Company'],
        operationId: 'uploadCompanyLogo',
        summary: "Upload the company's logo",
        description:
          `multipart/form-data with the image in \`file\`: JPEG, PNG or WebP (checked by its bytes), at most ${LOGO_POLICY.maxBytes / 1024 / 1024} MB ` +
          'and 50 megapixels. It replaces the logo on the portal and the sign-in pages at once; the old one is deleted.',
        response: { 200: IntegrationCompanySchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { files: stored } = await receiveUpload(app, request, LOGO_POLICY, { companyId: company.id });
      const logo = stored[0]!;
      const previous = await repository.ownCompany(company.id);
      const updated = await repository.update(company.id, { logo_url: logoPath(logo.id) }, undefined, app.now()).catch(async (error: unknown) => {
        await deleteFiles(db, app.blobs, [logo]);
        throw error;
      });
      if (updated === 'theme-code-taken') throw new Error('unreachable: no theme code given');
      await removeOldLogo(previous.company.logo_url, logo.id);
      return serialize(updated);
    },
  );

  app.delete(
    '/integration/company/logo',
    {
      config: { apiKey: true, scope: 'company:write' },
      schema: {
        tags: ['Company'],
        operationId: 'deleteCompanyLogo',
        summary: "Remove the company's logo",
        description: 'The portal and the sign-in pages show the company name instead.',
        response: { 200: IntegrationCompanySchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const previous = await repository.ownCompany(company.id);
      const updated = await repository.update(company.id, { logo_url: null }, undefined, app.now());
      if (updated === 'theme-code-taken') throw new Error('unreachable: no theme code given');
      await removeOldLogo(previous.company.logo_url, null);
      return serialize(updated);
    },
  );

  /** The uploaded logo a company had before, if it was one of ours (not a path like /brand/acme.svg). */
  async function removeOldLogo(url: string | null, keep: number | null) {
    const match = url ? /^\/api\/logos\/(\d+)$/.exec(url) : null;
    if (!match || Number(match[1]) === keep) return;
    const old = await files.find(Number(match[1]));
    if (old) await deleteFiles(db, app.blobs, [old]);
  }

  app.get(
    '/logos/:id',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['Company'],
        operationId: 'getCompanyLogo',
        summary: "A company's current logo",
        description: 'Public, as the sign-in pages show it to anyone. Only a current logo is served; any other id answers 404.',
        params: z.object({ id: IdSchema }),
        response: { 200: z.any().describe('The logo'), 304: z.any(), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await repository.currentLogo(request.params.id);
      if (!file) throw new HttpError(404, ERROR_MESSAGES.notFound);
      const now = app.now();
      return sendFile(app.blobs, request, reply, file, {
        disposition: 'inline',
        expires: Math.floor(now.getTime() / 1000) + LOGO_MAX_AGE_S,
        now,
        public: true,
      });
    },
  );
}

