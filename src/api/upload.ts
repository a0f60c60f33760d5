import { uz } from '../i18n/uz';
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

export function uploadRestaurantImage(upload: RestaurantUpload): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const token = readToken();
    if (!token) {
      const error = new ApiError(401, uz.noToken);
      reportUnauthorized(error);
      reject(error);
      return;
    }
    if (upload.signal?.aborted) {
      reject(abortError());
      return;
    }
    // Text fields first: the server reads the parts in order and must know the restaurant before the file.
    const form = new FormData();
    form.append('restaurant_id', upload.restaurantId);
    form.append('type', upload.kind);
    form.append('files', upload.file, upload.file.name ?? `${upload.kind}.png`);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl()}/manager/upload`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) upload.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const onAbort = () => xhr.abort();
    upload.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => upload.signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      let body: { url?: unknown; data?: unknown; message?: unknown } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const url = typeof body?.url === 'string' ? body.url : firstUrl(body?.data);
        resolve({ url: url ?? '' });
        return;
      }
      const error = new ApiError(xhr.status, typeof body?.message === 'string' ? body.message : uz.uploadFailed);
      reportUnauthorized(error);
      reject(error);
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
