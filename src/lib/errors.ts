/** The Alfresco error object's `error`, as the contract describes it. */
export interface ErrorBody {
  errorKey?: string;
  statusCode?: number;
  briefSummary?: string;
}

/** A failed API call: the HTTP status and the server's own summary. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorKey: string | undefined;
  readonly briefSummary: string | undefined;

  constructor(status: number, body?: ErrorBody) {
    const summary = body?.briefSummary ? cleanSummary(body.briefSummary) : undefined;
    super(summary ?? `The server answered ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errorKey = body?.errorKey;
    this.briefSummary = summary;
  }
}

/** Alfresco prefixes summaries with a log number (`11220007 Name …`); people need the words only. */
export function cleanSummary(summary: string): string {
  return summary.replace(/^\d{6,}\s+/, '').trim();
}

function errorBodyOf(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const inner = (value as { error: unknown }).error;
  return typeof inner === 'object' && inner !== null ? (inner as ErrorBody) : undefined;
}

/** The data of an openapi-fetch result, or an ApiError carrying the server's summary. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new ApiError(result.response.status, errorBodyOf(result.error));
}

/** The org chart's envelope `{data, message, status: {code}}`, which errors use too. */
interface Envelope<T> {
  /** Absent from the generated types of answers whose `data` is always null. */
  data?: T;
  message?: string;
}

function envelopeMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('message' in value)) return undefined;
  const message = (value as { message: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The `data` of an org chart answer, or an ApiError whose summary is the envelope's `message`. */
export function unwrapEnvelope<T>(result: { data?: Envelope<T>; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined && result.data) return result.data.data as T;
  const message = envelopeMessage(result.error);
  throw new ApiError(result.response.status, message ? { briefSummary: message } : undefined);
}

/** The last detail line of an integrity summary ("… Constraint: x is not a valid node name: …"). */
function integrityDetail(summary: string): string {
  const constraint = /Constraint:\s*(.*)$/m.exec(summary);
  if (constraint?.[1]) return constraint[1].trim();
  const lines = summary.split('\n').filter((l) => l.trim() !== '');
  return (lines[lines.length - 1] ?? summary).trim();
}

/** What went wrong, in words a person understands. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const summary = error.briefSummary;
    switch (error.status) {
      case 401:
        return 'Your session has ended. Please sign in again.';
      case 403:
        return summary ? `You are not allowed to do this: ${summary}` : 'You are not allowed to do this.';
      case 404:
        return 'This item does not exist any more, or you cannot see it.';
      case 409:
        if (summary && /Duplicate child name|Name already exists/i.test(summary)) {
          const name = summary.split(': ').slice(1).join(': ');
          return `An item named “${name}” already exists here. Choose another name.`;
        }
        if (summary && /is locked/i.test(summary)) return `The item is locked, so it cannot be changed: ${summary}`;
        return summary ? `This conflicts with the item's current state: ${summary}` : 'Conflict.';
      case 413:
        return 'The file is too large for this repository.';
      case 422:
        return summary ? `The repository refused it: ${integrityDetail(summary)}` : 'The repository refused it.';
      case 507:
        return 'There is not enough storage quota left for this file.';
      default:
        if (error.status >= 500) return `The repository had a problem (${error.status}). Try again in a moment.`;
        return summary ?? error.message;
    }
  }
  if (error instanceof TypeError) return 'The repository cannot be reached. Check your connection.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * What went wrong with one node, in words a person understands: the server's summaries name nodes
 * by id ("… can unlock 6f1c…", "the node (id:6f1c…) is locked"); people see its name instead.
 */
export function describeErrorAbout(error: unknown, node: { id: string; name: string }): string {
  const name = `“${node.name}”`;
  return describeError(error)
    .replaceAll(`the node (id:${node.id})`, name)
    .replaceAll(`(id:${node.id})`, name)
    .replaceAll(node.id, name);
}
