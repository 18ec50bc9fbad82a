// The one reading of a number given on the command line (issue 38: `--count 0x10` added 16, as
// JavaScript's Number() reads hex, octal, binary, exponents, fractions and spaces): every numeric
// argument is a plain decimal whole number, digits only, or it is refused in words.
import { InvalidArgumentError } from 'commander'

/** Digits only, at most 15 (every such number is exact in a double): "16", "016"; never "0x10", "1e1", "16.0", "+16", " 16" or "". */
const DECIMAL = /^[0-9]{1,15}$/

/** `text` as a whole number, when it is one written in plain decimal digits; else undefined. */
export function wholeNumber(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined
}

/** `text` as a whole number from `min` to `max`; else undefined. */
export function wholeNumberIn(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = wholeNumber(text)
  return n !== undefined && n >= min && n <= max ? n : undefined
}

/** Commander parser for options that take a whole number of at least 1. */
export function positiveInteger(value: string): number {
  const n = wholeNumberIn(value, 1)
  if (n === undefined) throw new InvalidArgumentError('must be a whole number of at least 1.')
  return n
}
