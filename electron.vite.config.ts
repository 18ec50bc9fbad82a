import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'
import { cssModules } from './scripts/css-modules'

// Our layout is src-main / src-renderer, so every entry is named (electron-vite only auto-finds src/).
// Output stays CommonJS (no "type": "module") so the sandboxed preload loads.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // typebox and any-ascii ship only as ES modules, so the CommonJS main must bundle them, never
      // require() them (typebox, a devDependency, is bundled anyway; this keeps it so should it ever
      // become a dependency).
      externalizeDeps: { exclude: ['typebox', 'any-ascii'] },
      rollupOptions: { input: { main: resolve(__dirname, 'src-main/electron/main.ts') }, external: ['better-sqlite3'] }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { preload: resolve(__dirname, 'src-main/electron/preload.ts') } }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react()],
    css: { modules: cssModules },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } }
    }
  }
})
