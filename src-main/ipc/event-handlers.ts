// Tournament checking over IPC: the renderer sends the event profile and the submitted files' text.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { describeAjvErrors, schemaId } from '../rules/schemas'
import { checkEvent, type EventProfile, type Submission } from '../event/check-event'
import { toCsv, toHtml } from '../event/report'
import type { MusterHandlers } from './contract'

export function eventHandlers(engine: Engine, ajv: Ajv2020): Pick<MusterHandlers, 'checkEventFiles'> {
  const validate = ajv.getSchema(schemaId('event.schema.json'))!
  return {
    checkEventFiles: (event, files) => {
      if (!validate(event)) throw new Error(`not a Muster event profile: ${describeAjvErrors(validate.errors).slice(0, 3).join('; ')}`)
      const submissions: Submission[] = files.map((f) => {
        if (f.text.trim() === '') return { file: f.name, error: 'not valid JSON: the file is empty' }
        try {
          return { file: f.name, data: JSON.parse(f.text) as unknown }
        } catch (e) {
          return { file: f.name, error: `not valid JSON: ${(e as Error).message.split('\n')[0].slice(0, 200)}` }
        }
      })
      const report = checkEvent(engine, event as EventProfile, submissions)
      return { report, html: toHtml(report), csv: toCsv(report) }
    }
  }
}
