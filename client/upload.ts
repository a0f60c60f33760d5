import { uz } from '../lib/uz';
import { ApiError, apiBaseUrl, reportUnauthorized } from './client';
import { readToken } from './storage';
import type { UploadKind } from './types';

/**
 * POST /manager/upload as multipart, through XMLHttpRequest because fetch (and so ofetch) reports no upload
 * progress. Same contract as the ofetch client: bearer token, ApiError on failure, 401 reported to the app.
 */

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface RestaurantUpload {
  restaurantId: string;
  kind: UploadKind;
  file: Blob & { name?: string };
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export interface UploadAnswer {
  url: string;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

/** What a 2xx answer of POST /manager/upload may carry; each exported upload reads the part it needs. */
export interface MultipartBody {
  url?: unknown;
  data?: unknown;
  message?: unknown;
}

export interface MultipartOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The one XMLHttpRequest POST of a form to /manager/upload, shared by the restaurant and the product uploads so
 * the token, progress, abort and error rules cannot drift apart. Resolves with the parsed body of a 2xx answer
 * (undefined when it is not JSON); rejects with ApiError (401 reported to the app, 0 for a network failure) or an
 * AbortError. The form is built by the caller only once the token and the signal have been checked.
 */
export function postMultipart(
  buildForm: () => FormData,
  options: MultipartOptions = {},
): Promise<MultipartBody | undefined> {
  return new Promise((resolve, reject) => {
    const token = readToken();
    if (!token) {
      const error = new ApiError(401, uz.noToken);
      reportUnauthorized(error);
      reject(error);
      return;
    }
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const form = buildForm();

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl()}/manager/upload`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      let body: MultipartBody | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body);
        return;
      }
      reject(uploadError(xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, uz.networkError));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(form);
  });
}

/** The answer's own message when it has one, else the generic upload text; a 401 is reported to the app. */
export function uploadError(status: number, body: MultipartBody | undefined): ApiError {
  const error = new ApiError(status, typeof body?.message === 'string' ? body.message : uz.uploadFailed);
  reportUnauthorized(error);
  return error;
}

export async function uploadRestaurantImage(upload: RestaurantUpload): Promise<UploadAnswer> {
  const body = await postMultipart(
    () => {
      // Text fields first: the server reads the parts in order and must know the restaurant before the file.
      const form = new FormData();
      form.append('restaurant_id', upload.restaurantId);
      form.append('type', upload.kind);
      form.append('files', upload.file, upload.file.name ?? `${upload.kind}.png`);
      return form;
    },
    { onProgress: upload.onProgress, signal: upload.signal },
  );
  const url = typeof body?.url === 'string' ? body.url : firstUrl(body?.data);
  return { url: url ?? '' };
}

/** `data` may be a URL list or the updated restaurant, depending on the call (spec 7: "url or data list"). */
function firstUrl(data: unknown): string | undefined {
  if (Array.isArray(data)) {
    const first = data[0] as unknown;
    if (typeof first === 'string') return first;
    if (first && typeof first === 'object' && typeof (first as { url?: unknown }).url === 'string') {
      return (first as { url: string }).url;
    }
  }
  return undefined;
}
