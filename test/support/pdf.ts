/**
 * Reading a PDF back with Debian's poppler-utils (`make system-deps` installs it): its text lines with their
 * boxes on each page (`pdftotext -bbox-layout`), and its pages as PNG images (`pdftoppm`). For the calculation
 * report's browser test (issue 37), which prints with Chromium's own PDF and checks what a reader would see.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A line of text on a page, its box in PDF points from the page's top left. */
export interface PdfLine {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface PdfPage {
  /** In points (1/72 inch). */
  width: number;
  height: number;
  lines: PdfLine[];
}

const unescape = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');

/** Every page of the PDF at `file`, with its lines (the words of each joined by one space). */
export function pdfPages(file: string): PdfPage[] {
  const xhtml = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' });
  return [...xhtml.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map(([, width, height, body]) => ({
    width: Number(width),
    height: Number(height),
    lines: [...body!.matchAll(/<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g)].map(
      ([, xMin, yMin, xMax, yMax, words]) => ({
        text: [...words!.matchAll(/<word[^>]*>([^<]*)<\/word>/g)].map(([, w]) => unescape(w!)).join(' '),
        xMin: Number(xMin),
        yMin: Number(yMin),
        xMax: Number(xMax),
        yMax: Number(yMax),
      }),
    ),
  }));
}

/** The PDF's pages as PNG files at `dpi` in `dir` (`<prefix>-1.png`...), in page order. */
export function pdfToPng(file: string, dir: string, prefix: string, dpi: number): string[] {
  const number = (name: string) => Number(/-(\d+)\.png$/.exec(name)?.[1]);
  const pages = () => readdirSync(dir).filter((name) => name.startsWith(`${prefix}-`) && Number.isInteger(number(name)));
  // the pages of an earlier run go first: a report one page shorter must not keep its old last page
  for (const name of pages()) rmSync(join(dir, name));
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, join(dir, prefix)]);
  return pages()
    .sort((a, b) => number(a) - number(b))
    .map((name) => join(dir, name));
}
