// The pieces every part of the IPC contract is made of (contract.ts assembles the calls from the
// per-area files): a call's argument list as a TypeBox tuple, the call itself, and the argument
// schemas more than one area shares. Imports no part of the contract, so none of them cycles.
import Type, { type TSchema, type TTuple, type TUnsafe } from 'typebox'
import { PAPERS, PRINT_KINDS } from '../../src-shared/print'

export const id = Type.String({ minLength: 1, maxLength: 64 })
export const slug = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 })
/** Any object, checked by the handler itself (a roster to check, an event profile). */
export const anyObject = Type.Unsafe<unknown>({ type: 'object' })
export const kinds = Type.Enum([...PRINT_KINDS])
export const papers = Type.Enum([...PAPERS])

/**
 * A PDF made in the main process: its bytes as binary (IPC carries a Uint8Array as it is), the name
 * it is offered under, and the key savePdf takes to save exactly these bytes.
 */
export interface PdfMade {
  fileName: string
  pdf: Uint8Array
  key: string
}

/**
 * A call's argument list: a tuple (`items: [...]` and `additionalItems: false`, JSON Schema draft-07
 * as TypeBox writes it), whose trailing Type.Optional elements may be left off. TypeBox counts them
 * in `minItems`; here they are not, as their types (`[string, number?]`) already say. No arguments:
 * an empty array (draft-07 has no empty `items` list).
 */
export function Args(): TUnsafe<[]>
export function Args<const T extends [TSchema, ...TSchema[]]>(...items: T): TTuple<T>
export function Args(...items: TSchema[]): TSchema {
  if (items.length === 0) return Type.Unsafe<[]>({ type: 'array', maxItems: 0 })
  const firstOptional = items.findIndex((t) => Type.IsOptional(t))
  if (firstOptional >= 0 && items.slice(firstOptional).some((t) => !Type.IsOptional(t)))
    throw new Error('IPC contract: only the last arguments of a call may be optional')
  return Type.Tuple(items, { minItems: firstOptional < 0 ? items.length : firstOptional })
}

/** One call of the contract: its argument list (schema and type at once) and, as a type only, its answer. */
export interface Call<A extends TSchema = TSchema, Answer = unknown> {
  readonly args: A
  /** Never set: carries the answer's type. */
  readonly answer?: Answer
}
export const call = <A extends TSchema>(args: A) => ({ answers: <Answer>(): Call<A, Answer> => ({ args }) })
