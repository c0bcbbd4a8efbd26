import type { FlowTrade } from '../schemas/flow.ts';
import { orderKeyOf } from './spreads.ts';
import { FIELD_DEFS, FLOW_FIELDS, FLOW_SELECTORS, type FlowField, type FlowSelector } from './filter-fields.ts';

/**
 * The filter engine of spec part 2 section 2.5.1, shared by the server (historical queries) and
 * the browser (the live list). A filter applies only when it has a field, a selector and a
 * non-empty value (for Ticker: at least one ticker tag); filters combine with AND. Text compares
 * ignore case; numbers are decimals; Time is HH:MM New York time, compared by minute.
 */
export interface FilterInput {
  id?: string | number;
  filter?: string;
  selector?: string;
  value?: string | number | null;
  tickers?: readonly string[];
}

export type TradePredicate = (trade: FlowTrade) => boolean;

export interface CompiledFilters {
  predicate: TradePredicate;
  /** Filters that apply (complete and valid). */
  active: number;
  /** One message per complete filter that cannot apply (unknown field/selector, bad value). */
  errors: string[];
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function compare<T extends string | number>(a: T, b: T, selector: FlowSelector): boolean {
  switch (selector) {
    case 'Equal':
      return a === b;
    case 'Greater than':
      return a > b;
    case 'Greater than equal':
      return a >= b;
    case 'Smaller than':
      return a < b;
    case 'Smaller than equal':
      return a <= b;
  }
}

/** Minutes (or seconds, when the value has them) since midnight; null for a malformed time. */
export function parseTimeOfDay(text: string): { seconds: number; precision: 'minute' | 'second' } | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 0 : Number(m[3])];
  if (h > 23 || min > 59 || s > 59) return null;
  return { seconds: h * 3600 + min * 60 + s, precision: m[3] === undefined ? 'minute' : 'second' };
}

const isField = (f: string): f is FlowField => (FLOW_FIELDS as readonly string[]).includes(f);
const isSelector = (s: string): s is FlowSelector => (FLOW_SELECTORS as readonly string[]).includes(s);

/** True when the entry is complete enough to apply (spec: field, selector and a value). */
export function isComplete(f: FilterInput): boolean {
  if (!f.filter || !f.selector) return false;
  if (f.filter === 'Ticker') return (f.tickers ?? []).some((t) => t.trim() !== '');
  return f.value !== null && f.value !== undefined && String(f.value).trim() !== '';
}

function compileOne(f: FilterInput): TradePredicate | string {
  const field = f.filter ?? '';
  const selector = f.selector ?? '';
  if (!isField(field)) return `unknown filter field '${field}'`;
  if (!isSelector(selector)) return `unknown selector '${selector}' for ${field}`;
  const { kind, attr } = FIELD_DEFS[field];
  const read = (t: FlowTrade) => (t as unknown as Record<string, unknown>)[attr];
  const raw = String(f.value ?? '').trim();
  switch (kind) {
    case 'tickers': {
      const tags = [...new Set((f.tickers ?? []).map((t) => t.trim().toUpperCase()).filter((t) => t !== ''))];
      return (t) => tags.some((tag) => compare(String(read(t)).toUpperCase(), tag, selector));
    }
    case 'text': {
      const v = raw.toLowerCase();
      return (t) => compare(String(read(t) ?? '').toLowerCase(), v, selector);
    }
    case 'number': {
      if (!DECIMAL.test(raw)) return `${field} needs a number, got '${raw}'`;
      const v = Number(raw);
      return (t) => {
        const x = read(t);
        return typeof x === 'number' && Number.isFinite(x) && compare(x, v, selector);
      };
    }
    case 'spread': {
      const v = raw.toLowerCase();
      if (selector !== 'Equal' || (v !== 'yes' && v !== 'no'))
        return `${field} takes Equal with Yes (only spreads) or No (no spreads), got '${selector} ${raw}'`;
      const want = v === 'yes';
      return (t) => (orderKeyOf(t) !== null) === want;
    }
    case 'time': {
      const v = parseTimeOfDay(raw);
      if (!v) return `Time needs HH:MM (New York time), got '${raw}'`;
      const unit = v.precision === 'minute' ? 60 : 1;
      const target = Math.floor(v.seconds / unit);
      return (t) => {
        const x = parseTimeOfDay(String(read(t)));
        return x !== null && compare(Math.floor(x.seconds / unit), target, selector);
      };
    }
  }
}

export function compileFilters(filters: readonly FilterInput[] | undefined): CompiledFilters {
  const predicates: TradePredicate[] = [];
  const errors: string[] = [];
  for (const f of filters ?? []) {
    if (!isComplete(f)) continue;
    const p = compileOne(f);
    if (typeof p === 'string') errors.push(p);
    else predicates.push(p);
  }
  const predicate: TradePredicate = predicates.length === 0 ? () => true : (t) => predicates.every((p) => p(t));
  return { predicate, active: predicates.length, errors };
}

/** Applies the complete, valid filters (the browser ignores incomplete or invalid ones while typing). */
export function applyFilters(trades: readonly FlowTrade[], filters: readonly FilterInput[] | undefined): FlowTrade[] {
  const { predicate, active } = compileFilters(filters);
  return active === 0 ? [...trades] : trades.filter(predicate);
}

/** Tickers an Equal Ticker filter restricts the result to (lets the server read the ticker index). */
export function equalTickers(filters: readonly FilterInput[] | undefined): string[] | null {
  for (const f of filters ?? []) {
    if (f.filter === 'Ticker' && f.selector === 'Equal' && isComplete(f)) {
      return [...new Set((f.tickers ?? []).map((t) => t.trim().toUpperCase()).filter((t) => t !== ''))];
    }
  }
  return null;
}
