// `npm start`'s prestart (and `npm run native`): makes what Electron needs to run the app, once, when
// it is missing: the Electron binary, and Electron's build of better-sqlite3 under
// out/native/<electron>-<platform>-<arch>/ (a prebuilt one, else built from source against Electron's
// headers). Silent when all is there. Offline, one line says what is missing and what to run.
//
//   tsx scripts/electron-native.ts [--dry-run] [--binding-only] [--platform P] [--arch A]
//                                  [--native-dir DIR] [--headers-url URL] [--print-path]
//
// --dry-run prints the decisions as JSON (versions, platform, what it would fetch or build, and the
// line it would print offline) and changes nothing. npm test never runs this script.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { make } from './native/make'
import { SetupError, cannotStartMessage, plan, type Step } from './native/plan'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function main(): number {
  let args
  try {
    args = parseArgs({
      options: {
        'dry-run': { type: 'boolean' },
        'binding-only': { type: 'boolean' },
        'print-path': { type: 'boolean' },
        platform: { type: 'string' },
        arch: { type: 'string' },
        'native-dir': { type: 'string' },
        'headers-url': { type: 'string' }
      },
      strict: true
    }).values
  } catch (e) {
    process.stderr.write(`electron-native: ${(e as Error).message}\n`)
    return 2
  }
  let p
  try {
    p = plan({
      root,
      bindingOnly: args['binding-only'],
      ...(args.platform ? { platform: args.platform } : {}),
      ...(args.arch ? { arch: args.arch } : {}),
      ...(args['native-dir'] ? { nativeDir: args['native-dir'] } : {}),
      ...(args['headers-url'] ? { headersUrl: args['headers-url'] } : {})
    })
  } catch (e) {
    if (!(e instanceof SetupError)) throw e
    process.stderr.write(`muster: cannot start: ${e.message}\n`)
    return 1
  }

  if (args['dry-run']) {
    const shown = (s: Step) => ({ action: s.action, what: s.what, command: s.command, ...('url' in s ? { url: s.url } : {}), ...('headersUrl' in s ? { headersUrl: s.headersUrl } : {}), ...('cwd' in s ? { cwd: s.cwd } : {}), nodedir: s.env.npm_config_nodedir ?? null })
    const missing = [...new Set(p.steps.map((s) => s.what))]
    const offline = missing.length ? cannotStartMessage(p, missing, 'getaddrinfo ENOTFOUND github.com', root) : null
    process.stdout.write(`${JSON.stringify({ ...p, steps: p.steps.map(shown), offlineMessage: offline }, null, 2)}\n`)
    return 0
  }

  if (p.steps.length > 0) {
    const outcome = make(p, root)
    for (const what of outcome.made) process.stdout.write(`muster: made ${what}\n`)
    if (outcome.missing.length > 0) {
      process.stderr.write(`${cannotStartMessage(p, outcome.missing, outcome.reason, root)}\n`)
      return 1
    }
  }
  if (args['print-path']) process.stdout.write(`${p.binding.path}\n`)
  return 0
}

process.exitCode = main()
