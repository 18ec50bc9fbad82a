// electron-builder's afterPack hook: puts Electron's build of better-sqlite3 for the packaged
// platform and architecture in resources/native/, where the installed app looks for it
// (src-main/native/binding.ts). The same script as `npm start`'s prestart makes or fetches it
// (scripts/electron-native.ts --binding-only); MUSTER_NATIVE_DIR keeps it elsewhere than out/native.
const { spawnSync } = require('node:child_process')
const { copyFileSync, mkdirSync } = require('node:fs')
const { join } = require('node:path')
const { Arch } = require('electron-builder')

exports.default = async function afterPack(context) {
  const root = join(__dirname, '..')
  const platform = context.electronPlatformName
  const arch = Arch[context.arch]
  const args = [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'electron-native.ts'), '--binding-only', '--print-path', '--platform', platform, '--arch', arch]
  if (process.env.MUSTER_NATIVE_DIR) args.push('--native-dir', process.env.MUSTER_NATIVE_DIR)
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  if (r.status !== 0) throw new Error(`no Electron build of better-sqlite3 for ${platform}-${arch}: see the line above`)
  const binding = r.stdout.trim().split('\n').pop()
  const resources = context.packager.getResourcesDir(context.appOutDir)
  mkdirSync(join(resources, 'native'), { recursive: true })
  copyFileSync(binding, join(resources, 'native', 'better_sqlite3.node'))
}
