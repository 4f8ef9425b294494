/** Colours by role, per theme. Layout names roles; only the emitter turns them into colours. */

export type Theme = 'light' | 'dark';

export interface Palette {
  background: string;
  ink: string;
  muted: string;
  grid: string;
  load: string;
  reaction: string;
  deflected: string;
  tension: string;
  compression: string;
  positive: string;
  negative: string;
}

export type Paint = keyof Palette;

export const palettes: Record<Theme, Palette> = {
  light: {
    background: '#ffffff',
    ink: '#1f2933',
    muted: '#6b7785',
    grid: '#cfd6dd',
    load: '#b45309',
    reaction: '#047857',
    deflected: '#7c3aed',
    tension: '#c62828',
    compression: '#1565c0',
    positive: '#1565c0',
    negative: '#c62828',
  },
  dark: {
    background: '#111827',
    ink: '#e5e7eb',
    muted: '#9ca3af',
    grid: '#374151',
    load: '#f59e0b',
    reaction: '#34d399',
    deflected: '#c4b5fd',
    tension: '#f87171',
    compression: '#60a5fa',
    positive: '#60a5fa',
    negative: '#f87171',
  },
};
