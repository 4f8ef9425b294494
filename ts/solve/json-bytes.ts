/**
 * An answer's UTF-8 bytes written in one growing buffer, numbers printed straight into it (issue 38). A frame
 * with combinations answers half a million numbers: printed by String() and joined as text, each number was a
 * string and each join a rope node for the collector (a third of the pipeline's time went to collecting them),
 * then the whole text was encoded once more. Web APIs only: this runs in browsers too.
 */
import { decimalExponent, POWERS } from './decimal.js';

const utf8 = new TextEncoder();

const [ZERO, DOT, MINUS, PLUS, E] = ['0', '.', '-', '+', 'e'].map((c) => c.charCodeAt(0)) as [number, number, number, number, number];

/** "00" to "99": each pair of digits' two characters. */
const PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10));

/** From this many bytes a range is copied by `set` (a view's making costs about as much as copying this many one by one). */
const LONG_RANGE = 64;

export class JsonBytes {
  private bytes: Uint8Array;
  private length = 0;
  /** A number's digits, most significant first. */
  private readonly digits = new Uint8Array(15);

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(capacity, 64));
  }

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(2 * this.bytes.length, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Any text, as UTF-8. */
  text(text: string): void {
    // a UTF-16 unit is at most 3 bytes of UTF-8
    this.reserve(3 * text.length);
    this.length += utf8.encodeInto(text, this.bytes.subarray(this.length)).written;
  }

  /** Bytes already encoded (a row's fixed text). */
  raw(bytes: Uint8Array): void {
    this.range(bytes, 0, bytes.length);
  }

  /** One byte (an ASCII character's code). */
  byte(code: number): void {
    this.reserve(1);
    this.bytes[this.length++] = code;
  }

  /** `bytes[from..to]`, already encoded (a piece of text printed once and written many times). */
  range(bytes: Uint8Array, from: number, to: number): void {
    this.reserve(to - from);
    if (to - from >= LONG_RANGE) {
      this.bytes.set(bytes.subarray(from, to), this.length);
      this.length += to - from;
      return;
    }
    const out = this.bytes;
    let at = this.length;
    for (let i = from; i < to; i++) out[at++] = bytes[i]!;
    this.length = at;
  }

  /**
   * `value` as JSON.stringify prints it. A double nearest a decimal of at most 15 significant digits (every result
   * number: clean numbers rounds each to at most 15) prints as that decimal, shortest, since two such decimals
   * never share a double; its digits are then those of an integer below 10^15, placed as ECMAScript's
   * Number::toString places them. Any other number is printed by String().
   */
  number(value: number): void {
    this.reserve(32);
    // ids, counts and whole results: a 32-bit integer's digits (-0 too, which prints as 0)
    if ((value | 0) === value) {
      this.integer(value);
      return;
    }
    const magnitude = Math.abs(value);
    // the decimal exponent from the binary one, to within one, then corrected: 15 digits before the point
    let shift = 14 - decimalExponent(magnitude);
    let whole = scaled(magnitude, shift);
    if (whole >= 1e15) whole = scaled(magnitude, --shift);
    // NaN, infinities and subnormals fail here too
    const back = shift >= 0 ? whole / POWERS[shift]! : whole * POWERS[-shift]!;
    if (!(whole < 1e15) || back !== magnitude) {
      this.ascii(Number.isFinite(value) ? String(value) : 'null');
      return;
    }
    if (value < 0) this.bytes[this.length++] = MINUS;
    this.place(whole, shift);
  }

  /** The decimal `whole` × 10^-shift (`whole` a positive integer below 10^15) written as Number::toString does. */
  private place(whole: number, shift: number): void {
    const digits = this.digits;
    // two halves below 10^8 each, so that the digits come from 32-bit integer arithmetic (a double's % is a call),
    // two digits at a time
    let high = Math.floor(whole / 1e8) | 0;
    let low = (whole - high * 1e8) | 0;
    // the low half's eight digits are all zeros when it is 0 (a length, a load's position)
    let last = low === 0 ? 7 : 15;
    for (let i = 13; i >= 7; i -= 2, low = (low / 100) | 0) {
      const pair = 2 * (low % 100);
      digits[i] = PAIRS[pair]!;
      digits[i + 1] = PAIRS[pair + 1]!;
    }
    for (let i = 5; i >= -1; i -= 2, high = (high / 100) | 0) {
      const pair = 2 * (high % 100);
      if (i >= 0) digits[i] = PAIRS[pair]!;
      digits[i + 1] = PAIRS[pair + 1]!;
    }
    let first = 0;
    while (digits[first] === ZERO) first++;
    const count = 15 - first;
    // the decimal exponent: the value is 0.d1d2... × 10^point
    const point = count - shift;
    while (digits[last - 1] === ZERO) last--;
    const k = last - first;
    const out = this.bytes;
    let at = this.length;
    if (point >= k && point <= 21) {
      for (let i = first; i < last; i++) out[at++] = digits[i]!;
      for (let i = k; i < point; i++) out[at++] = ZERO;
    } else if (point > 0 && point <= 21) {
      const dot = first + point;
      for (let i = first; i < dot; i++) out[at++] = digits[i]!;
      out[at++] = DOT;
      for (let i = dot; i < last; i++) out[at++] = digits[i]!;
    } else if (point > -6 && point <= 0) {
      out[at++] = ZERO;
      out[at++] = DOT;
      for (let i = point; i < 0; i++) out[at++] = ZERO;
      for (let i = first; i < last; i++) out[at++] = digits[i]!;
    } else {
      out[at++] = digits[first]!;
      if (k > 1) out[at++] = DOT;
      for (let i = first + 1; i < last; i++) out[at++] = digits[i]!;
      out[at++] = E;
      out[at++] = point > 0 ? PLUS : MINUS;
      const exponent = String(Math.abs(point - 1));
      for (let i = 0; i < exponent.length; i++) out[at++] = exponent.charCodeAt(i);
    }
    this.length = at;
  }

  /** A 32-bit integer's digits, two at a time. */
  private integer(value: number): void {
    const out = this.bytes;
    let at = this.length;
    if (value < 0) out[at++] = MINUS;
    // a negative int32's magnitude may be 2^31, past int32 but not uint32
    let rest = (value < 0 ? -value : value) >>> 0;
    const digits = this.digits;
    let first = 15;
    while (rest >= 100) {
      const pair = 2 * (rest % 100);
      digits[--first] = PAIRS[pair + 1]!;
      digits[--first] = PAIRS[pair]!;
      rest = (rest / 100) >>> 0;
    }
    if (rest >= 10) digits[--first] = PAIRS[2 * rest + 1]!;
    digits[--first] = rest >= 10 ? PAIRS[2 * rest]! : ZERO + rest;
    for (let i = first; i < 15; i++) out[at++] = digits[i]!;
    this.length = at;
  }

  private ascii(text: string): void {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.bytes[this.length++] = text.charCodeAt(i);
  }

  /** The bytes written, in a buffer of their own (an answer's buffer moves to the thread that sends it). */
  result(): Uint8Array {
    return this.length === this.bytes.length ? this.bytes : this.bytes.slice(0, this.length);
  }
}

/** `magnitude` × 10^shift to the nearest integer; NaN beyond the exact powers of ten. */
function scaled(magnitude: number, shift: number): number {
  if (shift > 22 || shift < -22) return NaN;
  return Math.round(shift >= 0 ? magnitude * POWERS[shift]! : magnitude / POWERS[-shift]!);
}
