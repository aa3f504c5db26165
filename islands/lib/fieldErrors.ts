/** Field errors as the forms show them: the first message for each field, from the shared schemas or from the API. */

export type FieldErrors = Partial<Record<string, string>>;

type Issue = { path: readonly PropertyKey[]; message: string };

/** Field errors from a zod result: the first message of each field. */
export function firstErrors(issues: ReadonlyArray<Issue>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

/** Field errors from a failed call's body, whose `fields` are {name: [messages]}. */
export function apiFieldErrors(body: unknown): FieldErrors {
  const fields = (body as { fields?: Record<string, string[]> } | null)?.fields;
  return fields ? Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages[0]])) : {};
}

/** A form checked before it is sent: the body to send, or the errors beside their fields and the first one's message. */
export type Checked<Body> = { ok: true; body: Body } | { ok: false; errors: FieldErrors; message: string };

/** A schema's verdict (`safeParse`) as a Checked. */
export function checkedBy<Body>(result: { success: true; data: Body } | { success: false; error: { issues: ReadonlyArray<Issue> } }): Checked<Body> {
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, errors: firstErrors(result.error.issues), message: result.error.issues[0].message };
}

/** A check that fails before the schema is asked (a message of the form's own). */
export function refused(errors: FieldErrors, message: string): Checked<never> {
  return { ok: false, errors, message };
}
