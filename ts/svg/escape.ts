/** The one escaping helper: every attribute value and text node of a figure goes through here. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Text safe inside an XML comment: `--` may not occur there, nor a trailing `-`. */
export function escapeComment(text: string): string {
  return text.replace(/-(?=-)/g, '- ').replace(/-$/, '- ');
}
