/**
 * The encoded forms a known secret value takes when a program prints it: base64 (standard and
 * URL-safe, at each of the three byte alignments it can have inside a longer encoded text, so
 * `base64("user:" + password)` still contains a recognisable run of the password) and
 * percent-encoding (as `encodeURIComponent` writes it, with lower-case hex digits, with `+` for
 * spaces, and with every reserved character escaped). The JSON-escaped forms of each come from
 * `literalVariants`. Used by the redactor (replace them) and by the leak scan (hunt them).
 */

/** Base64 runs shorter than this are not hunted: too likely to occur by chance in other base64. */
export const MIN_BASE64_CORE = 8;

/**
 * The part of `base64(pad + value + more)` that depends only on `value`, for each alignment (`pad`
 * of 0, 1 or 2 bytes), in both alphabets. Alignment 0 also gives the full padded encoding.
 */
export function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const total = offset + bytes.length;
    const rest = total % 3;
    const skip = offset === 0 ? 0 : offset === 1 ? 2 : 3;
    const keep = 4 * Math.floor(total / 3) + (rest === 1 ? 1 : rest === 2 ? 2 : 0);
    const core = encoded.slice(skip, keep);
    if (core.length >= MIN_BASE64_CORE) out.add(core);
    if (offset === 0 && encoded.length >= MIN_BASE64_CORE) out.add(encoded);
  }
  for (const form of [...out]) out.add(form.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''));
  return [...out];
}

/** Every percent-encoded form of `value` that differs from it. */
export function percentForms(value: string): string[] {
  const component = encodeURIComponent(value);
  const strict = component.replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const forms = [component, strict, component.replaceAll('%20', '+')];
  for (const form of [...forms]) forms.push(form.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
  return [...new Set(forms)].filter((form) => form !== value);
}

/** The raw value and every encoded form of it (raw first). */
export function encodedForms(value: string): string[] {
  return [...new Set([value, ...percentForms(value), ...base64Forms(value)])];
}
