// `npm start`'s prestart (and `npm run native`): makes what Electron needs to run the app, once, when
// it is missing: the Electron binary, and Electron's build of better-sqlite3 under
// out/native/<electron>-<platform>-<arch>/ (MUSTER_NATIVE_DIR moves it): a prebuilt one, else one
// built from source against Electron's headers. Silent when all is there. When something cannot be
// made, one line on stderr says what is missing and what to run (details in setup.log beside it).
//
//   tsx scripts/electron-native.ts [--dry-run] [--binding-only] [--platform P] [--arch A]
//                                  [--native-dir DIR] [--headers-url URL]
//                                  [--for-package --install-to RESOURCES_DIR]
//
// --dry-run prints the decisions as JSON (versions, platform, what it would fetch or build, and the
// line it would print offline) and changes nothing. --for-package (the installer's afterPack hook)
// makes only the module and copies it into the packaged app's resources. npm test never runs this
// script on the checkout's out/native.
import { copyFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { packagedBindingPath } from '../src-main/native/binding'
import { make } from './native/make'
import { SetupError, cannotStartMessage, plan, type Purpose, type Step } from './native/plan'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function options() {
  return parseArgs({
    options: {
      'dry-run': { type: 'boolean' },
      'binding-only': { type: 'boolean' },
      'for-package': { type: 'boolean' },
      'install-to': { type: 'string' },
      platform: { type: 'string' },
      arch: { type: 'string' },
      'native-dir': { type: 'string' },
      'headers-url': { type: 'string' }
    },
    strict: true
  }).values
}

function main(): number {
  let args: ReturnType<typeof options>
  try {
    args = options()
  } catch (e) {
    process.stderr.write(`electron-native: ${(e as Error).message}\n`)
    return 2
  }
  const purpose: Purpose = args['for-package'] ? 'package' : 'start'
  try {
    const p = plan({
      root,
      bindingOnly: args['binding-only'] || args['for-package'],
      ...(args.platform ? { platform: args.platform } : {}),
      ...(args.arch ? { arch: args.arch } : {}),
      ...(args['native-dir'] ? { nativeDir: args['native-dir'] } : {}),
      ...(args['headers-url'] ? { headersUrl: args['headers-url'] } : {})
    })

    if (args['dry-run']) {
      const shown = (s: Step) => ({
        action: s.action,
        what: s.what,
        command: s.command,
        ...('url' in s ? { url: s.url } : {}),
        ...('headersUrl' in s ? { headersUrl: s.headersUrl } : {}),
        ...('cwd' in s ? { cwd: s.cwd } : {}),
        nodedir: s.env.npm_config_nodedir ?? null
      })
      const missing = [...new Set(p.steps.map((s) => s.what))]
      const offline = missing.length ? cannotStartMessage(p, missing, 'getaddrinfo ENOTFOUND github.com', root, purpose) : null
      process.stdout.write(`${JSON.stringify({ ...p, steps: p.steps.map(shown), offlineMessage: offline }, null, 2)}\n`)
      return 0
    }

    if (p.steps.length > 0) {
      const outcome = make(p, root, (line) => process.stdout.write(`${line}\n`))
      for (const what of outcome.made) process.stdout.write(`muster: made ${what}\n`)
      if (outcome.missing.length > 0) {
        process.stderr.write(`${cannotStartMessage(p, outcome.missing, outcome.reason, root, purpose)}\n`)
        return 1
      }
    }
    if (args['install-to']) {
      const destination = packagedBindingPath(args['install-to'])
      try {
        mkdirSync(dirname(destination), { recursive: true })
        copyFileSync(p.binding.path, destination)
      } catch (e) {
        process.stderr.write(
          `muster: cannot ${purpose}: could not copy Electron's build of better-sqlite3 into ${destination} (${(e as Error).message.split('\n')[0]})\n`
        )
        return 1
      }
    }
    return 0
  } catch (e) {
    // A full disk, a folder without write permission...: still one line, never a stack trace.
    process.stderr.write(
      `muster: cannot ${purpose}: ${e instanceof SetupError ? e.message : `could not make Electron's build of better-sqlite3 (${(e as Error).message.split('\n')[0]})`}\n`
    )
    return 1
  }
}

process.exitCode = main()
