import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type ImageTarget, uploadImages } from '../../domain/catalog/images';
import { badRequest, HttpError } from '../../errors';
import { messages } from '../../messages';
import { uploadsPlugin } from '../../plugins/uploads';
import { bearer, errors } from '../../schemas/common';
import {
  MAX_FILES,
  PICTURE_TYPES,
  type PictureType,
  UPLOAD_FIELDS,
  UploadAnswer,
  type UploadField,
  UploadForm,
} from '../../schemas/upload';
import { ImageWorkRefused } from '../../uploads/image-work';
import { MAX_IMAGE_BYTES, type UploadedImage } from '../../uploads/images';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';

// The API tests compare answers with these names.
export const NOT_MULTIPART = messages.notMultipart;
export const BROKEN_FORM = messages.brokenForm;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface UploadRequest {
  files: UploadedImage[];
  fields: Partial<Record<UploadField, string>>;
}

/** Multipart limit errors of @fastify/multipart (English, some 406) become the API's Uzbek 400 / 413. */
function translateMultipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.fileTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, messages.tooManyFiles(MAX_FILES));
  }
  // Busboy's "Unexpected end of form", "Malformed part header", a prototype field name, a premature close…
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof Error && (status === undefined || (typeof status === 'number' && status < 500))) {
    return badRequest(messages.brokenForm);
  }
  return error;
}

/** Reads every part: files must come as `files`, the only fields are restaurant_id, type and product_id, once each. */
async function readUpload(request: FastifyRequest): Promise<UploadRequest> {
  const files: UploadedImage[] = [];
  const fields: Partial<Record<UploadField, string>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') throw badRequest(messages.fieldNotAccepted(part.fieldname));
        const data = await part.toBuffer();
        // A part with a binary type counts as a file even without a filename (busboy); its name is then unknown.
        const filename = (part.filename as string | undefined) ?? '';
        // A browser sends an empty part for a file input left empty.
        if (data.length === 0 && filename === '') continue;
        files.push({ filename, data });
        continue;
      }
      const name = part.fieldname as UploadField;
      if (!UPLOAD_FIELDS.includes(name)) throw badRequest(messages.fieldNotAccepted(part.fieldname));
      if (fields[name] !== undefined) throw badRequest(messages.fieldSentTwice(name));
      if (part.valueTruncated || typeof part.value !== 'string') throw badRequest(messages.fieldMalformed(name));
      fields[name] = part.value.trim();
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  return { files, fields };
}

/** Which of the three forms the request is; 400 naming the field for anything else. */
function targetOf(fields: UploadRequest['fields']): ImageTarget {
  const { restaurant_id, type, product_id } = fields;
  if (restaurant_id !== undefined && product_id !== undefined) throw badRequest(messages.bothTargets);
  if (type !== undefined && !(PICTURE_TYPES as readonly string[]).includes(type))
    throw badRequest(messages.fieldNotOneOf('type', PICTURE_TYPES));
  if (restaurant_id !== undefined) {
    if (!UUID.test(restaurant_id)) throw badRequest(messages.fieldNotUuid('restaurant_id'));
    if (type === undefined) throw badRequest(messages.fieldRequired('type'));
    return { kind: 'restaurant', restaurantId: restaurant_id, picture: type as PictureType };
  }
  if (type !== undefined) throw badRequest(messages.fieldRequired('restaurant_id'));
  if (product_id !== undefined) {
    if (!UUID.test(product_id)) throw badRequest(messages.fieldNotUuid('product_id'));
    return { kind: 'product', productId: product_id };
  }
  return { kind: 'none' };
}

/**
 * `POST /manager/upload`: images for restaurants and products (spec 7). Multipart parsing lives only in this scope,
 * and the stored files are served from here too (`/uploads/*`).
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  await app.register(uploadsPlugin, { dataDir: config.dataDir });
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES, fields: 6, fieldSize: 200, parts: MAX_FILES + 6 },
  });
  const managerOrAdmin = app.requireRole('manager', 'admin');
  const deps = { db: app.db, work: app.work };

  app.post(
    '/manager/upload',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload images (multipart/form-data)',
        description:
          'Three forms: `files` + `restaurant_id` + `type` (`image` | `logotype`) sets that restaurant picture ' +
          '(exactly one file; the old file is removed); `files` + `product_id` appends `{ file }` entries to the ' +
          "product's images (at most 10 per product); `files` alone only stores them, for a product form that sends " +
          'the URLs in `images` when it creates the product. Accepts JPEG, PNG and WebP up to 5 MB each, checked by ' +
          'content; every image is re-encoded to WebP (upright, metadata removed) at most 1200 px, with a 320 px ' +
          'thumbnail `<name>-thumb.webp`. A manager may only target their own restaurants and products (404 ' +
          'otherwise); an admin any. Answers `{ url, data }`: the first URL and all of them. 413 for a file over 5 MB ' +
          'or more than 10 files. Images over 8000 px a side, 40 megapixels or a 1:10 side ratio are refused (400) ' +
          'from their header. Images are re-encoded one upload at a time: 503 with Retry-After when 8 uploads ' +
          'already wait, or when an image takes over 10 s.',
        security: bearer,
        consumes: ['multipart/form-data'],
        body: UploadForm,
        response: { 200: UploadAnswer, ...errors(400, 401, 403, 404, 413, 503) },
      },
      // The form is validated by readUpload/targetOf; the body schema above only documents it for /docs.
      validatorCompiler: () => () => true,
      // In onRequest, before any byte of the body is read: anonymous callers and non-multipart bodies stop here.
      onRequest: [
        managerOrAdmin,
        async (request) => {
          if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
            throw badRequest(messages.notMultipart);
          }
        },
      ],
    },
    async (request, reply) => {
      const viewer = authenticated(request);
      const { files, fields } = await readUpload(request);
      const target = targetOf(fields);
      if (files.length === 0) throw badRequest(messages.noFile);
      if (target.kind === 'restaurant' && files.length > 1) throw badRequest(messages.onePicture);

      let urls: string[];
      try {
        urls = await uploadImages(deps, config, viewer, target, files);
      } catch (error) {
        // A busy 503 (queue full, image too slow) tells the client when to try again.
        if (error instanceof ImageWorkRefused) reply.header('retry-after', String(error.retryAfter));
        throw error;
      }
      return { url: urls[0]!, data: urls };
    },
  );
};
