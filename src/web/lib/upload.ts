import * as MESSAGES from '../../common/messages';
import { ApiError, parseJson, toApiError } from './api';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** 0..1 as the request body goes out; not called when the browser cannot tell the total. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form to our API and reports upload progress, which fetch cannot do yet
 * (XMLHttpRequest's upload.onprogress). Same-origin, so the session cookie and Origin header go along;
 * answers and errors come back exactly as from api().
 */
export function uploadForm<T>(url: string, body: FormData, { method = 'POST', onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(toApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(MESSAGES.generic.network, 0, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
