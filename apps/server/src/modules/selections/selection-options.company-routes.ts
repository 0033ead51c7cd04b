import { SELECTION_MESSAGES, type IntegrationSelectionOption } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { serializeFile } from '../../core/files/files.serializers';
import { linksOf } from '../../core/files/links';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import { HttpError, notFound } from '../../lib/http-errors';
import type { SelectionsCompanyRoutesOptions } from './allowances.company-routes';
import { selectionOptionsRepository, type OptionRefusal } from './selection-options.repository';
import { selectionsRepository } from './selections.repository';
import { serializeCompanyOption } from './selections.company-serializers';
import * as schemas from './selections.company-schemas';

/** The answer to a refused write, by what refused it, in the company's words. */
function refuse(refusal: OptionRefusal): never {
  switch (refusal.refused) {
    case 'ever_chosen':
      throw new HttpError(409, SELECTION_MESSAGES.optionChosen);
    case 'too_many_options':
      throw new HttpError(409, SELECTION_MESSAGES.tooManyOptions);
    case 'too_many_photos':
      throw new HttpError(409, SELECTION_MESSAGES.tooManyPhotos);
    default:
      throw notFound();
  }
}

/**
 * The options of a selection and their photos, the company side (docs/company-api.md "Selections and allowances"):
 * added, changed, removed, with `selections:write`. An option once chosen stays: it is part of that choice's evidence.
 */
export async function selectionOptionsCompanyRoutes(fastify: FastifyInstance, _options: SelectionsCompanyRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const repository = selectionOptionsRepository(db);
  const reads = selectionsRepository(db);
  const write = { apiKey: true, scope: 'selections:write' } as const;

  /** The option as the company reads it, from its selection's tree. */
  async function optionOf(request: FastifyRequest, companyId: number, selectionId: number, optionId: number): Promise<IntegrationSelectionOption> {
    const tree = await reads.find(companyId, selectionId);
    const option = tree?.options.find((candidate) => candidate.id === optionId);
    if (!tree || !option) throw notFound();
    const everChosen = new Set((await reads.history(selectionId)).map((choice) => choice.option_id));
    return serializeCompanyOption(option, tree.photos, tree.allowance?.amount ?? null, everChosen, linksOf(app, request));
  }

  app.post('/integration/selections/:id/options', { config: write, schema: schemas.createSelectionOption }, async (request, reply) => {
    const company = requireApiCompany(request);
    const { body } = request;
    const result = await repository.add(
      company.id,
      request.params.id,
      {
        title: body.title,
        description: body.description ?? null,
        price: body.price,
        leadTimeDays: body.lead_time_days ?? null,
        supplierUrl: body.supplier_url ?? null,
        position: body.position,
      },
      app.now(),
    );
    if ('refused' in result) refuse(result);
    return reply.status(201).send(await optionOf(request, company.id, request.params.id, result.id));
  });

  app.patch('/integration/selections/:id/options/:option', { config: write, schema: schemas.updateSelectionOption }, async (request) => {
    const company = requireApiCompany(request);
    const option = await repository.find(company.id, request.params.id, request.params.option);
    if (!option) throw notFound();
    const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    await repository.update(option.id, option.selection_id, changes, app.now());
    return optionOf(request, company.id, option.selection_id, option.id);
  });

  app.delete('/integration/selections/:id/options/:option', { config: write, schema: schemas.deleteSelectionOption }, async (request, reply) => {
    const result = await repository.remove(requireApiCompany(request).id, request.params.id, request.params.option, app.now());
    if ('refused' in result) refuse(result);
    await Promise.all(result.files.map((file) => app.blobs.delete(file.blob_key)));
    return reply.status(204).send(null);
  });

  app.post(
    '/integration/selections/:id/options/:option/photos',
    { config: { ...write, upload: schemas.OPTION_PHOTO_UPLOAD_POLICY }, schema: schemas.uploadSelectionOptionPhotos },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const option = await repository.find(company.id, request.params.id, request.params.option);
      if (!option) throw notFound();
      // A full option is refused before a byte is stored; the count is taken again under the option's lock.
      if ((await repository.photoCount(option.id)) >= schemas.OPTION_PHOTO_UPLOAD_POLICY.maxFiles) refuse({ refused: 'too_many_photos' });
      const upload = await receiveUpload(app, request, { companyId: company.id, staffId: request.integration?.staffId ?? null });
      const result = await repository.addPhotos(company.id, option.selection_id, option.id, upload.files, app.now()).catch(async (error: unknown) => {
        await deleteFiles(db, app.blobs, upload.files);
        throw error;
      });
      if ('refused' in result) {
        await deleteFiles(db, app.blobs, upload.files);
        refuse(result);
      }
      const links = linksOf(app, request);
      return reply.status(201).send({ data: result.photos.map(({ photo, file }) => ({ id: photo.id, file: serializeFile(links, file) })) });
    },
  );

  app.delete(
    '/integration/selections/:id/options/:option/photos/:photo',
    { config: write, schema: schemas.deleteSelectionOptionPhoto },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const found = await repository.photo(company.id, request.params.id, request.params.option, request.params.photo);
      if (!found) throw notFound();
      // The photo row goes with its file.
      await deleteFiles(db, app.blobs, [found.file]);
      await repository.touch(request.params.id, app.now());
      return reply.status(204).send(null);
    },
  );
}
