// Standard input read whole for a door that takes a code from it (`muster share --decode -`,
// `muster game --decode -`): one copy, so both stop at the same place.

/** Standard input as text; reading stops once past `max` characters (too long for a code, which says so). */
export async function readAll(source: AsyncIterable<Buffer | string>, max: number): Promise<string> {
  let text = ''
  for await (const chunk of source) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8')
    if (text.length > max) break
  }
  return text
}
