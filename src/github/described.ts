// Run-time checks of what GitHub sends (REST answers, webhook payloads), tied by the compiler to
// GitHub's own OpenAPI description of it (@octokit/openapi-types, types only: nothing of it reaches
// the bundle). A check of a field must accept every value the description allows there, so a field
// GitHub may leave out or send as null reaches the reader typed so, and must be handled there;
// anything the description does not allow is refused, as GitHub's answer may be anything.
import type { components } from '@octokit/openapi-types'

/** GitHub's schemas, REST objects (`issue-comment`) and webhook payloads (`webhook-push`) alike. */
export type Schemas = components['schemas']

/** A run-time check that proves `T`. */
export type Check<T> = (value: unknown) => value is T
type Proven<C> = C extends Check<infer T> ? T : never
/** What a check made with described() proves: the fields it checked, typed as the description allows. */
export type Checked<C> = Proven<C>

/** What a check of a field must accept, and be shown when it does not. */
interface Refused<Allowed> {
  'this check refuses values GitHub describes for the field': Allowed
}

/** JSON has no bigint: the description's int64 fields (`number | bigint`), at any depth, arrive as numbers. */
type Sent<T> = T extends bigint ? never : T extends object ? { [K in keyof T]: Sent<T[K]> } : T

/** The fields of an object that passed `C`'s checks; a field whose check accepts undefined may be left out. */
type Fields<C> = Flat<
  { [K in keyof C as undefined extends Proven<C[K]> ? never : K]: Proven<C[K]> } & {
    [K in keyof C as undefined extends Proven<C[K]> ? K : never]?: Proven<C[K]>
  }
>
type Flat<T> = { [K in keyof T]: T[K] }

/** For each field checked, its check, which must accept all the description `D` allows there. */
type FieldChecks<D, C> = {
  [K in keyof C]: K extends keyof D ? (Sent<D[K]> extends Proven<C[K]> ? C[K] : Refused<Sent<D[K]>>) : never
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const isString = (value: unknown): value is string => typeof value === 'string'
export const isInteger = (value: unknown): value is number => Number.isSafeInteger(value)
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'
export const isArray = (value: unknown): value is unknown[] => Array.isArray(value)

/** The field may be left out. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value): value is T | undefined => value === undefined || check(value)
}

/** The field may be null. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value)
}

/**
 * The check of an object GitHub describes as `D` (a schema, or a union of the schemas one reader
 * reads): an object whose every listed field passes its check. Only the fields listed are checked
 * and typed; a check that refuses something `D` allows is a compile error.
 */
export function described<D>() {
  return <C extends FieldChecks<D, C>>(checks: C): Check<Fields<C>> =>
    (value): value is Fields<C> =>
      isRecord(value) &&
      Object.entries(checks as Record<string, Check<unknown>>).every(([field, check]) => check(value[field]))
}
