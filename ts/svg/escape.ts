/** The one escaping helper: every attribute value and text node of a figure goes through here. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Whether a text holds anything to escape (most attribute values do not: looked for before replacing). */
const SPECIAL = /[&<>"']/;

export function escapeXml(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c) : text;
}

/** Text safe inside an XML comment: `--` may not occur there, nor a trailing `-`. */
export function escapeComment(text: string): string {
  return text.replace(/-(?=-)/g, '- ').replace(/-$/, '- ');
}
