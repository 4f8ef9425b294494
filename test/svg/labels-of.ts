/** Reading a rendered figure back: every text node of the SVG document, minus signs as typed. */
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed XML is walked freely in tests
export function parseSvg(svg: string): any {
  return parser.parse(svg);
}

export function labelsOf(svg: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown, key = ''): void => {
    if (key === 'text') {
      for (const t of [node].flat()) found.push(String(typeof t === 'object' && t !== null ? (t as { '#text': unknown })['#text'] : t));
      return;
    }
    if (Array.isArray(node)) node.forEach((n) => walk(n));
    else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(parser.parse(svg));
  return found.map((t) => t.replace(/\u2212/g, '-'));
}

/** The SVG text of an HTTP answer (supertest keeps a body of an unknown type as a Buffer). */
export function svgText(response: { body: unknown; text?: string }): string {
  return Buffer.isBuffer(response.body) ? response.body.toString('utf8') : (response.text ?? '');
}
