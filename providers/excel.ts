import type { BlobReply, HttpClient } from './types';

/** Excel exports: the server answers a file (or an error envelope, which the http client turns into a rejection). */

/** Hands a downloaded file to the browser's save mechanism. */
export function saveBlob({ blob, fileName }: BlobReply): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  // Firefox only follows a click on a link that is in the document.
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next tick: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** POSTs `body` to an export path (or GETs a file such as a template), saves the file and resolves with the file name used. */
export async function downloadExcel(
  http: HttpClient,
  path: string,
  body: unknown,
  fallbackName: string,
  method: 'GET' | 'POST' = 'POST',
): Promise<string> {
  const reply = await http.request<BlobReply>({
    path,
    ...(method === 'GET' ? { method } : { body: body ?? {} }),
    responseType: 'blob',
    fallbackFileName: fallbackName,
  });
  saveBlob(reply);
  return reply.fileName;
}
