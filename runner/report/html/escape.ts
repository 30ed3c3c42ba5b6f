/**
 * Text from outside (fixture titles, an engine's events and messages) made safe for an HTML page: as element text
 * or attribute values, and as JSON inside a `<script>` element. Control characters and the characters that
 * reorder text are shown as `\uXXXX`, as on a terminal, so that a person sees what the engine sent.
 * @module
 */
import { escapeControls } from '../../cli/output.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export const escapeHtml = (text: string): string => escapeControls(text).replace(/[&<>"']/g, (char) => ENTITIES[char] as string);

/**
 * JSON for a `<script type="application/json">` element: every string's control characters made visible, and
 * `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes, so that no `</script>` or `<!--` can end or bend
 * the element, whatever the data holds. `JSON.parse` of the element's text gives the data back.
 */
export function scriptJson(data: unknown): string {
  const json = JSON.stringify(data, (_key, value: unknown) => (typeof value === 'string' ? escapeControls(value) : value));
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
