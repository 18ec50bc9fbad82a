// Several PDFs out of one written by pdfkit (the list book and its judges' copy share every legal
// roster's pages): each edition is the one file's objects, less the pages it does not have, with
// its own page tree, named destinations and document information standing in for the file's. The
// objects are copied as pdfkit wrote them (nothing is parsed); only the cross-reference table and
// trailer are written anew.
import { createHash } from '../files/node-crypto'

export interface EditionObjects {
  /** Objects of the file the edition leaves out. */
  drop: ReadonlySet<number>
  /** An object id of the file -> the id of the object written to stand in its place (its page tree...). */
  standIns: ReadonlyMap<number, number>
  /** Told apart from the other editions in the file identifier. */
  name: string
}

const pad10 = (n: number) => String(n).padStart(10, '0')

/** Each object's bytes in the file: from its offset to the next object's, the last to the cross-reference table. */
function objectSpans(file: Buffer, offsets: ReadonlyArray<number | null>): { spans: Map<number, [number, number]>; order: number[]; xref: number } {
  const tail = file.subarray(Math.max(0, file.length - 64)).toString('latin1')
  const xref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1] ?? NaN)
  if (!Number.isInteger(xref)) throw new Error('pdf-editions: the file has no cross-reference table at its end')
  const order = offsets.flatMap((at, i) => (at === null ? [] : [i + 1])).sort((a, b) => offsets[a - 1]! - offsets[b - 1]!)
  const spans = new Map<number, [number, number]>()
  order.forEach((id, i) => spans.set(id, [offsets[id - 1]!, i + 1 < order.length ? offsets[order[i + 1] - 1]! : xref]))
  return { spans, order, xref }
}

/**
 * One edition of `file` (a PDF pdfkit wrote, `offsets` its objects' offsets by id - 1, as pdfkit
 * keeps them): its objects but the dropped ones and the stand-ins themselves, each stand-in under
 * the id it stands in for; the cross-reference table then lists the left-out ids as free.
 */
export function editionPdf(file: Buffer, offsets: ReadonlyArray<number | null>, edition: EditionObjects): Buffer {
  const { spans, order, xref } = objectSpans(file, offsets)
  const movedAway = new Set(edition.standIns.values())
  const out: Buffer[] = [file.subarray(0, offsets[order[0] - 1] ?? xref)]
  let at = out[0].length
  const written = new Map<number, number>()
  for (const id of order) {
    if (edition.drop.has(id) || movedAway.has(id)) continue
    const from = edition.standIns.get(id)
    let bytes = file.subarray(...spans.get(from ?? id)!)
    if (from !== undefined) {
      const head = `${from} 0 obj`
      if (bytes.subarray(0, head.length).toString('latin1') !== head) throw new Error(`pdf-editions: object ${from} does not start where pdfkit wrote it`)
      bytes = Buffer.concat([Buffer.from(`${id} 0 obj`, 'latin1'), bytes.subarray(head.length)])
    }
    written.set(id, at)
    out.push(bytes)
    at += bytes.length
  }
  // Free ids as a list (each names the next; the first entry the first free id), as the format keeps them.
  const size = offsets.length + 1
  const free = Array.from({ length: size - 1 }, (_, i) => i + 1).filter((id) => !written.has(id))
  const lines = ['xref', `0 ${size}`, `${pad10(free[0] ?? 0)} 65535 f `]
  let next = 0
  for (let id = 1; id < size; id++) {
    const off = written.get(id)
    if (off !== undefined) lines.push(`${pad10(off)} 00000 n `)
    else lines.push(`${pad10(free[++next] ?? 0)} 00001 f `)
  }
  const trailer = file.subarray(xref).toString('latin1')
  const dict = /\ntrailer\n([\s\S]*)\nstartxref\n/.exec(trailer)?.[1]
  if (!dict) throw new Error('pdf-editions: the file has no trailer')
  const id = createHash('md5').update(file.subarray(xref)).update(edition.name).digest('hex')
  const ownDict = dict.replace(/\/ID \[<[0-9a-f]*> <[0-9a-f]*>\]/, `/ID [<${id}> <${id}>]`)
  out.push(Buffer.from(`${lines.join('\n')}\ntrailer\n${ownDict}\nstartxref\n${at}\n%%EOF\n`, 'latin1'))
  return Buffer.concat(out)
}
