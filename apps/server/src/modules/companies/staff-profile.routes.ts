import { ApiErrorSchema, IntegrationStaffSchema, StaffProfileUpdateSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../core/access/request';
import { unauthenticated } from '../../lib/http-errors';
import { PUBLIC_IMAGE_POLICY, publicImageDescription, removePublicImage, replacePublicImage } from './public-images';
import { avatarPath, serializeStaff, staffRepository } from './staff.repository';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 422: ApiErrorSchema };

/**
 * "Your profile" in the staff console (docs/staff-console.md): every member, owner or staff, changes their own name,
 * title, phone and picture, which customers see beside their notes, in emails and on visits. Their role, email and
 * whether they are active stay with the owners' Staff page (the company API's staff routes): no one promotes or
 * deactivates themself.
 */
export async function staffProfileRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = staffRepository(app.database.db);

  /** The signed-in member's own row; a member removed since the session began is signed out. */
  const me = async (request: FastifyRequest) => {
    const member = requireStaff(request);
    const row = await repository.find(member.company.id, member.id);
    if (!row) throw unauthenticated();
    return { member, row };
  };

  app.get(
    '/staff/me',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'getStaffProfile',
        summary: 'The signed-in member of staff, as customers see them',
        response: { 200: IntegrationStaffSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => serializeStaff((await me(request)).row, options.publicUrl),
  );

  app.patch(
    '/staff/me',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'updateStaffProfile',
        summary: 'Change your own name, title or phone',
        description:
          'Any of name, title and phone (null or empty clears title and phone); what is left out stays. Anything else, such as role or email, ' +
          'is refused with 422: an owner changes those on the Staff page, and no one changes their own role or deactivates themself.',
        body: StaffProfileUpdateSchema,
        response: { 200: IntegrationStaffSchema, ...errors },
      },
    },
    async (request) => {
      const { member } = await me(request);
      const changes = Object.fromEntries(
        Object.entries(request.body)
          .filter(([, value]) => value !== undefined)
          // An emptied optional field is no title, not a blank one.
          .map(([field, value]) => [field, field !== 'name' && value === '' ? null : value]),
      );
      const updated = await repository.update(member.company.id, member.id, changes, app.now());
      if (!updated || updated === 'email-taken') throw unauthenticated();
      request.log.info({ event: 'staff.profile-updated', staffId: member.id, fields: Object.keys(changes) }, 'staff member changed their profile');
      return serializeStaff(updated, options.publicUrl);
    },
  );

  app.put(
    '/staff/me/avatar',
    {
      config: { staff: true, upload: PUBLIC_IMAGE_POLICY },
      schema: {
        tags: ['staff'],
        operationId: 'uploadStaffProfileAvatar',
        summary: 'Upload your own picture',
        description: `${publicImageDescription} The portal shows it beside your notes while profile pictures are switched on.`,
        response: { 200: IntegrationStaffSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
    },
    async (request) => {
      const { member, row } = await me(request);
      return replacePublicImage(app, request, member.company.id, row.avatar_url, async (image) => {
        const updated = await repository.update(member.company.id, member.id, { avatar_url: avatarPath(image.id) }, app.now());
        if (!updated || updated === 'email-taken') throw unauthenticated();
        return serializeStaff(updated, options.publicUrl);
      });
    },
  );

  app.delete(
    '/staff/me/avatar',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'deleteStaffProfileAvatar',
        summary: 'Remove your own picture',
        response: { 200: IntegrationStaffSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const { member, row } = await me(request);
      const updated = await repository.update(member.company.id, member.id, { avatar_url: null }, app.now());
      if (!updated || updated === 'email-taken') throw unauthenticated();
      await removePublicImage(app, row.avatar_url);
      return serializeStaff(updated, options.publicUrl);
    },
  );
}
