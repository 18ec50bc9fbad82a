// Tournament checking over IPC: the renderer sends the event profile and the submitted files' bytes,
// read here as the CLI reads files (UTF-8 only, strict JSON).
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { describeAjvErrors, schemaId } from '../rules/schemas'
import { checkEvent, type EventProfile, type Submission } from '../event/check-event'
import { toCsv, toHtml } from '../event/report'
import type { MusterHandlers } from './contract'
import { parseJsonBytes, problemText } from '../files/read-json'

export function eventHandlers(engine: Engine, ajv: Ajv2020): Pick<MusterHandlers, 'checkEventFiles' | 'eventBook'> {
  const validate = ajv.getSchema(schemaId('event.schema.json'))!
  /** The profile checked, the files read as the CLI reads them, and the event's report. */
  const run = (event: unknown, files: Array<{ name: string; base64: string; size?: number }>) => {
    if (!validate(event)) throw new Error(`not a Muster event profile: ${describeAjvErrors(validate.errors).slice(0, 3).join('; ')}`)
    const submissions: Submission[] = files.map((f) => {
      const read = parseJsonBytes(f.name, Buffer.from(f.base64, 'base64'), f.size)
      return read.ok ? { file: f.name, data: read.data } : { file: f.name, error: problemText(f.name, read) }
    })
    return { submissions, report: checkEvent(engine, event as EventProfile, submissions) }
  }
  return {
    checkEventFiles: (event, files) => {
      const { report } = run(event, files)
      return { report, html: toHtml(report), csv: toCsv(report) }
    },
    eventBook: async (event, files, judges) => {
      const { submissions, report } = run(event, files)
      const { buildListBook } = await import('../event/list-book')
      const book = await buildListBook(engine, report, submissions, judges)
      return { base64: Buffer.from(book.pdf).toString('base64'), rosters: book.entries.length, left: book.left.length }
    }
  }
}
