type Json = Record<string, unknown>;

interface AjvError {
  instancePath: string;
  message?: string;
}
type Validate = ((value: unknown) => boolean) & { errors?: AjvError[] | null };

/** A compiled output schema: the validator's errors for a value, or undefined when it matches. */
export type OutputValidator = (value: unknown) => string | undefined;

/**
 * Compiles `schema` as the real CLI does (ajv, every error collected) and reports a mismatch as it
 * writes it: `<instancePath or root>: <message>`, joined with `, `. (2.1.332 adds details for a few
 * keywords, e.g. the name of an additional property; those are not emulated.) ajv is loaded on
 * first use: a session without `--json-schema` does not pay for it.
 */
export async function compileOutputSchema(schema: Json): Promise<OutputValidator> {
  const { Ajv } = await import('ajv');
  const validate = new Ajv({ allErrors: true }).compile(schema) as Validate;
  return (value) => {
    if (validate(value)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || 'root'}: ${e.message ?? ''}`).join(', ');
  };
}
