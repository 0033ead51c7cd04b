import type { IntegrationStaff } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import type { StaffRow } from '../../db/rows';
import { invalid, notFound } from '../../lib/http-errors';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { PUBLIC_IMAGE_POLICY, publicImageRoute, removePublicImage, replacePublicImage } from './public-images';
import { avatarPath, serializeStaff, staffRepository } from './staff.repository';
import { staffInvitationEmail } from './staff-invitation-email';
import { staffInvitationsRepository, staffInvitationUrl } from '../../core/access/staff-invitations';
import * as schemas from './staff.company-schemas';

const EMAIL_TAKEN = 'Another active staff member of the company has this email.';

/**
 * A company's staff on its integration API (docs/company-api.md, "Staff"): who signs notes and represents projects.
 * A deactivated member keeps their name on what they did, but signs nothing new and represents no new project.
 */
export async function staffCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = staffRepository(app.database.db);

  const serialize = (row: StaffRow): IntegrationStaff => serializeStaff(row, options.publicUrl);
  const found = async (companyId: number, id: number) => {
    const row = await repository.find(companyId, id);
    if (!row) throw notFound();
    return row;
  };
  const written = (row: StaffRow | 'email-taken' | null) => {
    if (row === 'email-taken') throw invalid({ email: [EMAIL_TAKEN] });
    if (!row) throw notFound();
    return serialize(row);
  };
  const read = { apiKey: true, scope: 'staff:read' } as const;
  const write = { apiKey: true, scope: 'staff:write' } as const;

  app.get(
    '/integration/staff',
    {
      config: read,
      schema: schemas.listStaff,
      preValidation: schemas.staffListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.staffListQuery.from(request);
      const active = filters.active?.[0];
      if (active !== undefined && active !== 'true' && active !== 'false')
        throw invalid({ 'filter[active]': ['The filter[active] must be true or false.'] }, 400);
      const { rows, total } = await repository.list(company.id, {
        updatedSince: filters.updated_since?.[0],
        active: active === undefined ? undefined : active === 'true',
        sort,
        page,
      });
      return paginate(rows.map(serialize), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/staff/:id', { config: read, schema: schemas.getStaffMember }, async (request) =>
    serialize(await found(requireApiCompany(request).id, request.params.id)),
  );

  app.post('/integration/staff', { config: write, schema: schemas.createStaffMember }, async (request, reply) => {
    const company = requireApiCompany(request);
    const row = await repository.create(company.id, request.body, app.now());
    return reply.status(201).send(written(row));
  });

  app.patch('/integration/staff/:id', { config: write, schema: schemas.updateStaffMember }, async (request) => {
    const company = requireApiCompany(request);
    const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    return written(await repository.update(company.id, request.params.id, changes, app.now()));
  });

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(`/integration/staff/:id/${action}`, { config: write, schema: schemas.setStaffMemberActive(action, active) }, async (request) => {
      const company = requireApiCompany(request);
      const member = await found(company.id, request.params.id);
      if ((member.deactivated_at === null) === active) return serialize(member);
      const updated = await repository.update(company.id, member.id, { deactivated_at: active ? null : app.now() }, app.now());
      // Their previews of customers' portals end here and now, not when a cached session next goes to the database.
      if (!active) await app.sessions.revokePreviewsBy(member.id, app.now());
      return written(updated);
    });
  }

  app.post('/integration/staff/:id/invite', { config: write, schema: schemas.inviteStaffMember }, async (request) => {
    const company = requireApiCompany(request);
    const member = await found(company.id, request.params.id);
    if (member.deactivated_at) throw invalid({ id: ['This member is deactivated: reactivate them first.'] });
    if (!member.email) throw invalid({ email: ['This member has no email address to send the invitation to.'] });
    const issued = await staffInvitationsRepository(app.database.db).issue(member.id, app.now());
    const to = member.email;
    app.mailer.sendInBackground(
      () =>
        staffInvitationEmail({
          to,
          name: member.name,
          link: staffInvitationUrl(options.publicUrl, issued.token),
          company: { name: company.name, color: company.color },
        }),
      request.log,
    );
    request.log.info({ event: 'staff.invited', companyId: company.id, staffId: member.id }, 'staff invitation sent');
    return { staff: serialize(member), expires_at: apiTimestamp(issued.expiresAt) };
  });

  app.put('/integration/staff/:id/avatar', { config: { ...write, upload: PUBLIC_IMAGE_POLICY }, schema: schemas.uploadStaffAvatar }, async (request) => {
    const company = requireApiCompany(request);
    const member = await found(company.id, request.params.id);
    return replacePublicImage(app, request, company.id, member.avatar_url, async (image) =>
      written(await repository.update(company.id, member.id, { avatar_url: avatarPath(image.id) }, app.now())),
    );
  });

  app.delete('/integration/staff/:id/avatar', { config: write, schema: schemas.deleteStaffAvatar }, async (request) => {
    const company = requireApiCompany(request);
    const member = await found(company.id, request.params.id);
    const result = written(await repository.update(company.id, member.id, { avatar_url: null }, app.now()));
    await removePublicImage(app, member.avatar_url);
    return result;
  });

  publicImageRoute(app, {
    url: '/avatars/:id',
    operationId: 'getStaffAvatar',
    summary: "A staff member's current picture",
    current: (fileId) => repository.currentAvatar(fileId),
  });
}
