/** The one error type the providers reject with. */

export interface PortalErrorOptions {
  errorCode?: string;
  status?: number;
  level?: 'error' | 'warning';
  notified?: boolean;
}

export class PortalError extends Error {
  /** The envelope's errorCode, when the server answered one. */
  errorCode?: string;
  /** HTTP status, when the failure came from one (react-admin's checkError reads it). */
  status?: number;
  level: 'error' | 'warning';
  /** True when the providers already showed it (toast or panel): the UI must not show it again. */
  notified: boolean;

  constructor(message: string, options: PortalErrorOptions = {}) {
    super(message);
    this.name = 'PortalError';
    this.errorCode = options.errorCode;
    this.status = options.status;
    this.level = options.level ?? 'error';
    this.notified = options.notified ?? false;
  }
}

export function isPortalError(error: unknown): error is PortalError {
  return error instanceof PortalError;
}

/** Spec part 1 §5: the admin client's wording, with TWO spaces before "parameter". */
export function missingParameterMessage(name: string): string {
  return `Missing required  parameter: ${name}`;
}
