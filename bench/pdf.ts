// Printing times for a 40-unit roster: roster sheet, unit cards, quick-reference sheet, each from
// the roster object to finished PDF bytes (check, build the document, run pdfmake with embedded
// fonts). Warm: a few untimed runs first, then the median of timed runs.
import { met } from './verdict'
import { createEngine } from '../src-main/rules'
import { buildExport, type ExportKind } from '../src-main/export'
import { renderPdfWithPages } from '../src-main/export/write-pdf'
import { wrgRoster } from './rosters'

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

export async function pdfBench(): Promise<void> {
  const engine = createEngine()
  const roster = wrgRoster(40)
  const opponent = wrgRoster(30, 7)
  const goals: Record<ExportKind, number | null> = { roster: 150, cards: null, qrs: 300 }
  const runs = 15
  for (const kind of ['roster', 'cards', 'qrs'] as const) {
    const once = async () => renderPdfWithPages(buildExport(engine, roster, { kind, paper: 'a4', opponent: kind === 'qrs' ? opponent : undefined }).doc)
    let made = await once()
    for (let i = 0; i < 3; i++) made = await once()
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint()
      made = await once()
      times.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
    const what = kind === 'qrs' ? 'quick reference (against a 30-unit opponent)' : kind === 'cards' ? 'unit cards' : 'roster'
    console.log(
      `PDF ${what} of a 40-unit WRG 1969 roster: ${median(times).toFixed(1)} ms median of ${runs} warm runs` +
        `${goals[kind] === null ? '' : ` (goal < ${goals[kind]} ms, ${met(median(times) < goals[kind]!)})`} [${made.pages} pages, ${(made.pdf.length / 1024).toFixed(0)} KB]`
    )
  }
}

if (require.main === module) void pdfBench()
