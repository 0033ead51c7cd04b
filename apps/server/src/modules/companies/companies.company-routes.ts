import type { IntegrationCompany } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { serializeCompany } from '../../core/companies';
import type { CompanyRow, PortalThemeRow } from '../../db/rows';
import { invalid } from '../../lib/http-errors';
import { rezoneAllDayItems } from '../../core/calendar';
import { companiesRepository, logoPath } from './companies.repository';
import { PUBLIC_IMAGE_POLICY, publicImageRoute, removePublicImage, replacePublicImage } from './public-images';
import * as schemas from './companies.company-schemas';

const THEME_CODE_TAKEN = 'The theme code is already taken by another company.';

/**
 * The company side of the company itself (docs/company-api.md, "Company"): its details, branding and switches, its
 * logo. The portal and the sign-in pages show a change at once: the company and theme rows notify the response cache.
 */
export async function companiesCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const repository = companiesRepository(db);

  const serialize = ({ company, theme }: { company: CompanyRow; theme: PortalThemeRow | null }): IntegrationCompany => {
    const { portal_theme: _none, ...fields } = serializeCompany(company, options.publicUrl);
    return { ...fields, theme_code: theme?.code ?? null };
  };

  app.get('/integration/company', { config: { apiKey: true, scope: 'company:read' }, schema: schemas.getCompany }, async (request) =>
    serialize(await repository.ownCompany(requireApiCompany(request).id)),
  );

  app.patch('/integration/company', { config: { apiKey: true, scope: 'company:write' }, schema: schemas.updateCompany }, async (request) => {
    const company = requireApiCompany(request);
    const { theme_code: themeCode, ...fields } = request.body;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const updated = await repository.update(company.id, changes, themeCode, app.now());
    if (updated === 'theme-code-taken') throw invalid({ theme_code: [THEME_CODE_TAKEN] });
    if (fields.time_zone !== undefined && fields.time_zone !== company.time_zone) await rezoneAllDayItems(app.database.db, company.id, fields.time_zone);
    request.log.info({ event: 'company.updated', companyId: company.id, fields: Object.keys(request.body) }, 'company updated');
    return serialize(updated);
  });

  app.put(
    '/integration/company/logo',
    { config: { apiKey: true, scope: 'company:write', upload: PUBLIC_IMAGE_POLICY }, schema: schemas.uploadCompanyLogo },
    async (request) => {
      const company = requireApiCompany(request);
      const previous = await repository.ownCompany(company.id);
      return replacePublicImage(app, request, company.id, previous.company.logo_url, async (logo) =>
        serialize(await updated(repository.update(company.id, { logo_url: logoPath(logo.id) }, undefined, app.now()))),
      );
    },
  );

  app.delete('/integration/company/logo', { config: { apiKey: true, scope: 'company:write' }, schema: schemas.deleteCompanyLogo }, async (request) => {
    const company = requireApiCompany(request);
    const previous = await repository.ownCompany(company.id);
    const result = await updated(repository.update(company.id, { logo_url: null }, undefined, app.now()));
    await removePublicImage(app, previous.company.logo_url);
    return serialize(result);
  });

  publicImageRoute(app, {
    url: '/logos/:id',
    operationId: 'getCompanyLogo',
    summary: "A company's current logo",
    current: (fileId) => repository.currentLogo(fileId),
  });
}

/** An update without a theme code cannot collide with another company's. */
async function updated<T>(result: Promise<T | 'theme-code-taken'>): Promise<T> {
  const value = await result;
  if (value === 'theme-code-taken') throw new Error('A change without a theme code collided on the theme code.');
  return value;
}
