import { Type } from 'typebox';

/**
 * `POST /manager/upload` is multipart/form-data. This body schema documents the form in /docs; the route checks the
 * parts itself (a JSON-schema validator cannot see file bytes), with the same 400 messages naming the field.
 */
export const UploadForm = Type.Object({
  files: Type.Array(Type.String({ format: 'binary' }), {
    minItems: 1,
    maxItems: 10,
    description:
      'JPEG, PNG or WebP images, at most 5 MB each (checked by content); exactly one for a restaurant picture',
  }),
  restaurant_id: Type.Optional(Type.String({ format: 'uuid', description: 'Set a picture of this restaurant…' })),
  type: Type.Optional(
    Type.Enum(['image', 'logotype'], { description: '…which picture (required with restaurant_id)' }),
  ),
  product_id: Type.Optional(Type.String({ format: 'uuid', description: 'Append the images to this product' })),
});

export const UploadAnswer = Type.Object({
  url: Type.String({ description: 'The first stored image (`/uploads/<name>.webp`; thumbnail `<name>-thumb.webp`)' }),
  data: Type.Array(Type.String(), { description: 'Every stored image, in the order sent' }),
});

export const UPLOAD_FIELDS = ['restaurant_id', 'type', 'product_id'] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];
export const PICTURE_TYPES = ['image', 'logotype'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];
/** At most this many images on one product (and files in one upload). */
export const MAX_FILES = 10;
