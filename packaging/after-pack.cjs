// electron-builder's afterPack hook: puts Electron's build of better-sqlite3 for the packaged
// platform and architecture into the app's resources (resources/native/, outside the asar), where
// the installed app loads it (src-main/native/binding.ts). The same script as `npm start`'s
// prestart fetches or builds it (scripts/electron-native.ts --for-package); MUSTER_NATIVE_DIR keeps
// it somewhere other than out/native.
const { spawnSync } = require('node:child_process')
const { join } = require('node:path')
const { Arch } = require('electron-builder')

// electron-builder's architecture names, as Node (and so the prebuilt modules) name them.
const nodeArch = { ia32: 'ia32', x64: 'x64', armv7l: 'arm', arm64: 'arm64' }

exports.default = async function afterPack(context) {
  const root = join(__dirname, '..')
  const platform = context.electronPlatformName
  const arch = nodeArch[Arch[context.arch]]
  if (!arch) throw new Error(`Muster cannot package for ${Arch[context.arch]}: build one installer per architecture (x64, arm64, ia32 or armv7l)`)
  const resources = context.packager.getResourcesDir(context.appOutDir)
  const args = [require.resolve('tsx/cli'), join(root, 'scripts', 'electron-native.ts'), '--for-package', '--platform', platform, '--arch', arch, '--install-to', resources]
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`no Electron build of better-sqlite3 for ${platform}-${arch} (the line above says why)`)
}
