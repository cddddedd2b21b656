import { isWriteOperation } from '@shared/outbox/write-operations';
import { pathParamsOf, STATUS_PAGE_OPERATIONS, type OperationSpec } from '@shared/statuspal/operations';
import { replaceTempIds } from '@shared/outbox/temp-id';

type Input = Record<string, unknown>;

/** The request body's wrapper key of a write (`incident`, `update`, …), or null for a DELETE. */
function bodyKeyOf(operation: string): string | null {
  if (!isWriteOperation(operation)) return null;
  const spec: OperationSpec = STATUS_PAGE_OPERATIONS[operation];
  return spec.body?.key ?? null;
}

/** The body object of a queued write (what the user wrote), or null. */
export function bodyOf(entry: { operation: string; input: Input }): Input | null {
  const key = bodyKeyOf(entry.operation);
  const body = key ? entry.input[key] : null;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Input) : null;
}

/**
 * Reasons a hand-edited write would be refused before it leaves: JSON that is not an object, a missing path
 * parameter, or a body the operation's schema rejects. Empty when it can be retried.
 */
export function checkWriteInput(operation: string, text: string): { input: Input | null; problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { input: null, problems: [`This is not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { input: null, problems: ['The write must be a JSON object: path parameters and the body under its key.'] };
  const input = parsed as Input;
  if (!isWriteOperation(operation)) return { input, problems: [`${operation} is not a write this version can check.`] };
  const spec: OperationSpec = STATUS_PAGE_OPERATIONS[operation];
  const problems: string[] = [];
  for (const param of pathParamsOf(spec.path)) {
    const value = input[param];
    if (value === undefined || value === null || value === '') problems.push(`"${param}" is missing: it says which object to change.`);
  }
  if (spec.body) {
    const body = input[spec.body.key];
    if (body === undefined) {
      if (spec.body.required) problems.push(`"${spec.body.key}" is missing: it holds what to send.`);
    } else {
      // Temp ids stand for ids the server has not given yet: check the shape with a placeholder.
      const result = spec.body.schema.safeParse(replaceTempIds(body, () => 1));
      if (!result.success) {
        for (const issue of result.error.issues) problems.push(`${[spec.body.key, ...issue.path.map(String)].join('.')}: ${issue.message}`);
      }
    }
  }
  return { input, problems };
}
