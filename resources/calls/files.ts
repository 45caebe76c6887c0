import type { ApiCall } from '../types';

/** File calls that belong to no entity: the uploader of images, videos and attachments (docs/content.md). */
export const fileCalls = {
  /** Multipart `file` and `type` (also in the query); answers the stored file's URL and name. */
  upload: { path: '/api/file/upload/name' },
} as const satisfies Record<string, ApiCall>;
